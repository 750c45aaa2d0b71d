"""The conservation invariant: no input text is lost.

Every non-blank line of an input file, once its structural marker is taken off, is found in the
output's text (heading and paragraphs of one provision, read in order), in a footnote, in a removal
record, in ``unplaced``, or in a diagnostic message. The markers are recognised here with plain
regular expressions, independently of the grammar, so that a line the grammar mishandles is caught.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from lawparse.model import normalize_text

_STRUCTURAL = re.compile(r"(?:Artikel|ARTIKEL)\s+\d{1,3}[A-Za-z0-9-]*|Sjabloon:\S+|-{3,}")
_MARKER = re.compile(
    r"(?:ARTIKEL\s+\d{1,3}|[A-Z]\d{0,2}\.|\d{1,3}\.|\((?:[a-z]|[ivxl]{1,5}|\d{1,2})\)|\d{1,2}\))(?:\s+|$)"
)


def _node_segments(node: dict[str, Any]) -> Iterable[str]:
    yield " ".join([node["heading"] or "", *node["intro"], *node["wrap_up"]])
    for footnote in node["footnotes"]:
        yield footnote["text"]
    for child in node["children"]:
        yield from _node_segments(child)


def output_segments(data: dict[str, Any]) -> list[str]:
    """The places of a laws.json where input text may end up."""
    segments: list[str] = []
    for edition in data["editions"]:
        for article in edition["articles"]:
            segments.extend(_node_segments(article))
    segments.extend(r["text"] for r in data["removals"])
    segments.extend(u["text"] for u in data["unplaced"])
    segments.extend(d["message"] for d in data["diagnostics"])
    return segments


def content_of(line: str) -> str:
    """A line's text without its structural marker; empty for blank and purely structural lines."""
    text = normalize_text(line)
    if not text or _STRUCTURAL.fullmatch(text):
        return ""
    return normalize_text(_MARKER.sub("", text, count=1)) if _MARKER.match(text) else text


def lost_lines(text: str, data: dict[str, Any]) -> list[tuple[int, str]]:
    """(line number, content) of every line of ``text`` found nowhere in the built ``data``."""
    segments = output_segments(data)
    lost = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = content_of(line)
        if content and not any(content in segment for segment in segments):
            lost.append((number, content))
    return lost
