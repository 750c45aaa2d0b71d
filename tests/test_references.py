"""References in the seed corpus, in the built corpus, and in the emitted laws.json and laws.xml."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import CORPUS, build_texts, codes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from lawparse import emit, model
from lawparse.cli import main
from lawparse.diagnostics import Diagnostics
from lawparse.emit import json as json_emit
from lawparse.emit import xml as xml_emit
from lawparse.pipeline.resolve_references import resolve_references

RESOLVED, OUTSIDE = "resolved", "outside-corpus"

SEED_EXPECTED = [
    ("2017:25A3", "A1 hierboven", "2017:25A1", RESOLVED),
    ("2017:25B1", "volgens A", "2017:25A", RESOLVED),
    ("2017:25B2", "in B1", "2017:25B1", RESOLVED),
    ("2017:16C3", "C2 hierboven", "2017:16C2", RESOLVED),
    ("2017:25B3", "artikel 16C", "2017:16C", RESOLVED),
    ("2017:22B", "artikel 25", "2017:25", RESOLVED),
    ("1997:25B", "lid A", "1997:25A", OUTSIDE),
    ("1997:25B2c", "(b)(1)", "1997:25B2b-1", RESOLVED),
    ("1997:25B2c", "(b)(2) hierboven", "1997:25B2b-2", RESOLVED),
]


def _found(corpus):
    return {(r.from_key, r.text, r.target, r.status.value) for r in corpus.references}


@pytest.mark.parametrize("expected", SEED_EXPECTED, ids=[f"{e[0]} {e[1]}" for e in SEED_EXPECTED])
def test_seed_reference(seed, expected):
    corpus, _ = seed
    assert expected in _found(corpus)


def test_seed_23c_has_exactly_five_references_outside_the_corpus(seed):
    corpus, _ = seed
    in_23c = [(r.target, r.status.value) for r in corpus.references if r.from_key == "2017:23C"]
    assert in_23c == [(f"2017:{i}", OUTSIDE) for i in ("27B1b", "30B1b-i", "31A2a", "32A2a", "12C1b")]


def test_seed_1997_reference_never_resolves_into_2017(seed):
    corpus, _ = seed
    from_1997 = [r for r in corpus.references if r.from_key.startswith("1997:")]
    assert from_1997 and all(r.target.startswith("1997:") for r in from_1997)


def _emitted_text(corpus: model.Corpus, reference: model.Reference) -> str:
    edition, provision_id = reference.from_key.split(":")
    provision = corpus.edition(edition).find(provision_id)
    if reference.field == "heading":
        return provision.heading.text
    if reference.field == "footnotes":
        return provision.footnotes[reference.paragraph].text
    return getattr(provision, reference.field)[reference.paragraph].text


def test_every_seed_reference_stands_in_provision_text(seed):
    corpus, _ = seed
    assert corpus.references
    removed = {(r.file, r.line) for r in corpus.removals}
    for reference in corpus.references:
        assert _emitted_text(corpus, reference)[reference.start : reference.end] == reference.text
        assert (reference.source.file, reference.source.line) not in removed


def test_seed_positions_point_at_the_reference_in_the_file(seed):
    corpus, _ = seed
    for reference in corpus.references:
        lines = (CORPUS / reference.source.file.removeprefix("corpus/")).read_text("utf-8").split("\n")
        line = lines[reference.source.line - 1]
        written = line[reference.source.column - 1 :]
        assert model.normalize_text(written).startswith(reference.text), reference


def test_seed_has_no_broken_or_ambiguous_reference(seed):
    corpus, diag = seed
    assert {r.status.value for r in corpus.references} == {RESOLVED, OUTSIDE}
    assert not {"LP301", "LP302"} & set(codes(diag))


def test_resolve_references_is_idempotent(seed):
    corpus, _ = seed
    again = resolve_references(corpus, Diagnostics())
    assert again.references == corpus.references


def test_references_are_resolved_within_their_own_edition():
    corpus, _ = build_texts(
        a="Sjabloon:1997:25B\n\nB. Kop\nZie artikel 16C.\n",
        b="Artikel 16C\n\nC.  Kop\nTekst.\n",
    )
    (reference,) = corpus.references
    assert (reference.target, reference.status) == ("1997:16C", model.ReferenceStatus.OUTSIDE_CORPUS)


def test_broken_reference_is_an_error_at_its_place_in_the_file():
    text = "Artikel 25\n\nHet wijzigen\n\nA.  Kop\nZoals in artikel\u00a025C staat.\n"
    corpus, diag = build_texts(a=text)
    (reference,) = corpus.references
    assert (reference.target, reference.status) == ("2017:25C", model.ReferenceStatus.BROKEN)
    (broken,) = [d for d in diag.items if d.code == "LP301"]
    assert (broken.file, broken.line, broken.column, broken.severity.value) == ("corpus/a.txt", 6, 10, "error")
    assert diag.has_errors


def test_stray_parenthesis_fix_deletes_the_extra_parenthesis():
    text = "Artikel 23C\n\nC.\u00a0 Kop\nEen score toekennen (zie artikel\u00a012C1b)).\n"
    _, diag = build_texts(a=text)
    (stray,) = [d for d in diag.items if d.code == "LP303"]
    (edit,) = stray.fix.edits
    assert not stray.fix.safe
    line = text.split("\n")[edit.line - 1]
    assert line[: edit.column - 1] + line[edit.end_column - 1 :] == "Een score toekennen (zie artikel\u00a012C1b)."


def test_ambiguous_reference_is_a_warning_with_its_candidates():
    text = (
        "Sjabloon:1997:25B\n\nB. Kop\n\n2. Item\n\nTekst.\n\n(a) Een\n\nTekst.\n\n(1) Eerste\n\nTekst.\n\n"
        "(b) Twee\n\nTekst.\n\n(1) Eerste\n\nTekst.\n\n(c) Drie\n\nZie (1) hierboven.\n"
    )
    corpus, diag = build_texts(a=text)
    (reference,) = corpus.references
    assert (reference.target, reference.members) == (None, ("1997:25B2a-1", "1997:25B2b-1"))
    assert [d.severity.value for d in diag.items if d.code == "LP302"] == ["warning"]


def test_footnote_references_have_the_footnote_position(seed):
    corpus, _ = seed
    (in_footnote,) = [r for r in corpus.references if r.field == "footnotes"]
    assert (in_footnote.from_key, in_footnote.target, in_footnote.source.line) == ("1997:25B1", "1997:27", 42)


# ---------------------------------------------------------------------------------------------------
# laws.json and laws.xml


def _nodes(articles):
    for node in articles:
        yield node
        yield from _nodes(node["children"])


def test_json_references_and_cited_by(seed):
    corpus, diag = seed
    data = json_emit.corpus_to_data(corpus, diag.sorted())
    assert emit.validate_json(data) == []
    nodes = {n["key"]: n for e in data["editions"] for n in _nodes(e["articles"])}
    assert "2017:25A3" in nodes["2017:25A1"]["cited_by"]
    assert nodes["1997:25B2b-1"]["cited_by"] == ["1997:25B2c"]
    assert nodes["2017:23C"]["cited_by"] == []
    first = data["references"][0]
    assert set(first) == {"from", "text", "target", "through", "status", "field", "paragraph", "start", "end",
                          "file", "line", "column", "members"}  # fmt: skip


def test_json_references_round_trip(seed):
    corpus, diag = seed
    data = json_emit.corpus_to_data(corpus, diag.sorted())
    assert json_emit.corpus_from_data(data).references == corpus.references


def test_xml_marks_references_inline_and_round_trips(seed):
    corpus, diag = seed
    root = etree.fromstring(xml_emit.dumps(xml_emit.corpus_to_element(corpus, diag.sorted())))
    assert emit.validate_xml(root) == []
    (item,) = root.xpath("//item[@key='2017:25A3']")
    (ref,) = item.xpath("intro/p/ref[@target='2017:25A1']")
    assert (ref.text, ref.get("status")) == ("A1 hierboven", RESOLVED)
    assert root.xpath("//ref[@absentTarget='2017:12C1b']/text()") == ["artikel 12C1b"]
    back = xml_emit.corpus_from_element(root)
    assert back.references == corpus.references
    for edition in corpus.editions:
        for provision in edition.walk():
            copy = back.edition(edition.name).find(provision.id)
            assert [p.text for p in copy.paragraphs()] == [p.text for p in provision.paragraphs()]
            assert [f.text for f in copy.footnotes] == [f.text for f in provision.footnotes]


def test_xml_keyref_rejects_a_target_that_does_not_exist(seed):
    corpus, diag = seed
    root = xml_emit.corpus_to_element(corpus, diag.sorted())
    ref = root.xpath("//ref[@target]")[0]
    ref.set("target", "2017:25Z")
    assert any("referenceTarget" in error or "keyref" in error.lower() for error in emit.validate_xml(root))
    del ref.attrib["target"]
    ref.set("absentTarget", "2017:25Z")
    assert emit.validate_xml(root) == []


def test_xml_keyref_rejects_a_cited_by_that_does_not_exist(seed):
    corpus, diag = seed
    root = xml_emit.corpus_to_element(corpus, diag.sorted())
    root.xpath("//citedBy/by")[0].set("key", "1997:99")
    assert emit.validate_xml(root) != []


def test_range_members_are_emitted_and_cited():
    text = "Artikel 25\n\nKop\n\nA.  Een\nTekst.\n\nB.  Twee\nZie A tot en met C.\n"
    corpus, _ = build_texts(a=text)
    (reference,) = corpus.references
    assert (reference.target, reference.through, reference.status) == (
        "2017:25A",
        "2017:25C",
        model.ReferenceStatus.BROKEN,
    )
    root = xml_emit.corpus_to_element(corpus, [])
    assert emit.validate_xml(root) == []
    assert root.xpath("//references/reference/member/@target") == ["2017:25A", "2017:25B"]
    assert root.xpath("//references/reference/member/@absentTarget") == ["2017:25C"]
    assert root.xpath("//ref/@absentThrough") == ["2017:25C"]
    nodes = {n["key"]: n for n in _nodes(json_emit.corpus_to_data(corpus, [])["editions"][0]["articles"])}
    assert nodes["2017:25A"]["cited_by"] == nodes["2017:25B"]["cited_by"] == ["2017:25B"]


def test_build_summary_counts_references(tmp_path):
    result = CliRunner().invoke(main, ["build", str(CORPUS), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "references (" in result.stderr and "outside the corpus" in result.stderr


_LINES = st.sampled_from(
    ["Artikel 25", "Artikel 25B", "Sjabloon:1997:25B2", "A.  Kop", "1. tekst in B1", "2. zie (1) hierboven", "(a) Kop",
     "(b) zie (a) tot en met (c) hierboven", "(1) tekst", "   zie artikel 25C1b))", "artikelen 1 tot en met 999",
     "lid A", "(x) hieronder", "B3 t/m B1", "", "ARTIKEL 27 Kop", "---", "1) artikel 26", "zie (ii) hierboven"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINES, max_size=12))
def test_any_text_builds_a_valid_reference_graph(lines):
    corpus, diag = build_texts(a="\n".join(lines))
    emit.render(corpus, diag.sorted())  # raises OutputInvalid when a keyref or the JSON schema fails
    for reference in corpus.references:
        assert _emitted_text(corpus, reference)[reference.start : reference.end] == reference.text
