"""Every variant as an OpenSpiel game: `pyspiel.load_game("gouji_lianzhong")`.

Importing this module registers each standard variant that has an engine as the pyspiel game
`gouji_<name>` (a `-` in the name written `_`: `gouji_zaozhuang_haixuan`); `register(path)` adds
a user's house-rule file (`gouji_club` for club.gouji). Needs OpenSpiel (`pip install
'gouji-dsl[openspiel]'`).

    import pyspiel
    import gouji_dsl.integrations.openspiel  # registers the games
    game = pyspiel.load_game("gouji_lianzhong")
    state = game.new_initial_state()           # the deal: chance nodes
    ...

Chance is explicit (EXPLICIT_STOCHASTIC). The deal is players x cards_per_player chance nodes,
one card each, dealt in turn as at a table (seat 1, 2, ..., n, 1, 2, ...); an outcome is a card
kind still in the deck (its id is the kind's index in `rules.card_kinds`, 0 = "3"), with
probability copies left / cards left, so a deal is a uniformly shuffled deck, as in OpenSpiel's
dou_dizhu. When the last card is dealt the engine game starts from that deal
(`new_game(deal=hands, seed=...)`), its seed a hash of the deal. The engine's later random
events -- a redeal ([table] redeal_if, or after 革命), the draw of the first leader where the
rules draw one -- are therefore pseudo-random functions of the deal, not chance nodes: the
state is a function of its history as OpenSpiel requires (clones, serialisation and replays
agree), but an algorithm that enumerates chance outcomes sees those events as fixed per deal.
Why explicit and not sampled: the deal is where nearly all of Gouji's chance is, algorithms
that read chance (ISMCTS's world samples, chance-sampling CFR, exact probabilities of a
history) get it, and random_sim_test with serialisation passes (a chance node costs a few list
updates; a simulation's time goes to the observations it checks at every decision).

Player actions are the engine's action ids (runtime/action_ids.py): `num_distinct_actions()`
is 1,024, an id is a position in the player's sorted legal actions, and on a state with more
than 1,024 of them id 1023 (`MORE`, shown as "more") turns the page, a step by the same player.
An id names a play only in its state: `action_to_string(player, id)` tells which.

Observations are the engine's (runtime/observe.py): `observation_tensor` /
`information_state_tensor` and their strings, per seat (player p is seat p + 1), every entry in
[0, 1]; during the deal a seat sees the cards it has been dealt so far. An information-state
observer with `params={"history": "compact"}` (`game.make_py_observer(
pyspiel.IIGObservationType(perfect_recall=True), {"history": "compact"})`) gives the engine's
`compact_information_state_tensor` instead: about 1,300 numbers, not 75,000, for the last 15
actions and sums of the older ones. `resample_from_infostate` (ISMCTS) deals the hidden cards
anew through the engine's `resample_from_infostate`; a resampled state is for search: its
`history()` still holds the real deal.

Games and states pickle (and deep-copy) as pyspiel's own do: a game by its name, a state as its
game and its `serialize()` (history and attributes), so a pickled state comes back at the same
point, resampled or not, and plays on alike. A house rule's game unpickles only where
`register(path)` has registered the same rules (VariantError, saying so, otherwise).
`undo_action(player, action)` takes back the last move: a card of the deal, a page step or a
player's action (through the engine's `undo_action()`); see GoujiState.undo_action for what
pyspiel's C++ side keeps of it.

Bounds come from the rules (runtime/bounds.py): utilities from `utility_bounds` and
`utility_sum` (zero-sum, constant-sum or general-sum), `max_game_length` from `max_game_steps`
(decisions, page steps included) and `max_chance_nodes_in_history` = the cards dealt, as
OpenSpiel counts them (MaxGameLength counts decision nodes only).
"""
from __future__ import annotations

import base64
import hashlib
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
from gouji_dsl.integrations import VariantError, load_variant
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.runtime import bounds, observe
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.action_ids import ACTION_IDS
from gouji_dsl.runtime.actions import IllegalAction

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

class _Dealing:
    """The deal so far: each seat's cards (count vectors), the deck left, cards dealt."""

    __slots__ = ("hands", "left", "count")

    def __init__(self, hands: list, left: list, count: int):
        self.hands = hands
        self.left = left
        self.count = count

    def __deepcopy__(self, memo):
        return _Dealing([list(h) for h in self.hands], list(self.left), self.count)

    def __reduce__(self):
        return (_Dealing, (self.hands, self.left, self.count))

    def resampled(self, player: int, rng: random.Random) -> "_Dealing":
        """The deal with the cards `player` has not seen (the other seats') dealt anew among the
        other seats, each keeping its number of cards."""
        others = [p for p in range(len(self.hands)) if p != player]
        pool = [card for p in others for card, n in enumerate(self.hands[p]) for _ in range(n)]
        rng.shuffle(pool)
        hands = [list(h) for h in self.hands]
        for p in others:
            size = sum(hands[p])
            hands[p] = [0] * len(self.left)
            for card in pool[:size]:
                hands[p][card] += 1
            del pool[:size]
        return _Dealing(hands, list(self.left), self.count)


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


