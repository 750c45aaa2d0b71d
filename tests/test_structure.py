"""The structure passes, one fixture case or more per rule and per diagnostic code (LP1xx)."""

from __future__ import annotations

from conftest import build_texts
from conftest import codes as all_codes

from lawparse import model
from lawparse.diagnostics import Diagnostics
from lawparse.pipeline import PASSES, run_passes


def codes(diag) -> list[str]:
    """The structure codes (LP0xx, LP1xx): cleanup findings on these small fixtures are tested elsewhere."""
    return [code for code in all_codes(diag) if code < "LP2"]


def ids(corpus: model.Corpus, edition: str = "2017") -> list[str]:
    return [p.id for p in corpus.edition(edition).walk()]


# ---- assign_editions ---------------------------------------------------------------------------------


def test_pages_without_marker_are_the_default_edition_which_is_configurable():
    corpus, _ = build_texts(a="Artikel 30C\n\nC.  Kop\n")
    assert [e.name for e in corpus.editions] == ["2017"]
    from lawparse.pipeline import build_from_texts

    corpus, _ = build_from_texts({"a.txt": "Artikel 30C\n\nC.  Kop\n"}, model.Settings(default_edition="2007"))
    assert [e.name for e in corpus.editions] == ["2007"]


def test_wiki_title_gives_the_edition():
    corpus, diag = build_texts(a="Sjabloon:1987:25B\n\nB. Kop\n")
    assert ids(corpus, "1987") == ["25", "25B"]
    assert codes(diag) == []


def test_unknown_edition_marker_is_an_error_and_its_text_unplaced():
    corpus, diag = build_texts(a="Sjabloon:19x7:25B\n\nB. Kop\nTekst.\n", b="Artikel 30C\n\nC.  Kop\n")
    assert codes(diag) == ["LP102"]
    assert [(u.text, u.line) for u in corpus.unplaced] == [("B. Kop", 3), ("Tekst.", 4)]
    assert ids(corpus) == ["30", "30C"]


def test_page_title_is_metadata_and_other_preamble_text_unplaced():
    corpus, diag = build_texts(a="ARTIKEL 31\nlosse tekst\n\nArtikel 30C\n\nC.  Kop\n")
    assert corpus.documents[0].page_title == "31"
    assert [(u.text, u.line, u.column) for u in corpus.unplaced] == [("losse tekst", 2, 1)]
    assert codes(diag) == ["LP101"]
    assert ids(corpus) == ["30", "30C"]


def test_no_preamble_no_diagnostic():
    corpus, diag = build_texts(a="ARTIKEL 31\n\nArtikel 30C\n")
    assert (codes(diag), corpus.unplaced) == ([], ())


# ---- restore_section_letters --------------------------------------------------------------------------

WHOLE_ARTICLE = """Artikel 25

Het wijzigen van biedingen

1. Niet bedoelde bieding
1. Als een speler ontdekt dat hij niet de bieding gedaan heeft.
2. Een bieding mag gewijzigd worden.
2. Voorgenomen bieding
1. Een wijziging van bieding mag geaccepteerd worden.
"""


def test_lost_section_letters_are_restored_and_reported():
    corpus, diag = build_texts(a=WHOLE_ARTICLE)
    assert ids(corpus) == ["25", "25A", "25A1", "25A2", "25B", "25B1"]
    assert corpus.edition("2017").find("25B").heading.text == "Voorgenomen bieding"
    assert codes(diag) == ["LP110", "LP110"]
    assert [d.line for d in diag.sorted()] == [5, 8]


def test_heading_like_line_followed_by_body_text_heads_a_section():
    corpus, _ = build_texts(a="Artikel 54\n\nKop\n\n1. Leider legt zijn hand open\nNa een uitkomst legt hij open.\n")
    section = corpus.edition("2017").find("54A")
    assert (section.heading.text, section.intro[0].text) == (
        "Leider legt zijn hand open",
        "Na een uitkomst legt hij open.",
    )


