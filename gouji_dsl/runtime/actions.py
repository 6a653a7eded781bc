"""Actions: what a player does, as values and as strings, and how one offered from
outside (a platform, a bot, a replay file) is validated before the game reads it.

An action is `Action(kind, play)`: kind one of pass, defer, declare, revolt, burn,
play; play a canonical play tuple (see `runtime.cards`) for play and burn, else None.
The engine hands out shared Action objects, which `apply_action` trusts by identity;
anything else is checked here first.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, cast

from gouji_dsl.runtime import cards as rt

if TYPE_CHECKING:
    from gouji_dsl.runtime.protocols import NotationAction, OwnPlays, ReplayedGame

PLAY, PASS, DEFER, BURN, DECLARE, REVOLT = "play", "pass", "defer", "burn", "declare", "revolt"
KIND_ORDER = {PASS: 0, DEFER: 1, DECLARE: 2, REVOLT: 3, BURN: 4, PLAY: 5}


class Action(NamedTuple):
    kind: str
    play: tuple[int, ...] | None = None

    def __str__(self) -> str:
        return action_to_string(self)

    def __reduce__(self) -> tuple[Callable[..., Action], tuple[object, ...]]:
        # Pickled (and deep-copied) by its notation, kind and play: the copy is the engine's
        # shared Action where there is one, which the flow trusts without checking it again.
        return (shared_action, (getattr(type(self), "KINDS", None), self.kind, self.play))


PASS_ACTION = Action(PASS)
DEFER_ACTION = Action(DEFER)
DECLARE_ACTION = Action(DECLARE)
REVOLT_ACTION = Action(REVOLT)
_SIMPLE_ACTIONS = {PASS: PASS_ACTION, DEFER: DEFER_ACTION, DECLARE: DECLARE_ACTION, REVOLT: REVOLT_ACTION}
PLAY_ACTIONS: dict[tuple[int, ...], Action] = {}
_BURN_ACTIONS: dict[tuple[int, ...], Action] = {}
# The ids of the shared Action objects above. Each was checked when it was made
# and they live as long as the module, so `apply_action` can trust an action it
# finds here by identity (every action from `legal_actions()` is one) and
# validate everything else: the hot path costs one set lookup.
KNOWN: set[int] = {id(a) for a in _SIMPLE_ACTIONS.values()}
_SHARED_MOST = 64      # plays with more of one card are never shared (no real deck has that many)
MAX_ACTION_TEXT = 4000  # characters of an action string; a real one is a few dozen
_DISPLAY_DECKS = 256    # str() of an unshared action shows at most this many decks' worth of a card


# A variant with extra card kinds ([cards] extra, the eagle Y) has tables of its own, of Actions
# of a subclass that shows their cards in its notation (`str(action)` is "play 8 Y Y").
# A notation's (shared play actions, shared burn actions, Action class).
Tables = tuple[dict[tuple[int, ...], Action], dict[tuple[int, ...], Action], type[Action]]
_KINDS_TABLES: dict[tuple[object, ...], Tables] = {}
_ACTION_CLASSES: set[type[Action]] = set()  # those subclasses (exact types: a user's own subclass is not one)


def kinds_tables(kinds: rt.Kinds) -> Tables:
    """(shared play actions, shared burn actions, Action class) of a card notation."""
    if kinds is rt.STANDARD:
        return PLAY_ACTIONS, _BURN_ACTIONS, Action
    found = _KINDS_TABLES.get(kinds.key)
    if found is None:
        cls = type("Action", (Action,), {"__slots__": (), "KINDS": kinds, "__module__": __name__})
        _ACTION_CLASSES.add(cls)
        found = _KINDS_TABLES[kinds.key] = ({}, {}, cls)
    return found


def shared_action(kinds: rt.Kinds | None, kind: str, play: tuple[int, ...] | None) -> Action:
    """The Action of `kind` and `play` in the notation `kinds` (None: the standard one), for
    unpickling: the shared one where the engine has made it, else a new one (checked when applied)."""
    kinds = kinds or rt.STANDARD
    if play is None:
        return _SIMPLE_ACTIONS.get(kind) or Action(kind)
    plays, burns, cls = kinds_tables(kinds)
    try:
        found = (plays if kind == PLAY else burns).get(play)
    except TypeError:  # an unhashable (forged) play: kept as it was, refused if applied
        found = None
    return found if found is not None else cls(kind, play)


def play_action(play: tuple[int, ...], kinds: rt.Kinds = rt.STANDARD) -> Action:
    if kinds is rt.STANDARD:
        return _action(PLAY_ACTIONS, PLAY, play)
    plays, _burns, cls = kinds_tables(kinds)
    return _action(plays, PLAY, play, cls)


_MOST_TRUSTED = 200_000  # shared actions of one notation made by `trusted_play_action`; beyond, unshared


def trusted_play_action(play: tuple[int, ...], kinds: rt.Kinds) -> Action:
    """The Action of a play the engine enumerated itself (so valid by construction), without
    checking it again: a Shuangkou hand with four wild jokers leads thousands of plays, and
    re-classifying each would cost more than finding them. Shared while the table is small;
    an unshared one is checked like any other if it is applied."""
    plays, _burns, cls = kinds_tables(kinds)
    action = plays.get(play)
    if action is None:
        action = cls(PLAY, play)
        if len(plays) < _MOST_TRUSTED:
            plays[play] = action
            KNOWN.add(id(action))
    return action


def burn_action(play: tuple[int, ...], kinds: rt.Kinds = rt.STANDARD) -> Action:
    if kinds is rt.STANDARD:
        return _action(_BURN_ACTIONS, BURN, play)
    _plays, burns, cls = kinds_tables(kinds)
    return _action(burns, BURN, play, cls)


def _action(table: dict[tuple[int, ...], Action], kind: str, play: tuple[int, ...],
            cls: type[Action] = Action) -> Action:
    """The shared Action of `kind` for `play`, made (and checked) the first time it is asked for."""
    try:
        action = table.get(play)
    except TypeError:  # unhashable, so malformed: _shared says why
        action = None
    if action is None:
        action = _shared(table, kind, play, cls)
    return action


def _problem(play: object, most: int | None, most_jokers: int | None, kinds: rt.Kinds) -> str | None:
    """Why `play` is not a play of the notation `kinds` (at most `most` of a card, `most_jokers`
    of a joker); None if it is. A notation with plays of its own (Shuangkou's) says itself."""
    if kinds.own_plays:
        return cast("OwnPlays", kinds).play_problem(play, most, most_jokers)  # own_plays: it has them
    return play_problem(play, most, most_jokers, kinds.jokers)


def _shared(table: dict[tuple[int, ...], Action], kind: str, play: tuple[int, ...],
            cls: type[Action] = Action) -> Action:
    """A new Action for `play`, shared (and known) when it is a canonical play of a real size."""
    # Another class than Action is a notation's (kinds_tables), which has its KINDS.
    kinds = cast("NotationAction", cls).KINDS if cls is not Action else rt.STANDARD
    problem = _problem(play, _SHARED_MOST, _SHARED_MOST, kinds)
    if problem is None:
        action = table[play] = cls(kind, play)
        KNOWN.add(id(action))
        return action
    if _problem(play, None, None, kinds) is None:
        return cls(kind, play)  # well formed but huge: checked against the deck when applied
    raise IllegalAction(f"{describe(play)}: {problem}")


def action_key(action: Action) -> tuple[int, tuple[int, ...]]:
    return (KIND_ORDER[action.kind], action.play or ())


def action_to_string(action: Action) -> str:
    if id(action) not in KNOWN and normal_action(action, _DISPLAY_DECKS) is None:
        return describe(action)  # a forged action: never format its (maybe astronomic) counts
    if action.play is None:
        return action.kind
    return f"{action.kind} {getattr(type(action), 'KINDS', rt.STANDARD).format_cards(action.play)}"


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


# --- actions from outside: validated before anything reads them ----------------------------------


def describe(value: Any, depth: int = 0) -> str:  # Any: any value at all, examined by its exact type
    """A short, safe description of any value for an error message. It never calls
    the value's own __repr__ or __str__ (which could raise, loop or be huge) and
    never formats a huge int (Python refuses ints of more than 4,300 digits)."""
    kind = type(value)
    if value is None or kind in (bool, float):
        return repr(value)
    if kind is int:
        return repr(value) if -10**12 < value < 10**12 else "a huge int"
    if kind is str:
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    if kind in (tuple, list, Action) or kind in _ACTION_CLASSES:
        items = tuple.__iter__(value) if kind is not list else list.__iter__(value)
        shown = [describe(v, depth + 1) if depth < 2 else "..." for v, _ in zip(items, range(6))]
        more = ", ..." if len(value) > 6 else ""
        left, right = ("[", "]") if kind is list else ("(", ",)" if len(value) == 1 else ")")
        return left + ", ".join(shown) + more + right
    return f"a {kind.__name__[:40]} object"


def check_seat(seat: object, players: int, error: type[Exception] = ValueError) -> int:
    """`seat` if it is one of the seats 1..players; else raises `error` saying so."""
    if type(seat) is not int or not 1 <= seat <= players:
        raise error(f"{describe(seat)} is not a seat: the seats are 1 to {players}")
    return seat


# Any: any value offered as a play, examined by its exact type (which mypy does not follow).
def play_problem(play: Any, most: int | None, most_jokers: int | None, jokers: int | None = 2) -> str | None:
    """Why `play` is not a canonical play tuple (rank, natural, fillers, small, big, *extras)
    with `jokers` joker counts (any number from 2 to 2 + MAX_EXTRA when None), at most `most`
    of a rank or of 2s and `most_jokers` of each joker; None if it is."""
    if type(play) is not tuple or (len(play) != 3 + jokers if jokers is not None else not 5 <= len(play) <= 9):
        if jokers is None or jokers == 2:
            return "a play is a tuple (rank, natural, fillers, small, big)"
        return f"a play is a tuple (rank, natural, fillers, small, big) with {jokers - 2} more joker count(s)"
    if any(type(n) is not int for n in play):
        return "a play's rank and counts are ints"
    rank, natural, fillers = play[0], play[1], play[2]
    if not -1 <= rank <= 12:
        return "its rank is not -1 (jokers only), 0 (3) ... 11 (A) or 12 (2s only)"
    if min(play[1:]) < 0:
        return "it has a negative card count"
    if most is not None and (natural > most or fillers > most or max(play[3:]) > most_jokers):
        return "it holds more of a card than the decks have"
    if (0 <= rank <= 11) != (natural > 0) or (rank == 12 and not fillers) or (rank == -1 and (fillers or not any(play[3:]))):
        return "it is not the canonical tuple of any cards (see runtime.cards_of)"
    return None


# Any: any value offered as an action, examined by its exact type (which mypy does not follow).
def normal_action(action: Any, decks: int | None, kinds: rt.Kinds = rt.STANDARD) -> Action | None:
    """`action` (an Action, or a plain (kind, play) tuple or list) as a well-formed Action
    (the shared one when there is one), or None when it is malformed. With `decks`,
    no play may hold more of a card than that many decks have."""
    kind_of = type(action)
    if kind_of not in (Action, tuple, list) and kind_of not in _ACTION_CLASSES:
        return None
    items = tuple(list.__iter__(action)) if kind_of is list else tuple(tuple.__iter__(action))
    if len(items) != 2 or type(items[0]) is not str:
        return None
    kind, play = items
    if kind in _SIMPLE_ACTIONS:
        return _SIMPLE_ACTIONS[kind] if play is None else None
    if kind not in (PLAY, BURN):
        return None
    if type(play) is list:
        play = tuple(list.__iter__(play))
    most = None if decks is None else 4 * decks
    if _problem(play, most, decks, kinds) is not None:
        return None
    plays, burns, cls = kinds_tables(kinds)
    table = plays if kind == PLAY else burns
    return table.get(play) or cls(PLAY if kind == PLAY else BURN, play)


def read_action(action: object, decks: int, kinds: rt.Kinds = rt.STANDARD) -> Action:
    """Any value offered to `apply_action` as a well-formed Action, or IllegalAction saying
    briefly why not. Checks only the form; whether the rules allow it is the game's business.
    `kinds`: the variant's card notation (extra card kinds lengthen its play tuples)."""
    if isinstance(action, str):
        action = string_to_action(action, kinds)
        if action.play is not None and _problem(action.play, 4 * decks, decks, kinds) is not None:
            raise IllegalAction(f"'{action.kind} ...' holds more of a card than {decks} deck(s) have")
        return action
    normal = normal_action(action, decks, kinds)
    if normal is None:
        _refuse(action, decks, kinds)
    return normal


def _refuse(action: Any, decks: int, kinds: rt.Kinds = rt.STANDARD) -> NoReturn:  # Any: as normal_action's
    """Raise IllegalAction naming what is wrong with a malformed action."""
    shown = describe(action)
    if type(action) not in (Action, tuple, list) and type(action) not in _ACTION_CLASSES:
        raise IllegalAction(f"{shown} is not an action: use a game.Action or a string like 'play 7 7 7' or 'pass'")
    items = tuple(action) if type(action) is list else tuple(tuple.__iter__(action))
    if len(items) != 2:
        raise IllegalAction(f"{shown} is not an action: an action is (kind, play), e.g. Action('play', (4, 3, 0, 0, 0))")
    kind, play = items
    if type(kind) is not str or kind not in KIND_ORDER:
        raise IllegalAction(f"{shown}: unknown kind {describe(kind)}: expected one of {', '.join(KIND_ORDER)}")
    if kind in _SIMPLE_ACTIONS:
        raise IllegalAction(f"{shown}: a {kind} action has no cards (play must be None)")
    if type(play) is list:
        play = tuple(play)
    raise IllegalAction(f"{shown}: {_problem(play, 4 * decks, decks, kinds)}")


def string_to_action(text: str, kinds: rt.Kinds = rt.STANDARD) -> Action:
    """'play 7 7 7', 'burn 2 2 BJ', 'pass', ... -> an Action, or IllegalAction saying why not.
    `kinds`: the variant's card notation (its extra card kinds, such as the eagle Y)."""
    if not isinstance(text, str):
        raise IllegalAction(f"{describe(text)} is not an action string")
    text = str.__getitem__(text, slice(None))  # a plain str: a subclass's own methods are never called
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"an action of {len(text):,} characters is no action (at most {MAX_ACTION_TEXT:,})")
    words = text.split()
    if not words:
        raise IllegalAction("empty action")
    kind = words[0]
    if kind in _SIMPLE_ACTIONS and len(words) == 1:
        return _SIMPLE_ACTIONS[kind]
    if kind in (PLAY, BURN) and len(words) > 1:
        try:
            counts = kinds.parse_cards(" ".join(words[1:]))
        except rt.CardError as exc:
            raise IllegalAction(_clip(str(exc))) from None
        play = cast("OwnPlays", kinds).play_of(counts) if kinds.own_plays else canonical_play(counts)
        if play is None:
            raise IllegalAction(f"{describe(' '.join(words[1:]))} is not one play")
        return play_action(play, kinds) if kind == PLAY else burn_action(play, kinds)
    raise IllegalAction(f"cannot read action {describe(text)}: expected 'play CARDS', 'burn CARDS', 'pass', "
                        "'defer', 'declare' or 'revolt'")


