"""The compiled JSON Schema validator (jsonschema-rs) judges laws.json as the reference one does."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from lawparse import emit


@pytest.fixture(scope="module")
def reference():
    schema = json.loads(emit.schema_bytes(emit.JSON_SCHEMA))
    return jsonschema.validators.validator_for(schema)(schema)


@pytest.fixture(scope="module")
def seed_data(seed):
    corpus, diag = seed
    return json.loads(emit.render(corpus, diag.sorted())["laws.json"])


def _break_kind(data):
    data["editions"][0]["articles"][0]["kind"] = "chapter"


def _break_extra_field(data):
    data["files"][0]["size"] = 1


def _break_missing_sources(data):
    data["editions"][0]["articles"][0]["sources"] = []


def _break_code(data):
    data["diagnostics"][0]["code"] = "X1"


def _break_type(data):
    data["removals"].append({"text": 1, "file": "f", "line": 1, "reason": "r", "evidence": "e"})


def test_seed_output_is_valid_for_both(reference, seed_data):
    assert emit.validate_json(seed_data) == []
    assert list(reference.iter_errors(seed_data)) == []


BREAKINGS = [_break_kind, _break_extra_field, _break_missing_sources, _break_code, _break_type]


@pytest.mark.parametrize("breaking", BREAKINGS)
def test_broken_documents_are_rejected_by_both(reference, seed_data, breaking):
    data = copy.deepcopy(seed_data)
    breaking(data)
    assert emit.validate_json(data) != []
    assert list(reference.iter_errors(data)) != []
