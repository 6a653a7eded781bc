"""开点 (opening) and 宣点 (declaring)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, at_nearest, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook, reference_methods
from gouji_dsl.facets.sentences import add_inactive, field_type, formula_blocks, said
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.expr import BOOL, ExprT, Formula
from gouji_dsl.model.fields import PLAY, Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member, OptionalT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.explain import conditions
from gouji_dsl.prose.text import T

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Play, Said

# --- the rules ------------------------------------------------------------------

OPEN_RULE = EnumT(Member("survives", "未被对头灭或烧", "they played a 级牌 that was neither beaten by their opposite nor burned"),
                  Member("wins_lead", "赢得发牌权", "a 级牌 of theirs won them the lead"),
                  Member("none", "不开点", "nobody opens: the variant has no 开点"))


@dataclass(frozen=True)
class OpenRules(Section):
    NAME = "open"
    ZH = "开点"
    EN = "Opening (开点) and declaring (宣点)"
    method: str = rule(OPEN_RULE, "规则", "how a player opens, before the free-for-all")
    counts: Formula = rule(ExprT(BOOL, PLAY), "计入", "which plays count towards opening")
    declare: bool = rule(BoolT(), "宣点", "after the deal a player may declare that their opposite will not open")
    then_lead: Formula | None = rule(OptionalT(ExprT(BOOL, PLAY)), "随后出牌",
                                     "开点 completes in two steps: a player whose 级牌 would open them opens only if "
                                     "their next lead meets this, and forfeits 开点 (废点) for the game if it does not; "
                                     "none: the 级牌 opens them at once", default=None)


# --- checks -------------------------------------------------------------------


type_only("open.counts", "open.declare", "open.then_lead")


def _nobody_opens(v: Variant) -> tuple[str, Message] | None:
    """[open] method = none: nobody opens, so no lead completes an opening."""
    return ("open.method", msg("model.dead_no_opening")) if value_of(v, "open.method") == "none" else None


dead("open.then_lead", "[open] then_lead", _nobody_opens)


def two_steps(v: Variant) -> bool:
    """Does 开点 complete in two steps here: a player opens, and a lead of theirs is asked of them?"""
    return v.open.then_lead is not None and v.open.method != "none"


@check("open.method")
def check_no_opening(v: Variant, rep: Reporter) -> None:
    """Without 开点 (method = none) nothing may depend on who opened: 宣点, a 点贡 that is
    paid, open points, a revolutionary's opposite opened automatically."""
    if value_of(v, "open.method") != "none":
        return
    uses = []
    if value_of(v, "open.declare"):
        uses.append(("open.declare", msg("rules.no_opening_declare")))
    if value_of(v, "tribute.enabled") and "dian" in (value_of(v, "tribute.order") or ()):
        uses.append(("tribute.order", msg("rules.no_opening_dian")))
    if value_of(v, "scoring.open_points"):
        uses.append(("scoring.open_points", msg("rules.no_opening_points", points=value_of(v, "scoring.open_points"))))
    if value_of(v, "revolution.allowed") and value_of(v, "revolution.auto_open"):
        uses.append(("revolution.auto_open", msg("rules.no_opening_auto_open")))
    if uses:
        # At the line the variant itself wrote (a house rule turning one of them on), with the others as notes.
        where = at_nearest(v, "open.method", *(key for key, _text in uses))
        notes = [(at(v, key), msg("rules.no_opening_set_here") if key == "open.method" else msg("rules.set_here"))
                 for key in ("open.method", *(key for key, _text in uses))]
        rep.error(where, msg("rules.no_opening_but", uses=[text for _k, text in uses]),
                  hint=msg("rules.keep_opening"),
                  notes=[(pos, text) for pos, text in notes if pos != where])


# --- engine -------------------------------------------------------------------

spec.register("open.method", "engine", spec.Setting("open_method", lambda v: v.open.method, ("opens",), absent='none',
                                                    annotation="str", realised_in=("runtime/bounds.py:_gouji_score_facts", "runtime/flow.py:Game._open", "runtime/flow.py:Game._play", "runtime/flow.py:Game._win_round")))
