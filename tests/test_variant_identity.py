"""A variant is its file, not its name (issue 28 §1).

Two rule files that both declare `variant club` (in two folders) are two variants: every
command and API entry point sees each file's own rules, whichever was loaded first in the
process, and no cache, engine module or pickle reference keyed by the name mixes them.
"""
from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl import engines
from gouji_dsl.cli import main
from gouji_dsl.lang.loader import Workspace

# Shuangkou's joker bombs (variants/shuangkou.gouji): a/ keeps only 天王, b/ changes nothing.
ONLY_FOUR_KINGS = """variant club extends shuangkou

[about]
title = "只有天王的双扣"

[patterns]
joker_bombs =
  | name          | zh     | jokers | lines |
  | "four_kings"  | "天王" | 4      | 7     |
"""
UNCHANGED = "variant club extends shuangkou\n"
THREE_KINGS = "SJ SJ BJ"  # a joker bomb of 6 lines in shuangkou; no play at all without that row
POSITION = {1: "3 SJ SJ BJ", 2: "4", 3: "5", 4: "6"}

# The Gouji pair: one club.gouji with four decks stated, the other with three circles of passes.
FOUR_DECKS = "variant club extends lianzhong\n\n[about]\ntitle = \"俱乐部\"\n\n[table]\ndecks = 4\n"
THREE_CIRCLES = "variant club extends lianzhong\n\n[about]\ntitle = \"俱乐部\"\n\n[flow]\nlead_return_circles = 3\n"

CASES = {  # the case file beside each rule file: each passes only against its own rules
    "a": [{"check": "hand", "cards": THREE_KINGS, "variant": "club.gouji",
           "expect": {"valid": False, "type": None, "lines": None}},
          {"check": "position", "variant": "club.gouji", "hands": {"1": "3 SJ SJ BJ", "2": "4", "3": "5", "4": "6"},
           "leader": 1, "actions": [], "expect": {"legal": ["play 3", "play SJ", "play BJ", "play SJ SJ"]}}],
    "b": [{"check": "hand", "cards": THREE_KINGS, "variant": "club.gouji",
           "expect": {"valid": True, "type": "joker_bomb", "lines": 6}},
          {"check": "position", "variant": "club.gouji", "hands": {"1": "3 SJ SJ BJ", "2": "4", "3": "5", "4": "6"},
           "leader": 1, "actions": ["play SJ SJ BJ"], "expect": {"log": ["seat 1: play SJ SJ BJ", "seat 1 leads"]}}],
}


