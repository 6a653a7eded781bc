"""Pictures of simulation results (gouji_dsl.sim.plot): the HTML page and the PNG, every variant
on one axis a chart, labels that wrap rather than cut, rounded numbers; and how a run shows and
where it plays (gouji_dsl.sim.parallel): one progress bar for the whole run, Ray's client and
a cluster already running."""
from __future__ import annotations

import builtins
import copy
import importlib.util
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import types
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gouji_dsl.cli import main
from gouji_dsl.sim.parallel import Progress, RayError, execute, rate_text, run_shown
from gouji_dsl.sim.plot import (COLOURS, PNG_DPI, PlotError, _text_px, _wrap, figure_inches, html_page,
                                png_bytes, write_plot)

HOSTILE_TITLE = 'Club <script>alert(1)</script> & "friends"'
SVG = "{http://www.w3.org/2000/svg}"
VOID_TAGS = {"meta", "br", "img", "link", "hr", "input"}


def _metric(id_, group, label, kind, estimate, low, high, games=400):
    return {"id": id_, "group": group, "label": label, "kind": kind,
            "estimate": estimate, "low": low, "high": high, "games": games}


def _variant(name, title, shift=0.0):
    return {
        "name": name, "title": title, "source": name, "players": 6,
        "teams": {"1": [1, 3, 5], "2": [2, 4, 6]}, "games": 400,
        "metrics": [
            _metric("team_win.1", "wins", "team 1 (seats 1, 3, 5) wins", "proportion", 0.52 + shift, 0.47, 0.57),
            _metric("team_win.2", "wins", "team 2 (seats 2, 4, 6) wins", "proportion", 0.48, 0.43, 0.53),
            _metric("seat_win.3", "wins", "seat 3 scores above 0", "proportion", None, None, None),
            _metric("sweep", "results", "串三户 (a team takes places 1-3)", "proportion", 0.1, 0.07, 0.13),
            _metric("actions", "length", "actions a game", "mean", 180.2, 175.0, 185.4),
            _metric("burn_success", "burning", "burns that succeed", "ratio", None, None, None),
        ],
        "distributions": {
            "score.team.1": {"label": "team 1 score", "values": [-6, -3, 0, 3, 6], "counts": [10, 50, 200, 100, 40]},
            "score.team.2": {"label": "team 2 score", "values": [-6, -3, 0, 3, 6], "counts": [40, 100, 200, 50, 10]},
            "actions": {"label": "actions a game", "edges": [100, 120, 140, 160, 180],
                        "counts": [20, 150, 200, 30]},
            "rounds": {"label": "rounds a game", "values": [12], "counts": [400]},
        },
    }


@pytest.fixture
def one_variant():
    return {"format": "gouji-simulate/1",
            "settings": {"games": 400, "seed": 1, "match_games": 4, "bots": ["heuristic"] * 6, "confidence": 0.95},
            "variants": [_variant("zaozhuang", "枣庄六副够级")],
            "comparisons": [],
            "timings": {"workers": 2, "backend": "processes", "seconds": 12.3, "games_per_second": 64.9}}


@pytest.fixture
def two_variants(one_variant):
    results = copy.deepcopy(one_variant)
    results["variants"].insert(0, _variant("club", HOSTILE_TITLE, shift=0.03))
    results["comparisons"] = [{"a": "club", "b": "zaozhuang", "paired": True, "metrics": [
        {"id": "team_win.1", "label": "team 1 (seats 1, 3, 5) wins", "a": 0.55, "b": 0.52, "difference": 0.03,
         "low": -0.01, "high": 0.07, "p": 0.1, "p_holm": 0.3, "significant": False},
        {"id": "sweep", "label": "串三户 <b>", "a": 0.12, "b": 0.08, "difference": 0.04, "low": 0.01,
         "high": 0.07, "p": 0.004, "p_holm": 0.03, "significant": True},
        {"id": "actions", "label": "actions a game", "kind": "mean", "a": 190.0, "b": 180.2, "difference": 9.8, "low": 4.1,
         "high": 15.5, "p": 0.001, "p_holm": 0.004, "significant": True},
        {"id": "burn_success", "label": "burns that succeed", "a": None, "b": None, "difference": None,
         "low": None, "high": None, "p": None, "p_holm": None, "significant": False},
    ]}]
    return results


