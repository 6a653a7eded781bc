"""Pictures of `gouji simulate` results (`--plot FILE`): a PNG drawn by matplotlib
(the optional extra `gouji-dsl[plot]`) or a standalone HTML page of inline SVG,
which needs nothing (no JavaScript, no network: it opens offline).

    write_plot(results, path)   # by suffix: .png, .html / .htm; else PlotError
    html_page(results) -> str   # the page: charts, then the metric tables
    png_bytes(results) -> bytes # one figure: the same charts

`results` is the `--json` document (format "gouji-simulate/1"). Each chart compares: every
variant of the run on ONE axis, in its own colour throughout (the first variant, the parent,
blue; a house rule red), so a difference is read off one chart, never between two. A
distribution (each team's score, game length in actions and in rounds) is bars side by side
for distinct values, outlines of each variant's histogram for bins; the win rates are each
variant's estimate with its interval, side by side on one row a figure; with a comparison,
the differences with their intervals, significant ones marked. Numbers are rounded for a
reader (an interval to the digits its width warrants, ticks to round values). No label is
cut: a long one wraps, and the chart widens its margin to fit it. The same results give the
same bytes (no dates, fixed sizes, no software stamp).
"""
from __future__ import annotations

import contextlib
import dataclasses
import html
import io
import logging
import math
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.files import write_atomic
from gouji_dsl.messages import Message, msg
from gouji_dsl.messages import text as say
from gouji_dsl.sim.metrics import in_words, listed
from gouji_dsl.sim.report import group_title

SUFFIXES = (".png", ".html", ".htm")
NO_MATPLOTLIB = "commands.simulate.no_matplotlib"  # the catalogue's message: PlotError(msg(NO_MATPLOTLIB))
FORMAT_PREFIX = "gouji-simulate/"
PNG_DPI = 100
MAX_BARS = 40  # distinct values drawn one bar each; more are counted into bins
# A variant's colour, by its place in the run (the first, the parent, blue; the next red ...)
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
SIGNIFICANT_COLOUR = "#c0392b"
# Kinds of figure that are shares (of games, of burns, of players): shown in %, their
# differences in percentage points. "ratio" is today's name of a share; "share" its next.
SHARE_KINDS = ("proportion", "ratio", "share")
# The distributions drawn after the scores, in this order (results without one draw the rest).
LENGTHS = ("actions", "rounds")
# matplotlib names of fonts with Chinese glyphs, the first one installed is used
CJK_FONTS = ("WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Noto Sans SC",
             "Source Han Sans SC", "Source Han Sans CN", "Droid Sans Fallback", "AR PL UMing CN",
             "AR PL UKai CN", "SimHei", "Microsoft YaHei")


class PlotError(UsageError):
    """The picture cannot be drawn as asked (unknown suffix, no matplotlib, not a results document)."""


def write_plot(results: dict, path: Path) -> None:
    """Draw `results` to `path`, PNG or HTML by its suffix; the file is written whole or not at all."""
    suffix = check_suffix(path)
    data: str | bytes = png_bytes(results) if suffix == ".png" else html_page(results)
    write_atomic(path, data)


def check_suffix(path) -> str:
    """The suffix of a file we can draw, lower case; PlotError naming the ones we can."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise PlotError(msg("commands.simulate.plot_suffix", path=path, suffix=suffix, suffixes=", ".join(SUFFIXES))
                        if suffix else msg("commands.simulate.plot_no_suffix", path=path, suffixes=", ".join(SUFFIXES)))
    return suffix


# ---------------------------------------------------------------- reading the results

@dataclass(frozen=True)
class Dist:
    """A distribution as (lo, hi, count): histogram bins [lo, hi) when `binned` (edges), else
    one distinct value v as (v, v, count)."""

    label: str
    bars: tuple[tuple[float, float, int], ...]
    binned: bool

    @property
    def total(self) -> int:
        return sum(count for _, _, count in self.bars)

    def shares(self) -> list[float]:
        """Each bar's share of the games, in percent (all 0 when no game is counted)."""
        total = self.total
        return [100.0 * count / total if total else 0.0 for _, _, count in self.bars]


@dataclass(frozen=True)
class Variant:
    index: int  # its place in the run: its colour
    name: str
    title: str
    source: str
    players: int | None
    teams: dict
    games: int | None
    metrics: list
    lineup: list  # the bot in each seat, when the results say
    dists: tuple[tuple[str, Dist], ...]  # (key, distribution): the team scores, then LENGTHS

    @property
    def colour(self) -> str:
        return COLOURS[self.index % len(COLOURS)]

    def named(self) -> Message | str:
        """`title (name)`, or the name alone when it is the title."""
        return msg("commands.report.plot_named", title=self.title, name=self.name) if self.title != self.name else self.name


def _check_format(results: dict) -> None:
    form = results.get("format") if isinstance(results, dict) else None
    if not isinstance(form, str) or not form.startswith(FORMAT_PREFIX):
        raise PlotError(msg("commands.simulate.not_results", form=form, expected=f"{FORMAT_PREFIX}1"))


def _distribution(key: str, raw: dict) -> Dist:
    """Read `values`+`counts` or `edges`+`counts`; a mismatch of lengths is refused, naming the key."""
    counts = [int(c) for c in raw.get("counts", [])]
    label = in_words(raw.get("label", key))
    if "edges" in raw:
        edges = [float(e) for e in raw["edges"]]
        if len(edges) != len(counts) + 1:
            raise PlotError(msg("commands.simulate.bad_edges", name=key, edges=len(edges), counts=len(counts)))
        return Dist(label, tuple((edges[i], edges[i + 1], counts[i]) for i in range(len(counts))), True)
    values = [float(v) for v in raw.get("values", [])]
    if len(values) != len(counts):
        raise PlotError(msg("commands.simulate.bad_values", name=key, values=len(values), counts=len(counts)))
    return Dist(label, tuple((v, v, c) for v, c in zip(values, counts)), False)


def _value_spacing(values: list[float]) -> float:
    """The smallest gap between distinct values (1 when there is one value): a bar's slot width."""
    distinct = sorted(set(values))
    gaps = [b - a for a, b in zip(distinct, distinct[1:]) if b > a]
    return min(gaps) if gaps else 1.0


def _natural_key(text: str) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def _drawn_keys(dists: dict) -> list[str]:
    """The distributions drawn, in order: each team's score (else any score), then LENGTHS."""
    team_keys = sorted((k for k in dists if k.startswith("score.team.")), key=_natural_key)
    scores = team_keys or sorted((k for k in dists if k.startswith("score.")), key=_natural_key)
    return scores + [k for k in LENGTHS if k in dists]


def _variant(index: int, raw: dict) -> Variant:
    dists = raw.get("distributions") or {}
    name = str(raw.get("name", "?"))
    return Variant(index=index, name=name, title=str(raw.get("title") or name), source=str(raw.get("source", "")),
                   players=raw.get("players"), teams=raw.get("teams") or {}, games=raw.get("games"),
                   metrics=list(raw.get("metrics") or []), lineup=list(raw.get("lineup") or []),
                   dists=tuple((k, _distribution(k, dists[k])) for k in _drawn_keys(dists)))


def _axis_group(key: str) -> str:
    """Distributions drawn on one scale: every score (team 1's and team 2's side by side read
    alike), else each on its own."""
    return "score" if key.startswith("score.") else key


