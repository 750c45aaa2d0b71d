"""flag_foreign_characters: report letters that Dutch does not use, standing inside a word.

Dutch writes its letters with the acute (``óf``, ``één``), the grave (``à``), the diaeresis
(``bieën``, ``beëindigen``) and the circumflex (``enquête``), and ``ç``, ``ñ`` and ``ĳ`` in
loanwords. Any other mark (macron ``ē``, caron ``č``, ring ``å``, ...), a Latin letter outside that
alphabet (``ø``, ``ß``) or a Greek or Cyrillic look-alike (Cyrillic ``\\u0435``) inside a word is an
encoding slip of the source. Each is reported (LP211) with a suggested letter:

* a vowel with a foreign mark right after another vowel becomes that vowel with a diaeresis
  (``beēindigen`` -> ``beëindigen``): separating two vowels is the diaeresis' job in Dutch, so the
  fix is safe;
* a Greek or Cyrillic look-alike becomes its Latin letter (safe);
* any other marked letter becomes its bare letter, a guess (the fix is marked unsafe);
* a letter without a base (``ø``, ``ß``) gets no fix.

A separate pass on lines, after the removals and before the structure is built, so that every copy of
a provision is checked and no removed line is reported.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, diag = build_from_texts({"a.txt": "Artikel 72C\\n\\nC.  Kop\\nAls het nog niet beēindigd is, óf niet.\\n"})
>>> [(d.code, d.line, d.column, d.fix.edits[0].replacement, d.fix.safe) for d in diag.items]
[('LP211', 4, 20, 'ë', True)]
"""

from __future__ import annotations

import functools
import re
import unicodedata

from lawparse import model
from lawparse.diagnostics import Diagnostics, Fix, TextEdit
from lawparse.pipeline.line_removal import document_lines

_DUTCH_MARKS = frozenset("\u0301\u0300\u0308\u0302")  # acute, grave, diaeresis, circumflex
_LOANWORD_LETTERS = frozenset("çÇñÑĳĲ")
_DIAERESIS = "\u0308"
_VOWELS = frozenset("aeiouyAEIOUY")
# Cyrillic and Greek letters that look like Latin ones (written as escapes: they are invisible in source).
_LOOK_ALIKES = dict(
    zip(
        "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0410\u0412"
        "\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u03bf\u039f",
        "aeopcyxiABEKMHOPCTXoO",
        strict=True,
    )
)


def _clusters(raw: str) -> list[tuple[int, str]]:
    """(offset, letter with its combining marks) for every character of ``raw``."""
    clusters: list[tuple[int, str]] = []
    for offset, char in enumerate(raw):
        if unicodedata.combining(char) and clusters:
            start, cluster = clusters[-1]
            clusters[-1] = (start, cluster + char)
        else:
            clusters.append((offset, char))
    return clusters


def is_foreign(cluster: str) -> bool:
    """True when a letter (with its marks) is not a letter of Dutch text.

    >>> [is_foreign(c) for c in ("ë", "ó", "ê", "ç", "ē", "č", "ø", "\\u0435")]
    [False, False, False, False, True, True, True, True]
    """
    composed = unicodedata.normalize("NFC", cluster)
    if composed.isascii() or composed in _LOANWORD_LETTERS or not cluster[0].isalpha():
        return False
    decomposed = unicodedata.normalize("NFD", composed)
    base, marks = decomposed[0], decomposed[1:]
    if not base.isascii():
        return True
    return not marks or any(mark not in _DUTCH_MARKS for mark in marks)


def _suggestion(cluster: str, previous: str) -> tuple[str, bool] | None:
    """The letter that most likely belongs here, and whether replacing it is safe."""
    if cluster in _LOOK_ALIKES:
        return _LOOK_ALIKES[cluster], True
    base = unicodedata.normalize("NFD", cluster)[0]
    if not base.isascii():
        return None
    if base in _VOWELS and previous in _VOWELS:
        return unicodedata.normalize("NFC", base + _DIAERESIS), True
    return base, False


def _is_latin_letter(cluster: str) -> bool:
    return unicodedata.normalize("NFD", cluster)[:1].isascii() and cluster[:1].isalpha()


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


@functools.cache
def _harmless(char: str) -> bool:
    """A character that, standing alone, is no foreign letter and that takes no part in another's cluster."""
    return not unicodedata.combining(char) and not is_foreign(char)


def _may_hold_foreign(raw: str) -> bool:
    """False when no cluster of ``raw`` can be foreign: the common case, decided without building clusters.

    A foreign cluster holds a non-ASCII character; when every non-ASCII character of the line is a
    precomposed letter or symbol that is harmless alone and no combining mark is there, each of them
    is a cluster of its own, and a harmless one.
    """
    return not raw.isascii() and not all(_harmless(char) for char in set(_NON_ASCII.findall(raw)))


def _check(line: model.Line, diag: Diagnostics) -> None:
    raw, start = line.whole.raw, line.whole.source
    if not _may_hold_foreign(raw):
        return
    clusters = _clusters(raw)
    for index, (offset, cluster) in enumerate(clusters):
        if not is_foreign(cluster):
            continue
        neighbours = [clusters[i][1] for i in (index - 1, index + 1) if 0 <= i < len(clusters)]
        if not any(_is_latin_letter(n) for n in neighbours):
            continue  # a symbol or a word of another script, not a slip inside a Dutch word
        previous = unicodedata.normalize("NFD", clusters[index - 1][1])[0] if index else ""
        suggestion = _suggestion(cluster, previous)
        column = start.column + offset
        word_start = offset
        while word_start > 0 and raw[word_start - 1].isalpha():
            word_start -= 1
        word_end = offset + len(cluster)
        while word_end < len(raw) and (raw[word_end].isalpha() or unicodedata.combining(raw[word_end])):
            word_end += 1
        word = raw[word_start:word_end]
        name = unicodedata.name(unicodedata.normalize("NFC", cluster)[0], "unknown character")
        fix = None
        message = f"`{cluster}` ({name.lower()}) in `{word}` is not a letter of Dutch text"
        if suggestion is not None:
            letter, safe = suggestion
            message += f"; probably `{letter}`: `{word.replace(cluster, letter, 1)}`"
            fix = Fix(
                f"replace `{cluster}` with `{letter}`",
                (TextEdit(start.line, column, start.line, column + len(cluster), letter),),
                safe=safe,
            )
        diag.report("LP211", message, file=start.file, line=start.line, column=column, fix=fix)


def flag_foreign_characters(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    for document in corpus.documents:
        for line in document_lines(document):
            _check(line, diag)
    return corpus
