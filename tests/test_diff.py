"""The edition diff: pairing by number and by content, word operations, the records and LP401/LP402."""

from __future__ import annotations

import itertools

import pytest
from conftest import build_texts, codes
from diff_fixtures import NEW_23, NEW_72C, OLD_23
from hypothesis import given
from hypothesis import strategies as st

from lawparse import diffing, model


def diff_of(corpus: model.Corpus, old: str | None, new: str | None) -> model.Diff | None:
    return next((d for d in corpus.diffs if (d.old, d.new) == (old, new)), None)


def pairs(corpus: model.Corpus) -> set[tuple[str | None, str | None, str | None]]:
    return {(d.old, d.new, d.paired_by) for d in corpus.diffs}


# ---------------------------------------------------------------------------------------------------
# The seed corpus


def test_seed_25b_diffed_against_2017_25b(seed):
    corpus, _ = seed
    record = diff_of(corpus, "1997:25B", "2017:25B")
    assert record is not None
    assert record.paired_by == "number"
    assert 0 < record.similarity < 1
    old = corpus.edition("1997").find("25B")
    new = corpus.edition("2017").find("25B")
    assert diffing.old_text(record.ops) == diffing.provision_text(old)
    assert diffing.new_text(record.ops) == diffing.provision_text(new)
    assert {d.kind for d in [*record.ops]} >= {model.DiffOpKind.REPLACE}


def test_seed_items_of_25b_have_records(seed):
    corpus, _ = seed
    found = pairs(corpus)
    assert ("1997:25B1", "2017:25B1", "number") in found
    assert ("1997:25B2", "2017:25B2", "number") in found
    assert ("1997:25B2b-1", None, None) in found
    assert (None, "2017:25B3", None) in found


def test_seed_records_reconstruct_their_provision_texts(seed):
    corpus, _ = seed
    provisions = diffing.provisions_by_key(corpus)
    for record in corpus.diffs:
        old = diffing.provision_text(provisions[record.old]) if record.old else ""
        new = diffing.provision_text(provisions[record.new]) if record.new else ""
        assert (diffing.old_text(record.ops), diffing.new_text(record.ops)) == (old, new)


def test_seed_every_provision_with_text_has_exactly_one_record(seed):
    corpus, _ = seed
    for edition, side in (("1997", "old"), ("2017", "new")):
        expected = sorted(
            model.key_of(edition, p.id) for p in corpus.edition(edition).walk() if diffing.provision_text(p)
        )
        assert sorted(getattr(d, side) for d in corpus.diffs if getattr(d, side)) == expected


# ---------------------------------------------------------------------------------------------------
# Pairing


def test_renumbered_provision_is_paired_by_content_not_number():
    corpus, diag = build_texts(old=OLD_23, a=NEW_72C, b=NEW_23)
    assert pairs(corpus) == {("1997:23", "2017:72C", "content"), (None, "2017:23", None)}
    assert diff_of(corpus, "1997:23", "2017:72C").similarity >= diffing.CONTENT_MIN
    assert codes(diag).count("LP401") == 1
    assert "LP402" not in codes(diag)


def test_lp401_points_at_the_newer_provision():
    corpus, diag = build_texts(old=OLD_23, a=NEW_72C, b=NEW_23)
    (finding,) = [d for d in diag.sorted() if d.code == "LP401"]
    where = corpus.edition("2017").find("72C").sources[0]
    assert (finding.file, finding.line, finding.column) == ("corpus/a.txt", where.line, where.column)
    assert "1997:23" in finding.message and "2017:72C" in finding.message


def test_similar_same_number_pairs_by_number_without_findings():
    old = "Sjabloon:1997:72C\n\n" + NEW_72C.split("\n", 2)[2]
    corpus, diag = build_texts(old=old, a=NEW_72C)
    assert pairs(corpus) == {("1997:72C", "2017:72C", "number")}
    assert not {"LP401", "LP402"} & set(codes(diag))


def test_dissimilar_same_number_without_better_partner_is_a_weak_number_pair():
    corpus, diag = build_texts(old=OLD_23, b=NEW_23)
    record = diff_of(corpus, "1997:23", "2017:23")
    assert record is not None and record.paired_by == "number"
    assert record.similarity < diffing.NUMBER_KEEP
    assert codes(diag).count("LP402") == 1
    assert "LP401" not in codes(diag)


