"""`gouji simulate` and `gouji arena`: the commands, their flags and their output files."""
from __future__ import annotations

import argparse
import json
import sys
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
MAX_MIXES = 8            # --bots given more often: a run of each is hours at the cap; more is a usage error
SIMULATE_BOTS = "heuristic"


def register(sub) -> None:
    p = sub.add_parser("simulate", help=text("commands.simulate.help"),
                       description=text("commands.simulate.description"))
    p.add_argument("variants", nargs="+", metavar="VARIANT|FILE", help=text("commands.simulate.help_variants"))
    p.add_argument("--games", type=int, default=1000, help=text("commands.simulate.help_games"))
    p.add_argument("--match-games", type=int, default=4, metavar="L", help=text("commands.simulate.help_match_games"))
    p.add_argument("--precision", type=float, metavar="W", help=text("commands.simulate.help_precision"))
    _common(p, default_bots="heuristic", mixes=True)
    p.add_argument("--csv", metavar="FILE", action=OutputOption, what=msg("commands.simulate.csv_file"),
                   help=text("commands.simulate.help_csv"))
    p.add_argument("--plot", metavar="FILE", action=OutputOption, what=msg("commands.simulate.plot_file"),
                   help=text("commands.simulate.help_plot"))
    p.add_argument("--raw", metavar="FILE", action=OutputOption, what=msg("commands.simulate.raw_file"),
                   help=text("commands.simulate.help_raw"))
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("arena", help=text("commands.arena.help"), description=text("commands.arena.description"))
    p.add_argument("variant", metavar="VARIANT|FILE", help=text("commands.arena.help_variant"))
    p.add_argument("--games", type=int, default=200, help=text("commands.arena.help_games"))
    _common(p, default_bots="search,heuristic,random")
    p.set_defaults(run=cmd_arena)


def _common(p, default_bots: str, mixes: bool = False) -> None:
    if mixes:  # simulate: each --bots is a mix the whole run is played with (a list, filled in by _mixes)
        p.add_argument("--bots", action="append", metavar="NAME,...",
                       help=text("commands.simulate.help_bot_mixes", bots=", ".join(BOTS), default=default_bots))
    else:
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
    """The run; with --raw its file is checked before anything else (suffix, pyarrow, a spool
    made beside it: sim/export.py) and written whole at the end, or not at all."""
    from gouji_dsl.sim.export import RawWriter

    raw = RawWriter(args.raw) if getattr(args, "raw", None) is not None else None
    try:
        return _simulate(args, ws, raw)
    finally:
        if raw is not None:
            raw.discard()  # a run that failed or was interrupted: its spool goes (nothing after a commit)


def _mixes(written: list[str] | None) -> list[list[str]]:
    """Each --bots given, as a bot list (the default when none is); a mix given twice, or more
    than MAX_MIXES of them, is a usage error."""
    mixes = [_bot_list(w) for w in (written or [SIMULATE_BOTS])]
    if len(mixes) > MAX_MIXES:
        raise UsageError(msg("commands.simulate.too_many_mixes", count=len(mixes), most=MAX_MIXES))
    if len({tuple(m) for m in mixes}) != len(mixes):
        raise UsageError(msg("commands.simulate.mix_twice", mixes=" / ".join(",".join(m) for m in mixes)))
    return mixes


def _simulate(args, ws, raw) -> int:
    from gouji_dsl.sim.runner import engine_spec, lineup_for
    from gouji_dsl.sim.simulation import Plan, run
    from gouji_dsl.sim.summary import incomparable

    _check_run(args, MAX_GAMES)
    if args.match_games < 1:
        raise UsageError(msg("commands.simulate.match_games_at_least_one"))
    if args.precision is not None and not 0 < args.precision < 10:
        raise UsageError(msg("commands.simulate.precision_range", precision=args.precision))
    if args.plot is not None:
        _check_plot_path(args.plot)
    mixes = _mixes(args.bots)
    # Each file in a workspace of its own (engines.apart): a/club.gouji and b/club.gouji are two variants.
    spaces = [ws] + [apart(ws) for _ in args.variants[1:]]
    names = [space.resolve_argument(v) for space, v in zip(spaces, args.variants)]
    specs = [engine_spec(space, name) for space, name in zip(spaces, names)]  # every file checked before any game
    if len({spec.identity or spec.name for spec in specs}) != len(specs):  # one variant (one file) named twice
        raise UsageError(msg("commands.simulate.variant_twice", variants=", ".join(args.variants)))
    engines = [spec.load() for spec in specs]
    for name, engine in zip(names[1:], engines[1:]):  # each is compared with the first: of one game, as many seats
        why = incomparable(names[0], engines[0].RULES, name, engine.RULES)
        if why is not None:
            raise UsageError(why)
    try:
        lineups = [[lineup_for(bots, e.RULES) for e in engines] for bots in mixes]
    except ValueError as exc:  # a number of bots that fits no seating
        raise UsageError(exc.args[0]) from None  # the catalogue's message (runner.lineup_for)
    workers = _workers(args)
    plan = Plan(names=names, specs=specs, engines=engines,
                sources=[name if spec.source is None else spec.origin for name, spec in zip(names, specs)],
                mixes=mixes, lineups=lineups, seed=args.seed, games=args.games,
                most_games=MAX_GAMES // (len(names) * len(mixes)), match_games=args.match_games,
                confidence=args.confidence, precision=args.precision, workers=workers, ray=args.ray)
    results = run(plan, args.progress, raw)
    if raw is not None:
        raw.commit()
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
