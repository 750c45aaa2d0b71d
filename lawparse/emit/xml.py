"""laws.xml: the same content as laws.json, as XML, and back.

Each provision is an element named for its kind (``article``, ``section``, ``item``, ``subitem``,
``subsubitem``) carrying its id, its key (``EDITION:ID``) and its number in attributes; its text
is in ``heading``, ``intro/p``, ``wrapUp/p`` and ``footnotes/footnote``. Deterministic bytes: a fixed
element and attribute order, UTF-8, LF, a final newline.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from lawparse import model
from lawparse.diagnostics import Diagnostic, Severity
from lawparse.emit.json import SCHEMA_VERSION

_E = etree.SubElement


def _sources(parent: etree._Element, sources: Iterable[model.Source]) -> None:
    holder = _E(parent, "sources")
    for source in sources:
        _E(holder, "source", file=source.file, line=str(source.line), column=str(source.column))


def _paragraphs(parent: etree._Element, name: str, paragraphs: tuple[model.Paragraph, ...]) -> None:
    if paragraphs:
        holder = _E(parent, name)
        for paragraph in paragraphs:
            _E(holder, "p").text = paragraph.text


def provision_element(parent: etree._Element, edition: str, provision: model.Provision) -> etree._Element:
    element = _E(
        parent,
        provision.kind.value,
        id=provision.id,
        key=model.key_of(edition, provision.id),
        num=provision.num,
    )
    if provision.heading is not None:
        _E(element, "heading").text = provision.heading.text
    _paragraphs(element, "intro", provision.intro)
    for child in provision.children:
        provision_element(element, edition, child)
    _paragraphs(element, "wrapUp", provision.wrap_up)
    if provision.footnotes:
        holder = _E(element, "footnotes")
        for footnote in provision.footnotes:
            _E(holder, "footnote", marker=footnote.marker).text = footnote.text
    _sources(element, provision.sources)
    return element


def diff_element(parent: etree._Element, diff: model.Diff) -> etree._Element:
    """``<diff old new similarity pairedBy>`` holding one element per operation, named for its kind."""
    element = _E(parent, "diff")
    if diff.old is not None:
        element.set("old", diff.old)
    if diff.new is not None:
        element.set("new", diff.new)
    element.set("similarity", f"{diff.similarity:.4f}")
    if diff.paired_by is not None:
        element.set("pairedBy", diff.paired_by)
    for op in diff.ops:
        if op.kind is model.DiffOpKind.REPLACE:
            holder = _E(element, "replace")
            _E(holder, "old").text = op.old
            _E(holder, "new").text = op.new
        else:
            _E(element, op.kind.value).text = op.new if op.kind is model.DiffOpKind.INSERT else op.old
    return element


def _files(root: etree._Element, documents: Iterable[model.Document]) -> None:
    holder = _E(root, "files")
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


def corpus_to_element(corpus: model.Corpus, diagnostics: Iterable[Diagnostic]) -> etree._Element:
    root = etree.Element("laws", schemaVersion=SCHEMA_VERSION)
    _files(root, corpus.documents)
    for edition in corpus.editions:
        element = _E(root, "edition", name=edition.name)
        for article in edition.articles:
            provision_element(element, edition.name, article)
    _E(root, "references")
    removals = _E(root, "removals")
    for removal in corpus.removals:
        element = _E(removals, "removal", file=removal.file, line=str(removal.line), reason=removal.reason)
        _E(element, "text").text = removal.text
        _E(element, "evidence").text = removal.evidence
    diffs = _E(root, "diffs")
    for diff in corpus.diffs:
        diff_element(diffs, diff)
    unplaced = _E(root, "unplaced")
    for entry in corpus.unplaced:
        _E(
            unplaced,
            "entry",
            file=entry.file,
            line=str(entry.line),
            column=str(entry.column),
            reason=entry.reason,
        ).text = entry.text
    holder = _E(root, "diagnostics")
    for diagnostic in diagnostics:
        _E(
            holder,
            "diagnostic",
            code=diagnostic.code,
            severity=diagnostic.severity.value,
            file=diagnostic.file,
            line=str(diagnostic.line),
            column=str(diagnostic.column),
        ).text = diagnostic.message
    return root


def dumps(root: etree._Element) -> bytes:
    etree.indent(root, space="  ")
    return etree.tostring(root, encoding="UTF-8", xml_declaration=True, pretty_print=True)


# ---------------------------------------------------------------------------------------------------
# Reading laws.xml back

_KINDS = frozenset(kind.value for kind in model.Kind)


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
        heading=model.Paragraph(heading.text or "", heading.text or "", where) if heading is not None else None,
        intro=_texts(element, "intro", where),
        children=tuple(provision_from_element(child) for child in element if child.tag in _KINDS),
        wrap_up=_texts(element, "wrapUp", where),
        footnotes=tuple(
            model.Footnote(f.get("marker"), (model.Paragraph(f.text or "", f.text or "", where),))
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
    )


def corpus_from_element(root: etree._Element) -> model.Corpus:
    return model.Corpus(
        editions=tuple(
            model.Edition(e.get("name"), tuple(provision_from_element(a) for a in e.findall("article")))
            for e in root.findall("edition")
        ),
        diffs=tuple(diff_from_element(d) for d in root.findall("diffs/diff")),
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
