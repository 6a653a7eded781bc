"""Random self-play through OpenSpiel (pyspiel) against the raw engine, in one run.

The raw engine plays `rng.choice(game.legal_actions())` then `apply_action` from
`new_game(seed)`; the pyspiel game plays from `new_initial_state()`: the deal's chance nodes
sampled from `chance_outcomes()` by OpenSpiel's `sample_action` (with a number from Python's
random), then `rng.choice(state.legal_actions())` and `state.apply_action`. Both count engine actions (the decisions; a pyspiel game's time
includes its deal), in interleaved slices on the same machine, so a slowdown is raw engine
actions/s over pyspiel actions/s (issue 25's target: at most 1.5x). The deal is a chance node
per seat and card kind, its outcome how many of that kind the seat gets (70 nodes in Lianzhong
and Zaozhuang, 42 in Shuangkou, against the raw engine's one shuffle; a node per card would be
216, 324, 108), each a few pyspiel calls into Python; the last column leaves its time out:
pyspiel's decisions alone against the raw engine's games (whose one shuffle, a few percent of
a game, stays in).

    python benchmarks/bench_openspiel.py [--seconds 6] [--slices 6] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import pyspiel

import gouji_dsl
from gouji_dsl.integrations.openspiel import game_name

from bench_games import Meter, selfplay_slice, timed_slice  # the same folder: run as a script

DEFAULT_VARIANTS = ("lianzhong", "zaozhuang", "shuangkou")


class DealMeter(Meter):
    """A Meter that also sums the time of the deals (the chance nodes)."""

    def __init__(self):
        super().__init__()
        self.deal_seconds = 0.0


def pyspiel_slice(meter: DealMeter, game, seconds: float, rng: random.Random) -> None:
    def play(_seed: int) -> None:
        begun = time.perf_counter()
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(pyspiel.sample_action(state.chance_outcomes(), rng.random())[0])
            meter.chance += 1
        meter.deal_seconds += time.perf_counter() - begun
        while not state.is_terminal():
            if state.is_chance_node():  # no chance node follows the deal: here for any game
                state.apply_action(pyspiel.sample_action(state.chance_outcomes(), rng.random())[0])
                meter.chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                meter.actions += 1

    timed_slice(meter, seconds, play)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(DEFAULT_VARIANTS))
    parser.add_argument("--seconds", type=float, default=6.0, help="time for each loop, split into slices")
    parser.add_argument("--slices", type=int, default=6, help="interleaved slices per loop")
    args = parser.parse_args(argv)
    print(f"{'variant':20} {'raw actions/s':>14} {'pyspiel actions/s':>18} {'slowdown':>9} "
          f"{'games (raw/pyspiel)':>20} {'chance nodes/game':>18} {'without the deal':>17}")
    worst = 0.0
    for variant in args.variants:
        engine = gouji_dsl.engine(variant)
        game = pyspiel.load_game(game_name(variant))
        raw, through = Meter(), DealMeter()
        raw_rng, spiel_rng = random.Random(1), random.Random(1)
        for _ in range(args.slices):
            selfplay_slice(raw, engine.new_game, args.seconds / args.slices, raw_rng)
            pyspiel_slice(through, game, args.seconds / args.slices, spiel_rng)
        slowdown = raw.rate() / through.rate()
        worst = max(worst, slowdown)
        decisions = raw.rate() / (through.actions / (through.seconds - through.deal_seconds))
        print(f"{variant:20} {raw.rate():14,.0f} {through.rate():18,.0f} {slowdown:8.2f}x "
              f"{f'{raw.games}/{through.games}':>20} {through.chance / through.games:18,.0f} {decisions:16.2f}x")
    print(f"worst slowdown: {worst:.2f}x (target: at most 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
