"""Cleanup passes (LP2xx): fixture cases per rule, positive and negative, and the seed corpus."""

from __future__ import annotations

import doctest
import importlib

import pytest
from conftest import build_texts, codes

from lawparse import model, pipeline
from lawparse.diagnostics import RULES, Diagnostics

LEAK = "Dit is een zin van een heel ander artikel die hier niet hoort."


def leaky_law(law: int, leak: str = LEAK, items: int = 3) -> str:
    """A web block of law ``law`` whose list items but the last end with ``leak``."""
    lines = [f"Artikel {law}A", "", f"A.\u00a0 Kop van {law}A", "Een bieding is vergelijkbaar als ze:", ""]
    for number in range(1, items + 1):
        lines.append(f"{number}. de {number}e voorwaarde van artikel {law} vervult; of")
        if number < items:
            lines.append(f"   {leak}")
        lines.append("   ")
    return "\n".join(lines) + "\n"


def all_text(corpus: model.Corpus) -> list[str]:
    texts = [u.text for u in corpus.unplaced]
    for edition in corpus.editions:
        for provision in edition.walk():
            texts.extend(p.text for p in provision.paragraphs())
            texts.extend(f.text for f in provision.footnotes)
    return texts


# ---- one table of fixture cases: every LP2xx code has positive and negative ones -----------------
WIKI_FURNITURE = (
    "Sjabloon:1997:25B\n"
    "Uit Spelregels voor tafelarbiters\n"
    "Versie door Jan (overleg | bijdragen) op 3 mei 2012 om 14:05 (wijz)\n"
    "(wijz) ← Oudere versie | Huidige versie (wijz) | Nieuwere versie → (wijz)\n"
    "\n"
    "B. Verbetering\n"
    "Tot de LT een bieding doet, geldt dit.\n"
)
RUN_IN = "Artikel 16C\n\nC. Informatie uit ingetrokken handelingen Ingeval een bieding ingetrokken wordt, geldt:\n"
RUN_IN_OTHER_COPY = (
    "Artikel 16C\n\nC.  Informatie uit ingetrokken handelingen\nIngeval een bieding ingetrokken wordt, geldt:\n"
)