def _clip(message: str, most: int = 200) -> str:
    return message if len(message) <= most else message[:most] + "..."


def canonical_play(counts: Sequence[int]) -> tuple[int, ...] | None:
    """The canonical play tuple of cards of one-rank shape (one rank 3..A or none, besides 2s
    and jokers); None for no cards or several ranks. Validity is the variant's business."""
    ranks = [i for i in range(12) if counts[i]]
    if len(ranks) > 1 or not any(counts):
        return None
    if len(counts) > 15:  # extra card kinds: a count per joker kind
        jokers = tuple(counts[13:])
        if ranks:
            return (ranks[0], counts[ranks[0]], counts[12]) + jokers
        return ((12, 0, counts[12]) if counts[12] else (-1, 0, 0)) + jokers
    if ranks:
        return (ranks[0], counts[ranks[0]], counts[12], counts[13], counts[14])
    if counts[12]:
        return (12, 0, counts[12], counts[13], counts[14])
    return (-1, 0, 0, counts[13], counts[14])


def replay_history(new_game: Callable[[], ReplayedGame], history: Sequence[Action | str]) -> ReplayedGame:
    """`new_game()` with each action of `history` applied (and verified); IllegalAction names
    the first action refused, counting from 1. Both engines' `replay` (a history is untrusted input)."""
    if type(history) not in (list, tuple):
        raise IllegalAction(f"a history is a list of actions, not {describe(history)}")
    game = new_game()
    for i, action in enumerate(history):
        try:
            game.apply_action(action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i + 1} ({shown(action)}): {exc}") from None
    return game


