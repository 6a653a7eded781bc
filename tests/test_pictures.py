"""Pictures where players look (issue 27 §3): the seating diagram, card groups drawn as card
faces, the narrated sample round and the quick card, in every variant's handout and reference
and in a house-rule sheet.

The pictures are read back out of the HTML as a reader's eye would: the seats' discs and their
numbers, which seats the dashed lines join, which way the arrows turn, which discs are black;
the sample round is replayed on the variant's engine, its narrated actions applied as written;
the quick card is printed and must take one A4 side (with Chromium, as tests/test_print.py).
"""
from __future__ import annotations

import dataclasses
import functools
import math
import os
import re
import subprocess
import sys

import pytest

from gouji_dsl.docs import pictures
from gouji_dsl.docs.book import labels
from gouji_dsl.prose.document import Chapter, Document, ExampleItem, Para, RuleItem, Table, TRow
from gouji_dsl.docs.examples import engine_for
from gouji_dsl.docs.pdf import find_browser, html_to_pdf
from gouji_dsl.docs.render import render
from gouji_dsl.docs.rulebook import book_file, has_rulebook, render_changes, render_rulebook, rulebook_outputs
from gouji_dsl.docs.sample_round import BOT, read_event, sample_for
from gouji_dsl.prose.text import T, code, plain
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace

WS = Workspace()
VARIANTS = [n for n in WS.names() if has_rulebook(Compilation(WS, n).checked)]
LANGS = ("zh", "en")
BOOKS = ("handout", "reference")


@functools.lru_cache(maxsize=None)
def _model(name: str):
    return Compilation(WS, name).checked


@functools.lru_cache(maxsize=None)
def _book(name: str, lang: str, kind: str, fmt: str = "html") -> str:
    return render_rulebook(name, lang, fmt, WS, kind=kind)


# --- reading the seating diagram back -------------------------------------------------

_SVG = re.compile(r'<svg class="seating".*?</svg>', re.S)
_NUM = r"(-?[\d.]+)"


def _seating(svg: str) -> dict:
    """What the diagram shows: the table's centre, each seat's disc (centre, colour), the
    dashed lines' ends and the arrows' ends."""
    table = re.search(rf'<circle cx="{_NUM}" cy="{_NUM}" r="44"', svg)
    seats = {}
    for cx, cy, fill, number in re.findall(rf'<circle cx="{_NUM}" cy="{_NUM}" r="12" fill="(#000|#fff)"[^>]*/>'
                                           rf'<text[^>]*>(\d+)</text>', svg):
        seats[int(number)] = (float(cx), float(cy), fill)
    lines = [tuple(map(float, m)) for m in re.findall(rf'<line x1="{_NUM}" y1="{_NUM}" x2="{_NUM}" y2="{_NUM}"[^>]*'
                                                       r'stroke-dasharray', svg)]
    arrows = [tuple(map(float, (m[0], m[1], m[2], m[3])))
              for m in re.findall(rf'<path d="M{_NUM} {_NUM} A[\d.]+ [\d.]+ 0 0 [01] {_NUM} {_NUM}"', svg)]
    return {"centre": (float(table.group(1)), float(table.group(2))), "seats": seats, "lines": lines, "arrows": arrows}


def _nearest(seats: dict, x: float, y: float) -> int:
    return min(seats, key=lambda s: math.hypot(seats[s][0] - x, seats[s][1] - y))


def _turns_counter_clockwise(centre, a, b) -> bool:
    """Going from a to b round the centre turns counter-clockwise as seen on the page (y down)."""
    ax, ay = a[0] - centre[0], centre[1] - a[1]     # y up
    bx, by = b[0] - centre[0], centre[1] - b[1]
    return ax * by - ay * bx > 0


