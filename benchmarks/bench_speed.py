"""Random self-play, every engine of a variant against RLCard's and OpenSpiel's Dou Dizhu, in one run.

What is measured, per variant: whole games of random legal actions from seeded deals, as actions
per second of CPU time (`time.process_time`), on

- `flow`: the unspecialised flow (runtime/flow.py's Game reading the variant's RULES),
- `pure`: the generated engine, its game specialised to the variant (pure Python),
- `compiled`: the same engine compiled with mypyc (`gouji build --compiled`), in a copy of the package,

each choosing its actions two ways: `list`, `rng.choice(game.legal_actions())`, and `index`,
`game.legal_action(rng.randrange(game.legal_action_count()))` (the count-and-index API for
agents that sample); and the reference interpreter (`gouji_dsl.reference_engine`, `list`; not
for a variant with wild jokers, whose interpreter takes minutes a decision). The yardsticks are measured in the same run and the same way (`list`):
RLCard's Dou Dizhu raw game (`init_game`, then `step` with a random legal action: RLCard builds the
legal actions of the next player at each step) and OpenSpiel's C++ Dou Dizhu through pyspiel
(`rng.choice(state.legal_actions())`, the deal's chance nodes sampled and not counted as actions).

Every measurement runs in a process of its own (the compiled copy first on its path), after a
warm-up (the engines keep tables of plays and actions that fill during the first games, as in any
long self-play); the runs are interleaved in rounds, so that machine noise hits all alike, and each
figure is the median over the rounds. Each round also times `gouji build` of every variant into
an empty folder (CPU time of the process: engines, specialised, and rulebooks). Targets
(issue 25) are checked against the ratios and shown.

    python benchmarks/bench_speed.py [--seconds 2] [--rounds 5] [--copy DIR] [--no-compiled] [VARIANT ...]

--copy DIR keeps (or reuses) the pure and compiled copies of the package in DIR, so a second run
skips the compile (a few minutes).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
DEFAULT_VARIANTS = ("lianzhong", "zaozhuang", "shuangkou-qianbian")
ENGINES = ("flow", "pure", "compiled", "reference")
MODES = ("list", "index")
# Issue 25's targets: (variant, engine, mode) -> least ratio to RLCard.
TARGETS = {("lianzhong", "pure"): 8.0, ("lianzhong", "compiled"): 16.0, ("zaozhuang", "pure"): 6.0,
           ("shuangkou-qianbian", "pure"): 4.0}
LEAST_OVER_REFERENCE = 40.0  # the generated (pure) engine against the reference interpreter
MOST_BUILD_SECONDS = 5.0     # CPU time of `gouji build` of every variant


# --- the workers (one measurement each, in a process of its own) ---------------------------

def _selfplay(new_game, choose, seconds: float, warmup: float) -> dict:
    """Whole random games for `warmup` seconds (not counted), then for `seconds` of CPU time."""
    rng = random.Random(1)
    clock = time.process_time

    def play(seed: int) -> int:
        game = new_game(seed)
        actions = 0
        while not game.is_terminal():
            choose(game, rng)
            actions += 1
        return actions

    start = clock()
    seed = 0
    while clock() - start < warmup:
        play(seed)
        seed += 1
    games = actions = 0
    start = clock()
    while True:
        actions += play(seed + games)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return {"games": games, "actions": actions, "seconds": elapsed}


def _by_list(game, rng) -> None:
    game.apply_action(rng.choice(game.legal_actions()))


def _by_index(game, rng) -> None:
    game.apply_action(game.legal_action(rng.randrange(game.legal_action_count())))


def _rlcard():
    from rlcard.games.doudizhu.game import DoudizhuGame  # noqa: PLC0415 - only in the RLCard worker
    import numpy as np  # noqa: PLC0415

    class Game:
        def __init__(self, seed: int):
            self.game = DoudizhuGame(allow_step_back=False)
            self.game.np_random = np.random.RandomState(seed)
            self.state, _ = self.game.init_game()

        def is_terminal(self) -> bool:
            return self.game.is_over()

        def legal_actions(self) -> list:
            return self.state["actions"]

        def apply_action(self, action) -> None:
            self.state, _ = self.game.step(action)

    return Game


def _openspiel():
    import pyspiel  # noqa: PLC0415 - only in the OpenSpiel worker

    game = pyspiel.load_game("dou_dizhu")

    class Game:
        """A pyspiel state whose deal (chance nodes) is sampled when it is made."""

        def __init__(self, seed: int):
            rng = random.Random(seed)
            self.state = game.new_initial_state()
            while self.state.is_chance_node():
                self.state.apply_action(pyspiel.sample_action(self.state.chance_outcomes(), rng.random())[0])

        def is_terminal(self) -> bool:
            return self.state.is_terminal()

        def legal_actions(self) -> list:
            return self.state.legal_actions()

        def apply_action(self, action) -> None:
            self.state.apply_action(action)
            while self.state.is_chance_node():  # none after the deal in Dou Dizhu; kept general
                self.state.apply_action(self.state.chance_outcomes()[0][0])

    return Game


def worker(what: str, variant: str, mode: str, seconds: float, warmup: float) -> dict:
    if what == "rlcard":
        try:
            cls = _rlcard()
        except ImportError:
            return {"missing": "rlcard is not installed (pip install rlcard)"}
        return _selfplay(cls, _by_list, seconds, warmup)
    if what == "openspiel":
        try:
            cls = _openspiel()
        except ImportError:
            return {"missing": "OpenSpiel is not installed (pip install open_spiel)"}
        return _selfplay(cls, _by_list, seconds, warmup)
    import gouji_dsl  # noqa: PLC0415 - the copy on this worker's path
    from gouji_dsl.runtime.game import new_game  # noqa: PLC0415

    engine = gouji_dsl.reference_engine(variant) if what == "reference" else gouji_dsl.engine(variant)

    def make(seed: int):
        if what == "flow":
            return new_game(engine.RULES, seed)  # runtime/flow.py's Game, reading the RULES
        return engine.new_game(seed=seed)

    result = _selfplay(make, _by_list if mode == "list" else _by_index, seconds, warmup)
    game_type = type(make(0))
    result["origin"] = sys.modules[game_type.__module__].__file__
    return result


# --- the run -------------------------------------------------------------------------------

def build_seconds(copy: Path) -> float:
    """CPU seconds of `gouji build -o DIR` (every variant, into an empty folder) in a process of its own."""
    with tempfile.TemporaryDirectory(prefix="gouji-build-") as out:
        env = dict(os.environ, PYTHONPATH=str(copy) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([sys.executable, "-m", "gouji_dsl", "build", "-o", out], env=env, capture_output=True,
                              text=True, cwd=tempfile.gettempdir())
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"gouji build failed:\n{done.stderr[-3000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def wild(variant: str) -> bool:
    """Does the variant have wild jokers (its reference interpreter takes minutes a decision)?"""
    import gouji_dsl  # noqa: PLC0415 - the checkout's package, in the parent process

    notation = gouji_dsl.engine(variant).RULES.notation
    return notation is not None and bool(notation.spec.wilds)


def run_worker(copy: Path | None, args: list[str]) -> dict:
    env = dict(os.environ)
    if copy is not None:
        env["PYTHONPATH"] = str(copy) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, str(HERE), "--worker", *args], env=env, capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    if done.returncode != 0:
        raise SystemExit(f"the worker {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def prepare(folder: Path, compiled_too: bool) -> tuple[Path, Path | None]:
    """DIR/pure and DIR/compiled, made (and compiled) unless they are there already."""
    from gouji_dsl import compiled  # noqa: PLC0415

    pure, fast = folder / "pure", folder / "compiled"
    if not (pure / "gouji_dsl").is_dir():
        pure.mkdir(parents=True, exist_ok=True)
        compiled.copy_package(pure)
    if not compiled_too:
        return pure, None
    if not (fast / "gouji_dsl").is_dir():
        fast.mkdir(parents=True, exist_ok=True)
        root = compiled.copy_package(fast)
        start = time.perf_counter()
        try:
            manifest = compiled.compile_package(root, root / "generated", log=lambda text: print(text, flush=True))
        except compiled.CompileError as exc:
            raise SystemExit(f"cannot compile: {exc}") from None
        print(f"compiled {len(manifest['compiled'])} modules in {time.perf_counter() - start:.0f} s; "
              f"not compiled: {', '.join(manifest['skipped']) or 'none'}", flush=True)
    return pure, fast


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        what, variant, mode, seconds, warmup = argv[1:6]
        print(json.dumps(worker(what, variant, mode, float(seconds), float(warmup))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(DEFAULT_VARIANTS))
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of each measurement")
    parser.add_argument("--warmup", type=float, default=1.0, help="CPU seconds of play before each measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of interleaved measurements (medians taken)")
    parser.add_argument("--copy", metavar="DIR", help="keep (or reuse) the pure and compiled copies in DIR")
    parser.add_argument("--no-compiled", action="store_true", help="leave the compiled engine out")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gouji-bench-") as tmp:
        pure, fast = prepare(Path(args.copy) if args.copy else Path(tmp), not args.no_compiled)
        runs: list[tuple[str, str, str, Path | None]] = [("rlcard", "-", "list", None), ("openspiel", "-", "list", None)]
        for variant in args.variants:
            for engine in ENGINES:
                if (engine == "compiled" and fast is None) or (engine == "reference" and wild(variant)):
                    continue
                for mode in MODES if engine != "reference" else ("list",):
                    runs.append((engine, variant, mode, fast if engine == "compiled" else pure))
        rates: dict[tuple, list[float]] = {}
        missing: dict[str, str] = {}
        builds: list[float] = []
        for index in range(args.rounds):
            for what, variant, mode, copy in runs:
                if what in missing:
                    continue
                result = run_worker(copy, [what, variant, mode, str(args.seconds), str(args.warmup)])
                if "missing" in result:
                    missing[what] = result["missing"]
                    continue
                if what == "compiled" and not result["origin"].endswith((".so", ".pyd")):
                    raise SystemExit(f"the compiled copy played {result['origin']}, not an extension module")
                rates.setdefault((what, variant, mode), []).append(result["actions"] / result["seconds"])
            builds.append(build_seconds(pure))
            print(f"round {index + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    report(rates, missing, builds, args)
    return 0


def report(rates: dict, missing: dict, builds: list[float], args) -> None:
    median = {key: statistics.median(values) for key, values in rates.items()}
    rl = median.get(("rlcard", "-", "list"))
    os_ = median.get(("openspiel", "-", "list"))
    print(f"random self-play, CPU time, medians of {args.rounds} interleaved rounds of {args.seconds:g} s each")
    for name, value in (("RLCard Dou Dizhu (raw game)", rl), ("OpenSpiel Dou Dizhu (C++, pyspiel)", os_)):
        print(f"  {name}: " + (f"{value:,.0f} actions/s" if value else missing.get(name.split()[0].lower(), "missing")))
    header = f"{'variant':<20}{'engine':<10}{'mode':<7}{'actions/s':>12}{'x RLCard':>10}{'OpenSpiel x':>13}"
    print(header)
    for variant in args.variants:
        for engine in ENGINES:
            for mode in MODES:
                value = median.get((engine, variant, mode))
                if value is None:
                    continue
                line = f"{variant:<20}{engine:<10}{mode:<7}{value:>12,.0f}"
                line += f"{value / rl:>9.2f}x" if rl else f"{'-':>10}"
                line += f"{os_ / value:>12.2f}x" if os_ else f"{'-':>13}"
                print(line)
        flow, pure = median.get(("flow", variant, "list")), median.get(("pure", variant, "list"))
        compiled, reference = median.get(("compiled", variant, "list")), median.get(("reference", variant, "list"))
        if flow and pure:
            gains = f"specialising gains {pure / flow:.2f}x"
            if compiled:
                gains += f", compiling {compiled / pure:.2f}x more ({compiled / flow:.2f}x in all)"
            if reference:
                met = "met" if pure / reference >= LEAST_OVER_REFERENCE else "MISSED"
                gains += f"; {pure / reference:.0f}x the reference interpreter (target {LEAST_OVER_REFERENCE:g}x: {met})"
            print(f"{'':<20}{gains}")
    build = statistics.median(builds)
    print(f"gouji build of every variant: {build:.2f} s of CPU (median of {len(builds)}; "
          f"target under {MOST_BUILD_SECONDS:g} s: {'met' if build < MOST_BUILD_SECONDS else 'MISSED'})")
    if rl:
        print("targets (issue 25; list mode = legal_actions(), index mode = legal_action_count/legal_action):")
        for (variant, engine), least in TARGETS.items():
            if variant not in args.variants:
                continue
            for mode in MODES:
                value = median.get((engine, variant, mode))
                if value is not None:
                    met = "met" if value / rl >= least else "MISSED"
                    print(f"  {variant} {engine} {mode}: {value / rl:.2f}x RLCard, target {least:g}x: {met}")


if __name__ == "__main__":
    sys.exit(main())
