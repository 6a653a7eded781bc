"""The diff's game situations and search bookkeeping, at their edges: seeded positions, how walks
choose, where a rule shows (separation), shrinking, the situations each kind of walk tries, which
checks can show a rule, and why none was found."""
from __future__ import annotations

import dataclasses
import json
import random
from types import SimpleNamespace

import pytest

from gouji_dsl import engines
from gouji_dsl.diff import games as games_module
from gouji_dsl.diff import compare, hybrids, search
from gouji_dsl.diff.candidates import answer
from gouji_dsl.diff.compare import RuleDiff, Side, diff_models
from gouji_dsl.diff.counterexample import Budget, Counterexample, Reason
from gouji_dsl.diff.games import (CORE, PASS_RATES, PREVIOUS_RESULTS, Hit, Situation, choose, component_order,
                                  differences, random_position, replay_separation, separation, shrink, signature, walk)
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import PASS_ACTION, string_to_action

TEAMS = {1: 0, 3: 0, 5: 0, 2: 1, 4: 1, 6: 1}


@pytest.fixture(scope="module")
def loaded():
    ws = Workspace()
    return {n: engines.load(ws, n) for n in ("zaozhuang", "lianzhong", "huangjindao")}


# --- seeded positions ----------------------------------------------------------------------------

def test_positions_are_seeded():
    # The search is deterministic: the same seed gives the same position (these are what seeds 0..2 give).
    assert [random_position(random.Random(s), 6, TEAMS, s) for s in range(3)] == [
        Situation("position", ((2, "Q Q BJ"), (3, "6 J K K"), (5, "BJ BJ BJ BJ"), (6, "10 BJ BJ")), 5, ((1, 2), (4, 1))),
        Situation("position", ((1, "10 10 2 2"), (2, "Q K K 2 2 SJ"), (3, "3 3 3 A BJ"), (4, "2 2 BJ"), (6, "K K BJ BJ")),
                  2, ((5, 1),)),
        Situation("position", ((1, "5"), (2, "10 A A A"), (3, "Q Q Q BJ BJ"), (4, "K K K"), (5, "J J"), (6, "7 9 Q Q Q")),
                  2, ())]
    assert random_position(random.Random(7), 6, TEAMS, 2) == random_position(random.Random(7), 6, TEAMS, 0)


@pytest.mark.parametrize("style,outs,most_cards", [(0, {0, 1, 2, 3}, 9), (1, {0, 1, 2}, 12)])
def test_every_position_leaves_both_teams_holding_cards(style, outs, most_cards):
    seen_outs = set()
    for seed in range(300):
        s = random_position(random.Random(seed), 6, TEAMS, style)
        holders = [seat for seat, _ in s.hands]
        out_seats = [seat for seat, _ in s.out]
        assert sorted(holders + out_seats) == [1, 2, 3, 4, 5, 6] and holders == sorted(holders)
        assert {TEAMS[h] for h in holders} == {0, 1} and s.leader in holders
        assert sorted(p for _, p in s.out) == list(range(1, len(s.out) + 1)) and out_seats == sorted(out_seats)
        assert all(1 <= len(cards.split()) <= most_cards for _, cards in s.hands)
        seen_outs.add(len(s.out))
    assert seen_outs == outs


def test_four_seats_in_two_teams():
    teams = {1: 0, 3: 0, 2: 1, 4: 1}
    for seed in range(50):
        s = random_position(random.Random(seed), 4, teams, seed)
        assert {teams[h] for h, _ in s.hands} == {0, 1} and all(h <= 4 for h, _ in s.hands)


# --- what a game shows, and where a rule shows -----------------------------------------------------

@pytest.mark.parametrize("key,order", [("phase", (0, 0)), ("player", (1, 0)), ("returns", (7, 0)),
                                       ("seen 3", (8, 3)), ("counts 2", (9, 2)), ("counts 10", (9, 10))])
def test_components_in_order_the_core_then_what_each_seat_sees(key, order):
    assert component_order(key) == order
    assert CORE == ("phase", "player", "actions", "table", "opened", "declared", "places", "returns")


def test_a_hit_s_size_is_its_actions_then_its_cards():
    hit = Hit(Situation("position", hands=((1, "3 3"), (2, "4")), actions=("pass", "pass", "play 3")), ("player",), True)
    assert hit.size() == (3, 3)
    assert Hit(Situation("deal", seed=1), (), True).size() == (0, 0)


PLAY_3, PLAY_4 = string_to_action("play 3"), string_to_action("play 4")


