"""check_numbering: report gaps and repeats in the numbering of provisions read whole.

A block holds its target provision whole (``Artikel 25`` all of law 25, ``Artikel 16C`` all of
section C), so the parts below the target must be numbered without gaps from the first number on:
sections A, B, C, ...; items 1, 2, 3, ...; sub-items (a), (b), ...; sub-sub-items (i), (ii), ... or
(1), (2), .... A missing number is reported (LP215) at the part after the gap. A label that occurs
twice in one provision (1, 2, 2) is reported (LP216): build_provisions read both as one part and
joined their texts. Laws present only in part are not gaps: the parts *above* a block's target (law
30 of ``Artikel 30C``) are not checked, and parts from different blocks are never compared. A
separate pass because it needs each block's tree before the copies of the corpus are merged.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, diag = build_from_texts({"a.txt": "Artikel 30C\\n\\nC.  Kop\\n1. Een.\\n3. Drie.\\n3. Nog eens.\\n"})
>>> [(d.code, d.line) for d in diag.items]
[('LP215', 5), ('LP216', 6)]
"""

from __future__ import annotations

import string
from itertools import groupby

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.model import Kind


def _series(provision: model.Provision) -> str:
    """The numbering series a part belongs to: parts of one series are numbered together."""
    if provision.num.isdigit():
        return "digits"
    if provision.kind is Kind.SUBSUBITEM:
        return "roman"
    return "letters"


def _ordinal(provision: model.Provision) -> int:
    if provision.num.isdigit():
        return int(provision.num)
    if provision.kind is Kind.SUBSUBITEM:
        return model.roman_value(provision.num)
    return string.ascii_letters.index(provision.num) % 26 + 1 if len(provision.num) == 1 else 0


def _label(series: str, kind: Kind, ordinal: int) -> str:
    if series == "digits":
        return str(ordinal)
    if series == "roman":
        return _roman(ordinal)
    letter = string.ascii_lowercase[ordinal - 1] if ordinal <= 26 else "?"
    return letter.upper() if kind is Kind.SECTION else letter


def _roman(value: int) -> str:
    numerals = ((50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
    text = ""
    for amount, numeral in numerals:
        while value >= amount:
            text, value = text + numeral, value - amount
    return text


def _gaps(parent: model.Provision, key: str, diag: Diagnostics) -> None:
    ordered = sorted(parent.children, key=lambda child: (_series(child), _ordinal(child)))
    for series, group in groupby(ordered, key=_series):
        expected = 1
        for child in group:
            ordinal = _ordinal(child)
            if ordinal > expected:
                missing = [_label(series, child.kind, n) for n in range(expected, ordinal)]
                where = child.sources[0]
                diag.report_at(
                    "LP215",
                    f"{'part' if len(missing) == 1 else 'parts'} {', '.join(missing)} of {key} "
                    f"missing before {child.num}",
                    where,
                )
            expected = max(expected, ordinal + 1)


def _repeats(provision: model.Provision, heading: model.Source, edition: str, diag: Diagnostics) -> None:
    labels = [source for source in provision.sources if source != heading]
    for again in labels[1:]:
        diag.report_at(
            "LP216",
            f"{model.key_of(edition, provision.id)} is labelled again here (first at line {labels[0].line}); "
            "the texts of both parts were joined",
            again,
        )


def check_numbering(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    for fragment in corpus.fragments:
        target = next((p for p in fragment.article.walk() if p.id == fragment.target), None)
        if target is None:
            continue
        for provision in target.walk():
            _repeats(provision, fragment.source, fragment.edition, diag)
            if provision.children:
                _gaps(provision, model.key_of(fragment.edition, provision.id), diag)
    return corpus
