"""The search bot against the heuristic bot: strength in the duplicate format and CPU a game.

Plays `gouji arena`'s duplicate format (each deal twice, the teams swapped) between the search bot
and the heuristic over `--deals` deals of a variant, through the arena's own code, in worker
processes, and prints the arena's figures with the CPU each game cost: the CPU of the search
games and, in the same run, of the same deals played by six heuristic bots (the baseline), and
their ratio. The target of the search bot is a margin significantly above 0 over at least 200
deals at no more than 1 s of CPU a game on average.

    python benchmarks/bench_bots.py [--variant lianzhong] [--deals 200] [--workers 2] [--seed 1]
"""
from __future__ import annotations

import argparse
import resource
import time

from gouji_dsl.lang.loader import Workspace
from gouji_dsl.sim.arena import arena_table, run_arena
from gouji_dsl.sim.report import p_text

TARGET_CPU_SECONDS = 1.0


def cpu_seconds() -> float:
    """The CPU of this process and of its finished worker processes, user and system."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_arena(variant: str, bots: list[str], deals: int, seed: int, workers: int) -> tuple[dict, float]:
    """The arena's results and the CPU a game it took (worker processes included)."""
    before = cpu_seconds()
    results = run_arena(Workspace(), variant, bots, deals, seed, workers, None, 0.95, None)
    return results, (cpu_seconds() - before) / (2 * deals)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="lianzhong")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--search", default="search", help="the search bot's spec (search:N for N rollouts a decision)")
    args = ap.parse_args()
    started = time.monotonic()
    results, search_cpu = timed_arena(args.variant, [args.search, "heuristic"], args.deals, args.seed, args.workers)
    _, baseline_cpu = timed_arena(args.variant, ["heuristic", "heuristic"], args.deals, args.seed, args.workers)
    print(arena_table(results), end="")
    pair = results["pairs"][0]
    print(f"CPU a game: {args.search} vs heuristic {search_cpu:.3f} s, heuristic vs heuristic {baseline_cpu:.4f} s "
          f"(ratio {search_cpu / baseline_cpu:.0f}x); target at most {TARGET_CPU_SECONDS:.1f} s: "
          f"{'met' if search_cpu <= TARGET_CPU_SECONDS else 'NOT met'}")
    print(f"stronger: {pair['stronger'] or 'no significant difference'} (margin p {p_text(pair['p'])}); "
          f"wall {time.monotonic() - started:.0f} s on {args.workers} workers")


if __name__ == "__main__":
    main()
