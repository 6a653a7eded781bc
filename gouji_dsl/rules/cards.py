"""Cards: their order, the filler rank (贴牌), the jokers."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import ANY_CARD, Section, rule
from gouji_dsl.model.types import CARDS, CardT, ListT, OptionalT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class CardRules(Section):
    NAME = "cards"
    ZH = "牌"
    EN = "Cards"
    GAMES = ("gouji", "shuangkou")
    order: tuple = rule(ListT(ANY_CARD, 15, 15, unique=True), "大小", "every card kind from lowest to highest; suits never matter")
    filler: str | None = rule(OptionalT(CardT(CARDS[:13], "a rank from 3 to 2")), "贴牌",
                              "a rank that, played with another rank, counts as that rank (贴2)")
    jokers: tuple = rule(ListT(CardT(("SJ", "BJ"), "a joker"), 0, 2, unique=True), "王", "the jokers")


# --- checks -------------------------------------------------------------------
from typing import TYPE_CHECKING  # noqa: E402

from gouji_dsl.diagnostics import Reporter  # noqa: E402
from gouji_dsl.model.checks import UNSUPPORTED, at, check, value_of  # noqa: E402

if TYPE_CHECKING:
    from gouji_dsl.model.schema import Variant


@check("cards.order", "cards.jokers")
def check_order_and_jokers(v: Variant, rep: Reporter) -> None:
    """The jokers top the order; Gouji engines play the standard order with both jokers."""
    order = value_of(v, "cards.order")
    jokers = value_of(v, "cards.jokers")
    if order is not None and jokers is not None and jokers:
        top = set(order[len(order) - len(jokers):])
        if top != set(jokers):
            rep.error(at(v, "cards.order"), "the jokers must be the highest cards of the order")
            return
    if v.game != "gouji":
        return
    # The Gouji engines deal whole 54-card decks and rank 3 < ... < A < 2 < SJ < BJ
    # (runtime.CARDS): another order or fewer jokers would be accepted but not played.
    if order is not None and tuple(order[:12]) != CARDS[:12]:
        rep.error(at(v, "cards.order"), "Gouji engines rank 3 < 4 < ... < K < A: keep the number cards in that order")
    elif order is not None and tuple(order) != CARDS:
        rep.error(at(v, "cards.order"), "Gouji engines rank A < 2 < SJ < BJ: keep the 2 and the jokers in that order",
                  hint="order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ]")
    if jokers is not None and set(jokers) != {"SJ", "BJ"}:
        rep.error(at(v, "cards.jokers"), "Gouji is played with whole 54-card decks: both jokers are in play",
                  hint="jokers = [SJ, BJ]")


@check("cards.filler")
def check_filler(v: Variant, rep: Reporter) -> None:
    """The Gouji engines know 2 as the only filler."""
    filler = value_of(v, "cards.filler")
    if v.game != "shuangkou" and filler not in (None, "2"):
        rep.error(at(v, "cards.filler"), f"filler = {filler} {UNSUPPORTED}: the filler is 2, or none",
                  hint="set filler = 2 or filler = none")


# --- engine -------------------------------------------------------------------
from gouji_dsl.rules import spec  # noqa: E402

# The checker holds a Gouji variant to the standard order and both jokers, which
# the generated card functions build in; the filler decides which plays exist.
_CARD_FUNCTIONS = ("classify", "beats", "answers", "plays", "lead_actions")
spec.register("cards.order", "engine", spec.CardFunction(_CARD_FUNCTIONS))
spec.register("cards.filler", "engine", spec.CardFunction(_CARD_FUNCTIONS))
spec.register("cards.jokers", "engine", spec.CardFunction(_CARD_FUNCTIONS))


# --- interpreter --------------------------------------------------------------
from gouji_dsl.backends.oracle.hooks import reference_methods  # noqa: E402

# The checker holds the order to 3 < 4 < ... < A < 2 < SJ < BJ with both jokers in
# play: the order in which the Reference compares cards.
reference_methods(("classify", "beats", "answers"), "cards.order", "cards.jokers")
reference_methods(("classify", "is_gouji", "answers", "plays"), "cards.filler")


# --- rulebook -----------------------------------------------------------------
from gouji_dsl.docs import sentences as book  # noqa: E402
from gouji_dsl.docs.sentences import said  # noqa: E402
from gouji_dsl.docs.text import T, code, join, plain  # noqa: E402

book.group("cards", "牌", "The cards")   # the group table.decks opened: no second heading


@book.rule("cards.order", "players")
def _(ctx, value):
    names_zh = {"SJ": "小王", "BJ": "大王"}
    zh = T("牌只论点数，不论花色。点数从小到大：") + plain(" < ".join(names_zh.get(c, c) for c in value)) + plain("。")
    en = T("Only ranks matter, never suits. From lowest to highest: ") + code(" < ".join(value)) + plain(".")
    return said(zh, en)


@book.rule("cards.jokers", "players")
def _(ctx, value):
    if not value:
        return said(T("不用王。"), T("No jokers are used."))
    names = {"SJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}
    zh = T("王：") + join([T("{z}（文中写作`{c}`）", z=names[c][0], c=c) for c in value], "zh") + T("。王可以和其他牌一起出，称为[[挂王]]（挂花）。")
    en = T("Jokers: ") + join([T("the {e} ({z}, written `{c}`)", e=names[c][1], z=names[c][0], c=c) for c in value], "en")
    en += T(". Jokers may be played together with a rank: an [[挂王|attached joker]].")
    return said(zh, en)


@book.rule("cards.filler", "players")
def _(ctx, value):
    if value is None:
        return said(T("没有贴牌：每张牌只代表它自己的点数。"), T("There are no filler cards: every card stands for its own rank."))
    return said(T("**[[贴2]]**（也叫贴钱）：{r}和别的点数一起出时，每张{r}都当作那个点数。", r=value),
                T("**[[贴2|Filler twos]]**: a {r} played together with another rank counts as that rank.", r=value))



# --- diff ---------------------------------------------------------------------

from gouji_dsl.diff import phrases as dp  # noqa: E402


def _phrase_order(kinds, lang: str) -> str:
    return f"牌从小到大为 {' '.join(kinds)}" if lang == "zh" else f"ranks the cards {' < '.join(kinds)}"


def _phrase_jokers(jokers, lang: str) -> str:
    if lang == "zh":
        return f"王为 {' '.join(jokers)}" if jokers else "不用王"
    return f"plays with the jokers {' '.join(jokers)}" if jokers else "plays without jokers"


dp.phrase("cards.order", _phrase_order)
dp.phrase("cards.filler", {
    None: dp.said("没有贴牌", "has no filler rank"),
    "*": dp.said("{v}可以贴在别的点数上（贴{v}）", "lets {v}s join another rank as fillers (贴{v})"),
})
dp.phrase("cards.jokers", _phrase_jokers)
