"""Bilingual rulebooks: a variant's checked rule model -> Markdown and HTML, in Chinese and English.

Every rule of the model is rendered as prose by an entry of `RENDERERS`
(one per `section.field`); a rule without an entry, a table column no
renderer shows, or a policy (enum member) without a sentence raises
`RulebookError`, so adding a rule to the model means writing its rulebook
text too. Examples are computed at generation time by the variant's engine
(generated from the same model by `codegen`, loaded in memory), found by
small deterministic searches, and checked against the rule text they
illustrate. Each rule carries its provenance: the seed lines it cites and
the RULES.md decisions that fill gaps in the seeds.

    render_rulebook(variant, "zh" | "en", "md" | "html") -> str
    rulebook_outputs(variants) -> [(relative path under generated/rulebooks/, text)]
    register(subparsers)        # the `gouji doc` command

Output is deterministic: the same model gives the same bytes (no dates).
"""
from __future__ import annotations

import dataclasses
import functools
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import jinja2
from markupsafe import Markup, escape

from gouji_dsl import __version__
from gouji_dsl.model import schema as m
from gouji_dsl.lang import nodes as n
from gouji_dsl.diagnostics import RuleErrors, UsageError
from gouji_dsl.model.expr import FUNCTIONS, ExprT, Formula
from gouji_dsl.files import check_output_path, write_atomic
from gouji_dsl.lang.highlight import CSS as HIGHLIGHT_CSS
from gouji_dsl.lang.highlight import formula_html, source_html
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import generated_dir, sources_dir
from gouji_dsl.model.semantics import DECLARED_CASES, OPENED_CASES, SWAP, dian_cell
from gouji_dsl.model.types import CARDS, BoolT, CardT, EnumT, IntT, ListT, OptionalT, RangeT, StrT

LANGS = ("zh", "en")
FORMATS = ("md", "html")
OUTPUT_DIR = "rulebooks"


class RulebookError(Exception):
    """The rulebook cannot render some element of the model (a gap in this module, not in the rule file)."""


# =============================================================================
# Inline text: our own templates (trusted) with model values (always escaped)
# =============================================================================

@dataclass(frozen=True)
class Seg:
    kind: str          # text | code | strong | term
    text: str
    alt: str = ""      # for terms: the English surface form
    style: str = ""    # for terms: "strong" inside ** **


@dataclass(frozen=True)
class Text:
    segs: tuple[Seg, ...] = ()

    def __add__(self, other: "Text | str") -> "Text":
        other = other if isinstance(other, Text) else plain(other)
        return Text(self.segs + other.segs)

    def plain(self) -> str:
        return "".join(s.text for s in self.segs)


@dataclass(frozen=True)
class Code:
    """A value shown as code (cards, formulas, rule keys)."""
    text: str


def plain(value: Any) -> Text:
    return Text((Seg("text", str(value)),))


def code(value: Any) -> Text:
    return Text((Seg("code", str(value)),))


_TOKEN = re.compile(r"\{(\w+)\}|(`)|\[\[([^\]|]+)(?:\|([^\]]+))?\]\]|(\*\*)")


def T(template: str, **values: Any) -> Text:
    """Inline text from one of this module's templates.

    `{name}` inserts a value (a str or int becomes plain text, escaped on
    output; a Text is spliced; a Code becomes a code span); text between
    backticks is a code span (values inside it too); `[[级牌]]` or
    `[[级牌|gouji plays]]` is a glossary term (in English its first use gets
    the Chinese beside it); text between `**` is strong.
    """
    segs: list[Seg] = []
    in_code = in_strong = False

    def add(text: str) -> None:
        if text:
            segs.append(Seg("code" if in_code else "strong" if in_strong else "text", text))

    pos = 0
    for match in _TOKEN.finditer(template):
        add(template[pos:match.start()])
        name, tick, term, surface, stars = match.groups()
        if name is not None:
            if name not in values:
                raise RulebookError(f"template value {{{name}}} is missing in: {template}")
            value = values[name]
            if in_code or in_strong:
                add(value.plain() if isinstance(value, Text) else value.text if isinstance(value, Code) else _checked_str(value))
            else:
                segs.extend(_value_segs(value))
        elif tick is not None:
            in_code = not in_code
        elif term is not None:
            if term not in GLOSSARY_BY_ZH:
                raise RulebookError(f"term [[{term}]] is not in the glossary")
            if in_code:
                raise RulebookError(f"a term inside a code span: {template}")
            segs.append(Seg("term", term, surface or GLOSSARY_BY_ZH[term].en, "strong" if in_strong else ""))
        else:
            in_strong = not in_strong
        pos = match.end()
    add(template[pos:])
    if in_code or in_strong:
        raise RulebookError(f"unbalanced ` or ** in: {template}")
    return Text(tuple(segs))