def shown(action: object) -> str:
    """An action as its player wrote it, if that is short and safe to print; else described."""
    if type(action) is str and len(action) <= 80:
        return action
    return str(action) if id(action) in KNOWN else describe(action)


def check_position_seats(players: int, leader: int, out: Mapping[int, int] | None, opened: Iterable[int],
                         headless: Iterable[int] | None) -> None:
    """ValueError unless every seat (and place) `new_position` is given is one of 1..players:
    the arguments of both engines' `new_position` are untrusted input."""
    n = players
    if out is not None and not isinstance(out, dict):
        raise ValueError(f"out maps seats to their places, e.g. {{3: 1}}, not {describe(out)}")
    for seat, place in (out or {}).items():
        check_seat(seat, n)
        if type(place) is not int or not 1 <= place <= n:
            raise ValueError(f"seat {seat}'s place {describe(place)} is not a place: the places are 1 to {n}")
    if check_seat(leader, n) in (out or {}):
        raise ValueError(f"the leader, seat {leader}, is out and cannot lead")
    for seats in (opened, headless or ()):
        if isinstance(seats, (str, bytes, dict)) or not hasattr(seats, "__iter__"):
            raise ValueError(f"opened and headless are collections of seats, not {describe(seats)}")
        for seat in seats:
            check_seat(seat, n)


