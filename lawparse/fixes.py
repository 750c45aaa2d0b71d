"""Applying fixes to a corpus file's bytes: a pure function, (bytes, fixes) -> bytes.

A :class:`~lawparse.diagnostics.TextEdit` is given in the coordinates diagnostics use: 1-based lines and
columns in characters of the *decoded* file (:mod:`lawparse.reading`: the BOM not counted, every line
break -- CRLF, CR or LF -- one line break). The edits are mapped back onto the original bytes and only
the edited spans change, so everything else stays byte for byte: the encoding (UTF-8, UTF-8 with a BOM,
Windows-1252), every line ending, and a missing final newline.

* A line break inside a replacement is written as the file's own line ending (its most common one).
* Deleting the last line whole (up to the start of the line after it) in a file that has no final
  newline also deletes the line break before it, so the file still ends without one.
* A fix is applied whole or not at all. Fixes are taken in the order given; one that overlaps a fix
  already taken, points outside the file or cannot be written in the file's encoding is skipped with the
  reason. The edits taken are applied bottom-up, so that no edit moves another.
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from lawparse.diagnostics import Fix, TextEdit
from lawparse.reading import decode_bytes

_LINE_BREAK = re.compile(rb"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class SkippedFix:
    fix: Fix
    reason: str


@dataclass(frozen=True, slots=True)
class FixResult:
    data: bytes
    changed: bool
    applied: tuple[Fix, ...] = ()
    skipped: tuple[SkippedFix, ...] = ()


def detect_encoding(data: bytes) -> str:
    """The encoding :mod:`lawparse.reading` reads a file in: ``utf-8-sig``, ``utf-8`` or ``cp1252``."""
    return decode_bytes(data)[1]


def _utf8_widths(raw: bytes) -> list[int]:
    """The byte length of each character of a line as :mod:`lawparse.reading` decodes UTF-8.

    Valid sequences are one character each; a stray byte (not UTF-8) is one character of one byte.
    """
    widths: list[int] = []
    start = 0
    while start < len(raw):
        try:
            widths.extend(len(char.encode("utf-8")) for char in raw[start:].decode("utf-8"))
            break
        except UnicodeDecodeError as error:
            valid = raw[start : start + error.start].decode("utf-8")
            widths.extend(len(char.encode("utf-8")) for char in valid)
            widths.extend([1] * (error.end - error.start))
            start += error.end
    return widths


class _EditError(ValueError):
    """An edit that cannot be applied to this file."""


class _ByteMap:
    """Character positions (line, column) of a decoded file mapped onto offsets in its bytes."""

    def __init__(self, data: bytes, encoding: str) -> None:
        self.data = data
        self.encoding = encoding
        self.body_start = len(codecs.BOM_UTF8) if encoding == "utf-8-sig" else 0
        self.char_codec = "cp1252" if encoding == "cp1252" else "utf-8"
        # (start, end before the line break) of every line, in bytes.
        self.lines: list[tuple[int, int]] = []
        start = self.body_start
        for match in _LINE_BREAK.finditer(data, self.body_start):
            self.lines.append((start, match.start()))
            start = match.end()
        if start < len(data) or not self.lines:
            self.lines.append((start, len(data)))
        breaks = Counter(match.group() for match in _LINE_BREAK.finditer(data, self.body_start))
        self.newline = max(breaks, key=lambda b: (breaks[b], -data.find(b))) if breaks else b"\n"

    @property
    def ends_with_line_break(self) -> bool:
        return len(self.data) > self.body_start and self.data[-1:] in (b"\n", b"\r")

    def offset(self, line: int, column: int) -> int:
        if line == len(self.lines) + 1 and column == 1:
            # The decoded text always ends with a line break, so the line after the last one begins at
            # the end of the file.
            return len(self.data)
        if not 1 <= line <= len(self.lines) or column < 1:
            raise _EditError(f"position {line}:{column} is outside the file")
        start, text_end = self.lines[line - 1]
        if self.char_codec == "cp1252":
            # One byte, one character.
            if column > text_end - start + 1:
                raise _EditError(f"column {column} is past the end of line {line}")
            return start + column - 1
        widths = _utf8_widths(self.data[start:text_end])
        if column > len(widths) + 1:
            raise _EditError(f"column {column} is past the end of line {line}")
        return start + sum(widths[: column - 1])

    def encode_replacement(self, text: str) -> bytes:
        try:
            encoded = text.encode(self.char_codec)
        except UnicodeEncodeError as error:
            raise _EditError(f"{text[error.start : error.end]!r} cannot be written in {self.encoding}") from None
        return encoded.replace(b"\n", self.newline)


@dataclass(frozen=True, slots=True)
class _Span:
    start: int
    end: int
    replacement: bytes


def _spans(fix: Fix, byte_map: _ByteMap) -> list[_Span]:
    spans = []
    for edit in fix.edits:
        start = byte_map.offset(edit.line, edit.column)
        end = byte_map.offset(edit.end_line, edit.end_column)
        if end < start:
            raise _EditError(f"edit ends ({edit.end_line}:{edit.end_column}) before it starts")
        replacement = byte_map.encode_replacement(edit.replacement)
        if _deletes_unterminated_last_line(edit, end, byte_map):
            start = byte_map.lines[edit.line - 2][1]
        spans.append(_Span(start, end, replacement))
    return sorted(spans, key=lambda s: (s.start, s.end))


def _deletes_unterminated_last_line(edit: TextEdit, end: int, byte_map: _ByteMap) -> bool:
    return (
        not edit.replacement
        and edit.column == 1
        and 1 < edit.line < edit.end_line == len(byte_map.lines) + 1
        and edit.end_column == 1
        and end == len(byte_map.data)
        and not byte_map.ends_with_line_break
    )


def _conflict(span: _Span, other: _Span) -> bool:
    if span == other:
        return False
    if span.start < other.end and other.start < span.end:
        return True
    # Two different insertions at one place: which comes first would be a guess.
    return span.start == span.end == other.start == other.end


def apply_fixes(data: bytes, fixes: Sequence[Fix]) -> FixResult:
    """Apply ``fixes`` to a file's bytes; see the module docstring for what is kept and what is skipped.

    >>> from lawparse.diagnostics import Fix, TextEdit
    >>> drop_line_2 = Fix("remove line 2", (TextEdit(2, 1, 3, 1, ""),))
    >>> apply_fixes(b"keep\\r\\nleaked\\r\\nkeep too", [drop_line_2]).data
    b'keep\\r\\nkeep too'
    """
    byte_map = _ByteMap(data, detect_encoding(data))
    taken: list[_Span] = []
    applied: list[Fix] = []
    skipped: list[SkippedFix] = []
    for fix in fixes:
        try:
            spans = _spans(fix, byte_map)
        except _EditError as error:
            skipped.append(SkippedFix(fix, str(error)))
            continue
        new = [span for span in dict.fromkeys(spans) if span not in taken]
        if any(_conflict(span, other) for span in new for other in [*taken, *new]):
            skipped.append(SkippedFix(fix, "it overlaps another fix; run --fix again to apply it"))
            continue
        taken.extend(new)
        applied.append(fix)
    result = bytearray(data)
    for span in sorted(taken, key=lambda s: (s.start, s.end), reverse=True):
        result[span.start : span.end] = span.replacement
    return FixResult(bytes(result), bytes(result) != data, tuple(applied), tuple(skipped))


__all__ = ["FixResult", "SkippedFix", "apply_fixes", "detect_encoding"]
