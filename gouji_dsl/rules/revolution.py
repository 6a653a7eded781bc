"""革命: sitting out a deal."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook, reference_methods
from gouji_dsl.facets.sentences import add_inactive, formula_blocks, said
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import BOOL, ExprT, Formula
from gouji_dsl.model.fields import HAND, PLACE, Section, rule
from gouji_dsl.model.types import BoolT, IntT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.text import T, num

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said

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


@check("revolution.place")
def check_place(v: Variant, rep: Reporter) -> None:
    place, players = value_of(v, "revolution.place"), value_of(v, "table.players")
    if place is not None and players is not None and place > players:
        rep.error(at(v, "revolution.place"), msg("rules.no_such_place", place=place, players=players))


@check("revolution.auto_open")
def check_auto_open(v: Variant, rep: Reporter) -> None:
    if value_of(v, "revolution.allowed") is False and value_of(v, "revolution.auto_open"):
        rep.error(at(v, "revolution.auto_open"), msg("rules.auto_open_without_revolution"),
                  notes=[(at(v, "revolution.allowed"), msg("rules.revolution_off_here"))])


type_only("revolution.allowed", "revolution.condition", "revolution.redeal_at")


# --- engine -------------------------------------------------------------------

spec.register("revolution.allowed", "engine", spec.Setting("revolution", lambda v: v.revolution.allowed, absent=False,
                                                           annotation="bool", realised_in=("runtime/bounds.py:_deals", "runtime/bounds.py:_pre_play_actions", "runtime/setup.py:SetUp._after_declare")))
spec.register("revolution.condition", "engine", spec.CardFunction(("_may_revolt",)))  # the formula, translated
spec.register("revolution.redeal_at", "engine", spec.Setting("redeal_at", lambda v: v.revolution.redeal_at, absent=0,
                                                             annotation="int", realised_in=("runtime/bounds.py:_deals", "runtime/flow.py:Game.apply_action")))
spec.register("revolution.place", "engine", spec.Setting("revolution_place", lambda v: v.revolution.place, absent=0,
                                                         annotation="int", realised_in=("runtime/setup.py:SetUp._begin_play",)))
spec.register("revolution.auto_open", "engine", spec.Setting("auto_open", lambda v: v.revolution.auto_open, absent=False,
                                                             annotation="bool", realised_in=("runtime/setup.py:SetUp._begin_play",)))


# --- interpreter --------------------------------------------------------------


@hook("revolution.allowed", absent=lambda g: [])
def revolting_seats(g: Game) -> list[int]:
    """革命: the seats asked, in seat order, whether to revolt: those whose hands meet the
    condition (the Reference's may_revolt), if revolution is allowed at all."""
    if not g.v.revolution.allowed:
        return []
    return [s for s in ask("table.players", g) if g.ref.may_revolt(tuple(g.hands[s - 1]))]


@hook("revolution.redeal_at", absent=lambda g: False)
def redeal(g: Game) -> bool:
    """With this many revolutionaries the cards are dealt again."""
    r: RevolutionRules = g.v.revolution
    return len(g.revolters) >= r.redeal_at


@hook("revolution.place", absent=lambda g: 0)
def revolutionary_place(g: Game) -> int:
    """The place the revolutionary (the first to revolt) takes at once, sitting out."""
    r: RevolutionRules = g.v.revolution
    return r.place


@hook("revolution.auto_open", absent=lambda g, seat: None)
def revolution_opens(g: Game, seat: int) -> None:
    """自动认点: the revolutionary's opposite counts as opened."""
    if g.v.revolution.auto_open:
        g.opened.add(ask("table.opposites", g, seat))


reference_methods(("may_revolt",), "revolution.condition")


# --- rulebook -----------------------------------------------------------------

book.group("revolution", "革命", "Revolution (革命)")
book.absent("revolution.allowed", lambda v, value: not value, "不[[革命]]", "no [[革命|revolution]]")


def _no_revolution(ctx: book.Ctx) -> tuple[str, str] | None:
    if not ctx.v.revolution.allowed:
        return ("本玩法不革命，此条不起作用。", "There is no revolution here, so this rule does not apply.")
    return None


book.bool_rule("revolution.allowed", "before",
               ("**[[革命]]**：发完牌（买3之后），按座位顺序，手牌够得上革命条件的玩家可以宣布革命：本局不出牌，带着手牌坐在一边。",
                "**[[革命|Revolution]]**: after the deal (and the buying of 3s), in seat order, a player whose hand meets the revolution condition may revolt: they sit out the game with their cards."),
               ("不革命：本玩法没有革命。", "There is no revolution (革命) in this variant."))


@book.rule("revolution.condition", "before")
def _(ctx: book.Ctx, value: Formula) -> Said:
    return add_inactive(formula_blocks("revolution.condition", value, ("革命条件：", "The revolution condition:")),
                        _no_revolution(ctx))


def _revolution_rule(key: str, zh_t: str, en_t: str,
                     extra: Callable[[book.Ctx, int], dict[str, str]] | None = None) -> None:
    @book.rule(key, "before")
    def _(ctx: book.Ctx, value: int) -> Said:
        values = {"n": value, "N": num(value) if isinstance(value, int) and not isinstance(value, bool) else value}
        if extra:
            values.update(extra(ctx, value))
        return add_inactive(said(T(zh_t, **values), T(en_t, **values)), _no_revolution(ctx))


_revolution_rule("revolution.redeal_at", "有{n}人或更多人革命时，重新发牌。", "If {N} or more players revolt, the cards are dealt again.")
_revolution_rule("revolution.place", "革命者算作第{n}名（{p}），其对家成为[[无头]]。",
                 "A revolutionary takes place {n} ({p}); their opposite is [[无头|headless]] from the start.",
                 extra=lambda ctx, v: {"p": ctx.place_zh(v)})


@book.rule("revolution.auto_open", "before")
def _(ctx: book.Ctx, value: bool) -> Said:
    if value:
        zh, en = T("**[[自动认点]]**：革命者算作没开点，其对家算作开点。"), T("**[[自动认点|Automatic opening]]**: the revolutionary counts as not open, their opposite as open.")
    else:
        zh, en = T("革命者与其对家的开点照常计算，不自动认点。"), T("Opening is reckoned as usual for a revolutionary and their opposite.")
    return add_inactive(said(zh, en), _no_revolution(ctx))


# --- diff ---------------------------------------------------------------------


def _phrase_condition(formula: Formula, lang: str) -> str:
    return f"满足 {formula.text} 的手牌可以革命" if lang == "zh" else f"lets a dealt hand revolt when {formula.text}"


dp.phrase("revolution.allowed", dp.yes_no(
    "可以革命", "allows 革命 (sitting out a deal)",
    "没有革命", "has no 革命"))
dp.phrase("revolution.condition", _phrase_condition)
dp.phrase("revolution.auto_open", dp.yes_no(
    "革命自动认点：革命者不开点，其对家开点", "counts a revolutionary as not open and their opposite as open (自动认点)",
    "革命不自动认点", "does not settle 开点 for a revolution"))
dp.phrase("revolution.place", dp.said("革命者名次为{v}", "gives a revolutionary place {v}"))
dp.phrase("revolution.redeal_at", dp.said("{v}人革命即重新发牌", "deals again when {v} players revolt"))
