"""Soak run of the game API: many random games per variant with the game invariants
checked, and malformed actions thrown at each game with its state checked unchanged.

Not part of the test run (it takes hours for the full figure); run on purpose:

    python tests/soak_games.py --games 100000                     # every variant with an engine
    python tests/soak_games.py --games 2000 --variants qingdao --workers 1

Games are played in chunks on every core (--workers); finished chunks are recorded
in --progress (JSON, rewritten after each chunk), so a stopped run resumes where it
was when started again with the same arguments. The exit status is 1 if any
game broke an invariant (each failure is printed with its variant and seed).

Per game (seed = its number): a random legal action until the end, with a legal
action always available and at most MAX_ACTIONS actions; cards conserved every
few actions and at the end; at --malformed random points a forged action from
tests/forgery.py (applied at the current seat or a forged one) must be refused
with IllegalAction and leave the state equal to a clone taken before, or be
legal; the legal list sorted there; at the end places a permutation, zero-sum
scores, observations showing no hidden card; and a replay of the history
reproducing the game.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gouji_dsl  # noqa: E402
from gouji_dsl.runtime.game import IllegalAction  # noqa: E402
from forgery import forged_action, forged_seat  # noqa: E402
from invariants import MAX_ACTIONS, check_finished, conserved, sorted_legal, state_of  # noqa: E402

CONSERVE_EVERY = 8  # actions between full card counts (cheap, but not free on the hot path)
_ENGINES: dict = {}


def _engine(name: str):
    if name not in _ENGINES:
        _ENGINES[name] = gouji_dsl.engine(name)
    return _ENGINES[name]


def check_malformed(game, rng: random.Random) -> None:
    """One forged action: refused with the state exactly as before, or legal."""
    legal = game.legal_actions()
    assert sorted_legal(legal), "the legal actions are not sorted"
    before = state_of(game.clone())
    action = forged_action(rng, legal)
    seat = forged_seat(rng, game.r.players)
    try:
        game.apply_action(action, seat=seat)
    except IllegalAction as exc:
        assert len(str(exc)) < 1000, "an unbounded error message"
        assert state_of(game) == before, f"state changed by a refused action {exc}"
        assert game.legal_actions() == legal
        return
    assert game.history()[-1] in legal, "an accepted action that was not legal"


def soak_game(name: str, seed: int, malformed: int) -> int:
    """Play and check one game; returns its number of actions."""
    e = _engine(name)
    game = e.new_game(seed=seed)
    rng = random.Random(seed)
    forge_at = sorted(rng.randrange(250) for _ in range(malformed))
    steps = 0
    while not game.is_terminal():
        while forge_at and forge_at[0] == steps:
            forge_at.pop(0)
            check_malformed(game, rng)
        if game.is_terminal():
            break  # a forged action that was legal ended the game
        actions = game.legal_actions()
        assert actions, "no legal action"
        if steps % CONSERVE_EVERY == 0:
            assert conserved(game), "cards not conserved"
        game.apply_action(rng.choice(actions))
        steps += 1
        assert steps < MAX_ACTIONS, "the game does not end"
    for _ in forge_at:  # points past the end: the finished game refuses everything
        check_malformed(game, rng)
    check_finished(game)
    again = e.replay(game.history(), seed=seed)
    assert (again.places(), again.returns(), again.hands) == (game.places(), game.returns(), game.hands), \
        "the replay differs"
    return len(game.history())


def run_chunk(task: tuple) -> dict:
    name, start, count, malformed = task
    began = time.perf_counter()
    actions = 0
    failures = []
    for seed in range(start, start + count):
        try:
            actions += soak_game(name, seed, malformed)
        except Exception as exc:  # noqa: BLE001 - every broken game is reported, the run goes on
            failures.append(f"{name} seed {seed}: {type(exc).__name__}: {str(exc)[:300]}")
    return {"name": name, "start": start, "games": count, "actions": actions, "malformed": count * malformed,
            "failures": failures, "seconds": time.perf_counter() - began}


def load_progress(path: Path) -> dict:
    return json.loads(path.read_text()) if path.exists() else {}


def save_progress(path: Path, progress: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(progress, indent=1))
    os.replace(tmp, path)  # never a half-written progress file


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per variant (seeds 0 .. games-1)")
    parser.add_argument("--variants", nargs="*", help="default: every variant with an engine")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--malformed", type=int, default=2, help="forged actions per game")
    parser.add_argument("--chunk", type=int, default=250, help="games per unit of work")
    parser.add_argument("--progress", type=Path, default=Path("soak-progress.json"))
    args = parser.parse_args(argv)
    from strategies import ALL_ENGINE_VARIANTS
    names = args.variants or ALL_ENGINE_VARIANTS
    progress = load_progress(args.progress)
    done = {name: set(progress.get(name, {}).get("done", [])) for name in names}
    # Variants take turns chunk by chunk, so a run stopped early has covered every variant alike.
    tasks = [(name, start, min(args.chunk, args.games - start), args.malformed)
             for start in range(0, args.games, args.chunk) for name in names if start not in done[name]]
    print(f"soak: {len(tasks)} chunk(s) to run on {args.workers} worker(s)", flush=True)
    began = time.perf_counter()
    failed = sum(len(p.get("failures", [])) for p in progress.values())
    with multiprocessing.Pool(args.workers) as pool:
        for r in pool.imap_unordered(run_chunk, tasks):
            p = progress.setdefault(r["name"], {"done": [], "games": 0, "actions": 0, "malformed": 0,
                                                "seconds": 0.0, "failures": []})
            p["done"].append(r["start"])
            for key in ("games", "actions", "malformed", "seconds"):
                p[key] += r[key]
            p["failures"] += r["failures"]
            failed += len(r["failures"])
            for line in r["failures"]:
                print("FAIL", line, flush=True)
            save_progress(args.progress, progress)
            print(f"{time.perf_counter() - began:8.0f}s {r['name']:<20} games {p['games']:>7,} "
                  f"actions {p['actions']:>10,} malformed {p['malformed']:>8,} failures {len(p['failures'])}",
                  flush=True)
    total = {k: sum(p[k] for p in progress.values()) for k in ("games", "actions", "malformed")}
    print(f"soak total: {total['games']:,} games, {total['actions']:,} actions, {total['malformed']:,} malformed "
          f"actions, {failed} failure(s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
