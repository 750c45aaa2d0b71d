"""lawparse.emit.report: the four formats' details, and the pre-commit hook definition."""

from __future__ import annotations

import doctest
import json
import re

from conftest import ROOT

from lawparse.diagnostics import Diagnostic, Fix, Severity, TextEdit
from lawparse.emit import report


def finding(message: str = "the file is empty", file: str = "corpus/a.txt", fix: Fix | None = None) -> Diagnostic:
    return Diagnostic("LP003", Severity.WARNING, message, file, 2, 3, fix)


def test_doctests():
    assert doctest.testmod(report).failed == 0


def test_human_colours_the_severity_only_when_asked():
    assert "\x1b[" not in report.human([finding()])
    coloured = report.human([finding()], colour=True)
    assert "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == report.human([finding()])


def test_human_labels_safe_and_unsafe_fixes():
    edit = (TextEdit(2, 3, 2, 4, ""),)
    assert report.human([finding(fix=Fix("x", edit))]).endswith(" [fixable]\n")
    assert report.human([finding(fix=Fix("x", edit, safe=False))]).endswith(" [unsafe fix]\n")


def test_github_escapes_line_breaks_and_percent_in_messages():
    line = report.github([finding("50%\r\nof: it, here")])
    assert line == "::warning file=corpus/a.txt,line=2,col=3,title=LP003::50%25%0D%0Aof: it, here\n"


def test_sarif_uris_are_relative_references_or_file_uris():
    relative = json.loads(report.sarif([finding(file="corpus/a b.txt")]))
    absolute = json.loads(report.sarif([finding(file="/data/corpus/a.txt")]))

    def uri(log):
        return log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]

    assert uri(relative) == "corpus/a%20b.txt"
    assert uri(absolute) == "file:///data/corpus/a.txt"


def test_pre_commit_hook_runs_lawparse_check_on_corpus_text_files():
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    fields = dict(re.findall(r"^\s*-?\s*(id|entry|language|files):\s*(.+)$", text, re.MULTILINE))
    assert fields["id"] == "lawparse-check"
    assert fields["entry"] == "lawparse check"
    assert fields["language"] == "python"
    files = re.compile(fields["files"])
    assert files.search("corpus/000_4740adbf41d0cfa4.txt")
    assert not files.search("README.md") and not files.search("output/laws.json")
    assert "lawparse-check" in (ROOT / "README.md").read_text(encoding="utf-8")
