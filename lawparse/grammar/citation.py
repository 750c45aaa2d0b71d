"""citation.lark -> :class:`lawparse.citations.Citation`: the references written in a plain text.

A cheap regular expression finds the places a citation could start (a cue word such as ``artikel``,
``in`` or ``volgens``, a section label, a parenthesised sub-label); from each, the LALR parser reads
tokens one at a time and the longest prefix that is a whole citation phrase wins. The grammar, not
the prefilter, decides what is a reference: ``in de bieding`` and a lone ``A`` start candidates but
no phrase.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache, lru_cache
from typing import Any

import lark
from lark import Lark, Token, Transformer

from lawparse.citations import Citation, Direction, Scope
from lawparse.grammar import parser_for

__all__ = ["parse_citations"]

# Each word is a candidate only where the token after it can follow it (citation.lark): `artikel(en)`
# only before a law number (PROVISION_ID: 1-3 digits), a cue word only before a section label or a
# `(`. Most `artikel`, `in` and `zie` of a text start no phrase, and ruling them out here spares the
# parser a start for each; what the word is followed by is still the grammar's to decide.
_CANDIDATE = re.compile(
    r"(?<![\w-])(?:[Aa]rtikel(?:en)?(?=\s+\d{1,3}(?!\d))|(?:[Ii]n|[Ll]id|[Vv]olgens|[Zz]ie)(?=\s+[A-T(])"
    r"|[A-T](?:\d{1,2}[a-z]?)?(?![\w-]))"
    r"|(?<![\w)])\((?:[a-z]{1,5}|\d{1,2})\)"
)
_ABSOLUTE_PARTS = re.compile(r"(\d{1,3})(?:([A-Z])(?:(\d{1,2})(?:\(?([a-z])\)?(?:-?\(?([ivxl]+|\d{1,2})\)?)?)?)?)?")
_SECTION_PARTS = re.compile(r"([A-Z])(?:(\d{1,2})(?:([a-z])(?:-([ivxl]+|\d{1,2}))?)?)?")
_SUB_LABEL = re.compile(r"\(([a-z0-9]+)\)")
_DIRECTIONS = {"hierboven": Direction.ABOVE, "hieronder": Direction.BELOW}


def _groups(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    match = pattern.fullmatch(text)
    assert match is not None, text  # the terminal's own pattern already matched the same text
    return tuple(group for group in match.groups() if group is not None)


def _label_parts(token: Token) -> tuple[Scope, tuple[str, ...]]:
    if token.type == "PROVISION_ID":
        return Scope.EDITION, _groups(_ABSOLUTE_PARTS, token)
    if token.type == "SECTION_LABEL":
        return Scope.LAW, _groups(_SECTION_PARTS, token)
    return Scope.ITEM, tuple(_SUB_LABEL.findall(token))


def _span(first: Token, last: Token) -> tuple[int, int]:
    assert first.start_pos is not None and last.end_pos is not None
    return first.start_pos, last.end_pos


def _reference(tokens: list[Token]) -> Citation:
    """A reference from its tokens: [word] label [RANGE label]; offsets relative to the parsed text."""
    labels = [t for t in tokens if t.type in ("PROVISION_ID", "SECTION_LABEL", "SUB_LABELS")]
    scope, parts = _label_parts(labels[0])
    through = _label_parts(labels[1])[1] if len(labels) > 1 else None
    start, end = _span(tokens[0], tokens[-1])
    return Citation("", start, end, scope, parts, through)


@dataclasses.dataclass(frozen=True, slots=True)
class _Bare:
    """A list member written without `artikel` (`27` in `artikel 26 en 27`)."""

    citation: Citation


def _list_members(children: list[Any]) -> list[Citation]:
    """The references of a list, up to a bare law number after a deeper reference.

    `artikel 26 en 27` names two laws, but the `2` of `artikel 25B1 en 2` (item 25B2, most likely) or
    of `artikel 16C en 2 slagen` is no law: a wrong target is worse than a missed one, so the list
    stops before it.
    """
    members: list[Citation] = []
    for child in children:
        if isinstance(child, _Bare):
            if len(child.citation.parts) == 1 and members and len(members[-1].parts) > 1:
                break
            child = child.citation
        if isinstance(child, Citation):
            members.append(child)
    return members


def _placed_under(named: Citation, label: Citation) -> Citation | None:
    """``label`` (`A`, `C2`, `(b)`) counted from the provision ``named`` names (None: it cannot be).

    A section label goes under a law, sub-labels under an item (`(b)`, `(b)(1)`) or a sub-item (`(1)`).
    """
    depth = len(named.parts)
    paths = [label.parts] if label.through is None else [label.parts, label.through]
    if label.scope is Scope.LAW:
        fits = depth == 1
    elif depth == 3:
        fits = all(len(path[0]) == 1 and path[0].isalpha() for path in paths)
    else:
        fits = depth == 4 and all(
            len(path) == 1 and (path[0].isdigit() or set(path[0]) <= set("ivxl")) for path in paths
        )
    if not fits:
        return None
    through = None if label.through is None else (*named.parts, *label.through)
    return dataclasses.replace(label, scope=Scope.EDITION, parts=(*named.parts, *label.parts), through=through)


def _flatten(children: list[Any]) -> list[Citation]:
    flat: list[Citation] = []
    for child in children:
        if isinstance(child, Citation):
            flat.append(child)
        elif isinstance(child, list):
            flat.extend(child)
    return flat


class _CitationBuilder(Transformer[Token, Any]):
    """Callbacks of the inline transformer: one per rule of citation.lark."""

    def start(self, children: list[list[Citation]]) -> list[Citation]:
        return children[0]

    def named_ref(self, children: list[Token]) -> Citation:
        return _reference(children)

    def bare_ref(self, children: list[Token]) -> _Bare:
        return _Bare(_reference(children))

    def relative_ref(self, children: list[Token]) -> Citation:
        return _reference(children)

    def relative_range(self, children: list[Token]) -> Citation:
        return _reference(children)

    def absolute_phrase(self, children: list[Any]) -> list[Citation]:
        if len(children) == 1 and isinstance(children[0], list):  # plural_refs
            return children[0]
        return _list_members(children)

    def plural_refs(self, children: list[Any]) -> list[Citation]:
        word, *rest = children
        references = _list_members(rest)
        first = dataclasses.replace(references[0], start=_span(word, word)[0])
        return [first, *references[1:]]

    def qualified_phrase(self, children: list[Any]) -> list[Citation]:
        cue = next((c for c in children if isinstance(c, Token) and c.type == "CUE"), None)
        *labels, named = _flatten(children)
        placed = [_placed_under(named, label) for label in labels]
        if named.through is not None or None in placed:
            return [named]  # the labels cannot be counted from it: only the named provision is a reference
        references = [p for p in placed if p is not None]
        if cue is not None:
            references[0] = dataclasses.replace(references[0], start=_span(cue, cue)[0])
        references[-1] = dataclasses.replace(references[-1], end=named.end)
        return references

    def relative_phrase(self, children: list[Any]) -> list[Citation]:
        references = _flatten(children)
        tokens = [c for c in children if isinstance(c, Token)]
        cue = next((t for t in tokens if t.type == "CUE"), None)
        direction_token = next((t for t in tokens if t.type == "DIRECTION"), None)
        direction = _DIRECTIONS[direction_token] if direction_token is not None else None
        references = [dataclasses.replace(r, direction=direction) for r in references]
        if cue is not None and direction_token is None:  # `in B1`; but `A1 hierboven` in `in A1 hierboven`
            references[0] = dataclasses.replace(references[0], start=_span(cue, cue)[0])
        if direction_token is not None:
            references[-1] = dataclasses.replace(references[-1], end=_span(direction_token, direction_token)[1])
        return references


@cache
def _citation_parser() -> Lark:
    return parser_for("citation.lark", _CitationBuilder())


def _longest_phrase(text: str) -> list[Citation]:
    """The citations of the longest prefix of ``text`` that is one citation phrase (none: [])."""
    parser = _citation_parser()
    interactive = parser.parse_interactive(text)
    phrase_ends: list[int] = []
    try:
        for token in interactive.lexer_thread.lex(interactive.parser_state):  # lexes in the parser's state
            interactive.feed_token(token)
            if "$END" in interactive.choices():
                assert token.end_pos is not None
                phrase_ends.append(token.end_pos)
    except lark.exceptions.LarkError:
        pass  # the next token does not continue the phrase
    # The parse table can allow the end of input one reduction too early (LALR merges states), so each
    # prefix is parsed again whole; the parser's own stack is never copied, since the tree builder
    # extends lists in place and a copy would share them.
    for end in reversed(phrase_ends):
        try:
            citations: list[Citation] = parser.parse(text[:end])
        except lark.exceptions.LarkError:
            continue
        return citations
    return []


@lru_cache(maxsize=8192)  # texts repeat: an unchanged provision in every edition
def parse_citations(text: str) -> tuple[Citation, ...]:
    """Every citation in a plain text, in order, with offsets into ``text``. Never raises on any text.

    >>> [(c.text, c.scope.value, c.parts) for c in parse_citations("zie artikel 17D en C2 hierboven")]
    [('artikel 17D', 'edition', ('17', 'D')), ('C2 hierboven', 'law', ('C', '2'))]
    """
    found: list[Citation] = []
    covered = 0
    for candidate in _CANDIDATE.finditer(text):
        offset = candidate.start()
        if offset < covered:
            continue
        for citation in _longest_phrase(text[offset:]):
            start, end = citation.start + offset, citation.end + offset
            found.append(dataclasses.replace(citation, text=text[start:end], start=start, end=end))
            covered = end
    return tuple(found)
