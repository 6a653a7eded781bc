"""Scenario tests: one rule each. Set up a position, act, check the exact consequence."""
from __future__ import annotations

from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.cli import main
from gouji_dsl.runtime.game import IllegalAction, Match


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
    # Seat 1 (the opposite) cannot beat 6 6: it is not asked, not even to defer (issue 10),
    # and nobody else may answer: the round is seat 4's.
    assert g.top is None and g.current_player() == 4
    assert [str(a) for a in g.history()[-2:]] == ["pass", "play 6 6"]


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
    line = next(text for text in g.transcript() if "buys a 3" in text)
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
    from gouji_dsl.runtime.cards import CARDS
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


# --- one-rule house variants: every rule value the checker accepts changes play --------
# Each test builds small children of a standard variant in a scratch folder and
# runs the same scenario on both engines (generated in memory, and the reference).

def house_engines(tmp_path, name: str, text: str):
    """The generated engine and the reference interpreter of a rule file `name`.gouji."""
    from gouji_dsl.backends.codegen import engine_module
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.phases import Compilation
    from gouji_dsl.backends.reference import Reference

    path = tmp_path / f"{name}.gouji"
    path.write_text(text, encoding="utf-8")
    ws = Workspace()
    model = Compilation(ws, ws.resolve_argument(str(path))).checked
    return engine_module(model), Reference(model)


NO_BURNING = "[burning]\nallowed = no\n"


@pytest.mark.parametrize("answer", ["opposite_only", "anyone"])
def test_gouji_answer_decides_who_answers_a_gouji_play(tmp_path, answer):  # 000:L41; flow.gouji_answer
    text = f"variant house extends zaozhuang\n[flow]\ngouji_answer = {answer}\n" + NO_BURNING
    for e in house_engines(tmp_path, "house", text):
        g = e.new_position({1: "K K 4", 2: "A A 5", 3: "3", 4: "A A 9", 5: "4", 6: "5"}, leader=1)
        g.apply_action("play K K")
        if answer == "anyone":
            assert g.current_player() == 2 and "play A A" in kinds(g)
            g.apply_action("play A A", seat=2)
            assert g.top is None and g.current_player() == 2  # nobody beats A A: seat 2 leads
        else:
            assert g.current_player() == 4
            with pytest.raises(IllegalAction, match="only seat 4 \\(opposite\\)"):
                g.apply_action("play A A", seat=2)


def end_rules(ends_when="one_team_left", remaining="by_cards", sweep="yes") -> str:
    return (f"variant house extends zaozhuang\n[end]\nends_when = {ends_when}\nremaining = {remaining}\n"
            f"sweep = {sweep}\n")


# Seats 1, 3, 2 are out (places 1-3); seat 5 leads its last card, leaving only
# seats 4 and 6 (one team) holding cards.
END_HANDS = {4: "7", 5: "4", 6: "8 8 8"}
END_OUT = {1: 1, 3: 2, 2: 3}


@pytest.mark.parametrize("ends_when", ["one_team_left", "all_out"])
def test_ends_when_one_team_is_left_or_all_cards_are_out(tmp_path, ends_when):  # D10; end.ends_when
    for e in house_engines(tmp_path, "house", end_rules(ends_when)):
        g = e.new_position(END_HANDS, leader=5, out=END_OUT)
        g.apply_action("play 4")
        if ends_when == "one_team_left":
            assert g.is_terminal() and g.places() == {1: 1, 2: 3, 3: 2, 4: 5, 5: 4, 6: 6}
            continue
        # Teammates play on against each other until one player is left holding cards.
        assert not g.is_terminal() and g.current_player() == 6
        g.apply_action("play 8")
        while not g.is_terminal():
            g.apply_action(g.legal_actions()[-1])
        assert sum(g.hands[5]) == 0 or sum(g.hands[3]) == 0
        assert sorted(g.places().values()) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("remaining", ["by_cards", "playing_order", "seat_order"])
def test_players_left_are_placed_by_cards_or_in_playing_order(tmp_path, remaining):  # 000:L58; end.remaining
    for e in house_engines(tmp_path, "house", end_rules(remaining=remaining)):
        g = e.new_position(END_HANDS, leader=5, out=END_OUT)
        g.apply_action("play 4")
        assert g.is_terminal()
        # Seat 4 holds 1 card, seat 6 three; seat 6 comes first after seat 5 in playing order.
        assert (g.places()[4], g.places()[6]) == ((6, 5) if remaining == "playing_order" else (5, 6))


