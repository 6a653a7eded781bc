"""The OpenSpiel games (gouji_dsl.integrations.openspiel): every engine variant registered as
`gouji_<name>`, passing OpenSpiel's own random_sim_test with serialisation, dealt by explicit
chance nodes, searchable by MCTS and ISMCTS; a user's house-rule file registered the same way,
and register()'s refusals."""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402 - after the skip: pyspiel brings numpy
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import gouji_dsl  # noqa: E402
from gouji_dsl.integrations import openspiel as gos  # noqa: E402
from gouji_dsl.runtime import bounds, observe  # noqa: E402
from gouji_dsl.runtime.action_ids import MORE  # noqa: E402

from strategies import ALL_ENGINE_VARIANTS  # noqa: E402

# One random simulation of OpenSpiel's random_sim_test checks, at every decision, clones,
# the observations of every seat (tensors and strings) and, at powers of two, serialisation;
# its cost grows with the perfect-recall tensor. Seconds for one simulation on the shared
# 2-core machine (2026-12-01): shuangkou* 1-2, qingdao 3, lianzhong* and huangjindao 4-5,
# zhoujxmt 5, zaozhuang* 6-7, lamb-cn 8. The default run takes one of each variant, and
# `-m slow` three.
SLOW_SIMS = 3

# A house rule: Lianzhong without 革命 (one changed rule, and the 无头 cause that names it).
HOUSE_RULES = """\
variant {name} extends lianzhong

[revolution]
allowed = no

[headless]
cause = opposite_out
"""


