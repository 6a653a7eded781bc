"""Gouji Studio in a real browser: Debian's Chromium driven by Playwright (its executable path: no
browser is downloaded), against `gouji studio FILE --no-browser` started as a user starts it.

A club organiser's session, in Chinese: a typo in a rule's name is reported where it is, in
Chinese; fixed, the handout follows the rule; compared with the parent, a counterexample is told;
a whole Lianzhong game (the house rule extends 联众) and a whole Shuangkou game are played by
clicking cards and buttons to the score; an illegal play is refused with the engine's reason; a
page of another origin cannot write through the studio. Each panel is photographed (into
GOUJI_STUDIO_SHOTS when set, else the test's own folder).

Marked wide: it takes about a minute; CI runs it (`-m wide`).
"""
from __future__ import annotations

import http.server
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gouji_dsl.docs.pdf import find_browser

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.wide,
              pytest.mark.skipif(find_browser() is None, reason="needs Chromium (Debian: apt-get install chromium)")]

CLUB = """variant 俱乐部 extends 联众

[简介]
名称 = "俱乐部够级"

[出牌]
让牌 = 否
"""
BROWSER_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club")
    (folder / "俱乐部.gouji").write_text(CLUB, encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-m", "gouji_dsl", "studio", str(folder / "俱乐部.gouji"), "--no-browser"],
                              stdout=subprocess.PIPE, text=True, env={**os.environ, "GOUJI_LANG": "zh"})
    line = server.stdout.readline() if server.stdout is not None else ""
    address = re.search(r"http://\S+", line)
    try:
        assert address is not None, f"gouji studio printed no address: {line!r}"
        yield address.group(), folder
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def page(studio, tmp_path_factory):
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_browser(), args=BROWSER_FLAGS)
        context = browser.new_context(locale="zh-CN", viewport={"width": 1400, "height": 900})
        page = context.new_page()
        page.goto(studio[0])
        page.get_by_test_id("editor").wait_for()
        # The file opened on the command line is in the editor (typing before it arrives would be lost).
        page.wait_for_function("() => (document.querySelector('.cm-content') || {}).innerText?.includes('variant 俱乐部')")
        yield page
        browser.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("GOUJI_STUDIO_SHOTS") or tmp_path_factory.mktemp("shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _set_text(page, text: str) -> None:
    page.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


def _tab(page, name: str) -> None:
    page.get_by_test_id(f"tab-{name}").click()
    page.get_by_test_id(f"panel-{name}").wait_for(state="visible")


def test_a_typo_is_reported_where_it_is_in_chinese_and_fixed_the_handout_follows_the_rule(page, shots):
    _tab(page, "write")
    _set_text(page, CLUB.replace("让牌 = 否", "让排 = 否"))
    diagnostics = page.get_by_test_id("diagnostics")
    diagnostics.get_by_text("没有规则 '让排'").wait_for()
    assert "7:1" in diagnostics.inner_text()  # line 7, column 1: where the typo is
    page.screenshot(path=shots / "write-error.png")

    _set_text(page, CLUB)
    page.wait_for_function("() => !document.querySelector('[data-testid=diagnostics]').innerText.includes('让排')")
    _tab(page, "print")
    preview = page.get_by_test_id("print-preview")
    page.wait_for_function("() => (document.querySelector('[data-testid=print-preview]').srcdoc || '').includes('俱乐部够级')")
    before = preview.get_attribute("srcdoc")
    page.frame_locator("[data-testid=print-preview]").locator("h1").first.wait_for()  # painted
    page.screenshot(path=shots / "print.png")
    _tab(page, "write")
    _set_text(page, CLUB.replace("让牌 = 否", "让牌 = 是"))
    _tab(page, "print")
    page.wait_for_function("(before) => { const s = document.querySelector('[data-testid=print-preview]').srcdoc;"
                           " return s && s !== before && s.includes('俱乐部够级'); }", arg=before)
    _tab(page, "write")
    _set_text(page, CLUB)


def test_compared_with_its_parent_a_difference_is_told_as_a_scene(page, shots):
    _tab(page, "compare")
    page.get_by_test_id("compare-run").click()
    results = page.get_by_test_id("compare-results")
    results.get_by_text("局面").first.wait_for(timeout=60_000)
    assert "让牌" in results.inner_text()
    page.screenshot(path=shots / "compare.png")


def test_a_simulation_shows_its_progress_and_its_report(page, shots):
    _tab(page, "simulate")
    page.get_by_test_id("sim-games").fill("12")
    page.get_by_test_id("sim-run").click()
    page.get_by_test_id("sim-row").first.wait_for(timeout=120_000)
    page.screenshot(path=shots / "simulate.png")


def _act(page, click) -> int:
    """Click what sends an action; the status of the server's answer."""
    with page.expect_response(re.compile(r"/api/play/[^/]+/act$")) as answer:
        click()
    status = answer.value.status
    page.wait_for_timeout(20)  # the page renders the answer
    return status


def _play_out(page, most: int = 600) -> None:
    """Play the human seat to the end of the game by clicking: pass when one may; else a card alone,
    lowest first (a refused one is cleared and the next tried), else the whole hand."""
    for _ in range(most):
        if page.get_by_test_id("scores").is_visible():
            return
        page.locator("[data-testid=game-info] .your-turn, [data-testid=game-info] .over").first.wait_for(timeout=30_000)
        if page.get_by_test_id("scores").is_visible():
            return
        if page.get_by_test_id("pass").is_enabled():
            assert _act(page, page.get_by_test_id("pass").click) == 200
            continue
        buttons = page.locator("[data-testid^=action-]:enabled")
        cards = page.get_by_test_id("card")
        played = False
        for i in range(cards.count()):
            cards.nth(i).click()
            if _act(page, page.get_by_test_id("play-selected").click) == 200:
                played = True
                break
            page.get_by_test_id("clear-selection").click()
        if not played and buttons.count():
            assert _act(page, buttons.first.click) == 200
            played = True
        if not played:
            for i in range(cards.count()):
                cards.nth(i).click()
            assert _act(page, page.get_by_test_id("play-selected").click) == 200
    raise AssertionError("the game did not end")


def test_an_illegal_play_is_refused_with_the_engines_reason_then_a_whole_game_is_played_to_the_score(page, shots):
    _tab(page, "play")
    page.get_by_test_id("play-seed").fill("3")
    with page.expect_response(re.compile(r"/api/play$")) as answer:
        page.get_by_test_id("play-new").click()
    assert answer.value.status == 200 and answer.value.json()["variant"] == "俱乐部"  # the file being edited
    page.get_by_test_id("hand").wait_for()
    page.screenshot(path=shots / "play.png")
    # To our first turn to play (a lead or an answer): before it only passes are ours (宣点, 革命).
    # Waiting for a lead of ours would tie the test to the bots: a seat that only passes may never
    # get one before the game ends.
    while not page.get_by_test_id("play-selected").is_visible():
        assert not page.get_by_test_id("scores").is_visible(), "the game ended before our first turn"
        assert _act(page, page.get_by_test_id("pass").click) == 200
    cards = page.get_by_test_id("card")
    ranks = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    first, last = 0, max(i for i, rank in enumerate(ranks) if rank != ranks[0])
    held = cards.count()
    cards.nth(first).click()
    cards.nth(last).click()
    assert _act(page, page.get_by_test_id("play-selected").click) == 400  # two ranks are no one play
    assert page.get_by_test_id("play-message").inner_text().strip()
    assert page.get_by_test_id("card").count() == held
    page.screenshot(path=shots / "play-refused.png")
    page.get_by_test_id("clear-selection").click()
    _play_out(page)
    scores = page.get_by_test_id("scores").inner_text()
    assert scores.strip()
    page.screenshot(path=shots / "play-over.png")


def test_a_whole_shuangkou_game_is_played_to_the_score(page, shots):
    _tab(page, "play")
    page.get_by_test_id("play-variant").select_option("shuangkou")
    with page.expect_response(re.compile(r"/api/play$")) as answer:
        page.get_by_test_id("play-new").click()
    assert answer.value.status == 200 and answer.value.json()["players"] == 4
    page.wait_for_function("() => document.querySelectorAll('[data-testid=seat]').length === 4")
    _play_out(page)
    page.screenshot(path=shots / "play-shuangkou-over.png")


class _OtherSite(http.server.BaseHTTPRequestHandler):
    page = b"<!DOCTYPE html><title>another site</title>"

    def do_GET(self):  # noqa: N802 - the standard library's name
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(self.page)

    def log_message(self, *args):
        pass


def test_a_page_of_another_origin_cannot_write_through_the_studio(page, studio):
    address, folder = studio
    other = http.server.HTTPServer(("127.0.0.1", 0), _OtherSite)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        intruder = page.context.new_page()
        intruder.goto(f"http://localhost:{other.server_address[1]}/")
        base = re.match(r"http://[^/]+", address).group()
        result = intruder.evaluate("""async (base) => {
            try {
              await fetch(base + "/api/file", {method: "PUT", mode: "no-cors", credentials: "include",
                body: JSON.stringify({name: "pwned.gouji", text: "variant pwned\\n"})});
            } catch (e) {}
            try {
              const r = await fetch(base + "/api/files", {credentials: "include"});
              return await r.text();
            } catch (e) { return "blocked: " + e; }
        }""", base)
        intruder.close()
    finally:
        other.shutdown()
    assert not (folder / "pwned.gouji").exists()
    assert "俱乐部.gouji" not in result  # the listing is not readable from another site