def _check_seating(svg: str, v) -> None:
    t = v.table
    drawn = _seating(svg)
    seats = drawn["seats"]
    assert sorted(seats) == list(range(1, t.players + 1)), "a disc for every seat, numbered in playing order"
    # seat 1 sits at the bottom, where the reader sits
    assert seats[1][1] == max(y for _x, y, _f in seats.values())
    # the dashed lines join exactly the opposites
    joined = {frozenset((_nearest(seats, x1, y1), _nearest(seats, x2, y2))) for x1, y1, x2, y2 in drawn["lines"]}
    assert joined == {frozenset(p) for p in t.opposites} and len(drawn["lines"]) == len(t.opposites)
    # the first team's discs are black, the other's white
    for seat, (_x, _y, fill) in seats.items():
        assert fill == ("#000" if seat in t.teams[0] else "#fff"), seat
    # an arrow from every seat to the next in playing order, turning the variant's way
    steps = {(_nearest(seats, x0, y0), _nearest(seats, x1, y1)) for x0, y0, x1, y1 in drawn["arrows"]}
    assert steps == {(s, s % t.players + 1) for s in range(1, t.players + 1)}
    ccw = _turns_counter_clockwise(drawn["centre"], seats[1], seats[2])
    assert ccw == (t.direction == "counter_clockwise")


