"""The chunked, resumable, multi-core loop shared by the soak scripts (tests/soak_*.py).

A soak script names its kinds of work (a variant, a kind of input) and a `work(kind, start,
count, seed)` function that tries inputs start .. start+count-1 of that kind and returns a
`Chunk`: counters, and one `Failure` per input that broke a rule. The runner hands chunks to
--workers processes, records finished chunks in --progress (JSON, rewritten after each chunk,
so a stopped run resumes where it was when started again with the same arguments), saves each
failing input with its traceback into the --failures folder, and ends on one line of figures.
The exit status is 1 if any input failed.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


@dataclass
class Failure:
    kind: str
    number: int
    what: str          # one line: the exception or the broken rule
    data: bytes        # the failing input, as it was given
    suffix: str = ".txt"
    detail: str = ""   # the traceback, or what was expected


@dataclass
class Chunk:
    kind: str
    start: int
    count: int
    counts: Counter = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0


def parser(description: str, unit: str, default_count: int) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--count", type=int, default=default_count, help=f"{unit} per kind (inputs 0 .. count-1)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--chunk", type=int, default=200, help="inputs per unit of work")
    p.add_argument("--seed", type=int, default=0, help="the run's seed: input n of a kind is seeded by (seed, kind, n)")
    p.add_argument("--progress", type=Path, default=None, help="JSON file recording finished chunks (resumable)")
    p.add_argument("--failures", type=Path, default=Path("soak-failures"),
                   help="folder the failing inputs are saved into (made on the first failure)")
    return p


def input_seed(seed: int, kind: str, number: int) -> str:
    """A string seed for random.Random: stable across processes (str hashing is salted, seeding by a str is not)."""
    return f"{seed}/{kind}/{number}"


def _save_failure(folder: Path, f: Failure) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{f.kind}-{f.number}")
    path = folder / f"{stem}{f.suffix}"
    path.write_bytes(f.data)
    (folder / f"{stem}.why.txt").write_text(f"{f.what}\n\n{f.detail}", encoding="utf-8")
    return path


def _load(path: Path | None) -> dict:
    return json.loads(path.read_text()) if path is not None and path.exists() else {}


def _save(path: Path | None, progress: dict) -> None:
    if path is None:
        return
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(progress, indent=1))
    os.replace(tmp, path)  # never a half-written progress file


def _run_task(task) -> Chunk:
    work, kind, start, count, seed = task
    began = time.process_time()  # CPU time: the estimate of a larger run divides by cores, not by a busy machine
    chunk = work(kind, start, count, seed)
    chunk.seconds = time.process_time() - began
    return chunk


def run(name: str, kinds: list[str], work: Callable, args, headline: tuple[str, ...]) -> int:
    """Run `work` over `kinds` x range(args.count); `headline` names the counters of the last line."""
    progress = _load(args.progress)
    done = {kind: set(progress.get(kind, {}).get("done", [])) for kind in kinds}
    # Kinds take turns chunk by chunk, so a run stopped early has covered every kind alike.
    tasks = [(work, kind, start, min(args.chunk, args.count - start), args.seed)
             for start in range(0, args.count, args.chunk) for kind in kinds if start not in done[kind]]
    print(f"{name}: {len(tasks)} chunk(s) to run on {args.workers} worker(s)", flush=True)
    began = time.perf_counter()
    failed = sum(p.get("failures", 0) for p in progress.values())

    def record(chunk: Chunk) -> None:
        nonlocal failed
        p = progress.setdefault(chunk.kind, {"done": [], "counts": {}, "cpu_seconds": 0.0, "failures": 0})
        p["done"].append(chunk.start)
        for key, value in chunk.counts.items():
            p["counts"][key] = p["counts"].get(key, 0) + value
        p["cpu_seconds"] += chunk.seconds
        p["failures"] += len(chunk.failures)
        failed += len(chunk.failures)
        for f in chunk.failures:
            saved = _save_failure(args.failures, f)
            print(f"FAIL {f.kind} #{f.number}: {f.what[:300]} (input saved as {saved})", flush=True)
        _save(args.progress, progress)

    if args.workers <= 1:
        for task in tasks:
            record(_run_task(task))
    else:
        with multiprocessing.Pool(args.workers, maxtasksperchild=20) as pool:
            for chunk in pool.imap_unordered(_run_task, tasks):
                record(chunk)
    totals: Counter = Counter()
    for p in progress.values():
        totals.update(p["counts"])
    cpu = sum(p["cpu_seconds"] for p in progress.values())
    figures = ", ".join(f"{totals[key]:,} {key}" for key in headline)
    print(f"{name} total: {figures}, {failed} failure(s), {time.perf_counter() - began:.1f}s wall, "
          f"{cpu:.1f}s CPU", flush=True)
    return 1 if failed else 0
