"""The OpenSpiel games (gouji_dsl.integrations.openspiel): every engine variant registered as
`gouji_<name>`, passing OpenSpiel's own random_sim_test with serialisation, dealt by explicit
chance nodes, searchable by MCTS and ISMCTS; a user's house-rule file registered the same way,
and register()'s refusals."""
from __future__ import annotations

import copy as copy_module
import itertools
import math
import pickle
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402 - after the skip: pyspiel brings numpy
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import gouji_dsl  # noqa: E402
from gouji_dsl.integrations import VariantError  # noqa: E402
from gouji_dsl.integrations import openspiel as gos  # noqa: E402
from gouji_dsl.runtime import bounds, tensor_layout  # noqa: E402
from gouji_dsl.runtime.action_ids import MORE  # noqa: E402

from strategies import ALL_ENGINE_VARIANTS, every_variant  # noqa: E402

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


def _moves(state, seed: int, count: int):
    """`count` more random moves (fewer if the game ends): chance outcomes by their
    probabilities, legal actions uniformly."""
    rng = random.Random(seed)
    for _ in range(count):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _view(state) -> tuple:
    """What a state shows through OpenSpiel's API, comparable with ==."""
    players = range(state.num_players())
    return (str(state), state.history(), state.history_str(), state.move_number(), state.is_initial_state(),
            state.current_player(), state.legal_actions(), state.chance_outcomes() if state.is_chance_node() else None,
            [state.observation_tensor(p) for p in players], [state.observation_string(p) for p in players],
            [state.information_state_string(p) for p in players], state.returns())


def _chance_nodes(game) -> int:
    """The deal's chance nodes: the same number in every deal."""
    return game.max_chance_nodes_in_history()


