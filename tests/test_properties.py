"""Property tests: mutated corpus files never crash the build, and no text is lost.

Each example takes one seed file and applies a few random mutations (drop, duplicate or swap lines,
flip a byte, insert a marker line). The build must not raise, its output must validate (render
raises OutputInvalid otherwise) and the conservation checker must account for every line.
"""

from __future__ import annotations

import json

from conftest import CORPUS
from conservation import lost_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawparse import emit, pipeline

SEED_FILES = {f"corpus/{path.name}": path.read_bytes() for path in sorted(CORPUS.glob("*.txt"))}
MARKERS = [
    b"Artikel 12",
    b"Artikel\xc2\xa016C2",
    b"Artikel",
    b"ARTIKEL 31",
    b"Sjabloon:1997:3A",
    b"Sjabloon:19x7:25B",
    b"1.",
    b"C.",
    b"C2.  Kop",
    b"(i)",
    b"(a) Sub",
    b"(1)",
    b"---",
    b"1) voetnoot",
    b"- punt",
    b"   ingesprongen",
    b"",
]

PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@st.composite
def mutated_file(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from(sorted(SEED_FILES)))
    lines = SEED_FILES[name].split(b"\n")
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        where = draw(st.integers(min_value=0, max_value=max(len(lines) - 1, 0)))
        action = draw(st.sampled_from(["drop", "duplicate", "swap", "flip", "insert"]))
        if action == "drop" and lines:
            del lines[where]
        elif action == "duplicate" and lines:
            lines.insert(where, lines[where])
        elif action == "swap" and lines:
            other = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[where], lines[other] = lines[other], lines[where]
        elif action == "flip" and lines and lines[where]:
            line = bytearray(lines[where])
            line[draw(st.integers(min_value=0, max_value=len(line) - 1))] ^= draw(st.integers(1, 255))
            lines[where] = bytes(line)
        elif action == "insert":
            lines.insert(where, draw(st.sampled_from(MARKERS)))
    return name, b"\n".join(lines)


def build_and_render(inputs: dict[str, bytes]) -> dict:
    corpus, diag = pipeline.build(inputs.items())
    outputs = emit.render(corpus, diag.sorted())  # raises OutputInvalid on invalid output
    return json.loads(outputs["laws.json"])


@PROPERTY_SETTINGS
@given(mutated_file())
def test_a_mutated_file_builds_and_loses_nothing(file):
    name, data = file
    inputs = {name: data}
    assert lost_lines(inputs, build_and_render(inputs)) == []


@PROPERTY_SETTINGS
@given(st.lists(mutated_file(), min_size=2, max_size=3))
def test_mutated_files_together_build_and_lose_nothing(files):
    inputs = {f"corpus/{index}_{name.removeprefix('corpus/')}": data for index, (name, data) in enumerate(files)}
    assert lost_lines(inputs, build_and_render(inputs)) == []


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_crash_the_build(data):
    inputs = {"corpus/random.txt": data}
    assert lost_lines(inputs, build_and_render(inputs)) == []
