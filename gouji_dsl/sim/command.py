"""`gouji simulate` and `gouji arena`: the commands, their flags and their output files."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from gouji_dsl.bots import BOTS, BotSpecError, parse_spec
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.files import check_output_path, write_atomic

EXIT_OK = 0


def register(sub) -> None:
    p = sub.add_parser(
        "simulate", help="play many seeded games of variants and report what their rules do, with confidence "
                         "intervals; with two or more, which differences are significant",
        description="Play N seeded games of each variant between bots and report win rates by team and seat, "
                    "串三户, game length, burns, 开点, 革命, tribute and scores, each with a confidence interval. "
                    "Every variant after the first is compared with the first (played on the same seeds).")
    p.add_argument("variants", nargs="+", metavar="VARIANT|FILE",
                   help="variant names or rule files; with two or more, their differences are tested")
    p.add_argument("--games", type=int, default=1000, help="games per variant (default 1000)")
    p.add_argument("--match-games", type=int, default=4, metavar="L",
                   help="games per match: tribute carries over within a match (default 4; 1: no tribute)")
    _common(p, default_bots="heuristic")
    p.add_argument("--csv", metavar="FILE", help="write the figures as CSV")
    p.add_argument("--plot", metavar="FILE", help="draw score and length distributions and win rates: "
                   "FILE.html (a standalone page) or FILE.png (needs gouji-dsl[plot])")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser(
        "arena", help="pit bots against each other over seeded deals and print win rates with confidence intervals",
        description="Every pair of bots plays the same seeded deals twice, the teams swapped (duplicate format), "
                    "so the luck of the deal cancels out; prints each bot's win rate and score margin against "
                    "the other with confidence intervals and a p-value.")
    p.add_argument("variant", metavar="VARIANT|FILE", help="the variant the bots play: a name or a rule file")
    p.add_argument("--games", type=int, default=200, help="deals per pair of bots; each is played twice (default 200)")
    _common(p, default_bots="search,heuristic,random")
    p.set_defaults(run=cmd_arena)


def _common(p, default_bots: str) -> None:
    p.add_argument("--bots", default=default_bots, metavar="NAME,...",
                   help=f"bots: {', '.join(BOTS)}; a search bot's budget as search:N (rollouts a move). "
                        f"Default {default_bots}")
    p.add_argument("--seed", type=int, default=1, help="the seed of the deals (default 1): the same seed, the same games")
    p.add_argument("--workers", type=int, metavar="K", help="processes to play in (default: all cores)")
    p.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster (pip install 'gouji-dsl[ray]'): its "
                   "address (ray://host:10001, auto), or 'local' for a Ray instance on this machine")
    p.add_argument("--confidence", type=float, default=0.95, help="of the intervals (default 0.95)")
    p.add_argument("--json", metavar="FILE", help="write the full results as JSON")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar with an ETA on stderr (default: when stderr is a terminal)")


def _bot_list(text: str) -> list[str]:
    names = [s.strip() for s in text.split(",")]
    if not text.strip() or "" in names:
        raise UsageError(f"--bots {text!r}: name bots separated by commas", f"the bots are {', '.join(BOTS)}")
    for spec in names:
        try:
            parse_spec(spec)
        except BotSpecError as exc:
            raise UsageError(str(exc)) from None
    return names


def _check_run(args) -> None:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if not 0.5 <= args.confidence < 1:
        raise UsageError("--confidence is a share between 0.5 and 1, e.g. 0.95")
    if args.ray is not None:
        from gouji_dsl.sim.parallel import ray_module
        ray_module()  # RayError (a usage error) before any game when Ray is not installed
    if args.json:
        check_output_path(args.json, "JSON file")


def _workers(args) -> int:
    from gouji_dsl.sim.parallel import default_workers
    return args.workers if args.workers is not None else default_workers()


def cmd_simulate(args, ws) -> int:
    from gouji_dsl.sim.parallel import backend_name, chunk_size, run_shown
    from gouji_dsl.sim.runner import engine_spec, lineup_for, tasks_for
    from gouji_dsl.sim.summary import FORMAT, Totals, compare, variant_result

    _check_run(args)
    if args.match_games < 1:
        raise UsageError("--match-games must be at least 1")
    if args.csv:
        check_output_path(args.csv, "CSV file")
    if args.plot:
        _check_plot_path(args.plot)
    bots = _bot_list(args.bots)
    names = [ws.resolve_argument(v) for v in args.variants]
    if len(set(names)) != len(names):
        raise UsageError("a variant is named twice: " + ", ".join(args.variants))
    specs = [engine_spec(ws, name) for name in names]   # every file checked before any game is played
    engines = [spec.load() for spec in specs]
    try:
        lineups = [lineup_for(bots, e.RULES) for e in engines]
    except ValueError as exc:  # a number of bots that fits no seating
        raise UsageError(str(exc)) from None
    workers = _workers(args)
    matches = -(-args.games // args.match_games)
    started = time.monotonic()
    variants, totals, seconds = [], [], {}
    for name, spec, engine, lineup, arg in zip(names, specs, engines, lineups, args.variants):
        tasks = tasks_for(spec, lineup, args.seed, args.games, args.match_games,
                          chunk_size(matches, workers, most=50, shares=8))
        t = Totals()
        began = time.monotonic()
        for result in run_shown(tasks, workers, args.ray, name, args.progress):
            for match in result:
                t.add(match)
        seconds[name] = round(time.monotonic() - began, 3)
        source = name if spec.source is None else spec.origin
        result = variant_result(name, engine, source, t, args.confidence)
        result["lineup"] = list(lineup)
        variants.append(result)
        totals.append(t)
    comparisons = [compare(names[i], engines[i], totals[i], names[0], engines[0], totals[0], args.confidence)
                   for i in range(1, len(names))]
    elapsed = time.monotonic() - started
    results = {"format": FORMAT,
               "settings": {"games": args.games, "seed": args.seed, "match_games": args.match_games,
                            "bots": bots, "confidence": args.confidence},
               "variants": variants, "comparisons": comparisons,
               "timings": {"workers": workers, "backend": backend_name(workers, args.ray), "seconds": round(elapsed, 3),
                           "games_per_second": round(args.games * len(names) / elapsed, 2) if elapsed else None,
                           "variant_seconds": seconds}}
    _write_outputs(args, results)
    from gouji_dsl.sim.report import table
    sys.stdout.write(table(results))
    return EXIT_OK


def _check_plot_path(path: str) -> None:
    """Before any game: a suffix we can draw, and matplotlib for a .png."""
    import importlib.util

    from gouji_dsl.sim.plot import NO_MATPLOTLIB, PlotError, check_suffix

    check_output_path(path, "plot file")
    if check_suffix(path) == ".png" and importlib.util.find_spec("matplotlib") is None:
        raise PlotError(NO_MATPLOTLIB)


def _write_json(path: str, results: dict) -> None:
    write_atomic(path, json.dumps(results, ensure_ascii=False, indent=1) + "\n")


def _write_outputs(args, results: dict) -> None:
    if args.json:
        _write_json(args.json, results)
    if getattr(args, "csv", None):
        from gouji_dsl.sim.report import csv_text
        write_atomic(args.csv, csv_text(results))
    if getattr(args, "plot", None):
        from gouji_dsl.sim.plot import write_plot
        write_plot(results, Path(args.plot))


def cmd_arena(args, ws) -> int:
    from gouji_dsl.sim.arena import run_arena, arena_table

    _check_run(args)
    bots = _bot_list(args.bots)
    if len(bots) < 2:
        raise UsageError("an arena needs at least two bots: --bots search,heuristic")
    if len(set(bots)) != len(bots):
        raise UsageError(f"--bots names a bot twice: {args.bots}")
    name = ws.resolve_argument(args.variant)
    results = run_arena(ws, name, bots, args.games, args.seed, _workers(args), args.ray, args.confidence,
                        args.progress)
    if args.json:
        _write_json(args.json, results)
    sys.stdout.write(arena_table(results))
    return EXIT_OK
