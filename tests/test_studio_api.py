"""Gouji Studio's server (gouji_dsl/studio/app.py) through Starlette's test client: the guard (Host,
Origin, token), the folder (names, atomic saves, read-only), and each panel's API on a Chinese
house rule. The page in a real browser: tests/test_studio_browser.py. The panels that build books,
search counterexamples or simulate are marked wide (about a second each): CI runs them."""
from __future__ import annotations

import importlib.util
import os
import socket
import time

import pytest
from starlette.testclient import TestClient

from gouji_dsl import cli
from gouji_dsl.docs.pdf import find_browser, pdf_page_count
from gouji_dsl.studio.app import create_app
from gouji_dsl.studio.command import listening_socket

TOKEN = "t0ken-for-tests"
HOST = "testserver"

CLUB = """variant 俱乐部 extends 联众

[简介]
名称 = "俱乐部够级"

[出牌]
让牌 = 否
"""


@pytest.fixture
def studio(tmp_path):
    (tmp_path / "俱乐部.gouji").write_text(CLUB, encoding="utf-8")
    app, state = create_app(tmp_path, TOKEN, hosts=[HOST], language="zh")
    client = TestClient(app, base_url=f"http://{HOST}", headers={"X-Gouji-Token": TOKEN})
    return client, state, tmp_path


def _post(client, path, body, **kw):
    return client.post(path, json=body, **kw)


# --- the guard -----------------------------------------------------------------------------------

def test_the_page_opens_with_the_token_and_sets_it_as_a_cookie(studio):
    client, _, _ = studio
    bare = TestClient(client.app, base_url=f"http://{HOST}")
    assert bare.get("/").status_code == 403
    opened = bare.get(f"/?token={TOKEN}")
    assert opened.status_code == 200 and opened.cookies.get("gouji_token") == TOKEN
    assert "script-src 'self';" in opened.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in opened.headers["content-security-policy"]
    assert bare.get("/api/files").status_code == 200  # the cookie now carries the token
    assert TestClient(client.app, base_url=f"http://{HOST}").get("/?token=wrong").status_code == 403


@pytest.mark.parametrize("headers, status", [
    ({}, 403),  # no token
    ({"X-Gouji-Token": "wrong"}, 403),
    ({"X-Gouji-Token": TOKEN, "Host": "evil.example:80"}, 403),  # DNS rebinding: another name for 127.0.0.1
    ({"X-Gouji-Token": TOKEN, "Origin": "http://evil.example"}, 403),  # another site's page
    ({"X-Gouji-Token": TOKEN, "Origin": f"http://{HOST}"}, 200),
    ({"X-Gouji-Token": TOKEN}, 200),
], ids=["no-token", "wrong-token", "host", "origin", "own-origin", "token"])
def test_the_guard(studio, headers, status):
    client, _, _ = studio
    bare = TestClient(client.app, base_url=f"http://{HOST}")
    found = bare.post("/api/analyse", json={"name": "俱乐部.gouji", "text": CLUB}, headers=headers)
    assert found.status_code == status
    if status == 403:
        assert "error" in found.json()


def test_a_write_with_only_the_cookie_and_no_origin_is_refused(studio):
    client, _, _ = studio
    bare = TestClient(client.app, base_url=f"http://{HOST}", cookies={"gouji_token": TOKEN})
    assert bare.put("/api/file", json={"name": "x.gouji", "text": "variant x\n"}).status_code == 403
    assert bare.put("/api/file", json={"name": "x.gouji", "text": "variant x\n"},
                    headers={"Origin": f"http://{HOST}"}).status_code == 200


# --- the folder ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["../x.gouji", "a/b.gouji", "x.txt", ".gouji", "x" * 300 + ".gouji", "\x00.gouji"])
def test_names_outside_the_folder_are_refused_and_nothing_is_written(studio, name):
    client, _, folder = studio
    before = sorted(p.name for p in folder.parent.rglob("*"))
    found = client.put("/api/file", json={"name": name, "text": "variant x\n"})
    assert found.status_code == 400 and found.json()["error"]
    assert sorted(p.name for p in folder.parent.rglob("*")) == before


