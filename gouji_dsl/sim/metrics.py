"""The figures `gouji simulate` reports: which apply to a variant, and how each is computed from
the per-match sums of game records (records.py).

Each figure is one of four kinds over the games of a run, each with the interval that fits it
(stats.py), so that no bound leaves the figure's range:
- proportion: a yes/no per game (team 1 won; 串三户): a Wilson interval, within 0-100%;
- ratio: a share of one count in another (burns that succeed / burns tried; players who open /
  players): a Wilson interval, within 0-100%;
- count: events a game (burns tried, 革命 redeals, tribute cards): a Poisson (Garwood) interval,
  never below 0, and above 0 when none happened in the run;
- mean: any number a game (scores, actions, a team's mean place): a t interval.
Matches are the independent units (games of one match share tribute), so every interval is
computed over matches (stats.py).

A few figures are declared primary (PRIMARY): what a designer asks first of a rule, fixed before
any game is played. A comparison of variants tests only those, Holm-adjusted over them alone, so
that each test keeps its power; every other figure is described (an estimate and its interval),
never tested: many rows restate or refine the primary ones, and testing forty of them would
drown a real difference in the correction.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from gouji_dsl.messages import Message, msg
from gouji_dsl.sim.records import team_seats

TRIBUTE_KINDS = {"dian": "commands.report.tribute_dian", "luo": "commands.report.tribute_luo",
                 "shao": "commands.report.tribute_shao", "men": "commands.report.tribute_men",
                 "return": "commands.report.tribute_return"}  # kind -> the catalogue's name of it


class Label(str):
    """A figure's label: its English text, which the `--json` and `--csv` files hold (programs
    read them: the same in every language), carrying the catalogue's message that a person
    reads (`in_words`)."""

    message: Message

    def __new__(cls, message: Message) -> "Label":
        label = super().__new__(cls, message.text("en"))
        label.message = message
        return label

    def __reduce__(self):
        return Label, (self.message,)


def in_words(label) -> str:
    """A label in the reader's language: a `Label`'s message; one read from a results file
    (plain text, no message) as it is."""
    message = getattr(label, "message", None)
    return str(label) if message is None else message.text()


def listed(items: list, key: str = "commands.report.enumeration") -> Message | str:
    """Items one after another, in the reader's language ("1, 3, 5"; "1、3、5"): `key` joins
    the first to the rest."""
    if len(items) <= 1:
        return items[0] if items else ""
    return msg(key, first=items[0], rest=listed(items[1:], key))


# The primary figures, in the order a comparison shows them: which team wins (team 1's rate; team
# 2's and the draws follow from it), 串三户 / 双扣, how far apart the teams end (the mean of
# |team 1 - team 2| a game: a mean like the others, where the sd of team 1's score is no ratio of
# match totals and has no interval in stats.py; for zero-sum scores it is twice the mean |team 1|),
# game length in actions, and the tribute cards that change hands.
PRIMARY = ("team_win.1", "sweep", "score.spread", "actions", "tribute.paid")


@dataclass(frozen=True)
class Metric:
    id: str
    group: str
    label: Label              # English in the files, the reader's language in the report (`in_words`)
    kind: str                 # proportion | ratio | count | mean (the module docstring)
    field: str                # the numerator: a record field
    per: str = "games"        # the denominator: a record field
    compared: bool = True     # in comparisons of variants (a distribution's rows are not: too many to show)
    primary: bool = False     # tested in a comparison (PRIMARY); the others are described

    def to_json(self) -> dict:
        return {"id": self.id, "group": self.group, "label": self.label, "kind": self.kind, "primary": self.primary}


def _seats(seats: list[int]) -> Message | str:
    return listed([str(s) for s in seats])


def _label(key: str, **values) -> Label:
    return Label(msg(key, **values))


def metrics_for(rules, fields: set[str]) -> list[Metric]:
    """The figures of a variant with these rules, given the record fields its games produced
    (tribute kinds appear only when a match pays them, the repeated win only in matches of more
    than one game). The ids of PRIMARY are marked primary."""
    out = _results_metrics(rules, fields) + _place_metrics(rules) + _length_metrics()
    if rules.pattern_plays:
        out.append(Metric("bombs", "plays", _label("commands.report.bombs"), "count", "bombs"))
    else:
        out += _gouji_metrics(rules)
    out += _tribute_metrics(fields)
    return [replace(m, primary=True) if m.id in PRIMARY else m for m in out]


def _results_metrics(rules, fields: set[str]) -> list[Metric]:
    """Who wins, how, and by how much. No row a seat "scores above 0": a seat's score goes mostly
    with its team's, so the row said the team's win rate again, less clearly (a seat's own share
    is its mean score, and its places)."""
    teams = team_seats(rules)
    out = [Metric(f"team_win.{t}", "wins", _label("commands.report.team_wins", team=t, seats=_seats(teams[t])),
                  "proportion", f"team_win.{t}")
           for t in (1, 2)]
    out.append(Metric("draw", "wins", _label("commands.report.drawn"), "proportion", "draw"))
    if "after_game" in fields:
        out.append(Metric("repeat_win", "wins", _label("commands.report.repeat_win"), "proportion", "repeat_win",
                          "after_win"))
    out.append(Metric("first_lead_won", "wins", _label("commands.report.first_leader_wins"), "proportion",
                      "first_lead_won", "first_led"))
    half = rules.players // 2
    sweep = "双扣" if rules.pattern_plays else "串三户" if half == 3 else msg("commands.report.sweep")
    out.append(Metric("sweep", "results", _label("commands.report.sweep_places", sweep=sweep, half=half),
                      "proportion", "sweep"))
    out += [Metric(f"score.team.{t}", "scores", _label("commands.report.team_score", team=t), "mean",
                   f"score.team.{t}") for t in (1, 2)]
    out.append(Metric("score.spread", "scores", _label("commands.report.spread"), "mean", "score.spread"))
    values = sorted((f[len("team_score."):] for f in fields if f.startswith("team_score.")), key=float)
    out += [Metric(f"team_score.{v}", "score distribution", _label("commands.report.team_1_scores", score=float(v)),
                   "proportion", f"team_score.{v}", compared=False) for v in values]
    out += [Metric(f"score.seat.{s}", "scores", _label("commands.report.seat_score", seat=s), "mean", f"score.seat.{s}")
            for s in range(1, rules.players + 1)]
    return out


def _place_names(rules) -> list:
    """The places as the rules name them (头科 … 大落, 上游 … 下游); "place N" where they do not."""
    names = list(rules.place_names or ())
    return [names[p - 1] if p <= len(names) else msg("commands.report.place_number", place=p)
            for p in range(1, rules.players + 1)]


def _place_metrics(rules) -> list[Metric]:
    """Where each team finishes on average; how often team 1 takes each place (team 2 takes it
    the rest of the time: its rows would restate team 1's); then each seat's share of each place:
    a seat's rows are many and say the same as the teams' in finer grain, so a comparison shows
    only the teams'. (A seat taking 1st place is the first of its rows.)"""
    players = rules.players
    names = _place_names(rules)
    out = [Metric(f"place.team.{t}", "places", _label("commands.report.team_mean_place", team=t, first=names[0],
                                                      last=names[-1], players=players), "mean", f"place.team.{t}")
           for t in (1, 2)]
    out += [Metric(f"team_place.{p}", "places", _label("commands.report.team_place", place=p, name=names[p - 1]),
                   "proportion", f"team_place.{p}") for p in range(1, players + 1)]
    out += [Metric(f"place.{s}.{p}", "places", _label("commands.report.seat_place", seat=s, place=p, name=names[p - 1]),
                   "proportion", f"place.{s}.{p}", compared=False)
            for s in range(1, players + 1) for p in range(1, players + 1)]
    return out


def _length_metrics() -> list[Metric]:
    return [Metric("actions", "length", _label("commands.report.actions"), "mean", "actions"),
            Metric("rounds", "length", _label("commands.report.rounds"), "mean", "rounds"),
            Metric("decisions", "length", _label("commands.report.decisions"), "mean", "decisions")]


def _tribute_metrics(fields: set[str]) -> list[Metric]:
    """Cards a game by kind of tribute, then every kind paid. A kind the places alone decide (落贡:
    the 大落 pays in every game after a match's first) only shows --match-games again: described,
    as every figure but the primary ones."""
    out = []
    for kind in [k for k in TRIBUTE_KINDS if f"tribute.{k}" in fields] + sorted(
            f[len("tribute."):] for f in fields if f.startswith("tribute.")
            and f[len("tribute."):] not in TRIBUTE_KINDS and f != "tribute.paid"):
        label = msg(TRIBUTE_KINDS[kind]) if kind in TRIBUTE_KINDS else msg("commands.report.tribute_other", kind=kind)
        out.append(Metric(f"tribute.{kind}", "tribute", _label("commands.report.tribute_cards", tribute=label), "count",
                          f"tribute.{kind}"))
    if "tribute.paid" in fields:
        out.append(Metric("tribute.paid", "tribute", _label("commands.report.tribute_paid"), "count", "tribute.paid"))
    return out


def _gouji_metrics(rules) -> list[Metric]:
    rows: list[tuple[Callable, Metric]] = [
        (lambda r: r.burn_allowed, Metric("burns_tried", "burning", _label("commands.report.burns_tried"), "count",
                                          "burns_tried")),
        (lambda r: r.burn_allowed, Metric("burns_won", "burning", _label("commands.report.burns_won"), "count",
                                          "burns_won")),
        (lambda r: r.burn_allowed, Metric("burn_success", "burning", _label("commands.report.burn_success"), "ratio",
                                          "burns_won", "burns_tried")),
        (lambda r: r.burn_allowed, Metric("burns_failed", "burning", _label("commands.report.burns_failed"), "count",
                                          "burns_failed")),
        (lambda r: r.burn_allowed, Metric("burned_win", "burning", _label("commands.report.burned_team_wins"),
                                          "proportion", "burned_won", "burned_teams")),
        (lambda r: r.open_method != "none", Metric("open_rate", "opening", _label("commands.report.open_rate"),
                                                   "ratio", "opened", "seats")),
        (lambda r: r.open_method != "none", Metric("opened_win", "opening", _label("commands.report.opened_team_wins"),
                                                   "proportion", "opened_won", "opened_teams")),
        (lambda r: r.defer, Metric("defers", "plays", _label("commands.report.defers"), "count", "defers")),
        (lambda r: r.declare, Metric("declared", "opening", _label("commands.report.declared"), "count", "declared")),
        (lambda r: r.threes_last, Metric("men", "plays", _label("commands.report.men"), "count", "men")),
        (lambda r: r.headless_cause is not None, Metric("headless", "plays", _label("commands.report.headless"),
                                                        "count", "headless")),
        (lambda r: r.chaos_starts_at is not None, Metric("chaos", "results", _label("commands.report.chaos"),
                                                         "proportion", "chaos")),
        (lambda r: r.revolution, Metric("revolution", "results", _label("commands.report.revolution"),
                                        "proportion", "revolution")),
        (lambda r: r.revolution, Metric("revolution_redeals", "results", _label("commands.report.revolution_redeals"),
                                        "count", "revolution_redeals")),
    ]
    return [metric for applies, metric in rows if applies(rules)]
