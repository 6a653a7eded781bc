"""Shuangkou results: result classes by the winners' places, merged bomb lines,
the game multiplier, the bomb bonus (给到分), 底分 and 无翻倍 (002:L32-158).

The section is Shuangkou's (GAMES); nothing in it is Shuangkou-specific but the
numbers, so a Gouji variant with bombs could later use it by adding "gouji" to
GAMES. The generated engine embeds `spec_source(result_spec(v))` and scores with
`runtime.results.score`; `reference_score(v, result)` is the reference
interpreter's own reading, straight from the model's rows.
"""
from __future__ import annotations

import dataclasses as _dataclasses
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, at_nearest, check, type_only, value_of
from gouji_dsl.facets.hooks import hook
from gouji_dsl.facets.sentences import add_inactive, generic_table, said
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import evaluate
from gouji_dsl.model.fields import PLACE, Section, column, rule
from gouji_dsl.model.types import BoolT, IntT, ListT, RowT, StrT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, join, plain
from gouji_dsl.rules.patterns import PatternRules
from gouji_dsl.runtime.cards import ResultError
from gouji_dsl.runtime.results import ResultSpec

if TYPE_CHECKING:
    from gouji_dsl.diagnostics import Pos
    from gouji_dsl.facets.protocols import Game, Said
    from gouji_dsl.messages import Message

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ResultClass:
    name: str = column(StrT(40), "名称", "the result's identifier")
    zh: str = column(StrT(40), "中文", "its Chinese name")
    winners: tuple[int, ...] = column(ListT(PLACE, 1, 12, unique=True), "胜方名次", "the places of the winning team's players")
    scores: tuple[int, ...] = column(ListT(IntT(-1000, 1000), 2, 12), "名次分", "the base score (胜负分) of places 1, 2, ...")


@dataclass(frozen=True)
class Multiplier:
    lines: int = column(IntT(1, 64), "线数", "the winning team's best line count")
    multiplier: int = column(IntT(1, 100000), "翻倍数", "what the result scores are multiplied by")


@dataclass(frozen=True)
class MergeRow:
    lines_from: int = column(IntT(1, 64), "最小线数", "bombs of at least this many lines")
    lines_to: int = column(IntT(1, 64), "最大线数", "and at most this many")
    add: int = column(IntT(-64, 64), "加数", "N such bombs of L lines count as L + N + add lines")


@dataclass(frozen=True)
class BonusRow:
    lines: int = column(IntT(1, 64), "线数", "a bomb of this many lines")
    each: int = column(IntT(0, 100000), "每家给", "what each other player pays the player who played it")


@dataclass(frozen=True)
class ResultRules(Section):
    NAME = "results"
    ZH = "结算"
    EN = "Results and scores"
    # Shuangkou's for now; a Gouji variant with bombs could add "gouji" here.
    GAMES = ("shuangkou",)
    classes: tuple[ResultClass, ...] = rule(RowT(ResultClass, key=("name",), min_rows=1), "胜负分",
                          "the result classes: the winning team's places and the base score of each place")
    multipliers: tuple[Multiplier, ...] = rule(RowT(Multiplier, key=("lines",), min_rows=1), "翻倍",
                              "the game multiplier by the winning team's best merged line count")
    multiplier_step: int = rule(IntT(0, 100000), "翻倍递增", "above the multiplier table, each further line adds this much")
    merge: tuple[MergeRow, ...] = rule(RowT(MergeRow, key=("lines_from",)), "合并线数",
                        "how several bombs of equal lines played by one player count together", default=())
    bonus: tuple[BonusRow, ...] = rule(RowT(BonusRow, key=("lines",)), "给到分",
                        "the bomb bonus: what each other player pays for a bomb played", default=())
    base: int = rule(IntT(1, 1000000), "底分", "the stake every score is multiplied by", default=1)
    no_doubling: bool = rule(BoolT(), "无翻倍", "bombs do not multiply the scores (the multiplier is 1)", default=False)
    # S13: after these results the next game's first leader is drawn anew (the 明牌), with
    # [table] first_leader = previous_first; after the others the previous game's first leads.
    redraw_after: tuple[str, ...] = rule(ListT(StrT(40), 0, 12, unique=True), "明牌重抽",
                               "after a game of these result classes the next game's first leader is drawn anew "
                               "(a card turned face up in the deal: 明牌), not the previous game's first player out",
                               default=())