def _checked_str(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        raise RulebookError(f"a {value!r} was put into prose without a sentence for it")
    return str(value)


def _value_segs(value: Any) -> tuple[Seg, ...]:
    if isinstance(value, Text):
        return value.segs
    if isinstance(value, Code):
        return (Seg("code", value.text),)
    if isinstance(value, bool) or value is None:
        raise RulebookError(f"a {value!r} was put into prose without a sentence for it")
    return (Seg("text", str(value)),)


def join(items: Sequence[Any], lang: str, last_zh: str = "和", last_en: str = "and") -> Text:
    """'A、B和C' / 'A, B and C'."""
    parts = [i if isinstance(i, Text) else (code(i.text) if isinstance(i, Code) else plain(i)) for i in items]
    if not parts:
        return Text()
    if len(parts) == 1:
        return parts[0]
    out = Text()
    if lang == "zh":
        for i, part in enumerate(parts):
            if i:
                out += plain(last_zh if i == len(parts) - 1 else "、")
            out += part
        return out
    last = f"{last_en} " if last_en in (",", ";") else f" {last_en} "
    for i, part in enumerate(parts):
        if i:
            out += plain(last if i == len(parts) - 1 else ", ")
        out += part
    return out


_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve")


def num(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def Num(n: int) -> str:
    word = num(n)
    return word[0].upper() + word[1:]


def cards_en(n: int) -> str:
    return f"{num(n)} card" + ("" if n == 1 else "s")


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 joker', '2 jokers'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def circles(n: int, lang: str) -> str:
    if lang == "zh":
        return {1: "一", 2: "两", 3: "三"}.get(n, str(n)) + "圈"
    return "one full circle" if n == 1 else f"{num(n)} full circles"


# =============================================================================
# Document model
# =============================================================================

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
class Provenance:
    key: str
    name: str            # the rule's Chinese name
    where: Text
    where_href: str | None
    cites: list[CiteRef]


@dataclass
class RuleItem:
    anchor: str
    key: str
    blocks: list[Block]
    prov: Provenance
    kind: str = "rule"


@dataclass
class ExampleItem:
    anchor: str
    title: Text
    blocks: list[Block]
    kind: str = "example"


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
    kind: str = "rules"      # rules | glossary | quotes | files


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
    css: str = ""
    highlight_css: str = ""


def anchor_of(key: str) -> str:
    """HTML id / Markdown anchor of a rule: 'table.decks' -> 'rule-table-decks'; rows 'x.y[2]' -> 'rule-x-y-2'."""
    return "rule-" + re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")


# =============================================================================
# Glossary
# =============================================================================

@dataclass(frozen=True)
class Term:
    zh: str
    en: str
    zh_meaning: str
    en_meaning: str
    also: str = ""


GLOSSARY: tuple[Term, ...] = (
    Term("联邦", "teammates", "同一方的另外两名玩家（隔座而坐）", "the two other players of your side (every other seat)"),
    Term("对家", "opposite", "正对面的玩家，永远是敌方", "the player facing you across the table; always an opponent", "对头、对门"),
    Term("一手", "play", "一次出的一组牌", "one set of cards played at once", "一套"),
    Term("发牌", "lead", "在空桌上出牌，获得发牌权就是轮到自己领出", "to play to an empty table; winning the lead"),
    Term("上班", "first lead", "每局的第一次出牌", "the first lead of a game"),
    Term("上牌", "beat", "用更大的牌打过上家的牌", "answer with a higher play", "顺牌、压牌"),
    Term("过牌", "pass", "不出牌", "decline to play"),
    Term("让牌", "defer", "让下两家先上牌", "let the next two players act first"),
    Term("扣牌", "close", "无人能打时收起这手牌（本引擎自动扣牌）", "close a play nobody can beat (automatic here)"),
    Term("贴2", "filler two", "2和其他点数一起出，当作那个点数", "a 2 played with another rank counts as that rank", "贴钱"),
    Term("挂王", "attached joker", "王和其他牌一起出", "jokers played together with a rank", "挂花"),
    Term("级牌", "gouji play", "够大的牌：通常只有对家可以打", "a big play that normally only the opposite may answer", "够级牌"),
    Term("烧牌", "burn", "打掉不是对家出的级牌", "beat the gouji play of someone who is not your opposite"),
    Term("解烧", "burn lifted", "烧牌者的牌被人打上，烧牌作废", "a play of the burner is beaten and the burn ends"),
    Term("反烧", "counter-burn", "被烧的人烧回烧牌者", "the burned player burns the burner back"),
    Term("无头", "headless", "对家已走科（或革命）的玩家", "a player whose opposite is out (or sits out)"),
    Term("开点", "open", "用级牌赢得发牌权（或按本玩法的定义）", "having won with a gouji play (as the variant defines it)"),
    Term("宣点", "declare", "断定对家这局开不了点", "declare that one's opposite will not open"),
    Term("走科", "go out", "出完手中的牌", "play one's last card"),
    Term("四户乱缠", "free-for-all", "最后几家不再按级牌、烧牌、让牌规则出牌", "the last players play without the gouji, burning and deferring rules"),
    Term("接风", "take over", "走科者的底牌没人打时，由别人接着发牌", "lead after a player went out and nobody answered"),
    Term("底牌", "last play", "走科时出的最后一手牌", "the play with which a player goes out"),
    Term("串三户", "sweep", "一方包揽前三名", "one team takes the first three places"),
    Term("进贡", "tribute", "下一局开始前给对方牌", "cards given before the next game"),
    Term("还贡", "return", "收贡者还给进贡者的牌", "cards the receiver gives back"),
    Term("点贡", "open tribute", "因没开点而进的贡", "tribute for not opening"),
    Term("落贡", "place tribute", "最后几名向前几名进的贡", "tribute of the last places to the first"),
    Term("烧贡", "burn tribute", "被烧者向成功的烧牌者进的贡", "tribute of the burned player to a successful burner"),
    Term("闷贡", "threes tribute", "憋三时最后一手3之前被打掉者进的贡", "tribute for being beaten before one's final 3s"),
    Term("憋三", "threes last", "3只能留到最后一手出", "3s may only be the last play"),
    Term("买3", "buying a 3", "没有3的玩家向对家买一张3", "a player with no 3 buys one from the opposite"),
    Term("要3", "asking for a 3", "向联邦要一张3", "a player with no 3 is given one by a teammate"),
    Term("革命", "revolution", "手牌不好的玩家本局不出牌", "a player with a poor hand sits out the game"),
    Term("自动认点", "automatic opening", "革命者算没开点、其对家算开点", "the revolutionary counts as not open, their opposite as open"),
    Term("点贡毕业", "graduation", "按最高级进点贡后下一局自动开点", "after the top-level open tribute the payer is open next game"),
    Term("报牌", "card count", "剩牌少时显示张数", "a low card count is shown to all"),
    Term("看牌", "showing the hand", "把手牌给联邦看", "showing one's hand to teammates"),
    Term("名次", "place", "出完牌的先后", "the order in which players go out"),
)
GLOSSARY_BY_ZH = {t.zh: t for t in GLOSSARY}


# =============================================================================
# Rendering context
# =============================================================================

class Ctx:
    """A variant, its engine and the helpers the prose needs."""

    def __init__(self, v: m.Variant, engine):
        self.v = v
        self.engine = engine
        self.places = {p.place: p for p in v.end.places}

    def place_zh(self, p: int) -> str:
        row = self.places.get(p)
        return row.zh if row else f"第{p}名"

    def place_en(self, p: int) -> Text:
        row = self.places.get(p)
        if row is None:
            return plain(f"place {p}")
        return T("{en} place ({zh})", en=row.en, zh=row.zh)

    def seats_zh(self, seats: Iterable[int]) -> Text:
        return join([str(s) for s in seats], "zh") + plain("号")

    def seats_en(self, seats: Iterable[int]) -> Text:
        seats = list(seats)
        return plain("seat " if len(seats) == 1 else "seats ") + join([str(s) for s in seats], "en")

    def seat_zh(self, seat: int, place: int | None = None) -> Text:
        return T("{s}号", s=seat) + (T("（{p}）", p=self.place_zh(place)) if place else Text())

    def seat_en(self, seat: int, place: int | None = None) -> Text:
        row = self.places.get(place) if place else None
        return T("seat {s}", s=seat) + (T(" ({p})", p=row.zh) if row else Text())

    def lowest_places(self) -> tuple[int, ...]:
        return tuple(sorted(self.places, reverse=True))


# =============================================================================
# Renderers: one per rule of the model
# =============================================================================

Said = tuple  # (zh blocks, en blocks)


@dataclass(frozen=True)
class Renderer:
    key: str
    chapter: str
    group: tuple[str, str] | None
    fn: Callable[[Ctx, Any], Said]
    members: tuple[str, ...] | None = None    # for policy rules: the members it has sentences for


RENDERERS: dict[str, Renderer] = {}
_GROUP: list = [None]


def group(zh: str | None, en: str | None = None) -> None:
    """The sub-heading under which the rules registered next appear."""
    _GROUP[0] = (zh, en) if zh else None


def rule(key: str, chapter: str, members: tuple[str, ...] | None = None):
    """Register the renderer of one rule. A policy rule lists the members it
    has sentences for (and raises RulebookError for any other)."""
    def deco(fn):
        if key in RENDERERS:
            raise RulebookError(f"two renderers for {key}")
        RENDERERS[key] = Renderer(key, chapter, _GROUP[0], fn, members)
        return fn
    return deco


def no_sentence(key: str, value) -> RulebookError:
    return RulebookError(f"no rulebook sentence for {key} = {value}: add one in gouji_dsl/rulebook.py")


def enum_rule(key: str, chapter: str, sentences: dict[str, tuple[str, str]],
              extra: Callable[[Ctx, Any], dict] | None = None,
              after: Callable[[Ctx, Any], Said] | None = None) -> None:
    """A policy rule: one sentence per member of its EnumT, in each language.

    The sentence templates may use {zh} and {en} (the member's own Chinese
    name and English description) and whatever `extra` supplies."""

    def fn(ctx: Ctx, value):
        member = _enum_member(key, value)
        if value not in sentences:
            raise no_sentence(key, value)
        zh, en = sentences[value]
        values = {"zh": member.zh, "en": member.en}
        if extra:
            values.update(extra(ctx, value))
        out_zh, out_en = [Para(T(zh, **values))], [Para(T(en, **values))]
        if after:
            more_zh, more_en = after(ctx, value)
            out_zh += _blocks(more_zh)
            out_en += _blocks(more_en)
        return out_zh, out_en

    rule(key, chapter, tuple(sentences))(fn)


def bool_rule(key: str, chapter: str, yes: tuple[str, str], no: tuple[str, str],
              extra: Callable[[Ctx, Any], dict] | None = None,
              inactive: Callable[[Ctx], tuple[str, str] | None] | None = None) -> None:
    """A yes/no rule: a positive and a negative sentence in each language."""

    def fn(ctx: Ctx, value):
        if not isinstance(value, bool):
            raise RulebookError(f"{key} is not yes/no")
        zh, en = yes if value else no
        values = extra(ctx, value) if extra else {}
        out = [Para(T(zh, **values))], [Para(T(en, **values))]
        if inactive:
            note = inactive(ctx)
            if note:
                out[0].append(_inactive("zh", note[0]))
                out[1].append(_inactive("en", note[1]))
        return out

    rule(key, chapter)(fn)


def _blocks(value) -> list:
    if value is None:
        return []
    if isinstance(value, Text):
        return [Para(value)]
    if isinstance(value, list):
        return [Para(b) if isinstance(b, Text) else b for b in value]
    return [value]


def _inactive(lang: str, text: str | Text) -> Note:
    label = plain("不适用" if lang == "zh" else "Not in play here")
    return Note("inactive", label, text if isinstance(text, Text) else T(text))


def _enum_member(key: str, value: str):
    vtype = field_type(key)
    while isinstance(vtype, OptionalT):
        vtype = vtype.inner
    if not isinstance(vtype, EnumT):
        raise RulebookError(f"{key} is not a policy")
    if value not in vtype.members:
        raise RulebookError(f"{key} = {value} is not a member of its policy")
    return vtype.members[value]


def field_of(key: str) -> dataclasses.Field:
    section, name = key.split(".")
    cls = m.SECTION_BY_NAME[section]
    for f in dataclasses.fields(cls):
        if f.name == name:
            return f
    raise RulebookError(f"no rule {key} in the model")


def field_type(key: str):
    return field_of(key).metadata["type"]


def said(zh, en) -> Said:
    return _blocks(zh), _blocks(en)


# --- cells of tables --------------------------------------------------------------

def cell(vtype, value, lang: str) -> Text:
    """A table cell for a value of any type."""
    if isinstance(vtype, OptionalT):
        if value is None:
            return plain("无" if lang == "zh" else "none")
        return cell(vtype.inner, value, lang)
    if isinstance(vtype, EnumT):
        member = vtype.members.get(value)
        if member is None:
            raise RulebookError(f"{value!r} is not a member of its policy")
        return plain(member.zh if lang == "zh" else member.en)
    if isinstance(vtype, BoolT):
        return plain(("是" if value else "否") if lang == "zh" else ("yes" if value else "no"))
    if isinstance(vtype, ExprT):
        return code(value.text)
    if isinstance(vtype, CardT):
        return code(value)
    if isinstance(vtype, (IntT, StrT)):
        return plain(value)
    if isinstance(vtype, ListT):
        return join([cell(vtype.item, x, lang) for x in value], lang, "、" if lang == "zh" else ",", ",")
    if isinstance(vtype, RangeT):
        return code(f"{value[0]}..{value[1]}")
    raise RulebookError(f"no table cell rendering for values of type {type(vtype).__name__}")


def column_head(row_cls: type, name: str, lang: str) -> Text:
    meta = {f.name: f.metadata for f in dataclasses.fields(row_cls)}[name]
    return plain(meta["zh"] if lang == "zh" else f"{name} ({meta['zh']})")


def check_columns(row_cls: type, shown: Iterable[str], key: str) -> None:
    missing = [f.name for f in dataclasses.fields(row_cls) if f.name not in set(shown)]
    if missing:
        raise RulebookError(f"the rulebook table for {key} does not show column(s) {', '.join(missing)}")


def generic_table(key: str, rows: tuple, lang: str) -> Table:
    """Every column of a table rule, every row, with the row anchors."""
    vtype = field_type(key)
    cols = list(vtype.columns)
    head = [column_head(vtype.row_cls, c, lang) for c in cols]
    out = []
    for i, row in enumerate(rows):
        out.append(TRow([cell(vtype.columns[c].metadata["type"], getattr(row, c), lang) for c in cols],
                        anchor_of(f"{key}[{i}]")))
    numeric = tuple(i for i, c in enumerate(cols) if isinstance(vtype.columns[c].metadata["type"], IntT))
    return Table(head, out, numeric=numeric)


# --- formulas ------------------------------------------------------------------------

_VAR_PHRASE = {
    "hand": ("手牌", "the hand"),
    "rest": ("余牌", "the rest"),
    "play": ("这手牌", "the play"),
    "level": ("点贡级数", "the level"),
}
_FN_PHRASE = {
    "size": ("{0}的张数", "the number of cards in {0}"),
    "jokers": ("{0}的王数", "the number of jokers in {0}"),
    "count": ("{0}中{1}的张数", "the number of {1}s in {0}"),
    "sets": ("{0}的套数", "the number of sets in {0}"),
    "gouji": ("{0}是级牌", "{0} is a gouji play"),
    "carry_rule": ("{0}能以每手都带王（最后一手除外）的方式出完", "{0} can be played out with a joker in every play but the last"),
    "min": ("{0}与{1}中较小者", "the smaller of {0} and {1}"),
    "max": ("{0}与{1}中较大者", "the larger of {0} and {1}"),
}
_OPS = {
    "<": ("{0}小于{1}", "{0} is less than {1}"),
    "<=": ("{0}不超过{1}", "{0} is at most {1}"),
    ">": ("{0}大于{1}", "{0} is more than {1}"),
    ">=": ("{0}不少于{1}", "{0} is at least {1}"),
    "==": ("{0}等于{1}", "{0} is {1}"),
    "!=": ("{0}不等于{1}", "{0} is not {1}"),
    "+": ("{0}加{1}", "{0} plus {1}"),
    "-": ("{0}减{1}", "{0} minus {1}"),
    "*": ("{0}乘{1}", "{0} times {1}"),
    "and": ("{0}，并且{1}", "{0}, and {1}"),
    "or": ("{0}，或者{1}", "{0}, or {1}"),
}


def explain(node: n.Expr, lang: str, etype: ExprT) -> str:
    """A formula in words."""
    zh = lang == "zh"

    def go(node) -> str:
        if isinstance(node, n.Int):
            return str(node.value)
        if isinstance(node, n.Name):
            if node.id in etype.variables:
                var = etype.variables[node.id]
                phrase = _VAR_PHRASE.get(node.id, (var.zh, var.en))
                return phrase[0] if zh else phrase[1]
            if node.id in ("yes", "true", "是", "有"):
                return "成立" if zh else "true"
            if node.id in ("no", "false", "否", "无"):
                return "不成立" if zh else "false"
            if node.id in CARDS or node.id in ("T", "小王", "大王"):
                return node.id
            raise RulebookError(f"no words for the name {node.id!r} in a formula")
        if isinstance(node, n.Call):
            fn = FUNCTIONS.get(node.func.id)
            if fn is None:
                raise RulebookError(f"no words for the function {node.func.id!r}")
            args = [go(a) if not (p == "rank") else _card_word(a) for a, p in zip(node.args, fn.params)]
            phrase = _FN_PHRASE.get(fn.name)
            if phrase is None:  # a function added later: its own descriptions
                return (f"{fn.zh}（{'，'.join(args)}）" if zh else f"{fn.en} ({', '.join(args)})")
            return (phrase[0] if zh else phrase[1]).format(*args)
        if isinstance(node, n.Unary):
            inner = go(node.operand)
            if node.op == "not":
                return f"并非“{inner}”" if zh else f"not ({inner})"
            return f"负{inner}" if zh else f"minus {inner}"
        if isinstance(node, n.Binary):
            phrase = _OPS.get(node.op)
            if phrase is None:
                raise RulebookError(f"no words for the operator {node.op!r}")
            return (phrase[0] if zh else phrase[1]).format(go(node.left), go(node.right))
        raise RulebookError(f"no words for {type(node).__name__} in a formula")

    return go(node)


def _card_word(node) -> str:
    word = str(node.value) if isinstance(node, n.Int) else node.id
    return {"T": "10", "小王": "SJ", "大王": "BJ"}.get(word, word)


def used_names(node: n.Expr) -> tuple[list[str], list[str]]:
    """(functions, variables) a formula uses, in order of first use."""
    fns: list[str] = []
    names: list[str] = []

    def go(node):
        if isinstance(node, n.Name):
            if node.id not in names:
                names.append(node.id)
        elif isinstance(node, n.Call):
            if node.func.id not in fns:
                fns.append(node.func.id)
            for a in node.args:
                go(a)
        elif isinstance(node, n.Unary):
            go(node.operand)
        elif isinstance(node, n.Binary):
            go(node.left)
            go(node.right)
    go(node)
    return fns, names


def legend(nodes: Iterable[n.Expr], etype: ExprT, lang: str) -> Bullets | None:
    """What each function and variable of the formulas means (from their own descriptions)."""
    fns: list[str] = []
    names: list[str] = []
    for node in nodes:
        f, v = used_names(node)
        fns += [x for x in f if x not in fns]
        names += [x for x in v if x not in names]
    items = []
    for name in names:
        if name in etype.variables:
            var = etype.variables[name]
            items.append(T("`{n}`：{d}", n=name, d=var.zh) if lang == "zh" else T("`{n}`: {d}", n=name, d=var.en))
    for name in fns:
        fn = FUNCTIONS[name]
        params = ", ".join({"cards": "cards", "int": "n", "rank": "RANK"}.get(p, p) for p in fn.params)
        sig = f"{name}({params})"
        items.append(T("`{s}`：{d}", s=sig, d=fn.zh) + T("（{e}）", e=fn.en) if lang == "zh"
                     else T("`{s}`: {d}", s=sig, d=fn.en))
    return Bullets(items) if items else None


def formula_blocks(key: str, formula: Formula, lead: tuple[str, str]) -> Said:
    etype = field_type(key)
    while isinstance(etype, OptionalT):
        etype = etype.inner
    out = []
    for lang, text in zip(LANGS, lead):
        blocks = [Para(T(text)), Formula_(formula.text)]
        words = explain(formula.node, lang, etype)
        blocks.append(Para(T("即：{w}。", w=words) if lang == "zh" else T("In words: {w}.", w=words)))
        lg = legend([formula.node], etype, lang)
        if lg:
            blocks.append(lg)
        out.append(blocks)
    return tuple(out)


# =============================================================================
# The rules, chapter by chapter
# =============================================================================

CHAPTERS: tuple[tuple[str, str, str], ...] = (
    ("about", "简介", "About this variant"),
    ("players", "玩家与牌", "Players and cards"),
    ("plays", "牌型与大小", "Plays and how they compare"),
    ("before", "开局：宣点、憋三与革命", "Before play: declaring, threes and revolution"),
    ("course", "出牌", "The course of play"),
    ("burning", "烧牌", "Burning (烧牌)"),
    ("headless", "无头与四户乱缠", "Headless players (无头) and the free-for-all (四户乱缠)"),
    ("end", "终局与名次", "End of the game"),
    ("tribute", "进贡与还贡", "Tribute (进贡) and return (还贡)"),
    ("scoring", "计分", "Scoring"),
    ("room", "房间规则", "Room rules"),
    ("glossary", "术语表", "Glossary"),
    ("sources", "出处与项目决定", "Sources and decisions"),
    ("quotes", "引用的原文", "Cited source lines"),
    ("files", "规则文件", "The rule files"),
)
CHAPTER_IDS = {c[0] for c in CHAPTERS}

# ---- about ----------------------------------------------------------------------

group(None)
enum_rule("about.game", "about", {
    "gouji": ("本玩法属于**够级**：六人分两方对抗，每手出同一点数的牌，有级牌和烧牌。",
              "The game is {en}."),
    "shuangkou": ("本玩法属于**双扣**：四人两两对抗，有顺子和炸弹。", "The game is {en}."),
})


@rule("about.title", "about")
def _(ctx, value):
    return said(T("中文名称：**{t}**。", t=value), T("Chinese title: **{t}**.", t=value))


@rule("about.title_en", "about")
def _(ctx, value):
    return said(T("英文名称：{t}。", t=value), T("English title: **{t}**.", t=value))


@rule("about.region", "about")
def _(ctx, value):
    return said(T("流行地区或平台：{r}。", r=value), T("Where it is played: {r}.", r=value))


@rule("about.summary", "about")
def _(ctx, value):
    if not value:
        return said(T("（规则文件没有写一句话简介。）"), T("(The rule file gives no summary.)"))
    zh = ctx.v.about.summary_zh or value
    return said(T("一句话简介：{s}", s=zh), T("In one sentence: {s}", s=value))


@rule("about.summary_zh", "about")
def _(ctx, value):
    if not value:
        return said(T("（规则文件没有中文简介，上面用的是英文原文。）"), T("(The rule file gives no Chinese summary.)"))
    return said(T("（中文简介由规则文件 about.summary_zh 给出。）"), T("The Chinese summary: {s}", s=value))


# ---- players and cards -------------------------------------------------------------

group("玩家", "The players")


@rule("table.players", "players")
def _(ctx, value):
    return said(T("{n}人游戏，座位按出牌顺序编为1到{n}号。", n=value),
                T("{N} players take part; their seats are numbered 1 to {n} in playing order.", N=Num(value), n=value))


@rule("table.teams", "players")
def _(ctx, value):
    zh = T("玩家分为两方，同一方的人互称[[联邦]]：") + join([ctx.seats_zh(t) for t in value], "zh", "对", "against")
    zh += plain("。先出完牌的一方获胜。")
    en = T("The players form two teams, and the members of a team are [[联邦|teammates]]: ")
    en += join([ctx.seats_en(t) for t in value], "en", "对", "against") + plain(". The team that gets rid of its cards first wins.")
    return said(zh, en)


@rule("table.opposites", "players")
def _(ctx, value):
    team = {s: i for i, t in enumerate(ctx.v.table.teams) for s in t}
    enemies = all(team.get(a) != team.get(b) for a, b in value)
    pairs_zh = join([T("{a}号与{b}号", a=a, b=b) for a, b in value], "zh", "、")
    pairs_en = join([T("{a} and {b}", a=a, b=b) for a, b in value], "en", ",", ",")
    zh = T("正对而坐的两人互为[[对家]]（也叫对头、对门）：{p}。", p=pairs_zh)
    en = T("Players sitting face to face are [[对家|opposites]]: {p}.", p=pairs_en)
    if enemies:
        zh += T("注意：对家是敌方，不是队友。")
        en += T(" Mind: your opposite is an opponent, not a partner.")
    else:
        zh += T("对家与自己同属一方。")
        en += T(" Your opposite is on your own team.")
    return said(zh, en)


enum_rule("table.direction", "players", {
    "counter_clockwise": ("出牌按**逆时针**方向轮转。座位号始终按出牌顺序排列，方向只说明座位怎样摆放。",
                          "Play passes **counter-clockwise**. Seat numbers always follow the playing order; the direction only says how the seats are laid out."),
    "clockwise": ("出牌按**顺时针**方向轮转。座位号始终按出牌顺序排列，方向只说明座位怎样摆放。",
                  "Play passes **clockwise**. Seat numbers always follow the playing order; the direction only says how the seats are laid out."),
})

group("牌", "The cards")


@rule("table.decks", "players")
def _(ctx, value):
    total = value * 54
    return said(T("使用{d}副牌，每副54张（含大小王），共{t}张，洗在一起。", d=value, t=total),
                T("{D} deck{s} of 54 cards (jokers included) are shuffled together: {t} cards in all.",
                  D=Num(value), s="" if value == 1 else "s", t=total))


@rule("table.cards_per_player", "players")
def _(ctx, value):
    dealt = value * ctx.v.table.players
    left = ctx.v.table.decks * 54 - dealt
    if left == 0:
        return said(T("每人发{c}张牌，所有的牌正好发完。", c=value),
                    T("Each player is dealt {c} cards, so every card is dealt.", c=value))
    return said(T("每人发{c}张牌，共发出{d}张，余下{l}张不用。", c=value, d=dealt, l=left),
                T("Each player is dealt {c} cards: {d} cards in play, {l} left aside.", c=value, d=dealt, l=left))


@rule("cards.order", "players")
def _(ctx, value):
    names_zh = {"SJ": "小王", "BJ": "大王"}
    zh = T("牌只论点数，不论花色。点数从小到大：") + plain(" < ".join(names_zh.get(c, c) for c in value)) + plain("。")
    en = T("Only ranks matter, never suits. From lowest to highest: ") + code(" < ".join(value)) + plain(".")
    return said(zh, en)


@rule("cards.jokers", "players")
def _(ctx, value):
    if not value:
        return said(T("不用王。"), T("No jokers are used."))
    names = {"SJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}
    zh = T("王：") + join([T("{z}（文中写作`{c}`）", z=names[c][0], c=c) for c in value], "zh") + T("。王可以和其他牌一起出，称为[[挂王]]（挂花）。")
    en = T("Jokers: ") + join([T("the {e} ({z}, written `{c}`)", e=names[c][1], z=names[c][0], c=c) for c in value], "en")
    en += T(". Jokers may be played together with a rank: an [[挂王|attached joker]].")
    return said(zh, en)


@rule("cards.filler", "players")
def _(ctx, value):
    if value is None:
        return said(T("没有贴牌：每张牌只代表它自己的点数。"), T("There are no filler cards: every card stands for its own rank."))
    return said(T("**[[贴2]]**（也叫贴钱）：{r}和别的点数一起出时，每张{r}都当作那个点数。", r=value),
                T("**[[贴2|Filler twos]]**: a {r} played together with another rank counts as that rank.", r=value))


# ---- plays --------------------------------------------------------------------------

group("一手牌", "What a play is")
enum_rule("plays.shape", "plays", {
    "one_rank": ("[[一手]]（一套牌）由同一点数的若干张牌组成，可以加上任意张贴牌和王。不能出顺子，两种点数也不能一起出。",
                 "A [[一手|play]] is any number of cards of one rank, plus any number of fillers and jokers. There are no straights, and two different ranks never make one play."),
    "patterns": ("一手牌必须是牌型表中的一种牌型（见牌型表）。", "A play must be one of the play types listed in the play-type table."),
})
bool_rule("plays.jokers_alone", "plays",
          ("只出王（不带别的牌）也是合法的一手。", "A play of jokers only is legal."),
          ("不能只出王：王必须挂在别的牌上。", "Jokers may not be played on their own: they must join a rank."))
bool_rule("plays.fillers_alone", "plays",
          ("只出2（可以带王）也是合法的一手，这时它的点数就是2。", "A play of 2s only (jokers may join) is legal; its rank is then 2."),
          ("2不能单独出，只能贴在别的点数上。", "2s may not be played on their own, only with another rank."),
          inactive=lambda ctx: None if ctx.v.cards.filler else ("本玩法没有贴牌。", "This variant has no fillers."))

group("比大小", "How plays compare")
enum_rule("plays.compare", "plays", {
    "card_by_card": ("**逐张比较**：把两手牌各自从大到小排好（贴牌已当作所贴的点数），应手的每一张都必须比对方同一位置的牌大。",
                     "**Card by card**: sort both plays from highest to lowest (fillers counted as the rank they join); every card of the answer must be higher than the card in the same position of the play it answers."),
    "top_card": ("**比最大牌**：牌型和张数相同时，最大的牌大者胜。", "**Top card**: {en}."),
})


@rule("plays.same_size", "plays")
def _(ctx, value):
    if value:
        zh = T("上牌必须与所打的牌张数相同")
        en = T("An answer must have exactly as many cards as the play it answers")
        if ctx.v.plays.big_joker_doubling:
            zh += T("（大王翻倍多用的大王除外，见下条）")
            en += T(" (apart from the extra big jokers that big-joker doubling asks for, below)")
        return said(zh + plain("。"), en + plain("."))
    return said(T("上牌的张数可以与所打的牌不同。"), T("An answer need not have as many cards as the play it answers."))


@rule("plays.big_joker_doubling", "plays")
def _(ctx, value):
    if value:
        return said(T("**大王翻倍**：对方牌中每有一张大王，必须用两张大王去打（一个大王用两个大王打，两个大王用四个大王打）；去掉这些大王后，其余的牌再逐张比较。小王必须用大王打。"),
                    T("**Big-joker doubling** (大王翻倍): each big joker in the play must be answered by two big jokers (one by two, two by four); with those set aside, the rest of both plays compare card by card. A small joker must be answered by a big joker."))
    zh = T("没有大王翻倍：大王与其他牌一样逐张比较。")
    en = T("No big-joker doubling: big jokers compare card by card like any other card.")
    if ctx.v.plays.compare == "card_by_card":
        zh += T("因为没有比大王更大的牌，带大王的牌谁也打不过。")
        en += T(" As nothing is higher than a big joker, a play holding one cannot be beaten.")
    return said(zh, en)


group("级牌", "Gouji plays (级牌)")


@rule("gouji.thresholds", "plays")
def _(ctx, rows):
    key = "gouji.thresholds"
    check_columns(m.Threshold, ("rank", "at_least"), key)
    listed = {r.rank for r in rows}
    never = [c for c in CARDS[:13] if c not in listed]
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("点数" if zh else "rank (点数)"), plain("至少张数" if zh else "at least (张数)"),
                plain("例" if zh else "for instance")]
        trows = []
        for i, r in enumerate(rows):
            trows.append(TRow([code(r.rank), plain(r.at_least) + plain(" 张及以上" if zh else " or more"),
                               code(" ".join([r.rank] * r.at_least))], anchor_of(f"{key}[{i}]")))
        blocks = [Para(T("下列点数的牌达到相应张数，就是[[级牌]]（够级牌）：") if zh else
                       T("A play whose rank reaches the size below is a [[级牌|gouji play]]:")),
                  Table(head, trows, numeric=(1,))]
        if never:
            ranks = join([code(c) for c in never], lang)
            blocks.append(Para(T("其余点数（{r}）无论多少张都不够级。", r=ranks) if zh else
                               T("Other ranks ({r}) are never gouji plays, however many.", r=ranks)))
        blocks.append(Para(T("级牌通常只有出牌人的[[对家]]可以打（见“出牌”和“烧牌”）。") if zh else
                           T("A gouji play can normally be answered only by its player's opposite (see the course of play and burning).")))
        out.append(blocks)
    return tuple(out)


bool_rule("gouji.jokers_make_gouji", "plays",
          ("凡是带王的牌，不论点数和张数，都是级牌。", "Every play holding a joker is a gouji play, whatever its rank and size."),
          ("王本身不使一手牌成为级牌：带王的牌也按上表判断。", "Jokers do not make a play a gouji play by themselves: plays with jokers go by the table too."))
bool_rule("gouji.fillers_count", "plays",
          ("贴上的2计入所贴点数的张数；但2不会让不在表中的点数变成级牌。",
           "Filler 2s count towards the size of the rank they join; they do not make a rank outside the table a gouji play."),
          ("贴上的2不计入张数：只数点数本身的牌。", "Filler 2s do not count towards the size: only the rank's own cards count."),
          inactive=lambda ctx: None if ctx.v.cards.filler else ("本玩法没有贴牌。", "This variant has no fillers."))

# ---- before play ------------------------------------------------------------------------

group("宣点", "Declaring (宣点)")
bool_rule("open.declare", "before",
          ("**[[宣点]]**：发完牌后，每人可以选择宣点，即断定自己的对家这局开不了点。宣点的结果影响点贡（见“进贡”）。",
           "**[[宣点|Declaring]]**: after the deal each player may declare that their opposite will not open this game. Declarations change the open tribute (see Tribute)."),
          ("不宣点：本玩法没有宣点。", "There is no declaring (宣点) in this variant."))

group("憋三", "Threes last (憋三)")
bool_rule("threes.threes_last", "before",
          ("**[[憋三]]**：3只能作为最后一手出，而且这一手只能是3（不能贴2、不能挂王），手里的3要一次全部出完；在此之前不能出3。",
           "**[[憋三|Threes last]]**: 3s may only be a player's last play, and that play must be 3s only (no fillers, no jokers), all of their 3s at once; no 3 may be played before it."),
          ("不憋三：3和其他点数一样，随时可以出。", "3s are played like any other rank, at any time (no 憋三)."))


def _no_buying(ctx):
    if not ctx.v.threes.buy_three:
        return ("本玩法不买3，此条不起作用。", "There is no buying of 3s here, so this rule does not apply.")
    return None


bool_rule("threes.buy_three", "before",
          ("**[[买3]]**：发完牌后，手中没有3的玩家向对家买一张3。", "**[[买3|Buying a 3]]**: after the deal, a player holding no 3 buys one from their opposite."),
          ("没有买3。", "There is no buying of 3s (买3)."))


@rule("threes.buy_with", "before")
def _(ctx, value):
    names_zh = {"SJ": "小王", "BJ": "大王"}
    if value:
        zh = T("买3时付出的牌，按先后顺序：") + join([plain(names_zh.get(c, c)) for c in value], "zh", "、") + T("（有前者就先付前者）。")
        en = T("The buyer pays one card, the first of these they hold: ") + join([code(c) for c in value], "en", ",", "then") + plain(".")
    else:
        zh, en = T("买3不用付牌。"), T("The buyer pays nothing.")
    zh_b, en_b = [Para(zh)], [Para(en)]
    note = _no_buying(ctx)
    if note:
        zh_b.append(_inactive("zh", note[0]))
        en_b.append(_inactive("en", note[1]))
    return zh_b, en_b


@rule("threes.seller_min_threes", "before")
def _(ctx, value):
    zh_b = [Para(T("对家至少有{n}张3时才卖给你一张。", n=value))]
    en_b = [Para(T("The opposite sells one only if they hold at least {n} 3s.", n=num(value)))]
    note = _no_buying(ctx)
    if note and not ctx.v.threes.ask_three:
        zh_b.append(_inactive("zh", note[0]))
        en_b.append(_inactive("en", note[1]))
    return zh_b, en_b


bool_rule("threes.ask_three", "before",
          ("**[[要3]]**：对家卖不出时，手中至少有{n}张3的联邦中，按出牌顺序最近的一位白送一张3，不用还。仍然没有3的玩家不受憋三限制。",
           "**[[要3|Asking for a 3]]**: if the opposite cannot sell, the nearest teammate in playing order who holds at least {N} 3s gives one for nothing. A player still without a 3 is free of the threes-last rule."),
          ("没有要3。", "There is no asking teammates for a 3 (要3)."),
          extra=lambda ctx, v: {"n": ctx.v.threes.seller_min_threes, "N": num(ctx.v.threes.seller_min_threes)})

group("革命", "Revolution (革命)")


def _no_revolution(ctx):
    if not ctx.v.revolution.allowed:
        return ("本玩法不革命，此条不起作用。", "There is no revolution here, so this rule does not apply.")
    return None


bool_rule("revolution.allowed", "before",
          ("**[[革命]]**：发完牌（买3之后），按座位顺序，手牌符合下面条件的玩家可以宣布革命：本局不出牌，带着手牌坐在一边。",
           "**[[革命|Revolution]]**: after the deal (and the buying of 3s), in seat order, a player whose hand meets the condition below may revolt: they sit out the game with their cards."),
          ("不革命：本玩法没有革命。", "There is no revolution (革命) in this variant."))


@rule("revolution.condition", "before")
def _(ctx, value):
    zh, en = formula_blocks("revolution.condition", value,
                            ("可以革命的手牌：", "A hand may revolt when:"))
    note = _no_revolution(ctx)
    if note:
        zh.append(_inactive("zh", note[0]))
        en.append(_inactive("en", note[1]))
    return zh, en


def _revolution_rule(key, zh_t, en_t, extra=None):
    @rule(key, "before")
    def _(ctx, value):
        values = {"n": value, "N": num(value) if isinstance(value, int) and not isinstance(value, bool) else value}
        if extra:
            values.update(extra(ctx, value))
        zh, en = [Para(T(zh_t, **values))], [Para(T(en_t, **values))]
        note = _no_revolution(ctx)
        if note:
            zh.append(_inactive("zh", note[0]))
            en.append(_inactive("en", note[1]))
        return zh, en


_revolution_rule("revolution.redeal_at", "有{n}人或更多人革命时，重新发牌。", "If {N} or more players revolt, the cards are dealt again.")
_revolution_rule("revolution.place", "革命者算作第{n}名（{p}），其对家成为[[无头]]。",
                 "A revolutionary takes place {n} ({p}); their opposite is [[无头|headless]] from the start.",
                 extra=lambda ctx, v: {"p": ctx.place_zh(v)})


@rule("revolution.auto_open", "before")
def _(ctx, value):
    if value:
        zh, en = T("**[[自动认点]]**：革命者算作没开点，其对家算作开点。"), T("**[[自动认点|Automatic opening]]**: the revolutionary counts as not open, their opposite as open.")
    else:
        zh, en = T("革命者与其对家的开点照常计算，不自动认点。"), T("Opening is reckoned as usual for a revolutionary and their opposite.")
    zh_b, en_b = [Para(zh)], [Para(en)]
    note = _no_revolution(ctx)
    if note:
        zh_b.append(_inactive("zh", note[0]))
        en_b.append(_inactive("en", note[1]))
    return zh_b, en_b


# ---- the course of play -----------------------------------------------------------------

group("出牌顺序", "Leading and answering")
enum_rule("table.first_leader", "course", {
    "random": ("**[[上班]]**：每局发完牌后，随机确定一名玩家首先出牌。", "**[[上班|First lead]]**: after the deal, a player drawn at random leads first."),
    "previous_first": ("**[[上班]]**：每局由上一局的头科首先出牌；第一局随机确定。", "**[[上班|First lead]]**: {en}."),
})
enum_rule("flow.gouji_answer", "course", {
    "opposite_only": ("**级牌只有出牌人的对家可以打**（烧牌和无头的情况除外，见后两章）。其他牌任何人都可以按顺序[[上牌]]。",
                      "**Only the player's opposite may answer a gouji play** (except by burning, or when someone is headless: see the next two chapters). Any other play may be [[上牌|beaten]] by anyone in turn."),
    "anyone": ("级牌和其他牌一样，任何人都可以打。", "Anyone may answer a gouji play, like any other play."),
})
enum_rule("flow.pass_rule", "course", {
    "round_except_opposite": ("**[[过牌]]**：轮到自己不出就是过牌。过牌后本轮不能再出牌，但对家出的牌仍然可以打。",
                              "**[[过牌|Passing]]**: a player who does not play passes. After passing they may not play again in this round, except to answer their opposite."),
    "round": ("**[[过牌]]**：过牌后本轮不能再出牌。", "**[[过牌|Passing]]**: {en}."),
})


@rule("flow.defer", "course")
def _(ctx, value):
    if value:
        return said(T("**[[让牌]]**：对家出的牌轮到你时，如果既不想过牌、又不想马上上牌，可以声明让牌：你的下两家先上牌；他们都过牌后，再由你决定上牌还是过牌。"),
                    T("**[[让牌|Deferring]]**: when your opposite's play comes to you and you want neither to pass nor to answer at once, you may defer: your next two players act first, and if both pass, you decide whether to answer or pass."))
    return said(T("不能让牌。"), T("There is no deferring (让牌)."))


enum_rule("flow.defer_to", "course", {
    "non_gouji": ("只有对家的非级牌可以让牌。", "Only plays that are not gouji plays may be deferred."),
    "any_play": ("对家的任何牌都可以让牌。", "Any play of the opposite may be deferred."),
}, after=lambda ctx, v: (None, None) if ctx.v.flow.defer else
   ([_inactive("zh", "本玩法不能让牌，此条不起作用。")], [_inactive("en", "There is no deferring here, so this rule does not apply.")]))


@rule("flow.lead_return_circles", "course")
def _(ctx, value):
    if value == 1:
        return said(T("出非级牌的人，要等其他持牌人都过牌（一圈）后，才重新获得发牌权。"),
                    T("A player whose non-gouji play stands wins the lead again once every other player holding cards has passed (one circle)."))
    return said(T("**让{c}**：四户乱缠之前，出非级牌的人要重新获得发牌权，需要其他持牌人全部过牌{c}；其间有人出牌，就重新计算。", c=circles(value, "zh")),
                T("**让{z}** (letting {c} pass): before the free-for-all, a player whose non-gouji play stands wins the lead again only after {c} in which every other player holding cards passed; any play in between starts the count again.",
                  z=circles(value, "zh"), c=circles(value, "en")))


group("走科与接风", "Going out and taking over")
enum_rule("flow.going_out_gouji", "course", {
    "anyone_answers": ("**[[底牌]]**：用级牌[[走科]]时，这手牌其他人都可以打，不算烧牌；如果都过牌，由下家接着发牌。",
                       "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, anyone may answer it, and that is not a burn; if all pass, the next player leads."),
    "opposite_answers": ("**[[底牌]]**：用级牌[[走科]]时，只有对家可以打（对家已走科时任何人都可以打，不算烧牌）。",
                         "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, only their opposite may answer it (anyone, if the opposite is out; that is not a burn)."),
    "loses_status": ("**[[底牌]]**：用级牌[[走科]]时，这手牌失去级牌的作用，像普通牌一样谁都可以打。",
                     "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, it loses its gouji status and anyone may answer it like any play."),
})
enum_rule("flow.take_over", "course", {
    "next_player": ("**[[接风]]**：走科者的最后一手牌没有人打时，由他的下家（下一个还有牌的人）接风发牌。",
                    "**[[接风|Taking over]]**: when nobody answers a player's last play, the next player still holding cards leads."),
    "partner": ("**[[接风]]**：走科者的最后一手牌没有人打时，由他的搭档接风发牌。", "**[[接风|Taking over]]**: {en}."),
})

group("开点", "Opening (开点)")
enum_rule("open.method", "course", {
    "survives": ("**[[开点]]**：在四户乱缠之前，只要有一手计入开点的级牌（见下条）既没有被对家打掉、也没有被烧，就算开点；出完牌的最后一手级牌也一样算。一直没开点叫“进点”。",
                 "**[[开点|Opening]]**: before the free-for-all, a player opens when a gouji play of theirs that counts (below) is neither beaten by their opposite nor burned; the gouji play with which they go out counts too. Whether you open decides the open tribute and, where scored, points."),
    "wins_lead": ("**[[开点]]**：在四户乱缠之前，用一手计入开点的级牌（见下条）赢得发牌权，就算开点。",
                  "**[[开点|Opening]]**: before the free-for-all, a player opens when a gouji play of theirs that counts (below) wins them the lead. Whether you open decides the open tribute."),
})


@rule("open.counts", "course")
def _(ctx, value):
    return formula_blocks("open.counts", value, ("计入开点的牌：", "A play counts towards opening when:"))


group("报牌与看牌", "What players see")


@rule("info.report_at", "course")
def _(ctx, value):
    if value is None:
        return said(T("不报牌：剩余张数不公开显示。"), T("Card counts are not announced."))
    return said(T("**[[报牌]]**：手中剩牌不超过{n}张时，系统自动显示剩余张数。", n=value),
                T("**[[报牌|Card count]]**: once a player holds {n} cards or fewer, their count is shown to all.", n=value))


@rule("info.show_team_at", "course")
def _(ctx, value):
    if value is None:
        return said(T("不能给联邦看牌。"), T("Players may not show their hands to teammates."))
    return said(T("**[[看牌]]**：手中剩牌不超过{n}张时，可以把手牌给联邦看。", n=value),
                T("**[[看牌|Showing the hand]]**: a player holding {n} cards or fewer may show their hand to their teammates.", n=value))


bool_rule("info.watch_after_out", "course",
          ("走科后可以看一个联邦的牌。", "A player who is out may watch one teammate's hand."),
          ("走科后不能看联邦的牌。", "A player who is out may not watch teammates' hands."))

# ---- burning ----------------------------------------------------------------------------


def _no_burning(ctx):
    if not ctx.v.burning.allowed:
        return ("本玩法不能烧牌，此条不起作用。", "There is no burning here, so this rule does not apply.")
    return None


def burn_bool(key, yes, no):
    bool_rule(key, "burning", yes, no, inactive=_no_burning)


group("谁可以烧", "Who may burn")
bool_rule("burning.allowed", "burning",
          ("**[[烧牌]]**：打掉不是自己对家出的级牌，称为烧牌。烧牌不按出牌顺序：级牌一出，先问可以烧牌的人要不要烧，再轮到对家。",
           "**[[烧牌|Burning]]**: beating a gouji play of someone who is not your opposite is called burning. A burn does not wait for its turn: when a gouji play is made, those who may burn are asked first, then the opposite."),
          ("不能烧牌：级牌只有对家可以打。", "There is no burning: only the opposite may answer a gouji play."))


@rule("burning.condition", "burning")
def _(ctx, value):
    zh, en = formula_blocks("burning.condition", value,
                            ("烧牌的条件：手中有一手牌能打过这手级牌，而且满足：",
                             "You may burn when a play from your hand beats the gouji play and this holds:"))
    note = _no_burning(ctx)
    if note:
        zh.append(_inactive("zh", note[0]))
        en.append(_inactive("en", note[1]))
    return zh, en


burn_bool("burning.teammates_may_burn",
          ("出级牌人的联邦（队友）也可以烧他的牌；除对家和无头者外，人人可以烧。", "The gouji player's own teammates may burn it too: anyone may burn except the opposite and headless players."),
          ("只有敌方（对家除外）可以烧，联邦不能烧自己人的牌。", "Only opponents other than the opposite may burn; teammates may not."))
burn_bool("burning.after_pass",
          ("本轮已经过牌的人仍然可以烧牌。", "A player who passed earlier in the round may still burn."),
          ("本轮已经过牌的人不能再烧牌。", "A player who passed in this round may not burn."))
enum_rule("burning.priority", "burning", {
    "team_first": ("**烧牌优先**：几个人都要烧时，如果两方都有人要烧，出级牌人的联邦优先；同一方里，按出牌顺序从出级牌人往后最近的一位优先。",
                   "**Priority**: when several want to burn and both teams are among them, the gouji player's teammates come first; within a team, the first in playing order after the gouji player."),
    "nearest": ("**烧牌优先**：几个人都要烧时，按出牌顺序离被烧者最近的人先烧。",
                "**Priority**: when several want to burn, the burner nearest after the burned player in playing order goes first."),
}, after=lambda ctx, v: (None, None) if ctx.v.burning.allowed else
   ([_inactive("zh", "本玩法不能烧牌，此条不起作用。")], [_inactive("en", "There is no burning here, so this rule does not apply.")]))

group("烧牌之后", "After the burn")
burn_bool("burning.first_play_needs_joker",
          ("打掉级牌的那一手也必须挂王；以后每一手（最后一手除外）都必须挂王。",
           "The burning play itself must carry a joker, and so must every later play but the last."),
          ("打掉级牌的那一手不必挂王；此后烧牌者每一手（最后一手除外）都必须挂王，直到出完。",
           "The burning play itself needs no joker; after it, every play of the burner but the last must carry a joker until they are out."))


@rule("burning.failure_leader", "burning", members=("burned_player", "next_player"))
def _(ctx, value):
    low = ctx.lowest_places()[:2]
    names_zh = "、然后".join(ctx.place_zh(p) for p in low)
    names_en = T("first ") + join([plain(ctx.place_zh(p)) for p in low], "en", ",", "then")
    zh = T("**烧牌失败**：烧牌者有一手（最后一手除外）没有挂王，就是烧牌失败，判为最末的空余名次（先{p}），手中的牌作废，本局不再出牌。", p=names_zh)
    en = T("**A failed burn**: a burner who makes a play without a joker before their last has failed; they take the lowest free place ({p}), and their cards leave play.", p=names_en)
    _enum_member("burning.failure_leader", value)
    if value == "burned_player":
        zh += T("被烧的级牌仍然可以被别人烧或由对家打，否则由被烧者重新发牌。")
        en += T(" The burned gouji play may still be burned or answered by the opposite; otherwise the burned player leads.")
    elif value == "next_player":
        zh += T("接着由下家发牌。")
        en += T(" The next player leads.")
    else:
        raise no_sentence("burning.failure_leader", value)
    blocks = said(zh, en)
    note = _no_burning(ctx)
    if note:
        blocks[0].append(_inactive("zh", note[0]))
        blocks[1].append(_inactive("en", note[1]))
    return blocks

burn_bool("burning.lift",
          ("**[[解烧]]**：烧牌后，烧牌者出的任何一手牌被任何人打上，就算解烧，烧牌者不受罚，照常出牌。",
           "**[[解烧|Lifting a burn]]**: if anyone beats any play of the burner, the burn is lifted without penalty and the burner plays on as usual."),
          ("烧牌不能被解除：烧牌者必须按规则出完。", "A burn cannot be lifted: the burner must play out under the burn rule."))
burn_bool("burning.counter_burn",
          ("**[[反烧]]**：级牌被烧后，被烧的人还可以烧回烧牌者的牌。", "**[[反烧|Counter-burn]]**: the burned player may burn the burner's play back."),
          ("不能反烧：被烧的人不能烧回烧牌者。", "There is no counter-burn (反烧): the burned player may not burn the burner back."))

# ---- headless and the free-for-all ------------------------------------------------------------

group("无头", "Headless (无头)")
enum_rule("headless.cause", "headless", {
    "opposite_out": ("**[[无头]]**：四户乱缠之前，对家已经走科的玩家称为无头。", "**[[无头|Headless]]**: before the free-for-all, a player whose opposite has gone out is headless."),
    "opposite_out_or_revolution": ("**[[无头]]**：四户乱缠之前，对家已经走科或者革命的玩家称为无头。",
                                   "**[[无头|Headless]]**: before the free-for-all, a player whose opposite has gone out or sits out in revolution is headless."),
    "opposite_of_first_out": ("**[[无头]]**：四户乱缠之前，{p1}的对家称为无头。", "**[[无头|Headless]]**: before the free-for-all, the opposite of the first player out ({p1}) is headless."),
}, extra=lambda ctx, v: {"p1": ctx.place_zh(1)})
enum_rule("headless.scope", "headless", {
    "gouji_plays": ("无头者可以打任何人的级牌，任何人也可以打无头者的级牌，都不算烧牌；无头者不能烧牌，也不会被烧。",
                    "A headless player may answer anyone's gouji play, and anyone may answer theirs; neither is a burn. Headless players neither burn nor are burned."),
    "any_play": ("无头者可以打任何人的任何牌，任何人也可以打无头者的任何牌，都不算烧牌。",
                 "A headless player may answer any play of anyone, and anyone may answer any play of theirs; none of it is a burn."),
})
bool_rule("headless.pass_loses_gouji", "headless",
          ("无头者对非级牌过了牌，本轮就不能再打别人的级牌。", "A headless player who passed a non-gouji play may no longer answer others' gouji plays in that round."),
          ("无头者过牌后，本轮仍然可以打别人的级牌。", "Passing does not take away a headless player's right to answer gouji plays in that round."))

group("四户乱缠", "The free-for-all (四户乱缠)")


@rule("chaos.starts_at", "headless")
def _(ctx, value):
    decided = ctx.v.table.players - value
    if decided == 2:
        when_zh = T("，例如{a}、{b}产生之后（烧牌失败者也算已出局）", a=ctx.place_zh(1), b=ctx.place_zh(2))
        when_en = T(" (once the first two places are decided, failed burners counted)")
    else:
        when_zh, when_en = T("（烧牌失败者也算已出局）"), T(" (failed burners count as out)")
    return said(T("**[[四户乱缠]]**：当还有牌的人不超过{n}个时{w}，进入乱缠：不再按级牌、过牌、让牌、烧牌的规则出牌，但仍按顺序出牌。", n=value, w=when_zh),
                T("**The [[四户乱缠|free-for-all]]**: once at most {n} players hold cards{w}, the gouji-play, passing, deferring and burning rules no longer apply; play still goes round in order.",
                  n=num(value), w=when_en))


bool_rule("chaos.after_first_out_with_revolution", "headless",
          ("有人革命的一局，{p1}一产生就进入四户乱缠。", "In a game with a revolutionary, the free-for-all starts as soon as the first player is out."),
          ("有人革命时，乱缠开始的时间照常计算。", "A revolution does not change when the free-for-all starts."),
          extra=lambda ctx, v: {"p1": ctx.place_zh(1)},
          inactive=lambda ctx: None if ctx.v.revolution.allowed or not ctx.v.chaos.after_first_out_with_revolution else
          ("本玩法不革命，此条不起作用。", "There is no revolution here, so this rule does not apply."))


@rule("chaos.lead_return_circles", "headless")
def _(ctx, value):
    return said(T("乱缠时，无论出什么牌，要重新获得发牌权，需要其他人都过牌{c}。", c=circles(value, "zh")),
                T("In the free-for-all, whatever the play, its player leads again after {c} of passes.", c=circles(value, "en")))


bool_rule("chaos.pass_keeps_right", "headless",
          ("乱缠时过牌不失去出牌权，本轮以后仍然可以出牌。", "In the free-for-all a pass loses nothing: a player who passed may still play later in the round."),
          ("乱缠时过牌后，本轮不能再出牌。", "In the free-for-all a player who passed may not play again in that round."))

# ---- end of the game ---------------------------------------------------------------------------

group(None)
enum_rule("end.ends_when", "end", {
    "one_team_left": ("当所有还有牌的人都属于同一方时，本局结束。", "The game ends when every player still holding cards is on one team."),
    "all_out": ("所有的牌都出完、只剩一人有牌时，本局结束：同一方的人也要继续出牌，最后有牌的人排在最末。",
                "The game ends when all cards are played: teammates play on against each other until one player is left holding cards, who takes the last free place."),
})


def _remaining_inactive(ctx):
    # Under all_out only one player is left holding cards, unless a sweep ends the game early.
    if ctx.v.end.ends_when == "all_out" and not ctx.v.end.sweep:
        return ("本局打到只剩一人有牌为止，此条不起作用。", "Play goes on until one player is left holding cards, so this rule does not apply.")
    return None


bool_rule("end.remaining_by_cards", "end",
          ("结束时还有牌的人按剩余张数排名次，剩得少的在前；张数相同的，按出牌顺序从最后走科者的下家排起。",
           "Players still holding cards at the end are placed by the cards they hold, fewer first; ties go in playing order from the seat after the last player out."),
          ("结束时还有牌的人不看剩余张数，按出牌顺序从最后走科者的下家排起。",
           "Players still holding cards at the end are placed in playing order from the seat after the last player out, whatever cards they hold."),
          inactive=_remaining_inactive)
bool_rule("end.sweep", "end",
          ("**[[串三户]]**：一方包揽头三名时，本局立即结束，另一方三人{how}。",
           "**[[串三户|Sweep]]**: when one team takes the first three places, the game ends at once; the other three are placed {how_en}."),
          ("没有串三户的规定。", "There is no sweep rule."),
          extra=lambda ctx, v: {"how": "按剩余张数排名" if ctx.v.end.remaining_by_cards else "按出牌顺序排名",
                                "how_en": "by cards left" if ctx.v.end.remaining_by_cards else "in playing order"})


@rule("end.places", "end")
def _(ctx, rows):
    out = []
    for lang in LANGS:
        table = generic_table("end.places", rows, lang)
        intro = T("[[名次]]按出完牌的先后排列，各有名称：") if lang == "zh" else T("The [[名次|places]], in the order players go out, have names:")
        out.append([Para(intro), table])
    return tuple(out)


# ---- tribute -------------------------------------------------------------------------------------

_TRIBUTE_EN = {"men": "threes tribute", "shao": "burn tribute", "dian": "open tribute", "luo": "place tribute"}


def _tribute_name(kind: str, lang: str) -> Text:
    member = m.TRIBUTE_KIND.members[kind]
    if lang == "zh":
        return plain(member.zh)
    if kind not in _TRIBUTE_EN:
        raise RulebookError(f"no English name for the tribute kind {kind}")
    return T("{e} ({z})", e=_TRIBUTE_EN[kind], z=member.zh)


def _no_tribute(ctx):
    if not ctx.v.tribute.enabled:
        return ("本玩法不进贡，此条只说明规则文件的设定。", "No tribute changes hands here: this setting is not in play.")
    return None


def _graduation_counts(ctx):
    """Without tribute, 点贡 levels still count where they graduate a player (open next game)."""
    if not ctx.v.tribute.enabled and ctx.v.tribute.dian_graduation:
        return ("本玩法不进贡，但点贡级数照常累计：按最高级“应进”点贡的玩家，下一局照样自动算开点（影响点贡分）。",
                "No cards change hands here, but the levels are still counted: a player who would pay at the top level is open in the next game (which counts for the open points).")
    return None


def tribute_rule(key, members: tuple[str, ...] | None = None, note: Callable | None = None):
    def deco(fn):
        def wrapped(ctx, value):
            zh, en = fn(ctx, value)
            zh, en = _blocks(zh), _blocks(en)
            note_ = note(ctx) if note else None
            if note_:
                zh.append(Note("reading", plain("注意"), T(note_[0])))
                en.append(Note("reading", plain("Mind"), T(note_[1])))
                return zh, en
            off = _no_tribute(ctx)
            if off:
                zh.append(_inactive("zh", off[0]))
                en.append(_inactive("en", off[1]))
            return zh, en
        rule(key, "tribute", members)(wrapped)
        return fn
    return deco


group(None)


@rule("tribute.enabled", "tribute")
def _(ctx, value):
    if value:
        return said(T("**[[进贡]]**：从第二局起，发完牌后、出牌前，按上一局的结果进贡：进贡者把手中最大的牌交给收贡者。[[还贡]]见本章后面。"),
                    T("**[[进贡|Tribute]]**: from the second game on, after the deal and before play, tribute is paid according to the previous game: the payer hands their highest cards to the receiver. The [[还贡|return]] of cards is described at the end of this chapter."))
    return said(T("**不进贡**：本玩法没有进贡和还贡，牌不易手。"), T("**No tribute**: in this variant no tribute or return cards change hands."))


@tribute_rule("tribute.order")
def _(ctx, value):
    return (T("进贡的种类和先后顺序：") + join([_tribute_name(k, "zh") for k in value], "zh", "、") + plain("。"),
            T("The kinds of tribute, in the order they are paid: ") + join([_tribute_name(k, "en") for k in value], "en", ",", "then") + plain("."))


group("落贡", "Place tribute (落贡)")


@tribute_rule("tribute.luo")
def _(ctx, rows):
    key = "tribute.luo"
    check_columns(m.LuoTribute, ("payer", "receiver", "count"), key)
    active = "luo" in ctx.v.tribute.order
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("进贡者" if zh else "payer (进贡者)"), plain("收贡者" if zh else "receiver (收贡者)"),
                plain("张数" if zh else "cards (张数)")]
        trows = [TRow([plain(f"{ctx.place_zh(r.payer)}（第{r.payer}名）") if zh else ctx.place_en(r.payer),
                       plain(f"{ctx.place_zh(r.receiver)}（第{r.receiver}名）") if zh else ctx.place_en(r.receiver),
                       plain(r.count)], anchor_of(f"{key}[{i}]")) for i, r in enumerate(rows)]
        intro = (T("**[[落贡]]**：后几名向前几名进贡，每人进最大的牌：") if zh else
                 T("**[[落贡|Place tribute]]**: the last places pay the first, each their highest cards:"))
        blocks = [Para(intro), Table(head, trows, numeric=(2,))] if rows else [Para(T("没有落贡。") if zh else T("There is no place tribute."))]
        if not active and rows:
            blocks.append(_inactive(lang, "落贡不在进贡种类中，此表不起作用。" if zh else "Place tribute is not among the tribute kinds, so this table does not apply."))
        out.append(blocks)
    return tuple(out)


@tribute_rule("tribute.sweep_luo", members=("as_usual", "to_own_opposite"))
def _(ctx, value):
    if value == "as_usual":
        zh, en = T("串三户时落贡照常。"), T("After a sweep (串三户) the place tribute is paid as usual.")
    elif value == "to_own_opposite":
        zh, en = (T("串三户时不按上表：输的三家各向自己的对家进一张落贡。"),
                  T("After a sweep (串三户) the table above does not apply: each of the three losers gives one card to their own opposite."))
    else:
        raise no_sentence("tribute.sweep_luo", value)
    zh, en = [Para(zh)], [Para(en)]
    if not ctx.v.end.sweep:
        zh.append(_inactive("zh", "本玩法没有串三户，此条不起作用。"))
        en.append(_inactive("en", "There is no sweep here, so this rule does not apply."))
    return zh, en

group("点贡", "Open tribute (点贡)")


@tribute_rule("tribute.dian")
def _(ctx, rows):
    key = "tribute.dian"
    check_columns(m.DianRow, ("declared", "opened", "me_gives", "opp_gives"), key)
    v = ctx.v
    declared_cases = DECLARED_CASES if v.open.declare else ("neither",)
    cases = [(d, o) for d in declared_cases for o in OPENED_CASES]
    index = {(r.declared, r.opened): i for i, r in enumerate(rows)}
    shown: set[int] = set()
    dtype, otype = m.DianRow.__dataclass_fields__["declared"].metadata["type"], m.DianRow.__dataclass_fields__["opened"].metadata["type"]
    etype = m.DianRow.__dataclass_fields__["me_gives"].metadata["type"]
    active = "dian" in v.tribute.order
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("宣点" if zh else "declared (宣点)"), plain("开点" if zh else "opened (开点)"),
                plain("我进（给对家）" if zh else "I give (我进)"), plain("对家进（给我）" if zh else "my opposite gives (对家进)"),
                plain("依据" if zh else "from")]
        trows = []
        for d, o in cases:
            cell_ = dian_cell(rows, d, o)
            if cell_ is None:
                raise RulebookError(f"the 点贡 table has no case for declared={d}, opened={o}")
            me, opp = cell_
            if (d, o) in index:
                i = index[(d, o)]
                shown.add(i)
                source = T("第{i}行", i=i + 1) if zh else T("row {i}", i=i + 1)
                trows.append(TRow([cell(dtype, d, lang), cell(otype, o, lang), code(me.text), code(opp.text), source],
                                  anchor_of(f"{key}[{i}]")))
            else:
                i = index[(SWAP[d], SWAP[o])]
                source = T("第{i}行对调", i=i + 1) if zh else T("row {i}, mirrored", i=i + 1)
                trows.append(TRow([cell(dtype, d, lang), cell(otype, o, lang), code(me.text), code(opp.text), source], muted=True))
        for i, r in enumerate(rows):   # rows no case reaches (宣点 rows without 宣点): shown all the same
            if i not in shown:
                source = T("第{i}行（本玩法不宣点，用不到）", i=i + 1) if zh else T("row {i} (unused: no declaring)", i=i + 1)
                trows.append(TRow([cell(dtype, r.declared, lang), cell(otype, r.opened, lang), code(r.me_gives.text),
                                   code(r.opp_gives.text), source], anchor_of(f"{key}[{i}]"), muted=True))
        if zh:
            intro = T("**[[点贡]]**在每一对对家之间结算。下表从“我”（一对对家中的任一方）看：按谁宣了点、谁开了点，我给对家几张，对家给我几张。标“对调”的行由规则文件中的另一行交换双方得到。")
        else:
            intro = T("**[[点贡|Open tribute]]** is settled within each pair of opposites. The table is seen from 'me' (either player of the pair): by who declared and who opened, how many cards I give my opposite and my opposite gives me. Rows marked 'mirrored' are another row of the rule file with the two players swapped.")
        blocks = [Para(intro), Table(head, trows, numeric=(2, 3))]
        lg = legend([r.me_gives.node for r in rows] + [r.opp_gives.node for r in rows], etype, lang)
        if lg:
            blocks.append(lg)
        if not active:
            blocks.append(_inactive(lang, "点贡不在进贡种类中，此表不起作用。" if zh else "Open tribute is not among the tribute kinds, so this table does not apply."))
        out.append(blocks)
    return tuple(out)


