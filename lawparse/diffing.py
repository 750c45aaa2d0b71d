"""Diffing provisions: word-level operations, a similarity, and pairing two editions provision by provision.

Used by the ``diff_editions`` pass (every consecutive pair of editions, or the pairs of
``Settings.diff_pairs``) and by ``lawparse diff`` (any pair on request). Pure functions over the
provision layer; nothing here reads files or reports.

**Text.** A provision's own text (:func:`provision_text`) is its heading, its intro and wrap-up
paragraphs and its footnotes (``1) text``), one per line; its children have texts of their own.

**Operations.** :func:`word_ops` splits both texts into words (each with the white space after it),
matches them with :class:`difflib.SequenceMatcher`, hands what a change shares at its edges (`pas`
against `pas ` at the end of a text) to the equal runs beside it, and folds a short equal run between
two long changes into them. Concatenating the ``old`` parts of the operations gives the old text back,
the ``new`` parts the new text, character for character.

**Similarity.** difflib's ratio over the two word sequences (white space ignored): 2 * matched words
/ all words, rounded to four decimals; 1.0 for two empty texts.

**Pairing** (:func:`pair_nodes`), in four rounds, each only over provisions not yet paired:

1. same number, similarity >= ``NUMBER_KEEP``: paired by number;
2. different numbers, similarity >= ``CONTENT_MIN``, both texts at least ``MIN_CONTENT_WORDS`` words:
   paired by content, best pairs first (the provision was renumbered: 1997 Law 23 is 2017 72C);
3. same number, any similarity: paired by number (the same provision rewritten, for want of a
   better partner);
4. the rest: removed (old side) or added (new side).

Round 2 first pairs provisions whose words are the same (the i-th old one with a given word
sequence meets the i-th new one, similarity 1.0, no difflib). The rest of its candidates are found
without comparing every provision with every other: an inverted index of the words of the new side
yields, for each old provision, the provisions sharing its rarest words; a word-set Jaccard keeps the
best ``CANDIDATES`` of them, and only those are scored with difflib (after its cheap
``real_quick_ratio`` and ``quick_ratio`` upper bounds). A word found in more than ``COMMON_WORD``
new provisions does not vote: it narrows nothing, and without this bound a corpus holding hundreds of
copies of one text makes the search quadratic. Texts with the same words share one search, and each
distinct pair of word sequences (or texts, for the operations) goes through difflib once.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from lawparse import model

NUMBER_KEEP = 0.5
CONTENT_MIN = 0.5
MIN_CONTENT_WORDS = 5
CANDIDATES = 5
RARE_WORDS = 8
SHORTLIST = 50
COMMON_WORD = 200
PRECISION = 4

PAIRED_BY_NUMBER = "number"
PAIRED_BY_CONTENT = "content"
PAIRED_BY_REQUEST = "request"

_TOKEN = re.compile(r"^\s+|\S+\s*")


def provision_text(provision: model.Provision) -> str:
    """The provision's own text: heading, intro, wrap-up and footnotes, one per line."""
    lines = [paragraph.text for paragraph in provision.paragraphs()]
    lines.extend(f"{footnote.marker}) {footnote.text}" for footnote in provision.footnotes)
    return "\n".join(lines)


def tokenize(text: str) -> list[str]:
    """Each word with the white space after it (and any white space the text starts with); joined, the text."""
    return _TOKEN.findall(text)


def word_ops(old: str, new: str) -> tuple[model.DiffOp, ...]:
    """The word-level operations that turn ``old`` into ``new``.

    >>> [(op.kind.value, op.old, op.new) for op in word_ops("de eerste bieding", "de tweede bieding")]
    [('equal', 'de ', 'de '), ('replace', 'eerste', 'tweede'), ('equal', ' bieding', ' bieding')]
    """
    if old == new:
        return (model.DiffOp(model.DiffOpKind.EQUAL, old, old),) if old else ()
    if not old or not new:
        return (_change(old, new),)
    return _changed_word_ops(old, new)


