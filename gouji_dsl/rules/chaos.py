"""四户乱缠: the free-for-all at the end of a game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import hook
from gouji_dsl.facets.sentences import add_inactive, said
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.expr import BOOL, Choice, ChoiceT, Shorthand
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, IntT, Member, OptionalT
from gouji_dsl.model.variant import Variant
from gouji_dsl.rules.flow import ANSWERER, OWNER, answer_written
from gouji_dsl.prose.text import T, circles, num

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said

# --- the rules ------------------------------------------------------------------

# Who may answer in 四户乱缠, a condition on the answerer and the owner of the play, like [flow]
# answer_play outside it. Unset, it follows pass_keeps_right (chaos_answer() below).
CHAOS_ANSWER = ChoiceT(BOOL, ANSWERER, OWNER, shorthands=(
    Shorthand(Member("anyone", "任何人", "anyone, passed or not"), "yes"),
    Shorthand(Member("not_after_passing", "过牌后无权", "a player who passed in this round may not answer again"),
              "not passed(answerer)")))


@dataclass(frozen=True)
class ChaosRules(Section):
    NAME = "chaos"
    ZH = "四户乱缠"
    EN = "Free-for-all (四户乱缠)"
    starts_at: int | None = rule(OptionalT(IntT(2, 12)), "人数",
                                 "the free-for-all starts when at most this many players hold cards (none: there is none)")
    after_first_out_with_revolution: bool = rule(BoolT(), "革命后头科即乱缠", "in a game with a revolutionary it starts as soon as the first player is out")
    lead_return_circles: int = rule(IntT(1, 3), "过圈", "full circles of passes after which the last player leads again")
    pass_keeps_right: bool = rule(BoolT(), "过牌可再上", "a player who passed may still play later in the round")
    answer: Choice | None = rule(OptionalT(CHAOS_ANSWER), "谁能管",
                                 "who may answer in the free-for-all, a condition on the answerer and the owner of the "
                                 "play (none: as pass_keeps_right says)", default=None)


def chaos_answer(v: Variant) -> Choice:
    """Who may answer in 四户乱缠: as written, else as pass_keeps_right says."""
    written: Choice | None = v.chaos.answer
    if written is not None:
        return written
    return CHAOS_ANSWER.expand("anyone" if v.chaos.pass_keeps_right else "not_after_passing")


# --- checks -------------------------------------------------------------------


@check("chaos.starts_at")
def check_starts_at(v: Variant, rep: Reporter) -> None:
    starts, players = value_of(v, "chaos.starts_at"), value_of(v, "table.players")
    if starts is not None and players is not None and starts >= players:
        rep.error(at(v, "chaos.starts_at"), msg("rules.chaos_starts_too_late", starts=starts, players=players))


@check("chaos.after_first_out_with_revolution")
def check_after_revolution(v: Variant, rep: Reporter) -> None:
    if value_of(v, "revolution.allowed") is False and value_of(v, "chaos.after_first_out_with_revolution"):
        rep.error(at(v, "chaos.after_first_out_with_revolution"), msg("rules.chaos_revolution_off"),
                  notes=[(at(v, "revolution.allowed"), msg("rules.revolution_off_here"))])


type_only("chaos.lead_return_circles", "chaos.pass_keeps_right", "chaos.answer")


def _chaos_never_starts(v: Variant) -> tuple[str, Message] | None:
    """[chaos] starts_at = none: there is no 四户乱缠, so nothing reads the other chaos rules."""
    if v.origin("chaos.starts_at") is not None and value_of(v, "chaos.starts_at") is None:
        return "chaos.starts_at", msg("model.dead_no_chaos")
    return None


for _rule in ("after_first_out_with_revolution", "lead_return_circles", "pass_keeps_right", "answer"):
    dead(f"chaos.{_rule}", f"[chaos] {_rule}", _chaos_never_starts)


dead("chaos.pass_keeps_right", "[chaos] pass_keeps_right", answer_written("chaos.answer"))


# --- engine -------------------------------------------------------------------

spec.register("chaos.starts_at", "engine", spec.Setting("chaos_starts_at", lambda v: v.chaos.starts_at, absent=None,
                                                        annotation="int | None", realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._check_chaos")))
spec.register("chaos.after_first_out_with_revolution", "engine",
              spec.Setting("chaos_after_first_out_with_revolution", lambda v: v.chaos.after_first_out_with_revolution, absent=False,
                           annotation="bool", realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._check_chaos")))
spec.register("chaos.lead_return_circles", "engine", spec.Setting("chaos_circles", lambda v: v.chaos.lead_return_circles, absent=1,
                                                                  annotation="int", realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._advance")))
spec.register("chaos.answer", "engine",
              spec.Setting("chaos_answer", lambda v: CHAOS_ANSWER.plain(chaos_answer(v)),
                           absent=CHAOS_ANSWER.plain(CHAOS_ANSWER.expand("not_after_passing")), annotation="tuple[Any, ...]",
                           realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._may_answer")))
# Whether a pass loses the right to answer in 四户乱缠 is a part of who may answer there.
_KEEPS_RIGHT = spec.Part("chaos.answer", "yes lets a player who passed answer later in the round")
spec.register("chaos.pass_keeps_right", "engine", _KEEPS_RIGHT)
spec.register("chaos.pass_keeps_right", "interpreter", _KEEPS_RIGHT)


# --- interpreter --------------------------------------------------------------


@hook("chaos.starts_at", "chaos.after_first_out_with_revolution", absent=lambda g: False)
def chaos_begins(g: Game) -> bool:
    """四户乱缠 begins once at most starts_at players hold cards, or (with the revolution
    rule) once the first player is out in a game with a revolutionary."""
    c: ChaosRules = g.v.chaos
    if c.starts_at is None:
        return False  # no 四户乱缠: the 级牌, passing, deferring and burning rules hold to the end
    if len(g._holders()) <= c.starts_at:
        return True
    return c.after_first_out_with_revolution and g.revolutionary is not None and bool(g.finish_order)


@hook("chaos.lead_return_circles", absent=lambda g: 1)
def chaos_circles(g: Game) -> int:
    """In 四户乱缠: the full circles of passes a play needs to win the round."""
    c: ChaosRules = g.v.chaos
    return c.lead_return_circles


@hook("chaos.answer", absent=lambda g, seat: False)
def answers_in_chaos(g: Game, seat: int) -> bool:
    """In 四户乱缠 anyone may beat anything in turn, as far as the answer rule lets them: by
    default, a pass loses that right for the round unless pass_keeps_right."""
    assert g.top_seat is not None  # asked only about a play on the table
    return bool(g.holds(chaos_answer(g.v), answerer=seat, owner=g.top_seat))


# --- rulebook -----------------------------------------------------------------

book.group("chaos", "四户乱缠", "The free-for-all (四户乱缠)")


def _no_chaos(ctx: book.Ctx) -> tuple[str, str] | None:
    """The not-in-play note of the other chaos rules when there is no 四户乱缠."""
    if ctx.v.chaos.starts_at is None:
        return ("本玩法没有四户乱缠，此条不起作用。", "There is no free-for-all here, so this rule does not apply.")
    return None


@book.rule("chaos.starts_at", "headless")
def _(ctx: book.Ctx, value: int | None) -> Said:
    if value is None:
        return said(T("**没有[[四户乱缠]]**：直到终局，级牌、过牌、让牌、烧牌的规则都照常适用。"),
                    T("**There is no [[四户乱缠|free-for-all]]**: the gouji-play, passing, deferring and burning rules apply until the end of the game."))
    decided = ctx.v.table.players - value
    if decided == 2:
        when_zh = T("，例如{a}、{b}产生之后（烧牌失败者也算已出局）", a=ctx.place_zh(1), b=ctx.place_zh(2))
        when_en = T(" (once the first two places are decided, failed burners counted)")
    else:
        when_zh, when_en = T("（烧牌失败者也算已出局）"), T(" (failed burners count as out)")
    return said(T("**[[四户乱缠]]**：当还有牌的人不超过{n}个时{w}，进入乱缠：不再按级牌、过牌、让牌、烧牌的规则出牌，但仍按顺序出牌。", n=value, w=when_zh),
                T("**The [[四户乱缠|free-for-all]]**: once at most {n} players hold cards{w}, the gouji-play, passing, deferring and burning rules no longer apply; play still goes round in order.",
                  n=num(value), w=when_en))


book.bool_rule("chaos.after_first_out_with_revolution", "headless",
               ("有人革命的一局，{p1}一产生就进入四户乱缠。", "In a game with a revolutionary, the free-for-all starts as soon as the first player is out."),
               ("有人革命时，乱缠开始的时间照常计算。", "A revolution does not change when the free-for-all starts."),
               extra=lambda ctx, v: {"p1": ctx.place_zh(1)},
               inactive=lambda ctx: _no_chaos(ctx) or (
                   None if ctx.v.revolution.allowed else
                   ("本玩法不革命，此条不起作用。", "There is no revolution here, so this rule does not apply.")))


@book.rule("chaos.lead_return_circles", "headless")
def _(ctx: book.Ctx, value: int) -> Said:
    return add_inactive(said(T("乱缠时，无论出什么牌，要重新获得发牌权，需要其他人都过牌{c}。", c=circles(value, "zh")),
                             T("In the free-for-all, whatever the play, its player leads again after {c} of passes.", c=circles(value, "en"))),
                        _no_chaos(ctx))


book.bool_rule("chaos.pass_keeps_right", "headless",
               ("乱缠时过牌不失去出牌权，本轮以后仍然可以出牌。", "In the free-for-all a pass loses nothing: a player who passed may still play later in the round."),
               ("乱缠时过牌后，本轮不能再出牌。", "In the free-for-all a player who passed may not play again in that round."),
               inactive=_no_chaos)
book.choice_rule("chaos.answer", "headless", {
    "anyone": ("乱缠时过牌不失权，轮到谁谁都能管。", "In the free-for-all a pass loses nothing: anyone may answer in turn."),
    "not_after_passing": ("乱缠时本轮过了牌的人，本轮不能再管。",
                          "In the free-for-all a player who passed in the round may not answer again in it."),
}, expression=("乱缠时，轮到谁，要{w}，才能管。", "In the free-for-all a play may be answered in turn only if {w}."),
   unset=(chaos_answer, ("（按“过牌可再上”的规定。）", "(As the rule on passing in the free-for-all makes it.)")),
   after=lambda ctx, v: add_inactive(([], []), _no_chaos(ctx)))


# --- diff ---------------------------------------------------------------------


def _phrase_lead_return_circles(value: int, lang: str) -> str:
    if lang == "zh":
        return f"四户乱缠中过{value}圈无人管即重新发牌"
    circles = "one full circle" if value == 1 else f"{value} full circles"
    return f"returns the lead in 四户乱缠 after {circles} of passes"


dp.phrase("chaos.starts_at", {
    None: dp.said("没有四户乱缠", "has no 四户乱缠: the 级牌 rules hold to the end"),
    "*": dp.said("剩{v}家时开始四户乱缠", "starts 四户乱缠 when at most {v} players hold cards"),
})
dp.phrase("chaos.after_first_out_with_revolution", dp.yes_no(
    "有人革命时头科一出即开始四户乱缠", "starts 四户乱缠 as soon as the first player is out in a game with a revolutionary",
    "有人革命时四户乱缠照常开始", "starts 四户乱缠 as usual in a game with a revolutionary"))
dp.phrase("chaos.lead_return_circles", _phrase_lead_return_circles)
dp.phrase("chaos.answer", dp.choice({
    "anyone": dp.said("四户乱缠中过牌不失权", "lets anyone answer in 四户乱缠, passed or not"),
    "not_after_passing": dp.said("四户乱缠中过牌后本轮不能再管", "lets nobody who passed answer again in 四户乱缠"),
}, "四户乱缠中要 {v} 才能管", "lets a player answer in 四户乱缠 only when {v}",
    unset=dp.said("四户乱缠中谁能管按过牌的规定", "lets the passing rule of 四户乱缠 say who may answer")))
dp.phrase("chaos.pass_keeps_right", dp.yes_no(
    "四户乱缠中过牌后本轮仍可再出", "lets a player who passed in 四户乱缠 still play later in the round",
    "四户乱缠中过牌后本轮无权再出", "takes a passing player's right in 四户乱缠 too"))
