"""Engine throughput: generated modules against the reference interpreter.

Prints, per variant, calls per second of classify, beats, answers and plays
for the generated engine and the interpreter, measured in the same run on the
same inputs, and their ratio. The inputs come from each engine's own API, so
every variant works, Gouji's one-rank plays and Shuangkou's patterns alike:
hands dealt from `deck()` (the variant's cards and hand size), leads drawn from
`plays()` of another dealt hand, and the written cards `classify` reads made
by `parse_cards(format_cards(play))`.

A measurement runs for about `--seconds`, checked after every call, so it takes
at least one call: a Shuangkou interpreter's `plays` or `answers` on a dealt
hand takes seconds, and tens of seconds with wild jokers (shuangkou-baibian,
shuangkou-qianbian), which is then what its line takes.

    python benchmarks/bench_engines.py [--seconds 0.5] [--seed 1] [--samples 60] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import gouji_dsl
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import engine_variants


def deal(rng: random.Random, counts: tuple, players: int, each: int) -> list[tuple]:
    """One shuffled deal of the deck (`counts` copies of each card kind): `each` cards a seat."""
    deck = [kind for kind, copies in enumerate(counts) for _ in range(copies)]
    rng.shuffle(deck)
    hands = []
    for p in range(players):
        hand = [0] * len(counts)
        for card in deck[p * each:(p + 1) * each]:
            hand[card] += 1
        hands.append(tuple(hand))
    return hands


def inputs(engine, rng: random.Random, count: int) -> list[tuple]:
    """(hand, lead, written cards of a play) triples from fresh deals, through the engine's API."""
    counts, each = engine.deck()
    out = []
    while len(out) < count:
        hands = deal(rng, counts, engine.PLAYERS, each)
        for i, hand in enumerate(hands):
            lead = rng.choice(engine.plays(hands[(i + 1) % len(hands)]))
            written = engine.parse_cards(engine.format_cards(rng.choice(engine.plays(hand))))
            out.append((hand, lead, written))
    return out[:count]


def rate(fn, args_list, seconds: float) -> float:
    """Calls per second of fn over the argument tuples, cycling for about `seconds`
    (checked after each call: one call at least)."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for args in args_list:
            fn(*args)
            calls += 1
            now = time.perf_counter()
            if now >= deadline:
                return calls / (now - start)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=60, help="distinct inputs per measurement")
    args = parser.parse_args(argv)
    ws = Workspace()
    good, diags = engine_variants(ws, args.variants or ws.names())
    if diags:
        print("rule files have errors: run gouji check", file=sys.stderr)
        return 1
    print(f"{'variant':<20}{'function':<10}{'generated/s':>14} {'reference/s':>14} {'ratio':>14}")
    for name in good:
        gen, ref = gouji_dsl.engine(name), gouji_dsl.reference_engine(name)
        rng = random.Random(args.seed)
        data = inputs(gen, rng, args.samples)
        leads = [lead for _h, lead, _c in data]
        cases = {
            "classify": [(cards,) for _h, _l, cards in data],
            "beats": [(leads[i], leads[i - 1]) for i in range(len(leads))],
            "answers": [(hand, lead) for hand, lead, _c in data],
            "plays": [(hand,) for hand, _l, _c in data],
        }
        for fn, arglist in cases.items():
            g = rate(getattr(gen, fn), arglist, args.seconds)
            r = rate(getattr(ref, fn), arglist, args.seconds)
            print(f"{name:<20}{fn:<10}{g:>14,.0f} {r:>14,.2f} {g / r:>13,.1f}x")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
