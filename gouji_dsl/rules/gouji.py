"""级牌: which plays are gouji plays."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, column, rule
from gouji_dsl.model.types import CARDS, BoolT, CardT, IntT, RowT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class Threshold:
    rank: str = column(CardT(CARDS[:13], "a rank from 3 to 2"), "点数", "the effective rank of the play")
    at_least: int = column(IntT(1, 100), "张数", "the least number of cards that makes it a 级牌")


@dataclass(frozen=True)
class GoujiRules(Section):
    NAME = "gouji"
    ZH = "级牌"
    EN = "级牌 (gouji plays)"
    thresholds: tuple = rule(RowT(Threshold, key=("rank",), min_rows=1), "门槛", "the least size at which a rank makes a 级牌")
    jokers_make_gouji: bool = rule(BoolT(), "带王即级", "whether every play containing a joker is a 级牌")
    fillers_count: bool = rule(BoolT(), "贴牌计数", "whether filler 2s count towards the size of the rank they join")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
