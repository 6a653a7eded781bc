"""Shuangkou results: the result class, a player's merged lines, the game
multiplier, the bomb bonus (给到分) and the final scores (002:L32-158).

Standard library only: generated engines import this module. A variant's
`[results]` section becomes a `ResultSpec` of plain data
(`gouji_dsl.rules.results.result_spec` builds it from the checked model and
`spec_source` writes it as Python source for the code generator).

    score(spec, result) -> [score of seat 1, ..., score of seat N]

`result` is docs/conformance.md's Shuangkou score result:

    {"finish": [seats in the order they went out; seats still holding cards
                when the game ended may follow in any order, or be left out],
     "bombs": [[seat, lines], ...]   every bomb played, at its own line count,
     "base": 底分 (default spec.base), "no_doubling": 无翻倍 (default spec.no_doubling)}

and for each seat p (§7):

    score(p) = base × (class score of p's place × M + G(p))

where M is the multiplier of the winning team's best merged line count (1
under no_doubling) and G(p) the player's net bomb bonus. A result no game could
produce raises `ResultError` saying what is wrong.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from gouji_dsl.runtime.cards import ResultError as ResultError  # runtime.bounds reads it here

RESULT_FIELDS = frozenset({"finish", "bombs", "base", "no_doubling"})


@dataclass(frozen=True)
class ResultSpec:
    """A variant's [results] rules as plain data (rows sorted by lines)."""

    players: int
    teams: tuple[tuple[int, ...], ...]
    # (name, places of the winning team ascending, score of place 1..players)
    classes: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
    # (lines, multiplier), ascending lines without gaps
    multipliers: tuple[tuple[int, int], ...]
    # above the last row, each further line adds this much (docs/rulings.md K8)
    multiplier_step: int
    # (lines_from, lines_to, add): N >= 2 bombs of L lines merge into L + N + add
    merge: tuple[tuple[int, int, int], ...]
    # (lines, each): every other player pays `each` to whoever played such a bomb
    bonus: tuple[tuple[int, int], ...]
    base: int = 1
    no_doubling: bool = False
    # the fewest lines a bomb of the variant has: a result with fewer names no bomb
    min_lines: int = 1


# --- reading a result ----------------------------------------------------------

def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_result(spec: ResultSpec, result: object) -> tuple[list[int], list[tuple[int, int]], int, bool]:
    """(finish, bombs, base, no_doubling) of a result, checked: ResultError for a
    result no game could produce."""
    if not isinstance(result, dict):
        raise ResultError("result must be an object")
    unknown = set(result) - RESULT_FIELDS
    if unknown:
        raise ResultError(f"unknown result field(s): {', '.join(sorted(unknown))}")
    if "finish" not in result:
        raise ResultError("result.finish is missing: the seats in the order they went out")
    finish = _read_finish(spec, result["finish"])
    bombs = _read_bombs(spec, result.get("bombs", []))
    base = result.get("base", spec.base)
    if not _is_int(base) or base < 1:
        raise ResultError(f"result.base must be a whole number of at least 1 (底分), not {base!r}")
    no_doubling = result.get("no_doubling", spec.no_doubling)
    if not isinstance(no_doubling, bool):
        raise ResultError(f"result.no_doubling must be true or false, not {no_doubling!r}")
    return finish, bombs, base, no_doubling


def _read_finish(spec: ResultSpec, finish: object) -> list[int]:
    if not isinstance(finish, list) or not all(_is_int(s) for s in finish):
        raise ResultError("result.finish must be a list of seats")
    for i, seat in enumerate(finish):
        if not 1 <= seat <= spec.players:
            raise ResultError(f"result.finish names seat {seat}: seats are 1..{spec.players}")
        if seat in finish[:i]:
            raise ResultError(f"result.finish names seat {seat} twice")
    if _end_of_game(spec, finish) is None:
        raise ResultError(f"result.finish {finish} is no finished game: the game ends when both players "
                          "of one team have gone out, so the finish must hold a whole team")
    return finish


def _read_bombs(spec: ResultSpec, bombs: object) -> list[tuple[int, int]]:
    if not isinstance(bombs, list):
        raise ResultError("result.bombs must be a list of [seat, lines] pairs")
    out = []
    for bomb in bombs:
        if not (isinstance(bomb, (list, tuple)) and len(bomb) == 2 and all(_is_int(x) for x in bomb)):
            raise ResultError(f"result.bombs: {bomb!r} is not a [seat, lines] pair")
        seat, lines = bomb
        if not 1 <= seat <= spec.players:
            raise ResultError(f"result.bombs names seat {seat}: seats are 1..{spec.players}")
        if lines < spec.min_lines:
            raise ResultError(f"result.bombs: a bomb of {lines} lines is no bomb here (a bomb has at least "
                              f"{spec.min_lines} lines)")
        out.append((seat, lines))
    return out


