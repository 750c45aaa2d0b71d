"""`lawparse check`: the findings on corpus files, for editors; `--fix` applies the safe fixes.

The whole corpus folder is read and every pass runs (references and merges need all files), nothing is
written to output/, and the findings on the files named are reported. The corpus folder is ``--corpus``
when given, otherwise the deepest folder holding every path named (a folder counts as itself, a file
as its parent folder).
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

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
    usage_error,
)
from lawparse.diagnostics import RULES, Diagnostic, Diagnostics, Fix, Severity
from lawparse.emit import report
from lawparse.fixes import apply_fixes
from lawparse.reading import decode_bytes

# A fix can reveal another (or be skipped because it overlapped one): --fix repeats until nothing
# changes, at most this often.
MAX_FIX_ROUNDS = 10
_CODE_PATTERN = re.compile(r"LP\d{0,3}")


class _UsageError(Exception):
    """Bad arguments: said in one line, exit 2."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Selection:
    """Which findings are in play (by file and by code: reported, and fixed with --fix) and which shown.

    Hiding info findings is about display only: their fixes are applied like any other's.
    """

    targets: frozenset[str]
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    show_info: bool

    def code_selected(self, code: str) -> bool:
        selected = not self.select or code.startswith(self.select)
        return selected and not code.startswith(self.ignore)

    def in_play(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if d.file in self.targets and self.code_selected(d.code)]

    def shown(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if self.show_info or d.severity is not Severity.INFO]


def _codes(option: str, value: str) -> tuple[str, ...]:
    codes = tuple(code.strip().upper() for code in value.split(",") if code.strip())
    for code in codes:
        if not _CODE_PATTERN.fullmatch(code):
            raise _UsageError(f"{option}: `{code}` is not a code or a code prefix (LP008, LP2)")
        if len(code) == 5 and code not in RULES:
            raise _UsageError(f"{option}: unknown code {code} (see `lawparse rules`)")
    return codes


def _corpus_root(paths: Sequence[Path], corpus: Path | None) -> Path:
    if corpus is not None:
        if not corpus.is_dir():
            raise _UsageError(f"--corpus: no such folder: {corpus}")
        return corpus
    folders = [path if path.is_dir() else path.parent for path in paths]
    return Path(os.path.relpath(os.path.commonpath([folder.resolve() for folder in folders])))


def _targets(paths: Sequence[Path], root: Path) -> frozenset[str]:
    names: set[str] = set()
    for path in paths:
        if not path.resolve().is_relative_to(root.resolve()):
            raise _UsageError(f"{path} is not inside the corpus folder {root}")
        inside = root / path.resolve().relative_to(root.resolve())
        if path.is_dir():
            names.update(files.display_name(root, file) for file in files.corpus_files(inside))
        elif path.suffix in files.CORPUS_SUFFIXES:
            names.add(files.display_name(root, inside))
        else:
            raise _UsageError(f"{path} is not a corpus file ({', '.join('*' + s for s in files.CORPUS_SUFFIXES)})")
    return frozenset(names)


def _locations(root: Path, corpus_paths: Iterable[Path]) -> dict[str, str]:
    """Display name -> the path printed: relative to the working folder when it lies below it."""
    locations = {}
    for path in corpus_paths:
        relative = os.path.relpath(path)
        shown = path.resolve().as_posix() if relative.startswith("..") else Path(relative).as_posix()
        locations[files.display_name(root, path)] = shown
    return locations


def _fixes_by_file(findings: Iterable[Diagnostic], unsafe: bool) -> dict[str, list[Fix]]:
    by_file: dict[str, list[Fix]] = defaultdict(list)
    for d in findings:
        if d.fix is not None and (d.fix.safe or unsafe):
            by_file[d.file].append(d.fix)
    return by_file


Built = tuple[model.Corpus, Diagnostics]


def _fix_in_memory(
    contents: dict[str, bytes], selection: _Selection, unsafe: bool, settings: model.Settings
) -> tuple[dict[str, bytes], int, list[str], Built | None]:
    """Apply fixes round by round until none changes anything.

    Returns the new contents, the fixes applied, the notes, and the build of the new contents (the
    last round's, which changed nothing; None when the rounds ran out).
    """
    contents = dict(contents)
    applied = 0
    for _ in range(MAX_FIX_ROUNDS):
        built = pipeline.build(contents.items(), settings)
        _, diag = built
        changed = False
        # Only the last round's notes hold: a fix skipped for an overlap is retried in the next round.
        notes: dict[str, None] = {}
        for name, fixes in sorted(_fixes_by_file(selection.in_play(diag.sorted()), unsafe).items()):
            result = apply_fixes(contents[name], fixes)
            if result.changed:
                contents[name] = result.data
                applied += len(result.applied)
                changed = True
            for skipped in result.skipped:
                notes[f"{name}: fix skipped ({skipped.fix.description}): {skipped.reason}"] = None
        if not changed:
            return contents, applied, list(notes), built
    return contents, applied, [f"fixes still changed files after {MAX_FIX_ROUNDS} rounds; run --fix again"], None


def _decoded_lines(data: bytes) -> list[str]:
    text, _ = decode_bytes(data)  # as lawparse reads it, stray bytes and all
    return text.splitlines(keepends=True)


