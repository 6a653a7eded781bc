"""Resampling hidden cards for information-set search (ISMCTS, determinized search).

`resample_from_infostate(seat, rng)` returns a copy of the game in which the hands `seat`
cannot see are dealt anew, consistently with everything `seat` has seen: its own hand and the
hands the rules show it (看牌 of a teammate, a partner's hand after going out) stay as they
are; every other hand keeps its size; a hidden hand still holds the cards it is known to hold
(cards it received in a tribute, a return or a trade, minus what it has given away or played
since: every such transfer is public); and the rest of the unseen cards are shuffled among the
hidden hands. The public table, the history and the places are unchanged, so `seat`'s
observation is too (tests/test_research_api.py checks it for every seat).

What the copy cannot do: be undone past the resampling (its past no longer matches its
hands; `undo_action` says so). Its random source is drawn from `rng`, so a redeal or draw
later in the copy is not the real game's.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from gouji_dsl.runtime.actions import check_seat
from gouji_dsl.runtime.public_record import _public

if TYPE_CHECKING:
    from gouji_dsl.runtime.protocols import GameView

    _Game = TypeVar("_Game", bound=GameView)


def known_cards(game: GameView) -> dict[int, list[int]]:
    """Per seat, the cards it is known to hold: received in public transfers (tribute, return,
    trade) of this deal and neither given away nor played since (a lower bound of its hand,
    card kind by card kind). From the game's public record, which observations read too."""
    public = _public(game)
    return {seat: [max(0, got - gave - played) for got, gave, played
                   in zip(public.received[seat - 1], public.given[seat - 1], public.played[seat - 1])]
            for seat in range(1, game.r.players + 1)}


class Resampling:
    """`resample_from_infostate` (a mixin of runtime.flow.Game)."""

    def resample_from_infostate(self: _Game, seat: int, rng: random.Random | int | str | bytes | None = None) -> _Game:
        """A copy of this game with the cards hidden from `seat` dealt anew (see the module's
        docstring); `rng` is a random.Random, an int seed, or None for a fresh one."""
        check_seat(seat, self.r.players)
        if rng is None or rng.__class__ in (int, str, bytes):
            rng = random.Random(rng)
        elif not hasattr(rng, "shuffle"):
            raise ValueError(f"rng is a random.Random or a seed, not {type(rng).__name__}")
        if TYPE_CHECKING:  # a seed was made one above
            assert isinstance(rng, random.Random)
        seen = set(self.observation(seat)["hands"])
        hidden = [s for s in range(1, self.r.players + 1) if s not in seen and any(self.hands[s - 1])]
        game = self.clone()
        if len(hidden) > 1:
            known = known_cards(self)
            pool: list[int] = []
            for s in hidden:
                for k, count in enumerate(self.hands[s - 1]):
                    pool += [k] * (count - known[s][k])
            pool.sort()  # the pool as the seat sees it (which cards, not who holds them): a deal
            rng.shuffle(pool)  # is then a function of the seat's information and the rng alone
            size = len(self.r.card_kinds)
            for s in hidden:
                hand = list(known[s])
                for card in pool[:sum(self.hands[s - 1]) - sum(hand)]:
                    hand[card] += 1
                del pool[:sum(self.hands[s - 1]) - sum(known[s])]
                # The hand as dealt, consistent with the new one (what it gave, played and
                # received is unchanged).
                if self.dealt:
                    old = self.hands[s - 1]
                    game.dealt[s - 1] = [self.dealt[s - 1][k] + hand[k] - old[k] for k in range(size)]
                game.hands[s - 1] = hand
        game._legal = None
        game._answers_cache = {}
        game._rng = random.Random(rng.getrandbits(64))
        game._start = None  # no undo past the resampling
        game._trail = None
        return game
