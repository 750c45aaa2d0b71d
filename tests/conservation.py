"""The conservation invariant, as a reusable check: no input text is silently lost.

Every non-blank line of every input file, normalised as output text is
(:func:`lawparse.model.normalize_text`), must be found in the built ``laws.json``: in the text or
headings of a provision or footnote, in a removal record, in ``unplaced``, or in a diagnostic
message; or it must be a structural marker whose meaning the output carries in its structure: a
block heading or page title (recorded in ``files[]``), a footnote separator, or a bare label
(``1.``, ``C.``, ``(a)``). A file that could not be read as text must be named in a diagnostic.

A line whose label or marker (``C.``, ``1.``, ``(a)``, ``1)``, ``ARTIKEL 27``) was taken off counts
by its text; so does a line split in two (a heading run into its body), when both halves are found.

    from conservation import lost_lines
    assert lost_lines({"corpus/a.txt": data}, json.loads(outputs["laws.json"])) == []
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from lawparse.diagnostics import Diagnostics
from lawparse.model import MAX_FILE_BYTES, normalize_text
from lawparse.reading import decode_source

_ID = r"\d{1,6}(?:[A-Z](?:\d{1,2}(?:[a-z](?:-(?:[ivxl]+|\d{1,2}))?)?)?)?"
_BLOCK_HEADING = re.compile(rf"(?:Artikel|Sjabloon:[0-9A-Za-z_.-]+:) ?(?P<id>{_ID})")
_PAGE_TITLE = re.compile(r"ARTIKEL (?P<num>\d{1,6})")
_SEPARATOR = re.compile(r"-{3,}")
_LABEL = r"(?:[A-Z]\d{0,2}\.|\d{1,3}\.|\((?:[a-z]|[ivxl]{1,5}|\d{1,2})\)|\d{1,2}\)|ARTIKEL \d{1,6})"
_BARE_LABEL = re.compile(_LABEL)
_LEADING_LABEL = re.compile(rf"{_LABEL} ")


def _texts(data: Mapping[str, Any]) -> Iterator[str]:
    def provision(node: Mapping[str, Any]) -> Iterator[str]:
        if node["heading"] is not None:
            yield node["heading"]
        yield from node["intro"]
        yield from node["wrap_up"]
        for footnote in node["footnotes"]:
            yield footnote["text"]
        for child in node["children"]:
            yield from provision(child)

    for edition in data["editions"]:
        for article in edition["articles"]:
            yield from provision(article)
    for key in ("removals", "unplaced"):
        for record in data[key]:
            yield record["text"]
    for diagnostic in data["diagnostics"]:
        yield diagnostic["message"]


def _found(text: str, haystack: str) -> bool:
    if text in haystack:
        return True
    words = text.split(" ")
    return any(" ".join(words[:cut]) in haystack and " ".join(words[cut:]) in haystack for cut in range(1, len(words)))


def lost_lines(
    inputs: Mapping[str, bytes], data: Mapping[str, Any], *, max_file_bytes: int = MAX_FILE_BYTES
) -> list[str]:
    """Every input line (``FILE:LINE: text``) that the built ``data`` (a laws.json) does not account for.

    ``inputs`` maps each file's name as it appears in the output (``corpus/NAME.txt``) to its bytes.
    """
    haystack = "\n".join(_texts(data))
    named = {diagnostic["file"] for diagnostic in data["diagnostics"]}
    files = {entry["file"]: entry for entry in data["files"]}
    lost: list[str] = []
    for name, raw in inputs.items():
        source = decode_source(name, raw, Diagnostics(), max_bytes=max_file_bytes)
        if source is None:
            if name not in named:
                lost.append(f"{name}: not read as text, and no diagnostic names it")
            continue
        entry = files.get(name)
        if entry is None:
            lost.append(f"{name}: read as text, but missing from files[]")
            continue
        heading_lines = {block["line"] for block in entry["blocks"]}
        for number, line in enumerate(source.text.splitlines(), start=1):
            text = normalize_text(line)
            if not text or _accounted_for(text, number, entry, heading_lines, haystack):
                continue
            lost.append(f"{name}:{number}: {text}")
    return lost


def _accounted_for(text: str, number: int, entry: Mapping[str, Any], heading_lines: set[int], haystack: str) -> bool:
    if number in heading_lines and _BLOCK_HEADING.fullmatch(text):
        return True
    title = _PAGE_TITLE.fullmatch(text)
    if title and entry["page_title"] == title["num"]:
        return True
    if _SEPARATOR.fullmatch(text) or _BARE_LABEL.fullmatch(text):
        return True
    if _found(text, haystack):
        return True
    without_label = _LEADING_LABEL.sub("", text, count=1)
    return without_label != text and _found(without_label, haystack)