def test_unpaired_provisions_are_added_and_removed():
    new = "Artikel 54A\n\nA.  Leider legt zijn hand open\nDe leider legt zijn kaarten open op tafel.\n"
    corpus, _ = build_texts(old=OLD_23, new=new)
    assert pairs(corpus) == {("1997:23", None, None), (None, "2017:54A", None)}
    removed = diff_of(corpus, "1997:23", None)
    assert [op.kind for op in removed.ops] == [model.DiffOpKind.DELETE]
    added = diff_of(corpus, None, "2017:54A")
    assert [op.kind for op in added.ops] == [model.DiffOpKind.INSERT]
    assert (removed.similarity, added.similarity) == (0.0, 0.0)


def test_a_single_edition_has_no_diffs():
    corpus, _ = build_texts(old=OLD_23)
    assert corpus.diffs == ()


def test_short_texts_are_not_paired_by_content():
    # The same two-word heading under two numbers says nothing about renumbering.
    old = "Sjabloon:1997:40B\n\nB. Niet bedoelde bieding\n"
    new = "Artikel 25A\n\nA.  Niet bedoelde bieding\n"
    corpus, _ = build_texts(old=old, new=new)
    assert pairs(corpus) == {("1997:40B", None, None), (None, "2017:25A", None)}


def test_best_content_match_wins_when_two_compete():
    near = NEW_72C.replace("Artikel 72C", "Artikel 80C")
    far = NEW_72C.replace("Artikel 72C", "Artikel 81C").replace("schade zou kunnen toebrengen", "iets zou doen")
    old = OLD_23.replace("zou kunnen benadelen", "schade zou kunnen toebrengen")
    corpus, _ = build_texts(old=old, a=far, b=near)
    assert ("1997:23", "2017:80C", "content") in pairs(corpus)
    assert (None, "2017:81C", None) in pairs(corpus)


LAW_TEXT = "Als de wedstrijdleider van oordeel is dat een overtreder het had kunnen weten, kent hij een score toe.\n"


def test_many_renumbered_copies_of_one_text_pair_in_document_order():
    # More identical copies than CANDIDATES: every copy still meets one, the first with the first.
    count = diffing.CANDIDATES + 3
    old = {f"o{k}": f"Sjabloon:1997:{100 + k}\n\nARTIKEL {100 + k} Kop\n{LAW_TEXT}" for k in range(count)}
    new = {f"n{k}": f"Sjabloon:2017:{200 + k}\n\nARTIKEL {200 + k} Kop\n{LAW_TEXT}" for k in range(count)}
    corpus, diag = build_texts(**old, **new)
    assert pairs(corpus) == {(f"1997:{100 + k}", f"2017:{200 + k}", "content") for k in range(count)}
    assert {d.similarity for d in corpus.diffs} == {1.0}
    assert codes(diag).count("LP401") == count


def _nodes(edition: str, texts: dict[str, str]) -> list[diffing.TextNode]:
    return [diffing.TextNode(f"{edition}:{number}", number, text, None) for number, text in texts.items()]  # type: ignore[arg-type]


def test_words_in_more_than_common_word_provisions_do_not_vote(monkeypatch):
    monkeypatch.setattr(diffing, "COMMON_WORD", 3)
    filler = {str(k): f"de bieding is hier nummer {k} van de reeks" for k in range(10, 20)}
    old = _nodes("1997", {"1": "de bieding is hier nummer zeven van de lange reeks"})
    # `zeven` and `lange` are rare and find 9; `de`, `bieding`, ... are in more than 3 and do not vote.
    new = _nodes("2017", {**filler, "9": "de bieding is hier nummer zeven van de lange reeks vandaag"})
    assert [(p.old.key, p.paired_by) for p in diffing.pair_nodes(old, new) if p.old and p.new] == [
        ("1997:1", "content")
    ]
    # With only common words, nothing narrows the search: no pair by content.
    common = _nodes("1997", {"1": "de bieding is hier nummer van de reeks"})
    assert [p for p in diffing.pair_nodes(common, new[:-1]) if p.old and p.new] == []


def test_consecutive_editions_only():
    texts = {
        "a": "Sjabloon:1987:30C\n\nC. Kop\nDe pas is kunstmatig, zegt de leider hier.\n",
        "b": "Sjabloon:1997:30C\n\nC. Kop\nDe pas is kunstmatig, zegt de leider daar.\n",
        "c": "Artikel 30C\n\nC.  Kop\nDe pas is kunstmatig, zegt de leider nu.\n",
    }
    corpus, _ = build_texts(**texts)
    assert [(d.old, d.new) for d in corpus.diffs] == [("1987:30C", "1997:30C"), ("1997:30C", "2017:30C")]
    assert diffing.diffs_between(corpus.diffs, "1997", "2017") == [corpus.diffs[1]]


