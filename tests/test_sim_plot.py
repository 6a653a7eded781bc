"""Pictures of simulation results (gouji_dsl.sim.plot): the HTML page and the PNG."""
from __future__ import annotations

import builtins
import copy
import io
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from gouji_dsl.sim.plot import PNG_DPI, PlotError, figure_inches, html_page, png_bytes, write_plot

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
    assert len(svgs) == 2 * 3 + 2  # per variant: scores, length, wins; differences: proportions, the others
    wins = [s for s in svgs if s.get("aria-label", "").startswith("win rates")]
    for svg in wins:  # 2 defined win rates, each a bar and two caps; the undefined one says n/a
        assert len(svg.findall(f"{SVG}line[@class='errorbar']")) == 2 * 3
        assert len(svg.findall(f"{SVG}circle")) == 2
        assert [t.text for t in svg.findall(f"{SVG}text[@class='na']")] == ["n/a"]
    diffs = [s for s in svgs if s.get("aria-label", "").startswith("differences")]
    marked = [c for s in diffs for c in s.findall(f"{SVG}circle") if "significant" in c.get("class")]
    assert len(marked) == 2  # sweep and actions
    shares, others = diffs
    assert len(shares.findall(f"{SVG}circle")) == 2 and not shares.findall(f"{SVG}text[@class='na']")
    assert [t.text for t in others.findall(f"{SVG}text[@class='na']")] == ["n/a"]  # burn_success, a ratio
    notes = [t.text for s in diffs for t in s.findall(f"{SVG}text[@class='note-value']")]
    assert notes == ["+3.0 [-1.0, +7.0] pp", "+4.0 [+1.0, +7.0] pp", "+9.8 [+4.1, +15.5]", "n/a"]


def test_html_tables_list_every_metric_with_its_interval(one_variant):
    page = html_page(one_variant)
    assert "52.0%" in page and "47.0% to 57.0%" in page and "175 to 185.4" in page
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
    lengths = [s for s in _svgs(html_page(two_variants)) if s.get("aria-label", "").startswith("game length")]
    widths = set()
    for svg in lengths:
        bars = svg.findall(f"{SVG}rect[@class='bar']")
        assert 10 <= len(bars) <= 40
        widths |= {round(float(b.get("width"))) for b in bars[1:-1]}
        assert sum(int(re.search(r": (\d+) games", b.find(f"{SVG}title").text)[1]) for b in bars) == 400
    assert len(widths) == 1  # the same bins, on the same axis, in both variants
