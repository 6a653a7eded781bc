"""Every soak and fuzz run of issue 28 §6, one after the other, each with its figure:

    python tests/soak_all.py --scale issue --failures soak-failures   # the issue's figures: hours on 2 cores
    python tests/soak_all.py --scale smoke                            # a small run, a minute or two

  rules         mutated rule files through check, build, doc and a short game (tests/soak_rules.py)
  conformance   mutated conformance lines (tests/test_conform_fuzz.py, its slow soak test)
  integrations  forged actions and ids through the engines, OpenSpiel and PettingZoo (tests/soak_integrations.py)
  histories     mutated histories through replay (tests/soak_histories.py)
  games         random games per variant with the invariants checked (tests/soak_games.py)
  atheris       coverage-guided fuzzing of the parser and checker (tests/fuzz_front_end.py; --atheris-seconds)

Each runs as its own process; its failing inputs go into a folder of its own under --failures,
its progress (resumable) into --progress-dir. The exit status is 1 if any run failed. The last
lines are each run's own last line of figures and its wall time.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARIANTS_WITH_ENGINES = 11  # tests/strategies.py ALL_ENGINE_VARIANTS, for the per-variant figures below

# The figures, and the small run's. Per-kind counts are the figure divided among the kinds.
SCALES = {
    "issue": {"rule files": 100_000, "conformance lines": 1_000_000, "forged": 500_000, "histories": 100_000,
              "games per variant": 50_000, "atheris seconds": 3600},
    "smoke": {"rule files": 60, "conformance lines": 2_000, "forged": 1_500, "histories": 330,
              "games per variant": 5, "atheris seconds": 0},
}
FORGED_PER_GAME = 27  # soak_integrations: about 30 forged values a game, some past a game's end


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def commands(scale: dict, args) -> dict[str, tuple[list[str], dict]]:
    py = sys.executable
    workers = ["--workers", str(args.workers)]

    def common(name: str) -> list[str]:
        return [*workers, "--failures", str(args.failures / name), "--progress", str(args.progress_dir / f"{name}.json")]

    runs = {
        "rules": ([py, str(HERE / "soak_rules.py"), "--count", str(_ceil(scale["rule files"], 2)), *common("rules")], {}),
        "conformance": ([py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "slow", "-k", "soak",
                         str(HERE / "test_conform_fuzz.py")],
                        {"GOUJI_FUZZ_LINES": str(scale["conformance lines"])}),
        "integrations": ([py, str(HERE / "soak_integrations.py"), "--count",
                          str(_ceil(scale["forged"], FORGED_PER_GAME * VARIANTS_WITH_ENGINES)), *common("integrations")],
                         {}),
        "histories": ([py, str(HERE / "soak_histories.py"), "--count",
                       str(_ceil(scale["histories"], VARIANTS_WITH_ENGINES)), *common("histories")], {}),
        "games": ([py, str(HERE / "soak_games.py"), "--games", str(scale["games per variant"]), *workers,
                   "--progress", str(args.progress_dir / "games.json")], {}),
    }
    if scale["atheris seconds"] and importlib.util.find_spec("atheris") is not None:
        corpus, findings = args.failures / "atheris-corpus", args.failures / "atheris-findings"
        findings.mkdir(parents=True, exist_ok=True)
        runs["atheris"] = ([py, str(HERE / "fuzz_front_end.py"), str(corpus), f"-max_total_time={scale['atheris seconds']}",
                            f"-artifact_prefix={findings}/", "-print_final_stats=1"], {})
    return runs


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", choices=sorted(SCALES), default="smoke")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--failures", type=Path, default=Path("soak-failures"), help="folder for the failing inputs")
    p.add_argument("--progress-dir", type=Path, default=None, help="folder for the resumable progress files "
                   "(default: --failures/progress)")
    p.add_argument("--only", nargs="*", help="run only these (rules, conformance, integrations, histories, games, "
                   "atheris)")
    p.add_argument("--atheris-seconds", type=int, default=None, help="override the scale's atheris time (0: none)")
    args = p.parse_args(argv)
    scale = dict(SCALES[args.scale])
    if args.atheris_seconds is not None:
        scale["atheris seconds"] = args.atheris_seconds
    args.progress_dir = args.progress_dir or args.failures / "progress"
    args.progress_dir.mkdir(parents=True, exist_ok=True)
    summary = []
    failed = False
    for name, (command, env) in commands(scale, args).items():
        if args.only and name not in args.only:
            continue
        print(f"=== {name}: {' '.join(command)}", flush=True)
        began = time.perf_counter()
        done = subprocess.run(command, env={**os.environ, **env}, cwd=HERE.parent, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace")
        seconds = time.perf_counter() - began
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        print("\n".join(lines[-40:]), flush=True)
        figures = [line for line in lines if " total:" in line or "conformance fuzz:" in line
                   or "stat::number_of_executed_units" in line or line.startswith("Done ")]
        status = "ok" if done.returncode == 0 else f"FAILED (exit {done.returncode})"
        failed |= done.returncode != 0
        summary.append(f"{name:<13} {status:<18} {seconds:7.1f}s  {figures[-1] if figures else ''}")
    print(f"=== soak_all --scale {args.scale}")
    print("\n".join(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
