"""How a rule's module writes its rulebook sentences, and registers them.

Each rule's module (`gouji_dsl.rules.<section>`) registers, in its
`# --- rulebook ---` region, one renderer per rule: a function
`fn(ctx, value) -> (zh blocks, en blocks)`, through `rule` (a decorator),
`enum_rule` (one sentence per policy member), `bool_rule` (a yes and a no
sentence) or a helper built on them. Registering records the rule's "book"
facet in `gouji_dsl.facets.spec`, which is where the book looks renderers up.

Where a rule's text appears: its chapter (an id of `CHAPTERS`) and the group
(sub-heading) last set for its section by `group(section, zh, en)`. Within a
chapter, rules come in the order of the chapter's sections in `CHAPTERS`,
then in the order their module registers them.

A policy rule without a sentence for a member, or a yes/no rule given
something else, raises `RulebookError` when rendered.

This module is imported by the rules modules, which `model.schema` imports:
it finds a rule's field through `model.fields.field_named`, never the schema.
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, TypeVar

from gouji_dsl.facets import spec
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import ChoiceT, ExprT, Formula
from gouji_dsl.model.fields import field_named
from gouji_dsl.model.types import BoolT, CardT, EnumT, IntT, ListT, OptionalT, RangeT, StrT
from gouji_dsl.prose.document import Block, Bullets, Formula_, Note, Para, Table, TRow, anchor_of
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.explain import explain, legend
from gouji_dsl.prose.seats import say
from gouji_dsl.prose.text import LANGS, T, Text, code, join, plain

# (id, Chinese title, English title, the sections whose rules it shows, in order)
CHAPTERS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("about", "简介", "About this variant", ("about",)),
    ("players", "玩家与牌", "Players and cards", ("table", "cards")),
    ("plays", "牌型与大小", "Plays and how they compare", ("plays", "patterns", "gouji", "ranks")),
    ("before", "开局：宣点、憋三与革命", "Before play: declaring, threes and revolution", ("open", "threes", "buy", "revolution")),
    ("course", "出牌", "The course of play", ("table", "flow", "open", "info")),
    ("burning", "烧牌", "Burning (烧牌)", ("burning",)),
    ("headless", "无头与四户乱缠", "Headless players (无头) and the free-for-all (四户乱缠)", ("headless", "chaos")),
    ("end", "终局与名次", "End of the game", ("end",)),
    ("tribute", "进贡与还贡", "Tribute (进贡) and return (还贡)", ("tribute",)),
    ("scoring", "计分", "Scoring", ("scoring", "results")),
    ("room", "房间规则", "Room rules", ("room",)),
    ("glossary", "术语表", "Glossary", ()),
    ("sources", "出处与项目决定", "Sources and decisions", ("about",)),
    ("quotes", "引用的原文", "Cited source lines", ()),
    ("files", "规则文件", "The rule files", ()),
)
_CHAPTER_INDEX = {c[0]: i for i, c in enumerate(CHAPTERS)}


class Ctx:
    """A variant and the helpers the prose needs (place names, seats)."""

    def __init__(self, v):
        self.v = v
        self.places = {p.place: p for p in v.end.places} if "end" in v.sections else {}

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


# --- registration -------------------------------------------------------------------

Said = tuple[list[Block], ...]  # a renderer's blocks in each language of prose.text.LANGS (zh, en)
# A renderer: (Ctx, the rule's value) -> Said. The decorator hands it back unchanged, with its type.
RenderFn = TypeVar("RenderFn", bound=Callable[..., Said])


@dataclass(frozen=True)
class Renderer:
    key: str
    chapter: str
    group: tuple[str, str | None] | None
    fn: Callable[[Ctx, Any], Said]
    members: tuple[str, ...] | None = None    # for policy rules: the members it has sentences for
    seq: int = 0                              # registration order within the rule's module

    def position(self) -> tuple[int, int, int]:
        """Where the rule appears: chapter, its section's place in the chapter, registration order."""
        sections = CHAPTERS[_CHAPTER_INDEX[self.chapter]][3]
        return _CHAPTER_INDEX[self.chapter], sections.index(self.key.split(".")[0]), self.seq


_GROUPS: dict[str, tuple[str, str | None] | None] = {}
_SEQ = itertools.count()


def group(section: str, zh: str | None, en: str | None = None) -> None:
    """The sub-heading under which the rules of `section` registered next appear (None: none)."""
    _GROUPS[section] = (zh, en) if zh else None


