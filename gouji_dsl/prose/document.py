"""The document model of a rulebook: blocks (paragraphs, lists, tables, notes),
rule and example items, chapters and the whole document, as the Jinja2
templates read them; and the resolution of glossary terms in reading order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from gouji_dsl.prose.text import Seg, Text


@dataclass
class Para:
    text: Text
    kind: str = "para"


@dataclass
class Bullets:
    items: list[Text]
    kind: str = "bullets"


@dataclass
class Formula_:
    source: str
    kind: str = "formula"


@dataclass
class TRow:
    cells: list[Text]
    anchor: str | None = None
    muted: bool = False


@dataclass
class Table:
    head: list[Text]
    rows: list[TRow]
    kind: str = "table"
    numeric: tuple[int, ...] = ()   # columns aligned right


@dataclass
class Note:
    style: str          # decision | reading | inactive
    label: Text
    text: Text
    kind: str = "note"


@dataclass
class Figure:
    """A picture drawn from the variant (docs.pictures): inline SVG in HTML, with a legend
    of (small picture, text) lines; Markdown says it in `text` instead."""
    name: str                      # seating
    svg: Markup
    legend: list[tuple[Markup, Text]]
    text: Text
    kind: str = "figure"


@dataclass
class Steps:
    """Numbered steps (the narrated sample round, docs.sample_round)."""
    items: list[Text]
    kind: str = "steps"


Block = Any


@dataclass
class CiteRef:
    label: str
    href: str | None
    quote: str | None
    md_href: str | None = None     # Markdown tables have no row anchors: decisions link to their table

    def __post_init__(self):
        if self.md_href is None:
            self.md_href = self.href


@dataclass
class Endnote:
    """Where a rule comes from, at the end of the reference book: the rule file and
    line it was written on, the source lines it cites, the decisions that fill gaps."""
    number: int
    key: str
    name: str            # the rule's name in the book's language
    where: Text
    where_href: str | None
    cites: list[CiteRef]
    decisions: list[tuple[str, str]]   # (id, summary in the book's language)

    @property
    def anchor(self) -> str:
        return f"note-{self.number}"

    @property
    def back(self) -> str:
        return f"ref-{self.number}"


@dataclass
class RuleItem:
    anchor: str
    key: str
    blocks: list[Block]
    note: Endnote | None = None      # the reference's endnote; a handout has none
    kind: str = "rule"


@dataclass
class ExampleItem:
    anchor: str
    title: Text
    blocks: list[Block]
    kind: str = "example"


@dataclass
class QuickBox:
    """One box of the quick card (docs.quick_card): a title and its blocks."""
    anchor: str
    title: Text
    blocks: list[Block]
    place: str = "cols"    # top | cols | bottom: across the card above or below its two columns, or in one
    column: int = 0        # which of the two columns (quick_card balances them)
    kind: str = "quick"


@dataclass
class Heading:
    title: str
    anchor: str
    kind: str = "heading"


@dataclass
class Chapter:
    id: str
    number: int
    title: str
    intro: list[Block]
    items: list[Any]
    kind: str = "rules"      # rules | glossary | notes | quotes | files


@dataclass
class SourceFile:
    name: str
    path: str
    text: str
    html: Markup | str
    anchor: str

    @property
    def fence(self) -> str:
        """A Markdown code fence longer than any run of backticks in the file."""
        longest = max((len(run) for run in re.findall(r"`+", self.text)), default=0)
        return "`" * max(3, longest + 1)


@dataclass
class QuoteGroup:
    label: str
    lines: list[tuple[int, str, str]]   # (line number, anchor, text)


@dataclass
class QuoteDoc:
    key: str
    file: str
    title: str
    groups: list[QuoteGroup]


@dataclass
class Document:
    """A book: `reference` (every rule, with endnotes and appendices), `handout` (the
    rules in play, for the table) or `changes` (a house rule file against its parent)."""
    lang: str
    variant: str
    title: str
    subtitle: str
    summary: str
    howto: list[Block]
    chapters: list[Chapter]
    labels: dict
    footer: Text
    files: list[SourceFile] = field(default_factory=list)
    quotes: list[QuoteDoc] = field(default_factory=list)
    glossary: list[tuple[Text, Text, Text]] = field(default_factory=list)
    notes: list[Endnote] = field(default_factory=list)
    kind: str = "reference"
    highlight_css: str = ""
    extra_cards: dict = field(default_factory=dict)   # extra card kinds' token -> (zh, en): how card faces draw them


def anchor_of(key: str) -> str:
    """HTML id / Markdown anchor of a rule: 'table.decks' -> 'rule-table-decks'; rows 'x.y[2]' -> 'rule-x-y-2'."""
    return "rule-" + re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")



def block_texts(block) -> list[Text]:
    """The inline texts of one block."""
    if isinstance(block, (Para, Note)):
        return [block.text]
    if isinstance(block, (Bullets, Steps)):
        return list(block.items)
    if isinstance(block, Figure):
        return [t for _pic, t in block.legend] + [block.text]
    if isinstance(block, Table):
        return list(block.head) + [c for row in block.rows for c in row.cells]
    return []


def _walk_texts(doc: Document):
    """Every Text of the document in reading order (for first-use terms)."""
    for block in doc.howto:
        yield from _block_texts(block)
    for ch in doc.chapters:
        for block in ch.intro:
            yield from _block_texts(block)
        for item in ch.items:
            if isinstance(item, RuleItem):
                for block in item.blocks:
                    yield from _block_texts(block)
            elif isinstance(item, (ExampleItem, QuickBox)):
                yield item, "title"
                for block in item.blocks:
                    yield from _block_texts(block)
            elif isinstance(item, Note):
                yield from _block_texts(item)


def _block_texts(block):
    if isinstance(block, Para):
        yield block, "text"
    elif isinstance(block, (Bullets, Steps)):
        for i in range(len(block.items)):
            yield block.items, i
    elif isinstance(block, Figure):
        for i, (picture, _text) in enumerate(block.legend):
            yield block.legend, (i, picture)
        yield block, "text"
    elif isinstance(block, Table):
        yield block.head, None
        for row in block.rows:
            yield row.cells, None
    elif isinstance(block, Note):
        yield block, "text"


def resolve_terms(doc: Document) -> None:
    """Turn term segments into text: Chinese as is; English with the Chinese beside it on first use."""
    seen: set[str] = set()

    def resolve(text: Text) -> Text:
        segs = []
        for s in text.segs:
            if s.kind != "term":
                segs.append(s)
            elif doc.lang == "zh":
                segs.append(Seg(s.style or "text", s.text))
            elif s.text in seen:
                segs.append(Seg(s.style or "text", s.alt))
            else:
                seen.add(s.text)
                segs.append(Seg(s.style or "text", f"{s.alt} ({s.text})"))
        return Text(tuple(segs))

    for holder, slot in _walk_texts(doc):
        if slot == "text":
            holder.text = resolve(holder.text)
        elif slot == "title":
            holder.title = resolve(holder.title)
        elif isinstance(slot, int):
            holder[slot] = resolve(holder[slot])
        elif isinstance(slot, tuple):   # a figure's legend line: (picture, text)
            index, picture = slot
            holder[index] = (picture, resolve(holder[index][1]))
        else:
            holder[:] = [resolve(t) for t in holder]


def labels(lang: str) -> dict:
    """The words of a book's own frame (contents, endnotes, glossary heads) in `lang`."""
    zh = lang == "zh"
    return {
        "contents": "目录" if zh else "Contents",
        "rule": "规则" if zh else "rule",
        "written": "写于" if zh else "written in",
        "sources": "出处" if zh else "sources",
        "no_sources": "无" if zh else "none",
        "example": "例" if zh else "Example",
        "term": "术语" if zh else "term",
        "english": "英文" if zh else "English",
        "meaning": "解释" if zh else "meaning",
        "print_hint": "打印时目录自动隐藏。" if zh else "The sidebar is hidden when printing.",
        "lang": "zh-Hans" if zh else "en",
        "line": "行" if zh else "line",
        "decision": "项目决定" if zh else "Decision",
        "default": "默认" if zh else "default",
        "back": "返回正文" if zh else "back to the rule",
    }
