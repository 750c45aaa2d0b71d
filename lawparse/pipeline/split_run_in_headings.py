"""split_run_in_headings: split a section heading that ran into the body, where another copy ends it.

The scrape sometimes lost the line break after a section's heading:
``C. Informatie uit ingetrokken handelingen Ingeval een bieding ...``. A section label whose text
does not look like a heading is split when another section label of the same section (same edition,
law and letter; in any file) carries a heading that this text starts with, word for word: that
heading stays on the label and the rest becomes the section's first paragraph. The split is a guess
and is reported (LP204) with an unsafe fix that breaks the line in the file. When no copy shows
where the heading ends but the text looks like one run into a sentence (a heading-like phrase, then a
capitalised word with no punctuation between), the line is left as it is and reported (LP205): a
heading is never split silently. A separate pass because it works on the lines of all files at
once, before the structure is built from them.

>>> from lawparse.pipeline import build_from_texts
>>> a = "Artikel 16C\\n\\nC.  Informatie uit handelingen\\nIngeval een bieding wordt ingetrokken:\\n"
>>> b = "Artikel 16C\\n\\nC. Informatie uit handelingen Ingeval een bieding wordt ingetrokken:\\n"
>>> corpus, diag = build_from_texts({"a.txt": a, "b.txt": b})
>>> section = corpus.editions[0].find("16C")
>>> section.heading.text, [p.text for p in section.intro], [d.code for d in diag.items]
('Informatie uit handelingen', ['Ingeval een bieding wordt ingetrokken:'], ['LP204'])
"""

from __future__ import annotations

import dataclasses
import re

from lawparse import model
from lawparse.diagnostics import Diagnostics, Fix, TextEdit
from lawparse.pipeline.heuristics import looks_like_heading

_WORD = re.compile(r"\S+")

SectionKey = tuple[str, str, str]  # edition, law, letter


def _section_key(block: model.Block, label: model.SectionLabel) -> SectionKey | None:
    target = model.ProvisionId.parse(block.heading.target)
    return (block.edition or "", target.law, label.label[0]) if target else None


def _known_headings(corpus: model.Corpus) -> dict[SectionKey, list[tuple[str, model.Source]]]:
    known: dict[SectionKey, list[tuple[str, model.Source]]] = {}
    for document in corpus.documents:
        for block in document.blocks:
            for line in block.lines:
                if isinstance(line, model.SectionLabel) and line.text and looks_like_heading(line.text.text):
                    key = _section_key(block, line)
                    if key is not None:
                        known.setdefault(key, []).append((line.text.text, line.text.source))
    return known


def _word_spans(raw: str) -> list[tuple[int, int]]:
    return [match.span() for match in _WORD.finditer(raw)]


def _break_fix(label: model.SectionLabel, spans: list[tuple[int, int]], words: int) -> Fix:
    assert label.text is not None
    source = label.text.source
    end, rest = spans[words - 1][1], spans[words][0]
    return Fix(
        "break the line after the heading",
        (TextEdit(source.line, source.column + end, source.line, source.column + rest, "\n"),),
        safe=False,
    )


def _split(label: model.SectionLabel, spans: list[tuple[int, int]], words: int) -> tuple[model.Line, model.Line]:
    assert label.text is not None
    text = label.text
    end, rest = spans[words - 1][1], spans[words][0]
    heading = model.Paragraph.from_raw(text.raw[:end], text.source)
    whole_end = len(label.whole.raw) - len(text.raw) + end
    whole = model.Paragraph.from_raw(label.whole.raw[:whole_end], label.whole.source)
    body_source = model.Source(text.source.file, text.source.line, text.source.column + rest)
    body = model.Paragraph.from_raw(text.raw[rest:], body_source)
    return dataclasses.replace(label, whole=whole, text=heading), model.Text(body_source, body, body)


def _run_in_point(words: list[str]) -> int | None:
    """Where a heading-like phrase meets a capitalised word with no punctuation between, if anywhere."""
    for count in range(2, len(words)):
        before, after = words[count - 1], words[count]
        if (
            before[-1].isalpha()
            and before.islower()
            and after[0].isupper()
            and after[1:].islower()
            and looks_like_heading(" ".join(words[:count]))
        ):
            return count
    return None


def _lines(
    block: model.Block, known: dict[SectionKey, list[tuple[str, model.Source]]], diag: Diagnostics
) -> tuple[model.Line, ...]:
    lines: list[model.Line] = []
    for line in block.lines:
        if not isinstance(line, model.SectionLabel) or line.text is None or looks_like_heading(line.text.text):
            lines.append(line)
            continue
        key = _section_key(block, line)
        text = line.text.text
        words = text.split()
        copies = known.get(key, []) if key is not None else []
        candidates = [(heading, source) for heading, source in copies if text.startswith(heading + " ")]
        spans = _word_spans(line.text.raw)
        position = line.text.source
        if candidates and len(spans) == len(words):
            heading, where = max(candidates, key=lambda candidate: len(candidate[0]))
            count = len(heading.split())
            head, body = _split(line, spans, count)
            lines.extend((head, body))
            diag.report_at(
                "LP204",
                f"`{line.label}.` heading split after `{heading}`, where the copy at {where.file}:{where.line} "
                f"ends it; `{body.whole.text[:40]}` ... is read as the section's text",
                position,
                fix=_break_fix(line, spans, count),
            )
            continue
        lines.append(line)
        point = _run_in_point(words)
        if point is not None and len(spans) == len(words):
            diag.report_at(
                "LP205",
                f"`{line.label}.` heading seems to run into the body after `{' '.join(words[:point])}`; "
                "no other copy of the section shows where it ends, so the line is not split",
                position,
                fix=_break_fix(line, spans, point),
            )
    return tuple(lines)


def split_run_in_headings(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    known = _known_headings(corpus)
    documents = tuple(
        dataclasses.replace(
            document,
            blocks=tuple(dataclasses.replace(block, lines=_lines(block, known, diag)) for block in document.blocks),
        )
        for document in corpus.documents
    )
    return dataclasses.replace(corpus, documents=documents)
