"""What the reference interpreter reads its own way: an action offered to a game, a finished
game's result, a cell of the 点贡 table, the tributes it adds up, a history it replays.

The fast engine has readings of its own for each (`runtime.actions.read_action` and
`replay_history`, `runtime.cards.read_result` and `sum_tributes`, `model.semantics.dian_cell`
and `pair_states`);
the two engines share none of them, so a mistake in either shows as a disagreement in the
differential tests (tests/test_agreement.py) instead of hiding in code both run. Written from
the rules and docs/conformance.md as plainly as they can be; speed is no concern. Reading and
writing the card notation and actions (runtime.cards, runtime.actions' Action) stays shared:
it is how both are told what a card or a move is.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

from gouji_dsl.model.expr import Formula
from gouji_dsl.model.variant import Variant
from gouji_dsl.runtime.actions import (BURN, DECLARE_ACTION, DEFER_ACTION, PASS_ACTION, PLAY, REVOLT_ACTION, Action,
                                       IllegalAction, burn_action, canonical_play, describe, play_action)
from gouji_dsl.runtime.cards import CardError, ResultError

if TYPE_CHECKING:
    from gouji_dsl.backends.oracle.game import OracleGame
    from gouji_dsl.backends.oracle.state import Ref
    from gouji_dsl.backends.pattern_reference import OracleKinds
    from gouji_dsl.rules.tribute import DianRow

# --- an action offered to a game ----------------------------------------------------------------

WORDS = {"pass": PASS_ACTION, "defer": DEFER_ACTION, "declare": DECLARE_ACTION, "revolt": REVOLT_ACTION}
LONGEST = 4000  # characters: a real action is a few dozen


def offered_action(value: object, ref: Ref) -> Action:
    """The action `value` offers to a game of the reference `ref`: text as a player writes it
    ("play 7 7 7", "burn 2 2 BJ", "pass"), or an Action (a (kind, play) tuple or list), read
    without the fast engine's reader. IllegalAction, briefly, when it names no action of the
    game's notation or holds more of a card than the whole deck; whether the rules allow it now
    is for the game to say."""
    if isinstance(value, str):
        text = str.__str__(value)  # a plain str: a subclass's own methods are never called
        if len(text) > LONGEST:
            raise IllegalAction(f"an action of {len(text):,} characters is no action")
        words = text.split()
        if len(words) == 1 and words[0] in WORDS:
            return WORDS[words[0]]
        if len(words) < 2 or words[0] not in (PLAY, BURN):
            raise IllegalAction(f"cannot read action {describe(text)}: expected 'play CARDS', 'burn CARDS', "
                                "'pass', 'defer', 'declare' or 'revolt'")
        try:
            cards = ref.kinds.parse_cards(" ".join(words[1:]))
        except CardError as exc:
            raise IllegalAction(str(exc)[:200]) from None
        # A notation with plays of its own is the pattern reference's.
        play = cast("OracleKinds", ref.kinds).play_of(cards) if ref.kinds.own_plays else canonical_play(cards)
        if play is None:
            raise IllegalAction(f"{describe(' '.join(words[1:]))} is not one play")
        action = play_action(play, ref.kinds) if words[0] == PLAY else burn_action(play, ref.kinds)
    else:
        if not isinstance(value, (tuple, list)):
            raise IllegalAction(f"{describe(value)} is not an action: use an Action or a string like 'play 7 7 7'")
        items = list(tuple.__iter__(value)) if isinstance(value, tuple) else list(value)
        if len(items) != 2 or type(items[0]) is not str:
            raise IllegalAction(f"{describe(value)} is not an action: an action is (kind, play)")
        kind, play = items
        if kind in WORDS:
            if play is not None:
                raise IllegalAction(f"{describe(value)}: a {kind} action has no cards")
            return WORDS[kind]
        if kind not in (PLAY, BURN) or type(play) not in (tuple, list):
            raise IllegalAction(f"{describe(value)} is not an action of this game")
        if any(type(number) is not int for number in play):  # True is no count, though it equals 1
            raise IllegalAction(f"{describe(value)}: a play is whole numbers")
        action = play_action(tuple(play), ref.kinds) if kind == PLAY else burn_action(tuple(play), ref.kinds)
    deck, _per_player = ref.deck()
    if any(held > copies for held, copies in zip(ref.play_cards(action.play), deck)):
        raise IllegalAction(f"{describe(value)} holds more of a card than the whole deck has")
    return action


# --- a finished game's result (docs/conformance.md, `result`) -------------------------------


@dataclass(frozen=True)
class Finished:
    """A finished game as the reference reads it."""
    finish: tuple[int, ...]                # seats, first out first
    opened: frozenset[int]                 # seats that opened (开点)
    declared: frozenset[int]               # seats that declared (宣点)
    burns: tuple[tuple[int, int], ...]     # (burner, burned)
    men: tuple[tuple[int, int], ...]       # (the player 闷ed, the player who beat their 3s)
    previous: tuple[frozenset[int], ...]   # the opened seats of the match's earlier games, oldest first


FIELDS = ("finish", "opened", "declared", "burns", "men", "previous")


def read_finished(data: object, v: Variant, opposite: dict[int, int]) -> Finished:
    """The result `data` of a game of variant `v`, or ResultError saying what no game of it could
    have written: every seat in `finish` once; seats of the table only; a set of seats names each
    once; a burn or 憋三 pair joins two different seats, and a burn never a seat and its opposite
    (D14: the opposite answers a 级牌 plainly); nothing of a part of the game the variant has not
    (宣点, burning, 憋三)."""
    if type(data) is not dict:
        raise ResultError("result must be an object")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise ResultError(f"unknown result field(s): {', '.join(sorted(unknown))}")
    players = v.table.players

    def seats(name: str, value: object, once: bool = False) -> list[int]:
        if type(value) is not list:
            raise ResultError(f"result.{name} must be a list of seats")
        for seat in value:
            if type(seat) is not int:
                raise ResultError(f"result.{name} must be a list of seats")
        for seat in value:
            if seat < 1 or seat > players:
                raise ResultError(f"result.{name} names seat {seat}: seats are 1..{players}")
        if once:
            for i, seat in enumerate(value):
                if seat in value[i + 1:]:
                    raise ResultError(f"result.{name} names seat {seat} twice")
        return value

    finish = seats("finish", data.get("finish", []))
    if len(finish) != players or set(finish) != set(range(1, players + 1)):
        raise ResultError(f"result.finish must list each of the {players} seats once")
    pairs: dict[str, tuple[tuple[int, int], ...]] = {}
    for name in ("burns", "men"):
        value = data.get(name, [])
        if type(value) is not list or any(type(p) is not list or len(p) != 2 for p in value):
            raise ResultError(f"result.{name} must be a list of [seat, seat] pairs")
        for a, b in (seats(name, p) for p in value):
            if a == b:
                raise ResultError(f"result.{name} pairs a seat with itself")
            if name == "burns" and opposite.get(a) == b:
                raise ResultError(f"result.burns pairs seat {a} with its opposite {b}: "
                                  "the opposite answers a 级牌 plainly, it never burns it (D14)")
        pairs[name] = tuple((p[0], p[1]) for p in value)
    for name, has, what in (("declared", v.open.declare, "宣点 (declaring)"), ("burns", v.burning.allowed, "burning"),
                            ("men", v.threes.threes_last, "憋三 (threes last)")):
        if not has and data.get(name):
            raise ResultError(f"result.{name} is not empty, but this variant has no {what}")
    earlier = data.get("previous", [])
    if type(earlier) is not list or any(type(g) is not dict or any(k != "opened" for k in g) for g in earlier):
        raise ResultError("result.previous must be a list of {\"opened\": [...]} objects")
    return Finished(tuple(finish), frozenset(seats("opened", data.get("opened", []), once=True)),
                    frozenset(seats("declared", data.get("declared", []), once=True)), pairs["burns"], pairs["men"],
                    tuple(frozenset(seats("previous.opened", g.get("opened", []), once=True)) for g in earlier))


# --- 点贡: the table's cell for a pair of opposites ------------------------------------------

def pair_case(me: int, opp: int, declared: frozenset[int], opened: frozenset[int]) -> tuple[str, str]:
    """The 点贡 table's case for the pair as `me` sees it: who declared, who opened, each one of
    "neither", "both", "me" (only me), "opp" (only my opposite)."""
    def who(seats: frozenset[int]) -> str:
        if me in seats and opp in seats:
            return "both"
        if me in seats:
            return "me"
        if opp in seats:
            return "opp"
        return "neither"
    return who(declared), who(opened)


def dian_amounts(rows: Sequence[DianRow], declared: str, opened: str) -> tuple[Formula, Formula] | None:
    """(what I give, what my opposite gives) in the case (declared, opened) as I see it. The
    table states each case once, from one side: a case it states from my opposite's side (every
    "me" there is an "opp" here) gives the same amounts with the givers swapped. None if the
    case is stated from neither side."""
    for row in rows:
        if row.declared == declared and row.opened == opened:
            return row.me_gives, row.opp_gives
    seen_from_opposite = {"me": "opp", "opp": "me"}
    declared_there = seen_from_opposite.get(declared, declared)
    opened_there = seen_from_opposite.get(opened, opened)
    for row in rows:
        if row.declared == declared_there and row.opened == opened_there:
            return row.opp_gives, row.me_gives
    return None


# --- the tributes of a game, added up ---------------------------------------------------------

# A tribute owed, as the engines report it: its kind, payer, receiver and how many cards.
Owed = TypedDict("Owed", {"kind": str, "from": int, "to": int, "count": int})


def tribute_list(entries: Iterable[tuple[str, int, int, int]]) -> list[Owed]:
    """The tributes as the engines report them: one line per kind, payer and receiver, in the
    order each first owes something, the counts of its entries added; nothing owed, no line."""
    lines: list[Owed] = []
    for kind, payer, receiver, count in entries:
        if count == 0:
            continue
        line = next((t for t in lines if (t["kind"], t["from"], t["to"]) == (kind, payer, receiver)), None)
        if line is None:
            lines.append({"kind": kind, "from": payer, "to": receiver, "count": count})
        else:
            line["count"] += count
    return [t for t in lines if t["count"] != 0]


# --- a history ---------------------------------------------------------------------------------

def replayed(new_game: Callable[[], OracleGame], history: object) -> OracleGame:
    """A game from `new_game()` with each action of `history` applied in turn; IllegalAction
    naming the first one refused (counting from 1) and why, or a history that is no list."""
    if type(history) is not list and type(history) is not tuple:
        raise IllegalAction(f"a history is a list of actions, not {describe(history)}")
    game = new_game()
    for number, action in enumerate(history, 1):
        try:
            game.apply_action(action)
        except IllegalAction as exc:
            said = action if type(action) is str and len(action) <= 80 else describe(action)
            raise IllegalAction(f"action {number} ({said}): {exc}") from None
    return game