# --- checks -------------------------------------------------------------------


def _places_text(places: Iterable[int]) -> str:
    return ", ".join(map(str, places))


def still_holding(winners: tuple[int, ...], players: int) -> tuple[int, ...]:
    """The places of the players still holding cards when a game of this class ends,
    with two teams: their order is not played out, so they must score alike.
    The winners' last place is the end when it is not the last place (the losers
    after it never went out); otherwise the losers went out first and the winners'
    top run of places never did."""
    if players not in winners:
        return tuple(range(max(winners) + 1, players + 1))
    run = [players]
    while run[-1] - 1 in winners:
        run.append(run[-1] - 1)
    return tuple(sorted(run))


@check("results.classes")
def check_classes(v: Variant, rep: Reporter) -> None:
    """Each class names a possible set of winners' places and scores every place;
    every possible set has exactly one class; the winners never score below the
    losers; places whose order the game leaves open score alike."""
    classes, players, teams = value_of(v, "results.classes"), value_of(v, "table.players"), value_of(v, "table.teams")
    if classes is None or players is None or teams is None:
        return
    size = len(teams[0])  # two teams of equal size (table.teams, its type and check)
    seen: dict[tuple[int, ...], str] = {}
    for i, row in enumerate(classes):
        where = at(v, f"results.classes[{i}]")
        if len(row.winners) != size or any(p > players for p in row.winners) or 1 not in row.winners:
            rep.error(where, msg("rules.class_impossible", name=row.name, places=_places_text(row.winners), size=size,
                                 players=players))
            continue
        winners = tuple(sorted(row.winners))
        if winners in seen:
            rep.error(where, msg("rules.class_twice", name=row.name, other=seen[winners], places=_places_text(winners)))
            continue
        seen[winners] = row.name
        if len(row.scores) != players:
            rep.error(where, msg("rules.class_score_count", name=row.name, count=len(row.scores), players=players))
            continue
        won = [row.scores[p - 1] for p in winners]
        lost = [row.scores[p - 1] for p in range(1, players + 1) if p not in winners]
        if lost and min(won) < max(lost):
            rep.error(where, msg("rules.class_loser_above_winner", name=row.name, lost=max(lost), won=min(won)))
        holding = still_holding(winners, players)
        if len({row.scores[p - 1] for p in holding}) > 1:
            rep.error(where, msg("rules.class_unordered_places", name=row.name, places=_places_text(holding)))
    for rest in itertools.combinations(range(2, players + 1), size - 1):
        winners = (1,) + rest
        if winners not in seen:
            rep.error(at(v, "results.classes"), msg("rules.no_result_class", places=_places_text(winners)),
                      hint=msg("rules.add_result_classes"))


def _lines_run_errors(v: Variant, key: str, amount: str) -> list[tuple[Pos, Message]]:
    """(position, message) for a table by lines with a line count missing between its
    first and last rows, or whose amount falls as lines rise."""
    rows = value_of(v, key)
    if not rows:
        return []
    order = sorted(range(len(rows)), key=lambda i: rows[i].lines)
    errors = []
    for before, after in zip(order, order[1:]):
        low, high = rows[before], rows[after]
        # the later row, unless only the earlier one is the variant's own
        where = at_nearest(v, f"{key}[{after}]", f"{key}[{before}]")
        if high.lines != low.lines + 1:
            errors.append((where, msg("rules.lines_gap", lines=low.lines + 1, first=rows[order[0]].lines,
                                      last=rows[order[-1]].lines)))
        elif getattr(high, amount) < getattr(low, amount):
            errors.append((where, msg("rules.lines_falling", amount=amount, low=getattr(low, amount), low_lines=low.lines,
                                      high=getattr(high, amount), high_lines=high.lines)))
    return errors


@check("results.multipliers")
def check_multipliers(v: Variant, rep: Reporter) -> None:
    """Multipliers for every line count from the first row to the last, never falling."""
    for where, message in _lines_run_errors(v, "results.multipliers", "multiplier"):
        rep.error(where, message)


