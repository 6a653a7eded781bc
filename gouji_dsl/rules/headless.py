"""无头: players whose opposite is gone."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member
from gouji_dsl.model.variant import Variant
from gouji_dsl.rules.flow import answer_written

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game

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


@check("headless.cause")
def check_cause(v: Variant, rep: Reporter) -> None:
    # Without revolution this cause is opposite_out under another name: accepted, it would change nothing.
    if value_of(v, "revolution.allowed") is False and value_of(v, "headless.cause") == "opposite_out_or_revolution":
        rep.error(at(v, "headless.cause"), msg("rules.headless_revolution_off"),
                  hint=msg("rules.headless_cause_hint"), notes=[(at(v, "revolution.allowed"), msg("rules.revolution_off_here"))])


type_only("headless.scope", "headless.pass_loses_gouji")


dead("headless.scope", "[headless] scope", answer_written("flow.answer_play"))
dead("headless.pass_loses_gouji", "[headless] pass_loses_gouji", answer_written("flow.answer_gouji"))


# --- engine -------------------------------------------------------------------

spec.register("headless.cause", "engine", spec.Setting("headless_cause", lambda v: v.headless.cause, absent=None,
                                                       annotation="str | None", realised_in=("runtime/flow.py:Game._update_headless", "runtime/setup.py:SetUp._begin_play")))
# What a 无头 player may answer is a part of who may answer (rules/flow.py's answer_play and
# answer_gouji, which follow these two while a file does not write them).
_SCOPE = spec.Part("flow.answer_play", "any_play lets 无头 players answer, and be answered, passed or not")
_PASS_LOSES = spec.Part("flow.answer_gouji", "it says whether a 无头 player who passed a plain play may answer a 级牌")
spec.register("headless.scope", "engine", _SCOPE)
spec.register("headless.pass_loses_gouji", "engine", _PASS_LOSES)


# --- interpreter --------------------------------------------------------------


@hook("headless.cause", absent=lambda g, seat, reason: None)
def becomes_headless(g: Game, seat: int, reason: str) -> None:
    """无头 (D25): who loses their head when `seat` goes out (reason "out") or sits out as
    the revolutionary ("revolution"): its opposite, for opposite_out only when it goes
    out, for opposite_of_first_out only when it is the first player out."""
    cause = g.v.headless.cause
    if reason == "revolution" and cause != "opposite_out_or_revolution":
        return
    if reason == "out" and cause == "opposite_of_first_out" and len(g.finish_order) != 1:
        return
    g.headless.add(ask("table.opposites", g, seat))


spec.register("headless.scope", "interpreter", _SCOPE)
spec.register("headless.pass_loses_gouji", "interpreter", _PASS_LOSES)


# --- rulebook -----------------------------------------------------------------

book.group("headless", "无头", "Headless (无头)")
book.enum_rule("headless.cause", "headless", {
    "opposite_out": ("**[[无头]]**：四户乱缠之前，对家已经走科的玩家称为无头。", "**[[无头|Headless]]**: before the free-for-all, a player whose opposite has gone out is headless."),
    "opposite_out_or_revolution": ("**[[无头]]**：四户乱缠之前，对家已经走科或者革命的玩家称为无头。",
                                   "**[[无头|Headless]]**: before the free-for-all, a player whose opposite has gone out or sits out in revolution is headless."),
    "opposite_of_first_out": ("**[[无头]]**：四户乱缠之前，{p1}的对家称为无头。", "**[[无头|Headless]]**: before the free-for-all, the opposite of the first player out ({p1}) is headless."),
}, extra=lambda ctx, v: {"p1": ctx.place_zh(1)})
book.enum_rule("headless.scope", "headless", {
    "gouji_plays": ("无头者可以打任何人的级牌，任何人也可以打无头者的级牌，都不算烧牌；无头者不能烧牌，也不会被烧。",
                    "A headless player may answer anyone's gouji play, and anyone may answer theirs; neither is a burn. Headless players neither burn nor are burned."),
    "any_play": ("无头者可以打任何人的任何牌，任何人也可以打无头者的任何牌，都不算烧牌。",
                 "A headless player may answer any play of anyone, and anyone may answer any play of theirs; none of it is a burn."),
})
book.bool_rule("headless.pass_loses_gouji", "headless",
               ("无头者对非级牌过了牌，本轮就不能再打别人的级牌。", "A headless player who passed a non-gouji play may no longer answer others' gouji plays in that round."),
               ("无头者过牌后，本轮仍然可以打别人的级牌。", "Passing does not take away a headless player's right to answer gouji plays in that round."))


# --- diff ---------------------------------------------------------------------


dp.phrase("headless.cause", {
    "opposite_out": dp.said("对家走科即为无头", "makes a player 无头 when their opposite is out"),
    "opposite_out_or_revolution": dp.said("对家走科或革命即为无头", "makes a player 无头 when their opposite is out or sits out in 革命"),
    "opposite_of_first_out": dp.said("只有头科的对家是无头", "makes only the opposite of the first player out 无头"),
})
dp.phrase("headless.scope", {
    "gouji_plays": dp.said("无头只在级牌上可以互管", "lets a 无头 player answer, and be answered, on 级牌 only"),
    "any_play": dp.said("无头可以管任何牌，任何人也可以管无头的牌", "lets a 无头 player answer any play, and anyone answer theirs"),
})
dp.phrase("headless.pass_loses_gouji", dp.yes_no(
    "无头过了非级牌后本轮不能再管级牌", "takes a 无头 player's right to answer 级牌 once they passed a plain play",
    "无头过牌后仍可管级牌", "keeps a 无头 player's right to answer 级牌 after a pass"))
