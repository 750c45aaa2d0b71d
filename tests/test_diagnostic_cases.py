"""Every diagnostic code has fixture cases (tests/diagnostic_cases/), and every case holds.

A positive case must report its code on the line it names; a negative case must not report it.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from diagnostic_cases import Case

from lawparse.diagnostics import RULES

CASES_FOLDER = Path(__file__).parent / "diagnostic_cases"


def _cases_of(code: str) -> list[Case]:
    if not (CASES_FOLDER / f"{code.lower()}.py").is_file():
        return []
    return list(importlib.import_module(f"diagnostic_cases.{code.lower()}").CASES)


def _all_cases() -> list[tuple[str, Case]]:
    return [(code, case) for code in sorted(RULES) for case in _cases_of(code)]


def test_every_code_has_positive_and_negative_cases():
    missing = [
        f"{code}: add tests/diagnostic_cases/{code.lower()}.py with a positive and a negative case"
        for code in sorted(RULES)
        if not any(case.line is not None for case in _cases_of(code))
        or not any(case.line is None for case in _cases_of(code))
    ]
    assert not missing, "codes without fixture cases:\n" + "\n".join(missing)


def test_no_cases_for_codes_that_do_not_exist():
    modules = {path.stem.upper() for path in CASES_FOLDER.glob("lp*.py")}
    assert modules <= set(RULES), f"fixture modules for unregistered codes: {sorted(modules - set(RULES))}"


@pytest.mark.parametrize(("code", "case"), _all_cases(), ids=[f"{c}-{case.title}" for c, case in _all_cases()])
def test_case(code, case):
    found = [d for d in case.diagnostics() if d.code == code]
    if case.line is None:
        assert not found, f"{code} reported on a negative case: {found}"
    else:
        assert [d.line for d in found][:1] == [case.line], f"{code} expected on line {case.line}, found {found}"
        assert all(d.severity is RULES[code].severity for d in found)