@pytest.mark.parametrize("remaining, places", [
    ("by_cards", {2: 5, 4: 4, 6: 6}),       # 1 card, 2 cards, 3 cards
    ("playing_order", {6: 4, 2: 5, 4: 6}),  # from seat 6, the seat after seat 5 (the last out)
    ("seat_order", {2: 4, 4: 5, 6: 6}),     # seat 2 first (zhoujxMT T12: room_end.go:L245-251)
    # Rankings of a file's own (issue 33): in playing order from a stated seat, here after seat 3
    # (the opposite of seat 6, the next after the last player out); most cards first; in Chinese.
    ("[distance(opposite(next(last)), player)]", {4: 4, 6: 5, 2: 6}),
    ("[0 - cards_left(player)]", {6: 4, 2: 5, 4: 6}),
    ("[相隔(最后走的人, 这个人)]", {6: 4, 2: 5, 4: 6}),
])
def test_the_three_ways_to_place_the_players_left(tmp_path, remaining, places):  # end.remaining
    for e in house_engines(tmp_path, "house", end_rules("all_out", remaining=remaining)):
        g = e.new_position({2: "9 9", 4: "7", 5: "4", 6: "8 8 8"}, leader=5, out={1: 1, 3: 2})
        g.apply_action("play 4")  # seats 1, 3, 5 take places 1-3: 串三户, three players left
        assert g.is_terminal()
        assert {s: g.places()[s] for s in (2, 4, 6)} == places


@pytest.mark.parametrize("sweep", ["yes", "no"])
def test_a_sweep_ends_a_game_played_to_the_last_card(tmp_path, sweep):  # 000:L58; end.sweep with ends_when = all_out
    for e in house_engines(tmp_path, "house", end_rules("all_out", sweep=sweep)):
        g = e.new_position({2: "9 9", 4: "7", 5: "4", 6: "8 8 8"}, leader=5, out={1: 1, 3: 2})
        g.apply_action("play 4")  # seats 1, 3, 5 take places 1-3: 串三户
        assert g.is_terminal() == (sweep == "yes")
        if sweep == "yes":
            assert g.places() == {1: 1, 2: 5, 3: 2, 4: 4, 5: 3, 6: 6}  # the rest by cards left


@pytest.mark.parametrize("condition", ["yes", "no"])
def test_a_constant_burning_condition(tmp_path, condition):  # burning.condition = yes / no
    text = f"variant house extends zaozhuang\n[burning]\ncondition = {condition}\n"
    for e in house_engines(tmp_path, "house", text):
        g = e.new_position({1: "Q Q Q 4", 2: "K K K 5 6 7 8 9", 3: "3", 4: "4", 5: "4", 6: "5"}, leader=1)
        g.apply_action("play Q Q Q")
        # 5 6 7 8 9 cannot go out with no joker, yet `yes` lets seat 2 burn; `no` lets nobody.
        assert (g.current_player() == 2 and "burn K K K" in kinds(g)) == (condition == "yes")


ROOM = ("variant house extends zaozhuang\n[room]\nmin_games = {min_games}\nleave_penalty = {penalty}\n"
        "penalty_first_leaver_only = {first}\nrank_by = {rank_by}\n")


@pytest.mark.parametrize("first", ["yes", "no"])
def test_leaving_early_costs_a_multiple_of_the_game_score(tmp_path, first):  # 000:L72-76; [room]
    text = ROOM.format(min_games=4, penalty=20, first=first, rank_by="points")
    for e in house_engines(tmp_path, "house", text):
        assert e.leave_penalty(3, games_played=2) == 60
        assert e.leave_penalty(3, games_played=4) == 0  # min_games finished: no penalty
        assert e.leave_penalty(3, games_played=2, first_leaver=False) == (0 if first == "yes" else 60)


def test_leave_penalty_and_min_games_values(tmp_path):  # [room] min_games, leave_penalty
    for i, (min_games, penalty, played, expected) in enumerate([(2, 5, 1, 10), (2, 5, 2, 0), (6, 1, 5, 2), (0, 0, 0, 0)]):
        text = ROOM.format(min_games=min_games, penalty=penalty, first="no", rank_by="points").replace("house", f"house{i}")
        for e in house_engines(tmp_path, f"house{i}", text):
            assert e.leave_penalty(2, played) == expected
            with pytest.raises(ValueError):
                e.leave_penalty(-1, played)