# A corpus repeats texts (the same provision in several places, copies of a law): the same pair of
# texts is diffed once. The operations are immutable, so sharing them is safe.
@functools.lru_cache(maxsize=4096)
def _changed_word_ops(old: str, new: str) -> tuple[model.DiffOp, ...]:
    old_tokens, new_tokens = tokenize(old), tokenize(new)
    opcodes = SequenceMatcher(None, old_tokens, new_tokens, autojunk=False).get_opcodes()
    ops: list[model.DiffOp] = []
    for tag, i1, i2, j1, j2 in opcodes:
        old_part, new_part = "".join(old_tokens[i1:i2]), "".join(new_tokens[j1:j2])
        if tag == "equal":
            _append_equal(ops, old_part)
            continue
        # `pas` and `pas ` are different tokens: give the equal neighbours what both sides share.
        prefix = _common_edge(old_part, new_part, from_end=False)
        suffix = _common_edge(old_part[len(prefix) :], new_part[len(prefix) :], from_end=True)
        _append_equal(ops, prefix)
        old_rest = old_part[len(prefix) : len(old_part) - len(suffix)]
        new_rest = new_part[len(prefix) : len(new_part) - len(suffix)]
        if old_rest or new_rest:
            ops.append(_change(old_rest, new_rest))
        _append_equal(ops, suffix)
    return tuple(_absorb_small_equalities(ops))


def _append_equal(ops: list[model.DiffOp], text: str) -> None:
    if not text:
        return
    if ops and ops[-1].kind is model.DiffOpKind.EQUAL:
        text = ops.pop().old + text
    ops.append(model.DiffOp(model.DiffOpKind.EQUAL, text, text))


def _is_boundary(text: str, index: int) -> bool:
    """Whether a cut at ``index`` falls between a word and white space (or at an end)."""
    return index in (0, len(text)) or text[index - 1].isspace() != text[index].isspace()


def _common_edge(old: str, new: str, *, from_end: bool) -> str:
    """The longest common prefix (suffix) of both texts that ends (starts) at a word boundary in both."""
    length = 0
    limit = min(len(old), len(new))
    while length < limit and (old[-1 - length] == new[-1 - length] if from_end else old[length] == new[length]):
        length += 1
    while length:
        old_cut, new_cut = (len(old) - length, len(new) - length) if from_end else (length, length)
        if _is_boundary(old, old_cut) and _is_boundary(new, new_cut):
            break
        length -= 1
    return (old[len(old) - length :] if from_end else old[:length]) if length else ""


def _change(old: str, new: str) -> model.DiffOp:
    kind = model.DiffOpKind.REPLACE if old and new else model.DiffOpKind.DELETE if old else model.DiffOpKind.INSERT
    return model.DiffOp(kind, old, new)


def _size(op: model.DiffOp) -> int:
    return max(len(op.old.split()), len(op.new.split()))


def _absorb_small_equalities(ops: list[model.DiffOp]) -> list[model.DiffOp]:
    """Fold a matched run into the changes around it when it is at most half the size of each.

    Between two rewritten sentences, a lone matching `de` or `bieding` makes the redline harder to
    read, not easier (the rule of diff-match-patch's semantic clean-up, counted in words).
    """
    index = 1
    while index < len(ops) - 1:
        before, middle, after = ops[index - 1 : index + 2]
        if (
            middle.kind is model.DiffOpKind.EQUAL
            and before.kind is not model.DiffOpKind.EQUAL
            and after.kind is not model.DiffOpKind.EQUAL
            and 2 * _size(middle) <= min(_size(before), _size(after))
        ):
            merged = _change(before.old + middle.old + after.old, before.new + middle.new + after.new)
            ops[index - 1 : index + 2] = [merged]
            index = max(1, index - 1)
        else:
            index += 1
    return ops


def old_text(ops: Iterable[model.DiffOp]) -> str:
    return "".join(op.old for op in ops)


def new_text(ops: Iterable[model.DiffOp]) -> str:
    return "".join(op.new for op in ops)


def similarity(old: str, new: str) -> float:
    """difflib's ratio over the words of both texts, rounded.

    >>> similarity("de eerste bieding", "de tweede bieding")
    0.6667
    """
    return round(_word_ratio(old.split(), new.split()), PRECISION)


def _word_ratio(old_words: Sequence[str], new_words: Sequence[str]) -> float:
    if not old_words and not new_words:
        return 1.0
    return SequenceMatcher(None, old_words, new_words, autojunk=False).ratio()


# ---------------------------------------------------------------------------------------------------
# Pairing


@dataclass(frozen=True, slots=True)
class TextNode:
    """A provision as the pairing sees it: its key, what number pairing compares, and its text."""

    key: str
    match_id: str
    text: str
    provision: model.Provision

    @property
    def words(self) -> list[str]:
        return self.text.split()


@dataclass(frozen=True, slots=True)
class Pairing:
    old: TextNode | None
    new: TextNode | None
    paired_by: str | None
    similarity: float