def _dealt(game, seed: int):
    """A state of `game` after its deal, the chance outcomes drawn with `seed`."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, weights)[0])
    return state


def _play(state, seed: int, steps: int):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _house_file(tmp_path, name: str):
    path = tmp_path / f"{name}.gouji"
    path.write_text(HOUSE_RULES.format(name=name), encoding="utf-8")
    return path


# --- registration and the game's figures ----------------------------------------------------

def test_every_engine_variant_is_registered_under_its_name():
    assert {gos.game_name(v) for v in ALL_ENGINE_VARIANTS} <= set(pyspiel.registered_names())
    assert gos.game_name("zaozhuang-haixuan") == "gouji_zaozhuang_haixuan"
    assert set(gos.registered()) >= {gos.game_name(v) for v in ALL_ENGINE_VARIANTS}


@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_a_game_reports_the_rules_figures(variant):
    rules = gouji_dsl.engine(variant).RULES
    game = pyspiel.load_game(gos.game_name(variant))
    low, high = bounds.utility_bounds(rules)
    total = bounds.utility_sum(rules)
    assert game.num_players() == rules.players
    assert game.num_distinct_actions() == 1024
    assert game.max_chance_outcomes() == len(rules.card_kinds)
    assert (game.min_utility(), game.max_utility()) == (float(low), float(high))
    assert game.max_game_length() == bounds.max_game_steps(rules)
    assert game.max_chance_nodes_in_history() == rules.players * rules.cards_per_player
    utility = game.get_type().utility
    if total is None:
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
    else:
        assert game.utility_sum() == float(total)
        assert utility == (pyspiel.GameType.Utility.ZERO_SUM if total == 0 else pyspiel.GameType.Utility.CONSTANT_SUM)
    assert game.observation_tensor_size() == observe.observation_tensor_size(rules)
    assert game.information_state_tensor_size() == observe.information_state_tensor_size(rules)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


# --- OpenSpiel's own checks -----------------------------------------------------------------

@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_random_sim_test(variant):
    pyspiel.random_sim_test(pyspiel.load_game(gos.game_name(variant)), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_random_sim_test_more_simulations(variant):
    pyspiel.random_sim_test(pyspiel.load_game(gos.game_name(variant)), num_sims=SLOW_SIMS, serialize=True,
                            verbose=False)


# --- chance: the deal -----------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["lianzhong", "lamb-cn", "shuangkou"])
def test_the_deal_is_one_card_a_chance_node_from_the_deck_left(variant):
    rules = gouji_dsl.engine(variant).RULES
    game = pyspiel.load_game(gos.game_name(variant))
    state = game.new_initial_state()
    total = sum(rules.deck_counts)
    assert state.chance_outcomes() == [(k, n / total) for k, n in enumerate(rules.deck_counts) if n]
    rng = random.Random(7)
    hands = [[0] * len(rules.card_kinds) for _ in range(rules.players)]
    left = list(rules.deck_counts)
    for dealt in range(rules.players * rules.cards_per_player):
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = state.chance_outcomes()
        assert sum(p for _k, p in outcomes) == pytest.approx(1.0)
        assert outcomes == [(k, n / sum(left)) for k, n in enumerate(left) if n]
        card = rng.choices([k for k, _p in outcomes], [p for _k, p in outcomes])[0]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, card) == \
            f"deal {rules.card_kinds[card]} to seat {dealt % rules.players + 1}"
        state.apply_action(card)
        hands[dealt % rules.players][card] += 1
        left[card] -= 1
    assert not state.is_chance_node()
    assert state.engine_game().dealt == hands
    with pytest.raises(ValueError, match="not a chance node"):
        state.chance_outcomes()


def test_a_card_not_left_in_the_deck_is_refused():
    state = pyspiel.load_game("gouji_shuangkou").new_initial_state()
    with pytest.raises(ValueError, match="not a card left in the deck"):
        state.apply_action(99)


@pytest.mark.parametrize("variant", ["lianzhong", "zaozhuang", "shuangkou-baibian"])
def test_a_state_is_a_function_of_its_history(variant):
    # The engine's own randomness after the deal (redeals, a first-leader draw) is seeded by the deal.
    game = pyspiel.load_game(gos.game_name(variant))
    state = _play(_dealt(game, 3), 4, 120)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    assert again.returns() == state.returns()
    assert [again.information_state_string(p) for p in range(game.num_players())] == \
        [state.information_state_string(p) for p in range(game.num_players())]


def test_two_deals_start_different_games():
    game = pyspiel.load_game("gouji_lianzhong")
    assert str(_dealt(game, 1)) != str(_dealt(game, 2))


def test_serialisation_round_trips_mid_game_and_the_copy_plays_on_alike():
    game = pyspiel.load_game("gouji_zaozhuang")
    state = _play(_dealt(game, 5), 6, 60)
    text = pyspiel.serialize_game_and_state(game, state)
    _game, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) and copy.history() == state.history()
    _play(state, 9, 10_000)
    _play(copy, 9, 10_000)
    assert state.is_terminal() and copy.is_terminal()
    assert copy.returns() == state.returns()
    assert sum(state.returns()) == 0


def test_a_clone_is_independent():
    game = pyspiel.load_game("gouji_qingdao")
    state = _play(_dealt(game, 8), 8, 30)
    before = str(state)
    clone = state.clone()
    _play(clone, 1, 20)
    assert str(state) == before and str(clone) != before


# --- actions and observations ---------------------------------------------------------------

def test_actions_are_the_engines_ids_and_strings():
    game = pyspiel.load_game("gouji_lianzhong")
    state = _play(_dealt(game, 11), 2, 15)
    engine_game = state.engine_game()
    assert state.current_player() == engine_game.current_player() - 1
    assert state.legal_actions() == engine_game.legal_action_ids()
    texts = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert texts == [str(a) for a in engine_game.legal_actions()]
    assert state.action_to_string(state.current_player(), 1000) == "id 1000 (not legal here)"


def test_more_turns_the_page_of_a_decision_with_many_actions():
    # Zaozhuang's 54-card hands sometimes have more than 1,024 plays: ids then come in pages.
    game = pyspiel.load_game("gouji_zaozhuang")
    for seed in range(40):
        state = _dealt(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and MORE not in state.legal_actions():
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            break
    else:
        pytest.fail("no decision with more than 1,024 legal actions in 40 random Zaozhuang games")
    player = state.current_player()
    assert state.action_to_string(player, MORE) == "more"
    first_page = [state.action_to_string(player, a) for a in state.legal_actions()]
    history = len(state.engine_game().history())
    state.apply_action(MORE)
    assert state.current_player() == player and len(state.engine_game().history()) == history
    assert [state.action_to_string(player, a) for a in state.legal_actions()][0] not in first_page


def test_during_the_deal_a_seat_observes_the_cards_it_has_been_dealt():
    game = pyspiel.load_game("gouji_shuangkou")
    rules = gouji_dsl.engine("shuangkou").RULES
    state = game.new_initial_state()
    for card in (0, 5, 5, 14, 3, 3):  # seats 1..4 in turn: seat 1 gets 3 and 8
        state.apply_action(card)
    layout = {name: (offset, size) for name, offset, size in observe.observation_layout(rules)}
    offset, size = layout["hand"]
    hand = [0.0] * size
    hand[0], hand[3] = 1.0, 1.0
    assert state.observation_tensor(0)[offset:offset + size] == hand
    assert sum(state.observation_tensor(0)) == 2
    info = {name: (offset, size) for name, offset, size in observe.information_state_layout(rules)}
    offset, size = info["dealt"]
    assert state.information_state_tensor(0)[offset:offset + size] == hand
    assert "dealt 3 6" in state.observation_string(0) and "6 of 108 cards dealt" in state.observation_string(0)
    assert "nothing yet" not in state.observation_string(1)


def test_observations_are_the_engines():
    game = pyspiel.load_game("gouji_qingdao")
    state = _play(_dealt(game, 4), 4, 25)
    engine_game = state.engine_game()
    for player in range(game.num_players()):
        seat = player + 1
        assert state.observation_string(player) == engine_game.observation_string(seat)
        assert state.information_state_string(player) == engine_game.information_state_string(seat)
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32),
                              engine_game.observation_tensor(seat))
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True), None)
    observer.set_from(state, 2)
    assert np.array_equal(observer.tensor, engine_game.information_state_tensor(3))
    assert list(observer.dict) == [name for name, _o, _s in observe.information_state_layout(engine_game.r)]


def test_an_observer_of_another_kind_is_refused():
    game = pyspiel.load_game("gouji_shuangkou")
    public_only = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                             private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="single player's private information"):
        game.make_py_observer(public_only, None)
    with pytest.raises(ValueError, match="take no parameters"):
        game.make_py_observer(None, {"x": 1})


# --- search ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealt", [False, True])
def test_resampling_keeps_what_the_player_knows(dealt):
    game = pyspiel.load_game("gouji_lianzhong")
    if dealt:
        state = _play(_dealt(game, 12), 12, 40)
    else:
        state = game.new_initial_state()
        for card in [0, 1, 2, 3, 4, 5] * 10:
            state.apply_action(card)
    player = 2 if state.is_chance_node() else state.current_player()
    changed = False
    for draw in (0.1, 0.5, 0.9):
        sample = state.resample_from_infostate(player, lambda draw=draw: draw)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        changed |= str(sample) != str(state)
    assert changed


def test_mcts_and_ismcts_bots_play_a_dealt_game():
    game = pyspiel.load_game("gouji_shuangkou")
    state = _dealt(game, 21)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator, solve=False,
                         random_state=np.random.RandomState(2)),
            ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=np.random.RandomState(3))]
    for move in range(6):
        action = bots[move % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.engine_game().history()) == 6


def test_ismcts_searches_a_gouji_game():
    game = pyspiel.load_game("gouji_qingdao")
    state = _play(_dealt(game, 30), 30, 10)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(4))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(5))
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


# --- a user's house rules -------------------------------------------------------------------

def test_a_house_rule_file_is_registered_and_passes_random_sim_test(tmp_path):
    path = _house_file(tmp_path, "club15")
    name = gos.register(path)
    assert name == "gouji_club15"
    game = pyspiel.load_game(name)
    assert game.get_type().long_name.startswith("Gouji: ")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert gos.register(str(path)) == name  # again: the same file, the same game


def test_registering_a_standard_variant_names_its_game():
    assert gos.register("zaozhuang-haixuan") == "gouji_zaozhuang_haixuan"


def test_register_refuses_an_abstract_variant():
    with pytest.raises(ValueError, match="'gouji' has no engine: it is abstract"):
        gos.register("gouji")


def test_register_refuses_a_file_with_errors_and_shows_where(tmp_path):
    path = tmp_path / "broken15.gouji"
    path.write_text("variant broken15 extends lianzhong\n\n[flow]\nlead_return_circles = 9\n", encoding="utf-8")
    with pytest.raises(ValueError) as refused:
        gos.register(path)
    message = str(refused.value)
    assert f"cannot register {path}: {path} has 1 error(s)" in message
    assert "broken15.gouji:4:23: error:" in message and "lead_return_circles = 9" in message
    assert "gouji_broken15" not in pyspiel.registered_names()


def test_register_refuses_an_unknown_variant_or_file(tmp_path):
    with pytest.raises(ValueError, match="unknown variant 'lianzong'.*did you mean 'lianzhong'"):
        gos.register("lianzong")
    with pytest.raises(ValueError, match="no such rule file"):
        gos.register(tmp_path / "missing.gouji")


def test_register_refuses_a_second_file_of_the_same_name(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert gos.register(_house_file(tmp_path / "a", "twin15")) == "gouji_twin15"
    with pytest.raises(ValueError, match=r"gouji_twin15 is .*a[/\\]twin15.gouji's already \(rename the file\)"):
        gos.register(_house_file(tmp_path / "b", "twin15"))


def test_register_refuses_a_file_named_like_a_standard_game(tmp_path):
    path = tmp_path / "zaozhuang-haixuan.gouji"
    path.write_text(HOUSE_RULES.format(name="mine15"), encoding="utf-8")
    with pytest.raises(ValueError, match="gouji_zaozhuang_haixuan is the standard variant's already"):
        gos.register(path)


def test_register_refuses_a_file_name_that_is_no_game_name(tmp_path):
    path = tmp_path / "my club.gouji"
    path.write_text(HOUSE_RULES.format(name="myclub15"), encoding="utf-8")
    with pytest.raises(ValueError, match="'my club' is not a name"):
        gos.register(path)
