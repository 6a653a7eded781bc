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


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
