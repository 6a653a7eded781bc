"""Where tasks run: in this process, in a pool of local processes, or on a Ray cluster.

Results come back in task order whatever order the workers finish in, so what is computed from
them (summed in that order) is the same, bit for bit, for any number of workers or backend.
No scheduling of our own: `concurrent.futures` or Ray hands the tasks out.

Tasks are taken from an iterator as they are needed, at most WINDOW_PER_WORKER a worker started
or finished but not yet handed on, so a run of ten billion games holds a few tasks in memory,
not fifty million, and plays its first game at once.
"""
from __future__ import annotations

import os
import sys
import time
from itertools import chain, islice
from typing import Callable, Iterable, Iterator, Protocol, TypeVar

from gouji_dsl.diagnostics import UsageError, display_width
from gouji_dsl.messages import msg, text
from gouji_dsl.sim.runner import run_task


# Tasks a worker has in hand (started, or finished ahead of an earlier one): enough that no worker
# waits for the next, few enough that memory does not grow with the run.
WINDOW_PER_WORKER = 4
# How long a wait for the next finished task lasts before the progress bar's clock is redrawn.
WAIT_SECONDS = 1.0

_Task = TypeVar("_Task")  # a task as its caller made it: `on_done` is handed it back


class GameTask(Protocol):
    """What `run_shown` runs: a task a worker plays (`run_task`) that says how many games it
    holds, which the progress bar counts as it finishes (runner.Task, arena.PairTask)."""

    @property
    def total_games(self) -> int: ...

    def run(self) -> list: ...


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


def run_shown(tasks: Iterable[GameTask], total_games: int, workers: int, ray_address: str | None, label: str,
              progress: Progress | bool | None) -> Iterator[list]:
    """`execute` with a progress bar. `progress` is the run's bar when the command made one
    for the whole run (every variant of `gouji simulate`, every pair of bots of `gouji arena`:
    one bar, one rate, one ETA over all of it): it says `label` while these tasks play, and is
    closed when the run's last game is counted, or at once if this part fails. Otherwise a bar
    of this part's `total_games` alone (shown on a terminal unless `progress` says otherwise),
    closed however it ends."""
    shared = isinstance(progress, Progress)
    bar = progress if isinstance(progress, Progress) else Progress(total_games, label, progress)
    if bar.label != label:
        bar.label = label
        bar.refresh()  # the next part of the run, named at once
    finished = False
    try:
        yield from execute(tasks, workers, ray_address, lambda task: bar.advance(task.total_games), bar.refresh)
        finished = True
    finally:
        if not shared or not finished or bar.done >= bar.total:
            bar.close()


def execute(tasks: Iterable[_Task], workers: int = 1, ray_address: str | None = None,
            on_done: Callable[[_Task], None] | None = None,
            on_wait: Callable[[], None] | None = None) -> Iterator[list]:
    """Each task's results, in task order; `on_done(task)` as each task finishes (any order),
    `on_wait()` every WAIT_SECONDS while none does (a progress bar's clock: a task of slow bots
    takes minutes). `tasks` is read lazily, a window of them at a time (see the module docstring)."""
    tasks = iter(tasks)
    if ray_address is not None:
        yield from _on_ray(tasks, ray_address, workers, on_done, on_wait)
        return
    first = list(islice(tasks, workers))  # a run of fewer tasks than workers starts no idle process
    tasks = chain(first, tasks)
    if workers <= 1 or len(first) <= 1:
        yield from _in_order(tasks, 1, lambda index, task: task, lambda running: [(running[0], run_task(running[0]))],
                             on_done, on_wait)
    else:
        yield from _in_processes(tasks, min(workers, len(first)), on_done, on_wait)


def _in_order(tasks: Iterator[_Task], window: int, start: Callable, finished: Callable,
              on_done: Callable[[_Task], None] | None, on_wait: Callable[[], None] | None = None) -> Iterator[list]:
    """The results of `tasks` in task order, at most `window` of them started or waiting at once.
    `start(index, task)` hands a task to a worker and gives a handle; `finished(handles)` waits
    for at least one of them (or WAIT_SECONDS, then `on_wait()`) and gives (handle, result) of
    each that has finished."""
    running: dict = {}  # handle -> (index, task)
    waiting: dict[int, list] = {}  # index -> result of a task finished ahead of an earlier one
    following = 0  # the index of the next result to yield
    numbered = enumerate(tasks)
    more = True
    while True:
        while more and len(running) + len(waiting) < window:
            item = next(numbered, None)
            if item is None:
                more = False
            else:
                running[start(*item)] = item
        if not running:  # every task started has finished, and every result was yielded below
            return
        done = finished(list(running))
        if not done and on_wait is not None:
            on_wait()
        for handle, result in done:
            index, task = running.pop(handle)
            if on_done is not None:
                on_done(task)
            waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _in_processes(tasks: Iterator, workers: int, on_done, on_wait=None) -> Iterator[list]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    def finished(futures):
        done, _ = wait(futures, timeout=WAIT_SECONDS, return_when=FIRST_COMPLETED)
        return [(future, future.result()) for future in done]  # a worker's exception is raised here

    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield from _in_order(tasks, workers * WINDOW_PER_WORKER, lambda index, task: pool.submit(run_task, task),
                             finished, on_done, on_wait)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def ray_module():
    try:
        import ray
    except ImportError:
        raise RayError(msg("commands.simulate.no_ray")) from None
    return ray