@tribute_rule("tribute.dian_max_level", note=_graduation_counts)
def _(ctx, value):
    if value == 1:
        return T("点贡不分级：每次都按1级计。"), T("The open tribute has a single level: `level` is always 1.")
    return (T("**点贡升级**：同一对对家连续几局都是一方开点、另一方没开，点贡级数（`level`）每局加1，最多{n}级。", n=value),
            T("**Rising levels**: when a pair of opposites has the same outcome (one open, the other not) in consecutive games, the level (`level`) rises by one each game, up to {n}.", n=value))


@tribute_rule("tribute.dian_graduation", note=_graduation_counts)
def _(ctx, value):
    if value:
        return (T("**[[点贡毕业]]**：按最高级（{n}级）进过点贡的玩家，下一局自动算开点。", n=ctx.v.tribute.dian_max_level),
                T("**[[点贡毕业|Graduation]]**: a player who paid the open tribute at the top level ({n}) counts as open in the next game.", n=ctx.v.tribute.dian_max_level))
    return T("没有点贡毕业。"), T("There is no graduation (点贡毕业).")


group("烧贡与闷贡", "Burn tribute and threes tribute")


@tribute_rule("tribute.shao")
def _(ctx, value):
    if value == 0 or "shao" not in ctx.v.tribute.order:
        return T("没有烧贡。"), T("There is no burn tribute (烧贡).")
    return (T("**[[烧贡]]**：每成功烧牌一次（烧牌者按规则出完），被烧者向烧牌者进{n}张。", n=value),
            T("**[[烧贡|Burn tribute]]**: for each successful burn (the burner went out under the rule), the burned player gives the burner {c}.", c=cards_en(value)))


