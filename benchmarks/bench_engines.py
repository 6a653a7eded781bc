"""Engine throughput: generated modules against the reference interpreter.

Prints, per variant, calls per second of classify, beats, answers and plays
for the generated engine and the interpreter, measured in the same run on the
same inputs (dealt hands of the variant's size, leads drawn from other dealt
hands), and their ratio.

    python benchmarks/bench_engines.py [--seconds 0.5] [--seed 1] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import gouji_dsl
import gouji_dsl.runtime.cards
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import engine_variants


def deal(rng: random.Random, decks: int, players: int, each: int) -> list[tuple]:
    deck = [i for i in range(13) for _ in range(4 * decks)] + [13] * decks + [14] * decks
    rng.shuffle(deck)
    hands = []
    for p in range(players):
        counts = [0] * 15
        for card in deck[p * each:(p + 1) * each]:
            counts[card] += 1
        hands.append(tuple(counts))
    return hands


def inputs(engine, variant, rng: random.Random, count: int):
    """(hand, lead, cards-of-a-play) triples from fresh deals."""
    t = variant.table
    out = []
    while len(out) < count:
        hands = deal(rng, t.decks, t.players, t.cards_per_player)
        for i, hand in enumerate(hands):
            other = hands[(i + 1) % len(hands)]
            lead = rng.choice(engine.plays(other))
            out.append((hand, lead, gouji_dsl.runtime.cards.cards_of(rng.choice(engine.plays(hand)))))
    return out[:count]


def rate(fn, args_list, seconds: float) -> float:
    """Calls per second of fn over the argument tuples, cycling for about `seconds`."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for args in args_list:
            fn(*args)
        calls += len(args_list)
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
    print(f"{'variant':<20}{'function':<10}{'generated/s':>14}{'reference/s':>14}{'ratio':>9}")
    for name, variant in good.items():
        gen, ref = gouji_dsl.engine(name), gouji_dsl.reference_engine(name)
        rng = random.Random(args.seed)
        data = inputs(gen, variant, rng, args.samples)
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
            print(f"{name:<20}{fn:<10}{g:>14,.0f}{r:>14,.0f}{g / r:>8.1f}x")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
