"""The pipeline: decode, parse, then the passes in the order of PASSES.

Each pass is one module with one function of the same name, ``pass_name(corpus, diag) -> corpus``:
pure (a new Corpus out, the old one untouched) apart from what it reports into the diagnostics sink.
PASSES is the one place that orders them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.grammar import parse_document
from lawparse.pipeline.assign_editions import assign_editions
from lawparse.pipeline.attach_footnotes import attach_footnotes
from lawparse.pipeline.build_provisions import build_provisions
from lawparse.pipeline.check_numbering import check_numbering
from lawparse.pipeline.diff_editions import diff_editions
from lawparse.pipeline.flag_foreign_characters import flag_foreign_characters
from lawparse.pipeline.flag_print_artifacts import flag_print_artifacts
from lawparse.pipeline.flag_suspicious_provisions import flag_suspicious_provisions
from lawparse.pipeline.merge_fragments import merge_fragments
from lawparse.pipeline.remove_leaked_lines import remove_leaked_lines
from lawparse.pipeline.remove_page_furniture import remove_page_furniture
from lawparse.pipeline.resolve_references import resolve_references
from lawparse.pipeline.restore_section_letters import restore_section_letters
from lawparse.pipeline.split_run_in_headings import split_run_in_headings
from lawparse.reading import decode_source

Pass = Callable[[model.Corpus, Diagnostics], model.Corpus]

PASSES: tuple[Pass, ...] = (
    remove_page_furniture,
    assign_editions,
    remove_leaked_lines,
    flag_foreign_characters,
    restore_section_letters,
    split_run_in_headings,
    build_provisions,
    attach_footnotes,
    check_numbering,
    merge_fragments,
    flag_suspicious_provisions,
    flag_print_artifacts,
    resolve_references,
    diff_editions,
)


def parse_files(
    files: Iterable[tuple[str, bytes]], settings: model.Settings, diag: Diagnostics
) -> tuple[model.Document, ...]:
    """Decode and parse each (name, bytes); files that cannot be read as text are left out (reported)."""
    documents = []
    for name, data in files:
        source = decode_source(name, data, diag, max_bytes=settings.max_file_bytes)
        if source is not None:
            documents.append(parse_document(source, diag))
    return tuple(documents)


def run_passes(corpus: model.Corpus, diag: Diagnostics, passes: Iterable[Pass] = PASSES) -> model.Corpus:
    for step in passes:
        corpus = step(corpus, diag)
    return corpus


def build(
    files: Iterable[tuple[str, bytes]], settings: model.Settings | None = None
) -> tuple[model.Corpus, Diagnostics]:
    """The whole pipeline over (name, bytes) pairs, in the order given."""
    settings = settings or model.Settings()
    diag = Diagnostics()
    documents = parse_files(files, settings, diag)
    corpus = run_passes(model.Corpus(settings=settings, documents=documents), diag)
    return corpus, diag


def build_from_texts(
    texts: Mapping[str, str], settings: model.Settings | None = None
) -> tuple[model.Corpus, Diagnostics]:
    """The pipeline over in-memory texts: for tests, examples and other programs."""
    return build(((name, text.encode("utf-8")) for name, text in texts.items()), settings)


__all__ = ["PASSES", "Pass", "build", "build_from_texts", "parse_files", "run_passes"]