def _end_of_game(spec: ResultSpec, finish: list[int]) -> int | None:
    """How many players had gone out when the game ended: the first moment every
    player of one team was out (S20). None when no team is all out."""
    out: set[int] = set()
    for count, seat in enumerate(finish, 1):
        out.add(seat)
        if any(out.issuperset(team) for team in spec.teams):
            return count
    return None


def team_of(spec: ResultSpec, seat: int) -> tuple[int, ...]:
    return next(team for team in spec.teams if seat in team)


def places(spec: ResultSpec, finish: list[int]) -> dict[int, int]:
    """Each seat's place: the order out, then the seats still holding cards (in the
    order listed, then by seat). Which of them comes first never changes a score:
    the checker makes a class score those places alike."""
    order = list(finish) + [s for s in range(1, spec.players + 1) if s not in finish]
    return {seat: place for place, seat in enumerate(order, 1)}


# --- the parts of a score ----------------------------------------------------------

def result_class(spec: ResultSpec, finish: list[int]) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """The class (name, winner places, scores by place) of a finished game: the
    winning team is the first player out's team (S20); its places pick the class."""
    _read_finish(spec, finish)
    where = places(spec, finish)
    winners = tuple(sorted(where[s] for s in team_of(spec, finish[0])))
    for row in spec.classes:
        if row[1] == winners:
            return row
    raise ResultError(f"no result class for winners at places {list(winners)}")


def merge_add(spec: ResultSpec, lines: int) -> int | None:
    """The `add` of the merge row whose range holds `lines`, or None: such bombs never merge."""
    for low, high, add in spec.merge:
        if low <= lines <= high:
            return add
    return None


def best_lines(spec: ResultSpec, lines_list: Iterable[int]) -> int:
    """A player's highest line count after merging equal bombs (002:L88-92,
    reading O13): repeatedly the smallest mergeable value held by N >= 2 bombs
    becomes one value L + N + add, until no value can merge. A lone bomb keeps
    its lines (K2 anomaly of 4+N-2). 0 for no bomb."""
    counts: dict[int, int] = {}
    for lines in lines_list:
        counts[lines] = counts.get(lines, 0) + 1
    while True:
        mergeable = [v for v, n in counts.items() if n >= 2 and merge_add(spec, v) is not None]
        if not mergeable:
            return max(counts, default=0)
        value = min(mergeable)
        merged = value + counts.pop(value) + cast(int, merge_add(spec, value))  # mergeable: it has a merge row
        counts[merged] = counts.get(merged, 0) + 1


def multiplier(spec: ResultSpec, lines: int) -> int:
    """The game multiplier for a best line count (§4). Below the table (the winners
    played no bomb) 1 (reading of O14); above it, +multiplier_step a line (K8)."""
    at_or_below = [row for row in spec.multipliers if row[0] <= lines]
    if not at_or_below:
        return 1
    row_lines, value = at_or_below[-1]
    if (row_lines, value) == spec.multipliers[-1]:
        return value + spec.multiplier_step * (lines - row_lines)
    return value


def bonus_each(spec: ResultSpec, lines: int) -> int:
    """What each other player pays for one bomb of `lines` lines (给到分, §5): the
    amount of the highest row at or below it, so a bomb above the table pays the
    last row's amount; nothing below the table."""
    at_or_below = [each for row_lines, each in spec.bonus if row_lines <= lines]
    return at_or_below[-1] if at_or_below else 0


def bonuses(spec: ResultSpec, bombs: Iterable[tuple[int, int]]) -> list[int]:
    """Each seat's net 给到分: for each bomb played (not merged, reading O15), every
    other player pays its amount to the player who played it."""
    net = [0] * spec.players
    for seat, lines in bombs:
        each = bonus_each(spec, lines)
        for other in range(1, spec.players + 1):
            if other != seat:
                net[other - 1] -= each
                net[seat - 1] += each
    return net


def game_multiplier(spec: ResultSpec, finish: list[int], bombs: Sequence[tuple[int, int]], no_doubling: bool) -> int:
    """M: the multiplier of the winning team's best merged line count (S23), 1 under 无翻倍 (S12)."""
    if no_doubling:
        return 1
    winners = team_of(spec, finish[0])
    best = max(best_lines(spec, [lines for seat, lines in bombs if seat == s]) for s in winners)
    return multiplier(spec, best)


def score(spec: ResultSpec, result: object) -> list[int]:
    """The scores of seats 1..players: base × (class score × M + G) (§7)."""
    finish, bombs, base, no_doubling = read_result(spec, result)
    _name, _winners, by_place = result_class(spec, finish)
    where = places(spec, finish)
    m = game_multiplier(spec, finish, bombs, no_doubling)
    gains = bonuses(spec, bombs)
    return [base * (by_place[where[seat] - 1] * m + gains[seat - 1]) for seat in range(1, spec.players + 1)]
