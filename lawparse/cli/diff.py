"""`lawparse diff OLD NEW`: two editions, or two provisions, compared word by word."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click

from lawparse import diffing, files, model, pipeline
from lawparse.cli import internal_errors_exit_2, main, usage_error
from lawparse.emit import html as html_emit
from lawparse.emit import json as json_emit

_MARKS = {
    model.DiffOpKind.EQUAL: ("", ""),
    model.DiffOpKind.DELETE: ("[-", "-]"),
    model.DiffOpKind.INSERT: ("{+", "+}"),
}


def _edition(corpus: model.Corpus, name: str) -> model.Edition:
    edition = corpus.edition(name)
    if edition is None:
        held = ", ".join(e.name for e in corpus.editions) or "none"
        usage_error(f"no edition {name!r} in the corpus (it holds: {held})")
    assert edition is not None
    return edition


def _provision(corpus: model.Corpus, key: str) -> model.Provision:
    name, _, provision_id = key.partition(":")
    provision = _edition(corpus, name).find(provision_id)
    if provision is None:
        usage_error(f"no provision {key!r} in the corpus")
    assert provision is not None
    return provision


def _redline(diff: model.Diff) -> str:
    """git's plain word-diff: ``[-deleted-]`` and ``{+inserted+}``."""
    parts = []
    for op in diff.ops:
        if op.kind is model.DiffOpKind.REPLACE:
            parts.append(f"[-{op.old}-]{{+{op.new}+}}")
        else:
            opening, closing = _MARKS[op.kind]
            parts.append(f"{opening}{op.new if op.kind is model.DiffOpKind.INSERT else op.old}{closing}")
    return "".join(parts)


def _text(old: str, new: str, diffs: list[model.Diff], partial: bool) -> str:
    counts = Counter(diffing.status(diff) for diff in diffs)
    summary = ", ".join(f"{counts[status]} {status}" for status in diffing.STATUSES)
    lines = [f"{old} -> {new}: {summary}"]
    if partial:
        lines.append("(added and removed are relative to what the partial corpus holds)")
    for diff in diffs:
        header = f"{diff.old or '(none)'} -> {diff.new or '(none)'}  {diffing.status(diff)}"
        if diff.old is not None and diff.new is not None:
            header += f"  similarity {diff.similarity:.4f}  paired by {diff.paired_by}"
        body = _redline(diff).replace("\n", "\n    ")
        lines.extend(["", header, f"    {body}"])
    return "\n".join(lines) + "\n"


@main.command()
@click.argument("old")
@click.argument("new")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "html"]),
    default="text",
    show_default=True,
    help="text: a word diff ([-deleted-]{+inserted+}); json: the diff records; html: the redline page.",
)
@click.option(
    "--corpus",
    "corpus_dir",
    default="corpus",
    show_default=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="The corpus folder to build.",
)
@click.option("--default-edition", default=model.DEFAULT_EDITION, show_default=True, help="Edition of unmarked pages.")
@internal_errors_exit_2
def diff(old: str, new: str, output_format: str, corpus_dir: Path, default_edition: str) -> None:
    """Compare OLD with NEW: two editions (`1997 2017`) or two provisions (`1997:25B 2017:25B`)."""
    if (":" in old) != (":" in new):
        usage_error(f"compare two editions or two provisions, not {old!r} with {new!r}")
    corpus, _ = pipeline.build(files.read_corpus(corpus_dir), model.Settings(default_edition=default_edition))
    if ":" in old:
        diffs = diffing.diff_provisions(
            old.partition(":")[0], _provision(corpus, old), new.partition(":")[0], _provision(corpus, new)
        )
    else:
        diffs = diffing.diff_editions(_edition(corpus, old), _edition(corpus, new))
    partial = ":" not in old
    if output_format == "json":
        output = json_emit.dumps({"old": old, "new": new, "diffs": [json_emit.diff_to_data(d) for d in diffs]})
    elif output_format == "html":
        output = html_emit.diff_page(old, new, diffs, diffing.provisions_by_key(corpus), partial=partial)
    else:
        output = _text(old, new, diffs, partial)
    click.echo(output, nl=False)
