"""diff_editions: diff every edition against the next one, provision by provision and word by word.

For each consecutive pair of editions in the corpus (older -> newer), or for each pair of
``Settings.diff_pairs`` when it names some (see :func:`lawparse.diffing.compared_pairs`), every
provision that has text of its own is paired with its counterpart (same number, or by content where
the number moved) and the pair's word-level operations are recorded in ``corpus.diffs``, each record
naming its pair of editions (see :mod:`lawparse.diffing`). A separate pass, the last one, because it
needs the finished, cleaned editions. Pairings that are guesses are reported for an editor to
confirm: a pair by content (LP401) and a same-number pair that shares few words (LP402).

>>> from lawparse.pipeline import build_from_texts
>>> old = "Sjabloon:1997:30C\\n\\nC. Kop\\nAls de pas kunstmatig is, geldt dit.\\n"
>>> new = "Artikel 30C\\n\\nC.  Kop\\nAls de pas kunstmatig was, geldt dit.\\n"
>>> corpus, _ = build_from_texts({"a.txt": old, "b.txt": new})
>>> [(d.old, d.new, d.paired_by, d.similarity) for d in corpus.diffs]
[('1997:30C', '2017:30C', 'number', 0.875)]
"""

from __future__ import annotations

import dataclasses

from lawparse import diffing, model
from lawparse.diagnostics import Diagnostics


def _where(provision: model.Provision) -> model.Source:
    return provision.sources[0] if provision.sources else model.Source("", 1)


def _report_guesses(pairings: list[diffing.Pairing], diag: Diagnostics) -> None:
    for pairing in pairings:
        if pairing.old is None or pairing.new is None:
            continue
        where = _where(pairing.new.provision)
        if pairing.paired_by == diffing.PAIRED_BY_CONTENT:
            diag.report_at(
                "LP401",
                f"{pairing.old.key} paired by content with {pairing.new.key} "
                f"(similarity {pairing.similarity:.2f}): renumbered",
                where,
            )
        elif pairing.similarity < diffing.NUMBER_KEEP:
            diag.report_at(
                "LP402",
                f"{pairing.old.key} and {pairing.new.key} share a number but little text "
                f"(similarity {pairing.similarity:.2f}); paired by number for want of a better partner",
                where,
            )


def diff_editions(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    diffs: list[model.Diff] = []
    for old, new in diffing.compared_pairs(corpus):
        pairings = diffing.pair_editions(old, new)
        _report_guesses(pairings, diag)
        diffs.extend(diffing.to_diff(pairing, old.name, new.name) for pairing in pairings)
    return dataclasses.replace(corpus, diffs=tuple(diffs))
