"""`lawparse build --check`: passes on fresh output, fails naming the file after a corpus edit."""

from __future__ import annotations

import shutil

from click.testing import CliRunner
from conftest import CORPUS

from lawparse.cli import main


def build(*args: str):
    return CliRunner().invoke(main, ["build", *args], catch_exceptions=False)


def test_build_check_passes_on_fresh_output_and_fails_after_a_corpus_edit(tmp_path):
    corpus, out = tmp_path / "corpus", tmp_path / "output"
    shutil.copytree(CORPUS, corpus)
    assert build(str(corpus), "--out", str(out)).exit_code in (0, 1)
    written = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}

    fresh = build(str(corpus), "--out", str(out), "--check")
    assert fresh.exit_code == 0, fresh.stderr
    assert "up to date" in fresh.stderr

    edited = corpus / "001_83f14729d47eeaf0.txt"
    edited.write_bytes(edited.read_bytes().replace(b"bieding", b"Bieding", 1))
    stale = build(str(corpus), "--out", str(out), "--check")
    assert stale.exit_code == 1
    assert f"{out / 'laws.json'}: out of date" in stale.stderr
    assert f"{out / 'laws.xml'}: out of date" in stale.stderr
    assert "schema" not in stale.stderr
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file()} == written, "--check wrote"


def test_build_check_fails_when_output_is_missing(tmp_path):
    result = build(str(CORPUS), "--out", str(tmp_path / "none"), "--check")
    assert result.exit_code == 1
    assert "laws.json: out of date" in result.stderr
    assert not (tmp_path / "none").exists()
