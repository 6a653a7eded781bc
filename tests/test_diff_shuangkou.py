"""`gouji diff` between Shuangkou variants (经典 / 百变 / 千变, and house rules): the cases the
search draws from, the counterexamples it finds for each pair, how they are said, and the
command's answers for pairs of different games and for the matrix."""
from __future__ import annotations

import itertools
import json

import pytest

from gouji_dsl import engines
from gouji_dsl.cli import main
from gouji_dsl.diff import candidates, explain, search
from gouji_dsl.diff.compare import diff_models
from gouji_dsl.diff.counterexample import Budget
from gouji_dsl.diff.matrix import by_game, matrix_differs, matrix_rows
from gouji_dsl.diff.render import render_diff
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime import cards as rt
from helpers import scratch_workspace


@pytest.fixture(autouse=True)
def _english_prose(monkeypatch):
    """These tests read the English prose: the language otherwise follows the reader (GOUJI_LANG,
    the locale, the files; gouji_dsl/language.py)."""
    monkeypatch.setenv("GOUJI_LANG", "en")


SK, BB, QB = "shuangkou", "shuangkou-baibian", "shuangkou-qianbian"

# A house rule of the classic game: joker bombs lose ties, a stake of 2, no doubling, and
# 5 lines multiply by 3; and one whose lead passes to the next player, not the partner.
CLUB = """variant club extends shuangkou

[patterns]
bomb_ties = [bomb, chain, joker_bomb]

[results]
base = 2
no_doubling = yes
multipliers =
  | lines | multiplier |
  | 4     | 1          |
  | 5     | 3          |
  | 6     | 4          |
  | 7     | 8          |
  | 8     | 16         |
  | 9     | 20         |
  | 10    | 24         |
  | 11    | 28         |
  | 12    | 32         |
"""
TURNS = "variant turns extends shuangkou\n[flow]\ntake_over = next_player\n"
REDRAW = "variant redraw extends shuangkou\n[results]\nredraw_after = []\n"   # the previous first player out always leads


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return scratch_workspace(tmp_path_factory.mktemp("shuangkou"), {"club": CLUB, "turns": TURNS, "redraw": REDRAW})


@pytest.fixture(scope="module")
def found(ws):
    """The counterexamples of each pair, searched once."""
    out = {}

    def search_pair(a, b):
        if (a, b) not in out:
            models = Compilation(ws, a).checked, Compilation(ws, b).checked
            out[(a, b)] = search.counterexamples(a, b, diff_models(*models), ws=ws)
        return out[(a, b)]
    return search_pair


def engine(name, kind="generated"):
    return engines.load(Workspace(), name, kind)


# --- the cases searched --------------------------------------------------------------------------

def test_hands_come_simplest_first_fewest_jokers_first_at_a_size():
    hands = candidates.pattern_hands()
    assert [rt.format_cards(h) for h in hands[:8]] == ["5", "Q", "3", "BJ", "SJ", "5 5", "5 6", "Q Q"]
    assert all(sum(a) <= sum(b) for a, b in zip(hands, hands[1:])) and max(map(sum, hands)) == 14
    assert len(set(hands)) == len(hands)
    assert rt.parse_cards("5 5 5 5 6 6 6 6 6 7 7 7 7") in hands        # a chain of unequal bombs


def test_score_results_interleave_eight_plain_then_two_of_each_kind():
    first = [c["result"] for c in itertools.islice(candidates.pattern_result_cases(), 16)]
    assert first[:8] == [{"finish": f, "bombs": []} for f in
                         ([1, 3], [1, 2, 3], [1, 2, 4], [2, 4], [3, 1], [1, 4, 3], [2, 1, 4], [4, 3, 2])]
    assert first[8:14] == [{"finish": [1, 3], "bombs": [], "base": 2}, {"finish": [1, 2, 3], "bombs": [], "base": 2},
                           {"finish": [1, 3], "bombs": [[1, 4]], "no_doubling": True},
                           {"finish": [1, 2, 3], "bombs": [[1, 4]], "no_doubling": True},
                           {"finish": [1, 3], "bombs": [[1, 4]], "base": 1, "no_doubling": False},
                           {"finish": [1, 2, 3], "bombs": [[1, 4]], "base": 1, "no_doubling": False}]
    assert first[14] == {"finish": [1, 3], "bombs": [[1, 4]]}


