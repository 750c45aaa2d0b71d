"""citation.lark and lawparse.grammar.parse_citations: what is read as a citation, with which offsets."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawparse.citations import Citation, Direction, Scope
from lawparse.grammar import citation as citation_module
from lawparse.grammar import parse_citations, parser_for


def test_grammar_builds_strict_lalr_with_named_terminals():
    parser = parser_for("citation.lark")
    assert parser.options.parser == "lalr" and parser.options.strict
    assert all(not t.name.startswith("__ANON") for t in parser.terminals)


def test_offsets_point_into_the_text():
    text = "maar zie artikel 16C2 en C2 hierboven."
    citations = parse_citations(text)
    assert [(text[c.start : c.end], c.text) for c in citations] == [
        ("artikel 16C2", "artikel 16C2"),
        ("C2 hierboven", "C2 hierboven"),
    ]


def test_scopes_parts_and_directions():
    assert parse_citations("artikel 30B1b-i") == (
        Citation("artikel 30B1b-i", 0, 15, Scope.EDITION, ("30", "B", "1", "b", "i")),
    )
    assert parse_citations("in B1") == (Citation("in B1", 0, 5, Scope.LAW, ("B", "1")),)
    assert parse_citations("(b)(1) hierboven") == (
        Citation("(b)(1) hierboven", 0, 16, Scope.ITEM, ("b", "1"), direction=Direction.ABOVE),
    )
    assert parse_citations("D hieronder")[0].direction is Direction.BELOW


def test_range_has_its_end_in_through():
    (citation,) = parse_citations("B1 tot en met B3")
    assert (citation.parts, citation.through) == (("B", "1"), ("B", "3"))


def test_english_sub_item_labels_read_as_the_compact_form():
    assert [c.parts for c in parse_citations("artikel 12C1(b) en 30B1(b)(i)")] == [
        ("12", "C", "1", "b"),
        ("30", "B", "1", "b", "i"),
    ]


def test_mangled_parenthesis_stays_outside_the_citation():
    (citation,) = parse_citations("(zie artikel 12C1b))")
    assert (citation.text, citation.parts) == ("artikel 12C1b", ("12", "C", "1", "b"))


def test_a_list_stops_where_the_phrase_stops():
    assert [c.text for c in parse_citations("artikel 53 en de blinde, artikel 26 en 27")] == [
        "artikel 53",
        "artikel 26",
        "27",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in",
        "artikel",
        "artikelen en",
        "in de bieding",
        "volgens de regels",
        "lid van de bond",
        "A",
        "A1",
        "(a)",
        "hierboven",
        "tot en met",
        "Artikel 16Cx",
        "artikel 1234",
        "in B-klasse",
    ],
)
def test_not_citations(text):
    assert parse_citations(text) == ()


def test_a_rejected_candidate_does_not_stop_the_scan():
    assert parse_citations("in de zaal, zie artikel 25") == (Citation("artikel 25", 16, 26, Scope.EDITION, ("25",)),)


_CITATION_ALPHABET = st.sampled_from(
    [
        "artikel ",
        "artikelen ",
        "Artikel ",
        "in ",
        "lid ",
        "volgens ",
        "zie ",
        "hierboven",
        "hieronder",
        " tot en met ",
        " t/m ",
        " en ",
        " of ",
        ", ",
        "(",
        ")",
        "(b)",
        "(1)",
        "A",
        "B1",
        "16C2",
        "12C1b",
        "30B1b-i",
        "123A",
        "1031",
        "-",
        " ",
        "\u00a0",
        "\n",
        "x",
        "U",
        ".",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(_CITATION_ALPHABET, max_size=20).map("".join)))
def test_never_raises_and_offsets_hold(text):
    previous_end = 0
    for citation in parse_citations(text):
        assert text[citation.start : citation.end] == citation.text
        assert citation.start >= previous_end and citation.end > citation.start
        previous_end = citation.end


# Every word that can start a phrase, with no look at what follows: the candidates before the
# prefilter learnt which tokens each word needs after it.
_EVERY_CANDIDATE = re.compile(
    r"(?<![\w-])(?:[Aa]rtikel(?:en)?|[Ii]n|[Ll]id|[Vv]olgens|[Zz]ie|[A-T](?:\d{1,2}[a-z]?)?)(?![\w-])"
    r"|(?<![\w)])\((?:[a-z]{1,5}|\d{1,2})\)"
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_CITATION_ALPHABET, max_size=20).map("".join))
def test_candidate_prefilter_rules_out_only_what_the_grammar_rejects(text):
    with_prefilter = parse_citations.__wrapped__(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(citation_module, "_CANDIDATE", _EVERY_CANDIDATE)
        assert parse_citations.__wrapped__(text) == with_prefilter


def test_prefilter_skips_cue_words_that_no_label_follows():
    assert citation_module._CANDIDATE.findall("zie in de bieding artikel 1031 of in B1") == ["in", "B1"]