@tribute_rule("tribute.men")
def _(ctx, value):
    if value == 0 or "men" not in ctx.v.tribute.order:
        return T("没有闷贡。"), T("There is no threes tribute (闷贡).")
    return (T("**[[闷贡]]**：憋三时，最后一手3之前的那手牌被人打掉（被“闷”住）的玩家，向打掉它的人进{n}张。", n=value),
            T("**[[闷贡|Threes tribute]]**: in threes-last play, a player whose play before their final 3s was beaten gives the player who beat it {c}.", c=cards_en(value)))


group("还贡", "Returning (还贡)")


@tribute_rule("tribute.returned")
def _(ctx, value):
    if value:
        return T("**[[还贡]]**：收了谁的贡，就要还给谁，收几张还几张。"), T("**[[还贡|Return]]**: the receiver gives the same payer back as many cards as they received.")
    return T("收贡者不还贡。"), T("Receivers return nothing.")


@tribute_rule("tribute.mutual_dian_returned")
def _(ctx, value):
    if value:
        return T("双方都没开点而互进的点贡也要还。"), T("Open tribute exchanged when neither opened is returned too.")
    return T("双方都没开点而互进的点贡不还。"), T("Open tribute exchanged when neither opened is not returned.")


@tribute_rule("tribute.return_limit", members=("none", "not_above_received"))
def _(ctx, value):
    if value == "none":
        return T("还贡可以还任何牌。"), T("Any card may be returned.")
    if value == "not_above_received":
        return T("还的牌不能大于从该进贡者处收到的最小的一张。"), T("No returned card may be higher than the lowest card received from that payer.")
    raise no_sentence("tribute.return_limit", value)


