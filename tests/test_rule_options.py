"""Rule options that no shipped variant switches: each one as a house rule, both values.

Every test writes `variant house extends <standard>` with the one option set,
builds both engines from it (the generated one and the reference interpreter),
sets up a position where the option decides the legal actions or the result,
and checks both values of the option. Without these, a wrong realisation of
an option no standard variant uses survives every other test (issue 11's
mutation run found them: teammates_may_burn, after_pass, first_play_needs_joker,
no_single_return, 要3).
"""
from __future__ import annotations

import re
import zlib
from fractions import Fraction
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.runtime.actions import IllegalAction

KINDS = ["engine", "reference_engine"]


def house(tmp_path: Path, parent: str, rules: str, kind: str):
    """The engine of `kind` for a house rule file: `parent` with `rules` (section and lines)."""
    name = f"house{zlib.crc32(f'{parent}|{rules}'.encode())}"
    path = tmp_path / f"{name}.gouji"
    path.write_text(f'variant {name} extends {parent}\n\n[about]\ntitle = "家规"\ntitle_en = "House rules"\n\n{rules}\n',
                    encoding="utf-8")
    return getattr(gouji_dsl, kind)(str(path))


def actions(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def target(engine, cards: str):
    return engine.classify(engine.parse_cards(cards)).play


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("allowed", [True, False])
def test_teammates_may_burn(tmp_path, kind, allowed):  # [burning] teammates_may_burn; D14
    e = house(tmp_path, "zaozhuang", f"[burning]\nteammates_may_burn = {'yes' if allowed else 'no'}", kind)
    # Seat 3, seat 1's teammate, is the only one who can beat Q Q Q (and may, by burning).
    g = e.new_position({1: "Q Q Q 4", 2: "5", 3: "K K K 6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    if allowed:
        assert g.current_player() == 3 and actions(g) == ["pass", "burn K K K"]
    else:
        assert g.current_player() == 1 and actions(g) == ["play 4"]  # nobody may answer: seat 1 leads again
    # Seat 2, an opponent, may burn either way: first after the teammate (联邦优先), or alone.
    g = e.new_position({1: "Q Q Q 4", 2: "A A A 5", 3: "K K K 6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    if allowed:
        assert g.current_player() == 3 and actions(g) == ["pass", "burn K K K"]
        g.apply_action("pass")
    assert g.current_player() == 2 and actions(g) == ["pass", "burn A A A"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("allowed", [True, False])
def test_burn_after_pass(tmp_path, kind, allowed):  # [burning] after_pass
    e = house(tmp_path, "zaozhuang", f"[burning]\nafter_pass = {'yes' if allowed else 'no'}", kind)
    g = e.new_position({1: "J J J 4", 2: "K K K 5", 3: "Q Q Q 6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play J J J")  # not a 级牌 (J needs 4)
    assert g.current_player() == 2 and actions(g) == ["pass", "play K K K"]
    g.apply_action("pass")
    g.apply_action("play Q Q Q")  # a 级牌 of seat 3; seat 2, who passed in this round, could burn it
    if allowed:
        assert g.current_player() == 2 and actions(g) == ["pass", "burn K K K"]
    else:
        assert g.current_player() == 3 and actions(g) == ["play 6"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("needed", [True, False])
def test_first_burning_play_needs_a_joker(tmp_path, kind, needed):  # [burning] first_play_needs_joker
    e = house(tmp_path, "zaozhuang", f"[burning]\nfirst_play_needs_joker = {'yes' if needed else 'no'}", kind)
    g = e.new_position({1: "Q Q Q 4", 2: "K K K BJ BJ 5", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 2
    with_joker = ["pass", "burn K BJ BJ", "burn K K BJ"]
    assert actions(g) == (with_joker if needed else with_joker + ["burn K K K"])
    # K K K 5 can burn only with K K K (the rest, 5, goes out at once): not when the burn needs a joker.
    assert e.can_burn(e.parse_cards("K K K BJ BJ 5"), target(e, "Q Q Q"))
    assert e.can_burn(e.parse_cards("K K K 5"), target(e, "Q Q Q")) is (not needed)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", [True, False])
def test_no_single_return(tmp_path, kind, rule):  # [tribute] no_single_return 不还单张
    e = house(tmp_path, "zaozhuang", f"[tribute]\nno_single_return = {'yes' if rule else 'no'}", kind)
    cards = e.parse_cards
    hand, received, given, payer = cards("5 6 7 K"), cards(""), cards("A"), cards("5 7 8")
    returnable = e.format_cards(e.returnable(hand, received, given, payer))
    assert returnable == ("5 7" if rule else "5 6 7 K")
    # The offer itself, card by card: what the payer lacks is offered 0 times, never less.
    assert tuple(e.returnable(hand, received, given, payer)) == tuple(cards("5 7" if rule else "5 6 7 K"))
    # Between teammates, and when the payer's hand is not known, the rule does not apply.
    assert e.format_cards(e.returnable(hand, received, given, payer, teammates=True)) == "5 6 7 K"
    assert e.format_cards(e.returnable(hand, received, given)) == "5 6 7 K"


def _after_declaring(engine, seed: int):
    """A new game of `engine` after everyone passed the 宣点 phase (买3 and 要3, [buy], happen then)."""
    g = engine.new_game(seed=seed)
    while actions(g) == ["pass", "declare"]:
        g.apply_action("pass")
    return g


@pytest.mark.parametrize("kind", KINDS)
def test_ask_three_a_teammate_gives_a_three(tmp_path, kind):  # [buy] sellers: 要3 of D22
    # price = []: nobody can pay the opposite for a 3, so a player dealt none can only ask a teammate.
    asks = house(tmp_path, "lianzhong", "[buy]\nprice = []\nsellers = [opposite, teammate_after, teammate_before]", kind)
    never = house(tmp_path, "lianzhong", "[buy]\nprice = []\nsellers = [opposite]", kind)
    team = {1: {3, 5}, 3: {1, 5}, 5: {1, 3}, 2: {4, 6}, 4: {2, 6}, 6: {2, 4}}
    gifts = 0
    for seed in range(12):
        dealt = [tuple(h) for h in _after_declaring(never, seed).hands]  # the same deal, nothing given
        after = [tuple(h) for h in _after_declaring(asks, seed).hands]
        moved = {s: after[s - 1][0] - dealt[s - 1][0] for s in range(1, 7) if after[s - 1] != dealt[s - 1]}
        assert all(after[s - 1][1:] == dealt[s - 1][1:] for s in moved), seed  # only 3s change hands
        for seat in range(1, 7):
            may_give = [t for t in team[seat] if dealt[t - 1][0] >= 2]  # seller_min = 2
            if dealt[seat - 1][0] == 0 and may_give:
                assert moved.get(seat) == 1, (seed, seat)  # asked, and given one
                gifts += 1
            elif seat in moved:
                # Otherwise a seat's 3s change only when it gives one to a teammate dealt none.
                assert moved[seat] == -1 and dealt[seat - 1][0] >= 2, (seed, seat)
                assert any(dealt[t - 1][0] == 0 for t in team[seat]), (seed, seat)
        assert sum(moved.values()) == 0, seed
    assert gifts >= 3  # the deals of these seeds do exercise 要3


# Whether the burn is lifted when (the burner's opposite, a 无头 player, another opponent) beats
# the burner's play: for each shorthand, and for expressions of a file's own (Chinese names too).
LIFTS = {"anyone": (True, True, True), "opposite_or_headless": (True, True, False), "no": (False, False, False),
         "beater == opposite(burner)": (True, False, False), "headless(打牌者)": (False, True, False),
         "not (beater == opposite(burner) or headless(beater))": (False, False, True)}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lift", list(LIFTS))
def test_lift(tmp_path, kind, lift):  # [burning] lift 解烧; D15, zhoujxMT B8
    by_opposite, by_headless, by_other = LIFTS[lift]
    e = house(tmp_path, "zaozhuang", f"[burning]\nlift = {lift}\n[gouji]\njokers_make_gouji = no", kind)
    # The burner's opposite (seat 5) beats the burner's play.
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 5 5 6 BJ", 3: "3", 4: "4", 5: "A A A 7 7", 6: "6"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("pass")  # seat 5
    g.apply_action("burn K K K")
    assert 2 in g.obligation and g.current_player() == 5
    g.apply_action("play A A A")  # beats the burner's play: that lifts the burn, if 解烧 is a rule
    assert (2 in g.obligation) is not by_opposite
    # A 无头 player (seat 3: seat 6 is out) beats it.
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 5 5 6 BJ", 3: "A A A 3", 4: "4", 5: "7"}, leader=1, out={6: 1})
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    assert g.current_player() == 3 and "play A A A" in actions(g)  # a 无头 player answers a 级牌 plainly
    g.apply_action("play A A A")
    assert (2 in g.obligation) is not by_headless
    # Anyone else (seat 3, an opponent of the burner) beats it.
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 5 5 SJ 9", 3: "6 6 BJ 3", 4: "4", 5: "7", 6: "6"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    assert g.current_player() == 2 and g.top is None
    g.apply_action("play 5 5 SJ")  # not a 级牌 here (jokers_make_gouji = no): answered in turn
    assert g.current_player() == 3
    g.apply_action("play 6 6 BJ")
    assert (2 in g.obligation) is not by_other


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("order", ["[2, 4, 1, 5, opposite]", "[1, 2, opposite, 4, 5]", "[opposite, 5]"])
def test_burn_ask_order(tmp_path, kind, order):  # [burning] ask_order; D14, zhoujxMT B3
    e = house(tmp_path, "zaozhuang", f"[burning]\nask_order = {order}", kind)
    # Seat 2 (1 after seat 1), seat 5 (4 after) and seat 6 (5 after) can burn; seat 4 is the opposite.
    hands = {1: "Q Q Q 4", 2: "K K K 5", 3: "3", 4: "A A A 6", 5: "A A A 7", 6: "K K K 8"}
    g = e.new_position(hands, leader=1)
    g.apply_action("play Q Q Q")
    asked = []
    while g.top is not None:
        kinds = {a.split()[0] for a in actions(g) if a != "pass"}
        asked.append((g.current_player(), kinds.pop()))
        g.apply_action("pass")
    asked.append((g.current_player(), "lead"))
    want = {"[2, 4, 1, 5, opposite]": [(5, "burn"), (2, "burn"), (6, "burn"), (4, "play"), (1, "lead")],
            "[1, 2, opposite, 4, 5]": [(2, "burn"), (4, "play"), (5, "burn"), (6, "burn"), (1, "lead")],
            "[opposite, 5]": [(4, "play"), (6, "burn"), (1, "lead")]}[order]
    assert asked == want
    if order == "[1, 2, opposite, 4, 5]":
        # The opposite beats the 级牌: seats 5 and 6 are no longer asked about seat 1's, and
        # nobody can beat his A A A: he leads.
        g = e.new_position(hands, leader=1)
        g.apply_action("play Q Q Q")
        g.apply_action("pass")  # seat 2
        g.apply_action("play A A A")  # seat 4
        assert g.top is None and g.current_player() == 4


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("check", ["every_play", "leads_only"])
def test_joker_check(tmp_path, kind, check):  # [burning] joker_check; D15, zhoujxMT B6
    e = house(tmp_path, "zaozhuang", f"[burning]\njoker_check = {check}\nlift = no", kind)
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 6 6 SJ 9 9", 3: "3", 4: "4", 5: "7 7 BJ 8 3", 6: "6"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    assert g.current_player() == 2 and g.top is None
    g.apply_action("play 6 6 SJ")  # a lead with a joker
    assert g.current_player() == 5
    g.apply_action("play 7 7 BJ")  # the burner's opposite beats it (no 解烧 here)
    assert g.current_player() == 5 and g.top is None
    g.apply_action("play 8")
    while g.current_player() != 2:
        g.apply_action("pass")
    g.apply_action("play 9")  # an answer without a joker, not the burner's last play
    if check == "every_play":
        assert 2 in g.places() and 2 not in g.obligation  # the burn failed
    else:
        assert 2 not in g.places() and 2 in g.obligation
        while g.current_player() != 2:
            g.apply_action("pass")
        assert g.top is None  # seat 2 leads: a lead without a joker (not the last play) fails
        g.apply_action("play 9")
        assert 2 in g.places() and 2 not in g.obligation


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rounds", ["none", "2"])
def test_free_after_rounds(tmp_path, kind, rounds):  # [burning] free_after_rounds; zhoujxMT B4
    e = house(tmp_path, "zaozhuang", f"[burning]\nfree_after_rounds = {rounds}", kind)
    # Seat 2 can beat A A and the 2, but the cards it keeps fail the burn condition (carry rule).
    g = e.new_position({1: "K K A A 2 4", 2: "SJ BJ 5 6 7 8", 3: "3", 4: "4", 5: "5", 6: "6"}, leader=1)
    g.apply_action("play K K")  # a 级牌 in round 1: nobody can beat it
    assert g.current_player() == 1 and g.top is None
    g.apply_action("play A A")  # a 级牌 in round 2: the round before it is only one
    assert g.current_player() == 1 and g.top is None
    g.apply_action("play 2")  # round 3: seat 1 played 级牌 in two earlier rounds
    if rounds == "2":
        assert g.current_player() == 2 and actions(g) == ["pass", "burn BJ", "burn SJ"]
        g.apply_action("burn SJ")
        assert 2 in g.obligation
    else:
        assert g.current_player() == 1 and g.top is None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("allowed", [True, False])
def test_burning_allowed(tmp_path, kind, allowed):  # [burning] allowed 烧牌
    e = house(tmp_path, "zaozhuang", f"[burning]\nallowed = {'yes' if allowed else 'no'}", kind)
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 5 BJ", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    if allowed:
        assert g.current_player() == 2 and actions(g) == ["pass", "burn K K BJ", "burn K K K"]
    else:
        assert g.current_player() == 1 and actions(g) == ["play 4"]
    assert e.can_burn(e.parse_cards("K K K 5 BJ"), target(e, "Q Q Q")) is allowed


AFTER_PASSING = "[flow]\nanswer_play = not passed(answerer) or not teammate(answerer, owner)"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", ["", AFTER_PASSING])
def test_answer_play_says_who_may_answer_after_passing(tmp_path, kind, rule):  # [flow] answer_play
    # Seat 2 passes on seat 1's 5; seat 3 plays 7. May seat 2 answer it, a play of the other team?
    e = house(tmp_path, "zaozhuang", rule, kind) if rule else getattr(gouji_dsl, kind)("zaozhuang")
    g = e.new_position({1: "5 9", 2: "6 8 K", 3: "7 10", 4: "4 J", 5: "4 Q", 6: "4 A"}, leader=1)
    for action in ("play 5", "pass", "play 7", "pass", "pass", "pass", "pass"):
        g.apply_action(action)
    if rule:  # a pass loses the right to answer one's own team only
        assert g.current_player() == 2 and actions(g) == ["pass", "play 8", "play K"]
    else:  # the pass rule (round_except_opposite): seat 2 answers only its opposite, seat 5
        assert g.current_player() == 6 and "play A" in actions(g)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule, answers", [("", False), ("answer_gouji = opposite_or_any_headless", True),
                                           ("answer_gouji = answerer == opposite(owner) or headless(answerer)", True),
                                           ("answer_gouji = answerer == opposite(owner)", False)])
def test_answer_gouji_says_who_may_answer_a_gouji_play(tmp_path, kind, rule, answers):  # [flow] answer_gouji
    # Seat 1 is out, so seat 4 is 无头; seat 4 passed seat 2's plain 5. May it answer seat 5's 级牌 2?
    e = house(tmp_path, "zaozhuang", f"[flow]\n{rule}", kind) if rule else getattr(gouji_dsl, kind)("zaozhuang")
    g = e.new_position({2: "5 7 7", 3: "3 4", 4: "9 BJ 6", 5: "2 8", 6: "3 4"}, leader=2, out={1: 1})
    for action in ("play 5", "pass", "play 2"):
        g.apply_action(action)
    if answers:
        assert g.current_player() == 4 and actions(g) == ["pass", "play BJ"]
    else:  # nobody else may answer: the round is seat 5's
        assert g.current_player() == 5 and actions(g) == ["play 8"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("anyone", [True, False])
def test_gouji_answered_by_anyone(tmp_path, kind, anyone):  # [flow] gouji_answer
    # With gouji_answer = anyone there is nothing to burn: burning is off in both files.
    e = house(tmp_path, "zaozhuang", f"[flow]\ngouji_answer = {'anyone' if anyone else 'opposite_only'}\n\n"
                                     "[burning]\nallowed = no", kind)
    g = e.new_position({1: "K K 4", 2: "A A 5 6 7", 3: "3", 4: "A A 9", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play K K")
    if anyone:
        assert g.current_player() == 2 and actions(g) == ["pass", "play A A"]
    else:
        assert g.current_player() == 4 and actions(g) == ["pass", "play A A"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("defer", [True, False])
def test_defer_switched_off(tmp_path, kind, defer):  # [flow] defer 让牌; D5
    e = house(tmp_path, "lianzhong-bubiesan", f"[flow]\ndefer = {'yes' if defer else 'no'}", kind)
    g = e.new_position({1: "5 5 9", 2: "3", 3: "4", 4: "6 6 8", 5: "7 7 9", 6: "4 4"}, leader=1)
    g.apply_action("play 5 5")
    assert g.current_player() == 4
    assert actions(g) == (["pass", "defer", "play 6 6"] if defer else ["pass", "play 6 6"])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("keeps", [True, False])
def test_chaos_pass_keeps_the_right_to_answer(tmp_path, kind, keeps):  # [chaos] pass_keeps_right; D7
    e = house(tmp_path, "zaozhuang", f"[chaos]\npass_keeps_right = {'yes' if keeps else 'no'}", kind)
    g = e.new_position({1: "5 8", 2: "6 9", 3: "4", 5: "4"}, leader=1, out={4: 1, 6: 2})
    g.apply_action("play 5")
    assert g.current_player() == 2
    g.apply_action("pass")
    if keeps:
        assert g.current_player() == 2 and "play 6" in actions(g)  # asked again in the second circle
    else:
        assert g.current_player() == 1 and g.top is None
    # Who has not passed may answer, either way, in the first circle: with one circle
    # (lianzhong-bubiesan) there is no second one in which to be asked.
    e = house(tmp_path, "lianzhong-bubiesan", f"[chaos]\npass_keeps_right = {'yes' if keeps else 'no'}", kind)
    g = e.new_position({1: "5 8", 2: "6 9", 3: "4", 5: "4"}, leader=1, out={4: 1, 6: 2})
    assert g.chaos
    g.apply_action("play 5")
    assert g.current_player() == 2
    g.apply_action("play 6")
    assert g.current_player() == 1 and actions(g) == ["pass", "play 8"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("answer, again", [("not passed(answerer) or not teammate(answerer, owner)", True),
                                           ("not passed(answerer) or teammate(answerer, owner)", False)])
def test_chaos_answer_says_who_may_answer_in_the_free_for_all(tmp_path, kind, answer, again):  # [chaos] answer
    # Seat 2 passes on seat 1's 5 in 四户乱缠: may it answer in the second circle, an opponent's play?
    e = house(tmp_path, "zaozhuang", f"[chaos]\nanswer = {answer}", kind)
    g = e.new_position({1: "5 8", 2: "6 9", 3: "4", 5: "4"}, leader=1, out={4: 1, 6: 2})
    assert g.chaos
    g.apply_action("play 5")
    g.apply_action("pass")
    if again:
        assert g.current_player() == 2 and "play 6" in actions(g)
    else:
        assert g.current_player() == 1 and g.top is None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("joker", ["SJ", "BJ"])
def test_a_burner_playing_either_joker_does_not_fail(tmp_path, kind, joker):  # D15: a joker, small or big
    e = house(tmp_path, "zaozhuang", "[burning]\nlift = anyone", kind)
    g = e.new_position({1: "Q Q Q 4 4", 2: f"K K K 5 5 6 6 {joker}", 3: "3 3 3 3", 4: "4", 5: "5", 6: "6"},
                       leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    assert g.current_player() == 2 and g.top is None
    g.apply_action(f"play 5 5 {joker}")  # not the last play, but it carries a joker: the burn goes on
    assert 2 not in g.places() and 2 in g.obligation


@pytest.mark.parametrize("place,ok", [(5, True), (6, True), (7, False)])
def test_the_revolutionary_may_take_the_last_place(tmp_path, place, ok):  # [revolution] place, at most players
    from helpers import diagnostics_for

    text = f"variant house extends huangjindao\n\n[revolution]\nplace = {place}\n"
    assert (diagnostics_for(tmp_path, text) == []) is ok


def test_opposites_naming_a_missing_seat_is_one_error(tmp_path):  # [table] opposites
    from helpers import diagnostics_for

    text = "variant house extends zaozhuang\n\n[table]\nopposites = [[1, 7], [2, 5], [3, 6]]\n"
    found = [d.split(" error: ", 1)[1] for d in diagnostics_for(tmp_path, text)]
    assert found == ["opposites name seat 7, but there are only seats 1..6"]  # not also "seat 4 has no opposite"


@pytest.mark.parametrize("lines,error", [("L50-50", None), ("L50-51", None),
                                         ("L50-49", "citation @000:L50-49 ends before it starts")])
def test_a_cited_line_range_may_be_one_line_but_not_reversed(tmp_path, lines, error):  # [about] citations
    from helpers import diagnostics_for

    text = f"variant house extends zaozhuang\n\n[flow]\nlead_return_circles = 1  @000:{lines}\n"
    found = [d.split(" error: ", 1)[1] for d in diagnostics_for(tmp_path, text)]
    assert found == ([error] if error else [])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("limit", ["none", "not_above_received"])
def test_return_limit(tmp_path, kind, limit):  # [tribute] return_limit; D20
    e = house(tmp_path, "zaozhuang", f"[tribute]\nreturn_limit = {limit}\nreturn_from_dealt = no", kind)
    cards = e.parse_cards
    hand = cards("5 7 7 8 K 2")
    # Not above the lowest card received from this payer: 7 of "7 A", so 5 and 7 only.
    assert e.format_cards(e.returnable(hand, cards(""), cards("A 7"))) == ("5 7 7" if limit != "none" else "5 7 7 8 K 2")
    assert e.format_cards(e.returnable(hand, cards(""), cards("2"))) == "5 7 7 8 K 2"
    # Nothing received from this payer: no limit.
    assert e.format_cards(e.returnable(hand, cards(""), cards(""))) == "5 7 7 8 K 2"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dealt", [True, False])
def test_return_from_dealt(tmp_path, kind, dealt):  # [tribute] return_from_dealt; D20
    e = house(tmp_path, "zaozhuang", f"[tribute]\nreturn_limit = none\nreturn_from_dealt = {'yes' if dealt else 'no'}", kind)
    cards = e.parse_cards
    # The receiver got an 8 and a K in tribute (from anyone): with the rule, one 8 and the K are not theirs to return.
    got = e.returnable(cards("5 8 8 K"), cards("8 K"), cards("A"))
    assert e.format_cards(got) == ("5 8" if dealt else "5 8 8 K")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fillers_count", ["yes", "no"])
def test_thresholds_table_is_the_whole_list_of_gouji_ranks(tmp_path, kind, fillers_count):  # [gouji] thresholds, fillers_count; D4
    # A house table with a row for 3s, and none for 10 ... A: only 3s (5 or more) and 2s are 级牌.
    e = house(tmp_path, "zaozhuang", "[gouji]\nthresholds =\n  | rank | at_least |\n  | 3 | 5 |\n  | 2 | 1 |\n"
              f"fillers_count = {fillers_count}", kind)
    gouji = {cards: e.classify(e.parse_cards(cards)).gouji
             for cards in ("3 3 3 3 3", "3 3 3 3", "3 3 3 3 2", "10 10 10 10 10", "A A A A 2", "2", "2 2")}
    assert gouji == {"3 3 3 3 3": True, "3 3 3 3": False, "3 3 3 3 2": fillers_count == "yes",
                     "10 10 10 10 10": False, "A A A A 2": False, "2": True, "2 2": True}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("jokers", ["yes", "no"])
def test_jokers_make_gouji(tmp_path, kind, jokers):  # [gouji] jokers_make_gouji
    e = house(tmp_path, "zaozhuang", f"[gouji]\njokers_make_gouji = {jokers}", kind)
    gouji = {cards: e.classify(e.parse_cards(cards)).gouji for cards in ("SJ", "BJ BJ", "7 SJ", "10 10 10 10 10", "3 BJ")}
    assert gouji == {"SJ": jokers == "yes", "BJ BJ": jokers == "yes", "7 SJ": jokers == "yes", "10 10 10 10 10": True,
                     "3 BJ": jokers == "yes"}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rules, hand, whole", [
    ("[plays]\njokers_alone = no", "SJ BJ BJ", "SJ BJ BJ"),
    ("[plays]\nfillers_alone = no", "2 2", "2 2"),
    ("[plays]\nfillers_alone = no\njokers_alone = no", "2 BJ", "2 BJ"),
    ("[plays]\nfillers_alone = no\n[threes]\nthrees_last = yes\n[buy]\nranks = []", "3 3 2", "3 3 2"),
])
def test_a_leader_with_nothing_to_lead_goes_out_with_the_whole_hand(tmp_path, kind, rules, hand, whole):  # D27
    e = house(tmp_path, "zaozhuang", rules, kind)
    g = e.new_position({1: hand, 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert actions(g) == [f"play {whole}"]
    g.apply_action(f"play {whole}")
    assert g.place_of == {1: 1}
    # Only when nothing else may be led: with a 7 as well, the leader plays what the rules allow.
    g = e.new_position({1: hand + " 7", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert f"play {whole}" not in actions(g) and "play 7" in actions(g)
    with pytest.raises(IllegalAction):
        g.apply_action(f"play {whole}")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seat", [1, 5])
def test_a_fixed_seat_leads_first_in_every_game(tmp_path, kind, seat):  # [table] first_leader = fixed_seat, first_seat
    e = house(tmp_path, "zaozhuang", f"[table]\nfirst_leader = fixed_seat\nfirst_seat = {seat}", kind)
    leaders = {e.new_game(seed=s).current_player() for s in range(12)}
    assert leaders == {seat}
    drawn = house(tmp_path, "zaozhuang", "[table]\nfirst_leader = random", kind)
    assert len({drawn.new_game(seed=s).current_player() for s in range(12)}) > 1


# --- [flow] pass_rule = once_per_round, going_out_gouji = as_usual; [chaos] starts_at = none (issue 12) ---

# lamb-cn's turn flow: anyone answers a 级牌, no burning, no 让牌; one circle makes a round.
ONE_CIRCLE = "[burning]\nallowed = no\n[flow]\ngouji_answer = anyone\ndefer = no\nlead_return_circles = 1\npass_rule = "


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", ["once_per_round", "round_except_opposite", "round"])
def test_a_play_ends_ones_part_in_the_round(tmp_path, kind, rule):  # [flow] pass_rule = once_per_round (lamb-cn F2)
    e = house(tmp_path, "zaozhuang", ONE_CIRCLE + rule, kind)
    g = e.new_position({1: "7 9 4", 2: "8 5", 3: "3", 4: "3", 5: "3", 6: "3"}, leader=1)
    g.apply_action("play 7")
    g.apply_action("play 8")  # seats 3-6 cannot beat it; seat 1, who led, could with its 9
    if rule == "once_per_round":
        assert g.current_player() == 2 and actions(g) == ["play 5"]  # seat 1's part is over: seat 2 wins the round
    else:
        assert g.current_player() == 1 and actions(g) == ["pass", "play 9"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", ["once_per_round", "round_except_opposite", "round"])
@pytest.mark.parametrize("gouji", [True, False])
def test_a_gouji_gives_the_passed_opposite_its_turn_back(tmp_path, kind, rule, gouji):  # once_per_round, exception A (F4)
    e = house(tmp_path, "zaozhuang", ONE_CIRCLE + rule, kind)
    lead = "2" if gouji else "A"  # a lone 2 is a 级牌, a lone A is not
    g = e.new_position({1: "7 4", 2: "8 SJ 5", 3: "3", 4: "3", 5: f"{lead} 6", 6: "3"}, leader=1)
    g.apply_action("play 7")
    assert g.current_player() == 2
    g.apply_action("pass")
    g.apply_action(f"play {lead}")  # seat 5, seat 2's opposite
    answers = (rule == "round_except_opposite") or (rule == "once_per_round" and gouji)
    if answers:
        assert g.current_player() == 2 and actions(g) == ["pass", "play SJ"]
    else:
        assert g.current_player() == 5 and actions(g) == ["play 6"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_turn_given_back_stays_until_it_is_used(tmp_path, kind):  # once_per_round: F4 makes the player active again
    e = house(tmp_path, "zaozhuang", ONE_CIRCLE + "once_per_round", kind)
    g = e.new_position({1: "7 4", 2: "8 BJ 5", 3: "3", 4: "3", 5: "2 6", 6: "SJ 3"}, leader=1)
    g.apply_action("play 7")
    g.apply_action("pass")      # seat 2
    g.apply_action("play 2")    # seat 5's 级牌 gives seat 2 its turn back
    g.apply_action("play SJ")   # seat 6 beats it first; seat 2 may still beat seat 6's play
    assert g.current_player() == 2 and actions(g) == ["pass", "play BJ"]
    g.apply_action("play BJ")   # nobody may answer: seats 1, 5 and 6 have played, 3 and 4 passed
    assert g.current_player() == 2 and actions(g) == ["play 5", "play 8"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", ["once_per_round", "round_except_opposite"])
def test_the_leaders_opposite_gets_a_last_chance_at_an_unbeaten_lead(tmp_path, kind, rule):  # once_per_round, F5
    e = house(tmp_path, "zaozhuang", ONE_CIRCLE + rule, kind)
    hands = {1: "7 4", 2: "3", 3: "3", 4: "8 5", 5: "3", 6: "3"}
    g = e.new_position(hands, leader=1)
    g.apply_action("play 7")
    assert g.current_player() == 4
    g.apply_action("pass")  # seats 5, 6, 2, 3 cannot beat it: the circle is complete
    if rule == "once_per_round":
        assert g.current_player() == 4 and actions(g) == ["pass", "play 8"]  # asked once more
        g.apply_action("pass")
    assert g.current_player() == 1 and actions(g) == ["play 4"]  # never a third time
    # Only a lead: once another player has played, the passed opposite of the standing play is not asked again.
    g = e.new_position({1: "7 4", 2: "8 5", 3: "3", 4: "3", 5: "9 6", 6: "3"}, leader=1)
    g.apply_action("play 7")
    g.apply_action("play 8")
    assert g.current_player() == 5
    g.apply_action("pass")
    assert g.current_player() == 2 and actions(g) == ["play 5"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("how", ["as_usual", "anyone_answers", "opposite_answers", "loses_status"])
def test_going_out_with_a_gouji_as_usual(tmp_path, kind, how):  # [flow] going_out_gouji (zhoujxMT T9: as_usual)
    e = house(tmp_path, "zaozhuang", f"[flow]\ngoing_out_gouji = {how}", kind)
    g = e.new_position({1: "Q Q Q", 2: "K K K 5", 3: "4", 4: "A A A 6", 5: "7", 6: "8"}, leader=1)
    g.apply_action("play Q Q Q")  # seat 1 goes out with a 级牌
    if how == "as_usual":  # still a 级牌: seat 2 may only burn it, the opposite answers it plainly
        assert g.current_player() == 2 and actions(g) == ["pass", "burn K K K"]
        g.apply_action("pass")
        assert g.current_player() == 4 and actions(g) == ["pass", "play A A A"]
    elif how == "opposite_answers":
        assert g.current_player() == 4 and actions(g) == ["pass", "play A A A"]
    else:  # anyone answers it, and that is no burn
        assert g.current_player() == 2 and actions(g) == ["pass", "play K K K"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("starts", ["5", "none"])
def test_no_free_for_all(tmp_path, kind, starts):  # [chaos] starts_at = none (lamb-cn F11)
    e = house(tmp_path, "zaozhuang", f"[chaos]\nstarts_at = {starts}", kind)
    g = e.new_position({1: "9", 2: "J 3 3", 3: "10 3 3", 4: "3 3", 5: "3 3", 6: "3 3"}, leader=1)
    g.apply_action("play 9")  # seat 1 goes out: five hold cards
    assert g.chaos == (starts == "5")
    g.apply_action("pass")    # seat 2
    g.apply_action("play 10")  # seat 3; seats 4-6 cannot beat it
    if starts == "5":  # 四户乱缠 (pass_keeps_right): seat 2 may still play
        assert g.current_player() == 2 and actions(g) == ["pass", "play J"]
    else:  # seat 2 passed, and seat 3 is not its opposite
        assert g.current_player() == 3 and not g.chaos


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("scale, expect", [
    (None, [2, -2, 2, -2, 2, -2]),
    ("1/3", [Fraction(2, 3), Fraction(-2, 3), Fraction(2, 3), Fraction(-2, 3), Fraction(2, 3), Fraction(-2, 3)]),
    ("10", [20, -20, 20, -20, 20, -20]),
    ("3/2", [3, -3, 3, -3, 3, -3]),
])
def test_scale_multiplies_every_score_exactly(tmp_path, kind, scale, expect):  # [scoring] scale
    rules = "" if scale is None else f"[scoring]\nscale = {scale}"
    e = house(tmp_path, "zaozhuang", rules, kind)
    # Odd seats take places 1, 4, 5 (4 + 0 - 2), even seats 2, 3, 6 (2 + 0 - 4); nobody opened.
    got = e.score({"finish": [1, 2, 4, 3, 5, 6], "opened": []})
    assert got == expect and [type(x) for x in got] == [type(x) for x in expect]  # whole scores stay int
    # Open points are scaled too: seat 1 opened, its opposite seat 4 did not (zaozhuang: ±6).
    opened = e.score({"finish": [1, 2, 4, 3, 5, 6], "opened": [1]})
    factor = Fraction(scale) if scale else 1
    assert opened[0] - got[0] == 6 * factor and opened[3] - got[3] == -6 * factor
    assert sum(opened) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_scaled_scores_of_played_games_are_exact(tmp_path, kind):  # [scoring] scale: returns(), in play
    e = house(tmp_path, "lianzhong", "[scoring]\nscale = 1/3", kind)
    seen = set()
    for seed in range(6):
        g = e.new_game(seed=seed)
        while not g.is_terminal():
            g.apply_action(g.legal_actions()[0])
        returns = g.returns()
        assert sum(returns) == 0 and all(isinstance(x, (int, Fraction)) and not isinstance(x, bool) for x in returns)
        assert returns == e.score(g.result())
        seen |= {type(x) for x in returns}
    assert Fraction in seen  # some game ends with thirds


# [scoring] outcome: zaozhuang's scores, and their signs under win_draw_loss (a win 1, a draw 0, a loss -1).
# Odd seats are one team; opposites are 1-4, 2-5, 3-6; place points 4 2 0 0 -2 -4, doubled on 串三户, open ±6.
OUTCOMES = [
    # Odd seats take places 1, 4, 5 (4 + 0 - 2), even seats 2, 3, 6 (2 + 0 - 4).
    ({"finish": [1, 2, 4, 3, 5, 6], "opened": []}, [2, -2, 2, -2, 2, -2], [1, -1, 1, -1, 1, -1]),
    # Seat 2 opened against its opposite seat 5: +6 turns its -2 into a win, seat 5's 2 into a loss.
    ({"finish": [1, 2, 4, 3, 5, 6], "opened": [2]}, [2, 4, 2, -2, -4, -2], [1, 1, 1, -1, -1, -1]),
    # Places 1, 4, 6 against 2, 3, 5: both teams score 0, a draw for everyone.
    ({"finish": [1, 2, 4, 3, 6, 5], "opened": []}, [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
    # 串三户 by the odd seats: (4 + 2 + 0) × 2; only a win or a loss still.
    ({"finish": [1, 3, 5, 2, 4, 6], "opened": []}, [12, -12, 12, -12, 12, -12], [1, -1, 1, -1, 1, -1]),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("outcome", ["points", "win_draw_loss"])
def test_win_draw_loss_is_the_sign_of_the_score(tmp_path, kind, outcome):  # [scoring] outcome
    e = house(tmp_path, "zaozhuang", f"[scoring]\noutcome = {outcome}", kind)
    for result, points, signs in OUTCOMES:
        assert e.score(result) == (points if outcome == "points" else signs), result


@pytest.mark.parametrize("kind", KINDS)
def test_win_draw_loss_of_own_place_points(tmp_path, kind):  # [scoring] outcome with team_sum = no
    e = house(tmp_path, "zaozhuang", "[scoring]\nteam_sum = no\noutcome = 胜平负", kind)
    # Seat n takes place n: places 3 and 4 score 0, a draw.
    assert e.score({"finish": [1, 2, 3, 4, 5, 6], "opened": []}) == [1, 1, 0, 0, -1, -1]
    # Seat 3 opened against its opposite seat 6: 0 + 6 wins, -4 - 6 loses; the results add up to 1,
    # though the points (4, 2, 6, 0, -2, -10) add up to 0 (zero_sum is about the points).
    assert e.score({"finish": [1, 2, 3, 4, 5, 6], "opened": [3]}) == [1, 1, 1, 0, -1, -1]
    # A scale (1/3 here) changes no sign: the sign of the final score, whole.
    thirds = house(tmp_path, "zaozhuang", "[scoring]\nteam_sum = no\noutcome = win_draw_loss\nscale = 1/3", kind)
    got = thirds.score({"finish": [1, 2, 3, 4, 5, 6], "opened": [3]})
    assert got == [1, 1, 1, 0, -1, -1] and all(type(x) is int for x in got)


@pytest.mark.parametrize("kind", KINDS)
def test_win_draw_loss_in_played_games(tmp_path, kind):  # [scoring] outcome: returns(), in play
    e = house(tmp_path, "lianzhong", "[scoring]\noutcome = win_draw_loss", kind)
    seen = set()
    for seed in range(4):
        g = e.new_game(seed=seed)
        while not g.is_terminal():
            g.apply_action(g.legal_actions()[0])
        returns = g.returns()
        assert returns == e.score(g.result()) and set(returns) <= {-1, 0, 1}
        # Lianzhong has no open points: a whole team wins, draws or loses together.
        assert len({returns[s - 1] for s in (1, 3, 5)}) == 1 and [-x for x in returns[:3]] == returns[3:]
        seen.add(returns[0])
    assert seen & {-1, 1}


# Issue 33's second use nobody asked for: 枣庄 where a game gives only a win, a draw or a loss, a house rule
# file as a club writes it (its conformance cases are in tests/conformance/score.jsonl).
WIN_DRAW_LOSS = Path(__file__).parent / "conformance" / "win-draw-loss.gouji"


@pytest.mark.wide  # two-game matches on both engines, about 3 s: CI's wide run
@pytest.mark.parametrize("kind", KINDS)
def test_zaozhuang_win_or_lose_keeps_the_sign_of_zaozhuangs_scores(kind):
    house_rule, zaozhuang = getattr(gouji_dsl, kind)(str(WIN_DRAW_LOSS)), getattr(gouji_dsl, kind)("zaozhuang")
    for seed in (1, 2):
        games = [house_rule.new_game(seed=seed), zaozhuang.new_game(seed=seed)]
        for game_number in range(2):  # the second game of the match: open points after the first's 点贡
            while not games[0].is_terminal():
                action = str(games[0].legal_actions()[0])
                for g in games:
                    g.apply_action(action)
            results, points = games[0].returns(), games[1].returns()
            assert games[1].is_terminal() and results == [(x > 0) - (x < 0) for x in points], (seed, game_number)
            games = [house_rule.new_game(seed=seed + 100, match=games[0].next_match()),
                     zaozhuang.new_game(seed=seed + 100, match=games[1].next_match())]


# lamb-cn's joker kills (research/peers/lamb-cn.md P2, P6, P7), in a flow where anyone answers a 级牌
# (zaozhuang: a big joker already falls to two big jokers, D3).
KILLS = ("[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n  | SJ | 1 | 2 | none |\n"
         "  | BJ | none | 2 | 3 |\njokers_rank_lowest = yes\njokers_one_kind = yes\n")
ANYONE = "[flow]\ngouji_answer = anyone\n[burning]\nallowed = no\n"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("kills", [True, False])
def test_jokers_kill_a_joker_with_more_cards(tmp_path, kind, kills):  # [plays] joker_kills: 二杀一, 三杀一
    e = house(tmp_path, "zaozhuang", (KILLS if kills else "") + ANYONE, kind)
    g = e.new_position({1: "7 BJ 9", 2: "8 SJ SJ SJ 5", 3: "Q Q BJ BJ 4", 4: "4", 5: "5", 6: "6"}, leader=1)
    g.apply_action("play 7 BJ")
    if kills:  # three small jokers kill a big one
        assert g.current_player() == 2
        assert [a for a in actions(g) if a.startswith("play")] == ["play 8 SJ SJ SJ"]
        g.apply_action("pass")
    # else seat 2 has no answer and is passed over
    assert g.current_player() == 3 and "play Q BJ BJ" in actions(g)   # two big jokers kill one (D3 too)
    assert e.beats(target(e, "8 SJ SJ"), target(e, "7 SJ")) == kills          # two small jokers kill one


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lowest", [True, False])
def test_jokers_alone_rank_as_their_lowest(tmp_path, kind, lowest):  # [plays] jokers_rank_lowest
    kills = "[plays]\njoker_kills +=\n  | joker | by_higher | by_same |\n  | SJ | 1 | 2 |\n"
    e = house(tmp_path, "zaozhuang", kills + f"jokers_rank_lowest = {'yes' if lowest else 'no'}\n", kind)
    for lead, play in (("SJ", "SJ SJ"), ("BJ", "BJ BJ")):
        assert e.beats(target(e, play), target(e, lead)) == (not lowest)
    assert e.beats(target(e, "BJ"), target(e, "SJ"))     # BJ is higher than SJ either way


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("one_kind", [True, False])
def test_jokers_alone_of_one_kind(tmp_path, kind, one_kind):  # [plays] jokers_one_kind (lamb-cn P2)
    e = house(tmp_path, "lianzhong", f"[plays]\njokers_one_kind = {'yes' if one_kind else 'no'}\n", kind)
    assert e.classify(e.parse_cards("SJ BJ")).valid == (not one_kind)
    assert e.classify(e.parse_cards("7 SJ BJ")).valid
    g = e.new_position({1: "SJ BJ", 2: "5", 3: "4", 4: "4", 5: "5", 6: "6"}, leader=1)
    assert sorted(actions(g)) == (["play BJ", "play SJ"] if one_kind else ["play BJ", "play SJ", "play SJ BJ"])


# --- the deal: [table] copies, cards_per_player = all, redeal_if; [buy] (issue 12) ---------------

COPIES = "copies =\n  | card | copies |\n"
LAMB_DEAL = "[table]\n" + COPIES + "  | 3 | 6 |\ncards_per_player = all\n"  # lamb-cn keeps 6 of its 24 threes


@pytest.mark.parametrize("kind", KINDS)
def test_a_copies_table_makes_the_deck_and_all_deals_it_out(tmp_path, kind):  # [table] copies, cards_per_player = all
    e = house(tmp_path, "zaozhuang", LAMB_DEAL, kind)
    for seed in range(6):
        g = e.new_game(seed=seed)
        assert [sum(h) for h in g.dealt] == [51] * 6  # (324 - 18) / 6
        assert [sum(h[kind] for h in g.dealt) for kind in range(15)] == [6] + [24] * 12 + [6, 6]
    # A table that restates the decks' own counts deals what the decks deal, from the same
    # shuffle (the generator is used as before: standard variants' seeded games do not change).
    same = house(tmp_path, "zaozhuang", "[table]\n" + COPIES + "  | 3 | 24 |\n  | BJ | 6 |\ncards_per_player = all\n", kind)
    standard = getattr(gouji_dsl, kind)("zaozhuang")
    for seed in range(4):
        assert same.new_game(seed=seed).dealt == standard.new_game(seed=seed).dealt


@pytest.mark.parametrize("kind", KINDS)
def test_redeal_if_deals_again_until_no_hand_meets_it(tmp_path, kind):  # [table] redeal_if; count_from
    e = house(tmp_path, "zaozhuang", "[table]\nredeal_if = count_from(hand, J) < 20", kind)
    plain = house(tmp_path, "zaozhuang", "[table]\nredeal_if = none", kind)
    redealt = 0
    for seed in range(10):
        g, first = e.new_game(seed=seed), plain.new_game(seed=seed)
        assert all(sum(h[8:]) >= 20 for h in g.dealt)  # J Q K A 2 SJ BJ
        redeals = [line for line in g.transcript() if line.startswith("redeal:")]
        if redeals:
            redealt += 1
            seat = int(redeals[0].split()[2][:-2])  # "redeal: seat 4's hand meets [table] redeal_if"
            assert sum(first.dealt[seat - 1][8:]) < 20 and all(sum(h[8:]) >= 20 for h in first.dealt[:seat - 1])
        else:
            assert g.dealt == first.dealt  # the first deal stands, shuffled as without the rule
    assert 0 < redealt < 10


@pytest.mark.parametrize("kind", KINDS)
def test_a_redeal_condition_that_always_holds_stops_the_game(tmp_path, kind):  # [table] redeal_if, the cap
    # gouji() keeps the checker from sampling the condition; the engines stop after 1000 deals.
    e = house(tmp_path, "zaozhuang", "[table]\nredeal_if = size(hand) > 0 or gouji(hand)", kind)
    with pytest.raises(RuntimeError, match="redeal_if held for 1000 deals in a row"):
        e.new_game(seed=1)


_TEAM = {1: 0, 3: 0, 5: 0, 2: 1, 4: 1, 6: 1}
_OPPOSITE = {1: 4, 4: 1, 2: 5, 5: 2, 3: 6, 6: 3}
_CARDS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
_AT = {"opposite": lambda s: _OPPOSITE[s], "next": lambda s: s % 6 + 1, "previous": lambda s: (s - 2) % 6 + 1,
       "teammate_after": lambda s: (s + 1) % 6 + 1, "teammate_before": lambda s: (s - 3) % 6 + 1}


# Where an in_turn seller is counted from ([buy] count_from), as written in the cases below.
_COUNT_FROM = {"next_player": lambda s: s % 6 + 1, "opposite": lambda s: _OPPOSITE[s],
               "[opposite(next(buyer))]": lambda s: _OPPOSITE[s % 6 + 1]}


def bought(dealt, ranks, sellers, price, no_price, seller_min, order, count_from="next_player", teammates_paid=False):
    """买牌 by the rule's text, for zaozhuang's six seats: the hands after it and its lines."""
    hands = [list(h) for h in dealt]
    lines = []

    def ask(seat, position, rank):
        if position == "in_turn":  # round the table from count_from's player, the buyer skipped
            start = _COUNT_FROM[count_from](seat)
            counted = [(start - 1 + i) % 6 + 1 for i in range(6)]
            seller = next((s for s in counted if s != seat and hands[s - 1][rank] >= seller_min), None)
            if seller is None:
                return False
        else:
            seller = _AT[position](seat)
        if hands[seller - 1][rank] < seller_min:
            return False
        if _TEAM[seller] == _TEAM[seat] and not teammates_paid:
            pay, line = None, f"seat {seat} is given a {_CARDS[rank]} by teammate {seller}"
        else:
            pay = next((c for c in price if hands[seat - 1][_CARDS.index(c)]), None)
            if pay is None and no_price == "no_sale":
                return False
            line = f"seat {seat} buys a {_CARDS[rank]} from seat {seller} for {pay or 'nothing'}"
        if pay:
            hands[seat - 1][_CARDS.index(pay)] -= 1
            hands[seller - 1][_CARDS.index(pay)] += 1
        hands[seller - 1][rank] -= 1
        hands[seat - 1][rank] += 1
        lines.append(line)
        return True

    for rank in (_CARDS.index(r) for r in ranks):
        if order == "by_round":
            for position in sellers:
                for seat in range(1, 7):
                    if not hands[seat - 1][rank]:
                        ask(seat, position, rank)
        else:
            for seat in range(1, 7):
                for position in sellers:
                    if hands[seat - 1][rank] or ask(seat, position, rank):
                        break
    return hands, lines


BUYING = [  # (the [buy] section and the deck, as in lamb-cn or with one option changed)
    dict(ranks=["3", "4"], sellers=["opposite", "teammate_before", "teammate_after", "previous", "next"],
         price=["2", "SJ", "BJ"], no_price="free", seller_min=2, order="by_round", copies={"3": 6, "4": 6}),
    dict(ranks=["3", "4"], sellers=["opposite", "teammate_before", "teammate_after", "previous", "next"],
         price=["2", "SJ", "BJ"], no_price="free", seller_min=2, order="by_buyer", copies={"3": 6, "4": 6}),
    dict(ranks=["4", "5"], sellers=["next", "teammate_after", "previous"], price=[], no_price="no_sale", seller_min=1,
         order="by_round", copies={"4": 6, "5": 6}),
    dict(ranks=["5", "6", "7"], sellers=["previous", "teammate_after", "opposite"], price=["BJ", "SJ"], no_price="no_sale",
         seller_min=3, order="by_buyer", copies={"5": 12, "6": 12, "7": 12}),
    dict(ranks=["K", "3"], sellers=["previous"], price=["A"], no_price="free", seller_min=1, order="by_round",
         copies={"K": 6, "3": 6}),
    # The first seat holding enough, counted from a stated seat; teammates paid like anyone.
    dict(ranks=["3", "4"], sellers=["in_turn"], price=["2", "SJ", "BJ"], no_price="no_sale", seller_min=2,
         order="by_round", copies={"3": 6, "4": 6}, count_from="next_player", teammates_paid=False),
    dict(ranks=["4", "5"], sellers=["opposite", "in_turn"], price=["2"], no_price="no_sale", seller_min=2,
         order="by_buyer", copies={"4": 6, "5": 6}, count_from="[opposite(next(buyer))]", teammates_paid=True),
    dict(ranks=["3", "5"], sellers=["teammate_after", "in_turn"], price=["SJ", "2"], no_price="free", seller_min=1,
         order="by_round", copies={"3": 6, "5": 6}, count_from="opposite", teammates_paid=True),
]


def _buy_section(b: dict) -> str:
    def cards(xs):
        return "[" + ", ".join(xs) + "]"
    rows = "".join(f"  | {card} | {n} |\n" for card, n in b["copies"].items())
    return (f"[table]\n{COPIES}{rows}cards_per_player = all\n[buy]\nranks = {cards(b['ranks'])}\n"
            f"sellers = {cards(b['sellers'])}\nprice = {cards(b['price'])}\nno_price = {b['no_price']}\n"
            f"seller_min = {b['seller_min']}\norder = {b['order']}\n"
            + "".join(f"{key} = {str(b[key]).lower()}\n" for key in ("count_from", "teammates_paid") if key in b))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", range(len(BUYING)))
def test_buying_asks_the_sellers_in_order_at_the_price(tmp_path, kind, case):  # [buy] every rule
    b = BUYING[case]
    e = house(tmp_path, "zaozhuang", _buy_section(b), kind)
    trades = paid_mates = 0
    for seed in range(12):
        g = e.new_game(seed=seed)
        hands, lines = bought(g.dealt, b["ranks"], b["sellers"], b["price"], b["no_price"], b["seller_min"], b["order"],
                              b.get("count_from", "next_player"), b.get("teammates_paid", False))
        assert [list(h) for h in g.hands] == hands
        assert [line for line in g.transcript() if line.startswith("seat ") and ("buys a" in line or "given a" in line)] == lines
        trades += len(lines)
        paid_mates += sum(_TEAM[int(buyer)] == _TEAM[int(seller)]
                          for buyer, seller in (re.findall(r"seat (\d) buys a \S+ from seat (\d)", line)[0]
                                                for line in lines if "buys a" in line))
    assert trades >= 6
    assert paid_mates >= 1 if b.get("teammates_paid") else paid_mates == 0


@pytest.mark.parametrize("kind", KINDS)
def test_buying_in_lamb_cn_leaves_every_player_one_three_and_a_four(tmp_path, kind):  # lamb-cn C10
    e = house(tmp_path, "zaozhuang", _buy_section(BUYING[0]), kind)
    for seed in range(10):
        g = e.new_game(seed=seed)
        assert [h[0] for h in g.hands] == [1] * 6 and all(h[1] >= 1 for h in g.hands)


LAMB_RANKS = ("[ranks]\nconstraints =\n  | rank | single | last_only | all_at_once | bare |\n"
              "  | 3 | yes | yes | no | yes |\n  | 4 | no | no | yes | yes |")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("constrained", [True, False])
def test_rank_constraints_lead(tmp_path, kind, constrained):  # [ranks] constraints (lamb-cn P3, P4)
    e = house(tmp_path, "zaozhuang", LAMB_RANKS, kind) if constrained else getattr(gouji_dsl, kind)("zaozhuang")
    g = e.new_position({1: "3 4 4 2 5", 2: "6", 3: "7", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    if constrained:
        # No 3 before the last card, the 4s together and bare; 5 and 2 as ever.
        assert actions(g) == ["play 4 4", "play 5", "play 5 2", "play 2"]
        for refused, why in (("play 3", "3s may only be played as one's last play ([ranks] last_only)"),
                             ("play 4", "4s may only be played all together, every 4 one holds ([ranks] all_at_once)"),
                             ("play 4 4 2", "4 4 2 is not a legal play")):
            with pytest.raises(IllegalAction, match=re.escape(why)):
                g.apply_action(refused)
    else:
        assert {"play 3", "play 3 2", "play 4", "play 4 4 2"} <= set(actions(g))
    g.apply_action("play 4 4")
    assert g.hands[0][1] == 0


@pytest.mark.parametrize("kind", KINDS)
def test_rank_constraints_answers_and_the_last_card(tmp_path, kind):  # [ranks] constraints
    e = house(tmp_path, "zaozhuang", LAMB_RANKS, kind)
    # Seat 1 goes out with its one 3; seat 2, holding two 4s, may not answer with one (nor 4 2).
    g = e.new_position({1: "3", 2: "4 4 2 6", 3: "7", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert actions(g) == ["play 3"]
    g.apply_action("play 3")
    assert g.place_of == {1: 1} and g.current_player() == 2
    assert actions(g) == ["pass", "play 6", "play 2"]
    with pytest.raises(IllegalAction, match=re.escape("4s may only be played all together")):
        g.apply_action("play 4")
    # Holding one 4, it may.
    g = e.new_position({1: "3", 2: "4 2 6", 3: "7", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play 3")
    assert actions(g) == ["pass", "play 4", "play 6", "play 2"]


@pytest.mark.parametrize("kind", KINDS)
def test_rank_constraints_lapse_rather_than_leave_a_leader_stuck(tmp_path, kind):  # [ranks] constraints
    e = house(tmp_path, "zaozhuang", LAMB_RANKS, kind)
    # Two 3s, each allowed only as the last card: the leader plays them one at a time,
    # the first before it is its last card (last_only lapses), never both at once (single holds).
    g = e.new_position({1: "3 3", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert actions(g) == ["play 3"]
    with pytest.raises(IllegalAction):
        g.apply_action("play 3 3")
    g.apply_action("play 3")
    assert g.hands[0][0] == 1
    # With anything else to lead, the 3s wait.
    g = e.new_position({1: "3 3 SJ", 2: "5", 3: "6", 4: "K K K 5", 5: "8", 6: "9"}, leader=1)
    assert actions(g) == ["play SJ"]
    with pytest.raises(IllegalAction, match=re.escape("([ranks] last_only)")):
        g.apply_action("play 3")


def test_rank_constraints_card_functions_agree_on_both_engines(tmp_path):  # [ranks] constraints
    """Generated and reference card functions over seeded hands, with every column used, 憋三
    on other ranks, jokers that may not go alone (D27) and the hand columns lapsing."""
    import random

    rules = ("[ranks]\nconstraints =\n  | rank | single | last_only | all_at_once | bare |\n"
             "  | 4 | no | yes | yes | no |\n  | 5 | yes | no | no | no |\n  | 9 | no | yes | no | yes |\n"
             "  | A | no | no | yes | no |\n[plays]\njokers_alone = no")
    gen, ref = (house(tmp_path, "lianzhong", rules, kind) for kind in KINDS)
    rng = random.Random(12)
    kinds = [0, 0, 1, 1, 2, 6, 7, 11, 12, 12, 13, 14]
    lapsed = 0
    for _ in range(1500):
        hand, other = [0] * 15, [0] * 15
        for cards in (hand, other):
            for _ in range(rng.randint(1, 9)):
                cards[rng.choice(kinds)] += 1
        hand, other = tuple(hand), tuple(other)
        assert gen.classify(hand) == ref.classify(hand), hand
        assert sorted(gen.plays(hand)) == ref.plays(hand), hand
        leads = [str(a) for a in gen.lead_actions(hand)]
        assert leads == [str(a) for a in ref.lead_actions(hand)], hand
        lapsed += any(a.play[0] in (1, 6) and a.play[1] + a.play[2] + a.play[3] + a.play[4] != sum(hand)
                      for a in gen.lead_actions(hand))
        lead = rng.choice(ref.plays(hand) or [(0, 1, 0, 0, 0)])
        assert sorted(gen.answers(other, lead)) == ref.answers(other, lead), (other, lead)
    assert lapsed  # some leader had only leads that break last_only, and made one


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", ["once_per_round", "round_except_opposite"])
def test_a_deferral_overtaken_by_a_play_is_a_pass(tmp_path, kind, rule):  # once_per_round and 让牌 (lamb-cn F7)
    e = house(tmp_path, "zaozhuang", f"[flow]\npass_rule = {rule}\nlead_return_circles = 1", kind)
    g = e.new_position({1: "7 4", 2: "3", 3: "3", 4: "9 J 5", 5: "8 6", 6: "3"}, leader=1)
    g.apply_action("play 7")
    assert g.current_player() == 4 and "defer" in actions(g)
    g.apply_action("defer")  # seats 5 and 6 first
    g.apply_action("play 8")  # seat 5 plays before seat 4's turn comes back
    if rule == "once_per_round":  # seat 4's 让牌 was its pass: seat 5's 8 wins the round
        assert g.current_player() == 5 and actions(g) == ["play 6"]
    else:
        assert g.current_player() == 4 and actions(g) == ["pass", "play 9", "play J"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", ["once_per_round", "round_except_opposite"])
def test_a_player_who_played_may_not_burn_in_the_round(tmp_path, kind, rule):  # once_per_round: a burn is a play
    e = house(tmp_path, "zaozhuang", f"[flow]\npass_rule = {rule}", kind)
    g = e.new_position({1: "7 7 A A 4", 2: "K K 5", 3: "3", 4: "3", 5: "3", 6: "3"}, leader=1)
    g.apply_action("play 7 7")
    g.apply_action("play K K")  # a 级牌 of seat 2; seat 1, who led, could burn it
    if rule == "once_per_round":
        assert g.current_player() == 2 and actions(g) == ["play 5"]
    else:
        assert g.current_player() == 1 and actions(g) == ["pass", "burn A A"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["wins_lead", "none"])
def test_open_method_none(tmp_path, kind, method):  # [open] method = none: no 开点 (both peers)
    # Lianzhong without 点贡 (only 落贡 and 烧贡 paid), so nothing else needs who opened.
    e = house(tmp_path, "lianzhong-bubiesan", f"[open]\nmethod = {method}\ndeclare = no\n\n[tribute]\norder = [shao, luo]", kind)
    # Seat 1's Q Q Q wins the round: nobody holds a higher play.
    g = e.new_position({1: "Q Q Q 4", 2: "5", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 1 and actions(g) == ["play 4"]
    opened = "seat 1 opens (开点)" in g.transcript()
    assert opened == (method == "wins_lead")


# After seat 2's burn of seat 1 fails: (whether seat 1's Q Q Q is back on the table, who is to
# move). The shorthands, lists of the file's own (seat 4 is seat 1's opposite; seat 5 seat 2's),
# and burned_back said outright.
FAILURES = {"burned_player": (True, 1), "next_player": (False, 3), "burned_player_leads": (False, 1),
            "[opposite(burned), burned]": (False, 4), "[opposite(burner)]": (False, 5),
            "burned_player\nburned_back = no": (False, 1), "burned_player_leads\nburned_back = yes": (True, 1),
            "[opposite(burned), burned]\nburned_back = yes": (False, 4)}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("how", list(FAILURES))
def test_failure_leader(tmp_path, kind, how):  # [burning] failure_leader, burned_back; D15, zhoujxMT B7
    expected_back, to_move = FAILURES[how]
    e = house(tmp_path, "lianzhong-bubiesan", f"[burning]\nfailure_leader = {how}", kind)
    # Seat 2 burns seat 1's Q Q Q (the rest 5 5 BJ meets the carry rule), wins the round, then
    # leads 5 5 without a joker before its last play: the burn fails.
    g = e.new_position({1: "Q Q Q 4 4", 2: "K K K 5 5 BJ", 3: "3", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 2 and "burn K K K" in actions(g)
    g.apply_action("burn K K K")
    assert g.current_player() == 2
    g.apply_action("play 5 5")
    log = g.transcript()
    assert "seat 2 fails the burn (烧牌失误) and takes place 6" in log
    back = "seat 1's Q Q Q is back on the table" in log
    assert back == expected_back
    # burned_player: the Q Q Q is back; nobody may answer it, so seat 1 leads. burned_player_leads:
    # seat 1 leads a new round straight away. next_player: the next holder after the burner.
    assert g.current_player() == to_move


EAGLE = ('[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\n'
         "order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n"
         "[table]\ncards_per_player = all\n[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n"
         "  | SJ | 1 | 2 | none |\n  | BJ | 1 | 2 | 3 |\n  | Y | none | 2 | 3 |\njokers_rank_lowest = yes\njokers_one_kind = yes")


@pytest.mark.parametrize("kind", KINDS)
def test_the_eagle_is_a_card_kind_dealt_and_played_as_a_joker(tmp_path, kind):  # [cards] extra (lamb-cn C3, P7, P8)
    e = house(tmp_path, "zaozhuang", EAGLE, kind)
    plain = getattr(gouji_dsl, kind)("zaozhuang")
    assert e.parse_cards("8 Y Y") == (0,) * 5 + (1,) + (0,) * 9 + (2,) and e.format_cards(e.parse_cards("Y 8 Y")) == "8 Y Y"
    with pytest.raises(ValueError, match="unknown card 'Y'"):
        plain.parse_cards("Y")
    with pytest.raises(ValueError, match="unknown card 'Y'"):
        plain.new_position({1: "7 Y", 2: "5", 3: "6", 4: "8", 5: "9", 6: "10"}, leader=1)
    # The whole deck is dealt: 6 decks and 6 eagles, 55 cards each.
    g = e.new_game(seed=4)
    hands = [e.parse_cards(g.observation(seat)["hands"][seat]) for seat in range(1, 7)]
    assert [sum(h) for h in hands] == [55] * 6 and sum(h[15] for h in hands) == 6
    # Jokers alone of one kind; an eagle alone is a 级牌 no play beats (P8); two eagles or three big jokers kill one.
    assert e.classify(e.parse_cards("Y Y")).valid and not e.classify(e.parse_cards("BJ Y")).valid
    assert e.classify(e.parse_cards("9 Y")).gouji and e.classify(e.parse_cards("9 Y")).jokers == 1
    g = e.new_position({1: "Y 3", 2: "Y Y 5", 3: "6", 4: "BJ BJ 8", 5: "9", 6: "10"}, leader=1)
    assert "play BJ Y" not in actions(g)
    with pytest.raises(IllegalAction):
        g.apply_action("play BJ Y")
    g.apply_action("play Y")
    assert not any(a.startswith("play") or a.startswith("burn") for seat in range(2, 7) for a in
                   ([] if g.current_player() != seat else actions(g)))
    g = e.new_position({1: "7 Y 3", 2: "5", 3: "6", 4: "8 8 Y Y BJ BJ BJ", 5: "9", 6: "10"}, leader=1)
    g.apply_action("play 7 Y")
    while g.current_player() != 4:
        g.apply_action("pass")
    assert [a for a in actions(g) if a.startswith("play")] == ["play 8 Y Y", "play 8 BJ BJ BJ"]
    # The carry rule (D12) of zaozhuang's burning counts an eagle as a joker: K K K burns Q Q Q leaving Y 5 6.
    assert e.can_burn(e.parse_cards("K K K Y 5 6"), target(e, "Q Q Q"))
    assert not e.can_burn(e.parse_cards("K K K 5 6"), target(e, "Q Q Q"))


@pytest.mark.parametrize("kind", KINDS)
def test_first_leader_card_holder(tmp_path, kind):  # [table] first_leader = card_holder, first_card
    # One deck: a single big joker, so its holder changes from deal to deal.
    e = house(tmp_path, "zaozhuang", "[table]\ndecks = 1\ncards_per_player = 9\nfirst_leader = card_holder\nfirst_card = BJ\n"
              "[tribute]\nenabled = no\n[room]\nmin_games = 0\nleave_penalty = 0\npenalty_first_leaver_only = no", kind)
    leaders = set()
    for seed in range(20):
        g = e.new_game(seed=seed)
        holder = next(seat for seat in range(1, 7) if g.hands[seat - 1][14])
        assert g.current_player() == holder, seed
        leaders.add(holder)
    assert len(leaders) > 2


# Who leads when seat 1 goes out with a play nobody beats (接风): the next player, the opposite
# (seat 4), or the first still holding cards of a list of the file's own; with seat 4 out too.
TAKE_OVERS = {"next_player": (2, 2), "partner": (4, 2), "[next(next(winner)), opposite(winner)]": (3, 3),
              "[opposite(winner), next(next(winner))]": (4, 3), "对家(赢牌者)": (4, 2)}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("take_over", list(TAKE_OVERS))
def test_take_over(tmp_path, kind, take_over):  # [flow] take_over 接风; D9
    e = house(tmp_path, "zaozhuang", f"[flow]\ntake_over = {take_over}", kind)
    hands = {1: "A", 2: "3 4", 3: "3 5", 4: "3 6", 5: "3 7", 6: "3 8"}
    for expected, out in zip(TAKE_OVERS[take_over], ({}, {4: 6})):
        g = e.new_position({s: h for s, h in hands.items() if s not in out}, leader=1, out=out)
        g.apply_action("play A")
        while g.top is not None:
            assert actions(g) == ["pass"]
            g.apply_action("pass")
        assert g.current_player() == expected, (take_over, out)


# [burning] who (谁能烧): burning only for players in a stated state. Seat 1 leads Q Q Q; seats 2
# and 6 (opponents) and 5 (a teammate) can beat it, seat 6 has opened (开点).
WHO_BURNS = {"anyone": [5, 2, 6], "opened(burner)": [6], "not teammate(burner, burned)": [2, 6],
             "已开点(烧牌者) or cards_left(burner) < cards_left(burned)": [6]}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", list(WHO_BURNS))
def test_who_may_burn(tmp_path, kind, who):
    e = house(tmp_path, "zaozhuang", f"[burning]\nwho = {who}", kind)
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 5", 3: "3", 4: "A A A 6", 5: "A A A 7", 6: "K K K 8"},
                       leader=1, opened=[6])
    g.apply_action("play Q Q Q")
    asked = []
    while g.top is not None and g.current_player() != 4:  # the burners are asked before the opposite
        assert any(a.startswith("burn") for a in actions(g))
        asked.append(g.current_player())
        g.apply_action("pass")
    assert asked == WHO_BURNS[who] and g.current_player() == 4


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("can_fail", ["yes", "no"])
def test_burns_that_cannot_fail(tmp_path, kind, can_fail):  # [burning] can_fail (issue 33)
    e = house(tmp_path, "lianzhong-bubiesan", f"[burning]\ncan_fail = {can_fail}", kind)
    # As in test_failure_leader: seat 2 burns, then leads 5 5 without a joker before its last play.
    g = e.new_position({1: "Q Q Q 4 4", 2: "K K K 5 5 BJ", 3: "3", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    g.apply_action("play 5 5")
    failed = "seat 2 fails the burn (烧牌失误) and takes place 6" in g.transcript()
    assert failed == (can_fail == "yes")
    if can_fail == "no":  # still bound, the burn stands; going out with BJ makes it succeed
        assert 2 in g.obligation
        while g.current_player() != 2:
            g.apply_action("pass")
        g.apply_action("play BJ")
        assert any("burn succeeds" in line for line in g.transcript())


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("compare", ["any_play", "card_by_card"])
def test_any_play_answers_whatever_its_ranks(tmp_path, kind, compare):  # [plays] compare = any_play 随便管 (issue 33)
    e = house(tmp_path, "zaozhuang", f"[plays]\ncompare = {compare}", kind)
    any_play = compare == "any_play"
    # A 6 answers a lead of Ks of its size; a play of another size never does.
    assert e.beats(target(e, "6"), target(e, "K")) is any_play
    assert e.beats(target(e, "6 6"), target(e, "K K")) is any_play
    assert not e.beats(target(e, "6 6"), target(e, "K")) and not e.beats(target(e, "6"), target(e, "K K"))
    # Nothing is compared: a 4 answers a big joker, 2 2 answers 2 2 (card by card neither does).
    assert e.beats(target(e, "4"), target(e, "BJ")) is any_play
    assert e.beats(target(e, "2 2"), target(e, "2 2")) is any_play
    g = e.new_position({1: "K 9", 2: "6 6 4", 3: "3 3", 4: "5 5", 5: "8", 6: "7 7"}, leader=1)
    g.apply_action("play K")
    if any_play:  # seat 2 answers with a single card, not with 6 6
        assert g.current_player() == 2 and actions(g) == ["pass", "play 4", "play 6"]
    else:  # nobody beats a K: seat 1 leads again
        assert g.current_player() == 1 and actions(g) == ["play 9"]
    # Who may answer stays Zaozhuang's: K K is a 级牌, so only the opposite (seat 4) answers it
    # (seat 2 holds no play of two cards, so it cannot burn).
    g = e.new_position({1: "K K 9", 2: "3 5 8", 3: "4", 4: "6 6 9", 5: "8", 6: "7"}, leader=1)
    g.apply_action("play K K")
    if any_play:
        assert g.current_player() == 4 and actions(g) == ["pass", "play 6 6"]
    else:
        assert g.current_player() == 1 and actions(g) == ["play 9"]


@pytest.mark.parametrize("kind", KINDS)
def test_any_play_keeps_threes_for_the_last_play(tmp_path, kind):  # [plays] compare = any_play under 憋三 (D22)
    e = house(tmp_path, "lianzhong", "[plays]\ncompare = any_play", kind)
    # Seat 2's 3 3 answers 9 9 only as its last play, all its 3s at once.
    for hand, answers in (("3 3", True), ("3 3 5", False), ("3 3 3", False)):
        g = e.new_position({1: "9 9 5", 2: hand, 3: "4", 4: "6", 5: "8", 6: "7"}, leader=1)
        g.apply_action("play 9 9")
        if answers:
            assert g.current_player() == 2 and actions(g) == ["pass", "play 3 3"]
            g.apply_action("play 3 3")
            assert g.places() == {2: 1}
        else:
            assert g.current_player() != 2, hand  # nothing to answer with: not asked
THREES_GO_OUT = "[plays]\nfinal_play = count(play, 3) == size(play)"  # issue 33: a last play of 3s goes out


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", [THREES_GO_OUT, ""])
def test_a_final_play_of_threes_goes_out_over_anything(tmp_path, kind, rule):  # [plays] final_play 最后一手走
    e = house(tmp_path, "lianzhong", rule, kind)  # 憋三: seat 2's 3s wait for its last play
    g = e.new_position({1: "K K K K K 4", 2: "3 3", 3: "5", 4: "6", 5: "7", 6: "8"}, leader=1)
    g.apply_action("play K K K K K")  # a 级牌 only seat 4, the opposite, may answer
    if not rule:
        assert g.current_player() == 1 and actions(g) == ["play 4"]  # nobody may answer: seat 1 leads again
        with pytest.raises(IllegalAction):
            g.apply_action("play 3 3", 2)
        return
    assert g.current_player() == 2 and actions(g) == ["pass", "play 3 3"]
    g.apply_action("play 3 3")
    assert g.places() == {2: 1} and "seat 2 goes out over the table with its final play (最后一手走)" in g.transcript()
    # The 3s stand like any answer: nobody beats two 3s with the cards left, so the next player takes over (接风).
    assert g.current_player() == 3 and g.top is None and actions(g) == ["play 5"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_final_play_is_offered_only_while_its_player_is_in_the_round(tmp_path, kind):  # [plays] final_play
    e = house(tmp_path, "lianzhong", THREES_GO_OUT, kind)
    hands = {1: "4 4 K", 2: "3 3", 3: "5 J", 4: "6 Q", 5: "7 A", 6: "8 9"}
    g = e.new_position(hands, leader=1)
    g.apply_action("play 4")
    assert g.current_player() == 2 and actions(g) == ["pass", "play 3 3"]  # over a single 4 too
    g.apply_action("pass")  # waiting: a pass gives up the round ...
    g.apply_action("play 5")
    for seat in (4, 5, 6, 1):
        assert g.current_player() == seat
        g.apply_action("pass")
    assert g.current_player() == 3 and g.top is None  # ... so seat 2 is not asked about seat 3's 5
    # ... except for what it may answer after a pass: its opposite's plays (D6).
    g = e.new_position(hands, leader=1)
    for action in ("play 4", "pass", "pass", "pass", "play 7", "pass", "pass"):
        g.apply_action(action)
    assert g.current_player() == 2 and actions(g) == ["pass", "defer", "play 3 3"]


JOKERS_GO_OUT = "[plays]\nfinal_play = jokers(play) == size(play)"  # 枣庄 house rule: a last play of jokers goes out


@pytest.mark.parametrize("kind", KINDS)
def test_a_final_play_is_no_burn_and_only_the_whole_hand_goes(tmp_path, kind):  # [plays] final_play
    e = house(tmp_path, "zaozhuang", JOKERS_GO_OUT, kind)
    # Seat 2 may burn seat 1's K K with its BJ BJ, or go out with them as a play: no burn then.
    g = e.new_position({1: "K K 4", 2: "BJ BJ", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play K K")
    assert g.current_player() == 2 and actions(g) == ["pass", "burn BJ BJ", "play BJ BJ"]
    g.apply_action("play BJ BJ")
    assert g.places() == {2: 1} and not any("burn" in line for line in g.transcript())
    # Asked only for its final play, a player may not answer with part of it.
    e = house(tmp_path, "zaozhuang", JOKERS_GO_OUT + "\n[burning]\nallowed = no", kind)
    g = e.new_position({1: "K K 4", 2: "SJ BJ BJ", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play K K")
    assert g.current_player() == 2 and actions(g) == ["pass", "play SJ BJ BJ"]
    with pytest.raises(IllegalAction) as refused:
        g.apply_action("play BJ BJ")
    assert str(refused.value) == ("seat 2 may not answer seat 1's play: it may only go out with all its cards, "
                                  "'play SJ BJ BJ' ([plays] final_play)")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", [JOKERS_GO_OUT, ""])
def test_a_last_play_of_jokers_goes_out_in_zaozhuang(tmp_path, kind, rule):  # [plays] final_play, a second use
    """Issue 33's second use nobody asked for: a 枣庄 club's house rule that a last play of jokers
    only goes out whatever the table holds (a small joker over a big one, which only two big
    jokers beat in 枣庄, D3)."""
    e = house(tmp_path, "zaozhuang", rule, kind)
    g = e.new_position({1: "BJ 4", 2: "SJ", 3: "BJ 6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play BJ")
    if not rule:
        assert g.current_player() == 1 and actions(g) == ["play 4"]
        return
    assert g.current_player() == 2 and actions(g) == ["pass", "play SJ"]
    g.apply_action("play SJ")
    # Seat 2 is out; its SJ stands, a 级牌 played going out that anyone may answer (flow.going_out_gouji).
    assert g.places() == {2: 1} and g.top_seat == 2
    assert g.current_player() == 3 and actions(g) == ["pass", "play BJ"]
    # A hand that is not all jokers is answered as usual.
    g = e.new_position({1: "BJ 4", 2: "SJ 5", 3: "BJ 6", 4: "7", 5: "8", 6: "9"}, leader=1)
    g.apply_action("play BJ")
    assert g.current_player() == 1


# [threes] men_out (被闷出局): seat 1's K K leaves it its two 3s; seat 4, its opposite, beats the
# 级牌 with A A: seat 1 is 闷ed (D22), and nobody can beat the A A.
MENNED = {1: "K K 3 3", 2: "6 6 4", 3: "7 7 4", 4: "A A 5 8", 5: "9 9 4", 6: "10 10 4"}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("men_out", [True, False])
def test_a_player_menned_is_out_of_play_at_once(tmp_path, kind, men_out):  # [threes] men_out; D22
    e = house(tmp_path, "lianzhong", f"[threes]\nmen_out = {'yes' if men_out else 'no'}", kind)
    g = e.new_position(MENNED, leader=1)
    g.apply_action("play K K")
    g.apply_action("play A A")
    # 闷 either way (its 闷贡 is owed); the A A stands and its player leads: the game goes on.
    assert g.men == [[1, 4]] and g.current_player() == 4 and not g.is_terminal()
    assert g.places() == ({1: 6} if men_out else {})  # the lowest free place, at once
    assert g.observation(1)["hands"] == {1: "3 3"}  # its 3s stay in its hand, never played
    if kind == "engine":
        assert g.observe(2)["status"][1] == ("out" if men_out else "waiting")
    g.apply_action("play 5")
    asked = []
    while g.top is not None:
        asked.append(g.current_player())
        g.apply_action("pass")
    assert asked == [5, 6, 2, 3]  # seat 1 could not beat the 5 in any case: no 3 before the last play
    assert g.current_player() == 4 and (1 in g.places()) is men_out


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("men_out", [True, False])
def test_a_player_menned_out_can_decide_the_game(tmp_path, kind, men_out):  # [threes] men_out; D10, D22
    e = house(tmp_path, "lianzhong", f"[threes]\nmen_out = {'yes' if men_out else 'no'}", kind)
    # Seat 1's teammates (3, 5) are out: 闷ed out of play, it leaves only seats 2, 4 and 6 holding cards.
    g = e.new_position({1: "K K 3 3", 2: "6 6 4", 4: "A A 5", 6: "4"}, leader=1, out={3: 1, 5: 2})
    g.apply_action("play K K")
    g.apply_action("play A A")
    if men_out:  # the players left by cards, ties in playing order after seat 5, the last out: 6, 4, 2
        assert g.is_terminal() and g.places() == {1: 6, 2: 5, 3: 1, 4: 4, 5: 2, 6: 3}
    else:  # seat 4 goes out with its 5, seat 6 takes over (接风) and goes out, seat 1 takes over and plays its 3s
        for action in ["play 5", "pass", "play 4", "pass", "play 3 3"]:
            g.apply_action(action)
        assert g.is_terminal() and g.places() == {1: 5, 2: 6, 3: 1, 4: 3, 5: 2, 6: 4}
    assert g.result()["men"] == [[1, 4]]  # the tribute debt stands either way
    assert {"kind": "men", "from": 1, "to": 4, "count": 1} in e.tributes(g.result())


@pytest.mark.parametrize("kind", KINDS)
def test_when_nobody_went_out_the_players_left_are_ranked_from_the_last_menned(tmp_path, kind):  # D10, D22
    e = house(tmp_path, "lianzhong", "[threes]\nmen_out = yes", kind)
    g = e.new_position({1: "5 3", 2: "8 4 4", 3: "6 3", 4: "9 4 4", 5: "7 3", 6: "10 10"}, leader=1)
    # Seats 1, 3 and 5 (one team) are each beaten right before their 3s: out of play at places 6, 5, 4.
    for seat, action in [(1, "play 5"), (2, "play 8"), (2, "play 4"), (3, "play 6"), (4, "play 9"),
                         (4, "play 4"), (5, "play 7"), (6, "play 10")]:
        while g.current_player() != seat:
            g.apply_action("pass")
        g.apply_action(action)
    assert g.men == [[1, 2], [3, 4], [5, 6]] and g.is_terminal()
    # Nobody went out: the players left, a card each, take places 1-3 in playing order after seat 5.
    assert g.places() == {1: 6, 2: 2, 3: 5, 4: 3, 5: 4, 6: 1}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("men_out", [True, False])
def test_a_huangjindao_player_menned_out_brings_on_the_free_for_all(tmp_path, kind, men_out):  # men_out; D7, D22
    """Issue 33's second use of men_out: 黄金岛 where a player 闷ed is out at once. Seat 2 is out
    (seat 5 无头); seat 3 beats seat 1's 5 5, its play before its 3s: out of play, seat 1 leaves
    four players holding cards, and 四户乱缠 begins (which ends 无头). It makes no one 无头 itself."""
    e = house(tmp_path, "huangjindao", f"[threes]\nmen_out = {'yes' if men_out else 'no'}", kind)
    g = e.new_position({1: "5 5 3 3", 3: "7 7 4", 4: "8 8 4", 5: "9 9 4", 6: "6 6 4"}, leader=1, out={2: 1})
    g.apply_action("play 5 5")
    g.apply_action("play 7 7")
    assert g.men == [[1, 3]] and g.current_player() == 4
    assert g.places() == ({1: 6, 2: 1} if men_out else {2: 1})
    assert g.chaos is men_out and sorted(g.headless) == ([] if men_out else [5])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("then_lead", ["none", "gouji(play)"])
def test_opening_in_two_steps(tmp_path, kind, then_lead):  # [open] then_lead 随后出牌: 待开点, 废点
    e = house(tmp_path, "lianzhong-bubiesan", f"[open]\nthen_lead = {then_lead}", kind)
    two_steps = then_lead != "none"
    # wins_lead: seat 1's Q Q Q wins the round (nobody beats it). With the rule seat 1 is pending
    # until their lead: K K K, a 级牌, completes the opening.
    g = e.new_position({1: "Q Q Q K K K 4", 2: "3", 3: "3", 4: "3", 5: "3", 6: "3"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 1 and ("seat 1 opens (开点)" in g.transcript()) != two_steps
    g.apply_action("play K K K")
    assert "seat 1 opens (开点)" in g.transcript() and "废点" not in " ".join(g.transcript())
    # A plain lead (4) forfeits it: K K K winning the lead later opens nobody.
    g = e.new_position({1: "Q Q Q K K K 4 4", 2: "3", 3: "3", 4: "3", 5: "3", 6: "3"}, leader=1)
    for play in ("Q Q Q", "4", "K K K"):
        assert g.current_player() == 1
        g.apply_action(f"play {play}")
    log = g.transcript()
    assert ("seat 1 opens (开点)" in log) != two_steps
    assert ("seat 1 forfeits 开点 (废点)" in log) == two_steps
    if kind == "engine":  # the fast flow's observe shows 废点 beside who opened, with the rule
        assert g.observe(1).get("forfeited") == ([1] if two_steps else None)


@pytest.mark.parametrize("kind", KINDS)
def test_a_pending_opening_stands_when_its_player_goes_out_first(tmp_path, kind):  # [open] then_lead
    # survives (zaozhuang, where anyone may answer a 级牌 here): seat 1's Q Q Q beaten by seat 2
    # (not the opposite, seat 4) opens seat 1 in two steps; seat 1 goes out answering before it
    # leads again, and has opened.
    e = house(tmp_path, "zaozhuang", "[open]\nthen_lead = gouji(play)\n[flow]\ngouji_answer = anyone\n"
              "[burning]\nallowed = no", kind)
    g = e.new_position({1: "Q Q Q 6", 2: "K K K 5", 3: "3", 4: "3", 5: "3", 6: "3"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 2
    g.apply_action("play K K K")
    assert "seat 1 opens (开点)" not in g.transcript()
    g.apply_action("play 5")  # seat 2 won the round, leads 5 and goes out; seat 1 goes out with its 6
    while g.current_player() != 1:
        g.apply_action("pass")
    g.apply_action("play 6")
    log = g.transcript()
    assert log.index("seat 1 goes out, place 2") < log.index("seat 1 opens (开点)")
    # Seat 2's K K K won it the lead (a step too), and its plain lead 5 forfeited that.
    assert "seat 2 forfeits 开点 (废点)" in log and "seat 2 opens (开点)" not in log


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", ["anyone", "not forfeited(burner)"])
def test_a_player_who_forfeited_opening_may_not_burn(tmp_path, kind, who):  # second use: forfeited(x) in [burning] who
    e = house(tmp_path, "zaozhuang", f"[open]\nthen_lead = gouji(play)\n[burning]\nwho = {who}", kind)
    # Seat 2's K K wins it the lead; its plain lead 5 forfeits 开点 (废点). Seat 3 takes the lead
    # with 6 and leads Q Q Q, which seat 2 could burn with A A A.
    g = e.new_position({1: "3", 2: "K K 5 A A A BJ", 3: "6 Q Q Q 4", 4: "3", 5: "3", 6: "3 3"}, leader=2)
    for action in ("play K K", "play 5", "play 6", "pass", "play Q Q Q"):
        g.apply_action(action)
    assert "seat 2 forfeits 开点 (废点)" in g.transcript()
    if who == "anyone":
        assert g.current_player() == 2 and actions(g) == ["pass", "burn A A BJ", "burn A A A"]
    else:
        assert g.current_player() == 3 and actions(g) == ["play 4"]  # nobody may answer: seat 3 leads again
