"""The card table of Gouji Studio (gouji_dsl/studio/table.py): whole games played through
`Table.act`, the view (the contract's keys; never another seat's cards; the hand in the variant's
order), refusals with the engine's reason and nothing changed, histories that `gouji replay`'s code
verifies, replays walked step by step, and the server's bounded table of tables."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

import gouji_dsl
from gouji_dsl import engines
from gouji_dsl.bots import make_bot
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import Message
from gouji_dsl.play import selfplay
from gouji_dsl.runtime.state import Match
from gouji_dsl.studio.table import MAX_TABLES, Table, TableError, Tables, _event

VIEW_KEYS = {"id", "variant", "game", "players", "seat", "teams", "names", "turn", "your_turn", "phase", "hand",
             "counts", "table", "legal", "events", "places", "opened", "declared", "tribute", "over", "scores",
             "result", "step", "steps"}
EVENT_KINDS = {"play", "pass", "burn", "open", "tribute", "out", "info"}
GAMES = {"lianzhong": ("gouji", 6), "shuangkou": ("shuangkou", 4)}


def engine_for(name: str):
    return gouji_dsl.engine(name)


def simple_choice(view: dict) -> str:
    """The first legal play, else pass, else the first legal action."""
    legal = view["legal"]
    chosen = next((a for a in legal if a["kind"] == "play"), None) or next((a for a in legal if a["kind"] == "pass"),
                                                                            legal[0])
    return chosen["action"]


def play_through(table: Table) -> list[dict]:
    """Play the person's seat to the end with simple_choice; every view the person was shown."""
    views = [table.view()]
    while not views[-1]["over"]:
        assert views[-1]["your_turn"] and views[-1]["legal"]
        views.append(table.act(simple_choice(views[-1])))
        assert len(views) < 500
    return views


def without_id(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "id"}


def game_at(table: Table, step: int):
    """The table's game after its first `step` actions, replayed."""
    game = table.engine.new_game(seed=table.game_seed, match=Match())
    for action in table.game.history()[:step]:
        game.apply_action(str(action))
    return game


def check_view(table: Table, view: dict, name: str) -> None:
    """The contract's view, JSON-able, of what the person's seat may see at its step."""
    game_kind, players = GAMES[name]
    engine, seat = table.engine, table.seat
    game = game_at(table, view["step"])
    assert set(view) == VIEW_KEYS
    assert json.loads(json.dumps(view)) == view
    assert (view["game"], view["players"], view["seat"]) == (game_kind, players, seat)
    assert sorted(s for team in view["teams"] for s in team) == list(range(1, players + 1))
    # the hand: the observation's own hand, in its order, which is the variant's order low to high
    own = game.observation(seat)["hands"][seat]
    assert view["hand"] == own.split() == engine.format_cards(engine.parse_cards(own)).split()
    ranks = list(dict.fromkeys(view["hand"]))
    for low, high in zip(ranks, ranks[1:]):
        single = [engine.classify(engine.parse_cards(card)).play for card in (low, high)]
        assert engine.beats(single[1], single[0]) and not engine.beats(single[0], single[1]), (low, high)
    assert view["counts"][str(seat)] == len(view["hand"])
    # turn and legal actions
    assert view["over"] == game.is_terminal() and (view["phase"] == "over") == view["over"]
    assert view["your_turn"] == (view["turn"] == seat)
    if view["your_turn"]:
        assert [a["action"] for a in view["legal"]] == [str(a) for a in game.legal_actions()]
        for action in view["legal"]:
            assert action["kind"] == action["action"].split()[0] and action["label"]
            assert action["cards"] == [t.partition("=")[0] for t in action["action"].split()[1:]]
    else:
        assert view["legal"] == []
    # events: the transcript, classified, the seed of the deal left out (it gives every hand away)
    lines = game.transcript()
    assert len(view["events"]) == len(lines)
    assert all(e["kind"] in EVENT_KINDS for e in view["events"])
    assert not any("seed" in e["text"] for e in view["events"])
    for event, line in zip(view["events"], lines):
        assert event["text"] == line or line.startswith("deal (seed")
        named = re.match(r"seat (\d+)", line)
        if named:
            assert event["seat"] == int(named.group(1))
    if view["over"]:
        assert view["scores"] == {str(s): v for s, v in enumerate(game.returns(), 1)}
        assert view["result"] == json.loads(json.dumps(game.result()))
        assert view["places"] == {str(s): p for s, p in game.places().items()}
    assert view["steps"] == len(game.history())


