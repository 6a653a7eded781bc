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

from gouji_dsl.sim.records import team_seats

TRIBUTE_KINDS = {"dian": "点贡 (open tribute)", "luo": "落贡 (place tribute)", "shao": "烧贡 (burn tribute)",
                 "men": "闷贡 (3s tribute)", "return": "还贡 (cards returned)"}


@dataclass(frozen=True)
class Metric:
    id: str
    group: str
    label: str
    kind: str                 # proportion | mean | ratio
    field: str                # the numerator: a record field
    per: str = "games"        # the denominator: a record field
    compared: bool = True     # in comparisons of variants (a distribution's rows are not: too many to test)

    def to_json(self) -> dict:
        return {"id": self.id, "group": self.group, "label": self.label, "kind": self.kind}


def _seats(seats: list[int]) -> str:
    return ", ".join(map(str, seats))


def metrics_for(rules, fields: set[str]) -> list[Metric]:
    """The figures of a variant with these rules, given the record fields its games produced
    (tribute kinds appear only when a match pays them)."""
    players = rules.players
    teams = team_seats(rules)
    place = rules.place_names[0] if rules.place_names else "1st"
    out = [Metric(f"team_win.{t}", "wins", f"team {t} (seats {_seats(teams[t])}) wins", "proportion", f"team_win.{t}")
           for t in (1, 2)]
    out.append(Metric("draw", "wins", "drawn (both teams score the same)", "proportion", "draw"))
    out += [Metric(f"seat_win.{s}", "wins", f"seat {s} scores above 0", "proportion", f"seat_win.{s}")
            for s in range(1, players + 1)]
    out += [Metric(f"first.{s}", "wins", f"seat {s} takes 1st place ({place})", "proportion", f"first.{s}")
            for s in range(1, players + 1)]
    half = players // 2
    sweep = "双扣" if rules.pattern_plays else "串三户" if half == 3 else "sweep"
    out.append(Metric("sweep", "results", f"{sweep} (one team takes places 1-{half})", "proportion", "sweep"))
    out += [Metric(f"score.team.{t}", "scores", f"team {t} score a game", "mean", f"score.team.{t}") for t in (1, 2)]
    values = sorted((f[len("team_score."):] for f in fields if f.startswith("team_score.")), key=float)
    out += [Metric(f"team_score.{v}", "score distribution", f"team 1 scores {float(v):+g}", "proportion",
                   f"team_score.{v}", compared=False) for v in values]
    out += [Metric(f"score.seat.{s}", "scores", f"seat {s} score a game", "mean", f"score.seat.{s}")
            for s in range(1, players + 1)]
    out.append(Metric("actions", "length", "actions a game", "mean", "actions"))
    out.append(Metric("rounds", "length", "rounds (leads) a game", "mean", "rounds"))
    out.append(Metric("decisions", "length", "decisions a game (more than one legal action)", "mean", "decisions"))
    if rules.pattern_plays:
        out.append(Metric("bombs", "plays", "bombs a game", "mean", "bombs"))
    else:
        out += _gouji_metrics(rules)
    for kind in [k for k in TRIBUTE_KINDS if f"tribute.{k}" in fields] + sorted(
            f[len("tribute."):] for f in fields if f.startswith("tribute.")
            and f[len("tribute."):] not in TRIBUTE_KINDS and f != "tribute.paid"):
        label = TRIBUTE_KINDS.get(kind, f"tribute '{kind}'")
        out.append(Metric(f"tribute.{kind}", "tribute", f"{label}: cards a game", "mean", f"tribute.{kind}"))
    if "tribute.paid" in fields:
        out.append(Metric("tribute.paid", "tribute", "tribute cards paid a game (every kind)", "mean", "tribute.paid"))
    return out


def _gouji_metrics(rules) -> list[Metric]:
    rows: list[tuple[Callable, Metric]] = [
        (lambda r: r.burn_allowed, Metric("burns_tried", "burning", "burns (烧牌) tried a game", "mean", "burns_tried")),
        (lambda r: r.burn_allowed, Metric("burns_won", "burning", "burns that succeed a game", "mean", "burns_won")),
        (lambda r: r.burn_allowed, Metric("burn_success", "burning", "share of burns that succeed", "ratio",
                                          "burns_won", "burns_tried")),
        (lambda r: r.burn_allowed, Metric("burns_failed", "burning", "burns failed (烧牌失误) a game", "mean",
                                          "burns_failed")),
        (lambda r: r.open_method != "none", Metric("open_rate", "opening", "players who open (开点)", "ratio",
                                                   "opened", "seats")),
        (lambda r: r.defer, Metric("defers", "plays", "让牌 (defers) a game", "mean", "defers")),
        (lambda r: r.declare, Metric("declared", "opening", "宣点 declarations a game", "mean", "declared")),
        (lambda r: r.threes_last, Metric("men", "plays", "憋三 players beaten before their 3s, a game", "mean", "men")),
        (lambda r: r.headless_cause is not None, Metric("headless", "plays", "无头 players a game", "mean", "headless")),
        (lambda r: r.chaos_starts_at is not None, Metric("chaos", "results", "games reaching 四户乱缠", "proportion",
                                                         "chaos")),
        (lambda r: r.revolution, Metric("revolution", "results", "games with a 革命 (a player sits out)",
                                        "proportion", "revolution")),
        (lambda r: r.revolution, Metric("revolution_redeals", "results", "革命 redeals a game", "mean",
                                        "revolution_redeals")),
    ]
    return [metric for applies, metric in rows if applies(rules)]