@check("results.bonus")
def check_bonus(v: Variant, rep: Reporter) -> None:
    """Bonuses for every line count from the first row to the last, never falling."""
    for where, message in _lines_run_errors(v, "results.bonus", "each"):
        rep.error(where, message)


@check("results.merge")
def check_merge(v: Variant, rep: Reporter) -> None:
    """Ranges that are not empty and do not overlap; a merge never gives fewer lines than one bomb."""
    rows = value_of(v, "results.merge")
    if not rows:
        return
    for i, row in enumerate(rows):
        where = at(v, f"results.merge[{i}]")
        if row.lines_from > row.lines_to:
            rep.error(where, msg("rules.merge_reversed", lines_from=row.lines_from, lines_to=row.lines_to))
            continue
        if row.add < -2:
            rep.error(where, msg("rules.merge_add_too_low", add=row.add, merged=row.add + 2))
        for j, other in enumerate(rows[:i]):
            if other.lines_from <= row.lines_to and row.lines_from <= other.lines_to:
                rep.error(where, msg("rules.merge_overlap", low=max(row.lines_from, other.lines_from),
                                      high=min(row.lines_to, other.lines_to)),
                          notes=[(at(v, f"results.merge[{j}]"), msg("rules.the_other_row"))])


type_only("results.multiplier_step", "results.base", "results.no_doubling")


@check("results.redraw_after")
def check_redraw_after(v: Variant, rep: Reporter) -> None:
    """The classes named exist, and a redraw only means something when the previous game's first leads."""
    names = value_of(v, "results.redraw_after")
    classes = value_of(v, "results.classes")
    if not names or classes is None:
        return
    known = [c.name for c in classes]
    for name in names:
        if name not in known:
            rep.error(at(v, "results.redraw_after"), msg("rules.not_a_result_class", name=name),
                      hint=msg("rules.one_of", names=", ".join(known)))
    if value_of(v, "table.first_leader") != "previous_first":
        rep.error(at_nearest(v, "results.redraw_after", "table.first_leader"), msg("rules.redraw_needs_previous_first"),
                  hint=msg("rules.redraw_hint"))


# --- engine -------------------------------------------------------------------


def fewest_lines(v: Variant) -> int:
    """The fewest lines a bomb of the variant has: its smallest bomb, or a joker bomb (1 when unknown)."""
    sec = v.sections.get("patterns")
    if not isinstance(sec, PatternRules) or sec.bomb_min is None or sec.bomb_lines is None:
        return 1
    lines: list[int] = [evaluate(sec.bomb_lines, {"cards": sec.bomb_min}, {})]
    lines += [bomb.lines for bomb in sec.joker_bombs or ()]
    return max(1, min(lines))


def result_spec(v: Variant) -> ResultSpec:
    """The [results] rules of a checked variant as plain data, rows sorted by lines."""
    r, table = v.results, v.table
    return ResultSpec(
        players=table.players,
        teams=tuple(tuple(team) for team in table.teams),
        classes=tuple((c.name, tuple(sorted(c.winners)), tuple(c.scores)) for c in r.classes),
        multipliers=tuple(sorted((m.lines, m.multiplier) for m in r.multipliers)),
        multiplier_step=r.multiplier_step,
        merge=tuple(sorted((m.lines_from, m.lines_to, m.add) for m in r.merge)),
        bonus=tuple(sorted((b.lines, b.each) for b in r.bonus)),
        base=r.base,
        no_doubling=r.no_doubling,
        min_lines=fewest_lines(v),
    )


def spec_source(result: ResultSpec) -> str:
    """A Python expression that rebuilds the spec (needs `ResultSpec` in scope):
    deterministic, so generated modules do not change from build to build."""
    fields = ", ".join(f"{f.name}={getattr(result, f.name)!r}" for f in _dataclasses.fields(result))
    return f"ResultSpec({fields})"


# Every rule of the section becomes part of the ResultSpec the generated module embeds
# (spec_source(result_spec(v))), read by its `score` through runtime.results.score;
# redraw_after is the flow's: the winners' places of the classes after which the next
# game's first leader is drawn (runtime.flow's next_match).
for _field in _dataclasses.fields(ResultRules):
    if _field.name != "redraw_after":
        spec.register(f"results.{_field.name}", "engine", spec.CardFunction(("score",)))