@pytest.mark.parametrize("seed", range(5))
def test_how_a_walk_chooses(seed):
    actions = [PASS_ACTION, PLAY_3, PLAY_4]
    twin = random.Random(seed)
    assert choose(random.Random(seed), actions, None) == twin.choice(actions)
    twin = random.Random(seed)
    expected = PASS_ACTION if twin.random() < 0.5 else twin.choice(actions[1:])
    assert choose(random.Random(seed), actions, 0.5) == expected
    assert choose(random.Random(seed), actions, 1.0) == PASS_ACTION
    assert choose(random.Random(seed), actions, 0.0) != PASS_ACTION
    assert choose(random.Random(seed), [PASS_ACTION], 0.0) == PASS_ACTION          # the only action
    twin = random.Random(seed)
    assert choose(random.Random(seed), [PLAY_3, PASS_ACTION], 1.0) == twin.choice([PLAY_3, PASS_ACTION])  # pass not first


def test_differences_between_two_games(loaded):
    deal = Situation("deal", seed=3)
    za, lz = deal.start(loaded["zaozhuang"]), deal.start(loaded["lianzhong"])
    assert differences(za, deal.start(loaded["zaozhuang"])) == {}
    found = differences(za, lz)
    sa, sb = signature(za), signature(lz)
    assert found == {k: (sa[k], sb.get(k)) for k in sa if sa[k] != sb.get(k)} != {}


def test_separation_keeps_what_the_hybrid_shares_with_the_other_variant(loaded):
    deal = Situation("deal", seed=3)
    za, lz = deal.start(loaded["zaozhuang"]), deal.start(loaded["lianzhong"])
    keys = tuple(sorted(differences(za, lz), key=component_order))
    # the hybrid plays exactly like the other variant: isolated, every differing component
    assert separation([za, deal.start(loaded["lianzhong"]), lz]) == (keys, True)
    assert separation([lz, za, deal.start(loaded["zaozhuang"])]) == (keys, True)
    assert separation([za, deal.start(loaded["zaozhuang"]), lz]) is None


@pytest.fixture(scope="module")
def position_hit(loaded):
    # Lianzhong and Huangjindao open (开点) differently: seen only after some plays.
    rules = (loaded["lianzhong"].RULES, loaded["huangjindao"].RULES, loaded["huangjindao"].RULES)
    for seed in range(200):
        rng = random.Random(seed)
        hit = walk(random_position(rng, 6, TEAMS, seed), 14, rng, rules)
        if hit is not None and hit.situation.actions:
            return hit, rules
    raise AssertionError("no position separates lianzhong and huangjindao after some actions")


def test_a_walk_takes_at_most_its_steps(loaded):
    rules = (loaded["lianzhong"].RULES, loaded["huangjindao"].RULES, loaded["huangjindao"].RULES)

    def walked(seed, steps):
        rng = random.Random(seed)
        return walk(random_position(rng, 6, TEAMS, seed), steps, rng, rules)
    seed = next(s for s in range(200) if (walked(s, 14) or Hit(Situation("deal"), (), True)).situation.actions)
    actions = walked(seed, 14).situation.actions
    assert walked(seed, len(actions)).situation.actions == actions      # the rule shows after the last step
    assert walked(seed, len(actions) - 1) is None


def test_a_walk_s_hit_replays_to_the_same_separation(position_hit):
    hit, rules = position_hit
    assert replay_separation(hit.situation, rules) == (hit.components, hit.isolated)
    before = dataclasses.replace(hit.situation, actions=hit.situation.actions[:-1])
    assert replay_separation(before, rules) is None      # the walk stops at the first point the rule shows


def test_shrinking_drops_cards_while_the_rule_still_shows(position_hit):
    hit, rules = position_hit
    small = shrink(hit, rules)
    assert small.size() < hit.size() and small.isolated >= hit.isolated
    assert replay_separation(small.situation, rules) == (small.components, small.isolated)
    # no single card more can go
    for i, (seat, cards) in enumerate(small.situation.hands):
        tokens = cards.split()
        if len(tokens) <= 1:
            continue
        for j in range(len(tokens)):
            hands = list(small.situation.hands)
            hands[i] = (seat, " ".join(tokens[:j] + tokens[j + 1:]))
            found = replay_separation(dataclasses.replace(small.situation, hands=tuple(hands)), rules)
            assert found is None or found[1] < small.isolated


def test_a_deal_is_not_shrunk(loaded):
    hit = Hit(Situation("deal", seed=3), ("player",), True)
    assert shrink(hit, (loaded["zaozhuang"].RULES,) * 3) is hit


def test_a_walk_that_cannot_start_or_never_separates_finds_nothing(loaded):
    rules = (loaded["zaozhuang"].RULES,) * 3
    assert walk(Situation("deal", seed=1), 5, random.Random(1), rules) is None
    touched: list = []
    bad = Situation("position", hands=((1, "3"),), leader=1)         # one seat holding cards: refused
    assert walk(bad, 5, random.Random(1), rules, touched) is None and touched == []
    assert replay_separation(bad, rules) is None


