"""The end of a game: when it ends, how the rest are placed, 串三户, place names."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import PLACE, Section, column, rule
from gouji_dsl.model.types import BoolT, EnumT, Member, RowT, StrT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    place: int = column(PLACE, "名次", "finishing position, 1 = first out")
    zh: str = column(StrT(20), "中文", "the Chinese name")
    en: str = column(StrT(40), "英文", "the English name")


ENDS_WHEN = EnumT(Member("one_team_left", "只剩一方", "every player still holding cards is on one team"),
                  Member("all_out", "全部出完", "all cards are played"))


@dataclass(frozen=True)
class EndRules(Section):
    NAME = "end"
    ZH = "终局"
    EN = "End of the game"
    ends_when: str = rule(ENDS_WHEN, "结束", "when a game ends")
    remaining_by_cards: bool = rule(BoolT(), "按剩牌排名", "players left holding cards are placed by cards left, fewer first; ties in playing order after the last player out")
    sweep: bool = rule(BoolT(), "串三户", "a team taking places 1-3 ends the game at once (串三户)")
    places: tuple = rule(RowT(Place, key=("place",), min_rows=2), "名次", "the names of the places")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
