"""`gouji simulate` and `gouji arena`: the commands, their flags and their output files."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from gouji_dsl.bots import BOTS, BotSpecError, parse_spec
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.engines import apart
from gouji_dsl.files import OutputOption, write_atomic
from gouji_dsl.messages import msg, text

EXIT_OK = 0
# The longest run a command takes: ten million games is hours to days of play (a few hundred
# games a second a core), in memory that does not grow with the run. The arena keeps a row a deal
# for its paired tests (about 600 bytes with the columns made from it), so its cap is lower: a
# pair of bots at the cap needs about 150 MB. More is a usage error: run again with another --seed.
MAX_GAMES = 10_000_000
MAX_DEALS = 250_000


def register(sub) -> None:
    p = sub.add_parser("simulate", help=text("commands.simulate.help"),
                       description=text("commands.simulate.description"))
    p.add_argument("variants", nargs="+", metavar="VARIANT|FILE", help=text("commands.simulate.help_variants"))
    p.add_argument("--games", type=int, default=1000, help=text("commands.simulate.help_games"))
    p.add_argument("--match-games", type=int, default=4, metavar="L", help=text("commands.simulate.help_match_games"))
    _common(p, default_bots="heuristic")
    p.add_argument("--csv", metavar="FILE", action=OutputOption, what=msg("commands.simulate.csv_file"),
                   help=text("commands.simulate.help_csv"))
    p.add_argument("--plot", metavar="FILE", action=OutputOption, what=msg("commands.simulate.plot_file"),
                   help=text("commands.simulate.help_plot"))
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("arena", help=text("commands.arena.help"), description=text("commands.arena.description"))
    p.add_argument("variant", metavar="VARIANT|FILE", help=text("commands.arena.help_variant"))
    p.add_argument("--games", type=int, default=200, help=text("commands.arena.help_games"))
    _common(p, default_bots="search,heuristic,random")
    p.set_defaults(run=cmd_arena)


def _common(p, default_bots: str) -> None:
    p.add_argument("--bots", default=default_bots, metavar="NAME,...",
                   help=text("commands.simulate.help_bots", bots=", ".join(BOTS), default=default_bots))
    p.add_argument("--seed", type=int, default=1, help=text("cli.help.play_seed"))
    p.add_argument("--workers", type=int, metavar="K", help=text("commands.simulate.help_workers"))
    p.add_argument("--ray", metavar="ADDRESS", help=text("commands.simulate.help_ray"))
    p.add_argument("--confidence", type=float, default=0.95, help=text("commands.simulate.help_confidence"))
    p.add_argument("--json", metavar="FILE", action=OutputOption, what=msg("commands.simulate.json_file"),
                   help=text("commands.simulate.help_json"))
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help=text("commands.simulate.help_progress"))


def _bot_list(written: str) -> list[str]:
    names = [s.strip() for s in written.split(",")]
    if not written.strip() or "" in names:
        raise UsageError(msg("commands.simulate.bots_commas", written=written),
                         msg("commands.simulate.bots_are", bots=", ".join(BOTS)))
    for spec in names:
        try:
            parse_spec(spec)
        except BotSpecError as exc:
            raise UsageError(exc.args[0]) from None  # the catalogue's message
    return names


def _check_run(args, most: int) -> None:
    if args.games < 1:
        raise UsageError(msg("cli.play.games_at_least_one"))
    if args.games > most:
        raise UsageError(msg("commands.simulate.games_at_most", games=args.games, most=most),
                         msg("commands.simulate.games_at_most_hint"))
    if args.workers is not None and args.workers < 1:
        raise UsageError(msg("commands.simulate.workers_at_least_one"))
    if not 0.5 <= args.confidence < 1:
        raise UsageError(msg("commands.simulate.confidence_range"))
    if args.ray is not None:
        from gouji_dsl.sim.parallel import ray_module
        ray_module()  # RayError (a usage error) before any game when Ray is not installed


def _workers(args) -> int:
    """The worker processes to start: --workers, at most one a core of this machine (more only
    share the cores and cost memory), saying so; a Ray cluster's own CPUs are its business."""
    from gouji_dsl.sim.parallel import default_workers
    cores = default_workers()
    if args.workers is None:
        return cores
    if args.workers > cores and args.ray in (None, "local"):
        print(text("commands.simulate.workers_capped", workers=args.workers, cores=cores), file=sys.stderr)
        return cores
    return args.workers


