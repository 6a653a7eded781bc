"""Room rules: room mode, leaving early, the player rank table."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, at_nearest, check, type_only, value_of
from gouji_dsl.facets.hooks import reference_methods
from gouji_dsl.facets.sentences import add_inactive, check_columns, said
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import Section, column, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, Member, RowT, StrT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, plain

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Said
    from gouji_dsl.prose.text import Text

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
    ranks: tuple[PlayerRank, ...] = rule(RowT(PlayerRank, key=("title",)), "级别", "the player rank table (列兵 ... 上将)", default=())


# --- checks -------------------------------------------------------------------


@check("room.mode", "room.min_games", "room.leave_penalty", "room.penalty_first_leaver_only")
def check_room_and_penalty(v: Variant, rep: Reporter) -> None:
    """A penalty needs a minimum of games, the rules about it need a penalty, and
    a heat room has neither tribute nor penalty. (One check, so that errors on
    one line come in this order.)"""
    penalty = value_of(v, "room.leave_penalty")
    if penalty and value_of(v, "room.min_games") == 0:
        # At the line the variant itself wrote (a house rule's min_games = 0), not its parent's penalty.
        pos, zero_at = at_nearest(v, "room.leave_penalty", "room.min_games"), at(v, "room.min_games")
        rep.error(pos, msg("rules.penalty_needs_min_games"),
                  notes=[] if zero_at == pos else [(zero_at, msg("rules.min_games_zero_here"))])
    # Without a penalty these two change nothing: accepted, they would be rules the engine ignores.
    if penalty == 0:
        for path, what in (("room.min_games", "min_games"), ("room.penalty_first_leaver_only", "penalty_first_leaver_only = yes")):
            if value_of(v, path):
                rep.error(at_nearest(v, path, "room.leave_penalty"), msg("rules.no_effect_without_penalty", rule=what),
                          hint=msg("rules.no_effect_without_penalty_hint"),
                          notes=[(at(v, "room.leave_penalty"), msg("rules.no_penalty_here"))])
    # A 海选 (heat) room has no tribute and no minimum games (000:L7, 000:L76);
    # the engines read those two rules, so the room kind must agree with them.
    if value_of(v, "room.mode") != "haixuan":
        return
    mode_set = [(at(v, "room.mode"), msg("rules.haixuan_here"))]
    if value_of(v, "tribute.enabled"):
        rep.error(at_nearest(v, "tribute.enabled", "room.mode"), msg("rules.haixuan_tribute"),
                  hint=msg("rules.haixuan_tribute_hint"), notes=mode_set)
    if penalty:
        rep.error(at_nearest(v, "room.leave_penalty", "room.mode"), msg("rules.haixuan_penalty"),
                  hint=msg("rules.haixuan_penalty_hint"), notes=mode_set)


@check("room.ranks")
def check_rank_table(v: Variant, rep: Reporter) -> None:
    ranks = value_of(v, "room.ranks") or ()
    by = "points_min" if value_of(v, "room.rank_by") != "coins" else "coins_min"
    for i in range(1, len(ranks)):
        if getattr(ranks[i], by) <= getattr(ranks[i - 1], by):
            rep.error(at(v, f"room.ranks[{i}]"), msg("rules.rank_not_rising", title=ranks[i].title, by=by))
            break


type_only("room.rank_by")


# --- engine -------------------------------------------------------------------

spec.register("room.mode", "engine", spec.NoPlay(
    "the kind of room; it decides what the checker requires of tribute and minimum games, "
    "and the engine exports it as ROOM_MODE, but play never reads it"))
for _name in ("min_games", "leave_penalty", "penalty_first_leaver_only"):
    spec.register(f"room.{_name}", "engine", spec.CardFunction(("leave_penalty",)))
spec.register("room.rank_by", "engine", spec.CardFunction(("player_rank",)))
spec.register("room.ranks", "engine", spec.CardFunction(("player_rank",)))


# --- interpreter --------------------------------------------------------------

reference_methods(("ROOM_MODE",), "room.mode")  # exported; play never reads it
reference_methods(("leave_penalty",), "room.min_games", "room.leave_penalty", "room.penalty_first_leaver_only")
reference_methods(("player_rank",), "room.rank_by", "room.ranks")


# --- rulebook -----------------------------------------------------------------

book.group("room", None)
book.enum_rule("room.mode", "room", {
    "normal": ("房间：**普通房间**。", "Room: **an ordinary room** (普通)."),
    "haixuan": ("房间：**海选比赛房间**：没有进贡和还贡（点贡只记分），没有最少局数，提前离开不罚分。",
                "Room: **a competition heat room** (海选): no tribute changes hands (the open tribute is only scored), there is no minimum number of games and no leaving penalty."),
})


@book.rule("room.min_games", "room")
def _(ctx: book.Ctx, value: int) -> Said:
    if value == 0:
        return said(T("没有最少局数的限制，随时可以离开。"), T("There is no minimum number of games: players may leave at any time."))
    return said(T("至少要打满{n}局，才能离开而不受罚。", n=value), T("A player must finish {n} games before leaving without penalty.", n=value))


@book.rule("room.leave_penalty", "room")
def _(ctx: book.Ctx, value: int) -> Said:
    if value == 0:
        return said(T("提前离开不额外罚分。"), T("Leaving early costs nothing extra."))
    return said(T("未打满局数就离开（或托管）的玩家，在当局结束后额外扣除{n}倍的分数。", n=value),
                T("A player who leaves (or hands over to the computer) before the minimum loses {n} times the game's score, at the end of that game.", n=value))


@book.rule("room.penalty_first_leaver_only", "room")
def _(ctx: book.Ctx, value: bool) -> Said:
    if value:
        zh, en = T("只罚第一个离开的人，之后离开的人不再罚分。"), T("Only the first player to leave is penalised; those who leave after them are not.")
    else:
        zh, en = T("每个提前离开的人都要受罚。"), T("Every player who leaves early is penalised.")
    return add_inactive(said(zh, en), None if ctx.v.room.leave_penalty else
                        ("本玩法不罚分，此条不起作用。", "There is no leaving penalty here, so this rule does not apply."))


book.enum_rule("room.rank_by", "room", {
    "points": ("玩家级别按**积分**确定。", "Player ranks go by **points** (积分)."),
    "coins": ("玩家级别按**游戏币**确定。", "Player ranks go by **coins** (游戏币)."),
}, after=lambda ctx, v: add_inactive(([], []), None if ctx.v.room.ranks else
                                     ("本玩法没有级别表，此条不起作用。", "There is no rank table here, so this rule does not apply.")))


def _span(low: int, high: int | None, zh: bool) -> Text:
    """A rank's range of points or coins: up to the next rank's minimum."""
    if high is None:
        return plain(f"{low}以上" if zh else f"{low} or more")
    return plain(f"{low}–{high - 1}")


@book.rule("room.ranks", "room")
def _(ctx: book.Ctx, rows: tuple[PlayerRank, ...]) -> Said:
    if not rows:
        return said(T("没有玩家级别表。"), T("There is no player rank table."))
    check_columns(PlayerRank, ("title", "points_min", "coins_min"), "room.ranks")
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("级别" if zh else "rank (级别)"), plain("积分" if zh else "points"), plain("游戏币" if zh else "coins")]
        trows = []
        for i, r in enumerate(rows):
            nxt = rows[i + 1] if i + 1 < len(rows) else None
            # The titles are the platform's Chinese words: an English book quotes them.
            title = plain(r.title) if zh else T("“{t}”", t=r.title)
            trows.append(TRow([title, _span(r.points_min, nxt.points_min if nxt else None, zh),
                               _span(r.coins_min, nxt.coins_min if nxt else None, zh)], anchor_of(f"room.ranks[{i}]")))
        intro = (T("**玩家级别**（从{a}到{b}）：", a=rows[0].title, b=rows[-1].title) if zh else
                 T("**Player ranks** (from “{a}” to “{b}”):", a=rows[0].title, b=rows[-1].title))
        out.append([Para(intro), Table(head, trows, numeric=(1, 2))])
    return tuple(out)


# --- diff ---------------------------------------------------------------------


def _phrase_ranks(rows: tuple[PlayerRank, ...], lang: str) -> str:
    if not rows:
        return "没有级别表" if lang == "zh" else "has no player rank table"
    span = f"{rows[0].title}……{rows[-1].title}" if lang == "zh" else f"{rows[0].title} … {rows[-1].title}"
    if lang == "zh":
        return f"有{len(rows)}级的级别表（{span}）"
    return f"ranks players in {len(rows)} rank{'s' if len(rows) != 1 else ''} ({span})"


dp.phrase("room.mode", {
    "normal": dp.said("在普通房间", "is played in an ordinary room"),
    "haixuan": dp.said("在海选房间", "is played in a 海选 heat room"),
}, effect=dp.ROOM)
dp.phrase("room.min_games", {
    0: dp.said("没有最少局数", "has no minimum number of games"),
    1: dp.said("最少打1局", "requires 1 game before leaving"),
    "*": dp.said("最少打{v}局", "requires {v} games before leaving"),
}, effect=dp.ROOM)
dp.phrase("room.leave_penalty", {
    0: dp.said("提前离场不罚分", "has no penalty for leaving early"),
    "*": dp.said("提前离场罚{v}倍分", "fines an early leaver {v} times the game's score"),
}, effect=dp.ROOM)
dp.phrase("room.penalty_first_leaver_only", dp.yes_no(
    "只罚第一个离场的人", "fines only the first player to leave",
    "每个提前离场的人都罚", "fines every early leaver"), effect=dp.ROOM)
dp.phrase("room.rank_by", {
    "points": dp.said("按积分定级别", "looks player ranks up by points (积分)"),
    "coins": dp.said("按游戏币定级别", "looks player ranks up by coins"),
}, effect=dp.ROOM)
dp.phrase("room.ranks", _phrase_ranks, effect=dp.ROOM)
