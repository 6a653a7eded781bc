"""Booleans are not ids, seats, players or seeds anywhere (issue 28 §5): True is 1 to Python, and
to pybind11 on its way into pyspiel, so PettingZoo's step(True) played id 1 while the engine
refused seat=True. Every entry point that takes an int from a caller refuses a bool (numpy's
too) and a float with a clear error that names what was given, and changes nothing.

numpy integers: the adapters take them as the ints they are (a learner's argmax is one); the
engine's own API takes only ints and refuses them as clearly (runtime/actions.py check_seat,
runtime/action_ids.py)."""
from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, strategies as st

import gouji_dsl

VARIANTS = ("zaozhuang", "shuangkou")  # a Gouji engine and a pattern (Shuangkou) engine

# Values that are not ints, though Python compares the bools (and whole floats) equal to one.
NOT_INTS = st.one_of(st.booleans(), st.booleans().map(np.bool_), st.integers(0, 6).map(float),
                     st.integers(0, 6).map(np.float64), st.floats(allow_nan=False, allow_infinity=False))
BOOLS = st.one_of(st.booleans(), st.booleans().map(np.bool_))
NUMPY_INTS = st.tuples(st.sampled_from((np.int8, np.int32, np.int64, np.uint16)), st.integers(0, 5)).map(
    lambda pair: pair[0](pair[1]))


def _named(error: Exception, value) -> bool:
    """Whether the error says what it was given: the value's type or the value itself."""
    words = str(error)
    return type(value).__name__ in words or repr(value) in words or str(value) in words


# --- the engine's own API --------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _game(variant: str, moves: int):
    """A game of `variant` a few moves in (cached: each example works on a clone)."""
    game = gouji_dsl.engine(variant).new_game(seed=7)
    for _ in range(moves):
        if game.terminal:
            break
        game.apply_action(game.legal_action(0))
    return game


# name -> call(game, value): every Game method that takes an id, an index, a page or a seat
ENGINE_CALLS = {
    "apply_action_id": lambda g, v: g.apply_action_id(v),
    "id_to_action": lambda g, v: g.id_to_action(v),
    "action_id_features": lambda g, v: g.action_id_features(v),
    "show_page": lambda g, v: g.show_page(v),
    "legal_action": lambda g, v: g.legal_action(v),
    "apply_action(seat=)": lambda g, v: g.apply_action(g.legal_action(0), seat=v),
    "observation": lambda g, v: g.observation(v),
    "observe": lambda g, v: g.observe(v),
    "observation_tensor": lambda g, v: g.observation_tensor(v),
    "information_state_tensor": lambda g, v: g.information_state_tensor(v),
    "compact_information_state_tensor": lambda g, v: g.compact_information_state_tensor(v),
    "observation_string": lambda g, v: g.observation_string(v),
    "information_state_string": lambda g, v: g.information_state_string(v),
    "resample_from_infostate": lambda g, v: g.resample_from_infostate(v),
    "resample_from_infostate(rng=)": lambda g, v: g.resample_from_infostate(1, v),
}


@given(st.sampled_from(VARIANTS), st.integers(0, 3), st.sampled_from(sorted(ENGINE_CALLS)),
       st.one_of(NOT_INTS, NUMPY_INTS))
def test_the_engine_refuses_anything_but_an_int_and_changes_nothing(variant, moves, call, value):
    if call == "resample_from_infostate(rng=)" and type(value) in (float, np.float64):
        return  # a float seeds a random.Random as Python's own seeds do: only a bool is no seed
    game = _game(variant, moves).clone()
    before = (game.history(), game.page_shown())
    with pytest.raises((TypeError, ValueError, IndexError)) as refused:
        ENGINE_CALLS[call](game, value)
    assert _named(refused.value, value), str(refused.value)
    assert (game.history(), game.page_shown()) == before


@given(st.sampled_from(VARIANTS), BOOLS)
def test_no_bool_seeds_a_game_or_leads_a_position(variant, value):
    engine = gouji_dsl.engine(variant)
    with pytest.raises(ValueError, match="seed"):
        engine.new_game(seed=value)
    dealt = engine.new_game(seed=1)
    hands = {seat: dealt.kinds.format_cards(dealt.hands[seat - 1]) for seat in range(1, engine.RULES.players + 1)}
    with pytest.raises(ValueError, match="not a seat"):
        engine.new_position(hands, leader=value)


# --- PettingZoo --------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _env(variant: str):
    pz = pytest.importorskip("gouji_dsl.integrations.pettingzoo")
    return pz.env(variant)


@functools.lru_cache(maxsize=None)
def _raw_env(variant: str):
    return pytest.importorskip("gouji_dsl.integrations.pettingzoo").raw_env(variant)


def test_pettingzoo_step_true_is_not_id_1():
    """The reported defect: step(True) played id 1."""
    e = _env("zaozhuang")
    e.reset(seed=3)
    with pytest.raises(TypeError, match=r"an action is an int id \(0\.\.1023\), not bool True"):
        e.step(True)
    assert e.unwrapped.game.history() == []


class _IndexSaysTrue:
    """An object whose __index__ answers True (found by tests/soak_integrations.py)."""

    def __index__(self):
        return True  # noqa: PLE0305 - the forgery under test: an __index__ that is no int


def test_an_index_that_answers_a_bool_is_not_an_id():
    e = _env("qingdao")
    e.reset(seed=1)
    with pytest.raises(TypeError, match="an action is an int id"):
        e.step(_IndexSaysTrue())
    assert e.unwrapped.game.history() == []