def text_nodes(
    edition: str, provisions: Iterable[model.Provision], root: model.Provision | None = None
) -> list[TextNode]:
    """The provisions that have text of their own, in document order.

    Under a ``root`` (a requested pair of provisions) a node is matched by its path below the root,
    so that ``25B`` + item ``1`` meets ``25B`` + item ``1`` whatever the roots' own numbers are.
    """
    nodes = []
    for provision in provisions:
        text = provision_text(provision)
        if not text:
            continue
        match_id = provision.id
        if root is not None and provision.id.startswith(root.id):
            match_id = provision.id[len(root.id) :]
        nodes.append(TextNode(model.key_of(edition, provision.id), match_id, text, provision))
    return nodes


def _words_ratio(
    cache: dict[tuple[tuple[str, ...], tuple[str, ...]], float], old_words: list[str], new_words: list[str]
) -> float:
    """:func:`_word_ratio` rounded, computed once per distinct pair of word sequences (copies repeat)."""
    key = (tuple(old_words), tuple(new_words))
    score = cache.get(key)
    if score is None:
        score = 1.0 if key[0] == key[1] else round(_word_ratio(old_words, new_words), PRECISION)
        cache[key] = score
    return score


def _identical_pairs(
    old: Sequence[TextNode], new: Sequence[TextNode], old_words: list[list[str]], new_words: list[list[str]]
) -> list[tuple[int, int]]:
    """(old index, new index) of provisions with the same words under different numbers, in document order.

    The i-th old provision with a given word sequence meets the i-th new one with it: no difflib, and
    no candidate search, however many copies of one text there are.
    """
    waiting: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for position, words in enumerate(new_words):
        if len(words) >= MIN_CONTENT_WORDS:
            waiting[tuple(words)].append(position)
    found = []
    for old_position, words in enumerate(old_words):
        queue = waiting.get(tuple(words)) if len(words) >= MIN_CONTENT_WORDS else None
        if not queue:
            continue
        match_id = old[old_position].match_id
        for index, new_position in enumerate(queue):
            if new[new_position].match_id != match_id:
                found.append((old_position, new_position))
                del queue[index]
                break
    return found


def _content_candidates(
    old: Sequence[TextNode],
    new: Sequence[TextNode],
    old_words: list[list[str]],
    new_words: list[list[str]],
    ratios: dict[tuple[tuple[str, ...], tuple[str, ...]], float],
    skip: set[int],
) -> list[tuple[float, int, int]]:
    """(similarity, old index, new index) of likely content pairs with different numbers.

    Old provisions in ``skip`` (already paired) are not searched for; the new side is searched whole.
    """
    word_sets: dict[tuple[str, ...], frozenset[str]] = {}
    new_sets = [_word_set(word_sets, words) for words in new_words]
    index: dict[str, list[int]] = defaultdict(list)
    for position, words in enumerate(new_sets):
        if len(new_words[position]) >= MIN_CONTENT_WORDS:
            for word in words:
                index[word].append(position)
    shortlists: dict[frozenset[str], list[int]] = {}
    found = []
    for old_position, node in enumerate(old):
        words = old_words[old_position]
        if len(words) < MIN_CONTENT_WORDS or old_position in skip:
            continue
        old_set = _word_set(word_sets, words)
        best = shortlists.get(old_set)
        if best is None:
            best = shortlists[old_set] = _best_by_words(old_set, index, new_sets)
        for new_position in best:
            candidate = new[new_position]
            if candidate.match_id == node.match_id:
                continue
            candidate_words = new_words[new_position]
            key = (tuple(words), tuple(candidate_words))
            score = ratios.get(key)
            if score is None:
                matcher = SequenceMatcher(None, words, candidate_words, autojunk=False)
                if matcher.real_quick_ratio() < CONTENT_MIN or matcher.quick_ratio() < CONTENT_MIN:
                    score = 0.0
                else:
                    score = round(matcher.ratio(), PRECISION)
                ratios[key] = score
            if score >= CONTENT_MIN:
                found.append((score, old_position, new_position))
    return found


def _word_set(known: dict[tuple[str, ...], frozenset[str]], words: list[str]) -> frozenset[str]:
    key = tuple(words)
    found = known.get(key)
    if found is None:
        found = known[key] = frozenset(w.lower() for w in words)
    return found


