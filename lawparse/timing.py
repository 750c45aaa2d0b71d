"""Stage timings: where a build spends its time, for `lawparse build --timings` and bench/run.py.

A stage records into a plain ``dict[str, float]`` (seconds, summed when a stage runs more than
once) handed down by the caller; None, the default everywhere, records nothing and costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from time import perf_counter

Stages = dict[str, float]


@contextmanager
def timed(stages: Stages | None, name: str) -> Iterator[None]:
    """Add the time spent in the ``with`` body to ``stages[name]`` (when ``stages`` is not None)."""
    if stages is None:
        yield
        return
    start = perf_counter()
    try:
        yield
    finally:
        stages[name] = stages.get(name, 0.0) + perf_counter() - start
