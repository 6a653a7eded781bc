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
import re

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import BURN, PLAY, check_seat

# The engine's log lines of a [buy] trade (runtime.setup._buy_one): a rank moves to the buyer,
# and the price card (if any) to the seller.
_BOUGHT = re.compile(r"seat (\d+) buys a (\S+) from seat (\d+) for (\S+)$")
_GIVEN = re.compile(r"seat (\d+) is given a (\S+) by teammate (\d+)$")


def _transfers(game) -> list[tuple[int, int, tuple]]:
    """(from seat, to seat, count vector) of every public card transfer before play."""
    kinds = game.kinds
    out = []

    def one(name: str) -> tuple:
        return tuple(kinds.parse_cards(name))

    for entry in game.tribute_log:
        if entry["cards"]:
            out.append((entry["from"], entry["to"], tuple(kinds.parse_cards(entry["cards"]))))
    for line in game.log:
        if line.__class__ is not str:
            continue
        bought = _BOUGHT.match(line)
        if bought:
            buyer, rank, seller, price = bought.groups()
            out.append((int(seller), int(buyer), one(rank)))
            if price != "nothing":
                out.append((int(buyer), int(seller), one(price)))
            continue
        given = _GIVEN.match(line)
        if given:
            seat, rank, mate = given.groups()
            out.append((int(mate), int(seat), one(rank)))
    return out


def _play_counts(game, play) -> tuple:
    """The cards a play or burn takes from the hand, as a count vector."""
    if game.r.pattern_plays:
        return tuple(play[4:])
    return tuple(rt.cards_of(play))


def known_cards(game) -> dict[int, list[int]]:
    """Per seat, the cards it is known to hold: received in public transfers and neither given
    away nor played since (a lower bound of its hand, card kind by card kind)."""
    size = len(game.r.card_kinds)
    seats = range(1, game.r.players + 1)
    came = {s: [0] * size for s in seats}
    went = {s: [0] * size for s in seats}
    for giver, taker, counts in _transfers(game):
        for k, c in enumerate(counts):
            came[taker][k] += c
            went[giver][k] += c
    for entry in game.log:
        if entry.__class__ is tuple and entry[1].kind in (PLAY, BURN):
            for k, c in enumerate(_play_counts(game, entry[1].play)):
                went[entry[0]][k] += c
    return {s: [max(0, came[s][k] - went[s][k]) for k in range(size)] for s in seats}


class Resampling:
    """`resample_from_infostate` (a mixin of runtime.flow.Game)."""

    def resample_from_infostate(self, seat: int, rng=None):
        """A copy of this game with the cards hidden from `seat` dealt anew (see the module's
        docstring); `rng` is a random.Random, an int seed, or None for a fresh one."""
        check_seat(seat, self.r.players)
        if rng is None or rng.__class__ in (int, str, bytes):
            rng = random.Random(rng)
        elif not hasattr(rng, "shuffle"):
            raise ValueError(f"rng is a random.Random or a seed, not {type(rng).__name__}")
        seen = set(self.observation(seat)["hands"])
        hidden = [s for s in range(1, self.r.players + 1) if s not in seen and any(self.hands[s - 1])]
        game = self.clone()
        if len(hidden) > 1:
            known = known_cards(self)
            pool: list[int] = []
            for s in hidden:
                for k, count in enumerate(self.hands[s - 1]):
                    pool += [k] * (count - known[s][k])
            rng.shuffle(pool)
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
        return game
