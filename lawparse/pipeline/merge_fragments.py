"""merge_fragments: put the fragments of each edition together into its laws.

Each block gave a tree from its law down to the provision it holds; here the trees of one edition
are merged by id into one tree per law. A separate pass because merging is where copies of the same
provision meet: a node found in several blocks lists all their sources. Children are ordered by their
numbering (A < B, 1 < 2 < 10, i < ii < iv), laws by number, editions newest first.

Copies are compared field by field (heading, intro, wrap-up), each provision for its own text: a
block holding one item (``Artikel 16C2``) is thus checked against that item in a fuller copy of its
section. A copy that lacks a field (the single-item block has no text for its section) takes it
from the others. Copies that agree merge silently; copies that disagree are reported (LP203) at
each place with a word-level diff, and **the first copy is kept**, in file order, then block order:
a rule that does not depend on the text, so that a correction to one file never swaps which copy
wins elsewhere. The dropped copy's text is recorded in ``removals`` (reason ``differing copy of
KEY``), so that its words stay on record whole, not only as the diff. Run after the cleanup
passes, so leaked lines and run-in headings do not count as disagreements.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, diag = build_from_texts({"a.txt": "Artikel 30C\\n\\nC.  Kop\\n", "b.txt": "Artikel 30A\\n\\nA.  Kop\\n"})
>>> [p.id for p in corpus.editions[0].walk()]
['30', '30A', '30C']
>>> texts = {"a.txt": "Artikel 30C\\n\\nC.  Kop\\nDe pas.\\n", "b.txt": "Artikel 30C\\n\\nC.  Kop\\nDe bieding.\\n"}
>>> corpus, diag = build_from_texts(texts)
>>> corpus.editions[0].find("30C").intro[0].text, [(d.code, d.file) for d in diag.items]
('De pas.', [('LP203', 'a.txt'), ('LP203', 'b.txt')])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from lawparse import diffing, model
from lawparse.diagnostics import Diagnostics
from lawparse.pipeline.attach_footnotes import superscript_marker

PARAGRAPH_BREAK = "¶"
MAX_DIFF_OPS = 6


def word_diff(old: str, new: str) -> str:
    """The disagreement of two texts, as ``-[removed] +[added]`` groups (the edition diff's word operations).

    >>> word_diff("niet geoorloofd .", "geoorloofd .")
    '-[niet]'
    """
    changes = []
    for op in diffing.word_ops(old, new):
        if op.kind is model.DiffOpKind.EQUAL:
            continue
        taken = f"-[{op.old.strip()}]" if op.old.strip() else ""
        given = f"+[{op.new.strip()}]" if op.new.strip() else ""
        changes.append(" ".join(part for part in (taken, given) if part))
    shown = "; ".join(changes[:MAX_DIFF_OPS])
    return shown + (f"; ... ({len(changes) - MAX_DIFF_OPS} more)" if len(changes) > MAX_DIFF_OPS else "")


def _text(paragraphs: tuple[model.Paragraph, ...]) -> str:
    return f" {PARAGRAPH_BREAK} ".join(paragraph.text for paragraph in paragraphs)


def _dropped(key: str, paragraphs: Iterable[model.Paragraph], kept_at: model.Source) -> list[model.Removal]:
    """Removal records for the text of a copy that is not kept: its words stay on record whole."""
    reason = f"differing copy of {key}"
    evidence = f"the copy at {kept_at.file}:{kept_at.line} is kept; LP203 gives the word diff"
    return [model.Removal(p.text, p.source.file, p.source.line, reason, evidence) for p in paragraphs]


def _compare(
    key: str,
    field: str,
    kept: tuple[model.Paragraph, ...],
    other: tuple[model.Paragraph, ...],
    diag: Diagnostics,
    dropped: list[model.Removal],
) -> None:
    if not kept or not other or [p.text for p in kept] == [p.text for p in other]:
        return
    kept_at, other_at = kept[0].source, other[0].source
    dropped.extend(_dropped(key, other, kept_at))
    for here, there, old, new in ((kept_at, other_at, kept, other), (other_at, kept_at, other, kept)):
        status = "kept" if here is kept_at else "dropped"
        diag.report_at(
            "LP203",
            f"copies of {key} disagree in its {field}; this copy is {status}. Against the copy at "
            f"{there.file}:{there.line}: {word_diff(_text(old), _text(new))}",
            here,
        )


def _as_tuple(paragraph: model.Paragraph | None) -> tuple[model.Paragraph, ...]:
    return (paragraph,) if paragraph is not None else ()


def _merge(
    edition: str, first: model.Provision, second: model.Provision, diag: Diagnostics, dropped: list[model.Removal]
) -> model.Provision:
    key = model.key_of(edition, first.id)
    _compare(key, "heading", _as_tuple(first.heading), _as_tuple(second.heading), diag, dropped)
    _compare(key, "text", first.intro, second.intro, diag, dropped)
    _compare(key, "closing text", first.wrap_up, second.wrap_up, diag, dropped)
    children = {child.id: child for child in first.children}
    for child in second.children:
        children[child.id] = (
            _merge(edition, children[child.id], child, diag, dropped) if child.id in children else child
        )
    markers = {footnote.marker for footnote in first.footnotes}
    merged = dataclasses.replace(
        first,
        heading=first.heading or second.heading,
        intro=first.intro or second.intro,
        wrap_up=first.wrap_up or second.wrap_up,
        children=tuple(children.values()),
        sources=first.sources + tuple(s for s in second.sources if s not in first.sources),
    )
    # A footnote goes with the text that holds its marker: one whose marker stood only in a dropped
    # copy's text is dropped with that text (LP203 shows the marker in its word diff).
    taken = tuple(
        f
        for f in second.footnotes
        if f.marker not in markers and (_holds_marker(merged, f.marker) or not _holds_marker(second, f.marker))
    )
    left = [p for f in second.footnotes if f not in taken and f.marker not in markers for p in f.paragraphs]
    if left:
        dropped.extend(_dropped(key, left, first.sources[0] if first.sources else left[0].source))
    return dataclasses.replace(merged, footnotes=first.footnotes + taken)


def _holds_marker(provision: model.Provision, marker: str) -> bool:
    wanted = superscript_marker(marker)
    return any(wanted in paragraph.text for paragraph in provision.paragraphs())


def _in_numbering_order(provision: model.Provision) -> model.Provision:
    children = tuple(sorted(provision.children, key=lambda p: model.numbering_key(p.kind, p.num)))
    return provision if children == provision.children else dataclasses.replace(provision, children=children)


def _edition_order(name: str) -> tuple[int, str]:
    return (-int(name), name) if name.isdigit() else (0, name)


def merge_fragments(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    laws: dict[str, dict[str, model.Provision]] = {}
    dropped: list[model.Removal] = []
    for fragment in corpus.fragments:
        edition = laws.setdefault(fragment.edition, {})
        law = fragment.article.id
        if law in edition:
            edition[law] = _merge(fragment.edition, edition[law], fragment.article, diag, dropped)
        else:
            edition[law] = fragment.article
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
    recorded = set(corpus.removals)  # merging again records nothing twice
    removals = (*corpus.removals, *(r for r in dict.fromkeys(dropped) if r not in recorded))
    return dataclasses.replace(corpus, editions=editions, removals=removals)
