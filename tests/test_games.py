"""Whole games: invariants over seeded random games, generated engine against
the reference interpreter action for action, golden transcripts, replay."""
from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import gouji_dsl
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime.game import IllegalAction, Match, play_action, replay
from gouji_dsl.play.selfplay import play_match, replay_file, to_json, transcript
from golden import check_golden
from invariants import MAX_ACTIONS, check_finished, conserved
from strategies import ENGINE_VARIANTS

GAMES = max(settings().max_examples // 6, 10)


@functools.lru_cache(maxsize=None)
def engine(name):
    return gouji_dsl.engine(name)


def random_game(name, seed, match=None, rng_seed=None, check_every_step=True):
    e = engine(name)
    game = e.new_game(seed=seed, match=match)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    steps = 0
    while not game.is_terminal():
        actions = game.legal_actions()
        assert actions, "the current player always has a legal action"
        assert actions == sorted(actions, key=lambda a: (("pass", "defer", "declare", "revolt", "burn", "play").index(a.kind), a.play or ()))
        if check_every_step:
            assert conserved(game)
            # An unlisted action is refused and leaves the state as it was.
            hand = game.hands[game.current_player() - 1]
            bogus = play_action((0, 1, 0, 0, 0)) if not hand[0] else play_action((11, 30, 0, 0, 0))
            if bogus not in actions:
                before = (game.history(), [list(h) for h in game.hands], game.current_player())
                with pytest.raises(IllegalAction):
                    game.apply_action(bogus)
                assert before == (game.history(), [list(h) for h in game.hands], game.current_player())
        game.apply_action(rng.choice(actions))
        steps += 1
        assert steps < MAX_ACTIONS
    return game


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
@settings(max_examples=GAMES)
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(name, seed):
    game = random_game(name, seed)
    check_finished(game)
    again = replay(engine(name).RULES, game.history(), seed=seed)
    assert again.places() == game.places() and again.returns() == game.returns()
    assert again.hands == game.hands


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_every_listed_action_is_accepted(name):
    game = engine(name).new_game(seed=7)
    rng = random.Random(7)
    while not game.is_terminal():
        actions = game.legal_actions()
        for action in rng.sample(actions, min(len(actions), 6)):
            trial = game.clone()
            trial.apply_action(action)  # must not raise
            assert conserved(trial)
        game.apply_action(rng.choice(actions))
    check_finished(game)


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_matches_carry_tribute_and_conserve_cards(name):
    match = Match()
    tribute_enabled = Compilation(Workspace(), name).checked.tribute.enabled
    for i in range(4):
        game = engine(name).new_game(seed=100 + i, match=match)
        assert conserved(game)
        if i and tribute_enabled:
            assert game.tribute_log or not engine(name).tributes(dict(match.results[-1], previous=match.previous()[:-1]))
        if not tribute_enabled:
            assert game.tribute_log == []
        game = _finish(game, 100 + i)
        check_finished(game)
        match = game.next_match()
    assert len(match.results) == 4


def _finish(game, seed):
    rng = random.Random(seed)
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
@settings(max_examples=max(GAMES // 8, 3))
@given(seed=st.integers(0, 2**32))
def test_generated_and_reference_agree_action_for_action(name, seed):
    gen = engine(name).new_game(seed=seed)
    ref = gouji_dsl.reference_engine(name).new_game(seed=seed)
    rng = random.Random(seed)
    while not gen.is_terminal():
        actions = gen.legal_actions()
        assert actions == ref.legal_actions(), f"{name} seed {seed}: after {[str(a) for a in gen.history()]}"
        action = rng.choice(actions)
        gen.apply_action(action)
        ref.apply_action(action)
    assert ref.is_terminal()
    assert gen.places() == ref.places() and gen.returns() == ref.returns()


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_golden_transcript(name, update_golden):
    """One seeded greedy match per variant, compared in full (like OpenSpiel's playthroughs)."""
    e = engine(name)
    played = play_match(e, seed=5, games=2, bot="greedy")
    check_golden(f"transcripts/{name}.txt", transcript(e, played), update_golden)


def test_saved_history_replays_and_a_tampered_one_is_refused(tmp_path):
    e = engine("lianzhong")
    played = play_match(e, seed=2, games=2, bot="random")
    data = json.loads(to_json(e, played))
    again = replay_file(lambda name: engine(name), data)
    assert [p.game.returns() for p in again] == [p.game.returns() for p in played]
    data["games"][1]["history"][3] = "play 3 3 3 3 3 3 3 3 3 3 3 3"
    from gouji_dsl.play.selfplay import ReplayError
    with pytest.raises(ReplayError, match=r"game 2, action 4"):
        replay_file(lambda name: engine(name), data)
