from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from lawparse import model, pipeline
from lawparse.cli import main
from lawparse.diagnostics import Diagnostics
from lawparse.files import read_corpus

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


@pytest.fixture(scope="session")
def seed() -> tuple[model.Corpus, Diagnostics]:
    """The bundled corpus, built once for the session."""
    return pipeline.build(read_corpus(CORPUS))


def build_texts(**texts: str) -> tuple[model.Corpus, Diagnostics]:
    return pipeline.build_from_texts({f"corpus/{name}.txt": text for name, text in texts.items()})


def codes(diag: Diagnostics) -> list[str]:
    return [d.code for d in diag.sorted()]


def run_check(*args: str) -> Result:
    """`lawparse check ARGS`, exceptions not caught: a traceback fails the test."""
    return CliRunner().invoke(main, ["check", *args], catch_exceptions=False)


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty corpus/ folder in a fresh working folder (the current one); write files into it."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "corpus"
    folder.mkdir()
    return folder
