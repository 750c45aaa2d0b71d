"""The LP4xx cases of tests/test_diff.py, in this registry."""

from diff_fixtures import NEW_23, NEW_72C, OLD_23

from diagnostic_cases import Case

_SAME_NUMBER_SIMILAR = {"old": "Sjabloon:1997:72C\n\n" + NEW_72C.split("\n", 2)[2], "a": NEW_72C}
CASES = {
    "LP401": [
        Case("renumbered provision paired by content", {"old": OLD_23, "a": NEW_72C, "b": NEW_23}, True),
        Case("same number, similar text", _SAME_NUMBER_SIMILAR, False),
    ],
    "LP402": [
        Case("dissimilar same number, no better partner", {"old": OLD_23, "b": NEW_23}, True),
        Case("renumbered provision paired by content", {"old": OLD_23, "a": NEW_72C, "b": NEW_23}, False),
    ],
}
