"""laws.xml: the same content as laws.json, as XML, and back.

Each provision is an element named for its kind (``article``, ``section``, ``item``, ``subitem``,
``subsubitem``) carrying its id, its key (``EDITION:ID``) and its number in attributes; its text
is in ``heading``, ``intro/p``, ``wrapUp/p`` and ``footnotes/footnote``, where each cross-reference is
marked inline as a ``ref`` element. Deterministic bytes: a fixed element and attribute order, UTF-8, LF,
a final newline.

A key that names a provision in the document goes into a ``target`` (``through``) attribute, which the
XSD's keyref checks against the provision keys; a key the corpus does not hold goes into
``absentTarget`` (``absentThrough``), which it does not.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import BinaryIO

from lxml import etree

from lawparse import model
from lawparse.diagnostics import Diagnostic, Severity
from lawparse.emit.json import SCHEMA_VERSION, cited_by_index

_E = etree.SubElement
_INLINE_HOLDERS = ("p", "heading", "footnote")
_SPACE = "  "  # one level of indentation

Children = Iterator[etree._Element]

# (from key, field, paragraph) -> the references in that text, in order
ReferencesAt = Mapping[tuple[str, str, int], list[model.Reference]]


def _set_key(element: etree._Element, name: str, key: str | None, known: frozenset[str]) -> None:
    if key is not None:
        element.set(name if key in known else f"absent{name[0].upper()}{name[1:]}", key)


def _inline(
    element: etree._Element, text: str, references: list[model.Reference], known: frozenset[str]
) -> etree._Element:
    """Fill ``element`` with ``text``, each reference in it wrapped in a ``ref`` element."""
    element.text = text
    last: etree._Element | None = None
    position = 0
    for reference in references:
        before = text[position : reference.start]
        if last is None:
            element.text = before
        else:
            last.tail = before
        last = _E(element, "ref", status=reference.status.value)
        _set_key(last, "target", reference.target, known)
        _set_key(last, "through", reference.through, known)
        last.text = text[reference.start : reference.end]
        position = reference.end
    if last is not None:
        last.tail = text[position:]
    return element


def _sources(parent: etree._Element, sources: Iterable[model.Source]) -> None:
    holder = _E(parent, "sources")
    for source in sources:
        _E(holder, "source", file=source.file, line=str(source.line), column=str(source.column))


@dataclass(frozen=True, slots=True)
class _ReferenceIndex:
    """What provision elements need of the references: where they stand, who cites whom, which keys exist."""

    at: ReferencesAt
    cited_by: Mapping[str, list[str]]
    known: frozenset[str]

    @classmethod
    def of(cls, corpus: model.Corpus) -> _ReferenceIndex:
        at: dict[tuple[str, str, int], list[model.Reference]] = {}
        for reference in corpus.references:
            at.setdefault((reference.from_key, reference.field, reference.paragraph), []).append(reference)
        known = frozenset(model.key_of(e.name, p.id) for e in corpus.editions for p in e.walk())
        return cls(at, cited_by_index(corpus.references), known)


_NO_REFERENCES = _ReferenceIndex({}, {}, frozenset())


def _paragraphs(
    parent: etree._Element, name: str, key: str, paragraphs: tuple[model.Paragraph, ...], refs: _ReferenceIndex
) -> None:
    if paragraphs:
        holder = _E(parent, name)
        field = "wrap_up" if name == "wrapUp" else name
        for number, paragraph in enumerate(paragraphs):
            _inline(_E(holder, "p"), paragraph.text, refs.at.get((key, field, number), []), refs.known)


def provision_element(
    parent: etree._Element, edition: str, provision: model.Provision, refs: _ReferenceIndex = _NO_REFERENCES
) -> etree._Element:
    key = model.key_of(edition, provision.id)
    element = _E(parent, provision.kind.value, id=provision.id, key=key, num=provision.num)
    if provision.heading is not None:
        _inline(_E(element, "heading"), provision.heading.text, refs.at.get((key, "heading", 0), []), refs.known)
    _paragraphs(element, "intro", key, provision.intro, refs)
    for child in provision.children:
        provision_element(element, edition, child, refs)
    _paragraphs(element, "wrapUp", key, provision.wrap_up, refs)
    if provision.footnotes:
        holder = _E(element, "footnotes")
        for number, footnote in enumerate(provision.footnotes):
            in_footnote = refs.at.get((key, "footnotes", number), [])
            _inline(_E(holder, "footnote", marker=footnote.marker), footnote.text, in_footnote, refs.known)
    if citing := refs.cited_by.get(key):
        holder = _E(element, "citedBy")
        for citing_key in citing:
            _E(holder, "by", key=citing_key)
    _sources(element, provision.sources)
    return element


def diff_element(parent: etree._Element, diff: model.Diff) -> etree._Element:
    """``<diff old new similarity pairedBy oldEdition newEdition>``, one element per operation named for its kind."""
    element = _E(parent, "diff")
    if diff.old is not None:
        element.set("old", diff.old)
    if diff.new is not None:
        element.set("new", diff.new)
    element.set("similarity", f"{diff.similarity:.4f}")
    if diff.paired_by is not None:
        element.set("pairedBy", diff.paired_by)
    if diff.old_edition is not None:
        element.set("oldEdition", diff.old_edition)
    if diff.new_edition is not None:
        element.set("newEdition", diff.new_edition)
    for op in diff.ops:
        if op.kind is model.DiffOpKind.REPLACE:
            holder = _E(element, "replace")
            _E(holder, "old").text = op.old
            _E(holder, "new").text = op.new
        else:
            _E(element, op.kind.value).text = op.new if op.kind is model.DiffOpKind.INSERT else op.old
    return element


def _references(holder: etree._Element, references: Iterable[model.Reference], known: frozenset[str]) -> Children:
    for reference in references:
        element = _E(
            holder,
            "reference",
            {
                "from": reference.from_key,
                "status": reference.status.value,
                "field": reference.field,
                "paragraph": str(reference.paragraph),
                "start": str(reference.start),
                "end": str(reference.end),
                "file": reference.source.file,
                "line": str(reference.source.line),
                "column": str(reference.source.column),
            },
        )
        _set_key(element, "target", reference.target, known)
        _set_key(element, "through", reference.through, known)
        _E(element, "text").text = reference.text
        for member in reference.members:
            _set_key(_E(element, "member"), "target", member, known)
        yield element


def _files(holder: etree._Element, documents: Iterable[model.Document]) -> Children:
    for document in documents:
        element = _E(holder, "file", path=document.file, encoding=document.encoding, lines=str(document.line_count))
        if document.page_title is not None:
            element.set("pageTitle", document.page_title)
        for block in document.blocks:
            _E(
                element,
                "block",
                target=block.heading.target,
                edition=block.edition or "",
                line=str(block.heading.source.line),
                style=block.heading.style.value,
            )
        yield element


def _articles(holder: etree._Element, edition: model.Edition, refs: _ReferenceIndex) -> Children:
    for article in edition.articles:
        yield provision_element(holder, edition.name, article, refs)


def _removals(holder: etree._Element, removals: Iterable[model.Removal]) -> Children:
    for removal in removals:
        element = _E(holder, "removal", file=removal.file, line=str(removal.line), reason=removal.reason)
        _E(element, "text").text = removal.text
        _E(element, "evidence").text = removal.evidence
        yield element


def _diffs(holder: etree._Element, diffs: Iterable[model.Diff]) -> Children:
    for diff in diffs:
        yield diff_element(holder, diff)


def _unplaced(holder: etree._Element, entries: Iterable[model.Unplaced]) -> Children:
    for entry in entries:
        element = _E(
            holder,
            "entry",
            file=entry.file,
            line=str(entry.line),
            column=str(entry.column),
            reason=entry.reason,
        )
        element.text = entry.text
        yield element


def _diagnostics(holder: etree._Element, diagnostics: Iterable[Diagnostic]) -> Children:
    for diagnostic in diagnostics:
        element = _E(
            holder,
            "diagnostic",
            code=diagnostic.code,
            severity=diagnostic.severity.value,
            file=diagnostic.file,
            line=str(diagnostic.line),
            column=str(diagnostic.column),
        )
        element.text = diagnostic.message
        yield element


# A child of the root: its tag, its attributes, and a function that adds its children to the element
# given, one at a time (each yielded once it is complete).
_Section = tuple[str, dict[str, str], Callable[[etree._Element], Children]]


def _sections(corpus: model.Corpus, diagnostics: Iterable[Diagnostic]) -> Iterator[_Section]:
    refs = _ReferenceIndex.of(corpus)
    yield "files", {}, partial(_files, documents=corpus.documents)
    for edition in corpus.editions:
        yield "edition", {"name": edition.name}, partial(_articles, edition=edition, refs=refs)
    yield "references", {}, partial(_references, references=corpus.references, known=refs.known)
    yield "removals", {}, partial(_removals, removals=corpus.removals)
    yield "diffs", {}, partial(_diffs, diffs=corpus.diffs)
    yield "unplaced", {}, partial(_unplaced, entries=corpus.unplaced)
    yield "diagnostics", {}, partial(_diagnostics, diagnostics=diagnostics)


def corpus_to_element(corpus: model.Corpus, diagnostics: Iterable[Diagnostic]) -> etree._Element:
    """laws.xml as one tree (for tests and tools; :func:`write` streams the same document)."""
    root = etree.Element("laws", schemaVersion=SCHEMA_VERSION)
    for tag, attributes, children in _sections(corpus, diagnostics):
        for _ in children(_E(root, tag, attributes)):
            pass
    return root


def _indent(element: etree._Element, level: int) -> None:
    # Indenting puts white space into mixed content (before and after each `ref`); the text of the
    # elements that hold inline references is kept as it was.
    mixed = [
        (holder, holder.text, [(child, child.tail) for child in holder])
        for holder in element.iter(*_INLINE_HOLDERS)
        if len(holder)
    ]
    etree.indent(element, space=_SPACE, level=level)
    for holder, text, children in mixed:
        holder.text = text
        for child, tail in children:
            child.tail = tail


def dumps(root: etree._Element) -> bytes:
    """A tree from :func:`corpus_to_element` as laws.xml's bytes (the reference for :func:`write`)."""
    _indent(root, 0)
    return etree.tostring(root, encoding="UTF-8", xml_declaration=True, pretty_print=True)