class _Nesting(HTMLParser):
    """Checks that every element is closed in order (void elements excepted)."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        self.scripts += tag == "script"
        if tag not in VOID_TAGS:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.scripts += tag == "script"

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def _svgs(page: str) -> list[ET.Element]:
    return [ET.fromstring(chunk) for chunk in re.findall(r"<svg .*?</svg>", page, flags=re.S)]


def test_html_page_is_well_formed_and_escapes_the_users_text(two_variants):
    page = html_page(two_variants)
    parser = _Nesting()
    parser.feed(page)
    parser.close()
    assert parser.stack == [] and parser.scripts == 0
    assert "<script>" not in page and "串三户 <b>" not in page
    assert "Club &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;" in page
    assert "枣庄六副够级" in page and "串三户 &lt;b&gt;" in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")  # nothing fetched


def test_html_charts_draw_error_bars_and_say_na_for_undefined_estimates(two_variants):
    svgs = _svgs(html_page(two_variants))
    # a chart each: team 1 and team 2 scores, actions, rounds, win rates; differences: shares, the others
    assert [s.get("aria-label") for s in svgs] == ["team 1 score", "team 2 score", "actions a game", "rounds a game",
                                                   "Win rates", "differences, proportions", "differences, other metrics"]
    wins = svgs[4]  # 2 defined win rates a variant, each a bar and two caps; the undefined ones say n/a
    assert len(wins.findall(f"{SVG}line[@class='errorbar']")) == 2 * 2 * 3
    assert len(wins.findall(f"{SVG}circle[@class='estimate']")) == 2 * 2
    assert [t.text for t in wins.findall(f"{SVG}text[@class='na']")] == ["n/a", "n/a"]
    diffs = svgs[5:]
    marked = [c for s in diffs for c in s.findall(f"{SVG}circle") if "significant" in c.get("class")]
    assert len(marked) == 2  # sweep and actions
    shares, others = diffs
    # burn_success, a ratio, is a share (of burns): in percentage points with the others, undefined here
    assert len(shares.findall(f"{SVG}circle")) == 2
    assert [t.text for t in shares.findall(f"{SVG}text[@class='na']")] == ["n/a"]
    assert len(others.findall(f"{SVG}circle")) == 1 and not others.findall(f"{SVG}text[@class='na']")
    notes = [t.text for s in diffs for t in s.findall(f"{SVG}text[@class='note-value']")]
    assert notes == ["+3.0 [-1.0, +7.0] pp", "+4.0 [+1.0, +7.0] pp", "n/a", "+9.8 [+4.1, +15.5]"]


def _fills(svg) -> set[str]:
    return {r.get("fill") for r in svg.findall(f"{SVG}rect[@class='bar']")}


def test_every_chart_draws_both_variants_on_one_axis_with_a_legend(two_variants):
    """The parent and the house rule on ONE axis a chart (never a chart each to compare by eye):
    distinct values side by side, histograms as two outlines, the win rates a line each."""
    svgs = {s.get("aria-label"): s for s in _svgs(html_page(two_variants))}
    legend = ["club (club)", "枣庄六副够级 (zaozhuang)"]  # the hostile title is the first's: shown escaped below
    for label in ("team 1 score", "team 2 score", "rounds a game"):
        assert _fills(svgs[label]) == {COLOURS[0], COLOURS[1]}
        assert not svgs[label].findall(f"{SVG}path")
    actions = svgs["actions a game"]  # bins: each variant's histogram outlined, lightly filled
    assert [p.get("stroke") for p in actions.findall(f"{SVG}path[@class='outline']")] == [COLOURS[0], COLOURS[1]]
    for svg in svgs.values():
        texts = " ".join(t.text or "" for t in svg.iter(f"{SVG}text"))
        if svg.get("aria-label").startswith("differences"):
            continue
        assert HOSTILE_TITLE in texts and legend[1] in texts
    wins = svgs["Win rates"]
    assert {c.get("fill") for c in wins.findall(f"{SVG}circle[@class='estimate']")} == {COLOURS[0], COLOURS[1]}


def test_a_house_rule_without_a_title_of_its_own_is_shown_by_its_name(two_variants):
    """A house rule that writes no title keeps its parent's (gouji check warns): the page names
    it by its name, not by the parent's title twice."""
    two_variants["variants"][0].update(title="枣庄六副够级", source="club.gouji")  # given first, even
    page = html_page(two_variants)
    assert "Simulation: club vs 枣庄六副够级 (zaozhuang)</h1>" in page
    assert page.count("枣庄六副够级 (club)") == 0


