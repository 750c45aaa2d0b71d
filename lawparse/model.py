"""The AST of lawparse.

Two layers, both immutable (frozen, slotted dataclasses) so that passes stay pure:

* the *line layer*, built by the grammar: a :class:`Document` per file, holding :class:`Block` s of
  typed lines (:class:`SectionLabel`, :class:`NumberedItem`, ...);
* the *provision layer*, built by the structure passes: :class:`Edition` s of :class:`Provision` trees.

Every node keeps where it came from (:class:`Source`: file, 1-based line, 1-based column in
characters, as in the original file).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum

# ---------------------------------------------------------------------------------------------------
# Positions and text


@dataclass(frozen=True, slots=True, order=True)
class Source:
    """A position in an original corpus file."""

    file: str
    line: int
    column: int = 1


_NON_SPACE_RUN = re.compile(r"\S+")


def normalize_text(raw: str) -> str:
    """Plain text as emitted: NFC, every run of white space (NBSP included) folded to one space, trimmed.

    ``str.split()`` splits at exactly the characters ``\\s`` matches (``str.isspace``; tested over
    every code point), so this is ``re.sub(r"\\s+", " ", ...).strip()``, four times faster.
    """
    return " ".join(unicodedata.normalize("NFC", raw).split())


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph of kept text: its plain form, its raw form and where the raw form starts."""

    text: str
    raw: str
    source: Source

    @classmethod
    def from_raw(cls, raw: str, source: Source) -> Paragraph:
        return cls(normalize_text(raw), raw, source)

    def source_at(self, offset: int) -> Source:
        """The source position of the character at ``offset`` in :attr:`text` (the plain form).

        Replays the white-space folding of :func:`normalize_text` over the raw text. NFC is not
        replayed: it is exact for text that is already NFC, as the corpus is.
        """
        # Walks the runs of non-space characters (one regex scan, no loop per character): each run
        # after the first is preceded by one plain space, which stands for the first raw white space.
        target = max(offset, 0)
        plain = 0  # plain characters before the current run
        last = -1  # raw index of the last plain character
        previous_end = None
        for run in _NON_SPACE_RUN.finditer(self.raw):
            if previous_end is not None:
                if plain == target:
                    return Source(self.source.file, self.source.line, self.source.column + previous_end)
                plain += 1
            start, end = run.span()
            if target < plain + end - start:
                return Source(self.source.file, self.source.line, self.source.column + start + target - plain)
            plain += end - start
            last = end - 1
            previous_end = end
        if plain == 0:
            return self.source
        index = last + offset - plain + 1
        return Source(self.source.file, self.source.line, self.source.column + index)


# ---------------------------------------------------------------------------------------------------
# Provision ids: the compact citation form of CORPUS.md

_ID_RE = re.compile(
    r"(?P<law>\d{1,6})"
    r"(?:(?P<section>[A-Z])"
    r"(?:(?P<item>\d{1,2})"
    r"(?:(?P<sub>[a-z])"
    r"(?:-(?P<subsub>[ivxl]+|\d{1,2}))?)?)?)?"
)


class Kind(StrEnum):
    ARTICLE = "article"
    SECTION = "section"
    ITEM = "item"
    SUBITEM = "subitem"
    SUBSUBITEM = "subsubitem"


KIND_BY_DEPTH = (Kind.ARTICLE, Kind.SECTION, Kind.ITEM, Kind.SUBITEM, Kind.SUBSUBITEM)


@dataclass(frozen=True, slots=True)
class ProvisionId:
    """A parsed id such as ``25B2b-1``: the path from the law down to one provision."""

    parts: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> ProvisionId | None:
        match = _ID_RE.fullmatch(text)
        if match is None:
            return None
        return cls(tuple(p for p in match.group("law", "section", "item", "sub", "subsub") if p is not None))

    @property
    def depth(self) -> int:
        return len(self.parts) - 1

    @property
    def kind(self) -> Kind:
        return KIND_BY_DEPTH[self.depth]

    @property
    def num(self) -> str:
        return self.parts[-1]

    @property
    def law(self) -> str:
        return self.parts[0]

    def child(self, num: str) -> ProvisionId:
        return ProvisionId((*self.parts, num))

    def parent(self) -> ProvisionId | None:
        return ProvisionId(self.parts[:-1]) if len(self.parts) > 1 else None

    def ancestors(self) -> Iterator[ProvisionId]:
        """From the law down to this id, this id included."""
        for length in range(1, len(self.parts) + 1):
            yield ProvisionId(self.parts[:length])

    def __str__(self) -> str:
        head = "".join(self.parts[:4])
        return head if len(self.parts) < 5 else f"{head}-{self.parts[4]}"


def key_of(edition: str, provision_id: str) -> str:
    """The corpus-wide key of a provision, ``EDITION:ID``."""
    return f"{edition}:{provision_id}"


