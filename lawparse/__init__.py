"""lawparse: the scraped Laws of Duplicate Bridge (Dutch) as clean, structured, validated data.

The Python API::

    import lawparse

    corpus, diagnostics = lawparse.build_corpus("corpus")      # parse and clean a corpus folder
    article = corpus.edition("2017").find("25A1")              # a model.Provision
    built = lawparse.load_json("output/laws.json")             # a built laws.json, back as the AST
"""

from __future__ import annotations

import json
from pathlib import Path

from lawparse import files, pipeline
from lawparse.diagnostics import Diagnostic
from lawparse.emit.json import corpus_from_data
from lawparse.model import Corpus, Edition, Provision, Settings

__all__ = ["Corpus", "Diagnostic", "Edition", "Provision", "Settings", "build_corpus", "load_json"]


def build_corpus(folder: str | Path, settings: Settings | None = None) -> tuple[Corpus, list[Diagnostic]]:
    """Read every corpus file below ``folder`` and run the whole pipeline over them."""
    corpus, diag = pipeline.build(files.read_corpus(Path(folder)), settings)
    return corpus, diag.sorted()


def load_json(path: str | Path) -> Corpus:
    """Load a built laws.json back into the provision layer of the AST."""
    return corpus_from_data(json.loads(Path(path).read_text(encoding="utf-8")))
