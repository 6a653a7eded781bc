"""Players and cards: seats, decks, teams, opposites, who leads first."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import SEAT, Section, rule
from gouji_dsl.model.types import EnumT, IntT, ListT, Member


# --- the rules ------------------------------------------------------------------

DIRECTION = EnumT(Member("counter_clockwise", "逆时针", "counter-clockwise"),
                  Member("clockwise", "顺时针", "clockwise"))
FIRST_LEADER = EnumT(Member("random", "随机", "drawn at random for every game (上班)"),
                     Member("previous_first", "上局头科", "the first player out of the previous game; drawn at random for the first game"))


@dataclass(frozen=True)
class TableRules(Section):
    NAME = "table"
    ZH = "牌桌"
    EN = "Players and cards"
    GAMES = ("gouji", "shuangkou")
    players: int = rule(IntT(2, 12), "人数", "number of players; seats are numbered 1.. in playing order")
    decks: int = rule(IntT(1, 12), "副数", "number of 54-card decks shuffled together")
    cards_per_player: int = rule(IntT(1, 1000), "每人张数", "cards dealt to each player")
    teams: tuple = rule(ListT(ListT(SEAT, 1, 12, unique=True), 2, 2), "联邦", "the two teams, as lists of seats")
    opposites: tuple = rule(ListT(ListT(SEAT, 2, 2, unique=True), 1, 6), "对家", "pairs of seats facing each other (对家 / 对头)")
    direction: str = rule(DIRECTION, "方向", "the direction of play, as players see it (seat numbers always follow playing order)")
    first_leader: str = rule(FIRST_LEADER, "上班", "who leads first in a game")


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
