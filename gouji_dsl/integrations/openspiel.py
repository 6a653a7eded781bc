"""Every variant as an OpenSpiel game: `pyspiel.load_game("gouji_lianzhong")`.

Importing this module registers each standard variant that has an engine as the pyspiel game
`gouji_<name>` (a `-` in the name written `_`: `gouji_zaozhuang_haixuan`); `register(path)` adds
a user's house-rule file (`gouji_club` for club.gouji). Needs OpenSpiel (`pip install
'gouji-dsl[openspiel]'`).

    import pyspiel
    import gouji_dsl.integrations.openspiel  # registers the games
    game = pyspiel.load_game("gouji_lianzhong")
    state = game.new_initial_state()           # the deal: a chance node per seat and card kind
    ...

Chance is explicit (EXPLICIT_STOCHASTIC). The deal is dealt seat by seat and, for each seat, card
kind by card kind (in `rules.card_kinds` order): one chance node per (seat, kind) whose outcome is
how many cards of that kind the seat gets (the outcome id is the count, 0 .. the kind's copies),
with the multivariate-hypergeometric conditional probability C(left, c) * C(rest, slots - c) /
C(left + rest, slots), where left is the kind's cards still in the deck, rest the cards of later
kinds still in it and slots the seat's cards still to come. So each hand is a uniform draw from
the cards left, the product of a deal's outcome probabilities is exactly that of a shuffled deck's
(tests/test_openspiel.py checks it in exact fractions, and every deal of small decks by
enumeration), and each probability is its exact fraction correctly rounded to a float. A seat's
last kind takes the rest of its hand and, when the deck is dealt whole (every variant's rules
require it), the last seat takes the cards left: neither is a node (with cards left undealt the
last seat would have its nodes too). Lianzhong's deal is 5 x 14 =
70 nodes (one per card would be 216; Zaozhuang 70 against 324, Shuangkou 42 against 108).
Why not a node per card, as OpenSpiel's dou_dizhu deals: each chance node costs a few pyspiel
calls into Python, and four to six decks' worth of them cost as much as the game played after
them; counts per kind are also what the engine and the tensors work with. The nodes are the same
in every deal, even where a deal leaves a node one outcome (a kind the earlier seats took whole, a
seat full before its last kinds): their number is then a function of the move number, and tells
no seat anything of another's cards. When the deal is complete the engine game starts from it
(`new_game(deal=hands, seed=...)`), its seed a hash of the deal. The engine's later random
events -- a redeal ([table] redeal_if, or after 革命), the draw of the first leader where the
rules draw one -- are therefore pseudo-random functions of the deal, not chance nodes: the
state is a function of its history as OpenSpiel requires (clones, serialisation and replays
agree), but an algorithm that enumerates chance outcomes sees those events as fixed per deal.
Why explicit and not sampled: the deal is where nearly all of Gouji's chance is, algorithms
that read chance (ISMCTS's world samples, chance-sampling CFR, exact probabilities of a
history) get it, and random_sim_test with serialisation passes.

Player actions are the engine's action ids (runtime/action_ids.py): `num_distinct_actions()`
is 1,024, an id is a position in the player's sorted legal actions, and on a state with more
than 1,024 of them id 1023 (`MORE`, shown as "more") turns the page, a step by the same player.
An id names a play only in its state: `action_to_string(player, id)` tells which.

Observations are the engine's (runtime/observe.py): `observation_tensor` /
`information_state_tensor` and their strings, per seat (player p is seat p + 1), every entry in
[0, 1]; during the deal a seat sees the cards it has been dealt so far and the node reached (the
same in every deal). An information-state
observer with `params={"history": "compact"}` (`game.make_py_observer(
pyspiel.IIGObservationType(perfect_recall=True), {"history": "compact"})`) gives the engine's
`compact_information_state_tensor` instead: about 1,300 numbers, not 75,000, for the last 15
actions and sums of the older ones. `resample_from_infostate` (ISMCTS) deals the hidden cards
anew through the engine's `resample_from_infostate`, and during the deal draws a deal at the same
node from what the seat knows (its cards so far): the deck left is hidden too, so it is drawn
anew with the other seats' cards; a resampled state is for search: its `history()` still holds
the real deal.

Games and states pickle (and deep-copy) as pyspiel's own do: a game by its name, a state as its
game and its `serialize()` (history and attributes), so a pickled state comes back at the same
point, resampled or not, and plays on alike. A house rule's game unpickles only where
`register(path)` has registered the same rules (VariantError, saying so, otherwise).
`undo_action(player, action)` takes back the last move: an outcome of the deal, a page step or a
player's action (through the engine's `undo_action()`); see GoujiState.undo_action for what
pyspiel's C++ side keeps of it. A chance outcome of the deal is an outcome id: its text
(`action_to_string`) names the seat, the count and the card kind of the node it is applied at.

Bounds come from the rules (runtime/bounds.py): utilities from `utility_bounds` and
`utility_sum` (zero-sum, constant-sum or general-sum), `max_game_length` from `max_game_steps`
(decisions, page steps included), `max_chance_outcomes` = the most copies of a kind + 1 and
`max_chance_nodes_in_history` = the deal's nodes, as OpenSpiel counts them (MaxGameLength counts
decision nodes only).
"""
from __future__ import annotations

