"""Fixture cases per diagnostic code: one module per code (``lp008.py`` for LP008), holding ``CASES``.

Every registered code needs at least one positive case (small input that triggers it, with the line it
is reported on) and one negative case (a near miss that must not trigger it);
``tests/test_diagnostic_cases.py`` fails, naming the code, when a code has none. To add a code, add its
module here: one file per code keeps parallel work from colliding.

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
    # The line the code is reported on (positive case), or None: the code must not be reported.
    line: int | None
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
    return Case(title, files, line)


def negative(title: str, **files: str | bytes) -> Case:
    return Case(title, files, None)
