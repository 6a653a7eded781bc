"""革命: sitting out a deal."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.expr import BOOL, ExprT, Formula
from gouji_dsl.model.fields import HAND, PLACE, Section, rule
from gouji_dsl.model.types import BoolT, IntT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class RevolutionRules(Section):
    NAME = "revolution"
    ZH = "革命"
    EN = "Revolution (革命)"
    allowed: bool = rule(BoolT(), "革命", "a player may sit out a deal (革命)")
    condition: Formula = rule(ExprT(BOOL, HAND), "条件", "which dealt hands may revolt")
    redeal_at: int = rule(IntT(2, 12), "重发", "this many revolutionaries cause a redeal")
    place: int = rule(PLACE, "名次", "the place a revolutionary takes")
    auto_open: bool = rule(BoolT(), "自动认点", "the revolutionary counts as not open and their opposite as open")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
