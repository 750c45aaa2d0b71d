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


def write_outputs(folder: Path, outputs: Mapping[str, bytes]) -> list[str]:
    """Write every output atomically; returns the paths that changed.

    Each file is written to a temporary file in its own folder and moved into place, so a reader
    never sees half a file and a failure leaves the previous file as it was. Unchanged files are
    not touched.
    """
    changed = []
    for relative, content in sorted(outputs.items()):
        target = folder / relative
        if target.is_file() and target.read_bytes() == content:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
            os.chmod(temporary, 0o644)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        changed.append(relative)
    return changed


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
