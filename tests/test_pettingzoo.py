"""The PettingZoo environment (gouji_dsl.integrations.pettingzoo): PettingZoo's own API, seed
and render tests for every engine variant and for a user's rule file, and what the suites do
not check: rewards are the engine's returns, masks are read-only prefixes, pages, errors."""
from __future__ import annotations

import random
import warnings
from fractions import Fraction

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import gouji_dsl  # noqa: E402
from gouji_dsl.integrations.pettingzoo import VariantError, env, raw_env  # noqa: E402
from gouji_dsl.runtime.action_ids import ACTION_IDS, MORE  # noqa: E402
from gouji_dsl.runtime.actions import IllegalAction  # noqa: E402
from strategies import ALL_ENGINE_VARIANTS  # noqa: E402

# A house rule: Lianzhong with the lead returning after two circles of passes, not one.
HOUSE_RULES = """\
variant house extends lianzhong

[flow]
lead_return_circles = 2
"""


def suites(make, cycles: int, seed_cycles: int) -> None:
    """PettingZoo's api_test, seed_test and render_test. Warnings every
    dict-observation environment gets ("Observation is not a NumPy array") are not failures."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(make(), num_cycles=cycles)
        seed_test(make, num_cycles=seed_cycles)
        render_test(make)


@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_pettingzoo_suites_pass_for_every_variant(variant):
    # 100 cycles of 4 or 6 agents outlast a whole game (random games last 55-250 actions): the
    # api_test then also checks the end, where it stops.
    suites(lambda render_mode=None: env(variant, render_mode=render_mode), cycles=100, seed_cycles=15)


@pytest.mark.parametrize("variant", ["lianzhong", "shuangkou"])
def test_the_bare_environment_passes_the_api_test(variant):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(raw_env(variant), num_cycles=100)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_every_observation_of_many_games_is_in_its_space(variant):
    # api_test and seed_test each play one game (they reset with a fixed seed): here, 30 deals,
    # every agent's observation after every step checked against its space and the game.
    e = env(variant)
    for seed in range(30):
        e.reset(seed=seed)
        rng = random.Random(seed)
        game = e.unwrapped.game
        while not game.is_terminal():
            for agent in e.agents:
                observation = e.observe(agent)
                assert e.observation_space(agent).contains(observation), (seed, agent, len(game.history()))
            count = e.last(observe=False)[4]["legal_count"]
            assert count == len(game.legal_action_ids())
            e.step(rng.randrange(count))
        assert all(e.terminations.values())
        assert e.rewards == {f"seat_{seat}": float(value) for seat, value in enumerate(game.returns(), 1)}


def test_information_state_observations_pass_the_api_test():
    e = env("shuangkou", observation="information_state")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=30)
    e.reset(seed=1)
    observation = e.last()[0]["observation"]
    seat = e.unwrapped.game.current_player()
    assert e.agent_selection == f"seat_{seat}"
    assert observation.shape == e.observation_space(e.agent_selection)["observation"].shape
    assert np.array_equal(observation, e.unwrapped.game.information_state_tensor(seat))
    assert not np.array_equal(observation, e.unwrapped.game.observation_tensor(seat))


def test_a_house_rule_file_is_an_environment(tmp_path):
    path = tmp_path / "house.gouji"
    path.write_text(HOUSE_RULES, encoding="utf-8")
    e = env(str(path))
    assert e.metadata["name"] == "gouji_house_v0"
    e.reset(seed=3)
    assert e.unwrapped.game.r.lead_return_circles == 2
    assert gouji_dsl.engine("lianzhong").RULES.lead_return_circles == 1
    suites(lambda render_mode=None: env(str(path), render_mode=render_mode), cycles=100, seed_cycles=15)


def play_randomly(e, seed: int) -> dict:
    """A whole game through the environment with random legal ids; the reward each agent
    was given when its termination came, by agent."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    paid = {}
    for agent in e.agent_iter():
        _observation, reward, terminated, truncated, info = e.last(observe=False)
        assert not truncated
        if terminated:
            paid[agent] = reward
            e.step(None)
        else:
            e.step(rng.randrange(info["legal_count"]))
    return paid


