"""resolve_references: find the citations in every provision's text and resolve each within its edition.

The last pass, because it needs the finished trees: a reference resolves against the provisions of
the edition its text stands in (never another edition: 1997 Law 23 is not 2017 Law 23), and a
relative one against the provision where it stands. The rules:

* ``artikel 16C2`` is ``EDITION:16C2``; ``A1 hierboven``, ``volgens A``, ``in B1`` and ``lid A`` name a
  section of the current law; ``(b)(1)`` a sub-item of the current item. A lone ``(1)`` or ``(i)``
  may be a sub-item or a sub-sub-item: the nearest scope that holds one decides (the citing
  sub-item's own children first, then the item's), and two fits in that scope are ambiguous (LP302);
* a range (``B1 tot en met B3``) records its endpoints (``target``, ``through``) and every member;
  members it cannot count are reported (LP304);
* the status: ``resolved`` when the target is in the corpus, ``broken`` (LP301) when its law is in the
  corpus in full (some block held the whole article) and has no such part, or the law number is not
  one of 1-93, ``outside-corpus`` otherwise (the corpus is partial), ``ambiguous`` (LP302) when more
  than one provision fits;
* a direction word that contradicts where the target stands is reported (LP305), and so is the
  ``)`` a mangled ``12C1(b)`` leaves behind (LP303, with an unsafe fix).

Text that is not a provision's (unplaced text, removed lines) is never read, so no reference comes
from it. The pass replaces ``corpus.references`` whole, so running it twice changes nothing.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, _ = build_from_texts({"a.txt": "Artikel 25B\\n\\nB.  Kop\\nNiet volgens A, zie artikel 16C.\\n"})
>>> [(r.from_key, r.text, r.target, r.status.value) for r in corpus.references]
[('2017:25B', 'volgens A', '2017:25A', 'outside-corpus'), ('2017:25B', 'artikel 16C', '2017:16C', 'outside-corpus')]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lawparse import model
from lawparse.citations import Citation, Direction, Scope
from lawparse.diagnostics import Diagnostics, Fix, TextEdit
from lawparse.grammar import parse_citations
from lawparse.model import ProvisionId, ReferenceStatus

LAW_NUMBERS = range(1, 94)  # the laws are numbered 1 to 93 in every edition (CORPUS.md)
_LEADING_LAW = re.compile(r"\d+")
_ROMAN_NUMERALS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv")


@dataclass(frozen=True, slots=True)
class _EditionIndex:
    """What resolution needs to know about one edition."""

    name: str
    order: dict[str, int]  # provision id -> position in document order
    laws_in_full: frozenset[str]
    ids: tuple[ProvisionId, ...]  # the ids of `order` that are citation forms, parsed

    def status_of(self, provision_id: ProvisionId) -> ReferenceStatus:
        if str(provision_id) in self.order:
            return ReferenceStatus.RESOLVED
        return self.missing_status(provision_id.law)

    def missing_status(self, law: str) -> ReferenceStatus:
        if law in self.laws_in_full or int(law) not in LAW_NUMBERS:
            return ReferenceStatus.BROKEN
        return ReferenceStatus.OUTSIDE_CORPUS

    def exists(self, provision_id: ProvisionId) -> bool:
        return str(provision_id) in self.order

    def children_of(self, provision_id: ProvisionId) -> list[ProvisionId]:
        return [candidate for candidate in self.ids if candidate.parent() == provision_id]

    def descendants_at(self, provision_id: ProvisionId, depth: int) -> list[ProvisionId]:
        prefix = provision_id.parts
        return [c for c in self.ids if c.depth == depth and c.parts[: len(prefix)] == prefix]


def _index(corpus: model.Corpus, edition: model.Edition) -> _EditionIndex:
    order = {provision.id: position for position, provision in enumerate(edition.walk())}
    laws_in_full = frozenset(
        f.target for f in corpus.fragments if f.edition == edition.name and f.target == f.article.id
    )
    ids = tuple(p for p in (ProvisionId.parse(i) for i in order) if p is not None)
    return _EditionIndex(edition.name, order, laws_in_full, ids)


@dataclass(frozen=True, slots=True)
class _Resolution:
    target: ProvisionId | None
    status: ReferenceStatus
    through: ProvisionId | None = None
    members: tuple[ProvisionId, ...] = ()
    unlisted_range: bool = False


# ---------------------------------------------------------------------------------------------------
# Where a relative reference counts from


def _law_of(provision_id: str) -> str:
    match = _LEADING_LAW.match(provision_id)
    assert match is not None  # every provision id starts with its law number
    return match.group()


def _is_roman(label: str) -> bool:
    return label in _ROMAN_NUMERALS


def _item_scope_candidates(
    parts: tuple[str, ...], where: ProvisionId | None, index: _EditionIndex
) -> tuple[list[ProvisionId], ProvisionId | None]:
    """The provisions ``(b)(1)`` / ``(b)`` / ``(1)`` can mean from ``where``, nearest scope first.

    Returns the fits of the nearest scope that has any, and the reading to report when none fits
    (None when there is no single current item).
    """
    first = parts[0]
    as_subitem_ok = len(first) == 1 and first.isalpha()
    as_subsubitem_ok = len(parts) == 1 and (first.isdigit() or _is_roman(first))
    if len(parts) == 2 and not as_subitem_ok:
        return [], None
    scopes: list[list[ProvisionId]] = []
    if where is not None and where.depth >= 3 and as_subsubitem_ok:
        scopes.append([ProvisionId(where.parts[:4]).child(first)])
    if where is not None and where.depth >= 2:
        items = [ProvisionId(where.parts[:3])]
    elif where is not None:
        items = index.descendants_at(where, 2)
    else:
        items = []
    readings: list[ProvisionId] = []
    for item in items:
        if as_subitem_ok:
            readings.append(ProvisionId((*item.parts, *parts)))
        if as_subsubitem_ok:
            readings.extend(sub.child(first) for sub in index.children_of(item))
    scopes.append(readings)
    for scope in scopes:
        fits = [reading for reading in scope if index.exists(reading)]
        if fits:
            return fits, None
    default = ProvisionId((*items[0].parts, *parts)) if len(items) == 1 and as_subitem_ok else None
    return [], default


def _resolve_label(
    parts: tuple[str, ...], scope: Scope, where: ProvisionId | None, law: str, index: _EditionIndex
) -> _Resolution:
    if scope is Scope.EDITION:
        target = ProvisionId(parts)
    elif scope is Scope.LAW:
        target = ProvisionId((law, *parts))
    else:
        fits, default = _item_scope_candidates(parts, where, index)
        if len(fits) > 1:
            return _Resolution(None, ReferenceStatus.AMBIGUOUS, members=tuple(fits))
        if not fits:
            if default is None:
                return _Resolution(None, index.missing_status(law))
            return _Resolution(default, index.status_of(default))
        target = fits[0]
    return _Resolution(target, index.status_of(target))


# ---------------------------------------------------------------------------------------------------
# Ranges


def _numbers_between(kind: model.Kind, first: str, last: str) -> list[str] | None:
    """The numbers from ``first`` to ``last`` at one level (None: they cannot be counted)."""
    if first.isdigit() and last.isdigit():
        numbers = [str(n) for n in range(int(first), int(last) + 1)]
    elif kind is model.Kind.SUBSUBITEM and _is_roman(first) and _is_roman(last):
        start, end = _ROMAN_NUMERALS.index(first), _ROMAN_NUMERALS.index(last)
        numbers = list(_ROMAN_NUMERALS[start : end + 1])
    elif len(first) == 1 and len(last) == 1 and first.isalpha() and last.isalpha():
        numbers = [chr(code) for code in range(ord(first), ord(last) + 1)]
    else:
        return None
    return numbers or None


def _range_members(first: ProvisionId, last: ProvisionId, index: _EditionIndex) -> tuple[ProvisionId, ...] | None:
    if first.parent() == last.parent():
        numbers = _numbers_between(first.kind, first.num, last.num)
        if numbers is None:
            return None
        parent = first.parent()
        return tuple(parent.child(n) if parent is not None else ProvisionId((n,)) for n in numbers)
    if index.exists(first) and index.exists(last) and first.depth == last.depth:
        start, end = index.order[str(first)], index.order[str(last)]
        between = (ProvisionId.parse(i) for i, position in index.order.items() if start <= position <= end)
        members = tuple(p for p in between if p is not None and p.depth == first.depth)
        return members if start <= end else None
    return None


def _combined(statuses: list[ReferenceStatus]) -> ReferenceStatus:
    for status in (ReferenceStatus.AMBIGUOUS, ReferenceStatus.BROKEN, ReferenceStatus.OUTSIDE_CORPUS):
        if status in statuses:
            return status
    return ReferenceStatus.RESOLVED


def _resolve(citation: Citation, where: ProvisionId | None, law: str, index: _EditionIndex) -> _Resolution:
    start = _resolve_label(citation.parts, citation.scope, where, law, index)
    if citation.through is None:
        return start
    end = _resolve_label(citation.through, citation.scope, where, law, index)
    if start.target is None or end.target is None:
        candidates = start.members + end.members
        return _Resolution(start.target, _combined([start.status, end.status]), end.target, candidates)
    members = _range_members(start.target, end.target, index)
    if members is None:
        status = _combined([start.status, end.status])
        return _Resolution(start.target, status, end.target, (start.target, end.target), unlisted_range=True)
    status = _combined([index.status_of(member) for member in members])
    return _Resolution(start.target, status, end.target, members)


# ---------------------------------------------------------------------------------------------------
# The texts of a provision


SourceAt = Callable[[int], model.Source]


def _footnote_source_at(footnote: model.Footnote) -> SourceAt:
    """Positions in a footnote's emitted text (its paragraphs joined by one space)."""

    def source_at(offset: int) -> model.Source:
        for paragraph in footnote.paragraphs:
            if offset <= len(paragraph.text) or paragraph is footnote.paragraphs[-1]:
                return paragraph.source_at(offset)
            offset -= len(paragraph.text) + 1
        raise AssertionError("a footnote has at least one paragraph")

    return source_at


