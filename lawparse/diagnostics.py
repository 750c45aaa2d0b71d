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
from typing import Protocol


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

_rule(
    "LP008",
    "trailing-whitespace",
    WARNING,
    "Lines end in white space (spaces, tabs, NBSP), or hold nothing but white space.",
    "Trailing white space is invisible in an editor, makes every diff noisy and hides real edits; the "
    "scrape left it behind list items and on blank lines. The output is not affected (text is trimmed), "
    "so this is a warning: it fails only `lawparse check --strict`.",
    "`C.  Als de pas kunstmatig is   ` (three spaces at the end), or a line of three spaces",
    "Safe fix: `lawparse check --fix` drops the white space at the end of every such line (one "
    "diagnostic per file, one edit per line); line breaks and everything else stay as they are.",
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

# ---- LP2xx: cleanup --------------------------------------------------------------------------------
_rule(
    "LP201",
    "leaked-line",
    WARNING,
    "A line that the scraper appended to list items of unrelated provisions was removed.",
    "The same indented line ends items in several different blocks (the scraper copied a line of the "
    "page's own law after every item but the last). It is not law text of those provisions; kept, it "
    "would change their wording, the references found in them and the edition diff.",
    "Artikel 23A / 1. ... ; of / `   Mag de partner van de overtreder ...` (also after 16C1, 25A1, ...)",
    "Delete the line from the file (the safe fix does). The removal is recorded in `removals`.",
)
_rule(
    "LP202",
    "page-furniture",
    WARNING,
    "A line of the website's own furniture (wiki tagline, revision line, navigation) was removed.",
    "Copies taken from the wiki's revision views carry lines that are not law text.",
    "Uit Spelregels voor tafelarbiters",
    "Delete the line from the file (the safe fix does). The removal is recorded in `removals`.",
)
_rule(
    "LP203",
    "conflicting-copies",
    WARNING,
    "Copies of the same provision disagree; one copy is kept (the first in file order, then block order).",
    "The same provision read from several blocks or files should say the same thing; a disagreement "
    "is a scraping error in one of them, and lawparse cannot tell which.",
    "2017:16C2 reads `... niet geoorloofd.` in one file and `... geoorloofd.` in another",
    "Compare both places with the printed laws and correct the wrong copy.",
)
_rule(
    "LP204",
    "run-in-heading-split",
    INFO,
    "A section heading ran into the body on one line; it was split where another copy ends its heading.",
    "`C. Informatie uit ingetrokken handelingen Ingeval een bieding ...` holds the heading and the "
    "first sentence. Another copy of the section shows where the heading ends; the split is a guess "
    "reported so that an editor can confirm it.",
    "C. Informatie uit ingetrokken handelingen Ingeval een bieding of spelen ... geldt:",
    "Break the line after the heading (the fix, marked unsafe, does).",
)
_rule(
    "LP205",
    "run-in-heading",
    WARNING,
    "A section heading seems to run into the body, and no other copy shows where it ends; not split.",
    "The label's text is not a heading, but it starts with a heading-like phrase followed by a "
    "capitalised word with no punctuation between: most likely a lost line break.",
    "C. Informatie uit ingetrokken handelingen Ingeval een bieding ...",
    "Break the line after the heading if that is where it ends (the fix, marked unsafe, proposes it).",
)
_rule(
    "LP210",
    "truncated-item",
    WARNING,
    "An item's text is only a reference or a fragment; the text before it was lost.",
    "The scrape lost everything before a link: `1. artikel 19D).` is the tail of a sentence.",
    "Artikel 22A / 1. artikel 19D).",
    "Restore the item's text from the printed laws.",
)
_rule(
    "LP211",
    "foreign-character",
    WARNING,
    "A letter with a diacritic Dutch does not use (or a non-Latin look-alike) stands in a word.",
    "Dutch uses the acute, grave, diaeresis and circumflex (and ç, ñ in loanwords); `ē` (macron) in "
    "`beēindigen` is an encoding slip for `ë`. Such a word is misspelt and cannot be searched.",
    "als het nog niet beēindigen is",
    "Replace the character with the suggested letter (the fix does; it is safe when the letter is "
    "a diaeresis after a vowel or a Latin look-alike).",
)
_rule(
    "LP212",
    "lead-in-as-heading",
    WARNING,
    "A provision's heading is a lead-in (it ends with a colon), not a heading.",
    "`B. Het bieden eindigd wanneer:` introduces the text below it; as a heading it would be shown "
    "and indexed as the provision's title.",
    "Artikel 22B / B. Het bieden eindigd wanneer:",
    "Restore the heading from the printed laws and move the lead-in into the body.",
)
_rule(
    "LP213",
    "duplicate-heading",
    WARNING,
    "Two sections of one law carry the same heading.",
    "Headings of a law's sections are distinct; a repeat usually means a copied label or a misread block.",
    "25A and 25B both headed `Niet bedoelde bieding`",
    "Correct the heading of the wrong section.",
)
_rule(
    "LP214",
    "empty-provision",
    WARNING,
    "A provision has no text and no parts (at most a heading).",
    "An empty provision is a failed scrape or a stray label; it is emitted, but says nothing.",
    "Artikel 30C / C.  Als de pas kunstmatig is (nothing below)",
    "Scrape the provision again, or delete the stray label.",
)
_rule(
    "LP215",
    "numbering-gap",
    WARNING,
    "The numbering inside a provision read whole skips a number or letter (A, B, D; 1, 3).",
    "A block that holds a whole provision holds all its parts; a gap means a part was lost. Parts "
    "read from separate blocks are not checked: the corpus is partial (`Artikel 30C` alone is no gap).",
    "Artikel 54 / ... 1. ... / 3. ... (no 2.)",
    "Restore the missing part from the printed laws.",
)
_rule(
    "LP216",
    "numbering-repeat",
    WARNING,
    "The same number or letter labels two parts of one provision read whole (1, 2, 2); their texts were joined.",
    "A repeated label is a typo or a pasted duplicate; the two parts are read as one.",
    "1. ... / 2. ... / 2. ...",
    "Renumber the parts, or delete the duplicate.",
)
_rule(
    "LP217",
    "page-number",
    WARNING,
    "A line holds only a number: a page number of a printed edition, kept as text of the provision.",
    "Pages scraped from a printed edition carry their page numbers (`12`, `- 13 -`) between lines of "
    "law text; kept, the number reads as a paragraph of the provision and shows in the edition diff.",
    "Artikel 41A / A.  Openingsuitkomst / ... / 12",
    "Delete the line if it is a page number (the fix, marked unsafe, does).",
)
_rule(
    "LP218",
    "print-hyphenation",
    WARNING,
    "A line ends in a word broken by a hyphen and the next starts in lower case: print hyphenation.",
    "`Zie arti-` / `kel 54 ...` is one word split across two lines of a printed page. The halves stay "
    "two paragraphs, and a reference split by the break (`artikel 54`) is not found.",
    "Zie arti- / kel 54 voor een uitkomst voor de beurt.",
    "Join the two halves (the fix, marked unsafe because a line may end in a compound's hyphen such as "
    "`voor-` / `en achterhand`, does when the lines are adjacent).",
)

# ---- LP3xx: cross-references -----------------------------------------------------------------------
_rule(
    "LP301",
    "broken-reference",
    ERROR,
    "A reference names a part of a law that the law does not have.",
    "The law is in the corpus in full (a block held the whole article), so a part it lacks does not "
    "exist: the reference, or the number it was scraped from, is wrong. A law number outside 1-93 is "
    "broken in every edition.",
    "`artikel 25C` while `Artikel 25` holds sections A and B only",
    "Correct the number in the text against the printed laws.",
)
_rule(
    "LP302",
    "ambiguous-reference",
    WARNING,
    "A relative reference fits more than one provision; it is left unresolved.",
    "`(1) hierboven` in an item whose sub-items (a) and (b) both have a (1) could mean either; "
    "guessing would link the wrong text.",
    "`zie (1) hierboven` in 25B2c, with both 25B2a-1 and 25B2b-1 in the corpus",
    "Write the full label (`(b)(1) hierboven`) or the absolute form (`artikel 25B2b-1`).",
)
_rule(
    "LP303",
    "stray-parenthesis",
    WARNING,
    "A reference is followed by one `)` too many: the English `12C1(b)` lost its opening parenthesis.",
    "The scrape turned `12C1(b)` into `12C1b)`; the reference is read as `12C1b`, and the `)` unbalances the sentence.",
    "`(zie artikel 12C1b))`",
    "Delete the extra `)` (an unsafe fix: check that the sentence still reads right).",
)
_rule(
    "LP304",
    "range-unlisted",
    WARNING,
    "The members of a range cannot be listed: its end comes before its start, or the endpoints are "
    "not siblings and not both in the corpus.",
    "A range stands for every provision between its endpoints; when those cannot be counted, only "
    "the endpoints are recorded.",
    "`B3 tot en met B1`",
    "Correct the endpoints.",
)
_rule(
    "LP305",
    "direction-mismatch",
    WARNING,
    "A reference says `hierboven` (above) but its target stands below it, or `hieronder` and above.",
    "The direction word is part of what the author meant; when it contradicts the target, the label "
    "or the direction was scraped wrong, and the reference may point at the wrong provision.",
    "`A1 hieronder` in 25A3: A1 stands above A3",
    "Check the label and the direction word against the printed laws.",
)

# ---- LP4xx: edition diff --------------------------------------------------------------------------
_rule(
    "LP401",
    "provision-renumbered",
    INFO,
    "A provision was paired by content with one of another number in the newer edition.",
    "The same number means different things in different editions (1997 Law 23 is 2017 Law 72C); "
    "the pairing is a guess from the similarity of the texts, reported so that an editor can confirm it.",
    "1997:23 `Besef van mogelijk nadeel` paired with 2017:72C",
    "Nothing to fix if the pairing is right; a wrong one means the two texts are closer than they should be.",
)
_rule(
    "LP402",
    "weak-number-pair",
    INFO,
    "Two provisions with the same number share few words; they were paired by number for want of a better partner.",
    "A same-number pair below the similarity threshold is the same provision rewritten, or two different "
    "provisions whose true partners the corpus does not hold. An editor can tell which.",
    "1997:25B and 2017:25B (8% of their words in common)",
    "Nothing to fix if they are the same provision; otherwise add the true partner's page to the corpus.",
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


class Position(Protocol):
    """Anything that says where in a file it stands (a model.Source)."""

    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


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

    def report_at(self, code: str, message: str, at: Position, fix: Fix | None = None) -> Diagnostic:
        """Report at a position (a model.Source): the common case."""
        return self.report(code, message, file=at.file, line=at.line, column=at.column, fix=fix)

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.items), key=Diagnostic.sort_key)

    def counts(self) -> Counter[Severity]:
        return Counter(d.severity for d in self.items)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)
