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

import jsonschema
from lxml import etree

from lawparse import model
from lawparse.diagnostics import Diagnostic
from lawparse.emit import html as html_emit
from lawparse.emit import json as json_emit
from lawparse.emit import xml as xml_emit

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
def _json_validator() -> jsonschema.protocols.Validator:
    schema = stdlib_json.loads(schema_bytes(JSON_SCHEMA))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


@cache
def _xml_schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.fromstring(schema_bytes(XML_SCHEMA)))


def validate_json(data: Any) -> list[str]:
    """Schema errors of a laws.json document (empty when it is valid)."""
    return [
        f"{'/'.join(str(p) for p in error.absolute_path) or '(root)'}: {error.message}"
        for error in _json_validator().iter_errors(data)
    ]


def validate_xml(root: etree._Element) -> list[str]:
    """Schema errors of a laws.xml document (empty when it is valid)."""
    schema = _xml_schema()
    if schema.validate(root):
        return []
    return [f"line {error.line}: {error.message}" for error in schema.error_log]


def render(corpus: model.Corpus, diagnostics: list[Diagnostic]) -> dict[str, bytes]:
    """Every output file, validated, keyed by its path inside the output folder."""
    data = json_emit.corpus_to_data(corpus, diagnostics)
    if errors := validate_json(data):
        raise OutputInvalid("laws.json", errors)
    root = xml_emit.corpus_to_element(corpus, diagnostics)
    if errors := validate_xml(root):
        raise OutputInvalid("laws.xml", errors)
    return {
        "laws.json": json_emit.dumps(data).encode("utf-8"),
        "laws.xml": xml_emit.dumps(root),
        f"schema/{JSON_SCHEMA}": schema_bytes(JSON_SCHEMA),
        f"schema/{XML_SCHEMA}": schema_bytes(XML_SCHEMA),
        **html_emit.edition_pages(corpus),
    }
