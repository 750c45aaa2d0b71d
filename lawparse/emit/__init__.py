"""Emitters: the built corpus as files, each validated against the schema shipped beside it.

:func:`render` returns every output file as bytes, keyed by its path inside the output folder; it
raises :class:`OutputInvalid` when an output does not validate, so that invalid output is never
written.
"""

from __future__ import annotations

import json as stdlib_json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema_rs
from lxml import etree

from lawparse import model
from lawparse.diagnostics import Diagnostic
from lawparse.emit import html as html_emit
from lawparse.emit import json as json_emit
from lawparse.emit import xml as xml_emit
from lawparse.timing import Stages, timed

JSON_SCHEMA = "laws.schema.json"
XML_SCHEMA = "laws.xsd"


class OutputInvalid(Exception):
    """An emitted file failed its schema: a defect of lawparse, never of the corpus."""

    def __init__(self, file: str, errors: list[str]) -> None:
        super().__init__(f"{file} does not validate: {'; '.join(errors[:5])}")
        self.file = file
        self.errors = errors


def schema_bytes(name: str) -> bytes:
    return resources.files(__package__).joinpath("schemas", name).read_bytes()


@cache
def _json_validator() -> Any:
    # jsonschema-rs (compiled) rather than the pure-Python jsonschema: on a 5 MB corpus the latter
    # took longer than the whole rest of the build. tests/test_emit_validators.py checks that both
    # judge the same documents alike. Building the validator also checks the schema itself.
    return jsonschema_rs.validator_for(stdlib_json.loads(schema_bytes(JSON_SCHEMA)))


@cache
def _xml_schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.fromstring(schema_bytes(XML_SCHEMA)))


def validate_json(data: Any) -> list[str]:
    """Schema errors of a laws.json document (empty when it is valid)."""
    return [
        f"{'/'.join(str(p) for p in error.instance_path) or '(root)'}: {error.message}"
        for error in _json_validator().iter_errors(data)
    ]


def validate_xml(root: etree._Element) -> list[str]:
    """Schema errors of a laws.xml document (empty when it is valid)."""
    schema = _xml_schema()
    if schema.validate(root):
        return []
    return [f"line {error.line}: {error.message}" for error in schema.error_log]


def render(corpus: model.Corpus, diagnostics: list[Diagnostic], stages: Stages | None = None) -> dict[str, bytes]:
    """Every output file, validated, keyed by its path inside the output folder.

    ``stages``, when given, receives the seconds spent in each step (see :mod:`lawparse.timing`).
    """
    # Each document is serialised as soon as it validates, so that the JSON data and the XML tree
    # are never in memory at the same time.
    with timed(stages, "emit json"):
        data = json_emit.corpus_to_data(corpus, diagnostics)
    with timed(stages, "validate json"):
        errors = validate_json(data)
    if errors:
        raise OutputInvalid("laws.json", errors)
    with timed(stages, "serialise json"):
        laws_json = json_emit.dump_bytes(data)
    del data
    with timed(stages, "emit xml"):
        root = xml_emit.corpus_to_element(corpus, diagnostics)
    with timed(stages, "validate xml"):
        errors = validate_xml(root)
    if errors:
        raise OutputInvalid("laws.xml", errors)
    with timed(stages, "serialise xml"):
        laws_xml = xml_emit.dumps(root)
    return {
        "laws.json": laws_json,
        "laws.xml": laws_xml,
        f"schema/{JSON_SCHEMA}": schema_bytes(JSON_SCHEMA),
        f"schema/{XML_SCHEMA}": schema_bytes(XML_SCHEMA),
        **html_emit.edition_pages(corpus),
    }
