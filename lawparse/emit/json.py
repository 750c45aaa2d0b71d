"""laws.json: the corpus as JSON, and back.

Deterministic bytes: sorted keys, UTF-8 (no escapes), LF, two-space indent, a final newline. The
layout is the contract documented in the README and in ``schemas/laws.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import orjson

from lawparse import model
from lawparse.diagnostics import Diagnostic, Severity

SCHEMA_VERSION = "1.0"

Data = dict[str, Any]


def _source(source: model.Source) -> Data:
    return {"file": source.file, "line": source.line, "column": source.column}


def provision_to_data(
    edition: str, provision: model.Provision, cited_by: Mapping[str, list[str]] | None = None
) -> Data:
    cited_by = cited_by or {}
    key = model.key_of(edition, provision.id)
    return {
        "key": key,
        "id": provision.id,
        "kind": provision.kind.value,
        "num": provision.num,
        "heading": provision.heading.text if provision.heading else None,
        "intro": [p.text for p in provision.intro],
        "children": [provision_to_data(edition, child, cited_by) for child in provision.children],
        "wrap_up": [p.text for p in provision.wrap_up],
        "footnotes": [{"marker": f.marker, "text": f.text} for f in provision.footnotes],
        "sources": [_source(s) for s in provision.sources],
        "cited_by": cited_by.get(key, []),
    }


def cited_by_index(references: Iterable[model.Reference]) -> dict[str, list[str]]:
    """Provision key -> the keys of the provisions whose references name it (sorted, once each).

    A range cites each of its members; keys of provisions not in the corpus are never looked up.
    """
    index: dict[str, set[str]] = {}
    for reference in references:
        if reference.status is model.ReferenceStatus.AMBIGUOUS:
            continue  # its members are candidates, none of them cited for sure
        for key in {reference.target, reference.through, *reference.members} - {None}:
            index.setdefault(str(key), set()).add(reference.from_key)
    return {key: sorted(citing) for key, citing in index.items()}


def reference_to_data(reference: model.Reference) -> Data:
    return {
        "from": reference.from_key,
        "text": reference.text,
        "target": reference.target,
        "through": reference.through,
        "status": reference.status.value,
        "field": reference.field,
        "paragraph": reference.paragraph,
        "start": reference.start,
        "end": reference.end,
        **_source(reference.source),
        "members": list(reference.members),
    }


def diff_to_data(diff: model.Diff) -> Data:
    data: Data = {
        "old": diff.old,
        "new": diff.new,
        "similarity": diff.similarity,
        "paired_by": diff.paired_by,
        "ops": [{"op": op.kind.value, "old": op.old, "new": op.new} for op in diff.ops],
    }
    # Optional in the schema (laws.json files written before they existed stay valid).
    if diff.old_edition is not None:
        data["old_edition"] = diff.old_edition
    if diff.new_edition is not None:
        data["new_edition"] = diff.new_edition
    return data


def diff_from_data(data: Data) -> model.Diff:
    return model.Diff(
        old=data["old"],
        new=data["new"],
        similarity=data["similarity"],
        paired_by=data["paired_by"],
        ops=tuple(model.DiffOp(model.DiffOpKind(op["op"]), op["old"], op["new"]) for op in data["ops"]),
        old_edition=data.get("old_edition"),
        new_edition=data.get("new_edition"),
    )


def diagnostic_to_data(diagnostic: Diagnostic) -> Data:
    data: Data = {
        "code": diagnostic.code,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "file": diagnostic.file,
        "line": diagnostic.line,
        "column": diagnostic.column,
    }
    if diagnostic.fix is not None:
        data["fix"] = {
            "description": diagnostic.fix.description,
            "safe": diagnostic.fix.safe,
            "edits": [
                {
                    "line": e.line,
                    "column": e.column,
                    "end_line": e.end_line,
                    "end_column": e.end_column,
                    "replacement": e.replacement,
                }
                for e in diagnostic.fix.edits
            ],
        }
    return data


def _file_to_data(document: model.Document) -> Data:
    return {
        "file": document.file,
        "encoding": document.encoding,
        "lines": document.line_count,
        "page_title": document.page_title,
        "blocks": [
            {
                "target": block.heading.target,
                "edition": block.edition,
                "line": block.heading.source.line,
                "style": block.heading.style.value,
            }
            for block in document.blocks
        ],
    }


def corpus_to_data(corpus: model.Corpus, diagnostics: Iterable[Diagnostic]) -> Data:
    cited_by = cited_by_index(corpus.references)
    return {
        "schema_version": SCHEMA_VERSION,
        "files": [_file_to_data(d) for d in corpus.documents],
        "editions": [
            {"edition": e.name, "articles": [provision_to_data(e.name, a, cited_by) for a in e.articles]}
            for e in corpus.editions
        ],
        "references": [reference_to_data(r) for r in corpus.references],
        "removals": [
            {"text": r.text, "file": r.file, "line": r.line, "reason": r.reason, "evidence": r.evidence}
            for r in corpus.removals
        ],
        "diffs": [diff_to_data(d) for d in corpus.diffs],
        "unplaced": [
            {"text": u.text, "file": u.file, "line": u.line, "column": u.column, "reason": u.reason}
            for u in corpus.unplaced
        ],
        "diagnostics": [diagnostic_to_data(d) for d in diagnostics],
    }


def dumps(data: Data) -> str:
    """The layout of laws.json: the reference for :func:`dump_bytes`."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=2) + "\n"


