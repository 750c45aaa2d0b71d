"""Every diagnostic code has fixture cases (tests/diagnostic_cases/), and every case holds.

A positive case must report its code (on the line it names, when it names one); a negative case must
not report it.
"""

from __future__ import annotations

import importlib
from collections import defaultdict
from pathlib import Path

import pytest
from diagnostic_cases import Case

from lawparse.diagnostics import RULES

CASES_FOLDER = Path(__file__).parent / "diagnostic_cases"


def _registry() -> dict[str, list[Case]]:
    cases: dict[str, list[Case]] = defaultdict(list)
    for path in sorted(CASES_FOLDER.glob("*.py")):
        if path.stem != "__init__":
            for code, module_cases in importlib.import_module(f"diagnostic_cases.{path.stem}").CASES.items():
                cases[code].extend(module_cases)
    return cases


CASES = _registry()
ALL = [(code, case) for code in sorted(CASES) for case in CASES[code]]


def test_every_code_has_positive_and_negative_cases():
    missing = [
        f"{code}: add tests/diagnostic_cases/{code.lower()}.py with a positive and a negative case"
        for code in sorted(RULES)
        if not any(case.reported for case in CASES[code]) or all(case.reported for case in CASES[code])
    ]
    assert not missing, "codes without fixture cases:\n" + "\n".join(missing)


def test_no_cases_for_codes_that_do_not_exist():
    assert sorted(set(CASES) - set(RULES)) == [], "fixture cases for unregistered codes"


@pytest.mark.parametrize(("code", "case"), ALL, ids=[f"{code}-{case.title}" for code, case in ALL])
def test_case(code, case):
    found = [d for d in case.diagnostics() if d.code == code]
    if not case.reported:
        assert not found, f"{code} reported on a negative case: {found}"
        return
    assert found, f"{code} not reported"
    if case.line is not None:
        assert found[0].line == case.line, f"{code} expected on line {case.line}, found {found}"
    assert all(d.severity is RULES[code].severity for d in found)