def check_no_hidden_cards(table: Table, view: dict) -> int:
    """The view is the same whatever the hidden hands hold: deal them anew (consistently with all
    the seat has seen) and the view does not change. How many of the new deals changed a hand."""
    game = table.game
    others = [s for s in range(1, table.players + 1) if s != table.seat]
    dealt_anew = 0
    for k in range(2):
        table.game = game.resample_from_infostate(table.seat, random.Random(k))
        try:
            assert table.view() == view
            dealt_anew += any(table.game.observation(s)["hands"][s] != game.observation(s)["hands"][s] for s in others)
        finally:
            table.game = game
    return dealt_anew


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_at_the_table(name):
    engine = engine_for(name)
    table = Table(engine, seat=1, bots="heuristic", seed=7, lang="en")
    views = play_through(table)
    final = views[-1]
    assert final["over"] and final["scores"] is not None and final["result"] is not None
    assert final["turn"] is None and final["legal"] == []
    assert len(final["places"]) == engine.PLAYERS
    assert {e["kind"] for e in final["events"]} >= {"play", "pass", "out"}
    for view in views:  # every view, checked against the game at its step
        check_view(table, view, name)
    # history: `gouji replay`'s own code verifies it
    history = table.history()
    played = selfplay.replay_file(engine_for, json.loads(json.dumps(history)))
    assert [str(a) for a in played[0].game.history()] == history["games"][0]["history"]
    with pytest.raises(TableError) as refused:
        table.act("pass")
    assert refused.value.message == Message("studio.table.over") and refused.value.view == final


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_view_never_shows_another_seats_cards(name):
    table = Table(engine_for(name), seat=2, seed=3, lang="zh")
    view, dealt_anew = table.view(), 0
    while not view["over"]:
        dealt_anew += check_no_hidden_cards(table, view)
        view = table.act(simple_choice(view))
    assert dealt_anew > 10  # the check compares views of really different deals
    assert view["names"]["2"] == "你" and view["names"]["1"] == "机器人 1"


def test_an_illegal_action_is_refused_with_the_engines_reason_and_changes_nothing():
    table = Table(engine_for("lianzhong"), seed=2, lang="en")
    while table.view()["phase"] != "play":
        table.act("pass")
    before, history = table.view(), table.history()
    card = before["hand"][0]
    more = " ".join([card] * (before["hand"].count(card) + 1))  # one more than the hand holds
    for action, reason in ((f"play {more}", f"does not hold {more}"), ("play X", "unknown card 'X'"),
                           ("dance", "cannot read action 'dance'"), ("", "empty action")):
        with pytest.raises(TableError) as refused:
            table.act(action)
        try:
            table.game.clone().apply_action(action, 1)
        except ValueError as engine_says:
            assert refused.value.message == str(engine_says)
        assert reason in refused.value.text()
        assert refused.value.view == before
        assert table.view() == before and table.history() == history
    with pytest.raises(TableError) as refused:
        table.act(7)
    assert refused.value.message.key == "studio.table.not_text" and refused.value.view == before


