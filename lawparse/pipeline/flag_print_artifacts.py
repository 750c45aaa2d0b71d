"""flag_print_artifacts: report what a printed page left in the text: page numbers and hyphenated words.

Pages taken from a printed edition carry two defects that no label shows (CORPUS.md lists them as the
corpus's future):

* **page number** (LP217): a paragraph that is only a number (``12``, ``- 13 -``, ``blz. 14``);
* **print hyphenation** (LP218): a paragraph that ends in a word broken by a hyphen (``Zie arti-``)
  followed, in the same provision, by a paragraph that starts in lower case (``kel 54 ...``). The two
  halves stay two paragraphs, and no reference is read across the break (``artikel 54`` is lost).

Nothing is changed: a number alone may, rarely, be text, and a line-final hyphen may be a compound's
(``voor-`` / ``en achterhand``), so each finding is a warning whose fix (delete the line, join the two
lines) is unsafe. A separate pass over the merged editions, so that each provision is judged once.

>>> from lawparse.pipeline import build_from_texts
>>> text = "Artikel 41A\\n\\nA.  Kop\\nZie arti-\\nkel 54.\\n12\\n"
>>> corpus, diag = build_from_texts({"a.txt": text})
>>> [(d.code, d.line, d.column) for d in diag.items]
[('LP218', 4, 9), ('LP217', 6, 1)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from lawparse import model
from lawparse.diagnostics import Diagnostics, Fix, TextEdit

_PAGE_NUMBER = re.compile(
    r"[-\u2013\u2014]?\s*(?:(?:blz|pag|p)\.?\s*|pagina\s+)?\d{1,4}\s*[-\u2013\u2014]?", re.IGNORECASE
)
_BROKEN_WORD = re.compile(r"(\w*[^\W\d_])-$")
_CONTINUED_WORD = re.compile(r"[^\W\d_]\w*")


def _runs(provision: model.Provision) -> Iterator[Sequence[model.Paragraph]]:
    """The paragraph lists of one provision in which consecutive paragraphs are consecutive lines of text."""
    yield provision.intro
    yield provision.wrap_up
    for footnote in provision.footnotes:
        yield footnote.paragraphs


def _page_number(key: str, paragraph: model.Paragraph, diag: Diagnostics) -> None:
    line = paragraph.source.line
    diag.report_at(
        "LP217",
        f"`{paragraph.text}` in {key} is only a number: a page number of the printed edition, kept as text",
        paragraph.source,
        Fix(f"delete line {line} (page number)", (TextEdit(line, 1, line + 1, 1, ""),), safe=False),
    )


def _hyphenation(key: str, first: model.Paragraph, second: model.Paragraph, diag: Diagnostics) -> None:
    broken = _BROKEN_WORD.search(first.text)
    continued = _CONTINUED_WORD.match(second.text)
    if broken is None or continued is None or not second.text[0].islower():
        return
    head, tail = broken.group(1), continued.group(0)
    hyphen = first.source_at(len(first.text) - 1)
    fix = None
    if second.source.line == hyphen.line + 1:
        fix = Fix(
            f"join `{head}-` and `{tail}` into `{head}{tail}`",
            (TextEdit(hyphen.line, hyphen.column, second.source.line, second.source.column, ""),),
            safe=False,
        )
    diag.report_at(
        "LP218",
        f"`{head}-` ends a line of {key} and `{tail}` starts the next: one word broken by print hyphenation "
        f"(`{head}{tail}`)? Kept as two paragraphs; no reference is read across the break",
        hyphen,
        fix,
    )


def flag_print_artifacts(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    for edition in corpus.editions:
        for provision in edition.walk():
            key = model.key_of(edition.name, provision.id)
            for run in _runs(provision):
                for index, paragraph in enumerate(run):
                    if _PAGE_NUMBER.fullmatch(paragraph.text):
                        _page_number(key, paragraph, diag)
                    elif index + 1 < len(run):
                        _hyphenation(key, paragraph, run[index + 1], diag)
    return corpus
