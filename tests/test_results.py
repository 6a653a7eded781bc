"""Shuangkou results ([results], 002:L32-158, docs/rulings.md K8) on both
implementations: the fast one (`runtime.results.score` over
`rules.results.result_spec`) and the reference's own reading
(`rules.results.reference_score`), from the seed's examples and test facts
(K-T04..K-T17); the checks of the section, table-driven; its sentences and phrases.

Seats: team A is seats 1 and 3 (A1 = 1, A2 = 3), team B seats 2 and 4 (B1 = 2, B2 = 4).
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from gouji_dsl.facets import phrases
from gouji_dsl.facets import sentences
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.phases import Compilation
from gouji_dsl.rules import results as rules
from gouji_dsl.runtime import results as rt
from gouji_dsl.runtime.cards import ResultError
from helpers import diagnostics_for

WS = Workspace()
NAMES = ("shuangkou", "shuangkou-baibian", "shuangkou-qianbian")
A1, B1, A2, B2 = 1, 2, 3, 4


@pytest.fixture(scope="module")
def models():
    return {name: Compilation(WS, name).checked for name in NAMES}


def fast(v, result):
    return rt.score(rules.result_spec(v), result)


ENGINES = {"fast": fast, "reference": rules.reference_score}


@pytest.fixture(params=sorted(ENGINES))
def score(request):
    return ENGINES[request.param]


# --- §3: a player's highest line count, and its multiplier (§4) ------------------------------------

MERGES = [
    # (bombs played by one player, highest lines, multiplier)
    ((5, 7), 7, 8),              # rule 1: the highest of different bombs
    ((4, 4), 4, 1),              # 4+2-2
    ((4, 4, 4), 5, 2),           # 4+3-2 (K-T11)
    ((4, 4, 4, 4), 6, 4),        # 4+4-2
    ((5, 5), 6, 4),              # 5+2-1
    ((5, 5, 5), 7, 8),           # 5+3-1
    ((6, 6), 7, 8),              # 6+2-1 (K-T12)
    ((4, 4, 4, 5), 6, 4),        # the 4s make 5, then {5, 5} make 6
    ((4, 4, 4, 5, 5), 7, 8),       # smallest first: 4s -> 5, {5, 5, 5} -> 7 (largest first would give 6)
    ((4,), 4, 1),                # a lone 4-line bomb keeps 4 (the seed's table, 002:L88-92: not 4+1-2 = 3)
    ((6,), 6, 4),
    ((12, 12), 13, 36),          # above the table: +4 a line (K8)
    ((8, 8, 8, 8, 8), 12, 32),   # 8+5-1
    ((), 0, 1),                  # no bomb: ×1 (reading of O14)
    ((7, 6, 6), 8, 16),          # {6, 6} -> 7, then {7, 7} -> 8
]


@pytest.mark.parametrize("bombs,lines,times", MERGES)
def test_highest_lines_and_multiplier_on_both_readings(models, bombs, lines, times):
    v = models["shuangkou-baibian"]
    spec = rules.result_spec(v)
    assert rt.best_lines(spec, list(bombs)) == lines
    assert rules.reference_lines(v, list(bombs)) == lines
    assert rt.multiplier(spec, lines) == rules.reference_multiplier(v, lines) == times


# --- §6 and §7: whole results --------------------------------------------------------------------

CASES = [
    # K-T04: A1, A2 out first: 双扣, before multipliers
    ({"finish": [A1, A2]}, [3, -3, 3, -3]),
    # K-T05: A1, B1, A2: 单扣
    ({"finish": [A1, B1, A2]}, [2, -2, 2, -2]),
    # K-T06: A1, B1, B2: 平扣, team A wins with A2 4th
    ({"finish": [A1, B1, B2]}, [1, -1, 1, -1]),
    # the seats still holding cards may be listed after, in any order
    ({"finish": [A1, A2, B2, B1]}, [3, -3, 3, -3]),
    ({"finish": [A1, B1, B2, A2]}, [1, -1, 1, -1]),
    ({"finish": [B2, A1, B1]}, [-2, 2, -2, 2]),
    # §7 example 1 = K-T16: 底分 1, 双扣, A1 played one 6-line bomb: M = 4; 给到分 A1 +6, others -2
    ({"finish": [A1, A2], "bombs": [[A1, 6]]}, [18, -14, 10, -14]),
    # §7 example 2: 底分 10, 单扣, A1 played one 5-line bomb: M = 2, no 给到分
    ({"finish": [A1, B1, A2], "bombs": [[A1, 5]], "base": 10}, [40, -40, 40, -40]),
    # §7 example 3: the same with 无翻倍
    ({"finish": [A1, B1, A2], "bombs": [[A1, 5]], "base": 10, "no_doubling": True}, [20, -20, 20, -20]),
    # §7 example 4: the loser B1 played a 7-line bomb; the winners none: M = 1 (only the winners' bombs count)
    ({"finish": [A1, A2], "bombs": [[B1, 7]]}, [-3, 15, -3, -9]),
    # K-T13: a 7-line bomb: its player +18, each other -6 (here with no multiplier: 平扣 and a loser's bomb)
    ({"finish": [A1, B1, B2], "bombs": [[B2, 7]]}, [1 - 6, -1 - 6, 1 - 6, -1 + 18]),
    # K-T15: a 5-line bomb earns no 给到分 (it still doubles the winners)
    ({"finish": [A1, A2], "bombs": [[A2, 5]]}, [6, -6, 6, -6]),
    # K-T17: 无翻倍, the winners played a 10-line bomb: ×1, 给到分 still paid (+60, -20 each)
    ({"finish": [A1, A2], "bombs": [[A1, 10]], "no_doubling": True}, [63, -23, -17, -23]),
    # ... and without 无翻倍: ×24
    ({"finish": [A1, A2], "bombs": [[A1, 10]]}, [72 + 60, -72 - 20, 72 - 20, -72 - 20]),
    # K-T11: three 4-line bombs of one winner merge into 5 lines: ×2; no 给到分
    ({"finish": [A1, B1, A2], "bombs": [[A2, 4], [A2, 4], [A2, 4]]}, [4, -4, 4, -4]),
    # K-T12: two 6-line bombs: 7 lines, ×8; 给到分 +6 and -2 each, twice
    ({"finish": [B1, B2], "bombs": [[B1, 6], [B1, 6]]}, [-24 - 4, 24 + 12, -24 - 4, 24 - 4]),
    # the winners' best line count is the best of either partner: A1 {5, 5} = 6, A2 7 -> 7: ×8
    ({"finish": [A1, A2], "bombs": [[A1, 5], [A1, 5], [A2, 7]]}, [24 - 6, -24 - 6, 24 + 18, -24 - 6]),
    # bombs of one player merge, the partners' bombs do not: A1 5, A2 5 -> 5: ×2
    ({"finish": [A1, A2], "bombs": [[A1, 5], [A2, 5]]}, [6, -6, 6, -6]),
    # K-T14 (a 12-line bomb pays 30 a player) in the 4-player game, and above the table: two 12-line bombs
    # merge into 13 lines, ×36 (K8); each still pays as 12 lines (the table's last row)
    ({"finish": [A1, A2], "bombs": [[A1, 12]]}, [96 + 90, -96 - 30, 96 - 30, -96 - 30]),
    ({"finish": [A1, A2], "bombs": [[A1, 12], [A1, 12]]}, [108 + 180, -108 - 60, 108 - 60, -108 - 60]),
    # joker bombs count at their lines (三王 6, 天王 7)
    ({"finish": [A1, B1, B2], "bombs": [[A1, 6], [A1, 7]], "base": 2}, [2 * (8 + 6 + 18), 2 * (-8 - 2 - 6),
                                                                      2 * (8 - 2 - 6), 2 * (-8 - 2 - 6)]),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("result,expected", CASES)
def test_scores_of_the_seed_and_its_test_facts(models, score, name, result, expected):
    # 经典 scores like 百变 and 千变 (K8): the same results in all three
    assert score(models[name], result) == expected
    assert sum(expected) == 0


@pytest.mark.parametrize("finish,name", [
    ([A1, A2], "double"), ([A1, B1, A2], "single"), ([A1, B1, B2], "level"),
    ([B1, B2], "double"), ([B1, A1, B2], "single"), ([B1, A1, A2, B2], "level"), ([B2, A2, A1], "level"),
])
def test_result_class_by_the_first_player_outs_team(models, finish, name):
    spec = rules.result_spec(models["shuangkou"])
    assert rt.result_class(spec, finish)[0] == name


BAD_RESULTS = [
    ([1, 3], "an object"),
    ({"finish": [1, 3], "bomb": []}, "unknown"),
    ({"bombs": []}, "finish"),
    ({"finish": [1, 1, 3]}, "twice"),
    ({"finish": [1, 5]}, "seat 5"),
    ({"finish": [0, 1, 3]}, "seat 0"),
    ({"finish": [True, 3]}, "seats"),
    ({"finish": "1 3"}, "seats"),
    ({"finish": [1, 2]}, "no finished game"),        # the game has not ended: no team is all out
    ({"finish": [1, 2, 4][:1]}, "no finished game"),
    ({"finish": []}, "no finished game"),
    ({"finish": [1, 3], "bombs": [[1]]}, "pair"),
    ({"finish": [1, 3], "bombs": [[5, 6]]}, "seat 5"),
    ({"finish": [1, 3], "bombs": [[1, 3]]}, "no bomb"),  # fewer lines than any bomb (4)
    ({"finish": [1, 3], "bombs": {"1": 6}}, "pairs"),
    ({"finish": [1, 3], "base": 0}, "base"),
    ({"finish": [1, 3], "base": "1"}, "base"),
    ({"finish": [1, 3], "no_doubling": "yes"}, "no_doubling"),
]


@pytest.mark.parametrize("result,words", BAD_RESULTS)
def test_a_result_no_game_could_produce_is_refused_by_both(models, result, words):
    v = models["shuangkou-baibian"]
    with pytest.raises(ResultError, match=words):
        fast(v, result)
    with pytest.raises(ResultError):
        rules.reference_score(v, result)


def test_both_readings_agree_on_random_results(models):
    rng = random.Random(13)
    for name in NAMES:
        v = models[name]
        spec = rules.result_spec(v)
        for _ in range(400):
            order = rng.sample([1, 2, 3, 4], 4)
            finish = order[:rng.randint(2, 4)]
            bombs = [[rng.randint(1, 4), rng.choice([4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12])] for _ in range(rng.randint(0, 7))]
            result = {"finish": finish, "bombs": bombs, "base": rng.choice([1, 2, 10])}
            if rng.random() < 0.3:
                result["no_doubling"] = rng.random() < 0.5
            try:
                want = rules.reference_score(v, result)
            except ResultError:
                with pytest.raises(ResultError):
                    rt.score(spec, result)
                continue
            assert rt.score(spec, result) == want, result
            assert sum(want) == 0, result


def test_a_house_file_changes_the_scores(tmp_path):
    """底分, 无翻倍 and the tables are settings a house rule file can change."""
    text = ("abstract variant house extends shuangkou-baibian\n\n[results]\nbase = 5\nno_doubling = yes\n"
            "bonus =\n  | lines | each |\n  | 6 | 1 |\n  | 7 | 2 |\n")
    (tmp_path / "house.gouji").write_text(text, encoding="utf-8")
    ws = Workspace()
    v = Compilation(ws, ws.resolve_argument(str(tmp_path / "house.gouji"))).checked
    result = {"finish": [A1, A2], "bombs": [[A1, 6], [A2, 12]]}
    # ×1 (无翻倍); 给到分 6 lines: 1 each, 12 lines: 2 each (as the last row, 7 lines)
    expected = [5 * (3 + 3 - 2), 5 * (-3 - 1 - 2), 5 * (3 - 1 + 6), 5 * (-3 - 1 - 2)]
    assert fast(v, result) == rules.reference_score(v, result) == expected
    assert fast(v, dict(result, no_doubling=False, base=1)) == [3 * 32 + 1, -3 * 32 - 3, 3 * 32 + 5, -3 * 32 - 3]


def test_the_spec_is_plain_data_its_source_rebuilds(models):
    for v in models.values():
        spec = rules.result_spec(v)
        assert eval(rules.spec_source(spec), {"ResultSpec": rt.ResultSpec}) == spec
        assert spec.min_lines == 4 and spec.multipliers[0] == (4, 1) and spec.bonus[-1] == (12, 30)


def test_rows_are_read_in_order_of_lines_whatever_order_they_are_written_in(models):
    v = models["shuangkou"]
    shuffled = dataclasses.replace(v.results, multipliers=v.results.multipliers[::-1], bonus=v.results.bonus[::-1])
    w = dataclasses.replace(v, sections={**v.sections, "results": shuffled})
    assert rules.result_spec(w) == rules.result_spec(v)
    result = {"finish": [A1, A2], "bombs": [[A1, 9], [B1, 6]]}
    assert rules.reference_score(w, result) == rules.reference_score(v, result) == fast(w, result)


# --- checks ---------------------------------------------------------------------------------------

SK = "abstract variant house extends shuangkou\n\n[results]\n"
CLASSES = "classes =\n  | name | zh | winners | scores |\n"
GOOD = ('  | "double" | "双扣" | [1, 2] | [3, 3, -3, -3] |\n  | "single" | "单扣" | [1, 3] | [2, -2, 2, -2] |\n'
        '  | "level" | "平扣" | [1, 4] | [1, -1, -1, 1] |\n')
MISSING_12 = "house.gouji:4:1: error: no result class for winners at places 1, 2"
MULT = "multipliers +=\n  | lines | multiplier |\n"
BONUS = "bonus +=\n  | lines | each |\n"
MERGE = "merge =\n  | lines_from | lines_to | add |\n"

CHECKS = [
    (SK + CLASSES + GOOD, []),
    (SK + CLASSES + GOOD.replace("[3, 3, -3, -3]", "[3, 3, -3]"),
     ["house.gouji:6:3: error: 'double' scores 3 places, but there are 4 players"]),
    (SK + CLASSES + GOOD.replace("[1, 2]", "[2, 3]"),
     [MISSING_12, "house.gouji:6:3: error: 'double': winners at places 2, 3 cannot happen: the winning team's 2 players hold "
      "2 of places 1..4, place 1 among them (its first player out)"]),
    (SK + CLASSES + GOOD.replace("[1, 2]", "[1, 2, 3]"),
     [MISSING_12, "house.gouji:6:3: error: 'double': winners at places 1, 2, 3 cannot happen: the winning team's 2 players hold "
      "2 of places 1..4, place 1 among them (its first player out)"]),
    (SK + CLASSES + GOOD.replace("[1, 2]", "[1, 5]"),
     [MISSING_12, "house.gouji:6:3: error: 'double': winners at places 1, 5 cannot happen: the winning team's 2 players hold "
      "2 of places 1..4, place 1 among them (its first player out)"]),
    (SK + CLASSES + GOOD.replace("[1, 2]", "[3, 1]"),
     [MISSING_12, "house.gouji:6:3: error: 'double' scores a loser's place (3) above a winner's (-3)",
      "house.gouji:7:3: error: 'single' and 'double' both stand for winners at places 1, 3"]),
    (SK + "classes -=\n  | name |\n  | \"level\" |\n", ["house.gouji:4:1: error: no result class for winners at places 1, 4"]),
    (SK + CLASSES + GOOD.replace("[2, -2, 2, -2]", "[2, 3, 2, -2]"),
     ["house.gouji:7:3: error: 'single' scores a loser's place (3) above a winner's (2)"]),
    (SK + CLASSES + GOOD.replace("[3, 3, -3, -3]", "[3, 3, -3, -4]"),
     ["house.gouji:6:3: error: 'double': places 3, 4 go in no set order to the players still holding cards when "
      "the game ends, so they must score alike"]),
    (SK + CLASSES + GOOD.replace("[2, -2, 2, -2]", "[2, -2, 2, -3]"), []),   # place 4 is one player: any score
    # multipliers and bonus: no gaps, never falling
    (SK + MULT + "  | 14 | 40 |\n", ["house.gouji:6:3: error: no row for 13 lines: the rows must run without gaps from 4 to 14 lines"]),
    (SK + MULT + "  | 13 | 30 |\n",
     ["house.gouji:6:3: error: multiplier falls from 32 at 12 lines to 30 at 13: more lines never count for less"]),
    (SK + MULT + "  | 13 | 36 |\n  | 3 | 1 |\n", []),
    (SK + BONUS + "  | 14 | 40 |\n", ["house.gouji:6:3: error: no row for 13 lines: the rows must run without gaps from 6 to 14 lines"]),
    (SK + BONUS + "  | 5 | 3 |\n", ["house.gouji:6:3: error: each falls from 3 at 5 lines to 2 at 6: more lines never count for less"]),
    (SK + "bonus =\n  | lines | each |\n", []),
    # merge: ranges not empty, not overlapping; a merge never gives less than one bomb
    (SK + MERGE + "  | 5 | 4 | -1 |\n", ["house.gouji:6:3: error: lines_from 5 is above lines_to 4"]),
    (SK + MERGE + "  | 4 | 4 | -3 |\n",
     ["house.gouji:6:3: error: add -3 merges two bombs of L lines into L -1 lines, fewer than one of them: add must be at least -2"]),
    (SK + MERGE + "  | 4 | 6 | -2 |\n  | 6 | 64 | -1 |\n", ["house.gouji:7:3: error: lines 6..6 are in two merge rows"]),
    (SK + MERGE + "  | 4 | 4 | -2 |\n  | 6 | 64 | 0 |\n", []),
]


@pytest.mark.parametrize("text,expected", CHECKS)
def test_checks_of_the_results_section(tmp_path, text, expected):
    assert diagnostics_for(tmp_path, text) == expected


def test_the_section_is_shuangkous(tmp_path):
    assert diagnostics_for(tmp_path, "variant house extends zaozhuang\n\n[results]\nbase = 2\n") == [
        "house.gouji:4:1: error: section [results] does not apply to game 'gouji'"]


@pytest.mark.parametrize("winners,players,holding", [
    ((1, 2), 4, (3, 4)), ((1, 3), 4, (4,)), ((1, 4), 4, (4,)),
    ((1, 5, 6), 6, (5, 6)), ((1, 2, 6), 6, (6,)), ((1, 3, 5), 6, (6,)), ((1, 2, 3), 6, (4, 5, 6)),
])
def test_places_still_holding_cards_at_the_end(winners, players, holding):
    assert rules.still_holding(winners, players) == holding


# --- sentences and phrases ------------------------------------------------------------------------

def _texts(blocks) -> str:
    out = []
    for block in sentences.blocks(blocks):
        for value in vars(block).values():
            if isinstance(value, list):
                for item in value:
                    cells = getattr(item, "cells", None)
                    out += [c.plain() for c in cells] if cells else [item.plain()] if hasattr(item, "plain") else []
            elif hasattr(value, "plain"):
                out.append(value.plain())
    return " ".join(out)


def _variants(models):
    """The standard variants, and one with every rule at its other values (no doubling, no tables, step 0)."""
    v = models["shuangkou-qianbian"]
    other = dataclasses.replace(v.results, merge=(), bonus=(), no_doubling=True, multiplier_step=0, base=10)
    return list(models.values()) + [dataclasses.replace(v, sections={**v.sections, "results": other})]


def test_every_rule_says_itself_in_both_languages(models):
    keys = [f"results.{f.name}" for f in dataclasses.fields(m.ResultRules)]
    for v in _variants(models):
        ctx = sentences.Ctx(v)
        for key in keys:
            zh, en = sentences.renderer(key).fn(ctx, getattr(v.results, key.split(".")[1]))
            zh_text, en_text = _texts(zh), _texts(en)
            assert zh_text.strip() and en_text.strip() and zh_text != en_text, (v.name, key)
    book = {key: _texts(sentences.renderer(key).fn(sentences.Ctx(models["shuangkou"]),
                                                    getattr(models["shuangkou"].results, key.split(".")[1]))[1])
            for key in keys}
    assert "双扣" in book["results.classes"] and "+3" in book["results.classes"]
    assert "32" in book["results.multipliers"] and "adds 4" in book["results.multiplier_step"]
    assert "count as one bomb" in book["results.merge"] and "L + N" not in book["results.merge"] and "above 12 lines, as 12" in book["results.bonus"]


def test_every_rule_has_a_phrase_for_each_value(models):
    for v in _variants(models):
        for f in dataclasses.fields(m.ResultRules):
            value = getattr(v.results, f.name)
            zh, en = (phrases.predicate(f"results.{f.name}", value, lang) for lang in ("zh", "en"))
            assert zh and en and zh != en, (f.name, value)
    assert "4 at 6 lines" in phrases.predicate("results.multipliers", models["shuangkou"].results.multipliers, "en")
