"""The grammars and the one place that builds Lark parsers from them.

Lark's Tree and Token never leave this package: :func:`parse_document` hands back a
:class:`lawparse.model.Document`, built by an inline transformer while the LALR parser runs (several
times faster than building a Tree and transforming it afterwards).
"""

from __future__ import annotations

import contextvars
import hashlib
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import lark
import platformdirs
from lark import Lark, Token, Transformer

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.reading import SourceText

__all__ = ["grammar_text", "parse_citations", "parse_document", "parser_for"]


def grammar_text(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _cache_file(name: str, text: str) -> str:
    # One cache file per grammar text and Lark version, in the user's cache folder: never inside the
    # installed package, which may be read-only.
    digest = hashlib.sha256(f"{lark.__version__}\0{text}".encode()).hexdigest()[:16]
    folder = Path(platformdirs.user_cache_dir("lawparse"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return ""
    return str(folder / f"{Path(name).stem}-{digest}.lark-cache")


def parser_for(name: str, transformer: Transformer[Any, Any] | None = None) -> Lark:
    """An LALR parser (contextual lexer, strict) for one of this package's grammars."""
    text = grammar_text(name)
    cache_file = _cache_file(name, text)
    return Lark(
        text,
        parser="lalr",
        lexer="contextual",
        strict=True,
        transformer=transformer,
        cache=cache_file or False,
        maybe_placeholders=False,
    )


# ---------------------------------------------------------------------------------------------------
# document.lark -> model.Document


@dataclass(slots=True)
class _ParseContext:
    file: str
    text: str
    line_offset: int = 0
    headings_without_number: list[model.Text] = field(default_factory=list)


_CONTEXT: contextvars.ContextVar[_ParseContext] = contextvars.ContextVar("lawparse_parse_context")
_HEADING_WITHOUT_NUMBER = re.compile(r"(?:Artikel|ARTIKEL|Sjabloon:[^\s:]*:?)")


@dataclass(frozen=True, slots=True)
class _FootnoteSection:
    lines: tuple[model.Line, ...]


class _DocumentBuilder(Transformer[Token, Any]):
    """Callbacks of the inline transformer: one per rule of document.lark."""

    @staticmethod
    def _source(token: Token) -> model.Source:
        context = _CONTEXT.get()
        assert token.line is not None and token.column is not None
        return model.Source(context.file, token.line + context.line_offset, token.column)

    def _paragraph(self, first: Token, last: Token) -> model.Paragraph:
        """The text of a line from ``first`` to the end of ``last``, raw and plain."""
        assert first.start_pos is not None and last.end_pos is not None
        raw = _CONTEXT.get().text[first.start_pos : last.end_pos]
        return model.Paragraph.from_raw(raw, self._source(first))

    def start(self, children: list[Any]) -> tuple[tuple[model.Line, ...], tuple[model.Block, ...]]:
        return children[0], tuple(children[1:])

    def preamble(self, children: list[Any]) -> tuple[model.Line, ...]:
        if children and isinstance(children[-1], _FootnoteSection):
            return (*children[:-1], *children[-1].lines)
        return tuple(children)

    def block(self, children: list[Any]) -> model.Block:
        heading, *lines = children
        footnotes: tuple[model.Line, ...] = ()
        if lines and isinstance(lines[-1], _FootnoteSection):
            footnotes = lines.pop().lines
        return model.Block(heading, tuple(lines), footnotes)

    def web_heading(self, children: list[Token]) -> model.BlockHeading:
        word, target = children
        return model.BlockHeading(self._source(word), model.PageStyle.WEB, str(target), None)

    def template_title(self, children: list[Token]) -> model.BlockHeading:
        word, edition, target = children
        return model.BlockHeading(self._source(word), model.PageStyle.WIKI, str(target), edition[:-1])

    def footnote_section(self, children: list[Any]) -> _FootnoteSection:
        return _FootnoteSection(tuple(children[1:]))

    def _marked(self, children: list[Token]) -> tuple[model.Source, model.Paragraph, model.Paragraph | None]:
        """Position, whole text and body text of a line made of a marker and an optional text."""
        marker, *text = children
        body = self._paragraph(text[0], text[0]) if text else None
        return self._source(marker), self._paragraph(marker, children[-1]), body

    def footnote(self, children: list[Token]) -> model.FootnoteBody:
        source, whole, body = self._marked(children)
        assert body is not None
        return model.FootnoteBody(source, whole, children[0][:-1], body)

    def page_title(self, children: list[Token]) -> model.PageTitle:
        word, num = children
        return model.PageTitle(self._source(word), self._paragraph(word, num), str(num))

    def article_heading(self, children: list[Token]) -> model.ArticleHeading:
        word, num, text = children
        return model.ArticleHeading(
            self._source(word), self._paragraph(word, text), str(num), self._paragraph(text, text)
        )

    def section_label(self, children: list[Token]) -> model.SectionLabel:
        source, whole, body = self._marked(children)
        return model.SectionLabel(source, whole, children[0][:-1], body)

    def numbered_item(self, children: list[Token]) -> model.NumberedItem:
        source, whole, body = self._marked(children)
        return model.NumberedItem(source, whole, children[0][:-1], body)

    def sub_item(self, children: list[Token]) -> model.SubItem:
        source, whole, body = self._marked(children)
        return model.SubItem(source, whole, children[0][1:-1], body)

    def bullet(self, children: list[Token]) -> model.Bullet:
        source, whole, _ = self._marked(children)
        return model.Bullet(source, whole, whole)

    def continuation(self, children: list[Token]) -> model.Continuation:
        (text,) = children
        paragraph = self._paragraph(text, text)
        return model.Continuation(self._source(text), paragraph, paragraph)

    def text(self, children: list[Token]) -> model.Text:
        (token,) = children
        paragraph = self._paragraph(token, token)
        line = model.Text(self._source(token), paragraph, paragraph)
        if _HEADING_WITHOUT_NUMBER.fullmatch(line.text.text):
            _CONTEXT.get().headings_without_number.append(line)
        return line


@cache
def _document_parser() -> Lark:
    return parser_for("document.lark", _DocumentBuilder())


def _parse_with_context(context: _ParseContext) -> tuple[tuple[model.Line, ...], tuple[model.Block, ...]]:
    token = _CONTEXT.set(context)
    try:
        result: tuple[tuple[model.Line, ...], tuple[model.Block, ...]] = _document_parser().parse(context.text)
        return result
    finally:
        _CONTEXT.reset(token)


def _parse_line_by_line(
    source: SourceText, context: _ParseContext
) -> tuple[tuple[model.Line, ...], tuple[model.Block, ...]]:
    """The fallback when a whole file fails: each line parsed alone, blocks reassembled."""
    preamble: list[model.Line] = []
    blocks: list[model.Block] = []
    for index, line in enumerate(source.text.splitlines(keepends=True)):
        line_context = _ParseContext(source.file, line, index, context.headings_without_number)
        try:
            lines, line_blocks = _parse_with_context(line_context)
        except lark.exceptions.LarkError:
            raw = line.rstrip("\n")
            position = model.Source(source.file, index + 1)
            paragraph = model.Paragraph.from_raw(raw, position)
            lines = (model.Text(position, paragraph, paragraph),) if raw.strip() else ()
            line_blocks = ()
        if line_blocks:
            blocks.extend(line_blocks)
        elif blocks:
            last = blocks[-1]
            blocks[-1] = model.Block(last.heading, last.lines + lines, last.footnotes)
        else:
            preamble.extend(lines)
    return tuple(preamble), tuple(blocks)


def parse_document(source: SourceText, diag: Diagnostics) -> model.Document:
    """Parse one decoded file into its line-level AST. Never raises on any text."""
    context = _ParseContext(source.file, source.text)
    try:
        preamble, blocks = _parse_with_context(context)
    except lark.exceptions.LarkError as error:
        line = getattr(error, "line", 1) or 1
        column = getattr(error, "column", 1) or 1
        diag.report(
            "LP005",
            f"the grammar failed here ({type(error).__name__}); the file was read line by line",
            file=source.file,
            line=line,
            column=column,
        )
        context.headings_without_number.clear()
        preamble, blocks = _parse_line_by_line(source, context)
    for line in context.headings_without_number:
        diag.report_at(
            "LP006",
            f"`{line.text.text}` looks like a block heading without a provision number; kept as text",
            line.source,
        )
    return model.Document(source.file, preamble, blocks, source.line_count, encoding=source.encoding)


# citation.lark has its own module; it needs parser_for above, so it is imported last.
from lawparse.grammar.citation import parse_citations  # noqa: E402