def test_card_cases_are_plays_of_an_engine_within_the_decks():
    pair = (engine(SK), engine(QB))   # no joker is wild in both: no stand-in is written
    hands = [c["cards"] for c in itertools.islice(candidates.pattern_card_cases("hand", pair), 400)]
    assert hands[:5] == ["5", "Q", "3", "BJ", "SJ"] and len(set(hands)) == len(hands)
    assert "5 SJ=5" not in hands and all(any(e.classify(e.parse_cards(h)).valid for e in pair) for h in hands)
    deck = candidates._deck(pair)
    for case in itertools.islice(candidates.pattern_card_cases("beats", pair), 2000):
        assert candidates._fits(deck, case["lead"], case["play"]) and case["lead"] != case["play"]
    answers = list(itertools.islice(candidates.pattern_card_cases("answers", pair), 2000))
    assert answers[0] == {"check": "answers", "hand": "5", "lead": "5"}
    for case in answers:   # leads both engines play, hands the brute-force reference can count
        assert all(e.classify(e.parse_cards(case["lead"])).valid for e in pair)
        assert len(case["hand"].split()) <= 8


# --- the engines' answers, as docs/conformance.md's Shuangkou cases expect them -------------------------

STRAIGHT, CHAIN_7, NOT_A_PLAY = ({"valid": True, "type": "straight", "lines": None},
                                 {"valid": True, "type": "chain_bomb", "lines": 7}, {"valid": False})


@pytest.mark.parametrize("case,answers", [
    ({"check": "hand", "cards": "5 6 7 8 BJ=9"}, (NOT_A_PLAY, STRAIGHT, STRAIGHT)),           # a wild run
    ({"check": "hand", "cards": "5 6 7 8 SJ=9"}, (NOT_A_PLAY, NOT_A_PLAY, STRAIGHT)),
    ({"check": "hand", "cards": "4 4 4 4 5 5 5 5 6 6 6 6"}, (NOT_A_PLAY, CHAIN_7, CHAIN_7)),
    ({"check": "hand", "cards": "4 4 4 4 5 5 5 5 5 6 6 6 6"}, (NOT_A_PLAY, NOT_A_PLAY, CHAIN_7)),
    ({"check": "hand", "cards": "SJ SJ BJ"}, ({"valid": True, "type": "joker_bomb", "lines": 6},) * 3),
    # a chain bomb against a long bomb: 7 lines each, and a chain wins the tie
    ({"check": "beats", "lead": "9 9 9 9 9 9 9", "play": "4 4 4 4 5 5 5 5 6 6 6 6"}, (False, True, True)),
    ({"check": "answers", "hand": "5 6 7 8 BJ", "lead": "3 4 5 6 7"}, (0, 2, 2)),       # 5 6 7 8 BJ=9, BJ=4 5 6 7 8
    ({"check": "answers", "hand": "5 6 7 8 SJ", "lead": "3 4 5 6 7"}, (0, 0, 2)),
])
@pytest.mark.parametrize("kind", ["generated", "reference"])
def test_each_variant_answers_a_case(case, answers, kind):
    assert tuple(candidates.evaluate_case(engine(name, kind), case) for name in (SK, BB, QB)) == answers


def test_a_refused_case_has_no_answer():
    assert candidates.answer(engine(SK), {"check": "score", "result": {"finish": [1, 2]}}) is None


# --- which pairs are searched ----------------------------------------------------------------------

@pytest.mark.parametrize("a,b,en,zh", [
    (SK, BB, None, None),
    ("qingdao", SK, "different games: qingdao is a game of Gouji and shuangkou one of Shuangkou, so no situation "
                    "means the same in both; compared by their rules only",
     "不同的游戏：qingdao 是够级，shuangkou 是双扣，两者的牌局无从对照，只比较规则"),
    ("gouji", SK, "gouji is abstract: abstract variants are compared by their rules only",
     "gouji 是抽象变体：抽象变体只比较规则"),
])
def test_which_pairs_of_games_are_searched(a, b, en, zh):
    ws = Workspace()
    why = search.searchable(Compilation(ws, a).checked, Compilation(ws, b).checked)
    assert (why.en, why.zh) == (en, zh) if why else en is None


