"""Provenance: each rule's endnote (where it was written, the seed lines and decisions it
cites), the quoted seed lines of the appendix and the rule files shown in full."""
from __future__ import annotations

import re
from pathlib import Path

from gouji_dsl.docs.document import CiteRef, Endnote, QuoteDoc, QuoteGroup, SourceFile, anchor_of
from gouji_dsl.docs.errors import RulebookError
from gouji_dsl.docs.sentences import field_of
from gouji_dsl.docs.text import T
from gouji_dsl.lang.highlight import source_html
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.paths import sources_dir
from gouji_dsl.rules.about import decision_summary, source_title

def endnote(v, key: str, number: int, lang: str, quotes: dict[str, str]) -> Endnote:
    """Where a rule was written, the source lines it cites and the decisions that fill a gap there."""
    origin = v.origin(key)
    zh = lang == "zh"
    # The rule's Chinese name; an English book names it by its key alone (the English
    # descriptions of the model are for rule authors and quote Chinese terms).
    name = field_of(key).metadata["zh"] if zh else ""
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
    """The cited seed lines, grouped by citation, and a short quote per citation anchor."""
    files = {row.key: (row.file, source_title(row, lang)) for row in v.about.sources}
    wanted: dict[str, set[int]] = {}
    for origin in v.origins.values():
        for cite in origin.cites:
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