def write(corpus: model.Corpus, diagnostics: Iterable[Diagnostic], stream: BinaryIO) -> None:
    """Write laws.xml to ``stream`` element by element, never holding its whole tree.

    The bytes are those of ``dumps(corpus_to_element(corpus, diagnostics))`` (tested): each child of
    a section is built on its own, indented at its depth, written and dropped.
    """
    with etree.xmlfile(stream, encoding="UTF-8") as out:
        out.write_declaration()
        with out.element("laws", schemaVersion=SCHEMA_VERSION):
            for tag, attributes, fill in _sections(corpus, diagnostics):
                out.write("\n" + _SPACE)
                holder = etree.Element(tag, attributes)
                children = fill(holder)
                first = next(children, None)
                if first is None:
                    out.write(holder)
                    continue
                with out.element(tag, attributes):
                    for child in itertools.chain((first,), children):
                        out.write("\n" + _SPACE * 2)
                        _indent(child, 2)
                        out.write(child, with_tail=False)
                        holder.remove(child)
                    out.write("\n" + _SPACE)
            out.write("\n")
    stream.write(b"\n")


def dump_bytes(corpus: model.Corpus, diagnostics: Iterable[Diagnostic]) -> bytes:
    """laws.xml's bytes, written by :func:`write`."""
    buffer = io.BytesIO()
    write(corpus, diagnostics, buffer)
    return buffer.getvalue()