def _variants(results: dict) -> list[Variant]:
    """The variants as drawn: distributions with too many distinct values to show one bar
    each (game lengths over a wide range) become bins, of one width for every variant."""
    _check_format(results)
    variants = _own_titles([_variant(i, v) for i, v in enumerate(results.get("variants") or [])])
    groups = {_axis_group(k) for v in variants for k, _ in v.dists}
    widths = {g: _bin_width([d for v in variants for k, d in v.dists if _axis_group(k) == g]) for g in groups}
    return [dataclasses.replace(v, dists=tuple((k, _rebin(d, widths[_axis_group(k)])) for k, d in v.dists))
            for v in variants]


def _own_titles(variants: list[Variant]) -> list[Variant]:
    """A house rule whose title is another variant's is shown by its name. The results' title
    is the engine's (engine.TITLE), which is the house rule's own title whenever its file
    writes one (`title`, or `title_en` alone: the builder gives it to both); a file that writes
    none keeps its parent's (`gouji check` warns), and the page would name the parent's title
    twice: 联众够级 (lianzhong) vs 联众够级 (club). Of variants sharing a title, a shipped one
    (its source is its name) keeps it, else the first."""
    keeps: dict[str, Variant] = {}
    for v in variants:
        held = keeps.get(v.title)
        if held is None or (held.source != held.name and v.source == v.name):
            keeps[v.title] = v
    return [v if keeps[v.title] is v else dataclasses.replace(v, title=v.name) for v in variants]


def _bin_width(dists: list[Dist]) -> float | None:
    """The width distinct values are counted into bins of: that of the binned distributions
    beside them (so every variant's histogram has the same bins), else a round width giving
    about 30 bins when the distinct values need more than MAX_BARS slots; None when each value
    can have its bar."""
    values = [b[0] for d in dists if not d.binned for b in d.bars]
    if not values:
        return None
    binned = [hi - lo for d in dists if d.binned for lo, hi, _ in d.bars]
    if binned:
        return max(binned)
    span = max(values) - min(values)
    if span / _value_spacing(values) + 1 <= MAX_BARS:
        return None
    ticks = _nice_ticks(0.0, span, 30)
    return ticks[1] - ticks[0]


def _rebin(dist: Dist, width: float | None) -> Dist:
    """Distinct values counted into bins [k·width, (k+1)·width)."""
    if width is None or dist.binned:
        return dist
    counts: dict[int, int] = {}
    for value, _, count in dist.bars:
        k = math.floor(value / width + 1e-9)
        counts[k] = counts.get(k, 0) + count
    return Dist(dist.label, tuple((k * width, (k + 1) * width, c) for k, c in sorted(counts.items())), True)


def _finite(x) -> bool:
    """A number to draw: not null (undefined), not NaN or infinite."""
    return isinstance(x, (int, float)) and math.isfinite(x)


def _defined(metric: dict) -> bool:
    return all(_finite(metric.get(k)) for k in ("estimate", "low", "high"))


def _metric_kinds(variants: list[Variant]) -> dict[str | None, str]:
    """Each metric's kind by its id (None for a metric that has none: the results are read as given)."""
    return {m.get("id"): m.get("kind", "") for v in variants for m in v.metrics}


def _label(row: dict) -> str:
    return in_words(row.get("label", row.get("id")))


@dataclass(frozen=True)
class DistFigure:
    """One distribution of every variant that has it, on one axis."""

    key: str
    label: str  # in the reader's language
    series: tuple[tuple[Variant, Dist], ...]
    domain: Domain


def _dist_figures(variants: list[Variant]) -> list[DistFigure]:
    keys: list[str] = []
    for v in variants:
        keys += [k for k, _ in v.dists if k not in keys]
    domains = {g: _domain([d for v in variants for k, d in v.dists if _axis_group(k) == g])
               for g in {_axis_group(k) for k in keys}}
    figures = []
    for key in keys:
        series = tuple((v, d) for v in variants for k, d in v.dists if k == key)
        figures.append(DistFigure(key, series[0][1].label, series, domains[_axis_group(key)]))
    return figures


@dataclass(frozen=True)
class Mark:
    """One estimate on a row of an interval chart, in its variant's colour."""

    colour: str
    point: dict | None  # estimate, low, high on the chart's axis, significant, tip; None: undefined ("n/a")
    absent: bool = False  # the variant has no such figure: nothing drawn on its line


@dataclass(frozen=True)
class Row:
    """A row of an interval chart: a label, a line a variant (one mark), a note at the right."""

    ident: str
    label: str  # in the reader's language
    marks: tuple[Mark, ...]
    note: Message | str | None = None


def _win_rows(variants: list[Variant]) -> list[Row]:
    """The win rates ("wins" group) of every variant, a row a figure, a line a variant."""
    ids: list[str] = []
    for v in variants:
        ids += [m.get("id") for m in v.metrics if m.get("group") == "wins" and m.get("id") not in ids]
    rows = []
    for ident in ids:
        found = [next((m for m in v.metrics if m.get("id") == ident), None) for v in variants]
        label = _label(next(m for m in found if m is not None))
        marks = tuple(Mark(v.colour, None, absent=True) if m is None else
                      Mark(v.colour, _win_point(v, m, label) if _defined(m) else None)
                      for v, m in zip(variants, found))
        rows.append(Row(str(ident), label, marks))
    return rows


def _win_point(variant: Variant, metric: dict, label: str) -> dict:
    kind = "proportion"
    return {"estimate": metric["estimate"], "low": metric["low"], "high": metric["high"],
            "tip": say("commands.report.plot_win_tip", label=f"{label}, {variant.name}",
                       estimate=_value(metric["estimate"], kind), low=_value(metric["low"], kind),
                       high=_value(metric["high"], kind))}


@dataclass(frozen=True)
class DiffPanel:
    """Comparison rows drawn on one axis: shares (proportions and the like) share one scale
    (percentage points); the other metrics (actions, rounds, cards...) have no common unit, so
    each row is scaled to its own widest end (the direction, and whether the interval holds 0,
    is what shows; the numbers are written beside)."""

    title: Message
    axis: Message
    shared: bool
    rows: list[Row]


def _diff_panels(comparison: dict, kinds: dict[str | None, str]) -> list[DiffPanel]:
    a, b = _sides(comparison)
    rows = list(comparison.get("metrics") or [])
    shares = [r for r in rows if _row_kind(r, kinds) in SHARE_KINDS]
    others = [r for r in rows if _row_kind(r, kinds) not in SHARE_KINDS]
    panels = []
    if shares:
        panels.append(DiffPanel(msg("commands.report.plot_proportions"), msg("commands.report.plot_axis_points", a=a, b=b),
                                True, [_diff_row(r, "pp") for r in shares]))
    if others:
        panels.append(DiffPanel(msg("commands.report.plot_other_metrics"),
                                msg("commands.report.plot_axis_own_scale", a=a, b=b), False,
                                [_diff_row(r, "") for r in others]))
    return panels


def _sides(comparison: dict) -> tuple[str, str]:
    return str(comparison.get("a", "a")), str(comparison.get("b", "b"))


def _row_kind(row: dict, kinds: dict[str | None, str]) -> str:
    """A comparison row's kind: its own, else that of the variants' metric with its id."""
    return row.get("kind") or kinds.get(row.get("id"), "")


def _diff_defined(row: dict) -> bool:
    return all(_finite(row.get(k)) for k in ("difference", "low", "high"))


