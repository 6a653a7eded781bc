"""The diff's candidate cases and counterexamples, at their boundaries: the card and result cases
the search tries (every kind, simplest first, exactly how many), and what a counterexample says."""
from __future__ import annotations

import itertools
import json
from math import comb
from types import SimpleNamespace

import pytest

from gouji_dsl import engines
from gouji_dsl.diff import candidates
from gouji_dsl.diff.cases import write_cases
from gouji_dsl.diff.counterexample import Budget, Counterexample, CounterexampleList, Reason, component_json
from gouji_dsl.diff.games import Situation, signature
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import string_to_action

SINGLES = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]


# --- one-rank plays of a size ------------------------------------------------------------------

@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_every_one_rank_play_of_a_size_once_simplest_first(size):
    plays = candidates._plays_of_size(size)
    # the fillers and jokers alone (f + s + b = size), then each of the 12 natural ranks with 1..size of it
    assert len(plays) == comb(size + 2, 2) + 12 * comb(size + 2, 3) == len(set(plays))
    assert all(len(p) == 15 and sum(p) == size and sum(1 for x in p[:12] if x) <= 1 for p in plays)

    def key(p):
        return (sum(1 for x in p if x), [i for i, x in enumerate(p) for _ in range(x)])
    assert all(key(x) < key(y) for x, y in zip(plays, plays[1:]))


def test_the_simplest_plays_come_first():
    assert [rt.format_cards(p) for p in candidates._plays_of_size(1)] == SINGLES
    pairs = [rt.format_cards(p) for p in candidates._plays_of_size(2)]
    assert pairs[:18] == [f"{c} {c}" for c in SINGLES] + ["3 2", "3 SJ", "3 BJ"]
    assert pairs[-1] == "SJ BJ"


def test_hands_of_the_ten_kinds_by_size():
    assert {len(h) for h in candidates._hands(2)} == {15}       # count vectors of the 15 card kinds
    hands = [rt.format_cards(h) for h in candidates._hands(2)]
    kinds = ["3", "4", "5", "9", "Q", "K", "A", "2", "SJ", "BJ"]
    assert hands[:11] == kinds + ["3 3"] and hands[-1] == "BJ BJ" and len(hands) == 10 + 55
    assert sum(1 for _ in candidates._hands(5)) == 10 + 55 + 220 + 715 + 2002


# --- card cases --------------------------------------------------------------------------------

PLAYS = {k: comb(k + 2, 2) + 12 * comb(k + 2, 3) for k in range(1, 6)}   # 15, 54, 130, 255, 441


@pytest.mark.parametrize("check", ["hand", "opens"])
def test_hand_and_opens_cases_are_every_play_of_one_to_five_cards(check):
    cases = list(candidates.card_cases(check, ()))
    assert len(cases) == sum(PLAYS.values())
    assert cases[:2] == [{"check": check, "cards": "3"}, {"check": check, "cards": "4"}]
    assert cases[15] == {"check": check, "cards": "3 3"}
    assert cases[-1]["cards"].count(" ") == 4


def test_beats_cases_pair_leads_of_one_to_three_cards_with_answers_of_one_to_four_fewest_cards_first():
    cases = list(candidates.card_cases("beats", ()))
    assert len(cases) == sum(PLAYS[k] for k in (1, 2, 3)) * sum(PLAYS[k] for k in (1, 2, 3, 4))
    assert cases[:2] == [{"check": "beats", "lead": "3", "play": "3"}, {"check": "beats", "lead": "3", "play": "4"}]
    # two cards in all: a single lead with a pair answer first, then a pair lead with a single answer
    assert cases[225] == {"check": "beats", "lead": "3", "play": "3 3"}
    assert cases[225 + 15 * 54] == {"check": "beats", "lead": "3 3", "play": "3"}
    sizes = [(c["lead"].count(" ") + 1, c["play"].count(" ") + 1) for c in cases]
    order = [p for p, _ in itertools.groupby(sizes)]
    assert order == [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1), (1, 4), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4)]


