"""What players see: 报牌, 看牌."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import type_only
from gouji_dsl.facets.hooks import ask, hook
from gouji_dsl.facets.sentences import said
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, IntT, OptionalT
from gouji_dsl.prose.text import T

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class InfoRules(Section):
    NAME = "info"
    ZH = "报牌看牌"
    EN = "What players see (报牌, 看牌)"
    GAMES = ("gouji", "shuangkou")  # Shuangkou's 明/暗 (双明: partners see each other's hands) is show_team_at
    report_at: int | None = rule(OptionalT(IntT(1, 1000)), "报牌", "a player's card count is shown once they hold at most this many")
    show_team_at: int | None = rule(OptionalT(IntT(1, 1000)), "看牌", "a player holding at most this many may show their hand to their teammates")
    watch_after_out: bool = rule(BoolT(), "走科看牌", "a player who is out may watch one teammate's hand")


# --- checks -------------------------------------------------------------------

type_only("info.report_at", "info.show_team_at", "info.watch_after_out")


# --- engine -------------------------------------------------------------------

# Read by Game.observation: what each seat may see.
spec.register("info.report_at", "engine", spec.Setting("report_at", lambda v: v.info.report_at, absent=None,
                                                       annotation="int | None", realised_in=("runtime/flow.py:Game.observation",)))
spec.register("info.show_team_at", "engine", spec.Setting("show_team_at", lambda v: v.info.show_team_at, absent=None,
                                                          annotation="int | None", realised_in=("runtime/flow.py:Game.observation", "runtime/observe.py:Observing._shown_seats", "runtime/tensor_layout.py:_Spec.__init__")))
spec.register("info.watch_after_out", "engine", spec.Setting("watch_after_out", lambda v: v.info.watch_after_out, absent=False,
                                                             annotation="bool", realised_in=("runtime/flow.py:Game.observation", "runtime/observe.py:Observing._shown_seats", "runtime/tensor_layout.py:_Spec.__init__")))


# --- interpreter --------------------------------------------------------------


@hook("info.report_at", absent=lambda g, left: False)
def reported(g: Game, left: int) -> bool:
    """报牌: is a player's count of cards shown to all, holding `left` cards?"""
    at = g.v.info.report_at
    return at is not None and left <= at


@hook("info.show_team_at", absent=lambda g, viewer, other, left: False)
def shows_teammate(g: Game, viewer: int, other: int, left: int) -> bool:
    """Does `viewer` see the hand of `other`, a teammate still holding `left` cards?"""
    at = g.v.info.show_team_at
    return (at is not None and left <= at and g._holds_cards(other)
            and ask("table.teams", g, other) == ask("table.teams", g, viewer))


@hook("info.watch_after_out", absent=lambda g, viewer: None)
def watched_teammate(g: Game, viewer: int) -> int | None:
    """看牌: the teammate whose hand `viewer`, gone out, watches (the first in seat order still holding cards)."""
    if not g.v.info.watch_after_out or viewer not in g.finish_order:
        return None
    team = ask("table.teams", g, viewer)
    return next((s for s in ask("table.players", g)
                 if s != viewer and ask("table.teams", g, s) == team and g._holds_cards(s)), None)


# --- rulebook -----------------------------------------------------------------

book.group("info", "报牌与看牌", "What players see")


@book.rule("info.report_at", "course")
def _(ctx: book.Ctx, value: int | None) -> Said:
    if value is None:
        return said(T("不报牌：剩几张牌不用告诉别人。"), T("Nobody has to tell how many cards they hold."))
    return said(T("**[[报牌]]**：剩{n}张以内要报牌，说出自己还剩几张。", n=value),
                T("**[[报牌|Card count]]**: a player down to {n} cards or fewer must say how many they hold.", n=value))


@book.rule("info.show_team_at", "course")
def _(ctx: book.Ctx, value: int | None) -> Said:
    if ctx.v.game != "gouji":   # Shuangkou: one partner (搭档), 明/暗 hands (002:L22-24)
        if value is None:
            return said(T("**全暗**：每人只能看自己的牌，不能看搭档的牌。"),
                        T("**Hidden hands** (全暗): each player sees only their own hand, not their partner's."))
        each = ctx.v.table.cards_per_player
        if isinstance(each, int) and value >= each:
            return said(T("**双明**：搭档之间从发完牌起就可以互相看牌。"),
                        T("**Open hands** (双明): partners see each other's hands from the deal on."))
        return said(T("手中剩牌不超过{n}张时，可以把手牌给搭档看。", n=value),
                    T("A player holding {n} cards or fewer may show their hand to their partner.", n=value))
    if value is None:
        return said(T("不能给联邦看牌。"), T("Players may not show their hands to teammates."))
    return said(T("**[[看牌]]**：手中剩牌不超过{n}张时，可以把手牌给联邦看。", n=value),
                T("**[[看牌|Showing the hand]]**: a player holding {n} cards or fewer may show their hand to their teammates.", n=value))


@book.rule("info.watch_after_out", "course")
def _(ctx: book.Ctx, value: bool) -> Said:
    if ctx.v.game != "gouji":   # Shuangkou's words: 出完牌, 搭档
        return said(T("出完牌后可以看搭档的牌。") if value else T("出完牌后也不能看搭档的牌。"),
                    T("A player who is out may watch their partner's hand.") if value else
                    T("A player who is out may not watch their partner's hand."))
    return said(T("走科后可以看一个联邦的牌。") if value else T("走科后不能看联邦的牌。"),
                T("A player who is out may watch one teammate's hand.") if value else
                T("A player who is out may not watch teammates' hands."))


# --- diff ---------------------------------------------------------------------


dp.phrase("info.report_at", {
    None: dp.said("不报牌", "never shows card counts"),
    "*": dp.said("剩{v}张及以下报牌", "shows a player's card count once they hold at most {v} (报牌)"),
})
dp.phrase("info.show_team_at", {
    None: dp.said("不能看牌", "has no 看牌"),
    "*": dp.said("剩{v}张及以下可以给联邦看牌", "lets a player holding at most {v} cards show them to their teammates (看牌)"),
})
dp.phrase("info.watch_after_out", dp.yes_no(
    "走科后可以看联邦的牌", "lets a player who is out watch a teammate's hand",
    "走科后不能看牌", "lets nobody watch after going out"))
