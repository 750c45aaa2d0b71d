"""Diagnostics: the record every stage reports into, and the registry of codes.

Codes are ``LP`` + three digits, grouped by hundreds by stage and never reused:

* ``LP0xx`` reading and parsing a file
* ``LP1xx`` structure (editions, sections, nesting, footnotes)
* ``LP2xx`` cleanup (leaked lines, page furniture, duplicates, suspicious text)
* ``LP3xx`` cross-references
* ``LP4xx`` edition diff
* ``LP9xx`` internal errors of lawparse itself

Each code is a :class:`Rule` with the documentation ``lawparse rules CODE`` shows: what it finds, why
it matters, an example and how it is fixed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class TextEdit:
    """Replace the text from (line, column) up to, not including, (end_line, end_column) of a file.

    Positions are 1-based, columns in characters, as in diagnostics. Deleting line 7 whole is
    ``TextEdit(7, 1, 8, 1, "")``.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str


@dataclass(frozen=True, slots=True)
class Fix:
    description: str
    edits: tuple[TextEdit, ...]
    safe: bool = True


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    file: str
    line: int
    column: int = 1
    fix: Fix | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line, self.column, self.code, self.message)


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    why: str
    example: str
    fix: str


RULES: dict[str, Rule] = {}


def _rule(code: str, name: str, severity: Severity, summary: str, why: str, example: str, fix: str) -> None:
    assert code not in RULES, f"diagnostic code {code} registered twice"
    RULES[code] = Rule(code, name, severity, summary, why, example, fix)


ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

# ---- LP0xx: reading and parsing -------------------------------------------------------------------
_rule(
    "LP001",
    "binary-file",
    ERROR,
    "The file holds binary content (NUL bytes or mostly control characters); it is skipped.",
    "A binary file under a .txt name is a scraping or copying accident; reading it as text would "
    "put garbage into the laws.",
    "a PNG saved as corpus/005_x.txt",
    "Replace the file with the page's text, or delete it.",
)
_rule(
    "LP002",
    "not-utf8",
    WARNING,
    "The file is not valid UTF-8; it was read as Windows-1252 (in a file that is otherwise UTF-8, only "
    "the stray bytes were).",
    "The corpus is UTF-8. A file in another encoding is read by a guess, and a wrong guess garbles "
    "every accented letter.",
    "byte 0xEB (`ë` in Windows-1252) at line 3",
    "Re-save the file as UTF-8 after checking its accented letters.",
)
_rule(
    "LP003",
    "empty-file",
    WARNING,
    "The file is empty or holds only white space.",
    "An empty file is a failed scrape: the provision it should hold is missing from the corpus.",
    "a 0-byte corpus/006_x.txt",
    "Scrape the page again, or delete the file.",
)
_rule(
    "LP004",
    "file-too-large",
    ERROR,
    "The file is larger than the configured limit; it is refused.",
    "No page of the laws is that large; reading it could exhaust memory.",
    "a 200 MB dump saved into corpus/",
    "Split the file into pages, or raise the limit with --max-file-size.",
)
_rule(
    "LP005",
    "parse-failed",
    ERROR,
    "The grammar could not parse the file; it was read line by line as plain text.",
    "The grammar is written so that every text parses; a failure is a defect of lawparse, and the "
    "file's structure is lost until it is fixed.",
    "(none known)",
    "Report the file to the lawparse developers.",
)
_rule(
    "LP006",
    "heading-without-number",
    WARNING,
    "A line starts like a block heading (`Artikel`, `Sjabloon:`) but has no provision number.",
    "The scrape lost the number, so the block's text is attached to whatever stands before it.",
    "`Artikel` alone on a line",
    "Add the provision's number (`Artikel 16C`).",
)
_rule(
    "LP007",
    "control-character",
    WARNING,
    "The file holds control characters that XML cannot carry; they were replaced.",
    "Both outputs carry the same text, and XML 1.0 forbids most control characters. A form feed or "
    "vertical tab becomes a space, any other control character U+FFFD.",
    "a U+0001 byte inside a sentence",
    "Delete the control characters from the file.",
)