CASES: dict[str, dict[str, list[dict[str, str]]]] = {
    "LP201": {
        "positive": [{"a": leaky_law(23) + leaky_law(16) + leaky_law(25)}],
        "negative": [
            # a clause the laws really repeat, as an item's own first line in three laws
            {"a": "".join(f"Artikel {n}A\n\nA.  Kop\n1. {LEAK}\n2. Twee.\n" for n in (1, 2, 3))},
            # ... as a paragraph of three laws
            {"a": "".join(f"Artikel {n}A\n\nA.  Kop\n{LEAK}\n" for n in (1, 2, 3))},
            # trailing continuation in two laws only: below the threshold
            {"a": leaky_law(23) + leaky_law(16)},
            # copies of one provision in three files count as one law
            {name: leaky_law(23) for name in ("a", "b", "c")},
            # a short connective ending items everywhere
            {"a": leaky_law(23, "en ook") + leaky_law(16, "en ook") + leaky_law(25, "en ook")},
            # the same line continues an item's text with more text after it: part of its wording
            {
                "a": leaky_law(23) + leaky_law(16),
                "b": f"Artikel 25A\n\nA.  Kop\n1. Een.\n   {LEAK}\n   en dan nog iets.\n2. Twee.\n",
            },
        ],
    },
    "LP202": {
        "positive": [{"a": WIKI_FURNITURE}, {"a": "Uit Spelregels voor tafelarbiters\nSjabloon:1997:25B\n\nB. Kop\n"}],
        "negative": [
            {
                "a": "Sjabloon:1997:25B\n\nB. Kop\n"
                "De versie door de leider (zie artikel 25) uit Spelregels voor tafelarbiters.\n"
            }
        ],
    },
    "LP203": {
        "positive": [
            {
                "a": "Artikel 30C\n\nC.  Kop\nDe pas is kunstmatig.\n",
                "b": "Artikel 30C\n\nC.  Kop\nDe pas is natuurlijk.\n",
            },
            {
                "a": "Artikel 16C\n\nC.  Kop\nTekst:\n1. Een.\n2. Twee is waar.\n",
                "b": "Artikel 16C2\n\nC2.  Kop\nTwee is onwaar.\n",
            },
        ],
        "negative": [
            {"a": "Artikel 30C\n\nC.  Kop\nDe pas.\n", "b": "Artikel 30C\n\nC.\u00a0 Kop\nDe   pas.\n"},
            {
                "a": "Artikel 16C\n\nC.  Kop\nTekst:\n1. Een.\n2. Twee is waar.\n",
                "b": "Artikel 16C2\n\nC2.  Kop\nTwee is waar.\n",
            },
        ],
    },
    "LP204": {
        "positive": [{"a": RUN_IN_OTHER_COPY, "b": RUN_IN}],
        "negative": [{"a": RUN_IN_OTHER_COPY, "b": RUN_IN_OTHER_COPY}, {"a": RUN_IN}],
    },
    "LP205": {
        "positive": [{"a": RUN_IN}],
        "negative": [
            {"a": RUN_IN_OTHER_COPY, "b": RUN_IN},
            {"a": "Artikel 22B\n\nB. Het bieden eindigd wanneer:\nAlle vier de spelers passen.\n"},
            {"a": "Artikel 22B\n\nB. Als de LT een bieding doet, geldt:\nAlle vier de spelers passen.\n"},
        ],
    },
    "LP210": {
        "positive": [
            {"a": "Artikel 22A\n\nA.  Kop\nHet bieden eindigt wanneer:\n1. artikel 19D).\n"},
            {"a": "Sjabloon:1997:25B\n\nB. Kop\n1. Item\nTekst.\n(a) bieding).\n"},
        ],
        "negative": [
            {"a": "Artikel 25B\n\nB.  Kop\nTekst:\n3. artikel 16C is van toepassing voor elke ingetrokken bieding.\n"},
            {"a": "Artikel 23A\n\nA.  Kop\nAls ze:\n1. dezelfde betekenis heeft als (die van) de bieding; of\n"},
        ],
    },
    "LP211": {
        "positive": [
            {"a": "Artikel 72C\n\nC.  Kop\nAls het nog niet beēindigd is.\n"},
            {"a": "Artikel 72C\n\nC.  Kop\nDe wedstrijdleider beslist: Čok.\n"},
            {"a": "Artikel 72C\n\nC.  Kop\nDe sp\u0435ler beslist.\n"},
        ],
        "negative": [
            {"a": "Artikel 72C\n\nC.  Kop\nóf één óf twee; bieën, beëindigd, enquête, façade, crème, à.\n"},
            {"a": "Artikel 72C\n\nC.  Kop\nEen symbool π, en ª na 1ª.\n"},
        ],
    },
    "LP212": {
        "positive": [{"a": "Artikel 22B\n\nB. Het bieden eindigd wanneer:\nAlle vier de spelers passen.\n"}],
        "negative": [{"a": "Artikel 25B\n\nB.  Voorgenomen bieding\nEen wijziging mag:\n1. Een.\n"}],
    },
    "LP213": {
        "positive": [
            {"a": "Artikel 23A\n\nA.  Definitie\nTekst.\n", "b": "Artikel 23B\n\nB.  definitie\nAndere tekst.\n"}
        ],
        "negative": [
            {"a": "Artikel 23A\n\nA.  Definitie\nTekst.\n", "b": "Artikel 24B\n\nB.  Definitie\nAndere tekst.\n"}
        ],
    },
    "LP214": {
        "positive": [{"a": "Artikel 30C\n\nC.  Als de pas kunstmatig is\n"}, {"a": "Artikel 30C\n"}],
        "negative": [{"a": "Artikel 30C\n\nC.  Als de pas kunstmatig is\nTekst.\n"}],
    },
    "LP215": {
        "positive": [
            {"a": "Artikel 54\n\nKop\n\nA. Een\nTekst.\nB. Twee\nTekst.\nD. Vier\nTekst.\n"},
            {"a": "Artikel 30C\n\nC.  Kop\nTekst:\n1. Een.\n3. Drie.\n"},
            {"a": "Sjabloon:1997:25B\n\nB. Kop\n1. Item\nTekst:\n(b) Twee\nTekst.\n"},
        ],
        "negative": [
            {"a": "Artikel 30C\n\nC.  Kop\nTekst:\n1. Een.\n2. Twee.\n"},
            {"a": "Artikel 30C\n\nC.  Kop\nTekst.\n", "b": "Artikel 30A\n\nA.  Kop\nTekst.\n"},
            {"a": "Artikel 16C2\n\nC2.  Kop\nTekst.\n"},
        ],
    },
    "LP217": {
        "positive": [
            {"a": "Artikel 41A\n\nA.  Kop\nEerste regel.\n\n12\n\nTweede regel.\n"},
            {"a": "Artikel 41B\n\nB.  Kop\nTekst.\n- 13 -\n"},
            {"a": "Sjabloon:1997:25B\n\nB. Kop\n1. Een\nTekst.\nblz. 14\n"},
        ],
        "negative": [
            {"a": "Artikel 41A\n\nA.  Kop\nEr zijn 12 kaarten.\n1. 12 slagen.\n"},
            {"a": "Artikel 41A\n\nA.  Kop\nTekst:\n12. Twaalf.\n"},
        ],
    },
    "LP218": {
        "positive": [
            {"a": "Artikel 41A\n\nA.  Kop\nZie arti-\nkel 54 voor een uitkomst.\n"},
            {"a": "Artikel 41A\n\nA.  Kop\nTekst:\n1. Een speler mag bie-\n   den wanneer hij wil.\n"},
        ],
        "negative": [
            {"a": "Artikel 41A\n\nA.  Kop\nZie arti-\nKel 54.\n"},
            {"a": "Artikel 41A\n\nA.  Kop\nDe score is 4 -\nof meer.\n"},
            {"a": "Artikel 41A\n\nA.  Kop\nNiet-overtredende partij.\nkleine letter.\n"},
        ],
    },
    "LP216": {
        "positive": [{"a": "Artikel 30C\n\nC.  Kop\nTekst:\n1. Een.\n2. Twee.\n2. Nog eens twee.\n"}],
        "negative": [
            {"a": "Artikel 30C\n\nC.  Kop\nTekst:\n1. Een.\n2. Twee.\n3. Drie.\n"},
            {"a": "Artikel 16C\n\nC.  Kop\nTekst.\n", "b": "Artikel 16C\n\nC.  Kop\nTekst.\n"},
        ],
    },
}


