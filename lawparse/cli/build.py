"""`lawparse build`: the corpus folder to laws.json, laws.xml and their schemas."""

from __future__ import annotations

import gc
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter

import click

from lawparse import emit, files, model, pipeline
from lawparse.cli import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    internal_errors_exit_2,
    main,
    require_compared_pairs,
    say,
    settings_options,
    stderr_is_terminal,
)
from lawparse.diagnostics import Diagnostic, Diagnostics, Severity
from lawparse.timing import Stages, timed

PROGRESS_MIN_FILES = 200
# A build allocates millions of small objects that live to the end and frees few, so with the
# default thresholds (700, 10, 10) the cyclic collector rescans the growing heap again and again:
# a quarter of the time of a 5 MB build. The process ends after one build; collect less often.
GC_THRESHOLDS = (100_000, 50, 100)


def _read_with_progress(corpus_dir: Path) -> list[tuple[str, bytes]]:
    named = list(files.named_corpus_files(corpus_dir).items())
    if len(named) >= PROGRESS_MIN_FILES and stderr_is_terminal():
        with click.progressbar(named, label="reading", file=sys.stderr) as bar:
            return list(files.read_files(bar))
    return list(files.read_files(named))


def _summary(corpus: model.Corpus, diagnostics: list[Diagnostic]) -> str:
    provisions = sum(1 for edition in corpus.editions for _ in edition.walk())
    counts = Diagnostics(diagnostics).counts()
    statuses = Counter(reference.status for reference in corpus.references)
    return (
        f"{len(corpus.documents)} files, {provisions} provisions in {len(corpus.editions)} editions; "
        f"{len(corpus.references)} references ({statuses[model.ReferenceStatus.RESOLVED]} resolved, "
        f"{statuses[model.ReferenceStatus.OUTSIDE_CORPUS]} outside the corpus, "
        f"{statuses[model.ReferenceStatus.BROKEN]} broken, {statuses[model.ReferenceStatus.AMBIGUOUS]} ambiguous); "
        f"{counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings, {counts[Severity.INFO]} info"
    )


def _print_timings(stages: Stages, total: float) -> None:
    for name, seconds in stages.items():
        say(f"{name:>24}  {seconds:8.3f} s")
    say(f"{'total':>24}  {total:8.3f} s")


@contextmanager
def _timed_apart(stages: Stages | None, name: str) -> Iterator[None]:
    """Time the ``with`` body as ``name``, less the stages timed inside it (the outputs made while writing)."""
    if stages is None:
        yield
        return
    inside = sum(stages.values())
    with timed(stages, name):
        yield
    stages[name] -= sum(seconds for stage, seconds in stages.items() if stage != name) - inside


@main.command()
@click.argument(
    "corpus_dir",
    metavar="CORPUS",
    default="corpus",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "--out",
    "out_dir",
    default="output",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder to write laws.json, laws.xml and schema/ into.",
)
@settings_options
@click.option(
    "--jobs",
    "-j",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="Parse files in this many processes (same output; pays only on large corpora).",
)
@click.option("--timings", is_flag=True, help="Print the seconds spent in each stage to stderr.")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when the output folder is not up to date.")
@internal_errors_exit_2
def build(corpus_dir: Path, out_dir: Path, settings: model.Settings, jobs: int, timings: bool, check: bool) -> None:
    """Build laws.json and laws.xml from the corpus folder CORPUS (default: corpus/)."""
    gc.set_threshold(*GC_THRESHOLDS)
    stages: Stages | None = {} if timings else None
    started = perf_counter()
    with timed(stages, "read"):
        inputs = _read_with_progress(corpus_dir)
    corpus, diag = pipeline.build(inputs, settings, stages, jobs)
    require_compared_pairs(corpus)
    diagnostics = diag.sorted()
    # Outputs come one at a time and each is written away (or compared) before the next is made.
    outputs = emit.outputs(corpus, diagnostics, stages)
    with _timed_apart(stages, "write"):
        if check:
            stale = files.stale_outputs(out_dir, outputs)
        else:
            files.write_outputs(out_dir, outputs)
    if stages is not None:
        _print_timings(stages, perf_counter() - started)
    if check:
        for relative in stale:
            say(f"{out_dir / relative}: out of date", fg="red")
        if stale:
            say(f"{len(stale)} output file(s) differ from a fresh build; run `lawparse build` and commit them.")
            sys.exit(EXIT_FINDINGS)
        say(f"{out_dir}/ is up to date")
        return
    say(_summary(corpus, diagnostics))
    sys.exit(EXIT_FINDINGS if diag.has_errors else EXIT_CLEAN)