# --- the search's bookkeeping ------------------------------------------------------------------

CARD_RULE = ["hand", "beats", "answers", "can_burn", "opens"]


@pytest.mark.parametrize("path,checks,games", [
    ("cards.order", CARD_RULE, True), ("plays.joker_kills", CARD_RULE, True),
    ("gouji.thresholds", ["hand", "opens", "can_burn", "beats"], True),
    ("threes.threes_last", ["hand", "can_burn", "answers"], True), ("threes.other", [], True),
    ("burning.allowed", ["can_burn"], True), ("burning.condition", ["can_burn"], True),
    ("burning.first_play_needs_joker", ["can_burn"], True), ("burning.after_pass", [], True),
    ("open.counts", ["opens"], True), ("open.other", [], True),
    ("scoring.place_points", ["score"], False),
    ("tribute.returned", [], True), ("tribute.no_single_return", [], True), ("tribute.return_limit", [], True),
    ("tribute.mutual_dian_returned", [], True), ("tribute.return_from_dealt", [], True),
    ("tribute.enabled", ["tribute", "score"], True),
    ("end.sweep", ["tribute", "score"], True), ("end.other", [], True),
    ("table.opposites", ["tribute", "score"], True), ("table.decks", [], True), ("flow.take_over", [], True),
])
def test_which_checks_can_show_a_rule(path, checks, games):
    assert search.checks_for(path) == (checks, games)


def fake_pair(searched=None, touched=None, rejected=None):
    budget = Budget(positions=7, position_steps=8, deals=9, deal_steps=10, matches=11)
    return SimpleNamespace(budget=budget, searched=searched or {}, touched=touched or {}, rejected=rejected or {})


NOTHING = Reason("无可搜索之处：这条规则不影响引擎的回答和出牌流程",
                 "no search applies: the rule does not reach the engines' answers or the game flow")
UNTOUCHED = ("; with the rule alone set to the other value, no searched game went differently at all",
             "；只改这条规则时，所搜索的对局没有任何不同")


@pytest.mark.parametrize("pair,checks,games,zh,en", [
    (fake_pair(), [], False, NOTHING.zh, NOTHING.en),
    (fake_pair(), [], True, NOTHING.zh, NOTHING.en),
    (fake_pair({"r.x": ["deal"]}), [], False, NOTHING.zh, NOTHING.en),       # games not searched: no walks said
    (fake_pair(), ["hand", "beats"], False, "在搜索范围内未找到（hand、beats 用例）",
     "none found within the search budget (hand and beats cases)"),
    (fake_pair({"r.x": ["position", "deal"]}), [], True,
     "在搜索范围内未找到（每个变体7个随机局面（最多8步）和9局发牌对局（最多10步））" + UNTOUCHED[1],
     "none found within the search budget (7 random positions (up to 8 actions) and 9 dealt games (up to 10 actions) "
     "per variant)" + UNTOUCHED[0]),
    (fake_pair({"r.x": ["match"]}, {"r.x": 2}), ["hand"], True,
     "在搜索范围内未找到（hand 用例；每个变体11局接上一局的发牌）；只改这条规则时有2局对局进程不同，但都不在两个变体以相同动作到达且确有差别的地方",
     "none found within the search budget (hand cases; 11 games dealt after a previous game of a match per variant); "
     "the rule alone changed the course of 2 searched game(s), but never at a point both variants reach by the same "
     "actions and differ on"),
    (fake_pair(rejected={"b": ["why1", "why2"], "a": ["w"]}), ["score"], False,
     "在搜索范围内未找到（score 用例）；a 不可能出现的终局不能作为用例（w）；b 不可能出现的终局不能作为用例（why1; why2）",
     "none found within the search budget (score cases); results a cannot produce are not cases (w); "
     "results b cannot produce are not cases (why1; why2)"),
    (fake_pair(rejected={"a": ["w"]}), ["tribute"], False,
     "在搜索范围内未找到（tribute 用例）；a 不可能出现的终局不能作为用例（w）",
     "none found within the search budget (tribute cases); results a cannot produce are not cases (w)"),
    (fake_pair(rejected={"a": ["w"]}), ["hand"], False, "在搜索范围内未找到（hand 用例）",
     "none found within the search budget (hand cases)"),
])
def test_why_no_counterexample_was_found(pair, checks, games, zh, en):
    assert search._unfound_reason(pair, "r.x", checks, games) == Reason(zh, en)


