"""The course of play: who answers a 级牌, 让牌, passing, 让两圈, 底牌, 接风."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, Member


# --- the rules ------------------------------------------------------------------

GOUJI_ANSWER = EnumT(Member("opposite_only", "仅对家", "only the player's opposite (except burns and 无头)"),
                     Member("anyone", "任何人", "anyone, like any other play"))
DEFER_TO = EnumT(Member("non_gouji", "非级牌", "plays that are not 级牌"), Member("any_play", "任何牌", "any play"))
PASS_RULE = EnumT(Member("round_except_opposite", "除对头牌外本轮无权",
                         "a player who passes may not play again in this round, except to answer their opposite"),
                  Member("round", "本轮无权", "a player who passes may not play again in this round"))
GOING_OUT = EnumT(Member("anyone_answers", "底牌任何人可打", "anyone may answer it, and that is not a burn (底牌)"),
                  Member("opposite_answers", "仅对家可打", "only the opposite may answer it (anyone, if the opposite is out)"),
                  Member("loses_status", "失去级牌作用", "it loses its 级牌 status and is answered like any play"))
TAKE_OVER = EnumT(Member("next_player", "下家接风", "the next player holding cards leads"),
                  Member("partner", "对家接风", "the partner of the player who went out leads"))


@dataclass(frozen=True)
class FlowRules(Section):
    NAME = "flow"
    ZH = "出牌"
    EN = "The course of play"
    gouji_answer: str = rule(GOUJI_ANSWER, "级牌应答", "who may answer a 级牌")
    defer: bool = rule(BoolT(), "让牌", "the opposite of the player may defer (让牌): the next two act first")
    defer_to: str = rule(DEFER_TO, "让牌范围", "which plays may be deferred")
    pass_rule: str = rule(PASS_RULE, "过牌", "what a pass loses")
    lead_return_circles: int = rule(IntT(1, 3), "让圈", "full circles of passes after which a player whose non-级牌 play stands leads again")
    going_out_gouji: str = rule(GOING_OUT, "底牌", "who may answer a 级牌 with which a player goes out")
    take_over: str = rule(TAKE_OVER, "接风", "who leads when a player's last play is not answered")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
