"""laws.json is written by orjson; its bytes must be those of the reference layout (json.dumps)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from test_bad_input import make_corpus

from lawparse import emit, files, pipeline
from lawparse.emit.json import dump_bytes, dumps

JSON_TEXT = st.text(st.characters(exclude_categories=["Cs"]))  # lone surrogates are not in decoded text
SAFE_FLOATS = st.just(0.0) | st.floats(min_value=1e-4, max_value=1e15) | st.floats(min_value=-1e15, max_value=-1e-4)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | SAFE_FLOATS | JSON_TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(JSON_TEXT, children, max_size=4),
    max_leaves=20,
)


def test_seed_and_bad_corpus_output_bytes_are_the_reference_layout(seed, tmp_path):
    make_corpus(tmp_path / "corpus")
    for corpus, diag in (seed, pipeline.build(files.read_corpus(tmp_path / "corpus"))):
        data = json.loads(emit.render(corpus, diag.sorted())["laws.json"])
        assert dump_bytes(data) == dumps(data).encode("utf-8")


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.dictionaries(JSON_TEXT, JSON_VALUES, max_size=5))
def test_any_json_document_gets_the_reference_bytes(data):
    assert dump_bytes(data) == dumps(data).encode("utf-8")


def test_rounded_similarities_keep_the_reference_bytes():
    data = {"similarity": [round(n / 9999, 4) for n in range(10000)]}
    assert dump_bytes(data) == dumps(data).encode("utf-8")
