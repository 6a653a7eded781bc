"""One `gouji simulate` run: every bot mix plays every variant on the same seeds, the first mix in
rounds until its primary figures are as precise as asked (`--precision`).

    plan ─► round 1 (the first mix, --games) ─► results ─► precise enough? ─► another round …
         └► every further mix, as many games as the first played ─► its results ─► agreement

A round goes on where the last ended (match numbers, and so seeds, continue), so the games of a
run with rounds are the games of one run of the same total. Each mix is a results document of
its own (summary.results); the first is the run's document, the others go under "mixes", and
`summary.agreement` says which conclusions hold in every mix.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from gouji_dsl.sim import stats
from gouji_dsl.sim.parallel import Progress, backend_name, chunk_size, run_shown
from gouji_dsl.sim.runner import EngineSpec, tasks_for
from gouji_dsl.sim.summary import Side, Totals, agreement, results as results_of

# Rounds of a run with --precision: each plays at least as many games again as have been played
# (so a run ends after a few), at most MAX_ROUNDS of them.
MAX_ROUNDS = 8


@dataclass(frozen=True)
class Plan:
    """What a run plays: the variants (names, where each comes from, engines), the bot mixes (per
    mix, one lineup a variant), seeds, and where it plays."""

    names: list[str]
    specs: list[EngineSpec]
    engines: list
    sources: list[str]
    mixes: list[list[str]]
    lineups: list[list[tuple]]   # [mix][variant]
    seed: int
    games: int                   # the first round's games a variant
    most_games: int              # --precision stops here, met or not
    match_games: int
    confidence: float
    precision: float | None
    workers: int
    ray: str | None


@dataclass
class Played:
    """A mix's games so far: per variant, its totals and seconds of play."""

    totals: list[Totals]
    seconds: dict = field(default_factory=dict)
    games: int = 0
    matches: int = 0


def run(plan: Plan, progress: Progress | bool | None, raw=None) -> dict:
    """The results document of the run (every mix, the rounds of the first, the agreement).
    `progress`: whether to show a bar on stderr (None: on a terminal), or a `Progress` of the
    caller's, made for the run's games (the studio counts its job's games with one)."""
    started = time.monotonic()
    bar = progress if isinstance(progress, Progress) else Progress(
        plan.games * len(plan.names) * len(plan.mixes), plan.names[0], progress)
    first = Played([Totals() for _ in plan.names])
    rounds = []
    games = plan.games
    while True:
        _play(plan, 0, first, games, bar, raw)
        rounds.append(first.games)
        document = _results(plan, 0, first, started)  # its settings count the games played so far
        if plan.precision is None:
            break
        more = further_games(document, plan.precision, first.matches, plan.match_games)
        if not more or len(rounds) == MAX_ROUNDS or first.games >= plan.most_games:
            document["precision"] = {"width": plan.precision, "rounds": rounds, "met": not more}
            break
        games = min(max(more, first.games), plan.most_games - first.games)  # at least double: few rounds
        bar.extend(games * len(plan.names) * len(plan.mixes))
    document["settings"]["mixes"] = plan.mixes
    others = []
    for mix in range(1, len(plan.mixes)):
        played = Played([Totals() for _ in plan.names])
        _play(plan, mix, played, first.games, bar, raw)
        mixed = _results(plan, mix, played, started)
        others.append({"bots": plan.mixes[mix], "variants": mixed["variants"], "comparisons": mixed["comparisons"]})
    if others:
        document["mixes"] = others
        document["agreement"] = agreement([document["comparisons"]] + [m["comparisons"] for m in others],
                                          plan.mixes)
    elapsed = time.monotonic() - started
    document["timings"]["seconds"] = round(elapsed, 3)
    played_games = first.games * len(plan.names) * len(plan.mixes)
    document["timings"]["games_per_second"] = round(played_games / elapsed, 2) if elapsed else None
    return document


def _play(plan: Plan, mix: int, played: Played, games: int, bar: Progress, raw) -> None:
    """`games` more games of every variant with the mix's bots, from the match after the last."""
    matches = -(-games // plan.match_games)
    chunk = chunk_size(matches, plan.workers, most=50, shares=8)
    for index, (name, spec) in enumerate(zip(plan.names, plan.specs)):
        lineup = plan.lineups[mix][index]
        tasks = tasks_for(spec, lineup, plan.seed, games, plan.match_games, chunk, raw=raw is not None,
                          start=played.matches)
        began = time.monotonic()
        for result in run_shown(tasks, games, plan.workers, plan.ray, name, bar):
            for match in result:
                played.totals[index].add(match)
                if raw is not None:
                    raw.add(name, lineup, match, mix + 1)  # to the spool as it comes, in match order
        played.seconds[name] = round(played.seconds.get(name, 0.0) + time.monotonic() - began, 3)
    played.games += games
    played.matches += matches


def _results(plan: Plan, mix: int, played: Played, started: float) -> dict:
    sides = [Side(name, engine, source, totals, lineup) for name, engine, source, totals, lineup
             in zip(plan.names, plan.engines, plan.sources, played.totals, plan.lineups[mix])]
    settings = {"games": played.games, "seed": plan.seed, "match_games": plan.match_games, "bots": plan.mixes[mix],
                "confidence": plan.confidence}
    timings = {"workers": plan.workers, "backend": backend_name(plan.workers, plan.ray), "seconds": round(time.monotonic() - started, 3),
               "games_per_second": None, "variant_seconds": dict(played.seconds)}
    return results_of(sides, settings, timings, plan.confidence)


def further_games(document: dict, width: float, matches: int, match_games: int) -> int:
    """Games a variant still needs for every tested figure's interval to be at most `width` wide
    (0 when each is): the comparisons' primary differences, or with one variant its primary
    figures. Shares are measured in points (0.02: 2 points), other figures relative to their
    value (0.02: 2% of it). The interval's half-width falls as 1/sqrt(matches)."""
    rows = ([row for c in document["comparisons"] for row in c["metrics"] if row["primary"]]
            if document["comparisons"] else
            [row for v in document["variants"] for row in v["metrics"] if row["primary"]])
    needed = matches
    for row in rows:
        low, high = row["low"], row["high"]
        if low is None or high is None:
            continue  # nothing varied: no interval to narrow
        scale = 1.0 if row["kind"] in ("proportion", "share", "ratio") else abs(row.get("b", row.get("estimate")) or 0.0)
        target = width * (scale or 1.0)
        if high - low > target:
            clusters = stats.clusters_for_half_width((high - low) / 2, matches, target / 2)
            if clusters is not None:
                needed = max(needed, clusters)
    return (needed - matches) * match_games
