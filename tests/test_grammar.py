"""document.lark: every line form of both page styles, and the promise that no text makes it fail."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.grammar import parse_document
from lawparse.reading import SourceText

NBSP = "\u00a0"


def parse(text: str) -> tuple[model.Document, Diagnostics]:
    diag = Diagnostics()
    if not text.endswith("\n"):
        text += "\n"
    return parse_document(SourceText("corpus/t.txt", text, "utf-8", text.count("\n")), diag), diag


def block_line(line: str) -> model.Line:
    """The one line of a block holding ``line``."""
    document, _ = parse(f"Artikel{NBSP}25\n{line}\n")
    (block,) = document.blocks
    (parsed,) = block.lines
    return parsed


# (line as in a file, expected form, expected fields)
LINE_FORMS = [
    ("C.\u00a0\u00a0Als de pas kunstmatig is", model.SectionLabel, {"label": "C", "text": "Als de pas kunstmatig is"}),
    ("B. Het bieden eindigd wanneer:", model.SectionLabel, {"label": "B", "text": "Het bieden eindigd wanneer:"}),
    ("C2.\u00a0\u00a0Informatie uit ingetrokken handelingen", model.SectionLabel, {"label": "C2"}),
    ("C.", model.SectionLabel, {"label": "C", "text": None}),
    ("1. Niet bedoelde bieding", model.NumberedItem, {"num": "1", "text": "Niet bedoelde bieding"}),
    ("12. Tekst", model.NumberedItem, {"num": "12"}),
    ("1.", model.NumberedItem, {"num": "1", "text": None}),
    ("(a) Eerste bieding onreglementair", model.SubItem, {"label": "a"}),
    ("(ii) Tweede", model.SubItem, {"label": "ii"}),
    ("(1) Eerste bieding handhaven", model.SubItem, {"label": "1"}),
    ("- deze LT een bieding heeft gedaan", model.Bullet, {"text": "- deze LT een bieding heeft gedaan"}),
    ("   Mag de partner van de overtreder", model.Continuation, {"text": "Mag de partner van de overtreder"}),
    ("\tingesprongen", model.Continuation, {"text": "ingesprongen"}),
    ("Het wijzigen van biedingen", model.Text, {"text": "Het wijzigen van biedingen"}),
    ("ARTIKEL 27 Onvoldoende bod", model.ArticleHeading, {"num": "27"}),
    ("ARTIKEL 31", model.PageTitle, {"num": "31"}),
    # Lines that only start like a form are text.
    ("Artikelen 26B en 16C zijn van toepassing.", model.Text, {}),
    ("Artikel", model.Text, {}),
    ("C.D. Smith zei", model.Text, {}),
    ("1.5 procent", model.Text, {}),
    ("(zie artikel 12C1b))", model.Text, {}),
    ("-- tekst", model.Text, {}),
    ("1) Voetnoot buiten een voetnootblok", model.Text, {}),
    ("ARTIKEL 27B Onvoldoende", model.Text, {}),
]


@pytest.mark.parametrize(("line", "form", "fields"), LINE_FORMS, ids=[case[0][:30] for case in LINE_FORMS])
def test_line_form(line, form, fields):
    parsed = block_line(line)
    assert type(parsed) is form
    for name, expected in fields.items():
        value = getattr(parsed, name)
        assert (value.text if isinstance(value, model.Paragraph) else value) == expected


@pytest.mark.parametrize(
    ("heading", "style", "target", "marker"),
    [
        (f"Artikel{NBSP}30C", model.PageStyle.WEB, "30C", None),
        ("Artikel 16C2", model.PageStyle.WEB, "16C2", None),
        ("Artikel 25  ", model.PageStyle.WEB, "25", None),
        ("Artikel 30B1b-i", model.PageStyle.WEB, "30B1b-i", None),
        ("Sjabloon:1997:25B", model.PageStyle.WIKI, "25B", "1997"),
        ("Sjabloon:19x7:25B", model.PageStyle.WIKI, "25B", "19x7"),
        ("Sjabloon:1997:27", model.PageStyle.WIKI, "27", "1997"),
    ],
)
def test_block_headings(heading, style, target, marker):
    document, _ = parse(f"{heading}\n\nTekst.\n")
    (block,) = document.blocks
    assert (block.heading.style, block.heading.target, block.heading.edition_marker) == (style, target, marker)
    assert block.heading.source.line == 1


def test_block_heading_with_trailing_words_is_text():
    document, _ = parse("Artikel 25 is van toepassing.\n")
    assert document.blocks == ()
    assert isinstance(document.preamble[0], model.Text)


def test_footnote_section_only_after_separator():
    document, _ = parse(
        "Sjabloon:1997:25B\n\nTekst ¹⁾.\n1) geen voetnoot\n---\n\n1) Voetnoot een.\nvervolg\n2) Twee.\n"
    )
    (block,) = document.blocks
    assert [type(line).__name__ for line in block.lines] == ["Text", "Text"]
    assert [(type(line).__name__, line.whole.text) for line in block.footnotes] == [
        ("FootnoteBody", "1) Voetnoot een."),
        ("Text", "vervolg"),
        ("FootnoteBody", "2) Twee."),
    ]
    assert [line.marker for line in block.footnotes if isinstance(line, model.FootnoteBody)] == ["1", "2"]


def test_positions_are_those_of_the_file():
    document, _ = parse(f"ARTIKEL 31\n\nArtikel{NBSP}23A\n\nA.{NBSP}{NBSP}Definitie\n   vervolg\n")
    title = document.preamble[0]
    assert (title.source.line, title.source.column) == (1, 1)
    label, continuation = document.blocks[0].lines
    assert (label.source.line, label.source.column) == (5, 1)
    assert (label.text.source.line, label.text.source.column) == (5, 5)
    assert (continuation.source.line, continuation.source.column) == (6, 4)


def test_whole_keeps_the_marker():
    parsed = block_line("(b) Eerste bieding reglementair")
    assert parsed.whole.text == "(b) Eerste bieding reglementair"


def test_heading_without_number_is_reported():
    document, diag = parse("Artikel 25\n\nArtikel\nTekst\n")
    assert [(d.code, d.line) for d in diag.items] == [("LP006", 3)]
    assert isinstance(document.blocks[0].lines[0], model.Text)


def test_text_outside_blocks_is_in_the_preamble():
    document, _ = parse("ARTIKEL 31\nlosse tekst\n\nArtikel 25\n")
    assert [type(line).__name__ for line in document.preamble] == ["PageTitle", "Text"]


LINE_PIECES = st.sampled_from(
    [
        "Artikel 25",
        "Artikel\u00a016C2",
        "Sjabloon:1997:25B",
        "Sjabloon:19x7:3",
        "ARTIKEL 31",
        "ARTIKEL 27 Kop",
        "C.",
        "C2.  Kop",
        "1.",
        "1. tekst",
        "(a)",
        "(i) tekst",
        "- ",
        "- tekst",
        "---",
        "1) noot",
        "   ",
        "\t",
        "\u00a0",
        "",
        "Artikel",
        "(",
        ")",
        ":",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(LINE_PIECES, st.text(max_size=30)), max_size=25))
def test_no_text_makes_the_parser_raise(lines):
    text = "\n".join(lines)
    for char in "\r":
        text = text.replace(char, "\n")
    document, diag = parse(text)
    assert not [d for d in diag.items if d.code == "LP005"], "the grammar must accept every text"
    assert isinstance(document, model.Document)
