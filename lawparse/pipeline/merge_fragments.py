"""merge_fragments: put the fragments of each edition together into its laws.

Each block gave a tree from its law down to the provision it holds; here the trees of one edition
are merged by id into one tree per law. A separate pass because merging is where copies of the same
provision meet: a node found in several blocks lists all their sources, and its text is taken from
the first copy that has any (in file order, then block order). Text of a later copy that differs is
recorded as a removal (reason `differing copy of KEY`), so that no copy's text is lost unseen.
Children are ordered by their numbering (A < B, 1 < 2 < 10, i < ii < iv), laws by number, editions newest first.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, _ = build_from_texts({"a.txt": "Artikel 30C\\n\\nC.  Kop\\n", "b.txt": "Artikel 30A\\n\\nA.  Kop\\n"})
>>> [p.id for p in corpus.editions[0].walk()]
['30', '30A', '30C']
"""

from __future__ import annotations

import dataclasses

from lawparse import model
from lawparse.diagnostics import Diagnostics


def _differing(kept: model.Provision, other: model.Provision, edition: str, where: str) -> list[model.Removal]:
    """Removal records for the text of ``other`` that merging it into ``kept`` leaves out."""
    kept_texts = {p.text for p in kept.paragraphs()} | {p.text for f in kept.footnotes for p in f.paragraphs}
    markers = {footnote.marker for footnote in kept.footnotes}
    left_out = [
        *(p for p in (other.heading,) if p is not None and kept.heading is not None),
        *(other.intro if kept.intro else ()),
        *(other.wrap_up if kept.wrap_up else ()),
        *(p for f in other.footnotes if f.marker in markers for p in f.paragraphs),
    ]
    reason = f"differing copy of {model.key_of(edition, kept.id)}; the first copy's text is kept"
    return [
        model.Removal(p.text, p.source.file, p.source.line, reason, f"kept: {where}")
        for p in left_out
        if p.text not in kept_texts
    ]


def _merge(
    first: model.Provision, second: model.Provision, edition: str, dropped: list[model.Removal]
) -> model.Provision:
    children = {child.id: child for child in first.children}
    for child in second.children:
        children[child.id] = _merge(children[child.id], child, edition, dropped) if child.id in children else child
    markers = {footnote.marker for footnote in first.footnotes}
    where = f"{first.sources[0].file}:{first.sources[0].line}" if first.sources else "an earlier copy"
    dropped.extend(_differing(first, second, edition, where))
    return dataclasses.replace(
        first,
        heading=first.heading or second.heading,
        intro=first.intro or second.intro,
        wrap_up=first.wrap_up or second.wrap_up,
        children=tuple(sorted(children.values(), key=lambda p: model.numbering_key(p.kind, p.num))),
        footnotes=first.footnotes + tuple(f for f in second.footnotes if f.marker not in markers),
        sources=first.sources + tuple(s for s in second.sources if s not in first.sources),
    )


def _edition_order(name: str) -> tuple[int, str]:
    return (-int(name), name) if name.isdigit() else (0, name)


def merge_fragments(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    laws: dict[str, dict[str, model.Provision]] = {}
    dropped: list[model.Removal] = []
    for fragment in corpus.fragments:
        edition = laws.setdefault(fragment.edition, {})
        law = fragment.article.id
        if law in edition:
            edition[law] = _merge(edition[law], fragment.article, fragment.edition, dropped)
        else:
            edition[law] = fragment.article
    editions = tuple(
        model.Edition(name, tuple(sorted(articles.values(), key=lambda a: int(a.num))))
        for name, articles in sorted(laws.items(), key=lambda item: _edition_order(item[0]))
    )
    return dataclasses.replace(corpus, editions=editions, removals=corpus.removals + tuple(dropped))
