"""The compiled engine (`gouji build --compiled`, mypyc) against the pure-Python one and RLCard.

Two copies of the package are made from the one installed (gouji_dsl.compiled.copy_package),
one of them compiled, so both run exactly the same sources. Each measurement runs in its own
process (the compiled copy first on sys.path for the compiled one), in interleaved slices so
that machine noise hits all alike; the pure and compiled engines play the same games (same
seeds, same random choices). RLCard's Dou Dizhu raw game (init_game + step with random legal
actions, as in bench_games.py) is the yardstick.

    python benchmarks/bench_compiled.py [--seconds 4] [--slices 4] [--copy DIR] [VARIANT ...]

--copy DIR reuses (or, if DIR is empty, keeps) the copies DIR/pure and DIR/compiled, so a
second run skips the few minutes of compiling.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
DEFAULT_VARIANTS = ("lianzhong", "zaozhuang", "shuangkou")


def measure(variant: str, seconds: float, first_seed: int, rng_seed: int) -> dict:
    """Random legal actions in whole games for about `seconds` (in this process)."""
    if variant == "rlcard":
        sys.path.insert(0, str(HERE.parent))
        from bench_games import rlcard_new_game

        new_game = rlcard_new_game()
        if new_game is None:
            return {"missing": True}
        origin = "rlcard"
    else:
        import gouji_dsl

        engine = gouji_dsl.engine(variant)
        new_game, origin = engine.new_game, engine.__file__
    rng = random.Random(rng_seed)
    games = actions = 0
    start = time.perf_counter()
    while True:
        game = new_game(seed=first_seed + games)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"games": games, "actions": actions, "seconds": elapsed, "origin": origin}


def run_worker(copy: Path | None, variant: str, seconds: float, first_seed: int, rng_seed: int) -> dict:
    env = dict(os.environ)
    if copy is not None:
        env["PYTHONPATH"] = str(copy) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, str(HERE), "--worker", variant, str(seconds), str(first_seed),
                           str(rng_seed)], env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        raise SystemExit(f"the {variant} worker failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def prepare(folder: Path) -> tuple[Path, Path]:
    """DIR/pure and DIR/compiled, made (and compiled) unless they are there already."""
    from gouji_dsl import compiled

    pure, fast = folder / "pure", folder / "compiled"
    if not (pure / "gouji_dsl").is_dir():
        pure.mkdir(parents=True, exist_ok=True)
        compiled.copy_package(pure)
    if not (fast / "gouji_dsl").is_dir():
        fast.mkdir(parents=True, exist_ok=True)
        root = compiled.copy_package(fast)
        start = time.perf_counter()
        try:
            manifest = compiled.compile_package(root, root / "generated", log=lambda text: print(text, flush=True))
        except compiled.CompileError as exc:
            raise SystemExit(f"cannot compile: {exc}")
        print(f"compiled {len(manifest['compiled'])} modules in {time.perf_counter() - start:.0f} s; "
              f"not compiled: {', '.join(manifest['skipped']) or 'none'}")
    return pure, fast


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        variant, seconds, first_seed, rng_seed = argv[1], float(argv[2]), int(argv[3]), int(argv[4])
        print(json.dumps(measure(variant, seconds, first_seed, rng_seed)))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(DEFAULT_VARIANTS))
    parser.add_argument("--seconds", type=float, default=4.0, help="time for each engine (and RLCard), in all")
    parser.add_argument("--slices", type=int, default=4, help="interleaved slices the time is cut into")
    parser.add_argument("--copy", metavar="DIR", help="keep (or reuse) the two copies in DIR")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gouji-bench-") as tmp:
        pure, fast = prepare(Path(args.copy) if args.copy else Path(tmp))
        totals: dict = {}
        share = args.seconds / args.slices
        for index in range(args.slices):
            runs = [("rlcard", "rlcard", None)] + [(v, kind, copy) for v in args.variants
                                                 for kind, copy in (("pure", pure), ("compiled", fast))]
            for variant, kind, copy in runs:
                # The pure and compiled engines play the same games: same seeds, same random choices.
                result = run_worker(copy, variant, share, first_seed=1000 * index, rng_seed=index)
                if result.get("missing"):
                    continue
                if kind == "compiled" and not result["origin"].endswith(".so"):
                    raise SystemExit(f"the compiled copy loaded {result['origin']}, not an extension module")
                total = totals.setdefault((variant, kind), {"games": 0, "actions": 0, "seconds": 0.0})
                for key in total:
                    total[key] += result[key]
    rate = {key: t["actions"] / t["seconds"] for key, t in totals.items()}
    yardstick = rate.get(("rlcard", "rlcard"))
    print(f"RLCard Dou Dizhu raw game: {yardstick:,.0f} actions/s" if yardstick else "RLCard is not installed")
    header = f"{'variant':<14}{'pure actions/s':>16}{'compiled actions/s':>20}{'compiled/pure':>15}"
    if yardstick:
        header += f"{'pure/RLCard':>13}{'compiled/RLCard':>17}"
    print(header)
    for variant in args.variants:
        p, c = rate[(variant, "pure")], rate[(variant, "compiled")]
        line = f"{variant:<14}{p:>16,.0f}{c:>20,.0f}{c / p:>14.2f}x"
        if yardstick:
            line += f"{p / yardstick:>12.1f}x{c / yardstick:>16.1f}x"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