import base64
import hashlib
import math
import os
import pickle
import random
from pathlib import Path
from typing import NamedTuple

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(f"gouji_dsl.integrations.openspiel needs OpenSpiel ({exc.name} is missing): "
                      "pip install 'gouji-dsl[openspiel]'") from None

from gouji_dsl.backends.codegen import load_engine
from gouji_dsl.integrations import VariantError, load_variant, whole_number
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.runtime import bounds, tensor_layout
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.action_ids import ACTION_IDS
from gouji_dsl.runtime.actions import IllegalAction, describe

__all__ = ["PREFIX", "HISTORIES", "game_name", "register", "registered", "GoujiGame", "GoujiState", "GoujiObserver",
           "PlayerAction"]

PREFIX = "gouji_"
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

# game name -> (engine module, the rule file registered, or None for a standard variant)
_REGISTERED: dict[str, tuple] = {}
# The information-state observers' "history" parameter: the long perfect-recall tensor, or the
# compact one (runtime/observe.py).
HISTORIES = ("full", "compact")
# list(range(k)) for every k a decision can show: the legal ids, made once (pybind copies a
# returned list into its own vector, so one list serves every state).
_IDS = [list(range(k)) for k in range(ACTION_IDS + 1)]


def game_name(variant: str) -> str:
    """The pyspiel name of a variant: "zaozhuang-haixuan" -> "gouji_zaozhuang_haixuan"."""
    return PREFIX + variant.replace("-", "_")


def registered() -> list[str]:
    """The names of the games this module has registered, sorted."""
    return sorted(_REGISTERED)


# --- the deal and the engine game, as the state's two attributes ----------------------------
#
# pyspiel clones a Python state by deep-copying each attribute and serialises it by pickling
# them, so each attribute copies itself cheaply.

class _DealPlan:
    """How a variant's deal is split into chance nodes (one plan per registered game).

    For each seat in turn and each card kind in order, one chance node whose outcome is how many
    cards of that kind the seat gets, with the multivariate hypergeometric conditional
    probability C(left, c) * C(rest, slots - c) / C(left + rest, slots) (left: the kind's cards
    still in the deck; rest: the cards of later kinds still in the deck, undealt ones included;
    slots: the seat's cards still to come). A seat's hand is then a uniform draw from the cards
    left, and the product of a deal's probabilities is that of a shuffled deck's.

    The nodes are the same for every deal, so their number is a function of the move number
    and tells a seat nothing of another's cards. Only the nodes forced in every deal are left
    out: a kind the deck does not hold, a seat's last kind (the rest of its hand), and, when the
    deal uses the whole deck, the last seat (the cards left). A node that a particular deal forces
    (a kind the earlier seats have taken whole, a seat full before its last kinds) stays, with
    its one outcome: leaving it out would tell every seat so."""

    def __init__(self, players: int, per_player: int, deck: tuple, names: tuple):
        self.players, self.per_player, self.deck, self.names = players, per_player, tuple(deck), tuple(names)
        held = [kind for kind, copies in enumerate(self.deck) if copies]
        self.last = held[-1] if held else 0  # a seat's last kind: it takes the rest of the hand
        self.whole = sum(self.deck) == players * per_player  # then the last seat takes the cards left
        node_seats = players - 1 if self.whole else players
        self.nodes = tuple((seat, kind) for seat in range(node_seats) for kind in held[:-1]) if per_player else ()
        self.node_seats = node_seats

    def start(self) -> "_Dealing":
        """The deal before its first chance node (complete at once if it has none)."""
        deal = _Dealing([[0] * len(self.deck) for _ in range(self.players)], list(self.deck), 0, None)
        self._next_seat(deal, 0)
        return deal

    def outcomes(self, deal: "_Dealing") -> tuple:
        """The current node's ((count, probability), ...) (see _outcomes)."""
        return _OUTCOMES.get(deal.key) or _outcomes(deal.key)

    def deal(self, deal: "_Dealing", count: int) -> None:
        """Apply outcome `count` at the current node and move to the next (the deal is complete
        when `deal.key` is None). ValueError, changing nothing, for a count that is no outcome."""
        left_k, rest, slots = deal.key
        if count.__class__ is not int or not (slots - rest if slots > rest else 0) <= count <= (left_k if left_k < slots else slots):
            seat, kind = self.nodes[deal.node]
            raise ValueError(f"chance outcome {count!r} is not a number of {self.names[kind]} seat {seat + 1} can be "
                             f"dealt here: the outcomes are {[c for c, _p in self.outcomes(deal)]}")
        node = deal.node
        seat, kind = self.nodes[node]
        deal.hands[seat][kind] += count
        deal.left[kind] -= count
        node += 1
        deal.node = node
        nodes = self.nodes
        if node < len(nodes) and nodes[node][0] == seat:
            left = deal.left[nodes[node][1]]
            deal.key = (left, rest - left, slots - count)
            return
        # The seat's nodes are done: its last kind takes the rest of its hand.
        deal.hands[seat][self.last] += slots - count
        deal.left[self.last] -= slots - count
        self._next_seat(deal, seat + 1)

    def _next_seat(self, deal: "_Dealing", seat: int) -> None:
        """Deal the seats from `seat` on that have no node before the next one (none but in a
        degenerate deck), then set the key of the next node, or complete the deal."""
        nodes, hands, left, last = self.nodes, deal.hands, deal.left, self.last
        upto = nodes[deal.node][0] if deal.node < len(nodes) else self.node_seats
        for forced in range(seat, upto):
            hands[forced][last] += self.per_player
            left[last] -= self.per_player
        if deal.node < len(nodes):
            kind = nodes[deal.node][1]
            deal.key = (left[kind], sum(left) - left[kind], self.per_player)
            return
        if self.whole:
            hands[-1][:] = left
            left[:] = [0] * len(left)
        deal.key = None

    def resampled(self, deal: "_Dealing", player: int, rng: random.Random) -> "_Dealing":
        """The deal at the same node with the cards `player` has not seen dealt anew, drawn from
        what it knows: its own cards so far. Its whole hand is completed at random (from the kinds
        it may still be dealt), the other seats are dealt the rest uniformly, and each hand is cut
        back to what the node has dealt it; the deck left follows."""
        node_seat, node_kind = self.nodes[deal.node]
        mine = list(deal.hands[player])
        if player >= node_seat:  # its hand is not complete: the kinds from `first` on are still to come
            first = node_kind if player == node_seat else 0
            pool = [kind for kind in range(first, len(self.deck)) for _ in range(self.deck[kind])]
            for kind in rng.sample(pool, self.per_player - sum(mine)):
                mine[kind] += 1
        pool = [kind for kind, copies in enumerate(self.deck) for _ in range(copies - mine[kind])]
        rng.shuffle(pool)
        hands = [[0] * len(self.deck) for _ in range(self.players)]
        at = 0
        for seat in range(self.players):
            if seat == player:
                hands[seat] = mine
                continue
            for kind in pool[at:at + self.per_player]:
                hands[seat][kind] += 1
            at += self.per_player
        for seat in range(node_seat, self.players):  # cut back to what the node has dealt
            hands[seat][node_kind if seat == node_seat else 0:] = [0] * (len(self.deck) - (node_kind if seat == node_seat else 0))
        left = [copies - sum(hand[kind] for hand in hands) for kind, copies in enumerate(self.deck)]
        slots = self.per_player - sum(hands[node_seat])
        return _Dealing(hands, left, deal.node, (left[node_kind], sum(left[node_kind + 1:]), slots))

    def position(self, deal: "_Dealing") -> str:
        """The current node in words: public (the same in every deal)."""
        seat, kind = self.nodes[deal.node]
        return f"chance node {deal.node + 1} of {len(self.nodes)}, seat {seat + 1}'s count of {self.names[kind]}"