def test_items_that_are_sentences_are_not_sections():
    corpus, diag = build_texts(a="Artikel 25\n\nKop\n\nA. Sectie\n1. Een zin met een punt.\n2. Nog een zin.\n")
    assert ids(corpus) == ["25", "25A", "25A1", "25A2"]
    assert codes(diag) == []


def test_no_restoring_when_the_article_has_letters():
    corpus, diag = build_texts(a="Artikel 25\n\nKop\n\nA. Sectie\n1. Korte kop\nTekst erbij.\n")
    assert "LP110" not in codes(diag)
    assert ids(corpus) == ["25", "25A", "25A1"]


def test_a_heading_like_item_out_of_sequence_stays_an_item():
    # `3. Korte kop` cannot be section B (2 is due), so it is an item.
    text = "Artikel 25\n\nKop\n\n1. Eerste sectie\n1. Tekst.\n3. Korte kop\nTekst.\n"
    corpus, _ = build_texts(a=text)
    assert ids(corpus) == ["25", "25A", "25A1", "25A3"]


def test_restoring_only_in_whole_article_pages():
    corpus, diag = build_texts(a="Artikel 25B\n\nB. Kop\n1. Korte kop\nTekst.\n")
    assert "LP110" not in codes(diag)
    assert ids(corpus) == ["25", "25B", "25B1"]


# ---- build_provisions ----------------------------------------------------------------------------------


def test_item_block_places_the_item_and_gives_the_section_heading():
    corpus, diag = build_texts(a="Artikel 16C2\n\nC2.  Informatie\nVoor een partij.\n")
    section = corpus.edition("2017").find("16C")
    assert section.heading.text == "Informatie"
    assert corpus.edition("2017").find("16C2").intro[0].text == "Voor een partij."
    assert codes(diag) == []


def test_label_disagreeing_with_the_block_heading_is_reported_and_followed():
    corpus, diag = build_texts(a="Artikel 30C\n\nD.  Kop\nTekst.\n")
    assert codes(diag) == ["LP103"]
    assert "30D" in ids(corpus)


def test_web_items_keep_indented_continuations_and_text_after_items_is_wrap_up():
    text = "Artikel 23A\n\nA.  Definitie\nInleiding:\n\n1. eerste; of\n   vervolg\n2. tweede.\nSlot.\n"
    corpus, _ = build_texts(a=text)
    section = corpus.edition("2017").find("23A")
    assert [p.text for p in section.intro] == ["Inleiding:"]
    assert [p.text for p in section.wrap_up] == ["Slot."]
    assert [p.text for p in section.children[0].intro] == ["eerste; of", "vervolg"]


def test_wiki_items_with_headings_and_nested_sub_items():
    text = (
        "Sjabloon:1997:25B\n\nB. Kop\n\n2. Niet geaccepteerd\n\nAls:\n\n(a) Eerste\n\nTekst a.\n\n"
        "(b) Tweede\n\nTekst b:\n\n(1) Een\n\nTekst 1.\n\n(2) Twee\n\nTekst 2.\n\n(c) Derde\n\nTekst c.\n"
    )
    corpus, diag = build_texts(a=text)
    assert ids(corpus, "1997") == ["25", "25B", "25B2", "25B2a", "25B2b", "25B2b-1", "25B2b-2", "25B2c"]
    one = corpus.edition("1997").find("25B2b-1")
    assert (one.kind, one.heading.text, one.intro[0].text) == (model.Kind.SUBSUBITEM, "Een", "Tekst 1.")
    assert codes(diag) == []