@pytest.mark.parametrize("rank_by", ["points", "coins"])
def test_player_rank_by_points_or_coins(tmp_path, rank_by):  # 000:L98-157; room.rank_by, room.ranks
    text = ROOM.format(min_games=4, penalty=20, first="yes", rank_by=rank_by)
    for e in house_engines(tmp_path, "house", text):
        # 700 points make a 少尉 (640); 30000 coins a 下士 (20000).
        assert e.player_rank(700, 30000) == ("少尉" if rank_by == "points" else "下士")
        assert e.player_rank(0, 0) == "列兵" and e.player_rank(10**6, 10**9) == "上将"


def test_rank_table_rows_decide_the_title(tmp_path):  # room.ranks
    text = ("variant house extends zaozhuang\n[room]\nranks =\n  | title | points_min | coins_min |\n"
            "  | \"新手\" | 10 | 0 |\n  | \"高手\" | 100 | 5 |\n")
    for e in house_engines(tmp_path, "house", text):
        assert [e.player_rank(p, 0) for p in (0, 10, 99, 100)] == [None, "新手", "新手", "高手"]
    for e in (eng("zaozhuang"), gouji_dsl.reference_engine("zaozhuang")):
        assert e.player_rank(99, 0) == "上士"


# --- issue 10: the flow follows the written rules --------------------------------------------------
# Each runs on the generated engine and the reference interpreter.

BOTH = pytest.mark.parametrize("make", [gouji_dsl.engine, gouji_dsl.reference_engine], ids=["generated", "reference"])