def dump_bytes(data: Data) -> bytes:
    """``dumps(data).encode("utf-8")``, twenty times faster (orjson; json's indenting encoder is pure Python).

    The bytes are the same for every string, integer, bool and null, and for floats whose repr has no
    exponent (0.0, and 1e-4 <= |x| < 1e16): keep floats in the output rounded (``round(x, 4)``).
    tests/test_emit_json_bytes.py holds both to that.
    """
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"


# ---------------------------------------------------------------------------------------------------
# Reading laws.json back


def _paragraphs(texts: list[str], source: model.Source) -> tuple[model.Paragraph, ...]:
    return tuple(model.Paragraph(text, text, source) for text in texts)


def provision_from_data(data: Data) -> model.Provision:
    sources = tuple(model.Source(s["file"], s["line"], s["column"]) for s in data["sources"])
    where = sources[0] if sources else model.Source("", 0)
    return model.Provision(
        id=data["id"],
        kind=model.Kind(data["kind"]),
        num=data["num"],
        heading=model.Paragraph(data["heading"], data["heading"], where) if data["heading"] else None,
        intro=_paragraphs(data["intro"], where),
        children=tuple(provision_from_data(child) for child in data["children"]),
        wrap_up=_paragraphs(data["wrap_up"], where),
        footnotes=tuple(model.Footnote(f["marker"], _paragraphs([f["text"]], where)) for f in data["footnotes"]),
        sources=sources,
    )


def corpus_from_data(data: Data) -> model.Corpus:
    """The provision layer and the records of a built laws.json (the line layer is not in it)."""
    return model.Corpus(
        editions=tuple(
            model.Edition(e["edition"], tuple(provision_from_data(a) for a in e["articles"])) for e in data["editions"]
        ),
        removals=tuple(model.Removal(**r) for r in data["removals"]),
        references=tuple(reference_from_data(r) for r in data["references"]),
        unplaced=tuple(model.Unplaced(**u) for u in data["unplaced"]),
        diffs=tuple(diff_from_data(d) for d in data["diffs"]),
    )


def reference_from_data(data: Data) -> model.Reference:
    return model.Reference(
        from_key=data["from"],
        text=data["text"],
        target=data["target"],
        status=model.ReferenceStatus(data["status"]),
        field=data["field"],
        paragraph=data["paragraph"],
        start=data["start"],
        end=data["end"],
        source=model.Source(data["file"], data["line"], data["column"]),
        members=tuple(data["members"]),
        through=data["through"],
    )


def diagnostics_from_data(data: Data) -> list[Diagnostic]:
    return [
        Diagnostic(d["code"], Severity(d["severity"]), d["message"], d["file"], d["line"], d["column"])
        for d in data["diagnostics"]
    ]
