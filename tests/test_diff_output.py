"""The edition diff in laws.json, laws.xml, diff-OLD-NEW.html and `lawparse diff`."""

from __future__ import annotations

import json
import re

import html5lib
import lxml.html
import pytest
from click.testing import CliRunner
from conftest import CORPUS, build_texts
from diff_fixtures import NEW_23, NEW_72C, OLD_23
from lxml import etree

from lawparse import diffing, emit
from lawparse.cli import main
from lawparse.emit import html as html_emit
from lawparse.emit import json as json_emit
from lawparse.emit import xml as xml_emit


@pytest.fixture(scope="module")
def outputs(seed):
    corpus, diag = seed
    return emit.render(corpus, diag.sorted())


def test_diffs_in_json_validate_and_read_back(seed, outputs):
    corpus, _ = seed
    data = json.loads(outputs["laws.json"])
    record = next(d for d in data["diffs"] if d["old"] == "1997:25B")
    assert set(record) == {"old", "new", "similarity", "paired_by", "ops", "old_edition", "new_edition"}
    assert record["new"] == "2017:25B" and record["paired_by"] == "number"
    assert (record["old_edition"], record["new_edition"]) == ("1997", "2017")
    added = next(d for d in data["diffs"] if d["new"] == "2017:25B3")
    assert (added["old"], added["old_edition"], added["new_edition"]) == (None, "1997", "2017")
    assert {op["op"] for op in record["ops"]} <= {"equal", "insert", "delete", "replace"}
    assert json_emit.corpus_from_data(data).diffs == corpus.diffs


def test_diffs_in_xml_validate_and_read_back(seed, outputs):
    corpus, _ = seed
    root = etree.fromstring(outputs["laws.xml"])
    assert emit.validate_xml(root) == []
    element = root.find("diffs/diff[@old='1997:25B']")
    assert element.get("new") == "2017:25B" and element.get("pairedBy") == "number"
    added = root.find("diffs/diff[@new='2017:25B3']")
    assert added.get("old") is None and [child.tag for child in added] == ["insert"]
    assert (added.get("oldEdition"), added.get("newEdition")) == ("1997", "2017")
    assert xml_emit.corpus_from_element(root).diffs == corpus.diffs


def test_json_schema_rejects_a_malformed_diff(seed, outputs):
    data = json.loads(outputs["laws.json"])
    data["diffs"][0]["ops"][0]["op"] = "move"
    assert emit.validate_json(data)


# ---------------------------------------------------------------------------------------------------
# The HTML page


def test_build_renders_one_page_per_consecutive_pair(outputs):
    assert [name for name in outputs if name.endswith(".html")] == ["diff-1997-2017.html"]


def test_html_is_valid_and_self_contained(outputs):
    page = outputs["diff-1997-2017.html"]
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    parser.parse(page)  # raises on any parse error
    document = lxml.html.fromstring(page)
    assert document.xpath("//script") == []
    assert document.xpath("//link") == []
    assert all(not value.startswith(("http:", "https:", "//")) for value in document.xpath("//@src | //@href"))
    assert document.find("head/style") is not None


def test_html_links_all_resolve(outputs):
    document = lxml.html.fromstring(outputs["diff-1997-2017.html"])
    ids = document.xpath("//@id")
    assert len(ids) == len(set(ids))
    targets = {href[1:] for href in document.xpath("//a/@href")}
    assert targets and targets <= set(ids)


def test_html_summary_counts_and_redline(seed, outputs):
    corpus, _ = seed
    document = lxml.html.fromstring(outputs["diff-1997-2017.html"])
    rows = document.xpath("//table[@class='summary']/tbody/tr")
    counts = {row.xpath("string(td[1])"): int(row.xpath("string(td[2])")) for row in rows}
    records = diffing.diffs_between(corpus.diffs, "1997", "2017")
    assert counts == {status: sum(diffing.status(d) == status for d in records) for status in diffing.STATUSES}
    assert counts["changed"] >= 1 and counts["added"] >= 1
    card = document.get_element_by_id("d-2017-25B")
    assert card.xpath(".//div[@id='old-1997-25B']//del") and card.xpath(".//div[@id='new-2017-25B']//ins")
    assert card.xpath(".//div[@id='old-1997-25B']//a/@href") == ["#new-2017-25B"]
    assert "Voorgenomen bieding" in card.xpath("string(header)")
    assert "partial" in document.get_element_by_id("summary").text_content()