def _best_by_words(old_set: frozenset[str], index: dict[str, list[int]], new_sets: list[frozenset[str]]) -> list[int]:
    """The new positions worth scoring against a text with these words: its ``CANDIDATES`` best by Jaccard.

    Among the new provisions sharing the most of its ``RARE_WORDS`` rarest words (the ``SHORTLIST``
    first). A word found in more than ``COMMON_WORD`` new provisions is not rare whatever the text: it
    does not vote, which keeps the search linear when a corpus holds many copies of one text.
    """
    rare = sorted((w for w in old_set if w in index), key=lambda w: (len(index[w]), w))[:RARE_WORDS]
    shared: Counter[int] = Counter()
    for word in rare:
        postings = index[word]
        if len(postings) <= COMMON_WORD:
            shared.update(postings)
    # (-shared, position) as one integer: sorting ints is done in C, without a key function per item.
    width = len(new_sets)
    order = sorted((RARE_WORDS - count) * width + position for position, count in shared.items())
    shortlist = [key % width for key in order[:SHORTLIST]]
    jaccard = sorted(
        ((len(old_set & new_sets[p]) / len(old_set | new_sets[p]), p) for p in shortlist),
        key=lambda item: (-item[0], item[1]),
    )[:CANDIDATES]
    return [position for _, position in jaccard]


def pair_nodes(old: Sequence[TextNode], new: Sequence[TextNode]) -> list[Pairing]:
    """Pair two lists of text nodes (see the module docstring); paired and added in new order, then removed."""
    old_words = [node.words for node in old]
    new_words = [node.words for node in new]
    ratios: dict[tuple[tuple[str, ...], tuple[str, ...]], float] = {}
    new_by_id = {node.match_id: position for position, node in enumerate(new)}
    number_pairs = {
        old_position: (
            new_by_id[node.match_id],
            _words_ratio(ratios, old_words[old_position], new_words[new_by_id[node.match_id]]),
        )
        for old_position, node in enumerate(old)
        if node.match_id in new_by_id
    }
    partner_of_new: dict[int, tuple[int, str, float]] = {}
    partner_of_old: set[int] = set()

    def accept(old_position: int, new_position: int, paired_by: str, score: float) -> None:
        partner_of_new[new_position] = (old_position, paired_by, score)
        partner_of_old.add(old_position)

    for old_position, (new_position, score) in number_pairs.items():
        if score >= NUMBER_KEEP:
            accept(old_position, new_position, PAIRED_BY_NUMBER, score)
    old_open = [p for p in range(len(old)) if p not in partner_of_old]
    new_open = [p for p in range(len(new)) if p not in partner_of_new]
    old_open_nodes, new_open_nodes = [old[p] for p in old_open], [new[p] for p in new_open]
    old_open_words, new_open_words = [old_words[p] for p in old_open], [new_words[p] for p in new_open]
    identical = _identical_pairs(old_open_nodes, new_open_nodes, old_open_words, new_open_words)
    for old_index, new_index in identical:
        accept(old_open[old_index], new_open[new_index], PAIRED_BY_CONTENT, 1.0)
    done = {old_index for old_index, _ in identical}
    candidates = _content_candidates(old_open_nodes, new_open_nodes, old_open_words, new_open_words, ratios, done)
    for score, old_index, new_index in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        old_position, new_position = old_open[old_index], new_open[new_index]
        if old_position not in partner_of_old and new_position not in partner_of_new:
            accept(old_position, new_position, PAIRED_BY_CONTENT, score)
    for old_position, (new_position, score) in number_pairs.items():
        if old_position not in partner_of_old and new_position not in partner_of_new:
            accept(old_position, new_position, PAIRED_BY_NUMBER, score)

    pairings = []
    for new_position, node in enumerate(new):
        if new_position in partner_of_new:
            old_position, paired_by, score = partner_of_new[new_position]
            pairings.append(Pairing(old[old_position], node, paired_by, score))
        else:
            pairings.append(Pairing(None, node, None, 0.0))
    pairings.extend(Pairing(node, None, None, 0.0) for p, node in enumerate(old) if p not in partner_of_old)
    return pairings


def to_diff(pairing: Pairing, old_edition: str, new_edition: str) -> model.Diff:
    """The record of a pairing between editions ``old_edition`` and ``new_edition``."""
    old = pairing.old.text if pairing.old else ""
    new = pairing.new.text if pairing.new else ""
    return model.Diff(
        old=pairing.old.key if pairing.old else None,
        new=pairing.new.key if pairing.new else None,
        similarity=pairing.similarity,
        paired_by=pairing.paired_by,
        ops=word_ops(old, new),
        old_edition=old_edition,
        new_edition=new_edition,
    )