@pytest.mark.parametrize("kind", BOOKS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_book_draws_the_seats(variant, lang, kind):
    html = _book(variant, lang, kind)
    svgs = _SVG.findall(html)
    assert len(svgs) == 2, "the players' chapter and the quick card"
    for svg in svgs:
        _check_seating(svg, _model(variant))
    players_chapter = html[html.index('<section id="ch-players">'):html.index('<section id="ch-plays">')]
    assert '<svg class="seating"' in players_chapter
    legend = "对家" if lang == "zh" else "opposites"
    assert legend in players_chapter[players_chapter.index('<ul class="legend">'):]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_markdown_says_the_seats_in_a_sentence(variant, lang):
    md = _book(variant, lang, "handout", "md")
    v = _model(variant)
    assert "<svg" not in md
    order = ("→" if lang == "zh" else " → ").join(map(str, list(range(1, v.table.players + 1)) + [1]))
    assert order in md


def test_the_seating_follows_the_rule_file(tmp_path):
    """A house rule gets its own picture: play passing clockwise turns the arrows round."""
    ws = scratch_workspace(tmp_path, {"club": "variant club extends zaozhuang\n[table]\ndirection = clockwise\n"})
    v = Compilation(ws, "club").checked
    figure = pictures.seating_figure(v, "en")
    _check_seating(str(figure.svg), v)
    assert not _turns_counter_clockwise(_seating(str(figure.svg))["centre"], *[_seating(str(figure.svg))["seats"][s]
                                                                              for s in (1, 2)])
    sheet = render_changes("club", "zh", "html", ws)
    for svg in _SVG.findall(sheet):
        _check_seating(svg, v)
    assert "顺时针" in sheet


def test_a_wrong_diagram_is_caught():
    """The reading back sees a diagram drawn the wrong way round, with the wrong opposites or teams."""
    v = _model("zaozhuang")
    t = v.table
    wrong = [pictures.seating_svg(t.players, t.teams, t.opposites, "clockwise", "x"),
             pictures.seating_svg(t.players, t.teams, [[1, 2], [3, 4], [5, 6]], t.direction, "x"),
             pictures.seating_svg(t.players, [t.teams[1], t.teams[0]], t.opposites, t.direction, "x")]
    for svg in wrong:
        with pytest.raises(AssertionError):
            _check_seating(str(svg), v)
    _check_seating(str(pictures.seating_svg(t.players, t.teams, t.opposites, t.direction, "x")), v)


def test_the_seating_is_the_same_bytes_and_has_no_ids():
    v = _model("zaozhuang")
    a, b = pictures.seating_figure(v, "zh"), pictures.seating_figure(v, "zh")
    assert str(a.svg) == str(b.svg) and " id=" not in str(a.svg)


# --- card faces -------------------------------------------------------------------------

_CARDS = re.compile(r'<svg class="cards" role="img" aria-label="([^"]*)".*?</svg>', re.S)


@pytest.mark.parametrize("kind", BOOKS + ("quick",))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_card_groups_are_drawn_as_card_faces(variant, lang, kind):
    html = _book(variant, lang, kind)
    groups = _CARDS.findall(html)
    assert len(groups) >= 10
    faces = _CARDS.finditer(html)
    big, small = ("大王", "小王") if lang == "zh" else ("big joker", "small joker")
    drawn = {m.group(1): m.group(0) for m in faces}
    order = next(svg for label, svg in drawn.items() if label.startswith("3 4 5 6 7 8 9 10 J Q K A 2"))
    # the jokers are drawn distinctly: the big one a black card, the small one a white card
    cards = re.findall(r'<rect x="[\d.]+" y="0.5" width="\d+" height="\d+" rx="2.5" fill="(#[0-9a-f]+)"', order)
    assert cards[13:15] == ["#fff", "#000"] and big in order and small in order
    for label, svg in drawn.items():
        assert "=" not in label, "a wild joker is said as the card it stands for"
        if lang == "zh":
            assert re.search(r">(SJ|BJ)<", svg) is None, "a Chinese book draws 小王 and 大王"


def test_an_extra_card_kind_has_a_face_of_its_own():
    v = _model("lamb-cn")
    names = pictures.extra_names_of(v)
    assert names, "lamb-cn plays the eagle"
    token, (zh, en) = next(iter(names.items()))
    html = _book("lamb-cn", "zh", "quick")
    order = next(svg for label, svg in ((m.group(1), m.group(0)) for m in _CARDS.finditer(html)) if zh in label)
    assert 'fill="#e0e0e0"' in order and f">{zh}<" in order
    assert en in _book("lamb-cn", "en", "quick")


def test_card_faces_escape_what_rule_files_name():
    svg = str(pictures.faces_svg("Y 3", "zh", {"Y": ("<b>&", "x\"y")}))
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg
    svg = str(pictures.faces_svg("Y", "en", {"Y": ("鹰", "e\"<")}))
    assert 'aria-label="e&#34;&lt;"' in svg


@pytest.mark.parametrize("text,group", [
    ("7 7 7", True), ("10 10 SJ BJ", True), ("BJ=9 9 9", True), ("2", True), ("Y", False), ("level", False),
    ("0", False), ("1", False), ("", False), ("7  7", False), ("SJ=SJ", False), ("BJ=10", True),
])
def test_what_is_a_card_group(text, group):
    assert pictures.card_group(text) is group


def test_only_the_examples_code_spans_become_cards():
    """A rule sentence's `2` may be a count: only examples (and the quick card) are drawn."""
    rule = RuleItem("rule-x", "x.y", [Para(T("进 `2` 张"))])
    example = ExampleItem("example-x", T("例"), [Table([plain("牌")], [TRow([code("2 2"), code("level")])])])
    doc = Document("zh", "v", "t", "s", "", [], [Chapter("ch-x", 1, "x", [], [rule, example])], labels("zh"), plain(""))
    pictures.mark_card_groups(doc)
    assert [s.kind for s in rule.blocks[0].text.segs] == ["text", "code", "text"]
    cells = example.blocks[0].rows[0].cells
    assert cells[0].segs[0].kind == "cards" and cells[1].segs[0].kind == "code"
    html, md = render(doc, "html"), render(doc, "md")
    assert '<svg class="cards"' in html and "<code>level</code>" in html and "<code>2</code>" in html
    assert "`2 2`" in md and "<svg" not in md


# --- the sample round -------------------------------------------------------------------

def _replay(v, sample):
    """Play the narrated game again: the bots' actions where nothing is narrated, the narrated
    actions as written where something is; each narrated action must be legal for its seat and
    be followed by the events the book tells."""
    from gouji_dsl.bots import make_bot

    e = engine_for(v)
    g = e.new_game(seed=sample.game_seed)
    bots = {s: make_bot(BOT, sample.game_seed * 10 + s) for s in range(1, v.table.players + 1)}
    narrated = {step.index: step for steps in sample.rounds for step in steps}
    index = 0
    while not g.is_terminal():
        step = narrated.pop(index, None)
        before = len(g.log)
        if step is None:
            g.apply_action(bots[g.current_player()].act(g))
        else:
            assert g.current_player() == step.seat
            g.apply_action(step.written, seat=step.seat)
            told = tuple(read_event(x) for x in g.log[before + 1:] if isinstance(x, str))
            assert told == step.events, (step, g.log[before:])
        index += 1
    assert narrated == {}, "every narrated action was played"
    return e, g


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sample_round_replays_on_the_engine(variant):
    v = _model(variant)
    sample = sample_for(v)
    assert sample is not None
    assert set(sample.moments) == set(sample.wanted), "the round shows every moment the variant has"
    e, g = _replay(v, sample)
    result = g.result()
    assert result["finish"] == sample.finish and g.places() == sample.places and list(g.returns()) == sample.scores
    if sample.opened is not None:
        assert result["opened"] == sample.opened
        assert [tuple(b) for b in result["burns"]] == sample.burns
    if sample.tributes:
        nxt = e.new_game(seed=sample.next_seed, match=g.next_match())
        assert list(nxt.tribute_log) == sample.tributes


def test_a_wrongly_told_round_does_not_replay():
    """Narrate another card, another seat or another event, and the replay refuses it."""
    v = _model("zaozhuang")
    sample = sample_for(v)
    steps = sample.rounds[-1]
    play = next(i for i, s in enumerate(steps) if s.action in ("play", "burn"))
    told = [dataclasses.replace(steps[play], cards="3"), dataclasses.replace(steps[play], seat=steps[play].seat % 6 + 1),
            dataclasses.replace(steps[play], events=steps[play].events + (("open", 1),))]
    for step in told:
        rounds = sample.rounds[:-1] + [steps[:play] + [step] + steps[play + 1:]]
        with pytest.raises((AssertionError, ValueError)):
            _replay(v, dataclasses.replace(sample, rounds=rounds))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_book_tells_the_replayed_actions(variant, lang):
    """Each round of the handout lists the narrated plays' cards in the order they were played."""
    sample = sample_for(_model(variant))
    md = _book(variant, lang, "handout", "md")
    for i, steps in enumerate(sample.rounds, 1):
        start = md.index(f'<a id="sample-round-{i}"></a>')
        section = md[start:md.index("<a id=", start + 10)]
        told = re.findall(r"`([^`]+)`", section)
        played = [s.cards for s in steps if s.cards]
        assert [c for c in told if c in played] == played
        seats = re.findall(r"^\d+\. .*$", section, re.M)
        assert seats, section
    if sample.tributes:
        section = md[md.index('<a id="sample-tribute"></a>'):]
        for t in sample.tributes:
            assert f"`{t['cards']}`" in section


def test_the_sample_round_is_the_same_in_another_process():
    """The search is deterministic: the same book from a fresh interpreter with another hash seed."""
    script = ("from gouji_dsl.docs.rulebook import render_rulebook; import sys; "
              "sys.stdout.write(render_rulebook('qingdao', 'en', 'html', kind='handout'))")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(outputs) == 1 and '<section id="ch-sample">' in outputs.pop()


# --- the quick card -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_quick_card_is_in_every_book(variant, lang):
    v = _model(variant)
    for kind in BOOKS:
        html = _book(variant, lang, kind)
        assert html.count('<section id="ch-quick"') == 1 and html.count('<div class="quick-card">') == 1
    card = _book(variant, lang, "quick")
    assert '<body class="quick">' in card
    boxes = re.findall(r'<section class="quick-box" id="([^"]+)"', card)
    expected = {"quick-seats", "quick-order", "quick-beats"}
    if v.game == "gouji":
        expected |= {"quick-gouji", "quick-points"}
        expected |= {"quick-burn"} if v.burning.allowed else set()
        expected |= {"quick-open"} if v.open.method != "none" else set()
        expected |= {"quick-tribute"} if v.tribute.enabled else set()
    else:
        expected |= {"quick-types", "quick-bombs", "quick-results"}
    assert set(boxes) == expected


def test_the_dian_grid_is_the_engines():
    """Lianzhong's grid (宣点 and 开点) gives what the engine's tributes give, e.g. both declared
    and I alone opened: my opposite gives me 4 (lianzhong.gouji, both / me)."""
    md = _book("lianzhong", "zh", "quick", "md")
    grid = md[md.index("宣点＼开点"):]
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]] for line in grid.splitlines()[2:6]}
    assert rows["都宣"][0] == "对家进4" and rows["都不宣"][3] == "互进1" and rows["我宣"][3] == "我给1，对家给2"