@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_rewards_are_the_engines_returns_of_the_replayed_game(variant):
    e = env(variant)
    paid = play_randomly(e, seed=11)
    game = e.unwrapped.game
    replayed = gouji_dsl.engine(variant).replay(game.history(), seed=11)
    assert replayed.is_terminal()
    returns = replayed.returns()
    assert paid == {f"seat_{seat}": float(value) for seat, value in enumerate(returns, 1)}
    assert all(type(reward) is float for reward in paid.values())


def test_fraction_returns_are_paid_as_floats():
    # lamb-cn scores in fractions of a point: find a game whose returns hold one.
    e = env("lamb-cn")
    for seed in range(40):
        paid = play_randomly(e, seed)
        returns = e.unwrapped.game.returns()
        if any(isinstance(value, Fraction) and value.denominator > 1 for value in returns):
            assert paid == {f"seat_{seat}": float(value) for seat, value in enumerate(returns, 1)}
            return
    pytest.fail("no lamb-cn game of seeds 0..39 scored a fraction")


def test_every_agent_terminates_at_the_end_and_none_before():
    e = env("shuangkou")
    e.reset(seed=5)
    rng = random.Random(5)
    while not e.unwrapped.game.is_terminal():
        assert not any(e.terminations.values()) and not any(e.truncations.values())
        e.step(rng.randrange(e.last(observe=False)[4]["legal_count"]))
    assert all(e.terminations.values()) and len(e.terminations) == 4
    assert not any(e.truncations.values())


def test_masks_are_read_only_prefixes_of_the_legal_ids():
    e = env("lianzhong")
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(60):
        agent = e.agent_selection
        observation, _reward, _terminated, _truncated, info = e.last()
        mask = observation["action_mask"]
        count = info["legal_count"]
        assert mask.dtype == np.int8 and mask.shape == (ACTION_IDS,)
        assert count == len(e.unwrapped.game.legal_action_ids()) >= 1
        assert mask[:count].all() and not mask[count:].any()
        assert not mask.flags.writeable
        with pytest.raises(ValueError):
            mask[0] = 0
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(rng.randrange(count))
    assert observation["observation"].dtype == np.float32


def test_a_state_with_more_than_1024_legal_actions_pages_with_more():
    e = env("zaozhuang")
    e.reset(seed=0)  # its first decision has 1,175 legal actions
    game = e.unwrapped.game
    legal = game.legal_actions()
    assert len(legal) > ACTION_IDS
    agent = e.agent_selection
    observation, _reward, _terminated, _truncated, info = e.last()
    assert info["legal_count"] == ACTION_IDS and observation["action_mask"].all()
    e.step(MORE)
    assert e.agent_selection == agent and game.history() == []
    observation, _reward, _terminated, _truncated, info = e.last()
    rest = len(legal) - (ACTION_IDS - 1)
    assert info["legal_count"] == rest
    assert observation["action_mask"].sum() == rest
    e.step(0)
    assert game.history() == [legal[ACTION_IDS - 1]]


def test_a_seed_deals_the_engines_game_and_reset_without_one_follows_from_it():
    e1, e2 = env("zaozhuang"), env("zaozhuang")
    e1.reset(seed=8)
    engine_game = gouji_dsl.engine("zaozhuang").new_game(seed=8)
    assert e1.unwrapped.game.observation(1) == engine_game.observation(1)
    assert e1.unwrapped.game.observation(4) == engine_game.observation(4)
    e2.reset(seed=8)
    e1.reset()
    e2.reset()
    assert e1.unwrapped.game.observation(2) == e2.unwrapped.game.observation(2)
    assert e1.unwrapped.game.observation(2) != engine_game.observation(2)
    e1.reset(seed=np.int64(8))  # a numpy seed is an int too
    assert e1.unwrapped.game.observation(1) == engine_game.observation(1)