# ---------------------------------------------------------------------------------------------------
# The line layer (built by lawparse.grammar)


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a corpus file; ``whole`` is its text from its first mark on (marker included)."""

    source: Source
    whole: Paragraph


@dataclass(frozen=True, slots=True)
class PageTitle(Line):
    """``ARTIKEL 31``: the title of the page the file was scraped from; metadata, not an article."""

    num: str


@dataclass(frozen=True, slots=True)
class ArticleHeading(Line):
    """``ARTIKEL 27 Onvoldoende bod``: opens a wiki page holding a whole law."""

    num: str
    heading: Paragraph


@dataclass(frozen=True, slots=True)
class SectionLabel(Line):
    """``C.  Heading`` or ``C2.  Heading`` (the latter places item 2 of section C).

    ``restored_from`` is set when a pass read a numbered line as this section (lost letters).
    """

    label: str
    text: Paragraph | None
    restored_from: str | None = None


@dataclass(frozen=True, slots=True)
class NumberedItem(Line):
    """``1. text``: an item, or (in a whole-article block) a section whose letter was lost."""

    num: str
    text: Paragraph | None


@dataclass(frozen=True, slots=True)
class SubItem(Line):
    """``(a) text``, ``(i) text`` or ``(1) text``."""

    label: str
    text: Paragraph | None


@dataclass(frozen=True, slots=True)
class Bullet(Line):
    """``- text``: an unnumbered list entry; its text keeps the dash."""

    text: Paragraph


@dataclass(frozen=True, slots=True)
class Continuation(Line):
    """An indented line: it continues the item above it."""

    text: Paragraph


@dataclass(frozen=True, slots=True)
class Text(Line):
    """A line that fits no other form."""

    text: Paragraph


@dataclass(frozen=True, slots=True)
class FootnoteBody(Line):
    """``1) text`` below a footnote separator."""

    marker: str
    text: Paragraph


class PageStyle(StrEnum):
    WEB = "web"  # the federation's HTML edition: `Artikel 16C2`
    WIKI = "wiki"  # the wiki of historical editions: `Sjabloon:1997:25B`


@dataclass(frozen=True, slots=True)
class BlockHeading:
    """``Artikel 16C2`` or ``Sjabloon:1997:25B``: which provision (and edition) a block holds."""

    source: Source
    style: PageStyle
    target: str
    edition_marker: str | None  # `1997` in `Sjabloon:1997:25B`; None on the federation's site


@dataclass(frozen=True, slots=True)
class Block:
    heading: BlockHeading
    lines: tuple[Line, ...]
    footnotes: tuple[Line, ...] = ()
    edition: str | None = None  # decided by the assign_editions pass


@dataclass(frozen=True, slots=True)
class Document:
    """One corpus file: the lines before its first block, its blocks, and file metadata."""

    file: str
    preamble: tuple[Line, ...]
    blocks: tuple[Block, ...]
    line_count: int
    page_title: str | None = None  # decided by the assign_editions pass
    encoding: str = "utf-8"


# ---------------------------------------------------------------------------------------------------
# The provision layer (built by the structure passes)


@dataclass(frozen=True, slots=True)
class Footnote:
    marker: str
    paragraphs: tuple[Paragraph, ...]

    @property
    def text(self) -> str:
        return " ".join(p.text for p in self.paragraphs)


@dataclass(frozen=True, slots=True)
class Provision:
    """A law, section, item, sub-item or sub-sub-item.

    ``intro`` is the text before the children (a leaf's whole text), ``wrap_up`` the text after them.
    """

    id: str
    kind: Kind
    num: str
    heading: Paragraph | None = None
    intro: tuple[Paragraph, ...] = ()
    children: tuple[Provision, ...] = ()
    wrap_up: tuple[Paragraph, ...] = ()
    footnotes: tuple[Footnote, ...] = ()
    sources: tuple[Source, ...] = ()

    def walk(self) -> Iterator[Provision]:
        """This provision and all below it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def paragraphs(self) -> Iterator[Paragraph]:
        """This provision's own text (heading, intro, wrap-up), without its children's."""
        if self.heading is not None:
            yield self.heading
        yield from self.intro
        yield from self.wrap_up


@dataclass(frozen=True, slots=True)
class Edition:
    name: str
    articles: tuple[Provision, ...]

    def walk(self) -> Iterator[Provision]:
        for article in self.articles:
            yield from article.walk()

    def find(self, provision_id: str) -> Provision | None:
        return next((p for p in self.walk() if p.id == provision_id), None)


@dataclass(frozen=True, slots=True)
class Fragment:
    """What one block says: a tree from its law down to the provision the block holds.

    ``footnotes`` are the block's footnote bodies not yet attached to the node holding their marker.
    """

    edition: str
    target: str
    article: Provision
    source: Source
    footnotes: tuple[Footnote, ...] = ()


@dataclass(frozen=True, slots=True)
class Removal:
    """A line taken out of the text (leaked sentence, page furniture), with why."""

    text: str
    file: str
    line: int
    reason: str
    evidence: str


@dataclass(frozen=True, slots=True)
class Unplaced:
    """Text that belongs to no provision (outside any article, or in an unreadable block)."""

    text: str
    file: str
    line: int
    column: int
    reason: str


class ReferenceStatus(StrEnum):
    RESOLVED = "resolved"  # the target is in the corpus
    OUTSIDE_CORPUS = "outside-corpus"  # well-formed, but the corpus does not hold that provision
    BROKEN = "broken"  # its law is in the corpus in full and has no such part
    AMBIGUOUS = "ambiguous"  # more than one provision fits


@dataclass(frozen=True, slots=True)
class Reference:
    """A citation found in the text of a provision (``from_key``), and what it points at.

    ``field``/``paragraph``/``start``/``end`` locate the text as written in the emitted text of the
    citing provision: ``field`` is ``heading``, ``intro`` or ``wrap_up``, ``paragraph`` the index in
    it, ``start``/``end`` character offsets in that paragraph. ``members`` lists every key a range
    covers (endpoints included), and for an ambiguous reference the keys it could mean. ``field`` is
    ``footnotes`` for a footnote's text, ``paragraph`` then the footnote's index. A range starts at
    ``target`` and ends at ``through``.
    """

    from_key: str
    text: str
    target: str | None
    status: ReferenceStatus
    field: str
    paragraph: int
    start: int
    end: int
    source: Source
    members: tuple[str, ...] = ()
    through: str | None = None


class DiffOpKind(StrEnum):
    EQUAL = "equal"
    INSERT = "insert"
    DELETE = "delete"
    REPLACE = "replace"


@dataclass(frozen=True, slots=True)
class DiffOp:
    """One word-level operation: ``old`` is the text it takes from the old side, ``new`` what it gives."""

    kind: DiffOpKind
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Diff:
    """A provision of an older edition against its counterpart in a newer one (None: added/removed)."""

    old: str | None
    new: str | None
    similarity: float
    paired_by: str | None  # "number" or "content"; None for an added or removed provision
    ops: tuple[DiffOp, ...]
    # The pair of editions compared: an added (removed) provision's key names only the newer (older)
    # one, and with several pairs requested the same key can be added relative to more than one.
    old_edition: str | None = None
    new_edition: str | None = None


DEFAULT_EDITION = "2017"
MAX_FILE_BYTES = 8 * 1024 * 1024


# The wiki's revision views: tagline, revision line, navigation (see CORPUS.md). Each pattern must match
# a whole line (its plain text: NBSP and runs of white space folded to one space, trimmed).
WIKI_PAGE_FURNITURE: tuple[str, ...] = (
    r"Uit Spelregels voor tafelarbiters",
    r"Versie door .+ \(overleg \| bijdragen\) op .+ om \d{1,2}:\d{2}.*",
    r"(?:\(wijz\) )?← Oudere versie \| Huidige versie(?: \(wijz\))? \| Nieuwere versie →(?: \(wijz\))?",
)


@dataclass(frozen=True, slots=True)
class Settings:
    """What a build can be told. ``default_edition`` is the edition of pages without a marker.

    ``page_furniture`` holds regular expressions for lines of the scraped sites that are not law text;
    a line whose plain text matches one in full is removed (remove_page_furniture).

    ``diff_pairs`` holds the (older, newer) pairs of editions to compare (diff_editions); empty means
    every consecutive pair the corpus holds.
    """

    default_edition: str = DEFAULT_EDITION
    max_file_bytes: int = MAX_FILE_BYTES
    page_furniture: tuple[str, ...] = WIKI_PAGE_FURNITURE
    diff_pairs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Corpus:
    """The state the passes hand on: the parsed files, the fragments, the editions and the records."""

    settings: Settings = field(default_factory=Settings)
    documents: tuple[Document, ...] = ()
    fragments: tuple[Fragment, ...] = ()
    editions: tuple[Edition, ...] = ()
    removals: tuple[Removal, ...] = ()
    unplaced: tuple[Unplaced, ...] = ()
    references: tuple[Reference, ...] = ()
    diffs: tuple[Diff, ...] = ()

    def edition(self, name: str) -> Edition | None:
        return next((e for e in self.editions if e.name == name), None)


def rewrite(provision: Provision, change: Callable[[Provision], Provision]) -> Provision:
    """Apply ``change`` to every node of a tree, children first; unchanged subtrees are kept as they are."""
    children = tuple(rewrite(child, change) for child in provision.children)
    if any(new is not old for new, old in zip(children, provision.children, strict=True)):
        provision = replace(provision, children=children)
    return change(provision)


_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50}


def roman_value(numeral: str) -> int:
    total = 0
    for index, char in enumerate(numeral):
        value = _ROMAN_VALUES[char]
        following = _ROMAN_VALUES[numeral[index + 1]] if index + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


def numbering_key(kind: Kind, num: str) -> tuple[int, int, str]:
    """Sort key of a provision among its siblings: 1 < 2 < 10, a < b, i < ii < iv < v."""
    if num.isdigit():
        return (0, int(num), num)
    if kind is Kind.SUBSUBITEM and num and set(num) <= set(_ROMAN_VALUES):
        return (1, roman_value(num), num)
    return (2, 0, num)
