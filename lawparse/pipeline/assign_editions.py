"""assign_editions: give every block its edition, and every file its page title.

A separate pass because the edition is the first thing every later step keys on (ids are unique
only within an edition), and deciding it must not be mixed with deciding structure.

* a wiki title ``Sjabloon:1997:25B`` gives its year; a title whose edition is not a year is an
  error (LP102) and the block's text goes to ``unplaced``: guessing would file it under the wrong
  law book;
* a page of the federation's site has no marker: it is the current edition, ``Settings.default_edition``;
* ``ARTIKEL 31`` before the first block is the page title: file metadata, never an article;
* any other text before the first block belongs to no article: ``unplaced``, with an error (LP101).

>>> from lawparse.pipeline import build_from_texts
>>> corpus, _ = build_from_texts({"a.txt": "ARTIKEL 31\\n\\nSjabloon:1997:25B\\n\\nB. Kop\\n"})
>>> corpus.documents[0].page_title, corpus.documents[0].blocks[0].edition
('31', '1997')
"""

from __future__ import annotations

import dataclasses
import re

from lawparse import model
from lawparse.diagnostics import Diagnostics

_YEAR = re.compile(r"(?:19|20)\d\d")


def _unplace(line: model.Line, reason: str) -> model.Unplaced:
    return model.Unplaced(line.whole.text, line.source.file, line.source.line, line.source.column, reason)


def assign_editions(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    documents: list[model.Document] = []
    unplaced = list(corpus.unplaced)
    for document in corpus.documents:
        page_title = document.page_title
        for line in document.preamble:
            if isinstance(line, model.PageTitle) and page_title is None:
                page_title = line.num
                continue
            unplaced.append(_unplace(line, "text outside any article"))
            diag.report_at(
                "LP101",
                "text before the first block heading belongs to no article; it is kept in `unplaced`",
                line.source,
            )
        blocks: list[model.Block] = []
        for block in document.blocks:
            heading = block.heading
            if heading.edition_marker is None:
                blocks.append(dataclasses.replace(block, edition=corpus.settings.default_edition))
            elif _YEAR.fullmatch(heading.edition_marker):
                blocks.append(dataclasses.replace(block, edition=heading.edition_marker))
            else:
                diag.report_at(
                    "LP102",
                    f"`Sjabloon:{heading.edition_marker}:{heading.target}`: `{heading.edition_marker}` is not "
                    "an edition year; the block's text is kept in `unplaced`. Correct the year in the title.",
                    heading.source,
                )
                unplaced.extend(
                    _unplace(line, f"block with unknown edition `{heading.edition_marker}`")
                    for line in (*block.lines, *block.footnotes)
                )
        documents.append(dataclasses.replace(document, preamble=(), blocks=tuple(blocks), page_title=page_title))
    return dataclasses.replace(corpus, documents=tuple(documents), unplaced=tuple(unplaced))