spec.register("results.redraw_after", "engine", spec.Setting(
    "redraw_after_winners", lambda v: tuple(sorted(tuple(sorted(c.winners)) for c in v.results.classes
                                                   if c.name in v.results.redraw_after)), absent=(),
                                                             annotation="tuple[tuple[int, ...], ...]", realised_in=("runtime/flow.py:Game.next_match",)))


# --- interpreter --------------------------------------------------------------
# The reference's own reading, straight from the model's rows: it shares nothing
# with runtime.results but the error type, so the two can be compared.


def _whole(x: object) -> bool:
    return type(x) is int  # a bool is no number here


def _reference_result(v: Variant, result: object) -> tuple[list[int], list[list[int]], int, bool]:
    players = v.table.players
    if not isinstance(result, dict) or not set(result) <= {"finish", "bombs", "base", "no_doubling"}:
        raise ResultError("a result is an object with the fields finish, bombs, base and no_doubling")
    finish = result.get("finish")
    if not isinstance(finish, list) or not all(_whole(s) and 1 <= s <= players for s in finish) \
            or len(set(finish)) != len(finish):
        raise ResultError(f"result.finish must list distinct seats of 1..{players}")
    if not any(all(s in finish for s in team) for team in v.table.teams):
        raise ResultError("result.finish holds no whole team: the game has not ended")
    bombs = result.get("bombs", [])
    if not isinstance(bombs, list) or not all(isinstance(b, (list, tuple)) and len(b) == 2 and all(_whole(x) for x in b)
                                              and 1 <= b[0] <= players and b[1] >= fewest_lines(v) for b in bombs):
        raise ResultError(f"result.bombs must be [seat, lines] pairs: seats 1..{players}, lines of a bomb")
    base = result.get("base", v.results.base)
    no_doubling = result.get("no_doubling", v.results.no_doubling)
    if not _whole(base) or base < 1 or type(no_doubling) is not bool:
        raise ResultError("result.base must be a whole number of at least 1 and result.no_doubling true or false")
    return finish, bombs, base, no_doubling


def reference_places(v: Variant, finish: list[int]) -> dict[int, int]:
    """Play the finish out: players go out in order until a team is all out; the
    rest take the places after, in the order written then by seat."""
    gone: list[int] = []
    for seat in finish:
        gone.append(seat)
        if any(set(team) <= set(gone) for team in v.table.teams):
            break
    rest = [s for s in finish if s not in gone] + [s for s in range(1, v.table.players + 1) if s not in finish]
    return {seat: i + 1 for i, seat in enumerate(gone + rest)}


def reference_lines(v: Variant, played: list[int]) -> int:
    """One player's line count: merge the smallest mergeable repeated value, again and again."""
    values = sorted(played)
    while True:
        for value in sorted(set(values)):
            row = next((r for r in v.results.merge if r.lines_from <= value <= r.lines_to), None)
            n = values.count(value)
            if row is not None and n >= 2:
                values = sorted([x for x in values if x != value] + [value + n + row.add])
                break
        else:
            return values[-1] if values else 0


def reference_multiplier(v: Variant, lines: int) -> int:
    r: ResultRules = v.results
    table = {row.lines: row.multiplier for row in r.multipliers}
    top = max(table)
    if lines > top:
        return table[top] + r.multiplier_step * (lines - top)
    return table.get(lines, 1)  # below the table: no bomb among the winners, ×1


def reference_bonus(v: Variant, lines: int) -> int:
    table: dict[int, int] = {row.lines: row.each for row in v.results.bonus}
    if not table:
        return 0
    return table[max(table)] if lines > max(table) else table.get(lines, 0)


