"""无头: players whose opposite is gone."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member


# --- the rules ------------------------------------------------------------------

HEADLESS_CAUSE = EnumT(Member("opposite_out", "对家走科", "their opposite has gone out"),
                       Member("opposite_out_or_revolution", "对家走科或革命", "their opposite has gone out or sits out in revolution"),
                       Member("opposite_of_first_out", "头科的对家", "they are the opposite of the first player out"))
HEADLESS_SCOPE = EnumT(Member("gouji_plays", "级牌", "they may answer anyone's 级牌, and anyone may answer theirs; neither is a burn"),
                       Member("any_play", "任何牌", "they may answer any play of anyone, and anyone may answer any play of theirs; no burns"))


@dataclass(frozen=True)
class HeadlessRules(Section):
    NAME = "headless"
    ZH = "无头"
    EN = "Headless (无头)"
    cause: str = rule(HEADLESS_CAUSE, "成因", "who is 无头 before the free-for-all")
    scope: str = rule(HEADLESS_SCOPE, "范围", "what a 无头 player may answer and have answered")
    pass_loses_gouji: bool = rule(BoolT(), "过牌失权", "a 无头 player who passed a non-级牌 play may no longer answer others' 级牌 in that round")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
