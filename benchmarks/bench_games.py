"""Self-play throughput: whole random games per second and actions per second.

For each variant the generated engine plays random legal actions in whole games; when
`rlcard` is installed (it is not a project dependency), RLCard's Dou Dizhu raw game
(init_game + step with random legal actions) is measured in the same run as a yardstick.

The reference interpreter is timed against the generated engine on the same actions: it
plays random games (seeds 0, 1, ...) for --reference-seconds, a game cut where its time runs
out, and the generated engine then plays exactly the actions it finished (the same seed deals
the same cards, the same random draws pick the same actions: checked); gen/ref is the
reference's time over the generated engine's. The time limit holds even inside a decision
(SIGALRM, where the platform has it; elsewhere it is checked between actions): a Shuangkou
interpreter lists a hand's plays in seconds, with wild jokers in minutes, so one of its games
can take hours. A decision cut before its end counts in neither time; when the reference
finished none, gen/ref shows a lower bound (">"): the time it spent on its first decision
over the generated engine's time for it. The table says how many reference games finished.

    python benchmarks/bench_games.py [--seconds 4] [--reference-seconds 2] [--slices 4] [VARIANT ...]
"""
from __future__ import annotations

import argparse
import contextlib
import random
import signal
import sys
import time

import gouji_dsl
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import engine_variants


class Meter:
    """Games and actions (and chance nodes, where a loop has them) over time, accumulated
    across interleaved slices."""

    def __init__(self):
        self.games = self.actions = self.chance = 0
        self.seconds = 0.0

    def result(self) -> tuple[float, float, int]:
        return self.games / self.seconds, self.actions / self.seconds, self.games

    def rate(self) -> float:
        """Actions per second."""
        return self.actions / self.seconds


def timed_slice(meter: Meter, seconds: float, play_game, clock=time.perf_counter) -> None:
    """Whole games, `play_game(seed)` counting its actions into `meter`, for about `seconds`
    more of `clock` (seeds continue from the meter's games, so every loop plays the same deals)."""
    start = clock()
    while True:
        play_game(meter.games)
        meter.games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            meter.seconds += elapsed
            return


def selfplay_slice(meter: Meter, new_game, seconds: float, rng: random.Random, clock=time.perf_counter) -> None:
    """Play random legal actions in whole games for about `seconds` more."""
    def play(seed: int) -> None:
        game = new_game(seed=seed)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
            meter.actions += 1

    timed_slice(meter, seconds, play, clock)


class Paired:
    """The reference interpreter against the generated engine on the same actions."""

    def __init__(self):
        self.games = self.finished = self.actions = 0
        self.ref_seconds = self.gen_seconds = 0.0   # over the actions the reference finished
        self.cut = self.cut_gen = 0.0  # a first decision the reference did not finish: its time, the generated engine's
        self.cut_total = 0.0  # the reference's time in decisions it did not finish

    def spent(self) -> float:
        """The reference's time so far, cut decisions included."""
        return self.ref_seconds + self.cut_total


class _TimeUp(Exception):
    """The reference's time ran out in the middle of a decision."""