@tribute_rule("tribute.return_from_dealt")
def _(ctx, value):
    if value:
        return (T("进贡和还贡的牌只能是自己发牌时摸到的牌，不能用收到的贡牌。"),
                T("Tribute and return cards come only from the player's own dealt cards, never from cards received."))
    return T("进贡和还贡可以用手中任何牌，包括收到的贡牌。"), T("Tribute and return may use any card in hand, received cards included.")


@tribute_rule("tribute.no_single_return")
def _(ctx, value):
    if value:
        return (T("**不还单张**：收贡者不能还进贡者手中没有的点数（联邦之间除外）。"),
                T("**No singles back**: the receiver may not return a rank the payer does not hold (except between teammates)."))
    return T("还贡不受“不还单张”的限制。"), T("There is no restriction on returning singles (不还单张).")


# ---- scoring ---------------------------------------------------------------------------------

group(None)


@rule("scoring.place_points", "scoring")
def _(ctx, value):
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("名次" if zh else "place"), plain("名称" if zh else "name"), plain("名次分" if zh else "points")]
        rows = [TRow([plain(i), plain(ctx.place_zh(i)) if zh else ctx.place_en(i), plain(f"{p:+d}" if p else "0")])
                for i, p in enumerate(value, 1)]
        intro = T("**名次分**：") if zh else T("**Place points**:")
        out.append([Para(intro), Table(head, rows, numeric=(0, 2))])
    return tuple(out)


bool_rule("scoring.team_sum", "scoring",
          ("每人的得分是本方所有人名次分之和{x}。", "Each player scores the sum of their team's place points{y}."),
          ("每人只得自己的名次分{x}。", "Each player scores their own place points{y}."),
          extra=lambda ctx, v: {"x": "（再加下面的点贡分）" if ctx.v.scoring.open_points else "",
                                "y": " (plus the open points below)" if ctx.v.scoring.open_points else ""})


@rule("scoring.sweep_multiplier", "scoring")
def _(ctx, value):
    if value == 1:
        zh_b, en_b = [Para(T("串三户时名次分不变。"))], [Para(T("A sweep does not change the place points."))]
    else:
        zh_b = [Para(T("串三户时名次分乘以{n}{x}。", n=value, x="（翻倍）" if value == 2 else ""))]
        en_b = [Para(T("After a sweep the place points are multiplied by {n}.", n=value))]
    if not ctx.v.end.sweep:
        zh_b.append(_inactive("zh", "本玩法没有串三户，此条不起作用。"))
        en_b.append(_inactive("en", "There is no sweep here, so this rule does not apply."))
    return zh_b, en_b


@rule("scoring.open_points", "scoring")
def _(ctx, value):
    if value == 0:
        return said(T("开点不计分。"), T("Opening scores nothing."))
    zh = T("**点贡分**：自己开点而对家没开，得{n}分；自己没开而对家开了，扣{n}分；都开或都没开，不得分也不扣分。", n=value)
    en = T("**Open points**: opening while your opposite did not scores +{n}; the reverse scores −{n}; both or neither open, 0.", n=value)
    if not ctx.v.tribute.enabled:
        zh += T("（点贡只记分，不进贡。）")
        en += T(" (The open tribute is scored, though no cards change hands.)")
    return said(zh, en)


bool_rule("scoring.zero_sum", "scoring",
          ("每局所有人的得分加起来为零。", "The scores of a game always add up to zero."),
          ("每局的得分之和不一定为零。", "The scores of a game need not add up to zero."))

# ---- room ------------------------------------------------------------------------------------

enum_rule("room.mode", "room", {
    "normal": ("房间：**普通房间**。", "Room: **an ordinary room** (普通)."),
    "haixuan": ("房间：**海选比赛房间**：没有进贡和还贡（点贡只记分），没有最少局数，提前离开不罚分。",
                "Room: **a competition heat room** (海选): no tribute changes hands (the open tribute is only scored), there is no minimum number of games and no leaving penalty."),
})


@rule("room.min_games", "room")
def _(ctx, value):
    if value == 0:
        return said(T("没有最少局数的限制，随时可以离开。"), T("There is no minimum number of games: players may leave at any time."))
    return said(T("至少要打满{n}局，才能离开而不受罚。", n=value), T("A player must finish {n} games before leaving without penalty.", n=value))


@rule("room.leave_penalty", "room")
def _(ctx, value):
    if value == 0:
        return said(T("提前离开不额外罚分。"), T("Leaving early costs nothing extra."))
    return said(T("未打满局数就离开（或托管）的玩家，在当局结束后额外扣除{n}倍的分数。", n=value),
                T("A player who leaves (or hands over to the computer) before the minimum loses {n} times the game's score, at the end of that game.", n=value))


@rule("room.penalty_first_leaver_only", "room")
def _(ctx, value):
    if value:
        zh, en = T("只罚第一个离开的人，之后离开的人不再罚分。"), T("Only the first player to leave is penalised; those who leave after them are not.")
    else:
        zh, en = T("每个提前离开的人都要受罚。"), T("Every player who leaves early is penalised.")
    zh_b, en_b = [Para(zh)], [Para(en)]
    if ctx.v.room.leave_penalty == 0:
        zh_b.append(_inactive("zh", "本玩法不罚分，此条不起作用。"))
        en_b.append(_inactive("en", "There is no leaving penalty here, so this rule does not apply."))
    return zh_b, en_b


enum_rule("room.rank_by", "room", {
    "points": ("玩家级别按**积分**确定。", "Player ranks go by **points** (积分)."),
    "coins": ("玩家级别按**游戏币**确定。", "Player ranks go by **coins** (游戏币)."),
}, after=lambda ctx, v: (None, None) if ctx.v.room.ranks else
   ([_inactive("zh", "本玩法没有级别表，此条不起作用。")], [_inactive("en", "There is no rank table here, so this rule does not apply.")]))


@rule("room.ranks", "room")
def _(ctx, rows):
    if not rows:
        return said(T("没有玩家级别表。"), T("There is no player rank table."))
    check_columns(m.PlayerRank, ("title", "points_min", "coins_min"), "room.ranks")
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("级别" if zh else "rank (级别)"), plain("积分" if zh else "points"), plain("游戏币" if zh else "coins")]
        trows = []
        for i, r in enumerate(rows):
            nxt = rows[i + 1] if i + 1 < len(rows) else None

            def span(low, high):
                if high is None:
                    return plain(f"{low}以上" if zh else f"{low} or more")
                return plain(f"{low}–{high - 1}")
            trows.append(TRow([plain(r.title), span(r.points_min, nxt.points_min if nxt else None),
                               span(r.coins_min, nxt.coins_min if nxt else None)], anchor_of(f"room.ranks[{i}]")))
        intro = (T("**玩家级别**（从{a}到{b}）：", a=rows[0].title, b=rows[-1].title) if zh else
                 T("**Player ranks** (from {a} to {b}):", a=rows[0].title, b=rows[-1].title))
        out.append([Para(intro), Table(head, trows, numeric=(1, 2))])
    return tuple(out)


# ---- sources and decisions (the appendix) ----------------------------------------------------------

