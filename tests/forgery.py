"""Malformed and unheld actions for the game API, drawn from a plain `random.Random`
(the soak runner's generator; test_game_api.py has the Hypothesis strategies).

Every one of these must be refused with IllegalAction, leaving the game exactly
as it was, unless it happens to be (equal to) a legal action."""
from __future__ import annotations

import random

from gouji_dsl.runtime.game import Action

KINDS = ("play", "burn", "pass", "defer", "declare", "revolt")
JUNK = (None, True, False, 0, -1, 1.5, float("nan"), float("inf"), 10**30, -10**30, 10**5000, "7", "", b"7",
        [], (), {}, {1}, object(), Action, "play 7 7 7", "pass\x00", "小王", "🂡")


class Nasty(str):
    """A str subclass whose methods lie: the game must not call them."""

    def split(self, *args):
        raise RuntimeError("split called")

    def __len__(self):
        raise RuntimeError("len called")


def _count(rng: random.Random):
    return rng.choice((rng.randint(0, 4), rng.randint(0, 4), rng.randint(-3, 40), rng.choice(JUNK)))


def forged_play(rng: random.Random):
    size = rng.choice((5, 5, 5, 5, 0, 1, 4, 6))
    play = [rng.randint(-2, 15) if rng.random() < 0.8 else rng.choice(JUNK)] + [_count(rng) for _ in range(size - 1)]
    return tuple(play[:size]) if rng.random() < 0.8 else play[:size]


def unheld_play(rng: random.Random) -> tuple:
    """A canonical play tuple of random cards: legal-looking, rarely held."""
    rank = rng.randint(-1, 12)
    natural = rng.randint(1, 8) if 0 <= rank <= 11 else 0
    fillers = rng.randint(1 if rank == 12 else 0, 4) if rank >= 0 else 0
    small, big = rng.randint(0, 2), rng.randint(0, 2)
    if rank == -1 and not small + big:
        small = 1
    return (rank, natural, fillers, small, big)


def forged_text(rng: random.Random) -> str:
    words = rng.choice(("play", "burn", "pass", "defer", "declare", "revolt", "PLAY", "", "play7"))
    cards = " ".join(rng.choice(("3", "7", "10", "T", "J", "A", "2", "SJ", "BJ", "小王", "1", "11", "x", "\x00", "B J"))
                     for _ in range(rng.randint(0, 12)))
    text = f"{words} {cards}" if rng.random() < 0.9 else words + "\t" + cards * rng.randint(1, 400)
    return Nasty(text) if rng.random() < 0.05 else text


def forged_action(rng: random.Random, legal: list):
    """One forged action; `legal` (the game's legal actions) feeds the look-alikes."""
    choice = rng.randrange(9)
    if choice == 0:
        return rng.choice(JUNK)
    if choice == 1:
        return Action(rng.choice(KINDS + ("PLAY", "", "fold")), forged_play(rng) if rng.random() < 0.7 else rng.choice(JUNK))
    if choice == 2:
        return Action(rng.choice(("play", "burn")), unheld_play(rng))
    if choice == 3:
        return forged_text(rng)
    if choice == 4 and legal:  # a plain tuple or list equal to a legal action, or nearly
        action = rng.choice(legal)
        kind, play = action
        if play is not None and rng.random() < 0.5:
            play = tuple(p + rng.choice((0, 0.0, 1, -1)) for p in play)
        return rng.choice((tuple, list))((kind, play))
    if choice == 5:
        return tuple(rng.choice(JUNK + KINDS) for _ in range(rng.randint(0, 4)))
    if choice == 6 and legal:  # a legal action's play with a float, bool or huge count
        action = rng.choice([a for a in legal if a.play is not None] or legal)
        if action.play is None:
            return Action(action.kind, (0, 1, 0, 0, 0))
        play = list(action.play)
        play[rng.randrange(5)] = rng.choice((1.0, True, 10**30, -1, 2**63, "1"))
        return Action(action.kind, tuple(play))
    if choice == 7:
        return Action("play", (rng.randint(-1, 12), 10 ** rng.randint(2, 40), 0, 0, 0))
    return Action(rng.choice(("pass", "defer", "declare", "revolt")), rng.choice(((1,), (), (0, 1, 0, 0, 0), "x")))


def forged_seat(rng: random.Random, players: int):
    return rng.choice((None, None, None, rng.randint(1, players), 0, -1, players + 1, True, 1.0, "1", 10**30))