def cmd_simulate(args, ws) -> int:
    from gouji_dsl.sim.parallel import backend_name, chunk_size, run_shown
    from gouji_dsl.sim.runner import engine_spec, lineup_for, tasks_for
    from gouji_dsl.sim.summary import Side, Totals, results as results_of

    _check_run(args, MAX_GAMES)
    if args.match_games < 1:
        raise UsageError(msg("commands.simulate.match_games_at_least_one"))
    if args.plot is not None:
        _check_plot_path(args.plot)
    bots = _bot_list(args.bots)
    # Each file in a workspace of its own (engines.apart): a/club.gouji and b/club.gouji are two variants.
    spaces = [ws] + [apart(ws) for _ in args.variants[1:]]
    names = [space.resolve_argument(v) for space, v in zip(spaces, args.variants)]
    specs = [engine_spec(space, name) for space, name in zip(spaces, names)]  # every file checked before any game
    if len({spec.identity or spec.name for spec in specs}) != len(specs):  # one variant (one file) named twice
        raise UsageError(msg("commands.simulate.variant_twice", variants=", ".join(args.variants)))
    engines = [spec.load() for spec in specs]
    try:
        lineups = [lineup_for(bots, e.RULES) for e in engines]
    except ValueError as exc:  # a number of bots that fits no seating
        raise UsageError(exc.args[0]) from None  # the catalogue's message (runner.lineup_for)
    workers = _workers(args)
    matches = -(-args.games // args.match_games)
    started = time.monotonic()
    sides, seconds = [], {}
    for name, spec, engine, lineup, arg in zip(names, specs, engines, lineups, args.variants):
        tasks = tasks_for(spec, lineup, args.seed, args.games, args.match_games,
                          chunk_size(matches, workers, most=50, shares=8))
        t = Totals()
        began = time.monotonic()
        for result in run_shown(tasks, args.games, workers, args.ray, name, args.progress):
            for match in result:
                t.add(match)
        seconds[name] = round(time.monotonic() - began, 3)
        sides.append(Side(name, engine, name if spec.source is None else spec.origin, t, lineup))
    elapsed = time.monotonic() - started
    results = results_of(
        sides, {"games": args.games, "seed": args.seed, "match_games": args.match_games, "bots": bots,
                "confidence": args.confidence},
        {"workers": workers, "backend": backend_name(workers, args.ray), "seconds": round(elapsed, 3),
         "games_per_second": round(args.games * len(names) / elapsed, 2) if elapsed else None,
         "variant_seconds": seconds}, args.confidence)
    _write_outputs(args, results)
    from gouji_dsl.sim.report import table
    sys.stdout.write(table(results))
    return EXIT_OK


def _check_plot_path(path: str) -> None:
    """Before any game: a suffix we can draw, and matplotlib for a .png (the path itself was held to
    the output policy before the command ran: files.check_outputs)."""
    import importlib.util

    from gouji_dsl.sim.plot import NO_MATPLOTLIB, PlotError, check_suffix

    if check_suffix(path) == ".png" and importlib.util.find_spec("matplotlib") is None:
        raise PlotError(msg(NO_MATPLOTLIB))


def _write_json(path: str, results: dict) -> None:
    write_atomic(path, json.dumps(results, ensure_ascii=False, indent=1) + "\n")


def _write_outputs(args, results: dict) -> None:
    if args.json is not None:
        _write_json(args.json, results)
    if getattr(args, "csv", None) is not None:
        from gouji_dsl.sim.report import csv_text
        write_atomic(args.csv, csv_text(results))
    if getattr(args, "plot", None) is not None:
        from gouji_dsl.sim.plot import write_plot
        write_plot(results, Path(args.plot))


def cmd_arena(args, ws) -> int:
    from gouji_dsl.sim.arena import run_arena, arena_table

    _check_run(args, MAX_DEALS)
    bots = _bot_list(args.bots)
    if len(bots) < 2:
        raise UsageError(msg("commands.arena.two_bots"))
    if len(set(bots)) != len(bots):
        raise UsageError(msg("commands.arena.bot_twice", bots=args.bots))
    name = ws.resolve_argument(args.variant)
    results = run_arena(ws, name, bots, args.games, args.seed, _workers(args), args.ray, args.confidence,
                        args.progress)
    if args.json is not None:
        _write_json(args.json, results)
    sys.stdout.write(arena_table(results))
    return EXIT_OK
