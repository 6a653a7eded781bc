"""Built-in players for self-play and transcripts.

- random: a uniformly random legal action (seeded).
- greedy: answers with its smallest legal play (passes rather than burn or
  waste jokers when it can), leads its longest set of the lowest rank, never
  defers, declares nothing and does not revolt. In a game of pattern plays
  (Shuangkou) it leads its longest play that is not a bomb and holds no joker,
  lowest first, and answers with its weakest play, bombs and jokers last.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gouji_dsl.runtime.game import BURN, PASS, PLAY, Action, Game


class RandomBot:
    name = "random"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


class GreedyBot:
    name = "greedy"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        plays = [a for a in actions if a.kind in (PLAY, BURN)]
        if not plays:
            return next(a for a in actions if a.kind == PASS)
        if game.r.pattern_plays:
            return min(plays, key=_pattern_lead_key if game.top is None else _pattern_answer_key)
        if game.top is None:
            # Lead: the lowest rank held, as many of it as possible, no jokers or 2s attached.
            def lead_key(a: Action):
                play = a.play
                if TYPE_CHECKING:  # a play or a burn: it has cards
                    assert play is not None
                rank, natural, fillers = play[:3]
                return (rank if rank >= 0 else 99, fillers + sum(play[3:]), -natural)  # jokers: 3: on
            return min(plays, key=lead_key)
        if all(a.kind == BURN for a in plays):
            return next(a for a in actions if a.kind == PASS)  # a greedy player does not risk a burn
        # Answer: the smallest play that beats, sparing jokers and 2s.
        def answer_key(a: Action):
            play = a.play
            if TYPE_CHECKING:  # a play or a burn: it has cards
                assert play is not None
            rank, natural, fillers = play[:3]
            return (sum(play[3:]), fillers, rank)  # jokers of every kind, extra kinds too
        return min(plays, key=answer_key)


def _pattern_lead_key(a: Action):
    play = a.play
    if TYPE_CHECKING:  # a play or a burn: it has cards
        assert play is not None
    kind, _length, top, lines = play[:4]
    cards = play[4:]
    return (lines, cards[13] + cards[14], -sum(cards), top, kind)  # no bomb or joker; long; low


def _pattern_answer_key(a: Action):
    play = a.play
    if TYPE_CHECKING:  # a play or a burn: it has cards
        assert play is not None
    kind, _length, top, lines = play[:4]
    cards = play[4:]
    return (lines, cards[13] + cards[14], top, kind)  # the weakest that beats, sparing bombs and jokers
