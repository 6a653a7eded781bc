"""Pictures of `gouji simulate` results (`--plot FILE`): a PNG drawn by matplotlib
(the optional extra `gouji-dsl[plot]`) or a standalone HTML page of inline SVG,
which needs nothing (no JavaScript, no network: it opens offline).

    write_plot(results, path)   # by suffix: .png, .html / .htm; else PlotError
    html_page(results) -> str   # the page: charts, then the metric tables
    png_bytes(results) -> bytes # one figure: the same charts

`results` is the `--json` document (format "gouji-simulate/1"). One column per
variant (two when two are compared, on shared axes so they can be read side by
side): team scores (bars, share of games), game length in actions (histogram),
win rates with their intervals; under them, with a comparison, the differences
with their intervals, significant ones marked. The same results give the same
bytes (no dates, fixed sizes, no software stamp).
"""
from __future__ import annotations

import contextlib
import dataclasses
import html
import io
import logging
import math
import re
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
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
SIGNIFICANT_COLOUR = "#c0392b"
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
    name: str
    title: str
    source: str
    players: int | None
    teams: dict
    games: int | None
    metrics: list
    lineup: list  # the bot in each seat, when the results say
    scores: list[tuple[str, Dist]]  # (series name, distribution), by team
    length: Dist | None


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


def _variant(raw: dict) -> Variant:
    dists = raw.get("distributions") or {}
    team_keys = sorted((k for k in dists if k.startswith("score.team.")), key=_natural_key)
    score_keys = team_keys or sorted((k for k in dists if k.startswith("score.")), key=_natural_key)
    scores = [(in_words(dists[k].get("label", k)), _distribution(k, dists[k])) for k in score_keys]
    length = _distribution("actions", dists["actions"]) if "actions" in dists else None
    name = str(raw.get("name", "?"))
    return Variant(name=name, title=str(raw.get("title") or name), source=str(raw.get("source", "")),
                   players=raw.get("players"), teams=raw.get("teams") or {}, games=raw.get("games"),
                   metrics=list(raw.get("metrics") or []), lineup=list(raw.get("lineup") or []),
                   scores=scores, length=length)


def _variants(results: dict) -> list[Variant]:
    """The variants as drawn: distributions with too many distinct values to show one bar
    each (game lengths over a wide range) become bins, of one width for every variant."""
    _check_format(results)
    variants = [_variant(v) for v in results.get("variants") or []]
    score_width = _bin_width([d for v in variants for _, d in v.scores])
    length_width = _bin_width([v.length for v in variants if v.length])
    return [dataclasses.replace(v, scores=[(name, _rebin(d, score_width)) for name, d in v.scores],
                                length=v.length and _rebin(v.length, length_width)) for v in variants]


def _bin_width(dists: list[Dist]) -> float | None:
    """A round bin width giving about 30 bins, when the distinct values need more than
    MAX_BARS slots; None when each value can have its bar."""
    values = [b[0] for d in dists if not d.binned for b in d.bars]
    if not values:
        return None
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


def _win_metrics(variant: Variant) -> list[dict]:
    return [m for m in variant.metrics if m.get("group") == "wins"]


def _finite(x) -> bool:
    """A number to draw: not null (undefined), not NaN or infinite."""
    return isinstance(x, (int, float)) and math.isfinite(x)


def _defined(metric: dict) -> bool:
    return all(_finite(metric.get(k)) for k in ("estimate", "low", "high"))


def _metric_kinds(variants: list[Variant]) -> dict[str, str]:
    return {m.get("id"): m.get("kind", "") for v in variants for m in v.metrics}


@dataclass(frozen=True)
class DiffRow:
    ident: str
    label: str  # in the reader's language
    note: Message | str  # the difference and its interval in the metric's own unit, or "n/a"
    point: dict | None  # estimate, low, high on the panel's axis, significant, tip; None: undefined


@dataclass(frozen=True)
class DiffPanel:
    """Comparison rows drawn on one axis: proportions share one scale (percentage points);
    the other metrics (actions, rounds, cards...) have no common unit, so each row is scaled
    to its own widest end (the direction, and whether the interval holds 0, is what shows;
    the numbers are written beside)."""

    title: Message
    axis: Message
    shared: bool
    rows: list[DiffRow]