LONG = ("一个很长很长的俱乐部规则名字，里面有中文也有 English words that go on and on, "
        "Supercalifragilisticexpialidocious-and-more-without-any-space, 还有更多的中文字符串一直写下去")


def _lines_fit(svg: ET.Element) -> list[str]:
    """Each text line of `svg` placed by its anchor, `_text_px` wide: those that leave the viewBox."""
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    out = []
    for t in svg.iter(f"{SVG}text"):
        words = t.text or ""
        x, y, w = float(t.get("x")), float(t.get("y")), _text_px(words)
        anchor = t.get("text-anchor", "start")
        if "rotate" in (t.get("transform") or ""):  # drawn upwards: its length runs along y
            lo, hi, across = y - w / 2, y + w / 2, (x - 11, x + 4)
            if lo < 0 or hi > height or across[0] < 0 or across[1] > width:
                out.append(words)
            continue
        lo = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
        if lo < 0 or lo + w > width or y - 11 < 0 or y + 4 > height:
            out.append(words)
    return out


def test_long_labels_wrap_and_every_line_fits_its_chart(two_variants):
    """A long label, Chinese and English, in every place one can be: wrapped into lines, each
    inside its chart by the width estimate, none cut short (no "…": every character is there)."""
    two_variants["variants"][0]["title"] = LONG
    for variant in two_variants["variants"]:
        variant["metrics"][0]["label"] = LONG
        variant["distributions"]["actions"]["label"] = LONG
    two_variants["comparisons"][0]["metrics"][0]["label"] = LONG + " (差异)"
    page = html_page(two_variants)
    assert "…" not in page
    svgs = _svgs(page)
    for svg in svgs:
        assert _lines_fit(svg) == [], svg.get("aria-label")
    wins = next(s for s in svgs if s.get("aria-label") == "Win rates")
    lines = [t.text for t in wins.iter(f"{SVG}text") if t.get("text-anchor") == "end" and t.text in LONG]  # the row's
    assert len(lines) > 2 and "".join(lines).replace(" ", "") == LONG.replace(" ", "")  # wrapped, not cut


def test_wrap_breaks_at_spaces_and_between_chinese_characters_and_cuts_only_a_word_too_long():
    assert _wrap("short", 100) == ["short"]
    lines = _wrap("team 1 (seats 1, 3, 5) wins", _text_px("team 1 (seats"))
    assert len(lines) > 1 and " ".join(lines) == "team 1 (seats 1, 3, 5) wins"
    assert all(_text_px(line) <= _text_px("team 1 (seats") for line in lines)
    lines = _wrap("串三户一队拿下头三名的局数占比", _text_px("串三户一队"))
    assert lines == ["串三户一队", "拿下头三名", "的局数占比"]
    assert _wrap("一二三四（五）", _text_px("一二三四（")) == ["一二三四", "（五）"]  # no line starts with "）"
    cut = _wrap("x" * 40, _text_px("x" * 10))
    assert "".join(cut) == "x" * 40 and all(_text_px(line) <= _text_px("x" * 10) for line in cut)