def rule(key: str, chapter: str, members: tuple[str, ...] | None = None) -> Callable[[RenderFn], RenderFn]:
    """Register the renderer of one rule (its "book" facet). A policy rule lists
    the members it has sentences for (and raises RulebookError for any other)."""
    section = key.split(".")[0]
    if chapter not in _CHAPTER_INDEX:
        raise RulebookError(msg("commands.book.unknown_chapter", rule=key, chapter=chapter))
    if section not in CHAPTERS[_CHAPTER_INDEX[chapter]][3]:
        raise RulebookError(msg("commands.book.chapter_without_section", chapter=chapter, section=section))

    def deco(fn: RenderFn) -> RenderFn:
        spec.register(key, "book", Renderer(key, chapter, _GROUPS.get(section), fn, members, next(_SEQ)))
        return fn
    return deco


def renderer(key: str) -> Renderer | None:
    return spec.facet(key, "book")


# Rules whose value can leave a part of the game out, and how a handout says so in a word
# (key -> (is it left out, given the variant and the value?, zh, en)): a variant's absent
# rules are said in one line, "本玩法不宣点、不憋三、不革命。" (book.py).
_ABSENT: dict[str, tuple[Callable[[Any, Any], bool], str, str]] = {}


# Rules that, at their default and written by no file, tell the table nothing the other rules'
# sentences do not (burns fail as the joker check says): a handout leaves them out.
QUIET_DEFAULTS: set[str] = set()


def quiet_default(key: str) -> None:
    """Register rule `key` as one a handout leaves out at its default, when no file wrote it."""
    QUIET_DEFAULTS.add(key)


def absent(key: str, when: Callable[[Any, Any], bool], zh: str, en: str) -> None:
    """Register how rule `key` says, in a word, that the game is played without it (when
    `when(variant, value)`): "不[[宣点]]", "no [[宣点|declaring]]"."""
    _ABSENT[key] = (when, zh, en)


def absent_phrase(v, key: str, value: Any, lang: str) -> Text | None:
    """The word for a part of the game that variant `v` leaves out with this value, or None."""
    found = _ABSENT.get(key)
    if found is None or not found[0](v, value):
        return None
    return T(found[1] if lang == "zh" else found[2])


def no_sentence(key: str, value) -> RulebookError:
    return RulebookError(msg("commands.book.no_sentence", rule=key, value=value, section=key.split('.')[0]))


def enum_rule(key: str, chapter: str, sentences: dict[str, tuple[str, str]],
              extra: Callable[[Ctx, Any], dict] | None = None,
              after: Callable[[Ctx, Any], Said] | None = None,
              inactive: Callable[[Ctx], tuple[str, str] | None] | None = None) -> None:
    """A policy rule: one sentence per member of its EnumT, in each language.

    The sentence templates may use {zh} and {en} (the member's own Chinese
    name and English description) and whatever `extra` supplies; `inactive`
    gives the (zh, en) note that says when the rule is not in play."""

    def fn(ctx: Ctx, value):
        member = enum_member(key, value)
        if value not in sentences:
            raise no_sentence(key, value)
        zh, en = sentences[value]
        values = {"zh": member.zh, "en": member.en}
        if extra:
            values.update(extra(ctx, value))
        out_zh, out_en = [Para(T(zh, **values))], [Para(T(en, **values))]
        if after:
            more_zh, more_en = after(ctx, value)
            out_zh += blocks(more_zh)
            out_en += blocks(more_en)
        return add_inactive((out_zh, out_en), inactive(ctx) if inactive else None)

    rule(key, chapter, tuple(sentences))(fn)


