"""The cache of specialised games on disk (backends/game_cache): an engine built from a stored
game is the engine specialised afresh; anything in the folder that is not an entry of this code
for these rules is a miss, never code that runs; the folder is private, bounded, and can be off."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gouji_dsl.backends import codegen, game_cache
from gouji_dsl.engines import checked_with_engine
from helpers import scratch_workspace

HOUSE = "variant house extends lianzhong\n\n[flow]\nlead_return_circles = 3\n"


def forget(monkeypatch) -> None:
    """This process forgets every engine it rendered: only the folder can answer."""
    for name in ("_RENDERED", "_CODE", "_GAMES"):
        monkeypatch.setattr(codegen, name, type(getattr(codegen, name))())


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of the test's own, and no game in this process's memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("GOUJI_CACHE_DIR", str(folder))
    forget(monkeypatch)
    return folder


@pytest.fixture
def house(tmp_path):
    return checked_with_engine(scratch_workspace(tmp_path, {"house": HOUSE}), "house")


def no_specialising(monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("specialised although the cache holds the game")
    monkeypatch.setattr(codegen, "specialise", refuse)


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_an_engine_built_from_the_cache_is_the_engine_specialised_afresh(cache, house, monkeypatch):
    fresh = codegen.render_engine(house)
    [entry] = entries(cache)
    assert oct(cache.stat().st_mode & 0o777) == oct(0o700)
    forget(monkeypatch)
    no_specialising(monkeypatch)
    assert codegen.render_engine(house) == fresh


def test_a_renamed_copy_reads_the_same_entry_under_its_own_name(cache, tmp_path, monkeypatch):
    ws = scratch_workspace(tmp_path, {"house": HOUSE, "club": HOUSE.replace("house", "club")})
    house, club = checked_with_engine(ws, "house"), checked_with_engine(ws, "club")
    codegen.render_engine(house)
    forget(monkeypatch)
    no_specialising(monkeypatch)
    source = codegen.render_engine(club)
    assert "One game of club:" in source and "One game of house" not in source
    assert len(entries(cache)) == 1


GAME = game_cache.Specialised(imports=("import random",), constants=("X = 1",),
                              source='class Game:\n    """One game."""\n', variant="house")


@pytest.mark.parametrize("spoil", [
    "truncated", "not JSON", "not ASCII", "another key", "another format", "a number for the source",
    "a list of numbers for the imports", "too large",
])
def test_a_spoiled_entry_is_a_miss(cache, spoil):
    game_cache.store("rules", GAME)
    [entry] = entries(cache)
    data = json.loads(entry.read_text(encoding="ascii"))
    spoiled = {
        "truncated": entry.read_bytes()[:100],
        "not JSON": b"class Game: pass\n",
        "not ASCII": "够级".encode() + entry.read_bytes(),
        "another key": json.dumps({**data, "key": "0" * 64}).encode(),
        "another format": json.dumps({**data, "format": 0}).encode(),
        "a number for the source": json.dumps({**data, "source": 1}).encode(),
        "a list of numbers for the imports": json.dumps({**data, "imports": [1]}).encode(),
        "too large": json.dumps({**data, "padding": "x" * game_cache.MAX_ENTRY_BYTES}).encode(),
    }[spoil]
    entry.write_bytes(spoiled)
    assert game_cache.load("rules") is None
    assert entry.read_bytes() == spoiled  # read, never run or changed


def test_a_spoiled_entry_is_specialised_again_and_written_whole(cache, house, monkeypatch):
    fresh = codegen.render_engine(house)
    [entry] = entries(cache)
    data = json.loads(entry.read_text(encoding="ascii"))
    entry.write_bytes(entry.read_bytes()[:100])
    forget(monkeypatch)
    calls = []
    specialise = codegen.specialise
    monkeypatch.setattr(codegen, "specialise", lambda *args: calls.append(1) or specialise(*args))
    assert codegen.render_engine(house) == fresh
    assert calls == [1]
    assert json.loads(entry.read_text(encoding="ascii")) == data


def test_an_entry_of_other_code_is_not_read(cache, house, monkeypatch):
    codegen.render_engine(house)
    forget(monkeypatch)
    monkeypatch.setattr(game_cache, "code_fingerprint", lambda: "another version of gouji-dsl")
    calls = []
    specialise = codegen.specialise
    monkeypatch.setattr(codegen, "specialise", lambda *args: calls.append(1) or specialise(*args))
    codegen.render_engine(house)
    assert calls == [1] and len(entries(cache)) == 2


def test_the_fingerprint_covers_the_flow_the_specialiser_and_the_templates_not_the_shipped_engines():
    code = {p.relative_to(game_cache.PACKAGE).as_posix() for p in game_cache.PACKAGE.rglob("*")
            if p.suffix in (".py", ".j2") and "generated" not in p.relative_to(game_cache.PACKAGE).parts}
    assert {"runtime/flow.py", "backends/specialise/fold.py", "backends/templates/engine.py.j2"} <= code
    assert len(game_cache.code_fingerprint()) == 64


def test_an_empty_setting_turns_the_cache_off(tmp_path, house, monkeypatch):
    monkeypatch.setenv("GOUJI_CACHE_DIR", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    forget(monkeypatch)
    codegen.render_engine(house)
    assert game_cache.cache_folder() is None and not (tmp_path / "home").exists()


def test_without_a_setting_the_cache_is_in_the_users_cache_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("GOUJI_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert game_cache.cache_folder() == tmp_path / "xdg" / "gouji-dsl" / "games"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert game_cache.cache_folder() == tmp_path / "home" / ".cache" / "gouji-dsl" / "games"


def test_a_folder_others_may_write_is_not_used(cache, house, monkeypatch):
    cache.mkdir(mode=0o700)
    os.chmod(cache, 0o777)  # what they write there would become code that runs
    assert game_cache.cache_folder() is None
    codegen.render_engine(house)
    assert entries(cache) == []


def test_a_file_where_the_folder_should_be_keeps_nothing_and_fails_nothing(cache, house):
    cache.write_text("not a folder", encoding="ascii")
    assert game_cache.cache_folder() is None
    assert "class Game" in codegen.render_engine(house)
    assert cache.read_text(encoding="ascii") == "not a folder"


def test_the_least_recently_used_entries_go_beyond_the_most_kept(cache, monkeypatch):
    assert game_cache.MAX_ENTRIES == 1024  # docs/commands.md says so
    monkeypatch.setattr(game_cache, "MAX_ENTRIES", 2)
    game = game_cache.Specialised(imports=(), constants=(), source="class Game:\n    pass\n", variant="v")
    for n, key in enumerate(("first", "second")):
        game_cache.store(key, game)
        os.utime(cache / f"{game_cache._digest(key)}.json", (1000 + n, 1000 + n))
    assert game_cache.load("first") == game  # used now: newer than "second"
    game_cache.store("third", game)
    assert game_cache.load("second") is None
    assert game_cache.load("first") == game and game_cache.load("third") == game
    assert len(entries(cache)) == 2 and not list(cache.glob(".*.tmp"))  # no temporary file left


def test_any_text_comes_back_the_same(cache):
    game = game_cache.Specialised(imports=("import random",), constants=("X = '够级 \\udc80'",),
                                  source='class Game:\n    """够级\udc80\u2028"""\n', variant="俱乐部")
    game_cache.store("key", game)
    assert game_cache.load("key") == game


def test_a_build_in_another_process_fills_the_cache_and_the_next_reads_it(tmp_path):
    """`gouji build` of a house rule, twice, in processes of their own: the second writes the game
    the first stored (marked here, to be told from one specialised again)."""
    (tmp_path / "house.gouji").write_text(HOUSE, encoding="utf-8")
    env = {**os.environ, "GOUJI_CACHE_DIR": str(tmp_path / "cache")}

    def build(out: str) -> str:
        ran = subprocess.run([sys.executable, "-m", "gouji_dsl", "build", "house.gouji", "-o", out], cwd=tmp_path,
                             env=env, capture_output=True, text=True, timeout=120)
        assert ran.returncode == 0, ran.stderr
        return (tmp_path / out / "house.py").read_text(encoding="utf-8")

    first = build("first")
    [entry] = entries(tmp_path / "cache")
    data = json.loads(entry.read_text(encoding="ascii"))
    assert data["source"] in first
    marked = data["source"].replace("\n", "\n    # read from the cache\n", 1)
    entry.write_text(json.dumps({**data, "source": marked}), encoding="ascii")
    assert build("second") == first.replace(data["source"], marked)


def test_the_test_run_keeps_its_games_apart_from_the_users():
    """This run's processes share a cache folder of the run's own (tests/conftest.py)."""
    folder = game_cache.cache_folder()
    assert folder is not None and folder.name == "engine-cache" and folder.parent.name.startswith("pytest-gouji-run-")
