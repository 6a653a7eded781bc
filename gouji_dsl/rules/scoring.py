"""Scoring: place points, team sums, sweeps, open points."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, IntT, ListT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ScoringRules(Section):
    NAME = "scoring"
    ZH = "计分"
    EN = "Scoring"
    place_points: tuple = rule(ListT(IntT(-1000, 1000), 2, 12), "名次分", "points for places 1, 2, ...")
    team_sum: bool = rule(BoolT(), "联邦合计", "each player scores the sum of their team's place points")
    sweep_multiplier: int = rule(IntT(1, 10), "串三户倍数", "place points are multiplied by this after a sweep")
    open_points: int = rule(IntT(0, 1000), "点贡分", "a player who opened against an opposite who did not scores this, the opposite loses it")
    zero_sum: bool = rule(BoolT(), "零和", "scores of a game must add up to zero")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
