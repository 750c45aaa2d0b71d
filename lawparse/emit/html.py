"""diff-OLD-NEW.html: the edition diff as a redline a person can read.

One self-contained page per pair of editions: inline CSS, no script, no external asset, no clock
(same records, same bytes). A summary table, a contents table, then one card per provision with
the older text on the left (deletions struck through) and the newer on the right (insertions
marked), each side linking to the other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from html import escape

from lawparse import diffing, model

_STATUS_TEXT = {
    "changed": "same number, text changed",
    "renumbered": "paired by content with a provision of another number",
    "added": "in the newer edition only",
    "removed": "in the older edition only",
    "unchanged": "same number, same text",
}

_SECTION_ORDER = ("changed", "renumbered", "removed", "added", "unchanged")

_CSS = """
:root { --ink: #1d232a; --muted: #5c6670; --rule: #d9dee3; --paper: #fbfaf7; --card: #fff;
  --del: #fde4e1; --del-ink: #8e1b12; --ins: #dcf5e3; --ins-ink: #0f5a2a; --accent: #2f5d8a; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 16px/1.55 Georgia, "Times New Roman", serif; }
main { max-width: 1200px; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
h1, h2, h3, th, .badge, .meta, .key, nav, footer { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { font-size: 1.9rem; margin: 0 0 .3rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 .8rem; padding-bottom: .3rem; border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 0; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
.lede { color: var(--muted); margin: 0 0 1.5rem; }
.note { background: #fff8e1; border-left: 4px solid #e0b100; padding: .7rem 1rem; margin: 1rem 0; }
table { border-collapse: collapse; background: var(--card); }
th, td { text-align: left; padding: .35rem .8rem; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { font-size: .85rem; color: var(--muted); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.summary td:first-child { font-family: system-ui, sans-serif; font-weight: 600; }
table.contents { width: 100%; font-size: .92rem; }
.key { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9em; white-space: nowrap; }
.none { color: var(--muted); }
.excerpt { font-style: italic; color: var(--muted); font-family: Georgia, serif; }
.badge { display: inline-block; font-size: .75rem; font-weight: 600; padding: .05rem .5rem; border-radius: 999px;
  text-transform: uppercase; letter-spacing: .04em; }
.badge.changed { background: #e3ecf7; color: #1f4a75; }
.badge.renumbered { background: #efe4f7; color: #5b2a7d; }
.badge.added { background: var(--ins); color: var(--ins-ink); }
.badge.removed { background: var(--del); color: var(--del-ink); }
.badge.unchanged { background: #eceff1; color: #44505a; }
.card { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; margin: 0 0 1.2rem;
  box-shadow: 0 1px 2px rgba(0, 0, 0, .04); }
.card > header { display: flex; flex-wrap: wrap; align-items: baseline; gap: .4rem 1rem; padding: .7rem 1rem;
  border-bottom: 1px solid var(--rule); }
.card > header .meta { margin-left: auto; color: var(--muted); font-size: .85rem; }
.sides { display: grid; grid-template-columns: 1fr 1fr; }
.sides.single { grid-template-columns: 1fr; }
.side { padding: .6rem 1rem .8rem; min-width: 0; }
.side + .side { border-left: 1px solid var(--rule); }
.side .edition { font-family: system-ui, sans-serif; font-size: .8rem; color: var(--muted); margin-bottom: .3rem; }
.side p { margin: 0 0 .5rem; }
.side p.heading { font-weight: bold; }
del { background: var(--del); color: var(--del-ink); text-decoration: line-through;
  text-decoration-color: rgba(142, 27, 18, .5); }
ins { background: var(--ins); color: var(--ins-ink); text-decoration: none; }
.added ins, .removed del { background: none; color: inherit; text-decoration: none; }
.added .side { border-left: 4px solid #7cc896; }
.removed .side { border-left: 4px solid #e59a91; }
details > summary { cursor: pointer; font-family: system-ui, sans-serif; color: var(--accent); margin-bottom: .8rem; }
footer { margin-top: 3rem; color: var(--muted); font-size: .85rem; }
@media (max-width: 760px) { .sides { grid-template-columns: 1fr; }
  .side + .side { border-left: 0; border-top: 1px solid var(--rule); } }
@media print { .card { break-inside: avoid; box-shadow: none; } body { background: #fff; } }
"""


def _anchor(side: str, key: str) -> str:
    return f"{side}-{key.replace(':', '-')}"


def _card_id(diff: model.Diff) -> str:
    return _anchor("d", diff.new or diff.old or "")


def _key_link(key: str | None, side: str) -> str:
    if key is None:
        return '<span class="none">none</span>'
    return f'<a class="key" href="#{_anchor(side, key)}">{escape(key)}</a>'


EXCERPT_WORDS = 8


def _title(diff: model.Diff, provisions: Mapping[str, model.Provision]) -> str:
    for key in (diff.new, diff.old):
        provision = provisions.get(key) if key else None
        if provision is not None and provision.heading is not None:
            return provision.heading.text
    return ""


def _excerpt(diff: model.Diff) -> str:
    """The first words of the newer text (the older one for a removed provision), for untitled provisions."""
    text = diffing.new_text(diff.ops) or diffing.old_text(diff.ops)
    words = text.split()
    return " ".join(words[:EXCERPT_WORDS]) + (" …" if len(words) > EXCERPT_WORDS else "")


def _label(diff: model.Diff, provisions: Mapping[str, model.Provision]) -> str:
    title = _title(diff, provisions)
    return escape(title) if title else f'<span class="excerpt">{escape(_excerpt(diff))}</span>'


def _side_paragraphs(ops: Sequence[model.DiffOp], side: str) -> list[list[tuple[str, bool]]]:
    """One side of the ops as paragraphs of (text, marked) runs; a paragraph ends at each line break."""
    paragraphs: list[list[tuple[str, bool]]] = [[]]
    for op in ops:
        text = op.old if side == "old" else op.new
        marked = op.kind is not model.DiffOpKind.EQUAL
        for number, line in enumerate(text.split("\n")):
            if number:
                paragraphs.append([])
            if line:
                paragraphs[-1].append((line, marked))
    return paragraphs


def _side_html(ops: Sequence[model.DiffOp], side: str, has_heading: bool) -> str:
    tag = "del" if side == "old" else "ins"
    rendered = []
    for number, runs in enumerate(_side_paragraphs(ops, side)):
        body = "".join(f"<{tag}>{escape(text)}</{tag}>" if marked else escape(text) for text, marked in runs)
        css = ' class="heading"' if number == 0 and has_heading else ""
        rendered.append(f"<p{css}>{body}</p>")
    return "".join(rendered)


def _side(diff: model.Diff, side: str, provisions: Mapping[str, model.Provision]) -> str:
    key = diff.old if side == "old" else diff.new
    if key is None:
        return ""
    other_key, other_side = (diff.new, "new") if side == "old" else (diff.old, "old")
    provision = provisions.get(key)
    has_heading = provision is not None and provision.heading is not None
    link = (
        f' · <a href="#{_anchor(other_side, other_key)}">{"to" if side == "old" else "from"} {escape(other_key)}</a>'
        if other_key
        else ""
    )
    return (
        f'<div class="side {side}" id="{_anchor(side, key)}">'
        f'<div class="edition"><span class="key">{escape(key)}</span>{link}</div>'
        f"{_side_html(diff.ops, side, has_heading)}</div>"
    )


def _card(diff: model.Diff, provisions: Mapping[str, model.Provision]) -> str:
    status = diffing.status(diff)
    title = _title(diff, provisions)
    meta = ""
    if diff.old is not None and diff.new is not None:
        alike = round(diff.similarity * 100)
        meta = f'<span class="meta">{alike}% alike · paired by {escape(diff.paired_by or "")}</span>'
    sides = "".join(_side(diff, side, provisions) for side in ("old", "new"))
    single = " single" if diff.old is None or diff.new is None else ""
    return (
        f'<article class="card {status}" id="{_card_id(diff)}">'
        f"<header><h3>{_key_link(diff.old, 'old')} → {_key_link(diff.new, 'new')}"
        f"{' · ' + escape(title) if title else ''}</h3>"
        f'<span class="badge {status}">{status}</span>{meta}</header>'
        f'<div class="sides{single}">{sides}</div></article>'
    )


def _summary(counts: Counter[str]) -> str:
    rows = "".join(
        f'<tr><td><a href="#{status}">{status}</a></td><td class="num">{counts[status]}</td>'
        f"<td>{_STATUS_TEXT[status]}</td></tr>"
        for status in diffing.STATUSES
    )
    return (
        '<table class="summary"><thead><tr><th>provisions</th><th>count</th><th>meaning</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _contents(diffs: Sequence[model.Diff], old: str, new: str, provisions: Mapping[str, model.Provision]) -> str:
    rows = []
    for diff in diffs:
        status = diffing.status(diff)
        similarity = f"{round(diff.similarity * 100)}%" if diff.old and diff.new else ""
        rows.append(
            f"<tr><td>{_key_link(diff.old, 'old')}</td><td>{_key_link(diff.new, 'new')}</td>"
            f'<td><a href="#{_card_id(diff)}">{_label(diff, provisions)}</a></td>'
            f'<td><span class="badge {status}">{status}</span></td><td class="num">{similarity}</td></tr>'
        )
    return (
        f'<table class="contents"><thead><tr><th>{escape(old)}</th><th>{escape(new)}</th><th>heading</th>'
        f"<th>status</th><th>alike</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def diff_page(
    old: str, new: str, diffs: Sequence[model.Diff], provisions: Mapping[str, model.Provision], *, partial: bool = True
) -> str:
    """The page for the records ``diffs`` of ``old`` against ``new`` (edition names or keys).

    ``provisions`` maps keys to provisions, for headings; ``partial`` adds the note that added and
    removed are relative to what the corpus holds.
    """
    return "".join(_page_parts(old, new, diffs, provisions, partial=partial))


def _page_parts(
    old: str, new: str, diffs: Sequence[model.Diff], provisions: Mapping[str, model.Provision], *, partial: bool
) -> Iterator[str]:
    """The page in pieces (a card at a time), so that a large page can be encoded without one huge string."""
    by_status: dict[str, list[model.Diff]] = {status: [] for status in diffing.STATUSES}
    for diff in diffs:
        by_status[diffing.status(diff)].append(diff)
    counts = Counter({status: len(records) for status, records in by_status.items()})
    note = (
        '<p class="note">The corpus is partial: it holds some provisions of each edition, not all. '
        f"<strong>Added</strong> means that the corpus holds text of the provision in {escape(new)} and no "
        f"counterpart in {escape(old)}; <strong>removed</strong> the reverse. Either may only mean that the "
        "counterpart's page has not been scraped yet.</p>"
        if partial
        else ""
    )
    title = f"{old} → {new}: edition diff"
    yield (
        '<!DOCTYPE html>\n<html lang="nl">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{escape(old)} → {escape(new)}</h1>\n"
        '<p class="lede">Spelregels voor wedstrijdbridge, provision by provision and word by word: '
        "deletions <del>struck through</del> on the left, insertions <ins>marked</ins> on the right.</p>\n"
        f'<section id="summary"><h2>Summary</h2>{_summary(counts)}{note}</section>\n'
        f'<nav id="contents"><h2>Contents</h2>{_contents(diffs, old, new, provisions)}</nav>\n'
    )
    for number, status in enumerate(_SECTION_ORDER):
        records = by_status[status]
        yield (
            ("\n" if number else "") + f'<section id="{status}"><h2>{status.capitalize()} ({len(records)})</h2>'
            f'<p class="lede">{_STATUS_TEXT[status].capitalize()}.</p>'
        )
        if not records:
            yield '<p class="none">None.</p>'
        elif status == "unchanged":
            yield f"<details><summary>Show {len(records)} unchanged provisions</summary>"
        for diff in records:
            yield _card(diff, provisions)
        yield "</details></section>" if status == "unchanged" and records else "</section>"
    yield (
        "\n<footer>Made by lawparse. Similarity is the share of words the two texts have in common "
        f"(difflib's ratio over words). Pairs by number below {diffing.NUMBER_KEEP:.0%} similarity are kept only "
        f"when no provision of another number matches at {diffing.CONTENT_MIN:.0%} or more.</footer>\n"
        "</main>\n</body>\n</html>\n"
    )


def edition_pages(corpus: model.Corpus) -> dict[str, bytes]:
    """``diff-OLD-NEW.html`` for every pair of editions compared, from the records in ``corpus.diffs``."""
    provisions = diffing.provisions_by_key(corpus)
    return {
        f"diff-{old.name}-{new.name}.html": b"".join(
            part.encode("utf-8")
            for part in _page_parts(
                old.name, new.name, diffing.diffs_between(corpus.diffs, old.name, new.name), provisions, partial=True
            )
        )
        for old, new in diffing.compared_pairs(corpus)
    }
