"""Game-flow and engine edges a fresh mutation sample (issue 11, seed 41) found unguarded.

Each test pins one behaviour of the runtime or of the generated engine: how
long texts are cut in messages, a result that pairs a seat with itself, a
position with a seat that holds nothing, the returns of a game still running,
and count vectors no play can be.
"""
from __future__ import annotations

import pytest

import gouji_dsl
from gouji_dsl.runtime.actions import IllegalAction, describe, string_to_action
from gouji_dsl.runtime.cards import ResultError, read_result
from test_rule_options import KINDS, actions, house

SIX_HANDS = {1: "3 4", 2: "5 6", 3: "7 8", 4: "9 10", 5: "J Q", 6: "K A"}


@pytest.fixture(scope="module")
def engine():
    return gouji_dsl.engine("zaozhuang")


@pytest.mark.parametrize("length,cut", [(40, False), (41, True)])
def test_a_string_is_shown_up_to_40_characters_then_cut(length, cut):
    text = "x" * length
    assert describe(text) == repr("x" * 40) + ("..." if cut else "")


@pytest.mark.parametrize("length,cut", [(110, False), (111, True)])
def test_a_card_error_in_an_action_is_cut_after_200_characters(length, cut):
    # The message names the bad token; with a token of 111 characters it is 201 long.
    token = "Z" * length
    with pytest.raises(IllegalAction) as caught:
        string_to_action(f"play 3 {token}")
    full = f"unknown card {token!r} (token 2): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王)"
    assert len(full) == 90 + length
    assert str(caught.value) == (full[:200] + "..." if cut else full)


@pytest.mark.parametrize("name", ["burns", "men"])
def test_a_result_pairing_a_seat_with_itself_is_refused(name):
    read_result({"finish": [1, 2, 3, 4, 5, 6], name: [[2, 3]]})  # a sound pair is read
    with pytest.raises(ResultError, match=f"result.{name} pairs a seat with itself"):
        read_result({"finish": [1, 2, 3, 4, 5, 6], name: [[2, 2]]})


def test_a_position_seat_with_no_cards_must_be_out(engine):
    hands = dict(SIX_HANDS)
    del hands[6]
    with pytest.raises(ValueError, match="seat 6 holds no cards"):
        engine.new_position(hands, leader=1)
    # Listed in `out` with its place, the same seat is sound: it holds an empty hand,
    # a 15-count vector like every other seat's.
    game = engine.new_position(hands, leader=1, out={6: 1})
    assert game.places() == {6: 1}
    assert [len(hand) for hand in game.hands] == [15] * 6 and not any(game.hands[5])


def test_a_game_still_running_returns_nothing_to_anyone(engine):
    game = engine.new_position(SIX_HANDS, leader=1)
    assert not game.is_terminal() and game.returns() == [0] * 6
    game.apply_action("play 3")
    assert game.returns() == [0] * 6


@pytest.mark.parametrize("cards", [(2,) + (0,) * 12 + (-1, 0), (0,) * 5 + (3,) + (0,) * 7 + (-1, 0),
                                   (0,) * 14 + (-1,), (0,) * 14, (1,) * 16],
                         ids=["negative-small", "negative-small-with-6", "negative-big", "14-counts", "16-counts"])
def test_the_engine_classifies_a_vector_with_a_negative_count_or_the_wrong_length_as_no_play(engine, cards):
    assert not engine.classify(cards).valid


@pytest.mark.parametrize("kind", KINDS)
def test_place_points_without_team_sums_score_each_seat_alone(tmp_path, kind):  # [scoring] team_sum = no
    e = house(tmp_path, "zaozhuang", "[scoring]\nteam_sum = no", kind)
    assert e.score({"finish": [1, 2, 3, 4, 5, 6]}) == [4, 2, 0, 0, -2, -4]
    # Seat 2 opened and its opposite (seat 5) did not: 开点 moves 6 points between them.
    assert e.score({"finish": [2, 1, 4, 3, 6, 5], "opened": [2]}) == [2, 4 + 6, 0, 0, -4 - 6, -2]


NEITHER_PAYS_BY_LEVEL = """[tribute]
dian =
  | declared | opened  | me_gives | opp_gives |
  | neither  | me      | 0        | level     |
  | neither  | neither | level    | level     |
  | neither  | both    | 0        | 0         |"""


@pytest.mark.parametrize("kind", KINDS)
def test_a_pair_where_neither_opened_pays_dian_at_level_one(tmp_path, kind):  # [tribute] dian, D18
    # No streak belongs to a pair where neither seat opened: its level is 1, even
    # when the house rule makes that row pay by level.
    e = house(tmp_path, "zaozhuang", NEITHER_PAYS_BY_LEVEL, kind)
    dian = [entry for entry in e.tributes({"finish": [1, 2, 3, 4, 5, 6]}) if entry["kind"] == "dian"]
    assert {(entry["from"], entry["to"]) for entry in dian} == {(1, 4), (4, 1), (2, 5), (5, 2), (3, 6), (6, 3)}
    assert [entry["count"] for entry in dian] == [1] * 6


@pytest.mark.parametrize("kind", KINDS)
def test_without_a_filler_an_answer_may_use_every_card_of_its_rank(tmp_path, kind):  # [cards] filler = none
    # Seat 2 holds exactly three Ks: just enough to answer J J J, with no 2 to fill in.
    e = house(tmp_path, "zaozhuang", "[cards]\nfiller = none", kind)
    g = e.new_position({1: "J J J 4", 2: "K K K 5", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play J J J")  # not a 级牌 (J needs 4): an answer is a plain play
    assert g.current_player() == 2 and actions(g) == ["pass", "play K K K"]
    g = e.new_position({1: "J J J 4", 2: "K K 5", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play J J J")  # two Ks are too few, and nobody else can answer
    assert g.current_player() == 1
