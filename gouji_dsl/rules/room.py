"""Room rules: room mode, leaving early, the player rank table."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, column, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, Member, RowT, StrT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerRank:
    title: str = column(StrT(20), "级别", "the rank's name")
    points_min: int = column(IntT(0, 10**9), "积分下限", "least points (积分) for this rank")
    coins_min: int = column(IntT(0, 10**9), "游戏币下限", "least coins and silver for this rank")


ROOM_MODE = EnumT(Member("normal", "普通", "an ordinary room"), Member("haixuan", "海选", "a competition heat room (海选)"))
RANK_BY = EnumT(Member("points", "积分", "by points (积分)"), Member("coins", "游戏币", "by coins"))


@dataclass(frozen=True)
class RoomRules(Section):
    NAME = "room"
    ZH = "房间"
    EN = "Room rules"
    mode: str = rule(ROOM_MODE, "房间", "the kind of room")
    min_games: int = rule(IntT(0, 1000), "最少局数", "games a player must finish before leaving without penalty")
    leave_penalty: int = rule(IntT(0, 1000), "离场罚分倍数", "a player leaving early loses this many times the game's score")
    penalty_first_leaver_only: bool = rule(BoolT(), "仅罚首个离场", "only the first player to leave is penalised")
    rank_by: str = rule(RANK_BY, "级别依据", "what the player rank table is looked up by", default="points")
    ranks: tuple = rule(RowT(PlayerRank, key=("title",)), "级别", "the player rank table (列兵 ... 上将)", default=())


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