def pair_editions(old: model.Edition, new: model.Edition) -> list[Pairing]:
    """Every provision with text of ``old`` paired with its counterpart in ``new`` (or with none)."""
    return pair_nodes(text_nodes(old.name, old.walk()), text_nodes(new.name, new.walk()))


def diff_editions(old: model.Edition, new: model.Edition) -> list[model.Diff]:
    """Every provision with text of ``old`` against its counterpart in ``new``."""
    return [to_diff(pairing, old.name, new.name) for pairing in pair_editions(old, new)]


def diff_provisions(old_edition: str, old: model.Provision, new_edition: str, new: model.Provision) -> list[model.Diff]:
    """A requested pair of provisions, then their descendants paired by their path below the two."""
    root = Pairing(
        TextNode(model.key_of(old_edition, old.id), "", provision_text(old), old),
        TextNode(model.key_of(new_edition, new.id), "", provision_text(new), new),
        PAIRED_BY_NUMBER if old.id == new.id else PAIRED_BY_REQUEST,
        similarity(provision_text(old), provision_text(new)),
    )
    old_below = text_nodes(old_edition, (p for child in old.children for p in child.walk()), root=old)
    new_below = text_nodes(new_edition, (p for child in new.children for p in child.walk()), root=new)
    return [
        to_diff(root, old_edition, new_edition),
        *(to_diff(pairing, old_edition, new_edition) for pairing in pair_nodes(old_below, new_below)),
    ]


def status(diff: model.Diff) -> str:
    """``added``, ``removed``, ``renumbered`` (a different number), ``changed`` or ``unchanged``."""
    if diff.old is None:
        return "added"
    if diff.new is None:
        return "removed"
    if diff.paired_by == PAIRED_BY_CONTENT:
        return "renumbered"
    if all(op.kind is model.DiffOpKind.EQUAL for op in diff.ops):
        return "unchanged"
    return "changed"


STATUSES = ("changed", "renumbered", "added", "removed", "unchanged")


def edition_pairs(corpus: model.Corpus) -> list[tuple[model.Edition, model.Edition]]:
    """Every consecutive pair of the corpus's editions, older first (editions are held newest first)."""
    return list(itertools.pairwise(reversed(corpus.editions)))


def pair_problem(corpus: model.Corpus, old: str, new: str) -> str | None:
    """Why the corpus cannot compare edition ``old`` with ``new`` (older first), or None when it can."""
    held = [edition.name for edition in corpus.editions]
    missing = [name for name in (old, new) if name not in held]
    if missing:
        return f"no edition {' or '.join(missing)} in the corpus (it holds: {', '.join(held) or 'none'})"
    if old == new:
        return f"{old}:{new} compares an edition with itself"
    if held.index(old) < held.index(new):
        return f"{old} is newer than {new}; write the older edition first ({new}:{old})"
    return None


def compared_pairs(corpus: model.Corpus) -> list[tuple[model.Edition, model.Edition]]:
    """The pairs of editions the build compares: ``Settings.diff_pairs``, or every consecutive pair.

    Requested pairs come older pair first (by the older edition, then the newer), whatever order they
    were asked in. A pair the corpus cannot compare (see :func:`pair_problem`) is left out: the
    command line refuses it with a usage error.
    """
    requested = corpus.settings.diff_pairs
    if not requested:
        return edition_pairs(corpus)
    by_name = {edition.name: edition for edition in corpus.editions}
    age = {edition.name: -position for position, edition in enumerate(corpus.editions)}
    valid = {(old, new) for old, new in requested if pair_problem(corpus, old, new) is None}
    return [(by_name[old], by_name[new]) for old, new in sorted(valid, key=lambda pair: (age[pair[0]], age[pair[1]]))]


def _edition_of(key: str) -> str:
    return key.split(":", 1)[0]


def diffs_between(diffs: Iterable[model.Diff], old: str, new: str) -> list[model.Diff]:
    """The records of one pair of editions among the records of several pairs.

    A record names its pair (``old_edition``, ``new_edition``); one read from an older laws.json
    without them is placed by its keys, which is unambiguous for consecutive pairs only.
    """
    return [
        diff
        for diff in diffs
        if _side_edition(diff.old_edition, diff.old) in (old, None)
        and _side_edition(diff.new_edition, diff.new) in (new, None)
    ]


def _side_edition(edition: str | None, key: str | None) -> str | None:
    if edition is not None:
        return edition
    return _edition_of(key) if key is not None else None


def provisions_by_key(corpus: model.Corpus) -> dict[str, model.Provision]:
    return {model.key_of(e.name, p.id): p for e in corpus.editions for p in e.walk()}
