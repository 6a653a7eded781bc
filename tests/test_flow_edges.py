"""Edges of the game flow no standard variant or ordinary game reaches.

Each test pins one behaviour of the runtime (or of the engine template) that
issue 11's mutation run found unguarded: how an action made outside the engine
is shown, which of several revolutionaries sits out when they are too few for a
redeal, and the carry rule (D12) of a burn whose rest holds 3s under 憋三.
"""
from __future__ import annotations

import pytest

import gouji_dsl
from gouji_dsl.runtime.actions import KNOWN, Action, IllegalAction, describe, play_action
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


def test_the_engines_action_for_a_play_is_one_shared_trusted_object():
    # A play no test has made yet: the first call already returns the shared action,
    # the one apply_action trusts by identity (KNOWN) instead of validating it again.
    play = (4, 61, 3, 1, 2)
    first = play_action(play)
    assert first is play_action(play) and id(first) in KNOWN
    assert str(first) == "play " + " ".join(["7"] * 61 + ["2"] * 3 + ["SJ", "BJ", "BJ"])


def test_a_description_shows_six_items_and_elides_the_rest():
    assert describe((1, 2, 3, 4, 5, 6)) == "(1, 2, 3, 4, 5, 6)"
    assert describe([1, 2, 3, 4, 5, 6, 7]) == "[1, 2, 3, 4, 5, 6, ...]"


