"""The conservation checker itself: it passes on the seed corpus and catches text that goes missing."""

from __future__ import annotations

import copy
import json

from conftest import CORPUS
from conservation import lost_lines

from lawparse import emit, files, pipeline


def _build(inputs: dict[str, bytes]) -> dict:
    corpus, diag = pipeline.build(inputs.items())
    return json.loads(emit.render(corpus, diag.sorted())["laws.json"])


def _seed_inputs() -> dict[str, bytes]:
    return dict(files.read_corpus(CORPUS))


def test_seed_corpus_loses_no_line():
    inputs = _seed_inputs()
    assert lost_lines(inputs, _build(inputs)) == []


def test_a_paragraph_dropped_from_the_output_is_reported():
    inputs = _seed_inputs()
    data = copy.deepcopy(_build(inputs))
    section = next(a for a in data["editions"][0]["articles"] if a["num"] == "30")["children"][0]
    dropped = section["intro"].pop()
    lost = lost_lines(inputs, data)
    assert lost == [f"corpus/000_4740adbf41d0cfa4.txt:6: {dropped}"]


def test_a_heading_dropped_from_the_output_is_reported_without_its_label():
    inputs = {"corpus/a.txt": b"Artikel 30C\n\nC.  Als de pas kunstmatig is\nTekst.\n"}
    data = copy.deepcopy(_build(inputs))
    data["editions"][0]["articles"][0]["children"][0]["heading"] = None
    assert lost_lines(inputs, data) == ["corpus/a.txt:3: C. Als de pas kunstmatig is"]


def test_an_unreadable_file_must_be_named_in_a_diagnostic():
    inputs = {"corpus/binary.txt": bytes(range(256)) * 4}
    data = _build(inputs)
    assert lost_lines(inputs, data) == []
    data["diagnostics"] = []
    assert lost_lines(inputs, data) == ["corpus/binary.txt: not read as text, and no diagnostic names it"]


def test_structural_markers_need_no_text_in_the_output():
    inputs = {"corpus/a.txt": b"ARTIKEL 31\n\nSjabloon:1997:25B\n\nB. Kop\n\n1.\n\n(a)\n\nTekst.\n\n---\n\n"}
    assert lost_lines(inputs, _build(inputs)) == []