def _unified_diff(location: str, before: bytes, after: bytes) -> str:
    lines = difflib.unified_diff(_decoded_lines(before), _decoded_lines(after), location, location)
    # A last line without a line break gets one in the diff, with git's marker after it.
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n" for line in lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}{'es' if noun.endswith('x') else 's'}"


def _summary(findings: Sequence[Diagnostic], in_play: Sequence[Diagnostic], files_checked: int) -> str:
    counts = {severity: sum(1 for d in findings if d.severity is severity) for severity in Severity}
    parts = [_count(counts[Severity.ERROR], "error"), _count(counts[Severity.WARNING], "warning")]
    hidden_info = len(in_play) - len(findings)
    parts.append(f"{counts[Severity.INFO]} info" if hidden_info == 0 else f"{hidden_info} info hidden (--show-info)")
    # Counted over every finding in play, shown or not: --fix applies the fixes of hidden ones too.
    fixable = sum(1 for d in in_play if d.fix is not None and d.fix.safe)
    unsafe = sum(1 for d in in_play if d.fix is not None and not d.fix.safe)
    summary = f"{_count(files_checked, 'file')} checked: {', '.join(parts)}"
    if fixable:
        summary += f"; {fixable} fixable with --fix"
    if unsafe:
        summary += f"; {unsafe} more with --unsafe-fixes"
    return summary


def _failing(findings: Iterable[Diagnostic], strict: bool) -> bool:
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return any(d.severity in failing for d in findings)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--corpus",
    "corpus_dir",
    type=click.Path(path_type=Path),
    help="The corpus folder (default: the deepest folder holding every PATH).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(sorted(report.FORMATS)),
    default="human",
    show_default=True,
    help="How findings are printed on stdout.",
)
@click.option("--select", default="", metavar="CODES", help="Report only these codes or prefixes (LP008,LP2).")
@click.option("--ignore", default="", metavar="CODES", help="Do not report these codes or prefixes.")
@click.option("--strict", is_flag=True, help="Warnings fail the check too (exit 1).")
@click.option(
    "--show-info",
    is_flag=True,
    help="Report info findings too (guesses to confirm); hidden by default, but fixed all the same.",
)
@click.option("--fix", is_flag=True, help="Apply the safe fixes to the corpus files, then report what remains.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff, apply unsafe fixes (guesses) too.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff instead of applying them.")
@settings_options
@internal_errors_exit_2
def check(
    paths: tuple[Path, ...],
    corpus_dir: Path | None,
    output_format: str,
    select: str,
    ignore: str,
    strict: bool,
    show_info: bool,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    settings: model.Settings,
) -> None:
    """Report the findings on corpus files PATHS (default: corpus/).

    The whole corpus folder is read: --corpus, or else the deepest folder holding every PATH. It is
    built as `lawparse build` would with the same --default-edition, --max-file-size and --compare.

    Exit 0 when clean, 1 when errors remain (with --strict also warnings; with --diff also when there
    is something to fix), 2 on a usage or internal error.
    """
    try:
        if unsafe_fixes and not (fix or diff):
            raise _UsageError("--unsafe-fixes needs --fix or --diff")
        paths = paths or (Path("corpus"),)
        for path in paths:
            if not path.exists():
                raise _UsageError(f"no such file or folder: {path}")
        root = _corpus_root(paths, corpus_dir)
        selection = _Selection(_targets(paths, root), _codes("--select", select), _codes("--ignore", ignore), show_info)
    except _UsageError as error:
        usage_error(str(error))

    corpus_paths = files.named_corpus_files(root)
    original = dict(files.read_files(corpus_paths))
    contents, applied, notes, built = original, 0, [], None
    if fix or diff:
        contents, applied, notes, built = _fix_in_memory(original, selection, unsafe_fixes, settings)
    corpus, diag = built or pipeline.build(contents.items(), settings)
    require_compared_pairs(corpus)
    emit.render(corpus, diag.sorted())  # validates the output as `build` would; invalid output exits 2
    locations = _locations(root, corpus_paths.values())
    in_play = selection.in_play(diag.sorted())
    findings = selection.shown(in_play)

    changed = [name for name in sorted(contents) if contents[name] != original[name]]
    for note in notes:
        say(note, fg="yellow")
    if diff:
        click.echo("".join(_unified_diff(locations[n], original[n], contents[n]) for n in changed), nl=False)
        say(f"{_count(applied, 'fix')} would change {_count(len(changed), 'file')}")
    else:
        for name in changed:
            files.rewrite_file(corpus_paths[name], contents[name])
        if fix and not applied:
            say("nothing to fix")
        elif fix:
            say(f"applied {_count(applied, 'fix')} to {_count(len(changed), 'file')}")
        shown = [dataclasses.replace(d, file=locations.get(d.file, d.file)) for d in findings]
        if output_format == "human":
            colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
            click.echo(report.human(shown, colour=colour), nl=False, color=colour)
        else:
            click.echo(report.FORMATS[output_format](shown), nl=False)
    say(_summary(findings, in_play, len(selection.targets)))
    sys.exit(EXIT_FINDINGS if _failing(findings, strict) or (diff and changed) else EXIT_CLEAN)