@pytest.mark.parametrize("action,why", [
    (["play", [0, -1, 0, 0, 0]], "it has a negative card count"),  # a list play is read as its tuple
    (("burn", [13, 1, 0, 0, 0]), "its rank is not -1 (jokers only), 0 (3) ... 11 (A) or 12 (2s only)"),
    (("play", [0, 1, 0, 0, 0, 1]), "a play is a tuple (rank, natural, fillers, small, big)"),
])
def test_a_malformed_action_is_refused_saying_what_is_wrong_with_its_play(action, why):
    g = gouji_dsl.engine("zaozhuang").new_position({1: "Q Q Q 4", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    with pytest.raises(IllegalAction) as refused:
        g.apply_action(action)
    assert str(refused.value) == f"{describe(action)}: {why}"


# --- why an action is illegal -----------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_the_opposite_may_not_burn(kind):  # 000:L41-42
    g = getattr(gouji_dsl, kind)("zaozhuang").new_position({1: "Q Q Q 4", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 4 and actions(g) == ["pass", "play K K K"]
    with pytest.raises(IllegalAction, match=r"^seat 4 may not burn \(烧牌\) this play: a burn answers a 级牌 of a player "
                                            r"who is not one's opposite$"):
        g.apply_action("burn K K K")


@pytest.mark.parametrize("kind", KINDS)
def test_a_play_the_variant_does_not_allow_is_named_so(tmp_path, kind):  # [plays] jokers_alone
    e = house(tmp_path, "zaozhuang", "[plays]\njokers_alone = no", kind)
    g = e.new_position({1: "BJ BJ 4", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert actions(g) == ["play 4", "play 4 BJ", "play 4 BJ BJ"]
    with pytest.raises(IllegalAction, match=r"^BJ BJ is not a legal play$"):
        g.apply_action("play BJ BJ")


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
    ("3 2", False),         # the 2s need a joker too: they cannot follow the 3s
    ("3 2 BJ", True),       # 2 BJ, then the 3s
])
def test_a_burners_rest_with_threes_under_biesan(kind, rest, may_burn):  # [threes] threes_last; [burning] condition; D12
    e = getattr(gouji_dsl, kind)("lianzhong")
    g = e.new_position({1: "Q Q Q 4", 2: f"K K K {rest}", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    if may_burn:
        assert g.current_player() == 2 and "burn K K K" in actions(g)
    else:
        assert g.current_player() == 1 and actions(g) == ["play 4"]  # nobody may answer: seat 1 leads again


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rest,may_burn", [("3 5 BJ", True), ("3 5 6 BJ", False), ("3 5 6 BJ SJ", True),
                                           ("3 2", False), ("3 2 BJ", True)])
def test_the_carry_rule_inside_a_house_burning_formula_under_biesan(tmp_path, kind, rest, may_burn):  # D12; [threes] threes_last
    # A formula that calls carry_rule among other terms is translated, not special-cased:
    # the engine's carry-rule function itself must keep the 3s for last.
    e = house(tmp_path, "lianzhong", "[burning]\ncondition = carry_rule(rest) and sets(rest) <= 4", kind)
    g = e.new_position({1: "Q Q Q 4", 2: f"K K K {rest}", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    if may_burn:
        assert g.current_player() == 2 and "burn K K K" in actions(g)
    else:
        assert g.current_player() == 1 and actions(g) == ["play 4"]


# --- 开点 in 四户乱缠 ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_in_chaos_a_beaten_gouji_does_not_open(kind):  # [open] method = survives; D7, D16, D26
    # Four seats hold cards: 四户乱缠, where a 级牌 has no force. Beaten by a player who is
    # not its opposite, it does not open (only a 级牌 that went out before the chaos may, D26).
    g = getattr(gouji_dsl, kind)("zaozhuang").new_position({1: "Q Q Q 4", 2: "K K K 5", 3: "6 4", 4: "7 4"},
                                                          leader=1, out={5: 1, 6: 2})
    assert g.chaos
    g.apply_action("play Q Q Q")
    assert g.current_player() == 2 and actions(g) == ["pass", "play K K K"]
    g.apply_action("play K K K")
    assert g.opened == set()


# --- burning: the first burning play needs a joker, either joker ----------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_first_burning_play_with_the_small_joker_counts_and_a_2_does_not(tmp_path, kind):  # [burning] first_play_needs_joker
    e = house(tmp_path, "zaozhuang", "[burning]\nfirst_play_needs_joker = yes", kind)
    g = e.new_position({1: "Q Q Q 4", 2: "K K 2 SJ 5", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    # K K 2 beats Q Q Q too, but its 2 is a filler, not a joker.
    assert g.current_player() == 2 and actions(g) == ["pass", "burn K 2 SJ", "burn K K SJ"]


# --- the match after a game -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_the_next_match_remembers_who_went_out_first(kind):  # [table] first_leader = previous_first
    g = getattr(gouji_dsl, kind)("zaozhuang").new_position({1: "4 4", 2: "5", 3: "6", 4: "K", 5: "8", 6: "9"}, leader=4)
    g.apply_action("play K")  # seat 4 goes out first; then the others play in turn until one team is out
    while not g.is_terminal():
        g.apply_action(g.legal_actions()[-1])
    finish = g.result()["finish"]
    assert finish[0] == 4 and len(finish) == 6
    assert g.next_match().first_out == 4


# --- actions offered as tuples, and what a seat sees -----------------------------------------------


@pytest.mark.parametrize("count", [13, 20, 24])  # zaozhuang: 6 decks, so up to 24 of a rank is a well-formed play
def test_a_well_formed_tuple_play_the_seat_lacks_is_refused_as_not_held(count):
    g = gouji_dsl.engine("zaozhuang").new_position({1: "Q Q Q 4", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert g.r.decks == 6
    with pytest.raises(IllegalAction) as refused:
        g.apply_action(("play", (4, count, 0, 0, 0)))
    assert str(refused.value) == "seat 1 does not hold " + " ".join(["7"] * count)


def test_the_card_counts_a_seat_sees_cover_every_other_seat():  # [info] report_at (zaozhuang: 10)
    g = gouji_dsl.engine("zaozhuang").new_position({1: "Q Q Q 4", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert g.observation(2)["card_counts"] == {1: 4, 3: 1, 4: 4, 5: 1, 6: 1}
    assert g.observation(1)["card_counts"] == {2: 1, 3: 1, 4: 4, 5: 1, 6: 1}


@pytest.mark.parametrize("kind", KINDS)
def test_only_a_round_won_with_a_gouji_opens(kind):  # 开点: 000:L33
    g = getattr(gouji_dsl, kind)("zaozhuang").new_position(
        {1: "Q Q Q 4 3", 2: "A A A 5 3", 3: "K K K 6", 4: "K K K 7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play 4")  # not a 级牌: winning the round with it opens nothing
    while g.current_player() != 1:
        g.apply_action("pass")
    assert g.opened == set() and "seat 1 opens (开点)" not in g.log
    g.apply_action("play Q Q Q")  # a 级牌 nobody answers: seat 1 opens
    while g.current_player() != 1:
        g.apply_action("pass")
    assert g.opened == {1} and g.log[-2:] == ["seat 1 opens (开点)", "seat 1 leads"]


@pytest.mark.parametrize("kind", KINDS)
def test_two_revolutionaries_redeal_and_the_transcript_says_so(tmp_path, kind):  # [revolution] redeal_at; D23
    # Every hand may revolt under this house rule; seats 1 and 2 do, the rest pass.
    e = house(tmp_path, "lianzhong", "[revolution]\ncondition = size(hand) > 0", kind)
    g = e.new_game(seed=5)
    while actions(g) == ["pass", "declare"]:
        g.apply_action("pass")
    assert actions(g) == ["pass", "revolt"] and g.current_player() == 1
    g.apply_action("revolt")
    g.apply_action("revolt")
    while actions(g) == ["pass", "revolt"] and g.current_player() != 1:
        g.apply_action("pass")
    lines = g.transcript()
    at = lines.index("2 revolutionaries: redeal")
    assert lines[at - 6:at + 2] == ["seat 1: revolt", "seat 2: revolt", "seat 3: pass", "seat 4: pass", "seat 5: pass",
                                    "seat 6: pass", "2 revolutionaries: redeal", "deal (seed 5)"]
    assert g.revolutionary is None and not any("sits out" in line for line in lines)


def test_a_tribute_card_is_the_payers_highest_down_to_a_3():  # D20
    # A house rule may ask more cards of a payer than the few a small deal gives: the
    # payer gives the highest left each time, 3s last, and nothing once the hand is empty.
    # Cards the payer may not give (000:L60: not dealt to it) are `kept`; here none are.
    g = gouji_dsl.engine("zaozhuang").new_game(seed=1)
    g.hands[0] = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
    none_kept = (0,) * 15
    assert g._highest(1, none_kept) == 11
    g.hands[0][11] = 0
    assert g._highest(1, none_kept) == 0
    g.hands[0][0] = 0
    assert g._highest(1, none_kept) is None
    g.hands[0][14] = 1
    assert g._highest(1, none_kept) == 14
