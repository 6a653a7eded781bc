"""Shuangkou's play types, bombs and wild cards (no engine yet: the checker refuses a concrete variant that needs them)."""
from __future__ import annotations

import dataclasses as _dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, switched_off, type_only, value_of
from gouji_dsl.facets.sentences import add_inactive, field_type, formula_blocks, generic_table, said
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import INT, ExprT, Formula, Var
from gouji_dsl.model.fields import RANK_3_A, Section, column, rule
from gouji_dsl.model.types import BoolT, CardT, EnumT, IntT, ListT, Member, OptionalT, RangeT, RowT, StrT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para
from gouji_dsl.prose.text import LANGS, Num, T, code, join, plain

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Said

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class PatternType:
    name: str = column(StrT(40), "名称", "the play type's identifier")
    zh: str = column(StrT(40), "中文", "its Chinese name")
    width: int = column(IntT(1, 12), "每组张数", "cards of each rank in the play")
    min_length: int = column(IntT(1, 13), "最少组数", "least number of consecutive ranks")
    max_length: int = column(IntT(1, 13), "最多组数", "most number of consecutive ranks")


@dataclass(frozen=True)
class JokerBomb:
    name: str = column(StrT(40), "名称", "the bomb's identifier")
    zh: str = column(StrT(40), "中文", "its Chinese name")
    jokers: int = column(IntT(1, 16), "王数", "how many jokers")
    lines: int = column(IntT(1, 64), "线数", "its strength in lines")


@dataclass(frozen=True)
class ChainRule:
    smallest_bomb: int = column(IntT(1, 64), "最小炸弹张数", "bombs of at least this many cards")
    largest_bomb: int = column(IntT(1, 64), "最大炸弹张数", "and at most this many")
    min_bombs: int = column(IntT(2, 13), "最少连数", "make a chain of at least this many bombs")


@dataclass(frozen=True)
class PatternRules(Section):
    NAME = "patterns"
    ZH = "牌型表"
    EN = "Play types, bombs and wild cards"
    GAMES = ("shuangkou",)
    types: tuple[PatternType, ...] = rule(RowT(PatternType, key=("name",), min_rows=1), "牌型", "the non-bomb play types: runs of equal groups")
    run_ranks: tuple[str, str] = rule(RangeT(RANK_3_A), "连牌范围", "the ranks a run may use")
    bomb_min: int = rule(IntT(2, 64), "炸弹张数", "least cards of one rank that make a bomb")
    bomb_lines: Formula = rule(ExprT(INT, Var("cards", INT, "张数", "cards in the bomb")), "炸弹线数", "a bomb's strength in lines")
    joker_bombs: tuple[JokerBomb, ...] = rule(RowT(JokerBomb, key=("name",)), "王炸", "bombs made of jokers only")
    chains: bool = rule(BoolT(), "连环炸", "whether bombs on consecutive ranks make one chain bomb", default=False)
    chain_rules: tuple[ChainRule, ...] = rule(RowT(ChainRule), "连环炸条件", "which bombs make a chain", default=())
    chain_lines: Formula | None = rule(OptionalT(ExprT(INT, Var("smallest", INT, "最小线数", "lines of the chain's smallest bomb"),
                                                      Var("bombs", INT, "连数", "number of bombs in the chain"))),
                                       "连环炸线数", "a chain's strength in lines", default=None)
    chain_unequal: bool = rule(BoolT(), "不等连炸", "whether the bombs of a chain may differ in size", default=False)
    bomb_ties: tuple[str, ...] = rule(ListT(EnumT(Member("joker_bomb", "王炸", "a joker bomb"), Member("chain", "连环炸", "a chain bomb"),
                                        Member("bomb", "炸弹", "a bomb of one rank")), 3, 3, unique=True),
                            "同线大小", "at equal lines, which kind of bomb wins, strongest first")
    wilds: tuple[str, ...] = rule(ListT(CardT(("SJ", "BJ"), msg("rules.type_a_joker")), 0, 2, unique=True), "百搭", "cards that stand for any card from 3 to 2 inside a play", default=())


# --- checks -------------------------------------------------------------------


@check("patterns.types", "patterns.joker_bombs", "patterns.chains", "patterns.chain_rules",
       "patterns.chain_unequal", "patterns.wilds", "patterns.bomb_min")