def _cases(polarity: str) -> list[tuple[str, int, dict[str, str]]]:
    return [(code, n, texts) for code, case in sorted(CASES.items()) for n, texts in enumerate(case[polarity])]


@pytest.mark.parametrize(("code", "number", "texts"), _cases("positive"))
def test_positive_case_reports_its_code(code, number, texts):
    _, diag = build_texts(**texts)
    assert code in codes(diag)


@pytest.mark.parametrize(("code", "number", "texts"), _cases("negative"))
def test_negative_case_does_not_report_its_code(code, number, texts):
    _, diag = build_texts(**texts)
    assert code not in codes(diag)


def test_every_cleanup_code_has_positive_and_negative_cases():
    cleanup_codes = {code for code in RULES if code.startswith("LP2")}
    assert cleanup_codes == set(CASES)
    assert all(case["positive"] and case["negative"] for case in CASES.values())


def test_readme_documents_every_code():
    readme = (pytest.importorskip("conftest").ROOT / "README.md").read_text(encoding="utf-8")
    missing = [code for code in RULES if f"| {code} |" not in readme]
    assert missing == []


# ---- leaked lines -----------------------------------------------------------------------------------
def test_leaked_lines_are_removed_recorded_and_fixable():
    text = leaky_law(23) + leaky_law(16) + leaky_law(25)
    leaked_lines = [n for n, line in enumerate(text.splitlines(), start=1) if line == f"   {LEAK}"]
    assert len(leaked_lines) == 6
    corpus, diag = build_texts(a=text)
    assert [(r.file, r.line, r.text) for r in corpus.removals] == [("corpus/a.txt", n, LEAK) for n in leaked_lines]
    assert all("3 different laws" in r.evidence and r.reason == "leaked line" for r in corpus.removals)
    assert not any(LEAK in text for text in all_text(corpus))
    assert corpus.edition("2017").find("23A1").intro[0].text == "de 1e voorwaarde van artikel 23 vervult; of"
    fixes = [d.fix for d in diag.items if d.code == "LP201"]
    assert all(fix.safe and fix.edits[0].line + 1 == fix.edits[0].end_line for fix in fixes)
    assert [fix.edits[0].line for fix in fixes] == leaked_lines


