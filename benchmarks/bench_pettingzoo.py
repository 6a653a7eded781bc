"""Random self-play through the PettingZoo environment against the raw engine, in one run.

The raw engine plays `rng.choice(game.legal_actions())` then `apply_action`; the environment
plays the PettingZoo loop (agent_iter, last() with the observation, a uniform legal id drawn
from `info["legal_count"]`, step), once bare (`raw_env`) and once as `env` (with PettingZoo's
OrderEnforcingWrapper); and `env` once more with `last(observe=False)`, the loop of an agent
that reads no tensor (the environment's own cost). The loops run in interleaved slices, so
that machine noise hits all alike, on the same seeds; a slowdown is raw engine actions/s over
environment actions/s (issue 25's target for the `env` loop: at most 1.5x). Time is this process's
CPU time: on a machine shared with other work, wall time counts the others' turns too.

    python benchmarks/bench_pettingzoo.py [--seconds 6] [--slices 6] [--observation observation] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import gouji_dsl
from gouji_dsl.integrations.pettingzoo import env, raw_env

from bench_games import Meter, selfplay_slice, timed_slice  # the same folder: run as a script

DEFAULT_VARIANTS = ("lianzhong", "zaozhuang", "shuangkou")


def raw_slice(meter: Meter, engine, seconds: float, rng: random.Random) -> None:
    selfplay_slice(meter, engine.new_game, seconds, rng, clock=time.process_time)


def env_slice(meter: Meter, environment, seconds: float, rng: random.Random, observe: bool = True) -> None:
    def play(seed: int) -> None:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            _observation, _reward, terminated, truncated, info = environment.last(observe)
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(rng.randrange(info["legal_count"]))
            meter.actions += 1

    timed_slice(meter, seconds, play, clock=time.process_time)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(DEFAULT_VARIANTS))
    parser.add_argument("--seconds", type=float, default=6.0, help="time for each of the three loops per variant")
    parser.add_argument("--slices", type=int, default=6, help="interleaved slices per loop")
    parser.add_argument("--observation", default="observation",
                        choices=("observation", "information_state", "compact_information_state"),
                        help="the tensor the environment observes")
    args = parser.parse_args(argv)
    rows = []
    for name in args.variants:
        loops = {
            "raw engine": (raw_slice, gouji_dsl.engine(name), ()),
            "raw_env": (env_slice, raw_env(name, observation=args.observation), ()),
            "env": (env_slice, env(name, observation=args.observation), ()),
            "env, no tensor": (env_slice, env(name, observation=args.observation), (False,)),
        }
        meters = {label: Meter() for label in loops}
        rngs = {label: random.Random(0) for label in loops}
        for _ in range(args.slices):
            for label, (run, subject, extra) in loops.items():
                run(meters[label], subject, args.seconds / args.slices, rngs[label], *extra)
        rows.append((name, {label: meter.rate() for label, meter in meters.items()}))
    print(f"random self-play: actions/s, and the slowdown against the raw engine "
          f"(the {args.observation} tensor built in every last() but the last column's)")
    labels = list(rows[0][1]) if rows else []
    print(f"{'variant':<14}" + "".join(f"{label:>18}" for label in labels))
    for name, rate in rows:
        raw = rate["raw engine"]
        cells = [f"{rate[label]:>9,.0f}" + (f" ({raw / rate[label]:.2f}x)" if label != "raw engine" else " " * 8)
                 for label in labels]
        print(f"{name:<14}" + "".join(f"{cell:>18}" for cell in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