def test_answers_cases_are_hands_of_up_to_four_against_leads_of_one_or_two():
    cases = list(candidates.card_cases("answers", ()))
    leads = PLAYS[1] + PLAYS[2]
    assert len(cases) == 1000 * leads
    assert cases[0] == {"check": "answers", "hand": "3", "lead": "3"}
    assert cases[leads - 1] == {"check": "answers", "hand": "3", "lead": "SJ BJ"}
    assert cases[leads] == {"check": "answers", "hand": "4", "lead": "3"}
    assert cases[-1] == {"check": "answers", "hand": "BJ BJ BJ BJ", "lead": "SJ BJ"}


class FakeEngine:
    """classify(c) -> valid and gouji as `valid(c)` and `gouji(c)` say."""

    def __init__(self, valid, gouji):
        self.valid, self.gouji = valid, gouji

    def classify(self, c):
        return SimpleNamespace(valid=self.valid(c), gouji=self.gouji(c))


# A play is a 级牌 target when SOME engine finds it both valid and a 级牌.
BIG_JOKER_VALID = FakeEngine(lambda c: c[14] > 0, lambda c: True)     # a 级牌 when valid: only with a big joker
SMALL_JOKER_GOUJI = FakeEngine(lambda c: True, lambda c: c[13] > 0)   # valid always, a 级牌 with a small joker


@pytest.mark.parametrize("fakes,targets", [
    ((BIG_JOKER_VALID,), ["BJ", "BJ BJ", "3 BJ", "4 BJ", "5 BJ", "6 BJ", "7 BJ", "8 BJ", "9 BJ", "10 BJ", "J BJ", "Q BJ",
                          "K BJ", "A BJ", "2 BJ", "SJ BJ"]),
    ((BIG_JOKER_VALID, SMALL_JOKER_GOUJI), ["SJ", "BJ", "SJ SJ", "BJ BJ", "3 SJ", "3 BJ", "4 SJ", "4 BJ", "5 SJ", "5 BJ",
                                            "6 SJ", "6 BJ", "7 SJ", "7 BJ", "8 SJ", "8 BJ"]),
    ((FakeEngine(lambda c: sum(c) == 3 and c[0] == 3, lambda c: True),), ["3 3 3"]),
])
def test_can_burn_targets_are_the_first_sixteen_gouji_of_any_engine(fakes, targets):
    cases = list(candidates.card_cases("can_burn", fakes))
    assert len(cases) == 3002 * len(targets)
    assert [c["target"] for c in cases[:len(targets)]] == targets
    assert {c["hand"] for c in cases[:len(targets)]} == {"3"}
    assert cases[-1] == {"check": "can_burn", "hand": "BJ BJ BJ BJ BJ", "target": targets[-1]}


def test_a_check_without_card_cases_has_none():
    assert list(candidates.card_cases("tribute", ())) == []


# --- result cases ------------------------------------------------------------------------------

def test_subsets_largest_first_then_in_order():
    assert candidates._subsets([1, 2, 3]) == [[1, 2, 3], [1, 2], [1, 3], [2, 3], [1], [2], [3], []]


# The six finishing orders the result cases use, in this order.
F = ([1, 2, 3, 4, 5, 6], [1, 3, 5, 2, 4, 6], [1, 4, 2, 5, 3, 6], [2, 1, 4, 3, 6, 5], [1, 2, 4, 3, 5, 6], [4, 1, 2, 3, 5, 6])
ALL = [1, 2, 3, 4, 5, 6]


def test_result_cases_interleave_eight_plain_then_one_of_each_kind():
    cases = [c["result"] for c in candidates.result_cases("score")]
    assert {c["check"] for c in candidates.result_cases("tribute")} == {"tribute"}
    assert len(cases) == 64 * 6 + 8 * 3 * 2 + 64 * 4 * 3 + 8 * 3 * 2 + 15 * 2 * 3
    first = [{"finish": f, "opened": ALL} for f in F] + [{"finish": f, "opened": [1, 2, 3, 4, 5]} for f in F[:2]]
    assert cases[:12] == first + [
        {"finish": F[0], "opened": ALL, "burns": [[1, 2]]},
        {"finish": F[0], "opened": ALL, "declared": [1]},
        {"finish": F[0], "opened": ALL, "men": [[6, 1]]},
        {"finish": F[0], "opened": [1, 2, 3, 4, 5], "previous": [{"opened": [1, 2, 3, 4, 5]}]}]
    assert cases[20:24] == [
        {"finish": F[0], "opened": ALL, "burns": [[1, 3]]},
        {"finish": F[1], "opened": ALL, "declared": [1]},
        {"finish": F[0], "opened": ALL, "men": [[5, 2]]},
        {"finish": F[0], "opened": [1, 2, 3, 4, 5], "previous": [{"opened": [1, 2, 3, 4, 5]}] * 2}]
    # the 宣点 results, the most numerous, come last: after no everyone-open result is left
    assert cases[-1] == {"finish": F[2], "opened": [], "declared": ALL}