@contextlib.contextmanager
def _deadline(seconds: float):
    """Raise _TimeUp in the body once `seconds` have passed (SIGALRM, in the main thread); where
    the platform has no interval timer, the body runs on and the callers' checks between
    actions bound it."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def time_up(_signum, _frame):
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, time_up)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def reference_slice(paired: Paired, ref_new, gen_new, seconds: float, clock=time.perf_counter) -> None:
    """Reference games for `seconds` (a game cut where the time runs out, even in a decision),
    and the generated engine on the actions the reference finished (module docstring)."""
    start = clock()
    while clock() - start < seconds:
        seed = paired.games
        paired.games += 1
        begun = clock()
        game, dealt, done, taken = None, None, None, 0
        try:
            with _deadline(seconds - (begun - start)):
                game, rng = ref_new(seed=seed), random.Random(seed)
                dealt = done = clock()
                while not game.is_terminal() and clock() - start < seconds:
                    game.apply_action(rng.choice(game.legal_actions()))
                    taken += 1
                    done = clock()
        except _TimeUp:
            pass
        stopped = clock()
        paired.cut_total += stopped - (begun if done is None else done)
        paired.finished += game is not None and game.is_terminal()
        gen_begun = clock()
        other, rng = gen_new(seed=seed), random.Random(seed)
        gen_dealt = clock()
        for _ in range(taken):
            other.apply_action(rng.choice(other.legal_actions()))
        if taken:
            paired.actions += taken
            paired.ref_seconds += done - begun
            paired.gen_seconds += clock() - gen_begun
            if list(map(str, other.history())) != list(map(str, game.history()[:taken])):
                raise RuntimeError(f"seed {seed}: the generated engine and the reference played different games")
        elif not other.is_terminal():
            # Not even the first decision (or the deal) finished: a lower bound of its time, against
            # the generated engine's time for the same work.
            other.apply_action(rng.choice(other.legal_actions()))
            ended = clock()
            if dealt is None:  # the deal itself did not finish
                ref_part, gen_part = stopped - begun, ended - gen_begun
            else:
                ref_part, gen_part = stopped - dealt, ended - gen_dealt
            if ref_part / gen_part > paired.cut / max(paired.cut_gen, 1e-12):
                paired.cut, paired.cut_gen = ref_part, gen_part


def rlcard_new_game():
    """RLCard's Dou Dizhu raw game behind the same interface, or None if not installed."""
    try:
        from rlcard.games.doudizhu.game import DoudizhuGame
    except ImportError:
        return None
    import numpy as np

    class Adapter:
        def __init__(self, seed):
            self.game = DoudizhuGame(allow_step_back=False)
            self.game.np_random = np.random.RandomState(seed)
            self.state, _ = self.game.init_game()

        def is_terminal(self):
            return self.game.is_over()

        def legal_actions(self):
            return self.state["actions"]

        def apply_action(self, action):
            self.state, _ = self.game.step(action)

    return lambda seed: Adapter(seed)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--seconds", type=float, default=4.0, help="time for each generated engine and for RLCard")
    parser.add_argument("--reference-seconds", type=float, default=2.0,
                        help="time for each reference interpreter, its games cut where it runs out (0: leave it "
                             "out); one Shuangkou decision with wild jokers can take tens of seconds more")
    parser.add_argument("--slices", type=int, default=4,
                        help="measure in this many interleaved slices, so that machine noise hits all alike")
    args = parser.parse_args(argv)
    ws = Workspace()
    good, diags = engine_variants(ws, args.variants or ws.names())
    if diags:
        print("rule files have errors: run gouji check", file=sys.stderr)
        return 1
    engines = {name: (gouji_dsl.engine(name).new_game, gouji_dsl.reference_engine(name).new_game) for name in good}
    rl = rlcard_new_game()
    meters = {("rlcard", "gen"): Meter()} if rl else {}
    with_reference = args.reference_seconds > 0
    for name in engines:
        meters[(name, "gen")] = Meter()
    paired = {name: Paired() for name in engines} if with_reference else {}
    rng = random.Random(0)
    for _ in range(args.slices):
        if rl:
            selfplay_slice(meters[("rlcard", "gen")], lambda seed: rl(seed), args.seconds / args.slices, rng)
        for name, (gen, ref) in engines.items():
            selfplay_slice(meters[(name, "gen")], gen, args.seconds / args.slices, rng)
            left = args.reference_seconds - paired[name].spent() if with_reference else 0
            if left > 1e-3:  # without SIGALRM a slow decision may have spent the variant's time already
                # While not one decision has finished, the rest of the time goes to one attempt.
                stuck = paired[name].games and not paired[name].actions
                budget = left if stuck else min(left, args.reference_seconds / args.slices)
                reference_slice(paired[name], ref, gen, budget)
    yardstick = meters[("rlcard", "gen")].result() if rl else None
    if yardstick:
        print(f"RLCard Dou Dizhu (raw game, random legal actions): {yardstick[0]:,.1f} games/s, "
              f"{yardstick[1]:,.0f} actions/s ({yardstick[2]} games)")
    else:
        print("RLCard is not installed: no yardstick (pip install rlcard to add it)")
    header = f"{'variant':<20}{'gen games/s':>12}{'gen actions/s':>15}{'ref actions/s':>15}{'gen/ref':>10}"
    header += f"{'ref games':>13}"
    if yardstick:
        header += f"{'gen/RLCard':>12}"
    print(header)
    for name in engines:
        g_games, g_actions, _ = meters[(name, "gen")].result()
        line = f"{name:<20}{g_games:>12,.1f}{g_actions:>15,.0f}"
        if with_reference:
            pair = paired[name]
            finished = f"{pair.finished}/{pair.games} done"
            if pair.actions:
                line += f"{pair.actions / pair.ref_seconds:>15,.2f}{pair.ref_seconds / pair.gen_seconds:>9,.1f}x"
            else:  # not one decision finished: bounds
                line += f"{'< ' + format(1 / pair.cut, ',.3f'):>15}{'> ' + format(pair.cut / pair.cut_gen, ',.0f'):>9}x"
            line += f"{finished:>13}"
        else:
            line += f"{'-':>15}{'-':>10}{'-':>13}"
        if yardstick:
            line += f"{g_actions / yardstick[1]:>11.1f}x"
        print(line)
    if with_reference:
        print("gen/ref: the reference's time over the generated engine's on the same actions; "
              "ref games: finished/begun (cut at --reference-seconds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
