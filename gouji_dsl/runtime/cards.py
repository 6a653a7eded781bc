"""The small shared runtime of generated engines (and of the reference interpreter).

Generated modules import this and the standard library only. It holds what
is the same for every variant and never on a hot path: the card notation of
CONFORMANCE.md, the `Classified` record, game-result validation and errors.

Card vectors: a hand or play is a sequence of 15 counts indexed like
`CARDS` (3, 4, ..., K, A, 2, SJ, BJ). A play is also kept in a compact
canonical tuple `(rank, natural, fillers, small, big)`:
- rank 0..11 (3..A) with `natural` >= 1 cards of it and `fillers` 2s;
- rank 12 (2) for plays of 2s without another rank: natural 0, fillers = the 2s;
- rank -1 for plays of jokers only.
"""
from __future__ import annotations

from typing import NamedTuple

CARDS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
INDEX = {name: i for i, name in enumerate(CARDS)}
INDEX.update({"T": 7, "小王": 13, "大王": 14})  # the three aliases CONFORMANCE.md allows
TWO, SMALL, BIG = 12, 13, 14
JOKERS_ONLY = -1


class CardError(ValueError):
    """A card list that cannot be read."""


class ResultError(ValueError):
    """A game result that no game could produce."""


class Classified(NamedTuple):
    valid: bool
    rank: str | None      # effective rank ('7', '2'), None for jokers only or invalid
    size: int
    jokers: int
    gouji: bool
    play: tuple | None    # the canonical play tuple, None when invalid


INVALID = Classified(False, None, 0, 0, False, None)


def parse_cards(text: str) -> tuple:
    """'2 2 7 7 7' -> a 15-count vector. Raises CardError naming a bad token."""
    if not isinstance(text, str):
        raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
    counts = [0] * 15
    for position, token in enumerate(text.split(), 1):
        index = INDEX.get(token)
        if index is None:
            raise CardError(f"unknown card {token!r} (token {position}): expected one of "
                            "3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王)")
        counts[index] += 1
    return tuple(counts)


def format_cards(cards) -> str:
    """A count vector (or play tuple) -> '7 7 7 2 2 BJ', lowest first."""
    if len(cards) == 5:
        cards = cards_of(cards)
    return " ".join(name for name, count in zip(CARDS, cards) for _ in range(count))


def cards_of(play: tuple) -> tuple:
    """The 15-count vector of a canonical play tuple."""
    rank, natural, fillers, small, big = play
    counts = [0] * 15
    if rank >= 0 and natural:
        counts[rank] += natural
    counts[TWO] += fillers
    counts[SMALL] += small
    counts[BIG] += big
    return tuple(counts)


def minus(hand, play: tuple) -> tuple:
    """The hand without the cards of a play tuple."""
    rest = list(hand)
    rank, natural, fillers, small, big = play
    if natural:
        rest[rank] -= natural
    rest[TWO] -= fillers
    rest[SMALL] -= small
    rest[BIG] -= big
    return tuple(rest)


class Result(NamedTuple):
    finish: tuple
    opened: frozenset
    declared: frozenset
    burns: tuple
    men: tuple
    previous: tuple  # of frozensets: the opened seats of earlier games, oldest first


RESULT_FIELDS = {"finish", "opened", "declared", "burns", "men", "previous"}


def read_result(data, players: int = 6, declare: bool = True, burn: bool = True, men: bool = True,
                opposite: dict | None = None) -> Result:
    """Validate a finished game's result (CONFORMANCE.md `result`).

    The flags say whether the variant has 宣点, burning and 憋三 at all: a
    result naming them in a variant without them could come from no game.
    `opposite` (seat -> its opposite), when given, refuses a burn between opposites."""
    if not isinstance(data, dict):
        raise ResultError("result must be an object")
    unknown = set(data) - RESULT_FIELDS
    if unknown:
        raise ResultError(f"unknown result field(s): {', '.join(sorted(unknown))}")
    seats = set(range(1, players + 1))

    def seat_list(name, value, unique=False):
        if not isinstance(value, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in value):
            raise ResultError(f"result.{name} must be a list of seats")
        bad = [s for s in value if s not in seats]
        if bad:
            raise ResultError(f"result.{name} names seat {bad[0]}: seats are 1..{players}")
        twice = [s for i, s in enumerate(value) if s in value[:i]]
        if unique and twice:  # a set of seats: a seat named twice is a result no game wrote
            raise ResultError(f"result.{name} names seat {twice[0]} twice")
        return value

    finish = seat_list("finish", data.get("finish", []))
    if sorted(finish) != sorted(seats):
        raise ResultError(f"result.finish must list each of the {players} seats once")
    pairs = {}
    for name in ("burns", "men"):
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
            raise ResultError(f"result.{name} must be a list of [seat, seat] pairs")
        for pair in value:
            seat_list(name, pair)
            if pair[0] == pair[1]:
                raise ResultError(f"result.{name} pairs a seat with itself")
            if name == "burns" and opposite and opposite.get(pair[0]) == pair[1]:
                raise ResultError(f"result.burns pairs seat {pair[0]} with its opposite {pair[1]}: "
                                  "the opposite answers a 级牌 plainly, it never burns it (D14)")
        pairs[name] = tuple(tuple(p) for p in value)
    for name, allowed, what in (("declared", declare, "宣点 (declaring)"), ("burns", burn, "burning"),
                                ("men", men, "憋三 (threes last)")):
        if data.get(name) and not allowed:
            raise ResultError(f"result.{name} is not empty, but this variant has no {what}")
    previous = data.get("previous", [])
    if not isinstance(previous, list) or not all(isinstance(g, dict) and set(g) <= {"opened"} for g in previous):
        raise ResultError("result.previous must be a list of {\"opened\": [...]} objects")
    return Result(
        finish=tuple(finish),
        opened=frozenset(seat_list("opened", data.get("opened", []), unique=True)),
        declared=frozenset(seat_list("declared", data.get("declared", []), unique=True)),
        burns=pairs["burns"],
        men=pairs["men"],
        previous=tuple(frozenset(seat_list("previous.opened", g.get("opened", []), unique=True)) for g in previous),
    )


def sum_tributes(entries) -> list[dict]:
    """Merge entries with the same kind, payer and receiver; drop zero counts."""
    merged: dict[tuple, int] = {}
    for kind, payer, receiver, count in entries:
        if count:
            merged[(kind, payer, receiver)] = merged.get((kind, payer, receiver), 0) + count
    return [{"kind": k, "from": p, "to": r, "count": c} for (k, p, r), c in merged.items() if c]