def test_situations_each_kind_of_walk_tries():
    pair = SimpleNamespace(budget=Budget(positions=7, position_steps=5, deals=4, deal_steps=6, matches=4))
    side = SimpleNamespace(name="s", rules=SimpleNamespace(teams=TEAMS, players=6))
    positions = list(search._situations("position", pair, side, "r.x"))
    assert [(steps, rate) for _, steps, _, rate in positions] == [
        (5, None), (5, None), (5, 0.1), (5, 0.1), (5, 0.5), (5, 0.5), (5, None)]
    for i, (situation, _, rng, _) in enumerate(positions):
        twin = random.Random(f"position|r.x|s|{i}")
        assert situation == random_position(twin, 6, TEAMS, style=i % 2)
        assert rng.random() == twin.random()                  # the walk goes on with the position's generator
    deals = list(search._situations("deal", pair, side, "r.x"))
    assert [(s, steps, rate) for s, steps, _, rate in deals] == [
        (Situation("deal", seed=i), 6, PASS_RATES[i % 3]) for i in range(4)]
    assert [rng.random() for _, _, rng, _ in deals] == [random.Random(f"deal|r.x|s|{i}").random() for i in range(4)]
    matches = list(search._situations("match", pair, side, "r.x"))
    assert [(s, steps, rate) for s, steps, _, rate in matches] == [
        (Situation("deal", seed=i, previous=(json.dumps(PREVIOUS_RESULTS[i % 3], sort_keys=True),)), 2, None)
        for i in range(4)]
    assert [rng.random() for _, _, rng, _ in matches] == [random.Random(f"match|r.x|s|{i}").random() for i in range(4)]
    assert list(search._situations("other", pair, side, "r.x")) == []
    assert PASS_RATES == (None, 0.1, 0.5)


def test_citations_of_a_group_in_order_once_each():
    def origin(*cites):
        return m.Origin(None, "v", cites)
    sides = (Side("a", "", ""), Side("b", "", ""))
    d1 = RuleDiff("table", "decks", 6, 4, origin("@1", "@2"), None, *sides, None)
    d2 = RuleDiff("table", "cards_per_player", 54, 36, origin("@2", "@3"), origin("@9"), *sides, None)
    assert search._cites([d1, d2], "a") == ("@1", "@2", "@3") and search._cites([d1, d2], "b") == ("@9",)


@pytest.mark.parametrize("a,b,en", [
    ("gouji", "zaozhuang", "gouji is abstract: abstract variants are compared by their rules only"),
    ("zaozhuang", "lianzhong", None),
])
def test_which_pairs_can_be_searched(a, b, en):
    ws = Workspace()
    why = search.searchable(Compilation(ws, a).checked, Compilation(ws, b).checked)
    assert (why.en if why else None) == en
    if why:
        assert why.zh == f"{en.split()[0]} 是抽象变体：抽象变体只比较规则"


def concrete(game, shape):
    return SimpleNamespace(name="x", abstract=False, game=game, sections={"plays": SimpleNamespace(shape=shape)})


@pytest.mark.parametrize("game,shape", [("shuangkou", "one_rank"), ("gouji", "runs"), ("gouji", "patterns")])
def test_a_concrete_variant_without_an_engine_is_not_searched(game, shape):
    why = search.searchable(concrete(game, shape), concrete(game, shape))
    assert why == Reason("x 没有引擎（只有够级和双扣变体有引擎）",
                         "x has no engine (engines exist for Gouji and Shuangkou variants only)")
    assert search.searchable(concrete("gouji", "one_rank"), concrete("gouji", "one_rank")) is None
    assert search.searchable(concrete("shuangkou", "patterns"), concrete("shuangkou", "patterns")) is None


# --- the search on a real pair: which walks a rule gets, the simplest case that shows it -----------

@pytest.fixture
def pair():
    ws = Workspace()
    sides = [search.VariantEngine(n, Compilation(ws, n).checked, engines.load(ws, n)) for n in ("zaozhuang", "lianzhong")]
    return search.Pair(*sides, Budget())


@pytest.mark.parametrize("rule,pure,kinds", [
    ("tribute.dian", False, ["match"]),                 # a result rule: games after a previous game
    ("tribute.return_limit", True, ["match"]),
    ("scoring.open_points", False, ["match"]),
    ("table.decks", True, ["deal", "match"]),           # a dealing setting: dealt games only
    ("buy.ranks", True, ["deal", "match"]),
    ("info.report_at", True, ["position", "deal"]),     # a setting of the play itself
    ("plays.joker_kills", False, ["position", "deal"]),   # a card function
])
def test_the_kinds_of_game_a_rule_is_walked_in(pair, rule, pure, kinds):
    hyb = pair.hybrid(pair.a, (rule,))
    assert hyb.pure is pure and search._game_kinds(pair, pair.a, hyb, rule) == kinds
    assert pair.hybrid(pair.a, (rule,)) is hyb                       # made once
    assert pair.other(pair.a) is pair.b and pair.other(pair.b) is pair.a