def test_burn_results_never_burn_the_burner_s_opposite():
    six = [c["result"]["burns"][0] for c in candidates.result_cases("score") if "burns" in c["result"]]
    assert six[:6] == [[1, 2], [1, 3], [1, 3], [1, 5], [1, 2], [1, 5]]   # seat 1's opposite is 4
    four = [c["result"]["burns"][0] for c in candidates.result_cases("score", 4) if "burns" in c["result"]]
    assert four[:2] == [[1, 2], [1, 4]]                                   # with four players it is 3


# --- answers -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def zaozhuang():
    return engines.load(Workspace(), "zaozhuang", "reference")


def test_an_engine_s_answer_or_none_when_it_refuses_the_case(zaozhuang):
    assert candidates.answer(zaozhuang, {"check": "beats", "lead": "3", "play": "4"}) is True
    assert candidates.answer(zaozhuang, {"check": "beats", "lead": "4", "play": "3"}) is False
    assert candidates.answer(zaozhuang, {"check": "hand", "cards": "3 X"}) is None                          # a bad card
    assert candidates.answer(zaozhuang, {"check": "score", "result": {"finish": [1, 1, 2, 3, 4, 5]}}) is None  # no such game


def test_same_answer_holds_both_ways():
    assert candidates.same_answer("beats", True, True) and not candidates.same_answer("beats", True, False)
    assert not candidates.same_answer("score", [1, 2], [1, 3])


# --- counterexamples: as a case, as JSON, verified again ------------------------------------------

BEATS = Counterexample(rule="plays.x", rules=("plays.x",), a="A", b="B", kind="case", check="beats",
                       case={"check": "beats", "lead": "3", "play": "4"}, a_answer=True, b_answer=False)


def test_a_case_counterexample_as_a_conformance_case_and_as_json():
    assert BEATS.is_case
    case = BEATS.to_case()
    assert case == {"check": "beats", "lead": "3", "play": "4", "expect": {"A": True, "B": False}}
    assert list(case) == ["check", "lead", "play", "expect"]
    assert BEATS.to_json() == {"rule": "plays.x", "rules": ["plays.x"], "kind": "case", "check": "beats",
                               "text": "lead 3, answer 4: beats in A, not in B", "isolated": True, "case": case}
    assert BEATS.to_json("zh")["text"] == BEATS.text("zh") == "首出 3，应 4：A 管得上，B 管不上"


PLAY_33 = string_to_action("play 3 3")
MANY = tuple(f"p{i}" for i in range(41))
POSITION = Situation("position", hands=((1, "3 3"), (2, "4")), leader=2, out=((3, 1),), opened=(1, 3), actions=("pass",))
GAME = Counterexample(rule="flow.x", rules=("flow.x", "flow.y"), a="A", b="B", kind="game", check="game",
                      situation=POSITION, components=("actions", "table"), seats=(2,),
                      a_state={"actions": (PLAY_33,), "table": (2, "4")}, b_state={"actions": MANY, "table": None},
                      isolated=False, alone=("A", {"actions": ((PLAY_33,), ())}))


def test_a_game_counterexample_as_json():
    doc = GAME.to_json()
    assert doc["text"] == GAME.text("en") and not GAME.is_case
    del doc["text"]
    assert doc == {
        "rule": "flow.x", "rules": ["flow.x", "flow.y"], "kind": "game", "check": "game", "isolated": False,
        "situation": {"kind": "position", "hands": {"1": "3 3", "2": "4"}, "leader": 2, "out": {"3": 1},
                      "opened": [1, 3], "actions": ["pass"]},
        "seats": [2], "differs_in": ["actions", "table"],
        "states": {"A": {"actions": ["play 3 3"], "table": [2, "4"]},
                   "B": {"actions": {"count": 41, "only_here": list(MANY[:20]), "only_here_count": 41}, "table": None}},
        "rule_alone": {"variant": "A", "as_is": {"actions": ["play 3 3"]}, "with_the_rule_changed": {"actions": []}}}
    with pytest.raises(ValueError, match=r"a game situation is not a conformance case \(rule flow.x\)"):
        GAME.to_case()


