"""憋三 (threes last), buying and asking for a 3."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import ANY_CARD, Section, rule
from gouji_dsl.model.types import BoolT, IntT, ListT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ThreesRules(Section):
    NAME = "threes"
    ZH = "憋三"
    EN = "Threes last (憋三)"
    threes_last: bool = rule(BoolT(), "憋三", "3s may only be played as a player's last play, and that play must be 3s only")
    buy_three: bool = rule(BoolT(), "买3", "a player dealt no 3 buys one from the opposite")
    buy_with: tuple = rule(ListT(ANY_CARD, 0, 3, unique=True), "买3用牌", "what the buyer pays, first choice first")
    seller_min_threes: int = rule(IntT(1, 24), "卖3条件", "the least 3s the opposite must hold to sell one")
    ask_three: bool = rule(BoolT(), "要3", "if the opposite cannot sell, a teammate holding enough 3s gives one for nothing")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
