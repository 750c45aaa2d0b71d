"""Emitters: the built corpus as files, each validated against the schema shipped beside it.

:func:`outputs` yields every output file as bytes, one at a time, with its path inside the output
folder (:func:`render` collects them in a dict); it raises :class:`OutputInvalid` when an output
does not validate, so that invalid output is never written.
"""

from __future__ import annotations

import io
import json as stdlib_json
from collections.abc import Iterator
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


# The children of laws.xml's sections (`files`, `edition`, ...): once one is read and validated, it
# is dropped, so that checking the file never holds its whole tree.
_XML_SECTION_CHILDREN = ("file", "article", "reference", "removal", "diff", "entry", "diagnostic")


def validate_xml_bytes(document: bytes) -> list[str]:
    """Schema errors of laws.xml's bytes (empty when they are valid), checked while they are read.

    libxml2 validates the parser's events as they come, identity constraints (the XSD's keys and
    keyrefs) included: it keeps the key values, not the elements, so the elements read can go.
    ``huge_tree``: the document is our own, and a paragraph may be longer than libxml2's default limit
    of 10 MB for one text node.
    """
    parser = etree.iterparse(
        io.BytesIO(document),
        events=("end",),
        tag=_XML_SECTION_CHILDREN,
        schema=_xml_schema(),
        remove_blank_text=False,
        huge_tree=True,
    )
    try:
        for _, element in parser:
            element.clear()
            while element.getprevious() is not None:
                del element.getparent()[0]
    except etree.XMLSyntaxError as error:
        return [f"line {entry.line}: {entry.message}" for entry in parser.error_log] or [str(error)]
    return []


def outputs(
    corpus: model.Corpus, diagnostics: list[Diagnostic], stages: Stages | None = None
) -> Iterator[tuple[str, bytes]]:
    """Every output file, validated, as (path inside the output folder, bytes), one at a time.

    Each is produced only when the one before has been taken, so a caller that writes each away and
    drops it never holds laws.json and laws.xml together; raises :class:`OutputInvalid` (possibly
    after earlier outputs were yielded) when one does not validate. ``stages``, when given, receives
    the seconds spent in each step (see :mod:`lawparse.timing`).
    """
    with timed(stages, "emit json"):
        data = json_emit.corpus_to_data(corpus, diagnostics)
    with timed(stages, "validate json"):
        errors = validate_json(data)
    if errors:
        raise OutputInvalid("laws.json", errors)
    with timed(stages, "serialise json"):
        document = json_emit.dump_bytes(data)
    del data
    yield "laws.json", document
    del document  # the caller has written it away
    with timed(stages, "emit xml"):
        document = xml_emit.dump_bytes(corpus, diagnostics)
    with timed(stages, "validate xml"):
        errors = validate_xml_bytes(document)
    if errors:
        raise OutputInvalid("laws.xml", errors)
    yield "laws.xml", document
    del document
    yield f"schema/{JSON_SCHEMA}", schema_bytes(JSON_SCHEMA)
    yield f"schema/{XML_SCHEMA}", schema_bytes(XML_SCHEMA)
    with timed(stages, "emit html"):
        pages = html_emit.edition_pages(corpus)
    yield from pages.items()


def render(corpus: model.Corpus, diagnostics: list[Diagnostic], stages: Stages | None = None) -> dict[str, bytes]:
    """Every output file, validated, keyed by its path inside the output folder (see :func:`outputs`)."""
    return dict(outputs(corpus, diagnostics, stages))