def _texts(provision: model.Provision) -> Iterator[tuple[str, int, str, SourceAt]]:
    """(field, index, emitted text, position of an offset) for every text of a provision."""
    if provision.heading is not None:
        yield "heading", 0, provision.heading.text, provision.heading.source_at
    for field_name, paragraphs in (("intro", provision.intro), ("wrap_up", provision.wrap_up)):
        for number, paragraph in enumerate(paragraphs):
            yield field_name, number, paragraph.text, paragraph.source_at
    for number, footnote in enumerate(provision.footnotes):
        if footnote.paragraphs:
            yield "footnotes", number, footnote.text, _footnote_source_at(footnote)


# ---------------------------------------------------------------------------------------------------
# Findings


def _report(
    citation: Citation,
    reference: model.Reference,
    resolution: _Resolution,
    text: str,
    source_at: SourceAt,
    law: str,
    index: _EditionIndex,
    diag: Diagnostics,
) -> None:
    where = reference.source
    quoted = f"`{citation.text}` in {reference.from_key}"
    if reference.status is ReferenceStatus.BROKEN:
        missing = [m for m in (resolution.members or (resolution.target,)) if m is not None and not index.exists(m)]
        named = ", ".join(model.key_of(index.name, str(m)) for m in missing) or "its target"
        law = missing[0].law if missing else law
        why = (
            f"law {law} of {index.name} is in the corpus in full and has no such part"
            if law in index.laws_in_full
            else f"there is no law {law}; the laws are numbered 1 to 93"
        )
        diag.report_at("LP301", f"{quoted} cites {named}, but {why}", where)
    if reference.status is ReferenceStatus.AMBIGUOUS:
        diag.report_at(
            "LP302",
            f"{quoted} could mean {' or '.join(reference.members)}; left unresolved",
            where,
        )
    if resolution.unlisted_range:
        diag.report_at(
            "LP304",
            f"{quoted}: the members of the range cannot be counted; only its endpoints are recorded",
            where,
        )
    _report_direction(citation, reference, resolution, index, diag)
    _report_stray_parenthesis(citation, text, source_at, quoted, diag)