# ---- LP1xx: structure -----------------------------------------------------------------------------
_rule(
    "LP101",
    "text-outside-article",
    ERROR,
    "Text stands outside any article (before the first block heading of its file).",
    "Text that belongs to no provision cannot be emitted as law; it is kept in `unplaced`.",
    "a paragraph above the first `Artikel 25` line",
    "Add the block heading it belongs under, or delete the text.",
)
_rule(
    "LP102",
    "unknown-edition",
    ERROR,
    "A wiki title names an edition that is not a year (`Sjabloon:19x7:25B`); the block is unplaced.",
    "Provisions are keyed by edition; guessing the edition would put text into the wrong law book.",
    "Sjabloon:19x7:25B",
    "Correct the year in the title.",
)
_rule(
    "LP103",
    "label-mismatch",
    WARNING,
    "A section label does not agree with the block heading it stands under.",
    "`Artikel 30C` followed by `D. ...` means the heading or the label is wrong; the label wins.",
    "Artikel 30C / D.  Als de pas kunstmatig is",
    "Correct the block heading or the label.",
)
_rule(
    "LP104",
    "item-outside-section",
    WARNING,
    "A numbered item stands directly under a law that has sections, or a sub-item with no item.",
    "Items live in sections and sub-items in items; the id given to a misplaced one is a guess.",
    "Artikel 25 / 1. Als een speler ... (no section heading before it)",
    "Add the section label (`A. Heading`) or the item above it.",
)
_rule(
    "LP105",
    "nesting-too-deep",
    WARNING,
    "A label nests deeper than the laws go (below a sub-sub-item); its line is kept as text.",
    "The laws have five levels (law, section, item, sub-item, sub-sub-item).",
    "(a) ... / (i) ... / (1) ... under one item",
    "Check the labels against the printed laws.",
)
_rule(
    "LP106",
    "footnote-unmatched",
    WARNING,
    "A footnote body has no marker in the text of its block, or a marker has no body.",
    "A footnote is attached to the provision holding its marker; without one it is attached to the "
    "block's provision, which may be wrong.",
    "`---` / `3) ...` with no `³⁾` in the block",
    "Restore the marker (`³⁾`) where the footnote belongs, or the missing footnote body.",
)
_rule(
    "LP107",
    "page-title-in-block",
    WARNING,
    "A page title (`ARTIKEL 31`) stands inside a block; it is kept as text.",
    "Page titles open a file; inside a block one is most likely a pasted page.",
    "Artikel 25 / ... / ARTIKEL 31",
    "Move the page's text into a file of its own.",
)
_rule(
    "LP110",
    "section-letter-restored",
    INFO,
    "A numbered line of a whole-article block was read as a section whose letter was lost.",
    "The site's markup turned section letters into list numbers: `1. Niet bedoelde bieding` is "
    "section A. This is a guess; it is reported so that an editor can confirm it.",
    "Artikel 25 / 1. Niet bedoelde bieding / 1. Als een speler ...",
    "Nothing to fix if the guess is right; otherwise write the letter (`A. Niet bedoelde bieding`).",
)
_rule(
    "LP111",
    "nesting-guessed",
    INFO,
    "A sub-item label could be read at two levels; the numbering decided.",
    "`(i)` after `(h)` is the letter i, elsewhere the roman numeral one. This is a guess reported "
    "for an editor to confirm.",
    "(h) ... / (i) ...",
    "Nothing to fix if the guess is right.",
)

# ---- LP9xx: internal errors -------------------------------------------------------------------------
_rule(
    "LP901",
    "output-invalid",
    ERROR,
    "An emitted file does not validate against its shipped schema.",
    "The schemas are the contract with downstream projects; invalid output is never written.",
    "(none known)",
    "Report it to the lawparse developers with the corpus that caused it.",
)


@dataclass(slots=True)
class Diagnostics:
    """The sink passes report into. Severity comes from the code's rule."""

    items: list[Diagnostic] = field(default_factory=list)

    def report(
        self, code: str, message: str, *, file: str, line: int, column: int = 1, fix: Fix | None = None
    ) -> Diagnostic:
        diagnostic = Diagnostic(code, RULES[code].severity, message, file, line, column, fix)
        self.items.append(diagnostic)
        return diagnostic

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.items), key=Diagnostic.sort_key)

    def counts(self) -> Counter[Severity]:
        return Counter(d.severity for d in self.items)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)