@rule("about.sources", "sources")
def _(ctx, rows):
    out = []
    for lang in LANGS:
        intro = (T("本玩法的规则引自以下资料（`sources/` 目录）。引用写作 000:L15，即资料000第15行；所引原文见“引用的原文”一章。") if lang == "zh" else
                 T("The rules cite these documents (in `sources/`). A citation 000:L15 is line 15 of document 000; the cited lines are quoted in the chapter ‘Cited source lines’."))
        out.append([Para(intro), generic_table("about.sources", rows, lang)])
    return tuple(out)


@rule("about.decisions", "sources")
def _(ctx, rows):
    out = []
    for lang in LANGS:
        intro = (T("资料没有说明或相互矛盾的地方，项目在 RULES.md 中作了决定（内容为英文原文）。规则后面标有“决定”的，就是按这些决定补上的：") if lang == "zh" else
                 T("Where the sources are silent or contradict each other, the project decided (RULES.md). Rules marked with a decision fill a gap that way:"))
        out.append([Para(intro), generic_table("about.decisions", rows, lang)])
    return tuple(out)


# ---- readings of the engine: true of every variant (the flow is shared) -------------------------------

READINGS: dict[str, list[tuple[str, str]]] = {
    "course": [("不能打或无权打的人由系统自动过牌（要不起），不会被询问，也不会只为让牌而被询问；扣牌也是自动的。",
                "Players who cannot or may not answer are passed without being asked, even where they could defer (让牌): whatever beats the play later in the round would beat it too; closing a dead play (扣牌) is automatic.")],
    "burning": [("烧牌者有一手（最后一手除外）没挂王时立即判为失败，手中的牌退出本局。烧牌者按规则出完即为烧牌成功。",
                 "A burner's non-last play without a joker fails the burn at once, and their cards leave play. A burn succeeds when the burner goes out under the rule.")],
    "tribute": [("进贡的牌是进贡者手中最大的牌；还贡的牌是收贡者手中允许还的最小的牌。因两人以上革命而重新发牌时，贡牌也从新发的牌中重新进。",
                 "Tribute cards are the payer's highest; returned cards are the receiver's lowest allowed ones. After a redeal (two revolutionaries or more), tribute is paid again from the new hands.")],
}


# =============================================================================
# Worked examples, computed by the variant's engine
# =============================================================================

def engine_for(v: m.Variant):
    """The variant's engine, generated from this very model (what `gouji build` writes), loaded in memory."""
    from gouji_dsl.backends.codegen import GenerationError, engine_module

    try:
        return engine_module(v)
    except GenerationError as exc:
        raise RulebookError(f"variant '{v.name}' has no engine to compute the rulebook's examples: {exc}") from None


def _vector(**counts) -> tuple:
    vec = [0] * 15
    for name, count in counts.items():
        vec[CARDS.index(name)] += count
    return tuple(vec)


def _pool() -> tuple:
    """Plenty of every card but 3 (3s are special under 憋三): what the searches draw from."""
    return tuple([0] + [4] * 11 + [4, 4, 4])


@dataclass
class BeatCase:
    lead: str
    play: str
    beats: bool
    why_zh: Text
    why_en: Text
    what: str          # the kind of example (plain, filler, size, small_joker, big_joker)


@dataclass
class Examples:
    beats: list[BeatCase]
    nothing_beats: list[str]
    gouji: list[tuple[str, str | None, int, bool, str]]    # cards, rank, size, gouji, why
    opens: list[tuple[str, bool]]
    burn: dict | None
    tribute: list[dict]   # samples: {result, tributes, scores, sweep}


def _effective(play) -> list[int]:
    rank, natural, fillers, small, big = play
    return sorted([14] * big + [13] * small + [rank] * (natural + fillers), reverse=True)


def _value_name(value: int) -> str:
    return CARDS[value]


def compare_story(v: m.Variant, play, lead) -> tuple[bool, Text, Text]:
    """Why `play` beats `lead` or not, following the rule text (D2, D3); checked against the engine by the caller."""
    a, led = _effective(play), _effective(lead)
    zh_parts: list[Text] = []
    en_parts: list[Text] = []
    if play[2] and play[0] >= 0 and play[0] != 12:
        zh_parts.append(T("贴上的2当作{r}", r=CARDS[play[0]]))
        en_parts.append(T("the 2s count as {r}s", r=CARDS[play[0]]))
    if v.plays.big_joker_doubling:
        b = led.count(14)
        if b:
            if a.count(14) < 2 * b:
                return (False, T("{b}张大王要用{c}张大王来打", b=b, c=2 * b),
                        T("{b} needs {c}", b=plural(b, "big joker"), c=plural(2 * b, "big joker")))
            zh_parts.append(T("{c}张大王管住{b}张大王", b=b, c=2 * b))
            en_parts.append(T("{c} take the {b}", c=plural(2 * b, "big joker"), b=plural(b, "big joker")))
            a, led = a[2 * b:], led[b:]
    if v.plays.same_size and len(a) != len(led):
        return (False, T("张数不同（{x}张对{y}张）", x=len(a), y=len(led)),
                T("different sizes ({x} cards against {y})", x=len(a), y=len(led)))
    if v.plays.compare != "card_by_card":
        raise RulebookError(f"no worked comparison for plays.compare = {v.plays.compare}")
    pairs_zh, pairs_en = [], []
    for x, y in zip(a, led):
        if x > y:
            pairs_zh.append(f"{_value_name(x)}>{_value_name(y)}")
            pairs_en.append(f"{_value_name(x)} > {_value_name(y)}")
        else:
            fail_zh = T("{x}不比{y}大", x=_value_name(x), y=_value_name(y))
            fail_en = T("{x} is not higher than {y}", x=_value_name(x), y=_value_name(y))
            return False, _semi(zh_parts + [fail_zh], "zh"), _semi(en_parts + [fail_en], "en")
    return (True, _semi(zh_parts + [T("逐张比较：{p}", p="，".join(pairs_zh))], "zh"),
            _semi(en_parts + [T("card by card: {p}", p=", ".join(pairs_en))], "en"))


def _semi(parts: list[Text], lang: str) -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out += plain("；" if lang == "zh" else "; ")
        out += part
    return out


def _simplest(plays) -> list:
    """Plays in an order of our own (engines list them differently): fewest jokers,
    then fewest fillers, lowest rank, most cards of the rank itself."""
    return sorted(plays, key=lambda p: (p[3] + p[4], p[2], p[0], -p[1], p[3], p[4]))


def _beat_examples(v: m.Variant, e) -> tuple[list[BeatCase], list[str]]:
    pool = _pool()
    plays = sorted(e.plays(pool))
    fmt = e.format_cards
    cases: list[BeatCase] = []
    nothing: list[str] = []

    def add(lead, play, what):
        verdict = bool(e.beats(play, lead))
        ok, zh, en = compare_story(v, play, lead)
        if ok != verdict:
            raise RulebookError(f"{v.name}: the rulebook's comparison of {fmt(play)} with {fmt(lead)} "
                                f"disagrees with the engine ({ok} vs {verdict})")
        cases.append(BeatCase(fmt(lead), fmt(play), verdict, zh, en, what))

    def first(items, pred):
        return next((p for p in items if pred(p)), None)

    # 1. A plain play: three of a middle rank that is not a 级牌.
    lead = first(plays, lambda p: p[0] >= 4 and p[1] == 3 and p[2:] == (0, 0, 0) and not e.classify(_cards(p)).gouji)
    if lead is None:
        raise RulebookError(f"{v.name}: no plain play found for the comparison examples")
    answers = _simplest(e.answers(pool, lead))
    yes = first(answers, lambda p: p[2:] == (0, 0, 0))
    if yes:
        add(lead, yes, "plain")
    if v.cards.filler:
        yes2 = first(answers, lambda p: p[1] >= 1 and p[2] >= 1 and p[3:] == (0, 0))
        if yes2:
            add(lead, yes2, "filler")
    no = first(plays, lambda p: p[0] > lead[0] and p[1] == lead[1] + 1 and p[2:] == (0, 0, 0) and not e.beats(p, lead))
    if no is None:
        no = lead
    add(lead, no, "size")
    # 2. A small joker in the lead.
    lead_sj = first(plays, lambda p: p[0] == lead[0] and p[1] == 2 and p[2:] == (0, 1, 0))
    if lead_sj:
        yes = first(_simplest(e.answers(pool, lead_sj)), lambda p: p[0] >= 0 and p[2] == 0 and p[3] == 0)
        if yes:
            add(lead_sj, yes, "small_joker")
        no = first(plays, lambda p: p[0] > lead_sj[0] and p[1] == 2 and p[2:] == (0, 1, 0))
        if no:
            add(lead_sj, no, "small_joker")
    # 3. A big joker in the lead.
    lead_bj = first(plays, lambda p: p[0] == lead[0] and p[1] == 2 and p[2:] == (0, 0, 1))
    if lead_bj:
        answers = _simplest(e.answers(pool, lead_bj))
        yes = first(answers, lambda p: p[0] >= 0 and p[2] == 0 and p[3] == 0)
        if yes:
            add(lead_bj, yes, "big_joker")
        elif not answers:
            nothing.append(fmt(lead_bj))
        no = first(plays, lambda p: p[0] > lead_bj[0] and p[1] == 2 and p[2:] == (0, 0, 1))
        if no:
            add(lead_bj, no, "big_joker")
    return cases, nothing


def _cards(play) -> tuple:
    rank, natural, fillers, small, big = play
    vec = [0] * 15
    if rank >= 0 and natural:
        vec[rank] += natural
    vec[12] += fillers
    vec[13] += small
    vec[14] += big
    return tuple(vec)


def _gouji_examples(v: m.Variant, e) -> list:
    out = []
    fmt = e.format_cards

    def add(vec, why):
        c = e.classify(vec)
        if not c.valid:
            raise RulebookError(f"{v.name}: example {fmt(vec)} is not a legal play")
        out.append((fmt(vec), c.rank, c.size, bool(c.gouji), why))

    rows = v.gouji.thresholds
    pick = next((r for r in rows if 2 <= r.at_least <= 4 and r.rank in CARDS[:12]), None) or rows[0]
    if pick.at_least >= 1:
        add(_vector(**{pick.rank: pick.at_least}), "threshold")
        if pick.at_least >= 2:
            add(_vector(**{pick.rank: pick.at_least - 1}), "below")
    listed = {r.rank for r in rows}
    if v.cards.filler:
        big = next((r for r in rows if r.at_least >= 3 and r.rank in CARDS[:12]), None)
        if big:
            add(_vector(**{big.rank: big.at_least - 2, v.cards.filler: 2}), "filler")
        low = next((c for c in reversed(CARDS[1:12]) if c not in listed), None)
        if low and big:
            add(_vector(**{low: big.at_least - 2, v.cards.filler: 2}), "filler_low")
    low = next((c for c in CARDS[1:12] if c not in listed), None)
    if low and v.cards.jokers:
        add(_vector(**{low: 1, v.cards.jokers[0]: 1}), "joker")
    return out


def _open_examples(v: m.Variant, e) -> list:
    fmt = e.format_cards
    listed = {r.rank: r.at_least for r in v.gouji.thresholds}
    samples = []
    single = next((c for c, k in listed.items() if k == 1), None)
    if single:
        samples.append(_vector(**{single: 1}))
    pair = next((c for c, k in listed.items() if k == 2 and c in CARDS[:12]), None)
    if pair:
        samples.append(_vector(**{pair: 2}))
    low = next((c for c in CARDS[1:12] if c not in listed), None)
    if low and v.cards.jokers:
        samples.append(_vector(**{low: 2, v.cards.jokers[0]: 1}))
    if low:
        samples.append(_vector(**{low: 2}))
    out = []
    for vec in samples:
        c = e.classify(vec)
        if c.valid:
            out.append((fmt(vec), bool(e.opens(c.play))))
    return out


def _burn_example(v: m.Variant, e) -> dict | None:
    """A hand that may burn a 级牌 and the same hand with one more card that may not."""
    if not v.burning.allowed:
        return None
    from gouji_dsl.backends.reference import Reference
    ref = Reference(v)
    rows = sorted(v.gouji.thresholds, key=lambda r: (abs(r.at_least - 3), CARDS.index(r.rank)))
    seen = set()  # every verdict met: a condition such as `yes` or `no` gives one only
    for row in rows:
        t = CARDS.index(row.rank)
        if t >= 11:
            continue
        target = e.classify(_vector(**{row.rank: row.at_least})).play
        if target is None or not e.classify(_cards(target)).gouji:
            continue
        beater = CARDS[t + 1]
        base = {beater: row.at_least, "BJ": 1}
        extras = [c for c in CARDS[1:12] if c not in (row.rank, beater)]
        hands = [dict(base)]
        for c in extras:
            nxt = dict(hands[-1])
            nxt[c] = nxt.get(c, 0) + 1
            hands.append(nxt)
        verdicts = [bool(e.can_burn(_vector(**h), target)) for h in hands]
        seen.update(verdicts)
        for i in range(len(hands) - 1):
            if verdicts[i] and not verdicts[i + 1]:
                good, bad = _vector(**hands[i]), _vector(**hands[i + 1])
                return {"target": e.format_cards(target), "target_play": target,
                        "good": e.format_cards(good), "bad": e.format_cards(bad),
                        "good_detail": _burn_detail(v, e, ref, good, target, True),
                        "bad_detail": _burn_detail(v, e, ref, bad, target, False)}
    if len(seen) == 1:
        return None  # the condition is the same for every hand: there is no pair to contrast
    raise RulebookError(f"{v.name}: no burn example found")


def _burn_detail(v, e, ref, hand, target, expect: bool) -> dict:
    """The play that burns (or the natural answer, for a failing hand), its rest and the condition's parts."""
    from gouji_dsl.model.expr import evaluate
    from gouji_dsl.runtime.cards import minus

    b = v.burning
    fns = ref._functions()
    chosen = None
    for play in _simplest(e.answers(hand, target)):
        if b.first_play_needs_joker and not (play[3] or play[4]):
            continue
        rest = minus(hand, play)
        ok = bool(evaluate(b.condition, {"hand": tuple(hand), "rest": rest}, fns))
        if ok == expect or (not expect and chosen is None):
            chosen = (play, rest, ok)
            if ok == expect and (expect or not (play[3] or play[4])):
                break
    if chosen is None:
        raise RulebookError(f"{v.name}: no play of {e.format_cards(hand)} beats {e.format_cards(target)}")
    play, rest, ok = chosen
    if ok != expect:
        raise RulebookError(f"{v.name}: the burn example disagrees with the rule's condition")
    parts = []

    def walk(node):
        if isinstance(node, n.Call):
            formula = Formula(node.func.id, node, "")
            value = evaluate(formula, {"hand": tuple(hand), "rest": rest}, fns)
            text = f"{node.func.id}({', '.join(_arg_text(a) for a in node.args)})"
            parts.append((text, value))
            for a in node.args:
                walk(a)
        elif isinstance(node, n.Unary):
            walk(node.operand)
        elif isinstance(node, n.Binary):
            walk(node.left)
            walk(node.right)
    walk(b.condition.node)
    sets_rest = sum(1 for i in range(12) if rest[i])
    return {"play": e.format_cards(play), "rest": e.format_cards(rest) or "—", "ok": ok, "parts": parts,
            "rest_sets": sets_rest, "rest_jokers": rest[13] + rest[14],
            "uses_carry": "carry_rule" in used_names(b.condition.node)[0]}


def _arg_text(node) -> str:
    if isinstance(node, n.Name):
        return node.id
    if isinstance(node, n.Int):
        return str(node.value)
    return "…"