@pytest.fixture
def clubs(tmp_path, monkeypatch):
    """a/club.gouji (only 天王) and b/club.gouji (shuangkou as it is), with a case file each;
    the current folder is tmp_path."""
    for folder, text in (("a", ONLY_FOUR_KINGS), ("b", UNCHANGED)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "club.gouji").write_text(text, encoding="utf-8")
        (tmp_path / folder / "x.jsonl").write_text(
            "".join(json.dumps(case, ensure_ascii=False) + "\n" for case in CASES[folder]), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def three_kings_valid(engine) -> bool:
    return engine.classify(engine.parse_cards(THREE_KINGS)).valid


def leads(engine) -> set[str]:
    return {str(a) for a in engine.new_position(POSITION, 1, seed=0).legal_actions()}


# --- the two reported defects ----------------------------------------------------------------

def test_diff_compares_two_files_of_one_name(tmp_path, monkeypatch, capsys):
    for folder, text in (("c", FOUR_DECKS), ("d", THREE_CIRCLES)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "club.gouji").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["diff", "c/club.gouji", "d/club.gouji", "--no-examples"]) == 1
    out = capsys.readouterr().out
    assert "identical" not in out and "lead_return_circles" in out
    # The two sides are named by their files, in the heading and in every row: "club" would be both.
    assert out.startswith("c/club.gouji (") and " vs d/club.gouji (" in out.splitlines()[0]
    assert "    c/club.gouji  1 " in out and "    d/club.gouji  3 " in out
    assert main(["diff", "c/club.gouji", "d/club.gouji", "--no-examples", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["a"] == "c/club.gouji"
    assert main(["diff", "c/club.gouji", "c/club.gouji", "--no-examples"]) == 0  # one file twice: identical


@pytest.mark.parametrize("kind", ["generated", "reference"])
def test_conform_runs_each_file_against_its_own_rules(clubs, capsys, kind):
    assert main(["conform", "--engine", kind, "a/x.jsonl", "b/x.jsonl"]) == 0
    assert "4 passed, 0 failed" in capsys.readouterr().out


@pytest.mark.parametrize("load", [gouji_dsl.engine, gouji_dsl.reference_engine])
def test_engines_of_two_files_of_one_name(clubs, load):
    a, b = load("a/club.gouji"), load("b/club.gouji")
    assert (three_kings_valid(a), three_kings_valid(b)) == (False, True)
    assert "play SJ SJ BJ" not in leads(a) and "play SJ SJ BJ" in leads(b)
    game = b.new_position(POSITION, 1, seed=0)
    game.apply_action(next(x for x in game.legal_actions() if str(x) == "play SJ SJ BJ"))  # a legal play


def test_diff_cases_of_two_files_of_one_name_run_against_each(clubs, capsys):
    assert main(["diff", "a/club.gouji", "b/club.gouji", "--emit-cases", "cases.jsonl"]) == 1
    out = capsys.readouterr().out
    assert "a/club.gouji" in out and "b/club.gouji" in out  # the examples name the files, not "club" twice
    cases = [json.loads(line) for line in (clubs / "cases.jsonl").read_text().splitlines() if line.startswith("{")]
    assert cases and all(set(c["expect"]) == {"a/club.gouji", "b/club.gouji"} for c in cases)
    assert main(["conform", "cases.jsonl"]) == 0


def test_commands_given_both_files_at_once(clubs, capsys):
    assert main(["check", "a/club.gouji", "b/club.gouji"]) == 0
    captured = capsys.readouterr()
    assert "2 variant(s) checked" in captured.out and "drops its row(s) for three_kings" in captured.err
    # Built together, one would overwrite the other's files: refused, nothing written.
    assert main(["build", "a/club.gouji", "b/club.gouji", "-o", "out"]) == 2
    assert "a/club.gouji and b/club.gouji both declare variant 'club'" in capsys.readouterr().err
    assert not (clubs / "out").exists()
    # One file named twice is one variant twice, whatever its path is written as.
    assert main(["simulate", "a/club.gouji", "a/../a/club.gouji", "--games", "2"]) == 2
    assert "named twice" in capsys.readouterr().err


# --- every entry point sees its own file -----------------------------------------------------

def _cli(capsys, *argv) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _check(capsys, tmp_path, folder):
    assert main(["check", f"{folder}/club.gouji"]) == 0
    return capsys.readouterr().err  # the warnings: a/ drops a row of the table it inherits


def _build(capsys, tmp_path, folder):
    _cli(capsys, "build", f"{folder}/club.gouji", "-o", f"out-{folder}")
    return (tmp_path / f"out-{folder}" / "club.py").read_text(encoding="utf-8")


def _doc(capsys, tmp_path, folder):
    _cli(capsys, "doc", f"{folder}/club.gouji", "--format", "md", "--lang", "zh", "-o", f"book-{folder}.md")
    return (tmp_path / f"book-{folder}.md").read_text(encoding="utf-8")


def _play_replay(capsys, tmp_path, folder):
    """b/'s game of seed 1 (it plays SJ BJ BJ, 三王) replayed with `folder`'s rules: the exit status."""
    history = _cli(capsys, "play", "b/club.gouji", "--games", "1", "--seed", "1", "--json")
    assert "play SJ BJ BJ" in history
    (tmp_path / folder / "game.json").write_text(history, encoding="utf-8")
    code = main(["replay", "--quiet", "--rules", f"{folder}/club.gouji", f"{folder}/game.json"])
    capsys.readouterr()
    return code


def _simulate(capsys, tmp_path, folder):
    other = "b" if folder == "a" else "a"
    _cli(capsys, "simulate", f"{folder}/club.gouji", f"{other}/club.gouji", "--games", "2", "--bots", "random",
         "--json", f"sim-{folder}.json", "--no-progress")
    sources = [v["source"] for v in json.loads((tmp_path / f"sim-{folder}.json").read_text())["variants"]]
    return sources


def _arena(capsys, tmp_path, folder):
    _cli(capsys, "arena", f"{folder}/club.gouji", "--games", "2", "--bots", "random,greedy",
         "--json", f"arena-{folder}.json", "--no-progress")
    return json.loads((tmp_path / f"arena-{folder}.json").read_text())["title"]


# (entry point, what it makes of a file, what tells a/ from b/ in that)
ENTRY_POINTS = [
    ("check", _check, lambda err: "drops its row(s) for three_kings" in err),
    ("show", lambda c, t, f: _cli(c, "show", f"{f}/club.gouji"), lambda out: "three_kings" not in out.split("[patterns]")[1]),
    ("build -o", _build, lambda source: "joker_bombs=(('four_kings', 4, 7),)," in source),
    ("doc", _doc, lambda book: "只有天王" in book),
    ("play/replay", _play_replay, lambda code: code == 1),  # a/'s rules refuse 三王
    ("simulate", _simulate, lambda sources: sources[0].startswith("a/")),
    ("arena", _arena, lambda title: title == "只有天王的双扣"),
]


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=[e[0] for e in ENTRY_POINTS])
@pytest.mark.parametrize("order", ["ab", "ba"])
def test_each_command_sees_its_own_file(clubs, capsys, entry, order):
    _name, run, is_a = entry
    seen = {folder: run(capsys, clubs, folder) for folder in order}
    assert is_a(seen["a"]) and not is_a(seen["b"]), seen


@pytest.mark.parametrize("order", ["ab", "ba"])
def test_integrations_and_pickles_see_their_own_file(clubs, order):
    from gouji_dsl.integrations import pettingzoo

    loaded = {folder: pettingzoo.load_engine(f"{folder}/club.gouji") for folder in order}
    assert (three_kings_valid(loaded["a"]), three_kings_valid(loaded["b"])) == (False, True)
    assert loaded["a"].__name__ != loaded["b"].__name__
    for folder, engine in loaded.items():  # a pickled game comes back under its own file's rules
        game = engine.new_position(POSITION, 1, seed=0)
        again = pickle.loads(pickle.dumps(game))
        assert {str(x) for x in again.legal_actions()} == leads(engine)
        assert ("play SJ SJ BJ" in leads(engine)) == (folder == "b")


def test_openspiel_keeps_two_files_of_one_name_apart(clubs):
    openspiel = pytest.importorskip("gouji_dsl.integrations.openspiel")
    import pyspiel

    # A name of its own (pyspiel's registry is the process's): club28 in two folders.
    for folder, text in (("a", ONLY_FOUR_KINGS), ("b", UNCHANGED)):
        (clubs / folder / "club28.gouji").write_text(text.replace("variant club ", "variant club28 "), encoding="utf-8")
    name = openspiel.register("a/club28.gouji")
    game = pyspiel.load_game(name)
    assert not three_kings_valid(game.engine)
    with pytest.raises(ValueError, match="rename the file"):  # one pyspiel name, another file: refused
        openspiel.register("b/club28.gouji")
    assert pickle.loads(pickle.dumps(game)).engine is game.engine
    # The file edited: registered again, its new rules (not a cached engine of the old ones).
    (clubs / "a" / "club28.gouji").write_text(UNCHANGED.replace("club", "club28"), encoding="utf-8")
    assert openspiel.register("a/club28.gouji") == name
    assert three_kings_valid(pyspiel.load_game(name).engine)


def test_an_edited_file_is_not_served_stale(clubs):
    assert not three_kings_valid(gouji_dsl.engine("a/club.gouji"))
    (clubs / "a" / "club.gouji").write_text(UNCHANGED, encoding="utf-8")
    assert three_kings_valid(gouji_dsl.engine("a/club.gouji"))


def test_identity_is_the_name_of_a_standard_variant_and_the_file_of_a_users(clubs):
    ws = Workspace.for_user()
    assert engines.identity(ws, engines.checked_with_engine(ws, "shuangkou")) == "shuangkou"
    ids = []
    for folder in "ab":
        space = engines.apart(ws)
        variant = engines.checked_with_engine(space, space.resolve_argument(f"{folder}/club.gouji"))
        ids.append(engines.identity(space, variant))
    assert ids[0] != ids[1] and all(i.startswith("club@") for i in ids)



def test_identity_is_of_the_text_that_was_checked(clubs):
    """The identity is made of the text read and checked, not of the file on disk later: an engine
    built from a workspace after the file was edited is still the engine of what was checked."""
    ws = Workspace.for_user()
    variant = engines.checked_with_engine(ws, ws.resolve_argument("a/club.gouji"))
    before = engines.identity(ws, variant)
    (clubs / "a" / "club.gouji").write_text(UNCHANGED, encoding="utf-8")
    assert engines.identity(ws, variant) == before
    fresh = Workspace.for_user()
    assert engines.identity(fresh, engines.checked_with_engine(fresh, fresh.resolve_argument("a/club.gouji"))) != before

# --- the defect class: any two files of one name, loaded in any order -------------------------

BOMB_ROWS = {"three_kings": '  | "three_kings" | "三王" | 3      | 6     |\n',
             "four_kings": '  | "four_kings"  | "天王" | 4      | 7     |\n'}
JOKER_PLAYS = {"three_kings": THREE_KINGS, "four_kings": "SJ SJ BJ BJ"}


def _club(rows: tuple[str, ...]) -> str:
    return ("variant club extends shuangkou\n\n[about]\ntitle = \"俱乐部" + "".join(r[0] for r in rows) + "\"\n\n"
            "[patterns]\njoker_bombs =\n  | name | zh | jokers | lines |\n" + "".join(BOMB_ROWS[r] for r in rows))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=st.lists(st.sampled_from([("three_kings",), ("four_kings",), ("three_kings", "four_kings")]),
                     min_size=2, max_size=2, unique=True),
       reference=st.booleans())
def test_any_two_files_of_one_name_keep_their_own_joker_bombs(tmp_path_factory, pair, reference):
    root = tmp_path_factory.mktemp("clubs")
    load = gouji_dsl.reference_engine if reference else gouji_dsl.engine
    loaded = []
    for folder, rows in zip("xy", pair):
        (root / folder).mkdir()
        (root / folder / "club.gouji").write_text(_club(rows), encoding="utf-8")
        loaded.append((rows, load(str(root / folder / "club.gouji"))))
    for rows, engine in loaded:
        for bomb, cards in JOKER_PLAYS.items():
            assert engine.classify(engine.parse_cards(cards)).valid == (bomb in rows)
        hand = {1: "3 SJ SJ BJ BJ", 2: "4", 3: "5", 4: "6"}
        legal = {str(a) for a in engine.new_position(hand, 1, seed=0).legal_actions()}
        for bomb, cards in JOKER_PLAYS.items():
            assert (f"play {cards}" in legal) == (bomb in rows)