def test_record_order_is_newer_document_order_then_removed():
    old = OLD_23 + "\nSjabloon:1997:25B\n\nB. Kop van B die lang genoeg is om te tellen\n"
    corpus, _ = build_texts(old=old, a=NEW_72C, b=NEW_23)
    assert [(d.old, d.new) for d in corpus.diffs] == [
        (None, "2017:23"),
        ("1997:23", "2017:72C"),
        ("1997:25B", None),
    ]


def test_requested_provisions_pair_descendants_by_path_below_them(seed):
    corpus, _ = seed
    diffs = diffing.diff_provisions(
        "1997", corpus.edition("1997").find("25B"), "2017", corpus.edition("2017").find("25B")
    )
    assert [(d.old, d.new, d.paired_by) for d in diffs[:3]] == [
        ("1997:25B", "2017:25B", "number"),
        ("1997:25B1", "2017:25B1", "number"),
        ("1997:25B2", "2017:25B2", "number"),
    ]
    renumbered, _ = build_texts(old=OLD_23, a=NEW_72C)
    (root,) = diffing.diff_provisions(
        "1997", renumbered.edition("1997").find("23"), "2017", renumbered.edition("2017").find("72C")
    )
    assert (root.old, root.new, root.paired_by) == ("1997:23", "2017:72C", "request")


def test_pass_is_deterministic():
    first, _ = build_texts(old=OLD_23, a=NEW_72C, b=NEW_23)
    second, _ = build_texts(old=OLD_23, a=NEW_72C, b=NEW_23)
    assert first.diffs == second.diffs


# ---------------------------------------------------------------------------------------------------
# Word operations


def test_word_ops_keep_a_lone_shared_space_inside_one_change():
    ops = diffing.word_ops("a x y b", "a p q b")
    assert [(op.kind.value, op.old, op.new) for op in ops] == [
        ("equal", "a ", "a "),
        ("replace", "x y", "p q"),
        ("equal", " b", " b"),
    ]


def test_word_ops_insert_at_the_end_leaves_the_old_text_equal():
    ops = diffing.word_ops("de pas", "de pas is kunstmatig")
    assert [(op.kind.value, op.old, op.new) for op in ops] == [
        ("equal", "de pas", "de pas"),
        ("insert", "", " is kunstmatig"),
    ]


def test_small_match_between_large_changes_is_folded_into_them():
    old = "een twee drie vier de vijf zes zeven acht"
    new = "negen tien elf twaalf de dertien veertien vijftien zestien"
    ops = diffing.word_ops(old, new)
    assert [(op.kind, op.old, op.new) for op in ops] == [(model.DiffOpKind.REPLACE, old, new)]


TEXT = st.one_of(
    st.text(alphabet=st.sampled_from(list("ab de\n\t óë¹⁾")), max_size=60),
    # Sentences of a few common words: long matches, long changes and short matches between them.
    st.lists(
        st.sampled_from(["de", "pas", "bieding", "is", "een", "LT", "artikel 16C2", "\n", "(a)"]), max_size=40
    ).map(" ".join),
)


@given(old=TEXT, new=TEXT)
def test_ops_reconstruct_both_texts(old, new):
    ops = diffing.word_ops(old, new)
    assert diffing.old_text(ops) == old
    assert diffing.new_text(ops) == new
    for op in ops:
        assert op.old or op.new
        if op.kind is model.DiffOpKind.EQUAL:
            assert op.old == op.new
        if op.kind is model.DiffOpKind.INSERT:
            assert op.old == ""
        if op.kind is model.DiffOpKind.DELETE:
            assert op.new == ""
    assert all(
        not (a.kind is model.DiffOpKind.EQUAL and b.kind is model.DiffOpKind.EQUAL) for a, b in itertools.pairwise(ops)
    )


@given(old=st.text(max_size=80), new=st.text(max_size=80))
def test_ops_reconstruct_any_unicode_text(old, new):
    ops = diffing.word_ops(old, new)
    assert (diffing.old_text(ops), diffing.new_text(ops)) == (old, new)


@given(old=TEXT, new=TEXT)
def test_similarity_is_a_symmetric_share(old, new):
    score = diffing.similarity(old, new)
    assert 0.0 <= score <= 1.0
    assert diffing.similarity(old, old) == 1.0
    if not set(old.split()) & set(new.split()) and (old.split() or new.split()):
        assert score == 0.0


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("", "", "unchanged"),
        ("de pas", "de pas", "unchanged"),
        ("de pas", "het pas", "changed"),
    ],
)
def test_status_of_a_number_pair(old, new, expected):
    diff = model.Diff("1997:1A", "2017:1A", diffing.similarity(old, new), "number", diffing.word_ops(old, new))
    assert diffing.status(diff) == expected
