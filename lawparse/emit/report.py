"""Findings as text for the places editors work: a terminal, a JSON consumer, GitHub, SARIF viewers.

Every function here is pure: diagnostics in, text out. ``lawparse check`` picks one by ``--format``;
all four list the same findings in the same order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

import click

from lawparse.diagnostics import RULES, Diagnostic, Fix, Severity
from lawparse.emit.json import diagnostic_to_data

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

_COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "blue"}
_GITHUB_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
_SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _lawparse_version() -> str:
    # Imported here: importlib.metadata costs a cold `lawparse build` more than parsing the seed corpus.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lawparse")
    except PackageNotFoundError:
        return "0"


def fix_label(fix: Fix | None) -> str:
    if fix is None:
        return ""
    return " [fixable]" if fix.safe else " [unsafe fix]"


def human(diagnostics: Iterable[Diagnostic], *, colour: bool = False) -> str:
    """``path:line:col: LP123 severity: message``, one finding a line; ``[fixable]`` marks a safe fix.

    >>> from lawparse.diagnostics import Diagnostic, Severity
    >>> print(human([Diagnostic("LP003", Severity.WARNING, "the file is empty", "corpus/a.txt", 1)]), end="")
    corpus/a.txt:1:1: LP003 warning: the file is empty
    """
    lines = []
    for d in diagnostics:
        severity = click.style(d.severity.value, fg=_COLOURS[d.severity], bold=True) if colour else d.severity.value
        lines.append(f"{d.file}:{d.line}:{d.column}: {d.code} {severity}: {d.message}{fix_label(d.fix)}\n")
    return "".join(lines)


def json_report(diagnostics: Iterable[Diagnostic]) -> str:
    """A JSON list of ``{code, severity, message, file, line, column, fix?}``, as in laws.json."""
    return json.dumps([diagnostic_to_data(d) for d in diagnostics], ensure_ascii=False, indent=2) + "\n"


def _github_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: one annotation per finding (info as ``notice``).

    ``%``, CR and LF are escaped everywhere, and ``:`` and ``,`` also in properties, as GitHub's
    workflow-command syntax requires.

    >>> from lawparse.diagnostics import Diagnostic, Severity
    >>> print(github([Diagnostic("LP002", Severity.WARNING, "100% not: UTF-8", "corpus/a,b.txt", 3, 2)]), end="")
    ::warning file=corpus/a%2Cb.txt,line=3,col=2,title=LP002::100%25 not: UTF-8
    """
    return "".join(
        f"::{_GITHUB_COMMANDS[d.severity]} file={_github_property(d.file)},line={d.line},col={d.column},"
        f"title={_github_property(d.code)}::{_github_data(d.message)}\n"
        for d in diagnostics
    )


def _sarif_uri(file: str) -> str:
    path = PurePosixPath(file)
    return path.as_uri() if path.is_absolute() else quote(file)


def _sarif_rule(code: str) -> dict[str, Any]:
    rule = RULES[code]
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.why},
        "help": {
            "text": f"{rule.summary}\n\nWhy: {rule.why}\n\nExample: {rule.example}\n\nFix: {rule.fix}",
        },
        "defaultConfiguration": {"level": _SARIF_LEVELS[rule.severity]},
    }


def _sarif_region(line: int, column: int, end_line: int | None = None, end_column: int | None = None) -> Any:
    region = {"startLine": line, "startColumn": column}
    if end_line is not None and end_column is not None:
        region |= {"endLine": end_line, "endColumn": end_column}
    return region


def _sarif_fix(d: Diagnostic, fix: Fix) -> dict[str, Any]:
    return {
        "description": {"text": fix.description + ("" if fix.safe else " (unsafe: needs --unsafe-fixes)")},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": _sarif_uri(d.file)},
                "replacements": [
                    {
                        "deletedRegion": _sarif_region(e.line, e.column, e.end_line, e.end_column),
                        "insertedContent": {"text": e.replacement},
                    }
                    for e in fix.edits
                ],
            }
        ],
    }


def _sarif_result(d: Diagnostic, rule_index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": d.code,
        "level": _SARIF_LEVELS[d.severity],
        "message": {"text": d.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _sarif_uri(d.file)},
                    "region": _sarif_region(d.line, d.column),
                }
            }
        ],
    }
    if d.code in rule_index:
        result["ruleIndex"] = rule_index[d.code]
    if d.fix is not None:
        result["fixes"] = [_sarif_fix(d, d.fix)]
    return result


def sarif(diagnostics: Sequence[Diagnostic]) -> str:
    """A SARIF 2.1.0 log: one run, every registered code as a rule, one result per finding.

    Columns count Unicode code points (``columnKind``), as lawparse's do; file names are URIs relative
    to the folder ``lawparse check`` ran in.
    """
    codes = sorted(RULES)
    rule_index = {code: index for index, code in enumerate(codes)}
    log = {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "lawparse",
                        "version": _lawparse_version(),
                        "rules": [_sarif_rule(code) for code in codes],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_sarif_result(d, rule_index) for d in diagnostics],
            }
        ],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


FORMATS: dict[str, Callable[[Sequence[Diagnostic]], str]] = {
    "human": human,
    "json": json_report,
    "github": github,
    "sarif": sarif,
}

__all__ = ["FORMATS", "fix_label", "github", "human", "json_report", "sarif"]