spec.register("open.counts", "engine", spec.CardFunction(("opens",)))  # the formula, translated
# 开点出牌: the flow keeps the players whose opening waits for their next lead (State.pending_open)
# and those who forfeited it (State.forfeited); the engine compiles the condition into
# `_then_lead` (Rules.then_lead_ok), written only with the rule.
spec.register("open.then_lead", "engine", spec.Setting("open_then_lead", two_steps, ("_then_lead",), absent=False,
                                                       annotation="bool",
                                                       realised_in=("runtime/flow.py:Game._open", "runtime/flow.py:Game._play",
                                                                    "runtime/flow.py:Game._go_out", "runtime/flow.py:Game._check_chaos")))
spec.register("open.declare", "engine", spec.Setting("declare", lambda v: v.open.declare, ("tributes", "score"), absent=False,
                                                     annotation="bool", realised_in=("runtime/bounds.py:_pre_play_actions", "runtime/setup.py:SetUp._start_deal")))


# --- interpreter --------------------------------------------------------------


@hook("open.method", absent=lambda g, seat, play, beaten_by, burn, was_in_force: None)
def settle_open(g: Game, seat: int, play: Play, beaten_by: int | None, burn: bool, was_in_force: bool) -> None:
    """开点 (D16, D26) for `seat`'s `play` (one that counts: the Reference's `opens`), when
    it wins the round (`beaten_by` None; the table still shows it) or is beaten.
    Either method: a 级牌 in force that wins the round opens, outside 四户乱缠.
    survives: a 级牌 in force beaten by anyone but the opposite, not burned, opens; so
    does a 级牌 its player went out with before 四户乱缠 (底牌) that nobody, or
    not the opposite, beats."""
    survives = g.v.open.method == "survives"
    if g.v.open.method == "none" or not g.ref.opens(play):
        return
    if beaten_by is None:
        if g.top_gouji and not g.top_free and not g.top_opposite_only and not g.chaos:
            g._open(seat)
        elif g.top_out_gouji and survives:
            g._open(seat, before_chaos=True)
    elif (survives and (was_in_force or g.top_out_gouji) and not burn
          and beaten_by != ask("table.opposites", g, seat)):
        g._open(seat, before_chaos=g.top_out_gouji)


@hook("open.then_lead", absent=lambda g, seat, lead: True)
def opening_step(g: Game, seat: int, lead: Play | None) -> bool:
    """开点出牌 ([open] then_lead), a step of `seat`'s opening. `lead` None: their 级牌 would open
    them now; True opens them at once (one step: no rule, or they went out, so no lead of theirs
    is to come and none was failed), False makes it a two-step opening. `lead`, the next lead of
    a pending player (待开点): True completes the opening (it meets the rule, the Reference's
    `then_lead`), False forfeits 开点 for the game (废点)."""
    if lead is None:
        return not two_steps(g.v) or seat in g.finish_order
    return g.ref.then_lead(lead)


@hook("open.declare", absent=lambda g: [])
def declaring_seats(g: Game) -> list[int]:
    """宣点: before play each seat in turn, seat 1 first, may declare."""
    return list(ask("table.players", g)) if g.v.open.declare else []


reference_methods(("opens",), "open.counts")



# --- rulebook -----------------------------------------------------------------

book.group("open", "宣点", "Declaring (宣点)")
book.absent("open.declare", lambda v, value: not value, "不[[宣点]]", "no [[宣点|declaring]]")
book.bool_rule("open.declare", "before",
               ("**[[宣点]]**：发完牌后，每人可以选择宣点，即断定自己的对家这局开不了点。宣点的结果影响点贡（见“进贡”）。",
                "**[[宣点|Declaring]]**: after the deal each player may declare that their opposite will not open this game. Declarations change the open tribute (see Tribute)."),
               ("不宣点：本玩法没有宣点。", "There is no declaring (宣点) in this variant."))

book.group("open", "开点", "Opening (开点)")


def _count_facts(v: Variant) -> list[tuple[str, str, str]] | None:
    """What [open] counts asks of a play besides being a gouji play (facts about the play, in
    words); None when it asks something the words below cannot say."""
    facts = conditions(v.open.counts.node, field_type("open.counts"))
    if not facts or ("play", "是级牌", "is a gouji play") not in facts or any(p != "play" for p, _z, _e in facts):
        return None
    return [f for f in facts if f[1] != "是级牌"]


def _see_below(ctx: book.Ctx, value: str) -> dict[str, str]:
    """ "（算开点的级牌见下条）" when some gouji plays do not count."""
    every = _count_facts(ctx.v) == []
    return {"c_zh": "" if every else "（哪些级牌算数见下条）", "c_en": "" if every else " (which ones count: below)"}