def test_repeated_wording_stays_in_its_provisions():
    texts = CASES["LP201"]["negative"][0]
    corpus, _ = build_texts(**texts)
    assert corpus.removals == ()
    assert [corpus.edition("2017").find(f"{n}A1").intro[0].text for n in (1, 2, 3)] == [LEAK] * 3


# ---- page furniture -----------------------------------------------------------------------------------
def test_page_furniture_is_removed_and_recorded():
    corpus, diag = build_texts(a=WIKI_FURNITURE)
    assert [(r.line, r.reason) for r in corpus.removals] == [(n, "page furniture") for n in (2, 3, 4)]
    assert [d.code for d in diag.items] == ["LP202"] * 3
    section = corpus.edition("1997").find("25B")
    assert (section.heading.text, [p.text for p in section.intro]) == (
        "Verbetering",
        ["Tot de LT een bieding doet, geldt dit."],
    )


def test_page_furniture_patterns_are_configurable():
    text = "Artikel 30C\n\nC.  Kop\nPagina 12\nTekst.\n"
    default, _ = pipeline.build_from_texts({"a.txt": text})
    assert default.removals == ()
    custom, _ = pipeline.build_from_texts({"a.txt": text}, model.Settings(page_furniture=(r"Pagina \d+",)))
    assert [(r.line, r.text) for r in custom.removals] == [(4, "Pagina 12")]
    none, _ = pipeline.build_from_texts({"a.txt": WIKI_FURNITURE}, model.Settings(page_furniture=()))
    assert none.removals == ()


# ---- duplicates and run-in headings ---------------------------------------------------------------------
def test_conflicting_copies_keep_the_first_and_warn_at_both_places_with_a_word_diff():
    texts = CASES["LP203"]["positive"][0]
    corpus, diag = build_texts(**texts)
    assert corpus.edition("2017").find("30C").intro[0].text == "De pas is kunstmatig."
    warnings = [(d.file, d.line, d.message) for d in diag.items if d.code == "LP203"]
    assert [(file, line) for file, line, _ in warnings] == [("corpus/a.txt", 4), ("corpus/b.txt", 4)]
    assert "-[kunstmatig.] +[natuurlijk.]" in warnings[0][2] and "is kept" in warnings[0][2]
    assert "-[natuurlijk.] +[kunstmatig.]" in warnings[1][2] and "is dropped" in warnings[1][2]


def test_single_item_block_is_checked_against_the_fuller_copy():
    corpus, diag = build_texts(**CASES["LP203"]["positive"][1])
    [at_item] = [d for d in diag.items if d.code == "LP203" and d.file == "corpus/b.txt"]
    assert "2017:16C2" in at_item.message and "-[onwaar.] +[waar.]" in at_item.message
    assert corpus.edition("2017").find("16C2").intro[0].text == "Twee is waar."


def test_run_in_heading_is_split_with_the_heading_of_another_copy():
    corpus, diag = build_texts(a=RUN_IN_OTHER_COPY, b=RUN_IN)
    section = corpus.edition("2017").find("16C")
    assert section.heading.text == "Informatie uit ingetrokken handelingen"
    assert [p.text for p in section.intro] == ["Ingeval een bieding ingetrokken wordt, geldt:"]
    assert {s.file for s in section.sources} == {"corpus/a.txt", "corpus/b.txt"}
    [split] = [d for d in diag.items if d.code == "LP204"]
    assert (split.file, split.line, split.fix.safe) == ("corpus/b.txt", 3, False)
    [edit] = split.fix.edits
    line = RUN_IN.splitlines()[2]
    assert line[edit.column - 1 : edit.end_column - 1] == " " and line[: edit.column - 1].endswith("handelingen")
    assert "LP203" not in codes(diag)