def position_hands(players: int, decks: int, hands: Mapping[int, str | Sequence[int]], kinds: rt.Kinds = rt.STANDARD,
                   deck_counts: Sequence[int] | None = None) -> dict[int, tuple[int, ...]]:
    """new_position's hands as count tuples (as long as `kinds`); ValueError naming a bad seat or
    card list (untrusted input to both engines' `new_position`). `deck_counts`, when given, caps
    each kind (extra card kinds have their own copies)."""
    if not isinstance(hands, dict):
        raise ValueError(f"hands map seats to cards, e.g. {{1: '7 7 7 BJ'}}, not {describe(hands)}")
    vectors: dict[int, tuple[int, ...]] = {}
    for seat, cards in hands.items():
        check_seat(seat, players)
        if isinstance(cards, str):  # CardError (a ValueError) names the bad token
            cards = cast("OwnPlays", kinds).parse_hand(cards) if kinds.own_plays else kinds.parse_cards(cards)
        elif type(cards) in (tuple, list) and len(cards) == kinds.size and all(type(n) is int and n >= 0 for n in cards):
            cards = tuple(cards)
        else:
            raise ValueError(f"seat {seat}'s cards {describe(cards)} are neither a card string nor {kinds.size} counts")
        if any(n > 4 * decks for n in cards[:13]) or any(n > decks for n in cards[13:15]):
            raise ValueError(f"seat {seat} holds more of a card than {decks} deck(s) have")
        if deck_counts is not None and any(n > most for n, most in zip(cards[15:], deck_counts[15:])):
            raise ValueError(f"seat {seat} holds more of a card than the deck has")
        vectors[seat] = cards
    return vectors


def check_seats_hold_cards(players: int, vectors: Mapping[int, Sequence[int]], out: Mapping[int, int] | None) -> None:
    """ValueError unless every seat not `out` holds cards in new_position's `vectors`
    (from position_hands; `out` already checked by check_position_seats)."""
    for seat in range(1, players + 1):
        if seat not in (out or {}) and not any(vectors.get(seat, ())):
            raise ValueError(f"seat {seat} holds no cards: give it cards, or list it in `out` with its place")
