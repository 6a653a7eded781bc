"""From per-match sums to the results document: estimates with intervals, distributions, and the
paired comparison of two variants played on the same seeds.

The results document is plain JSON (the `--json` file, the source of the table, CSV and plots):
{"format", "settings", "variants": [...], "comparisons": [...], "timings"}. Everything but
"timings" depends on the seeds and the rules only: the same for any number of workers.

Only variants of one game with as many players are compared (`incomparable` says why others are
not): their matches pair up seed by seed, and each figure means the same thing in both.
"""
from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass, field

from gouji_dsl.messages import Message, msg
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


# A figure's kind (metrics.py) -> the kind of estimator stats.py has for it: a "ratio" figure is a
# share of one count in another.
STATS_KIND = {"proportion": "proportion", "ratio": "share", "count": "count", "mean": "mean"}


def estimate(metric: Metric, totals: Totals, games: int, confidence: float) -> stats.Estimate:
    """`metric` over the matches of `totals` (`games` of them in all), with the interval of its
    kind: Wilson for shares, Garwood for counts, t for means (stats.py)."""
    ys, xs = totals.column(metric.field), totals.column(metric.per)
    if metric.kind == "proportion":
        return stats.proportion(ys, xs, confidence)
    if metric.kind == "ratio":
        return stats.share(ys, xs, confidence, games=games)
    if metric.kind == "count":
        return stats.count(ys, xs, confidence)
    return stats.ratio(ys, xs, confidence, games=games)


def number(x):
    """A float for JSON: rounded so that tiny last-bit noise of a platform does not show."""
    if x is None:
        return None
    return round(float(x), 10)


def constant(metric: Metric, value) -> bool:
    """A share that is 0 or 1 in every game counted (四户乱缠 where the bots reach it every game,
    a draw in Shuangkou): the run describes it ("every game", "no game") rather than estimating a
    rate that did not vary. Decided from the games played, not from the rules."""
    return metric.kind == "proportion" and value in (0, 1)


def variant_result(name: str, engine, source: str, totals: Totals, confidence: float) -> dict:
    rules = engine.RULES
    metrics = metrics_for(rules, set(totals.columns))
    games = totals.games  # a sum over every match: once, not once a figure
    rows = []
    for metric in metrics:
        e = estimate(metric, totals, games, confidence)
        count = sum(totals.column(metric.per))
        rows.append(dict(metric.to_json(), estimate=number(e.estimate), low=number(e.low), high=number(e.high),
                         games=games, count=number(count), constant=constant(metric, e.estimate)))
    distributions = {}
    for hist_name in HISTOGRAMS:
        values = []
        for value in sorted(totals.hist[hist_name]):
            values += [value] * totals.hist[hist_name][value]
        distributions[hist_name] = dict(label=HISTOGRAM_LABELS[hist_name], **stats.histogram(values))
    return {"name": name, "title": engine.TITLE if hasattr(engine, "TITLE") else name, "source": source,
            "players": rules.players, "teams": {str(t): seats for t, seats in team_seats(rules).items()},
            "games": games, "metrics": rows, "distributions": distributions}


def game_name(rules) -> Message:
    """Which card game a variant's rules play: Gouji, or Shuangkou (plays by pattern)."""
    return msg("commands.report.game_shuangkou" if rules.pattern_plays else "commands.report.game_gouji")


def incomparable(name_a: str, rules_a, name_b: str, rules_b) -> Message | None:
    """Why variants a and b cannot be compared, or None when they can. Variants of two games
    (Gouji and Shuangkou) or for different numbers of players deal different hands from the same
    seed, so their matches do not pair, and their figures (a sweep of 3 places or 2, a team of 3
    or 2, a game of 200 actions or 60) do not mean the same thing: a difference of them tests
    nothing about a rule."""
    if rules_a.pattern_plays == rules_b.pattern_plays and rules_a.players == rules_b.players:
        return None
    return msg("commands.report.incomparable", a=name_a, game_a=game_name(rules_a), players_a=rules_a.players,
               b=name_b, game_b=game_name(rules_b), players_b=rules_b.players)


def compared_metrics(rules_a, totals_a: Totals, rules_b, totals_b: Totals) -> list[Metric]:
    """The figures two variants of one game are compared on, the primary ones first: every figure
    either reports, since a rule one of them does not play counts 0 there (no burning: 0 burns;
    no tribute: 0 cards), and that difference is the point. ValueError for variants
    `incomparable` refuses (the commands refuse them before any game)."""
    why = incomparable("a", rules_a, "b", rules_b)
    if why is not None:
        raise ValueError(why)
    seen = set(totals_a.columns) | set(totals_b.columns)
    mine = [m for m in metrics_for(rules_a, seen) if m.compared]
    ids = {m.id for m in mine}
    shared = mine + [m for m in metrics_for(rules_b, seen) if m.compared and m.id not in ids]
    return [m for m in shared if m.primary] + [m for m in shared if not m.primary]


