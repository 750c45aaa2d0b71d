"""restore_section_letters: read the numbered lines that head sections of a whole article as sections.

In whole-article blocks of the federation's site the markup turned section letters into list
numbers: ``1. Niet bedoelde bieding`` is section A, ``2. Voorgenomen bieding`` section B, and the
items under each restart at ``1.``. A separate pass because it is a guess about the *source's*
defects, made on lines before any structure is built, and every guess is reported (LP110).

A numbered line of a whole-article block is read as the next section when all of these hold:

* its text looks like a heading (short, capitalised, no final punctuation);
* it is followed by body text, or by a numbering that restarts at ``1.``;
* its number is the next section number (the first is 1, then 2, ...), so an item ``2.`` of
  section A that happens to look like a heading is not taken for section B unless B is due.

>>> from lawparse.pipeline import build_from_texts
>>> text = "Artikel 25\\n\\nKop\\n\\n1. Niet bedoelde bieding\\n1. Als een speler iets doet.\\n"
>>> corpus, _ = build_from_texts({"a.txt": text})
>>> corpus.editions[0].articles[0].children[0].id
'25A'
"""

from __future__ import annotations

import dataclasses
import string

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.pipeline.heuristics import looks_like_heading


def _starts_section(lines: tuple[model.Line, ...], index: int, expected: int) -> str | None:
    """Why ``lines[index]`` heads section number ``expected``, or None when it does not."""
    line = lines[index]
    if not isinstance(line, model.NumberedItem) or line.text is None:
        return None
    if line.num != str(expected) or not looks_like_heading(line.text.text):
        return None
    following = lines[index + 1] if index + 1 < len(lines) else None
    if isinstance(following, model.Text):
        return "a short numbered line without final punctuation, followed by body text"
    if isinstance(following, model.NumberedItem) and following.num == "1":
        return "a short numbered line without final punctuation, followed by a numbering that restarts at 1"
    return None


def _restore(block: model.Block, diag: Diagnostics) -> model.Block:
    lines = list(block.lines)
    sections = 0
    for index in range(len(lines)):
        reason = _starts_section(block.lines, index, sections + 1)
        if reason is None or sections >= len(string.ascii_uppercase):
            continue
        line = lines[index]
        assert isinstance(line, model.NumberedItem)
        letter = string.ascii_uppercase[sections]
        sections += 1
        lines[index] = model.SectionLabel(line.source, line.whole, letter, line.text, restored_from=line.num)
        diag.report_at(
            "LP110",
            f"`{line.num}. {line.text.text if line.text else ''}` read as section {letter} of "
            f"{block.heading.target}: {reason}. Write `{letter}.` in the source if this is right.",
            line.source,
        )
    return dataclasses.replace(block, lines=tuple(lines))


def _is_whole_article_page(block: model.Block) -> bool:
    """A web page holding a whole law whose sections carry no letter at all."""
    target = model.ProvisionId.parse(block.heading.target)
    return (
        block.heading.style is model.PageStyle.WEB
        and target is not None
        and target.depth == 0
        and not any(isinstance(line, model.SectionLabel) for line in block.lines)
    )


def restore_section_letters(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    documents = tuple(
        dataclasses.replace(
            document,
            blocks=tuple(
                _restore(block, diag) if _is_whole_article_page(block) else block for block in document.blocks
            ),
        )
        for document in corpus.documents
    )
    return dataclasses.replace(corpus, documents=documents)