def _tribute_samples(v: m.Variant, e) -> list[dict]:
    """Sample results accepted by the engine: an ordinary game, and a sweep if the variant has one."""
    from gouji_dsl.runtime.cards import ResultError

    team = {s: i for i, t in enumerate(v.table.teams) for s in t}
    players = v.table.players
    opposite = {}
    for a, b in v.table.opposites:
        opposite[a], opposite[b] = b, a
    seats = list(range(1, players + 1))
    # An ordinary finish: teams alternate at the top, so there is no sweep.
    first = seats[0]
    order = [first, opposite.get(first, seats[1])]
    for s in seats:
        if s not in order and team[s] == team[first]:
            order.append(s)
            break
    rest = [s for s in seats if s not in order]
    finish = order + rest
    if len({team[s] for s in finish[:3]}) == 1:
        finish = finish[:2] + finish[3:4] + finish[2:3] + finish[4:]
    opened = sorted({finish[0], finish[3], finish[4]})
    results = []
    base = {"finish": finish, "opened": opened}
    extras = {}
    if v.open.declare:
        extras["declared"] = [finish[2]]
    if v.burning.allowed and v.tribute.shao and "shao" in v.tribute.order:
        extras["burns"] = [[finish[0], finish[-1]]]
    if v.threes.threes_last and v.tribute.men and "men" in v.tribute.order:
        extras["men"] = [[finish[4], finish[3]]]
    if v.tribute.dian_max_level > 1:
        extras["previous"] = [{"opened": [finish[0]]}]
    candidates = [dict(base, **extras)]
    for drop in ("men", "burns", "declared", "previous"):
        if drop in extras:
            trimmed = {k: x for k, x in extras.items() if k != drop}
            candidates.append(dict(base, **trimmed))
    candidates.append(dict(base))
    ordinary = None
    for result in candidates:
        try:
            ordinary = {"result": result, "tributes": e.tributes(result), "scores": e.score(result), "sweep": False}
            break
        except ResultError:
            continue
    if ordinary is None:
        raise RulebookError(f"{v.name}: the engine accepts none of the sample results")
    results.append(ordinary)
    if v.end.sweep:
        winners = [s for s in seats if team[s] == team[first]][:3]
        losers = [s for s in seats if s not in winners]
        sweep = {"finish": winners + losers, "opened": sorted({winners[0], losers[0]})}
        try:
            results.append({"result": sweep, "tributes": e.tributes(sweep), "scores": e.score(sweep), "sweep": True})
        except ResultError:
            pass
    return results


_EXAMPLES: dict[tuple[str, str], Examples] = {}


def examples_for(v: m.Variant) -> Examples:
    """The worked examples of a variant, computed once per engine source."""
    from gouji_dsl.backends.codegen import GenerationError, module_from_source, render_engine

    try:
        source = render_engine(v)
    except GenerationError as exc:
        raise RulebookError(f"variant '{v.name}' has no engine to compute the rulebook's examples: {exc}") from None
    key = (v.name, source)
    if key not in _EXAMPLES:
        if len(_EXAMPLES) > 32:
            _EXAMPLES.clear()
        _EXAMPLES[key] = compute_examples(v, module_from_source(v.name, source))
    return _EXAMPLES[key]


def compute_examples(v: m.Variant, e) -> Examples:
    """Every worked example of the rulebook, from engine `e` (any engine with the generated API)."""
    beats, nothing = _beat_examples(v, e)
    return Examples(beats=beats, nothing_beats=nothing, gouji=_gouji_examples(v, e), opens=_open_examples(v, e),
                    burn=_burn_example(v, e), tribute=_tribute_samples(v, e))


# --- examples as blocks ---------------------------------------------------------------------

def example_items(ctx: Ctx, ex: Examples, chapter: str, lang: str) -> list[ExampleItem]:
    zh = lang == "zh"
    v = ctx.v
    items: list[ExampleItem] = []
    if chapter == "plays":
        head = [plain(x) for x in (("先出的牌", "应手", "打得过吗", "为什么") if zh else ("lead", "answer", "beats it?", "why"))]
        rows = [TRow([code(c.lead), code(c.play), plain(("打得过" if c.beats else "打不过") if zh else ("yes" if c.beats else "no")),
                      c.why_zh if zh else c.why_en]) for c in ex.beats]
        blocks = [Para(T("下面每一行都由本玩法的引擎判定（`beats`）：") if zh else
                       T("Each row below is decided by this variant's engine (`beats`):")), Table(head, rows)]
        for lead in ex.nothing_beats:
            blocks.append(Para(T("`{c}`：引擎在一大把牌（每种牌各4张）中找不到任何一手能打过它的牌。", c=lead) if zh else
                               T("`{c}`: the engine finds no play at all that beats it, even from four of every card.", c=lead)))
        items.append(ExampleItem("example-beats", T("例：谁打得过谁") if zh else T("Example: which plays beat which"), blocks))
        head = [plain(x) for x in (("牌", "点数", "张数", "级牌吗") if zh else ("cards", "rank", "size", "gouji play?"))]
        rows = [TRow([code(c), code(r) if r else plain("—"), plain(s), plain(("是" if g else "不是") if zh else ("yes" if g else "no"))])
                for c, r, s, g, _why in ex.gouji]
        blocks = [Para(T("同一点数，张数够不够决定是不是级牌；下表由引擎的 `classify` 判定：") if zh else
                       T("The same rank is or is not a gouji play depending on its size; decided by the engine's `classify`:")),
                  Table(head, rows, numeric=(2,))]
        items.append(ExampleItem("example-gouji", T("例：级牌与非级牌") if zh else T("Example: gouji plays and others"), blocks))
    elif chapter == "course" and ex.opens:
        head = [plain(x) for x in (("赢得发牌权的牌", "计入开点吗") if zh else ("play that won the lead", "counts towards opening?"))]
        rows = [TRow([code(c), plain(("计入" if o else "不计入") if zh else ("yes" if o else "no"))]) for c, o in ex.opens]
        items.append(ExampleItem("example-opens", T("例：哪些牌计入开点") if zh else T("Example: which plays count towards opening"),
                                 [Para(T("由引擎的 `opens` 判定：") if zh else T("Decided by the engine's `opens`:")), Table(head, rows)]))
    elif chapter == "burning" and ex.burn:
        b = ex.burn
        blocks = [Para(T("别人（不是你的对家）出了级牌 `{t}`。下面两手牌只差一张，由引擎的 `can_burn` 判定能不能烧：", t=b["target"]) if zh else
                       T("Someone who is not your opposite plays the gouji play `{t}`. The two hands below differ by one card; the engine's `can_burn` decides:", t=b["target"]))]
        for hand_key, detail_key in (("good", "good_detail"), ("bad", "bad_detail")):
            d = b[detail_key]
            parts = join([T("`{c}` = {v}", c=c, v=_show_value(val, lang)) for c, val in d["parts"]], lang, "，" if zh else ",", ",")
            if zh:
                verdict = "**可以烧**" if d["ok"] else "**不能烧**"
                holds = "条件成立" if d["ok"] else "条件不成立"
                text = T("手牌 `{h}`：{v}。用 `{p}` 打掉 `{t}` 后，余牌是 `{r}`；{x}，{c}。", h=b[hand_key], v=T(verdict), p=d["play"],
                         t=b["target"], r=d["rest"], x=parts, c=holds)
                if d["uses_carry"]:
                    text += T("（余牌有{s}套、{j}张王：每手带王需要套数不超过王数加1。）", s=d["rest_sets"], j=d["rest_jokers"])
            else:
                verdict = "**may burn**" if d["ok"] else "**may not burn**"
                holds = "so the condition holds" if d["ok"] else "so the condition fails"
                text = T("Hand `{h}`: {v}. After `{p}` beats `{t}`, the rest is `{r}`; {x}, {c}.", h=b[hand_key], v=T(verdict), p=d["play"],
                         t=b["target"], r=d["rest"], x=parts, c=holds)
                if d["uses_carry"]:
                    text += T(" (The rest holds {s} and {j}; a joker in every play but the last needs sets ≤ jokers + 1.)",
                              s=plural(d["rest_sets"], "set"), j=plural(d["rest_jokers"], "joker"))
            blocks.append(Para(text))
        items.append(ExampleItem("example-burn", T("例：能烧与不能烧") if zh else T("Example: a legal and an illegal burn"), blocks))
    elif chapter in ("tribute", "scoring"):
        for i, sample in enumerate(ex.tribute):
            if sample["sweep"] and chapter == "tribute" and not v.tribute.enabled:
                continue
            items.append(_result_example(ctx, sample, chapter, lang, i))
    return items


def _show_value(value, lang: str) -> str:
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("yes" if value else "no")
    return str(value)


def _result_text(ctx: Ctx, result: dict, lang: str) -> list[Block]:
    zh = lang == "zh"
    finish = result["finish"]
    order = join([ctx.seat_zh(s, i) if zh else ctx.seat_en(s, i) for i, s in enumerate(finish, 1)], lang, "、", ",")
    lines = [T("出完牌的顺序：{o}", o=order) if zh else T("Order of going out: {o}", o=order)]
    opened = result.get("opened", [])
    lines.append(T("开点的人：{s}", s=ctx.seats_zh(opened)) if zh and opened else
                 T("Players who opened: {s}", s=ctx.seats_en(opened)) if opened else
                 (T("没有人开点") if zh else T("Nobody opened")))
    if result.get("declared"):
        lines.append(T("宣点的人：{s}", s=ctx.seats_zh(result["declared"])) if zh else
                     T("Declared (宣点): {s}", s=ctx.seats_en(result["declared"])))
    for burner, burned in result.get("burns", []):
        lines.append(T("{a}号烧了{b}号的牌，烧牌成功", a=burner, b=burned) if zh else
                     T("Seat {a} burned seat {b} and the burn succeeded", a=burner, b=burned))
    for men, beater in result.get("men", []):
        lines.append(T("{a}号最后一手3之前的牌被{b}号打掉（闷）", a=men, b=beater) if zh else
                     T("Seat {a}'s play before their final 3s was beaten by seat {b}", a=men, b=beater))
    for i, game in enumerate(result.get("previous", []), 1):
        seats = game.get("opened", [])
        lines.append(T("上一局开点的人：{s}", s=ctx.seats_zh(seats)) if zh else
                     T("In the previous game, the players who opened: {s}", s=ctx.seats_en(seats)))
    return [Bullets(lines)]


def _result_example(ctx: Ctx, sample: dict, chapter: str, lang: str, i: int) -> ExampleItem:
    zh = lang == "zh"
    v = ctx.v
    result = sample["result"]
    place = {s: p for p, s in enumerate(result["finish"], 1)}
    sweep = sample["sweep"]
    if chapter == "tribute":
        title = (T("例：串三户后的进贡") if sweep else T("例：一局之后的进贡")) if zh else \
                (T("Example: tribute after a sweep") if sweep else T("Example: tribute after a game"))
        blocks = [Para(T("假设一局的结果是：") if zh else T("Suppose a game ended like this:"))] + _result_text(ctx, result, lang)
        tributes = sample["tributes"]
        if tributes:
            head = [plain(x) for x in (("种类", "进贡者", "收贡者", "张数") if zh else ("kind", "from", "to", "cards"))]
            rows = [TRow([_tribute_name(t["kind"], lang),
                          ctx.seat_zh(t["from"], place[t["from"]]) if zh else ctx.seat_en(t["from"], place[t["from"]]),
                          ctx.seat_zh(t["to"], place[t["to"]]) if zh else ctx.seat_en(t["to"], place[t["to"]]),
                          plain(t["count"])]) for t in tributes]
            blocks.append(Para(T("引擎的 `tributes` 算出下一局开始前应进的贡：") if zh else
                               T("The engine's `tributes` gives what is owed before the next game:")))
            blocks.append(Table(head, rows, numeric=(3,)))
            if v.tribute.returned:
                blocks.append(Para(T("之后各收贡者按上面的规定还贡。") if zh else T("Each receiver then returns cards as described above.")))
        else:
            blocks.append(Para(T("引擎的 `tributes` 算出：不进贡。") if zh else T("The engine's `tributes` finds no tribute owed.")))
        return ExampleItem(f"example-tribute-{i + 1}", title, blocks)
    title = (T("例：串三户的计分") if sweep else T("例：一局的计分")) if zh else \
            (T("Example: scoring a sweep") if sweep else T("Example: scoring a game"))
    blocks = [Para(T("同一局（见“进贡”一章的例子）：") if zh else T("The same game (see the example under Tribute):"))] + _result_text(ctx, result, lang)
    scores = sample["scores"]
    team_of = {s: i for i, t in enumerate(v.table.teams) for s in t}
    sc = v.scoring
    split = sc.open_points != 0     # show the place points and the open points apart
    points = {seat: sc.place_points[p - 1] * (sc.sweep_multiplier if sweep else 1) for seat, p in place.items()}

    def signed(x: int) -> Text:
        return plain(f"{x:+d}" if x else "0")
    head = (("座位", "名次", "联邦") if zh else ("seat", "place", "team"))
    head += ((("名次分", "点贡分") if zh else ("place points", "open points")) if split else ())
    head = [plain(x) for x in head + (("得分",) if zh else ("score",))]
    rows = []
    for seat in range(1, v.table.players + 1):
        p = place[seat]
        team = v.table.teams[team_of[seat]]
        cells = [plain(seat), plain(ctx.place_zh(p)) if zh else ctx.place_en(p), join([str(s) for s in team], lang, "、", ",")]
        if split:
            base = sum(points[s] for s in team) if sc.team_sum else points[seat]
            if scores[seat - 1] - base not in (-sc.open_points, 0, sc.open_points):
                raise RulebookError(f"{v.name}: the engine's score of seat {seat} is not place points plus open points")
            cells += [signed(base), signed(scores[seat - 1] - base)]
        rows.append(TRow(cells + [signed(scores[seat - 1])]))
    blocks.append(Para(T("引擎的 `score` 算出每人得分：") if zh else T("The engine's `score` gives each seat's score:")))
    blocks.append(Table(head, rows, numeric=tuple([0] + list(range(3, len(head))))))
    blocks.append(Para(T("得分之和：{s}。", s=sum(scores)) if zh else T("Sum of the scores: {s}.", s=sum(scores))))
    return ExampleItem(f"example-score-{i + 1}", title, blocks)


# =============================================================================
# Assembling the document
# =============================================================================

def _provenance(ctx: Ctx, key: str, lang: str, quotes: dict[str, str]) -> tuple[Provenance, list[Note]]:
    """Where a rule was written, what it cites, and a note for each decision that fills a gap."""
    origin = ctx.v.origin(key)
    zh = lang == "zh"
    name = field_of(key).metadata["zh"]
    decisions = {row.id: (i, row.summary) for i, row in enumerate(ctx.v.about.decisions)}
    cites: list[CiteRef] = []
    notes: list[Note] = []
    if origin is None:
        where = T("规则语言的默认值（文件中没有写）") if zh else T("the rule language's default (not written in any file)")
        return Provenance(key, name, where, None, cites), notes
    path = ctx.v.file_of(origin.variant)
    where = T("{p} 第{l}行", p=path, l=origin.pos.line) if zh else T("{p}, line {l}", p=path, l=origin.pos.line)
    href = f"#L-{origin.variant}-{origin.pos.line}" if origin.variant in ctx.v.lineage else None
    for cite in origin.cites:
        label = cite.lstrip("@")
        if label in decisions:
            index, summary = decisions[label]
            notes.append(Note("decision", T("项目决定 {d}", d=label) if zh else T("Decision {d}", d=label),
                              (T("资料未说明或相互矛盾，此条按 RULES.md 的决定补足：{s}", s=summary) if zh else
                               T("The sources are silent or disagree here; RULES.md decides: {s}", s=summary))))
            cites.append(CiteRef(label, "#" + anchor_of(f"about.decisions[{index}]"), summary, "#" + anchor_of("about.decisions")))
        elif _CITE.match(label):
            anchor = _cite_target(label, quotes)
            cites.append(CiteRef(label, "#" + anchor if anchor else None, quotes.get(anchor) if anchor else None))
        else:
            raise RulebookError(f"{key} cites {cite}, which is neither a source line nor a listed decision")
    return Provenance(key, name, where, href, cites), notes


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


def _quotes(v: m.Variant) -> tuple[list[QuoteDoc], dict[str, str]]:
    """The cited seed lines, grouped by citation, and a short quote per citation anchor."""
    files = {row.key: (row.file, row.title) for row in v.about.sources}
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
            raise RulebookError(f"cannot read the source document {file}: {exc.strerror}") from None
        numbers = sorted(wanted[key])
        # Runs of consecutive lines make one group.
        run: list[int] = []
        for number in numbers + [None]:
            if run and (number is None or number != run[-1] + 1):
                shown = [(k, f"src-{key}-L{k}", lines[k - 1].strip()) for k in run
                         if 1 <= k <= len(lines) and lines[k - 1].strip() not in ("", "|")]
                label = f"{key}:L{run[0]}" + (f"-{run[-1]}" if len(run) > 1 else "")
                groups.append(QuoteGroup(label, shown))
                for k, anchor, text in shown:
                    short[anchor] = text if len(text) <= 80 else text[:79] + "…"
                run = []
            if number is not None:
                run.append(number)
    return docs, short


