"""The figures `gouji simulate` reports: which apply to a variant, and how each is computed from
the per-match sums of game records (records.py).

Each figure is one of three kinds over the games of a run:
- proportion: a yes/no per game (team 1 won; 串三户), estimated with a Wilson interval;
- mean: a number per game (actions; burns tried), its mean with a t interval;
- ratio: one total over another (burns that succeed / burns tried; players who open / players).
Matches are the independent units (games of one match share tribute), so every interval is
computed over matches (stats.py).
"""
from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class Metric:
    id: str
    group: str
    label: Label              # English in the files, the reader's language in the report (`in_words`)
    kind: str                 # proportion | mean | ratio
    field: str                # the numerator: a record field
    per: str = "games"        # the denominator: a record field
    compared: bool = True     # in comparisons of variants (a distribution's rows are not: too many to test)

    def to_json(self) -> dict:
        return {"id": self.id, "group": self.group, "label": self.label, "kind": self.kind}


def _seats(seats: list[int]) -> Message | str:
    return listed([str(s) for s in seats])


def _label(key: str, **values) -> Label:
    return Label(msg(key, **values))


def metrics_for(rules, fields: set[str]) -> list[Metric]:
    """The figures of a variant with these rules, given the record fields its games produced
    (tribute kinds appear only when a match pays them)."""
    players = rules.players
    teams = team_seats(rules)
    place = rules.place_names[0] if rules.place_names else msg("commands.report.first_place")
    out = [Metric(f"team_win.{t}", "wins", _label("commands.report.team_wins", team=t, seats=_seats(teams[t])),
                  "proportion", f"team_win.{t}")
           for t in (1, 2)]
    out.append(Metric("draw", "wins", _label("commands.report.drawn"), "proportion", "draw"))
    out += [Metric(f"seat_win.{s}", "wins", _label("commands.report.seat_wins", seat=s), "proportion", f"seat_win.{s}")
            for s in range(1, players + 1)]
    out += [Metric(f"first.{s}", "wins", _label("commands.report.seat_first", seat=s, place=place), "proportion",
                   f"first.{s}")
            for s in range(1, players + 1)]
    half = players // 2
    sweep = "双扣" if rules.pattern_plays else "串三户" if half == 3 else msg("commands.report.sweep")
    out.append(Metric("sweep", "results", _label("commands.report.sweep_places", sweep=sweep, half=half),
                      "proportion", "sweep"))
    out += [Metric(f"score.team.{t}", "scores", _label("commands.report.team_score", team=t), "mean",
                   f"score.team.{t}") for t in (1, 2)]
    values = sorted((f[len("team_score."):] for f in fields if f.startswith("team_score.")), key=float)
    out += [Metric(f"team_score.{v}", "score distribution", _label("commands.report.team_1_scores", score=float(v)),
                   "proportion", f"team_score.{v}", compared=False) for v in values]
    out += [Metric(f"score.seat.{s}", "scores", _label("commands.report.seat_score", seat=s), "mean", f"score.seat.{s}")
            for s in range(1, players + 1)]
    out.append(Metric("actions", "length", _label("commands.report.actions"), "mean", "actions"))
    out.append(Metric("rounds", "length", _label("commands.report.rounds"), "mean", "rounds"))
    out.append(Metric("decisions", "length", _label("commands.report.decisions"), "mean", "decisions"))
    if rules.pattern_plays:
        out.append(Metric("bombs", "plays", _label("commands.report.bombs"), "mean", "bombs"))
    else:
        out += _gouji_metrics(rules)
    for kind in [k for k in TRIBUTE_KINDS if f"tribute.{k}" in fields] + sorted(
            f[len("tribute."):] for f in fields if f.startswith("tribute.")
            and f[len("tribute."):] not in TRIBUTE_KINDS and f != "tribute.paid"):
        label = msg(TRIBUTE_KINDS[kind]) if kind in TRIBUTE_KINDS else msg("commands.report.tribute_other", kind=kind)
        out.append(Metric(f"tribute.{kind}", "tribute", _label("commands.report.tribute_cards", tribute=label), "mean",
                          f"tribute.{kind}"))
    if "tribute.paid" in fields:
        out.append(Metric("tribute.paid", "tribute", _label("commands.report.tribute_paid"), "mean", "tribute.paid"))
    return out


def _gouji_metrics(rules) -> list[Metric]:
    rows: list[tuple[Callable, Metric]] = [
        (lambda r: r.burn_allowed, Metric("burns_tried", "burning", _label("commands.report.burns_tried"), "mean",
                                          "burns_tried")),
        (lambda r: r.burn_allowed, Metric("burns_won", "burning", _label("commands.report.burns_won"), "mean",
                                          "burns_won")),
        (lambda r: r.burn_allowed, Metric("burn_success", "burning", _label("commands.report.burn_success"), "ratio",
                                          "burns_won", "burns_tried")),
        (lambda r: r.burn_allowed, Metric("burns_failed", "burning", _label("commands.report.burns_failed"), "mean",
                                          "burns_failed")),
        (lambda r: r.open_method != "none", Metric("open_rate", "opening", _label("commands.report.open_rate"),
                                                   "ratio", "opened", "seats")),
        (lambda r: r.defer, Metric("defers", "plays", _label("commands.report.defers"), "mean", "defers")),
        (lambda r: r.declare, Metric("declared", "opening", _label("commands.report.declared"), "mean", "declared")),
        (lambda r: r.threes_last, Metric("men", "plays", _label("commands.report.men"), "mean", "men")),
        (lambda r: r.headless_cause is not None, Metric("headless", "plays", _label("commands.report.headless"),
                                                        "mean", "headless")),
        (lambda r: r.chaos_starts_at is not None, Metric("chaos", "results", _label("commands.report.chaos"),
                                                         "proportion", "chaos")),
        (lambda r: r.revolution, Metric("revolution", "results", _label("commands.report.revolution"),
                                        "proportion", "revolution")),
        (lambda r: r.revolution, Metric("revolution_redeals", "results", _label("commands.report.revolution_redeals"),
                                        "mean", "revolution_redeals")),
    ]
    return [metric for applies, metric in rows if applies(rules)]
