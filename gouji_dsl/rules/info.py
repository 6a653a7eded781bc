"""What players see: 报牌, 看牌."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, IntT, OptionalT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class InfoRules(Section):
    NAME = "info"
    ZH = "报牌看牌"
    EN = "What players see (报牌, 看牌)"
    report_at: int | None = rule(OptionalT(IntT(1, 1000)), "报牌", "a player's card count is shown once they hold at most this many")
    show_team_at: int | None = rule(OptionalT(IntT(1, 1000)), "看牌", "a player holding at most this many may show their hand to their teammates")
    watch_after_out: bool = rule(BoolT(), "走科看牌", "a player who is out may watch one teammate's hand")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
