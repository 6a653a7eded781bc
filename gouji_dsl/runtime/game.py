"""Whole games: the API generated engines and the reference interpreter offer.

It follows OpenSpiel's: `new_game(rules, seed=..., match=...)`, then on the game
`current_player()`, `legal_actions()`, `apply_action()`, `is_terminal()`,
`places()`, `returns()`, `clone()`, `history()`, `observation(seat)`.

The parts live in their own modules: actions (Action, action strings and their
validation), state (Rules, Match, Phase and the game's state), setup (the deal,
tribute, buying 3s, 宣点 and 革命) and flow (the Game: legal actions and moves).
The names below are re-exported so that `gouji_dsl.runtime.game` stays the one
import for users of the API.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from gouji_dsl.runtime.actions import (BURN, DECLARE, DECLARE_ACTION, DEFER, DEFER_ACTION, KIND_ORDER,
                                       MAX_ACTION_TEXT, PASS, PASS_ACTION, PLAY, REVOLT, REVOLT_ACTION, Action,
                                       IllegalAction, action_key, action_to_string, burn_action, check_position_seats, check_seat, position_hands,
                                       check_seats_hold_cards,
                                       describe, normal_action, play_action, read_action, replay_history, string_to_action)
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.flow import Game
from gouji_dsl.runtime.setup import first_leader_of, returnable
from gouji_dsl.runtime.state import Match, Phase, Rules

__all__ = [
    # actions
    "PLAY", "PASS", "DEFER", "BURN", "DECLARE", "REVOLT", "KIND_ORDER", "MAX_ACTION_TEXT",
    "PASS_ACTION", "DEFER_ACTION", "DECLARE_ACTION", "REVOLT_ACTION", "Action", "IllegalAction",
    "action_key", "action_to_string", "burn_action", "check_seat", "describe", "normal_action", "play_action",
    "read_action", "string_to_action",
    # state and games
    "Match", "Phase", "Rules", "Game", "buy_on", "first_leader_on", "new_game", "new_position", "replay", "returnable",
]


def new_position(rules: Rules, hands: Mapping[int, str | Sequence[int]], leader: int,
                 seed: int | float | str | bytes | None = None, out: Mapping[int, int] | None = None,
                 opened: Iterable[int] = (), headless: Iterable[int] | None = None,
                 game_class: type[Game] = Game) -> Game:
    """A game set up at a chosen position, for puzzles, analysis and scenario tests.

    `hands` maps each seat to its cards ("7 7 7 2 BJ" or a 15-count vector, longer
    by one count per extra card kind of the variant, such as the eagle Y);
    `out` maps seats already out to their places (in the order they went out);
    play starts with `leader` to lead. Nothing is dealt and no pre-play phase runs.
    `game_class`: the flow that plays it (a generated engine's specialised `Game`).
    """
    kinds = rules.notation or rt.kinds(rules.card_kinds[15:])
    hands = position_hands(rules.players, rules.decks, hands, kinds, rules.deck_counts)
    check_position_seats(rules.players, leader, out, opened, headless)
    check_seats_hold_cards(rules.players, hands, out)
    game = game_class.__new__(game_class)
    game._init_state(rules, seed, Match(), log=["position"], rng=random.Random(seed))
    game._new_deal([hands.get(seat, (0,) * kinds.size) for seat in range(1, rules.players + 1)])
    game.opened = set(opened)
    for seat, place in (out or {}).items():
        game.place_of[seat] = place
        game.finish_order.append(seat)
        game._update_headless(seat)
    if headless is not None:
        game.headless = set(headless)
    game._new_round(leader)
    game._check_chaos()
    game.keep_start()
    return game


def buy_on(rules: Rules, hands: Mapping[int, str | Sequence[int]],
           game_class: type[Game] = Game) -> tuple[dict[int, tuple[int, ...]], list[str | tuple[int, Action]]]:
    """[buy] 买牌 on dealt hands (every seat holding cards), as right after the deal: each
    seat's hand after the trades (a count vector) and the log lines of the trades."""
    game = new_position(rules, hands, leader=1, game_class=game_class)
    start = len(game.log)
    game._buy_cards()
    return {seat: tuple(game.hands[seat - 1]) for seat in range(1, rules.players + 1)}, game.log[start:]


def first_leader_on(rules: Rules, hands: Mapping[int, str | Sequence[int]]) -> int | None:
    """Who leads first when these are the hands at the start of play: a seat, or None where
    the previous game or a draw decides ([table] first_leader random, previous_first)."""
    kinds = rules.notation or rt.kinds(rules.card_kinds[15:])
    vectors = position_hands(rules.players, rules.decks, hands, kinds, rules.deck_counts)
    check_seats_hold_cards(rules.players, vectors, None)
    return first_leader_of(rules, [vectors.get(seat, (0,) * kinds.size) for seat in range(1, rules.players + 1)], kinds)


def new_game(rules: Rules, seed: int | float | str | bytes | None = None, match: Match | None = None,
             deal: Sequence[str | Sequence[int]] | None = None, game_class: type[Game] = Game) -> Game:
    """A new game: dealt from `seed`, or from `deal` (one hand per seat, card text or count
    vectors) when given, the rest of its chance (a redeal, a first-leader draw) from `seed`.
    `game_class`: the flow that plays it (a generated engine's specialised `Game`)."""
    return game_class(rules, seed, match, deal)


def replay(rules: Rules, history: Sequence[Action | str], seed: int | float | str | bytes | None = None,
           match: Match | None = None, game_class: type[Game] = Game) -> Game:
    """A new game with the same seed and match, with each action of `history` applied (and verified)."""
    return replay_history(lambda: game_class(rules, seed, match), history)