# ---------------------------------------------------------------------------------------------------
# Reading laws.xml back

_KINDS = frozenset(kind.value for kind in model.Kind)


def _text_of(element: etree._Element) -> str:
    """The text of an element, inline references included."""
    return "".join(element.itertext())


def _texts(element: etree._Element, name: str, where: model.Source) -> tuple[model.Paragraph, ...]:
    texts = ("".join(p.itertext()) for p in element.findall(f"{name}/p"))
    return tuple(model.Paragraph(text, text, where) for text in texts)


def provision_from_element(element: etree._Element) -> model.Provision:
    sources = tuple(
        model.Source(s.get("file"), int(s.get("line")), int(s.get("column"))) for s in element.findall("sources/source")
    )
    where = sources[0] if sources else model.Source("", 0)
    heading = element.find("heading")
    return model.Provision(
        id=element.get("id"),
        kind=model.Kind(element.tag),
        num=element.get("num"),
        heading=model.Paragraph(_text_of(heading), _text_of(heading), where) if heading is not None else None,
        intro=_texts(element, "intro", where),
        children=tuple(provision_from_element(child) for child in element if child.tag in _KINDS),
        wrap_up=_texts(element, "wrapUp", where),
        footnotes=tuple(
            model.Footnote(f.get("marker"), (model.Paragraph(_text_of(f), _text_of(f), where),))
            for f in element.findall("footnotes/footnote")
        ),
        sources=sources,
    )


