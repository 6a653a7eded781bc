"""Plays and how they compare (one rank per play, filler 2s, jokers)."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member


# --- the rules ------------------------------------------------------------------

SHAPE = EnumT(Member("one_rank", "同点", "one rank, plus filler 2s and attached jokers; no straights"),
              Member("patterns", "牌型表", "the play types of the [patterns] section: runs, bombs, wild cards"))
COMPARE = EnumT(Member("card_by_card", "逐张比较",
                       "sort both plays high to low; every card of the answer must be higher than the card in the same position"),
                Member("top_card", "比最大牌", "same type and length; the higher top card wins"))


@dataclass(frozen=True)
class PlayRules(Section):
    NAME = "plays"
    ZH = "牌型"
    EN = "Plays and how they compare"
    GAMES = ("gouji", "shuangkou")
    shape: str = rule(SHAPE, "牌型", "what one play may contain")
    jokers_alone: bool = rule(BoolT(), "纯王", "whether a play of jokers only is legal", default=True)
    fillers_alone: bool = rule(BoolT(), "纯贴牌", "whether a play of filler 2s (and jokers) only is legal; its rank is 2", default=True)
    compare: str = rule(COMPARE, "比较", "how an answer is compared with the play it answers")
    same_size: bool = rule(BoolT(), "张数相同", "whether an answer must have as many cards as the play it answers")
    big_joker_doubling: bool = rule(BoolT(), "大王翻倍",
                                    "each big joker in the play must be answered by two big jokers (一个大王用两个大王打)", default=False)


# --- checks -------------------------------------------------------------------
from typing import TYPE_CHECKING  # noqa: E402

from gouji_dsl.diagnostics import Reporter  # noqa: E402
from gouji_dsl.model.checks import UNSUPPORTED, at, check, type_only, value_of  # noqa: E402

if TYPE_CHECKING:
    from gouji_dsl.model.schema import Variant


@check("plays.shape")
def check_shape(v: Variant, rep: Reporter) -> None:
    if v.game == "gouji" and value_of(v, "plays.shape") == "patterns":
        rep.error(at(v, "plays.shape"), "Gouji plays are one rank with fillers and jokers: shape = one_rank")


@check("plays.compare")
def check_compare(v: Variant, rep: Reporter) -> None:
    if v.game != "shuangkou" and value_of(v, "plays.compare") == "top_card":
        rep.error(at(v, "plays.compare"), f"compare = top_card {UNSUPPORTED} in Gouji: plays compare card by card",
                  hint="set compare = card_by_card")


@check("plays.same_size")
def check_same_size(v: Variant, rep: Reporter) -> None:
    if v.game != "shuangkou" and value_of(v, "plays.same_size") is False:
        rep.error(at(v, "plays.same_size"), f"same_size = no {UNSUPPORTED}: Gouji answers have as many cards as the play",
                  hint="set same_size = yes")


@check("plays.big_joker_doubling")
def check_big_joker_doubling(v: Variant, rep: Reporter) -> None:
    if value_of(v, "plays.big_joker_doubling") and value_of(v, "plays.compare") == "top_card":
        rep.error(at(v, "plays.big_joker_doubling"), "big joker doubling is a rule of card-by-card comparison")


type_only("plays.jokers_alone", "plays.fillers_alone")


# --- engine -------------------------------------------------------------------
from gouji_dsl.rules import spec  # noqa: E402

# shape, compare and same_size have one engine realisation each (the checker
# refuses the others in a concrete Gouji variant): one-rank plays compared card by card.
spec.register("plays.shape", "engine", spec.CardFunction(("classify", "plays", "lead_actions")))
spec.register("plays.jokers_alone", "engine", spec.CardFunction(("classify", "answers", "plays", "lead_actions")))
spec.register("plays.fillers_alone", "engine", spec.CardFunction(("classify", "answers", "plays", "lead_actions")))
spec.register("plays.compare", "engine", spec.CardFunction(("beats", "answers")))
spec.register("plays.same_size", "engine", spec.CardFunction(("beats", "answers")))
spec.register("plays.big_joker_doubling", "engine", spec.CardFunction(("beats", "answers")))


# --- interpreter --------------------------------------------------------------
from gouji_dsl.backends.oracle.hooks import reference_methods  # noqa: E402

reference_methods(("classify",), "plays.shape", "plays.jokers_alone", "plays.fillers_alone")  # shape: one_rank only
reference_methods(("beats", "answers"), "plays.compare", "plays.same_size", "plays.big_joker_doubling")


# --- rulebook -----------------------------------------------------------------
from gouji_dsl.docs import sentences as book  # noqa: E402
from gouji_dsl.docs.sentences import said  # noqa: E402
from gouji_dsl.docs.text import T, plain  # noqa: E402

book.group("plays", "一手牌", "What a play is")
book.enum_rule("plays.shape", "plays", {
    "one_rank": ("[[一手]]（一套牌）由同一点数的若干张牌组成，可以加上任意张贴牌和王。不能出顺子，两种点数也不能一起出。",
                 "A [[一手|play]] is any number of cards of one rank, plus any number of fillers and jokers. There are no straights, and two different ranks never make one play."),
    "patterns": ("一手牌必须是牌型表中的一种牌型（见牌型表）。", "A play must be one of the play types listed in the play-type table."),
})
book.bool_rule("plays.jokers_alone", "plays",
               ("只出王（不带别的牌）也是合法的一手。", "A play of jokers only is legal."),
               ("不能只出王：王必须挂在别的牌上。领出的人手里若只剩王（或不能单出的牌），就把剩下的牌一次出完。",
                "Jokers may not be played on their own: they must join a rank. A leader left with nothing else "
                "to lead plays all their remaining cards at once."))
book.bool_rule("plays.fillers_alone", "plays",
               ("只出2（可以带王）也是合法的一手，这时它的点数就是2。", "A play of 2s only (jokers may join) is legal; its rank is then 2."),
               ("2不能单独出，只能贴在别的点数上。领出的人手里若只剩2（或不能单出的牌），就把剩下的牌一次出完。",
                "2s may not be played on their own, only with another rank. A leader left with nothing else "
                "to lead plays all their remaining cards at once."),
               inactive=lambda ctx: None if ctx.v.cards.filler else ("本玩法没有贴牌。", "This variant has no fillers."))

book.group("plays", "比大小", "How plays compare")
book.enum_rule("plays.compare", "plays", {
    "card_by_card": ("**逐张比较**：把两手牌各自从大到小排好（贴牌已当作所贴的点数），应手的每一张都必须比对方同一位置的牌大。",
                     "**Card by card**: sort both plays from highest to lowest (fillers counted as the rank they join); every card of the answer must be higher than the card in the same position of the play it answers."),
    "top_card": ("**比最大牌**：牌型和张数相同时，最大的牌大者胜。", "**Top card**: {en}."),
})


@book.rule("plays.same_size", "plays")
def _(ctx, value):
    if value:
        zh = T("上牌必须与所打的牌张数相同")
        en = T("An answer must have exactly as many cards as the play it answers")
        if ctx.v.plays.big_joker_doubling:
            zh += T("（大王翻倍多用的大王除外，见下条）")
            en += T(" (apart from the extra big jokers that big-joker doubling asks for, below)")
        return said(zh + plain("。"), en + plain("."))
    return said(T("上牌的张数可以与所打的牌不同。"), T("An answer need not have as many cards as the play it answers."))


@book.rule("plays.big_joker_doubling", "plays")
def _(ctx, value):
    if value:
        return said(T("**大王翻倍**：对方牌中每有一张大王，必须用两张大王去打（一个大王用两个大王打，两个大王用四个大王打）；去掉这些大王后，其余的牌再逐张比较。小王必须用大王打。"),
                    T("**Big-joker doubling** (大王翻倍): each big joker in the play must be answered by two big jokers (one by two, two by four); with those set aside, the rest of both plays compare card by card. A small joker must be answered by a big joker."))
    zh = T("没有大王翻倍：大王与其他牌一样逐张比较。")
    en = T("No big-joker doubling: big jokers compare card by card like any other card.")
    if ctx.v.plays.compare == "card_by_card":
        zh += T("因为没有比大王更大的牌，带大王的牌谁也打不过。")
        en += T(" As nothing is higher than a big joker, a play holding one cannot be beaten.")
    return said(zh, en)



# --- diff ---------------------------------------------------------------------

from gouji_dsl.diff import phrases as dp  # noqa: E402


dp.phrase("plays.shape", {
    "one_rank": dp.said("每手只出同一点数（可贴2、带王），没有顺子", "plays one rank at a time (with filler 2s and jokers), no straights"),
    "patterns": dp.said("按牌型表出牌：连牌、炸弹、百搭", "plays the types of its [patterns] section: runs, bombs, wild cards"),
})
dp.phrase("plays.compare", {
    "card_by_card": dp.said("逐张比较：管牌的每张都要大过对应的牌", "compares card by card: every card of an answer must beat the card in its place"),
    "top_card": dp.said("同牌型同长度比最大的牌", "compares plays of one type and length by their top card"),
})
dp.phrase("plays.big_joker_doubling", dp.yes_no(
    "一个大王要用两个大王打", "needs two big jokers to answer each big joker",
    "大王不翻倍，逐张比较", "compares big jokers like any other card (no doubling)"))
dp.phrase("plays.same_size", dp.yes_no(
    "压牌张数必须相同", "answers a play only with as many cards",
    "压牌张数可以不同", "lets an answer have a different number of cards"))
dp.phrase("plays.jokers_alone", dp.yes_no(
    "可以单出王", "allows plays of jokers only",
    "不能单出王", "forbids plays of jokers only"))
dp.phrase("plays.fillers_alone", dp.yes_no(
    "可以单出2", "allows plays of 2s only (rank 2)",
    "不能单出2", "forbids plays of 2s only"))
