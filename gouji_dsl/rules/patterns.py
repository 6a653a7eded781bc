"""Shuangkou's play types, bombs and wild cards (no engine yet: the checker refuses a concrete variant that needs them)."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.expr import INT, ExprT, Formula, Var
from gouji_dsl.model.fields import RANK_3_A, Section, column, rule
from gouji_dsl.model.types import BoolT, CardT, EnumT, IntT, ListT, Member, OptionalT, RangeT, RowT, StrT


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
    types: tuple = rule(RowT(PatternType, key=("name",), min_rows=1), "牌型", "the non-bomb play types: runs of equal groups")
    run_ranks: tuple = rule(RangeT(RANK_3_A), "连牌范围", "the ranks a run may use")
    bomb_min: int = rule(IntT(2, 64), "炸弹张数", "least cards of one rank that make a bomb")
    bomb_lines: Formula = rule(ExprT(INT, Var("cards", INT, "张数", "cards in the bomb")), "炸弹线数", "a bomb's strength in lines")
    joker_bombs: tuple = rule(RowT(JokerBomb, key=("name",)), "王炸", "bombs made of jokers only")
    chains: bool = rule(BoolT(), "连环炸", "whether bombs on consecutive ranks make one chain bomb", default=False)
    chain_rules: tuple = rule(RowT(ChainRule), "连环炸条件", "which bombs make a chain", default=())
    chain_lines: Formula | None = rule(OptionalT(ExprT(INT, Var("smallest", INT, "最小线数", "lines of the chain's smallest bomb"),
                                                      Var("bombs", INT, "连数", "number of bombs in the chain"))),
                                       "连环炸线数", "a chain's strength in lines", default=None)
    chain_unequal: bool = rule(BoolT(), "不等连炸", "whether the bombs of a chain may differ in size", default=False)
    bomb_ties: tuple = rule(ListT(EnumT(Member("joker_bomb", "王炸", "a joker bomb"), Member("chain", "连环炸", "a chain bomb"),
                                        Member("bomb", "炸弹", "a bomb of one rank")), 3, 3, unique=True),
                            "同线大小", "at equal lines, which kind of bomb wins, strongest first")
    wilds: tuple = rule(ListT(CardT(("SJ", "BJ"), "a joker"), 0, 2, unique=True), "百搭", "cards that stand for any card from 3 to 2 inside a play", default=())


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
