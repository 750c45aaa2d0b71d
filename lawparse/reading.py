"""Bytes to text: the first stage of the pipeline.

The text handed on keeps the original file's lines and columns, so every position reported later
refers to the file as received:

* a UTF-8 byte order mark is dropped (columns do not count it, as editors do not show it);
* CRLF and lone CR become LF, one line break for one line break, so line numbers stay;
* a file that is not valid UTF-8 is read as Windows-1252 (one byte, one character, so columns stay)
  with a warning; a UTF-8 file with a few bytes that are not UTF-8 stays UTF-8, and only those bytes
  are read as Windows-1252 characters (also with a warning); binary content is skipped with an error;
  an empty file gets a warning;
* lines ending in white space get one warning per file (LP008, not for a file that is all white space:
  that is LP003), with a safe fix: this is the only stage that sees the text before the grammar drops
  the white space.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from lawparse.diagnostics import Diagnostics, Fix, TextEdit

_BOM = codecs.BOM_UTF8
# Share of control characters above which a file is taken for binary content.
_BINARY_CONTROL_SHARE = 0.10
# Control characters that are not white space (tab, line feed, vertical tab, form feed, carriage return).
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f]")
# Characters XML 1.0 cannot carry. Both outputs must carry the same text, so they are replaced here,
# once, and reported: white-space controls by a space, the others by U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass(frozen=True, slots=True)
class SourceText:
    """A decoded corpus file. ``text`` has LF line breaks and always ends with one."""

    file: str
    text: str
    encoding: str
    line_count: int


def _cp1252_with_latin1_gaps(error: UnicodeError) -> tuple[str, int]:
    # Five bytes are undefined in Windows-1252; read them as their Latin-1 control characters
    # rather than fail, so that no byte is dropped.
    assert isinstance(error, UnicodeDecodeError)
    return error.object[error.start : error.end].decode("latin-1"), error.end


def _invalid_utf8_as_cp1252(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeDecodeError)
    return error.object[error.start : error.end].decode("cp1252", errors="lawparse-latin1-gaps"), error.end


codecs.register_error("lawparse-latin1-gaps", _cp1252_with_latin1_gaps)
codecs.register_error("lawparse-cp1252-bytes", _invalid_utf8_as_cp1252)


def _position_of_byte(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters, as decoded so far) of a byte offset."""
    before = data[:offset]
    line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
    line = before.count(b"\n") + before.replace(b"\r\n", b"\n").count(b"\r") + 1
    column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return line, column


def _looks_binary(text: str) -> bool:
    if "\x00" in text:
        return True
    return len(_CONTROL.findall(text)) > _BINARY_CONTROL_SHARE * len(text)


def _replace_non_xml(file: str, text: str, diag: Diagnostics) -> str:
    first = _NOT_XML.search(text)
    if first is None:
        return text
    count = len(_NOT_XML.findall(text))
    line = text.count("\n", 0, first.start()) + 1
    column = first.start() - (text.rfind("\n", 0, first.start()) + 1) + 1
    diag.report(
        "LP007",
        f"{count} control character(s) that XML cannot carry, the first U+{ord(first.group()):04X}; "
        "replaced (form feed and vertical tab by a space, the others by U+FFFD)",
        file=file,
        line=line,
        column=column,
    )
    return _NOT_XML.sub(lambda m: " " if m.group() in "\x0b\x0c" else "\ufffd", text)


def _report_trailing_whitespace(file: str, text: str, diag: Diagnostics) -> None:
    """One LP008 per file, with a safe fix holding one edit per line that ends in white space."""
    edits = []
    for number, line in enumerate(text.split("\n"), start=1):
        kept = len(line.rstrip())
        if kept < len(line):
            edits.append(TextEdit(number, kept + 1, number, len(line) + 1, ""))
    if not edits:
        return
    numbers = ", ".join(str(edit.line) for edit in edits[:5]) + (", ..." if len(edits) > 5 else "")
    lines = "1 line" if len(edits) == 1 else f"{len(edits)} lines"
    diag.report(
        "LP008",
        f"{lines} ending in white space ({'line' if len(edits) == 1 else 'lines'} {numbers})",
        file=file,
        line=edits[0].line,
        column=edits[0].column,
        fix=Fix(f"drop the white space at the end of {lines}", tuple(edits)),
    )


def decode_bytes(data: bytes) -> tuple[str, str]:
    """The text of a file and the encoding it was read in: ``utf-8``, ``utf-8-sig`` or ``cp1252``.

    A file that is not valid UTF-8 is read as Windows-1252 when that gives the same text as reading
    only its stray bytes so; otherwise (valid UTF-8 sequences around a few stray bytes) the stray
    bytes alone are read as Windows-1252 characters and the file counts as ``utf-8``. Either way one
    stray byte is one character. Line breaks are left as they are.
    """
    if data.startswith(_BOM):
        return data[len(_BOM) :].decode("utf-8", errors="lawparse-cp1252-bytes"), "utf-8-sig"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="lawparse-cp1252-bytes")
        if text == data.decode("cp1252", errors="lawparse-latin1-gaps"):
            return text, "cp1252"
        return text, "utf-8"


def _report_stray_bytes(file: str, body: bytes, text: str, encoding: str, diag: Diagnostics) -> None:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as error:
        if _looks_binary(text):
            return
        line, column = _position_of_byte(body, error.start)
        read_as = (
            "the file was read as Windows-1252"
            if encoding == "cp1252"
            # Valid UTF-8 sequences too: a UTF-8 file with a few stray bytes, which alone are read
            # as Windows-1252, so that its other accents and NBSPs stay what they are.
            else "it and any other such byte were read as Windows-1252 characters, the rest as UTF-8"
        )
        message = f"byte 0x{body[error.start]:02X} is not UTF-8; {read_as}"
        diag.report("LP002", message, file=file, line=line, column=column)


def decode_source(file: str, data: bytes, diag: Diagnostics, *, max_bytes: int) -> SourceText | None:
    """Decode one file's bytes; None when the file cannot be read as text (with an error reported)."""
    if len(data) > max_bytes:
        diag.report(
            "LP004",
            f"file is {len(data):,} bytes, over the limit of {max_bytes:,}; it was not read",
            file=file,
            line=1,
        )
        return None
    text, encoding = decode_bytes(data)
    _report_stray_bytes(file, data[len(_BOM) :] if encoding == "utf-8-sig" else data, text, encoding, diag)
    if _looks_binary(text):
        diag.report("LP001", "the file holds binary content, not text; it was skipped", file=file, line=1)
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _replace_non_xml(file, text, diag)
    if not text.strip():
        diag.report("LP003", "the file is empty", file=file, line=1)
    else:
        _report_trailing_whitespace(file, text, diag)
    if not text.endswith("\n"):
        text += "\n"
    return SourceText(file, text, encoding, text.count("\n"))