def _report_direction(
    citation: Citation, reference: model.Reference, resolution: _Resolution, index: _EditionIndex, diag: Diagnostics
) -> None:
    target = resolution.target
    if citation.direction is None or target is None or not index.exists(target):
        return
    here = index.order[reference.from_key.split(":", 1)[1]]
    there = index.order[str(target)]
    if citation.direction is Direction.ABOVE and there > here:
        actual = "below"
    elif citation.direction is Direction.BELOW and there < here:
        actual = "above"
    else:
        return
    where = reference.source
    diag.report_at(
        "LP305",
        f"`{citation.text}` in {reference.from_key} points at {reference.target}, which stands {actual} it",
        where,
    )


def _closes_nothing(text: str, position: int) -> bool:
    """Whether the ``)`` at ``position`` closes no ``(`` before it."""
    return text.count("(", 0, position) - text.count(")", 0, position) <= 0


def _report_stray_parenthesis(
    citation: Citation, text: str, source_at: SourceAt, quoted: str, diag: Diagnostics
) -> None:
    """``12C1b)``: the English ``12C1(b)`` lost its ``(``. The ``)`` after the id is one too many when it,
    or the ``)`` right after it, closes nothing."""
    end = citation.end
    if not (citation.scope is Scope.EDITION and citation.text[-1].islower() and text[end : end + 1] == ")"):
        return
    if not (_closes_nothing(text, end) or (text[end + 1 : end + 2] == ")" and _closes_nothing(text, end + 1))):
        return
    stray = source_at(citation.end)
    fix = Fix(
        "delete the `)` left over from the English form (e.g. `12C1(b)`)",
        (TextEdit(stray.line, stray.column, stray.line, stray.column + 1, ""),),
        safe=False,
    )
    diag.report_at(
        "LP303",
        f"{quoted} is followed by one `)` too many (a mangled `(...)` sub-item label); read as "
        f"{ProvisionId(citation.parts)}",
        stray,
        fix=fix,
    )


