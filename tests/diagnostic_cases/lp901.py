"""Invalid output is a lawparse defect: provoked here by handing the emitter a malformed diagnostic."""

from diagnostic_cases import Case, build
from lawparse import emit, pipeline
from lawparse.diagnostics import Diagnostic, Severity


def _render(case: Case, extra: list[Diagnostic]) -> list[Diagnostic]:
    corpus, diag = pipeline.build(
        ((f"corpus/{name}.txt", text.encode()) for name, text in case.files.items() if isinstance(text, str)),
    )
    try:
        emit.render(corpus, diag.sorted() + extra)
    except emit.OutputInvalid as error:
        return [*build(case).sorted(), Diagnostic("LP901", Severity.ERROR, str(error), "output/laws.json", 1)]
    return build(case).sorted()


def _malformed_code(case: Case) -> list[Diagnostic]:
    return _render(case, [Diagnostic("XX1", Severity.ERROR, "not a code", "corpus/a.txt", 1)])


def _well_formed(case: Case) -> list[Diagnostic]:
    return _render(case, [Diagnostic("LP003", Severity.WARNING, "the file is empty", "corpus/a.txt", 1)])


CASES = {
    "LP901": [
        Case("a diagnostic code the schema refuses", {"a": "Artikel 30C\nC. Kop\n"}, True, 1, run=_malformed_code),
        Case("a well-formed diagnostic", {"a": "Artikel 30C\nC. Kop\n"}, False, run=_well_formed),
    ],
}
