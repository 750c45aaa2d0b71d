"""merge_fragments keeps the first copy of a provision and records what a differing later copy said."""

from __future__ import annotations

from conftest import build_texts

FIRST = "Artikel 30C\n\nC.  Kop\nDe tekst van de eerste kopie.\n"


def test_identical_copies_leave_no_removal():
    corpus, _ = build_texts(a=FIRST, b=FIRST)
    assert corpus.removals == ()
    assert {s.file for s in corpus.edition("2017").find("30C").sources} == {"corpus/a.txt", "corpus/b.txt"}


def test_a_differing_copy_is_recorded_as_a_removal():
    corpus, _ = build_texts(a=FIRST, b="Artikel 30C\n\nC.  Andere kop\nDe tekst van de tweede kopie.\n")
    section = corpus.edition("2017").find("30C")
    assert (section.heading.text, [p.text for p in section.intro]) == ("Kop", ["De tekst van de eerste kopie."])
    assert [(r.text, r.file, r.line, r.evidence) for r in corpus.removals] == [
        ("Andere kop", "corpus/b.txt", 3, "kept: corpus/a.txt:1"),
        ("De tekst van de tweede kopie.", "corpus/b.txt", 4, "kept: corpus/a.txt:1"),
    ]
    assert {r.reason for r in corpus.removals} == {"differing copy of 2017:30C; the first copy's text is kept"}


def test_a_copy_that_only_adds_text_loses_nothing():
    corpus, _ = build_texts(a="Artikel 30C\n\nC.  Kop\n", b=FIRST)
    assert corpus.removals == ()
    assert [p.text for p in corpus.edition("2017").find("30C").intro] == ["De tekst van de eerste kopie."]