def test_save_is_atomic_and_never_replaces_what_is_not_a_regular_file(studio):
    client, _, folder = studio
    assert client.put("/api/file", json={"name": "俱乐部.gouji", "text": CLUB + "\n# saved\n"}).json() == {"saved": True}
    assert (folder / "俱乐部.gouji").read_text(encoding="utf-8").endswith("# saved\n")
    os.mkfifo(folder / "pipe.gouji")
    found = client.put("/api/file", json={"name": "pipe.gouji", "text": "variant pipe\n"})
    assert found.status_code == 400 and "不是普通文件" in found.json()["error"]
    outside = folder.parent / "outside.gouji"
    outside.write_text("variant outside\n", encoding="utf-8")
    (folder / "link.gouji").symlink_to(outside)
    assert client.put("/api/file", json={"name": "link.gouji", "text": "x"}).status_code == 400
    assert outside.read_text(encoding="utf-8") == "variant outside\n"
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def test_read_only_refuses_saves(tmp_path):
    app, _ = create_app(tmp_path, TOKEN, hosts=[HOST], read_only=True)
    client = TestClient(app, base_url=f"http://{HOST}", headers={"X-Gouji-Token": TOKEN})
    assert client.get("/api/session").json()["read_only"] is True
    assert client.put("/api/file", json={"name": "a.gouji", "text": "variant a\n"}).status_code == 403
    assert not (tmp_path / "a.gouji").exists()


# --- writing ---------------------------------------------------------------------------------------

def test_analyse_gives_the_located_error_in_chinese_with_its_fix(studio):
    client, _, _ = studio
    found = _post(client, "/api/analyse", {"name": "俱乐部.gouji", "text": CLUB.replace("让牌", "让排")}).json()
    (diagnostic,) = found["diagnostics"]
    assert (diagnostic["line"], diagnostic["character"], diagnostic["end_character"]) == (6, 0, 2)
    assert "没有规则 '让排'" in diagnostic["message"] and diagnostic["fixes"][0]["edits"][0]["text"] == "让牌"
    assert found["ok"] is False and found["language"] == "zh" and found["parent"] == "联众"
    good = _post(client, "/api/analyse", {"name": "俱乐部.gouji", "text": CLUB}).json()
    assert good["ok"] and good["diagnostics"] == []
    defer = next(r for r in good["effective"]["rules"] if r["rule"] == "defer")
    assert (defer["set_in"], defer["file"], defer["line"]) == ("俱乐部", "俱乐部.gouji", 7)


def test_hover_completion_actions_and_format(studio):
    client, _, _ = studio
    body = {"name": "俱乐部.gouji", "text": CLUB}
    assert "**defer** (让牌)" in _post(client, "/api/hover", {**body, "line": 6, "character": 0}).json()["markdown"]
    items = _post(client, "/api/complete", {**body, "line": 6, "character": 5}).json()["items"]
    assert [i["label"] for i in items] == ["是", "否"]
    titles = [x["title"] for x in _post(client, "/api/actions", {**body, "line": 0, "character": 0}).json()["actions"]]
    assert "名称都改用英文" in titles
    messy = CLUB.replace("让牌 = 否", "让牌=否")
    assert _post(client, "/api/format", {"name": "俱乐部.gouji", "text": messy}).json()["text"] == CLUB


# --- compare, print, simulate ------------------------------------------------------------------------

@pytest.mark.wide  # the default run keeps within its time; CI runs it, and the browser tests
def test_compare_with_the_parent_tells_a_counterexample_as_a_scene(studio):
    client, _, _ = studio
    found = _post(client, "/api/compare", {"name": "俱乐部.gouji", "text": CLUB, "lang": "zh"}).json()
    assert (found["a"], found["b"]) == ("lianzhong", "俱乐部")
    defer = next(d for d in found["differences"] if d["rule"] == "flow.defer")
    assert (defer["a"], defer["b"]) == ("是", "否") and "局面" in defer["scene"]
    assert "<html" in found["sheet_html"] and "让牌" in found["sheet_html"]


def test_a_file_with_errors_is_not_compared_printed_or_played(studio):
    client, _, _ = studio
    broken = {"name": "俱乐部.gouji", "text": CLUB.replace("让牌", "让排"), "lang": "zh"}
    for path in ("/api/compare", "/api/book", "/api/play"):
        found = _post(client, path, broken)
        assert found.status_code == 400 and "1 个错误" in found.json()["error"], path
        assert found.json()["diagnostics"][0]["code"] == "model.unknown_rule"
    english = _post(client, "/api/compare", broken, headers={"X-Gouji-Lang": "en"})
    assert "has 1 error(s)" in english.json()["error"]  # the refusal in the page's language


