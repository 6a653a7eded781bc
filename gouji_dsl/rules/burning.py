"""烧牌: beating a 级牌 out of turn, and what follows."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.expr import BOOL, ExprT, Formula
from gouji_dsl.model.fields import HAND, REST, Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member


# --- the rules ------------------------------------------------------------------

BURN_PRIORITY = EnumT(Member("team_first", "联邦优先",
                             "the burned player's teammates first; within a side, the first in playing order after the burned player"),
                      Member("nearest", "就近", "the burner nearest after the burned player in playing order"))
FAIL_LEADER = EnumT(Member("burned_player", "被烧者重新发牌", "the burned 级牌 may still be burned or answered by the opposite, else the burned player leads"),
                    Member("next_player", "下家接风", "the next player leads"))


@dataclass(frozen=True)
class BurnRules(Section):
    NAME = "burning"
    ZH = "烧牌"
    EN = "Burning (烧牌)"
    allowed: bool = rule(BoolT(), "烧牌", "whether a player may beat a 级牌 of someone not their opposite")
    condition: Formula = rule(ExprT(BOOL, HAND, REST), "条件", "when a player who can beat the 级牌 may burn")
    teammates_may_burn: bool = rule(BoolT(), "联邦可烧", "whether the 级牌 player's own teammates may burn it")
    after_pass: bool = rule(BoolT(), "过牌后可烧", "whether a player who passed in this round may still burn")
    priority: str = rule(BURN_PRIORITY, "优先", "who burns when several want to")
    first_play_needs_joker: bool = rule(BoolT(), "首手带王", "whether the burning play itself must carry a joker")
    failure_leader: str = rule(FAIL_LEADER, "失败后", "what follows a failed burn (the burner takes the lowest free place)")
    lift: bool = rule(BoolT(), "解烧", "any play of the burner beaten by anyone lifts the burn, without penalty")
    counter_burn: bool = rule(BoolT(), "反烧", "the burned player may burn back the burner's play")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
