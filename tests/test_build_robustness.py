"""Writing output all or nothing, the file-size limit, --jobs and --timings."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS
from test_bad_input import make_corpus

from lawparse import files, model
from lawparse.cli import main
from lawparse.diagnostics import Diagnostics
from lawparse.pipeline import PASSES
from lawparse.reading import decode_source

EXTRA_FILE = "Artikel 90A\n\nA.  Kop van 90A\nTekst van 90A.\n"


def build(corpus: Path, out: Path, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", str(corpus), "--out", str(out), *options])
    return result.exit_code, result.output


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def failing_after(calls: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make os.replace in lawparse.files fail on its call number ``calls`` + 1, and only then."""
    real_replace = os.replace
    count = 0

    def replace(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        nonlocal count
        count += 1
        if count == calls + 1:
            raise OSError(28, "No space left on device (injected)")
        real_replace(source, target)

    monkeypatch.setattr(files.os, "replace", replace)


@pytest.mark.parametrize("succeeding", [0, 1])
def test_a_build_failing_midway_leaves_the_previous_output_intact(tmp_path, monkeypatch, succeeding):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    out = tmp_path / "out"
    assert build(corpus, out)[0] == 0
    before = snapshot(out)
    (corpus / "extra.txt").write_text(EXTRA_FILE, encoding="utf-8")  # laws.json and laws.xml change

    failing_after(succeeding, monkeypatch)
    code, output = build(corpus, out)

    assert code == 2 and "No space left on device (injected)" in output
    assert snapshot(out) == before  # byte-identical, and no temporary file left behind


def test_write_outputs_removes_a_new_file_when_a_later_one_fails(tmp_path, monkeypatch):
    (tmp_path / "b.txt").write_bytes(b"old b\n")
    failing_after(1, monkeypatch)
    with pytest.raises(OSError, match="injected"):
        files.write_outputs(tmp_path, {"a/new.txt": b"new a\n", "b.txt": b"new b\n"})
    assert snapshot(tmp_path) == {"b.txt": b"old b\n"}


def test_write_outputs_replaces_changed_files_and_skips_unchanged(tmp_path):
    (tmp_path / "same.txt").write_bytes(b"same\n")
    (tmp_path / "old.txt").write_bytes(b"old\n")
    changed = files.write_outputs(tmp_path, {"same.txt": b"same\n", "old.txt": b"new\n", "d/n.txt": b"n\n"})
    assert changed == ["d/n.txt", "old.txt"]
    assert snapshot(tmp_path) == {"d/n.txt": b"n\n", "old.txt": b"new\n", "same.txt": b"same\n"}


@pytest.mark.parametrize(("size", "refused"), [(100, False), (101, True)])
def test_file_size_limit_is_inclusive(size, refused):
    diag = Diagnostics()
    source = decode_source("corpus/a.txt", b"x" * size, diag, max_bytes=100)
    assert (source is None) is refused
    assert [d.code for d in diag.items] == (["LP004"] if refused else [])


def test_default_limit_refuses_a_larger_file(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "huge.txt").write_bytes(b"Artikel 91A\n\n" + b"x" * model.MAX_FILE_BYTES)
    (corpus / "small.txt").write_text(EXTRA_FILE, encoding="utf-8")
    code, _ = build(corpus, tmp_path / "out")
    laws = (tmp_path / "out" / "laws.json").read_text(encoding="utf-8")
    assert code == 1
    assert '"code": "LP004"' in laws and '"file": "corpus/huge.txt"' in laws
    assert "Tekst van 90A." in laws and "xxxx" not in laws


def test_jobs_give_the_same_bytes_as_one_process(tmp_path):
    make_corpus(tmp_path / "corpus")
    assert build(tmp_path / "corpus", tmp_path / "one")[0] == 1
    assert build(tmp_path / "corpus", tmp_path / "two", "--jobs", "2")[0] == 1
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")


def test_timings_name_every_stage_on_stderr(tmp_path):
    result = CliRunner().invoke(main, ["build", str(CORPUS), "--out", str(tmp_path / "out"), "--timings"])
    assert result.exit_code == 0
    assert result.stdout == ""
    stages = [line.rsplit(None, 2)[0].strip() for line in result.stderr.splitlines() if line.endswith(" s")]
    assert stages == [
        "read",
        "decode",
        "parse",
        *(step.__name__ for step in PASSES),
        "emit json",
        "validate json",
        "serialise json",
        "emit xml",
        "validate xml",
        "emit html",
        "write",
        "total",
    ]