def test_a_game_counterexample_without_alone_has_no_rule_alone():
    doc = Counterexample(rule="r", rules=("r",), a="A", b="B", kind="game", check="game",
                         situation=Situation("deal", seed=4, previous=(json.dumps({"finish": [1, 2]}),)),
                         components=("player",), a_state={"player": 1}, b_state={"player": 2}).to_json()
    assert "rule_alone" not in doc and doc["isolated"] is True
    assert doc["situation"] == {"kind": "deal", "seed": 4, "previous": [{"finish": [1, 2]}], "actions": []}
    assert Situation("position", hands=((1, "3"),), leader=1).to_json() == {
        "kind": "position", "hands": {"1": "3"}, "leader": 1, "actions": []}
    assert Situation("deal", seed=2).to_json() == {"kind": "deal", "seed": 2, "actions": []}


@pytest.mark.parametrize("key,value,other,shown", [
    ("actions", MANY[:40], (), list(MANY[:40])),                  # forty are listed
    ("actions", MANY, MANY[:30], {"count": 41, "only_here": list(MANY[30:]), "only_here_count": 11}),
    ("actions", MANY, None, {"count": 41, "only_here": list(MANY[:20]), "only_here_count": 41}),
    ("actions", None, MANY, None),
    ("table", MANY, (), list(MANY)),                               # only actions are summed up
    ("places", ((1, 1), (2, 2)), None, [[1, 1], [2, 2]]),
    ("player", 3, 4, 3),
])
def test_a_component_as_json(key, value, other, shown):
    assert component_json(key, value, other) == shown


def test_reasons_and_the_list_of_counterexamples():
    reason = Reason("没有", "none")
    assert (reason.text("zh"), reason.text("en"), reason.text(), str(reason)) == ("没有", "none", "none", "none")
    found = CounterexampleList([BEATS], unfound={"a.b": reason}, note=reason, searched=False)
    assert list(found) == [BEATS] and found.unfound == {"a.b": reason} and found.note is reason and not found.searched
    empty = CounterexampleList()
    assert list(empty) == [] and empty.unfound == {} and empty.note is None and empty.searched


def test_the_default_budget():
    assert Budget() == Budget(card_candidates=30000, result_candidates=3000, relevance_checks=300, positions=300,
                              position_steps=14, position_hits=3, deals=16, deal_steps=24, matches=6)


@pytest.fixture(scope="module")
def lianzhong():
    return engines.load(Workspace(), "lianzhong", "reference")


def test_a_case_counterexample_is_verified_against_both_engines(zaozhuang, lianzhong):
    # Zaozhuang doubles big jokers (one big joker is answered by two), Lianzhong does not.
    case = {"check": "beats", "lead": "BJ", "play": "BJ BJ"}
    x, y = candidates.answer(zaozhuang, case), candidates.answer(lianzhong, case)
    assert x != y
    ex = Counterexample(rule="r", rules=("r",), a="zaozhuang", b="lianzhong", kind="case", check="beats",
                        case=case, a_answer=x, b_answer=y)
    assert ex.verify(zaozhuang, lianzhong)
    assert not ex.verify(lianzhong, zaozhuang)                          # the answers swapped
    assert not ex.verify(zaozhuang, zaozhuang)                          # no disagreement
    same = Counterexample(rule="r", rules=("r",), a="zaozhuang", b="lianzhong", kind="case", check="beats",
                          case={"check": "beats", "lead": "3", "play": "4"}, a_answer=True, b_answer=False)
    assert not same.verify(zaozhuang, lianzhong)                        # both say yes
    bad = Counterexample(rule="r", rules=("r",), a="zaozhuang", b="lianzhong", kind="case", check="hand",
                         case={"check": "hand", "cards": "X"}, a_answer=None, b_answer=None)
    assert not bad.verify(zaozhuang, lianzhong)                         # refused by both


