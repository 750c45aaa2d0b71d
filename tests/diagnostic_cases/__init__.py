"""Fixture cases per diagnostic code. Every module here holds ``CASES``, a dict of code -> list of cases.

Every registered code needs at least one positive case (small input that triggers it, best with the
line it is reported on) and one negative case (a near miss that must not trigger it);
``tests/test_diagnostic_cases.py`` fails, naming the code, when a code has none. To add a code, add a
module here (``lp008.py`` for LP008): one file per code keeps parallel work from colliding. A module may
also adapt a table of cases kept elsewhere.

A case's files are corpus files by name (``"a"`` is ``corpus/a.txt``), as text (UTF-8) or as raw bytes.
A case that needs more than the pipeline (a broken grammar, an emitter) gives its own ``run``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from lawparse import model, pipeline
from lawparse.diagnostics import Diagnostic


@dataclass(frozen=True)
class Case:
    title: str
    files: Mapping[str, str | bytes]
    # Whether the code is reported (a positive case) or not (a negative one), and on which line.
    reported: bool
    line: int | None = None
    settings: model.Settings = field(default_factory=model.Settings)
    run: Callable[[Case], list[Diagnostic]] | None = None

    def diagnostics(self) -> list[Diagnostic]:
        if self.run is not None:
            return self.run(self)
        return build(self).sorted()


def build(case: Case):
    data = {f"corpus/{name}.txt": text.encode() if isinstance(text, str) else text for name, text in case.files.items()}
    _, diag = pipeline.build(data.items(), case.settings)
    return diag


def positive(title: str, line: int, **files: str | bytes) -> Case:
    return Case(title, files, reported=True, line=line)


def negative(title: str, **files: str | bytes) -> Case:
    return Case(title, files, reported=False)
