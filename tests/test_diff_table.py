"""The diff's pure functions, row by row: how a counterexample is said (explain), how values are
shown and compared (values), and how each variant is named and each value sourced (compare)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from gouji_dsl.model import registry
from gouji_dsl.diagnostics import Pos
from gouji_dsl.diff import compare, explain
from gouji_dsl.facets import phrases
from gouji_dsl.diff.compare import RowDiff, RuleDiff, Side, diff_models, row_diffs
from gouji_dsl.diff.prose import capitalised, rule_prose
from gouji_dsl.diff import matrix, render
from gouji_dsl.diff.matrix import MatrixRow, matrix_rows, render_matrix
from gouji_dsl.diff.counterexample import Counterexample, CounterexampleList, Reason
from gouji_dsl.diff.render import render_diff
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.diff.games import Situation
from gouji_dsl.model.fields import ABSENT
from gouji_dsl.diff.values import json_value, row_key_text, row_value_text, same_value, short, value_columns
from gouji_dsl.model import schema as m
from gouji_dsl.model.expr import Formula
from gouji_dsl.model.types import IntT, OptionalT, RowT
from gouji_dsl.facets import spec
from gouji_dsl.rules.gouji import Threshold
from helpers import scratch_workspace



def ftype(section: str, name: str):
    return next(f for f in dataclasses.fields(m.SECTION_BY_NAME[section]) if f.name == name).metadata["type"]


THRESHOLDS = ftype("gouji", "thresholds")   # keyed by rank, value at_least


def case_ex(check, case, x, y):
    return Counterexample(rule="r.x", rules=("r.x",), a="A", b="B", kind="case", check=check,
                          case={"check": check, **case}, a_answer=x, b_answer=y)


# --- explain: a game result and tributes --------------------------------------------------------

FULL_RESULT = {"finish": [1, 2], "opened": [1, 3], "declared": [2], "burns": [[1, 2], [3, 4]],
               "men": [[3, 4], [5, 6]], "previous": [{"opened": [1, 2]}, {"opened": []}]}


@pytest.mark.parametrize("result,lang,text", [
    ({"finish": [1, 3, 2]}, "en", "seats out in the order 1 3 2, opened: none"),
    ({"finish": [1, 3, 2]}, "zh", "走科顺序 1 3 2，开点 无"),
    ({"finish": [1, 2], "opened": [], "declared": [], "burns": [], "men": [], "previous": []}, "en",
     "seats out in the order 1 2, opened: none"),
    (FULL_RESULT, "en", "seats out in the order 1 2, opened: seats 1 3, declared 2, burns 1>2, 3>4, men 3<4, 5<6, "
                        "opened in the previous games: 1 2; -"),
    (FULL_RESULT, "zh", "走科顺序 1 2，开点 1 3，宣点 2，烧牌 1>2, 3>4，闷 3<4, 5<6，此前各局开点 1 2；-"),
])
def test_a_result_in_words(result, lang, text):
    assert explain._result_text(result, lang) == text


TRIBUTES = [{"kind": "men", "from": 2, "to": 1, "count": 1}, {"kind": "dian", "from": 3, "to": 4, "count": 2}]


@pytest.mark.parametrize("entries,lang,text", [
    ([], "zh", "无"), ([], "en", "nothing"),
    (TRIBUTES, "en", "threes tribute (闷贡) from seat 2 to seat 1: 1 card, open tribute (点贡) from seat 3 to seat 4: 2 cards"),
    (TRIBUTES, "zh", "闷贡 2号给1号1张，点贡 3号给4号2张"),
])
def test_tributes_in_words(entries, lang, text):
    assert explain._tributes_text(entries, lang) == text


# --- explain: a card or result case -------------------------------------------------------------

NOT_LEGAL, GOUJI, PLAIN = {"valid": False, "gouji": False}, {"valid": True, "gouji": True}, {"valid": True, "gouji": False}
RESULT = {"finish": [1, 2]}


@pytest.mark.parametrize("check,case,x,y,lang,text", [
    ("hand", {"cards": "3 3"}, NOT_LEGAL, GOUJI, "en", "cards 3 3: not a legal play in A; a legal play and a gouji play (级牌) in B"),
    ("hand", {"cards": "3 3"}, PLAIN, NOT_LEGAL, "en", "cards 3 3: a legal play, not a gouji play (级牌) in A; not a legal play in B"),
    ("hand", {"cards": "3 3"}, NOT_LEGAL, GOUJI, "zh", "牌 3 3：A 不是合法的一手；B 是合法的级牌"),
    ("hand", {"cards": "3 3"}, PLAIN, GOUJI, "zh", "牌 3 3：A 是合法的一手，不是级牌；B 是合法的级牌"),
    ("beats", {"lead": "3", "play": "4"}, True, False, "en", "lead 3, answer 4: beats in A, not in B"),
    ("beats", {"lead": "3", "play": "4"}, False, True, "en", "lead 3, answer 4: beats in B, not in A"),
    ("beats", {"lead": "3", "play": "4"}, True, False, "zh", "首出 3，应 4：A 管得上，B 管不上"),
    ("opens", {"cards": "2 2"}, True, False, "en", "winning the lead with 2 2: opens (开点) in A, not in B"),
    ("opens", {"cards": "2 2"}, False, True, "zh", "以 2 2 赢得发牌权：B 算开点，A 不算"),
    ("can_burn", {"hand": "3 3", "target": "4"}, False, True, "en", "hand 3 3 may burn 4 in B, not in A"),
    ("can_burn", {"hand": "3 3", "target": "4"}, True, False, "zh", "手牌 3 3 烧 4：A 可以烧，B 不可以"),
    ("answers", {"hand": "5 5", "lead": "4"}, 2, 3, "en", "hand 5 5 against lead 4: 2 different answers in A, 3 in B"),
    ("answers", {"hand": "5 5", "lead": "4"}, 2, 3, "zh", "手牌 5 5 应 4：A 有 2 种管法，B 有 3 种"),
    ("tribute", {"result": RESULT}, [], TRIBUTES[:1], "en",
     "result seats out in the order 1 2, opened: none: A owes nothing; B owes threes tribute (闷贡) from seat 2 to seat 1: 1 card"),
    ("tribute", {"result": RESULT}, [], TRIBUTES[:1], "zh", "终局 走科顺序 1 2，开点 无：A 进贡 无；B 进贡 闷贡 2号给1号1张"),
    ("score", {"result": RESULT}, [1, -1], [2, -2], "en", "result seats out in the order 1 2, opened: none: A scores [1, -1]; B scores [2, -2]"),
    ("score", {"result": RESULT}, [1, -1], [2, -2], "zh", "终局 走科顺序 1 2，开点 无：A 得分 [1, -1]；B 得分 [2, -2]"),
])
def test_a_case_in_words(check, case, x, y, lang, text):
    assert explain.example_text(case_ex(check, case, x, y), lang) == text


def test_a_case_of_another_check_is_shown_as_its_conformance_line():
    ex = case_ex("deal", {"seed": 1}, "甲", 2)
    assert explain.example_text(ex, "en") == '{"check": "deal", "seed": 1, "expect": {"A": "甲", "B": 2}}'


# --- explain: a game situation ------------------------------------------------------------------

POSITION = Situation("position", hands=((1, "3 3"), (2, "4")), leader=2, out=((3, 1), (4, 2)), opened=(1, 3))
PREVIOUS = (json.dumps({"finish": [1, 2], "opened": [2]}),)


@pytest.mark.parametrize("situation,lang,text", [
    (POSITION, "en", "position: seat 1 3 3; seat 2 4, out: seat 3 (place 1), seat 4 (place 2), opened: 1 3, seat 2 leads"),
    (POSITION, "zh", "局面：1号 3 3；2号 4，已走科 3号第1名、4号第2名，已开点 1 3，2号先出"),
    (Situation("position", hands=((1, "5"),), leader=1), "en", "position: seat 1 5, seat 1 leads"),
    (Situation("position", hands=((1, "5"),), leader=1), "zh", "局面：1号 5，1号先出"),
    (Situation("deal", seed=7), "en", "a new game dealt with seed 7"),
    (Situation("deal", seed=7), "zh", "新的一局，种子 7"),
    (Situation("deal", seed=7, previous=PREVIOUS), "en", "a new game dealt with seed 7, after a previous game (seats out in the order 1 2, opened: seats 2)"),
    (Situation("deal", seed=7, previous=PREVIOUS), "zh", "新的一局，种子 7，上一局 走科顺序 1 2，开点 2"),
])
def test_a_set_up_in_words(situation, lang, text):
    assert explain._setup_text(situation, lang) == text


def game_ex(situation=Situation("deal", seed=5), seats=(), components=("player",), a_state=None, b_state=None,
            isolated=True, alone=()):
    return Counterexample(rule="x.y", rules=("x.y", "x.z"), a="A", b="B", kind="game", check="game",
                          situation=situation, components=components, a_state=a_state or {"player": 1},
                          b_state=b_state or {"player": 2}, seats=seats, isolated=isolated, alone=alone)


@pytest.mark.parametrize("lang,text", [("en", "; actions: seat 1 pass, seat 2 3"), ("zh", "；动作：1号过牌，2号3")])
def test_the_actions_of_a_situation_with_their_seats(lang, text):
    ex = game_ex(Situation("deal", seed=5, actions=("pass", "3")), seats=(1, 2))
    assert explain._actions_text(ex, lang) == text
    assert explain._actions_text(game_ex(), lang) == ""


@pytest.mark.parametrize("names,lang,limit,text", [
    (["a"], "en", 8, "a"),
    ([f"a{i}" for i in range(9)], "zh", 8, "a0、a1、a2、a3、a4、a5、a6、a7 等共9种"),
    ([f"a{i}" for i in range(5)], "en", 5, "a0, a1, a2, a3, a4"),
    ([f"a{i}" for i in range(6)], "en", 5, "a0, a1, a2, a3, a4, … (1 more)"),
    ([f"a{i}" for i in range(7)], "en", 5, "a0, a1, a2, a3, a4, … (2 more)"),
])
def test_an_action_list_cut_at_its_limit(names, lang, limit, text):
    assert explain._list_actions(names, lang, limit) == text
    if limit == 8:   # the default
        assert explain._list_actions(names, lang) == text


def test_cards_one_hand_has_where_the_other_has_others():
    assert explain._cards_delta("3 3 4 BJ", "3 5 BJ") == ("3 4", "5")
    assert explain._cards_delta("7", "7") == ("", "")


EIGHT = tuple(str(i) for i in range(8))
NINE = tuple(str(i) for i in range(9))


@pytest.mark.parametrize("key,va,vb,lang,text", [
    ("player", 1, -1, "en", "A: seat 1 acts; B: the game is over"),
    ("player", -1, 3, "zh", "A：对局结束；B：3号行动"),
    ("actions", ("pass", "3"), None, "en", "legal actions: A pass, 3; B none"),
    ("actions", ("pass", "3"), (), "zh", "可选动作：A 过牌、3；B 无"),
    ("actions", EIGHT, ("x",), "en", f"legal actions: A {', '.join(EIGHT)}; B x"),
    ("actions", ("x",), EIGHT, "en", f"legal actions: A x; B {', '.join(EIGHT)}"),
    ("actions", NINE, ("0", "1", "x"), "zh", "可选动作（共同2种）：仅A有 2、3、4、5、6 等共7种；仅B有 x"),
    ("actions", ("0", "x"), NINE, "en", "legal actions (1 in common): only A allows x; only B allows 1, 2, 3, 4, 5, … (3 more)"),
    ("phase", "declare", "play", "en", "phase: A 宣点 (declaring), B play"),
    ("phase", "revolt", "deal", "en", "phase: A 革命 (revolution), B deal"),
    ("phase", "declare", "play", "zh", "阶段：A 宣点；B 出牌"),
    ("phase", "revolt", "deal", "zh", "阶段：A 革命；B deal"),
    ("opened", (1, 3), (), "en", "opened seats: A 1 3; B none"),
    ("opened", None, (2,), "zh", "开点：A 无；B 2"),
    ("declared", (2,), (2, 4), "en", "declared seats: A 2; B 2 4"),
    ("declared", (2,), (2, 4), "zh", "宣点：A 2；B 2 4"),
    ("returns", (1, -1), (-1, 1), "en", "scores: A 1 -1; B -1 1"),
    ("returns", (1, -1), (-1, 1), "zh", "得分：A 1 -1；B -1 1"),
    ("table", (2, "3 3"), None, "en", "on the table: A seat 2's 3 3; B none"),
    ("table", (2, "3 3"), None, "zh", "桌面：A 2号的 3 3；B 无"),
    ("places", ((1, 1), (4, 2)), (), "en", "places: A 1:1, 4:2; B none"),
])
def test_a_component_said_plainly(key, va, vb, lang, text):
    assert explain._plain_component(key, va, vb, "A", "B", lang) == text


@pytest.mark.parametrize("lang,text", [
    ("en", "is told card counts: A seat 1: 5, seat 3: 4; B none shown"),
    ("zh", "看到的张数：A 1号5张, 3号4张；B 不显示"),
])
def test_the_card_counts_a_seat_is_told(lang, text):
    assert explain._seen_parts("counts 2", ((3, 4), (1, 5)), (), "A", "B", lang) == [(text, 2)]


SEEN_A = ((1, "3 3 4"), (3, "5"), (4, "7 7"), (5, "8"))
SEEN_B = ((1, "3 4 4"), (2, "6"), (4, "7"), (5, "8"))


@pytest.mark.parametrize("lang,texts", [
    ("en", ["own hand: A holds 3 where B holds 4", "sees seat 2's hand: A not seen; B 6",
            "sees seat 3's hand: A 5; B not seen", "seat 4's hand: 2 cards in A, 1 in B"]),
    ("zh", ["自己的牌：A 是 3，B 是 4", "看2号的牌：A 看不到；B 6", "看3号的牌：A 5；B 看不到", "4号的牌：A 2张，B 1张"]),
])
def test_the_hands_a_seat_sees_differently(lang, texts):
    assert explain._seen_parts("seen 1", SEEN_A, SEEN_B, "A", "B", lang) == [(t, 1) for t in texts]


def test_what_seats_see_with_nothing_on_one_side():
    assert explain._seen_parts("seen 2", None, ((5, "8"),), "A", "B", "en") == [("sees seat 5's hand: A not seen; B 8", 2)]


COMPONENT_STATES = (
    {"phase": "declare", "player": 1, "seen 1": ((1, "3"), (3, "5")), "seen 2": ((3, "5"),)},
    {"phase": "play", "player": 2, "seen 1": ((1, "4"),), "seen 2": ()},
)


@pytest.mark.parametrize("lang,limit,text", [
    ("en", 3, "phase: A 宣点 (declaring), B play; A: seat 1 acts; B: seat 2 acts; "
              "seat 1: own hand: A holds 3 where B holds 4; and 1 more difference"),
    ("en", 2, "phase: A 宣点 (declaring), B play; A: seat 1 acts; B: seat 2 acts; and 2 more differences"),
    ("en", 4, "phase: A 宣点 (declaring), B play; A: seat 1 acts; B: seat 2 acts; "
              "seat 1: own hand: A holds 3 where B holds 4; seats 1, 2: sees seat 3's hand: A 5; B not seen"),
    ("zh", 4, "阶段：A 宣点；B 出牌；A：1号行动；B：2号行动；1号：自己的牌：A 是 3，B 是 4；1号、2号看3号的牌：A 5；B 看不到"),
    ("zh", 3, "阶段：A 宣点；B 出牌；A：1号行动；B：2号行动；1号：自己的牌：A 是 3，B 是 4；另有1处不同"),
])
def test_the_components_most_telling_first_and_the_rest_counted(lang, limit, text):
    a, b = COMPONENT_STATES
    keys = ["seen 1", "phase", "seen 2", "player"]
    assert explain._components_text(keys, a, b, "A", "B", lang, limit) == text
    if limit == 3:   # the default
        assert explain._components_text(keys, a, b, "A", "B", lang) == text


@pytest.mark.parametrize("na,nb,listed", [(9, 1, False), (1, 9, False), (8, 8, True), (8, 1, True)])
def test_the_legal_actions_are_left_out_beside_who_acts_only_when_a_side_has_more_than_eight(na, nb, listed):
    a = {"player": 1, "actions": tuple(f"a{i}" for i in range(na))}
    b = {"player": 2, "actions": tuple(f"b{i}" for i in range(nb))}
    text = explain._components_text(["player", "actions"], a, b, "A", "B", "en")
    assert ("legal actions" in text) is listed
    assert text.startswith("A: seat 1 acts; B: seat 2 acts")


def test_legal_actions_alone_are_listed_however_many():
    a, b = {"actions": NINE}, {"actions": ("x",)}
    assert explain._components_text(["actions"], a, b, "A", "B", "en").startswith("legal actions (0 in common)")


ALONE = ("A", {"player": (1, 2), "phase": ("declare", "play"), "opened": ((1,), ())})
GAME_A, GAME_B = {"phase": "declare", "player": 1, "opened": (1,)}, {"phase": "play", "player": 2, "opened": ()}
HEAD_EN = ("a new game dealt with seed 5; actions: seat 2 pass. Then phase: A 宣点 (declaring), B play; "
           "A: seat 1 acts; B: seat 2 acts; opened seats: A 1; B none")
HEAD_ZH = "新的一局，种子 5；动作：2号过牌。然后 阶段：A 宣点；B 出牌；A：1号行动；B：2号行动；开点：A 1；B 无"


@pytest.mark.parametrize("lang,isolated,alone,text", [
    ("en", True, (), HEAD_EN),
    ("en", True, ALONE, HEAD_EN),
    ("en", False, (), HEAD_EN),
    ("zh", True, ALONE, HEAD_ZH),
    ("en", False, ALONE, HEAD_EN + ". (The variants differ here for other reasons too; this rule alone: "
                                   "phase: A 宣点 (declaring), A with only x.y, x.z changed play; A: seat 1 acts; "
                                   "A with only x.y, x.z changed: seat 2 acts; and 1 more difference.)"),
    ("zh", False, ALONE, HEAD_ZH + "。（两者在此处还有其他差别；单是这条规则的影响："
                                   "阶段：A 宣点；A（仅改x.y、x.z） 出牌；A：1号行动；A（仅改x.y、x.z）：2号行动；另有1处不同）"),
])
def test_a_game_counterexample_in_words(lang, isolated, alone, text):
    ex = game_ex(Situation("deal", seed=5, actions=("pass",)), seats=(2,), isolated=isolated, alone=alone,
                 components=("phase", "player", "opened"), a_state=GAME_A, b_state=GAME_B)
    assert explain.example_text(ex, lang) == text


# --- values: a rule value as a short cell, as JSON, compared --------------------------------------

BOOL, ENUM, TITLE = ftype("plays", "jokers_alone"), ftype("about", "game"), ftype("about", "title")
REPORT_AT, POINTS, TIES = ftype("info", "report_at"), ftype("scoring", "place_points"), ftype("patterns", "bomb_ties")
RUN_RANKS, BOMB_LINES, PLAYERS = ftype("patterns", "run_ranks"), ftype("patterns", "bomb_lines"), ftype("table", "players")
ROW_10, ROW_J = Threshold(rank="10", at_least=5), Threshold(rank="J", at_least=4)


@pytest.mark.parametrize("vtype,value,en,zh", [
    (BOOL, ABSENT, "—", "—"),
    (REPORT_AT, None, "none", "无"),
    (PLAYERS, None, "not set", "未设定"),
    (BOOL, True, "yes", "是"),
    (BOOL, False, "no", "否"),
    (ENUM, "shuangkou", "shuangkou", "双扣"),
    (REPORT_AT, 3, "3", "3"),
    (TITLE, "枣庄", "枣庄", "枣庄"),
    (THRESHOLDS, (), "none", "无"),
    (THRESHOLDS, (ROW_10,), "1 row", "1行"),
    (THRESHOLDS, (ROW_10, ROW_J), "2 rows", "2行"),
    (POINTS, (1, -2), "[1, -2]", "[1, -2]"),
    (TIES, ("bomb", "joker_bomb"), "[bomb, joker_bomb]", "[炸弹, 王炸]"),
    (BOMB_LINES, Formula("size + 1", None, "int"), "size + 1", "size + 1"),
    (RUN_RANKS, ("3", "A"), "3..A", "3..A"),
])
def test_a_value_as_a_short_cell(vtype, value, en, zh):
    assert short(vtype, value) == en and short(vtype, value, "en") == en
    assert short(vtype, value, "zh") == zh


@pytest.mark.parametrize("vtype,value,json_form", [
    (BOOL, ABSENT, "ABSENT"), (REPORT_AT, None, None), (RUN_RANKS, ("3", "A"), "3..A"),
    (PLAYERS, None, None), (POINTS, None, None), (THRESHOLDS, None, None),   # unset: None, never given to to_json
    (THRESHOLDS, (ROW_10,), [{"rank": "10", "at_least": 5}]),
])
def test_a_value_as_json(vtype, value, json_form):
    assert json_value(vtype, value) == json_form


@pytest.mark.parametrize("vtype,a,b,same", [
    (REPORT_AT, None, None, True), (REPORT_AT, None, ABSENT, False), (REPORT_AT, 3, 3, True), (REPORT_AT, 3, 4, False),
    (THRESHOLDS, (ROW_10, ROW_J), (Threshold("10", 5), Threshold("J", 4)), True),
    (THRESHOLDS, (ROW_10, ROW_J), (ROW_J, ROW_10), False),
    (TITLE, "甲", "乙", False), (TITLE, "甲", "甲", True),
])
def test_values_compared_as_json(vtype, a, b, same):
    assert same_value(vtype, a, b) is same and same_value(vtype, b, a) is same


BOTH_KEYS = RowT(Threshold, key=("rank", "at_least"))
SOURCES = ftype("about", "sources")


def test_a_row_by_its_key_and_its_values():
    assert row_key_text(THRESHOLDS, ROW_10) == "10" and row_key_text(BOTH_KEYS, ROW_J, "zh") == "J/4"
    assert value_columns(THRESHOLDS) == ["at_least"] and value_columns(SOURCES) == ["file", "title", "title_en", "name", "name_en"]
    assert value_columns(BOTH_KEYS) == ["rank", "at_least"]   # all key: the whole row is its value
    assert row_value_text(THRESHOLDS, ROW_J) == "4" and row_value_text(BOTH_KEYS, ROW_J) == "J / 4"
    assert row_value_text(THRESHOLDS, None) == "—"


# --- compare: rows that differ, how a variant is named, where a value was written ----------------

@pytest.mark.parametrize("a,b,keys", [
    ((ROW_10, ROW_J), (Threshold("10", 5), Threshold("J", 4)), []),
    ((ROW_10, ROW_J), (Threshold("J", 3), Threshold("Q", 2)), ["10", "J", "Q"]),
    ((ROW_J,), (ROW_10, ROW_J), ["10"]),
    ((ROW_10,), None, []), (ABSENT, (ROW_10,), []), ((ROW_10,), ABSENT, []),
])
def test_rows_that_differ_by_key_a_s_order_first(a, b, keys):
    diffs = row_diffs(THRESHOLDS, a, b)
    assert [d.key for d in diffs] == keys
    if keys == ["10", "J", "Q"]:
        assert diffs == (RowDiff("10", ROW_10, None), RowDiff("J", ROW_J, Threshold("J", 3)),
                         RowDiff("Q", None, Threshold("Q", 2)))


def test_a_table_without_a_key_has_no_row_differences():
    assert row_diffs(RowT(Threshold), (ROW_10,), (ROW_J,)) == ()


ZAO, QING, PLAIN_NAME = Side("zaozhuang", "枣庄", "Zaozhuang"), Side("qingdao", "青岛", ""), Side("house", "", "")


@pytest.mark.parametrize("side,lang,other,label", [
    (ZAO, "zh", None, "枣庄"), (ZAO, "zh", QING, "枣庄"),
    (ZAO, "zh", Side("zaozhuang-x", "枣庄", ""), "枣庄（zaozhuang）"),
    (PLAIN_NAME, "zh", None, "house（house）"), (PLAIN_NAME, "zh", ZAO, "house（house）"),
    (ZAO, "en", QING, "Zaozhuang"), (PLAIN_NAME, "en", None, "House"),
])
def test_how_a_variant_is_named(side, lang, other, label):
    assert side.label(lang, other) == label


def rule_diff(section, name, a, b, a_origin=None, b_origin=None, rows=()):
    return RuleDiff(section, name, a, b, a_origin, b_origin, ZAO, QING, ftype(section, name), rows)


ORIGIN = m.Origin(Pos("zaozhuang.gouji", 12, 1), "zaozhuang", ("@000:L15", "@D3"))


@pytest.mark.parametrize("d,which,en,zh", [
    (rule_diff("info", "report_at", ABSENT, 3), "a", "no such section", "无此节"),
    (rule_diff("info", "report_at", None, 3), "a", "not set", "未设定"),
    (rule_diff("info", "report_at", None, 3), "b", "default", "默认值"),
    (rule_diff("info", "report_at", None, 3, b_origin=ORIGIN), "b", "zaozhuang:12 @000:L15 @D3", "zaozhuang:12 @000:L15 @D3"),
])
def test_where_a_value_was_written(d, which, en, zh):
    assert d.where(which) == en and d.where(which, "zh") == zh


def test_a_rule_difference_names_its_rule_values_and_sources():
    d = rule_diff("info", "report_at", None, 3, b_origin=ORIGIN)
    assert (d.path, d.group, d.value("a"), d.value("b"), d.origin("a"), d.origin("b")) == (
        "info.report_at", "info.report_at", None, 3, None, ORIGIN)
    assert d.cites("a") == () and d.cites("b") == ("@000:L15", "@D3")
    assert (d.short("a"), d.short("b", "zh")) == ("none", "3")
    assert dataclasses.replace(d, merged_into="info.x").group == "info.x"


# --- prose: one difference in one sentence ------------------------------------------------------

NEW_ROWS = (Threshold("10", 6), ROW_J, Threshold("Q", 3))


def thresholds_diff(a, b):
    return rule_diff("gouji", "thresholds", a, b, rows=row_diffs(THRESHOLDS, a, b))


@pytest.mark.parametrize("d,en,zh", [
    (rule_diff("info", "report_at", None, 3),
     "Zaozhuang never shows card counts; Qingdao shows a player's card count once they hold at most 3 (报牌).",
     "枣庄不报牌；青岛剩3张及以下报牌。"),
    (rule_diff("info", "report_at", ABSENT, 3),
     "A player's card count is shown once they hold at most this many: Zaozhuang —, Qingdao 3.", "报牌：枣庄为—，青岛为3。"),
    (rule_diff("about", "title", ABSENT, "青岛"),
     "The variant's Chinese title: Zaozhuang “—”, Qingdao “青岛”.", "名称：枣庄为「—」，青岛为「青岛」。"),
    (thresholds_diff(ABSENT, (ROW_10,)), "门槛 (gouji.thresholds): Zaozhuang —, Qingdao 1 row.", "门槛：枣庄—，青岛1行。"),
    (thresholds_diff((ROW_10, ROW_J), NEW_ROWS),
     "门槛 (gouji.thresholds): 2 rows differ (by rank, giving at_least): 10: Zaozhuang 5, Qingdao 6; Q: Zaozhuang —, Qingdao 3.",
     "门槛有2行不同（按 rank，值为 at_least）：10：枣庄 5，青岛 6；Q：枣庄 —，青岛 3。"),
])
def test_a_difference_in_one_sentence(d, en, zh):
    assert rule_prose(d, "en") == en and d.prose() == en
    assert rule_prose(d, "zh") == zh


def test_a_table_emptied_on_one_side_is_said_by_its_phrases():
    d = thresholds_diff((ROW_10,), ())
    assert d.rows == (RowDiff("10", ROW_10, None),)
    pa, pb = phrases.predicate("gouji.thresholds", (ROW_10,), "en"), phrases.predicate("gouji.thresholds", (), "en")
    assert rule_prose(d, "en") == f"Zaozhuang {pa}; Qingdao {pb}."


def test_prose_refuses_an_unknown_language():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        rule_prose(rule_diff("info", "report_at", None, 3), "fr")


def test_capitalised_changes_the_first_letter_only():
    assert [capitalised(t) for t in ("", "a", "ab Cd", "3x")] == ["", "A", "Ab Cd", "3x"]


# --- phrases: what a phrase says of each value, and what it may be -----------------------------

BY_VALUE = phrases.Phrase({None: phrases.said("无", "none"), 1: phrases.said("一{v}", "one {v}"),
                           phrases.ANY_VALUE: phrases.said("多{v}", "many {v}")})


@pytest.mark.parametrize("phrase,value,lang,text", [
    (phrases.Phrase(phrases.said("用{v}副", "{v} decks")), 6, "en", "6 decks"),
    (phrases.Phrase(phrases.said("用{v}副", "{v} decks")), 6, "zh", "用6副"),
    (phrases.Phrase(phrases.said("用{v}副", "{v} decks")), None, "en", None),
    (phrases.Phrase(lambda v, lang: f"{lang}:{v}"), (1, 2), "zh", "zh:(1, 2)"),
    (phrases.Phrase(lambda v, lang: f"{lang}:{v}"), None, "zh", None),
    (BY_VALUE, None, "en", "none"), (BY_VALUE, 1, "zh", "一1"), (BY_VALUE, 2, "en", "many 2"),
    (BY_VALUE, [1], "en", "many [1]"),     # a list cannot be a key: the "*" phrase says it
    (phrases.Phrase(phrases.yes_no("是", "yes", "否", "no")), True, "en", "yes"),
    (phrases.Phrase(phrases.yes_no("是", "yes", "否", "no")), False, "zh", "否"),
    (phrases.Phrase(phrases.yes_no("是", "yes", "否", "no")), None, "zh", None),
    (phrases.Phrase(phrases.yes_no("是", "yes", "否", "no")), 2, "zh", None),
])
def test_what_a_phrase_says_of_a_value(phrase, value, lang, text):
    assert phrase.say(value, lang) == text


@pytest.mark.parametrize("text,effect,message", [
    (phrases.said("a", "b"), "game", "unknown effect 'game': one of play, room, label"),
    ({"en": "only english"}, phrases.PLAY, "a phrase is said"),
    ({"zh": 1, "en": "x"}, phrases.PLAY, "a phrase is said"),
    ({True: phrases.said("是", "yes"), False: "no"}, phrases.PLAY, "a phrase is said"),
    ("a sentence", phrases.PLAY, "a phrase is said"),
])
def test_a_phrase_that_is_not_one_is_refused(text, effect, message):
    with pytest.raises(spec.DefinitionError, match=message):
        phrases.Phrase(text, effect)


def test_a_phrase_registers_with_its_rule_and_says_its_effect(monkeypatch):
    monkeypatch.setattr(spec, "REGISTRY", {"x.other": {"phrase": "not a Phrase"}})
    made = phrases.phrase("x.y", phrases.said("甲{v}", "a {v}"), phrases.ROOM)
    assert phrases.phrase_of("x.y") is made and made.effect == phrases.ROOM
    assert phrases.effect_of("x.y") == phrases.ROOM and phrases.effect_of("x.none") == phrases.PLAY
    assert phrases.phrase_of("x.other") is None and phrases.phrase_of("x.none") is None
    assert phrases.predicate("x.y", 2, "zh") == "甲2"
    assert phrases.predicate("x.y", ABSENT, "zh") is None and phrases.predicate("x.none", 2, "zh") is None


def test_hashable_values():
    assert phrases._hashable((1, 2)) and not phrases._hashable([1]) and not phrases._hashable({1: 2})


# --- render: a whole diff as text and Markdown (reviewed line by line), and as JSON ---------------

def _decks():
    decks = rule_diff("table", "decks", 6, 4, a_origin=ORIGIN)
    cards = dataclasses.replace(rule_diff("table", "cards_per_player", 54, 36), merged_into="table.decks")
    return [dataclasses.replace(decks, related=(cards,)), dataclasses.replace(cards, related=(decks,))]


FOUR = [rule_diff("about", "title", "枣庄", "青岛", b_origin=ORIGIN), rule_diff("room", "min_games", 1, 2),
        rule_diff("info", "report_at", None, 3, b_origin=ORIGIN), thresholds_diff((ROW_10, ROW_J), NEW_ROWS)]
DECKS = _decks()
HAND_EX = Counterexample(rule="info.report_at", rules=("info.report_at",), a="zaozhuang", b="qingdao", kind="case",
                         check="hand", case={"check": "hand", "cards": "3 3"}, a_answer=NOT_LEGAL, b_answer=GOUJI)
FOUND = CounterexampleList([HAND_EX], unfound={"gouji.thresholds": Reason("没有", "none exists")}, note=Reason("注", "a note"))
NOT_SEARCHED = CounterexampleList([], note="not searched: engines missing", searched=False)
EMPTY = CounterexampleList([])


RENDERED = [
    (FOUR, FOUND, 'en', 'text',
     "zaozhuang vs qingdao: 4 rules differ (2 behavioural differences: 1 with a counterexample, 1 without one)\n  (a note)\n\n[about] 简介 - About this variant\n  about.title (名称)\n    Zaozhuang has the Chinese title “枣庄”; Qingdao has the Chinese title “青岛”.\n    zaozhuang  枣庄    (default)\n    qingdao    青岛    (written in zaozhuang:12 @000:L15 @D3)\n    (no effect on play)\n\n[room] 房间 - Room rules\n  room.min_games (最少局数)\n    Zaozhuang requires 1 game before leaving; Qingdao requires 2 games before leaving.\n    zaozhuang  1    (default)\n    qingdao    2    (default)\n    (changes the room's penalties for leaving early and player ranks, not the play of a game)\n\n[info] 报牌看牌 - What players see (报牌, 看牌)\n  info.report_at (报牌)\n    Zaozhuang never shows card counts; Qingdao shows a player's card count once they hold at most 3 (报牌).\n    zaozhuang  none    (not set)\n    qingdao    3    (written in zaozhuang:12 @000:L15 @D3)\n    counterexample (hand): cards 3 3: not a legal play in zaozhuang; a legal play and a gouji play (级牌) in qingdao\n\n[gouji] 级牌 - 级牌 (gouji plays)\n  gouji.thresholds (门槛)\n    门槛 (gouji.thresholds): 2 rows differ (by rank, giving at_least): 10: Zaozhuang 5, Qingdao 6; Q: Zaozhuang —, Qingdao 3.\n    zaozhuang  2 rows    (default)\n    qingdao    3 rows    (default)\n    rows (key rank; at_least):\n      10  zaozhuang: 5;  qingdao: 6\n      Q   zaozhuang: —;  qingdao: 3\n    no counterexample: none exists\n"),
    (FOUR, FOUND, 'en', 'md',
     '# zaozhuang vs qingdao\n\n4 rules differ (2 behavioural differences: 1 with a counterexample, 1 without one).\n\n_a note_\n\n## [about] 简介 - About this variant\n\n### `about.title` 名称\n\nZaozhuang has the Chinese title “枣庄”; Qingdao has the Chinese title “青岛”.\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `title` | 枣庄 | 青岛 |\n| written in | default | zaozhuang:12 @000:L15 @D3 |\n\n_no effect on play_\n\n## [room] 房间 - Room rules\n\n### `room.min_games` 最少局数\n\nZaozhuang requires 1 game before leaving; Qingdao requires 2 games before leaving.\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `min_games` | 1 | 2 |\n| written in | default | default |\n\n_changes the room\'s penalties for leaving early and player ranks, not the play of a game_\n\n## [info] 报牌看牌 - What players see (报牌, 看牌)\n\n### `info.report_at` 报牌\n\nZaozhuang never shows card counts; Qingdao shows a player\'s card count once they hold at most 3 (报牌).\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `report_at` | none | 3 |\n| written in | not set | zaozhuang:12 @000:L15 @D3 |\n\n**counterexample** (hand): cards 3 3: not a legal play in zaozhuang; a legal play and a gouji play (级牌) in qingdao\n\n```json\n{"check": "hand", "cards": "3 3", "expect": {"zaozhuang": {"valid": false, "gouji": false}, "qingdao": {"valid": true, "gouji": true}}}\n```\n\n## [gouji] 级牌 - 级牌 (gouji plays)\n\n### `gouji.thresholds` 门槛\n\n门槛 (gouji.thresholds): 2 rows differ (by rank, giving at_least): 10: Zaozhuang 5, Qingdao 6; Q: Zaozhuang —, Qingdao 3.\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `thresholds` | 2 rows | 3 rows |\n| written in | default | default |\n| 10 | 5 | 6 |\n| Q | — | 3 |\n\n_no counterexample: none exists_\n'),
    (FOUR, FOUND, 'zh', 'text',
     'zaozhuang 对比 qingdao：4条规则不同（2组影响玩法：1组有反例，1组无反例）\n  （注）\n\n[about] 简介\n  about.title（名称）\n    枣庄中文名为「枣庄」；青岛中文名为「青岛」。\n    zaozhuang  枣庄    （默认值）\n    qingdao    青岛    （出处 zaozhuang:12 @000:L15 @D3）\n    （不影响玩法）\n\n[room] 房间\n  room.min_games（最少局数）\n    枣庄最少打1局；青岛最少打2局。\n    zaozhuang  1    （默认值）\n    qingdao    2    （默认值）\n    （影响房间的离场罚分和级别，不影响牌局）\n\n[info] 报牌看牌\n  info.report_at（报牌）\n    枣庄不报牌；青岛剩3张及以下报牌。\n    zaozhuang  无    （未设定）\n    qingdao    3    （出处 zaozhuang:12 @000:L15 @D3）\n    反例（hand）：牌 3 3：zaozhuang 不是合法的一手；qingdao 是合法的级牌\n\n[gouji] 级牌\n  gouji.thresholds（门槛）\n    门槛有2行不同（按 rank，值为 at_least）：10：枣庄 5，青岛 6；Q：枣庄 —，青岛 3。\n    zaozhuang  2行    （默认值）\n    qingdao    3行    （默认值）\n    行（键 rank；at_least）：\n      10  zaozhuang: 5;  qingdao: 6\n      Q   zaozhuang: —;  qingdao: 3\n    无反例：没有\n'),
    (FOUR, FOUND, 'zh', 'md',
     '# zaozhuang 对比 qingdao\n\n4条规则不同（2组影响玩法：1组有反例，1组无反例）。\n\n_注_\n\n## [about] 简介\n\n### `about.title` 名称\n\n枣庄中文名为「枣庄」；青岛中文名为「青岛」。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `title` | 枣庄 | 青岛 |\n| 出处 | 默认值 | zaozhuang:12 @000:L15 @D3 |\n\n_不影响玩法_\n\n## [room] 房间\n\n### `room.min_games` 最少局数\n\n枣庄最少打1局；青岛最少打2局。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `min_games` | 1 | 2 |\n| 出处 | 默认值 | 默认值 |\n\n_影响房间的离场罚分和级别，不影响牌局_\n\n## [info] 报牌看牌\n\n### `info.report_at` 报牌\n\n枣庄不报牌；青岛剩3张及以下报牌。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `report_at` | 无 | 3 |\n| 出处 | 未设定 | zaozhuang:12 @000:L15 @D3 |\n\n**反例** (hand): 牌 3 3：zaozhuang 不是合法的一手；qingdao 是合法的级牌\n\n```json\n{"check": "hand", "cards": "3 3", "expect": {"zaozhuang": {"valid": false, "gouji": false}, "qingdao": {"valid": true, "gouji": true}}}\n```\n\n## [gouji] 级牌\n\n### `gouji.thresholds` 门槛\n\n门槛有2行不同（按 rank，值为 at_least）：10：枣庄 5，青岛 6；Q：枣庄 —，青岛 3。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `thresholds` | 2行 | 3行 |\n| 出处 | 默认值 | 默认值 |\n| 10 | 5 | 6 |\n| Q | — | 3 |\n\n_无反例：没有_\n'),
    (DECKS, None, 'en', 'text',
     'zaozhuang vs qingdao: 2 rules differ (1 behavioural difference; counterexamples not searched)\n\n[table] 牌桌 - Players and cards\n  table.decks (副数), table.cards_per_player (每人张数)\n    Zaozhuang deals 6 decks, 54 cards each; Qingdao 4 decks, 36 each.\n    zaozhuang  decks = 6; cards_per_player = 54    (written in zaozhuang:12 @000:L15 @D3; default)\n    qingdao    decks = 4; cards_per_player = 36    (default; default)\n'),
    (DECKS, None, 'en', 'md',
     '# zaozhuang vs qingdao\n\n2 rules differ (1 behavioural difference; counterexamples not searched).\n\n## [table] 牌桌 - Players and cards\n\n### `table.decks` 副数, `table.cards_per_player` 每人张数\n\nZaozhuang deals 6 decks, 54 cards each; Qingdao 4 decks, 36 each.\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `decks` | 6 | 4 |\n| written in | zaozhuang:12 @000:L15 @D3 | default |\n| `cards_per_player` | 54 | 36 |\n| written in | default | default |\n'),
    (DECKS, None, 'zh', 'text',
     'zaozhuang 对比 qingdao：2条规则不同（1组影响玩法；未搜索反例）\n\n[table] 牌桌\n  table.decks（副数），table.cards_per_player（每人张数）\n    枣庄用6副牌，每人54张；青岛用4副牌，每人36张。\n    zaozhuang  decks = 6; cards_per_player = 54    （出处 zaozhuang:12 @000:L15 @D3; 默认值）\n    qingdao    decks = 4; cards_per_player = 36    （默认值; 默认值）\n'),
    (DECKS, None, 'zh', 'md',
     '# zaozhuang 对比 qingdao\n\n2条规则不同（1组影响玩法；未搜索反例）。\n\n## [table] 牌桌\n\n### `table.decks` 副数, `table.cards_per_player` 每人张数\n\n枣庄用6副牌，每人54张；青岛用4副牌，每人36张。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `decks` | 6 | 4 |\n| 出处 | zaozhuang:12 @000:L15 @D3 | 默认值 |\n| `cards_per_player` | 54 | 36 |\n| 出处 | 默认值 | 默认值 |\n'),
    (DECKS, NOT_SEARCHED, 'en', 'text',
     'zaozhuang vs qingdao: 2 rules differ (1 behavioural difference; counterexamples not searched)\n  (not searched: engines missing)\n\n[table] 牌桌 - Players and cards\n  table.decks (副数), table.cards_per_player (每人张数)\n    Zaozhuang deals 6 decks, 54 cards each; Qingdao 4 decks, 36 each.\n    zaozhuang  decks = 6; cards_per_player = 54    (written in zaozhuang:12 @000:L15 @D3; default)\n    qingdao    decks = 4; cards_per_player = 36    (default; default)\n'),
    (DECKS, NOT_SEARCHED, 'en', 'md',
     '# zaozhuang vs qingdao\n\n2 rules differ (1 behavioural difference; counterexamples not searched).\n\n_not searched: engines missing_\n\n## [table] 牌桌 - Players and cards\n\n### `table.decks` 副数, `table.cards_per_player` 每人张数\n\nZaozhuang deals 6 decks, 54 cards each; Qingdao 4 decks, 36 each.\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `decks` | 6 | 4 |\n| written in | zaozhuang:12 @000:L15 @D3 | default |\n| `cards_per_player` | 54 | 36 |\n| written in | default | default |\n'),
    (DECKS, NOT_SEARCHED, 'zh', 'text',
     'zaozhuang 对比 qingdao：2条规则不同（1组影响玩法；未搜索反例）\n  （not searched: engines missing）\n\n[table] 牌桌\n  table.decks（副数），table.cards_per_player（每人张数）\n    枣庄用6副牌，每人54张；青岛用4副牌，每人36张。\n    zaozhuang  decks = 6; cards_per_player = 54    （出处 zaozhuang:12 @000:L15 @D3; 默认值）\n    qingdao    decks = 4; cards_per_player = 36    （默认值; 默认值）\n'),
    (DECKS, NOT_SEARCHED, 'zh', 'md',
     '# zaozhuang 对比 qingdao\n\n2条规则不同（1组影响玩法；未搜索反例）。\n\n_not searched: engines missing_\n\n## [table] 牌桌\n\n### `table.decks` 副数, `table.cards_per_player` 每人张数\n\n枣庄用6副牌，每人54张；青岛用4副牌，每人36张。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `decks` | 6 | 4 |\n| 出处 | zaozhuang:12 @000:L15 @D3 | 默认值 |\n| `cards_per_player` | 54 | 36 |\n| 出处 | 默认值 | 默认值 |\n'),
    (DECKS, EMPTY, 'en', 'text',
     'zaozhuang vs qingdao: 2 rules differ (1 behavioural difference: 0 with a counterexample, 1 without one)\n\n[table] 牌桌 - Players and cards\n  table.decks (副数), table.cards_per_player (每人张数)\n    Zaozhuang deals 6 decks, 54 cards each; Qingdao 4 decks, 36 each.\n    zaozhuang  decks = 6; cards_per_player = 54    (written in zaozhuang:12 @000:L15 @D3; default)\n    qingdao    decks = 4; cards_per_player = 36    (default; default)\n    no counterexample: none found within the search budget\n'),
    (DECKS, EMPTY, 'en', 'md',
     '# zaozhuang vs qingdao\n\n2 rules differ (1 behavioural difference: 0 with a counterexample, 1 without one).\n\n## [table] 牌桌 - Players and cards\n\n### `table.decks` 副数, `table.cards_per_player` 每人张数\n\nZaozhuang deals 6 decks, 54 cards each; Qingdao 4 decks, 36 each.\n\n| rule | zaozhuang | qingdao |\n|---|---|---|\n| `decks` | 6 | 4 |\n| written in | zaozhuang:12 @000:L15 @D3 | default |\n| `cards_per_player` | 54 | 36 |\n| written in | default | default |\n\n_no counterexample: none found within the search budget_\n'),
    (DECKS, EMPTY, 'zh', 'text',
     'zaozhuang 对比 qingdao：2条规则不同（1组影响玩法：0组有反例，1组无反例）\n\n[table] 牌桌\n  table.decks（副数），table.cards_per_player（每人张数）\n    枣庄用6副牌，每人54张；青岛用4副牌，每人36张。\n    zaozhuang  decks = 6; cards_per_player = 54    （出处 zaozhuang:12 @000:L15 @D3; 默认值）\n    qingdao    decks = 4; cards_per_player = 36    （默认值; 默认值）\n    无反例：在搜索范围内未找到\n'),
    (DECKS, EMPTY, 'zh', 'md',
     '# zaozhuang 对比 qingdao\n\n2条规则不同（1组影响玩法：0组有反例，1组无反例）。\n\n## [table] 牌桌\n\n### `table.decks` 副数, `table.cards_per_player` 每人张数\n\n枣庄用6副牌，每人54张；青岛用4副牌，每人36张。\n\n| 规则 | zaozhuang | qingdao |\n|---|---|---|\n| `decks` | 6 | 4 |\n| 出处 | zaozhuang:12 @000:L15 @D3 | 默认值 |\n| `cards_per_player` | 54 | 36 |\n| 出处 | 默认值 | 默认值 |\n\n_无反例：在搜索范围内未找到_\n'),
    ([], None, 'en', 'text',
     'zaozhuang vs qingdao: identical: no rule differs\n'),
    ([], None, 'en', 'md',
     '# zaozhuang vs qingdao\n\nidentical: no rule differs.\n'),
    ([], None, 'zh', 'text',
     'zaozhuang 对比 qingdao：相同：没有不同的规则\n'),
    ([], None, 'zh', 'md',
     '# zaozhuang 对比 qingdao\n\n相同：没有不同的规则。\n'),
]


@pytest.mark.parametrize("diffs,examples,lang,fmt,text", RENDERED)
def test_a_diff_rendered(diffs, examples, lang, fmt, text):
    assert render_diff("zaozhuang", "qingdao", diffs, examples, lang, fmt) == text


def test_a_diff_as_json():
    doc = json.loads(render_diff("zaozhuang", "qingdao", FOUR, FOUND, "en", "json"))
    assert {k: doc[k] for k in ("a", "b", "identical", "searched", "note")} == {
        "a": "zaozhuang", "b": "qingdao", "identical": False, "searched": True, "note": "a note"}
    assert doc["summary"] == "4 rules differ (2 behavioural differences: 1 with a counterexample, 1 without one)"
    rules = {r["rule"]: r for r in doc["rules"]}
    assert list(rules) == ["about.title", "room.min_games", "info.report_at", "gouji.thresholds"]
    assert [r["effect"] for r in doc["rules"]] == ["label", "room", "play", "play"]
    assert all("counterexample" not in rules[k] for k in ("about.title", "room.min_games"))
    assert rules["info.report_at"]["counterexample"] == HAND_EX.to_json("en")
    assert "no_counterexample" not in rules["info.report_at"]
    assert rules["gouji.thresholds"]["counterexample"] is None
    assert rules["gouji.thresholds"]["no_counterexample"] == "no counterexample: none exists"
    assert rules["info.report_at"]["b"] == {"value": 3, "shown": "3",
                                            "origin": {"variant": "zaozhuang", "line": 12, "cites": ["@000:L15", "@D3"]}}
    assert rules["gouji.thresholds"]["rows"] == [
        {"key": "10", "a": {"rank": "10", "at_least": 5}, "b": {"rank": "10", "at_least": 6}},
        {"key": "Q", "a": None, "b": {"rank": "Q", "at_least": 3}}]
    assert "rows" not in rules["info.report_at"] and "merged_into" not in rules["info.report_at"]


@pytest.mark.parametrize("examples,searched,note", [(None, False, None), (NOT_SEARCHED, False, "not searched: engines missing"),
                                                    (EMPTY, True, None)])
def test_a_merged_rule_carries_no_counterexample_of_its_own_in_json(examples, searched, note):
    doc = json.loads(render_diff("zaozhuang", "qingdao", DECKS, examples, "zh", "json"))
    assert (doc["searched"], doc["note"], doc["identical"]) == (searched, note, False)
    decks, cards = doc["rules"]
    assert cards["merged_into"] == "table.decks" and "counterexample" not in cards
    assert ("counterexample" in decks) is searched
    if searched:
        assert decks["counterexample"] is None and decks["no_counterexample"] == "无反例：在搜索范围内未找到"


def test_identical_variants_in_json():
    doc = json.loads(render_diff("zaozhuang", "qingdao", [], None, "en", "json"))
    assert doc == {"a": "zaozhuang", "b": "qingdao", "identical": True, "summary": "identical: no rule differs",
                   "searched": False, "note": None, "rules": []}


@pytest.mark.parametrize("lang,fmt,message", [("fr", "text", "unknown language 'fr': expected zh or en"),
                                              ("en", "pdf", "unknown format 'pdf': expected text, md or json")])
def test_render_refuses_unknown_languages_and_formats(lang, fmt, message):
    with pytest.raises(ValueError, match=message):
        render_diff("a", "b", [], None, lang, fmt)


@pytest.mark.parametrize("diffs,examples,text", [
    (FOUR[:1], None, "1 rule differs (0 behavioural differences; counterexamples not searched)"),
    (FOUR[2:3], EMPTY, "1 rule differs (1 behavioural difference: 0 with a counterexample, 1 without one)"),
    (FOUR[2:], FOUND, "2 rules differ (2 behavioural differences: 1 with a counterexample, 1 without one)"),
    # a counterexample for a rule that is not behavioural is not counted
    (FOUR[:1], CounterexampleList([dataclasses.replace(HAND_EX, rule="about.title")]),
     "1 rule differs (0 behavioural differences: 0 with a counterexample, 0 without one)"),
])
def test_the_summary_counts_groups_and_counterexamples(diffs, examples, text):
    assert render._summary(diffs, examples, "en") == text


def test_the_header_names_variants_by_name_and_title():
    assert render._header("a", "b", "en") == "a vs b"
    zao = Compilation(Workspace(), "zaozhuang").checked
    title = zao.sections["about"].title
    assert render.name_and_title(zao) == ("zaozhuang", title) and render.name_and_title(3) == ("3", "")
    assert render._header(zao, "b", "en") == f"zaozhuang ({title}) vs b"
    assert render._header("a", zao, "zh") == f"a 对比 zaozhuang（{title}）"


@pytest.mark.parametrize("text,cell", [("a|b", "a\\|b"), ("x\ny", "x y"), ("plain", "plain")])
def test_a_markdown_cell_escapes_bars_and_joins_lines(text, cell):
    assert render.md_cell(text) == cell


# --- matrix: every rule (and table row) not the same in all the variants ---------------------------

HOUSE = ('variant house extends zaozhuang\n[about]\ntitle = "家"\n[plays]\njoker_kills +=\n  | joker | by_same |\n  | BJ | none |\n[gouji]\nthresholds =\n'
         '  | rank | at_least |\n  | 10 | 6 |\n  | J | 4 |\n  | Q | 3 |\n  | K | 2 |\n  | A | 2 |\n  | 2 | 1 |\n  | 9 | 7 |\n')
CASES = [((0, 1, 2), "en", "md"), ((0, 1), "zh", "md"), ((0, 1, 2), "en", "html"), ((0, 1), "zh", "html"), ((1, 0), "en", "html")]


@pytest.fixture(scope="module")
def house_models(tmp_path_factory):
    ws = scratch_workspace(tmp_path_factory.mktemp("matrix"), {"house": HOUSE})
    return [Compilation(ws, n).checked for n in ("zaozhuang", "house", "zaozhuang")]


def test_the_matrix_rows_leave_out_the_about_section_and_spell_out_table_rows(house_models):
    kills_en = ("how each joker of the play answered is killed by the answer's jokers; a joker kind without a row "
                "cannot be beaten (by_higher / by_same / by_lower)")
    assert matrix_rows(house_models, "zh") == [
        MatrixRow("plays.joker_kills[BJ]", "杀王[BJ]", kills_en, "plays", ("无 / 2 / 无", "无 / 无 / 无", "无 / 2 / 无")),
        MatrixRow("gouji.thresholds[10]", "门槛[10]", "the least size at which a rank makes a 级牌 (at_least)", "gouji",
                  ("5", "6", "5")),
        MatrixRow("gouji.thresholds[9]", "门槛[9]", "(row 9: at_least)", "gouji", ("—", "7", "—"))]
    assert matrix_rows(house_models[:1] + house_models[2:]) == []


MATRICES = [
    ((0, 1, 2), 'en', 'md',
     "# Rule matrix: zaozhuang, house, zaozhuang\n\nVariants: `zaozhuang` 枣庄六副够级 (Zaozhuang six-deck Gouji); `house` 家; `zaozhuang` 枣庄六副够级 (Zaozhuang six-deck Gouji)\n\n3 rules (or table rows) differ.\n\n| rule | 中文 | meaning | zaozhuang | house | zaozhuang |\n|---|---|---|---|---|---|\n| **[plays] 牌型 - Plays and how they compare** | | | | | |\n| `plays.joker_kills[BJ]` | 杀王[BJ] | how each joker of the play answered is killed by the answer's jokers; a joker kind without a row cannot be beaten (by_higher / by_same / by_lower) | none / 2 / none | none / none / none | none / 2 / none |\n| **[gouji] 级牌 - 级牌 (gouji plays)** | | | | | |\n| `gouji.thresholds[10]` | 门槛[10] | the least size at which a rank makes a 级牌 (at_least) | 5 | 6 | 5 |\n| `gouji.thresholds[9]` | 门槛[9] | (row 9: at_least) | — | 7 | — |\n"),
    ((0, 1), 'zh', 'md',
     "# 规则对照表: zaozhuang, house\n\n变体：`zaozhuang` 枣庄六副够级; `house` 家\n\n3 条规则（或表格行）不同。\n\n| 规则 | 名称 | 含义 | zaozhuang | house |\n|---|---|---|---|---|\n| **[plays] 牌型** | | | | |\n| `plays.joker_kills[BJ]` | 杀王[BJ] | how each joker of the play answered is killed by the answer's jokers; a joker kind without a row cannot be beaten (by_higher / by_same / by_lower) | 无 / 2 / 无 | 无 / 无 / 无 |\n| **[gouji] 级牌** | | | | |\n| `gouji.thresholds[10]` | 门槛[10] | the least size at which a rank makes a 级牌 (at_least) | 5 | 6 |\n| `gouji.thresholds[9]` | 门槛[9] | (row 9: at_least) | — | 7 |\n"),
    ((0, 1, 2), 'en', 'html',
     '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Rule matrix: zaozhuang, house, zaozhuang</title>\n<style>table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:2px 6px;vertical-align:top}th.section{background:#eee;text-align:left}td.differs{background:#fff3cd}</style>\n</head>\n<body>\n<h1>Rule matrix: zaozhuang, house, zaozhuang</h1>\n<table>\n<thead><tr><th>rule</th><th>中文</th><th title="Zaozhuang six-deck Gouji">zaozhuang<br>枣庄六副够级</th><th title="家">house<br>家</th><th title="Zaozhuang six-deck Gouji">zaozhuang<br>枣庄六副够级</th></tr></thead>\n<tbody>\n<tr><th class="section" colspan="5">[plays] 牌型 - Plays and how they compare</th></tr>\n<tr><td title="how each joker of the play answered is killed by the answer&#x27;s jokers; a joker kind without a row cannot be beaten (by_higher / by_same / by_lower)"><code>plays.joker_kills[BJ]</code></td><td>杀王[BJ]</td><td>none / 2 / none</td><td class="differs">none / none / none</td><td>none / 2 / none</td></tr>\n<tr><th class="section" colspan="5">[gouji] 级牌 - 级牌 (gouji plays)</th></tr>\n<tr><td title="the least size at which a rank makes a 级牌 (at_least)"><code>gouji.thresholds[10]</code></td><td>门槛[10]</td><td>5</td><td class="differs">6</td><td>5</td></tr>\n<tr><td title="(row 9: at_least)"><code>gouji.thresholds[9]</code></td><td>门槛[9]</td><td>—</td><td class="differs">7</td><td>—</td></tr>\n</tbody>\n</table>\n</body>\n</html>\n'),
    ((0, 1), 'zh', 'html',
     '<!DOCTYPE html>\n<html lang="zh">\n<head>\n<meta charset="utf-8">\n<title>规则对照表: zaozhuang, house</title>\n<style>table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:2px 6px;vertical-align:top}th.section{background:#eee;text-align:left}td.differs{background:#fff3cd}</style>\n</head>\n<body>\n<h1>规则对照表: zaozhuang, house</h1>\n<table>\n<thead><tr><th>规则</th><th>名称</th><th title="Zaozhuang six-deck Gouji">zaozhuang<br>枣庄六副够级</th><th title="家">house<br>家</th></tr></thead>\n<tbody>\n<tr><th class="section" colspan="4">[plays] 牌型</th></tr>\n<tr><td title="how each joker of the play answered is killed by the answer&#x27;s jokers; a joker kind without a row cannot be beaten (by_higher / by_same / by_lower)"><code>plays.joker_kills[BJ]</code></td><td>杀王[BJ]</td><td>无 / 2 / 无</td><td class="differs">无 / 无 / 无</td></tr>\n<tr><th class="section" colspan="4">[gouji] 级牌</th></tr>\n<tr><td title="the least size at which a rank makes a 级牌 (at_least)"><code>gouji.thresholds[10]</code></td><td>门槛[10]</td><td>5</td><td class="differs">6</td></tr>\n<tr><td title="(row 9: at_least)"><code>gouji.thresholds[9]</code></td><td>门槛[9]</td><td>—</td><td class="differs">7</td></tr>\n</tbody>\n</table>\n</body>\n</html>\n'),
    ((1, 0), 'en', 'html',
     '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Rule matrix: house, zaozhuang</title>\n<style>table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:2px 6px;vertical-align:top}th.section{background:#eee;text-align:left}td.differs{background:#fff3cd}</style>\n</head>\n<body>\n<h1>Rule matrix: house, zaozhuang</h1>\n<table>\n<thead><tr><th>rule</th><th>中文</th><th title="家">house<br>家</th><th title="Zaozhuang six-deck Gouji">zaozhuang<br>枣庄六副够级</th></tr></thead>\n<tbody>\n<tr><th class="section" colspan="4">[plays] 牌型 - Plays and how they compare</th></tr>\n<tr><td title="how each joker of the play answered is killed by the answer&#x27;s jokers; a joker kind without a row cannot be beaten (by_higher / by_same / by_lower)"><code>plays.joker_kills[BJ]</code></td><td>杀王[BJ]</td><td>none / none / none</td><td class="differs">none / 2 / none</td></tr>\n<tr><th class="section" colspan="4">[gouji] 级牌 - 级牌 (gouji plays)</th></tr>\n<tr><td title="the least size at which a rank makes a 级牌 (at_least)"><code>gouji.thresholds[10]</code></td><td>门槛[10]</td><td>6</td><td class="differs">5</td></tr>\n<tr><td title="(row 9: at_least)"><code>gouji.thresholds[9]</code></td><td>门槛[9]</td><td>7</td><td class="differs">—</td></tr>\n</tbody>\n</table>\n</body>\n</html>\n'),
]


@pytest.mark.parametrize("which,lang,fmt,text", MATRICES)
def test_a_matrix_rendered(house_models, which, lang, fmt, text):
    assert render_matrix([house_models[i] for i in which], lang, fmt) == text


def test_a_matrix_of_names_is_resolved_in_the_workspace(tmp_path):
    ws = scratch_workspace(tmp_path, {"house": HOUSE})
    models = [Compilation(ws, n).checked for n in ("zaozhuang", "house")]
    assert render_matrix(["zaozhuang", "house"], "en", "md", ws=ws) == render_matrix(models, "en", "md")
    standard = render_matrix(["zaozhuang", "lianzhong"], "en", "md")        # the standard variants by default
    assert standard == render_matrix([Compilation(ws, n).checked for n in ("zaozhuang", "lianzhong")], "en", "md")
    with pytest.raises(ValueError, match="unknown format 'pdf': expected md or html"):
        render_matrix(models, "en", "pdf")


THRESHOLDS_FIELD = next(f for f in dataclasses.fields(m.SECTION_BY_NAME["gouji"]) if f.name == "thresholds")


@pytest.mark.parametrize("values", [
    [(ROW_10,), ()],           # a table emptied on one side
    [(ROW_10,), None], [ABSENT, (ROW_10,)],
    [(ROW_10, ROW_J), (ROW_10, ROW_J)],    # no row differs
])
def test_a_table_is_shown_whole_when_its_rows_cannot_be_compared(values):
    assert matrix._matrix_table_rows(m.SECTION_BY_NAME["gouji"], THRESHOLDS_FIELD, THRESHOLDS, values, "en") is None


def test_twelve_differing_rows_are_spelled_out_in_the_reader_s_language():
    ranks = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    a, b = tuple(Threshold(r, 2) for r in ranks), tuple(Threshold(r, 3) for r in ranks)
    rows = matrix._matrix_table_rows(m.SECTION_BY_NAME["gouji"], THRESHOLDS_FIELD, THRESHOLDS, [a, b], "zh")
    assert [r.path for r in rows] == [f"gouji.thresholds[{r}]" for r in ranks]
    assert {r.cells for r in rows} == {("2", "3")}
    assert rows[1].en == "(row 4: at_least)"
    more = matrix._matrix_table_rows(m.SECTION_BY_NAME["gouji"], THRESHOLDS_FIELD, THRESHOLDS,
                                     [a + (Threshold("2", 1),), b + (Threshold("2", 2),)], "zh")
    assert more is None


def test_a_group_not_both_numbers_is_said_rule_by_rule():
    decks = rule_diff("table", "decks", None, 4)
    cards = dataclasses.replace(rule_diff("table", "cards_per_player", None, 36), merged_into="table.decks",
                                related=(decks,))
    decks = dataclasses.replace(decks, related=(cards,))
    en = ("Number of 54-card decks shuffled together: Zaozhuang not set, Qingdao 4. "
          "Cards dealt to each player: Zaozhuang not set, Qingdao 36.")
    assert decks.prose("en") == cards.prose("en") == en
    assert decks.prose("zh") == "副数：枣庄为未设定，青岛为4。每人张数：枣庄为未设定，青岛为36。"


@pytest.mark.parametrize("unfound,lang,text", [
    ({"gouji.thresholds": "plain words"}, "en", "no counterexample: plain words"),
    ({"gouji.thresholds": Reason("理由", "a reason")}, "zh", "无反例：理由"),
    ({}, "zh", "无反例：在搜索范围内未找到"),
    ({"gouji.thresholds": ""}, "en", "no counterexample: none found within the search budget"),
])
def test_why_a_behavioural_rule_has_no_counterexample(unfound, lang, text):
    group = [thresholds_diff((ROW_10,), (ROW_J,))]
    assert render._no_example_text(group, CounterexampleList([], unfound), lang) == text
    assert render._no_example_text(FOUR[:1], CounterexampleList([], unfound), lang) is None   # a label: no search


@pytest.mark.parametrize("examples,lang,note", [(None, "en", ""), (EMPTY, "en", ""), (NOT_SEARCHED, "zh", "not searched: engines missing"),
                                               (FOUND, "zh", "注"), (FOUND, "en", "a note")])
def test_the_note_on_a_pair(examples, lang, note):
    assert render._note(examples, lang) == note


def test_every_rule_has_a_phrase_unless_one_is_taken_away(monkeypatch):
    assert registry.missing_phrases() == []
    monkeypatch.delitem(spec.REGISTRY["info.report_at"], "phrase")
    assert registry.missing_phrases() == ["info.report_at"]


# --- diff_models: every differing rule in section order, decks and cards said together ------------

@pytest.fixture(scope="module")
def standard():
    ws = Workspace()
    return {n: Compilation(ws, n).checked for n in ("zaozhuang", "lianzhong", "shuangkou-baibian")}


def test_decks_and_cards_each_are_one_group(standard):
    diffs = {d.path: d for d in diff_models(standard["zaozhuang"], standard["lianzhong"])}
    decks, cards = diffs["table.decks"], diffs["table.cards_per_player"]
    assert (decks.merged_into, decks.group, [r.path for r in decks.related]) == (None, "table.decks", ["table.cards_per_player"])
    assert (cards.merged_into, cards.group, [r.path for r in cards.related]) == ("table.decks", "table.decks", ["table.decks"])
    assert (decks.a_value, decks.b_value, cards.a_value, cards.b_value) == (6, 4, 54, 36)
    assert all(d.related == () and d.merged_into is None for p, d in diffs.items()
               if p not in ("table.decks", "table.cards_per_player"))
    listed = [d.path for d in diff_models(standard["zaozhuang"], standard["lianzhong"])]
    assert listed.index("table.cards_per_player") == listed.index("table.decks") + 1


def test_a_group_is_formed_only_when_all_its_rules_differ(standard, monkeypatch):
    monkeypatch.setattr(compare, "GROUPS", {"table.decks": ("table.cards_per_player", "table.players")})
    diffs = {d.path: d for d in diff_models(standard["zaozhuang"], standard["lianzhong"])}   # both seat six
    assert "table.players" not in diffs
    assert diffs["table.decks"].related == () and diffs["table.cards_per_player"].merged_into is None


def test_sections_one_variant_lacks_differ_as_absent(standard):
    diffs = {d.path: d for d in diff_models(standard["zaozhuang"], standard["shuangkou-baibian"])}
    assert diffs["patterns.bomb_min"].a_value is ABSENT and diffs["patterns.bomb_min"].b_value == 4
    assert diffs["flow.defer"].b_value is ABSENT and diffs["flow.defer"].a_value is True
    assert diffs["gouji.thresholds"].rows == ()            # no rows compared against an absent table
    assert not any(p.startswith("patterns.") for p in
                   (d.path for d in diff_models(standard["zaozhuang"], standard["lianzhong"])))
    sections = [d.section for d in diffs.values()]
    order = [s.NAME for s in m.SECTIONS]
    assert sections == sorted(sections, key=order.index)


def test_row_and_side_values_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        RowDiff("10", ROW_10, None).key = "J"
    with pytest.raises(dataclasses.FrozenInstanceError):
        ZAO.name = "x"
    d = rule_diff("info", "report_at", None, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.a_value = 4
    assert len({RowDiff("10", ROW_10, None), RowDiff("10", ROW_10, None)}) == 1 and len({ZAO, ZAO}) == 1
    assert len({d, rule_diff("info", "report_at", None, 3)}) == 1
    # A difference is the rule, its values and origins: not how the variants are named, the value type
    # object, or the rules said with it.
    renamed = RuleDiff("info", "report_at", None, 3, None, None, Side("x", "", ""), Side("y", "", ""),
                       OptionalT(IntT()), related=(d,))
    assert renamed == d and hash(renamed) == hash(d) and "related" not in repr(d) and "vtype" not in repr(d)
    assert dataclasses.replace(d, merged_into="table.decks") != d and dataclasses.replace(d, rows=(1,)) != d


@pytest.mark.parametrize("value,field", [
    (MatrixRow("p", "z", "e", "s", ()), "path"), (phrases.Phrase(phrases.said("a", "b")), "effect"),
    (Reason("甲", "a"), "en"), (HAND_EX, "rule"), (Situation("deal", seed=1), "seed"),
])
def test_values_of_the_diff_are_frozen(value, field):
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)