def test_a_rule_that_never_reaches_the_game_is_not_walked(pair):
    hyb = pair.hybrid(pair.a, ("info.report_at",))
    same = SimpleNamespace(model=pair.a.model, pure=True)           # a hybrid whose settings are the base's
    assert search._game_kinds(pair, pair.a, same, "info.report_at") == [] and hyb.pure


DOUBLING = ("plays.joker_kills",)


def test_the_simplest_case_where_the_rule_alone_explains_the_disagreement(pair):
    # Zaozhuang answers each big joker with two; Lianzhong plays the same size.
    first = search._search_case(pair, DOUBLING, "beats")
    assert first == ({"check": "beats", "lead": "BJ", "play": "BJ BJ"}, True, False, True)
    assert pair.used_cases == {'{"check": "beats", "lead": "BJ", "play": "BJ BJ"}'}
    # a case already given for another rule is not given again
    assert search._search_case(pair, DOUBLING, "beats") == (
        {"check": "beats", "lead": "3 BJ", "play": "BJ BJ BJ"}, True, False, True)
    assert search._matters(pair, DOUBLING, "beats", first[0], {"zaozhuang": False, "lianzhong": True}) is True
    assert search._matters(pair, ("threes.threes_last",), "beats", first[0], {"zaozhuang": False, "lianzhong": True}) is None


def test_the_case_search_is_bounded(pair):
    pair.budget = Budget(relevance_checks=0)
    assert search._search_case(pair, DOUBLING, "beats") is None and pair.used_cases == set()
    # lead BJ, answer BJ BJ is case 995: 225 single-against-single cases, then 14 single leads with 54 pairs each
    pair.budget = Budget(card_candidates=225 + 14 * 54 + 14)
    assert search._search_case(pair, DOUBLING, "beats") is None
    pair.budget = Budget(card_candidates=225 + 14 * 54 + 15)
    assert search._search_case(pair, DOUBLING, "beats")[0]["play"] == "BJ BJ"


# --- hybrids: which rules a hybrid may play on the engine's own card functions ---------------------

@pytest.mark.parametrize("rule,pure", [
    ("info.report_at", True),              # a flow setting no card function reads
    ("table.decks", True),
    ("table.players", False),              # a setting the tribute and score functions read too
    ("burning.first_play_needs_joker", False),
    ("plays.joker_kills", False),   # compiled into beats and answers
    ("open.counts", False), ("revolution.condition", False), ("tribute.dian_max_level", False),
    ("room.min_games", True),              # compiled only into a room function, which games never call
    ("about.title", True), ("table.direction", True),     # no effect on play
    ("patterns.types", False),             # compiled into Shuangkou's card functions
])
def test_which_rules_a_hybrid_keeps_the_engine_s_card_functions_for(rule, pure):
    assert hybrids.pure_setting(rule) is pure


def test_a_hybrid_changes_only_its_rules(pair):
    lianzhong_kills = pair.b.model.sections["plays"].joker_kills
    hyb = search.Hybrid(pair.a, {"plays.joker_kills": lianzhong_kills, "info.report_at": None})
    assert hyb.model.sections["plays"].joker_kills == lianzhong_kills and hyb.model.sections["info"].report_at is None
    assert pair.a.model.sections["plays"].joker_kills != lianzhong_kills             # the base is untouched
    assert hyb.model.sections["table"] is pair.a.model.sections["table"]
    assert not hyb.pure and hyb.rules.report_at is None
    case = {"check": "beats", "lead": "BJ", "play": "BJ BJ"}
    assert answer(pair.a.reference, case) is True and answer(hyb.reference, case) is False   # answered like Lianzhong
    assert pair.a.reference is pair.a.reference                                      # built once


def test_remembered_functions_are_called_once_per_key():
    calls = []

    def double(x, y):
        calls.append((x, y))
        return 2 * x

    memo = hybrids._memo(double, lambda x, y: x)
    assert [memo(1, "a"), memo(1, "b"), memo(2, "a")] == [2, 2, 4] and calls == [(1, "a"), (2, "a")]


def test_separation_counts_a_game_the_rule_changed_even_when_it_shows_nowhere(loaded):
    deal = Situation("deal", seed=3)
    za, lz = deal.start(loaded["zaozhuang"]), deal.start(loaded["lianzhong"])
    touched: list = []
    assert separation([za, lz, deal.start(loaded["zaozhuang"])], touched) is None and touched == [True]
    assert separation([za, deal.start(loaded["zaozhuang"]), lz], touched) is None and touched == [True]


