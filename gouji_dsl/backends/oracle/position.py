"""`new_position`: an oracle game set up at a chosen position (puzzles, analysis, scenario tests)."""
from __future__ import annotations

from gouji_dsl.backends.oracle.game import OracleGame
from gouji_dsl.backends.oracle.hooks import ask
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import check_position_seats, check_seat, describe


def new_position(ref, hands, leader, seed=None, out=None, opened=(), headless=None) -> OracleGame:
    """`hands` maps seats to cards ("7 7 7 2 BJ" or 15 counts); `out` maps seats already out
    to their places, in the order they went out; `leader` leads. Nothing is dealt and no
    pre-play phase runs. ValueError names a bad seat, place or card list."""
    v = ref.v
    vectors = _hands(v, hands)
    check_position_seats(v.table.players, leader, out, opened, headless)
    game = OracleGame(ref, seed, None, deal=False)
    game.log.append("position")
    game.hands = [list(vectors.get(seat, (0,) * 15)) for seat in range(1, v.table.players + 1)]
    game.dealt = [list(h) for h in game.hands]
    game.tribute_log = []
    game._clear_for_play()
    game.opened = set(opened)
    for seat, place in (out or {}).items():
        game.place_of[seat] = place
        game.finish_order.append(seat)
        ask("headless.cause", game, seat, "out")
    for seat in range(1, v.table.players + 1):
        if seat not in game.place_of and not any(game.hands[seat - 1]):
            raise ValueError(f"seat {seat} holds no cards: give it cards, or list it in `out` with its place")
    if headless is not None:
        game.headless = set(headless)
    game._empty_table(leader)
    game._maybe_start_chaos()
    return game


def _hands(v, hands) -> dict:
    if not isinstance(hands, dict):
        raise ValueError(f"hands map seats to cards, e.g. {{1: '7 7 7 BJ'}}, not {describe(hands)}")
    decks = v.table.decks
    vectors = {}
    for seat, cards in hands.items():
        check_seat(seat, v.table.players)
        if isinstance(cards, str):
            cards = rt.parse_cards(cards)  # CardError (a ValueError) names the bad token
        elif type(cards) in (tuple, list) and len(cards) == 15 and all(type(n) is int and n >= 0 for n in cards):
            cards = tuple(cards)
        else:
            raise ValueError(f"seat {seat}'s cards {describe(cards)} are neither a card string nor 15 counts")
        if any(n > 4 * decks for n in cards[:13]) or any(n > decks for n in cards[13:]):
            raise ValueError(f"seat {seat} holds more of a card than {decks} deck(s) have")
        vectors[seat] = cards
    return vectors