def _ray_client_missing() -> bool:
    """Whether Ray's client part (`ray[client]`: grpcio), which a ray:// address needs, is
    missing: Ray's own test of it."""
    try:
        import grpc  # noqa: F401
    except ImportError:
        return True
    return False


def _connect(ray, address: str, workers: int) -> None:
    """ray.init for `address`, RayError saying what to do when it fails. "local" starts Ray on
    this machine with `workers` CPUs; where a cluster already runs here (`ray start`, or
    RAY_ADDRESS), Ray refuses a number of CPUs ("When connecting to an existing cluster, num_cpus
    and num_gpus must not be provided"): then it is joined, and its own CPUs are used."""
    options = dict(include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    try:
        if address != "local":
            ray.init(address=address, **options)
            return
        try:
            ray.init(num_cpus=max(1, workers), **options)
        except ValueError:
            if ray.is_initialized():
                raise
            ray.init(**options)  # the cluster running here, as it is
    except (ConnectionError, RuntimeError, ValueError, ImportError) as exc:
        if address.startswith("ray://") and _ray_client_missing():
            raise RayError(msg("commands.simulate.ray_client", address=address)) from None
        raise RayError(msg("commands.simulate.ray_unreachable", address=address, reason=exc)) from None


def _on_ray(tasks: Iterator, address: str, workers: int, on_done, on_wait=None) -> Iterator[list]:
    """`address` "local" starts a Ray instance on this machine with `workers` CPUs (what CI tests),
    or joins the one running here; any other is a cluster's address (`ray://host:10001`, `auto`).
    A cluster's tasks are kept WINDOW_PER_WORKER a CPU it has."""
    ray = ray_module()
    started = not ray.is_initialized()
    if started:
        _connect(ray, address, workers)
    try:
        remote = ray.remote(num_cpus=1)(run_task)

        def finished(refs):
            done, _ = ray.wait(refs, num_returns=1, timeout=WAIT_SECONDS)
            return [(ref, ray.get(ref)) for ref in done]

        cpus = int(ray.cluster_resources().get("CPU", workers))
        yield from _in_order(tasks, max(1, cpus) * WINDOW_PER_WORKER, lambda index, task: remote.remote(task),
                             finished, on_done, on_wait)
    finally:
        if started:
            ray.shutdown()


class Progress:
    """A one-line progress bar on stderr, for runs long enough to wait for: games done of the
    run's total, the rate, the time so far and the ETA, both from the whole run's start. A
    command makes one for its whole run and hands it to each part (`run_shown`); it is drawn at
    once, at 0, so the run shows before its first task ends (with slow bots, minutes), and
    redrawn as tasks end and every WAIT_SECONDS while none does."""

    def __init__(self, total: int, label: str, enabled: bool | None = None, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total = max(1, total)
        self.label = label
        self.done = 0
        self.start = time.monotonic()
        self._shown = 0.0  # when a count was last drawn (the first is drawn at once)
        self._columns = 0  # how wide the line drawn last is, to be covered by the next
        self.closed = False
        self.refresh()

    def advance(self, games: int) -> None:
        self.done += games
        now = time.monotonic()
        if now - self._shown >= 0.2 or self.done >= self.total:
            self._shown = now
            self._draw(now)

    def extend(self, games: int) -> None:
        """More games for the run (another round of `--precision`): the total grows, and a bar
        that the end of the last part closed is drawn again."""
        self.total += games
        self.closed = False
        self.refresh()

    def refresh(self) -> None:
        """Draw the line again (its clock moves on while no task ends)."""
        self._draw(time.monotonic())

    def _draw(self, now: float) -> None:
        if not self.enabled or self.closed:
            return
        line = self.line(now - self.start)
        columns = display_width(line)
        self.stream.write("\r" + line + " " * max(0, self._columns - columns))
        self.stream.flush()
        self._columns = columns

    def line(self, elapsed: float) -> str:
        share = min(1.0, self.done / self.total)
        width = 24
        bar = "#" * int(share * width) + "-" * (width - int(share * width))
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else None
        return text("commands.simulate.progress", label=self.label, bar=bar, done=self.done, total=self.total,
                    share=share, rate=rate_text(self.done, elapsed), elapsed=_clock(elapsed), eta=_clock(eta))

    def close(self) -> None:
        """Clear the line (once: a bar shared by the parts of a run may be closed by several)."""
        if self.enabled and not self.closed:
            self.stream.write("\r" + " " * self._columns + "\r")
            self.stream.flush()
        self.closed = True


def rate_text(games: int, seconds: float) -> str:
    """How fast games are played, as a reader takes it in: "312 games/s", "2.5 games/s", and
    below one a second the time a game takes, "20 s/game" ("0.05 games/s" is hard to read);
    "-- games/s" before the first game is counted."""
    if games <= 0 or seconds <= 0:
        return text("commands.simulate.progress_rate", rate="--")
    rate = games / seconds
    if rate >= 1:
        return text("commands.simulate.progress_rate", rate=f"{rate:,.0f}" if rate >= 100 else f"{rate:.1f}")
    pace = seconds / games
    return text("commands.simulate.progress_pace", seconds=f"{pace:,.0f}" if pace >= 10 else f"{pace:.1f}")


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60:02d}:{rest % 60:02d}"
