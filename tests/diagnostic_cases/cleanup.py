"""The LP2xx cases kept in tests/test_cleanup.py, in this registry."""

from test_cleanup import CASES as CLEANUP_CASES

from diagnostic_cases import Case

CASES = {
    code: [
        Case(f"{polarity} case {number} of test_cleanup", texts, reported=polarity == "positive")
        for polarity in ("positive", "negative")
        for number, texts in enumerate(table[polarity])
    ]
    for code, table in CLEANUP_CASES.items()
}
