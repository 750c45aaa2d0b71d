"""model.py: ids, keys, numbering order, text folding and offset mapping."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lawparse import model


@pytest.mark.parametrize(
    ("text", "parts", "kind"),
    [
        ("25", ("25",), model.Kind.ARTICLE),
        ("25A", ("25", "A"), model.Kind.SECTION),
        ("16C2", ("16", "C", "2"), model.Kind.ITEM),
        ("12C1b", ("12", "C", "1", "b"), model.Kind.SUBITEM),
        ("30B1b-i", ("30", "B", "1", "b", "i"), model.Kind.SUBSUBITEM),
        ("25B2b-1", ("25", "B", "2", "b", "1"), model.Kind.SUBSUBITEM),
    ],
)
def test_provision_ids_parse_and_print_back(text, parts, kind):
    parsed = model.ProvisionId.parse(text)
    assert (parsed.parts, parsed.kind, str(parsed)) == (parts, kind, text)


@pytest.mark.parametrize("text", ["", "A", "25a", "25A1B", "1234567", "25B2b-", "25B2-1"])
def test_invalid_ids_do_not_parse(text):
    assert model.ProvisionId.parse(text) is None


def test_ancestors_and_children():
    provision_id = model.ProvisionId.parse("25B2b")
    assert [str(a) for a in provision_id.ancestors()] == ["25", "25B", "25B2", "25B2b"]
    assert str(provision_id.child("1")) == "25B2b-1"
    assert str(provision_id.parent()) == "25B2"
    assert model.key_of("1997", str(provision_id)) == "1997:25B2b"


def test_numbering_order():
    nums = ["10", "2", "1"]
    assert sorted(nums, key=lambda n: model.numbering_key(model.Kind.ITEM, n)) == ["1", "2", "10"]
    romans = ["x", "iv", "ii", "v", "i", "ix"]
    ordered = sorted(romans, key=lambda n: model.numbering_key(model.Kind.SUBSUBITEM, n))
    assert ordered == ["i", "ii", "iv", "v", "ix", "x"]
    assert model.roman_value("xlix") == 49


def test_normalize_text_folds_nbsp_and_runs_of_white_space():
    assert model.normalize_text("  artikel\u00a0 31\tvan\n ") == "artikel 31 van"
    assert model.normalize_text("e\u0308") == "ë"


def test_source_at_maps_plain_offsets_back_to_raw_columns():
    raw = "is  artikel\u00a031 van"
    paragraph = model.Paragraph.from_raw(raw, model.Source("f", 6, 5))
    assert paragraph.text == "is artikel 31 van"
    offset = paragraph.text.index("31")
    assert paragraph.source_at(offset) == model.Source("f", 6, 5 + raw.index("31"))
    assert paragraph.source_at(0) == model.Source("f", 6, 5)
    space = paragraph.text.index(" ")
    assert paragraph.source_at(space) == model.Source("f", 6, 5 + 2)


@given(st.text(alphabet=st.sampled_from("ab \u00a0\t"), max_size=30))
def test_source_at_points_at_the_same_character(raw):
    paragraph = model.Paragraph.from_raw(raw, model.Source("f", 1, 1))
    for offset, char in enumerate(paragraph.text):
        column = paragraph.source_at(offset).column
        if char == " ":
            assert raw[column - 1].isspace()
        else:
            assert raw[column - 1] == char


def test_rewrite_keeps_unchanged_subtrees():
    leaf = model.Provision("25A1", model.Kind.ITEM, "1")
    other = model.Provision("25B", model.Kind.SECTION, "B")
    tree = model.Provision(
        "25",
        model.Kind.ARTICLE,
        "25",
        children=(model.Provision("25A", model.Kind.SECTION, "A", children=(leaf,)), other),
    )

    def rename(p):
        return (
            model.Provision(p.id, p.kind, p.num, children=p.children, sources=(model.Source("x", 1),))
            if p.id == "25A1"
            else p
        )

    new = model.rewrite(tree, rename)
    assert new.children[0].children[0].sources == (model.Source("x", 1),)
    assert new.children[1] is other
    assert model.rewrite(tree, lambda p: p) is tree


def test_normalize_text_folds_exactly_what_a_whitespace_regex_folds():
    whitespace = re.compile(r"\s+")
    every_space = "".join(c for c in map(chr, range(sys.maxunicode + 1)) if whitespace.fullmatch(c))
    assert every_space == "".join(c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace())
    for text in (f"  a{every_space}b  c\u00a0\u00a0d\t", every_space, "", "e\u0301 x", "x\x1fy\x85z"):
        assert model.normalize_text(text) == whitespace.sub(" ", unicodedata.normalize("NFC", text)).strip()
