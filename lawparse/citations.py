"""Citations: what the citation grammar finds in a paragraph, before anything is resolved.

A :class:`Citation` is one reference as written, with character offsets into the plain text it was
read from. It does not know where it stands; the ``resolve_references`` pass turns it into a
:class:`lawparse.model.Reference` against the provision holding the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Scope(StrEnum):
    """What the labels of a citation are counted from."""

    EDITION = "edition"  # `artikel 16C2`: a law of the edition the text stands in
    LAW = "law"  # `A1 hierboven`, `volgens A`, `in B1`, `lid A`: a section of the current law
    ITEM = "item"  # `(b)(1) hierboven`: a sub-item of the current item


class Direction(StrEnum):
    ABOVE = "above"  # hierboven
    BELOW = "below"  # hieronder


@dataclass(frozen=True, slots=True)
class Citation:
    """One reference as written: ``text`` is ``source_text[start:end]``.

    ``parts`` is the path the labels name (``("16", "C", "2")`` for ``artikel 16C2``, ``("A", "1")``
    for ``A1 hierboven``, ``("b", "1")`` for ``(b)(1)``), counted from ``scope``. A range
    (``B1 tot en met B3``) has the path of its end in ``through``.
    """

    text: str
    start: int
    end: int
    scope: Scope
    parts: tuple[str, ...]
    through: tuple[str, ...] | None = None
    direction: Direction | None = None