def check_patterns(v: Variant, rep: Reporter) -> None:
    """Lengths and bomb sizes are ranges that are not empty, a single card is a play, chains
    say what they are made of, wild cards are jokers, and bombs and joker bombs fit the decks."""
    sec = v.sections.get("patterns")
    if not isinstance(sec, PatternRules):
        return
    for i, t in enumerate(sec.types or ()):
        if t.min_length > t.max_length:
            rep.error(at(v, f"patterns.types[{i}]"),
                      msg("rules.min_length_above_max", name=t.name, min_length=t.min_length, max_length=t.max_length))
    # A player to lead must have a play whatever cards are left: with no type of one card
    # (width 1, length 1) a last lone card could never be led, and the game would stop there.
    if sec.types and not any(t.width == 1 and t.min_length == 1 for t in sec.types):
        rep.error(at(v, "patterns.types"), msg("rules.no_single_type"), hint=msg("rules.no_single_type_hint"))
    decks = value_of(v, "table.decks")
    # A bomb is bomb_min natural cards of one rank at least (the rulebook shows one; wild jokers
    # only stand in for missing cards): the decks must hold that many.
    if decks and sec.bomb_min is not None and sec.bomb_min > 4 * decks:
        rep.error(at(v, "patterns.bomb_min"), msg("rules.bomb_above_decks", cards=sec.bomb_min, decks=decks,
                                                  most=4 * decks))
    if sec.chains:
        if not sec.chain_rules:
            rep.error(at(v, "patterns.chains"), msg("rules.chains_need_rules"))
        if sec.chain_lines is None:
            rep.error(at(v, "patterns.chains"), msg("rules.chains_need_lines"))
    elif sec.chain_unequal:
        rep.error(at(v, "patterns.chain_unequal"), msg("rules.chain_unequal_needs_chains"))
    for i, chain in enumerate(sec.chain_rules or ()):
        if chain.smallest_bomb > chain.largest_bomb:
            rep.error(at(v, f"patterns.chain_rules[{i}]"), msg("rules.smallest_bomb_above_largest"))
        elif sec.bomb_min is not None and chain.smallest_bomb < sec.bomb_min:
            rep.error(at(v, f"patterns.chain_rules[{i}]"), msg("rules.bomb_at_least", cards=sec.bomb_min))
    jokers = set(value_of(v, "cards.jokers") or ())
    for card in sec.wilds or ():
        if card not in jokers:
            rep.error(at(v, "patterns.wilds"), msg("rules.wild_not_a_joker", card=card))
    if decks and sec.joker_bombs:
        for i, bomb in enumerate(sec.joker_bombs):
            if bomb.jokers > 2 * decks:
                rep.error(at(v, f"patterns.joker_bombs[{i}]"), msg("rules.too_few_jokers", decks=decks, jokers=2 * decks))


type_only("patterns.run_ranks", "patterns.bomb_lines", "patterns.chain_lines", "patterns.bomb_ties")


dead("patterns.chain_rules", msg("model.dead_chain_table"), switched_off("patterns.chains", msg("model.dead_no_chain_bombs")))
dead("patterns.chain_lines", "[patterns] chain_lines", switched_off("patterns.chains", msg("model.dead_no_chain_bombs")))


# --- engine -------------------------------------------------------------------


# Every rule of the section becomes part of the PatternSpec the generated module embeds
# (backends.pattern_tables.pattern_spec), read by runtime.patterns' card functions.
PATTERN_FUNCTIONS = ("classify", "beats", "answers", "plays", "lead_actions")
for _field in _dataclasses.fields(PatternRules):
    spec.register(f"patterns.{_field.name}", "engine", spec.CardFunction(PATTERN_FUNCTIONS))


# --- interpreter --------------------------------------------------------------
# The reference interpreter reads the section straight from the model
# (backends.oracle.patterns.PatternOracle, behind backends.pattern_reference).
for _field in _dataclasses.fields(PatternRules):
    spec.register(f"patterns.{_field.name}", "interpreter", spec.ReferenceFunction(("classify", "beats", "answers", "plays")))


# --- rulebook -----------------------------------------------------------------

book.group("patterns", "牌型与炸弹", "Play types and bombs")


