"""flag_suspicious_provisions: report provisions whose text shows a scraping defect.

Nothing is changed; each finding is a warning for an editor:

* **truncated item** (LP210): an item's (or sub-item's) first text is only a reference
  (``artikel 19D).``: everything before a link was lost), or a fragment of at most
  ``FRAGMENT_MAX_WORDS`` words that closes a parenthesis it never opened;
* **lead-in as heading** (LP212): a heading that ends with a colon introduces text, it names nothing
  (``B. Het bieden eindigd wanneer:``);
* **duplicate heading** (LP213): two sections of one law with the same heading (compared without
  regard to case);
* **empty provision** (LP214): no text and no parts, at most a heading.

A separate pass over the merged editions, so that each provision is judged once, on the copy kept.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, diag = build_from_texts({"a.txt": "Artikel 22A\\n\\nA.  Kop\\nHet bieden eindigt:\\n1. artikel 19D).\\n"})
>>> [(d.code, d.line, d.column) for d in diag.items]
[('LP210', 5, 4)]
"""

from __future__ import annotations

import re

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.model import Kind

FRAGMENT_MAX_WORDS = 3
_LISTED = (Kind.ITEM, Kind.SUBITEM, Kind.SUBSUBITEM)
_REFERENCE = re.compile(
    r"\b(?:zie\s+)?(?:de\s+)?artikel(?:en)?\s+\d{1,3}(?:[A-Z](?:\d{1,2}(?:[a-z](?:-(?:[ivxl]+|\d{1,2}))?)?)?)?",
    re.IGNORECASE,
)
_ARTIKEL = re.compile("artikel", re.IGNORECASE)  # what every _REFERENCE match holds, cased as it is
_WORD_CHARACTER = re.compile(r"\w")


def truncation(text: str) -> str | None:
    """Why ``text`` looks like the tail of a lost sentence, or None.

    >>> truncation("artikel 19D)."), truncation("artikel 16C is van toepassing."), truncation("bieding).")
    ('it is only a reference', None, 'it is a fragment that closes a parenthesis it never opened')
    """
    # _REFERENCE.sub scans slowly (an optional lead at every position): only texts naming an `artikel` need it.
    bare = _REFERENCE.sub("", text) if _ARTIKEL.search(text) else text
    if not _WORD_CHARACTER.search(bare):
        return "it is only a reference"
    if ")" not in text or len(text.split()) > FRAGMENT_MAX_WORDS:
        return None  # the common case, without the walk below
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return "it is a fragment that closes a parenthesis it never opened"
    return None


def _report(code: str, paragraph_or_source: model.Paragraph | model.Source, message: str, diag: Diagnostics) -> None:
    source = paragraph_or_source.source if isinstance(paragraph_or_source, model.Paragraph) else paragraph_or_source
    diag.report_at(code, message, source)


def _check(edition: str, provision: model.Provision, diag: Diagnostics) -> None:
    key = model.key_of(edition, provision.id)
    first = provision.heading or (provision.intro[0] if provision.intro else None)
    if provision.kind in _LISTED and first is not None:
        reason = truncation(first.text)
        if reason is not None:
            _report("LP210", first, f"{key} `{first.text}` looks truncated: {reason}", diag)
    if provision.heading is not None and provision.heading.text.endswith(":"):
        _report(
            "LP212",
            provision.heading,
            f"the heading of {key}, `{provision.heading.text}`, ends with a colon: a lead-in, not a heading",
            diag,
        )
    if not (provision.intro or provision.children or provision.wrap_up or provision.footnotes):
        _report("LP214", provision.sources[0], f"{key} is empty: it has no text and no parts", diag)


def _duplicate_headings(edition: str, article: model.Provision, diag: Diagnostics) -> None:
    seen: dict[str, model.Provision] = {}
    for section in article.children:
        if section.kind is not Kind.SECTION or section.heading is None:
            continue
        name = section.heading.text.casefold()
        if name in seen:
            _report(
                "LP213",
                section.heading,
                f"{model.key_of(edition, section.id)} has the heading of {model.key_of(edition, seen[name].id)}: "
                f"`{section.heading.text}`",
                diag,
            )
        else:
            seen[name] = section


def flag_suspicious_provisions(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    for edition in corpus.editions:
        for article in edition.articles:
            _duplicate_headings(edition.name, article, diag)
            for provision in article.walk():
                _check(edition.name, provision, diag)
    return corpus