def compare(name_a: str, engine_a, totals_a: Totals, name_b: str, engine_b, totals_b: Totals,
            confidence: float, match_games: int = 1) -> dict:
    """A - B for every figure either reports, paired by match (the same seeds), each interval of
    the figure's kind (stats.difference: within -100%..+100% for shares, width where a side did not
    vary). Only the primary figures are tested, Holm-adjusted over them alone; the others are
    described: the difference and its interval at the run's confidence, no p. A tested figure also
    gets its interval at the level Holm tests it at ("holm_low", "holm_high", "holm_confidence"),
    which excludes 0 exactly when it is significant, and the games a variant would need to find a
    difference of this size (80% power; `match_games` games a match). "tested" counts the figures
    Holm adjusted over (a primary figure no match of the two tells apart has nothing to test),
    "described" the others."""
    shared = compared_metrics(engine_a.RULES, totals_a, engine_b.RULES, totals_b)
    paired = totals_a.matches == totals_b.matches
    rows, intervals_at = [], []
    for metric in shared:
        a = (totals_a.column(metric.field), totals_a.column(metric.per))
        b = (totals_b.column(metric.field), totals_b.column(metric.per))
        kind = STATS_KIND[metric.kind]
        d = stats.difference(a, b, paired, confidence, kind)
        tested = metric.primary and d.p_value is not None and not (paired and a == b)  # no match tells them apart
        p = d.p_value if tested else None
        detect = None
        if tested and paired and d.difference:
            matches = stats.games_needed(stats.paired_difference_sd(a, b), d.difference, confidence)
            detect = None if matches is None else matches * match_games
        rows.append(dict(metric.to_json(), a=number(d.a), b=number(d.b), difference=number(d.difference),
                         low=number(d.low), high=number(d.high), p=number(p), games_to_detect=detect))
        intervals_at.append((lambda level, a=a, b=b, kind=kind: stats.difference_interval_at(a, b, paired, level, kind),
                             p))
    for row, holm in zip(rows, stats.holm_intervals(intervals_at, confidence)):  # m counts the tested figures
        row["p_holm"] = number(holm.p_holm)
        row["significant"] = holm.significant
        row["holm_low"], row["holm_high"] = number(holm.low), number(holm.high)
        row["holm_confidence"] = number(holm.confidence)
    return {"a": name_a, "b": name_b, "paired": paired, "primary": sum(row["primary"] for row in rows),
            "tested": sum(row["p"] is not None for row in rows), "described": sum(not row["primary"] for row in rows),
            "metrics": rows}


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
    compared with the first (played on the same seeds; ValueError for sides `incomparable`
    refuses)."""
    variants = [{**variant_result(s.name, s.engine, s.source, s.totals, confidence), "lineup": list(s.lineup)}
                for s in sides]
    first = sides[0]
    comparisons = [compare(s.name, s.engine, s.totals, first.name, first.engine, first.totals, confidence,
                           settings.get("match_games", 1))
                   for s in sides[1:]]
    return {"format": FORMAT, "settings": settings, "variants": variants, "comparisons": comparisons,
            "timings": timings}


def verdict(row: dict) -> str:
    """What a tested comparison row concludes: "higher" or "lower" (A than B, significant after
    Holm), "no difference" (tested, not significant), or "untested"."""
    if row["p"] is None:
        return "untested"
    if not row["significant"]:
        return "no difference"
    return "higher" if row["difference"] > 0 else "lower"


def agreement(comparisons_by_mix: list[list[dict]], mixes: list[list[str]]) -> list[dict]:
    """For every tested figure of every comparison, each bot mix's verdict and whether the
    conclusion holds in all of them ("holds": the same verdict in every mix where it was tested).
    A conclusion that changes with the bots describes the bots as much as the rule."""
    out = []
    first = comparisons_by_mix[0]
    for index, comparison in enumerate(first):
        # Rows by figure: a mix whose games paid a tribute kind the others did not has a row more.
        by_id = [{r["id"]: r for r in mixed[index]["metrics"]} for mixed in comparisons_by_mix]
        for row in comparison["metrics"]:
            if not row["primary"]:
                continue
            verdicts = [verdict(rows[row["id"]]) if row["id"] in rows else "untested" for rows in by_id]
            seen = {v for v in verdicts if v != "untested"}
            out.append({"a": comparison["a"], "b": comparison["b"], "id": row["id"], "label": row["label"],
                        "verdicts": [{"bots": bots, "verdict": v} for bots, v in zip(mixes, verdicts)],
                        "holds": len(seen) <= 1})
    return out