def test_wiki_heading_followed_directly_by_sub_items_is_a_heading():
    # `1. Heading` then `(a) ...`: the item's text is its children, so its own line is its heading;
    # likewise `(b) Heading` then `(1) ...`. A sentence or lead-in stays text.
    text = (
        "Sjabloon:1997:27B\n\nB. Kop\n\n1. Vervangen door het laagste bod\n\n(a) Geen straf\n\nTekst a.\n\n"
        "(b) Kunstmatig bod\n\n(1) Een\n\nTekst 1.\n\n2. Als het bod vervangen wordt:\n\n(a) tekst.\n"
    )
    corpus, diag = build_texts(a=text)
    edition = corpus.edition("1997")
    one, sub_b, two = edition.find("27B1"), edition.find("27B1b"), edition.find("27B2")
    assert (one.heading.text, one.intro) == ("Vervangen door het laagste bod", ())
    assert (sub_b.heading.text, sub_b.intro) == ("Kunstmatig bod", ())
    assert (two.heading, two.intro[0].text) == (None, "Als het bod vervangen wordt:")
    assert codes(diag) == []


def test_a_sub_item_followed_by_its_sibling_keeps_its_line_as_text():
    text = "Sjabloon:2007:40B\n\nB. Kop\n2. Gebruik\n(a) Eerste afspraak\n(b) Tweede afspraak\n"
    corpus, _ = build_texts(a=text)
    first = corpus.edition("2007").find("40B2a")
    assert (first.heading, [p.text for p in first.intro]) == (None, ["Eerste afspraak"])


def test_indented_sub_items_in_a_web_item_are_sub_items():
    # On the federation's site an item's own lines are indented, and so are the sub-items listed in it.
    text = (
        "Artikel 31\n\nBieding voor de beurt\n\n1.\u00a0 Op de LT\n1. Als de overtreder gepast heeft, dan:\n"
        "   (a) moet hij herhalen, en\n   vervolg van a\n   (b) mag zijn partner bieden.\n2. Tweede zin.\n"
    )
    corpus, _ = build_texts(a=text)
    assert ids(corpus) == ["31", "31A", "31A1", "31A1a", "31A1b", "31A2"]
    edition = corpus.edition("2017")
    assert [p.text for p in edition.find("31A1a").intro] == ["moet hij herhalen, en", "vervolg van a"]
    assert edition.find("31A1b").sources[0].column == 4


def test_roman_sub_sub_items_and_the_letter_i():
    text = "Sjabloon:2017:30B\n\nB. Kop\n1. Item:\n(a) een;\n(i) roman een;\n(ii) roman twee.\n(b) twee.\n"
    corpus, diag = build_texts(a=text)
    assert ids(corpus) == ["30", "30B", "30B1", "30B1a", "30B1a-i", "30B1a-ii", "30B1b"]
    assert codes(diag) == []
    letters = "".join(f"({c}) tekst {c};\n" for c in "abcdefghi")
    corpus, diag = build_texts(a=f"Sjabloon:2017:30B\n\nB. Kop\n1. Item:\n{letters}")
    assert ids(corpus)[-1] == "30B1i"
    assert codes(diag) == ["LP111"]


def test_sub_item_without_an_item_is_kept_as_text():
    corpus, diag = build_texts(a="Artikel 30B\n\nB.  Kop\n(a) los\n")
    assert codes(diag) == ["LP104"]
    assert [p.text for p in corpus.edition("2017").find("30B").intro] == ["(a) los"]


def test_item_directly_under_a_law_is_reported():
    corpus, diag = build_texts(a="Artikel 7\n\nKop\n\n1. Een zin met een punt.\n")
    assert codes(diag) == ["LP104"]
    assert ids(corpus) == ["7", "7.1"]


def test_nesting_deeper_than_the_laws_is_kept_as_text():
    text = "Sjabloon:2017:30B\n\nB. Kop\n1. Item:\n(a) een;\n(i) roman;\n(1) te diep.\n"
    corpus, diag = build_texts(a=text)
    assert codes(diag) == ["LP105"]
    assert [p.text for p in corpus.edition("2017").find("30B1a-i").intro] == ["roman;", "(1) te diep."]


def test_page_title_inside_a_block_is_kept_as_text():
    corpus, diag = build_texts(a="Artikel 30C\n\nC.  Kop\nARTIKEL 31\n")
    assert codes(diag) == ["LP107"]
    assert [p.text for p in corpus.edition("2017").find("30C").intro] == ["ARTIKEL 31"]