def _diff_row(row: dict, unit: str) -> Row:
    label = _label(row)
    if not _diff_defined(row):
        return Row(str(row.get("id")), label, (Mark(COLOURS[0], None),), msg("commands.report.not_available"))
    diff, low, high = row["difference"], row["low"], row["high"]
    note = _interval_note(diff, low, high, unit)
    if unit == "pp":
        scale = 100.0
    else:
        widest = max(abs(diff), abs(low), abs(high))
        scale = 1.0 / widest if widest else 1.0
    tip = (say("commands.report.plot_tip_holm", label=label, note=note, p=_number(row["p_holm"]))
           if row.get("p_holm") is not None else say("commands.report.plot_tip", label=label, note=note))
    point = {"estimate": diff * scale, "low": low * scale, "high": high * scale,
             "significant": bool(row.get("significant")), "tip": tip}
    return Row(str(row.get("id")), label, (Mark(COLOURS[0], point),), note)


def _interval_note(diff: float, low: float, high: float, unit: str) -> Message | str:
    """`+3.0 [-1.0, +7.0] pp`, or `-0.11 [-0.21, -0.01]` for a metric in its own unit: each
    number to the digits the interval's width warrants."""
    shown = _rounded_interval(diff, low, high, unit)
    note = f"{shown[0]} [{shown[1]}, {shown[2]}]"
    return msg("commands.report.plot_points", value=note) if unit == "pp" else note


def _diff_range(panel: DiffPanel) -> tuple[float, float]:
    """Shared scale: 0 and every interval, a little wider so the ends are not on the frame;
    rows on their own scales reach ±1."""
    points = [m.point for r in panel.rows for m in r.marks if m.point]
    if not panel.shared:
        return -1.15, 1.15
    lo = min([0.0] + [p["low"] for p in points])
    hi = max([0.0] + [p["high"] for p in points])
    pad = (hi - lo) * 0.08 or 1.0
    return lo - pad, hi + pad


def _diff_ticks(panel: DiffPanel) -> list[float]:
    lo, hi = _diff_range(panel)
    return [t for t in _nice_ticks(lo, hi, 6) if lo <= t <= hi] if panel.shared else [0.0]


# ---------------------------------------------------------------- words and numbers

def _caption(results: dict, language: str | None = None) -> str:
    """Settings in one line: games, seed, bots, matches, intervals, and how fast it ran (in
    `language`, else the reader's)."""
    settings = results.get("settings") or {}
    parts = []
    if settings.get("games") is not None:
        parts.append(msg("commands.report.plot_caption_games", games=settings["games"]))
    if settings.get("seed") is not None:
        parts.append(msg("commands.report.plot_caption_seed", seed=settings["seed"]))
    bots = settings.get("bots") or []
    if bots:
        parts.append(msg("commands.report.plot_bots", bots=_bots_text(bots)))
    if settings.get("match_games"):
        parts.append(msg("commands.report.plot_caption_matches", games=settings["match_games"]))
    if settings.get("confidence"):
        parts.append(msg("commands.report.plot_caption_intervals", percent=_number(100 * settings["confidence"])))
    timings = results.get("timings") or {}
    if timings.get("seconds") is not None:
        parts.append(msg("commands.report.plot_caption_time", seconds=_number(timings["seconds"]),
                         workers=timings.get("workers", 1)))
    return _joined(parts, language)


def _joined(parts: list[Message], language: str | None = None) -> str:
    """Parts of a line, each in words, separated as the language separates them ("; ")."""
    return say("core.list_separator", language).join(part.text(language) for part in parts)


def _bots_text(bots: list, by_seat: bool = False) -> Message | str:
    """`heuristic × 6` when every seat has the same bot, else the list (`seat 1 search, ...`
    when it is a seating)."""
    names = [str(b) for b in bots]
    if len(set(names)) == 1:
        return names[0] + (f" × {len(names)}" if len(names) > 1 else "")
    if by_seat:
        return listed([msg("commands.report.plot_seat_bot", seat=i, bot=n) for i, n in enumerate(names, start=1)],
                      "commands.report.clauses")
    return listed(names)


def _teams_text(teams: dict) -> list[Message]:
    return [msg("commands.report.plot_team_seats", team=t, seats=listed([str(s) for s in seats]))
            for t, seats in sorted(teams.items(), key=lambda kv: _natural_key(str(kv[0])))]


def _number(x: float) -> str:
    """Up to 4 significant figures, no trailing zeros, no exponent for ordinary game numbers
    (a tick at 0.1 + 0.2 is "0.3")."""
    if not _finite(x):
        return say("commands.report.not_available")
    if float(x).is_integer() and abs(x) < 1e9:
        return str(int(x))
    return f"{x:.4g}" if abs(x) >= 1e-3 else f"{x:.2g}"


def _value(x, kind: str) -> str:
    if not _finite(x):
        return say("commands.report.not_available")
    return f"{100 * x:.1f}%" if kind in SHARE_KINDS else _number(x)


def _decimals(low: float, high: float) -> int | None:
    """The decimals an interval [low, high] warrants: two significant figures of its half
    width (a difference known to ±0.1 is not written to 17 digits); None when it has no width."""
    half = (high - low) / 2
    if not half > 0:
        return None
    return min(6, max(0, 1 - math.floor(math.log10(half))))


def _rounded_interval(diff, low, high, unit: str) -> tuple[str, str, str]:
    """A difference and its interval, signed, each to the decimals of the interval (in
    percentage points for "pp")."""
    if not all(_finite(x) for x in (diff, low, high)):
        return (_signed(diff, unit, with_unit=False), _signed(low, unit, with_unit=False),
                _signed(high, unit, with_unit=False))
    scale = 100.0 if unit == "pp" else 1.0
    places = _decimals(low * scale, high * scale)
    if places is None:
        return (_signed(diff, unit, with_unit=False), _signed(low, unit, with_unit=False),
                _signed(high, unit, with_unit=False))
    return _fixed(diff * scale, places), _fixed(low * scale, places), _fixed(high * scale, places)


def _rounded_estimate(metric: dict, kind: str) -> tuple[str, str, str]:
    """An estimate and its interval's ends as written: a share in % to a tenth, another figure
    to the decimals its interval warrants (`2.1`, `-3.3 to 7.5`, not `-3.336 to 7.536`)."""
    values: list = [metric.get(k) for k in ("estimate", "low", "high")]  # numbers where _defined says so
    places = _decimals(values[1], values[2]) if _defined(metric) and kind not in SHARE_KINDS else None
    if places is None:
        return _value(values[0], kind), _value(values[1], kind), _value(values[2], kind)
    estimate, low, high = (_fixed(x, places).lstrip("+") for x in values)
    return estimate, low, high


def _fixed(x: float, places: int) -> str:
    """`x` signed with `places` decimals; a value that rounds to zero is "+0…", not "-0"."""
    shown = f"{x:+.{places}f}"
    return "+" + shown[1:] if float(shown) == 0 else shown


def _signed(x, unit: str, with_unit: bool = True) -> str:
    if not _finite(x):
        return say("commands.report.not_available")
    if unit == "pp":
        return say("commands.report.plot_points", value=f"{100 * x:+.1f}") if with_unit else f"{100 * x:+.1f}"
    return ("+" if x > 0 else "") + _number(x)