def _table_rule(key: str, intro_zh: str, intro_en: str, empty: tuple[str, str] | None = None,
                inactive: Callable[[book.Ctx], tuple[str, str] | None] | None = None) -> None:
    """A table rule: an introduction and every row; `empty` (zh, en) when it has none."""
    @book.rule(key, "plays")
    def _(ctx: book.Ctx, rows: tuple[PatternType, ...] | tuple[JokerBomb, ...] | tuple[ChainRule, ...]) -> Said:
        note = inactive(ctx) if inactive else None
        if not rows and empty:
            return add_inactive(said(T(empty[0]), T(empty[1])), note)
        out = tuple([Para(T(intro)), generic_table(key, rows, lang)] for lang, intro in zip(LANGS, (intro_zh, intro_en)))
        return add_inactive(out, note)


def _no_chains(ctx: book.Ctx) -> tuple[str, str] | None:
    if not ctx.v.patterns.chains:
        return ("本玩法没有连环炸，此条不起作用。", "There are no chain bombs here, so this rule does not apply.")
    return None


_table_rule("patterns.types",
            "炸弹以外的**牌型**：每种都是若干个相连点数、每个点数张数相同的一组牌（只有一个点数时就是单张、对子或三同张）：",
            "The **play types** other than bombs: each is a run of consecutive ranks with the same number of cards of each (a run of one rank is a single, a pair or a triple):")


@book.rule("patterns.run_ranks", "plays")
def _(ctx: book.Ctx, value: tuple[str, str]) -> Said:
    low, high = value
    return said(T("连牌（顺子、连对等）只能用{a}到{b}的点数，不能连到2和王。", a=low, b=high),
                T("Runs (straights, pair runs and the like) use the ranks {a} to {b} only; 2s and jokers never join a run.", a=low, b=high))


@book.rule("patterns.bomb_min", "plays")
def _(ctx: book.Ctx, value: int) -> Said:
    return said(T("**炸弹**：同一点数{n}张或更多。炸弹可以打任何不是炸弹的牌。", n=value),
                T("**Bombs**: {N} or more cards of one rank. A bomb beats any play that is not a bomb.", N=Num(value)))


@book.rule("patterns.bomb_lines", "plays")
def _(ctx: book.Ctx, value: Formula) -> Said:
    return formula_blocks("patterns.bomb_lines", value,
                          ("炸弹的大小看**线数**，线数多的大；一个炸弹的线数是{w}。",
                           "A bomb's strength is its number of **lines**, and more lines win; a bomb's lines are {w}."))


_table_rule("patterns.joker_bombs",
            "**王炸**：只由王组成的炸弹，各有线数：", "**Joker bombs**: bombs of jokers only, each with its lines:",
            empty=("没有王炸。", "There are no joker bombs."))
book.bool_rule("patterns.chains", "plays",
               ("**连环炸**：相连点数的几个炸弹可以一起出，算作一个炸弹（条件见下）。",
                "**Chain bombs**: bombs on consecutive ranks may be played together as one bomb (when, below)."),
               ("没有连环炸：相连点数的炸弹不能一起出。", "There are no chain bombs: bombs on consecutive ranks are not played together."))
_table_rule("patterns.chain_rules",
            "哪些炸弹可以连成连环炸：张数在所列范围内、相连点数达到所列个数的炸弹：",
            "Which bombs make a chain: bombs whose size is in the listed range, on at least the listed number of consecutive ranks:",
            empty=("没有规定哪些炸弹可以连成连环炸。", "No rule says which bombs make a chain."), inactive=_no_chains)


@book.rule("patterns.chain_lines", "plays")
def _(ctx: book.Ctx, value: Formula | None) -> Said:
    if value is None:
        return add_inactive(said(T("没有规定连环炸的线数。"), T("No lines are set for chain bombs.")), _no_chains(ctx))
    return add_inactive(formula_blocks("patterns.chain_lines", value, ("连环炸的线数：", "A chain bomb's lines:")), _no_chains(ctx))


book.bool_rule("patterns.chain_unequal", "plays",
               ("连环炸中的各个炸弹张数可以不同。", "The bombs of a chain may differ in size."),
               ("连环炸中的各个炸弹张数必须相同。", "The bombs of a chain must all have the same size."),
               inactive=_no_chains)


@book.rule("patterns.bomb_ties", "plays")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    kinds = field_type("patterns.bomb_ties").item.members
    return said(T("线数相同时，按以下顺序比大小（大者在前）：") + join([plain(kinds[k].zh) for k in value], "zh", "、") + plain("。"),
                T("At equal lines, the kinds of bomb rank, strongest first: ") + join([plain(kinds[k].en) for k in value], "en", ",", "then") + plain("."))


