"""The emitted files: conservation, schemas, determinism, round trips, and golden output per seed file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import CORPUS
from conservation import lost_lines
from lxml import etree

from lawparse import emit, pipeline
from lawparse.emit import json as json_emit
from lawparse.emit import xml as xml_emit
from lawparse.files import display_name

GOLDEN = Path(__file__).parent / "golden"
SEED_FILES = sorted(p.name for p in CORPUS.glob("*.txt"))
UPDATE = os.environ.get("LAWPARSE_UPDATE_GOLDEN") == "1"


def build_files(*names: str) -> dict[str, bytes]:
    files = [(display_name(CORPUS, CORPUS / name), (CORPUS / name).read_bytes()) for name in names]
    corpus, diag = pipeline.build(files)
    return emit.render(corpus, diag.sorted())


@pytest.fixture(scope="module")
def seed_outputs() -> dict[str, bytes]:
    return build_files(*SEED_FILES)


@pytest.mark.parametrize("name", SEED_FILES)
def test_no_line_of_a_seed_file_is_lost(name, seed_outputs):
    inputs = {display_name(CORPUS, CORPUS / name): (CORPUS / name).read_bytes()}
    assert lost_lines(inputs, json.loads(seed_outputs["laws.json"])) == []


def test_both_outputs_validate_against_the_shipped_schemas(seed_outputs):
    assert emit.validate_json(json.loads(seed_outputs["laws.json"])) == []
    assert emit.validate_xml(etree.fromstring(seed_outputs["laws.xml"])) == []
    assert seed_outputs["schema/laws.schema.json"] == emit.schema_bytes("laws.schema.json")
    assert seed_outputs["schema/laws.xsd"] == emit.schema_bytes("laws.xsd")


def test_the_schemas_reject_what_they_should():
    data = json.loads(build_files(SEED_FILES[0])["laws.json"])
    data["editions"][0]["articles"][0]["kind"] = "chapter"
    assert emit.validate_json(data)
    root = etree.fromstring(build_files(SEED_FILES[0])["laws.xml"])
    duplicate = root.find("edition/article")
    duplicate.getparent().append(etree.fromstring(etree.tostring(duplicate)))
    assert any("provisionKey" in error or "Duplicate" in error for error in emit.validate_xml(root))


def test_two_builds_give_identical_bytes(seed_outputs):
    assert build_files(*SEED_FILES) == seed_outputs


def test_output_bytes_are_utf8_lf_with_a_final_newline(seed_outputs):
    for name in ("laws.json", "laws.xml"):
        content = seed_outputs[name]
        assert content.endswith(b"\n") and b"\r" not in content
        content.decode("utf-8")


def _provisions(corpus):
    return {
        f"{edition.name}:{p.id}": (
            p.kind,
            p.heading.text if p.heading else None,
            [x.text for x in p.intro],
            [x.text for x in p.wrap_up],
            [(f.marker, f.text) for f in p.footnotes],
            [c.id for c in p.children],
            p.sources,
        )
        for edition in corpus.editions
        for p in edition.walk()
    }


def test_json_and_xml_read_back_to_the_same_provisions(seed, seed_outputs):
    corpus, _ = seed
    from_json = json_emit.corpus_from_data(json.loads(seed_outputs["laws.json"]))
    from_xml = xml_emit.corpus_from_element(etree.fromstring(seed_outputs["laws.xml"]))
    assert _provisions(from_json) == _provisions(from_xml) == _provisions(corpus)
    assert len(_provisions(corpus)) > 40


def test_diagnostics_read_back_the_same(seed_outputs):
    from_json = json_emit.diagnostics_from_data(json.loads(seed_outputs["laws.json"]))
    from_xml = xml_emit.diagnostics_from_element(etree.fromstring(seed_outputs["laws.xml"]))
    assert [(d.code, d.file, d.line, d.message) for d in from_json] == [
        (d.code, d.file, d.line, d.message) for d in from_xml
    ]


def _canonical_xml(content: bytes) -> bytes:
    parser = etree.XMLParser(remove_blank_text=True)
    return etree.tostring(etree.fromstring(content, parser), method="c14n2")


@pytest.mark.parametrize("name", SEED_FILES)
def test_golden_output_per_seed_file(name):
    """Golden files are regenerated with `LAWPARSE_UPDATE_GOLDEN=1 pytest tests/test_outputs.py`."""
    outputs = build_files(name)
    stem = Path(name).stem
    json_file, xml_file = GOLDEN / f"{stem}.json", GOLDEN / f"{stem}.xml"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        json_file.write_bytes(outputs["laws.json"])
        xml_file.write_bytes(outputs["laws.xml"])
    assert json.loads(outputs["laws.json"]) == json.loads(json_file.read_bytes())
    assert _canonical_xml(outputs["laws.xml"]) == _canonical_xml(xml_file.read_bytes())