@pytest.mark.parametrize("path,checks", [
    ("patterns.wilds", (["hand", "beats", "answers"], False)),
    ("plays.compare", (["hand", "beats", "answers"], False)),
    ("results.base", (["score"], False)),
    ("results.redraw_after", ([], False)),    # who leads the next game: no case or walk of one game shows it
    ("flow.take_over", ([], True)),
])
def test_the_checks_that_can_show_a_shuangkou_rule(path, checks):
    assert search.checks_for(path, patterns=True) == checks


# --- the counterexamples found, pair by pair -------------------------------------------------------

FOUND = [
    (SK, BB, "patterns.chains", "hand", "cards 5 5 5 5 5 5 6 6 6 6 6 6: not a legal play in shuangkou; "
                                        "a chain bomb of 8 lines in shuangkou-baibian",
     "牌 5 5 5 5 5 5 6 6 6 6 6 6：shuangkou 不是合法的一手；shuangkou-baibian 是连环炸（8线）"),
    # a wild joker is written as what it stands for only where it is wild: the hand shows it
    (SK, BB, "patterns.wilds", "answers", "hand 5 BJ against lead 3 3: 0 different answers in shuangkou, 1 in shuangkou-baibian",
     "手牌 5 BJ 应 3 3：shuangkou 有 0 种管法，shuangkou-baibian 有 1 种"),
    (BB, QB, "patterns.chain_unequal", "hand",
     "cards 5 5 5 5 5 5 6 6 6 6 6 6 6: not a legal play in shuangkou-baibian; a chain bomb of 8 lines in shuangkou-qianbian",
     "牌 5 5 5 5 5 5 6 6 6 6 6 6 6：shuangkou-baibian 不是合法的一手；shuangkou-qianbian 是连环炸（8线）"),
    (BB, QB, "patterns.wilds", "answers",
     "hand 5 SJ against lead 3 3: 0 different answers in shuangkou-baibian, 1 in shuangkou-qianbian",
     "手牌 5 SJ 应 3 3：shuangkou-baibian 有 0 种管法，shuangkou-qianbian 有 1 种"),
    (SK, QB, "patterns.chains", "hand", "cards 5 5 5 5 5 5 6 6 6 6 6 6: not a legal play in shuangkou; "
                                        "a chain bomb of 8 lines in shuangkou-qianbian",
     "牌 5 5 5 5 5 5 6 6 6 6 6 6：shuangkou 不是合法的一手；shuangkou-qianbian 是连环炸（8线）"),
    (SK, QB, "patterns.chain_unequal", "hand",
     "cards 5 5 5 5 5 5 6 6 6 6 6 6 6: not a legal play in shuangkou; a chain bomb of 8 lines in shuangkou-qianbian",
     "牌 5 5 5 5 5 5 6 6 6 6 6 6 6：shuangkou 不是合法的一手；shuangkou-qianbian 是连环炸（8线）"),
    (SK, QB, "patterns.wilds", "answers", "hand 5 BJ against lead 3 3: 0 different answers in shuangkou, 1 in shuangkou-qianbian",
     "手牌 5 BJ 应 3 3：shuangkou 有 0 种管法，shuangkou-qianbian 有 1 种"),
    # a joker bomb against a bomb of as many lines
    (SK, "club", "patterns.bomb_ties", "beats", "lead SJ BJ BJ, answer 5 5 5 5 5 5: beats in club, not in shuangkou",
     "首出 SJ BJ BJ，应 5 5 5 5 5 5：club 管得上，shuangkou 管不上"),
    (SK, "club", "results.multipliers", "score",
     "result finish 1 3, bombs seat 1 (5 lines), stake (底分) 1, doubling (翻倍): shuangkou scores [6, -6, 6, -6]; "
     "club scores [9, -9, 9, -9]",
     "终局 名次 1 3，炸弹 1号5线，底分 1，翻倍：shuangkou 得分 [6, -6, 6, -6]；club 得分 [9, -9, 9, -9]"),
    (SK, "club", "results.base", "score",
     "result finish 1 3, bombs none: shuangkou scores [3, -3, 3, -3]; club scores [6, -6, 6, -6]",
     "终局 名次 1 3，炸弹 无：shuangkou 得分 [3, -3, 3, -3]；club 得分 [6, -6, 6, -6]"),
    (SK, "club", "results.no_doubling", "score",
     "result finish 1 3, bombs seat 1 (5 lines), stake (底分) 2: shuangkou scores [12, -12, 12, -12]; "
     "club scores [6, -6, 6, -6]",
     "终局 名次 1 3，炸弹 1号5线，底分 2：shuangkou 得分 [12, -12, 12, -12]；club 得分 [6, -6, 6, -6]"),
    (SK, "turns", "flow.take_over", "game",
     "position: seat 1 7 7; seat 2 A SJ; seat 4 BJ BJ, out: seat 3 (place 1), seat 1 leads; actions: seat 1 play 7, "
     "seat 2 play A, seat 4 play BJ, seat 4 play BJ. Then shuangkou: seat 2 acts; turns: seat 1 acts; "
     "legal actions: shuangkou play SJ; turns play 7",
     "局面：1号 7 7；2号 A SJ；4号 BJ BJ，已走科 3号第1名，1号先出；动作：1号出 7，2号出 A，4号出 BJ，4号出 BJ。"
     "然后 shuangkou：2号行动；turns：1号行动；可选动作：shuangkou 出 SJ；turns 出 7"),
]


