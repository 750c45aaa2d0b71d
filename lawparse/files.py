"""The file system edge: reading a corpus folder, writing an output folder.

With :mod:`lawparse.cli`, the only module that touches files; everything between works on bytes
and objects. (A separate module so that the Python API can read a corpus without going through the
command line.)
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Mapping
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


def named_corpus_files(folder: Path) -> dict[str, Path]:
    """Every corpus file below a folder by the name the output gives it, in order."""
    return {display_name(folder, path): path for path in corpus_files(folder)}


def read_files(named: Mapping[str, Path] | Iterable[tuple[str, Path]]) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of each (name, path), in the order given."""
    for name, path in named.items() if isinstance(named, Mapping) else named:
        yield name, path.read_bytes()


def read_corpus(folder: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every corpus file, in order."""
    return read_files(named_corpus_files(folder))


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


Outputs = Mapping[str, bytes] | Iterable[tuple[str, bytes]]


def _items(outputs: Outputs) -> Iterable[tuple[str, bytes]]:
    return sorted(outputs.items()) if isinstance(outputs, Mapping) else outputs


def _holds(target: Path, content: bytes) -> bool:
    """Whether ``target`` is a file holding exactly ``content``."""
    try:
        return target.stat().st_size == len(content) and target.read_bytes() == content
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return False


def _copy_aside(target: Path) -> Path:
    """A copy of ``target`` in a new temporary file beside it (to put back if the build fails)."""
    handle, backup = tempfile.mkstemp(prefix=f".{target.name}.old.", dir=target.parent)
    os.close(handle)
    try:
        shutil.copyfile(target, backup)
    except BaseException:
        Path(backup).unlink(missing_ok=True)
        raise
    return Path(backup)


def write_outputs(folder: Path, outputs: Outputs) -> list[str]:
    """Write every output, all or nothing; returns the paths that changed, sorted.

    ``outputs`` is a mapping or (path, bytes) pairs, which may be produced one at a time: each
    changed one is written in full to a temporary file in its own folder and dropped before the next
    is taken, so they are never all in memory. Only when all are written (and the producer has
    raised nothing) are they moved into place, each with one atomic rename, so a reader never sees
    half a file. If producing, writing or moving fails, the files already moved are put back as they
    were (from a copy made on disk just before) and new ones are removed, so a failed build leaves
    the previous output as it was. Unchanged files are not touched.
    """
    staged: dict[str, Path] = {}
    try:
        for relative, content in _items(outputs):
            if not _holds(folder / relative, content):
                staged[relative] = _stage(folder / relative, content)
            del content
    except BaseException:
        for temporary in staged.values():
            temporary.unlink(missing_ok=True)
        raise
    backups: dict[str, Path | None] = {}
    moved: list[str] = []
    try:
        for relative in sorted(staged):
            target = folder / relative
            backups[relative] = _copy_aside(target) if target.is_file() else None
            os.replace(staged[relative], target)
            moved.append(relative)
    except BaseException:
        for relative in reversed(moved):
            _restore(folder / relative, backups[relative])
        for relative, temporary in staged.items():
            if relative not in moved:
                temporary.unlink(missing_ok=True)
                if (backup := backups.get(relative)) is not None:
                    backup.unlink(missing_ok=True)
        raise
    for backup in backups.values():
        if backup is not None:
            backup.unlink()
    return moved


def _restore(target: Path, backup: Path | None) -> None:
    if backup is None:
        target.unlink(missing_ok=True)
    else:
        os.replace(backup, target)


def stale_outputs(folder: Path, outputs: Outputs) -> list[str]:
    """The outputs whose file in ``folder`` is missing or differs, sorted."""
    return sorted(relative for relative, content in _items(outputs) if not _holds(folder / relative, content))


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
