"""Edition pairs on request: Settings.diff_pairs, `--compare OLD:NEW`, and records that name their pair."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawparse import diffing, emit, model, pipeline
from lawparse.cli import main
from lawparse.emit import json as json_emit

# Law 30C in three editions; 2017 also holds 30D, which neither older page has.
TEXTS = {
    "corpus/a.txt": "Sjabloon:1997:30C\n\nC. Kop\nDe pas is kunstmatig, zegt de leider hier.\n",
    "corpus/b.txt": "Sjabloon:2007:30C\n\nC. Kop\nDe pas is kunstmatig, zegt de leider daar.\n",
    "corpus/c.txt": "Artikel 30C\n\nC.  Kop\nDe pas is kunstmatig, zegt de leider nu.\n",
    "corpus/d.txt": "Artikel 30D\n\nD.  Andere kop\nEen heel andere tekst over iets anders.\n",
}


def build(*pairs: tuple[str, str], texts: dict[str, str] = TEXTS) -> model.Corpus:
    corpus, _ = pipeline.build_from_texts(texts, model.Settings(diff_pairs=pairs))
    return corpus


def records(corpus: model.Corpus) -> list[tuple[str | None, str | None, str | None, str | None]]:
    return [(d.old_edition, d.new_edition, d.old, d.new) for d in corpus.diffs]


def test_without_pairs_every_consecutive_pair_is_compared():
    assert records(build()) == [
        ("1997", "2007", "1997:30C", "2007:30C"),
        ("2007", "2017", "2007:30C", "2017:30C"),
        ("2007", "2017", None, "2017:30D"),
    ]


def test_requested_pairs_replace_the_consecutive_ones():
    assert records(build(("1997", "2017"))) == [
        ("1997", "2017", "1997:30C", "2017:30C"),
        ("1997", "2017", None, "2017:30D"),
    ]


def test_requested_pairs_come_older_pair_first_whatever_the_order_asked():
    asked = build(("2007", "2017"), ("1997", "2017"), ("1997", "2007"), ("1997", "2017"))
    assert [(old, new) for old, new, *_ in records(asked)] == [
        ("1997", "2007"),
        ("1997", "2017"),
        ("1997", "2017"),
        ("2007", "2017"),
        ("2007", "2017"),
    ]


def test_overlapping_pairs_keep_added_provisions_apart():
    corpus = build(("1997", "2017"), ("2007", "2017"))
    # 2017:30D is added relative to both older editions: one record per pair, each naming its pair.
    added = [d for d in corpus.diffs if d.new == "2017:30D"]
    assert [(d.old_edition, d.new_edition) for d in added] == [("1997", "2017"), ("2007", "2017")]
    for old in ("1997", "2007"):
        between = diffing.diffs_between(corpus.diffs, old, "2017")
        assert [(d.old, d.new) for d in between] == [(f"{old}:30C", "2017:30C"), (None, "2017:30D")]


def test_records_without_their_pair_are_placed_by_their_keys():
    # A laws.json written before the fields existed: consecutive pairs, told apart by their keys.
    bare = [model.Diff(d.old, d.new, d.similarity, d.paired_by, d.ops) for d in build().diffs]
    assert [(d.old, d.new) for d in diffing.diffs_between(bare, "2007", "2017")] == [
        ("2007:30C", "2017:30C"),
        (None, "2017:30D"),
    ]
    assert [(d.old, d.new) for d in diffing.diffs_between(bare, "1997", "2007")] == [("1997:30C", "2007:30C")]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("1997", "2017", None),
        ("1997", "2007", None),
        ("1997", "2027", "no edition 2027 in the corpus (it holds: 2017, 2007, 1997)"),
        ("1987", "2027", "no edition 1987 or 2027 in the corpus"),
        ("2017", "1997", "2017 is newer than 1997; write the older edition first (1997:2017)"),
        ("2007", "2007", "2007:2007 compares an edition with itself"),
    ],
)
def test_pair_problem(old, new, problem):
    found = diffing.pair_problem(build(), old, new)
    assert found == problem if problem is None else found.startswith(problem)


def test_pairs_the_corpus_cannot_compare_are_left_out_of_the_pass():
    assert records(build(("2017", "1997"), ("1997", "2027"))) == []
    assert [r[:2] for r in records(build(("2017", "1997"), ("1997", "2007")))] == [("1997", "2007")]


def test_one_html_page_per_requested_pair_with_its_own_records():
    corpus = build(("1997", "2017"), ("2007", "2017"))
    outputs = emit.render(corpus, [])
    assert sorted(name for name in outputs if name.endswith(".html")) == ["diff-1997-2017.html", "diff-2007-2017.html"]
    for old in ("1997", "2007"):
        page = outputs[f"diff-{old}-2017.html"].decode()
        assert f"old-{old}-30C" in page
        # The added provision has one card on each page, not two.
        assert page.count('id="d-2017-30D"') == 1


def test_pair_fields_in_json_and_xml_validate_and_read_back():
    corpus = build(("1997", "2017"), ("2007", "2017"))
    outputs = emit.render(corpus, [])
    data = json.loads(outputs["laws.json"])
    assert [(d["old_edition"], d["new_edition"]) for d in data["diffs"] if d["old"] is None] == [
        ("1997", "2017"),
        ("2007", "2017"),
    ]
    assert json_emit.corpus_from_data(data).diffs == corpus.diffs
    assert b'oldEdition="2007" newEdition="2017"' in outputs["laws.xml"]


def test_pair_fields_are_optional_in_the_schema_but_not_empty():
    data = json.loads(emit.render(build(), [])["laws.json"])
    for record in data["diffs"]:
        del record["old_edition"], record["new_edition"]
    assert emit.validate_json(data) == []
    data["diffs"][0]["old_edition"] = ""
    assert emit.validate_json(data)


# ---------------------------------------------------------------------------------------------------
# lawparse build --compare


@pytest.fixture
def corpus_dir(tmp_path):
    for name, text in TEXTS.items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path / "corpus"


def build_cli(corpus_dir, *args: str):
    out = corpus_dir.parent / "output"
    return CliRunner().invoke(main, ["build", str(corpus_dir), "--out", str(out), *args]), out


def test_build_compare_writes_exactly_the_requested_pairs(corpus_dir):
    result, out = build_cli(corpus_dir, "--compare", "1997:2017")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.html")) == ["diff-1997-2017.html"]
    diffs = json.loads((out / "laws.json").read_text())["diffs"]
    assert {(d["old_edition"], d["new_edition"]) for d in diffs} == {("1997", "2017")}
    assert ("1997:30C", "2017:30C") in {(d["old"], d["new"]) for d in diffs}


def test_build_without_compare_writes_the_consecutive_pairs(corpus_dir):
    result, out = build_cli(corpus_dir)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.html")) == ["diff-1997-2007.html", "diff-2007-2017.html"]


def test_build_compare_is_repeatable(corpus_dir):
    result, out = build_cli(corpus_dir, "--compare", "2007:2017", "--compare", "1997:2017")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.html")) == ["diff-1997-2017.html", "diff-2007-2017.html"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1997:2027", "--compare 1997:2027: no edition 2027 in the corpus (it holds: 2017, 2007, 1997)"),
        ("2017:1997", "--compare 2017:1997: 2017 is newer than 1997; write the older edition first (1997:2017)"),
        ("2017:2017", "--compare 2017:2017: 2017:2017 compares an edition with itself"),
        ("1997", "--compare: `1997` is not a pair of editions OLD:NEW (1997:2017)"),
        ("1997:2007:2017", "--compare: `1997:2007:2017` is not a pair of editions OLD:NEW (1997:2017)"),
        (":2017", "--compare: `:2017` is not a pair of editions OLD:NEW (1997:2017)"),
    ],
)
def test_build_compare_usage_errors_exit_2_in_one_line_and_write_nothing(corpus_dir, value, message):
    result, out = build_cli(corpus_dir, "--compare", value)
    assert result.exit_code == 2
    assert result.stderr == f"lawparse build: {message}\n"
    assert result.stdout == ""
    assert not out.exists()


def test_a_partial_corpus_hides_a_comparison_that_compare_asks_for(corpus_dir):
    """The README's limitation: with a 2007 page present, 1997 is compared with 2007 only, not with 2017."""
    _, out = build_cli(corpus_dir)
    consecutive = json.loads((out / "laws.json").read_text())["diffs"]
    assert ("1997:30C", "2017:30C") not in {(d["old"], d["new"]) for d in consecutive}
    _, out = build_cli(corpus_dir, "--compare", "1997:2017")
    requested = json.loads((out / "laws.json").read_text())["diffs"]
    assert ("1997:30C", "2017:30C") in {(d["old"], d["new"]) for d in requested}
