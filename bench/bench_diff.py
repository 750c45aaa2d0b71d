"""Benchmark of the edition diff: two synthetic editions of about 1 MB each, diffed provision by provision.

The editions are made from the text of the bundled corpus: its laws are copied under new numbers
until an edition holds about ``--size`` bytes of text, each copy with a tenth of its words swapped
for words of its own (so that copies are not identical). The newer edition then rewrites some words
of a third of the provisions, moves a tenth of the laws to other numbers (to be found by content),
drops some laws and adds others. Deterministic (seeded); prints sizes, counts and times.

    python bench/bench_diff.py [--size 1000000] [--seed 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from difflib import SequenceMatcher
from pathlib import Path

from lawparse import diffing, files, model, pipeline
from lawparse.emit import html as html_emit

SAMPLE = 2000
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def renumber(provision: model.Provision, old_law: str, new_law: str) -> model.Provision:
    return dataclasses.replace(
        provision,
        id=new_law + provision.id[len(old_law) :],
        num=new_law if provision.kind is model.Kind.ARTICLE else provision.num,
        children=tuple(renumber(child, old_law, new_law) for child in provision.children),
    )


def rewrite_words(provision: model.Provision, rng: random.Random, share: float, tag: str) -> model.Provision:
    """Swap ``share`` of the words of every paragraph for made-up words carrying ``tag``."""

    def paragraph(p: model.Paragraph) -> model.Paragraph:
        words = [f"{tag}{rng.randrange(10**6)}" if rng.random() < share else w for w in p.text.split(" ")]
        return dataclasses.replace(p, text=" ".join(words))

    return dataclasses.replace(
        provision,
        heading=paragraph(provision.heading) if provision.heading else None,
        intro=tuple(paragraph(p) for p in provision.intro),
        wrap_up=tuple(paragraph(p) for p in provision.wrap_up),
        children=tuple(rewrite_words(child, rng, share, tag) for child in provision.children),
    )


def text_size(edition: model.Edition) -> int:
    return sum(len(diffing.provision_text(p).encode()) for p in edition.walk())


def make_editions(size: int, seed: int) -> tuple[model.Edition, model.Edition]:
    corpus, _ = pipeline.build(files.read_corpus(CORPUS))
    templates = [article for edition in corpus.editions for article in edition.articles]
    rng = random.Random(seed)
    old_articles: list[model.Provision] = []
    total, law = 0, 1
    while total < size:
        template = templates[law % len(templates)]
        article = rewrite_words(renumber(template, template.id, str(law)), rng, 0.1, f"w{law}x")
        old_articles.append(article)
        total += sum(len(diffing.provision_text(p).encode()) for p in article.walk())
        law += 1
    count = len(old_articles)
    free_numbers = list(range(count + 1, 3 * count))
    rng.shuffle(free_numbers)
    new_articles = []
    for article in old_articles:
        roll = rng.random()
        if roll < 0.05:
            continue  # removed
        if roll < 0.15:
            article = renumber(article, article.id, str(free_numbers.pop()))
        if rng.random() < 0.33:
            article = rewrite_words(article, rng, 0.15, "n")
        new_articles.append(article)
    for _ in range(count // 20):
        template = templates[rng.randrange(len(templates))]
        new_articles.append(rewrite_words(renumber(template, template.id, str(free_numbers.pop())), rng, 0.5, "a"))
    new_articles.sort(key=lambda a: int(a.num))
    return model.Edition("1997", tuple(old_articles)), model.Edition("2017", tuple(new_articles))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000, help="bytes of text in the older edition")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    old, new = make_editions(args.size, args.seed)
    made = time.perf_counter()
    print(f"editions: {text_size(old):,} and {text_size(new):,} bytes of text; ", end="")
    print(f"{sum(1 for _ in old.walk()):,} and {sum(1 for _ in new.walk()):,} provisions ({made - started:.1f} s)")

    started = time.perf_counter()
    diffs = diffing.diff_editions(old, new)
    diffed = time.perf_counter()
    counts = {status: sum(diffing.status(d) == status for d in diffs) for status in diffing.STATUSES}
    print(f"diff: {len(diffs):,} records in {diffed - started:.2f} s: {counts}")

    old_texts = [diffing.provision_text(p).split() for p in old.walk()]
    new_texts = [diffing.provision_text(p).split() for p in new.walk()]
    rng = random.Random(args.seed)
    sample = [(rng.choice(old_texts), rng.choice(new_texts)) for _ in range(SAMPLE)]
    started = time.perf_counter()
    for old_words, new_words in sample:
        SequenceMatcher(None, old_words, new_words, autojunk=False).ratio()
    per_pair = (time.perf_counter() - started) / SAMPLE
    estimate = per_pair * len(old_texts) * len(new_texts)
    print(f"for comparison, scoring every provision against every other would take about {estimate / 60:,.0f} min")

    provisions = {model.key_of(e.name, p.id): p for e in (old, new) for p in e.walk()}
    started = time.perf_counter()
    page = html_emit.diff_page(old.name, new.name, diffs, provisions)
    print(f"html: {len(page.encode()):,} bytes in {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
