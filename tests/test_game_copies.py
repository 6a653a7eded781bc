"""Copies of a game for search and training (issue 15): a state deep-copies and pickles
(and a pickled state continues exactly as the original would), and `undo_action` takes
back any action, leaving a state equal to the one before it."""
from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl.runtime import flow
from gouji_dsl.runtime.actions import KNOWN
from gouji_dsl.runtime.game import IllegalAction
from gouji_dsl.runtime.state import rules_of_module

from helpers import random_game, scratch_workspace
from invariants import state_of
from strategies import ALL_ENGINE_VARIANTS

def _random_prefix(name: str, seed: int, steps: int):
    return random_game(gouji_dsl.engine(name), seed, steps)


def _play_out(game, seed: int) -> tuple[list[str], object]:
    rng = random.Random(seed)
    actions = []
    while not game.is_terminal():
        action = rng.choice(game.legal_actions())
        actions.append(str(action))
        game.apply_action(action)
    return actions, game.returns()


@settings(max_examples=24, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_a_pickled_or_deep_copied_state_continues_as_the_original(name, seed, steps):
    game = _random_prefix(name, seed, steps)
    expected = _play_out(game.clone(), seed + 1)
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert state_of(copied) == state_of(game)
        # the copy shares the engine's rules, notation and shared actions (the fast path)
        assert copied.r is game.r and copied.kinds is game.kinds
        assert all(id(action) in KNOWN for action in copied.history())
        assert _play_out(copied, seed + 1) == expected
    assert state_of(game) == state_of(_random_prefix(name, seed, steps))  # copying changed nothing


@settings(max_examples=24, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(1, 120))
def test_undo_after_any_actions_restores_each_earlier_state(name, seed, steps):
    game = gouji_dsl.engine(name).new_game(seed=seed)
    rng = random.Random(seed)
    states, actions = [state_of(game.clone())], []
    for _ in range(steps):
        if game.is_terminal():
            break
        action = rng.choice(game.legal_actions())
        game.apply_action(action)
        actions.append(action)
        states.append(state_of(game.clone()))
    while actions:
        assert game.undo_action() is actions.pop()
        states.pop()
        assert state_of(game) == states[-1]
    with pytest.raises(IllegalAction, match="no action to undo"):
        game.undo_action()
    # and the game plays on from there as a new one would
    assert _play_out(game, seed) == _play_out(gouji_dsl.engine(name).new_game(seed=seed), seed)


def test_the_seat_history_tags_each_action_with_its_seat():
    game = _random_prefix("zaozhuang", 5, 80)
    tagged = game.seat_history()
    assert [action for _seat, action in tagged] == game.history()
    replay = gouji_dsl.engine("zaozhuang").new_game(seed=5)
    for seat, action in tagged:
        assert replay.current_player() == seat
        replay.apply_action(action)


def test_undo_in_a_position_goes_back_to_the_position():
    engine = gouji_dsl.engine("lianzhong")
    game = engine.new_position({1: "7 7", 2: "8 8 SJ", 3: "9", 4: "A A", 5: "3", 6: "4"}, leader=1)
    start = state_of(game.clone())
    game.apply_action(game.legal_actions()[-1])
    game.undo_action()
    assert state_of(game) == start


def test_a_pickled_game_of_a_standard_variant_loads_in_a_new_process(tmp_path):
    game = _random_prefix("lamb-cn", 3, 60)   # extra card kinds: actions of a notation of its own
    path = tmp_path / "game.pickle"
    path.write_bytes(pickle.dumps(game))
    code = ("import pickle, sys; g = pickle.loads(open(sys.argv[1], 'rb').read()); "
            "print(g.r.name, len(g.history()), g.current_player())")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [game.r.name,
                                   str(len(game.history())), str(game.current_player())]


def test_a_users_engine_pickles_in_its_process_and_says_why_not_elsewhere(tmp_path):
    from gouji_dsl import engines

    ws = scratch_workspace(tmp_path, {"club": "variant club extends zaozhuang\n[flow]\ndefer = no\n"})
    engine = engines.load(ws, "club")
    game = engine.new_game(seed=1)
    game.apply_action(game.legal_actions()[0])
    again = pickle.loads(pickle.dumps(game))
    assert again.r is game.r and state_of(again) == state_of(game)
    with pytest.raises(ValueError, match="load its variant first"):
        rules_of_module("gouji_dsl._built.no_such_engine_0000")


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(1, 100),
       moves=st.lists(st.integers(0, 3), min_size=1, max_size=40))
def test_undo_keeps_checkpoints_and_stays_exact(name, seed, steps, moves):
    """A search's pattern: apply, undo, apply another, clone and undo the clone. Each state is the
    one a new game reaches by replaying its history; after the first undo the game keeps
    checkpoints, so an undo replays at most UNDO_EVERY - 1 actions."""
    engine = gouji_dsl.engine(name)
    game = _random_prefix(name, seed, steps)
    rng = random.Random(seed)
    replays = []
    original = type(game).apply_action
    for move in moves:
        if move == 0 and game.history():
            replays.clear()
            tracked = game._trail is not None  # undone before: it keeps checkpoints
            type(game).apply_action = lambda self, *a, **k: (replays.append(1), original(self, *a, **k))[1]
            try:
                game.undo_action()
            finally:
                type(game).apply_action = original
            if tracked:
                assert len(replays) < flow.UNDO_EVERY
        elif move == 1 and game.history():
            other = game.clone()
            other.undo_action()
            assert other.history() == game.history()[:-1]
        elif not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
        replayed = engine.replay(game.history(), seed=seed)
        assert state_of(game) == state_of(replayed)