def reference_score(v: Variant, result: object) -> list[int]:
    """The scores of seats 1..players, from the model: 底分 × (胜负分 × 翻倍数 + 给到分)."""
    finish, bombs, base, no_doubling = _reference_result(v, result)
    players = v.table.players
    place = reference_places(v, finish)
    winning_team = next(team for team in v.table.teams if finish[0] in team)
    winner_places = sorted(place[s] for s in winning_team)
    row = next((c for c in v.results.classes if sorted(c.winners) == winner_places), None)
    if row is None:
        raise ResultError(f"no result class for winners at places {winner_places}")
    best = max(reference_lines(v, [lines for seat, lines in bombs if seat == s]) for s in winning_team)
    times = 1 if no_doubling else reference_multiplier(v, best)
    out = []
    for seat in range(1, players + 1):
        received = sum(reference_bonus(v, lines) * (players - 1) for who, lines in bombs if who == seat)
        paid = sum(reference_bonus(v, lines) for who, lines in bombs if who != seat)
        out.append(base * (row.scores[place[seat] - 1] * times + received - paid))
    return out


# backends.pattern_reference's `score` is reference_score.
for _field in _dataclasses.fields(ResultRules):
    if _field.name != "redraw_after":
        spec.register(f"results.{_field.name}", "interpreter", spec.ReferenceFunction(("score",)))


@hook("results.redraw_after", absent=lambda g: False)
def leader_redrawn(g: Game) -> bool:
    """S13: is the next game's first leader drawn anew after this finished game? Yes when
    its result class (the first player out's team's places) is listed in redraw_after."""
    r = g.v.results
    first = g.finish_order[0]
    team = next(team for team in g.v.table.teams if first in team)
    places = tuple(sorted(g.place_of[seat] for seat in team))
    return any(c.name in r.redraw_after and tuple(sorted(c.winners)) == places for c in r.classes)


# --- rulebook -----------------------------------------------------------------

book.group("results", "结算", "Results and scores")


@book.rule("results.classes", "scoring")
def _(ctx: book.Ctx, rows: tuple[ResultClass, ...]) -> Said:
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        players = max(len(r.scores) for r in rows)
        head = [plain("结果" if zh else "result"), plain("胜方名次" if zh else "winners' places")]
        head += [plain(ctx.place_zh(p)) if zh else ctx.place_en(p) for p in range(1, players + 1)]
        body = [TRow([plain(r.zh) if zh else plain(f"{r.name} ({r.zh})"),
                      plain(("、" if zh else ", ").join(map(str, sorted(r.winners))))]
                     + [plain(f"{s:+d}" if s else "0") for s in r.scores],
                     anchor_of(f"results.classes[{i}]")) for i, r in enumerate(rows)]
        intro = (T("**胜负**：一方的玩家全部出完牌时本局结束，最先出完牌的玩家所在的一方获胜。"
                   "胜方玩家的名次决定结果，以及每个名次的**胜负分**：") if zh else
                 T("**Who wins**: the game ends as soon as every player of one team has gone out; the team of the "
                   "first player out wins. The winners' places name the result, which gives each place its "
                   "**result score**:"))
        out.append([Para(intro), Table(head, body, numeric=tuple(range(2, players + 2)))])
    return tuple(out)


@book.rule("results.multipliers", "scoring")
def _(ctx: book.Ctx, rows: tuple[Multiplier, ...]) -> Said:
    intro_zh = ("**翻倍**：胜方队伍内最高的线数（每人的炸弹合并后，见下）决定本局的翻倍数；"
                "胜方没有打出炸弹时，翻倍数为1。")
    intro_en = ("**Multiplier**: the winning team's best line count (after merging, below) sets the game's "
                "multiplier; when the winners played no bomb it is 1.")
    note = None
    if ctx.v.results.no_doubling:
        note = ("本玩法无翻倍，此表不起作用。", "Scores are never multiplied here (no doubling), so this table does not apply.")
    out = tuple([Para(T(intro)), generic_table("results.multipliers", rows, lang)]
                for lang, intro in zip(LANGS, (intro_zh, intro_en)))
    return add_inactive(out, note)


@book.rule("results.multiplier_step", "scoring")
def _(ctx: book.Ctx, value: int) -> Said:
    rows = ctx.v.results.multipliers or ()
    if not rows:
        return said(T("线数超过翻倍表时，每多一线翻倍数加{s}。", s=value),
                    T("Above the multiplier table, each further line adds {s} to the multiplier.", s=value))
    top = max(row.lines for row in rows)
    if value == 0:
        return said(T("线数超过{n}线时，翻倍数与{n}线相同。", n=top),
                    T("Above {n} lines the multiplier stays that of {n} lines.", n=top))
    return said(T("线数超过{n}线时，每多一线翻倍数加{s}。", n=top, s=value),
                T("Above {n} lines, each further line adds {s} to the multiplier.", n=top, s=value))


