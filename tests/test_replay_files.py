"""`gouji replay` refuses every malformed or tampered history file cleanly.

The variations are generated from a real `gouji play --json` output: each one
changes the shape (a wrong type, a missing or unknown field, an empty match,
JSON nested too deeply) or one recorded fact (an action, the seed, places,
result, tributes, scores). Each must be refused with exit 1 and a one-line
message naming the game and the field; never a traceback, never exit 0.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from gouji_dsl.cli import main


def _played() -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", "lianzhong", "--seed", "1", "--games", "2", "--json"]) == 0
    return json.loads(out.getvalue())


PLAYED = _played()
TRIBUTES = PLAYED["games"][1]["tributes"]
assert TRIBUTES, "game 2 of this match should pay tributes, so that tampering with them is tested"

_GONE = object()  # a field removed


def _edit(*path, to):
    """A tampering: set (or, with _GONE, delete) the value at `path` of the history."""
    def apply(data):
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if to is _GONE:
            del parent[path[-1]]
        elif callable(to):
            parent[path[-1]] = to(copy.deepcopy(parent[path[-1]]))
        else:
            parent[path[-1]] = copy.deepcopy(to)
        return data
    return apply


def _whole(value):
    return lambda data: copy.deepcopy(value)


def _swap_first_two(items):
    if isinstance(items, dict):
        keys = list(items)
        items[keys[0]], items[keys[1]] = items[keys[1]], items[keys[0]]
    else:
        items[0], items[1] = items[1], items[0]
    return items


def _variations():
    """(id, tampering, words the message must hold)."""
    yield "not-an-object", _whole([1, 2]), ["not a history file"]
    yield "a-string", _whole("games"), ["not a history file"]
    yield "null", _whole(None), ["not a history file"]
    yield "no-variant", _edit("variant", to=_GONE), ['no "variant"']
    for name, value in [("int", 5), ("null", None), ("empty", ""), ("list", ["lianzhong"]), ("object", {})]:
        yield f"variant-{name}", _edit("variant", to=value), ['"variant" must name a variant']
    yield "unknown-top-field", lambda d: {**d, "extra": 1}, ['unknown field "extra"']
    yield "no-games", _edit("games", to=_GONE), ['"games" must be a list']
    for name, value in [("null", None), ("object", {}), ("string", "x")]:
        yield f"games-{name}", _edit("games", to=value), ['"games" must be a list']
    yield "games-empty", _edit("games", to=[]), ['"games" is empty']
    for g in (0, 1):
        game = f"game {g + 1}"
        for name, value in [("null", None), ("list", []), ("int", 5)]:
            yield f"g{g + 1}-record-{name}", _edit("games", g, to=value), [game, "must be an object"]
        yield f"g{g + 1}-unknown-field", _edit("games", g, "comment", to="hi"), [game, 'unknown field "comment"']
        for field in ("seed", "history"):
            yield f"g{g + 1}-no-{field}", _edit("games", g, field, to=_GONE), [game, f'missing field "{field}"']
        for name, value in [("list", [3000]), ("object", {}), ("string", "3000"), ("float", 1.5), ("bool", True),
                            ("null", None)]:
            yield f"g{g + 1}-seed-{name}", _edit("games", g, "seed", to=value), [game, '"seed" must be a whole number']
        for name, value in [("null", None), ("string", "play 7"), ("object", {})]:
            yield f"g{g + 1}-history-{name}", _edit("games", g, "history", to=value), [game, '"history" must be a list']
        for name, value in [("int", 5), ("null", None), ("list", ["pass"])]:
            yield (f"g{g + 1}-action-{name}", _edit("games", g, "history", 3, to=value),
                   [game, '"history" action 4 must be a string'])
        yield f"g{g + 1}-history-cut", _edit("games", g, "history", to=lambda h: h[:-1]), [game, "before the game does"]
        yield f"g{g + 1}-history-empty", _edit("games", g, "history", to=[]), [game, "before the game does"]
        yield f"g{g + 1}-history-longer", _edit("games", g, "history", to=lambda h: h + ["pass"]), [game, "action"]
        yield (f"g{g + 1}-action-garbage", _edit("games", g, "history", 6, to="play X Y"),
               [f"{game}, action 7"])
        yield (f"g{g + 1}-action-swapped", _edit("games", g, "history", to=_swap_actions),
               [game, "action"])
        yield f"g{g + 1}-seed-changed", _edit("games", g, "seed", to=lambda s: s + 1), [game]
        # The recorded outcome, field by field.
        yield f"g{g + 1}-places-swapped", _edit("games", g, "places", to=_swap_places), [game, "recorded places"]
        yield f"g{g + 1}-places-int-keys", _edit("games", g, "places", to=_int_keys), [game, "recorded places"]
        yield f"g{g + 1}-places-empty", _edit("games", g, "places", to={}), [game, "recorded places"]
        yield f"g{g + 1}-places-list", _edit("games", g, "places", to=[1, 2, 3]), [game, "recorded places"]
        yield (f"g{g + 1}-result-finish", _edit("games", g, "result", "finish", to=_swap_first_two),
               [game, "recorded result"])
        yield f"g{g + 1}-result-opened", _edit("games", g, "result", "opened", to=[1]), [game, "recorded result"]
        yield f"g{g + 1}-result-burns", _edit("games", g, "result", "burns", to=[[1, 2]]), [game, "recorded result"]
        yield f"g{g + 1}-result-extra", _edit("games", g, "result", "why", to="x"), [game, "recorded result"]
        yield f"g{g + 1}-result-null", _edit("games", g, "result", to=None), [game, "recorded result"]
        yield (f"g{g + 1}-scores-moved", _edit("games", g, "scores", to=lambda s: [s[0] + 1, s[1] - 1] + s[2:]),
               [game, "recorded scores"])
        yield (f"g{g + 1}-scores-floats", _edit("games", g, "scores", to=lambda s: [x + 0.0 for x in s]),
               [game, "recorded scores"])
        yield f"g{g + 1}-scores-short", _edit("games", g, "scores", to=lambda s: s[:-1]), [game, "recorded scores"]
        yield f"g{g + 1}-scores-string", _edit("games", g, "scores", to="2 -2"), [game, "recorded scores"]
        yield (f"g{g + 1}-tributes-invented", _edit("games", g, "tributes", to=lambda t: t + [
            {"kind": "luo", "from": 1, "to": 2, "cards": "BJ"}]), [game, "recorded tributes"])
        yield f"g{g + 1}-tributes-null", _edit("games", g, "tributes", to=None), [game, "recorded tributes"]
    for i in range(len(TRIBUTES)):
        for key, value in [("cards", "Q Q Q Q"), ("kind", "shao"), ("from", 7)]:
            yield (f"g2-tribute-{i + 1}-{key}", _edit("games", 1, "tributes", i, key, to=value),
                   ["game 2", "recorded tributes"])
    yield "g2-tributes-dropped", _edit("games", 1, "tributes", to=lambda t: t[1:]), ["game 2", "recorded tributes"]
    yield "g2-tributes-reordered", _edit("games", 1, "tributes", to=_swap_first_two), ["game 2", "recorded tributes"]


def _swap_actions(history):
    first = next(i for i, a in enumerate(history) if a.startswith("play"))
    second = next(i for i, a in enumerate(history) if a.startswith("play") and a != history[first])
    history[first], history[second] = history[second], history[first]
    return history


def _swap_places(places):
    first, second = sorted(places)[:2]
    places[first], places[second] = places[second], places[first]
    return places


def _int_keys(places):
    return {k + " ": v for k, v in places.items()}


VARIATIONS = list(_variations())


def test_there_are_enough_variations():
    assert len(VARIATIONS) >= 50
    assert len({name for name, _, _ in VARIATIONS}) == len(VARIATIONS)


def test_the_untampered_history_replays(tmp_path, capsys):
    path = tmp_path / "games.json"
    path.write_text(json.dumps(PLAYED), encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "2 game(s) replayed" in capsys.readouterr().out


@pytest.mark.parametrize("name, tamper, words", VARIATIONS, ids=[v[0] for v in VARIATIONS])
def test_a_tampered_history_is_refused_in_one_line(tmp_path, capsys, name, tamper, words):
    path = tmp_path / "games.json"
    path.write_text(json.dumps(tamper(copy.deepcopy(PLAYED)), ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(f"gouji: {path}: ")
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, "nested too deeply"),
    ('{"variant": "lianzhong", "games": [{"seed": ' + "9" * 4301 + ', "history": []}]}', "4300 digits"),
    ("{not json", "not a history file: Expecting property name"),
    ("", "not a history file: Expecting value"),
])
def test_unreadable_history_files_are_refused_in_one_line(tmp_path, capsys, text, words):
    path = tmp_path / "games.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and words in lines[0], lines


def test_a_folder_is_not_a_history_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == f"gouji: {tmp_path}: not a history file: Is a directory"


def test_outcome_fields_are_optional_but_checked_when_recorded(tmp_path, capsys):
    """A hand-written history of seeds and actions replays; what it does record must be true."""
    data = copy.deepcopy(PLAYED)
    for record in data["games"]:
        for field in ("result", "places", "scores", "tributes"):
            del record[field]
    path = tmp_path / "games.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 0


def test_exact_fraction_scores_are_written_as_strings_and_replayed(tmp_path, capsys):
    """[scoring] scale = 1/3 (tests/conformance/thirds.gouji): a score that does not come out whole
    is the string "p/q" in the JSON, whole ones stay numbers; the replay checks them exactly."""
    folder = str(Path(__file__).parent / "conformance")
    assert main(["play", "thirds", "--seed", "5", "--games", "3", "--json", "--path", folder]) == 0
    data = json.loads(capsys.readouterr().out)
    scores = [x for game in data["games"] for x in game["scores"]]
    assert any(isinstance(x, str) for x in scores), scores  # some game ends in thirds
    assert all(isinstance(x, int) or re.fullmatch(r"-?[0-9]+/3", x) for x in scores)
    path = tmp_path / "games.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--quiet", "--path", folder]) == 0
    game = next(i for i, g in enumerate(data["games"]) if any(isinstance(x, str) for x in g["scores"]))
    seat = next(j for j, x in enumerate(data["games"][game]["scores"]) if isinstance(x, str))
    data["games"][game]["scores"][seat] = float(Fraction(data["games"][game]["scores"][seat]))  # 0.666...: not exact
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--quiet", "--path", folder]) == 1
    assert f"game {game + 1}: recorded scores" in capsys.readouterr().err
