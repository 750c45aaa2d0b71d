"""`lawparse build` on a corpus of bad input beside the seed files.

The small bad files are committed in tests/fixtures/bad_input/ (as bytes: see .gitattributes); the
binary file and the file with a 2 MB line are made here, so the repository does not carry them.
The build must not crash, must write valid output, must name every bad file in a diagnostic, must
lose no text, and must leave the seed files' provisions as they are when built alone.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS, ROOT
from conservation import lost_lines
from lxml import etree

from lawparse import emit
from lawparse.cli import main

FIXTURES = ROOT / "tests" / "fixtures" / "bad_input"
LONG_LINE_WORDS = 350_000  # "woord " * 350 000: a line of 2.1 MB

# The bad files and the code of the diagnostic that must name each.
NAMED_BY = {
    "artikel_without_number.txt": "LP006",
    "bare_markers.txt": "LP104",
    "binary.txt": "LP001",
    "cp1252.txt": "LP002",
    "deep_nesting.txt": "LP105",
    "empty.txt": "LP003",
    "invalid_utf8.txt": "LP002",
    "outside_article.txt": "LP101",
    "unknown_edition.txt": "LP102",
}
# Unusual but well-formed: read without any diagnostic.
CLEAN = ("bom_crlf.txt", "long_line.txt", "xml_characters.txt")


def generated_files() -> dict[str, bytes]:
    long_line = "Artikel 89A\n\nA.  Een heel lange regel\n" + " ".join(["woord"] * LONG_LINE_WORDS) + "\n"
    return {
        "binary.txt": bytes(range(256)) * 64,
        "long_line.txt": long_line.encode(),
    }


def make_corpus(folder: Path) -> dict[str, bytes]:
    """The seed files, the committed bad files and the generated ones in ``folder``; name -> bytes."""
    folder.mkdir(parents=True)
    for path in [*CORPUS.glob("*.txt"), *FIXTURES.glob("*.txt")]:
        shutil.copy(path, folder / path.name)
    for name, data in generated_files().items():
        (folder / name).write_bytes(data)
    return {f"corpus/{path.name}": path.read_bytes() for path in sorted(folder.glob("*.txt"))}


def run_build(corpus: Path, out: Path, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", str(corpus), "--out", str(out), *options])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def bad_build(tmp_path_factory):
    root = tmp_path_factory.mktemp("bad")
    inputs = make_corpus(root / "corpus")
    code, output = run_build(root / "corpus", root / "out")
    return inputs, code, output, root / "out"


@pytest.fixture(scope="module")
def bad_data(bad_build):
    return json.loads((bad_build[3] / "laws.json").read_text(encoding="utf-8"))


def test_bad_fixtures_are_all_in_the_corpus(bad_build):
    inputs = bad_build[0]
    assert {name.removeprefix("corpus/") for name in inputs} >= set(NAMED_BY) | set(CLEAN)


def test_no_traceback_and_exit_0_or_1(bad_build):
    _, code, output, _ = bad_build
    assert code in (0, 1)
    assert "Traceback" not in output and "internal error" not in output


def test_both_outputs_are_valid(bad_build, bad_data):
    out = bad_build[3]
    assert emit.validate_json(bad_data) == []
    assert emit.validate_xml(etree.parse(str(out / "laws.xml")).getroot()) == []


@pytest.mark.parametrize(("name", "code"), sorted(NAMED_BY.items()))
def test_every_bad_file_is_named_in_a_diagnostic(bad_data, name, code):
    found = {d["code"] for d in bad_data["diagnostics"] if d["file"] == f"corpus/{name}"}
    assert code in found, (name, found)


@pytest.mark.parametrize("name", CLEAN)
def test_well_formed_odd_files_get_no_diagnostic(bad_data, name):
    assert [d for d in bad_data["diagnostics"] if d["file"] == f"corpus/{name}"] == []


def test_no_input_line_is_lost(bad_build, bad_data):
    assert lost_lines(bad_build[0], bad_data) == []


def test_seed_provisions_are_as_when_built_alone(bad_data, tmp_path):
    shutil.copytree(CORPUS, tmp_path / "corpus")
    run_build(tmp_path / "corpus", tmp_path / "out")
    alone = json.loads((tmp_path / "out" / "laws.json").read_text(encoding="utf-8"))

    def articles(data):
        return {a["key"]: a for e in data["editions"] for a in e["articles"]}

    built_alone, built_beside = articles(alone), articles(bad_data)
    assert built_alone, "the seed corpus built nothing"
    assert {key: built_beside.get(key) for key in built_alone} == built_alone


def _provision(data, key):
    edition, provision_id = key.split(":")
    nodes = [a for e in data["editions"] if e["edition"] == edition for a in e["articles"]]
    while nodes:
        node = nodes.pop()
        if node["id"] == provision_id:
            return node
        nodes.extend(node["children"])
    raise AssertionError(f"{key} not in the output")


def test_stray_bytes_leave_the_rest_of_the_file_utf8(bad_data):
    section = _provision(bad_data, "2017:81A")
    assert section["heading"] == "Kop van 81A"
    assert section["intro"] == ["Tekst met een kapotte byte: ÿþ en verder óf niet."]


def test_cp1252_file_keeps_its_accents(bad_data):
    section = _provision(bad_data, "2017:82B")
    assert (section["heading"], section["intro"]) == ("Beëindiging", ["Het bieden wordt beëindigd."])
    assert {f["file"]: f["encoding"] for f in bad_data["files"]}["corpus/cp1252.txt"] == "cp1252"


def test_bom_and_crlf_keep_lines_and_text(bad_data):
    section = _provision(bad_data, "2017:83C")
    assert (section["heading"], section["intro"]) == ("Kop met CRLF", ["Tekst van 83C."])
    assert [(s["line"], s["column"]) for s in section["sources"]] == [(1, 1), (3, 1)]


def test_xml_special_characters_survive_in_both_outputs(bad_build, bad_data):
    heading = "Kop met <hoek> & \"aanhalings\" 'tekens'"
    text = 'Tekst met & en < en > en "quotes" en ]]> en </p>.'
    section = _provision(bad_data, "2017:87A")
    assert (section["heading"], section["intro"]) == (heading, [text])
    root = etree.parse(str(bad_build[3] / "laws.xml")).getroot()
    (element,) = root.xpath("//section[@key='2017:87A']")
    assert element.findtext("heading") == heading
    assert element.findtext("intro/p") == text


def test_the_two_megabyte_line_is_kept_whole(bad_data):
    (text,) = _provision(bad_data, "2017:89A")["intro"]
    assert text == " ".join(["woord"] * LONG_LINE_WORDS)


def test_max_file_size_refuses_the_large_file_only(tmp_path):
    inputs = make_corpus(tmp_path / "corpus")
    limit = 1_000_000
    code, _ = run_build(tmp_path / "corpus", tmp_path / "out", "--max-file-size", str(limit))
    data = json.loads((tmp_path / "out" / "laws.json").read_text(encoding="utf-8"))
    refused = [d for d in data["diagnostics"] if d["code"] == "LP004"]
    assert [d["file"] for d in refused] == ["corpus/long_line.txt"]
    assert f"{len(inputs['corpus/long_line.txt']):,} bytes" in refused[0]["message"]
    assert code == 1
    assert "corpus/long_line.txt" not in {f["file"] for f in data["files"]}
    assert _provision(data, "2017:25A1")["sources"][0]["file"] == "corpus/000_4740adbf41d0cfa4.txt"
    assert lost_lines(inputs, data, max_file_bytes=limit) == []