def _diff_panels(comparison: dict, kinds: dict[str, str]) -> list[DiffPanel]:
    a, b = _sides(comparison)
    rows = list(comparison.get("metrics") or [])
    shares = [r for r in rows if _row_kind(r, kinds) == "proportion"]
    others = [r for r in rows if _row_kind(r, kinds) != "proportion"]
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


def _row_kind(row: dict, kinds: dict[str, str]) -> str:
    """A comparison row's kind: its own, else that of the variants' metric with its id."""
    return row.get("kind") or kinds.get(row.get("id"), "")


def _diff_defined(row: dict) -> bool:
    return all(_finite(row.get(k)) for k in ("difference", "low", "high"))


def _diff_row(row: dict, unit: str) -> DiffRow:
    label = in_words(row.get("label", row.get("id")))
    if not _diff_defined(row):
        return DiffRow(str(row.get("id")), label, msg("commands.report.not_available"), None)
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
    return DiffRow(str(row.get("id")), label, note, point)


def _interval_note(diff: float, low: float, high: float, unit: str) -> Message | str:
    """`+3.0 [-1.0, +7.0] pp`, or `-11 [-11.9, -10]` for a metric in its own unit."""
    def signed(x):
        return _signed(x, unit, with_unit=False)
    note = f"{signed(diff)} [{signed(low)}, {signed(high)}]"
    return msg("commands.report.plot_points", value=note) if unit == "pp" else note


def _diff_range(panel: DiffPanel) -> tuple[float, float]:
    """Shared scale: 0 and every interval, a little wider so the ends are not on the frame;
    rows on their own scales reach ±1."""
    points = [r.point for r in panel.rows if r.point]
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
    """Up to 4 significant figures, no trailing zeros, no exponent for ordinary game numbers."""
    if not _finite(x):
        return say("commands.report.not_available")
    if float(x).is_integer() and abs(x) < 1e9:
        return str(int(x))
    return f"{x:.4g}" if abs(x) >= 1e-3 else f"{x:.2g}"


def _value(x, kind: str) -> str:
    if not _finite(x):
        return say("commands.report.not_available")
    return f"{100 * x:.1f}%" if kind == "proportion" else _number(x)


def _signed(x, unit: str, with_unit: bool = True) -> str:
    if not _finite(x):
        return say("commands.report.not_available")
    if unit == "pp":
        return say("commands.report.plot_points", value=f"{100 * x:+.1f}") if with_unit else f"{100 * x:+.1f}"
    return ("+" if x > 0 else "") + _number(x)


def _nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi] (about `count` of them)."""
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


# ---------------------------------------------------------------- HTML and SVG

PAGE_CSS = """
body { font-family: system-ui, "Noto Sans CJK SC", "WenQuanYi Zen Hei", "Microsoft YaHei", sans-serif;
       margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.5em; margin: 0 0 .2em; } h2 { font-size: 1.2em; margin: .2em 0; }