@book.rule("results.merge", "scoring")
def _(ctx: book.Ctx, rows: tuple[MergeRow, ...]) -> Said:
    if not rows:
        return said(T("同样线数的炸弹不合并：每人的线数是他打出的最高线数。"),
                    T("Bombs of equal lines do not merge: a player's line count is the most lines of any bomb they played."))
    # An example from the first row: two bombs of its fewest lines.
    first = rows[0]
    merged = first.lines_from + 2 + first.add
    plus_zh = f"再加{first.add}" if first.add >= 0 else f"再减{-first.add}"
    plus_en = f"plus {first.add}" if first.add >= 0 else f"minus {-first.add}"
    intro_zh = (f"**合并线数**：一个人打出两个或更多线数相同的炸弹，合并成一个炸弹，线数等于原来的线数加炸弹的个数，"
                f"再加下表的加数（例如两个{first.lines_from}线的炸弹：{first.lines_from}加2，{plus_zh}，合成{merged}线）；"
                f"先合并线数最小的，反复合并，直到线数都不相同，取最高的线数。只打出一个的炸弹线数不变。")
    intro_en = (f"**Merging**: two or more bombs of the same lines played by one player count as one bomb, whose lines "
                f"are those lines plus the number of bombs plus the addition in the table below (two bombs of "
                f"{first.lines_from} lines: {first.lines_from} plus 2 {plus_en}, {merged} lines); the fewest lines "
                f"merge first, again and again until no two are equal, and the player's line count is the highest left. "
                f"A lone bomb keeps its lines.")
    return tuple([Para(T(intro)), generic_table("results.merge", rows, lang)]
                 for lang, intro in zip(LANGS, (intro_zh, intro_en)))


@book.rule("results.bonus", "scoring")
def _(ctx: book.Ctx, rows: tuple[BonusRow, ...]) -> Said:
    if not rows:
        return said(T("没有给到分。"), T("There is no bomb bonus (给到分)."))
    top = max(row.lines for row in rows)
    intro_zh = (f"**给到分**：不论胜负，每打出一个下表所列线数的炸弹，其他每人各给打出的人相应的分数"
                f"（按这个炸弹本身的线数，不按合并后的线数；超过{top}线的按{top}线计）：")
    intro_en = (f"**Bomb bonus** (给到分): win or lose, for each bomb played of the lines below, every other player "
                f"pays its player the amount shown (by that bomb's own lines, not merged ones; above {top} lines, "
                f"as {top}):")
    return tuple([Para(T(intro)), generic_table("results.bonus", rows, lang)]
                 for lang, intro in zip(LANGS, (intro_zh, intro_en)))


@book.rule("results.base", "scoring")
def _(ctx: book.Ctx, value: int) -> Said:
    return said(T("**底分**：{n}。每人的得分 = 底分 ×（胜负分 × 翻倍数 + 给到分）。", n=value),
                T("**Stake** (底分): {n}. Each player scores stake × (result score × multiplier + bomb bonus).", n=value))


book.bool_rule("results.no_doubling", "scoring",
               ("**无翻倍**：炸弹不翻倍，翻倍数总是1；给到分照付。", "**No doubling** (无翻倍): bombs never multiply the "
                "scores, the multiplier is always 1; the bomb bonus is still paid."),
               ("炸弹翻倍：按上面的翻倍表。", "Bombs multiply the scores by the table above."))


@book.rule("results.redraw_after", "scoring")
def _(ctx: book.Ctx, names: tuple[str, ...]) -> Said:
    if not names:
        return said(T("下一局谁先出牌不看这一局的结果，按上面的规定确定。"),
                    T("Who leads the next game does not depend on this game's result: it is settled as said above."))
    rows = {c.name: c for c in ctx.v.results.classes}
    classes_zh = join([plain(rows[n].zh) for n in names], "zh", "或")
    classes_en = join([T("{n} ({z})", n=n, z=rows[n].zh) for n in names], "en", "or")
    first_zh = ctx.place_zh(1)
    return said(T("**明牌重抽**：一局的结果是{c}时，下一局重新翻明牌，由摸到明牌的人先出；其他结果由上一局的{f}先出。",
                  c=classes_zh, f=first_zh),
                T("**Redraw** (明牌重抽): after a game ending in a {c}, the next game's first leader is drawn anew: "
                  "whoever is dealt the card turned face up (明牌) leads; after any other result the previous "
                  "game's first player out leads.", c=classes_en))


