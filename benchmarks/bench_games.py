"""Self-play throughput: whole random games per second and actions per second.

For each variant, the generated engine and the reference interpreter play
random legal actions from the same seeds in the same run; when `rlcard` is
installed (it is not a project dependency), RLCard's Dou Dizhu raw game
(init_game + step with random legal actions) is measured in the same run as
a yardstick.

    python benchmarks/bench_games.py [--seconds 4] [--reference-seconds 2] [--slices 4] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import gouji_dsl
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import engine_variants


class Meter:
    """Games and actions (and chance nodes, where a loop has them) over time, accumulated
    across interleaved slices."""

    def __init__(self):
        self.games = self.actions = self.chance = 0
        self.seconds = 0.0

    def result(self) -> tuple[float, float, int]:
        return self.games / self.seconds, self.actions / self.seconds, self.games

    def rate(self) -> float:
        """Actions per second."""
        return self.actions / self.seconds


def timed_slice(meter: Meter, seconds: float, play_game, clock=time.perf_counter) -> None:
    """Whole games, `play_game(seed)` counting its actions into `meter`, for about `seconds`
    more of `clock` (seeds continue from the meter's games, so every loop plays the same deals)."""
    start = clock()
    while True:
        play_game(meter.games)
        meter.games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            meter.seconds += elapsed
            return


def selfplay_slice(meter: Meter, new_game, seconds: float, rng: random.Random, clock=time.perf_counter) -> None:
    """Play random legal actions in whole games for about `seconds` more."""
    def play(seed: int) -> None:
        game = new_game(seed=seed)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
            meter.actions += 1

    timed_slice(meter, seconds, play, clock)


def rlcard_new_game():
    """RLCard's Dou Dizhu raw game behind the same interface, or None if not installed."""
    try:
        from rlcard.games.doudizhu.game import DoudizhuGame
    except ImportError:
        return None
    import numpy as np

    class Adapter:
        def __init__(self, seed):
            self.game = DoudizhuGame(allow_step_back=False)
            self.game.np_random = np.random.RandomState(seed)
            self.state, _ = self.game.init_game()

        def is_terminal(self):
            return self.game.is_over()

        def legal_actions(self):
            return self.state["actions"]

        def apply_action(self, action):
            self.state, _ = self.game.step(action)

    return lambda seed: Adapter(seed)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--seconds", type=float, default=4.0, help="time for each generated engine and for RLCard")
    parser.add_argument("--reference-seconds", type=float, default=2.0,
                        help="time for each reference interpreter (0: leave it out; a Shuangkou game with wild "
                             "jokers can take it minutes)")
    parser.add_argument("--slices", type=int, default=4,
                        help="measure in this many interleaved slices, so that machine noise hits all alike")
    args = parser.parse_args(argv)
    ws = Workspace()
    good, diags = engine_variants(ws, args.variants or ws.names())
    if diags:
        print("rule files have errors: run gouji check", file=sys.stderr)
        return 1
    engines = {name: (gouji_dsl.engine(name).new_game, gouji_dsl.reference_engine(name).new_game) for name in good}
    rl = rlcard_new_game()
    meters = {("rlcard", "gen"): Meter()} if rl else {}
    with_reference = args.reference_seconds > 0
    for name in engines:
        meters[(name, "gen")] = Meter()
        if with_reference:
            meters[(name, "ref")] = Meter()
    rng = random.Random(0)
    for _ in range(args.slices):
        if rl:
            selfplay_slice(meters[("rlcard", "gen")], lambda seed: rl(seed), args.seconds / args.slices, rng)
        for name, (gen, ref) in engines.items():
            selfplay_slice(meters[(name, "gen")], gen, args.seconds / args.slices, rng)
            if with_reference:
                selfplay_slice(meters[(name, "ref")], ref, args.reference_seconds / args.slices, rng)
    yardstick = meters[("rlcard", "gen")].result() if rl else None
    if yardstick:
        print(f"RLCard Dou Dizhu (raw game, random legal actions): {yardstick[0]:,.1f} games/s, "
              f"{yardstick[1]:,.0f} actions/s ({yardstick[2]} games)")
    else:
        print("RLCard is not installed: no yardstick (pip install rlcard to add it)")
    header = f"{'variant':<20}{'gen games/s':>12}{'gen actions/s':>15}{'ref actions/s':>15}{'gen/ref':>9}"
    if yardstick:
        header += f"{'gen/RLCard':>12}"
    print(header)
    for name in engines:
        g_games, g_actions, _ = meters[(name, "gen")].result()
        line = f"{name:<20}{g_games:>12,.1f}{g_actions:>15,.0f}"
        if with_reference:
            _r_games, r_actions, _ = meters[(name, "ref")].result()
            line += f"{r_actions:>15,.0f}{g_actions / r_actions:>8.1f}x"
        else:
            line += f"{'-':>15}{'-':>9}"
        if yardstick:
            line += f"{g_actions / yardstick[1]:>11.1f}x"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
