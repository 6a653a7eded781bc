"""Cards: their order, the filler rank (贴牌), the jokers."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import ANY_CARD, Section, rule
from gouji_dsl.model.types import CARDS, CardT, ListT, OptionalT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class CardRules(Section):
    NAME = "cards"
    ZH = "牌"
    EN = "Cards"
    GAMES = ("gouji", "shuangkou")
    order: tuple = rule(ListT(ANY_CARD, 15, 15, unique=True), "大小", "every card kind from lowest to highest; suits never matter")
    filler: str | None = rule(OptionalT(CardT(CARDS[:13], "a rank from 3 to 2")), "贴牌",
                              "a rank that, played with another rank, counts as that rank (贴2)")
    jokers: tuple = rule(ListT(CardT(("SJ", "BJ"), "a joker"), 0, 2, unique=True), "王", "the jokers")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
