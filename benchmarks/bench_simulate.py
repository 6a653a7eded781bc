"""`gouji simulate`'s throughput: games/s on one core and on all cores, how the wall time of a
fixed workload scales from 1 to 2 workers, and Ray (a local instance) against plain processes
(each the best of two runs).

The workload is the one `gouji simulate` plays (heuristic bots at every seat by default,
matches of 4), through the same tasks and executor (gouji_dsl.sim.parallel.execute). Ray's
start-up is timed apart from its steady state: a cluster is started once and then used for
many runs. All figures in one run on the same machine, so their ratios compare like with like.

    python benchmarks/bench_simulate.py [--games 400] [--bots heuristic] [--ray] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import time

from gouji_dsl.lang.loader import Workspace
from gouji_dsl.sim.parallel import chunk_size, default_workers, execute
from gouji_dsl.sim.runner import engine_spec, lineup_for, tasks_for

DEFAULT_VARIANTS = ("lianzhong", "zaozhuang", "shuangkou")


def wall(spec, lineup, games: int, workers: int, ray_address=None) -> float:
    tasks = tasks_for(spec, lineup, 1, games, 4, chunk_size(games // 4, workers, most=50, shares=8))
    start = time.perf_counter()
    for _ in execute(tasks, workers, ray_address):
        pass
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=DEFAULT_VARIANTS)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--ray", action="store_true", help="also time a local Ray instance")
    args = ap.parse_args()
    ws = Workspace.for_user()
    cores = default_workers()
    ray = None
    if args.ray:
        import ray as ray_module
        ray = ray_module
        start = time.perf_counter()
        ray.init(num_cpus=cores, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
        print(f"ray.init (a local instance, {cores} CPUs): {time.perf_counter() - start:.1f} s, once")
    print(f"{args.games} games a run, bots {args.bots}, {cores} cores")
    print(f"{'variant':<12} {'1 worker':>14} {f'{cores} workers':>14} {'speed-up':>9}"
          + (f" {'ray':>14} {'ray/processes':>14}" if ray else ""))
    for name in args.variants:
        spec = engine_spec(ws, ws.resolve_argument(name))
        lineup = lineup_for(args.bots.split(","), spec.load().RULES)
        # Warm the engine's caches in this process (forked workers inherit them), so that the
        # 1-worker run does not pay for what the others get for free.
        wall(spec, lineup, max(8, args.games // 2), 1)
        # Best of two runs each: a burst of load on the machine then spoils one run, not a figure.
        one, many = min(wall(spec, lineup, args.games, 1) for _ in "ab"), 1e9
        for _ in "ab":
            many = min(many, wall(spec, lineup, args.games, cores))
        line = (f"{name:<12} {args.games / one:>8.1f} g/s   {args.games / many:>8.1f} g/s   {one / many:>7.2f}x")
        if ray:
            on_ray = min(wall(spec, lineup, args.games, cores, "local") for _ in "ab")
            line += f" {args.games / on_ray:>8.1f} g/s   {on_ray / many:>12.2f}x"
        print(line, flush=True)
    if ray:
        ray.shutdown()


if __name__ == "__main__":
    main()
