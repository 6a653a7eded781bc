"""The small shared runtime of generated engines (and of the reference interpreter).

Generated modules import this and the standard library only. It holds what
is the same for every variant and never on a hot path: the card notation of
docs/conformance.md, the `Classified` record, game-result validation and errors.

Card vectors: a hand or play is a sequence of 15 counts indexed like
`CARDS` (3, 4, ..., K, A, 2, SJ, BJ). A play is also kept in a compact
canonical tuple `(rank, natural, fillers, small, big)`:
- rank 0..11 (3..A) with `natural` >= 1 cards of it and `fillers` 2s;
- rank 12 (2) for plays of 2s without another rank: natural 0, fillers = the 2s;
- rank -1 for plays of jokers only.

A variant may declare extra card kinds ([cards] extra: the eagle 鹰 `Y` of
lamb-cn), ranked above the big joker and played as jokers. Its vectors are then
longer (15 + one count per extra kind) and its play tuples carry one count per
joker kind: `(rank, natural, fillers, small, big, *extras)`. `Kinds` is the
notation of one set of kinds; the module functions below are the standard one's.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypedDict

if TYPE_CHECKING:
    from _typeshed import IdentityFunction

try:
    from mypy_extensions import mypyc_attr as mypyc_attr  # state and pattern_kinds import it from here
except ImportError:  # only mypyc (`gouji build --compiled`) reads the decorator: without it, it does nothing
    def mypyc_attr(*_names: str, **_attrs: object) -> IdentityFunction:
        return lambda cls: cls

CARDS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
INDEX = {name: i for i, name in enumerate(CARDS)}
INDEX.update({"T": 7, "小王": 13, "大王": 14})  # the three aliases docs/conformance.md allows
TWO, SMALL, BIG = 12, 13, 14
JOKERS_ONLY = -1
TEXTS_KEPT = 1 << 14       # card texts a notation keeps (Kinds.format_cards)
TEXT_KEPT_LENGTH = 512     # the longest it keeps: a whole deck of a 12-deck variant is ~1,900 characters
# The token of an extra card kind a variant may declare ([cards] extra): 1 to 4 ASCII
# letters, the first a capital (the eagle 鹰 is `Y`); never one of the tokens above.
EXTRA_TOKEN = re.compile(r"[A-Z][A-Za-z]{0,3}")


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
    play: tuple[int, ...] | None    # the canonical play tuple, None when invalid


INVALID = Classified(False, None, 0, 0, False, None)


def parse_cards(text: str) -> tuple[int, ...]:
    """'2 2 7 7 7' -> a 15-count vector. Raises CardError naming a bad token."""
    return STANDARD.parse_cards(text)


def format_cards(cards: Sequence[int]) -> str:
    """A count vector (or play tuple) -> '7 7 7 2 2 BJ', lowest first."""
    return STANDARD.format_cards(cards)


def check_notation(text: str) -> None:
    """CardError unless `text` is a card list in the notation of some variant: the standard
    tokens, and tokens that an extra card kind could have (the variant's engine then
    refuses those it does not declare)."""
    if not isinstance(text, str):
        raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
    extras = tuple(dict.fromkeys(t for t in text.split() if t not in INDEX and EXTRA_TOKEN.fullmatch(t)))
    Kinds(extras).parse_cards(text)


def cards_of(play: Sequence[int]) -> tuple[int, ...]:
    """The count vector of a canonical play tuple (as long as the play's kinds)."""
    rank, natural, fillers = play[0], play[1], play[2]
    counts = [0] * (10 + len(play))
    if rank >= 0 and natural:
        counts[rank] += natural
    counts[TWO] += fillers
    counts[SMALL:] = play[3:]
    return tuple(counts)


def minus(hand: Sequence[int], play: Sequence[int]) -> tuple[int, ...]:
    """The hand without the cards of a play tuple."""
    rest = list(hand)
    rank, natural, fillers = play[0], play[1], play[2]
    if natural:
        rest[rank] -= natural
    rest[TWO] -= fillers
    for kind, count in enumerate(play[3:], SMALL):
        rest[kind] -= count
    return tuple(rest)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, the reference interpreter still subclasses it
class Kinds:
    """The card notation of one set of card kinds: the 15 standard ones and a variant's
    extra kinds (tokens already checked to be new, safe names), in rank order.

    `own_plays`: False for Gouji's one-rank play tuples (runtime.actions checks them); a
    notation with plays of its own (runtime.pattern_kinds) sets it and provides
    `play_problem(play, most, most_jokers)` and `play_of(written cards)`."""

    own_plays = False
    key: tuple[object, ...] = ()  # what tells notations apart in runtime.actions' tables of shared actions

    def __reduce__(self) -> tuple[Callable[..., Kinds], tuple[object, ...]]:
        # Pickled (and deep-copied) as the shared notation of its extras: a copy of a game
        # keeps the one object the engine's shared actions are checked against.
        return (kinds, (self.extras,))

    def __init__(self, extras: Iterable[str] = ()):
        self.extras = tuple(extras)
        self.key = self.extras
        self.names = CARDS + self.extras
        self.size = len(self.names)
        self.jokers = self.size - SMALL          # joker kinds: SJ, BJ and the extras
        self.index = dict(INDEX)
        self.index.update({name: i for i, name in enumerate(self.names)})
        self._expected = " ".join(self.names) + " (or T, 小王, 大王)"
        # Texts of count vectors and play tuples: an action's text is asked for at every step (its
        # string, the transcript), and a game holds a few thousand plays at most.
        self._texts: dict[tuple[int, ...], str] = {}

    def parse_cards(self, text: str) -> tuple[int, ...]:
        """'2 2 7 7 7' -> a count vector as long as the kinds. Raises CardError naming a bad token."""
        if not isinstance(text, str):
            raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
        counts = [0] * self.size
        for position, token in enumerate(text.split(), 1):
            index = self.index.get(token)
            if index is None:
                raise CardError(f"unknown card {token!r} (token {position}): expected one of {self._expected}")
            counts[index] += 1
        return tuple(counts)

    def format_cards(self, cards: Sequence[int]) -> str:
        """A count vector (or play tuple) -> '7 7 7 2 2 BJ', lowest first."""
        key = tuple(cards)
        text = self._texts.get(key)
        if text is None:
            counts = cards_of(key) if len(key) == 3 + self.jokers else key
            text = " ".join(name for name, count in zip(self.names, counts) for _ in range(count))
            if len(text) <= TEXT_KEPT_LENGTH:  # a hand's or a play's: not a forged vector's huge text
                if len(self._texts) >= TEXTS_KEPT:
                    self._texts.clear()
                self._texts[key] = text
        return text


STANDARD = Kinds()
_KINDS: dict[tuple[str, ...], Kinds] = {(): STANDARD}


def kinds(extras: Iterable[str] = ()) -> Kinds:
    """The notation with these extra card kinds (shared: one object per set of extras)."""
    extras = tuple(extras)
    found = _KINDS.get(extras)
    if found is None:
        found = _KINDS[extras] = Kinds(extras)
    return found


class Result(NamedTuple):
    finish: tuple[int, ...]
    opened: frozenset[int]
    declared: frozenset[int]
    burns: tuple[tuple[int, ...], ...]  # [seat, seat] pairs
    men: tuple[tuple[int, ...], ...]
    previous: tuple[frozenset[int], ...]  # the opened seats of earlier games, oldest first


RESULT_FIELDS = {"finish", "opened", "declared", "burns", "men", "previous"}


def read_result(data: object, players: int = 6, declare: bool = True, burn: bool = True, men: bool = True,
                opposite: dict[int, int] | None = None) -> Result:
    """Validate a finished game's result (docs/conformance.md `result`).

    The flags say whether the variant has 宣点, burning and 憋三 at all: a
    result naming them in a variant without them could come from no game.
    `opposite` (seat -> its opposite), when given, refuses a burn between opposites."""
    if not isinstance(data, dict):
        raise ResultError("result must be an object")
    unknown = set(data) - RESULT_FIELDS
    if unknown:
        raise ResultError(f"unknown result field(s): {', '.join(sorted(unknown))}")
    seats = set(range(1, players + 1))

    def seat_list(name: str, value: object, unique: bool = False) -> list[int]:
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
    pairs: dict[str, tuple[tuple[int, ...], ...]] = {}
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


# One tribute a finished game owes (what a variant's `tributes` returns): `count` cards of
# `kind` ("dian", "luo", ...) from seat `from` to seat `to`.
Tribute = TypedDict("Tribute", {"kind": str, "from": int, "to": int, "count": int})


def sum_tributes(entries: Iterable[tuple[str, int, int, int]]) -> list[Tribute]:
    """Merge entries with the same kind, payer and receiver; drop zero counts."""
    merged: dict[tuple[str, int, int], int] = {}
    for kind, payer, receiver, count in entries:
        if count:
            merged[(kind, payer, receiver)] = merged.get((kind, payer, receiver), 0) + count
    return [{"kind": k, "from": p, "to": r, "count": c} for (k, p, r), c in merged.items() if c]
