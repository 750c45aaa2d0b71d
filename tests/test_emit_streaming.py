"""laws.xml written as a stream and validated while read back; outputs produced and written one at a time."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, build_texts
from lxml import etree

from lawparse import emit, files, pipeline
from lawparse.emit import xml as xml_emit

FIXTURES = Path(__file__).parent / "fixtures"
MIXED = (
    "Artikel 25\n\nKop\n\nA.  Een\nZie artikel 25B.\n\nB.  Twee\nartikel 25A\n\n"
    'C.  Drie\nZie A tot en met C en artikel 99 <&> "x".\n'
)


def _corpora():
    yield "seed", pipeline.build(files.read_corpus(CORPUS))
    yield "bad input", pipeline.build(files.read_corpus(FIXTURES / "bad_input"))
    yield "references at the start, end and whole of a paragraph", build_texts(a=MIXED)
    yield "empty", build_texts()


@pytest.mark.parametrize(("name", "built"), list(_corpora()), ids=lambda v: v if isinstance(v, str) else "")
def test_streamed_xml_is_byte_identical_to_the_tree_dump(name, built):
    corpus, diag = built
    streamed = xml_emit.dump_bytes(corpus, diag.sorted())
    assert streamed == xml_emit.dumps(xml_emit.corpus_to_element(corpus, diag.sorted()))
    assert emit.validate_xml_bytes(streamed) == []


@pytest.fixture(scope="module")
def seed_xml() -> bytes:
    corpus, diag = pipeline.build(files.read_corpus(CORPUS))
    return xml_emit.dump_bytes(corpus, diag.sorted())


def test_streaming_validation_rejects_a_dangling_keyref(seed_xml):
    root = etree.fromstring(seed_xml)
    target = root.xpath("//ref/@target")[0]
    broken = seed_xml.replace(f'target="{target}"'.encode(), b'target="2017:25Z"', 1)
    assert broken != seed_xml
    errors = emit.validate_xml_bytes(broken)
    assert any("2017:25Z" in error and "referenceTarget" in error for error in errors)


def test_streaming_validation_rejects_a_cited_by_key_that_does_not_exist(seed_xml):
    key = etree.fromstring(seed_xml).xpath("//citedBy/by/@key")[0]
    broken = seed_xml.replace(f'<by key="{key}"/>'.encode(), b'<by key="1997:99"/>', 1)
    assert broken != seed_xml and emit.validate_xml_bytes(broken) != []


def test_streaming_validation_rejects_a_duplicate_key_far_apart(seed_xml):
    # the first article again at the end of the last edition: the key table must span the document
    start = seed_xml.index(b"<article ")
    end = seed_xml.index(b"</article>", start) + len(b"</article>")
    last_edition_end = seed_xml.rindex(b"</edition>")
    duplicated = seed_xml[:last_edition_end] + seed_xml[start:end] + seed_xml[last_edition_end:]
    errors = emit.validate_xml_bytes(duplicated)
    assert any("provisionKey" in error and "Duplicate" in error for error in errors)


def test_streaming_validation_reports_malformed_xml_and_schema_errors(seed_xml):
    assert emit.validate_xml_bytes(seed_xml[: len(seed_xml) // 2]) != []
    assert emit.validate_xml_bytes(seed_xml.replace(b"<article ", b"<chapter ", 1)) != []


def test_outputs_are_those_of_render_in_order():
    corpus, diag = pipeline.build(files.read_corpus(CORPUS))
    produced = list(emit.outputs(corpus, diag.sorted()))
    assert [name for name, _ in produced][:4] == ["laws.json", "laws.xml", "schema/laws.schema.json", "schema/laws.xsd"]
    assert dict(produced) == emit.render(corpus, diag.sorted())


def test_write_outputs_writes_nothing_when_the_producer_fails_midway(tmp_path):
    (tmp_path / "b.txt").write_bytes(b"old b\n")

    def produce():
        yield "a/new.txt", b"new a\n"
        yield "b.txt", b"new b\n"
        raise emit.OutputInvalid("c.txt", ["broken on purpose"])

    with pytest.raises(emit.OutputInvalid):
        files.write_outputs(tmp_path, produce())
    assert {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()} == {"b.txt"}
    assert (tmp_path / "b.txt").read_bytes() == b"old b\n"


def test_write_outputs_takes_pairs_one_at_a_time_and_reports_sorted_changes(tmp_path):
    (tmp_path / "same.txt").write_bytes(b"same\n")
    (tmp_path / "old.txt").write_bytes(b"old\n")
    pairs = iter([("old.txt", b"new\n"), ("same.txt", b"same\n"), ("d/n.txt", b"n\n")])
    assert files.write_outputs(tmp_path, pairs) == ["d/n.txt", "old.txt"]
    assert files.stale_outputs(tmp_path, iter([("old.txt", b"new\n"), ("x.txt", b"x\n")])) == ["x.txt"]
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["n.txt", "old.txt", "same.txt"]


def test_streaming_validation_accepts_a_text_longer_than_libxml2s_default_limit():
    # libxml2 refuses a text node over 10,000,000 bytes unless told to parse huge documents; a long
    # paragraph (a cp1252 file within --max-file-size can decode to three times its size) is valid laws.xml.
    corpus, diag = build_texts(a="Artikel 25\n\nKop\n\nA.  Een\nPLACEHOLDER\n")
    document = xml_emit.dump_bytes(corpus, diag.sorted())
    long = document.replace(b"PLACEHOLDER", b"woord " * 1_700_000, 1)
    assert long != document
    assert emit.validate_xml_bytes(long) == []
