"""Renumbered copies of a corpus folder, to any size: the input of the benchmark.

Copy k of every file adds 100*k to every law number it holds: in block headings (``Artikel 16C2``
-> ``Artikel 116C2``), page titles and whole-law headings (``ARTIKEL 31``), wiki titles
(``Sjabloon:1997:25B`` -> ``Sjabloon:1997:125B``) and the references in the text (``artikel 16C2``,
``De artikelen 26B en 16C``), so that the copies are distinct provisions and their references still
resolve. Everything else in the text, bytes included, is kept. Copy 0 is the corpus itself.

    python bench/scale_corpus.py corpus /tmp/corpus-5mb --mb 5      # about 400 copies of the seed
    python bench/scale_corpus.py corpus /tmp/corpus-x3 --copies 3
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
from pathlib import Path

MEGABYTE = 1_000_000
_SPACE = r"[^\S\n]"
_ID = r"\d{1,6}(?:[A-Z](?:\d{1,2}(?:[a-z](?:-(?:[ivxl]+|\d{1,2}))?)?)?)?"
# A citation word (or a wiki title's prefix), then one id or a list of ids joined by `,`, `en`, `of`
# or `tot en met`: every id in the list starts with a law number.
_CITATION = re.compile(
    rf"(?P<lead>\b(?:[Aa]rtikel(?:en)?|ARTIKEL){_SPACE}+|^Sjabloon:[0-9A-Za-z_.-]+:)"
    rf"(?P<ids>{_ID}(?:(?:,{_SPACE}*|{_SPACE}+(?:en|of|tot en met){_SPACE}+){_ID})*)",
    re.MULTILINE,
)
_LAW_AT_ID_START = re.compile(r"(?:(?<=^)|(?<=[\s,]))\d+")


def renumber(text: str, offset: int) -> str:
    """``text`` with ``offset`` added to the law number of every provision id it names."""
    if offset == 0:
        return text

    def shift_ids(match: re.Match[str]) -> str:
        ids = _LAW_AT_ID_START.sub(lambda law: str(int(law.group()) + offset), match.group("ids"))
        return match.group("lead") + ids

    return _CITATION.sub(shift_ids, text)


def corpus_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*.txt"))


def copies_for(folder: Path, megabytes: float) -> int:
    return max(1, math.ceil(megabytes * MEGABYTE / corpus_size(folder)))


def scale(source: Path, target: Path, copies: int) -> int:
    """Write ``copies`` renumbered copies of ``source`` into ``target`` (emptied first); returns bytes written."""
    if target.exists():
        shutil.rmtree(target)
    files = sorted(source.rglob("*.txt"))
    written = 0
    for k in range(copies):
        folder = target / f"copy{k:05d}"
        for path in files:
            # Bytes that are not UTF-8 pass through unchanged: surrogateescape round-trips them.
            text = path.read_bytes().decode("utf-8", errors="surrogateescape")
            data = renumber(text, 100 * k).encode("utf-8", errors="surrogateescape")
            destination = folder / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(data)
            written += len(data)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    size = parser.add_mutually_exclusive_group(required=True)
    size.add_argument("--copies", type=int)
    size.add_argument("--mb", type=float, help="at least this many megabytes (10**6 bytes)")
    args = parser.parse_args()
    copies = args.copies if args.copies is not None else copies_for(args.source, args.mb)
    written = scale(args.source, args.target, copies)
    print(f"{copies} copies, {written / MEGABYTE:.2f} MB in {args.target}")


if __name__ == "__main__":
    main()
