"""Text tests shared by the structure passes."""

from __future__ import annotations

import re

# A heading is short and has no final punctuation; body text is a sentence or a lead-in.
HEADING_MAX_CHARS = 80
HEADING_MAX_WORDS = 10
_FINAL_PUNCTUATION = frozenset(".:;,!?")
_SUPERSCRIPT_MARKER = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+⁾?")


def looks_like_heading(text: str) -> bool:
    """True for `Niet bedoelde bieding`, false for `Een bieding ... is:` or `artikel 19D).`."""
    text = _SUPERSCRIPT_MARKER.sub("", text).strip()
    return (
        0 < len(text) <= HEADING_MAX_CHARS
        and len(text.split()) <= HEADING_MAX_WORDS
        and text[0].isupper()
        and text[-1] not in _FINAL_PUNCTUATION
    )
