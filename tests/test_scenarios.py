"""Scenario tests: one rule each. Set up a position, act, check the exact consequence."""
from __future__ import annotations

import pytest

import gouji_dsl
from gouji_dsl.game import IllegalAction, Match


def eng(name):
    return gouji_dsl.engine(name)


def kinds(game):
    return [str(a) for a in game.legal_actions()]


def test_only_the_opposite_may_answer_a_gouji_play():  # 001:L54; 000:L41
    g = eng("zaozhuang").new_position({1: "K K 4", 2: "A A 5 6 7", 3: "3", 4: "A A 9", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play K K")
    # Seat 2 could beat K K but may not (not the opposite, and no burn: 5 6 7 cannot go out with jokers).
    assert g.current_player() == 4
    with pytest.raises(IllegalAction, match=r"seat 2 may not answer a 级牌 of seat 1: only seat 4 \(opposite\) or a burner may"):
        g.apply_action("play A A", seat=2)
    assert g.current_player() == 4 and kinds(g) == ["pass", "play A A"]


def test_a_burner_must_burn_not_play():  # 000:L41-44; D12, D14
    g = eng("zaozhuang").new_position({1: "Q Q Q 4", 2: "K K K 5 BJ", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 2 and "burn K K K" in kinds(g) and "play K K K" not in kinds(g)
    with pytest.raises(IllegalAction, match="only by burning it"):
        g.apply_action("play K K K")


def test_burn_failure_makes_the_burner_last():  # 000:L45; D15
    g = eng("zaozhuang").new_position({1: "Q Q Q 4 4", 2: "K K K 5 5 6 6 BJ", 3: "3 3 3 3", 4: "4", 5: "5", 6: "6"},
                                      leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    assert g.current_player() == 2 and g.top is None  # nobody could answer: the burner leads
    g.apply_action("play 5 5")  # no joker, and not the last play
    assert g.places()[2] == 6  # 大落
    assert sum(g.hands[1]) == 0 and g.dead[3] == 2 and g.dead[14] == 1
    assert g.current_player() == 1  # zaozhuang: the burned player leads again


def test_burn_failure_qingdao_next_player_leads():  # 003:L34; D15
    g = eng("qingdao").new_position({1: "Q Q Q 4 4", 2: "K K K 5 5 6 6 BJ", 3: "3 3 3 3", 4: "4", 5: "5", 6: "6"},
                                    leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    g.apply_action("play 5 5")
    assert g.places()[2] == 6 and g.current_player() == 3


def test_beaten_burner_is_released():  # 000:L47 解烧; D15
    g = eng("zaozhuang").new_position({1: "Q Q Q 4", 2: "K K K 5 5 6 BJ", 3: "3", 4: "4", 5: "A A A 7 7", 6: "6"},
                                      leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 5  # seat 1's teammate may burn, and goes first (联邦优先)
    g.apply_action("pass")
    g.apply_action("burn K K K")
    assert 2 in g.obligation
    assert g.current_player() == 5  # the burner's opposite may answer the burning play
    g.apply_action("play A A A")
    assert 2 not in g.obligation
    assert g.burns_done == []


def test_burn_succeeds_when_the_burner_goes_out():  # 004:L87; D15, D19 烧贡
    g = eng("lianzhong").new_position({1: "Q Q Q 4", 2: "K K K", 3: "5", 4: "4", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    assert g.places()[2] == 1 and g.burns_done == [[2, 1]]


def test_headless_answer_is_not_a_burn():  # 000:L49; E1
    g = eng("zaozhuang").new_position({1: "A A 3", 2: "K K 5", 3: "4", 5: "6", 6: "7"}, leader=2, out={4: 1})
    assert 1 in g.headless
    g.apply_action("play K K")
    assert g.current_player() == 1 and kinds(g) == ["pass", "play A A"]
    g.apply_action("play A A")
    assert 1 not in g.obligation


@pytest.mark.parametrize("name,first", [("zaozhuang", 3), ("lianzhong", 3), ("qingdao", 2)])
def test_burn_priority(name, first):  # 000:L42 联邦优先, 004:L85; 003:L32-34 nearest; D14
    g = eng(name).new_position({1: "Q Q Q 8", 2: "K K K 5 BJ", 3: "A A A 6 BJ", 4: "4", 5: "4", 6: "4"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == first


@pytest.mark.parametrize("name,circles", [("zaozhuang", 2), ("lianzhong-bubiesan", 1)])
def test_lead_returns_after_circles_in_the_free_for_all(name, circles):  # 000:L55 两圈; 001:L66; D7
    g = eng(name).new_position({1: "5 8", 2: "6 9", 3: "4", 5: "4"}, leader=1, out={4: 1, 6: 2})
    assert g.chaos
    g.apply_action("play 5")
    assert g.current_player() == 2
    g.apply_action("pass")
    if circles == 2:
        assert g.current_player() == 2 and "play 6" in kinds(g)  # asked again in the second circle
    else:
        assert g.current_player() == 1 and g.top is None


def test_defer_lets_the_next_two_act_first():  # 000:L38 让牌; 004:L73; D5
    g = eng("lianzhong-bubiesan").new_position({1: "5 5 9", 2: "3", 3: "4", 4: "6 6 8", 5: "7 7 9", 6: "4 4"},
                                               leader=1)
    g.apply_action("play 5 5")
    assert g.current_player() == 4 and "defer" in kinds(g)
    g.apply_action("defer")
    assert g.current_player() == 5
    g.apply_action("pass")
    assert g.current_player() == 4 and "defer" not in kinds(g)
    g.apply_action("play 6 6")
    assert g.top_seat == 4


def test_no_defer_on_a_gouji_play():  # D5
    g = eng("lianzhong-bubiesan").new_position({1: "K K 9", 2: "3", 3: "4", 4: "A A 8", 5: "4", 6: "4"}, leader=1)
    g.apply_action("play K K")
    assert g.current_player() == 4 and "defer" not in kinds(g)


def test_a_pass_loses_the_round_except_against_the_opposite():  # 000:L37; D6
    hands = {1: "5 J", 2: "6 Q", 3: "7 3", 4: "8 K", 5: "9 9", 6: "10 4"}
    g = eng("lianzhong-bubiesan").new_position(hands, leader=1)
    for action in ("play 5", "pass", "play 7", "pass", "pass", "pass", "pass"):
        g.apply_action(action)
    # Seat 2 passed this round and seat 3 is not its opposite: it is not asked again.
    assert g.current_player() == 3 and g.top is None
    g = eng("lianzhong-bubiesan").new_position(hands, leader=1)
    for action in ("play 5", "pass", "play 7", "play 8", "play 9", "pass", "pass"):
        g.apply_action(action)
    # Seat 5 is seat 2's opposite: seat 2 may answer it although it passed.
    assert g.current_player() == 2 and "play Q" in kinds(g)


@pytest.mark.parametrize("name,who", [("zaozhuang", 2), ("lianzhong", 4), ("qingdao", 2)])
def test_going_out_with_a_gouji_play(name, who):  # 000:L53 底牌; 001:L66; 003:L32 接风; D9
    g = eng(name).new_position({1: "K K", 2: "A A 5", 3: "4 4 4 4", 4: "A A 8", 5: "4", 6: "5"}, leader=1)
    g.apply_action("play K K")
    assert g.places()[1] == 1
    assert g.current_player() == who
    assert all(not a.startswith("burn") for a in kinds(g))


def test_opening_survives_versus_wins_the_lead():  # 000:L51; 001:L54; D16
    hands = {1: "K K 7", 2: "A A 5", 3: "4", 4: "3 8", 6: "6"}
    for name, opens in (("zaozhuang", True), ("lianzhong-bubiesan", False)):
        g = eng(name).new_position(hands, leader=1, out={5: 1})  # seat 2 is 无头
        g.apply_action("play K K")
        assert g.current_player() == 2
        g.apply_action("play A A")
        assert (1 in g.opened) is opens, name


def test_huangjindao_single_two_does_not_open():  # 004:L75, L79; D16
    for name, opens in (("huangjindao", False), ("lianzhong", True)):
        g = eng(name).new_position({1: "2 7 7", 2: "5", 3: "5", 4: "5", 5: "5", 6: "5"}, leader=1)
        g.apply_action("play 2")
        assert g.current_player() == 1 and g.top is None
        assert (1 in g.opened) is opens, name


def test_threes_last_and_men_tribute():  # 001:L46 憋三, 001:L62 闷贡; D22, D19
    g = eng("lianzhong").new_position({1: "5 3 3", 2: "6 9", 3: "7 7", 4: "8 8", 5: "9 9", 6: "10 10"}, leader=1)
    assert kinds(g) == ["play 5"]  # 3s only as the last play
    g.apply_action("play 5")
    g.apply_action("play 6")
    assert g.men == [[1, 2]]


def test_sweep_ends_the_game_and_doubles_place_points():  # 000:L57-58, L97; D10, D21
    g = eng("zaozhuang").new_position({2: "3 3", 4: "4", 5: "9", 6: "5 5 5"}, leader=5, out={1: 1, 3: 2},
                                      opened=range(1, 7))
    g.apply_action("play 9")
    assert g.is_terminal()
    assert g.places() == {1: 1, 2: 5, 3: 2, 4: 4, 5: 3, 6: 6}
    assert g.returns() == [12, -12, 12, -12, 12, -12]


def test_game_ends_when_one_team_holds_cards():  # 001:L50; D10
    g = eng("lianzhong-bubiesan").new_position({1: "9", 2: "3 3", 4: "4 4 4", 6: "5"}, leader=1, out={3: 1, 5: 2})
    g.apply_action("play 9")
    assert g.is_terminal()
    assert g.places() == {1: 3, 2: 5, 3: 1, 4: 6, 5: 2, 6: 4}


def _first_game(name, want, limit=400):
    for seed in range(limit):
        g = eng(name).new_game(seed=seed)
        while g.phase == "declare":
            g.apply_action("pass")
        if want(g):
            return g
    raise AssertionError("no such deal found")


def test_revolution_sits_out_as_fourth_and_makes_the_opposite_headless():  # 001:L46, L54; 004:L59-63; D23
    g = _first_game("huangjindao", lambda g: g.phase == "revolt")
    seat = g.current_player()
    g.apply_action("revolt")
    while g.phase == "revolt":
        g.apply_action("pass")
    assert g.revolutionary == seat and g.places()[seat] == 4
    assert g.r.opposite[seat] in g.headless
    assert g.r.opposite[seat] in g.opened and seat not in g.opened  # 自动认点 (huangjindao)


def test_two_revolutionaries_cause_a_redeal():  # 001:L46; D23
    g = _first_game("lianzhong", lambda g: g.phase == "revolt" and len(g.phase_seats) >= 2, limit=3000)
    first_hands = [list(h) for h in g.hands]
    g.apply_action("revolt")
    while g.phase == "revolt" and g.current_player() != -1:
        if len(g.revolters) >= 1 and g.current_player() in g.phase_seats:
            g.apply_action("revolt")
            break
        g.apply_action("pass")
    assert g.hands != first_hands  # dealt again
    assert g.revolutionary is None


def test_buying_a_three():  # 001:L46 买3; 004:L53; D22
    import re
    g = _first_game("lianzhong", lambda g: any("buys a 3" in str(line) for line in g.transcript()))
    line = next(l for l in g.transcript() if "buys a 3" in l)
    buyer, seller, paid = re.match(r"seat (\d) buys a 3 from seat (\d) for (\S+)", line).groups()
    buyer, seller = int(buyer), int(seller)
    assert seller == g.r.opposite[buyer]
    assert g.dealt[buyer - 1][0] == 0 and g.hands[buyer - 1][0] == 1
    assert g.dealt[seller - 1][0] >= 2 and g.hands[seller - 1][0] == g.dealt[seller - 1][0] - 1
    assert paid == "2" if g.dealt[buyer - 1][12] else paid in ("SJ", "BJ")


def test_tribute_pays_highest_cards_and_returns_within_the_limit():  # 000:L60, L68, L70-71; D19, D20
    previous = {"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 4, 5, 6], "declared": [], "burns": [], "men": []}
    g = eng("zaozhuang").new_game(seed=11, match=Match(results=[previous]))
    paid = [t for t in g.tribute_log if t["kind"] == "luo"]
    assert [(t["from"], t["to"]) for t in paid] == [(6, 1), (5, 2)]
    returns = [t for t in g.tribute_log if t["kind"] == "return"]
    assert [(t["from"], t["to"]) for t in returns] == [(1, 6), (2, 5)]
    from gouji_dsl.runtime import CARDS
    order = {c: i for i, c in enumerate(CARDS)}
    for pay, back in zip(paid, returns):
        got, given = pay["cards"].split(), back["cards"].split()
        assert len(given) == len(got)
        assert max(order[c] for c in given) <= min(order[c] for c in got)
    # The 大落 paid its two highest cards: nothing left in its hand beats them.
    highest = max(order[c] for c in paid[0]["cards"].split())
    remaining = g.hands[5]
    assert not any(remaining[i] for i in range(highest + 1, 15))


def test_haixuan_pays_no_tribute():  # 000:L7
    previous = {"finish": [1, 2, 3, 4, 5, 6], "opened": [1], "declared": [], "burns": [], "men": []}
    g = eng("zaozhuang-haixuan").new_game(seed=11, match=Match(results=[previous]))
    assert g.tribute_log == []


def test_graduation_opens_the_payer_in_the_next_game():  # 000:L67 点贡毕业; D18
    games = [{"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 5, 6], "declared": [], "burns": [], "men": []}] * 3
    g = eng("zaozhuang").new_game(seed=3, match=Match(results=games))
    dian = [t for t in g.tribute_log if t["kind"] == "dian"]
    assert dian == [{"kind": "dian", "from": 4, "to": 1, "cards": dian[0]["cards"]}] and len(dian[0]["cards"].split()) == 3
    assert 4 in g.opened  # 毕业: seat 4 is open in this game
