"""The LP3xx cases of tests/fixtures/references.txt, in this registry.

A case with a code among its expectations is a positive case of that code; the first few cases
expecting no code at all are its negative cases.
"""

from functools import cache

from test_reference_fixtures import CASES as REFERENCE_CASES
from test_reference_fixtures import CASES_FILE, CORPUS_FILE, _with_text

from diagnostic_cases import Case
from lawparse import model, pipeline
from lawparse.diagnostics import RULES, Diagnostic, Diagnostics
from lawparse.pipeline.resolve_references import resolve_references

NEGATIVES_PER_CODE = 3


@cache
def _fixture_corpus() -> model.Corpus:
    corpus, _ = pipeline.build_from_texts({"corpus/references_corpus.txt": CORPUS_FILE.read_text("utf-8")})
    return corpus


def _runner(reference_case):
    def run(_case: Case) -> list[Diagnostic]:
        source = model.Source(CASES_FILE.name, reference_case.line + 3)
        corpus = _with_text(_fixture_corpus(), reference_case.key, reference_case.text, source)
        diag = Diagnostics()
        resolve_references(corpus, diag)
        return diag.sorted()

    return run


def _case(reference_case, reported: bool) -> Case:
    title = f"references.txt line {reference_case.line}: {reference_case.title}"
    return Case(title, {}, reported=reported, run=_runner(reference_case))


_CLEAN = [c for c in REFERENCE_CASES if not c.codes][:NEGATIVES_PER_CODE]
CASES = {
    code: [_case(c, True) for c in REFERENCE_CASES if code in c.codes] + [_case(c, False) for c in _CLEAN]
    for code in sorted(RULES)
    if code.startswith("LP3")
}