@pytest.mark.parametrize("a,b,rule,check,en,zh", FOUND)
def test_the_counterexample_of_each_rule(found, ws, a, b, rule, check, en, zh):
    examples = found(a, b)
    ex = next(e for e in examples if e.rule == rule)
    assert (ex.check, ex.isolated, ex.text("en"), ex.text("zh")) == (check, True, en, zh)
    assert ex.verify(engines.load(ws, a), engines.load(ws, b))


@pytest.mark.parametrize("a,b", sorted({(a, b) for a, b, *_ in FOUND}))
def test_every_behavioural_difference_of_a_pair_has_one(found, a, b):
    examples = found(a, b)
    assert examples.searched and not examples.unfound
    assert sorted(e.rule for e in examples) == sorted(row[2] for row in FOUND if row[:2] == (a, b))


def test_a_rule_that_acts_between_games_is_said_to_have_no_search(found):
    examples = found(SK, "redraw")
    assert list(examples) == [] and examples.unfound["results.redraw_after"].en == (
        "no search applies: the rule acts only on the next game (who leads it), and the search looks at one game at a time")
    assert examples.unfound["results.redraw_after"].zh == "无可搜索之处：这条规则只影响下一局（谁先出），而反例搜索每次只看一局"


def test_a_counterexample_as_a_shuangkou_conformance_case(found):
    ex = next(e for e in found(SK, BB) if e.rule == "patterns.chains")
    assert ex.to_case() == {"check": "hand", "cards": "5 5 5 5 5 5 6 6 6 6 6 6", "expect": {
        SK: {"valid": False}, BB: {"valid": True, "type": "chain_bomb", "lines": 8}}}


@pytest.fixture(scope="module")
def classic_pair():
    ws = Workspace()
    sides = [search.VariantEngine(n, Compilation(ws, n).checked, engines.load(ws, n)) for n in (SK, BB)]
    return search.Pair(*sides, Budget())


@pytest.mark.parametrize("check,hit", [
    ("hand", None),   # `5 BJ=5` is no case for shuangkou, where BJ stands for nothing; `5 BJ` is no play in either
    ("answers", ({"check": "answers", "hand": "5 BJ", "lead": "3 3"}, 0, 1, True)),   # an answers count that differs
])
def test_wild_jokers_show_in_the_hands_that_hold_them(classic_pair, check, hit):
    assert search._search_case(classic_pair, ("patterns.wilds",), check) == hit