def test_run_in_heading_without_another_copy_is_reported_not_split():
    corpus, diag = build_texts(a=RUN_IN)
    section = corpus.edition("2017").find("16C")
    assert section.heading.text.startswith("Informatie uit ingetrokken handelingen Ingeval")
    [warning] = [d for d in diag.items if d.code == "LP205"]
    assert (warning.line, warning.fix.safe) == (3, False)


# ---- suspicious text --------------------------------------------------------------------------------------
def test_foreign_character_fixes():
    found = {}
    for texts in CASES["LP211"]["positive"]:
        _, diag = build_texts(**texts)
        [finding] = [d for d in diag.items if d.code == "LP211"]
        found[finding.fix.edits[0].replacement] = finding.fix.safe
    assert found == {"ë": True, "C": False, "e": True}


def test_numbering_gap_names_the_missing_part():
    _, diag = build_texts(**CASES["LP215"]["positive"][0])
    [gap] = [d for d in diag.items if d.code == "LP215"]
    assert (gap.line, "part C of 2017:54 missing before D" in gap.message) == (9, True)


# ---- the seed corpus ------------------------------------------------------------------------------------------
SEED_LEAK = "Mag de partner van de overtreder elke reglementaire bieding doen"


def test_seed_leaked_sentence_removed_exactly_eleven_times(seed):
    corpus, _ = seed
    assert len(corpus.removals) == 11
    assert all(r.text.startswith(SEED_LEAK) and r.file == "corpus/000_4740adbf41d0cfa4.txt" for r in corpus.removals)
    assert [r.line for r in corpus.removals] == [19, 22, 44, 47, 69, 72, 75, 78, 81, 88, 91]
    assert not any(SEED_LEAK in text for text in all_text(corpus))


def test_seed_16c_is_one_node_from_both_files(seed):
    corpus, diag = seed
    section = corpus.edition("2017").find("16C")
    assert {s.file for s in section.sources} == {"corpus/000_4740adbf41d0cfa4.txt", "corpus/004_10c81314a4ec9e97.txt"}
    assert section.heading.text == "Informatie uit ingetrokken handelingen"
    assert section.intro[0].text.startswith("Ingeval een bieding")
    assert [c.id for c in section.children] == ["16C1", "16C2", "16C3"]
    assert "LP203" not in codes(diag)


def test_seed_cleanup_findings(seed):
    _, diag = seed
    findings = {(d.code, d.file.rsplit("/", 1)[-1], d.line) for d in diag.items if d.code.startswith("LP2")}
    assert findings - {(code, file, line) for code, file, line in findings if code == "LP201"} == {
        ("LP204", "004_10c81314a4ec9e97.txt", 48),
        ("LP210", "004_10c81314a4ec9e97.txt", 7),
        ("LP211", "000_4740adbf41d0cfa4.txt", 56),
        ("LP212", "004_10c81314a4ec9e97.txt", 42),
    }
    [slip] = [d for d in diag.items if d.code == "LP211"]
    assert (slip.fix.safe, slip.fix.edits[0].replacement) == (True, "ë")
    assert "beēindigen" in slip.message


def test_passes_are_idempotent_on_the_seed(seed):
    corpus, _ = seed
    again = pipeline.run_passes(corpus, Diagnostics())
    assert again == corpus
    assert again.removals == corpus.removals


@pytest.mark.parametrize(
    "texts", [CASES["LP201"]["positive"][0], {"a": WIKI_FURNITURE}, {"a": RUN_IN_OTHER_COPY, "b": RUN_IN}]
)
def test_passes_are_idempotent_on_fixtures(texts):
    corpus, _ = build_texts(**texts)
    assert pipeline.run_passes(corpus, Diagnostics()) == corpus


