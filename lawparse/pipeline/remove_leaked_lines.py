"""remove_leaked_lines: take out a line the scraper appended to list items of unrelated provisions.

The federation's pages embed a pop-up for every law they cite; the scraper appended one line of the
page's own law as an indented continuation of every list item but the last in those pop-ups. The
line is not law text of the provisions it landed in. It is found from the corpus itself, never from
a list of sentences. An indented line (a continuation) is *leaked* when all of these hold:

* it is the **last line of a list item** (a numbered item, sub-item or bullet) every time it stands
  as a continuation: a line that also continues an item's text with more text after it is part of
  the item's own wording;
* it ends items in at least ``MIN_LAWS`` different laws (of an edition): the same trailing line in
  unrelated laws cannot be their wording, while a clause the laws really repeat stands in a few
  provisions at most, and copies of one provision in several files count once;
* it has at least ``MIN_WORDS`` words, so that short connectives that end items (``of``, ``en:``)
  are never taken for a leak.

Only its continuation occurrences are removed: the same text standing as an item's own first line or
as a paragraph is never touched. Each removal is recorded with its evidence and reported (LP201)
with a safe fix that deletes the line. A separate pass, run on lines before the provisions are
built, so that a leaked line never becomes text, a reference or a difference between editions.

>>> from lawparse.pipeline import build_from_texts
>>> leak = "   Dit is een zin die niet hier hoort.\\n"
>>> page = "".join(f"Artikel {law}A\\n\\nA.  Kop\\n1. Een.\\n{leak}2. Twee.\\n\\n" for law in (1, 2, 3))
>>> corpus, _ = build_from_texts({"a.txt": page})
>>> [(r.line, r.reason) for r in corpus.removals]
[(5, 'leaked line'), (12, 'leaked line'), (19, 'leaked line')]
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.pipeline.line_removal import Verdict, remove_lines

MIN_LAWS = 3
MIN_WORDS = 4

_LIST_ENTRY = (model.NumberedItem, model.SubItem, model.Bullet)


@dataclass(slots=True)
class _Occurrences:
    trailing: list[model.Line] = field(default_factory=list)
    inside_text: int = 0
    laws: set[tuple[str, str]] = field(default_factory=set)
    blocks_every_item_but_last: int = 0
    blocks: set[tuple[str, int]] = field(default_factory=set)


def _continuation_runs(block: model.Block) -> list[tuple[int, list[model.Continuation]]]:
    """(index of the list entry, the continuation lines right below it) for each list entry of a block."""
    runs: list[tuple[int, list[model.Continuation]]] = []
    entry_index: int | None = None
    for index, line in enumerate(block.lines):
        if isinstance(line, _LIST_ENTRY):
            entry_index = index
            runs.append((index, []))
        elif isinstance(line, model.Continuation) and entry_index is not None:
            runs[-1][1].append(line)
        else:
            entry_index = None
    return runs


def _collect(corpus: model.Corpus) -> dict[str, _Occurrences]:
    found: dict[str, _Occurrences] = defaultdict(_Occurrences)
    for document in corpus.documents:
        for block_number, block in enumerate(document.blocks):
            target = model.ProvisionId.parse(block.heading.target)
            law = (block.edition or "", target.law if target else block.heading.target)
            runs = _continuation_runs(block)
            trailing_texts = []
            for _, run in runs:
                for position, line in enumerate(run):
                    occurrences = found[line.text.text]
                    if position == len(run) - 1:
                        occurrences.trailing.append(line)
                        occurrences.laws.add(law)
                        occurrences.blocks.add((document.file, block_number))
                    else:
                        occurrences.inside_text += 1
                trailing_texts.append(run[-1].text.text if run else None)
            if len(runs) > 1 and trailing_texts[-1] is None and len(set(trailing_texts[:-1])) == 1:
                text = trailing_texts[0]
                if text is not None:
                    found[text].blocks_every_item_but_last += 1
    return found


def _evidence(occurrences: _Occurrences) -> str:
    laws = ", ".join(f"{edition}:{law}" for edition, law in sorted(occurrences.laws))
    blocks = len(occurrences.blocks)
    pattern = (
        f"; in {occurrences.blocks_every_item_but_last} of {blocks} blocks it ends every list item but the last"
        if occurrences.blocks_every_item_but_last
        else ""
    )
    return (
        f"the same line ends {len(occurrences.trailing)} list items in {len(occurrences.laws)} different laws "
        f"({laws}), always as an item's last line and never inside an item's text{pattern} "
        f"(threshold: {MIN_LAWS} laws, {MIN_WORDS} words)"
    )


def _leaked(corpus: model.Corpus) -> dict[model.Source, Verdict]:
    doomed: dict[model.Source, Verdict] = {}
    for text, occurrences in _collect(corpus).items():
        if occurrences.inside_text or len(occurrences.laws) < MIN_LAWS or len(text.split()) < MIN_WORDS:
            continue
        verdict = Verdict("leaked line", _evidence(occurrences))
        for line in occurrences.trailing:
            doomed[line.source] = verdict
    return doomed


def remove_leaked_lines(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    # Until nothing more is found: a removal can make the line above it an item's last line, and the
    # pass must leave nothing for a second run to take (idempotence).
    while doomed := _leaked(corpus):
        corpus = remove_lines(corpus, doomed, "LP201", diag)
    return corpus