def choice_rule(key: str, chapter: str, sentences: dict[str, tuple[str, str]], expression: tuple[str, str],
                after: Callable[[Ctx, Any], Said] | None = None,
                unset: tuple[Callable[[Any], Any], tuple[str, str]] | None = None) -> None:
    """A rule of a player's state (`ChoiceT`): one sentence per shorthand, as a policy rule's, and
    for an expression of the file's own the `expression` sentence with the expression in words at
    `{w}`, then the expression as written (for checking, as a formula's). An optional rule that
    follows others while unset gives `unset`: the function of the variant that makes its value
    from them, said the same way, and the (zh, en) note that says where it comes from."""
    etype = field_type(key)
    if isinstance(etype, OptionalT):
        etype = etype.inner

    def fn(ctx: Ctx, value):
        note = None
        if value is None and unset is not None:
            value, note = unset[0](ctx.v), unset[1]
        if value.shorthand is not None:
            if value.shorthand not in sentences:
                raise no_sentence(key, value.shorthand)
            zh, en = sentences[value.shorthand]
            out: tuple[list, list] = ([Para(T(zh))], [Para(T(en))])
        else:
            out = ([Para(T(expression[0], w=say(value.node, "zh", etype))), Formula_(value.text)],
                   [Para(T(expression[1], w=say(value.node, "en", etype))), Formula_(value.text)])
        if note is not None:
            out[0].append(Para(T(note[0])))
            out[1].append(Para(T(note[1])))
        if after:
            more_zh, more_en = after(ctx, value)
            out[0].extend(blocks(more_zh))
            out[1].extend(blocks(more_en))
        return out

    rule(key, chapter, tuple(sentences))(fn)


def bool_rule(key: str, chapter: str, yes: tuple[str, str], no: tuple[str, str],
              extra: Callable[[Ctx, Any], dict] | None = None,
              inactive: Callable[[Ctx], tuple[str, str] | None] | None = None) -> None:
    """A yes/no rule: a positive and a negative sentence in each language; `inactive`
    gives the (zh, en) note that says when the rule is not in play."""

    def fn(ctx: Ctx, value):
        if not isinstance(value, bool):
            raise RulebookError(msg("commands.book.not_yes_no", rule=key))
        zh, en = yes if value else no
        values = extra(ctx, value) if extra else {}
        out = [Para(T(zh, **values))], [Para(T(en, **values))]
        return add_inactive(out, inactive(ctx) if inactive else None)

    rule(key, chapter)(fn)


# --- blocks -------------------------------------------------------------------------

def blocks(value) -> list:
    """A renderer's output in one language as a list of blocks (Text becomes a paragraph)."""
    if value is None:
        return []
    if isinstance(value, Text):
        return [Para(value)]
    if isinstance(value, list):
        return [Para(b) if isinstance(b, Text) else b for b in value]
    return [value]


def rule_blocks(ctx: Ctx, renderer: Renderer, lang: str) -> tuple:
    """(the rule's value, the blocks its sentences make in `lang`) for the variant of `ctx`."""
    section, name = renderer.key.split(".")
    value = getattr(ctx.v.sections[section], name)
    try:
        zh_blocks, en_blocks = renderer.fn(ctx, value)
    except RulebookError:
        raise
    except Exception as exc:  # a renderer bug must name the rule
        raise RulebookError(msg("commands.book.rendering_failed", rule=renderer.key, kind=type(exc).__name__,
                                error=exc)) from exc
    return value, blocks(zh_blocks if lang == "zh" else en_blocks)


def said(zh, en) -> Said:
    return blocks(zh), blocks(en)


def inactive_note(lang: str, text: str | Text) -> Note:
    label = plain("不适用" if lang == "zh" else "Not in play here")
    return Note("inactive", label, text if isinstance(text, Text) else T(text))


def add_inactive(out: Said, note: tuple[str, str] | None) -> Said:
    """The (zh, en) blocks, each with the rule's not-in-play note appended when there is one."""
    if note:
        out[0].append(inactive_note("zh", note[0]))
        out[1].append(inactive_note("en", note[1]))
    return out


def enum_member(key: str, value: str):
    vtype = field_type(key)
    while isinstance(vtype, OptionalT):
        vtype = vtype.inner
    if not isinstance(vtype, EnumT):
        raise RulebookError(msg("commands.book.not_policy", rule=key))
    if value not in vtype.members:
        raise RulebookError(msg("commands.book.not_member", rule=key, value=value))
    return vtype.members[value]


def field_of(key: str) -> dataclasses.Field:
    found = field_named(*key.split("."))
    if found is None:
        raise RulebookError(msg("commands.book.no_rule", rule=key))
    return found


def field_type(key: str):
    return field_of(key).metadata["type"]


# --- cells of tables ----------------------------------------------------------------