def _nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi] (about `count` of them), each rounded so that it
    prints as written (0.3, not 0.30000000000000004)."""
    if hi <= lo:
        hi = lo + 1.0
    raw = (hi - lo) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(lo / step + 1e-9)
    last = math.ceil(hi / step - 1e-9)
    return [round(k * step, 10) for k in range(first, last + 1)]


@dataclass(frozen=True)
class Domain:
    """Shared axes of distribution charts: x range, largest share (percent), and the width
    one distinct value gets (the smallest gap between values, over every chart sharing it)."""

    lo: float
    hi: float
    top: float
    slot: float


@dataclass(frozen=True)
class Bar:
    x0: float
    x1: float
    share: float
    count: int
    where: str  # the value or bin, for a tooltip


def _domain(dists: list[Dist]) -> Domain:
    slot = _value_spacing([b[0] for d in dists if not d.binned for b in d.bars])
    spans = [(lo, hi) if d.binned else (lo - slot / 2, lo + slot / 2) for d in dists for lo, hi, _ in d.bars]
    if not spans:
        return Domain(0.0, 1.0, 1.0, slot)
    top = max((s for d in dists for s in d.shares()), default=0.0)
    # headroom: the tallest bar does not touch the frame
    return Domain(min(a for a, _ in spans), max(b for _, b in spans), max(top * 1.08, 1.0), slot)


def _bars(dist: Dist, index: int, slots: int, domain: Domain) -> list[Bar]:
    """Where series `index` of `slots` draws its bars: bins span their edges; distinct values
    share their slot side by side (80% of it, so neighbouring values stay apart)."""
    bars = []
    for (lo, hi, count), share in zip(dist.bars, dist.shares()):
        if dist.binned:
            bars.append(Bar(lo, hi, share, count, f"{_number(lo)}–{_number(hi)}"))
        else:
            width = domain.slot * 0.8 / slots
            x0 = lo - domain.slot * 0.4 + index * width
            bars.append(Bar(x0, x0 + width, share, count, _number(lo)))
    return bars


def _steps(dist: Dist) -> list[tuple[float, float]]:
    """A histogram's outline as (x, share) corners from 0 back to 0, dropping to 0 across
    any gap between bins (a bin no game fell in is not listed)."""
    points: list[tuple[float, float]] = []
    for (lo, hi, _), share in zip(dist.bars, dist.shares()):
        if points and not math.isclose(points[-1][0], lo):
            points.append((points[-1][0], 0.0))
            points.append((lo, 0.0))
        elif not points:
            points.append((lo, 0.0))
        points += [(lo, share), (hi, share)]
    if points:
        points.append((points[-1][0], 0.0))
    return points


def _x_ticks(series: list[Dist], domain: Domain) -> list[float]:
    """Each distinct value when there are few and evenly spaced, else round numbers."""
    values = sorted({b[0] for d in series if not d.binned for b in d.bars})
    even = all(math.isclose(b - a, domain.slot) for a, b in zip(values, values[1:]))
    if values and even and len(values) <= 13 and all(not d.binned for d in series):
        return values
    return [t for t in _nice_ticks(domain.lo, domain.hi, 6) if domain.lo <= t <= domain.hi]


# ---------------------------------------------------------------- the width of text

FONT_PX = 11  # svg text's size (PAGE_CSS)
LINE_PX = 14  # a line of it
NARROW = frozenset("ijlI.,:;'|! ")
HALF = frozenset("frt()[]{}-/\\\"*_`")
BROAD = frozenset("mwMW%@")
CLOSING = frozenset("）)，,。.、：:；;！!？?」』》")  # no line starts with one
OPENING = frozenset("（「『《")  # nor ends with one


def _wide(c: str) -> bool:
    """Drawn a whole em wide: Chinese, full-width forms, and the ambiguous ones (×, …, −),
    which a Chinese font draws wide."""
    return unicodedata.east_asian_width(c) in "WFA"


def _text_px(text: str, size: float = FONT_PX) -> float:
    """How wide `text` is drawn at `size` px: by the advance widths of DejaVu Sans (among the
    widest sans fonts a browser falls back to, so an estimate rather too wide than too
    narrow), a Chinese character a whole em."""
    em = 0.0
    for c in text:
        if _wide(c) or c in BROAD:
            em += 1.0
        elif c in NARROW:
            em += 0.32
        elif c in HALF:
            em += 0.5
        elif c.isupper() or c in "+<>=~#&$^":
            em += 0.84
        else:
            em += 0.64  # lower case, digits
    return em * size


def _display_width(text: str) -> int:
    """Roughly how many Latin characters wide `text` is (a Chinese character counts twice)."""
    return sum(2 if _wide(c) else 1 for c in text)


def _tokens(text: str) -> list[str]:
    """Where a line may break: after a space, and around a Chinese character; never after
    opening punctuation nor before closing punctuation."""
    tokens: list[str] = []
    word = ""
    for c in text:
        if c in CLOSING and not word and tokens:
            tokens[-1] += c
        elif _wide(c) and c not in OPENING:
            tokens.append(word + c)
            word = ""
        elif c.isspace():
            tokens.append(word + c)
            word = ""
        elif c in OPENING and word and not all(o in OPENING for o in word):
            tokens.append(word)
            word = c
        else:
            word += c
    if word:
        tokens.append(word)
    return tokens


def _wrap(text: str, limit: float, measure=_text_px) -> list[str]:
    """`text` in lines each at most `limit` wide by `measure`: broken at spaces and between
    Chinese characters, and a word longer than a line cut where it must be. Never cut off."""
    if measure(text) <= limit:
        return [text]
    lines: list[str] = []
    line = ""
    for token in _tokens(text):
        if line.strip() and measure((line + token).rstrip()) > limit:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
        while measure(line.rstrip()) > limit and len(line.rstrip()) > 1:  # one word wider than a line
            cut = max(1, next((i for i in range(len(line), 0, -1) if measure(line[:i]) <= limit), 1))
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


# ---------------------------------------------------------------- HTML and SVG

PAGE_CSS = """
body { font-family: system-ui, "Noto Sans CJK SC", "WenQuanYi Zen Hei", "Microsoft YaHei", sans-serif;
       margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.5em; margin: 0 0 .2em; } h2 { font-size: 1.2em; margin: .8em 0 .2em; }