def test_numbers_are_rounded_to_what_the_interval_warrants(two_variants):
    rows = two_variants["comparisons"][0]["metrics"]
    rows[2].update(a=0.30000000000000004, b=0.1, difference=0.20000000000000004, low=0.1234567890123456,
                   high=0.28765432109876543)
    two_variants["variants"][0]["metrics"][4].update(estimate=180.123456789012345, low=175.00000000000003,
                                                     high=185.4)
    page = html_page(two_variants)
    assert not re.search(r"\d\.\d{5,}", page), re.search(r".{40}\d\.\d{5,}.{10}", page)
    notes = [t.text for s in _svgs(page) for t in s.findall(f"{SVG}text[@class='note-value']")]
    assert "+0.200 [+0.123, +0.288]" in notes  # ±0.082: to 3 decimals
    assert "<td class=\"num\">+0.200</td><td class=\"num\">+0.123 to +0.288</td>" in page


def test_html_tables_list_every_metric_with_its_interval(one_variant):
    page = html_page(one_variant)
    assert "52.0%" in page and "47.0% to 57.0%" in page and ">180.2<" in page and "175.0 to 185.4" in page
    assert page.count(">n/a<") >= 2  # seat 3 and burns: estimate and interval
    assert "heuristic × 6" in page and "seed 1" in page


def test_html_is_the_same_bytes_for_the_same_results(two_variants):
    assert html_page(two_variants) == html_page(copy.deepcopy(two_variants))


def test_html_handles_a_single_value_and_no_games(one_variant):
    dists = one_variant["variants"][0]["distributions"]
    dists["score.team.1"] = {"label": "team 1 score", "values": [0], "counts": [0]}
    dists["score.team.2"] = {"label": "team 2 score", "values": [0], "counts": [0]}
    dists["actions"] = {"label": "actions a game", "edges": [100, 101], "counts": [0]}
    page = html_page(one_variant)
    for svg in _svgs(page):
        for rect in svg.iter(f"{SVG}rect"):
            assert all(float(rect.get(k)) == float(rect.get(k)) for k in ("x", "y", "width", "height"))  # no NaN
    assert "no games counted" in page


def test_write_plot_html_and_unknown_suffix(tmp_path, one_variant):
    write_plot(one_variant, tmp_path / "out.HTM")
    assert (tmp_path / "out.HTM").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    with pytest.raises(PlotError, match=r"\.png, \.html, \.htm"):
        write_plot(one_variant, tmp_path / "out.svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.HTM"]


def test_not_simulation_results_is_refused(tmp_path):
    with pytest.raises(PlotError, match="not simulation results"):
        write_plot({"format": "something/1"}, tmp_path / "out.html")
    assert list(tmp_path.iterdir()) == []


def test_missing_matplotlib_says_how_to_install_it(tmp_path, monkeypatch, one_variant):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(PlotError) as caught:
        write_plot(one_variant, tmp_path / "out.png")
    assert "pip install 'gouji-dsl[plot]'" in str(caught.value)
    assert "or write .html, which needs nothing" in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_png_has_the_set_size_and_the_same_bytes_each_time(tmp_path, two_variants):
    pytest.importorskip("matplotlib")
    image = pytest.importorskip("PIL.Image")
    data = png_bytes(two_variants)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = figure_inches(two_variants)
    with image.open(io.BytesIO(data)) as picture:
        assert picture.size == (round(width * PNG_DPI), round(height * PNG_DPI))
    write_plot(copy.deepcopy(two_variants), tmp_path / "out.png")
    assert (tmp_path / "out.png").read_bytes() == data  # drawn again: the same bytes