def test_the_quick_card_is_a_book_of_its_own(tmp_path):
    assert book_file("zaozhuang", "quick", "zh", "md") == "zaozhuang.quick.zh.md"
    names = {rel for rel, _text in rulebook_outputs(["shuangkou"], WS)}
    assert {"shuangkou.quick.zh.md", "shuangkou.quick.en.html"} <= names
    done = subprocess.run(["gouji", "doc", "zaozhuang", "--quick", "--lang", "en"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("# Zaozhuang six-deck Gouji: quick card\n")
    refused = subprocess.run(["gouji", "doc", "--all", "--quick"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--quick" in refused.stderr


# --- printed: the quick card fits one A4 side ------------------------------------------------

BROWSER = find_browser()
needs_browser = pytest.mark.skipif(BROWSER is None, reason="no Chromium to print with (see tests/test_print.py)")
PRINTED = ("zaozhuang", "lianzhong", "shuangkou", "lamb-cn")


def _pages_and_text(tmp_path, name: str, page_html: str) -> list[str]:
    import pypdfium2 as pdfium

    printed = tmp_path / f"{name}.pdf"
    pages = html_to_pdf(page_html, printed)
    pdf = pdfium.PdfDocument(printed)
    try:
        assert len(pdf) == pages
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def _printed(cases, default) -> list:
    """(variant, lang) cases, those outside `default` marked slow: printing is what the default
    run's time goes on, and tests/test_print.py prints every handout's quick card too."""
    return [pytest.param(v, lang, marks=() if (v, lang) in default else (pytest.mark.slow,), id=f"{v}-{lang}")
            for v, lang in cases]


@needs_browser
@pytest.mark.parametrize("variant,lang", _printed([(v, lang) for v in PRINTED for lang in LANGS],
                                                  {("zaozhuang", "zh"), ("lamb-cn", "en")}))
def test_the_quick_card_prints_on_one_page(tmp_path, variant, lang):
    pages = _pages_and_text(tmp_path, f"{variant}.quick.{lang}", _book(variant, lang, "quick"))
    assert len(pages) == 1, f"the {variant} quick card ({lang}) takes {len(pages)} pages"


def _page_of(pages: list[str], title: str) -> list[int]:
    heading = re.compile(rf"^(\d+\. )?{re.escape(title)}\s*$", re.M)
    return [i for i, text in enumerate(pages) if heading.search(text)]


def _card_titles(html: str) -> tuple[str, list[str]]:
    """The quick card's heading and its boxes' titles, as the HTML has them."""
    start = html.index('<section id="ch-quick"')
    card = html[start:html.index('<div class="quick-cols">', start)] + html[html.index('<div class="quick-cols">', start):]
    heading = re.search(r"<h2>(?:\d+\. )?([^<]+)</h2>", card).group(1)
    end = card.index("</section>\n</div>\n</section>") if "</section>\n</div>\n</section>" in card else len(card)
    return heading, re.findall(r'<section class="quick-box" id="[^"]+">\n<h3>([^<]+)</h3>', card[:end])


@needs_browser
@pytest.mark.parametrize("variant,lang", _printed([(v, lang) for v in ("zaozhuang", "lianzhong", "shuangkou")
                                                   for lang in LANGS], {("zaozhuang", "zh"), ("shuangkou", "en")}))
def test_the_handouts_first_page_is_the_quick_card(tmp_path, variant, lang):
    """The handout opens with its quick card, whole on the first page; the rules start on the second."""
    html = _book(variant, lang, "handout")
    pages = _pages_and_text(tmp_path, f"{variant}.handout.{lang}", html)
    heading, titles = _card_titles(html)
    first = re.search(r'<section id="ch-[a-z]+">\n<h2>1\. ([^<]+)</h2>', html).group(1)
    assert _page_of(pages, heading) == [0] and _page_of(pages, first) == [1], (variant, lang, first)
    lines = {line.strip() for line in pages[0].splitlines()}
    assert titles and [t for t in titles if t not in lines] == [], "the whole card is on the first page"


@needs_browser
@pytest.mark.parametrize("lang", LANGS)
def test_the_house_rule_sheet_ends_with_its_quick_card(tmp_path, lang):
    """The sheet: the changes and the house variant's sample round, then its quick card on the last page, whole."""
    ws = scratch_workspace(tmp_path, {"club": "variant club extends zaozhuang\n[info]\nreport_at = 3\n"})
    sheet = render_changes("club", lang, "html", ws)
    pages = _pages_and_text(tmp_path, f"club.changes.{lang}", sheet)
    heading, titles = _card_titles(sheet)
    assert _page_of(pages, heading) == [len(pages) - 1] and len(pages) >= 2
    lines = {line.strip() for line in pages[-1].splitlines()}
    assert [t for t in titles if t not in lines] == []
    sample = "实战一例" if lang == "zh" else "A sample round"
    assert _page_of(pages, sample) and _page_of(pages, sample)[0] < len(pages) - 1