h3 { font-size: 1em; margin: .8em 0 .2em; }
.caption, .source { color: #555; font-size: .9em; margin: .2em 0; }
.name { color: #555; font-weight: normal; }
ul.variants { list-style: none; padding: 0; margin: .6em 0; }
ul.variants li { margin: .3em 0; } ul.variants .source { display: block; margin-left: 1.6em; }
.swatch { display: inline-block; width: .9em; height: .9em; margin-right: .5em; vertical-align: -.05em; }
.charts { display: flex; flex-wrap: wrap; gap: 0 2em; }
.charts figure { flex: 1 1 440px; max-width: 560px; } .charts figure.wide { flex-basis: 100%; max-width: none; }
figure { margin: .6em 0; } figcaption { font-weight: bold; font-size: .95em; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font-size: 11px; fill: #222; } svg .axis { stroke: #444; } svg .grid { stroke: #e3e3e3; }
svg .errorbar { stroke-width: 1.5; } svg .zero { stroke: #888; stroke-dasharray: 4 3; }
svg .na { fill: #888; font-style: italic; } svg .note { fill: #888; }
svg .significant { fill: """ + SIGNIFICANT_COLOUR + """; }
table { border-collapse: collapse; margin: .4em 0 1.2em; font-size: .9em; }
th, td { border-bottom: 1px solid #ddd; padding: .25em .6em; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.group th { background: #f3f3f3; } .yes { color: """ + SIGNIFICANT_COLOUR + """; font-weight: bold; }
"""
PAD = 8  # px between a chart's text and its edge
DIST_WIDTH = 520  # px: two distribution charts side by side on a wide page
DIST_HEIGHT = 180  # px of plotting area
INTERVALS_FRAME = 340  # px of an interval chart's plotting area
LABEL_MOST = 300  # px a row's label may take before it wraps
MARK_PX = 12  # px between the lines of one row (a line a variant)


def _e(text) -> str:
    """Escaped for HTML text and attributes (rule files are the users': `<`, `&`, quotes)."""
    return html.escape(str(text), quote=True)


def _f(x: float) -> str:
    """A coordinate: at most two decimals, so the same figure always prints the same."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Svg:
    """An SVG image built element by element; every text and attribute is escaped."""

    def __init__(self, width: float, height: float, label: str):
        self.width, self.height, self.label = math.ceil(width), math.ceil(height), label
        self.parts: list[str] = []

    def add(self, tag: str, attrs: dict, text: str | None = None, tip: str | None = None) -> None:
        attr_text = "".join(f' {k.rstrip("_").replace("_", "-")}="{_e(v if isinstance(v, str) else _f(v))}"'
                            for k, v in attrs.items())
        inner = (f"<title>{_e(tip)}</title>" if tip else "") + (_e(text) if text is not None else "")
        self.parts.append(f"<{tag}{attr_text}>{inner}</{tag}>" if inner else f"<{tag}{attr_text}/>")

    def line(self, x1, y1, x2, y2, **attrs) -> None:
        self.add("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attrs})

    def text(self, x, y, text, tip=None, **attrs) -> None:
        self.add("text", {"x": x, "y": y, **attrs}, text, tip)

    def lines(self, x, y, lines: list[str], **attrs) -> None:
        """Lines of text one under another, the first's baseline at `y`: a <text> each."""
        for i, line in enumerate(lines):
            self.text(x, y + i * LINE_PX, line, **attrs)

    def markup(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" role="img" aria-label="{_e(self.label)}">'
                + "".join(self.parts) + "</svg>")


@dataclass(frozen=True)
class Frame:
    """A chart's plotting area in pixels and the data ranges it maps."""

    left: float
    top: float
    width: float
    height: float
    x_lo: float
    x_hi: float
    y_lo: float = 0.0
    y_hi: float = 1.0

    def x(self, v: float) -> float:
        span = (self.x_hi - self.x_lo) or 1.0
        return self.left + (v - self.x_lo) / span * self.width

    def y(self, v: float) -> float:
        span = (self.y_hi - self.y_lo) or 1.0
        return self.top + self.height - (v - self.y_lo) / span * self.height


def _legend_layout(entries: list[tuple[str, str]], width: float) -> list[tuple[float, float, str, list[str]]]:
    """Where each legend entry (colour, name) goes within `width`: (x, y of its first line,
    colour, its lines), y from 0; entries flow left to right, a long name wraps."""
    placed = []
    x = y = 0.0
    for colour, name in entries:
        lines = _wrap(name, width - 16)
        entry = 16 + max(_text_px(line) for line in lines)
        if x and x + entry > width:
            x, y = 0.0, y + LINE_PX + 2
        placed.append((x, y, colour, lines))
        x += entry + 14
        if len(lines) > 1:  # a wrapped name has its own row
            x, y = width, y + (len(lines) - 1) * LINE_PX
    return placed


def _legend_height(placed) -> float:
    return max((y + len(lines) * LINE_PX for _, y, _, lines in placed), default=0.0)


def _svg_legend(svg: Svg, placed, left: float, top: float, shape: str = "rect") -> None:
    for x, y, colour, lines in placed:
        baseline = top + y + FONT_PX
        if shape == "circle":
            svg.add("circle", {"cx": left + x + 5, "cy": baseline - 4, "r": 4, "fill": colour})
        else:
            svg.add("rect", {"x": left + x, "y": baseline - 9, "width": 10, "height": 10, "fill": colour})
        svg.lines(left + x + 14, baseline, lines)


def _svg_distribution(figure: DistFigure) -> str:
    """One distribution of every variant on one axis, in share of games: distinct values as
    bars side by side (a variant each), bins as each variant's histogram (filled when alone,
    else outlined, so both show whole)."""
    domain, series = figure.domain, figure.series
    width = DIST_WIDTH
    y_ticks = _nice_ticks(0.0, domain.top)
    y_label = _wrap(say("commands.report.plot_share_axis"), DIST_HEIGHT)
    y_tick_px = max(_text_px(_number(t)) for t in y_ticks)
    x_ticks = _x_ticks([d for _, d in series], domain)
    x_half = max((_text_px(_number(t)) / 2 for t in x_ticks), default=0.0)
    left = PAD + LINE_PX * len(y_label) + 4 + y_tick_px + 6
    frame = Frame(max(left, PAD + x_half), 12, width - max(left, PAD + x_half) - PAD - x_half, DIST_HEIGHT,
                  domain.lo, domain.hi, 0.0, y_ticks[-1])
    placed = _legend_layout([(v.colour, str(v.named())) for v, _ in series], width - 2 * PAD) if len(series) > 1 else []
    base = frame.top + frame.height
    height = base + 22 + (6 + _legend_height(placed) if placed else 0) + PAD
    svg = Svg(width, height, figure.label)
    for t in y_ticks:
        y = frame.y(t)
        svg.line(frame.left, y, frame.left + frame.width, y, class_="grid")
        svg.text(frame.left - 6, y + 4, _number(t), text_anchor="end")
    mid = frame.top + frame.height / 2
    for i, line in enumerate(y_label):
        x: float = PAD + 9 + LINE_PX * i  # a whole number here; a tick's place below
        svg.text(x, mid, line, text_anchor="middle", transform=f"rotate(-90 {_f(x)} {_f(mid)})")
    svg.line(frame.left, frame.top, frame.left, base, class_="axis")
    svg.line(frame.left, base, frame.left + frame.width, base, class_="axis")
    for t in x_ticks:
        x = frame.x(t)
        svg.line(x, base, x, base + 4, class_="axis")
        svg.text(x, base + 16, _number(t), text_anchor="middle")
    for index, (variant, dist) in enumerate(series):
        _svg_series(svg, frame, domain, variant, dist, index, len(series))
    empty = [v for v, d in series if d.total == 0]
    for i, variant in enumerate(empty):
        note = _wrap(say("commands.report.plot_no_games", name=variant.named()), frame.width - 8)
        svg.lines(frame.left + frame.width / 2, frame.top + 20 + 2 * LINE_PX * i, note, class_="note",
                  text_anchor="middle")
    _svg_legend(svg, placed, PAD, base + 28)
    return svg.markup()


def _svg_series(svg: Svg, frame: Frame, domain: Domain, variant: Variant, dist: Dist, index: int, slots: int) -> None:
    """A variant's bars (each with a tooltip); bins beside another variant's: a light fill and
    the histogram's outline."""
    outlined = dist.binned and slots > 1
    for bar in _bars(dist, index, slots, domain):
        svg.add("rect", {"class": "bar", "x": frame.x(bar.x0), "y": frame.y(bar.share),
                         "width": max(0.5, frame.x(bar.x1) - frame.x(bar.x0) - (0.5 if dist.binned and not outlined else 0)),
                         "height": frame.y(0) - frame.y(bar.share), "fill": variant.colour,
                         "fill_opacity": "0.12" if outlined else "0.85"},
                tip=say("commands.report.plot_bar_tip", name=variant.named(), where=bar.where, count=bar.count,
                        share=bar.share))
    if outlined:
        corners = " ".join(f"{'M' if i == 0 else 'L'}{_f(frame.x(x))} {_f(frame.y(s))}"
                           for i, (x, s) in enumerate(_steps(dist)))
        svg.add("path", {"class": "outline", "d": corners, "fill": "none", "stroke": variant.colour,
                         "stroke_width": "2"})


def _svg_intervals(rows: list[Row], x_range: tuple[float, float], ticks: list[float], x_label: str, title: str,
                   zero_line: bool, tick_text=None, legend: list[tuple[str, str]] | None = None) -> str:
    """One row per figure: its label at the left (wrapped, never cut), a line per mark (a dot
    at `estimate`, an error bar from `low` to `high`, "n/a" when undefined) and its note at the
    right. A significant point is drawn red and starred. The chart is as wide as its labels
    and notes need."""
    tick_text = tick_text or _number
    label_px = min(LABEL_MOST, max((_text_px(r.label) for r in rows), default=0.0))
    labels = [_wrap(r.label, label_px) for r in rows]
    notes = [str(r.note) if r.note is not None else "" for r in rows]
    notes_px = max((_text_px(n) for n in notes), default=0.0)
    tick_half = max((_text_px(tick_text(t)) / 2 for t in ticks), default=0.0)
    marks = max((len(r.marks) for r in rows), default=1)
    heights = [max(len(lines) * LINE_PX, marks * MARK_PX) + 10 for lines in labels]
    left = max(PAD + label_px + 10, PAD + tick_half)
    frame = Frame(left, 10, INTERVALS_FRAME, sum(heights) or 20, x_range[0], x_range[1])
    right = frame.left + frame.width + max(tick_half, 12)  # room for the last tick and a star
    width = (right + 10 + notes_px if notes_px else right) + PAD
    axis_lines = _wrap(x_label, width - 2 * PAD)
    placed = _legend_layout(legend or [], width - 2 * PAD)
    base = frame.top + frame.height
    legend_top = base + 20 + LINE_PX * len(axis_lines) + 4
    height = legend_top + (_legend_height(placed) if placed else 0) + PAD
    svg = Svg(width, height, title)
    for t in ticks:
        svg.line(frame.x(t), frame.top, frame.x(t), base, class_="grid")
        svg.text(frame.x(t), base + 16, tick_text(t), text_anchor="middle")
    if zero_line:
        svg.line(frame.x(0), frame.top, frame.x(0), base, class_="zero")
    svg.line(frame.left, base, frame.left + frame.width, base, class_="axis")
    svg.lines(width / 2, base + 20 + FONT_PX, axis_lines, text_anchor="middle")
    top = frame.top
    for row, lines, row_height, note in zip(rows, labels, heights, notes):
        middle = top + row_height / 2
        svg.lines(PAD + label_px, middle + 4 - (len(lines) - 1) * LINE_PX / 2, lines, text_anchor="end")
        if note:
            svg.text(right + 10, middle + 4, note, class_="note-value")
        first = middle - (len(row.marks) - 1) * MARK_PX / 2
        for i, mark in enumerate(row.marks):
            y = first + i * MARK_PX
            if mark.absent:
                continue
            if mark.point is None:
                svg.text(frame.left + 4, y + 4, say("commands.report.not_available"), class_="na")
            else:
                _svg_interval(svg, frame, y, mark, "#222" if len(row.marks) == 1 else mark.colour)
        top += row_height
    _svg_legend(svg, placed, PAD, legend_top, shape="circle")
    return svg.markup()


def _svg_interval(svg: Svg, frame: Frame, y: float, mark: Mark, bar: str) -> None:
    """A dot and its error bar (in `bar`'s colour: dark when alone on its row, else its
    variant's, so that lines side by side are told apart)."""
    point = mark.point or {}
    starred = bool(point.get("significant"))
    colour = SIGNIFICANT_COLOUR if starred else mark.colour
    svg.line(frame.x(point["low"]), y, frame.x(point["high"]), y, class_="errorbar", stroke=bar)
    for end in (point["low"], point["high"]):
        svg.line(frame.x(end), y - 4, frame.x(end), y + 4, class_="errorbar", stroke=bar)
    svg.add("circle", {"class": "estimate significant" if starred else "estimate",
                       "cx": frame.x(point["estimate"]), "cy": y, "r": 4, "fill": colour}, tip=point.get("tip"))
    if starred:
        svg.text(frame.x(point["high"]) + 6, y + 4, "*", class_="significant")


def _svg_wins(variants: list[Variant], rows: list[Row]) -> str:
    legend = [(v.colour, str(v.named())) for v in variants] if len(variants) > 1 else None
    return _svg_intervals(rows, (0.0, 1.0), [0, 0.25, 0.5, 0.75, 1.0], say("commands.report.plot_share_interval"),
                          say("commands.report.plot_win_rates"), False, lambda t: f"{100 * t:.0f}%", legend)


def _svg_diff_panel(panel: DiffPanel) -> str:
    return _svg_intervals(panel.rows, _diff_range(panel), _diff_ticks(panel), str(panel.axis),
                          say("commands.report.plot_differences_label", title=panel.title), True)


def html_page(results: dict) -> str:
    """The whole page: a heading and caption, the variants in their colours, the charts
    (every variant on each), the comparisons, then every metric in tables. Standalone: inline
    CSS and SVG only."""
    variants = _variants(results)
    heading = (listed([v.named() for v in variants], "commands.report.plot_versus") if variants
               else msg("commands.report.plot_no_variant"))
    kinds = _metric_kinds(variants)
    body = [f"<header><h1>{_e(say('commands.report.plot_simulation', heading=heading))}</h1>"
            f"<p class=\"caption\">{_e(_caption(results))}</p>", _html_variant_list(variants), "</header>"]
    figures = [_figure(f.label, _svg_distribution(f)) for f in _dist_figures(variants)]
    win_rows = _win_rows(variants)
    if win_rows:
        figures.append(_figure(say("commands.report.plot_win_rates"), _svg_wins(variants, win_rows), wide=True))
    if figures:
        body.append('<section class="charts">' + "\n".join(figures) + "</section>")
    for comparison in results.get("comparisons") or []:
        body.append(_html_comparison(comparison, kinds))
    body += [_html_metric_table(v) for v in variants]
    return (f"<!DOCTYPE html>\n<html lang=\"{say('commands.report.html_lang')}\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(say('commands.report.plot_simulation', heading=heading))}</title>\n<style>{PAGE_CSS}</style>\n"
            "</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _html_variant_list(variants: list[Variant]) -> str:
    """Each variant in its colour: title, name, and where its rules and bots come from."""
    items = [f'<li><span class="swatch" style="background: {v.colour}"></span><strong>{_e(v.title)}</strong> '
             f'<span class="name">{_e(say("commands.report.plot_parenthesized", name=v.name))}</span>'
             f'<span class="source">{_e(_variant_line(v))}</span></li>' for v in variants]
    return '<ul class="variants">' + "".join(items) + "</ul>"


def _variant_line(variant: Variant) -> str:
    parts = [msg("commands.report.plot_rules", source=variant.source)] if variant.source else []
    if variant.players:
        parts.append(msg("commands.report.plot_players", players=variant.players))
    if variant.teams:
        parts += _teams_text(variant.teams)
    if variant.games is not None:
        parts.append(msg("commands.report.plot_games", games=variant.games))
    if variant.lineup:
        parts.append(msg("commands.report.plot_bots", bots=_bots_text(variant.lineup, by_seat=True)))
    return _joined(parts)


def _figure(caption: str, svg: str, wide: bool = False) -> str:
    """A chart and its caption; a `wide` one (rows with labels) on a line of its own, at its own width."""
    opening = '<figure class="wide">' if wide else "<figure>"
    return f"{opening}<figcaption>{_e(caption)}</figcaption>\n{svg}\n</figure>"


def _html_comparison(comparison: dict, kinds: dict[str | None, str]) -> str:
    a, b = _sides(comparison)
    paired = say("commands.report.plot_paired" if comparison.get("paired") else "commands.report.plot_independent")
    parts = [f'<section class="comparison"><h2>{_e(say("commands.report.plot_differences_heading", a=a, b=b))}</h2>',
             '<p class="caption">' + say("commands.report.plot_significance_note", games=_e(paired),
                                         star='<span class="yes">*</span>') + "</p>"]
    parts += [_figure(say("commands.report.plot_differences_in", title=p.title), _svg_diff_panel(p))
              for p in _diff_panels(comparison, kinds)]
    parts.append(_html_comparison_table(comparison, kinds, a, b))
    parts.append("</section>")
    return "\n".join(parts)


def _html_comparison_table(comparison: dict, kinds: dict[str | None, str], a: str, b: str) -> str:
    rows = [f"<table><thead><tr><th>{_e(say('commands.report.plot_metric'))}</th><th>{_e(a)}</th><th>{_e(b)}</th>"
            f"<th>{_e(say('commands.report.difference'))}</th><th>{_e(say('commands.report.interval'))}</th>"
            f"<th>p</th><th>{_e(say('commands.report.p_holm'))}</th><th>{_e(say('commands.report.plot_significant'))}</th>"
            "</tr></thead><tbody>"]
    for r in comparison.get("metrics") or []:
        kind = _row_kind(r, kinds)
        unit = "pp" if kind in SHARE_KINDS else ""
        if _diff_defined(r):
            diff, low, high = _rounded_interval(r["difference"], r["low"], r["high"], unit)
            if unit == "pp":
                diff, low, high = (say("commands.report.plot_points", value=x) for x in (diff, low, high))
            interval = say("commands.report.plot_range", low=low, high=high)
        else:
            diff, interval = _signed(r.get("difference"), unit), say("commands.report.not_available")
        significant = (f'<span class="yes">{_e(say("commands.report.plot_yes"))}</span>' if r.get("significant")
                       else _e(say("commands.report.plot_no")))
        rows.append(f"<tr><td>{_e(_label(r))}</td><td class=\"num\">{_e(_value(r.get('a'), kind))}</td>"
                    f"<td class=\"num\">{_e(_value(r.get('b'), kind))}</td>"
                    f"<td class=\"num\">{_e(diff)}</td><td class=\"num\">{_e(interval)}</td>"
                    f"<td class=\"num\">{_e(_number(r.get('p')))}</td><td class=\"num\">{_e(_number(r.get('p_holm')))}</td>"
                    f"<td>{significant}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def _html_metric_table(variant: Variant) -> str:
    named = (f'{_e(variant.title)} <span class="name">{_e(say("commands.report.plot_parenthesized", name=variant.name))}'
             "</span>")
    rows = [f'<section class="metrics"><h3>{say("commands.report.plot_every_metric", title=named)}</h3>'
            f"<table><thead><tr><th>{_e(say('commands.report.plot_metric'))}</th>"
            f"<th>{_e(say('commands.report.plot_estimate'))}</th><th>{_e(say('commands.report.interval'))}</th>"
            f"<th>{_e(say('commands.report.plot_games_column'))}</th></tr></thead><tbody>"]
    group = None
    for m in variant.metrics:
        if m.get("group") != group:
            group = m.get("group")
            rows.append(f'<tr class="group"><th colspan="4">'
                        f'{_e(group_title(group) if group else say("commands.report.group_other"))}</th></tr>')
        kind = m.get("kind", "")
        estimate, low, high = _rounded_estimate(m, kind)
        interval = (say("commands.report.plot_range", low=low, high=high) if _defined(m)
                    else say("commands.report.not_available"))
        rows.append(f"<tr><td>{_e(_label(m))}</td><td class=\"num\">{_e(estimate)}</td>"
                    f"<td class=\"num\">{_e(interval)}</td><td class=\"num\">{_e(_number(m.get('games')))}</td></tr>")
    rows.append("</tbody></table></section>")
    return "".join(rows)


# ---------------------------------------------------------------- PNG (matplotlib)

PNG_WIDTH_INCHES = 12.8  # two distribution charts side by side
PNG_HEADER_INCHES = 1.2  # the title above, the caption below
PNG_LEGEND_INCHES = 0.4  # the variants' colours, under the title
PNG_DIST_INCHES = 3.0
PNG_LINE_INCHES = 0.15  # a line of a wrapped label, or of one variant in a row
PNG_LABEL_WIDTH = 44  # a row's label wraps beyond so many Latin characters (a Chinese one counts 2)


def _row_inches(row: Row) -> float:
    lines = len(_wrap(row.label, PNG_LABEL_WIDTH, _display_width))
    return max(0.3, PNG_LINE_INCHES * max(lines, len(row.marks)) + 0.12)


def _rows_inches(rows: list[Row]) -> float:
    return 1.1 + sum(_row_inches(r) for r in rows)


def figure_inches(results: dict) -> tuple[float, float]:
    """The PNG's size in inches (times PNG_DPI: its pixels), set by the charts and their rows."""
    variants = _variants(results)
    height = PNG_HEADER_INCHES + sum(inches for _, inches, _ in _png_rows(variants, results))
    return PNG_WIDTH_INCHES, round(height, 2)


def _png_rows(variants: list[Variant], results: dict) -> list[tuple]:
    """The figure's rows top to bottom as (kind, inches, payload): the variants' colours (a
    row of its own: a figure legend would sit on the title), the distributions two a row, the
    win rates, then one row per comparison panel."""
    rows: list[tuple] = [("legend", PNG_LEGEND_INCHES, variants)] if len(variants) > 1 else []
    figures = _dist_figures(variants)
    for i in range(0, len(figures), 2):
        rows.append(("dists", PNG_DIST_INCHES, figures[i:i + 2]))
    wins = _win_rows(variants)
    if wins:
        rows.append(("wins", _rows_inches(wins), wins))
    kinds = _metric_kinds(variants)
    for comparison in results.get("comparisons") or []:
        for panel in _diff_panels(comparison, kinds):
            rows.append(("diff", _rows_inches(panel.rows) + 0.3, panel))
    return rows


def png_bytes(results: dict) -> bytes:
    """The charts as one PNG figure (matplotlib's Agg renderer, no pyplot state)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.layout_engine import ConstrainedLayoutEngine
        import matplotlib
    except ImportError:
        raise PlotError(msg(NO_MATPLOTLIB)) from None

    variants = _variants(results)
    cjk = _cjk_font()
    # DejaVu Sans first (Latin, digits, the minus sign), the Chinese font for the glyphs it lacks; no
    # mathtext or TeX: a `$` in a user's title is a dollar. The settings are written in the call, where
    # matplotlib's stubs check their names against its list of rc settings.
    style = matplotlib.rc_context({"font.family": ["DejaVu Sans"] + ([cjk] if cjk else []), "font.size": 9,
                                   "text.parse_math": False, "text.usetex": False})
    with style, _quiet_font_search():
        figure = Figure(figsize=figure_inches(results), dpi=PNG_DPI, layout="constrained")
        engine = figure.get_layout_engine()
        assert isinstance(engine, ConstrainedLayoutEngine)  # layout="constrained", just above
        engine.set(h_pad=0.12, w_pad=0.1, hspace=0.04, wspace=0.06)
        FigureCanvasAgg(figure)
        _draw_figure(figure, variants, results, Text(cjk is not None))
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=PNG_DPI, metadata={"Software": None})
    return buffer.getvalue()


@contextlib.contextmanager
def _quiet_font_search():
    """matplotlib logs each font weight it has to approximate ("Failed to find font weight
    normal for WenQuanYi Zen Hei"): harmless, and not for a club organiser's terminal."""
    logger = logging.getLogger("matplotlib.font_manager")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _cjk_font() -> str | None:
    """The name of an installed font with Chinese glyphs, or None."""
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in CJK_FONTS if name in installed), None)


class Text:
    """Text for the PNG: as given when a Chinese font is installed, else ASCII stand-ins
    (the variant's name for its title, a metric's id for its label)."""

    def __init__(self, cjk: bool):
        self.cjk = cjk

    def __call__(self, text: str, stand_in: str) -> str:
        return text if self.cjk or all(ord(c) < 0x2E80 for c in text) else stand_in

    def words(self, message: Message | str, stand_in: str | None = None) -> str:
        """A message in the reader's language when it can be drawn, else in English, else
        `stand_in` (the values in it are to be drawable already)."""
        if not isinstance(message, Message):
            return message if stand_in is None else self(message, stand_in)
        english = message.text("en")
        return self(message.text(), english if stand_in is None else self(english, stand_in))

    def variant(self, v: Variant) -> str:
        return self.words(v.named()) if self(v.title, v.name) == v.title else v.name

    def wrapped(self, text: str, width: int = PNG_LABEL_WIDTH) -> str:
        return "\n".join(_wrap(text, width, _display_width))


def _draw_figure(figure, variants: list[Variant], results: dict, text: Text) -> None:
    from matplotlib.patches import Patch

    rows = _png_rows(variants, results)
    grid = figure.add_gridspec(max(1, len(rows)), 2, height_ratios=[r[1] for r in rows] or [1])
    versus = "commands.report.plot_versus"
    figure.suptitle(text.wrapped(text.words(listed([v.named() for v in variants], versus),
                                            text.words(listed([v.name for v in variants], versus))), 110), fontsize=13)
    figure.supxlabel(text.wrapped(text(_caption(results), _caption(results, "en")), 150), fontsize=9, color="#555")
    for row_index, (kind, _, payload) in enumerate(rows):
        if kind == "legend":
            ax = figure.add_subplot(grid[row_index, :])
            ax.set_axis_off()
            ax.legend(handles=[Patch(color=v.colour, label=text.wrapped(text.variant(v), 50)) for v in payload],
                      loc="center", ncols=min(3, len(payload)), frameon=False, fontsize=10)
            continue
        if kind == "dists":
            for column, dist_figure in enumerate(payload):
                _png_distribution(figure.add_subplot(grid[row_index, column]), dist_figure, text)
            continue
        ax = figure.add_subplot(grid[row_index, :])
        if kind == "wins":
            _png_wins(ax, payload, text)
        else:
            _png_diff(ax, payload, text)


def _png_distribution(ax, figure: DistFigure, text: Text) -> None:
    domain, series = figure.domain, figure.series
    for index, (variant, dist) in enumerate(series):
        shown = text.variant(variant)
        if dist.binned and len(series) > 1:
            steps = _steps(dist)
            ax.plot([x for x, _ in steps], [s for _, s in steps], color=variant.colour, linewidth=1.8, label=shown)
            ax.fill([x for x, _ in steps], [s for _, s in steps], color=variant.colour, alpha=0.12, linewidth=0)
        else:
            bars = _bars(dist, index, len(series), domain)
            ax.bar([b.x0 for b in bars], [b.share for b in bars], width=[b.x1 - b.x0 for b in bars], align="edge",
                   color=variant.colour, alpha=0.85, label=shown, edgecolor="white" if dist.binned else None,
                   linewidth=0.5 if dist.binned else 0)
        if dist.total == 0:
            ax.text(0.5, 0.9 - 0.1 * index, text.words(msg("commands.report.plot_no_games", name=shown)),
                    transform=ax.transAxes, ha="center", color="#888")
    ax.set_xlim(domain.lo, domain.hi)
    y_ticks = _nice_ticks(0.0, domain.top)
    ax.set_ylim(0, y_ticks[-1])
    ax.set_yticks(y_ticks, [_number(t) for t in y_ticks])
    ticks = _x_ticks([d for _, d in series], domain)
    ax.set_xticks(ticks, [_number(t) for t in ticks])
    ax.set_ylabel(text.words(msg("commands.report.plot_share_axis")))
    ax.set_title(text.wrapped(text(figure.label, figure.key), 70), fontsize=10)
    ax.grid(axis="y", color="#e3e3e3")
    ax.set_axisbelow(True)


def _png_intervals(ax, rows: list[Row], text: Text, *, notes: bool) -> None:
    """Rows top to bottom, a line a mark: a dot with a horizontal error bar, or "n/a"; each
    row's label (wrapped) at the left, its note at the right."""
    na = text.words(msg("commands.report.not_available"))
    heights = [_row_inches(r) for r in rows]
    tops = [sum(heights[:i]) for i in range(len(rows))]
    total = sum(heights) or 1.0
    middles = []
    for row, top, height in zip(rows, tops, heights):
        middle = total - top - height / 2
        middles.append(middle)
        first = middle + (len(row.marks) - 1) * PNG_LINE_INCHES / 2
        for i, mark in enumerate(row.marks):
            y = first - i * PNG_LINE_INCHES
            if mark.absent:
                continue
            if mark.point is None:
                ax.text(0.01, y, na, transform=ax.get_yaxis_transform(), va="center", color="#888", style="italic")
                continue
            point = mark.point
            starred = bool(point.get("significant"))
            ax.errorbar([point["estimate"]], [y], xerr=[[max(0.0, point["estimate"] - point["low"])],
                                                        [max(0.0, point["high"] - point["estimate"])]],
                        fmt="o", color=SIGNIFICANT_COLOUR if starred else mark.colour,
                        ecolor="#222" if len(row.marks) == 1 else mark.colour, capsize=4, markersize=5)
            if starred:
                ax.text(point["high"], y, "  *", va="center", color=SIGNIFICANT_COLOUR, fontsize=12)
    ax.set_yticks(middles, [text.wrapped(text(r.label, r.ident)) for r in rows])
    ax.set_ylim(0, total)
    ax.grid(axis="x", color="#e3e3e3")
    ax.set_axisbelow(True)
    if notes:
        right = ax.twinx()
        right.set_ylim(ax.get_ylim())
        right.set_yticks(middles, [text.words(r.note) if r.note is not None else "" for r in rows])
        right.tick_params(axis="y", length=0)


def _png_wins(ax, rows: list[Row], text: Text) -> None:
    _png_intervals(ax, rows, text, notes=False)
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_xlabel(text.words(msg("commands.report.plot_share_interval")))
    ax.set_title(text.words(msg("commands.report.plot_win_rates")), fontsize=10)


def _png_diff(ax, panel: DiffPanel, text: Text) -> None:
    _png_intervals(ax, panel.rows, text, notes=True)
    ax.set_xlim(*_diff_range(panel))
    ticks = _diff_ticks(panel)
    ax.set_xticks(ticks, [_number(t) for t in ticks])
    ax.axvline(0, color="#888", linestyle="--", linewidth=1)
    axis = text.words(panel.axis, text.words(msg("commands.report.difference")))
    ax.set_xlabel(text.words(msg("commands.report.plot_axis_significant", axis=axis)))
    ax.set_title(text.words(msg("commands.report.plot_differences_in_lower", title=panel.title)), fontsize=10)
