"""`lawparse rules` and the documentation of every code: a complete Rule and a README table row."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import ROOT

from lawparse.cli import main
from lawparse.diagnostics import RULES

_README_ROW = re.compile(r"^\| (LP\d{3}) \| (error|warning|info) \| (.+?) \| (.+?) \|$", re.MULTILINE)


def readme_rows() -> dict[str, tuple[str, str, str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return {code: (severity, meaning, action) for code, severity, meaning, action in _README_ROW.findall(readme)}


def test_every_code_has_a_complete_rule():
    for code, rule in RULES.items():
        assert re.fullmatch(r"LP\d{3}", code) and rule.code == code
        assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", rule.name), f"{code}: name must be kebab-case"
        empty = [name for name in ("summary", "why", "example", "fix") if not getattr(rule, name).strip()]
        assert not empty, f"{code}: Rule lacks {empty}"
    names = [rule.name for rule in RULES.values()]
    assert len(names) == len(set(names)), "two codes share a name"


def test_every_code_has_a_readme_row_with_its_severity():
    rows = readme_rows()
    missing = sorted(set(RULES) - set(rows))
    assert not missing, f"codes without a row in README.md's diagnostic table: {missing}"
    assert sorted(set(rows) - set(RULES)) == [], "README rows for codes that do not exist"
    for code, (severity, _, _) in rows.items():
        assert severity == RULES[code].severity.value, f"{code}: README says {severity}"


def test_rules_lists_every_code_with_name_severity_and_summary():
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == sorted(RULES)
    for line in lines:
        rule = RULES[line.split()[0]]
        assert line.split()[1:3] == [rule.name, rule.severity.value]
        assert line.endswith(rule.summary)


@pytest.mark.parametrize("code", sorted(RULES))
def test_rules_code_explains_it(code):
    result = CliRunner().invoke(main, ["rules", code.lower()])
    rule = RULES[code]
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{code} {rule.name} ({rule.severity.value})\n")
    flat = " ".join(result.stdout.split())
    for title, text in [("What it finds", rule.summary), ("Why it matters", rule.why), ("Example", rule.example)]:
        assert f"{title} {' '.join(text.split())}" in flat
    assert f"Fix {' '.join(rule.fix.split())}" in flat


def test_rules_unknown_code_exits_2():
    result = CliRunner().invoke(main, ["rules", "LP999"])
    assert result.exit_code == 2
    assert "unknown code LP999" in result.stderr and result.stdout == ""