# ---------------------------------------------------------------------------------------------------
# The pass


def _key(index: _EditionIndex, provision_id: ProvisionId | None) -> str | None:
    return None if provision_id is None else model.key_of(index.name, str(provision_id))


def _references_of(provision: model.Provision, index: _EditionIndex, diag: Diagnostics) -> Iterator[model.Reference]:
    where = ProvisionId.parse(provision.id)
    law = _law_of(provision.id)
    from_key = model.key_of(index.name, provision.id)
    for field_name, number, text, source_at in _texts(provision):
        for citation in parse_citations(text):
            resolution = _resolve(citation, where, law, index)
            reference = model.Reference(
                from_key=from_key,
                text=citation.text,
                target=_key(index, resolution.target),
                status=resolution.status,
                field=field_name,
                paragraph=number,
                start=citation.start,
                end=citation.end,
                source=source_at(citation.start),
                members=tuple(model.key_of(index.name, str(m)) for m in resolution.members),
                through=_key(index, resolution.through),
            )
            _report(citation, reference, resolution, text, source_at, law, index, diag)
            yield reference


def resolve_references(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    references: list[model.Reference] = []
    for edition in corpus.editions:
        index = _index(corpus, edition)
        for provision in edition.walk():
            references.extend(_references_of(provision, index, diag))
    return dataclasses.replace(corpus, references=tuple(references))
