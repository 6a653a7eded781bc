"""Whole Shuangkou games (runs, bombs, wild jokers) on the shared game flow: invariants
over seeded random games, the generated engine against the reference interpreter
action for action (on small positions: the reference's plays are brute force),
golden transcripts, replay, and the flow rules the rule files state (K5, S14, S20)."""
from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings, strategies as st

import gouji_dsl
from gouji_dsl.play.selfplay import play_match, transcript
from gouji_dsl.runtime.game import IllegalAction, replay
from golden import check_golden
from invariants import MAX_ACTIONS, check_finished, conserved, sorted_legal
from strategies import SHUANGKOU_VARIANTS

GAMES = max(settings().max_examples // 10, 5)


@functools.lru_cache(maxsize=None)
def engine(name):
    return gouji_dsl.engine(name)


@functools.lru_cache(maxsize=None)
def reference(name):
    return gouji_dsl.reference_engine(name)


def play_out(game, rng, check=True):
    steps = 0
    while not game.is_terminal():
        actions = game.legal_actions()
        assert actions, "the current player always has a legal action"
        if check:
            assert sorted_legal(actions)
            assert conserved(game)
        game.apply_action(rng.choice(actions))
        steps += 1
        assert steps < MAX_ACTIONS
    return game


def test_the_three_variants_have_engines():
    assert SHUANGKOU_VARIANTS == ["shuangkou", "shuangkou-baibian", "shuangkou-qianbian"]


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
@settings(max_examples=GAMES, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(name, seed):
    game = play_out(engine(name).new_game(seed=seed), random.Random(seed))
    check_finished(game)  # places a permutation, cards conserved, zero-sum (002:L32-52, L133-157), nothing hidden shown
    result = game.result()
    assert set(result) == {"finish", "bombs"}
    # S20: the game ends as soon as both players of one team are out; the first out's team wins.
    out, teams = game.finish_order, game.r.teams
    holders = [s for s in range(1, 5) if s not in out]
    assert holders and len({teams[s] for s in holders}) == 1
    assert sum(teams[s] == teams[out[-1]] for s in out) == 2  # the last player out completed a team
    assert game.returns() == engine(name).score(result)
    again = replay(engine(name).RULES, game.history(), seed=seed)
    assert again.returns() == game.returns() and again.transcript() == game.transcript()


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
def test_bombs_are_recorded_with_their_lines(name):
    game = engine(name).new_game(seed=11)
    rng = random.Random(11)
    bombs = []
    while not game.is_terminal():
        seat = game.current_player()
        action = rng.choice(game.legal_actions())
        if action.kind == "play" and action.play[3]:
            bombs.append([seat, action.play[3]])
        game.apply_action(action)
    assert game.result()["bombs"] == bombs


def _small_position(name, rng):
    """Four small hands dealt from the two-deck pack (the reference enumerates every sub-multiset)."""
    deck = [i for i in range(13) for _ in range(8)] + [13, 13, 14, 14]
    rng.shuffle(deck)
    size = rng.randint(4, 7)
    hands = {}
    for seat in range(1, 5):
        counts = [0] * 15
        for card in deck[(seat - 1) * size:seat * size]:
            counts[card] += 1
        hands[seat] = tuple(counts)
    return hands


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
@settings(max_examples=max(GAMES, 8), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_generated_and_reference_agree_action_for_action(name, seed):
    rng = random.Random(seed)
    hands = _small_position(name, rng)
    leader = rng.randint(1, 4)
    gen = engine(name).new_position(hands, leader, seed=seed)
    ref = reference(name).new_position(hands, leader, seed=seed)
    while not gen.is_terminal():
        actions = gen.legal_actions()
        assert [str(a) for a in actions] == [str(a) for a in ref.legal_actions()], \
            f"{name} seed {seed}: after {[str(a) for a in gen.history()]}"
        action = rng.choice(actions)
        gen.apply_action(action)
        ref.apply_action(str(action))
    assert ref.is_terminal()
    assert gen.transcript() == ref.transcript()
    assert gen.places() == ref.places() and gen.returns() == ref.returns()


def test_a_pass_does_not_stop_a_later_play_and_three_passes_end_the_round():
    """K5: seat 2 passes on seat 1's 3, and may still beat seat 4's 5 in the same round."""
    e = engine("shuangkou")
    game = e.new_position({1: "3 K K", 2: "6 9 9", 3: "4 Q Q", 4: "5 J J"}, 1)
    for action in ("play 3", "pass", "pass", "play 5"):
        game.apply_action(action)
    assert game.current_player() == 1
    game.apply_action("pass")
    assert [str(a) for a in game.legal_actions()] == ["pass", "play 6", "play 9"]
    game.apply_action("play 6")
    for action in ("pass", "pass", "pass"):
        game.apply_action(action)
    assert game.current_player() == 2 and game.top is None  # three passes: seat 2 leads anew


def test_partner_takes_over_an_unanswered_last_play():
    """S14 对家接风: seat 1 goes out with a 2 that seat 2 could beat but passes; its partner, seat 3, leads."""
    e = engine("shuangkou")
    game = e.new_position({1: "2", 2: "3 BJ", 3: "5 6", 4: "7 8"}, 1)
    game.apply_action("play 2")
    assert game.current_player() == 2  # seats 3 and 4 cannot beat a 2: they pass without being asked
    game.apply_action("pass")
    assert game.places() == {1: 1}
    assert game.current_player() == 3 and game.top is None


def test_the_game_ends_when_a_team_is_out():
    """S20: seats 1 and 3 go out first and second: 双扣, the game ends with 2 and 4 still holding cards."""
    e = engine("shuangkou")
    game = e.new_position({1: "2", 2: "3 4", 3: "BJ", 4: "7 8"}, 1)
    for action in ("play 2", "pass", "play BJ"):
        game.apply_action(action)
    assert game.is_terminal()
    assert game.result() == {"finish": [1, 3, 4, 2], "bombs": []}  # K10: equal cards left, playing order after seat 3
    assert game.returns() == [3, -3, 3, -3]


def test_a_wild_play_is_read_with_its_stand_in_and_refused_where_the_joker_is_not_wild():
    hands = {1: "5 6 7 8 BJ", 2: "3 3", 3: "4 4", 4: "9 9"}
    baibian = engine("shuangkou-baibian").new_position(hands, 1)
    assert "play 5 6 7 8 BJ=9" in [str(a) for a in baibian.legal_actions()]
    baibian.apply_action("play 5 6 7 8 BJ=9")
    assert baibian.places() == {1: 1}
    classic = engine("shuangkou").new_position(hands, 1)
    with pytest.raises(IllegalAction, match="not one play"):
        classic.apply_action("play 5 6 7 8 BJ=9")
    with pytest.raises(IllegalAction, match="does not hold"):
        classic.apply_action("play 9 9")


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
def test_golden_transcript(name, update_golden):
    """One seeded greedy match per variant, compared in full."""
    e = engine(name)
    played = play_match(e, seed=5, games=2, bot="greedy")
    check_golden(f"transcripts/{name}.txt", transcript(e, played), update_golden)


@pytest.mark.parametrize("kind", ["generated", "reference"])
def test_the_first_leader_is_the_previous_winner_unless_the_game_was_a_double(kind):
    """S13: after 单扣 / 平扣 the previous game's first player out leads; after 双扣 (and in
    the first game) a card turned face up decides, so the leader is drawn ([results] redraw_after)."""
    e = engine("shuangkou") if kind == "generated" else reference("shuangkou")
    cases = {  # hands and plays to a finish: (finish order, its class)
        "double": ({1: "2", 2: "3 4", 3: "BJ", 4: "7 8"}, ["play 2", "play BJ"]),
        "single": ({1: "2", 2: "BJ 4", 3: "5 BJ", 4: "7 8"}, ["play 2", "play BJ", "play 4", "play 5", "pass", "play BJ"]),
    }
    for name, (hands, actions) in cases.items():
        game = e.new_position(hands, 1)
        for action in actions:
            game.apply_action(action)
        assert game.is_terminal(), (name, game.transcript())
        match = game.next_match()
        assert match.first_out == (None if name == "double" else 1), (name, game.transcript())


@pytest.mark.parametrize("kind", ["generated", "reference"])
def test_partners_see_each_other_only_in_shuangming(kind, tmp_path):
    """S10: 全暗 (the variants) shows each player their own hand; 双明, a house rule
    `[info] show_team_at = 27`, shows the partner's too, never an opponent's."""
    from gouji_dsl import engines
    from gouji_dsl.lang.loader import Workspace

    (tmp_path / "shuangming.gouji").write_text("variant shuangming extends shuangkou\n[info]\nshow_team_at = 27\n",
                                               encoding="utf-8")
    ws = Workspace.for_user([str(tmp_path)])
    hands = {1: "3 4", 2: "5 6", 3: "7 8", 4: "9 10"}
    dark = engines.load(ws, "shuangkou", kind).new_position(hands, 1)
    light = engines.load(ws, "shuangming", kind).new_position(hands, 1)
    assert dark.observation(1)["hands"] == {1: "3 4"}
    assert light.observation(1)["hands"] == {1: "3 4", 3: "7 8"}
    assert light.observation(2)["hands"] == {2: "5 6", 4: "9 10"}
