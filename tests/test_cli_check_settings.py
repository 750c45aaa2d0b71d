"""`lawparse check` reads the corpus with `lawparse build`'s settings: --default-edition, --max-file-size, --compare."""

from __future__ import annotations

import pytest
from conftest import run_check as run
from diff_fixtures import NEW_72C, OLD_23

from lawparse.cli import build as build_module
from lawparse.cli import check as check_module

SETTINGS_OPTIONS = {"--default-edition", "--max-file-size", "--compare"}
# A page of an edition between the two: consecutive pairs then compare 1997 with 2007 and 2007 with 2017.
MIDDLE = "Sjabloon:2007:1A\n\nA. Kop\nEen tekst die met niets anders te maken heeft.\n"


def write(folder, **texts: str) -> None:
    for name, text in texts.items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")


def reported(result) -> list[str]:
    return [line.split(": ")[1].split()[0] for line in result.stdout.splitlines()]


def test_build_and_check_take_the_same_settings_options():
    for command in (build_module.build, check_module.check):
        assert {opt for param in command.params for opt in param.opts} >= SETTINGS_OPTIONS


def test_default_edition_changes_what_check_compares(corpus):
    # 72C has no edition marker: as 2017 it is the renumbered 1997 Law 23 (LP401); as 1997 nothing is compared.
    write(corpus, old=OLD_23, new=NEW_72C)
    assert reported(run("--show-info", "--select", "LP401")) == ["LP401"]
    assert reported(run("--show-info", "--select", "LP401", "--default-edition", "1997")) == []


def test_max_file_size_refuses_large_files_as_build_does(corpus):
    write(corpus, new=NEW_72C)
    assert run().exit_code == 0
    small = run("--max-file-size", "100")
    assert small.exit_code == 1
    assert reported(small) == ["LP004"]


def test_compare_brings_back_a_comparison_the_consecutive_pairs_hide(corpus):
    write(corpus, old=OLD_23, new=NEW_72C, middle=MIDDLE)
    assert "LP401" not in reported(run("--show-info"))
    assert reported(run("--show-info", "--select", "LP401", "--compare", "1997:2017")) == ["LP401"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1997:2027", "--compare 1997:2027: no edition 2027 in the corpus (it holds: 2017, 1997)"),
        ("2017:1997", "--compare 2017:1997: 2017 is newer than 1997; write the older edition first (1997:2017)"),
        ("1997-2017", "--compare: `1997-2017` is not a pair of editions OLD:NEW (1997:2017)"),
    ],
)
def test_compare_usage_errors_exit_2_in_one_line(corpus, value, message):
    write(corpus, old=OLD_23, new=NEW_72C)
    result = run("--compare", value)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"lawparse check: {message}\n")


def test_a_bad_compare_pair_stops_fix_before_anything_is_written(corpus):
    write(corpus, old=OLD_23, new=NEW_72C + "Een regel met spaties aan het eind.   \n")
    before = (corpus / "new.txt").read_bytes()
    result = run("--fix", "--compare", "1997:2027")
    assert result.exit_code == 2
    assert (corpus / "new.txt").read_bytes() == before
    assert run("--fix").exit_code == 0
    assert (corpus / "new.txt").read_bytes() != before