def test_png_of_one_variant_with_empty_distributions(one_variant):
    pytest.importorskip("matplotlib")
    dists = one_variant["variants"][0]["distributions"]
    dists["score.team.1"] = {"label": "team 1 score", "values": [3], "counts": [0]}
    data = png_bytes(one_variant)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")


def test_png_without_a_chinese_font_uses_the_names(monkeypatch, two_variants):
    pytest.importorskip("matplotlib")
    import warnings

    from gouji_dsl.sim import plot

    monkeypatch.setattr(plot, "_cjk_font", lambda: None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph is a warning: there must be none
        data = png_bytes(two_variants)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    text = plot.Text(cjk=False)
    assert text("枣庄六副够级", "zaozhuang") == "zaozhuang" and text("team 1 − 2", "x") == "team 1 − 2"


def test_a_variant_with_nothing_to_draw(one_variant):
    one_variant["variants"][0].update(metrics=[], distributions={})
    page = html_page(one_variant)
    assert "枣庄六副够级" in page and _svgs(page) == []
    if pytest.importorskip("matplotlib"):
        assert png_bytes(one_variant).startswith(b"\x89PNG\r\n\x1a\n")


def test_a_distribution_whose_lengths_disagree_is_named(one_variant):
    one_variant["variants"][0]["distributions"]["actions"]["edges"].pop()
    with pytest.raises(PlotError, match="'actions': 4 edges for 4 counts"):
        html_page(one_variant)


def test_many_distinct_lengths_are_counted_into_bins_of_one_width(two_variants):
    for index, variant in enumerate(two_variants["variants"]):
        values = list(range(100 + 50 * index, 300 + 50 * index))  # 200 distinct lengths each
        variant["distributions"]["actions"] = {"label": "actions a game", "values": values, "counts": [2] * 200}
    svg = next(s for s in _svgs(html_page(two_variants)) if s.get("aria-label") == "actions a game")
    widths = set()
    for colour in COLOURS[:2]:  # each variant's bins, on the one axis
        bars = [b for b in svg.findall(f"{SVG}rect[@class='bar']") if b.get("fill") == colour]
        assert 10 <= len(bars) <= 40
        widths |= {round(float(b.get("width"))) for b in bars[1:-1]}
        assert sum(int(re.search(r": (\d+) games", b.find(f"{SVG}title").text)[1]) for b in bars) == 400
    assert len(widths) == 1  # the same bins for both variants


# --- how a run shows: one progress bar ------------------------------------------------------------

@dataclass(frozen=True)
class _Task:
    """A task of `total_games` games that plays none (or fails), for the bar alone."""

    total_games: int
    fails: bool = False

    def run(self) -> list:
        if self.fails:
            raise RuntimeError("a worker's error")
        return [self.total_games]


def test_one_bar_for_the_whole_run_drawn_at_once_and_closed_at_its_end():
    stream = io.StringIO()
    bar = Progress(20, "zaozhuang", enabled=True, stream=stream)
    assert "zaozhuang [------------------------] 0/20 games" in stream.getvalue()  # before any task ends
    assert "-- games/s" in stream.getvalue() and "ETA --:--" in stream.getvalue()
    assert list(run_shown([_Task(4), _Task(6)], 10, 1, None, "zaozhuang", bar)) == [[4], [6]]
    assert not bar.closed and bar.done == 10  # the run goes on: the same bar for the next variant
    assert list(run_shown([_Task(10)], 10, 1, None, "club", bar)) == [[10]]
    assert bar.closed
    shown = stream.getvalue()
    assert "/10 games" not in shown and "club [########################] 20/20 games 100%" in shown
    assert shown.endswith("\r")  # the line cleared once, at the end


def test_a_shared_bar_is_closed_when_a_part_of_the_run_fails():
    stream = io.StringIO()
    bar = Progress(20, "a", enabled=True, stream=stream)
    with pytest.raises(RuntimeError, match="a worker's error"):
        list(run_shown([_Task(5), _Task(5, fails=True)], 10, 1, None, "a", bar))
    assert bar.closed and stream.getvalue().endswith("\r")


def test_the_rate_of_slow_bots_is_the_time_a_game_takes_and_the_eta_is_the_whole_runs():
    assert rate_text(0, 3.0) == "-- games/s"
    assert rate_text(1200, 4.0) == "300 games/s" and rate_text(5, 2.0) == "2.5 games/s"
    assert rate_text(1, 20.0) == "20 s/game" and rate_text(4, 10.0) == "2.5 s/game"
    bar = Progress(40, "search", enabled=False)
    bar.done = 10
    line = bar.line(200.0)  # 10 games of 40 in 200 s: 20 s a game, 30 games to go
    assert "10/40 games" in line and "20 s/game" in line and "03:20 so far" in line and "ETA 10:00" in line


def test_simulate_and_arena_show_one_bar_over_every_variant_and_pair(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "shuangkou", "shuangkou-qianbian", "--games", "4", "--bots", "greedy",
                 "--workers", "1", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "0/8 games" in err and "shuangkou-qianbian [" in err and "8/8 games" in err and "/4 games" not in err
    assert main(["arena", "shuangkou", "--bots", "greedy,random,heuristic",
                 "--games", "1", "--workers", "1", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "0/6 games" in err and "6/6 games" in err and "/2 games" not in err


# --- where a run plays: Ray ------------------------------------------------------------------------

def _fake_ray(init) -> types.ModuleType:
    """A stand-in for the ray module: `init` decides how connecting goes; tasks run at once."""
    ray = types.ModuleType("ray")
    state = {"up": False, "inits": []}

    def fake_init(*args, **kwargs):
        state["inits"].append(kwargs)
        init(**kwargs)
        state["up"] = True

    class Ref:  # an object reference: its result, held
        def __init__(self, result):
            self.result = result

    def remote(**_options):
        return lambda fn: types.SimpleNamespace(remote=lambda task: Ref(fn(task)))

    ray.init = fake_init
    ray.is_initialized = lambda: state["up"]
    ray.shutdown = lambda: state.update(up=False)
    ray.remote = remote
    ray.wait = lambda refs, num_returns=1, timeout=None: (refs[:1], refs[1:])
    ray.get = lambda ref: ref.result
    ray.cluster_resources = lambda: {"CPU": 3.0}
    ray.state = state
    return ray


def test_a_ray_address_without_the_client_part_names_our_extra(monkeypatch):
    def no_client(**kwargs):
        raise ValueError("Ray Client requires pip package `ray[client]`. If you installed the minimal Ray (e.g. "
                         "`pip install ray`), please reinstall by executing `pip install ray[client]`.")

    monkeypatch.setitem(sys.modules, "ray", _fake_ray(no_client))
    monkeypatch.setitem(sys.modules, "grpc", None)  # `import grpc` fails: the client part is missing
    with pytest.raises(RayError) as caught:
        list(execute([_Task(1)], 2, "ray://head:10001"))
    said = str(caught.value)
    assert "pip install 'gouji-dsl[ray]'" in said and "ray://head:10001" in said and "Ray Client" not in said


def test_ray_local_joins_a_cluster_already_running_here_with_its_cpus(monkeypatch):
    def existing_cluster(**kwargs):
        if "num_cpus" in kwargs:
            raise ValueError("When connecting to an existing cluster, num_cpus and num_gpus must not be provided.")

    ray = _fake_ray(existing_cluster)
    monkeypatch.setitem(sys.modules, "ray", ray)
    assert list(execute([_Task(1), _Task(2)], 2, "local")) == [[1], [2]]
    assert [sorted(k) for k in ray.state["inits"]] == [["include_dashboard", "log_to_driver", "logging_level",
                                                       "num_cpus"],
                                                      ["include_dashboard", "log_to_driver", "logging_level"]]
    assert not ray.state["up"]  # disconnected after the run


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow  # a Ray cluster of its own: 20 to 60 s to start and join; run on purpose (CI's budget)
def test_ray_local_runs_on_a_cluster_started_with_ray_start(tmp_path):
    """`ray start --head` then `--ray local`: Ray refuses num_cpus for a cluster it joins; the run
    joins it and plays the same games. The cluster is this test's alone (its own port and temp
    folder, in a session of its own) and is ended by its process group, leaving no process: `ray
    stop` would end every Ray on the machine, another test's too."""
    pytest.importorskip("ray")
    ray_cli = shutil.which("ray")
    if ray_cli is None:
        pytest.skip("no `ray` command")
    port, client_port = _free_port(), _free_port()
    temp = tempfile.mkdtemp(prefix="gr", dir="/tmp")  # short: Ray's sockets live under it
    env = dict(os.environ, RAY_AUTH_MODE="disabled")
    log = open(os.path.join(temp, "start.log"), "w", encoding="utf-8")
    head = subprocess.Popen([ray_cli, "start", "--head", "--num-cpus", "2", "--port", str(port),
                             "--ray-client-server-port", str(client_port),
                             "--include-dashboard=false", f"--temp-dir={temp}", "--block"],
                            stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        said = Path(log.name)
        while "Ray runtime started" not in said.read_text(encoding="utf-8"):
            assert head.poll() is None and time.monotonic() < deadline, said.read_text(encoding="utf-8")
            time.sleep(0.2)
        out = tmp_path / "ray.json"
        proc = subprocess.run([sys.executable, "-m", "gouji_dsl", "simulate", "shuangkou", "--games", "8", "--bots",
                               "greedy,random", "--workers", "1", "--ray", "local", "--json", str(out)],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path,
                              env=dict(env, RAY_ADDRESS=f"127.0.0.1:{port}"))
        assert proc.returncode == 0, proc.stderr
        assert '"backend": "ray"' in out.read_text(encoding="utf-8")
        # A ray:// address connects through Ray's client, which the [ray] extra brings (ray[client]).
        if importlib.util.find_spec("grpc") is not None:
            client = tmp_path / "client.json"
            for _attempt in range(2):
                proc = subprocess.run([sys.executable, "-m", "gouji_dsl", "simulate", "shuangkou", "--games", "8", "--bots",
                                       "greedy,random", "--ray", f"ray://127.0.0.1:{client_port}", "--json", str(client)],
                                      capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
                # Ray's client server sometimes loses the server it starts for a connection (a race in
                # its proxier, ray-project/ray#63202, open): gouji says it cannot reach the cluster,
                # "Initialization failure from server". That is Ray's, not the run's: connect once more.
                if "Initialization failure from server" not in proc.stderr:
                    break
            assert proc.returncode == 0, proc.stderr
            mine, theirs = (json.loads(p.read_text(encoding="utf-8")) for p in (out, client))
            mine.pop("timings"), theirs.pop("timings")
            assert mine == theirs  # the same games, played through the client
    finally:
        os.killpg(head.pid, signal.SIGKILL)  # every process `ray start` made is in its session
        head.wait(timeout=30)
        log.close()
        for _ in range(50):
            try:
                os.killpg(head.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            pytest.fail("a process of the Ray cluster is left")
        shutil.rmtree(temp, ignore_errors=True)


def test_a_bar_closed_at_the_end_of_a_round_is_drawn_again_for_the_next():
    stream = io.StringIO()
    bar = Progress(4, "zaozhuang", True, stream)
    bar.advance(4)
    bar.close()
    drawn = len(stream.getvalue())
    bar.extend(4)  # --precision plays another round
    assert not bar.closed and bar.total == 8 and "4/8 games" in stream.getvalue()[drawn:]
    bar.advance(4)
    assert "8/8 games" in stream.getvalue()
