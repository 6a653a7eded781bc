"""`new_position`: an oracle game set up at a chosen position (puzzles, analysis, scenario tests)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from gouji_dsl.backends.oracle.game import OracleGame
from gouji_dsl.backends.oracle.state import Entry
from gouji_dsl.facets.hooks import ask
from gouji_dsl.runtime.actions import check_position_seats, check_seats_hold_cards, position_hands

if TYPE_CHECKING:
    from gouji_dsl.backends.oracle.state import Ref

# The hands of a position: seat -> its cards as text ("7 7 7 2 BJ") or counts.
Hands = Mapping[int, str | Sequence[int]]


def new_position(ref: Ref, hands: Hands, leader: int, seed: int | str | bytes | float | None = None,
                 out: Mapping[int, int] | None = None, opened: Iterable[int] = (),
                 headless: Iterable[int] | None = None) -> OracleGame:
    """`hands` maps seats to cards ("7 7 7 2 BJ" or 15 counts, and one per extra card kind); `out` maps seats already out
    to their places, in the order they went out; `leader` leads. Nothing is dealt and no
    pre-play phase runs. ValueError names a bad seat, place or card list."""
    v = ref.v
    extra = {row.token: row.copies for row in v.cards.extra}  # [cards] extra: each kind's own copies
    vectors = position_hands(v.table.players, v.table.decks, hands, ref.kinds,
                             (0,) * 15 + tuple(extra[card] for card in ref.kinds.extras))
    check_position_seats(v.table.players, leader, out, opened, headless)
    check_seats_hold_cards(v.table.players, vectors, out)
    game = OracleGame(ref, seed, None, deal=False)
    game.log.append("position")
    game.hands = [list(vectors.get(seat, (0,) * ref.kinds.size)) for seat in range(1, v.table.players + 1)]
    game.dealt = [list(h) for h in game.hands]
    game.tribute_log = []
    game._clear_for_play()
    game.opened = set(opened)
    for seat, place in (out or {}).items():
        game.place_of[seat] = place
        game.finish_order.append(seat)
        ask("headless.cause", game, seat, "out")
    if headless is not None:
        game.headless = set(headless)
    game._empty_table(leader)
    game._maybe_start_chaos()
    return game


def buy_on(ref: Ref, hands: Hands) -> tuple[dict[int, tuple[int, ...]], list[Entry]]:
    """[buy] on dealt hands (every seat holding cards), as the oracle does it after the deal:
    each seat's hand after the trades and the log lines of the trades."""
    game = new_position(ref, hands, 1)
    start = len(game.log)
    ask("buy.ranks", game)
    return {seat: tuple(game.hands[seat - 1]) for seat in range(1, ref.v.table.players + 1)}, game.log[start:]


def first_leader_on(ref: Ref, hands: Hands) -> int | None:
    """Who leads first when these are the hands at the start of play, as the oracle decides
    it (the table.first_leader hook); None where the previous game or a draw decides."""
    game = new_position(ref, hands, 1)  # the hands are checked whatever decides
    if ref.v.table.first_leader not in ("fixed_seat", "card_holder"):
        return None
    leader: int = ask("table.first_leader", game)
    return leader