@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), NOT_INTS)
def test_pettingzoo_refuses_a_bool_or_float_action_and_seed(variant, seed, value):
    e = _env(variant)
    e.reset(seed=seed)
    agent = e.agent_selection
    with pytest.raises(TypeError, match="an action is an int id") as refused:
        e.step(value)
    assert _named(refused.value, value)
    assert e.agent_selection == agent and e.unwrapped.game.history() == []
    with pytest.raises(TypeError, match="a seed is an int") as refused:
        e.reset(seed=value)
    assert _named(refused.value, value)
    assert e.unwrapped.game.history() == []  # the game reset before is still there, untouched


@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), NUMPY_INTS)
def test_pettingzoo_takes_a_numpy_int_as_the_int(variant, seed, value):
    plain, numpy = _env(variant), _raw_env(variant)
    plain.reset(seed=seed)
    numpy.reset(seed=np.int64(seed))
    assert plain.unwrapped.game.hands == numpy.game.hands
    count = plain.last(observe=False)[4]["legal_count"]
    if int(value) < count:
        plain.step(int(value))
        numpy.step(value)
        assert plain.unwrapped.game.history() == numpy.game.history()


# --- OpenSpiel ---------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _states(variant: str):
    """(a chance node, a decision of the game after the deal) of the variant's pyspiel game."""
    openspiel = pytest.importorskip("gouji_dsl.integrations.openspiel")
    import pyspiel

    game = pyspiel.load_game(openspiel.game_name(variant))
    chance = game.new_initial_state()
    decision = chance.clone()
    while decision.is_chance_node():
        decision.apply_action(decision.legal_actions()[-1])
    return chance, decision


# name -> call(state, value): every pyspiel State method that takes a player or an action id,
# and the observer's
OPENSPIEL_CALLS = {
    "apply_action": lambda s, v: s.apply_action(v),
    "apply_action_with_legality_check": lambda s, v: s.apply_action_with_legality_check(v),
    "child": lambda s, v: s.child(v),
    "action_to_string(player, _)": lambda s, v: s.action_to_string(v, 0),
    "action_to_string(_, action)": lambda s, v: s.action_to_string(0, v),
    "action_to_string(action)": lambda s, v: s.action_to_string(v),
    "legal_actions": lambda s, v: s.legal_actions(v),
    "legal_actions_mask": lambda s, v: s.legal_actions_mask(v),
    "observation_string": lambda s, v: s.observation_string(v),
    "observation_tensor": lambda s, v: s.observation_tensor(v),
    "information_state_string": lambda s, v: s.information_state_string(v),
    "information_state_tensor": lambda s, v: s.information_state_tensor(v),
    "player_return": lambda s, v: s.player_return(v),
    "player_reward": lambda s, v: s.player_reward(v),
    "undo_action(player, _)": lambda s, v: s.undo_action(v, 0),
    "undo_action(_, action)": lambda s, v: s.undo_action(0, v),
    "resample_from_infostate": lambda s, v: s.resample_from_infostate(v, lambda: 0.5),
    "observer.set_from": lambda s, v: s.get_game().make_py_observer().set_from(s, v),
    "observer.string_from": lambda s, v: s.get_game().make_py_observer().string_from(s, v),
}


@given(st.sampled_from(VARIANTS), st.booleans(), st.sampled_from(sorted(OPENSPIEL_CALLS)), NOT_INTS)
def test_openspiel_refuses_a_bool_or_float_player_or_action(variant, at_chance, call, value):
    chance, decision = _states(variant)
    state = (chance if at_chance else decision).clone()
    before = state.history()
    with pytest.raises(TypeError) as refused:
        OPENSPIEL_CALLS[call](state, value)
    assert _named(refused.value, value), str(refused.value)
    assert state.history() == before


@given(st.sampled_from(VARIANTS), st.booleans(), NUMPY_INTS)
def test_openspiel_takes_a_numpy_int_as_the_int(variant, at_chance, value):
    chance, decision = _states(variant)
    state = chance if at_chance else decision
    legal = state.legal_actions()
    action = legal[int(value) % len(legal)]
    as_int, as_numpy = state.clone(), state.clone()
    as_int.apply_action(action)
    as_numpy.apply_action(type(value)(action) if action <= np.iinfo(type(value)).max else action)
    assert as_int.history() == as_numpy.history()
    player = int(value) % state.num_players()
    assert state.observation_string(type(value)(player)) == state.observation_string(player)
    assert state.legal_actions(type(value)(player)) == state.legal_actions(player)


@given(st.sampled_from(VARIANTS), st.booleans(), st.sampled_from(sorted(OPENSPIEL_CALLS)),
       st.one_of(st.integers(min_value=1 << 63), st.integers(max_value=-(1 << 63) - 1)))
def test_openspiel_refuses_an_int_past_64_bits_in_a_line(variant, at_chance, call, value):
    """Found by tests/soak_integrations.py at the issue's scale: pybind11 refused such an int with
    a TypeError quoting the whole state and every digit (over 1,000 characters)."""
    chance, decision = _states(variant)
    state = (chance if at_chance else decision).clone()
    before = state.history()
    with pytest.raises(ValueError, match="must fit a (32|64)-bit int") as refused:
        OPENSPIEL_CALLS[call](state, value)
    assert len(str(refused.value)) < 200 and state.history() == before
