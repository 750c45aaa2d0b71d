"""The plain-regex baseline the benchmark compares `lawparse build` against.

What the simplest script would do with the corpus: read every file, classify each line with one
regex, find `artikel N` citations with another, and dump the lot as JSON. No hierarchy, no cleaning,
no validation: a floor for the cost of reading and scanning the text, not a competitor.

    python bench/baseline.py CORPUS OUT.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

LINE_KIND = re.compile(
    r"(?P<heading>^(?:Artikel|ARTIKEL|Sjabloon:\S+:)\s*\d+\S*\s*$)"
    r"|(?P<label>^[A-Z]\d{0,2}\.\s)"
    r"|(?P<item>^\d{1,3}\.\s)"
    r"|(?P<sub>^\([a-z0-9]{1,5}\)\s)"
    r"|(?P<blank>^\s*$)"
)
CITATION = re.compile(r"\b[Aa]rtikel\s+(\d{1,6}[A-Z]?\d{0,2}[a-z]?(?:-[ivxl\d]+)?)")


def scan(folder: Path) -> list[dict[str, object]]:
    results = []
    for path in sorted(folder.rglob("*.txt")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        lines = []
        for number, line in enumerate(text.splitlines(), start=1):
            match = LINE_KIND.match(line)
            lines.append({"line": number, "kind": match.lastgroup if match else "text", "text": line.strip()})
        citations = [match.group(1) for match in CITATION.finditer(text)]
        results.append({"file": path.relative_to(folder).as_posix(), "lines": lines, "citations": citations})
    return results


def main() -> None:
    folder, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.write_text(json.dumps(scan(folder), ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