# The outcomes of a node by its key (left, rest, slots). A variant's deals have tens of thousands of
# keys (Zaozhuang some 70,000 in 20,000 deals, Lianzhong 32,000, Shuangkou 7,000); an entry is 0.5-1.5
# kB, so the cache starts afresh at _MOST_OUTCOMES entries (under 50 MB) and most nodes still find theirs.
_OUTCOMES: dict[tuple, tuple] = {}
_MOST_OUTCOMES = 32_768


def _outcome_fractions(key: tuple) -> list:
    """The exact outcomes of a node, (count, numerator, denominator) for every count c the node
    allows: C(left, c) * C(rest, slots - c) / C(left + rest, slots), the numerators made one from
    the last (N(c + 1) = N(c) * (left - c) * (slots - c) / ((c + 1) * (rest - slots + c + 1)),
    exact in integers), a few times faster than two binomials each."""
    left, rest, slots = key
    low = slots - rest if slots > rest else 0
    high = left if left < slots else slots
    whole = math.comb(left + rest, slots)
    numerator = math.comb(left, low) * math.comb(rest, slots - low)
    found = [(low, numerator, whole)]
    for c in range(low, high):
        numerator = numerator * (left - c) * (slots - c) // ((c + 1) * (rest - slots + c + 1))
        found.append((c + 1, numerator, whole))
    return found


def _outcomes(key: tuple) -> tuple:
    """A node's ((count, probability), ...), each probability its exact fraction correctly
    rounded to a float (Python's int / int), cached by key: most nodes of a deal have a key seen
    before (the misses cost a few microseconds; the bound keeps the cache to tens of megabytes)."""
    found = tuple((c, numerator / denominator) for c, numerator, denominator in _outcome_fractions(key))
    if len(_OUTCOMES) >= _MOST_OUTCOMES:
        _OUTCOMES.clear()
    _OUTCOMES[key] = found
    return found