def test_the_listening_socket_is_tcp_so_answers_are_not_held_back():
    sock = listening_socket("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP  # asyncio sets TCP_NODELAY only on sockets that say so
    finally:
        sock.close()


@pytest.mark.wide  # the default run keeps within its time; CI runs it, and the browser tests
def test_the_handout_changes_with_the_rule(studio):
    client, _, _ = studio
    body = {"name": "俱乐部.gouji", "kind": "handout", "lang": "zh"}
    with_defer = _post(client, "/api/book", {**body, "text": CLUB.replace("让牌 = 否", "让牌 = 是")})
    without = _post(client, "/api/book", {**body, "text": CLUB})
    assert with_defer.status_code == without.status_code == 200
    assert with_defer.headers["content-type"].startswith("text/html") and with_defer.text != without.text
    assert "俱乐部够级" in without.text


@pytest.mark.wide  # the default run keeps within its time; CI runs it, and the browser tests
def test_a_simulation_runs_in_the_background_with_progress_to_its_report(studio):
    client, _, _ = studio
    job = _post(client, "/api/simulate", {"name": "俱乐部.gouji", "text": CLUB, "games": 4, "bots": "greedy",
                                          "lang": "zh"}).json()["job"]
    deadline = time.monotonic() + 120
    while not (state := client.get(f"/api/simulate/{job}").json())["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    assert state["error"] is None and state["done"] == state["total"] == 8
    report = state["report"]
    assert report["rows"] and "<html" in report["plot_html"] and report["text"]
    assert any("赢" in row["label"] for row in report["rows"])  # the figures named in the page's language
    assert client.get("/api/simulate/nope").status_code == 404


def test_a_simulation_against_another_game_is_refused_before_any_game(studio):
    client, _, _ = studio
    refused = _post(client, "/api/simulate", {"name": "俱乐部.gouji", "text": CLUB, "other": "shuangkou", "games": 4,
                                              "bots": "greedy", "lang": "zh"})
    assert refused.status_code == 400
    assert "shuangkou" in refused.text and "4" in refused.text


# --- play --------------------------------------------------------------------------------------------

def _whole_game(client, view: dict) -> dict:
    while not view["over"]:
        choice = next((a for a in view["legal"] if a["kind"] == "play"), view["legal"][0])
        found = client.post(f"/api/play/{view['id']}/act", json={"action": choice["action"]})
        assert found.status_code == 200, found.text
        view = found.json()
    return view


def test_a_whole_game_of_the_edited_house_rule_at_the_table_then_its_replay(studio):
    client, _, _ = studio
    view = _post(client, "/api/play", {"name": "俱乐部.gouji", "text": CLUB, "seat": 1, "bots": "greedy", "seed": 3}).json()
    assert (view["variant"], view["players"], view["seat"]) == ("俱乐部", 6, 1)
    assert client.get(f"/api/play/{view['id']}").json()["hand"] == view["hand"]
    refused = client.post(f"/api/play/{view['id']}/act", json={"action": "play BJ BJ BJ BJ BJ"})
    assert refused.status_code == 400 and refused.json()["error"] and refused.json()["view"]["steps"] == view["steps"]
    end = _whole_game(client, view)
    assert end["over"] and end["scores"] and end["places"]
    history = client.get(f"/api/play/{view['id']}/history").json()
    replayed = _post(client, "/api/replay", {"history": history}).json()
    assert replayed["step"] == 0 and replayed["steps"] == end["steps"]
    assert client.get(f"/api/play/{replayed['id']}?step={end['steps']}").json()["places"] == end["places"]
    assert client.get("/api/play/nope").status_code == 404


@pytest.mark.wide  # the default run keeps within its time; CI runs it, and the browser tests
def test_a_shuangkou_game_at_the_table_has_four_seats(studio):
    client, _, _ = studio
    view = _post(client, "/api/play", {"variant": "双扣", "seat": 2, "bots": "greedy", "seed": 1}).json()
    assert view["players"] == 4 and view["seat"] == 2
    assert _whole_game(client, view)["over"]


# --- the command ---------------------------------------------------------------------------------

@pytest.mark.parametrize("arguments, said", [
    (["nope"], "is neither a folder nor a .gouji file"),
    (["--port", "70000"], "port 70000 is not from 0 to 65535"),
], ids=["target", "port"])
def test_gouji_studio_says_what_is_wrong_before_it_serves(tmp_path, capsys, arguments, said):
    assert cli.main(["studio", *[str(tmp_path / a) if a == "nope" else a for a in arguments], "--no-browser",
                     "--lang", "en"]) == cli.EXIT_USAGE
    assert said in capsys.readouterr().err


def test_gouji_studio_without_its_extra_says_how_to_install_it(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    assert cli.main(["studio", "--no-browser", "--lang", "en"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "needs its web server" in err and "pip install 'gouji-dsl[studio]'" in err


@pytest.mark.wide  # prints with Chromium (seconds): CI runs it
@pytest.mark.skipif(find_browser() is None, reason="needs Chromium (Debian: apt-get install chromium)")
def test_the_handout_downloads_as_a_pdf(studio):
    client, _, _ = studio
    found = _post(client, "/api/book.pdf", {"name": "俱乐部.gouji", "text": CLUB, "kind": "handout", "lang": "zh"})
    assert found.status_code == 200 and found.headers["content-type"] == "application/pdf"
    assert found.content.startswith(b"%PDF-") and pdf_page_count(found.content) >= 1