# --- diff ---------------------------------------------------------------------


def _phrase_classes(rows: tuple[ResultClass, ...], lang: str) -> str:
    if not rows:
        return "没有胜负分" if lang == "zh" else "has no result classes"
    scores = [" ".join(map(str, r.scores)) for r in rows]
    if lang == "zh":
        return "胜负分为 " + "；".join(f"{r.zh}（胜方第{'、'.join(map(str, sorted(r.winners)))}名）{s}"
                                     for r, s in zip(rows, scores))
    return "scores the places " + "; ".join(f"{s} for {r.name} (winners at places {', '.join(map(str, sorted(r.winners)))})"
                                            for r, s in zip(rows, scores))


def _phrase_multipliers(rows: Sequence[Multiplier], lang: str) -> str:
    if not rows:
        return "没有翻倍表" if lang == "zh" else "has no multiplier table"
    rows = sorted(rows, key=lambda r: r.lines)
    if lang == "zh":
        return "翻倍数为 " + "、".join(f"{r.lines}线×{r.multiplier}" for r in rows)
    return "multiplies by " + ", ".join(f"{r.multiplier} at {r.lines} lines" for r in rows)


def _merged(add: int) -> str:
    """L + N + add, as a formula: L + N - 2."""
    return f"L + N {'-' if add < 0 else '+'} {abs(add)}" if add else "L + N"


def _span(row: MergeRow, zh: bool) -> str:
    if row.lines_from == row.lines_to:
        return f"{row.lines_from}" if zh else f"{row.lines_from} lines"
    return f"{row.lines_from}至{row.lines_to}" if zh else f"{row.lines_from} to {row.lines_to} lines"


def _phrase_merge(rows: tuple[MergeRow, ...], lang: str) -> str:
    if not rows:
        return "炸弹不合并线数" if lang == "zh" else "never merges a player's bombs"
    if lang == "zh":
        return "合并线数 " + "；".join(f"N个L线炸弹（L为{_span(r, True)}）为 {_merged(r.add)} 线" for r in rows)
    return "merges " + "; ".join(f"N bombs of L = {_span(r, False)} into {_merged(r.add)}" for r in rows)


def _phrase_bonus(rows: Sequence[BonusRow], lang: str) -> str:
    if not rows:
        return "没有给到分" if lang == "zh" else "pays no bomb bonus"
    rows = sorted(rows, key=lambda r: r.lines)
    if lang == "zh":
        return "给到分为 " + "、".join(f"{r.lines}线每家{r.each}" for r in rows)
    return "pays a bomb bonus of " + ", ".join(f"{r.each} a player for {r.lines} lines" for r in rows)


dp.phrase("results.classes", _phrase_classes)
dp.phrase("results.multipliers", _phrase_multipliers)
dp.phrase("results.multiplier_step", dp.said("翻倍表以上每线加{v}", "adds {v} to the multiplier for each line above its table"))
dp.phrase("results.merge", _phrase_merge)
dp.phrase("results.bonus", _phrase_bonus)
dp.phrase("results.base", dp.said("底分为{v}", "stakes {v} a game (底分)"))
dp.phrase("results.no_doubling", dp.yes_no(
    "炸弹不翻倍（无翻倍）", "never multiplies the scores by bombs (无翻倍)",
    "按胜方炸弹翻倍", "multiplies the scores by the winners' bombs"))


def _phrase_redraw_after(names: tuple[str, ...], lang: str) -> str:
    if not names:
        return "上局头名总是先出" if lang == "zh" else "always lets the previous game's first player out lead"
    listed = "、".join(names) if lang == "zh" else ", ".join(names)
    return f"{listed}之后重新亮明牌定先出" if lang == "zh" else f"draws the first leader anew (明牌) after {listed}"


dp.phrase("results.redraw_after", _phrase_redraw_after)