def test_no_case_writes_a_stand_in_for_a_joker_one_variant_does_not_make_wild():
    pair = (engine(BB), engine(QB))
    texts = [c["cards"] for c in candidates.pattern_card_cases("hand", pair)]
    assert any("BJ=" in t for t in texts) and not any("SJ=" in t for t in texts)
    assert candidates._written_for_all({"BJ"}, "5 6 7 8 BJ=9") and not candidates._written_for_all({"BJ"}, "5 SJ=5")


def test_a_shuangkou_hybrid_answers_like_the_other_variant(classic_pair):
    hyb = search.Hybrid(classic_pair.a, {"patterns.wilds": ("BJ",)})
    case = {"check": "hand", "cards": "5 6 7 8 BJ=9"}
    assert candidates.answer(hyb.reference, case) == STRAIGHT and candidates.answer(classic_pair.a.reference, case) == NOT_A_PLAY
    assert not hyb.pure and hyb.rules.notation is hyb.reference.kinds       # game Rules on the reference's plays


# --- how they are said -----------------------------------------------------------------------------

@pytest.mark.parametrize("result,lang,text", [
    ({"finish": [1, 3], "bombs": []}, "en", "finish 1 3, bombs none"),
    ({"finish": [1, 2, 3], "bombs": [[1, 6], [4, 7]], "base": 2, "no_doubling": True}, "en",
     "finish 1 2 3, bombs seat 1 (6 lines), seat 4 (7 lines), stake (底分) 2, no doubling (无翻倍)"),
    ({"finish": [1, 2, 3], "bombs": [[1, 6], [4, 7]], "base": 2, "no_doubling": False}, "zh",
     "名次 1 2 3，炸弹 1号6线，4号7线，底分 2，翻倍"),
    ({"finish": [1, 3], "bombs": [], "no_doubling": True}, "zh", "名次 1 3，炸弹 无，无翻倍"),
    ({"finish": [1, 3]}, "en", "seats out in the order 1 3, opened: none"),       # a Gouji result, as before
])
def test_a_shuangkou_result_in_words(result, lang, text):
    assert explain._result_text(result, lang) == text


@pytest.mark.parametrize("answer,lang,text", [
    ({"valid": False}, "en", "not a legal play"), ({"valid": False}, "zh", "不是合法的一手"),
    (STRAIGHT, "en", "a straight"), (STRAIGHT, "zh", "是顺子"),
    ({"valid": True, "type": "joker_bomb", "lines": 6}, "en", "a joker bomb of 6 lines"),
    ({"valid": True, "type": "triple_run", "lines": None}, "zh", "是连三同张"),
    (CHAIN_7, "zh", "是连环炸（7线）"),
])
def test_a_shuangkou_play_in_words(answer, lang, text):
    assert explain._pattern_hand_text(answer, lang) == text


