"""Why an action is refused: the exact message for each reason, in both engines.

A platform shows these messages to its players, so each reason (wrong seat,
a finished seat, a 级牌 only the opposite may answer, a burn that must be a
burn, passing on a lead, 让牌, cards not held, a play that does not beat,
憋三, the declaring phase) is pinned word for word."""
from __future__ import annotations

import pytest

import gouji_dsl
from gouji_dsl.runtime.actions import IllegalAction
from test_rule_options import KINDS

HANDS = {1: "Q Q Q 4 3 BJ", 2: "A A A 5 3", 3: "K K K 6", 4: "K K K 7", 5: "8", 6: "9"}


@pytest.mark.parametrize("variant, moves, action, seat, message", [
    ("zaozhuang", [], "pass", None, "seat 1 leads and may not pass"),
    ("zaozhuang", [], "defer", None,
     "seat 1 may not defer (让牌) now: only the opposite of a non-级牌 play, first to answer it, may"),
    ("zaozhuang", [], "play 7", None, "seat 1 does not hold 7"),
    ("zaozhuang", [], "play 4", 2, "it is seat 1's turn, not seat 2's"),
    ("zaozhuang", [], "play 4", 6, "it is seat 1's turn, not seat 6's"),
    ("zaozhuang", [], "play 4", 7, "7 is not a seat: the seats are 1 to 6"),
    ("zaozhuang", [], "play 4", 0, "0 is not a seat: the seats are 1 to 6"),
    ("zaozhuang", ["play Q Q Q"], "play A A A", None, "seat 3 does not hold A A A"),
    ("zaozhuang", ["play Q Q Q"], "play K K K", 3,
     "seat 3 may answer the 级牌 of seat 1 only by burning it ('burn K K K'): only seat 4 (opposite) answers it plainly"),
    ("zaozhuang", ["play Q Q Q"], "play K K K", 5,
     "seat 5 may not answer a 级牌 of seat 1: only seat 4 (opposite) or a burner may"),
    ("zaozhuang", ["play Q Q Q"], "burn K K K", 6,
     "seat 6 may not answer a 级牌 of seat 1: only seat 4 (opposite) or a burner may"),
    ("zaozhuang", ["play Q Q Q"], "pass", 5, "it is seat 3's turn, not seat 5's"),
    ("zaozhuang", ["play Q Q Q"], "defer", None,
     "seat 3 may not defer (让牌) now: only the opposite of a non-级牌 play, first to answer it, may"),
    ("zaozhuang", ["play 4"], "play 3", None, "3 does not beat 4"),
    ("zaozhuang", ["play 4"], "burn 5", None,
     "seat 2 may not burn (烧牌) this play: a burn answers a 级牌 of a player who is not one's opposite"),
    ("lianzhong", [], "play 3", None, "3s may only be played as one's last play, all of them together (憋三)"),
    ("zaozhuang", ["play Q Q Q"], "play K K K", 4, "it is seat 3's turn, not seat 4's"),  # the opposite, out of turn
    ("huangjindao", [], "play 3", None, "3s may only be played as one's last play, all of them together (憋三)"),
    ("lianzhong", [], "play 3 BJ", None, "3 BJ is not a legal play"),  # 憋三: the 3s go alone (D22)
])
@pytest.mark.parametrize("kind", KINDS)
def test_why_an_action_is_refused(kind, variant, moves, action, seat, message):
    g = getattr(gouji_dsl, kind)(variant).new_position(HANDS, leader=1)
    for move in moves:
        g.apply_action(move)
    before = g.clone()
    with pytest.raises(IllegalAction) as refused:
        g.apply_action(action, seat)
    assert str(refused.value) == message
    # A refused action leaves the state as it was.
    assert g.current_player() == before.current_player()
    assert [str(a) for a in g.legal_actions()] == [str(a) for a in before.legal_actions()]


@pytest.mark.parametrize("kind", KINDS)
def test_a_finished_seat_is_told_so(kind):
    g = getattr(gouji_dsl, kind)("zaozhuang").new_position(HANDS, leader=1, out={5: 1})
    with pytest.raises(IllegalAction, match=r"^seat 5 has finished \(place 1\) and plays no more$"):
        g.apply_action("play 8", 5)


@pytest.mark.parametrize("kind", KINDS)
def test_the_declaring_phase_names_its_choices(kind):
    g = getattr(gouji_dsl, kind)("lianzhong").new_game(seed=3)
    assert [str(a) for a in g.legal_actions()] == ["pass", "declare"]
    with pytest.raises(IllegalAction, match=r"^seat 1 must choose pass or declare now, not play 7$"):
        g.apply_action("play 7")
    with pytest.raises(IllegalAction, match=r"^seat 1 must choose pass or declare now, not defer$"):
        g.apply_action("defer")


@pytest.mark.parametrize("kind", KINDS)
def test_a_position_needs_cards_for_every_seat_still_playing(kind):
    e = getattr(gouji_dsl, kind)("zaozhuang")
    five = {1: "7", 2: "8", 3: "9", 4: "10", 5: "J"}
    for hands in (five, {**five, 6: ""}):
        with pytest.raises(ValueError, match=r"^seat 6 holds no cards: give it cards, or list it in `out` with its place$"):
            e.new_position(hands, leader=1)
    assert e.new_position(five, leader=1, out={6: 1}).place_of == {6: 1}


@pytest.mark.parametrize("kind", KINDS)
def test_a_match_goes_on_only_after_the_game(kind):
    g = getattr(gouji_dsl, kind)("zaozhuang").new_game(seed=1)
    with pytest.raises(IllegalAction, match=r"^the game is not over$"):
        g.next_match()


@pytest.mark.parametrize("kind", KINDS)
def test_replay_names_the_action_it_cannot_apply(kind):
    e = getattr(gouji_dsl, kind)("zaozhuang")
    for history, message in (("pass", "a history is a list of actions, not 'pass'"),
                             ({"a": 1}, "a history is a list of actions, not a dict object"),
                             (["pass"], "action 1 (pass): seat 2 leads and may not pass")):
        with pytest.raises(IllegalAction) as refused:
            e.replay(history, seed=1)
        assert str(refused.value) == message
    g = e.new_game(seed=1)
    first = g.legal_actions()[-1]
    g.apply_action(first)
    again = e.replay((str(first),), seed=1)
    assert again.history() == g.history() and again.current_player() == g.current_player()
