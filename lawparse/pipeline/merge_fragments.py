"""merge_fragments: put the fragments of each edition together into its laws.

Each block gave a tree from its law down to the provision it holds; here the trees of one edition
are merged by id into one tree per law. A separate pass because merging is where copies of the same
provision meet: a node found in several blocks lists all their sources, and its text is taken from
the first copy that has any (in file order, then block order). Children are ordered by their
numbering (A < B, 1 < 2 < 10, i < ii < iv), laws by number, editions newest first.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, _ = build_from_texts({"a.txt": "Artikel 30C\\n\\nC.  Kop\\n", "b.txt": "Artikel 30A\\n\\nA.  Kop\\n"})
>>> [p.id for p in corpus.editions[0].walk()]
['30', '30A', '30C']
"""

from __future__ import annotations

import dataclasses

from lawparse import model
from lawparse.diagnostics import Diagnostics


def _merge(first: model.Provision, second: model.Provision) -> model.Provision:
    children = {child.id: child for child in first.children}
    for child in second.children:
        children[child.id] = _merge(children[child.id], child) if child.id in children else child
    markers = {footnote.marker for footnote in first.footnotes}
    return dataclasses.replace(
        first,
        heading=first.heading or second.heading,
        intro=first.intro or second.intro,
        wrap_up=first.wrap_up or second.wrap_up,
        children=tuple(children.values()),
        footnotes=first.footnotes + tuple(f for f in second.footnotes if f.marker not in markers),
        sources=first.sources + tuple(s for s in second.sources if s not in first.sources),
    )


def _in_numbering_order(provision: model.Provision) -> model.Provision:
    children = tuple(sorted(provision.children, key=lambda p: model.numbering_key(p.kind, p.num)))
    return provision if children == provision.children else dataclasses.replace(provision, children=children)


def _edition_order(name: str) -> tuple[int, str]:
    return (-int(name), name) if name.isdigit() else (0, name)


def merge_fragments(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    laws: dict[str, dict[str, model.Provision]] = {}
    for fragment in corpus.fragments:
        edition = laws.setdefault(fragment.edition, {})
        law = fragment.article.id
        edition[law] = _merge(edition[law], fragment.article) if law in edition else fragment.article
    editions = tuple(
        model.Edition(
            name,
            tuple(
                model.rewrite(article, _in_numbering_order)
                for article in sorted(articles.values(), key=lambda a: int(a.num))
            ),
        )
        for name, articles in sorted(laws.items(), key=lambda item: _edition_order(item[0]))
    )
    return dataclasses.replace(corpus, editions=editions)
