"""build_provisions: turn each block's lines into a tree from its law down to what the block holds.

A separate pass because this is where the hierarchy is decided, which the grammar cannot do: the
same ``1.`` marker heads an item or (before restore_section_letters) a section, and ``(1)`` nests
under whatever sub-item stands above it. The rules:

* the block heading gives the path: ``Artikel 16C2`` makes law 16, its section C and item 2;
* a section label opens its section (``C.``) or places an item (``C2.``: the text is section C's
  heading); a label that disagrees with the block heading is reported (LP103) and wins;
* ``1.`` opens an item in the open section; ``(a)`` a sub-item of the open item; ``(i)``/``(1)`` a
  sub-sub-item of the open sub-item. ``(i)`` right after ``(h)`` is the letter i (LP111). A label
  without a level to nest under, or nesting deeper than the laws go, keeps its line as text (LP104,
  LP105): nothing is dropped;
* an indented line or a bullet continues the deepest open provision;
* a plain line: on the federation's site it belongs to the innermost provision opened by a label or
  by the block heading (items there are list entries, and their own text is indented); on the wiki
  it belongs to the deepest open provision. Text after a provision's children is its wrap-up;
* on the wiki, an item or sub-item line that looks like a heading and is followed by body text or
  by its own sub-items is the provision's heading; in a whole-article page, the first heading-like
  line is the law's heading.

The block's footnote bodies ride along on the fragment for attach_footnotes.

>>> from lawparse.pipeline import build_from_texts
>>> corpus, _ = build_from_texts({"a.txt": "Artikel 16C2\\n\\nC2.  Kop van C\\nTekst van C2.\\n"})
>>> section = corpus.editions[0].articles[0].children[0]
>>> section.heading.text, section.children[0].id, section.children[0].intro[0].text
('Kop van C', '16C2', 'Tekst van C2.')
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.model import Kind
from lawparse.pipeline.heuristics import looks_like_heading

_ROMAN = re.compile(r"[ivxl]+")
_ID_JOINER = {
    (Kind.ARTICLE, Kind.SECTION): "",
    (Kind.ARTICLE, Kind.ITEM): ".",  # an item of a law without sections (LP104): not a citation form
    (Kind.SECTION, Kind.ITEM): "",
    (Kind.ITEM, Kind.SUBITEM): "",
    (Kind.SUBITEM, Kind.SUBSUBITEM): "-",
}


@dataclass(slots=True, eq=False)
class _Node:
    """A provision while its block is read; frozen into a model.Provision at the end."""

    id: str
    kind: Kind
    num: str
    sources: list[model.Source]
    container: bool = False  # opened by a label or the block heading: receives plain lines (web)
    heading: model.Paragraph | None = None
    intro: list[model.Paragraph] = field(default_factory=list)
    children: list[_Node] = field(default_factory=list)
    wrap_up: list[model.Paragraph] = field(default_factory=list)

    def add_text(self, paragraph: model.Paragraph) -> None:
        (self.wrap_up if self.children else self.intro).append(paragraph)

    def child(self, num: str, kind: Kind, source: model.Source, *, container: bool = False) -> _Node:
        for child in self.children:
            if child.num == num and child.kind is kind:
                if source not in child.sources:
                    child.sources.append(source)
                child.container = child.container or container
                return child
        node = _Node(f"{self.id}{_ID_JOINER[self.kind, kind]}{num}", kind, num, [source], container)
        self.children.append(node)
        return node

    def freeze(self) -> model.Provision:
        return model.Provision(
            id=self.id,
            kind=self.kind,
            num=self.num,
            heading=self.heading,
            intro=tuple(self.intro),
            children=tuple(child.freeze() for child in self.children),
            wrap_up=tuple(self.wrap_up),
            sources=tuple(self.sources),
        )


def _previous_letter(label: str) -> str:
    return chr(ord(label) - 1)


def _opens_child_of(line: model.Line | None, node: _Node) -> bool:
    """Whether ``line`` is a sub-item label that nests under ``node`` (as _BlockReader._sub_item_kind decides).

    A heading-like item line followed by its sub-items has no text of its own: the line is its heading.
    """
    if not isinstance(line, model.SubItem):
        return False
    label = line.label
    if node.kind is Kind.ITEM:
        return True
    if node.kind is not Kind.SUBITEM:
        return False
    if label.isdigit() or (len(label) > 1 and _ROMAN.fullmatch(label)):
        return True
    return bool(_ROMAN.fullmatch(label)) and node.num != _previous_letter(label)


class _BlockReader:
    def __init__(self, block: model.Block, target: model.ProvisionId, diag: Diagnostics) -> None:
        self.block = block
        self.target = target
        self.diag = diag
        self.style = block.heading.style
        source = block.heading.source
        self.article = _Node(target.law, Kind.ARTICLE, target.law, [source], container=True)
        self.stack = [self.article]
        for part, kind in zip(target.parts[1:], model.KIND_BY_DEPTH[1:], strict=False):
            self.stack.append(self.stack[-1].child(part, kind, source, container=True))

    # ---- helpers -------------------------------------------------------------------------------
    def _report(self, code: str, line: model.Line, message: str) -> None:
        self.diag.report_at(code, message, line.source)

    def _nearest(self, kind: Kind) -> int | None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].kind is kind:
                return index
        return None

    def _open(self, parent_index: int, num: str, kind: Kind, line: model.Line) -> _Node:
        node = self.stack[parent_index].child(num, kind, line.source)
        self.stack[parent_index + 1 :] = [node]
        return node

    def _heading_or_text(self, node: _Node, text: model.Paragraph | None, index: int) -> None:
        if text is None:
            return
        following = self.block.lines[index + 1] if index + 1 < len(self.block.lines) else None
        if (
            self.style is model.PageStyle.WIKI
            and node.heading is None
            and looks_like_heading(text.text)
            and (isinstance(following, model.Text | model.Bullet) or _opens_child_of(following, node))
        ):
            node.heading = text
        else:
            node.add_text(text)

    # ---- one method per line form ----------------------------------------------------------------
    def read(self) -> model.Fragment:
        for index, line in enumerate(self.block.lines):
            match line:
                case model.SectionLabel():
                    self._section_label(line)
                case model.NumberedItem():
                    self._numbered_item(line, index)
                case model.SubItem():
                    self._sub_item(line, index)
                case model.Text():
                    self._text(line)
                case model.ArticleHeading() if line.num == self.target.law and self.article.heading is None:
                    self.article.heading = line.heading
                case model.PageTitle():
                    self._report("LP107", line, f"page title `{line.whole.text}` inside a block; kept as text")
                    self.stack[-1].add_text(line.whole)
                case _:  # continuation, bullet, misplaced headings: text of the deepest provision
                    self.stack[-1].add_text(line.whole if not isinstance(line, model.Bullet) else line.text)
        footnotes = self._footnotes()
        return model.Fragment(
            edition=self.block.edition or "",
            target=str(self.target),
            article=self.article.freeze(),
            source=self.block.heading.source,
            footnotes=footnotes,
        )

    def _section_label(self, line: model.SectionLabel) -> None:
        letter, item = line.label[0], line.label[1:]
        said = self.target.parts[1 : 1 + (2 if item else 1)]
        if said and tuple(part for part in (letter, item) if part)[: len(said)] != said:
            self._report(
                "LP103",
                line,
                f"label `{line.label}.` does not agree with the block heading "
                f"`{self.block.heading.target}`; the label is followed",
            )
        section = self.article.child(letter, Kind.SECTION, line.source, container=True)
        self.stack[1:] = [section]
        if item:
            self.stack.append(section.child(item, Kind.ITEM, line.source, container=True))
        if line.text is None:
            return
        if section.heading is None:
            section.heading = line.text
        else:
            self.stack[-1].add_text(line.text)

    def _numbered_item(self, line: model.NumberedItem, index: int) -> None:
        parent = self._nearest(Kind.SECTION)
        if parent is None:
            self._report(
                "LP104",
                line,
                f"item `{line.num}.` stands directly under law {self.target.law}, outside any section; "
                f"it is given the id {self.target.law}.{line.num}",
            )
            parent = 0
        node = self._open(parent, line.num, Kind.ITEM, line)
        self._heading_or_text(node, line.text, index)

    def _sub_item_kind(self, line: model.SubItem) -> Kind:
        label = line.label
        if label.isdigit() or (len(label) > 1 and _ROMAN.fullmatch(label)):
            return Kind.SUBSUBITEM
        if not _ROMAN.fullmatch(label):
            return Kind.SUBITEM
        sub = self._nearest(Kind.SUBITEM)
        if sub is not None and self.stack[sub].num != _previous_letter(label):
            return Kind.SUBSUBITEM
        self._report(
            "LP111",
            line,
            f"`({label})` read as the letter {label}, not a roman numeral: "
            + (f"it follows ({_previous_letter(label)})" if sub is not None else "no sub-item is open"),
        )
        return Kind.SUBITEM

    def _sub_item(self, line: model.SubItem, index: int) -> None:
        kind = self._sub_item_kind(line)
        parent_kind = Kind.ITEM if kind is Kind.SUBITEM else Kind.SUBITEM
        parent = self._nearest(parent_kind)
        if parent is None:
            self._report(
                "LP104",
                line,
                f"`({line.label})` has no {parent_kind.value} to belong to; its line is kept as text",
            )
            self.stack[-1].add_text(line.whole)
            return
        siblings = [c for c in self.stack[parent].children if c.kind is Kind.SUBSUBITEM]
        if kind is Kind.SUBSUBITEM and siblings and siblings[0].num.isdigit() != line.label.isdigit():
            self._report(
                "LP105",
                line,
                f"`({line.label})` would nest below `({siblings[-1].num})`, deeper than the laws go; "
                "its line is kept as text",
            )
            self.stack[-1].add_text(line.whole)
            return
        node = self._open(parent, line.label, kind, line)
        self._heading_or_text(node, line.text, index)

    def _text(self, line: model.Text) -> None:
        if self.style is model.PageStyle.WIKI:
            self.stack[-1].add_text(line.text)
            return
        container = max(i for i, node in enumerate(self.stack) if node.container)
        del self.stack[container + 1 :]
        node = self.stack[container]
        if (
            node is self.article
            and self.target.depth == 0
            and node.heading is None
            and not node.intro
            and not node.children
            and looks_like_heading(line.text.text)
        ):
            node.heading = line.text
        else:
            node.add_text(line.text)

    def _footnotes(self) -> tuple[model.Footnote, ...]:
        footnotes: list[model.Footnote] = []
        for line in self.block.footnotes:
            if isinstance(line, model.FootnoteBody):
                footnotes.append(model.Footnote(line.marker, (line.text,)))
            elif footnotes:
                last = footnotes[-1]
                footnotes[-1] = dataclasses.replace(last, paragraphs=(*last.paragraphs, line.whole))
            else:
                self._report("LP106", line, "text below the footnote separator before any footnote; kept as text")
                self.stack[-1].add_text(line.whole)
        return tuple(footnotes)


def build_provisions(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    fragments: list[model.Fragment] = []
    for document in corpus.documents:
        for block in document.blocks:
            target = model.ProvisionId.parse(block.heading.target)
            assert target is not None, "the grammar only admits block headings with a valid id"
            fragments.append(_BlockReader(block, target, diag).read())
    return dataclasses.replace(corpus, fragments=tuple(fragments))