def diff_from_element(element: etree._Element) -> model.Diff:
    ops = []
    for child in element:
        kind = model.DiffOpKind(child.tag)
        if kind is model.DiffOpKind.REPLACE:
            ops.append(model.DiffOp(kind, child.findtext("old") or "", child.findtext("new") or ""))
        else:
            text = child.text or ""
            ops.append(
                model.DiffOp(
                    kind,
                    "" if kind is model.DiffOpKind.INSERT else text,
                    "" if kind is model.DiffOpKind.DELETE else text,
                )
            )
    return model.Diff(
        old=element.get("old"),
        new=element.get("new"),
        similarity=float(element.get("similarity")),
        paired_by=element.get("pairedBy"),
        ops=tuple(ops),
        old_edition=element.get("oldEdition"),
        new_edition=element.get("newEdition"),
    )


def _key_of(element: etree._Element, name: str) -> str | None:
    return element.get(name) or element.get(f"absent{name[0].upper()}{name[1:]}")


def reference_from_element(element: etree._Element) -> model.Reference:
    return model.Reference(
        from_key=element.get("from"),
        text=element.findtext("text") or "",
        target=_key_of(element, "target"),
        status=model.ReferenceStatus(element.get("status")),
        field=element.get("field"),
        paragraph=int(element.get("paragraph")),
        start=int(element.get("start")),
        end=int(element.get("end")),
        source=model.Source(element.get("file"), int(element.get("line")), int(element.get("column"))),
        members=tuple(key for m in element.findall("member") if (key := _key_of(m, "target")) is not None),
        through=_key_of(element, "through"),
    )


def corpus_from_element(root: etree._Element) -> model.Corpus:
    return model.Corpus(
        editions=tuple(
            model.Edition(e.get("name"), tuple(provision_from_element(a) for a in e.findall("article")))
            for e in root.findall("edition")
        ),
        diffs=tuple(diff_from_element(d) for d in root.findall("diffs/diff")),
        references=tuple(reference_from_element(r) for r in root.findall("references/reference")),
    )


def diagnostics_from_element(root: etree._Element) -> list[Diagnostic]:
    return [
        Diagnostic(
            d.get("code"),
            Severity(d.get("severity")),
            d.text or "",
            d.get("file"),
            int(d.get("line")),
            int(d.get("column")),
        )
        for d in root.findall("diagnostics/diagnostic")
    ]
