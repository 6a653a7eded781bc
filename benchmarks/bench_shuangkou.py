"""Shuangkou engines: self-play throughput against RLCard's Dou Dizhu, and the cost of wilds.

Two tables, measured in one run:
1. random self-play (whole games, random legal actions) of each Shuangkou variant's
   generated engine and of RLCard's Dou Dizhu raw game (a climbing game of the same
   shape: runs, bombs), in interleaved slices so that machine noise hits all alike;
   actions/s and the ratio to RLCard;
2. `plays(hand)` and `answers(hand, lead)` on 27-card 千变 hands holding all four
   jokers (wild), in microseconds per call (median of per-hand means), with the
   number of distinct plays such a hand has.

    python benchmarks/bench_shuangkou.py [--seconds 6] [--slices 6] [--hands 40]

RLCard is not a project dependency: `pip install rlcard` to get the yardstick.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import gouji_dsl
from bench_games import Meter, rlcard_new_game, selfplay_slice  # the same folder: run as a script

VARIANTS = ("shuangkou", "shuangkou-baibian", "shuangkou-qianbian")


def four_joker_hands(rng: random.Random, count: int) -> list[tuple]:
    """27-card hands from two decks holding both small and both big jokers."""
    deck = [i for i in range(13) for _ in range(8)]
    hands = []
    for _ in range(count):
        rng.shuffle(deck)
        counts = [0] * 13 + [2, 2]
        for card in deck[:23]:
            counts[card] += 1
        hands.append(tuple(counts))
    return hands


def per_call_us(fn, args, repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        fn(*args)
    return (time.perf_counter() - start) / repeats * 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="self-play time for each engine and for RLCard")
    parser.add_argument("--slices", type=int, default=6)
    parser.add_argument("--hands", type=int, default=40, help="27-card hands with four wild jokers to time")
    args = parser.parse_args(argv)
    engines = {name: gouji_dsl.engine(name) for name in VARIANTS}
    rl = rlcard_new_game()
    meters = {name: Meter() for name in (("rlcard",) if rl else ()) + VARIANTS}
    rng = random.Random(0)
    for _ in range(args.slices):
        if rl:
            selfplay_slice(meters["rlcard"], rl, args.seconds / args.slices, rng)
        for name, engine in engines.items():
            selfplay_slice(meters[name], engine.new_game, args.seconds / args.slices, rng)
    yardstick = meters["rlcard"].result() if rl else None
    if yardstick:
        print(f"RLCard Dou Dizhu (raw game, random legal actions): {yardstick[0]:,.1f} games/s, "
              f"{yardstick[1]:,.0f} actions/s ({yardstick[2]} games)")
    else:
        print("RLCard is not installed: no yardstick (pip install rlcard to add it)")
    header = f"{'variant':<22}{'games/s':>10}{'actions/s':>12}{'games':>8}"
    print(header + (f"{'vs RLCard':>11}" if yardstick else ""))
    for name in VARIANTS:
        games, actions, played = meters[name].result()
        line = f"{name:<22}{games:>10,.1f}{actions:>12,.0f}{played:>8}"
        print(line + (f"{actions / yardstick[1]:>10.1f}x" if yardstick else ""))

    qianbian = engines["shuangkou-qianbian"]
    hands = four_joker_hands(random.Random(1), args.hands)
    sizes, plays_us, answers_us = [], [], []
    for hand in hands:
        plays = qianbian.plays(hand)
        sizes.append(len(plays))
        plays_us.append(per_call_us(qianbian.plays, (hand,), 3))
        lead = random.Random(len(plays)).choice(plays)
        answers_us.append(per_call_us(qianbian.answers, (hand, lead), 3))
    print()
    print(f"千变, 27-card hands with all four jokers wild ({args.hands} hands):")
    print(f"  distinct plays per hand: median {statistics.median(sizes):,.0f} (min {min(sizes):,}, max {max(sizes):,})")
    print(f"  plays(hand):        median {statistics.median(plays_us):,.0f} µs per call (max {max(plays_us):,.0f})")
    print(f"  answers(hand, lead): median {statistics.median(answers_us):,.0f} µs per call (max {max(answers_us):,.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
