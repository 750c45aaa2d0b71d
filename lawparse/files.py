"""The file system edge: reading a corpus folder, writing an output folder.

With :mod:`lawparse.cli`, the only module that touches files; everything between works on bytes
and objects. (A separate module so that the Python API can read a corpus without going through the
command line.)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

CORPUS_SUFFIXES = (".txt",)


def corpus_files(folder: Path) -> list[Path]:
    """The corpus files below a folder, in a fixed order (by path)."""
    return sorted(
        (p for p in folder.rglob("*") if p.is_file() and p.suffix in CORPUS_SUFFIXES),
        key=lambda p: p.relative_to(folder).as_posix(),
    )


def display_name(folder: Path, path: Path) -> str:
    """How a corpus file is named in the output: the corpus folder's name, then the path inside it."""
    return f"{folder.resolve().name}/{path.relative_to(folder).as_posix()}"


def read_corpus(folder: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every corpus file, in order."""
    for path in corpus_files(folder):
        yield display_name(folder, path), path.read_bytes()


def _stage(target: Path, content: bytes) -> Path:
    """Write ``content`` to a new temporary file beside ``target``; returns its path."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, 0o644)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return Path(temporary)


def write_outputs(folder: Path, outputs: Mapping[str, bytes]) -> list[str]:
    """Write every output, all or nothing; returns the paths that changed.

    Every changed file is first written in full to a temporary file in its own folder; only when all
    are written are they moved into place, each with one atomic rename, so a reader never sees half
    a file. If writing or moving fails, the files already moved are put back as they were (their
    previous bytes were read to compare them) and new ones are removed, so a failed build leaves the
    previous output as it was. Unchanged files are not touched.
    """
    previous: dict[str, bytes | None] = {}
    for relative, content in sorted(outputs.items()):
        target = folder / relative
        old = target.read_bytes() if target.is_file() else None
        if old != content:
            previous[relative] = old
    staged: dict[str, Path] = {}
    moved: list[str] = []
    try:
        for relative in previous:
            staged[relative] = _stage(folder / relative, outputs[relative])
        for relative, temporary in staged.items():
            os.replace(temporary, folder / relative)
            moved.append(relative)
    except BaseException:
        for relative in reversed(moved):
            _restore(folder / relative, previous[relative])
        for relative, temporary in staged.items():
            if relative not in moved:
                temporary.unlink(missing_ok=True)
        raise
    return moved


def _restore(target: Path, old: bytes | None) -> None:
    if old is None:
        target.unlink(missing_ok=True)
    else:
        os.replace(_stage(target, old), target)


def stale_outputs(folder: Path, outputs: Mapping[str, bytes]) -> list[str]:
    """The outputs whose file in ``folder`` is missing or differs."""
    return [
        relative
        for relative, content in sorted(outputs.items())
        if not (folder / relative).is_file() or (folder / relative).read_bytes() != content
    ]


def rewrite_file(path: Path, content: bytes) -> None:
    """Replace a corpus file's bytes atomically (``check --fix``), keeping its permissions."""
    mode = path.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