class _Dealing:
    """The deal so far: each seat's cards (count vectors), the deck left, the index of the next
    chance node in its plan and that node's key (left, rest, slots; None once complete)."""

    __slots__ = ("hands", "left", "node", "key")

    def __init__(self, hands: list, left: list, node: int, key: tuple | None):
        self.hands = hands
        self.left = left
        self.node = node
        self.key = key

    def __deepcopy__(self, memo):
        return _Dealing([list(h) for h in self.hands], list(self.left), self.node, self.key)

    def __reduce__(self):
        return (_Dealing, (self.hands, self.left, self.node, self.key))


class _Playing:
    """The engine game once the deal is complete (`clone()` is the engine's cheap copy)."""

    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    def __deepcopy__(self, memo):
        return _Playing(self.game.clone())

    def __reduce__(self):
        return (_Playing, (self.game,))


class _Record:
    """A state's history as it is after an undo: (player, action) of every move still applied.

    pyspiel keeps a state's history in C++ and gives a Python state no way to take an entry
    back, so once a move is undone this record is the history (see GoujiState.undo_action)."""

    __slots__ = ("moves",)

    def __init__(self, moves: list):
        self.moves = moves

    def __deepcopy__(self, memo):
        return _Record(list(self.moves))  # (player, action) pairs of ints: a shallow copy is a deep one

    def __reduce__(self):
        return (_Record, (self.moves,))


class PlayerAction(NamedTuple):
    """What `GoujiState.full_history()` lists once a move has been undone (pyspiel's own
    PlayerAction cannot be made from Python): the same two fields."""

    player: int
    action: int


def _id_count(game) -> int:
    """How many ids are legal in the engine game (its legal_id_count(), whose two calls cost more
    than this check on the one page nearly every decision has)."""
    count = len(game._legal_actions())
    return count if count <= ACTION_IDS else game.legal_id_count()


def _deal_seed(hands: list) -> int:
    """The engine game's seed: a function of the deal, so the state is one of its history."""
    text = ";".join(",".join(map(str, hand)) for hand in hands)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


_ACTION = msg("commands.integrations.an_action_id")
_PLAYER = msg("commands.integrations.a_player")


# pyspiel's actions are C++ 64-bit ints and its players 32-bit ones: pybind11 refuses a larger int
# with a message that quotes the whole state (and the int's digits); we refuse it first, in a line.
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def _ints(args: tuple, names: tuple) -> tuple:
    """The arguments of a pyspiel method, each an int (whole_number: a bool is refused) that fits
    C++'s 64 bits; `names` name them from the last back, as the leading player of some methods may
    be left out."""
    if len(args) > len(names):
        return args  # more than the method takes: pyspiel refuses the call itself
    numbers = tuple(whole_number(value, name) for value, name in zip(args, names[len(names) - len(args):]))
    for number, name in zip(numbers, names[len(names) - len(args):]):
        low, high = (INT32_MIN, INT32_MAX) if name is _PLAYER else (INT64_MIN, INT64_MAX)
        if not low <= number <= high:
            raise ValueError(str(msg("commands.integrations.out_of_range", what=name, value=describe(number),
                                     bits=32 if name is _PLAYER else 64)))
    return numbers


def _player(value) -> int:
    """A player argument, checked as _ints checks it; an int within 32 bits (every call but a
    forged one) passes at the cost of one comparison."""
    if value.__class__ is int and INT32_MIN <= value <= INT32_MAX:
        return value
    return _ints((value,), (_PLAYER,))[0]


_pyspiel_apply = pyspiel.State.apply_action


def _checking(name: str, names: tuple):
    """pyspiel.State's method `name`, its players and action ids checked first: pybind11 turns
    True (numpy's too) into 1 on its way to C++, so pyspiel would take state.apply_action(True)
    as id 1. Python callers reach this; C++ callers, which pass no bools, call pyspiel's own."""
    base = getattr(pyspiel.State, name)

    def method(self, *args):
        for value in args:
            if value.__class__ is not int or not INT32_MIN <= value <= INT32_MAX:  # (an action id is small)
                return base(self, *_ints(args, names))
        return base(self, *args)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"pyspiel's {name}, refusing any argument that is not an int (a bool above all)."
    return method


# --- the state ------------------------------------------------------------------------------

