"""From per-match sums to the results document: estimates with intervals, distributions, and the
paired comparison of two variants played on the same seeds.

The results document is plain JSON (the `--json` file, the source of the table, CSV and plots):
{"format", "settings", "variants": [...], "comparisons": [...], "timings"}. Everything but
"timings" depends on the seeds and the rules only: the same for any number of workers.
"""
from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass, field, replace

from gouji_dsl.messages import msg
from gouji_dsl.sim import stats
from gouji_dsl.sim.metrics import Label, Metric, metrics_for
from gouji_dsl.sim.records import team_seats
from gouji_dsl.sim.runner import HISTOGRAMS

FORMAT = "gouji-simulate/1"
HISTOGRAM_LABELS = {"score.team.1": Label(msg("commands.report.team_score_label", team=1)),
                    "score.team.2": Label(msg("commands.report.team_score_label", team=2)),
                    "actions": Label(msg("commands.report.actions")), "rounds": Label(msg("commands.report.rounds"))}


@dataclass
class Totals:
    """Per-match sums of every record field, in match order (a field first seen late is 0 before),
    and the merged distributions."""

    matches: int = 0
    columns: dict = field(default_factory=dict)      # field -> array('d') of per-match sums
    hist: dict = field(default_factory=lambda: {name: Counter() for name in HISTOGRAMS})

    def add(self, match: dict) -> None:
        """The next match's result (runner.play_match), in match order."""
        sums = match["sums"]
        for name in sums:
            if name not in self.columns:
                self.columns[name] = array("d", bytes(8 * self.matches))
        for name, column in self.columns.items():
            column.append(sums.get(name, 0))
        self.matches += 1
        for name, counts in match["hist"].items():
            self.hist[name].update(counts)

    def column(self, name: str) -> array:
        return self.columns.get(name) or array("d", bytes(8 * self.matches))

    @property
    def games(self) -> int:
        return int(sum(self.column("games")))


def estimate(metric: Metric, totals: Totals, games: int, confidence: float) -> stats.Estimate:
    """`metric` over the matches of `totals` (`games` of them in all)."""
    ys, xs = totals.column(metric.field), totals.column(metric.per)
    if metric.kind == "proportion":
        return stats.proportion(ys, xs, confidence)
    e = stats.ratio(ys, xs, confidence, games=games)
    if metric.kind == "ratio" and e.low is not None:  # a share: its interval stays within 0-100%
        e = replace(e, low=max(0.0, e.low), high=min(1.0, e.high))
    return e


def number(x):
    """A float for JSON: rounded so that tiny last-bit noise of a platform does not show."""
    if x is None:
        return None
    return round(float(x), 10)


def variant_result(name: str, engine, source: str, totals: Totals, confidence: float) -> dict:
    rules = engine.RULES
    metrics = metrics_for(rules, set(totals.columns))
    games = totals.games  # a sum over every match: once, not once a figure
    rows = []
    for metric in metrics:
        e = estimate(metric, totals, games, confidence)
        rows.append(dict(metric.to_json(), estimate=number(e.estimate), low=number(e.low), high=number(e.high),
                         games=games))
    distributions = {}
    for hist_name in HISTOGRAMS:
        values = []
        for value in sorted(totals.hist[hist_name]):
            values += [value] * totals.hist[hist_name][value]
        distributions[hist_name] = dict(label=HISTOGRAM_LABELS[hist_name], **stats.histogram(values))
    return {"name": name, "title": engine.TITLE if hasattr(engine, "TITLE") else name, "source": source,
            "players": rules.players, "teams": {str(t): seats for t, seats in team_seats(rules).items()},
            "games": games, "metrics": rows, "distributions": distributions}


def compared_metrics(rules_a, totals_a: Totals, rules_b, totals_b: Totals) -> list[Metric]:
    """The figures two variants are compared on. Of one game (Gouji, or Shuangkou): every figure
    either reports, since a rule one of them does not play counts 0 there (no burning: 0 burns;
    no tribute: 0 cards), and that difference is the point. Of two games: the figures both report."""
    seen = set(totals_a.columns) | set(totals_b.columns)
    mine = [m for m in metrics_for(rules_a, seen) if m.compared]
    theirs = [m for m in metrics_for(rules_b, seen) if m.compared]
    if rules_a.pattern_plays != rules_b.pattern_plays:
        ids = {m.id for m in theirs}
        return [m for m in mine if m.id in ids]
    ids = {m.id for m in mine}
    return mine + [m for m in theirs if m.id not in ids]


def compare(name_a: str, engine_a, totals_a: Totals, name_b: str, engine_b, totals_b: Totals,
            confidence: float) -> dict:
    """A - B for every figure both report, paired by match (the same seeds), Holm-adjusted."""
    shared = compared_metrics(engine_a.RULES, totals_a, engine_b.RULES, totals_b)
    paired = totals_a.matches == totals_b.matches
    rows = []
    for metric in shared:
        d = stats.difference((totals_a.column(metric.field), totals_a.column(metric.per)),
                             (totals_b.column(metric.field), totals_b.column(metric.per)), paired, confidence)
        p = d.p_value
        if d.difference == 0 and d.low == d.high:
            p = None  # the same in every match of both (no burns in either): nothing to test
        rows.append(dict(metric.to_json(), a=number(d.a), b=number(d.b), difference=number(d.difference),
                         low=number(d.low), high=number(d.high), p=number(p)))
    adjusted = stats.holm([row["p"] for row in rows])  # m counts the figures with a test
    alpha = 1 - confidence
    for row, q in zip(rows, adjusted):
        row["p_holm"] = number(q)
        row["significant"] = q is not None and q < alpha
    return {"a": name_a, "b": name_b, "paired": paired, "metrics": rows}


@dataclass(frozen=True)
class Side:
    """One variant of a run, played: its name, engine, where its rules come from (the file, or the
    name of a shipped variant), its totals and the bots at its seats."""

    name: str
    engine: object
    source: str
    totals: Totals
    lineup: tuple


def results(sides: list[Side], settings: dict, timings: dict, confidence: float) -> dict:
    """The results document of a run: each side summarised, and each side after the first
    compared with the first (played on the same seeds)."""
    variants = [{**variant_result(s.name, s.engine, s.source, s.totals, confidence), "lineup": list(s.lineup)}
                for s in sides]
    first = sides[0]
    comparisons = [compare(s.name, s.engine, s.totals, first.name, first.engine, first.totals, confidence)
                   for s in sides[1:]]
    return {"format": FORMAT, "settings": settings, "variants": variants, "comparisons": comparisons,
            "timings": timings}