def test_wiki_whole_law_page_with_article_heading():
    text = "Sjabloon:1997:27\n\nARTIKEL 27 Onvoldoende bod\n\nInleiding.\n\nA. Eerste\n\nTekst.\n"
    corpus, diag = build_texts(a=text)
    article = corpus.edition("1997").find("27")
    assert (article.heading.text, article.intro[0].text) == ("Onvoldoende bod", "Inleiding.")
    assert ids(corpus, "1997") == ["27", "27A"]
    assert codes(diag) == []


# ---- attach_footnotes ----------------------------------------------------------------------------------

FOOTNOTES = (
    "Sjabloon:1997:25B\n\nB. Kop\n\n1. Een\n\nTekst ¹⁾.\n\n2. Twee\n\nTekst ²⁾.\n\n---\n\n1) Noot een.\n2) Noot twee.\n"
)


def test_footnotes_go_to_the_provision_holding_their_marker():
    corpus, diag = build_texts(a=FOOTNOTES)
    notes = {p.id: [f.text for f in p.footnotes] for p in corpus.edition("1997").walk() if p.footnotes}
    assert notes == {"25B1": ["Noot een."], "25B2": ["Noot twee."]}
    assert codes(diag) == []


def test_footnote_without_marker_and_marker_without_footnote():
    text = FOOTNOTES.replace("Tekst ²⁾.", "Tekst.").replace("2) Noot twee.\n", "") + "3) Los.\n"
    text = text.replace("Tekst ¹⁾.", "Tekst ¹⁾ en ⁴⁾.")
    corpus, diag = build_texts(a=text)
    assert codes(diag) == ["LP106", "LP106"]
    assert [f.marker for f in corpus.edition("1997").find("25B").footnotes] == ["3"]


# ---- merge_fragments -----------------------------------------------------------------------------------


def test_fragments_of_one_law_merge_in_numbering_order_with_all_sources():
    corpus, _ = build_texts(
        a="Artikel 30C\n\nC.  Derde\n",
        b="Artikel 30A\n\nA.  Eerste\n\nArtikel 30C\n\nC.  Derde\n",
    )
    assert ids(corpus) == ["30", "30A", "30C"]
    sources = corpus.edition("2017").find("30C").sources
    assert sorted({s.file for s in sources}) == ["corpus/a.txt", "corpus/b.txt"]


def test_children_sort_by_number_not_by_text():
    items = "".join(f"{n}. Zin {n}.\n" for n in (10, 2, 1))
    corpus, _ = build_texts(a=f"Artikel 30B\n\nB.  Kop\n{items}")
    assert ids(corpus)[2:] == ["30B1", "30B2", "30B10"]


# ---- the passes as a whole -----------------------------------------------------------------------------


def test_running_the_passes_again_changes_nothing(seed):
    corpus, _ = seed
    again = run_passes(corpus, Diagnostics(), PASSES)
    assert again == corpus


def test_a_differing_copy_is_kept_on_record_whole():
    first = "Artikel 30C\n\nC.  Kop\nDe tekst van de eerste kopie.\n"
    corpus, diag = build_texts(a=first, b="Artikel 30C\n\nC.  Kop\nDe tekst van de tweede kopie.\n")
    assert [p.text for p in corpus.edition("2017").find("30C").intro] == ["De tekst van de eerste kopie."]
    assert [(r.text, r.file, r.line, r.reason) for r in corpus.removals] == [
        ("De tekst van de tweede kopie.", "corpus/b.txt", 4, "differing copy of 2017:30C")
    ]
    assert all_codes(diag).count("LP203") == 2
    again = run_passes(corpus, Diagnostics(), PASSES)
    assert again.removals == corpus.removals


def test_copies_that_agree_leave_no_record():
    text = "Artikel 30C\n\nC.  Kop\nDezelfde tekst.\n"
    corpus, diag = build_texts(a=text, b=text)
    assert corpus.removals == ()
    assert "LP203" not in all_codes(diag)