CHAINS = {
    "en": "Shuangkou has no chain bombs; Shuangkou-baibian lets bombs on consecutive ranks make one chain bomb: "
          "it chains at least 3 bombs of 4 to 5 cards, or at least 2 bombs of 6 to 12 cards, and counts a chain's "
          "lines as smallest + bombs.",
    "zh": "双扣没有连环炸；百变双扣相连点数的炸弹可组成连环炸（连环炸条件为 4至5张的炸弹至少3连；6至12张的炸弹至少2连，"
          "连环炸线数为 smallest + bombs）。",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chain_rules_are_one_difference_said_in_one_sentence(lang):
    ws = Workspace()
    diffs = diff_models(Compilation(ws, SK).checked, Compilation(ws, BB).checked)
    chains = [d for d in diffs if d.group == "patterns.chains"]
    assert [d.path for d in chains] == ["patterns.chains", "patterns.chain_rules", "patterns.chain_lines"]
    assert chains[0].prose(lang) == CHAINS[lang]
    assert [d.group for d in diffs if d.behavioural] == ["patterns.chains"] * 3 + ["patterns.wilds"]


def test_the_diff_of_classic_and_baibian_as_text(found):
    ws = Workspace()
    a, b = Compilation(ws, SK).checked, Compilation(ws, BB).checked
    text = render_diff(a, b, diff_models(a, b), found(SK, BB), "en", "text")
    assert text.splitlines()[0] == ("shuangkou (双扣) vs shuangkou-baibian (百变双扣): 8 rules differ "
                                    "(2 behavioural differences: 2 with a counterexample, 0 without one)")
    assert text.splitlines()[-1] == ("    counterexample (answers): hand 5 BJ against lead 3 3: "
                                     "0 different answers in shuangkou, 1 in shuangkou-baibian")


# --- the command: different games, the matrix, case files --------------------------------------------

def test_a_gouji_variant_against_a_shuangkou_one_is_compared_by_rules_only(capsys):
    assert main(["diff", "qingdao", SK]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("qingdao (青岛够级) vs shuangkou (双扣): ") and out[0].endswith("; counterexamples not searched)")
    assert out[1] == ("  (different games: qingdao is a game of Gouji and shuangkou one of Shuangkou, so no situation "
                      "means the same in both; compared by their rules only)")
    assert main(["diff", "--format", "json", "qingdao", SK]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["searched"] is False and doc["note"].startswith("different games")


def test_no_case_file_for_variants_of_different_games(tmp_path, capsys):
    assert main(["diff", "--emit-cases", str(tmp_path / "e.jsonl"), "qingdao", SK]) == 2
    assert "--emit-cases needs two concrete variants of one game: different games" in capsys.readouterr().err
    assert not (tmp_path / "e.jsonl").exists()


def test_a_case_file_of_two_shuangkou_variants_that_gouji_conform_passes(tmp_path, capsys):
    path = tmp_path / "e.jsonl"
    assert main(["diff", "--emit-cases", str(path), BB, QB]) == 1
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("{")]
    assert cases == [
        {"check": "hand", "cards": "5 5 5 5 5 5 6 6 6 6 6 6 6",
         "expect": {BB: {"valid": False}, QB: {"valid": True, "type": "chain_bomb", "lines": 8}}},
        {"check": "answers", "hand": "5 SJ", "lead": "3 3", "expect": {BB: 0, QB: 1}}]
    capsys.readouterr()
    assert main(["conform", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("4 passed, 0 failed")


MATRIX = [
    "| `patterns.chains` | 连环炸 | whether bombs on consecutive ranks make one chain bomb | no | yes | yes |",
    "| `patterns.chain_rules` | 连环炸条件 | which bombs make a chain | none | 2 rows | 2 rows |",
    "| `patterns.chain_lines` | 连环炸线数 | a chain's strength in lines | none | smallest + bombs | smallest + bombs |",
    "| `patterns.chain_unequal` | 不等连炸 | whether the bombs of a chain may differ in size | no | no | yes |",
    "| `patterns.wilds` | 百搭 | cards that stand for any card from 3 to 2 inside a play | [] | [BJ] | [SJ, BJ] |",
]


def test_the_matrix_of_the_three_shuangkou_variants(capsys):
    assert main(["diff", "--matrix", SK, BB, QB]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# Rule matrix: shuangkou, shuangkou-baibian, shuangkou-qianbian"
    assert out[4] == "5 rules (or table rows) differ." and out[-5:] == MATRIX


def test_the_default_matrix_has_a_table_per_game(capsys):
    assert main(["diff", "--matrix"]) == 1
    titles = [line for line in capsys.readouterr().out.splitlines() if line.startswith("# ")]
    assert len(titles) == 2 and titles[0].startswith("# Rule matrix: lianzhong, ")
    assert titles[1] == "# Rule matrix: shuangkou, shuangkou-baibian, shuangkou-qianbian"


def test_variants_of_two_games_make_two_tables(capsys):
    assert main(["diff", "--matrix", "--format", "html", "qingdao", SK, "zaozhuang"]) == 1
    out = capsys.readouterr().out
    assert out.count("<!DOCTYPE html>") == 1 and out.count("<table>") == 1     # shuangkou alone: nothing differs
    assert "<h2>qingdao, zaozhuang</h2>" in out and "<h2>shuangkou</h2>" in out
    ws = Workspace()
    models = [Compilation(ws, n).checked for n in ("qingdao", SK, "zaozhuang", BB)]
    assert [[v.name for v in g] for g in by_game(models)] == [["qingdao", "zaozhuang"], [SK, BB]]
    assert matrix_differs(models) and not matrix_differs(models[:2])
    assert matrix_rows(by_game(models)[1])[0].path == "patterns.chains"
