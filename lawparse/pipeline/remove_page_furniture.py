"""remove_page_furniture: take out the lines of the website's own furniture, recording each.

Copies taken from the wiki's revision views carry a tagline (``Uit Spelregels voor tafelarbiters``),
a revision line (``Versie door <user> (overleg | bijdragen) op <date> om <time> ...``) and a
navigation line (``(wijz) ← Oudere versie | Huidige versie (wijz) | Nieuwere versie → (wijz)``).
They are not law text. A line whose plain text matches one of ``Settings.page_furniture`` (regular
expressions, the wiki's by default) in full is removed, recorded in ``removals`` and reported
(LP202) with a safe fix that deletes it. A separate pass, and the first one, because it works on
lines before anything else reads them: furniture above the first block is not "text outside any
article", and furniture inside a block is not a paragraph of its provision.

>>> from lawparse.pipeline import build_from_texts
>>> text = "Sjabloon:1997:25B\\nUit Spelregels voor tafelarbiters\\n\\nB. Kop\\nTekst.\\n"
>>> corpus, diag = build_from_texts({"a.txt": text})
>>> [(r.line, r.text) for r in corpus.removals], [d.code for d in diag.items]
([(2, 'Uit Spelregels voor tafelarbiters')], ['LP202'])
"""

from __future__ import annotations

import re

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.pipeline.line_removal import Verdict, document_lines, remove_lines


def remove_page_furniture(corpus: model.Corpus, diag: Diagnostics) -> model.Corpus:
    patterns = [re.compile(pattern) for pattern in corpus.settings.page_furniture]
    doomed: dict[model.Source, Verdict] = {}
    for document in corpus.documents:
        for line in document_lines(document):
            pattern = next((p for p in patterns if p.fullmatch(line.whole.text)), None)
            if pattern is not None:
                doomed[line.source] = Verdict(
                    "page furniture", f"the line matches the page-furniture pattern `{pattern.pattern}`"
                )
    return remove_lines(corpus, doomed, "LP202", diag)
