from __future__ import annotations

from pathlib import Path

import pytest

from lawparse import model, pipeline
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
