"""买牌: after the deal, a player holding none of a rank buys one (买3, 买4 ...), asking
other players in a stated order and paying a stated price. D22's 买3 / 要3 (lianzhong,
huangjindao) is `ranks = [3]`, `sellers = [opposite, teammate_after, teammate_before]`,
`order = by_buyer`: the opposite sells, paid; failing that a teammate gives (要3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook
from gouji_dsl.facets.sentences import add_inactive, said
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.expr import SEAT, SEATS, Choice, ChoiceT, Shorthand, Var
from gouji_dsl.model.fields import ANY_CARD, Section, rule
from gouji_dsl.model.types import CARDS, BoolT, CardT, EnumT, IntT, ListT, Member
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.text import T, code, join, num, plain
from gouji_dsl.runtime import cards as _cards

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said

# --- the rules ------------------------------------------------------------------

SELLER = EnumT(Member("opposite", "对家", "the buyer's opposite (对家)"),
               Member("teammate_before", "前联邦", "the nearest teammate before the buyer in playing order"),
               Member("teammate_after", "后联邦", "the nearest teammate after the buyer in playing order"),
               Member("previous", "上家", "the seat right before the buyer in playing order (上家)"),
               Member("next", "下家", "the seat right after the buyer in playing order (下家)"),
               Member("in_turn", "依次数", "the first other player, counting in playing order from the player count_from "
                                         "names, who holds enough of the rank to sell"))
BUYER = Var("buyer", SEAT, "买牌者", "the player buying a card")
COUNT_FROM = ChoiceT(SEATS, BUYER, fallback="next(buyer)", shorthands=(
    Shorthand(Member("next_player", "从下家数", "counting starts at the player after the buyer"), "[next(buyer)]"),
    Shorthand(Member("opposite", "从对家数", "counting starts at the buyer's opposite"), "[opposite(buyer)]")))
NO_PRICE = EnumT(Member("no_sale", "不卖", "a seller who is paid sells nothing to a buyer holding none of the price cards"),
                 Member("free", "白给", "a buyer holding none of the price cards gets the card for nothing"))
ORDER = EnumT(Member("by_round", "按轮", "in rounds: every buyer asks the first seller of the list, then every buyer still "
                                         "without the rank the second seller, and so on"),
              Member("by_buyer", "按人", "buyer by buyer: each buyer in seat order asks down the list until served"))


@dataclass(frozen=True)
class BuyRules(Section):
    NAME = "buy"
    ZH = "买牌"
    EN = "Buying cards (买牌)"
    ranks: tuple[str, ...] = rule(ListT(CardT(CARDS[:13], msg("rules.type_rank_3_to_2")), 0, 13, unique=True), "点数",
                        "the ranks bought after the deal, one after the other; a player holding none of a rank buys one",
                        default=())
    sellers: tuple[str, ...] = rule(ListT(SELLER, 1, 5, unique=True), "卖家",
                          "whom a buyer asks, in this order; a seller on the buyer's team gives the card for nothing "
                          "(unless teammates_paid)",
                          default=("opposite",))
    price: tuple[str, ...] = rule(ListT(ANY_CARD, 0, 15, unique=True), "买价",
                        "what a buyer pays a seller of the other team: one card, the first of these they hold",
                        default=("2", "SJ", "BJ"))
    no_price: str = rule(NO_PRICE, "无价", "what happens when the buyer holds none of the price cards", default="no_sale")
    seller_min: int = rule(IntT(1, 48), "卖牌条件", "the least cards of the rank a seller must hold to sell one", default=2)
    order: str = rule(ORDER, "顺序", "how the buyers take turns asking", default="by_round")
    count_from: Choice = rule(COUNT_FROM, "从谁数起", "where an in_turn seller is counted from: the first player of "
                              "the list, then on in playing order (the buyer skipped)", default=COUNT_FROM.expand("next_player"))
    teammates_paid: bool = rule(BoolT(), "联邦也付", "whether a buyer pays a teammate who sells as they pay a seller of "
                                "the other team (else a teammate gives the card for nothing)", default=False)


# --- checks -------------------------------------------------------------------


@check("buy.ranks", "buy.price")
def check_buying(v: Variant, rep: Reporter) -> None:
    """Nobody pays for a card with the rank bought."""
    ranks, price = value_of(v, "buy.ranks"), value_of(v, "buy.price")
    if not ranks:
        return
    both = [r for r in ranks if r in (price or ())]
    if both:
        rep.error(at(v, "buy.price"), msg("rules.buy_with_itself", rank=both[0]),
                  notes=[(at(v, "buy.ranks"), msg("rules.bought_here", rank=both[0]))])


type_only("buy.sellers", "buy.no_price", "buy.seller_min", "buy.order", "buy.count_from", "buy.teammates_paid")


def _nobody_buys(v: Variant) -> tuple[str, Message] | None:
    """[buy] ranks = []: nobody buys, so nothing reads the price (a warning where it is written)."""
    return ("buy.ranks", msg("model.dead_nobody_buys")) if value_of(v, "buy.ranks") == () else None


def _nobody_counts(v: Variant) -> tuple[str, Message] | None:
    """No in_turn seller: nobody is counted to, so nothing reads where counting starts."""
    sellers = value_of(v, "buy.sellers")
    if sellers is None or "in_turn" in sellers:
        return None
    return "buy.sellers", msg("model.dead_nobody_counted")


for _rule in ("price", "sellers", "no_price", "seller_min", "order", "count_from", "teammates_paid"):
    dead(f"buy.{_rule}", f"[buy] {_rule}", _nobody_buys)
dead("buy.count_from", "[buy] count_from", _nobody_counts)


# --- engine -------------------------------------------------------------------

spec.register("buy.ranks", "engine", spec.Setting("buy_ranks", lambda v: tuple(v.buy.ranks), absent=(),
                                                  annotation="tuple[str, ...]", realised_in=("runtime/bounds.py:_max_hand", "runtime/setup.py:SetUp._after_declare", "runtime/setup.py:SetUp._buy_cards")))
spec.register("buy.sellers", "engine", spec.Setting("buy_sellers", lambda v: tuple(v.buy.sellers), absent=(),
                                                    annotation="tuple[str, ...]", realised_in=("runtime/setup.py:SetUp._buy_cards",)))
spec.register("buy.price", "engine", spec.Setting("buy_price", lambda v: tuple(v.buy.price), absent=(),
                                                  annotation="tuple[str, ...]", realised_in=("runtime/setup.py:SetUp._buy_one",)))
spec.register("buy.no_price", "engine", spec.Setting("buy_no_price", lambda v: v.buy.no_price, absent='no_sale',
                                                     annotation="str", realised_in=("runtime/setup.py:SetUp._buy_one",)))
spec.register("buy.seller_min", "engine", spec.Setting("buy_seller_min", lambda v: v.buy.seller_min, absent=0,
                                                       annotation="int", realised_in=("runtime/setup.py:SetUp._buy_one",)))
spec.register("buy.order", "engine", spec.Setting("buy_order", lambda v: v.buy.order, absent='by_round',
                                                  annotation="str", realised_in=("runtime/setup.py:SetUp._buy_cards",)))
spec.register("buy.count_from", "engine", spec.Setting("buy_count_from", lambda v: COUNT_FROM.plain(v.buy.count_from),
                                                       absent=COUNT_FROM.plain(COUNT_FROM.expand("next_player")),
                                                       annotation="tuple[Any, ...]", realised_in=("runtime/setup.py:SetUp._seller_at",)))
spec.register("buy.teammates_paid", "engine", spec.Setting("buy_teammates_paid", lambda v: v.buy.teammates_paid, absent=False,
                                                           annotation="bool", realised_in=("runtime/setup.py:SetUp._buy_one",)))


# --- interpreter --------------------------------------------------------------


@hook("buy.ranks", "buy.sellers", "buy.price", "buy.no_price", "buy.seller_min", "buy.order", "buy.count_from",
      "buy.teammates_paid", absent=lambda g: None)
def buy_cards(g: Game) -> None:
    """买牌, after the deal (and any tribute and 宣点), before 革命: for each rank of `ranks`
    in turn, every player holding none of it buys one. by_round: the first seller position
    is tried for every such player in seat order, then the second for those still without,
    ...; by_buyer: each such player in seat order tries the positions in order until served.
    A seller must hold at least seller_min of the rank; in_turn is the first who does, counted
    from count_from's player round the table. A teammate gives it for nothing (unless
    teammates_paid); any other seller is paid the first price card the buyer holds, and when
    the buyer holds none, gives it for nothing (free) or does not sell (no_sale)."""
    b: BuyRules = g.v.buy
    seats: list[int] = ask("table.players", g)
    for name in b.ranks:
        rank = _cards.INDEX[name]
        if b.order == "by_round":
            for position in b.sellers:
                for seat in seats:
                    if not g.hands[seat - 1][rank]:
                        _try(g, seat, position, rank)
        else:
            for seat in seats:
                if not g.hands[seat - 1][rank]:
                    any(_try(g, seat, position, rank) for position in b.sellers)


def _seller(g: Game, seat: int, position: str, rank: int) -> int | None:
    """The seat at `position` from the buyer `seat`; None if there is none (no teammate, or
    nobody counted to holds enough)."""
    if position == "in_turn":
        start = g.first_holding(COUNT_FROM.alternatives(g.v.buy.count_from), buyer=seat)
        counted = [start, *g._after(start)]  # round the table from `start`
        return next((s for s in counted if s != seat and g.hands[s - 1][rank] >= g.v.buy.seller_min), None)
    if position == "opposite":
        opposite: int = ask("table.opposites", g, seat)
        return opposite
    others = g._after(seat)  # the other seats in playing order, from the one after `seat`
    if position == "next":
        return others[0]
    if position == "previous":
        return others[-1]
    mine = ask("table.teams", g, seat)
    mates = [s for s in others if ask("table.teams", g, s) == mine]
    if not mates:
        return None
    return mates[0] if position == "teammate_after" else mates[-1]


def _try(g: Game, seat: int, position: str, rank: int) -> bool:
    """`seat` asks the seller at `position` for one card of `rank`; True if it got one."""
    b: BuyRules = g.v.buy
    seller = _seller(g, seat, position, rank)
    if seller is None or g.hands[seller - 1][rank] < b.seller_min:
        return False
    name = _cards.CARDS[rank]
    if ask("table.teams", g, seller) == ask("table.teams", g, seat) and not b.teammates_paid:
        g._move(seller, seat, rank)
        g.log.append(f"seat {seat} is given a {name} by teammate {seller}")
        return True
    pay = next((c for c in b.price if g.hands[seat - 1][_cards.INDEX[c]]), None)
    if pay is None and b.no_price == "no_sale":
        return False
    if pay is not None:
        g._move(seat, seller, _cards.INDEX[pay])
    g._move(seller, seat, rank)
    g.log.append(f"seat {seat} buys a {name} from seat {seller} for {pay or 'nothing'}")
    return True


# --- rulebook -----------------------------------------------------------------

book.group("buy", "买牌", "Buying cards (买牌)")

_CARD_ZH = {"SJ": "小王", "BJ": "大王"}
_SELLER_WORDS = {"opposite": ("对家", "their opposite"),
                 "teammate_before": ("出牌顺序在自己之前最近的联邦", "the nearest teammate before them in playing order"),
                 "teammate_after": ("出牌顺序在自己之后最近的联邦", "the nearest teammate after them in playing order"),
                 "previous": ("上家", "the player right before them (上家)"),
                 "next": ("下家", "the player right after them (下家)"),
                 "in_turn": ("依次数到的第一个该点数够数的人", "the first player, counted on in playing order, holding enough of the rank")}


def _no_buying(ctx: book.Ctx) -> tuple[str, str] | None:
    if not ctx.v.buy.ranks:
        return ("本玩法不买牌，此条不起作用。", "Nobody buys cards here, so this rule does not apply.")
    return None


book.absent("buy.ranks", lambda v, value: not value, "不[[买牌]]", "no [[买牌|buying of cards]]")


@book.rule("buy.ranks", "before")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    if not value:
        return said(T("不买牌：发完牌后谁也不向别人买牌。"), T("Nobody buys cards after the deal."))
    if tuple(value) == ("3",):
        zh = T("**[[买3]]**：发完牌后（进贡和宣点之后、革命之前），手中没有3的玩家买一张3。")
        en = T("**[[买3|Buying a 3]]**: after the deal (after any tribute and declaring, before revolution), "
               "a player holding no 3 buys one.")
        if ctx.v.threes.threes_last:
            zh += T("仍然没有3的玩家不受憋三限制。")
            en += T(" A player still without a 3 is free of the threes-last rule.")
        return said(zh, en)
    names = join([plain(r) for r in value], "zh", "、")
    zh = T("**[[买牌]]**：发完牌后（进贡和宣点之后、革命之前），依次买") + names + \
        T("：手中一张也没有该点数的玩家买一张。买完一个点数再买下一个。")
    en = T("**[[买牌|Buying cards]]**: after the deal (after any tribute and declaring, before revolution), the ranks ") + \
        join([code(r) for r in value], "en", ",", "then") + \
        T(" are bought one after the other: a player holding none of the rank buys one. One rank is done before the next.")
    return said(zh, en)


@book.rule("buy.sellers", "before")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    zh = T("买牌时依次问：") + join([plain(_SELLER_WORDS[s][0]) for s in value], "zh", "、") + T("。")
    en = T("A buyer asks, in this order: ") + join([plain(_SELLER_WORDS[s][1]) for s in value], "en", ",", "then") + T(".")
    if "3" in ctx.v.buy.ranks and any(s.startswith("teammate") for s in value) and not ctx.v.buy.teammates_paid:
        zh += T("向联邦要3叫[[要3]]。")
        en += T(" Being given a 3 by a teammate is [[要3|asking for a 3]].")
    return add_inactive(said(zh, en), _no_buying(ctx))


@book.rule("buy.price", "before")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    paid = ctx.v.buy.teammates_paid
    if value:
        zh = T("向卖牌的人（联邦也算）" if paid else "向敌方") + T("买牌要付一张牌，按先后顺序：") + \
            join([plain(_CARD_ZH.get(c, c)) for c in value], "zh", "、") + T("（有前者就先付前者），付给卖牌的人。")
        en = T("A buyer pays a seller (a teammate too) one card, the first of these they hold: " if paid else
               "A buyer pays a seller of the other team one card, the first of these they hold: ") + \
            join([code(c) for c in value], "en", ",", "then") + T("; it goes to the seller.")
    else:
        zh, en = T("买牌不用付牌。"), T("A buyer pays nothing.")
    return add_inactive(said(zh, en), _no_buying(ctx))


book.enum_rule("buy.no_price", "before", {
    "no_sale": ("买牌人手里一张付价的牌也没有时，敌方不卖给他，接着问下一位。",
                "If the buyer holds none of the price cards, a seller of the other team does not sell; the next is asked."),
    "free": ("买牌人手里一张付价的牌也没有时，敌方白给一张。",
             "If the buyer holds none of the price cards, a seller of the other team gives the card for nothing."),
}, inactive=_no_buying)


@book.rule("buy.seller_min", "before")
def _(ctx: book.Ctx, value: int) -> Said:
    return add_inactive(said(T("卖牌的人手中该点数至少有{n}张时才卖（给）一张。", n=value),
                             T("A player sells (or gives) one only if they hold at least {n} of the rank.", n=num(value))),
                        _no_buying(ctx))


book.bool_rule("buy.teammates_paid", "before",
               ("**联邦也付**：向自己一方的联邦买牌也要付牌，和向敌方买一样。",
                "**Teammates are paid**: a buyer pays a teammate who sells as they pay a seller of the other team."),
               ("同一方的联邦白给，不用付牌。", "A teammate gives the card for nothing."),
               inactive=_no_buying)


def _nobody_counted(ctx: book.Ctx) -> tuple[str, str] | None:
    return _no_buying(ctx) or (None if "in_turn" in ctx.v.buy.sellers else
                               ("卖家里没有依次数，此条不起作用。", "No seller is counted to here, so this rule does not apply."))


book.choice_rule("buy.count_from", "before", {
    "next_player": ("**从谁数起**：依次数卖家时，从买牌人的下家数起，按出牌顺序往下数（跳过买牌人）。",
                    "**Counting sellers**: a seller counted to is counted from the buyer's next player on, in playing order (the buyer skipped)."),
    "opposite": ("**从谁数起**：依次数卖家时，从买牌人的对家数起，按出牌顺序往下数（跳过买牌人）。",
                 "**Counting sellers**: a seller counted to is counted from the buyer's opposite on, in playing order (the buyer skipped)."),
}, expression=("**从谁数起**：依次数卖家时，从下面第一个还有牌的人数起，按出牌顺序往下数（跳过买牌人）：{w}。",
               "**Counting sellers**: a seller counted to is counted, in playing order (the buyer skipped), from the first still"
               " holding cards of: {w}."),
   after=lambda ctx, v: add_inactive(([], []), _nobody_counted(ctx)))


book.enum_rule("buy.order", "before", {
    "by_round": ("买牌分轮进行：所有买牌人先按座位顺序各问第一位卖家，仍没买到的再各问第二位，依此类推。",
                 "Buying goes in rounds: every buyer in seat order asks the first seller of the list, then every buyer still without asks the second, and so on."),
    "by_buyer": ("买牌按人进行：按座位顺序，每个买牌人依次问各位卖家，买到为止，再轮到下一个买牌人。",
                 "Buying goes buyer by buyer: in seat order, each buyer asks the sellers in turn until served, then the next buyer's turn comes."),
}, inactive=_no_buying)


# --- diff ---------------------------------------------------------------------


def _phrase_ranks(ranks: tuple[str, ...], lang: str) -> str:
    if lang == "zh":
        return f"发牌后依次买 {'、'.join(ranks)}" if ranks else "不买牌"
    return f"lets a player with none of {', '.join(ranks)} buy one after the deal" if ranks else "has no buying of cards"


def _phrase_sellers(sellers: tuple[str, ...], lang: str) -> str:
    if lang == "zh":
        return f"买牌依次问 {'、'.join(_SELLER_WORDS[s][0] for s in sellers)}"
    return f"has a buyer ask {', then '.join(_SELLER_WORDS[s][1] for s in sellers)}"


def _phrase_price(cards: tuple[str, ...], lang: str) -> str:
    if lang == "zh":
        return f"买牌依次用 {'、'.join(cards)} 中先有的一张付" if cards else "买牌不用付牌"
    return f"pays for a bought card with the first it holds of {', '.join(cards)}" if cards else "lets cards be bought for nothing"


dp.phrase("buy.ranks", _phrase_ranks)
dp.phrase("buy.sellers", _phrase_sellers)
dp.phrase("buy.price", _phrase_price)
dp.phrase("buy.no_price", {
    "no_sale": dp.said("买牌人无价可付时敌方不卖", "has a seller refuse a buyer who cannot pay"),
    "free": dp.said("买牌人无价可付时白给", "gives the card for nothing when the buyer cannot pay"),
})
dp.phrase("buy.seller_min", dp.said("卖牌人至少有{v}张才卖", "sells only from a seller holding at least {v}"))
dp.phrase("buy.teammates_paid", dp.yes_no(
    "向联邦买牌也要付牌", "has a buyer pay a teammate who sells",
    "联邦白给", "has a teammate give a card for nothing"))
dp.phrase("buy.count_from", dp.choice({
    "next_player": dp.said("依次数卖家从买牌人的下家数起", "counts sellers from the buyer's next player"),
    "opposite": dp.said("依次数卖家从买牌人的对家数起", "counts sellers from the buyer's opposite"),
}, "依次数卖家从 {v} 中第一个还有牌的人数起", "counts sellers from the first still holding cards of {v}"))
dp.phrase("buy.order", {
    "by_round": dp.said("买牌分轮进行", "buys in rounds, one seller position at a time"),
    "by_buyer": dp.said("买牌按人进行", "buys buyer by buyer"),
})
