"""The grammar accepts every text, so a failure can only be provoked by breaking the parser."""

from unittest import mock

from diagnostic_cases import Case, build, negative
from lawparse import grammar


def _with_whole_file_parse_failing(case: Case):
    real = grammar._parse_with_context

    def fail_on_whole_files(context):
        if context.text.count("\n") > 1:
            raise grammar.lark.exceptions.UnexpectedCharacters(context.text, 0, 2, 1)
        return real(context)

    with mock.patch.object(grammar, "_parse_with_context", fail_on_whole_files):
        return build(case).sorted()


CASES = {
    "LP005": [
        Case(
            "the whole-file parse fails; the file is read line by line",
            {"a": "Artikel 30C\nC. Als de pas kunstmatig is\n"},
            reported=True,
            line=2,
            run=_with_whole_file_parse_failing,
        ),
        negative("the same file with the grammar intact", a="Artikel 30C\nC. Als de pas kunstmatig is\n"),
    ],
}
