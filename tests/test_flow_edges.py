"""Edges of the game flow no standard variant or ordinary game reaches.

Each test pins one behaviour of the runtime (or of the engine template) that
issue 11's mutation run found unguarded: how an action made outside the engine
is shown, which of several revolutionaries sits out when they are too few for a
redeal, and the carry rule (D12) of a burn whose rest holds 3s under 憋三.
"""
from __future__ import annotations

import pytest

import gouji_dsl
from gouji_dsl.runtime.actions import Action
from test_rule_options import KINDS, actions, house


# --- an Action made outside the engine, shown as text ------------------------------------------


def test_an_outside_action_of_a_real_play_reads_like_the_engines_own():
    # Not one of the engine's shared actions, but a well-formed play: shown as cards.
    assert str(Action("play", (0, 3, 0, 0, 0))) == "play 3 3 3"
    assert str(Action("burn", (11, 2, 1, 0, 1))) == "burn A A 2 BJ"


@pytest.mark.parametrize("count", [5000, 10 ** 5000], ids=["5000", "10**5000"])
def test_an_outside_action_with_more_cards_than_any_table_is_described_not_spelled_out(count):
    # More 3s than 256 decks hold: the counts are described, never written out card by card
    # (5000 3s would be 10,000 characters; 10**5000 of them cannot be written at all).
    text = str(Action("play", (0, count, 0, 0, 0)))
    shown = "5000" if count == 5000 else "a huge int"
    assert text == f"('play', (0, {shown}, 0, 0, 0))"


# --- revolution: fewer revolutionaries than redeal_at -----------------------------------------


def _two_seats_may_revolt(engine):
    """A game of `engine` in its revolt phase with at least two seats still to answer."""
    for seed in range(3000):
        g = engine.new_game(seed=seed)
        while g.phase == "declare":
            g.apply_action("pass")
        if g.phase == "revolt" and len(g.phase_seats) >= 2:
            return g
    raise AssertionError("no deal with two possible revolutionaries")


@pytest.mark.parametrize("kind", KINDS)
def test_with_redeal_at_three_the_first_of_two_revolutionaries_sits_out(tmp_path, kind):  # [revolution] redeal_at; D23
    g = _two_seats_may_revolt(house(tmp_path, "lianzhong", "[revolution]\nredeal_at = 3", kind))
    hands = [list(h) for h in g.hands]
    first = g.current_player()
    g.apply_action("revolt")
    second = None
    while g.phase == "revolt":
        if second is None:
            second = g.current_player()
            g.apply_action("revolt")
        else:
            g.apply_action("pass")
    assert second is not None and second != first
    assert g.revolters == [first, second]
    assert [list(h) for h in g.hands] == hands  # two are fewer than three: no redeal
    assert g.revolutionary == first  # the first to revolt sits out, the second plays on
    assert g.places()[first] == 4


# --- 憋三 and burning: the rest's 3s are the last play ---------------------------------------------


@pytest.mark.parametrize("kind", ["engine", "reference_engine"])
@pytest.mark.parametrize("rest,may_burn", [
    ("3 5 BJ", True),       # 5 with the joker, then the 3s last
    ("3 5 6 BJ", False),    # 5 and 6 both need a joker before the 3s: one joker is not enough
    ("3 5 6 BJ SJ", True),  # two jokers: 5 and 6 each go out with one
])
def test_a_burners_rest_with_threes_under_biesan(kind, rest, may_burn):  # [threes] threes_last; [burning] condition; D12
    e = getattr(gouji_dsl, kind)("lianzhong")
    g = e.new_position({1: "Q Q Q 4", 2: f"K K K {rest}", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    if may_burn:
        assert g.current_player() == 2 and "burn K K K" in actions(g)
    else:
        assert g.current_player() == 1 and actions(g) == ["play 4"]  # nobody may answer: seat 1 leads again
