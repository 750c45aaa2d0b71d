"""The reference forms of tests/fixtures/references.txt, each resolved where it stands.

Each case puts its text into one provision of the fixture corpus (tests/fixtures/references_corpus.txt)
and runs the resolve_references pass over it; a failing case is named by its fixture line.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from lawparse import model, pipeline
from lawparse.diagnostics import RULES, Diagnostics
from lawparse.pipeline.resolve_references import resolve_references

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CASES_FILE = FIXTURES / "references.txt"
CORPUS_FILE = FIXTURES / "references_corpus.txt"

_EXPECTED = re.compile(
    r"(?P<text>.+?) -> (?P<target>\S+)(?: \.\. (?P<through>\S+))? (?P<status>\S+)(?: \[(?P<members>[^\]]*)\])?"
)


@dataclass(frozen=True)
class Case:
    line: int
    title: str
    key: str
    text: str
    expected: tuple[tuple[str, str | None, str | None, str, tuple[str, ...]], ...]
    codes: tuple[str, ...]


def _expected(line: str) -> tuple[str, str | None, str | None, str, tuple[str, ...]]:
    match = _EXPECTED.fullmatch(line)
    assert match is not None, f"unreadable expectation: {line!r}"
    target = None if match["target"] == "-" else match["target"]
    members = tuple(match["members"].split()) if match["members"] else ()
    return match["text"], target, match["through"], match["status"], members


def read_cases(path: Path) -> list[Case]:
    """Title / `.` / key and text / `.` / expectations / `.` blocks, keeping the title's line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    cases: list[Case] = []
    index = 0
    while index < len(lines):
        if not lines[index].strip() or lines[index].startswith("#"):
            index += 1
            continue
        title_line = index
        assert lines[index + 1] == ".", f"{path.name}:{index + 2}: expected `.` after the title"
        end_input = lines.index(".", index + 2)
        end_expected = lines.index(".", end_input + 1)
        key, *text = lines[index + 2 : end_input]
        expectations = lines[end_input + 1 : end_expected]
        codes = tuple(code for e in expectations if e.startswith("! ") for code in e[2:].split())
        references = [e for e in expectations if not e.startswith("! ")]
        expected = () if references == ["(none)"] else tuple(_expected(e) for e in references)
        cases.append(Case(title_line + 1, lines[title_line], key, "\n".join(text), expected, codes))
        index = end_expected + 1
    return cases


CASES = read_cases(CASES_FILE)


@pytest.fixture(scope="module")
def fixture_corpus() -> model.Corpus:
    corpus, diag = pipeline.build_from_texts({"corpus/references_corpus.txt": CORPUS_FILE.read_text("utf-8")})
    assert corpus.references == ()  # the cases' text is the only text with references
    assert not [d for d in diag.items if d.code.startswith("LP3")]
    return corpus


def _with_text(corpus: model.Corpus, key: str, raw: str, source: model.Source) -> model.Corpus:
    """The corpus with ``raw`` as the whole intro of the provision ``key``."""
    edition_name, provision_id = key.split(":")
    found = []

    def put_text(provision: model.Provision) -> model.Provision:
        if provision.id != provision_id:
            return provision
        found.append(provision)
        return dataclasses.replace(provision, intro=(model.Paragraph.from_raw(raw, source),))

    editions = tuple(
        dataclasses.replace(e, articles=tuple(model.rewrite(a, put_text) for a in e.articles))
        if e.name == edition_name
        else e
        for e in corpus.editions
    )
    assert found, f"{key} is not in the fixture corpus"
    return dataclasses.replace(corpus, editions=editions)


def test_enough_cases():
    assert len(CASES) >= 40
    assert {status for case in CASES for *_, status, _ in case.expected} == {s.value for s in model.ReferenceStatus}


@pytest.mark.parametrize("case", CASES, ids=[f"line {c.line}: {c.title}" for c in CASES])
def test_reference_form(case: Case, fixture_corpus: model.Corpus):
    corpus = _with_text(fixture_corpus, case.key, case.text, model.Source(CASES_FILE.name, case.line + 3))
    diag = Diagnostics()
    references = resolve_references(corpus, diag).references
    found = tuple((r.text, r.target, r.through, r.status.value, r.members) for r in references)
    assert found == case.expected
    for reference in references:
        assert reference.from_key == case.key
        assert (
            corpus.edition(case.key.split(":")[0])
            .find(case.key.split(":")[1])
            .intro[0]
            .text[reference.start : reference.end]
            == reference.text
        )
    assert sorted(d.code for d in diag.items) == sorted(case.codes)


def test_every_reference_code_has_fixture_cases():
    """Each LP3xx code is expected by some case; the cases without it are its negative examples."""
    expected = {code for case in CASES for code in case.codes}
    assert {code for code in RULES if code.startswith("LP3")} <= expected