def _source_files(v: m.Variant, ws: Workspace | None) -> list[SourceFile]:
    ws = ws or Workspace()
    out = []
    for name in v.lineage:
        path = ws.path_of(name)
        if path is None:
            origin = next((o for o in v.origins.values() if o.variant == name), None)
            path = Path(origin.pos.file) if origin else None
        if path is None or not path.is_file():
            raise RulebookError(f"cannot find the rule file of '{name}'")
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        html = source_html(text, anchor=f"L-{name}")
        out.append(SourceFile(name, v.file_of(name), text, html, f"file-{name}"))
    return out


def _check_complete(v: m.Variant) -> None:
    for section_name, section in v.sections.items():
        for f in dataclasses.fields(section):
            key = f"{section_name}.{f.name}"
            renderer = RENDERERS.get(key)
            if renderer is None:
                raise RulebookError(f"no rulebook rendering for the rule {key} ({f.metadata.get('zh', '')}): "
                                    "add one to gouji_dsl/rulebook.py")
            if renderer.chapter not in CHAPTER_IDS:
                raise RulebookError(f"the rule {key} is put in an unknown chapter '{renderer.chapter}'")


def build_document(v: m.Variant, lang: str, ws: Workspace | None = None, engine=None) -> Document:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if v.abstract:
        raise RulebookError(f"variant '{v.name}' is abstract: only concrete variants have a rulebook")
    if v.game != "gouji":
        raise RulebookError(f"variant '{v.name}' is a {v.game} variant: rulebooks are written for Gouji variants only")
    _check_complete(v)
    if engine is None:
        engine = engine_for(v)
        examples = examples_for(v)
    else:
        examples = compute_examples(v, engine)
    ctx = Ctx(v, engine)
    zh = lang == "zh"
    quote_groups, quotes = _quotes(v)

    # Rules, per chapter, in the order the renderers were registered.
    by_chapter: dict[str, list] = {c[0]: [] for c in CHAPTERS}
    last_group: dict[str, Any] = {}
    decisions_shown: dict[str, set] = {}
    for key, renderer in RENDERERS.items():
        section, name = key.split(".")
        if section not in v.sections:
            continue
        value = getattr(v.sections[section], name)
        try:
            zh_blocks, en_blocks = renderer.fn(ctx, value)
        except RulebookError:
            raise
        except Exception as exc:  # a renderer bug must name the rule
            raise RulebookError(f"rendering {key} failed: {type(exc).__name__}: {exc}") from exc
        blocks = _blocks(zh_blocks if zh else en_blocks)
        prov, notes = _provenance(ctx, key, lang, quotes)
        # A decision's summary is shown at its first rule in each chapter; later rules refer back.
        shown = decisions_shown.setdefault(renderer.chapter, set())
        for i, note in enumerate(notes):
            decision = note.label.plain().split()[-1]
            if decision in shown:
                notes[i] = Note("decision", note.label, T("同上（见本章前文）。") if zh else T("as above, earlier in this chapter."))
            shown.add(decision)
        items = by_chapter[renderer.chapter]
        if renderer.group != last_group.get(renderer.chapter):
            last_group[renderer.chapter] = renderer.group
            if renderer.group:
                title = renderer.group[0] if zh else renderer.group[1]
                items.append(Heading(title, f"{renderer.chapter}-{len(items)}"))
        items.append(RuleItem(anchor_of(key), key, blocks + notes, prov))
    # Examples after the rules they illustrate.
    for chapter in ("plays", "course", "burning", "tribute", "scoring"):
        found = example_items(ctx, examples, chapter, lang)
        if found:
            by_chapter[chapter].append(Heading("例子" if zh else "Worked examples", f"{chapter}-examples"))
            by_chapter[chapter].extend(found)
    for chapter, readings in READINGS.items():
        label = plain("引擎的解读" if zh else "How the engine reads this")
        for reading in readings:
            by_chapter[chapter].append(Note("reading", label, T(reading[0] if zh else reading[1])))

    intros = _intros(ctx, lang)
    chapters = []
    number = 0
    for cid, title_zh, title_en in CHAPTERS:
        items = by_chapter[cid]
        kind = cid if cid in ("glossary", "quotes", "files") else "rules"
        if kind == "rules" and not items:
            continue
        number += 1
        chapters.append(Chapter(f"ch-{cid}", number, title_zh if zh else title_en, intros.get(cid, []), items, kind))

    about = v.about
    title = f"{about.title} 规则书" if zh else f"{about.title_en}: the rules"
    subtitle = f"{about.title_en} · {about.region}" if zh else f"{about.title} · {about.region}"
    lineage = " ← ".join(v.file_of(x) for x in v.lineage)
    howto = [Para(T("本规则书由 gouji-dsl 根据规则文件 {l} 自动生成，内容与该玩法的引擎一致。每条规则后面注明出处：000:L15 表示原始资料000第15行（原文见附录）；“决定”表示资料未说明或相互矛盾时，项目在 RULES.md 中所作的取舍。书中的例子都由本玩法的引擎在生成时计算得出。", l=lineage) if zh else
                  T("This rulebook is generated by gouji-dsl from the rule file {l} and agrees with the variant's engine. Each rule ends with its provenance: 000:L15 is line 15 of source document 000 (quoted in the appendix); a ‘decision’ is how the project’s RULES.md fills a gap where the sources are silent or disagree. Every example was computed by this variant's engine when the book was generated.", l=lineage))]
    labels = _labels(lang)
    glossary = [(plain(t.zh + (f"（{t.also}）" if t.also and zh else f" ({t.also})" if t.also else "")),
                 plain(t.en), plain(t.zh_meaning if zh else t.en_meaning)) for t in GLOSSARY]
    glossary += [(plain(p.zh), plain(f"{p.en} place"), plain(f"第{p.place}名" if zh else f"place {p.place}")) for p in v.end.places]
    footer = (T("由 gouji-dsl {ver} 生成。规则文件：{l}。", ver=__version__, l=lineage) if zh else
              T("Generated by gouji-dsl {ver} from {l}.", ver=__version__, l=lineage))
    summary = (about.summary_zh or about.summary) if zh else about.summary
    doc = Document(lang, v.name, title, subtitle, summary, howto, chapters, labels, footer,
                   files=_source_files(v, ws), quotes=quote_groups, glossary=glossary)
    _resolve_terms(doc)
    return doc


def _intros(ctx: Ctx, lang: str) -> dict[str, list[Block]]:
    zh = lang == "zh"
    v = ctx.v
    out = {
        "players": [Para(T("文中用 `3 4 5 6 7 8 9 10 J Q K A 2` 表示点数，`SJ` 表示小王，`BJ` 表示大王；花色不写。") if zh else
                         T("Cards are written `3 4 5 6 7 8 9 10 J Q K A 2` for the ranks, `SJ` for the small joker (小王) and `BJ` for the big joker (大王); suits are never written."))],
        "course": [Para(T("出牌一轮一轮地进行：有发牌权的人领出一手，其他人按顺序上牌或过牌，直到没人再打，最后出牌的人获得发牌权。") if zh else
                        T("Play goes in rounds: the player with the lead plays, the others in turn beat it or pass until nobody will, and the last to play wins the lead."))],
        "glossary": [Para(T("本玩法用到的术语（中文为玩家的叫法）：") if zh else T("The terms of the game, with the players' own Chinese words:"))],
        "quotes": [Para(T("规则所引用的原始资料各行（原文照录，包括原文的错别字和繁体字）：") if zh else
                        T("The source lines the rules cite, quoted as written (in Chinese, typos and traditional characters included):"))],
        "files": [Para(T("本玩法的规则文件，以及它所继承的文件（先是本玩法，然后是上一级）：") if zh else
                       T("The variant's rule file and the files it extends (this variant first, then its ancestors):"))],
    }
    if not v.burning.allowed:
        out.pop("burning", None)
    return out


def _labels(lang: str) -> dict:
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
    }


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
            elif isinstance(item, ExampleItem):
                yield item, "title"
                for block in item.blocks:
                    yield from _block_texts(block)
            elif isinstance(item, Note):
                yield from _block_texts(item)


def _block_texts(block):
    if isinstance(block, Para):
        yield block, "text"
    elif isinstance(block, Bullets):
        for i in range(len(block.items)):
            yield block.items, i
    elif isinstance(block, Table):
        yield block.head, None
        for row in block.rows:
            yield row.cells, None
    elif isinstance(block, Note):
        yield block, "text"


def _resolve_terms(doc: Document) -> None:
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
        else:
            holder[:] = [resolve(t) for t in holder]


# =============================================================================
# Output: Jinja2 templates
# =============================================================================

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&])")
# Rule files' strings may hold line breaks ("\n" and "\t" escapes): in Markdown a
# break inside a heading, a table row or an emphasis ends it, so they are folded.
_MD_BREAKS = re.compile(r"[\n\t]")
# What turns a line into a list item, thematic break or setext underline when a
# string starts a paragraph: escaped there (`*`, `#` and `>` are escaped everywhere).
_MD_LINE_START = re.compile(r"(\d{1,9})([.)])|[-+=]")


def md_text(text: str) -> str:
    """A string as Markdown text: markup characters escaped, line breaks folded to spaces."""
    return _MD_SPECIAL.sub(r"\\\1", _MD_BREAKS.sub(" ", text))


def md_line_start(text: str) -> str:
    """Markdown text that may begin a line, unable to open a block: leading spaces (four
    start a code block) dropped, a leading list or thematic-break marker escaped."""
    text = text.lstrip(" ")
    found = _MD_LINE_START.match(text)
    if found is None:
        return text
    if found.group(1):  # "1." or "1)": escape the punctuation after the number
        return found.group(1) + "\\" + text[len(found.group(1)):]
    return "\\" + text


def md_code(text: str) -> str:
    text = _MD_BREAKS.sub(" ", text)  # a code span cannot cross a line either
    ticks = "`"
    while ticks in text:
        ticks += "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _merged(text: Text) -> list[Seg]:
    """Adjacent segments of one kind joined (so strong text is one span)."""
    out: list[Seg] = []
    for seg in text.segs:
        if out and out[-1].kind == seg.kind and seg.kind in ("text", "strong", "code"):
            out[-1] = Seg(seg.kind, out[-1].text + seg.text)
        else:
            out.append(seg)
    return out


def md_inline(text: Text) -> str:
    out = []
    for s in _merged(text):
        if s.kind == "code":
            out.append(md_code(s.text))
        elif s.kind == "strong":
            out.append(f"**{md_text(s.text)}**")
        elif s.kind == "text":
            out.append(md_text(s.text))
        else:
            raise RulebookError(f"unresolved {s.kind} segment {s.text!r}")
    return "".join(out).replace("\n", " ")


def md_para(text: Text) -> str:
    """Inline text that starts a paragraph."""
    return md_line_start(md_inline(text))


def html_inline(text: Text) -> Markup:
    out = []
    for s in _merged(text):
        if s.kind == "code":
            out.append(Markup('<code>{}</code>').format(s.text))
        elif s.kind == "strong":
            out.append(Markup("<strong>{}</strong>").format(s.text))
        elif s.kind == "text":
            out.append(escape(s.text))
        else:
            raise RulebookError(f"unresolved {s.kind} segment {s.text!r}")
    return Markup("").join(out)


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("gouji_dsl.docs", "templates"),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        autoescape=lambda name: bool(name) and ".html" in name)
    env.filters["md"] = md_inline
    env.filters["mdpara"] = md_para
    env.filters["mdtext"] = md_text
    env.filters["mdcode"] = md_code
    env.filters["html"] = html_inline
    env.filters["formula_html"] = formula_html
    return env


def _render(doc: Document, fmt: str) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    template = _environment().get_template(f"rulebook.{fmt}.j2")
    if fmt == "html":
        doc.highlight_css = HIGHLIGHT_CSS
    text = template.render(doc=doc)
    if fmt == "md":
        text = _tidy_markdown(text)
    return text.rstrip("\n") + "\n"


def _tidy_markdown(text: str) -> str:
    """At most one blank line in a row, outside fenced code (rule files are shown as written)."""
    out: list[str] = []
    fence = None
    for line in text.split("\n"):
        stripped = line.strip()
        if fence is None and stripped.startswith("```"):
            fence = stripped[:len(stripped) - len(stripped.lstrip("`"))]
        elif fence is not None and stripped == fence:
            fence = None
        elif fence is None and not stripped and out and not out[-1].strip():
            continue
        out.append(line.rstrip() if fence is None else line)
    return "\n".join(out)


def _variant_model(variant, ws: Workspace | None = None) -> m.Variant:
    if isinstance(variant, m.Variant):
        return variant
    from gouji_dsl.phases import Compilation
    return Compilation(ws or Workspace(), str(variant)).checked


def render_rulebook(variant, lang: str, fmt: str, ws: Workspace | None = None) -> str:
    """A variant's rulebook (a checked `Variant`, or a variant name) in one language and format."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    v = _variant_model(variant, ws)
    return _render(build_document(v, lang, ws), fmt)


def has_rulebook(v: m.Variant) -> bool:
    """Concrete Gouji variants have rulebooks (their examples need the generated engine)."""
    return not v.abstract and v.game == "gouji"


def rulebook_outputs(variants, ws: Workspace | None = None) -> list[tuple[str, str]]:
    """(path under generated/rulebooks/, text) for every concrete variant x language x format."""
    out = []
    models = [_variant_model(x, ws) for x in variants]
    for v in sorted(models, key=lambda x: x.name):
        if not has_rulebook(v):
            continue
        for lang in LANGS:
            doc = None
            for fmt in FORMATS:
                doc = build_document(v, lang, ws) if doc is None else doc
                out.append((f"{v.name}.{lang}.{fmt}", _render(doc, fmt)))
    return out


# =============================================================================
# The `gouji doc` command
# =============================================================================

def register(subparsers) -> None:
    p = subparsers.add_parser("doc", help="write a variant's rulebook (Chinese or English, Markdown or HTML)",
                              description="Print a variant's rulebook, or write every rulebook into generated/rulebooks/ with --all.")
    p.add_argument("variant", nargs="?", metavar="VARIANT|FILE")
    p.add_argument("--lang", choices=LANGS, default=None, help="zh (default) or en")
    p.add_argument("--format", choices=FORMATS, default=None, dest="format", help="md (default) or html")
    p.add_argument("-o", "--output", metavar="PATH", help="write to PATH (atomically) instead of printing")
    p.add_argument("--all", action="store_true", help="write every concrete variant's rulebooks into generated/rulebooks/")
    p.set_defaults(run=cmd_doc)


def cmd_doc(args, ws: Workspace) -> int:
    from gouji_dsl.phases import Compilation, check_variants

    if args.all:
        if args.variant or args.output is not None or args.lang or args.format:
            raise UsageError("--all writes every rulebook: give no VARIANT, --lang, --format or -o with it")
        # The standard variants' books, into the package: a user's files are never written there.
        good, diagnostics = check_variants(ws, [n for n in ws.names() if ws.is_standard(n)])
        if diagnostics:
            raise RuleErrors(diagnostics)
        out_dir = generated_dir() / OUTPUT_DIR
        outputs = rulebook_outputs(list(good.values()), ws)
        changed = 0
        for rel, text in outputs:
            path = out_dir / rel
            current = path.read_text(encoding="utf-8") if path.is_file() else None
            if current != text:
                write_atomic(path, text)
                changed += 1
                print(f"wrote {ws.display(path)}")
        known = {rel for rel, _ in outputs}
        pattern = re.compile(r"^.+\.(zh|en)\.(md|html)$")
        for path in sorted(out_dir.glob("*")) if out_dir.is_dir() else []:
            if path.is_file() and pattern.match(path.name) and path.name not in known:
                path.unlink()
                changed += 1
                print(f"removed {ws.display(path)}")
        print(f"gouji: {len(outputs)} rulebook(s), {changed} file(s) changed")
        return 0
    if not args.variant:
        raise UsageError("name a variant (or use --all)", "e.g. gouji doc zaozhuang --lang en --format html")
    if args.output is not None:  # `-o ''` or `-o DIR` is refused before the book is built
        check_output_path(args.output, "rulebook file (-o)")
    name = ws.resolve_argument(args.variant)
    v = Compilation(ws, name).checked
    if not has_rulebook(v):
        raise UsageError(f"variant '{name}' has no rulebook: it is abstract or not a Gouji variant")
    text = render_rulebook(v, args.lang or "zh", args.format or "md", ws)
    if args.output is not None:
        write_atomic(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
