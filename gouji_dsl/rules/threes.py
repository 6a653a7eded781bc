"""憋三 (threes last), buying and asking for a 3."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import ANY_CARD, Section, rule
from gouji_dsl.model.types import BoolT, IntT, ListT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ThreesRules(Section):
    NAME = "threes"
    ZH = "憋三"
    EN = "Threes last (憋三)"
    threes_last: bool = rule(BoolT(), "憋三", "3s may only be played as a player's last play, and that play must be 3s only")
    buy_three: bool = rule(BoolT(), "买3", "a player dealt no 3 buys one from the opposite")
    buy_with: tuple = rule(ListT(ANY_CARD, 0, 3, unique=True), "买3用牌", "what the buyer pays, first choice first")
    seller_min_threes: int = rule(IntT(1, 24), "卖3条件", "the least 3s the opposite must hold to sell one")
    ask_three: bool = rule(BoolT(), "要3", "if the opposite cannot sell, a teammate holding enough 3s gives one for nothing")


# --- checks -------------------------------------------------------------------
from typing import TYPE_CHECKING  # noqa: E402

from gouji_dsl.diagnostics import Reporter  # noqa: E402
from gouji_dsl.model.checks import at, check, type_only  # noqa: E402

if TYPE_CHECKING:
    from gouji_dsl.model.schema import Variant


@check("threes.buy_three", "threes.buy_with", "threes.ask_three")
def check_buying_threes(v: Variant, rep: Reporter) -> None:
    """买3 belongs to 憋三, 要3 to a failed 买3, and nobody pays for a 3 with a 3."""
    sec = v.sections.get("threes")
    if sec is None:
        return
    if sec.buy_three and sec.threes_last is False:
        rep.error(at(v, "threes.buy_three"), "buy_three = yes contradicts threes_last = no: 买3 exists only in 憋三",
                  notes=[(at(v, "threes.threes_last"), "threes_last set here")])
    if sec.ask_three and sec.buy_three is False:
        rep.error(at(v, "threes.ask_three"), "ask_three = yes needs buy_three = yes: 要3 happens when 买3 fails")
    if sec.buy_with and "3" in sec.buy_with:
        rep.error(at(v, "threes.buy_with"), "a player cannot pay for a 3 with a 3")


type_only("threes.threes_last", "threes.seller_min_threes")


# --- engine -------------------------------------------------------------------
from gouji_dsl.rules import spec  # noqa: E402

# 憋三 is compiled into classify, lead_actions and can_burn as well; the flow reads
# the setting to refuse an early lead of 3s and to record who was beaten (men tribute).
spec.register("threes.threes_last", "engine", spec.Setting("threes_last", lambda v: v.threes.threes_last,
                                                                   ("classify", "plays", "lead_actions", "can_burn", "tributes", "score")))
spec.register("threes.buy_three", "engine", spec.Setting("buy_three", lambda v: v.threes.buy_three))
spec.register("threes.buy_with", "engine", spec.Setting("buy_with", lambda v: tuple(v.threes.buy_with)))
spec.register("threes.seller_min_threes", "engine", spec.Setting("seller_min_threes", lambda v: v.threes.seller_min_threes))
spec.register("threes.ask_three", "engine", spec.Setting("ask_three", lambda v: v.threes.ask_three))


# --- interpreter --------------------------------------------------------------
from gouji_dsl.backends.oracle.hooks import ask, hook  # noqa: E402
from gouji_dsl.runtime import cards as _cards  # noqa: E402


@hook("threes.threes_last")
def waits_on_threes(g, seat: int, out: bool) -> bool:
    """憋三 (D22): after this play `seat` holds only 3s, so its play stands right before
    its final 3s (beaten, it owes 闷贡). The Reference's classify and lead_actions read
    the rule too: 3s only on their own, and only all of them as the last play."""
    hand = g.hands[seat - 1]
    return g.v.threes.threes_last and not out and hand[0] > 0 and sum(hand) == hand[0]


@hook("threes.buy_three", "threes.buy_with")
def buy_a_three(g, seat: int) -> bool:
    """买3: `seat`, dealt no 3, pays its opposite the first card of buy_with it holds for
    one 3, if the opposite may sell. True if it bought one."""
    th = g.v.threes
    if not th.buy_three:
        return False
    seller = ask("table.opposites", g, seat)
    pay = next((_cards.INDEX[c] for c in th.buy_with if g.hands[seat - 1][_cards.INDEX[c]]), None)
    if pay is None or not ask("threes.seller_min_threes", g, seller):
        return False
    g._move(seat, seller, pay)
    g._move(seller, seat, 0)
    g.log.append(f"seat {seat} buys a 3 from seat {seller} for {_cards.CARDS[pay]}")
    return True


@hook("threes.seller_min_threes")
def may_give_a_three(g, seat: int) -> bool:
    """Does `seat` hold enough 3s to sell (or give) one?"""
    return g.hands[seat - 1][0] >= g.v.threes.seller_min_threes


@hook("threes.ask_three")
def ask_for_a_three(g, seat: int) -> None:
    """要3, when 买3 failed: the first teammate after `seat` in playing order who holds
    enough 3s gives it one for nothing."""
    if not g.v.threes.ask_three:
        return
    mine = ask("table.teams", g, seat)
    giver = next((s for s in g._after(seat)
                  if ask("table.teams", g, s) == mine and ask("threes.seller_min_threes", g, s)), None)
    if giver is not None:
        g._move(giver, seat, 0)
        g.log.append(f"seat {seat} is given a 3 by teammate {giver}")


# --- rulebook -----------------------------------------------------------------
from gouji_dsl.docs import sentences as book  # noqa: E402
from gouji_dsl.docs.sentences import add_inactive, said  # noqa: E402
from gouji_dsl.docs.text import T, code, join, num, plain  # noqa: E402

book.group("threes", "憋三", "Threes last (憋三)")
book.bool_rule("threes.threes_last", "before",
               ("**[[憋三]]**：3只能作为最后一手出，而且这一手只能是3（不能贴2、不能挂王），手里的3要一次全部出完；在此之前不能出3。",
                "**[[憋三|Threes last]]**: 3s may only be a player's last play, and that play must be 3s only (no fillers, no jokers), all of their 3s at once; no 3 may be played before it."),
               ("不憋三：3和其他点数一样，随时可以出。", "3s are played like any other rank, at any time (no 憋三)."))


def _no_buying(ctx):
    if not ctx.v.threes.buy_three:
        return ("本玩法不买3，此条不起作用。", "There is no buying of 3s here, so this rule does not apply.")
    return None


book.bool_rule("threes.buy_three", "before",
               ("**[[买3]]**：发完牌后，手中没有3的玩家向对家买一张3。", "**[[买3|Buying a 3]]**: after the deal, a player holding no 3 buys one from their opposite."),
               ("没有买3。", "There is no buying of 3s (买3)."))


@book.rule("threes.buy_with", "before")
def _(ctx, value):
    names_zh = {"SJ": "小王", "BJ": "大王"}
    if value:
        zh = T("买3时付出的牌，按先后顺序：") + join([plain(names_zh.get(c, c)) for c in value], "zh", "、") + T("（有前者就先付前者）。")
        en = T("The buyer pays one card, the first of these they hold: ") + join([code(c) for c in value], "en", ",", "then") + plain(".")
    else:
        zh, en = T("买3不用付牌。"), T("The buyer pays nothing.")
    return add_inactive(said(zh, en), _no_buying(ctx))


@book.rule("threes.seller_min_threes", "before")
def _(ctx, value):
    note = None if ctx.v.threes.ask_three else _no_buying(ctx)   # 要3 asks teammates for as many
    return add_inactive(said(T("对家至少有{n}张3时才卖给你一张。", n=value),
                             T("The opposite sells one only if they hold at least {n} 3s.", n=num(value))), note)


book.bool_rule("threes.ask_three", "before",
               ("**[[要3]]**：对家卖不出时，手中至少有{n}张3的联邦中，按出牌顺序最近的一位白送一张3，不用还。仍然没有3的玩家不受憋三限制。",
                "**[[要3|Asking for a 3]]**: if the opposite cannot sell, the nearest teammate in playing order who holds at least {N} 3s gives one for nothing. A player still without a 3 is free of the threes-last rule."),
               ("没有要3。", "There is no asking teammates for a 3 (要3)."),
               extra=lambda ctx, v: {"n": ctx.v.threes.seller_min_threes, "N": num(ctx.v.threes.seller_min_threes)})



# --- diff ---------------------------------------------------------------------

from gouji_dsl.diff import phrases as dp  # noqa: E402


def _phrase_buy_with(cards, lang: str) -> str:
    if lang == "zh":
        return f"买3时依次用 {'、'.join(cards)} 中先有的一张付" if cards else "买3不用付牌"
    return f"pays for a bought 3 with the first it holds of {', '.join(cards)}" if cards else "lets a 3 be bought for nothing"


dp.phrase("threes.threes_last", dp.yes_no(
    "憋三：3只能最后单独出", "lets 3s go only as a player's last play, 3s alone (憋三)",
    "3可以随时出（不憋三）", "lets 3s be played at any time"))
dp.phrase("threes.buy_three", dp.yes_no(
    "没有3的玩家可以向对家买3", "lets a player dealt no 3 buy one from the opposite (买3)",
    "没有买3", "has no 买3"))
dp.phrase("threes.ask_three", dp.yes_no(
    "对家不能卖3时可以向联邦要3", "lets a teammate give a 3 when the opposite cannot sell one (要3)",
    "没有要3", "has no 要3"))
dp.phrase("threes.buy_with", _phrase_buy_with)
dp.phrase("threes.seller_min_threes", dp.said("对家至少有{v}张3才卖", "sells a 3 only from an opposite holding at least {v}"))