@book.rule("patterns.wilds", "plays")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    if not value:
        return said(T("没有百搭牌：王只代表它自己。"), T("There are no wild cards: jokers stand for themselves."))
    names = {"SJ": "小王", "BJ": "大王"}
    return said(T("**百搭**：") + join([plain(names[c]) for c in value], "zh") + T("在一手牌中可以当作3到2的任意一张牌；单独出时就是它本身。"),
                T("**Wild cards** (百搭): ") + join([code(c) for c in value], "en") + T(" may stand for any card from 3 to 2 inside a play; played alone, they are themselves."))


# --- diff ---------------------------------------------------------------------


_PHRASE_BOMB_KINDS = {"joker_bomb": ("王炸", "a joker bomb"), "chain": ("连环炸", "a chain bomb"), "bomb": ("炸弹", "a bomb of one rank")}


def _phrase_types(rows: tuple[PatternType, ...], lang: str) -> str:
    if lang == "zh":
        return f"牌型有 {'、'.join(r.zh for r in rows)}"
    return f"allows the play types {', '.join(f'{r.name} ({r.zh})' for r in rows)}"


def _phrase_run_ranks(span: tuple[str, str], lang: str) -> str:
    low, high = span
    return f"连牌从{low}到{high}" if lang == "zh" else f"lets runs use the ranks {low} to {high}"


def _phrase_bomb_lines(formula: Formula, lang: str) -> str:
    return f"炸弹线数为 {formula.text}" if lang == "zh" else f"counts a bomb's lines as {formula.text}"


def _phrase_joker_bombs(rows: tuple[JokerBomb, ...], lang: str) -> str:
    if not rows:
        return "没有王炸" if lang == "zh" else "has no joker bombs"
    if lang == "zh":
        return "王炸有 " + "、".join(f"{r.zh}（{r.jokers}张王，{r.lines}线）" for r in rows)
    return "has the joker bombs " + ", ".join(f"{r.name} ({r.jokers} jokers, {r.lines} lines)" for r in rows)


def _phrase_chain_rules(rows: tuple[ChainRule, ...], lang: str) -> str:
    if not rows:
        return "没有连环炸条件" if lang == "zh" else "sets no condition for chain bombs"
    if lang == "zh":
        return "连环炸条件为 " + "；".join(f"{r.smallest_bomb}至{r.largest_bomb}张的炸弹至少{r.min_bombs}连" for r in rows)
    parts = [f"at least {r.min_bombs} bombs of {r.smallest_bomb} to {r.largest_bomb} cards" for r in rows]
    return "chains " + ", or ".join(parts)


def _phrase_bomb_ties(kinds: tuple[str, ...], lang: str) -> str:
    if lang == "zh":
        return f"同线时 {' > '.join(_PHRASE_BOMB_KINDS[k][0] for k in kinds)}"
    return f"breaks a tie in lines {' > '.join(_PHRASE_BOMB_KINDS[k][1] for k in kinds)}"


def _phrase_wilds(cards: tuple[str, ...], lang: str) -> str:
    if lang == "zh":
        return f"{'、'.join(cards)}百搭" if cards else "没有百搭"
    return f"makes {' and '.join(cards)} wild" if cards else "has no wild cards"


dp.phrase("patterns.types", _phrase_types)
dp.phrase("patterns.run_ranks", _phrase_run_ranks)
dp.phrase("patterns.bomb_min", dp.said("{v}张以上同点即为炸弹", "makes a bomb of {v} or more cards of one rank"))
dp.phrase("patterns.bomb_lines", _phrase_bomb_lines)
dp.phrase("patterns.joker_bombs", _phrase_joker_bombs)
dp.phrase("patterns.chains", dp.yes_no(
    "相连点数的炸弹可组成连环炸", "lets bombs on consecutive ranks make one chain bomb",
    "没有连环炸", "has no chain bombs"))
dp.phrase("patterns.chain_rules", _phrase_chain_rules)
dp.phrase("patterns.chain_lines", {
    None: dp.said("没有连环炸线数公式", "has no formula for a chain's lines"),
    "*": dp.said("连环炸线数为 {v}", "counts a chain's lines as {v}"),
})
dp.phrase("patterns.chain_unequal", dp.yes_no(
    "连环炸的炸弹张数可以不同", "lets the bombs of a chain differ in size",
    "连环炸的炸弹张数必须相同", "needs the bombs of a chain to be of one size"))
dp.phrase("patterns.bomb_ties", _phrase_bomb_ties)
dp.phrase("patterns.wilds", _phrase_wilds)