def cell(vtype, value, lang: str) -> Text:
    """A table cell for a value of any type."""
    if isinstance(vtype, OptionalT):
        if value is None:
            return plain("无" if lang == "zh" else "none")
        return cell(vtype.inner, value, lang)
    if isinstance(vtype, EnumT):
        member = vtype.members.get(value)
        if member is None:
            raise RulebookError(msg("commands.book.value_not_member", value=value))
        return plain(member.zh if lang == "zh" else member.en)
    if isinstance(vtype, BoolT):
        return plain(("是" if value else "否") if lang == "zh" else ("yes" if value else "no"))
    if isinstance(vtype, ChoiceT) and value.shorthand is not None:
        member = vtype.members[value.shorthand]
        return plain(member.zh if lang == "zh" else member.en)
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
    raise RulebookError(msg("commands.book.no_cell", type=type(vtype).__name__))


def column_head(row_cls: type, name: str, lang: str) -> Text:
    meta = {f.name: f.metadata for f in dataclasses.fields(row_cls)}[name]
    return plain(meta["zh"] if lang == "zh" else f"{name.replace('_', ' ')} ({meta['zh']})")   # "min length (最少组数)"


def check_columns(row_cls: type, shown: Iterable[str], key: str) -> None:
    missing = [f.name for f in dataclasses.fields(row_cls) if f.name not in set(shown)]
    if missing:
        raise RulebookError(msg("commands.book.columns_not_shown", rule=key, columns=", ".join(missing)))


def generic_table(key: str, rows: tuple, lang: str) -> Table:
    """Every column of a table rule, every row, with the row anchors. A table of names
    (a `zh` column beside an `en` or `name` one) shows each book its own language: the
    Chinese book the Chinese name (not the rule file's identifier), the English book the
    English name with the Chinese beside it, "first (头科)"."""
    vtype = field_type(key)
    cols = list(vtype.columns)
    english = "en" if "en" in cols else "name" if "name" in cols else None
    named = "zh" in cols and english is not None
    if named:
        cols = [c for c in cols if c != ("en" if lang == "zh" else "zh") and not (lang == "zh" and c == english)]
    head = [column_head(vtype.row_cls, c, lang) for c in cols]
    if named:   # the column of names in the book's language is simply "the names"
        head[cols.index("zh" if lang == "zh" else english)] = plain("名称" if lang == "zh" else "name")
    out = []
    for i, row in enumerate(rows):
        cells = []
        for c in cols:
            ctype = vtype.columns[c].metadata["type"]
            if named and c == english and lang == "en":
                cells.append(T("{n} ({z})", n=str(getattr(row, c)).replace("_", " "), z=row.zh))
            else:
                cells.append(cell(ctype, getattr(row, c), lang))
        out.append(TRow(cells, anchor_of(f"{key}[{i}]")))
    numeric = tuple(i for i, c in enumerate(cols) if isinstance(vtype.columns[c].metadata["type"], IntT))
    return Table(head, out, numeric=numeric)


def formula_blocks(key: str, formula: Formula, lead: tuple[str, str]) -> Said:
    """A formula rule: the lead sentence with the formula in words, what players read ("烧牌的条件：
    ……剩下的牌除了最后一手，每手都能带王出完。"); then the formula as the rule file writes it and
    what its names mean, which are for checking: `for_the_players` takes them out of the chapters
    (the reference shows them in the rule's endnote). A lead with `{w}` takes the words there,
    else the words follow it."""
    etype = field_type(key)
    while isinstance(etype, OptionalT):
        etype = etype.inner
    out = []
    for lang, text in zip(LANGS, lead):
        words = explain(formula.node, lang, etype)
        stop = "。" if lang == "zh" else "."
        space = "" if lang == "zh" or text.endswith(" ") else " "
        sentence = T(text, w=words) if "{w}" in text else T(text) + plain(space + words + stop)
        parts = [Para(sentence), Formula_(formula.text)]
        lg = legend([formula.node], etype, lang)
        if lg:
            parts.append(lg)
        out.append(parts)
    return tuple(out)


def for_the_players(blocks: list) -> tuple[list, list]:
    """A rule's blocks split into what players read and what is there for checking: a formula
    as the rule file writes it, with the legend of its names that follows it."""
    kept: list = []
    checking: list = []
    after_formula = False
    for b in blocks:
        if isinstance(b, Formula_):
            checking.append(b)
            after_formula = True
            continue
        if after_formula and isinstance(b, Bullets):   # the formula's legend
            checking.append(b)
            after_formula = False
            continue
        after_formula = False
        kept.append(b)
    return kept, checking