def test_legal_actions_info_names_the_actions_of_the_ids():
    e = env("lianzhong", legal_actions_info=True)
    e.reset(seed=4)
    info = e.last(observe=False)[4]
    game = e.unwrapped.game
    assert info["legal_actions"] == [str(action) for action in game.legal_actions()]
    assert info["legal_count"] == len(info["legal_actions"])
    assert e.unwrapped.legal_actions() == info["legal_actions"]


def test_an_illegal_id_is_refused_with_the_legal_ids_and_changes_nothing():
    e = env("shuangkou")
    e.reset(seed=6)
    agent = e.agent_selection
    count = e.last(observe=False)[4]["legal_count"]
    with pytest.raises(IllegalAction, match=rf"action id {count} is not legal here: the legal ids are 0\.\.{count - 1}"):
        e.step(count)
    with pytest.raises(TypeError, match="an action is an int id"):
        e.step(1.5)
    with pytest.raises(IllegalAction, match="the action is None"):
        e.step(None)
    assert e.agent_selection == agent and e.unwrapped.game.history() == []
    e.step(np.int32(0))
    assert len(e.unwrapped.game.history()) == 1


def test_illegal_reward_ends_the_game_for_the_offender():
    e = env("shuangkou", illegal_reward=-1.0)
    e.reset(seed=6)
    agent = e.agent_selection
    observation = e.last()[0]
    illegal = int(observation["action_mask"].sum())
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0


def test_calls_before_reset_are_refused():
    e = env("lianzhong")
    with pytest.raises(AssertionError, match="reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    with pytest.raises(AssertionError, match="reset"):
        e.agent_iter()
    with pytest.raises(RuntimeError, match="before reset"):
        raw_env("lianzhong", render_mode="ansi").render()


def test_ansi_render_shows_the_table_the_hand_to_move_and_the_last_actions():
    e = env("lianzhong", render_mode="ansi")
    e.reset(seed=1)
    rng = random.Random(1)
    for _ in range(12):
        e.step(rng.randrange(e.last(observe=False)[4]["legal_count"]))
    game = e.unwrapped.game
    seat = game.current_player()
    text = e.render()
    assert f"seat_{seat} to move" in text
    assert f"hand of seat_{seat}: {game.observation(seat)['hands'][seat]}" in text
    last_seat, last_action = game.seat_history()[-1]
    assert text.rstrip().endswith(f"seat_{last_seat} {last_action}")
    while e.agents:
        terminated = e.last(observe=False)[2]
        e.step(None if terminated else rng.randrange(e.last(observe=False)[4]["legal_count"]))
    over = e.render()
    assert "game over" in over
    for seat, value in enumerate(game.returns(), 1):
        assert f"seat_{seat}: place {game.places()[seat]}, return {value}" in over


def test_unknown_variants_and_missing_files_are_named():
    with pytest.raises(VariantError, match=r"unknown variant 'lianzong' \(did you mean 'lianzhong'\?\)"):
        env("lianzong")
    with pytest.raises(VariantError, match="no such rule file: missing.gouji"):
        raw_env("missing.gouji")


def test_a_rule_file_with_errors_is_reported_with_its_located_diagnostics(tmp_path):
    path = tmp_path / "bad.gouji"
    path.write_text("variant bad extends lianzhong\n\n[flow]\nlead_return_circles = 9\n", encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        env(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path} has 1 error(s):\n")
    assert "bad.gouji:4:23: error: 9 is out of range" in message
    assert "lead_return_circles = 9" in message and "^" in message  # the line and its caret
    assert len(caught.value.diagnostics) == 1


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="render_mode is None, 'human' or 'ansi', not 'rgb_array'"):
        env("lianzhong", render_mode="rgb_array")
    with pytest.raises(ValueError, match="observation is 'observation', 'information_state' or "
                                         "'compact_information_state', not 'hands'"):
        env("lianzhong", observation="hands")
    with pytest.raises(TypeError, match="a variant is a name"):
        env(3)
