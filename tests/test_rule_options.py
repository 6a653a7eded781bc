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

import zlib
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
    """A new game of `engine` after everyone passed the 宣点 phase (买3 and 要3 happen then)."""
    g = engine.new_game(seed=seed)
    while actions(g) == ["pass", "declare"]:
        g.apply_action("pass")
    return g


@pytest.mark.parametrize("kind", KINDS)
def test_ask_three_a_teammate_gives_a_three(tmp_path, kind):  # [threes] ask_three 要3; D22
    # buy_with = []: nobody can pay for a 3, so a player dealt none can only ask.
    asks = house(tmp_path, "lianzhong", "[threes]\nbuy_with = []\nask_three = yes", kind)
    never = house(tmp_path, "lianzhong", "[threes]\nbuy_with = []\nask_three = no", kind)
    team = {1: {3, 5}, 3: {1, 5}, 5: {1, 3}, 2: {4, 6}, 4: {2, 6}, 6: {2, 4}}
    gifts = 0
    for seed in range(12):
        dealt = [tuple(h) for h in _after_declaring(never, seed).hands]  # the same deal, nothing given
        after = [tuple(h) for h in _after_declaring(asks, seed).hands]
        moved = {s: after[s - 1][0] - dealt[s - 1][0] for s in range(1, 7) if after[s - 1] != dealt[s - 1]}
        assert all(after[s - 1][1:] == dealt[s - 1][1:] for s in moved), seed  # only 3s change hands
        for seat in range(1, 7):
            may_give = [t for t in team[seat] if dealt[t - 1][0] >= 2]  # seller_min_threes = 2
            if dealt[seat - 1][0] == 0 and may_give:
                assert moved.get(seat) == 1, (seed, seat)  # asked, and given one
                gifts += 1
            elif seat in moved:
                # Otherwise a seat's 3s change only when it gives one to a teammate dealt none.
                assert moved[seat] == -1 and dealt[seat - 1][0] >= 2, (seed, seat)
                assert any(dealt[t - 1][0] == 0 for t in team[seat]), (seed, seat)
        assert sum(moved.values()) == 0, seed
    assert gifts >= 3  # the deals of these seeds do exercise 要3


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lift", [True, False])
def test_lift(tmp_path, kind, lift):  # [burning] lift 解烧; D15
    e = house(tmp_path, "zaozhuang", f"[burning]\nlift = {'yes' if lift else 'no'}", kind)
    g = e.new_position({1: "Q Q Q 4", 2: "K K K 5 5 6 BJ", 3: "3", 4: "4", 5: "A A A 7 7", 6: "6"}, leader=1)
    g.apply_action("play Q Q Q")
    g.apply_action("pass")  # seat 5
    g.apply_action("burn K K K")
    assert 2 in g.obligation and g.current_player() == 5
    g.apply_action("play A A A")  # beats the burner's play: that lifts the burn, if 解烧 is a rule
    assert (2 in g.obligation) is (not lift)


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
@pytest.mark.parametrize("joker", ["SJ", "BJ"])
def test_a_burner_playing_either_joker_does_not_fail(tmp_path, kind, joker):  # D15: a joker, small or big
    e = house(tmp_path, "zaozhuang", "[burning]\nlift = yes", kind)
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
    ("[plays]\nfillers_alone = no\n[threes]\nthrees_last = yes\nbuy_three = no", "3 3 2", "3 3 2"),
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