CLEANUP_MODULES = [
    "check_numbering",
    "flag_foreign_characters",
    "flag_suspicious_provisions",
    "flag_print_artifacts",
    "merge_fragments",
    "remove_leaked_lines",
    "remove_page_furniture",
    "split_run_in_headings",
]


@pytest.mark.parametrize("name", CLEANUP_MODULES)
def test_pass_module_doctest_and_registration(name):
    module = importlib.import_module(f"lawparse.pipeline.{name}")
    assert getattr(module, name) in pipeline.PASSES
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_two_line_leak_goes_in_one_run():
    two_lines = LEAK + "\n   Ook deze tweede regel hoort hier helemaal niet."
    corpus, _ = build_texts(a="".join(leaky_law(law, two_lines) for law in (23, 16, 25)))
    assert len(corpus.removals) == 12
    assert pipeline.run_passes(corpus, Diagnostics()) == corpus


# ---- print artefacts: page numbers and hyphenation ---------------------------------------------------


def test_page_numbers_and_hyphenation_are_reported_at_their_characters_and_nothing_is_lost():
    text = "ARTIKEL 40\n\nArtikel 41A\n\nA.\u00a0 Kop\nTekst. Zie arti-\nkel 54 voor een uitkomst.\n\n12\n"
    corpus, diag = build_texts(a=text)
    found = {d.code: d for d in diag.items if d.code in ("LP217", "LP218")}
    assert (found["LP218"].line, found["LP218"].column) == (6, 16)
    assert "`arti-`" in found["LP218"].message and "`artikel`" in found["LP218"].message
    assert (found["LP217"].line, found["LP217"].column) == (9, 1)
    assert not found["LP217"].fix.safe and not found["LP218"].fix.safe
    intro = [p.text for p in corpus.edition("2017").find("41A").intro]
    assert intro == ["Tekst. Zie arti-", "kel 54 voor een uitkomst.", "12"]


def test_hyphenation_fix_joins_the_word_so_the_reference_is_found():
    from lawparse.fixes import apply_fixes

    text = "Artikel 41A\n\nA.  Kop\nZie arti-\n   kel 54 voor een uitkomst.\n"
    _, diag = build_texts(a=text)
    (finding,) = [d for d in diag.items if d.code == "LP218"]
    fixed = apply_fixes(text.encode(), [finding.fix]).data.decode()
    assert fixed == "Artikel 41A\n\nA.  Kop\nZie artikel 54 voor een uitkomst.\n"
    corpus, diag = build_texts(a=fixed)
    assert [r.target for r in corpus.references] == ["2017:54"]
    assert "LP218" not in codes(diag)


def test_hyphenation_across_a_blank_line_is_reported_without_a_fix():
    _, diag = build_texts(a="Artikel 41A\n\nA.  Kop\nZie arti-\n\nkel 54.\n")
    (finding,) = [d for d in diag.items if d.code == "LP218"]
    assert finding.fix is None


def test_a_footnote_goes_with_the_copy_whose_text_holds_its_marker():
    # The second copy's text (with ¹⁾) is dropped in favour of the first; its footnote must not be
    # attached to the kept text, which has no marker for it.
    kept = "Sjabloon:1997:25B\n\nB. Kop\n\n2. Twee\n\n(a) Eerste\n\nTekst a zonder noot.\n"
    dropped = "Sjabloon:1997:25B2\n\n2. Twee\n\n(a) Eerste\n\nTekst a¹⁾ met noot.\n\n---\n\n1) Een voetnoot.\n"
    corpus, diag = build_texts(a=kept, b=dropped)
    assert corpus.edition("1997").find("25B2a").footnotes == ()
    assert codes(diag).count("LP203") == 2
    # a copy that agrees, with the marker, still brings its footnote to a copy that lacks the bodies
    agreeing = "Sjabloon:1997:25B2\n\n2. Twee\n\n(a) Eerste\n\nTekst a¹⁾ met noot.\n"
    corpus, _ = build_texts(a=agreeing, b=dropped)
    assert [f.text for f in corpus.edition("1997").find("25B2a").footnotes] == ["Een voetnoot."]