def test_the_table_plays_as_gouji_play_does_and_a_history_of_gouji_play_replays():
    """Seed S deals `gouji play --seed S --games 1`'s game and seeds the bots as it does: a person
    who plays as its bot would plays the same game; its history is the same file."""
    engine = engine_for("lianzhong")
    table = Table(engine, seed=5)
    mine = make_bot("heuristic", 5 * 1000 * 10 + 1)
    while not table.game.is_terminal():
        table.act(str(mine.act(table.game)))
    played = selfplay.play_match(engine, 5, 1, "heuristic")
    assert table.history() == json.loads(selfplay.to_json(engine, played))
    replayed = Table.replayed(engine_for, json.loads(selfplay.to_json(engine, played)))
    assert without_id(replayed.view()) == without_id(table.view())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_replay_walks_the_game_step_by_step(name):
    table = Table(engine_for(name), seed=11, lang="en")
    shown = play_through(table)
    tables = Tables()
    table_id, replayed = tables.replayed(engine_for, table.history(), lang="en")
    assert tables.get(table_id) is replayed and replayed.view()["id"] == table_id
    steps = shown[-1]["steps"]
    for view in shown:  # every view the person was shown, as the replay shows it at that step
        assert without_id(replayed.view(step=view["step"])) == {**without_id(view), "steps": steps}
    for step in (0, 1, steps // 2, steps - 1, steps):
        assert replayed.view(step=step) == {**table.view(step=step), "id": table_id}
        assert replayed.view(step)["step"] == step
    first = replayed.view(step=0)
    assert first["events"] == [{"seat": None, "text": "deal", "line": "deal", "kind": "info"}] and first["steps"] == steps
    for bad in (-1, steps + 1, "3", 2.0, True):
        with pytest.raises(TableError) as refused:
            replayed.view(step=bad)
        assert refused.value.message.key == "studio.table.bad_step"
    with pytest.raises(TableError) as refused:
        replayed.act("pass")
    assert refused.value.message.key == "studio.table.replay_only"


def test_a_game_saved_before_its_end_replays_at_the_table_but_not_with_gouji_replay():
    table = Table(engine_for("shuangkou"), seed=4)
    for _ in range(3):
        table.act(simple_choice(table.view()))
    history = table.history()
    assert set(history["games"][0]) == {"seed", "history"}
    replayed = Table.replayed(engine_for, history)
    assert without_id(replayed.view()) == without_id(table.view())
    with pytest.raises(selfplay.ReplayError):
        selfplay.replay_file(engine_for, history)


def _finished_history() -> dict:
    table = Table(engine_for("shuangkou"), seed=9)
    play_through(table)
    return table.history()


HISTORY = _finished_history()


def _spoiled(change) -> dict:
    data = copy.deepcopy(HISTORY)
    change(data)
    return data


@pytest.mark.parametrize("history, key", [
    (None, "commands.replay.not_history"),
    ([], "commands.replay.not_history"),
    ({"games": []}, "commands.replay.no_variant"),
    (_spoiled(lambda d: d.update(games=[])), "commands.replay.no_games"),
    (_spoiled(lambda d: d["games"].append(copy.deepcopy(d["games"][0]))), "studio.table.one_game"),
    (_spoiled(lambda d: d["games"][0].update(seed="1")), "commands.replay.bad_seed"),
    (_spoiled(lambda d: d["games"][0].update(extra=1)), "commands.replay.game_unknown_field"),
    (_spoiled(lambda d: d["games"][0]["history"].__setitem__(0, "play BJ BJ BJ BJ BJ")), "commands.replay.illegal"),
    (_spoiled(lambda d: d["games"][0]["history"].__setitem__(0, 7)), "commands.replay.bad_action"),
    (_spoiled(lambda d: d["games"][0]["history"].pop()), "commands.replay.ends_early"),
    (_spoiled(lambda d: d["games"][0]["history"].extend(["pass"] * 20_001)), "studio.table.too_long"),
    (_spoiled(lambda d: d["games"][0].update(scores=[9, 9, 9, 9])), "commands.replay.outcome_differs"),
    (_spoiled(lambda d: d.update(variant="no-such-variant")), "syntax.unknown_variant"),
])
def test_bad_histories_are_refused(history, key):
    def strict_engine_for(name):  # as the server and `gouji replay` find a variant: an unknown one refused
        ws = Workspace()
        return engines.load(ws, ws.resolve_argument(name))

    with pytest.raises(TableError) as refused:
        Table.replayed(strict_engine_for, history)
    assert isinstance(refused.value.message, Message) and refused.value.message.key == key
    assert refused.value.text("en") and refused.value.text("zh")
    assert Table.replayed(strict_engine_for, HISTORY).view()["over"]


def test_bad_settings_are_refused():
    engine = engine_for("shuangkou")
    for options, key in (({"seat": 5}, "studio.table.bad_seat"), ({"seat": 0}, "studio.table.bad_seat"),
                         ({"seat": "1"}, "studio.table.bad_seat"), ({"seed": -1}, "studio.table.bad_seed"),
                         ({"seed": 2**80}, "studio.table.bad_seed"), ({"seed": 1.5}, "studio.table.bad_seed"),
                         ({"bots": "genius"}, "commands.bots.unknown"), ({"bots": ["heuristic"]}, "studio.table.bad_bots"),
                         ({"bots": "search:100000"}, "studio.table.search_budget")):
        with pytest.raises(TableError) as refused:
            Table(engine, **options)
        assert refused.value.message.key == key, options


def test_the_tables_are_bounded_and_their_ids_unguessable():
    engine = engine_for("shuangkou")
    tables = Tables()
    made = [tables.new(engine, seed=s) for s in range(MAX_TABLES + 8)]
    ids = [table_id for table_id, _table in made]
    assert len(set(ids)) == len(ids) and len(tables) == MAX_TABLES
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{16}", i) for i in ids)  # secrets.token_urlsafe(12): 96 bits
    for table_id, table in made[:8]:  # the least recently used are gone
        assert table_id not in tables
        with pytest.raises(TableError) as refused:
            tables.get(table_id)
        assert refused.value.status == 404 and refused.value.message.key == "studio.table.no_table"
    oldest_kept = ids[8]
    assert tables.get(oldest_kept).view()["id"] == oldest_kept  # used now: no longer the least recent
    tables.new(engine, seed=99)
    assert oldest_kept in tables and ids[9] not in tables
    for nonsense in ("", "t1", None, 3, ids[0][:-1]):
        with pytest.raises(TableError):
            tables.get(nonsense)


def test_a_bot_moves_well_under_300_ms():
    import time

    for name in GAMES:
        table = Table(engine_for(name), seed=13)
        game = table.game
        while not game.is_terminal():
            seat = game.current_player()
            bot = table.bots.get(seat) or make_bot("heuristic", 1)
            started = time.perf_counter()
            action = bot.act(game)
            assert time.perf_counter() - started < 0.3
            game.apply_action(action)


@pytest.mark.parametrize("line, seat, kind", [
    ("seat 3: play J J", 3, "play"),
    ("seat 4: pass", 4, "pass"),
    ("seat 5: defer", 5, "pass"),
    ("seat 2: burn 9 9", 2, "burn"),
    ("seat 2 burns seat 5's 级牌 (烧牌)", 2, "burn"),
    ("seat 2's burn succeeds", 2, "burn"),
    ("seat 2's burn is lifted (解烧)", 2, "burn"),
    ("seat 2 fails the burn (烧牌失误) and takes place 6", 2, "burn"),
    ("seat 5's 9 9 is back on the table", 5, "burn"),
    ("seat 6 opens (开点)", 6, "open"),
    ("seat 6 goes out, place 3", 6, "out"),
    ("tribute dian: seat 1 gives seat 4 BJ", 1, "tribute"),
    ("return: seat 4 gives seat 1 3", 4, "tribute"),
    ("seat 3 buys a 3 from seat 2 for 4", 3, "tribute"),
    ("seat 3 is given a 3 by teammate 5", 3, "tribute"),
    ("seat 1: declare", 1, "info"),
    ("seat 6 leads", 6, "info"),
    ("四户乱缠 (free-for-all) begins", None, "info"),
    ("game over: seat 1 place 6, seat 2 place 1", None, "info"),
    ("scores: [-4, 4, -4, 4, -4, 4]", None, "info"),
])
def test_the_events_name_their_seat_and_kind(line, seat, kind):
    assert _event(line) == {"seat": seat, "text": line, "line": line, "kind": kind}  # English: the engine's words
    assert _event("deal (seed 1000)") == {"seat": None, "text": "deal", "line": "deal", "kind": "info"}


def test_the_labels_are_in_the_tables_language():
    engine = engine_for("shuangkou")
    chinese, english = Table(engine, seed=6, lang="zh").view(), Table(engine, seed=6, lang="en").view()
    assert chinese["legal"] and [a["action"] for a in chinese["legal"]] == [a["action"] for a in english["legal"]]
    for zh, en in zip(chinese["legal"], english["legal"]):
        cards = " ".join(zh["action"].split()[1:])
        assert (zh["label"], en["label"]) == (("出 " + cards, "Play " + cards) if zh["kind"] == "play" else ("过", "Pass"))
    assert Table(engine, seed=6, lang="zh").view(lang="en") == english