book.enum_rule("open.method", "course", {
    "survives": ("**[[开点]]**：四户乱缠之前，出的级牌有一手没被打下来（对家没打、也没人烧），就算开点{c_zh}；走科时的最后一手级牌也算。一直没开点叫“进点”。",
                 "**[[开点|Opening]]**: before the free-for-all, a player opens when one of their gouji plays is not beaten "
                 "(neither answered by their opposite nor burned){c_en}; the gouji play with which they go out counts too. "
                 "Whether you open decides the open tribute and, where scored, points."),
    "wins_lead": ("**[[开点]]**：四户乱缠之前，出的级牌有一手没人管得上、赢得了发牌权，就算开点{c_zh}。",
                  "**[[开点|Opening]]**: before the free-for-all, a player opens when one of their gouji plays wins them "
                  "the lead{c_en}. Whether you open decides the open tribute."),
    "none": ("**不论[[开点]]**：本玩法没有开点，级牌赢了只是得到发牌权。",
             "**No [[开点|opening]]**: this variant does not count opening; a winning gouji play only wins the lead."),
}, extra=_see_below)


@book.rule("open.counts", "course")
def _(ctx: book.Ctx, value: Formula) -> Said:
    facts = _count_facts(ctx.v)
    if facts == []:
        out = said(T("每一手级牌都算数，带王的、单张的也算。"), T("Every gouji play counts towards opening, single cards and plays with jokers too."))
    elif facts:
        out = said(T("只有{f}的级牌才算开点。", f="、".join(z for _p, z, _e in facts)),
                   T("Only a gouji play that {f} counts towards opening.", f=" and ".join(e for _p, _z, e in facts)))
    else:  # a condition the sentences above cannot say: said as the formula reads, in words
        out = formula_blocks("open.counts", value, ("算开点的牌：", "A play counts towards opening when "))
    return add_inactive(out, ("本玩法没有开点，此条不起作用。", "There is no opening here, so this rule does not apply.")
                        if ctx.v.open.method == "none" else None)


@book.rule("open.then_lead", "course")
def _(ctx: book.Ctx, value: Formula | None) -> Said:
    if value is None:
        out = said(T("级牌一开点就算数，不看之后出什么牌。"),
                   T("A player who opens has opened at once, whatever they lead next."))
    else:
        out = formula_blocks("open.then_lead", value, (
            "**[[开点]]要两步**：级牌开了点的人还得接着出牌：等他下一次出头牌，出的牌合下面的条件才算开点，"
            "不合就是“废点”，这一局再也开不了点；没出头牌就先走了科，开点照算；四户乱缠开始、"
            "烧牌失败或被闷出局时还在等的，也算废点。出头牌的条件：",
            "**[[开点|Opening]] in two steps**: a player whose gouji play opens them must follow it up: their "
            "next lead completes the opening if it meets the condition below, and if it does not they forfeit "
            "opening for the rest of the game. One who goes out before leading again has opened; one still "
            "waiting when the free-for-all begins, or who fails a burn or is smothered out of play, has "
            "forfeited. The lead must be such that "))
    return add_inactive(out, ("本玩法没有开点，此条不起作用。", "There is no opening here, so this rule does not apply.")
                        if ctx.v.open.method == "none" else None)


# --- diff ---------------------------------------------------------------------


def _phrase_counts(formula: Formula, lang: str) -> str:
    return f"计入开点的牌：{formula.text}" if lang == "zh" else f"counts plays with {formula.text} towards 开点"


dp.phrase("open.method", {
    "survives": dp.said("级牌未被对头管、未被烧即开点", "opens (开点) a player whose 级牌 was neither beaten by their opposite nor burned"),
    "wins_lead": dp.said("级牌赢得发牌权才开点", "opens (开点) a player whose 级牌 won them the lead"),
    "none": dp.said("不论开点", "has no 开点"),
})
dp.phrase("open.counts", _phrase_counts)


def _phrase_then_lead(formula: Formula | None, lang: str) -> str:
    if formula is None:
        return "级牌开点一步完成" if lang == "zh" else "opens (开点) in one step: the 级牌 alone"
    return (f"开点后下一手出头牌须满足 {formula.text}，否则废点" if lang == "zh"
            else f"completes 开点 only with a next lead meeting {formula.text}, else forfeits it")


dp.phrase("open.then_lead", _phrase_then_lead)
dp.phrase("open.declare", dp.yes_no(
    "有宣点", "has 宣点",
    "没有宣点", "has no 宣点"))
