"""Provenance: each rule's endnote (where it was written, the seed lines and decisions it
cites), the quoted seed lines of the appendix and the rule files shown in full; and, in
both books, what the reader needs to tell the variant's own source from the rest: the
opening line on how complete that source is, a mark after every rule it does not state
(borrowed from another source's rules, decided by the project, or the shared base's), and
the source's own words where the rules read them otherwise or do not model them."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl.prose.document import CiteRef, Endnote, Note, QuoteDoc, QuoteGroup, RuleItem, SourceFile, anchor_of
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.glossary import rule_name
from gouji_dsl.facets.sentences import field_of
from gouji_dsl.prose.text import T, Text, join, plain
from gouji_dsl.lang.highlight import source_html
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.paths import sources_dir
from gouji_dsl.rules.about import (coverage_text, decision_summary, own_source, own_source_notes, source_name,
                                   source_title)

def endnote(v, key: str, number: int, lang: str, quotes: dict[str, str]) -> Endnote:
    """Where a rule was written, the source lines it cites and the decisions that fill a gap there."""
    origin = v.origin(key)
    zh = lang == "zh"
    # The rule's Chinese name; an English book names it by its key alone (the English
    # descriptions of the model are for rule authors and quote Chinese terms).
    name = rule_name(v, key, field_of(key).metadata["zh"]) if zh else ""
    decisions = {row.id: (i, row) for i, row in enumerate(v.about.decisions)}
    cites: list[CiteRef] = []
    decided: list[tuple[str, str]] = []
    if origin is None:
        where = T("规则语言的默认值（文件中没有写）") if zh else T("the rule language's default (not written in any file)")
        return Endnote(number, key, name, where, None, cites, decided)
    path = v.file_of(origin.variant)
    where = T("{p} 第{l}行", p=path, l=origin.pos.line) if zh else T("{p}, line {l}", p=path, l=origin.pos.line)
    href = f"#L-{origin.variant}-{origin.pos.line}" if origin.variant in v.lineage else None
    for cite in origin.cites:
        label = cite.lstrip("@")
        if label in decisions:
            index, row = decisions[label]
            summary = decision_summary(row, lang)
            decided.append((label, summary))
            cites.append(CiteRef(label, "#" + anchor_of(f"about.decisions[{index}]"), summary, "#" + anchor_of("about.decisions")))
        else:  # a source's lines: the citation check refuses anything else
            anchor = _cite_target(label, quotes)
            cites.append(CiteRef(label, "#" + anchor if anchor else None, quotes.get(anchor) if anchor else None))
    return Endnote(number, key, name, where, href, cites, decided)


_CITE = re.compile(r"^(?P<key>[A-Za-z0-9]+):L(?P<a>[0-9]+)(?:-(?P<b>[0-9]+))?$")


def _cite_target(label: str, quotes: dict[str, str]) -> str | None:
    """The anchor of the first quoted line a citation covers."""
    match = _CITE.match(label)
    a = int(match["a"])
    for k in range(a, int(match["b"] or a) + 1):
        anchor = f"src-{match['key']}-L{k}"
        if anchor in quotes:
            return anchor
    return None


def quotes_of(v, lang: str) -> tuple[list[QuoteDoc], dict[str, str]]:
    """The cited seed lines, grouped by citation, and a short quote per citation anchor
    (the lines of the source notes too: the book quotes their words)."""
    files = {row.key: (row.file, source_title(row, lang)) for row in v.about.sources}
    wanted: dict[str, set[int]] = {}
    noted = tuple("@" + row.lines for row in own_source_notes(v))
    for cites in [origin.cites for origin in v.origins.values()] + [noted]:
        for cite in cites:
            match = _CITE.match(cite.lstrip("@"))
            if match and match["key"] in files:
                a = int(match["a"])
                b = int(match["b"] or a)
                wanted.setdefault(match["key"], set()).update(range(a, b + 1))
    docs: list[QuoteDoc] = []
    short: dict[str, str] = {}
    for key in sorted(wanted):
        file, title = files[key]
        groups: list[QuoteGroup] = []
        docs.append(QuoteDoc(key, file, title, groups))
        path = sources_dir() / file
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise RulebookError(msg("commands.book.cannot_read_source", file=file, reason=exc.strerror)) from None
        numbers = sorted(wanted[key])
        # Runs of consecutive lines make one group.
        run: list[int] = []
        for number in numbers + [None]:
            if run and (number is None or number != run[-1] + 1):
                # Blank lines are not quoted (the citation check keeps every cited line in the file).
                shown = [(k, f"src-{key}-L{k}", lines[k - 1].strip()) for k in run
                         if lines[k - 1].strip() not in ("", "|")]
                label = f"{key}:L{run[0]}" + (f"-{run[-1]}" if len(run) > 1 else "")
                groups.append(QuoteGroup(label, shown))
                for k, anchor, text in shown:
                    short[anchor] = text if len(text) <= 80 else text[:79] + "…"
                run = []
            if number is not None:
                run.append(number)
    return docs, short


def source_files(v, ws: Workspace | None) -> list[SourceFile]:
    ws = ws or Workspace()
    out = []
    for name in v.lineage:
        path = ws.path_of(name)
        if path is None:
            origin = next((o for o in v.origins.values() if o.variant == name), None)
            path = Path(origin.pos.file) if origin else None
        if path is None or not path.is_file():
            raise RulebookError(msg("commands.book.no_rule_file", name=name))
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        html = source_html(text, anchor=f"L-{name}")
        out.append(SourceFile(name, v.file_of(name), text, html, f"file-{name}"))
    return out



# --- where a rule comes from, for the reader of either book ----------------------------

@dataclass(frozen=True)
class Mark:
    """Where a rule comes from when the variant's own source does not state it.

    kind: `borrowed` (it cites other sources' lines: `keys`, `lines`), `decided` (it
    cites rulings only), `base` (no citation, written in the shared base the variant's
    file extends), `default` (the rule language's default: no file writes it), `project`
    (no citation, written in the file that names the own source), `house` (no citation,
    written in a file extending that one: `owner`'s own rule). `decisions`: the rulings
    it cites."""
    kind: str
    keys: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    owner: tuple[str, str] = ("", "")   # a house rule's owner: the title of its file's variant (zh, en)

    def group(self) -> tuple:
        """Rules of one group may share a note: cited ones (borrowed or decided), the shared
        base's, the project's, one owner's."""
        return {"borrowed": ("cited",), "decided": ("cited",), "default": ("base",), "base": ("base",),
                "project": ("project",)}.get(self.kind, (self.kind, self.owner))


def origin_mark(v, key: str) -> Mark | None:
    """Where rule `key` comes from, when the variant's own source does not state it; None
    when it does (the rule cites a line of it), for the variant's [about] rules, and for a
    variant with no source of its own (nothing to tell its rules apart by)."""
    own = own_source(v)
    section, _, name = key.partition(".")
    if own is None or section == "about" or section not in v.sections or not hasattr(v.sections[section], name):
        return None    # not a rule of the game (a line that lists what the variant leaves out)
    origin = v.origin(key)
    if origin is None:
        return Mark("default")
    cites = [c.lstrip("@") for c in origin.cites]
    lines = [c for c in cites if _CITE.match(c)]
    decisions = tuple(c for c in cites if not _CITE.match(c))
    keys = tuple(dict.fromkeys(c.split(":", 1)[0] for c in lines))
    if own in keys:
        return None
    if lines:
        return Mark("borrowed", keys, tuple(lines), decisions)
    if decisions:
        return Mark("decided", decisions=decisions)
    declarer = v.origin("about.source")
    declared_by = declarer.variant if declarer is not None else v.name
    lineage = list(v.lineage)
    if origin.variant not in lineage or declared_by not in lineage:
        return Mark("project")
    written, declared = lineage.index(origin.variant), lineage.index(declared_by)
    if written > declared:
        return Mark("base")
    if written == declared:
        return Mark("project")
    own_file = origin.variant == v.name
    return Mark("house", owner=(v.about.title if own_file else origin.variant,
                                (v.about.title_en or v.about.title) if own_file else origin.variant))


def mark_text(v, marks: list[Mark], lang: str, quoted: bool = False) -> Text:
    """What one note says of consecutive rules of the book that the variant's own source
    does not state (`marks`, one a rule): whose rules they borrow (the lines they cite),
    the rulings that decide them, and what comes from the shared base. `quoted`: the own
    source's words on the rule follow (a source note): it is not silent there."""
    zh = lang == "zh"
    names = {row.key: source_name(row, lang) for row in v.about.sources}
    order = {row.key: i for i, row in enumerate(v.about.sources)}
    keys = sorted(dict.fromkeys(k for m in marks if m.kind == "borrowed" for k in m.keys), key=lambda k: order.get(k, 99))
    lines = sorted(dict.fromkeys(line for m in marks for line in m.lines), key=lambda c: _line_order(c, order))
    ids = list(dict.fromkeys(d for m in marks for d in m.decisions))
    parts: list[Text] = []
    if keys:
        who = join([names.get(k, k) for k in keys], lang, "、", "and")
        cited = join(lines, lang, "、", "、") if zh else plain(", ".join(lines))
        parts.append(T("借用{w}的规则（{c}）", w=who, c=cited) if zh else T("borrowed from the {w} rules ({c})", w=who, c=cited))
    if ids:
        said = join(ids, lang, "、", "、") if zh else plain(", ".join(ids))
        parts.append(T("由本项目裁定（{d}）", d=said) if zh else T("decided by the project ({d})", d=said))
    # The rule language's defaults are the shared base too (the endnotes tell them apart).
    rest = {"base": ("照共同的底子", "from the shared base"), "default": ("照共同的底子", "from the shared base"),
            "project": ("由本项目定", "set by the project")}
    for said in dict.fromkeys(rest[m.kind][0 if zh else 1] for m in marks if m.kind in rest):
        parts.append(plain(said))
    for owner in dict.fromkeys(m.owner[0 if zh else 1] for m in marks if m.kind == "house"):
        parts.append(T("{o}自己的规定", o=owner) if zh else T("a rule of {o}'s own", o=owner))
    said = Text()
    for i, part in enumerate(parts):
        said += (plain("，" if zh else "; ") if i else Text()) + part
    own = next((row for row in v.about.sources if row.key == own_source(v)), None)
    source = source_name(own, lang) if own is not None else ""
    if quoted:
        lead = Text()
    elif len(marks) > 1:
        lead = (T("以上{n}条{s}的资料都没写：", n=len(marks), s=source) if zh else
                T("the {n} rules above are not in the {s} source: ", n=len(marks), s=source))
    else:
        lead = T("{s}的资料没写：", s=source) if zh else T("not in the {s} source: ", s=source)
    return lead + said + plain("。" if zh else ".")


def _line_order(cite: str, order: dict[str, int]) -> tuple[int, int]:
    match = _CITE.match(cite)
    return (order.get(match["key"], 99), int(match["a"])) if match else (99, 0)


def mark_note(v, marks: list[Mark], lang: str, quoted: bool = False) -> Note:
    return Note("origin", plain("出处" if lang == "zh" else "Source"), mark_text(v, marks, lang, quoted))


def source_note_blocks(v, key: str, lang: str) -> list[Note]:
    """The notes quoting the variant's own source where the rules read it otherwise or do
    not model it ([about] source_notes), for rule `key`."""
    zh = lang == "zh"
    out = []
    for row in own_source_notes(v):
        if row.rule != key:
            continue
        label = plain("资料原文" if zh else "The source says")
        text = (T("{l}写「{q}」。{n}", l=row.lines, q=row.quote, n=row.note_zh) if zh else
                T("{l} 「{q}」: {n}", l=row.lines, q=row.quote, n=row.note))
        out.append(Note("source", label, text))
    return out


def add_origins(v, by_chapter: dict[str, list], lang: str) -> None:
    """Put after the rules of the book's chapters that the variant's own source does not
    state where they come from (one note after a run of such rules, up to a heading), and
    the source notes that belong to a rule after it."""
    for items in by_chapter.values():
        run: list[tuple[RuleItem, Mark]] = []

        def close() -> None:
            if run:
                run[-1][0].blocks.append(mark_note(v, [m for _item, m in run], lang))
                run.clear()

        for item in items:
            if not isinstance(item, RuleItem):   # a heading or an example ends a run
                close()
                continue
            mark = origin_mark(v, item.key)
            notes = source_note_blocks(v, item.key, lang)
            if mark is None or notes or (run and run[-1][1].group() != mark.group()):
                close()
            if notes:
                if mark is not None:
                    item.blocks.append(mark_note(v, [mark], lang, quoted=True))
                item.blocks.extend(notes)
            elif mark is not None:
                run.append((item, mark))
        close()


def coverage_note(v, lang: str) -> Note | None:
    """The book's opening line on how complete the variant's own source is."""
    text = coverage_text(v.about, lang)
    if not text:
        return None
    return Note("coverage", plain("资料" if lang == "zh" else "The source"), T("{c}", c=text))