def _paged_state():
    """A Zaozhuang state whose player has more than 1,024 legal actions (ids in pages)."""
    game = pyspiel.load_game("gouji_zaozhuang")
    for seed in range(40):
        state = _dealt(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and MORE not in state.legal_actions():
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            return state
    pytest.fail("no decision with more than 1,024 legal actions in 40 random Zaozhuang games")


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
    assert game.max_chance_outcomes() == max(rules.deck_counts) + 1  # an outcome: a count of one card kind
    assert (game.min_utility(), game.max_utility()) == (float(low), float(high))
    assert game.max_game_length() == bounds.max_game_steps(rules)
    # a node per seat and card kind held, less each seat's last kind and the last seat (the deck is dealt whole)
    assert sum(rules.deck_counts) == rules.players * rules.cards_per_player
    held = sum(1 for copies in rules.deck_counts if copies)
    assert game.max_chance_nodes_in_history() == (rules.players - 1) * (held - 1)
    utility = game.get_type().utility
    if total is None:
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
    else:
        assert game.utility_sum() == float(total)
        assert utility == (pyspiel.GameType.Utility.ZERO_SUM if total == 0 else pyspiel.GameType.Utility.CONSTANT_SUM)
    assert game.observation_tensor_size() == tensor_layout.observation_tensor_size(rules)
    assert game.information_state_tensor_size() == tensor_layout.information_state_tensor_size(rules)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


# --- OpenSpiel's own checks -----------------------------------------------------------------

@pytest.mark.parametrize("variant", every_variant(ALL_ENGINE_VARIANTS))
def test_random_sim_test(variant):
    pyspiel.random_sim_test(pyspiel.load_game(gos.game_name(variant)), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ALL_ENGINE_VARIANTS)
def test_random_sim_test_more_simulations(variant):
    pyspiel.random_sim_test(pyspiel.load_game(gos.game_name(variant)), num_sims=SLOW_SIMS, serialize=True,
                            verbose=False)


# --- chance: the deal -----------------------------------------------------------------------

def _hypergeometric(left: int, rest: int, slots: int) -> list:
    """A node's exact outcomes from the binomials: (count, probability) of a seat with `slots`
    cards to come getting `count` of the `left` copies of a kind, `rest` cards of later kinds left."""
    whole = math.comb(left + rest, slots)
    return [(c, Fraction(math.comb(left, c) * math.comb(rest, slots - c), whole))
            for c in range(max(0, slots - rest), min(left, slots) + 1)]


def _deal_probability(deck, hands, undealt) -> Fraction:
    """The probability that a shuffled deck deals `hands` and leaves `undealt` (count vectors):
    the ways to share each kind's copies out so, over the ways to share the deck out in hands of
    those sizes."""
    ways = math.prod(math.factorial(copies) // math.prod(math.factorial(hand[kind]) for hand in [*hands, undealt])
                     for kind, copies in enumerate(deck))
    sizes = [sum(hand) for hand in [*hands, undealt]]
    return Fraction(ways, math.factorial(sum(deck)) // math.prod(map(math.factorial, sizes)))


@pytest.mark.parametrize("variant", ["lianzhong", "lamb-cn", "shuangkou"])
def test_the_deal_is_a_chance_node_per_seat_and_card_kind_with_exact_probabilities(variant):
    rules = gouji_dsl.engine(variant).RULES
    game = pyspiel.load_game(gos.game_name(variant))
    deck, per, players = rules.deck_counts, rules.cards_per_player, rules.players
    held = [kind for kind, copies in enumerate(deck) if copies]
    for seed in (7, 8):
        state, rng = game.new_initial_state(), random.Random(seed)
        hands = [[0] * len(deck) for _ in range(players)]
        left = list(deck)
        path = Fraction(1)  # the product of the outcomes' exact probabilities
        for seat in range(players - 1):  # the last seat takes the cards left
            for kind in held[:-1]:  # a seat's last kind takes the rest of its hand
                assert state.current_player() == pyspiel.PlayerId.CHANCE
                exact = _hypergeometric(left[kind], sum(left[kind + 1:]), per - sum(hands[seat]))
                assert state.chance_outcomes() == [(c, float(p)) for c, p in exact]  # exact, correctly rounded
                assert state.legal_actions() == [c for c, _p in exact]
                count = rng.choices([c for c, _p in exact], [float(p) for _c, p in exact])[0]
                assert state.action_to_string(pyspiel.PlayerId.CHANCE, count) == \
                    f"seat {seat + 1} is dealt {count} × {rules.card_kinds[kind]}"
                path *= dict(exact)[count]
                state.apply_action(count)
                hands[seat][kind] += count
                left[kind] -= count
            extra = per - sum(hands[seat])
            hands[seat][held[-1]] += extra
            left[held[-1]] -= extra
        hands[-1] = left
        assert not state.is_chance_node()
        assert len(state.history()) == game.max_chance_nodes_in_history()
        assert state.engine_game().dealt == hands
        # the deal is as likely as from a shuffled deck: the product of its outcomes' probabilities
        assert path == _deal_probability(deck, hands, [0] * len(deck))
        with pytest.raises(ValueError, match="not a chance node"):
            state.chance_outcomes()


def _chance_tree(plan, depth: int | None = None) -> dict:
    """Every deal of a plan (or every state `depth` nodes in), as (hands, deck left) -> the sum of
    the exact probabilities of the paths to it."""
    reached: dict = Counter()

    def walk(deal, probability, node):
        if deal.key is None or node == depth:
            reached[tuple(map(tuple, deal.hands)), tuple(deal.left)] += probability
            return
        outcomes = gos._outcome_fractions(deal.key)
        assert [(c, Fraction(a, b)) for c, a, b in outcomes] == _hypergeometric(*deal.key)
        assert plan.outcomes(deal) == tuple((c, a / b) for c, a, b in outcomes)
        for c, a, b in outcomes:
            after = copy_module.deepcopy(deal)
            plan.deal(after, c)
            walk(after, probability * Fraction(a, b), node + 1)

    walk(plan.start(), Fraction(1), 0)
    return reached


# (players, cards each, the deck's copies of each kind): dealt whole; one card left undealt (the
# last seat has nodes too) and a kind the deck does not hold; one card each.
SMALL_DECKS = [(3, 2, (2, 2, 2)), (2, 3, (1, 0, 3, 2, 1)), (2, 2, (2, 1, 2)), (3, 1, (1, 1, 1))]


@pytest.mark.parametrize("players, per_player, deck", SMALL_DECKS)
def test_every_deal_of_a_small_deck_has_a_shuffled_decks_probability(players, per_player, deck):
    plan = gos._DealPlan(players, per_player, deck, tuple(f"k{kind}" for kind in range(len(deck))))
    whole = sum(deck) == players * per_player
    held = sum(1 for copies in deck if copies)
    assert len(plan.nodes) == (players - whole) * (held - 1)
    dealt = _chance_tree(plan)
    # every order of the physical cards, dealt out in turn: each deal with its share of the orders
    cards = [kind for kind, copies in enumerate(deck) for _ in range(copies)]
    shuffled: dict = Counter()
    orders = math.factorial(len(cards))
    for order in itertools.permutations(cards):
        hands = [[0] * len(deck) for _ in range(players)]
        undealt = [0] * len(deck)
        for at, kind in enumerate(order):
            (hands[at // per_player] if at < players * per_player else undealt)[kind] += 1
        shuffled[tuple(map(tuple, hands)), tuple(undealt)] += Fraction(1, orders)
    assert dealt == shuffled
    assert all(p == _deal_probability(deck, hands, undealt) for (hands, undealt), p in dealt.items())


def test_sampled_deals_give_each_seat_its_share_of_every_card():
    # The same through pyspiel's sampler, statistically: 400 Shuangkou deals, each seat's mean
    # count of each kind within 5 standard errors of the hypergeometric mean (the last seat, dealt
    # by no node, included).
    game = pyspiel.load_game("gouji_shuangkou")
    rules = gouji_dsl.engine("shuangkou").RULES
    deck, per, total = rules.deck_counts, rules.cards_per_player, sum(rules.deck_counts)
    rng, deals = random.Random(3), 400
    sums = [[0] * len(deck) for _ in range(rules.players)]
    for _ in range(deals):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(pyspiel.sample_action(state.chance_outcomes(), rng.random())[0])
        for seat, hand in enumerate(state.engine_game().dealt):
            for kind, count in enumerate(hand):
                sums[seat][kind] += count
    for seat in range(rules.players):
        for kind, copies in enumerate(deck):
            share = copies / total
            variance = per * share * (1 - share) * (total - per) / (total - 1)
            assert abs(sums[seat][kind] / deals - per * share) <= 5 * math.sqrt(variance / deals), (seat, kind)


def test_an_outcome_the_node_does_not_have_is_refused_and_changes_nothing():
    state = pyspiel.load_game("gouji_shuangkou").new_initial_state()
    before = _view(state)
    for outcome in (99, 9):
        with pytest.raises(ValueError, match=rf"chance outcome {outcome} is not a number of 3 seat 1 can be dealt here: "
                                             r"the outcomes are \[0, 1, 2, 3, 4, 5, 6, 7, 8\]"):
            state.apply_action(outcome)
    assert _view(state) == before
    state.apply_action(8)  # all eight 3s: the other seats' nodes for the 3 have one outcome, none
    for _ in range(13):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.chance_outcomes() == [(0, 1.0)]
    with pytest.raises(ValueError, match=r"the outcomes are \[0\]"):
        state.apply_action(1)


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


@pytest.mark.parametrize("variant", ["lianzhong", "shuangkou"])
def test_legal_actions_and_is_chance_node_answered_in_python_agree_with_pyspiels_own(variant):
    # The state answers them in Python for Python callers (pyspiel's C++ answer calls back into
    # Python four times); C++ callers get pyspiel's: they must be the same at every state.
    game = pyspiel.load_game(gos.game_name(variant))
    state, rng = game.new_initial_state(), random.Random(5)
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in range(game.num_players()):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if not state.is_chance_node() and not state.is_terminal():
            for asked in (state, pyspiel.State):
                with pytest.raises(pyspiel.SpielError, match="Called LegalActions for pseudo-player -2"):
                    asked.legal_actions(state, -2) if asked is pyspiel.State else asked.legal_actions(-2)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    dealt = _dealt(game, 1)
    ids = dealt.legal_actions()
    ids.append(99999)  # the caller's own list: the state's answer stays the same
    assert dealt.legal_actions() == pyspiel.State.legal_actions(dealt)


def test_more_turns_the_page_of_a_decision_with_many_actions():
    # Zaozhuang's 54-card hands sometimes have more than 1,024 plays: ids then come in pages.
    state = _paged_state()
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
    for count in (1, 0, 0, 2):  # seat 1: one 3, no 4 or 5, two 6s
        state.apply_action(count)
    layout = {name: (offset, size) for name, offset, size in tensor_layout.observation_layout(rules)}
    offset, size = layout["hand"]
    hand = [0.0] * size
    # each count divided by the deck's copies of its card, as in every tensor
    hand[0], hand[3] = 1 / rules.deck_counts[0], 2 / rules.deck_counts[3]
    assert state.observation_tensor(0)[offset:offset + size] == pytest.approx(hand)
    assert sum(state.observation_tensor(0)) == pytest.approx(sum(hand))
    info = {name: (offset, size) for name, offset, size in tensor_layout.information_state_layout(rules)}
    offset, size = info["dealt"]
    assert state.information_state_tensor(0)[offset:offset + size] == pytest.approx(hand)
    # the node is public (the same in every deal); the cards are the seat's own
    assert state.observation_string(0) == "seat 1, dealing (chance node 5 of 42, seat 1's count of 7): dealt 3 6 6"
    assert state.observation_string(1) == "seat 2, dealing (chance node 5 of 42, seat 1's count of 7): dealt nothing yet"
    assert str(state).splitlines()[:2] == ["dealing: chance node 5 of 42, seat 1's count of 7", "seat 1: 3 6 6"]


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
    assert list(observer.dict) == [name for name, _o, _s in tensor_layout.information_state_layout(engine_game.r)]


def test_an_observer_of_another_kind_is_refused():
    game = pyspiel.load_game("gouji_shuangkou")
    public_only = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                             private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="single player's private information"):
        game.make_py_observer(public_only, None)
    with pytest.raises(ValueError, match=r"take one parameter, history, not \['x'\]"):
        game.make_py_observer(None, {"x": 1})


# --- search ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealt", [False, True])
def test_resampling_keeps_what_the_player_knows(dealt):
    game = pyspiel.load_game("gouji_lianzhong")
    # mid-deal: 30 of the 70 nodes, seat 3's third kind (seats 1 and 2 dealt, 4 to 6 not yet)
    state = _play(_dealt(game, 12), 12, 40) if dealt else _moves(game.new_initial_state(), 12, 30)
    players = [state.current_player()] if dealt else [0, 2, 4, 5]
    changed = False
    for player in players:
        for draw in (0.1, 0.5, 0.9):
            sample = state.resample_from_infostate(player, lambda draw=draw: draw)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            if dealt:
                assert sample.legal_actions() == state.legal_actions()
            else:  # a deal in the same place (the outcomes follow the deck left, which it dealt anew)
                assert sample._deal.node == state._deal.node and sample.is_chance_node()
                assert sum(p for _c, p in sample.chance_outcomes()) == pytest.approx(1.0)
                assert _moves(sample.clone(), 1, 100).engine_game() is not None  # it deals on to a game
            changed |= str(sample) != str(state)
    assert changed


@pytest.mark.parametrize("players, per_player, deck", SMALL_DECKS[:2])
def test_resampling_during_the_deal_draws_from_what_the_seat_knows(players, per_player, deck):
    # At every node of a small deck's deal and for every seat: the deals a resampling gives are
    # those the chance nodes could have reached with that seat's cards, each as likely as they
    # make it (the posterior, by enumeration), within 5 standard errors over 1,500 draws.
    plan = gos._DealPlan(players, per_player, deck, tuple(f"k{kind}" for kind in range(len(deck))))
    rng = random.Random(4)
    deal = plan.start()
    for node in range(len(plan.nodes)):
        reached = _chance_tree(plan, node)
        for player in range(players):
            mine = deal.hands[player]
            posterior = {key: p for key, p in reached.items() if list(key[0][player]) == mine}
            total = sum(posterior.values())
            draws = 1500
            seen = Counter()
            for _ in range(draws):
                sample = plan.resampled(deal, player, rng)
                assert sample.node == deal.node and sample.hands[player] == mine
                # the same key as a deal that got there by the chance nodes
                key = (tuple(map(tuple, sample.hands)), tuple(sample.left))
                assert key in posterior, key
                seen[key] += 1
                seat, kind = plan.nodes[node]
                assert sample.key == (sample.left[kind], sum(sample.left[kind + 1:]),
                                      per_player - sum(sample.hands[seat]))
            for key, p in posterior.items():
                share = p / total
                error = math.sqrt(float(share * (1 - share)) / draws)
                assert abs(seen[key] / draws - float(share)) <= 5 * error + 1e-9, (node, player, key)
        plan.deal(deal, rng.choice([c for c, _p in plan.outcomes(deal)]))


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


# --- pickling -------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["lianzhong", "shuangkou-qianbian"])
def test_a_game_pickles_to_an_equal_independent_game_that_plays_alike(variant):
    game = pyspiel.load_game(gos.game_name(variant))
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and copy is not game and type(copy) is type(game)
    assert (copy.num_players(), copy.max_game_length(), copy.observation_tensor_size()) == \
        (game.num_players(), game.max_game_length(), game.observation_tensor_size())
    assert _view(_moves(copy.new_initial_state(), 3, 300)) == _view(_moves(game.new_initial_state(), 3, 300))


STAGES = {"first chance node": lambda deal: 0, "dealing": lambda deal: deal // 2,
          "playing": lambda deal: deal + 40, "over": lambda deal: 100_000}


@pytest.mark.parametrize("variant", ["lianzhong", "zaozhuang", "shuangkou-baibian"])
@pytest.mark.parametrize("stage", list(STAGES))
def test_a_state_pickles_to_an_equal_independent_state_that_plays_on_alike(variant, stage):
    game = pyspiel.load_game(gos.game_name(variant))
    state = _moves(game.new_initial_state(), 7, STAGES[stage](_chance_nodes(game)))
    assert state.is_terminal() == (stage == "over")
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is type(state) and copy is not state
    assert copy.get_game() == game
    assert _view(copy) == _view(state)
    if not state.is_terminal():
        before = _view(state)
        _moves(copy, 8, 1)
        assert _view(state) == before  # independent
        _moves(state, 8, 1)
        assert _view(copy) == _view(state)
        assert _view(_moves(copy, 9, 100_000)) == _view(_moves(state, 9, 100_000))  # the same moves to the end
        assert copy.is_terminal()


def test_many_states_pickle_with_their_game_once():
    game = pyspiel.load_game("gouji_shuangkou")
    states = [_moves(game.new_initial_state(), seed, 120) for seed in range(3)]
    copies = pickle.loads(pickle.dumps(states))
    assert [_view(c) for c in copies] == [_view(s) for s in states]
    assert copies[0].get_game() is copies[1].get_game() is copies[2].get_game()


def test_a_resampled_state_and_a_deep_copy_keep_what_they_are():
    game = pyspiel.load_game("gouji_lianzhong")
    state = _moves(game.new_initial_state(), 5, _chance_nodes(game) + 20)
    sample = state.resample_from_infostate(state.current_player(), lambda: 0.3)
    assert str(sample) != str(state)
    for copy in (pickle.loads(pickle.dumps(sample)), copy_module.deepcopy(sample)):
        assert _view(copy) == _view(sample)
        assert _view(_moves(copy, 4, 50)) == _view(_moves(sample.clone(), 4, 50))


def test_a_page_turned_survives_pickling():
    state = _paged_state()
    player = state.current_player()
    state.apply_action(MORE)
    copy = pickle.loads(pickle.dumps(state))
    assert [copy.action_to_string(player, a) for a in copy.legal_actions()] == \
        [state.action_to_string(player, a) for a in state.legal_actions()]
    assert "page 1" in str(copy) and copy.history()[-1] == MORE


_UNPICKLE = """\
import pickle, sys
from gouji_dsl.integrations import openspiel
if len(sys.argv) > 2:
    openspiel.register(sys.argv[2])
try:
    state = pickle.loads(open(sys.argv[1], "rb").read())
except Exception as exc:
    print(type(exc).__name__, exc)
else:
    print(state.history_str())
    print(state)
"""


def test_a_house_rule_state_unpickles_where_its_file_is_registered_and_says_so_elsewhere(tmp_path):
    path = _house_file(tmp_path, "club25")
    game = pyspiel.load_game(gos.register(path))
    state = _moves(game.new_initial_state(), 4, _chance_nodes(game) + 40)
    data = pickle.dumps(state)
    assert _view(pickle.loads(data)) == _view(state)  # this process has registered it
    (tmp_path / "state.pickle").write_bytes(data)

    def fresh(*register) -> str:  # a new Python: only the standard variants registered on import
        return subprocess.run([sys.executable, "-c", _UNPICKLE, str(tmp_path / "state.pickle"), *register],
                              capture_output=True, text=True, timeout=120, check=True).stdout.strip()

    assert fresh() == (f"VariantError cannot unpickle the game gouji_club25: it was registered from the rule file "
                       f"{path.resolve()}, which this process has not registered: call "
                       f"gouji_dsl.integrations.openspiel.register({str(path.resolve())!r}) before unpickling")
    assert fresh(str(path)) == f"{state.history_str()}\n{state}"


def test_a_pickled_house_rule_game_refuses_rules_changed_since(tmp_path):
    path = _house_file(tmp_path, "club26")
    data = pickle.dumps(pyspiel.load_game(gos.register(path)))
    path.write_text(HOUSE_RULES.format(name="club26") + "\n[flow]\nlead_return_circles = 2\n", encoding="utf-8")
    assert gos.register(path) == "gouji_club26"  # registering the file again picks up its change
    with pytest.raises(VariantError, match="cannot unpickle the game gouji_club26: it was pickled with other rules "
                                           "than those registered under its name now"):
        pickle.loads(data)


def test_a_house_rule_of_wins_and_losses_is_a_zero_sum_game_of_results():  # [scoring] outcome = win_draw_loss
    path = Path(__file__).parent / "conformance" / "win-draw-loss.gouji"
    game = pyspiel.load_game(gos.register(path))
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    # 枣庄's team sums: an opposite's result is always the negative of one's own.
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    state = _moves(game.new_initial_state(), 5, 100_000)
    assert state.is_terminal() and set(state.returns()) <= {-1.0, 0.0, 1.0} and sum(state.returns()) == 0.0


def test_a_game_no_process_can_load_is_named():
    with pytest.raises(VariantError, match="cannot unpickle the game gouji_nowhere: no variant of that name"):
        gos._unpickled_game("gouji_nowhere", "gouji_dsl.generated.nowhere", None)


# --- undo -----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["lianzhong", "shuangkou"])
def test_undo_takes_back_every_move_back_to_the_first_chance_node(variant):
    game = pyspiel.load_game(gos.game_name(variant))
    state, rng = game.new_initial_state(), random.Random(11)
    views, moves = [], []
    while len(moves) < _chance_nodes(game) + 60 and not state.is_terminal():
        views.append(_view(state))
        player = state.current_player()
        outcomes = [a for a, _p in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        action = rng.choice(outcomes)
        state.apply_action(action)
        moves.append((player, action))
    for player, action in reversed(moves):
        state.undo_action(player, action)
        assert _view(state) == views.pop()
        assert [(entry.player, entry.action) for entry in state.full_history()] == moves[:state.move_number()]
    assert state.is_initial_state() and state.history_str() == ""
    # it plays on as a new state does, and its copies too
    assert _view(_moves(state.clone(), 3, 300)) == _view(_moves(game.new_initial_state(), 3, 300))
    assert _view(_moves(state, 3, 300)) == _view(_moves(game.new_initial_state(), 3, 300))


def test_undo_keeps_the_history_as_openspiels_own_games_do():
    ours = _moves(pyspiel.load_game("gouji_shuangkou").new_initial_state(), 2, 130)
    theirs = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in (4, 0, 8):
        theirs.apply_action(action)
    for state in (ours, theirs):
        history, number = state.history(), state.move_number()
        last = state.full_history()[-1]
        state.undo_action(last.player, last.action)
        assert state.history() == history[:-1] and state.move_number() == number - 1
        assert state.history_str() == ", ".join(map(str, history[:-1]))
        assert [entry.action for entry in state.full_history()] == history[:-1]
        assert state.clone().history() == history[:-1]
        state.apply_action(last.action)
        assert state.history() == history and state.move_number() == number and not state.is_initial_state()
        assert (state.full_history()[-1].player, state.full_history()[-1].action) == (last.player, last.action)


def test_an_undone_state_serialises_and_pickles_with_its_history():
    game = pyspiel.load_game("gouji_qingdao")
    state = _moves(game.new_initial_state(), 6, _chance_nodes(game) + 30)
    for _ in range(40):  # back into the deal
        last = state.full_history()[-1]
        state.undo_action(last.player, last.action)
    _moves(state, 12, 45)
    for copy in (game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)),
                 pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
        assert _view(copy) == _view(state)
    # serialize() writes the history itself: a state read from it has pyspiel's own history right
    healed = game.deserialize_state(state.serialize())
    assert pyspiel.State.history(healed) == state.history()
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert _view(replayed) == _view(state)


def test_undo_refuses_what_is_not_the_last_move_and_changes_nothing():
    game = pyspiel.load_game("gouji_lianzhong")
    state = _moves(game.new_initial_state(), 3, _chance_nodes(game) + 10)
    before = _view(state)
    last = state.full_history()[-1]
    for player, action in ((last.player, last.action + 1), ((last.player + 1) % 6, last.action), (-1, last.action)):
        with pytest.raises(ValueError, match=rf"undo_action\({player}, {action}\): the last move is {last.action} "
                                             rf"by player {last.player}, \({last.player}, {last.action}\): "
                                             "only it can be undone"):
            state.undo_action(player, action)
    assert _view(state) == before
    dealing = _moves(game.new_initial_state(), 3, 5)
    with pytest.raises(ValueError, match=r"the last move is \d+ by chance"):
        dealing.undo_action(0, dealing.history()[-1])
    with pytest.raises(ValueError, match=r"undo_action\(-1, 0\): there is no move to undo: none has been applied"):
        game.new_initial_state().undo_action(-1, 0)


def test_undo_takes_back_page_steps_and_the_page_an_action_was_taken_on():
    state = _paged_state()
    player = state.current_player()

    def shown():
        return [state.action_to_string(player, a) for a in state.legal_actions()]

    first, history = shown(), state.history()
    state.apply_action(MORE)
    second = shown()
    assert second != first
    chosen = state.action_to_string(player, 0)
    state.apply_action(0)
    state.undo_action(player, 0)  # back on the second page, where the action was taken
    assert shown() == second and state.action_to_string(player, 0) == chosen
    assert state.history() == history + [MORE] and "page 1" in str(state)
    state.undo_action(player, MORE)
    assert shown() == first and state.history() == history and "page" not in str(state)


def test_a_resampled_state_cannot_take_back_its_real_deal():
    game = pyspiel.load_game("gouji_shuangkou")
    state = _moves(game.new_initial_state(), 5, 40)
    sample = state.resample_from_infostate(1, lambda: 0.7)
    before = _view(sample)
    last = sample.full_history()[-1]
    with pytest.raises(ValueError, match="was resampled .*no outcome of the deal can be taken back"):
        sample.undo_action(last.player, last.action)
    assert _view(sample) == before
    played = _moves(game.new_initial_state(), 5, _chance_nodes(game) + 5)
    sample = played.resample_from_infostate(played.current_player(), lambda: 0.7)
    last = sample.full_history()[-1]
    with pytest.raises(ValueError, match="the engine cannot undo it: .*resampled"):
        sample.undo_action(last.player, last.action)


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
    # Its header must name it as its file does, and that name is a standard variant's: refused
    # before any game is registered.
    with pytest.raises(ValueError, match="this file is named 'zaozhuang-haixuan' but its header says 'mine15'"):
        gos.register(path)
    assert "gouji_zaozhuang_haixuan" in gos.registered()  # the standard game, untouched


def test_register_refuses_a_file_name_that_is_no_game_name(tmp_path):
    path = tmp_path / "my club.gouji"
    path.write_text(HOUSE_RULES.format(name="myclub15"), encoding="utf-8")
    # A variant is named by its file, and "my club" is no variant name: the header cannot match.
    with pytest.raises(ValueError, match="this file is named 'my club' but its header says 'myclub15'"):
        gos.register(path)