@BOTH
def test_d15_a_failed_burn_puts_the_burned_gouji_back_on_the_table(make):  # 000:L45; D15
    g = make("zaozhuang").new_position({1: "Q Q Q 4 4", 2: "K K K 5 5 6 6 BJ", 3: "3 3 3 3", 4: "A A A 7 8 9",
                                        5: "5", 6: "6"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    g.apply_action("play 5 5")  # no joker, not the last play: the burn fails
    assert g.places() == {2: 6}
    # Seat 1's Q Q Q is back, with its answering rights: seat 4 (opposite) is asked.
    assert g.current_player() == 4 and kinds(g) == ["pass", "play A A A"]
    assert "seat 1's Q Q Q is back on the table" in g.transcript()
    g.apply_action("play A A A")
    assert g.current_player() == 4 and g.top is None  # nobody beats A A A: seat 4 leads


@BOTH
def test_d15_the_burned_player_leads_when_nobody_answers_the_restored_gouji(make):  # D15
    g = make("lianzhong").new_position({1: "Q Q Q 4 4", 2: "K K K 5 5 6 6 BJ", 3: "3 3 3 3", 4: "7 8 9",
                                        5: "5", 6: "6"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("burn K K K")
    g.apply_action("play 5 5")
    assert g.places() == {2: 6}
    assert g.current_player() == 1 and g.top is None
    assert 1 in g.opened  # the restored 级牌 won the lead (开点 by wins_lead)


@BOTH
def test_d26_a_gouji_played_as_the_last_play_opens_when_the_opposite_does_not_beat_it(make):  # 000:L51; D26
    g = make("zaozhuang").new_position({1: "Q Q Q", 2: "K K K 4", 3: "6 4", 4: "7 4", 5: "8 4", 6: "9 4"}, leader=1)
    g.apply_action("play Q Q Q")  # seat 1 goes out with a 级牌 (底牌: anyone may answer, no burn)
    assert g.places() == {1: 1}
    assert g.current_player() == 2
    g.apply_action("play K K K")  # beaten, but not by the opposite: it still opens
    assert 1 in g.opened


@BOTH
def test_d26_a_last_gouji_beaten_by_the_opposite_does_not_open(make):  # D16, D26
    g = make("zaozhuang").new_position({1: "Q Q Q", 2: "5 4", 3: "6 4", 4: "K K K 4", 5: "8 4", 6: "9 4"}, leader=1)
    g.apply_action("play Q Q Q")
    assert g.current_player() == 4
    g.apply_action("play K K K")
    assert 1 not in g.opened


@BOTH
def test_d26_a_last_gouji_nobody_beats_opens(make):  # D26
    g = make("zaozhuang").new_position({1: "Q Q Q", 2: "5 4", 3: "6 4", 4: "7 4", 5: "8 4", 6: "9 4"}, leader=1)
    g.apply_action("play Q Q Q")
    assert 1 in g.opened and g.current_player() == 2


@BOTH
@pytest.mark.parametrize("variant", ["lianzhong", "huangjindao"])
def test_d22_all_the_threes_go_in_the_one_last_play(make, variant):  # 001:L46; D22
    g = make(variant).new_position({1: "3 3", 2: "5", 3: "6", 4: "7", 5: "8", 6: "9"}, leader=1)
    assert kinds(g) == ["play 3 3"]
    with pytest.raises(IllegalAction, match="all of them together"):
        g.apply_action("play 3")
    assert kinds(g) == ["play 3 3"]  # refused, nothing changed


@BOTH
@pytest.mark.parametrize("variant", ["zaozhuang", "lianzhong", "huangjindao", "qingdao"])
def test_d25_a_headless_player_who_passed_may_not_answer_a_later_gouji(make, variant):  # 003:L34-36; D25
    # Seat 1 went out first: seat 4 is 无头. It passes seat 2's 5 (a plain play), and then
    # may not answer seat 5's 级牌 2 in the same round, though it holds a big joker.
    g = make(variant).new_position({2: "5 7 7", 3: "3 4", 4: "9 BJ 6", 5: "2 8", 6: "3 4"}, leader=2, out={1: 1})
    assert 4 in g.headless
    g.apply_action("play 5")
    assert g.current_player() == 4
    g.apply_action("pass")
    assert g.current_player() == 5
    g.apply_action("play 2")
    assert g.top is None and g.current_player() == 5  # seat 4 is not asked: seat 5 wins the round
    assert [str(a) for a in g.history()] == ["play 5", "pass", "play 2"]


@BOTH
def test_a_player_who_cannot_beat_the_play_is_not_asked_even_to_defer(make):  # docs/engines.md promise; issue 10
    g = make("zaozhuang").new_position({1: "9 9 4", 2: "3", 3: "4", 4: "5 5 8", 5: "3", 6: "4"}, leader=1)
    g.apply_action("play 9 9")
    # Seat 4, the opposite, could defer (让牌) but holds nothing that beats 9 9: passed without asking.
    assert g.top is None and g.current_player() == 1
    assert all(str(a) != "defer" for a in g.history())


# --- the public API at its edges (found by the mutation run, tools/mutate.py) ------------------------------

ENGINES = [pytest.param(gouji_dsl.engine, id="generated"), pytest.param(gouji_dsl.reference_engine, id="reference")]


@pytest.mark.parametrize("load", ENGINES)
def test_a_finished_game_has_no_current_player(load):
    g = load("zaozhuang").new_position({1: "5", 2: "4", 3: "4", 4: "4", 5: "4", 6: "4"}, leader=1)
    while not g.is_terminal():
        g.apply_action(g.legal_actions()[-1])
    assert g.current_player() == -1 and g.legal_actions() == []


@pytest.mark.parametrize("load", ENGINES)
def test_card_counts_and_team_hands_show_at_exactly_the_limit(load):  # [info] report_at, show_team_at
    hands = {1: "5 5 5 5 5 5 5 5 5 5 6", 2: "4 4 4 4 4 4 4 4 4 4", 3: "7 7 7 7 7 7 7 7 7 7",
             4: "8 8 8 8 8 8 8 8 8 8 8", 5: "9 9 9 9 9 9 9 9 9 9 10", 6: "3"}
    seen = load("zaozhuang").new_position(hands, leader=1).observation(1)  # report_at = 10
    assert seen["card_counts"] == {2: 10, 3: 10, 6: 1} and seen["hands"] == {1: hands[1]}
    seen = load("qingdao").new_position(hands, leader=1).observation(1)  # show_team_at = 10
    assert seen["hands"] == {1: hands[1], 3: hands[3]}  # seat 5, the other teammate, holds 11


@pytest.mark.parametrize("load", ENGINES)
def test_an_invalid_play_classifies_as_nothing(load):
    e = load("zaozhuang")
    assert tuple(e.classify(e.parse_cards("3 4"))) == (False, None, 0, 0, False, None)


@pytest.mark.parametrize("load", ENGINES)
def test_positions_take_count_vectors_as_hands(load):
    e = load("zaozhuang")
    vectors = {s: e.parse_cards(text) for s, text in {1: "5 6", 2: "7", 3: "8", 4: "9", 5: "10", 6: "J"}.items()}
    g = e.new_position(vectors, leader=1)
    assert [e.format_cards(h) for h in g.hands] == ["5 6", "7", "8", "9", "10", "J"]
    with pytest.raises(ValueError):
        e.new_position({**vectors, 1: vectors[1][:14]}, leader=1)


def test_an_unreadable_action_is_quoted_shortened():
    g = eng("zaozhuang").new_position({1: "5", 2: "4", 3: "4", 4: "4", 5: "4", 6: "4"}, leader=1)
    with pytest.raises(IllegalAction) as caught:
        g.apply_action("x" * 100)
    assert str(caught.value).startswith(f"cannot read action {'x' * 40!r}...: expected 'play CARDS'")


@pytest.mark.parametrize("load", ENGINES)
def test_one_natural_card_with_fillers_answers(load):  # D4: 2s fill a play of one natural card
    e = load("zaozhuang")
    cards = e.parse_cards
    assert [e.format_cards(p) for p in e.answers(cards("K 2 2 5"), e.classify(cards("Q Q Q")).play)] == ["K 2 2"]


@pytest.mark.parametrize("load", ENGINES)
def test_dian_level_starts_at_one_and_grows(load):  # D18: 点贡 levels over consecutive games
    e = load("zaozhuang")
    first = {"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3]}
    dian = [(t["from"], t["to"], t["count"]) for t in e.tributes(first) if t["kind"] == "dian"]
    assert dian == [(4, 1, 1), (5, 2, 1), (6, 3, 1)]
    second = dict(first, previous=[{"opened": [1, 2, 3]}])
    dian = [(t["from"], t["to"], t["count"]) for t in e.tributes(second) if t["kind"] == "dian"]
    assert dian == [(4, 1, 2), (5, 2, 2), (6, 3, 2)]


@pytest.mark.parametrize("load", ENGINES)
def test_a_position_may_hold_every_copy_of_a_card_and_no_more(load):  # six decks: 24 of a rank, 6 of a joker
    e = load("zaozhuang")
    others = {2: "4", 3: "4", 4: "4", 5: "4", 6: "4"}
    g = e.new_position({1: " ".join(["5"] * 24 + ["BJ"] * 6), **others}, leader=1)
    assert e.format_cards(g.hands[0]).count("5") == 24
    for too_many in (["5"] * 25, ["BJ"] * 7):
        with pytest.raises(ValueError, match="more of a card than 6 deck"):
            e.new_position({1: " ".join(too_many), **others}, leader=1)


@pytest.mark.parametrize("load", ENGINES)
def test_previous_games_of_a_result_hold_only_opened(load):
    e = load("zaozhuang")
    result = {"finish": [1, 2, 3, 4, 5, 6], "opened": [1], "previous": [{"opened": [1], "declared": []}]}
    with pytest.raises(ValueError, match=r"result.previous must be a list"):
        e.tributes(result)


# --- issue 33: 随便管, 枣庄 for beginners (tests/conformance/beginners.gouji, compare = any_play) ----------------

BEGINNERS = str(Path(__file__).parent / "conformance" / "beginners.gouji")


@BOTH
def test_beginners_burn_and_answer_with_lower_ranks(make):  # [plays] compare = any_play
    """5 5 5 burns A A A and 6 6 6, the opposite's, lifts the burn: only the comparison changed,
    who may answer a 级牌, the burn and its lifting are Zaozhuang's."""
    hands = {1: "A A A 9", 2: "5 5 5 7", 3: "4", 4: "6 6 6 8", 5: "3", 6: "2"}
    g = make(BEGINNERS).new_position(hands, leader=1)
    g.apply_action("play A A A")  # a 级牌: seat 2 may only burn it (5 5 5 leaves 7, one set: D12)
    assert g.current_player() == 2 and kinds(g) == ["pass", "burn 5 5 5"]
    g.apply_action("burn 5 5 5")
    assert g.current_player() == 4 and kinds(g) == ["pass", "play 6 6 6"]  # seat 1's opposite answers the burner
    g.apply_action("play 6 6 6")
    assert "seat 2's burn is lifted (解烧)" in g.transcript()
    assert g.current_player() == 4 and g.top is None  # nobody holds three cards to answer: seat 4 leads
    # Card by card (zaozhuang) nobody beats A A A: seat 1 leads again.
    g = make("zaozhuang").new_position(hands, leader=1)
    g.apply_action("play A A A")
    assert g.current_player() == 1 and g.top is None


def test_the_diff_finds_where_any_play_answers(capsys, monkeypatch):
    """gouji diff against the parent: the comparison is the one behavioural difference, with a card case."""
    monkeypatch.setenv("GOUJI_LANG", "en")
    assert main(["diff", "zaozhuang", BEGINNERS]) == 1
    out = capsys.readouterr().out
    assert "5 rules differ (1 behavioural difference: 1 with a counterexample, 0 without one)" in out
    assert ("Zaozhuang compares card by card: every card of an answer must beat the card in its place; "
            "Beginners lets any play of as many cards answer, whatever its ranks.") in out
    assert "counterexample (beats): lead 3, answer 3: beats in beginners, not in zaozhuang" in out
