"""`lawparse check --fix` / `--diff` apply the fixes of every selected code, info findings hidden or not.

LP204 is an info finding with an unsafe fix: a section heading that ran into its body is split where
another copy of the same section ends the heading.
"""

from __future__ import annotations

import pytest
from conftest import run_check as run

ENDED = "Artikel 16C\n\nC.  Informatie uit handelingen\nIngeval een bieding wordt ingetrokken:\n"
RUN_IN = "Artikel 16C\n\nC. Informatie uit handelingen Ingeval een bieding wordt ingetrokken:\n"
SPLIT = "Artikel 16C\n\nC. Informatie uit handelingen\nIngeval een bieding wordt ingetrokken:\n"


@pytest.fixture
def corpus(corpus):
    """The empty corpus/ of conftest, with two copies of 16C: one ends its heading, one runs it in."""
    folder = corpus
    (folder / "a.txt").write_text(ENDED, encoding="utf-8")
    (folder / "b.txt").write_text(RUN_IN, encoding="utf-8")
    return folder


def test_the_corpus_has_one_hidden_lp204_with_an_unsafe_fix(corpus):
    shown = run("--show-info")
    assert shown.stdout.startswith("corpus/b.txt:3:4: LP204 info: ")
    assert shown.stdout.endswith("[unsafe fix]\n")
    hidden = run()
    assert hidden.stdout == ""
    assert "1 info hidden (--show-info); 1 more with --unsafe-fixes" in hidden.stderr


def test_fix_applies_a_hidden_info_finding_s_unsafe_fix(corpus):
    result = run("--fix", "--unsafe-fixes")
    assert result.exit_code == 0
    assert "applied 1 fix to 1 file" in result.stderr
    assert (corpus / "b.txt").read_text(encoding="utf-8") == SPLIT
    assert (corpus / "a.txt").read_text(encoding="utf-8") == ENDED
    assert run("--show-info").stdout == ""  # the split heading is found no more


def test_diff_shows_a_hidden_info_finding_s_unsafe_fix(corpus):
    result = run("--diff", "--unsafe-fixes")
    assert result.exit_code == 1
    assert "-C. Informatie uit handelingen Ingeval een bieding wordt ingetrokken:\n" in result.stdout
    assert "+C. Informatie uit handelingen\n+Ingeval een bieding wordt ingetrokken:\n" in result.stdout
    assert (corpus / "b.txt").read_text(encoding="utf-8") == RUN_IN


@pytest.mark.parametrize(
    "args",
    [
        ("--fix",),  # an unsafe fix needs --unsafe-fixes
        ("--fix", "--unsafe-fixes", "--ignore", "LP204"),
        ("--fix", "--unsafe-fixes", "--select", "LP008"),
        ("--fix", "--unsafe-fixes", "corpus/a.txt"),  # LP204 is on b.txt, not among the paths
    ],
)
def test_codes_and_paths_not_selected_are_not_fixed(corpus, args):
    result = run(*args)
    assert result.exit_code == 0
    assert "nothing to fix" in result.stderr
    assert (corpus / "b.txt").read_text(encoding="utf-8") == RUN_IN


def test_hidden_info_fixes_are_counted_in_the_summary_only_when_selected(corpus):
    assert "more with --unsafe-fixes" not in run("--ignore", "LP204").stderr
