"""search: determinized Monte-Carlo search over the engine, seeing only what its seat may see.

Each decision the bot deals the hands it cannot see anew (`resample_from_infostate`), tries its
candidate actions on that deal and plays every seat to the end with the heuristic bot, and
compares the seat's returns. It never reads another seat's hand from the real game.

- Candidates: every legal action when there are few, else the heuristic's best-first
  `candidates(game, k)` plus the non-play actions (pass, defer) that are legal. The first is
  the heuristic's own choice: the default.
- Where: the decisions that decide places (`worth_searching`): the end of the game (四户乱缠, a
  hand of ENDGAME_CARDS or fewer, an opponent NEAR_OUT_CARDS from going out) and every burn. Elsewhere
  it plays its own heuristic choice at no cost, which keeps a game at well under a second of CPU.
- Common random numbers: every candidate still in the running is tried on the same deal, and
  the rollout players are deterministic (the heuristic's middle style), so candidates are
  compared pair by pair, which is far less noisy.
- Half the budget picks a challenger by successive halving (rounds of deals, the worse half
  dropped after each); the other half plays the challenger and the default on fresh deals, and
  the bot leaves the default only when the challenger's mean gain there is clearly above zero
  (SWITCH_Z standard errors). Rollouts end in coarse scores and the best of several noisy means
  looks better than it is: a bot that followed the plain best mean lost to the heuristic.
- `budget` counts rollouts a decision, over all candidates (about: every round takes at least
  one deal). A decision with one legal action costs none.
"""
from __future__ import annotations

import math
import random

from gouji_dsl.bots.heuristic import DEFAULT_STYLE, HeuristicBot as RolloutBot
from gouji_dsl.runtime.game import BURN, PLAY, Action, Game

DEFAULT_BUDGET = 16
FEW_ACTIONS = 8   # at most this many legal actions: all of them are candidates
CANDIDATES = 7    # else: this many of the rollout bot's best plays (plus pass and defer)
SWITCH_Z = 2.0    # leave the default only for a mean gain this many standard errors above 0
SELECT_SHARE = 50  # per cent of the budget that picks the challenger; the rest confirms it
ENDGAME_CARDS = 12  # my hand this small and the places are being decided: search
NEAR_OUT_CARDS = 8  # an opponent this close to going out: search (with my hand still large, rollouts are long)


class SearchBot:
    name = "search"
    takes_budget = True

    def __init__(self, seed=None, budget: int = DEFAULT_BUDGET):
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError(f"the search budget is a whole number of rollouts, at least 1, not {budget!r}")
        self.rng = random.Random(seed)
        self.budget = budget
        self.player = RolloutBot(seed=seed)  # its own choice where no search is worth its cost

    def worth_searching(self, game: Game, legal: list[Action]) -> bool:
        """Search where a decision decides places: the end of the game (四户乱缠, a hand of
        ENDGAME_CARDS or fewer, an opponent NEAR_OUT_CARDS from going out), and every burn.
        Elsewhere the heuristic's choice is as good as a few noisy rollouts, at no cost."""
        if game.phase != "play":
            return False
        r = game.r
        me = game.current_player()
        if getattr(game, "chaos", False) or sum(game.hands[me - 1]) <= ENDGAME_CARDS:
            return True
        if any(a.kind == BURN for a in legal):
            return True
        team = r.teams[me]
        return any(r.teams[s] != team and s not in game.place_of and sum(game.hands[s - 1]) <= NEAR_OUT_CARDS
                   for s in range(1, r.players + 1))

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not self.worth_searching(game, legal):
            return self.player.act(game)
        candidates = self.candidates(game, legal)[:max(1, self.budget)]
        if len(candidates) == 1:
            return candidates[0]
        return self.choose(game, candidates)

    # --- candidates ---------------------------------------------------------------------------

    def candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        """The actions worth searching, the rollout bot's choice first: all of them when there
        are few, else its best plays and every legal action that is not a play (pass, defer)."""
        wanted = len(legal) if len(legal) <= FEW_ACTIONS else CANDIDATES
        ranked = self.player.candidates(game, wanted)
        return ranked + [a for a in legal if a.kind not in (PLAY, BURN) and a not in ranked]

    # --- the search ---------------------------------------------------------------------------

    def choose(self, game: Game, candidates: list[Action]) -> Action:
        """The default (the first candidate, the rollout bot's own choice) unless another beats
        it clearly. Half the budget picks the challenger (successive halving); the other half
        compares it with the default on fresh deals, so the luck that made it look best in the
        first half (the best of several noisy means is biased up) does not count."""
        default = candidates[0]
        spent = 0
        if len(candidates) == 2:
            challenger = candidates[1]
        else:
            values = self.evaluate(game, candidates, self.budget * SELECT_SHARE // 100)
            spent = sum(len(v) for v in values.values())
            finalists = [a for a in candidates if len(values[a]) == len(values[default])]  # alive to the end
            challenger = max(finalists, key=lambda a: _mean(values[a]))  # ties: the earlier
            if challenger is default:
                return default
        values = self.evaluate(game, [default, challenger], max(4, self.budget - spent))
        diffs = [values[challenger][deal] - values[default][deal] for deal in values[default]]
        return challenger if _clearly_positive(diffs) else default

    def evaluate(self, game: Game, candidates: list[Action], budget: int) -> dict[Action, dict[int, float]]:
        """Per candidate, {deal number: normalized rollout value} over about `budget` rollouts:
        successive halving with common random numbers. Every candidate alive in a round is tried
        on the same deals; the first is never dropped, so every other can be compared with it."""
        seat = game.current_player()
        low, high = (float(x) for x in game.utility_bounds())
        scale = (high - low) or 1.0
        values: dict[Action, dict[int, float]] = {a: {} for a in candidates}
        alive = list(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        left, deal = budget, 0
        for round_no in range(rounds):
            deals = max(1, left // (rounds - round_no) // len(alive))  # at least one deal a round
            for _ in range(deals):
                det = game.resample_from_infostate(seat, self.rng)
                for action in alive:
                    values[action][deal] = (self.rollout(det, action, seat) - low) / scale
                deal += 1
            left -= deals * len(alive)
            if round_no < rounds - 1:
                ranked = sorted(alive[1:], key=lambda a: -_mean(values[a]))  # stable: ties keep the order
                alive = [alive[0]] + ranked[:max(1, len(alive) // 2)]
        return values

    @staticmethod
    def rollout(det: Game, action: Action, seat: int) -> float:
        """`seat`'s return after `action` on a copy of the deal `det`, every seat then played
        by the rollout bot (deterministic: every candidate meets the same players)."""
        game = det.clone()
        game.apply_action(action)
        # Every seat in the middle style: the rollouts measure the candidate, not a style drawn
        # for one of them (the same deal then plays the same way after the same action).
        bots = [RolloutBot(style=DEFAULT_STYLE) for _ in range(game.r.players)]
        while not game.is_terminal():
            game.apply_action(bots[game.current_player() - 1].act(game))
        return float(game.returns()[seat - 1])


def _clearly_positive(diffs: list[float]) -> bool:
    """Is the mean of these paired differences above 0 by SWITCH_Z standard errors?"""
    if len(diffs) < 2:
        return False
    mean = _mean(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    return mean > 0 and mean > SWITCH_Z * spread / math.sqrt(len(diffs))


def _mean(values: dict[int, float] | list[float]) -> float:
    numbers = list(values.values()) if isinstance(values, dict) else values
    return sum(numbers) / len(numbers) if numbers else -math.inf
