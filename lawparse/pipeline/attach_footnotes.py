"""attach_footnotes: give each footnote body to the provision whose text holds its marker.

The wiki writes footnote markers as superscripts in the text (``¹⁾``) and the bodies below a
``---`` line (``1) text``). Markers stay in the text where they stand; the body becomes a footnote
of the first provision of the block, in document order, whose heading or text holds the marker. A
separate pass because it needs the finished tree of the block. A body without a marker, or a marker
without a body, is reported (LP106); such a body goes to the provision the block holds.

>>> from lawparse.pipeline import build_from_texts
>>> text = "Sjabloon:1997:25B\\n\\nB. Kop\\n1. Item\\n\\nTekst ¹⁾.\\n\\n---\\n\\n1) Voetnoot.\\n"
>>> corpus, _ = build_from_texts({"a.txt": text})
>>> [(p.id, p.footnotes[0].text) for p in corpus.editions[0].walk() if p.footnotes]
[('25B1', 'Voetnoot.')]
"""

from __future__ import annotations

import dataclasses
import re

from lawparse import model
from lawparse.diagnostics import Diagnostics

_SUPERSCRIPT_DIGITS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_MARKER = re.compile(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)⁾")


def superscript_marker(marker: str) -> str:
    """``1`` -> ``¹⁾``."""
    return marker.translate(_SUPERSCRIPT_DIGITS) + "⁾"


def _holder(article: model.Provision, marker: str) -> str | None:
    wanted = superscript_marker(marker)
    for provision in article.walk():
        if any(wanted in paragraph.text for paragraph in provision.paragraphs()):
            return provision.id
    return None


def _attach(fragment: model.Fragment, diag: Diagnostics) -> model.Fragment:
    by_holder: dict[str, list[model.Footnote]] = {}
    for footnote in fragment.footnotes:
        holder = _holder(fragment.article, footnote.marker)
        if holder is None:
            source = footnote.paragraphs[0].source
            diag.report_at(
                "LP106",
                f"footnote {footnote.marker}) has no marker {superscript_marker(footnote.marker)} in its "
                f"block; it is attached to {fragment.target}",
                source,
            )
            holder = fragment.target
        by_holder.setdefault(holder, []).append(footnote)

    have_bodies = {footnote.marker for footnote in fragment.footnotes}
    for provision in fragment.article.walk():
        for paragraph in provision.paragraphs():
            if "⁾" not in paragraph.text:  # most paragraphs: skip the regex
                continue
            for match in _MARKER.finditer(paragraph.text):
                marker = match.group(1).translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789"))
                if marker not in have_bodies:
                    source = paragraph.source_at(match.start())
                    diag.report_at(
                        "LP106",
                        f"footnote marker {match.group(0)} has no footnote body in its block",
                        source,
                    )

    if not by_holder:  # no footnote bodies: the tree stays as it is
        return fragment

    def give(provision: model.Provision) -> model.Provision:
        footnotes = by_holder.get(provision.id)
        if not footnotes:
            return provision
        return dataclasses.replace(provision, footnotes=(*provision.footnotes, *footnotes))

    return dataclasses.replace(fragment, article=model.rewrite(fragment.article, give), footnotes=())


def attach_footnotes(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    return dataclasses.replace(corpus, fragments=tuple(_attach(f, diag) for f in corpus.fragments))
