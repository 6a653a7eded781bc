"""`gouji arena`: bots against bots in the duplicate format.

Every deal is played twice with the same cards, bot A's team holding team 1's seats the first
time and team 2's the second, so what the deal gives one side it gives both bots once. The deal
(a pair of games) is the independent unit of every interval and test.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations

from gouji_dsl.messages import text
from gouji_dsl.sim import stats
from gouji_dsl.sim.records import game_record
from gouji_dsl.sim.runner import EngineSpec, derive, engine_spec, lineup_for, play_game
from gouji_dsl.sim.summary import number as _number

FORMAT = "gouji-arena/1"


@dataclass(frozen=True)
class PairTask:
    """Deals `first` .. `first + count - 1` between bots `a` and `b`, each deal twice."""

    spec: EngineSpec
    a: str
    b: str
    seed: int
    first: int
    count: int

    @property
    def total_games(self) -> int:
        return 2 * self.count

    def run(self) -> list[dict]:
        engine = self.spec.load()
        return [play_deal(engine, self.a, self.b, self.seed, deal) for deal in range(self.first, self.first + self.count)]


def play_deal(engine, a: str, b: str, seed: int, deal: int) -> dict:
    """Both games of one deal: A's and B's team scores summed over the two, wins, draws, actions."""
    rules = engine.RULES
    game_seed = derive("deal", seed, deal)  # the same cards for every pair of bots
    out = {"a_score": 0.0, "b_score": 0.0, "a_wins": 0, "b_wins": 0, "draws": 0, "actions": 0}
    for swap in (False, True):
        lineup = lineup_for([b, a] if swap else [a, b], rules)  # the first bot holds team 1's seats
        game, tally = play_game(engine, lineup, game_seed, lambda seat: derive("bot", seed, a, b, deal, swap, seat))
        rec = game_record(game, tally)
        team_a, team_b = (2, 1) if swap else (1, 2)
        out["a_score"] += rec[f"score.team.{team_a}"]
        out["b_score"] += rec[f"score.team.{team_b}"]
        out["a_wins"] += rec[f"team_win.{team_a}"]
        out["b_wins"] += rec[f"team_win.{team_b}"]
        out["draws"] += rec["draw"]
        out["actions"] += rec["actions"]
    return out


def run_arena(ws, name: str, bots: list[str], deals: int, seed: int, workers: int, ray_address, confidence: float,
              progress_flag) -> dict:
    from gouji_dsl.sim.parallel import Progress, backend_name, chunk_size, run_shown

    spec = engine_spec(ws, name)
    engine = spec.load()
    pairs = list(combinations(bots, 2))
    results = []
    started = time.monotonic()
    chunk = chunk_size(deals, workers, most=10, shares=4)
    bar = Progress(2 * deals * len(pairs), name, progress_flag)  # one bar for every pair of bots
    for a, b in pairs:
        tasks = (PairTask(spec, a, b, seed, first, min(chunk, deals - first)) for first in range(0, deals, chunk))
        rows: list[dict] = []
        began = time.monotonic()
        for result in run_shown(tasks, 2 * deals, workers, ray_address, text("commands.report.arena_pair", a=a, b=b),
                                bar):
            rows.extend(result)
        results.append(pair_result(a, b, rows, confidence, time.monotonic() - began))
    return {"format": FORMAT, "variant": name, "title": getattr(engine, "TITLE", name),
            "settings": {"deals": deals, "seed": seed, "bots": bots, "confidence": confidence},
            "pairs": results,
            "timings": {"workers": workers, "backend": backend_name(workers, ray_address), "seconds": round(time.monotonic() - started, 3),
                        "pair_seconds": {f"{r['a']} vs {r['b']}": r.pop("_seconds") for r in results}}}


def pair_result(a: str, b: str, rows: list[dict], confidence: float, seconds: float) -> dict:
    two = [2.0] * len(rows)
    col = lambda key: [float(r[key]) for r in rows]  # noqa: E731
    wins_a = stats.proportion(col("a_wins"), two, confidence)
    wins_b = stats.proportion(col("b_wins"), two, confidence)
    draws = stats.proportion(col("draws"), two, confidence)
    margin = stats.ratio([r["a_score"] - r["b_score"] for r in rows], two, confidence, games=2 * len(rows))
    test = stats.difference((col("a_score"), two), (col("b_score"), two), paired=True, confidence=confidence)
    wins_test = stats.difference((col("a_wins"), two), (col("b_wins"), two), paired=True, confidence=confidence,
                                 kind="proportion")  # a difference of two shares: within -100%..+100%
    alpha = 1 - confidence
    verdict = None
    if test.p_value is not None and test.p_value < alpha and margin.estimate:
        verdict = a if margin.estimate > 0 else b
    est = lambda e: {"estimate": _number(e.estimate), "low": _number(e.low), "high": _number(e.high)}  # noqa: E731
    return {"a": a, "b": b, "deals": len(rows), "games": 2 * len(rows),
            "a_wins": est(wins_a), "b_wins": est(wins_b), "draws": est(draws),
            "win_difference": {"estimate": _number(wins_test.difference), "low": _number(wins_test.low),
                               "high": _number(wins_test.high)},
            "margin": est(margin), "p": _number(test.p_value), "p_wins": _number(wins_test.p_value),
            "stronger": verdict,
            "actions_per_game": _number(sum(r["actions"] for r in rows) / (2 * len(rows))),
            "_seconds": round(seconds, 3)}


def arena_table(results: dict) -> str:
    from gouji_dsl.sim.report import interval, left, p_text, right, shown, width

    s = results["settings"]
    out = [text("commands.report.arena_title", variant=results["variant"], title=results["title"]),
           "  " + text("commands.report.arena_settings", deals=s["deals"], seed=s["seed"], confidence=s["confidence"])]
    for r in results["pairs"]:
        a, b = r["a"], r["b"]
        p, p_wins = p_text(r["p"]), p_text(r["p_wins"])
        out.append("  " + (text("commands.report.arena_stronger", a=a, b=b, stronger=r["stronger"]) if r["stronger"]
                           else text("commands.report.arena_no_difference", a=a, b=b)))
        win_difference = text("commands.report.arena_win_difference", a=a, b=b)
        margin = text("commands.report.arena_margin", bot=a)
        wide = max(width(win_difference), width(margin), width(text("commands.report.arena_wins", bot=b)),
                   width(text("commands.report.arena_drawn")))
        for who, key in ((a, "a_wins"), (b, "b_wins"), ("draws", "draws")):
            e = r[key]
            label = text("commands.report.arena_wins", bot=who) if key != "draws" else text("commands.report.arena_drawn")
            out.append(f"    {left(label, wide)} {right(shown('proportion', e['estimate']), 7)}  "
                       f"{interval('proportion', e['low'], e['high'])}")
        w = r["win_difference"]
        out.append(f"    {left(win_difference, wide)} {right(shown('proportion', w['estimate'], True), 7)}  "
                   f"{interval('proportion', w['low'], w['high'], True)}  p {p_wins}")
        m = r["margin"]
        out.append(f"    {left(margin, wide)} {right(shown('mean', m['estimate'], True), 7)}  "
                   f"{interval('mean', m['low'], m['high'], True)}  p {p}")
    return "\n".join(out) + "\n"
