"""The pipeline: decode, parse, then the passes in the order of PASSES.

Each pass is one module with one function of the same name, ``pass_name(corpus, diag) -> corpus``:
pure (a new Corpus out, the old one untouched) apart from what it reports into the diagnostics sink.
PASSES is the one place that orders them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from lawparse import model
from lawparse.diagnostics import Diagnostic, Diagnostics
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
from lawparse.timing import Stages, timed

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
    files: Iterable[tuple[str, bytes]],
    settings: model.Settings,
    diag: Diagnostics,
    stages: Stages | None = None,
    jobs: int = 1,
) -> tuple[model.Document, ...]:
    """Decode and parse each (name, bytes); files that cannot be read as text are left out (reported).

    With ``jobs`` > 1 the files are parsed in that many processes; documents and diagnostics come
    back in file order, so the result is the same as with one.
    """
    if jobs > 1:
        with timed(stages, "decode+parse"):
            return _parse_in_processes(list(files), settings, diag, jobs)
    documents = []
    for name, data in files:
        with timed(stages, "decode"):
            source = decode_source(name, data, diag, max_bytes=settings.max_file_bytes)
        if source is not None:
            with timed(stages, "parse"):
                documents.append(parse_document(source, diag))
    return tuple(documents)


def _parse_one(file: tuple[str, bytes], settings: model.Settings) -> tuple[model.Document | None, list[Diagnostic]]:
    diag = Diagnostics()
    (document,) = parse_files([file], settings, diag) or (None,)
    return document, diag.items


def _parse_in_processes(
    files: list[tuple[str, bytes]], settings: model.Settings, diag: Diagnostics, jobs: int
) -> tuple[model.Document, ...]:
    # Imported here: multiprocessing costs a cold start more than the whole seed corpus takes to parse.
    from concurrent.futures import ProcessPoolExecutor

    documents = []
    chunk = max(1, len(files) // (jobs * 4))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for document, found in pool.map(_parse_one, files, [settings] * len(files), chunksize=chunk):
            diag.items.extend(found)
            if document is not None:
                documents.append(document)
    return tuple(documents)


def run_passes(
    corpus: model.Corpus, diag: Diagnostics, passes: Iterable[Pass] = PASSES, stages: Stages | None = None
) -> model.Corpus:
    for step in passes:
        with timed(stages, step.__name__):
            corpus = step(corpus, diag)
    return corpus


def build(
    files: Iterable[tuple[str, bytes]],
    settings: model.Settings | None = None,
    stages: Stages | None = None,
    jobs: int = 1,
) -> tuple[model.Corpus, Diagnostics]:
    """The whole pipeline over (name, bytes) pairs, in the order given.

    ``stages``, when given, receives the seconds spent in each stage (see :mod:`lawparse.timing`);
    ``jobs`` > 1 parses the files in that many processes, with the same result.
    """
    settings = settings or model.Settings()
    diag = Diagnostics()
    documents = parse_files(files, settings, diag, stages, jobs)
    corpus = run_passes(model.Corpus(settings=settings, documents=documents), diag, stages=stages)
    return corpus, diag


def build_from_texts(
    texts: Mapping[str, str], settings: model.Settings | None = None
) -> tuple[model.Corpus, Diagnostics]:
    """The pipeline over in-memory texts: for tests, examples and other programs."""
    return build(((name, text.encode("utf-8")) for name, text in texts.items()), settings)


__all__ = ["PASSES", "Pass", "build", "build_from_texts", "parse_files", "run_passes"]