class GoujiState(pyspiel.State):
    """A game of one variant: the deal (chance nodes), then the engine game.

    Each registered game has its own subclass, whose class attributes hold the engine, so a
    state's own attributes are `_deal` and `_play` (what pyspiel copies and pickles), and only
    where they apply `_pages` (the moves that were page steps), `_record` (the history, once a
    move has been undone) and `_resampled`."""

    engine = None          # the variant's engine module (set on each game's subclass)
    _players = 0
    _per_player = 0
    _card_names: tuple = ()
    _deck: tuple = ()      # copies of each card kind
    _notation = None       # the variant's card notation (runtime.cards.Kinds or a pattern notation)
    _plan: _DealPlan = None  # the deal's chance nodes
    # Class defaults, so that a state without page steps, undos or resampling carries (and
    # clones) nothing for them.
    _pages: tuple = ()     # the indices in the history of the moves that were page steps (MORE)
    _record: _Record | None = None
    _resampled = False

    def __init__(self, game):
        super().__init__(game)
        self._deal = None
        self._play = None
        self._dealt(self._plan.start())

    # OpenSpiel's API

    def apply_action(self, action) -> None:
        """pyspiel's apply_action, refusing an action that is not an int (a bool above all): written
        out, not made by _checking, as it runs every step."""
        _pyspiel_apply(self, action if action.__class__ is int and INT64_MIN <= action <= INT64_MAX
                       else _ints((action,), (_ACTION,))[0])

    apply_action_with_legality_check = _checking("apply_action_with_legality_check", (_ACTION,))
    child = _checking("child", (_ACTION,))
    action_to_string = _checking("action_to_string", (_PLAYER, _ACTION))
    legal_actions_mask = _checking("legal_actions_mask", (_PLAYER,))
    observation_string = _checking("observation_string", (_PLAYER,))
    observation_tensor = _checking("observation_tensor", (_PLAYER,))
    information_state_string = _checking("information_state_string", (_PLAYER,))
    information_state_tensor = _checking("information_state_tensor", (_PLAYER,))
    player_return = _checking("player_return", (_PLAYER,))
    player_reward = _checking("player_reward", (_PLAYER,))

    def current_player(self) -> int:
        play = self._play
        if play is None:
            return _CHANCE
        game = play.game  # called several times a step by pyspiel: the engine's fields, read directly
        return _TERMINAL if game.terminal else game.cur - 1

    def is_terminal(self) -> bool:
        play = self._play
        return play is not None and play.game.terminal

    def _legal_actions(self, player: int) -> list[int]:
        return _IDS[_id_count(self._play.game)]  # the legal ids are 0..k-1 (MORE, if shown, is k-1)

    # pyspiel's legal_actions and is_chance_node, answered in Python for Python callers, as
    # pyspiel's C++ answers them (C++ callers still get those): its LegalActions calls back into
    # Python four times and copies the list twice, more than an engine step's worth of time.

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None:
            player = _player(player)
        play = self._play
        if play is None:  # a chance node: its outcomes, whoever asks (as pyspiel)
            return [count for count, _p in self._plan.outcomes(self._deal)]
        game = play.game
        if game.terminal:
            return []
        if player is None or player == game.cur - 1:
            return list(_IDS[_id_count(game)])  # a copy: the caller may change it
        if player >= 0:
            return []
        raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")

    def is_chance_node(self) -> bool:
        return self._play is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deal = self._deal
        if deal is None:
            raise ValueError("the deal is complete: this state is not a chance node")
        return list(_OUTCOMES.get(deal.key) or _outcomes(deal.key))  # a copy: the caller may change it

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play is not None:
            game = play.game
            player = game.cur - 1  # for the record (below): read before the action passes the turn on
            legal = game._legal_actions()
            if len(legal) <= ACTION_IDS and action.__class__ is int and 0 <= action < len(legal):
                # One page (nearly every decision): the id is the position itself, as in the
                # engine's apply_action_id, whose two calls cost more than this check.
                game.apply_action(legal[action])
            elif game.apply_action_id(action) is None:  # a page step (MORE): no history of the engine has it
                self._pages += (self._length(),)
            record = self._record
            if record is not None:
                record.moves.append((player, action))
            return
        deal = self._deal
        self._plan.deal(deal, action)  # checks the outcome first
        if deal.key is None:
            self._dealt(deal)
        record = self._record
        if record is not None:
            record.moves.append((_CHANCE, action))

    def _dealt(self, deal: _Dealing) -> None:
        """Make `deal` the state's: the engine game starts from it once it is complete."""
        if deal.key is None:
            self._play = _Playing(self.engine.new_game(seed=_deal_seed(deal.hands), deal=deal.hands))
            self._deal = None
        else:
            self._deal = deal
            self._play = None

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move, which was `action` by `player` (OpenSpiel's UndoAction): the
        state is then as it was before it, history included. A player's action is taken back by
        the engine game (`undo_action()`), a page step by showing the page before, a chance outcome
        of the deal by dealing again up to it; undoing the deal's last one ends the engine game.

        ValueError, changing nothing, when (player, action) is not the last move, when there is
        none, or when the engine cannot undo it (a resampled state: its history holds the real
        deal, not the cards it was dealt anew).

        pyspiel keeps a Python state's history in C++ and offers no way to take an entry of it
        back, so after an undo this state answers `history()`, `full_history()`,
        `history_str()`, `move_number()`, `is_initial_state()` and `serialize()` from its own
        record of the moves (pickles, clones and `serialize()` carry it). C++ code reading the
        state directly (`pyspiel.serialize_game_and_state`'s history line, a C++ algorithm)
        still sees the moves undone since, after them the ones applied."""
        player, action = _ints((player, action), (_PLAYER, _ACTION))  # (True, 1) == (1, 1): refused
        moves = self._moves()
        if not moves:
            raise ValueError(f"undo_action({player}, {action}): there is no move to undo: none has been applied")
        last = moves[-1]
        if (player, action) != last:
            who = "chance" if last[0] == _CHANCE else f"player {last[0]}"
            raise ValueError(f"undo_action({player}, {action}): the last move is {last[1]} by {who}, "
                             f"({last[0]}, {last[1]}): only it can be undone")
        index = len(moves) - 1
        if player == _CHANCE:
            self._undo_deal(moves, action)
        elif index in self._pages:
            game = self._play.game
            game.show_page(game.page_shown() - 1)
            self._pages = tuple(i for i in self._pages if i != index)
        else:
            game = self._play.game
            try:
                game.undo_action()
            except IllegalAction as refused:
                raise ValueError(f"undo_action({player}, {action}): the engine cannot undo it: {refused}") from None
            # The page the decision showed when the action was taken: the page steps just before it.
            page, before = 0, index - 1
            while before in self._pages:
                page, before = page + 1, before - 1
            game.show_page(page)
        record = self._record
        if record is None:
            record = self._record = _Record(moves)
        record.moves.pop()

    def _undo_deal(self, moves: list, count: int) -> None:
        """Take back the deal's last chance outcome (see undo_action): the deal is dealt again from
        the outcomes before it (the history's first moves), since an outcome may have completed
        the forced hands after it."""
        if self._resampled:
            raise ValueError(f"undo_action({_CHANCE}, {count}): this state was resampled (resample_from_infostate): "
                             "its history holds the real deal, not the cards it was dealt anew, so no outcome of the "
                             "deal can be taken back")
        plan = self._plan
        deal = plan.start()
        for _player, outcome in moves[:-1]:
            plan.deal(deal, outcome)
        self._deal, self._play = deal, None

    def _moves(self) -> list:
        """(player, action) of every move applied: the record once one has been undone, else pyspiel's."""
        record = self._record
        if record is None:
            return [(entry.player, entry.action) for entry in super().full_history()]
        return list(record.moves)

    def _length(self) -> int:
        record = self._record
        return super().move_number() if record is None else len(record.moves)

    def history(self) -> list[int]:
        record = self._record
        return super().history() if record is None else [action for _player, action in record.moves]

    def full_history(self) -> list:
        record = self._record
        if record is None:
            return super().full_history()
        return [PlayerAction(player, action) for player, action in record.moves]

    def history_str(self) -> str:
        return ", ".join(map(str, self.history()))

    def move_number(self) -> int:
        return self._length()

    def is_initial_state(self) -> bool:
        return self._length() == 0

    def serialize(self) -> str:
        """pyspiel's serialisation of a Python state (its history, move number and pickled
        attributes), with the history of this state's record once a move has been undone, so
        that `game.deserialize_state` gives a state whose C++ history is right again."""
        if self._record is None:
            return super().serialize()
        moves = self._record.moves
        attributes = {name: value for name, value in self.__dict__.items() if name != "_record"}
        return (f"history={','.join(f'{player}:{action}' for player, action in moves)}\n"
                f"move_number={len(moves)}\n"
                f"__dict__={base64.b64encode(pickle.dumps(attributes)).decode('ascii')}")

    def __reduce__(self):
        # As pyspiel pickles a state (its game, then its serialisation), through this module's
        # functions: the per-variant classes are made at registration and cannot be found by name.
        return (_unpickled_state, (self.get_game(), self.serialize()))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            deal = self._deal
            if deal is None:
                return f"deal {action} (the deal is complete)"
            seat, kind = self._plan.nodes[deal.node]
            return f"seat {seat + 1} is dealt {action} × {self._card_names[kind]}"
        play = self._play
        if play is None:
            return f"id {action} (no player acts during the deal)"
        try:
            found = play.game.id_to_action(action)
        except IllegalAction:
            # An id means a play only in the state where it is legal (ids are positions).
            return f"id {action} (not legal here)"
        return "more" if found is None else str(found)

    def returns(self) -> list[float]:
        play = self._play
        if play is None:
            return [0.0] * self._players
        return [float(value) for value in play.game.returns()]

    def __str__(self) -> str:
        deal = self._deal
        if deal is not None:
            lines = [f"dealing: {self._plan.position(deal)}"]
            lines += [f"seat {p + 1}: {self._notation.format_cards(hand)}" for p, hand in enumerate(deal.hands)]
            return "\n".join(lines)
        game = self._play.game
        if game.terminal:
            head = "over: " + ", ".join(f"seat {seat} {place}" for seat, place in sorted(game.places().items()))
        else:
            head = f"{game.phase.value}: seat {game.cur} to act"
            if game.page_shown():
                head += f" (page {game.page_shown()} of its actions)"
        lines = [f"{head}; {len(game.history())} actions"]
        for seat in range(1, self._players + 1):
            place = game.place_of.get(seat)
            lines.append(f"seat {seat}: {game.kinds.format_cards(game.hands[seat - 1])}"
                         + (f" (out: place {place})" if place is not None else ""))
        if game.top is not None:
            lines.append(f"table: seat {game.top_seat} played {game.kinds.format_cards(game.top)}")
        return "\n".join(lines)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "GoujiState":
        """A copy of this state with the cards hidden from `player_id` dealt anew, consistently
        with what that player has seen (for ISMCTS); `probability_sampler` is called once, with
        no arguments, for a number in [0, 1) that seeds the new deal."""
        player_id = _player(player_id)
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        state = self.clone()
        if self._play is None:
            state._deal = self._plan.resampled(self._deal, player_id, rng)
        else:
            state._play = _Playing(self._play.game.resample_from_infostate(player_id + 1, rng))
        state._resampled = True
        return state

    # Beyond OpenSpiel's API

    def engine_game(self):
        """The engine game (runtime.flow.Game) once the deal is complete, else None: for its
        transcript, places and the rest of the engine's API. Change it only through the state."""
        return None if self._play is None else self._play.game


# --- observations ---------------------------------------------------------------------------

class GoujiObserver:
    """An OpenSpiel Python observer (see open_spiel/python/observation.py) over the engine's
    tensors and strings: the information state (perfect recall) or the observation, each of
    a single seat's private information plus the public table.

    One parameter, for an information-state observer: "history", "full" (the default: the
    perfect-recall `information_state_tensor`, a slot per action of the longest game) or
    "compact" (`compact_information_state_tensor`: DouZero's bounded form, the last 15 actions
    and sums of the older ones; runtime/tensor_layout.py says what it keeps). Its string is the
    information-state string either way."""

    def __init__(self, engine, iig_obs_type=None, params=None):
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("Gouji games observe a single player's private information and the public "
                             "information (the default observation and information-state types), not "
                             f"private_info={iig_obs_type.private_info}, public_info={iig_obs_type.public_info}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        history = _history_parameter(params, self.perfect_recall)
        rules = engine.RULES
        if history == "compact":
            layout = tensor_layout.compact_information_state_layout(rules)
            self._tensor_of, self._string_of = "compact_information_state_tensor", "information_state_string"
        elif self.perfect_recall:
            layout = tensor_layout.information_state_layout(rules)
            self._tensor_of, self._string_of = "information_state_tensor", "information_state_string"
        else:
            layout = tensor_layout.observation_layout(rules)
            self._tensor_of, self._string_of = "observation_tensor", "observation_string"
        size = sum(entry[2] for entry in layout)
        self.tensor = np.zeros(size, np.float32)
        # Named views in layout order (it covers the tensor exactly): pyspiel writes them one
        # after another into its own tensor.
        self.dict = {name: self.tensor[offset:offset + width] for name, offset, width in layout}
        # During the deal: the cards dealt so far are the hand, and (perfect recall) the hand as
        # dealt, each count divided by the deck's copies of its card as the tensors are.
        self._dealt_views = [self.dict[name] for name in (("dealt", "observation.hand") if self.perfect_recall else ("hand",))]
        self._per_kind = np.array([max(1, copies) for copies in rules.deck_counts], np.float32)

    def set_from(self, state: GoujiState, player: int) -> None:
        player = _player(player)
        play = state._play
        if play is None:
            self.tensor.fill(0)
            dealt = np.array(state._deal.hands[player], np.float32) / self._per_kind
            for view in self._dealt_views:
                view[:] = dealt
        else:
            getattr(play.game, self._tensor_of)(player + 1, out=self.tensor)

    def string_from(self, state: GoujiState, player: int) -> str:
        player = _player(player)
        play = state._play
        if play is None:
            deal = state._deal  # what the seat knows: its cards so far, and the node (public)
            return (f"seat {player + 1}, dealing ({state._plan.position(deal)}): "
                    f"dealt {state._notation.format_cards(deal.hands[player]) or 'nothing yet'}")
        return getattr(play.game, self._string_of)(player + 1)


def _history_parameter(params, perfect_recall: bool) -> str:
    """The "history" parameter of an observer, checked (see GoujiObserver)."""
    params = dict(params or {})
    history = params.pop("history", "full")
    if params:
        raise ValueError(f"the observers of Gouji games take one parameter, history, not {sorted(params)}")
    if history not in HISTORIES:
        raise ValueError(f"the history parameter is {' or '.join(map(repr, HISTORIES))}, not {history!r}")
    if history == "compact" and not perfect_recall:
        raise ValueError("history='compact' is a form of the information state: ask for "
                         "pyspiel.IIGObservationType(perfect_recall=True)")
    return history


# --- the game -------------------------------------------------------------------------------

class GoujiGame(pyspiel.Game):
    """One variant as a pyspiel game (made by `pyspiel.load_game(name)`)."""

    # Set on each registered game's subclass: the class is what pyspiel.register_game keeps
    # (a class, not a closure: OpenSpiel releases its factories after Python has shut down,
    # and a class, unlike a closure, is never freed by that last release).
    engine = None
    _game_type = None
    _game_info = None
    _state_class = None

    def __init__(self, params=None):
        super().__init__(self._game_type, self._game_info, params or {})

    def new_initial_state(self) -> GoujiState:
        """A new game at its first chance node: no card dealt yet."""
        return self._state_class(self)

    def max_chance_nodes_in_history(self) -> int:
        return len(self._state_class._plan.nodes)  # every deal has them all (see _DealPlan)

    def make_py_observer(self, iig_obs_type=None, params=None) -> GoujiObserver:
        return GoujiObserver(self.engine, iig_obs_type, params)

    def __reduce__(self):
        # By name, through this module (the per-variant classes are made at registration and
        # cannot be found by name), with the engine's module name: a house rule's is named after
        # a digest of its rules, so rules changed since the pickle are refused, not mixed.
        name = self._game_type.short_name
        source = _REGISTERED[name][1]
        return (_unpickled_game, (name, self.engine.__name__, None if source is None else str(source)))


def _unpickled_game(name: str, engine_name: str, source: str | None) -> GoujiGame:
    """The game a pickle names (see GoujiGame.__reduce__): VariantError, saying what to do, when
    this process has not registered it or has registered other rules under its name."""
    found = _REGISTERED.get(name)
    if found is None:
        if source is None:
            raise VariantError(f"cannot unpickle the game {name}: no variant of that name has an engine here")
        raise VariantError(f"cannot unpickle the game {name}: it was registered from the rule file {source}, "
                           f"which this process has not registered: call "
                           f"gouji_dsl.integrations.openspiel.register({source!r}) before unpickling")
    engine, registered_from = found
    if engine.__name__ != engine_name:
        where = "the standard variant" if registered_from is None else str(registered_from)
        raise VariantError(f"cannot unpickle the game {name}: it was pickled with other rules than those registered "
                           f"under its name now ({where}): register the rule file it was pickled with "
                           f"({source or 'the standard variant'}) as it was then")
    return pyspiel.load_game(name)


def _unpickled_state(game: GoujiGame, text: str) -> GoujiState:
    """A state from its game and serialisation (see GoujiState.__reduce__)."""
    return game.deserialize_state(text)


def _game_type(name: str, engine) -> pyspiel.GameType:
    rules = engine.RULES
    total = bounds.utility_sum(rules)
    if total is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif total == 0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=name,
        long_name=f"Gouji: {getattr(engine, 'TITLE_EN', None) or engine.VARIANT}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.players,
        min_num_players=rules.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


def _game_info(engine) -> pyspiel.GameInfo:
    rules = engine.RULES
    low, high = bounds.utility_bounds(rules)
    total = bounds.utility_sum(rules)
    return pyspiel.GameInfo(
        num_distinct_actions=engine.new_game(seed=0).num_distinct_actions(),
        max_chance_outcomes=max(rules.deck_counts) + 1,  # an outcome is a count of one kind: 0 .. its copies
        num_players=rules.players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None if total is None else float(total),
        max_game_length=bounds.max_game_steps(rules),
    )


def _register_engine(name: str, engine, source: Path | None) -> str:
    rules = engine.RULES
    state_class = type(f"GoujiState_{name}", (GoujiState,), {
        "engine": engine, "_players": rules.players, "_per_player": rules.cards_per_player,
        "_card_names": tuple(rules.card_kinds), "_deck": tuple(rules.deck_counts),
        "_notation": rules.notation or rt.kinds(rules.card_kinds[15:]), "__module__": __name__,
        "_plan": _DealPlan(rules.players, rules.cards_per_player, tuple(rules.deck_counts), tuple(rules.card_kinds)),
    })
    game_type = _game_type(name, engine)
    game_class = type(f"GoujiGame_{name}", (GoujiGame,), {
        "engine": engine, "_game_type": game_type, "_game_info": _game_info(engine),
        "_state_class": state_class, "__module__": __name__,
    })
    pyspiel.register_game(game_type, game_class)
    _REGISTERED[name] = (engine, source)
    return name


def _register_standard() -> None:
    """Every standard variant with a shipped engine (the abstract base has none)."""
    for variant in Workspace().names():
        engine = load_engine(variant)
        if engine is not None:
            _register_engine(game_name(variant), engine, None)


def register(variant: str | os.PathLike) -> str:
    """Register a variant as a pyspiel game and return its name: a user's rule file
    ("club.gouji" -> "gouji_club", named after the file) or a variant found by name (the
    standard ones are registered on import). Registering a file again picks up its changes.

    VariantError (a ValueError), with the reason, for a file with errors (its located diagnostics), an abstract
    variant, an unknown one, or a name another file or game has taken already."""
    text = os.fspath(variant)
    try:
        engine, ws, name = load_variant(variant)
    except VariantError as exc:
        raise VariantError(f"cannot register {text}: {exc}", exc.diagnostics) from None
    path = ws.path_of(name)
    if ws.is_standard(name):
        if game_name(name) not in _REGISTERED:  # a variant whose engine was built after this import
            _register_engine(game_name(name), engine, None)
        return game_name(name)
    stem = path.stem
    if not stem.replace("-", "_").isidentifier():
        raise ValueError(f"cannot register {text}: a game is named after its file, and '{stem}' is not a name "
                         "(use letters, digits, '-' and '_')")
    wanted = game_name(stem)
    source = path.resolve()
    if wanted in _REGISTERED:
        other = _REGISTERED[wanted][1]
        if other != source:
            taken = "the standard variant" if other is None else str(other)
            raise ValueError(f"cannot register {text}: the game {wanted} is {taken}'s already (rename the file)")
    elif wanted in pyspiel.registered_names():
        raise ValueError(f"cannot register {text}: OpenSpiel already has a game named {wanted} (rename the file)")
    return _register_engine(wanted, engine, source)


_register_standard()