def test_a_game_counterexample_is_verified_against_both_engines(zaozhuang, lianzhong):
    deal = Situation("deal", seed=3)
    sa, sb = signature(deal.run(zaozhuang)), signature(deal.run(lianzhong))
    differing = tuple(k for k in sa if sa[k] != sb.get(k))
    assert differing
    ex = Counterexample(rule="r", rules=("r",), a="zaozhuang", b="lianzhong", kind="game", check="game",
                        situation=deal, components=differing, a_state=sa, b_state=sb)
    assert ex.verify(zaozhuang, lianzhong) and not ex.verify(lianzhong, zaozhuang)
    assert not Counterexample(rule="r", rules=("r",), a="zaozhuang", b="lianzhong", kind="game", check="game",
                              situation=deal, components=(), a_state=sa, b_state=sb).verify(zaozhuang, lianzhong)
    same = [k for k in sa if sa[k] == sb.get(k)]
    assert not Counterexample(rule="r", rules=("r",), a="zaozhuang", b="lianzhong", kind="game", check="game",
                              situation=deal, components=differing + (same[0],), a_state=sa, b_state=sb
                              ).verify(zaozhuang, lianzhong)


def test_the_first_stream_left_takes_eight_a_round_each_other_one():
    def kind(result):
        return next((letter for key, letter in (("burns", "B"), ("declared", "D"), ("men", "M"), ("previous", "V"))
                     if key in result), "P")
    kinds = "".join(kind(c["result"]) for c in candidates.result_cases("score"))
    # 48 rounds of eight plain results and one of each other kind use up the plain, burn and 闷 results;
    # then the 宣点 results lead, eight a round, with the earlier-games results one a round until they run out.
    assert kinds[:12 * 48] == "PPPPPPPPBDMV" * 48
    assert kinds[12 * 48:12 * 48 + 20] == "DV" + "DDDDDDDDV" * 2
    assert kinds.count("V") == 90 and kinds.endswith("V" + "D" * (768 - 48 - 1 - 8 * 41))


# --- the case file ------------------------------------------------------------------------------

def cited(ex, rule, rules, zh, a_cites=(), b_cites=()):
    return Counterexample(rule=rule, rules=rules, a=ex.a, b=ex.b, kind=ex.kind, check=ex.check, case=ex.case,
                          a_answer=ex.a_answer, b_answer=ex.b_answer, zh=zh, a_cites=a_cites, b_cites=b_cites)


def test_the_case_file_groups_cases_by_rule_with_citations(tmp_path):
    hand = Counterexample(rule="plays.x", rules=("plays.x",), a="A", b="B", kind="case", check="hand",
                          case={"check": "hand", "cards": "3"}, a_answer="甲", b_answer="乙")
    examples = [cited(BEATS, "plays.x", ("plays.x",), "大王翻倍", ("@1", "@2")), GAME,
                cited(hand, "plays.x", ("plays.x",), "大王翻倍"),
                cited(BEATS, "table.decks", ("table.decks", "table.cards_per_player"), "副数", (), ("@9",))]
    path = tmp_path / "cases.jsonl"
    assert write_cases(path, examples, {"B": "../house.gouji"}) == 3
    assert path.read_text(encoding="utf-8") == "\n".join([
        "# Cross-variant conformance cases written by `gouji diff --emit-cases` (format: docs/conformance.md).",
        "# Each case is a situation on which the variants' engines disagree, found by search and verified.",
        "# Variants: A, B.",
        "",
        "# plays.x (大王翻倍): A @1 @2; B (no citation)",
        '{"check": "beats", "lead": "3", "play": "4", "expect": {"A": true, "../house.gouji": false}}',
        '{"check": "hand", "cards": "3", "expect": {"A": "甲", "../house.gouji": "乙"}}',
        "",
        "# table.decks + table.cards_per_player (副数): A (no citation); B @9",
        '{"check": "beats", "lead": "3", "play": "4", "expect": {"A": true, "../house.gouji": false}}']) + "\n"


def test_a_case_file_without_cases(tmp_path):
    path = tmp_path / "none.jsonl"
    assert write_cases(path, [GAME]) == 0
    assert path.read_text(encoding="utf-8").splitlines()[-1] == "# Variants: (none)."
