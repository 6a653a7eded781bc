"""四户乱缠: the free-for-all at the end of a game."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, IntT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ChaosRules(Section):
    NAME = "chaos"
    ZH = "四户乱缠"
    EN = "Free-for-all (四户乱缠)"
    starts_at: int = rule(IntT(2, 12), "人数", "the free-for-all starts when at most this many players hold cards")
    after_first_out_with_revolution: bool = rule(BoolT(), "革命后头科即乱缠", "in a game with a revolutionary it starts as soon as the first player is out")
    lead_return_circles: int = rule(IntT(1, 3), "过圈", "full circles of passes after which the last player leads again")
    pass_keeps_right: bool = rule(BoolT(), "过牌可再上", "a player who passed may still play later in the round")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
