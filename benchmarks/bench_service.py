"""The editor's diagnostic pass after a one-character edit, against a full `gouji check` of the same file.

The language service (gouji_dsl/service) keeps each statement's parse, so after an edit it parses
the statement that changed and runs the checker's stages (build, checks, lints) on the file.
This prints, for a rule file (by default the largest standard variant), the time of that pass
after each of `--edits` one-character edits spread over the file (a character typed, then
deleted; every fifth a line break), and the time of a full check of the same file in the same
process: a new workspace, the parse caches emptied, `Compilation(...).warnings` as `gouji check`
runs it. It also times `gouji check FILE` as a command once, for scale. The figure that matters
is the ratio of the pass to the full check; the target is a pass under 50 ms.

    python benchmarks/bench_service.py [--edits 200] [--seed 1] [FILE]
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from gouji_dsl.lang import parser
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import variants_dir
from gouji_dsl.phases import Compilation
from gouji_dsl.service import LanguageService

TARGET_MS = 50.0


def largest_standard_variant() -> Path:
    return max(variants_dir().glob("*.gouji"), key=lambda path: len(path.read_text(encoding="utf-8")))


def full_check(path: Path) -> float:
    """Seconds of one `gouji check FILE` in this process, nothing kept from before."""
    parser._parse_cached.cache_clear()
    start = time.perf_counter()
    ws = Workspace()
    name = ws.add_file(path)
    compilation = Compilation(ws, name)
    try:
        compilation.warnings
    except Exception:  # noqa: BLE001 - a file with errors is checked all the same
        pass
    return time.perf_counter() - start


def edits(text: str, count: int, rng: random.Random) -> list[str]:
    """Texts one character from the one before: a character typed at a random place, then taken
    back (every fifth a line break, which moves every statement below it)."""
    out = []
    current = text
    for i in range(count // 2):
        at = rng.randrange(len(current))
        typed = "\n" if i % 5 == 4 else rng.choice("x1 #=")
        out.append(current[:at] + typed + current[at:])
        out.append(current)
    return out


def pass_times(path: Path, texts: list[str]) -> tuple[list[float], int]:
    """Seconds of the diagnostic pass after each text replaces the one before, and how many
    diagnostics the passes reported in all."""
    service = LanguageService()
    service.open(path, path.read_text(encoding="utf-8"))
    service.diagnostics(path)  # the file opened: its statements parsed once
    times = []
    reported = 0
    for text in texts:
        start = time.perf_counter()
        service.change(path, text)
        reported += len(service.diagnostics(path))
        times.append(time.perf_counter() - start)
    return times, reported


def command_check(path: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "gouji_dsl", "check", str(path)], capture_output=True, check=False)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=Path, default=None)
    ap.add_argument("--edits", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    path = args.file or largest_standard_variant()
    text = path.read_text(encoding="utf-8")
    full_check(path)  # imports and the grammar's tables, which neither side pays again
    full = [full_check(path) for _ in range(20)]
    times, reported = pass_times(path, edits(text, args.edits, random.Random(args.seed)))
    command = command_check(path)
    full_ms = statistics.median(full) * 1000
    median = statistics.median(times) * 1000
    p90 = sorted(times)[int(len(times) * 0.9)] * 1000
    worst = max(times) * 1000
    print(f"file: {path} ({len(text.splitlines())} lines)")
    print(f"full check, in this process (median of 20): {full_ms:.1f} ms; as a command: {command * 1000:.0f} ms")
    print(f"diagnostic pass after a one-character edit ({len(times)} edits, {reported} diagnostics reported): "
          f"median {median:.1f} ms, p90 {p90:.1f} ms, max {worst:.1f} ms")
    print(f"ratio, pass / full check: median {median / full_ms:.3f}, max {worst / full_ms:.3f}")
    print(f"target, a pass under {TARGET_MS:.0f} ms: {'met' if worst < TARGET_MS else 'NOT met'} (max {worst:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
