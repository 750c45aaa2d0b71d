"""The provisions CORPUS.md lists for the cleaned seed corpus exist, with their headings and kinds."""

from __future__ import annotations

import pytest

from lawparse import model

EXPECTED_2017 = {
    "25": ("article", "Het wijzigen van biedingen, al dan niet reglementair"),
    "25A": ("section", "Niet bedoelde bieding"),
    "25B": ("section", "Voorgenomen bieding"),
    "54": ("article", "Voor de beurt uitkomen met de beeldzijde naar boven"),
    "54E": ("section", "Uitkomst door de verkeerde partij"),
    "16C": ("section", "Informatie uit ingetrokken handelingen"),
    "30C": ("section", "Als de pas kunstmatig is"),
    "29A": ("section", "Verlies van het recht op rechtzetting"),
    "23A": ("section", "Definitie"),
    "26B": ("section", "Voorspeelbeperkingen"),
    "23C": ("section", "Niet-overtredende partij is benadeeld"),
    "72C": ("section", "Besef van mogelijk nadeel"),
}


@pytest.mark.parametrize(("provision_id", "expected"), sorted(EXPECTED_2017.items()))
def test_2017_provision_kind_and_heading(seed, provision_id, expected):
    corpus, _ = seed
    provision = corpus.edition("2017").find(provision_id)
    assert provision is not None, provision_id
    assert (provision.kind.value, provision.heading.text) == expected


def child_ids(corpus, key):
    edition, provision_id = key.split(":")
    return [child.id for child in corpus.edition(edition).find(provision_id).children]


def test_numbered_children(seed):
    corpus, _ = seed
    assert child_ids(corpus, "2017:25") == ["25A", "25B"]
    assert child_ids(corpus, "2017:25A") == [f"25A{n}" for n in range(1, 7)]
    assert child_ids(corpus, "2017:25B") == ["25B1", "25B2", "25B3"]
    assert child_ids(corpus, "2017:54") == ["54A", "54B", "54C", "54D", "54E"]
    assert child_ids(corpus, "2017:54B") == ["54B1", "54B2"]
    assert child_ids(corpus, "2017:23A") == ["23A1", "23A2", "23A3"]
    assert child_ids(corpus, "2017:16C") == ["16C1", "16C2", "16C3"]
    assert child_ids(corpus, "1997:25B") == ["25B1", "25B2"]
    assert child_ids(corpus, "1997:25B2") == ["25B2a", "25B2b", "25B2c"]
    assert child_ids(corpus, "1997:25B2b") == ["25B2b-1", "25B2b-2"]


def test_page_titles_are_metadata_not_articles(seed):
    corpus, _ = seed
    laws_2017 = [article.id for article in corpus.edition("2017").articles]
    assert "31" not in laws_2017 and "17" not in laws_2017
    assert {d.file.rsplit("/", 1)[-1]: d.page_title for d in corpus.documents} == {
        "000_4740adbf41d0cfa4.txt": "31",
        "001_83f14729d47eeaf0.txt": None,
        "004_10c81314a4ec9e97.txt": "17",
    }


def test_editions_present(seed):
    corpus, _ = seed
    assert [edition.name for edition in corpus.editions] == ["2017", "1997"]
    assert [a.id for a in corpus.edition("2017").articles] == ["16", "22", "23", "25", "26", "29", "30", "54", "72"]


def test_1997_wiki_provisions(seed):
    corpus, _ = seed
    edition = corpus.edition("1997")
    sub = edition.find("25B2b-1")
    assert (sub.kind, sub.heading.text) == (model.Kind.SUBSUBITEM, "Eerste bieding handhaven")
    assert sub.intro[0].text.startswith("óf: zijn eerste bieding handhaven")
    b1 = edition.find("25B1")
    assert b1.heading.text == "Vervangende bieding geaccepteerd"
    assert [p.text[:6] for p in b1.intro] == ["De ver", "- deze", "en:", "- de w"]


def test_two_footnotes_in_1997_attached_to_their_markers(seed):
    corpus, _ = seed
    footnotes = {p.id: [(f.marker, f.text) for f in p.footnotes] for p in corpus.edition("1997").walk() if p.footnotes}
    assert footnotes == {
        "25B1": [("1", "Als het oorspronkelijke bod onvoldoende was, is artikel 27 van toepassing.")],
        "25B2b-2": [("2", "De niet-overtredende partij krijgt de score die aan tafel behaald wordt.")],
    }
    assert "¹⁾" in corpus.edition("1997").find("25B1").intro[0].text


def test_sources_point_at_the_marker_line(seed):
    corpus, _ = seed
    item = corpus.edition("2017").find("25A1")
    assert [(s.file, s.line, s.column) for s in item.sources] == [("corpus/000_4740adbf41d0cfa4.txt", 68, 1)]


def test_16c_has_sources_in_both_files(seed):
    corpus, _ = seed
    files = {s.file for s in corpus.edition("2017").find("16C").sources}
    assert files == {"corpus/000_4740adbf41d0cfa4.txt", "corpus/004_10c81314a4ec9e97.txt"}
