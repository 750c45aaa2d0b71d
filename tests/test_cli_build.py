"""`lawparse build`: files written, exit codes, summary, and what goes to stdout and stderr."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner
from conftest import CORPUS

from lawparse import emit
from lawparse.cli import main


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_build_writes_the_outputs_and_exits_0_on_the_seed_corpus(runner, tmp_path):
    result = runner.invoke(main, ["build", str(CORPUS), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*") if p.is_file())
    assert written == [
        "diff-1997-2017.html",
        "laws.json",
        "laws.xml",
        "schema/laws.schema.json",
        "schema/laws.xsd",
    ]
    assert result.stdout == ""
    assert "3 files" in result.stderr and "provisions in 2 editions" in result.stderr


def test_build_exits_1_with_error_diagnostics_and_still_writes(runner, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("losse tekst\n\nArtikel 30C\n\nC.  Kop\nTekst.\n", encoding="utf-8")
    result = runner.invoke(main, ["build", str(corpus), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    data = json.loads((tmp_path / "out" / "laws.json").read_text(encoding="utf-8"))
    assert [d["code"] for d in data["diagnostics"]] == ["LP101"]
    assert data["unplaced"][0]["text"] == "losse tekst"
    assert "1 errors" in result.stderr


def test_missing_corpus_folder_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(main, ["build", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "does not exist" in result.stderr
    assert "Traceback" not in result.output


def test_internal_error_exits_2_in_one_line_and_keeps_previous_output(runner, tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert runner.invoke(main, ["build", str(CORPUS), "--out", str(out)]).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}

    def invalid(*_args, **_kwargs):
        # laws.json is made (and staged) before laws.xml fails: neither may reach the output folder
        yield "laws.json", b"{}\n"
        raise emit.OutputInvalid("laws.xml", ["line 1: broken on purpose"])

    monkeypatch.setattr(emit, "outputs", invalid)
    result = runner.invoke(main, ["build", str(CORPUS), "--out", str(out)])
    assert result.exit_code == 2
    assert "LP901" in result.stderr and "Traceback" not in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_build_names_files_by_the_corpus_folder(runner, tmp_path):
    corpus = tmp_path / "mycorpus"
    shutil.copytree(CORPUS, corpus)
    assert runner.invoke(main, ["build", str(corpus), "--out", str(tmp_path / "out")]).exit_code == 0
    data = json.loads((tmp_path / "out" / "laws.json").read_text(encoding="utf-8"))
    assert {f["file"].split("/")[0] for f in data["files"]} == {"mycorpus"}


def test_default_edition_option(runner, tmp_path):
    result = runner.invoke(main, ["build", str(CORPUS), "--out", str(tmp_path), "--default-edition", "2007"])
    assert result.exit_code == 0
    data = json.loads((tmp_path / "laws.json").read_text(encoding="utf-8"))
    assert [e["edition"] for e in data["editions"]] == ["2007", "1997"]
