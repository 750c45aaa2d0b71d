"""Taking whole lines out of the line layer, with a record and a fix for each (shared by the removal passes).

A removed line never reaches the provisions, so it cannot feed a heading, a reference or the edition
diff. Each removal is recorded in ``Corpus.removals`` and reported at its line with a safe fix that
deletes the line from the file, so that ``lawparse check --fix`` can clean the source.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from lawparse import model
from lawparse.diagnostics import Diagnostics, Fix, TextEdit


def document_lines(document: model.Document) -> Iterator[model.Line]:
    """Every line of a file that the grammar kept: preamble, block lines and footnote lines."""
    yield from document.preamble
    for block in document.blocks:
        yield from block.lines
        yield from block.footnotes


QUOTED_WORDS = 6


def _abbreviated(text: str) -> str:
    """The first words of a removed line: enough to find it, without repeating it (it is in `removals`)."""
    words = text.split()
    return text if len(words) <= QUOTED_WORDS else " ".join(words[:QUOTED_WORDS]) + " …"


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """Why one line goes: the reason recorded with it, and the evidence for it."""

    reason: str
    evidence: str


def remove_lines(
    corpus: model.Corpus, doomed: Mapping[model.Source, Verdict], code: str, diag: Diagnostics
) -> model.Corpus:
    """A corpus without the lines in ``doomed`` (keyed by their source), each recorded and reported."""
    if not doomed:
        return corpus
    removals: list[model.Removal] = []

    def keep(lines: tuple[model.Line, ...]) -> tuple[model.Line, ...]:
        kept = []
        for line in lines:
            verdict = doomed.get(line.source)
            if verdict is None:
                kept.append(line)
                continue
            position = line.source
            removals.append(
                model.Removal(line.whole.text, position.file, position.line, verdict.reason, verdict.evidence)
            )
            diag.report_at(
                code,
                f"line removed ({verdict.reason}): `{_abbreviated(line.whole.text)}`; {verdict.evidence}",
                position,
                fix=Fix(
                    f"delete line {position.line} ({verdict.reason})",
                    (TextEdit(position.line, 1, position.line + 1, 1, ""),),
                ),
            )
        return tuple(kept)

    documents = tuple(
        dataclasses.replace(
            document,
            preamble=keep(document.preamble),
            blocks=tuple(
                dataclasses.replace(block, lines=keep(block.lines), footnotes=keep(block.footnotes))
                for block in document.blocks
            ),
        )
        for document in corpus.documents
    )
    return dataclasses.replace(corpus, documents=documents, removals=(*corpus.removals, *removals))