def _deal_seed(hands: list) -> int:
    """The engine game's seed: a function of the deal, so the state is one of its history."""
    text = ";".join(",".join(map(str, hand)) for hand in hands)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


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
    # Class defaults, so that a state without page steps, undos or resampling carries (and
    # clones) nothing for them.
    _pages: tuple = ()     # the indices in the history of the moves that were page steps (MORE)
    _record: _Record | None = None
    _resampled = False

    def __init__(self, game):
        super().__init__(game)
        kinds = len(self._deck)
        self._deal = _Dealing([[0] * kinds for _ in range(self._players)], list(self._deck), 0)
        self._play = None

    # OpenSpiel's API

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
        return _IDS[self._play.game.legal_id_count()]  # the legal ids are 0..k-1 (MORE, if shown, is k-1)

    # pyspiel's legal_actions and is_chance_node, answered in Python for Python callers, as
    # pyspiel's C++ answers them (C++ callers still get those): its LegalActions calls back into
    # Python four times and copies the list twice, more than an engine step's worth of time.

    def legal_actions(self, player: int | None = None) -> list[int]:
        play = self._play
        if play is None:  # a chance node: its outcomes, whoever asks (as pyspiel)
            return [card for card, copies in enumerate(self._deal.left) if copies]
        game = play.game
        if game.terminal:
            return []
        if player is None or player == game.cur - 1:
            return list(_IDS[game.legal_id_count()])  # a copy: the caller may change it
        if player >= 0:
            return []
        raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")

    def is_chance_node(self) -> bool:
        return self._play is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deal = self._deal
        if deal is None:
            raise ValueError("the deal is complete: this state is not a chance node")
        left = deal.left
        total = sum(left)  # the deck may hold more cards than are dealt
        return [(card, copies / total) for card, copies in enumerate(left) if copies]

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play is not None:
            game = play.game
            player = game.cur - 1  # for the record (below): read before the action passes the turn on
            if game.apply_action_id(action) is None:  # a page step (MORE): no history of the engine has it
                self._pages += (self._length(),)
            record = self._record
            if record is not None:
                record.moves.append((player, action))
            return
        deal = self._deal
        if not 0 <= action < len(deal.left) or not deal.left[action]:
            raise ValueError(f"chance outcome {action} is not a card left in the deck: "
                             f"the outcomes are {[card for card, n in enumerate(deal.left) if n]}")
        deal.left[action] -= 1
        deal.hands[deal.count % self._players][action] += 1
        deal.count += 1
        if deal.count == self._players * self._per_player:
            self._play = _Playing(self.engine.new_game(seed=_deal_seed(deal.hands), deal=deal.hands))
            self._deal = None
        record = self._record
        if record is not None:
            record.moves.append((_CHANCE, action))

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move, which was `action` by `player` (OpenSpiel's UndoAction): the
        state is then as it was before it, history included. A player's action is taken back by
        the engine game (`undo_action()`), a page step by showing the page before, a card of the
        deal by putting it back in the deck; undoing the deal's last card ends the engine game.

        ValueError, changing nothing, when (player, action) is not the last move, when there is
        none, or when the engine cannot undo it (a resampled state: its history holds the real
        deal, not the cards it was dealt anew).

        pyspiel keeps a Python state's history in C++ and offers no way to take an entry of it
        back, so after an undo this state answers `history()`, `full_history()`,
        `history_str()`, `move_number()`, `is_initial_state()` and `serialize()` from its own
        record of the moves (pickles, clones and `serialize()` carry it). C++ code reading the
        state directly (`pyspiel.serialize_game_and_state`'s history line, a C++ algorithm)
        still sees the moves undone since, after them the ones applied."""
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
            self._undo_card(moves, action)
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

    def _undo_card(self, moves: list, card: int) -> None:
        """Put the last card of the deal back in the deck (see undo_action)."""
        if self._resampled:
            raise ValueError(f"undo_action({_CHANCE}, {card}): this state was resampled (resample_from_infostate): "
                             "its history holds the real deal, not the cards it was dealt anew, so no card of it "
                             "can be taken back")
        if self._play is not None:
            # The deal's last card started the engine game: the deal before it, from the history.
            hands = [[0] * len(self._deck) for _ in range(self._players)]
            left = list(self._deck)
            for count, (_player, dealt) in enumerate(moves[:-1]):
                hands[count % self._players][dealt] += 1
                left[dealt] -= 1
            self._deal = _Dealing(hands, left, len(moves) - 1)
            self._play = None
            return
        deal = self._deal
        deal.count -= 1
        deal.hands[deal.count % self._players][card] -= 1
        deal.left[card] += 1

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
            card = self._card_names[action] if 0 <= action < len(self._card_names) else f"#{action}"
            deal = self._deal
            return f"deal {card}" if deal is None else f"deal {card} to seat {deal.count % self._players + 1}"
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
            lines = [f"dealing: {deal.count} of {self._players * self._per_player} cards dealt"]
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
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        state = self.clone()
        if self._play is None:
            state._deal = self._deal.resampled(player_id, rng)
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
    and sums of the older ones; runtime/observe.py says what it keeps). Its string is the
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
            layout = observe.compact_information_state_layout(rules)
            self._tensor_of, self._string_of = "compact_information_state_tensor", "information_state_string"
        elif self.perfect_recall:
            layout = observe.information_state_layout(rules)
            self._tensor_of, self._string_of = "information_state_tensor", "information_state_string"
        else:
            layout = observe.observation_layout(rules)
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
        self._total = rules.players * rules.cards_per_player

    def set_from(self, state: GoujiState, player: int) -> None:
        play = state._play
        if play is None:
            self.tensor.fill(0)
            dealt = np.array(state._deal.hands[player], np.float32) / self._per_kind
            for view in self._dealt_views:
                view[:] = dealt
        else:
            getattr(play.game, self._tensor_of)(player + 1, out=self.tensor)

    def string_from(self, state: GoujiState, player: int) -> str:
        play = state._play
        if play is None:
            deal = state._deal
            return (f"seat {player + 1}, dealing ({deal.count} of {self._total} cards dealt): "
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
        rules = self.engine.RULES
        return rules.players * rules.cards_per_player

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
        max_chance_outcomes=len(rules.card_kinds),
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
