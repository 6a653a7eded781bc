"""Where tasks run: in this process, in a pool of local processes, or on a Ray cluster.

Results come back in task order whatever order the workers finish in, so what is computed from
them (summed in that order) is the same, bit for bit, for any number of workers or backend.
No scheduling of our own: `concurrent.futures` or Ray hands the tasks out.
"""
from __future__ import annotations

import os
import sys
import time
import unicodedata
from typing import Callable, Iterator

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.messages import msg, text
from gouji_dsl.sim.runner import run_task


class RayError(UsageError):
    """Ray is missing or the cluster cannot be reached: the message says which and what to do
    (a usage error: the command exits 2 with it)."""


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def chunk_size(units: int, workers: int, most: int, shares: int) -> int:
    """Units (matches, deals) a task: about `shares` tasks a worker, so they are shared out evenly
    and progress shows, but at most `most`, and never less than 1."""
    return max(1, min(most, units // (workers * shares) or 1))


def backend_name(workers: int, ray_address: str | None) -> str:
    """Where a run played, as its timings say."""
    return "ray" if ray_address is not None else "processes" if workers > 1 else "this process"


def run_shown(tasks: list, workers: int, ray_address: str | None, label: str, progress: bool | None) -> Iterator[list]:
    """`execute` with a progress bar over the tasks' games (shown on a terminal unless `progress`
    says otherwise), closed however the run ends."""
    bar = Progress(sum(t.total_games for t in tasks), label, progress)
    try:
        yield from execute(tasks, workers, ray_address, lambda task: bar.advance(task.total_games))
    finally:
        bar.close()


def execute(tasks: list, workers: int = 1, ray_address: str | None = None,
            on_done: Callable[[object], None] | None = None) -> Iterator[list]:
    """Each task's results, in task order; `on_done(task)` as each task finishes (any order)."""
    if ray_address is not None:
        finished = _on_ray(tasks, ray_address, workers)
    elif workers <= 1 or len(tasks) <= 1:
        finished = ((i, run_task(t)) for i, t in enumerate(tasks))
    else:
        finished = _in_processes(tasks, workers)
    waiting: dict[int, list] = {}
    following = 0
    for index, result in finished:
        if on_done is not None:
            on_done(tasks[index])
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _in_processes(tasks: list, workers: int) -> Iterator[tuple[int, list]]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(max_workers=min(workers, len(tasks)))
    try:
        pending = {pool.submit(run_task, t): i for i, t in enumerate(tasks)}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=pending.__getitem__):
                yield pending.pop(future), future.result()  # a worker's exception is raised here
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def ray_module():
    try:
        import ray
    except ImportError:
        raise RayError(msg("commands.simulate.no_ray")) from None
    return ray


def _on_ray(tasks: list, address: str, workers: int) -> Iterator[tuple[int, list]]:
    """`address` "local" starts a Ray instance on this machine with `workers` CPUs (what CI tests);
    any other is a cluster's address (`ray://host:10001`, `auto`), whose CPUs are used as given."""
    ray = ray_module()
    started = not ray.is_initialized()
    if started:
        options = dict(include_dashboard=False, logging_level="WARNING", log_to_driver=False)
        try:
            if address == "local":
                ray.init(num_cpus=max(1, workers), **options)
            else:
                ray.init(address=address, **options)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise RayError(msg("commands.simulate.ray_unreachable", address=address, reason=exc)) from None
    try:
        remote = ray.remote(num_cpus=1)(run_task)
        pending = {remote.remote(t): i for i, t in enumerate(tasks)}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()


class Progress:
    """A one-line progress bar with an ETA on stderr, for runs long enough to wait for."""

    def __init__(self, total: int, label: str, enabled: bool | None = None, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total = max(1, total)
        self.label = label
        self.done = 0
        self.start = time.monotonic()
        self._shown = 0.0

    def advance(self, games: int) -> None:
        self.done += games
        now = time.monotonic()
        if self.enabled and (now - self._shown >= 0.2 or self.done >= self.total):
            self._shown = now
            self.stream.write("\r" + self.line(now - self.start))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        share = min(1.0, self.done / self.total)
        width = 24
        bar = "#" * int(share * width) + "-" * (width - int(share * width))
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else None
        return text("commands.simulate.progress", label=self.label, bar=bar, done=self.done, total=self.total,
                    share=share, rate=rate, eta=_clock(eta))

    def close(self) -> None:
        if self.enabled:
            line = self.line(time.monotonic() - self.start)  # a Chinese character takes two columns
            self.stream.write("\r" + " " * sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line) + "\r")
            self.stream.flush()


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60:02d}:{rest % 60:02d}"