def test_a_position_starts_alike_on_an_engine_and_on_its_rules(loaded):
    position = Situation("position", hands=((1, "3 3 4"), (2, "5 5"), (4, "K"), (5, "Q"), (6, "J")), leader=2,
                         out=((3, 1),), opened=(3,))
    engine = loaded["lianzhong"]
    on_engine, on_rules = position.start(engine), position.start(engine.RULES)
    assert signature(on_engine) == signature(on_rules)
    assert on_engine.current_player() == 2 and on_engine.place_of == {3: 1}


def test_a_hit_is_frozen():
    hit = Hit(Situation("deal", seed=1), ("player",), True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.isolated = False
    assert hash(hit) == hash(Hit(Situation("deal", seed=1), ("player",), True))


# --- what random positions look like, on average -----------------------------------------------
# Kinds are drawn by weight: 3..9 weight 1, 10 J Q weight 2, K A 2 and each joker weight 3 (28 in all);
# a group holds 1, 1, 2, 2 or 3 of a natural kind (1.8 on average) and 1, 1 or 2 jokers (4/3).
# So each card kind's share of all cards is its weight times its mean group size over 47.6, and a hand
# of style 0 (1, 2, 2 or 3 groups) holds 2 × 1.70 = 3.40 cards on average, of style 1 (2, 3, 3 or 4) 5.10.

def _positions(style, count=2000):
    return [random_position(random.Random(seed), 6, TEAMS, style) for seed in range(count)]


@pytest.mark.parametrize("style,mean_cards,out_shares", [
    # style 0: 0, 0, 0, 1, 1, 1, 2 or 3 seats out; 3 out is redrawn when they are a whole team (1 in 10)
    (0, 3.40, {0: 0.380, 1: 0.380, 2: 0.127, 3: 0.114}),
    (1, 5.10, {0: 0.2, 1: 0.6, 2: 0.2}),      # 0, 1, 1, 1 or 2 seats out
])
def test_positions_on_average(style, mean_cards, out_shares):
    positions = _positions(style)
    hands = [rt.parse_cards(cards) for s in positions for _, cards in s.hands]
    assert abs(sum(map(sum, hands)) / len(hands) - mean_cards) < 0.04 * mean_cards
    outs = [len(s.out) for s in positions]
    assert set(outs) == set(out_shares)
    for k, share in out_shares.items():
        assert abs(outs.count(k) / len(outs) - share) < 0.03, k
    total = sum(map(sum, hands))
    weights = (1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3)
    for kind, weight in enumerate(weights):
        expected = weight * (4 / 3 if kind >= 13 else 1.8) / 47.6
        share = sum(h[kind] for h in hands) / total
        assert abs(share - expected) < 0.12 * expected, rt.CARDS[kind]


def test_a_result_case_and_the_results_a_variant_cannot_produce(pair):
    # Zaozhuang's 点贡 grows with the streak of earlier games (its dian table gives "level"), Lianzhong's
    # gives 1: the first result with an earlier game shows it. Zaozhuang has neither 宣点 nor 憋三, so it
    # refuses the results that declare or 闷 on the way, each reason said once.
    case, x, y, isolated = search._search_case(pair, ("tribute.dian",), "tribute")
    assert case == {"check": "tribute", "result": {"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 4, 5],
                                                   "previous": [{"opened": [1, 2, 3, 4, 5]}]}}
    assert (x[0], y[0], x[1:] == y[1:], isolated) == (
        {"kind": "dian", "from": 6, "to": 3, "count": 2}, {"kind": "dian", "from": 6, "to": 3, "count": 1}, True, True)
    assert pair.rejected == {"zaozhuang": ["result.declared is not empty, but this variant has no 宣点 (declaring)",
                                           "result.men is not empty, but this variant has no 憋三 (threes last)"]}
    pair.budget = Budget(result_candidates=200)
    search._search_case(pair, ("tribute.dian",), "tribute")        # on past many more refused results
    assert [len(v) for v in pair.rejected.values()] == [2]


# --- guards of the search: hybrids that cannot answer or run, engines that refuse ------------------

CASE = {"check": "beats", "lead": "BJ", "play": "BJ BJ"}


def test_a_rule_whose_hybrids_cannot_answer_does_not_matter(pair):
    for side in ("zaozhuang", "lianzhong"):
        pair.hybrids[(side, DOUBLING)] = None                        # the engines cannot run the combination
    assert search._matters(pair, DOUBLING, "beats", CASE, {"zaozhuang": False, "lianzhong": True}) is None
    for side in ("zaozhuang", "lianzhong"):
        pair.hybrids[(side, DOUBLING)] = SimpleNamespace(reference=object())   # answering raises
    assert search._matters(pair, DOUBLING, "beats", CASE, {"zaozhuang": False, "lianzhong": True}) is None


def test_the_rule_changes_the_answer_but_not_to_the_other_variant_s(pair):
    # With the rule changed each side's answer flips; told the other side answered as this one did before,
    # the rule matters, but does not alone explain the disagreement.
    assert search._matters(pair, DOUBLING, "beats", CASE, {"zaozhuang": True, "lianzhong": False}) is False


def test_a_game_hit_the_engines_refuse_or_agree_on_is_no_counterexample(pair):
    refused = Hit(Situation("position", hands=((1, "3"),), leader=1), ("player",), True)
    assert search._game_example(pair, DOUBLING, pair.a, refused) is None
    deal = Situation("deal", seed=3)
    sa, sb = signature(deal.run(pair.a.engine)), signature(deal.run(pair.b.engine))
    same = tuple(k for k in sa if sa[k] == sb.get(k))
    assert search._game_example(pair, DOUBLING, pair.a, Hit(deal, same, True)) is None
    differing = tuple(k for k in sa if sa[k] != sb.get(k))
    example = search._game_example(pair, DOUBLING, pair.a, Hit(deal, same + differing, False))
    assert example.components == differing and example.seats == () and not example.isolated
    hybrid = signature(deal.run(pair.hybrid(pair.a, DOUBLING).rules))
    assert example.alone == ("zaozhuang", {k: (sa[k], hybrid.get(k)) for k in differing})
    assert (example.a_state, example.b_state) == ({k: sa[k] for k in differing}, {k: sb.get(k) for k in differing})


def test_a_counterexample_that_does_not_verify_is_an_error(monkeypatch):
    ws = Workspace()
    za, lz = Compilation(ws, "zaozhuang").checked, Compilation(ws, "lianzhong").checked
    diffs = [d for d in diff_models(za, lz) if d.path == "plays.joker_kills"]
    monkeypatch.setattr(Counterexample, "verify", lambda self, ea, eb: False)
    with pytest.raises(AssertionError, match="counterexample for plays.joker_kills does not separate "
                                             "zaozhuang and lianzhong"):
        search.counterexamples("zaozhuang", "lianzhong", diffs, ws=ws)


class RefusingGame:
    """A game whose one legal action is then refused (an engine that contradicts itself)."""

    def is_terminal(self):
        return False

    def current_player(self):
        return 1

    def legal_actions(self):
        return [PASS_ACTION]

    def apply_action(self, action):
        from gouji_dsl.runtime.game import IllegalAction
        raise IllegalAction("refused")


def test_a_walk_stops_when_an_engine_refuses_an_action_it_offered(monkeypatch):
    monkeypatch.setattr(games_module, "separation", lambda games, touched=None: None)
    engine = SimpleNamespace(new_game=lambda seed, match: RefusingGame())
    assert walk(Situation("deal", seed=1), 5, random.Random(1), (engine, engine, engine)) is None


def test_the_earlier_games_match_walks_deal_after():
    # One game each: in seat order with seat 4 not open (so 点贡 streaks start), everyone open with the
    # teams alternating, and pairs swapped with seats 1 and 5 not open. No 宣点, burns or 闷, so that
    # every standard variant accepts them (test_diff_search checks each engine does).
    none = {"declared": [], "burns": [], "men": []}
    assert PREVIOUS_RESULTS == ({"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 5, 6], **none},
                                {"finish": [1, 3, 5, 2, 4, 6], "opened": [1, 2, 3, 4, 5, 6], **none},
                                {"finish": [2, 1, 4, 3, 6, 5], "opened": [2, 3, 4, 6], **none})


@pytest.mark.parametrize("changed,against,found", [
    # the hybrid looks like the other variant on some components: isolated, only those kept
    ({"player": (1, 2), "seen 1": ("a", "b")}, {"player": (1, 3), "seen 1": ("a", "b")}, (("seen 1",), True)),
    # it differs where the other does, but never like it: not isolated, all those kept, in component order
    ({"seen 2": ("a", "b"), "player": (1, 2), "phase": ("x", "y")}, {"seen 2": ("a", "c"), "player": (1, 3)},
     (("player", "seen 2"), False)),
    ({"seen 2": ("a", "b"), "player": (1, 2)}, {"seen 2": ("a", "b"), "player": (1, 2)}, (("player", "seen 2"), True)),
    ({"player": (1, 2)}, {"phase": ("x", "y")}, None),       # the rule shows where the variants agree
    ({}, {"player": (1, 2)}, None),                          # the rule changed nothing
])
def test_where_a_rule_shows(monkeypatch, changed, against, found):
    table = {("base", "hybrid"): changed, ("base", "other"): against}
    monkeypatch.setattr(games_module, "differences", lambda g1, g2: table[(g1, g2)])
    touched: list = []
    assert separation(["base", "hybrid", "other"], touched) == found
    assert touched == ([True] if changed else [])


def test_a_pair_that_cannot_be_searched_gives_every_behavioural_group_the_reason():
    ws = Workspace()
    diffs = diff_models(Compilation(ws, "gouji").checked, Compilation(ws, "zaozhuang").checked)
    found = search.counterexamples("gouji", "zaozhuang", diffs, ws=ws)
    why = Reason("gouji 是抽象变体：抽象变体只比较规则", "gouji is abstract: abstract variants are compared by their rules only")
    assert list(found) == [] and not found.searched and found.note == why
    groups = list(dict.fromkeys(d.group for d in diffs if d.behavioural))
    assert "table.decks" in groups and "table.cards_per_player" not in groups and "about.title" not in groups
    assert found.unfound == {g: why for g in groups}


def test_when_every_case_that_shows_the_rule_was_given_already_the_first_is_given_again(pair):
    # The first two cases where doubling alone explains the disagreement are case 995 and case 14710 of
    # the beats candidates, the third is case 14722; with the first two used and the search stopped
    # before the third, the first comes back.
    first, second = ({"check": "beats", "lead": "BJ", "play": "BJ BJ"},
                     {"check": "beats", "lead": "3 BJ", "play": "BJ BJ BJ"})
    pair.used_cases.update(json.dumps(c, sort_keys=True) for c in (first, second))
    pair.budget = Budget(card_candidates=14722)
    assert search._search_case(pair, DOUBLING, "beats") == (first, True, False, True)
    pair.budget = Budget(card_candidates=14723)
    assert search._search_case(pair, DOUBLING, "beats") == (
        {"check": "beats", "lead": "3 BJ", "play": "4 BJ BJ"}, True, False, True)


def test_a_group_s_counterexample_is_named_by_its_first_rule_and_cites_all(monkeypatch):
    monkeypatch.setattr(compare, "GROUPS", {"plays.joker_kills": ("threes.threes_last",)})
    ws = Workspace()
    za, lz = Compilation(ws, "zaozhuang").checked, Compilation(ws, "lianzhong").checked
    diffs = [d for d in diff_models(za, lz) if d.group == "plays.joker_kills"]
    assert [d.path for d in diffs] == ["plays.joker_kills", "threes.threes_last"]
    [example] = search.counterexamples("zaozhuang", "lianzhong", diffs, ws=ws)
    assert (example.rule, example.rules, example.zh) == (
        "plays.joker_kills", ("plays.joker_kills", "threes.threes_last"), diffs[0].zh)
    assert example.a_cites == search._cites(diffs, "a") and example.b_cites == search._cites(diffs, "b")
    assert diffs[0].zh != diffs[1].zh and example.a_cites


def test_a_case_given_once_is_known_by_its_sorted_text(monkeypatch):
    # Lianzhong and Qingdao first disagree on what a burn owes; that result's keys (finish, opened, burns)
    # are not in sorted order, so the case is known only if it is recorded and looked up alike.
    ws = Workspace()
    sides = [search.VariantEngine(n, Compilation(ws, n).checked, engines.load(ws, n)) for n in ("lianzhong", "qingdao")]
    pair = search.Pair(*sides, Budget())
    burn = {"check": "tribute", "result": {"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 4, 5, 6], "burns": [[1, 2]]}}
    monkeypatch.setattr(search, "_matters", lambda *args: False)      # the rule matters, never alone
    case, x, y, isolated = search._search_case(pair, ("x.y",), "tribute")
    assert (case, isolated) == (burn, False) and x != y
    assert pair.used_cases == {json.dumps(burn, sort_keys=True)}       # the fallback given is recorded
    monkeypatch.setattr(search, "_matters", lambda *args: True)       # now it matters alone everywhere
    again = search._search_case(pair, ("x.y",), "tribute")
    assert again[0] != burn and again[3] is True


def test_a_game_search_counts_the_walks_the_rule_changed(pair):
    # Zaozhuang tells card counts at 10 cards or fewer, Lianzhong never: every position shows it at once,
    # so both walked positions are changed games and hits, and the smaller is the counterexample.
    assert (pair.a.rules.report_at, pair.b.rules.report_at) == (10, None)
    pair.budget = Budget(positions=2, deals=2)
    example = search._search_game(pair, ("info.report_at",))
    assert pair.touched == {"info.report_at": 2} and pair.searched == {"info.report_at": ["position"]}
    assert example.situation.kind == "position" and example.isolated
    assert example.components == tuple(f"counts {seat}" for seat in range(1, 7))