h3 { font-size: 1em; margin: .8em 0 .2em; }
.caption, .source { color: #555; font-size: .9em; margin: .2em 0; }
.variant .source { min-height: 2.6em; }  /* side by side, the charts start level */
.name { color: #555; font-weight: normal; }
.variants { display: flex; flex-wrap: wrap; gap: 2em; }
.variant { flex: 1 1 480px; max-width: 560px; }
figure { margin: .6em 0; } figcaption { font-weight: bold; font-size: .95em; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font-size: 11px; fill: #222; } svg .axis { stroke: #444; } svg .grid { stroke: #e3e3e3; }
svg .errorbar { stroke: #222; stroke-width: 1.5; } svg .zero { stroke: #888; stroke-dasharray: 4 3; }
svg .na { fill: #888; font-style: italic; } svg .note { fill: #888; }
svg .significant { fill: """ + SIGNIFICANT_COLOUR + """; }
table { border-collapse: collapse; margin: .4em 0 1.2em; font-size: .9em; }
th, td { border-bottom: 1px solid #ddd; padding: .25em .6em; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.group th { background: #f3f3f3; } .yes { color: """ + SIGNIFICANT_COLOUR + """; font-weight: bold; }
"""


def _e(text) -> str:
    """Escaped for HTML text and attributes (rule files are the users': `<`, `&`, quotes)."""
    return html.escape(str(text), quote=True)


def _f(x: float) -> str:
    """A coordinate: at most two decimals, so the same figure always prints the same."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Svg:
    """An SVG image built element by element; every text and attribute is escaped."""

    def __init__(self, width: int, height: int, label: str):
        self.width, self.height, self.label = width, height, label
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

    def markup(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" role="img" aria-label="{_e(self.label)}">'
                + "".join(self.parts) + "</svg>")


def _display_width(text: str) -> int:
    """Roughly how many Latin characters wide `text` is (a Chinese character counts twice)."""
    return sum(2 if ord(c) >= 0x2E80 else 1 for c in text)


def _shorten(text: str, width: int) -> str:
    if _display_width(text) <= width:
        return text
    out = ""
    for c in text:
        if _display_width(out + c) > width - 1:
            break
        out += c
    return out + "…"


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


def _svg_distribution(series: list[tuple[str, Dist]], x_label: str, domain: Domain, title: str) -> str:
    """Bars in share of games: distinct values grouped side by side per series, bins as a histogram
    (several binned series overlaid, half transparent)."""
    width, height = 500, 250 + (18 if len(series) > 1 else 0)
    y_ticks = _nice_ticks(0.0, domain.top)
    frame = Frame(52, 14, width - 70, 180, domain.lo, domain.hi, 0.0, y_ticks[-1])
    svg = Svg(width, height, title)
    _svg_y_axis(svg, frame, y_ticks, say("commands.report.plot_share_axis"))
    _svg_x_axis(svg, frame, _x_ticks(series, domain), x_label)
    for index, (name, dist) in enumerate(series):
        opacity = _opacity(dist, len(series))
        for bar in _bars(dist, index, len(series), domain):
            svg.add("rect", {"class": "bar", "x": frame.x(bar.x0), "y": frame.y(bar.share),
                             "width": max(0.5, frame.x(bar.x1) - frame.x(bar.x0) - (0.5 if dist.binned else 0)),
                             "height": frame.y(0) - frame.y(bar.share), "fill": COLOURS[index % len(COLOURS)],
                             "fill_opacity": f"{opacity:g}"},
                    tip=say("commands.report.plot_bar_tip", name=name, where=bar.where, count=bar.count,
                            share=bar.share))
        if dist.total == 0:
            svg.text(frame.left + frame.width / 2, frame.top + 20 + 14 * index,
                     say("commands.report.plot_no_games", name=name), class_="note", text_anchor="middle")
    if len(series) > 1:
        _svg_legend(svg, [name for name, _ in series], frame.left, height - 8)
    return svg.markup()


def _opacity(dist: Dist, series: int) -> float:
    """Bins of several series overlap: half transparent, so each shows through."""
    return (0.55 if series > 1 else 0.85) if dist.binned else 0.9


def _x_ticks(series: list[tuple[str, Dist]], domain: Domain) -> list[float]:
    """Each distinct value when there are few and evenly spaced, else round numbers."""
    values = sorted({b[0] for _, d in series if not d.binned for b in d.bars})
    even = all(math.isclose(b - a, domain.slot) for a, b in zip(values, values[1:]))
    if values and even and len(values) <= 13 and all(not d.binned for _, d in series):
        return values
    return [t for t in _nice_ticks(domain.lo, domain.hi, 6) if domain.lo <= t <= domain.hi]


def _svg_y_axis(svg: Svg, frame: Frame, ticks: list[float], label: str) -> None:
    for t in ticks:
        y = frame.y(t)
        svg.line(frame.left, y, frame.left + frame.width, y, class_="grid")
        svg.text(frame.left - 5, y + 4, _number(t), text_anchor="end")
    svg.line(frame.left, frame.top, frame.left, frame.top + frame.height, class_="axis")
    mid = frame.top + frame.height / 2
    svg.text(12, mid, label, text_anchor="middle", transform=f"rotate(-90 12 {_f(mid)})")


def _svg_x_axis(svg: Svg, frame: Frame, ticks: list[float], label: str) -> None:
    base = frame.top + frame.height
    svg.line(frame.left, base, frame.left + frame.width, base, class_="axis")
    for t in ticks:
        x = frame.x(t)
        svg.line(x, base, x, base + 4, class_="axis")
        svg.text(x, base + 16, _number(t), text_anchor="middle")
    svg.text(frame.left + frame.width / 2, base + 32, label, text_anchor="middle")


def _svg_legend(svg: Svg, names: list[str], left: float, y: float) -> None:
    x = left
    for index, name in enumerate(names):
        svg.add("rect", {"x": x, "y": y - 9, "width": 10, "height": 10, "fill": COLOURS[index % len(COLOURS)]})
        shown = _shorten(name, 28)
        svg.text(x + 14, y, shown, tip=name if shown != name else None)
        x += 24 + 6.5 * _display_width(shown)


def _svg_intervals(rows: list[tuple[str, dict | None, str | None]], frame_x: tuple[float, float],
                   ticks: list[float], x_label: str, title: str, zero_line: bool, tick_text=None,
                   wide: bool = False) -> str:
    """One row per (label, point, note): a dot at `estimate` with an error bar from `low` to
    `high` (point None: "n/a"), the note written at the right. A point with `significant` is
    drawn red and starred."""
    tick_text = tick_text or _number
    width, row_height = (760, 22) if wide else (500, 22)
    label_width = 250 if wide else 190
    notes_width = 170 if any(note for _, _, note in rows) else 0
    height = 14 + row_height * max(1, len(rows)) + 42
    frame = Frame(label_width + 6, 10, width - label_width - notes_width - 26, row_height * max(1, len(rows)),
                  frame_x[0], frame_x[1])
    svg = Svg(width, height, title)
    for t in ticks:
        svg.line(frame.x(t), frame.top, frame.x(t), frame.top + frame.height, class_="grid")
    if zero_line:
        svg.line(frame.x(0), frame.top, frame.x(0), frame.top + frame.height, class_="zero")
    _svg_x_axis(svg, frame, [], x_label)
    for t in ticks:
        svg.text(frame.x(t), frame.top + frame.height + 16, tick_text(t), text_anchor="middle")
    for index, (label, point, note) in enumerate(rows):
        y = frame.top + row_height * index + row_height / 2
        shown = _shorten(label, int(label_width / 6.5))
        svg.text(label_width, y + 4, shown, tip=label if shown != label else None, text_anchor="end")
        if note:
            svg.text(frame.left + frame.width + 16, y + 4, note, class_="note-value")
        if point is None:
            svg.text(frame.left + 4, y + 4, say("commands.report.not_available"), class_="na")
            continue
        _svg_interval(svg, frame, y, point)
    return svg.markup()


def _svg_interval(svg: Svg, frame: Frame, y: float, point: dict) -> None:
    starred = bool(point.get("significant"))
    svg.line(frame.x(point["low"]), y, frame.x(point["high"]), y, class_="errorbar")
    for end in (point["low"], point["high"]):
        svg.line(frame.x(end), y - 4, frame.x(end), y + 4, class_="errorbar")
    svg.add("circle", {"class": "estimate significant" if starred else "estimate",
                       "cx": frame.x(point["estimate"]), "cy": y, "r": 4,
                       "fill": SIGNIFICANT_COLOUR if starred else COLOURS[0]}, tip=point.get("tip"))
    if starred:
        svg.text(frame.x(point["high"]) + 6, y + 4, "*", class_="significant")


def _svg_wins(variant: Variant) -> str:
    rows = []
    for m in _win_metrics(variant):
        point = None
        if _defined(m):
            point = {"estimate": m["estimate"], "low": m["low"], "high": m["high"],
                     "tip": say("commands.report.plot_win_tip", label=in_words(m.get("label", m.get("id"))),
                                estimate=_value(m["estimate"], "proportion"), low=_value(m["low"], "proportion"),
                                high=_value(m["high"], "proportion"))}
        rows.append((in_words(m.get("label", m.get("id"))), point, None))
    return _svg_intervals(rows, (0.0, 1.0), [0, 0.25, 0.5, 0.75, 1.0], say("commands.report.plot_share_interval"),
                          say("commands.report.plot_win_rates_of", title=variant.title), False,
                          lambda t: f"{100 * t:.0f}%")


def _svg_diff_panel(panel: DiffPanel) -> str:
    rows = [(r.label, r.point, r.note) for r in panel.rows]
    return _svg_intervals(rows, _diff_range(panel), _diff_ticks(panel), panel.axis,
                          say("commands.report.plot_differences_label", title=panel.title), True, wide=True)


def html_page(results: dict) -> str:
    """The whole page: a heading and caption, the charts of each variant side by side, the
    comparisons, then every metric in tables. Standalone: inline CSS and SVG only."""
    variants = _variants(results)
    heading = (listed([msg("commands.report.plot_named", title=v.title, name=v.name) for v in variants],
                      "commands.report.plot_versus") if variants else msg("commands.report.plot_no_variant"))
    score_domain = _domain([d for v in variants for _, d in v.scores])
    length_domain = _domain([v.length for v in variants if v.length])
    kinds = _metric_kinds(variants)
    body = [f"<header><h1>{_e(say('commands.report.plot_simulation', heading=heading))}</h1>"
            f"<p class=\"caption\">{_e(_caption(results))}</p></header>",
            '<div class="variants">']
    body += [_html_variant_charts(v, score_domain, length_domain) for v in variants]
    body.append("</div>")
    for comparison in results.get("comparisons") or []:
        body.append(_html_comparison(comparison, kinds))
    body += [_html_metric_table(v) for v in variants]
    return (f"<!DOCTYPE html>\n<html lang=\"{say('commands.report.html_lang')}\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(say('commands.report.plot_simulation', heading=heading))}</title>\n<style>{PAGE_CSS}</style>\n"
            "</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _html_variant_charts(variant: Variant, score_domain: Domain, length_domain: Domain) -> str:
    parts = [f'<section class="variant"><h2>{_e(variant.title)} <span class="name">'
             f'{_e(say("commands.report.plot_parenthesized", name=variant.name))}</span></h2>',
             f'<p class="source">{_e(_variant_line(variant))}</p>']
    if variant.scores:
        parts.append(_figure(say("commands.report.plot_team_scores"), _svg_distribution(
            variant.scores, say("commands.report.plot_score"), score_domain,
            say("commands.report.plot_team_scores_of", title=variant.title))))
    if variant.length:
        parts.append(_figure(say("commands.report.plot_game_length"), _svg_distribution(
            [(variant.length.label, variant.length)], variant.length.label, length_domain,
            say("commands.report.plot_game_length_of", title=variant.title))))
    if _win_metrics(variant):
        parts.append(_figure(say("commands.report.plot_win_rates"), _svg_wins(variant)))
    parts.append("</section>")
    return "\n".join(parts)


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


def _figure(caption: str, svg: str) -> str:
    return f"<figure><figcaption>{_e(caption)}</figcaption>\n{svg}\n</figure>"


def _html_comparison(comparison: dict, kinds: dict[str, str]) -> str:
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


def _html_comparison_table(comparison: dict, kinds: dict[str, str], a: str, b: str) -> str:
    rows = [f"<table><thead><tr><th>{_e(say('commands.report.plot_metric'))}</th><th>{_e(a)}</th><th>{_e(b)}</th>"
            f"<th>{_e(say('commands.report.difference'))}</th><th>{_e(say('commands.report.interval'))}</th>"
            f"<th>p</th><th>{_e(say('commands.report.p_holm'))}</th><th>{_e(say('commands.report.plot_significant'))}</th>"
            "</tr></thead><tbody>"]
    for r in comparison.get("metrics") or []:
        kind = _row_kind(r, kinds)
        unit = "pp" if kind == "proportion" else ""
        interval = (say("commands.report.plot_range", low=_signed(r["low"], unit), high=_signed(r["high"], unit))
                    if _diff_defined(r) else say("commands.report.not_available"))
        significant = (f'<span class="yes">{_e(say("commands.report.plot_yes"))}</span>' if r.get("significant")
                       else _e(say("commands.report.plot_no")))
        rows.append(f"<tr><td>{_e(in_words(r.get('label', r.get('id'))))}</td><td class=\"num\">{_e(_value(r.get('a'), kind))}</td>"
                    f"<td class=\"num\">{_e(_value(r.get('b'), kind))}</td>"
                    f"<td class=\"num\">{_e(_signed(r.get('difference'), unit))}</td><td class=\"num\">{_e(interval)}</td>"
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
        interval = (say("commands.report.plot_range", low=_value(m["low"], kind), high=_value(m["high"], kind))
                    if _defined(m) else say("commands.report.not_available"))
        rows.append(f"<tr><td>{_e(in_words(m.get('label', m.get('id'))))}</td><td class=\"num\">{_e(_value(m.get('estimate'), kind))}</td>"
                    f"<td class=\"num\">{_e(interval)}</td><td class=\"num\">{_e(_number(m.get('games')))}</td></tr>")
    rows.append("</tbody></table></section>")
    return "".join(rows)


# ---------------------------------------------------------------- PNG (matplotlib)

PNG_COLUMN_INCHES = 6.4
PNG_HEADER_INCHES = 1.0  # the title above, the caption below
PNG_SCORES_INCHES = 3.0
PNG_LENGTH_INCHES = 2.8
PNG_ROW_INCHES = 0.3


def _wins_inches(rows: int) -> float:
    return 1.1 + PNG_ROW_INCHES * max(1, rows)


def figure_inches(results: dict) -> tuple[float, float]:
    """The PNG's size in inches (times PNG_DPI: its pixels), set by the number of variants and rows."""
    variants = _variants(results)
    kinds = _metric_kinds(variants)
    width = PNG_COLUMN_INCHES * max(1, len(variants)) + (1.6 if len(variants) <= 1 else 0.0)
    height = PNG_HEADER_INCHES + sum(inches for _, inches, _ in _png_rows(variants, results, kinds))
    return width, round(height, 2)


def _png_rows(variants: list[Variant], results: dict, kinds: dict[str, str]) -> list[tuple]:
    """The figure's rows top to bottom as (kind, inches, payload): charts per variant, then
    one row per comparison panel."""
    rows: list[tuple] = []
    if any(v.scores for v in variants):
        rows.append(("scores", PNG_SCORES_INCHES, None))
    if any(v.length for v in variants):
        rows.append(("length", PNG_LENGTH_INCHES, None))
    wins = max((len(_win_metrics(v)) for v in variants), default=0)
    if wins:
        rows.append(("wins", _wins_inches(wins), None))
    for comparison in results.get("comparisons") or []:
        for panel in _diff_panels(comparison, kinds):
            rows.append(("diff", _wins_inches(len(panel.rows)) + 0.3, panel))
    return rows


def png_bytes(results: dict) -> bytes:
    """The charts as one PNG figure (matplotlib's Agg renderer, no pyplot state)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        import matplotlib
    except ImportError:
        raise PlotError(msg(NO_MATPLOTLIB)) from None

    variants = _variants(results)
    cjk = _cjk_font()
    # DejaVu Sans first (Latin, digits, the minus sign), the Chinese font for the glyphs it lacks
    style = {"font.family": ["DejaVu Sans"] + ([cjk] if cjk else []), "font.size": 9,
             "text.parse_math": False, "text.usetex": False}  # a `$` in a user's title is a dollar
    with matplotlib.rc_context(style), _quiet_font_search():
        figure = Figure(figsize=figure_inches(results), dpi=PNG_DPI, layout="constrained")
        figure.get_layout_engine().set(h_pad=0.12, w_pad=0.1, hspace=0.04, wspace=0.06)
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
        return (self.words(msg("commands.report.plot_named", title=v.title, name=v.name))
                if self(v.title, v.name) == v.title and v.title != v.name else v.name)


def _draw_figure(figure, variants: list[Variant], results: dict, text: Text) -> None:
    kinds = _metric_kinds(variants)
    rows = _png_rows(variants, results, kinds)
    heights = [r[1] for r in rows]
    columns = max(1, len(variants))
    grid = figure.add_gridspec(max(1, len(rows)), columns, height_ratios=heights or [1])
    versus = "commands.report.plot_versus"
    figure.suptitle(text.words(listed([msg("commands.report.plot_named", title=v.title, name=v.name) for v in variants],
                                      versus), text.words(listed([v.name for v in variants], versus))), fontsize=13)
    figure.supxlabel(text(_caption(results), _caption(results, "en")), fontsize=9, color="#555")
    score_domain = _domain([d for v in variants for _, d in v.scores])
    length_domain = _domain([v.length for v in variants if v.length])
    for row_index, (kind, _, payload) in enumerate(rows):
        if kind == "diff":
            _png_diff(figure.add_subplot(grid[row_index, :]), payload, text)
            continue
        for col, variant in enumerate(variants):
            ax = figure.add_subplot(grid[row_index, col])
            if kind == "scores":
                _png_distribution(ax, variant.scores, msg("commands.report.plot_score"), score_domain, text)
                ax.set_title(text.words(msg("commands.report.plot_team_scores_title", variant=text.variant(variant))),
                             fontsize=10)
            elif kind == "length" and variant.length:
                _png_distribution(ax, [(variant.length.label, variant.length)], variant.length.label,
                                  length_domain, text)
                ax.set_title(text.words(msg("commands.report.plot_game_length_title", variant=text.variant(variant))),
                             fontsize=10)
            elif kind == "wins":
                _png_wins(ax, variant, text)
                ax.set_title(text.words(msg("commands.report.plot_win_rates_title", variant=text.variant(variant))),
                             fontsize=10)
            else:
                ax.set_axis_off()


def _png_distribution(ax, series: list[tuple[str, Dist]], x_label: Message | str, domain: Domain,
                      text: Text) -> None:
    for index, (name, dist) in enumerate(series):
        bars = _bars(dist, index, len(series), domain)
        shown = text(name, text.words(msg("commands.report.plot_series", number=index + 1)))
        ax.bar([b.x0 for b in bars], [b.share for b in bars], width=[b.x1 - b.x0 for b in bars], align="edge",
               color=COLOURS[index % len(COLOURS)], alpha=_opacity(dist, len(series)),
               label=shown, edgecolor="white" if dist.binned else None,
               linewidth=0.5 if dist.binned else 0)
        if dist.total == 0:
            ax.text(0.5, 0.9 - 0.1 * index, text.words(msg("commands.report.plot_no_games", name=shown)),
                    transform=ax.transAxes, ha="center", color="#888")
    ax.set_xlim(domain.lo, domain.hi)
    ax.set_ylim(0, _nice_ticks(0.0, domain.top)[-1])
    ticks = _x_ticks(series, domain)
    ax.set_xticks(ticks, [_number(t) for t in ticks])
    ax.set_xlabel(text.words(x_label, text.words(msg("commands.report.plot_value"))))
    ax.set_ylabel(text.words(msg("commands.report.plot_share_axis")))
    ax.grid(axis="y", color="#e3e3e3")
    ax.set_axisbelow(True)
    if len(series) > 1:
        ax.legend(fontsize=8, frameon=False)


def _png_intervals(ax, points: list[dict | None], labels: list[str], notes: list[str] | None = None, *,
                   na: str) -> None:
    """Rows top to bottom: a dot with a horizontal error bar, or `na` ("n/a"); notes at the right."""
    count = len(points)
    for index, point in enumerate(points):
        y = count - 1 - index
        if point is None:
            ax.text(0.01, y, na, transform=ax.get_yaxis_transform(), va="center", color="#888",
                    style="italic")
            continue
        colour = SIGNIFICANT_COLOUR if point.get("significant") else COLOURS[0]
        ax.errorbar([point["estimate"]], [y], xerr=[[max(0.0, point["estimate"] - point["low"])],
                                                    [max(0.0, point["high"] - point["estimate"])]],
                    fmt="o", color=colour, ecolor="#222", capsize=4, markersize=5)
        if point.get("significant"):
            ax.text(point["high"], y, "  *", va="center", color=SIGNIFICANT_COLOUR, fontsize=12)
    ax.set_yticks(list(range(count)), list(reversed(labels)))
    ax.set_ylim(-0.7, count - 0.3)
    ax.grid(axis="x", color="#e3e3e3")
    ax.set_axisbelow(True)
    if notes:
        right = ax.twinx()
        right.set_ylim(ax.get_ylim())
        right.set_yticks(list(range(count)), list(reversed(notes)))
        right.tick_params(axis="y", length=0)


def _png_wins(ax, variant: Variant, text: Text) -> None:
    metrics = _win_metrics(variant)
    labels = [_shorten(text(in_words(m.get("label", m.get("id"))), str(m.get("id"))), 34) for m in metrics]
    _png_intervals(ax, [m if _defined(m) else None for m in metrics], labels,
                   na=text.words(msg("commands.report.not_available")))
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_xlabel(text.words(msg("commands.report.plot_share_interval")))


def _png_diff(ax, panel: DiffPanel, text: Text) -> None:
    labels = [_shorten(text(r.label, r.ident), 50) for r in panel.rows]
    _png_intervals(ax, [r.point for r in panel.rows], labels, [text.words(r.note) for r in panel.rows],
                   na=text.words(msg("commands.report.not_available")))
    ax.set_xlim(*_diff_range(panel))
    ticks = _diff_ticks(panel)
    ax.set_xticks(ticks, [_number(t) for t in ticks])
    ax.axvline(0, color="#888", linestyle="--", linewidth=1)
    axis = text.words(panel.axis, text.words(msg("commands.report.difference")))
    ax.set_xlabel(text.words(msg("commands.report.plot_axis_significant", axis=axis)))
    ax.set_title(text.words(msg("commands.report.plot_differences_in_lower", title=panel.title)), fontsize=10)