def test_html_renumbered_card_links_both_sides():
    corpus, _ = build_texts(old=OLD_23, a=NEW_72C, b=NEW_23)
    page = html_emit.edition_pages(corpus)["diff-1997-2017.html"]
    document = lxml.html.fromstring(page)
    card = document.get_element_by_id("d-2017-72C")
    assert "renumbered" in card.get("class")
    assert card.xpath(".//a/@href")[:2] == ["#old-1997-23", "#new-2017-72C"]
    assert document.xpath("//section[@id='renumbered']//article") == [card]


def test_html_is_deterministic(seed):
    corpus, _ = seed
    assert html_emit.edition_pages(corpus) == html_emit.edition_pages(corpus)
    page = html_emit.edition_pages(corpus)["diff-1997-2017.html"].decode()
    assert not re.search(r"20\d\d-\d\d-\d\d", page)


def test_html_escapes_text():
    corpus, _ = build_texts(
        old="Sjabloon:1997:30C\n\nC. Kop\nAls <b>de</b> pas & kunstmatig is.\n",
        new="Artikel 30C\n\nC.  Kop\nAls <b>de</b> pas & niet kunstmatig is.\n",
    )
    document = lxml.html.fromstring(html_emit.edition_pages(corpus)["diff-1997-2017.html"])
    assert document.xpath("//b") == []
    assert "Als <b>de</b> pas & niet" in document.get_element_by_id("new-2017-30C").text_content()


# ---------------------------------------------------------------------------------------------------
# `lawparse diff`


def run(*args):
    return CliRunner().invoke(main, ["diff", *args, "--corpus", str(CORPUS)])


def test_cli_text_edition_diff():
    result = run("1997", "2017")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("1997 -> 2017: 3 changed, 0 renumbered, ")
    assert "1997:25B -> 2017:25B  changed  similarity " in result.stdout
    assert "[-Verbetering die niet onmiddellijk" in result.stdout and "{+Voorgenomen bieding+}" in result.stdout


def test_cli_json_provision_diff(seed):
    corpus, _ = seed
    result = run("1997:25B", "2017:25B", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["old"], data["new"]) == ("1997:25B", "2017:25B")
    first = data["diffs"][0]
    assert (first["old"], first["new"], first["paired_by"]) == ("1997:25B", "2017:25B", "number")
    expected = json_emit.diff_to_data(next(d for d in corpus.diffs if d.old == "1997:25B"))
    assert first == expected


def test_cli_html_matches_the_built_page(outputs):
    result = run("1997", "2017", "--format", "html")
    assert result.exit_code == 0, result.output
    assert result.stdout.encode() == outputs["diff-1997-2017.html"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("1997", "1999", "no edition '1999'"),
        ("1997:25Z", "2017:25B", "no provision '1997:25Z'"),
        ("1997", "2017:25B", "compare two editions or two provisions"),
    ],
)
def test_cli_usage_errors_exit_2_in_one_line(old, new, message):
    result = run(old, new)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_html_for_two_provisions_is_valid():
    result = run("1997:25B", "2017:25B", "--format", "html")
    assert result.exit_code == 0, result.output
    html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(result.stdout)
    document = lxml.html.fromstring(result.stdout)
    assert document.xpath("string(//h1)") == "1997:25B → 2017:25B"
    assert document.get_element_by_id("d-2017-25B1") is not None
    assert "partial" not in document.get_element_by_id("summary").text_content()
