"""Rulebooks of house-rule files that switch options no shipped variant switches: the
sentences and the worked examples for them are rendered, and true of the engines. Also the
document builder's guards (unknown language, a yes/no value with no sentence) and its cells."""
from __future__ import annotations

from pathlib import Path

import pytest

from gouji_dsl import engines
from gouji_dsl.docs import examples
from gouji_dsl.docs import rulebook as rb
from gouji_dsl.docs.book import build_document
from gouji_dsl.facets.sentences import cell
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.text import T, plain
from gouji_dsl.model.types import BoolT, OptionalT
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace


def house(tmp_path, text: str, base: str = "zaozhuang"):
    ws = scratch_workspace(tmp_path, {"house": f"variant house extends {base}\n" + text})
    return ws, Compilation(ws, "house").checked


def test_a_burn_that_must_carry_a_joker_is_shown_with_a_joker(tmp_path):
    ws, v = house(tmp_path, "[burning]\nfirst_play_needs_joker = yes\n")
    burn = examples.examples_for(v).burn
    e = engines.from_model(v, "reference")
    target = e.classify(e.parse_cards(burn["target"])).play
    for hand, detail, verdict in (("good", "good_detail", True), ("bad", "bad_detail", False)):
        assert bool(e.can_burn(e.parse_cards(burn[hand]), target)) == verdict == burn[detail]["ok"]
        play = e.classify(e.parse_cards(burn[detail]["play"])).play
        assert play[3] or play[4], f"the {hand} hand's burning play {burn[detail]['play']} carries no joker"
    assert burn["good_detail"]["play"] == "K K BJ"   # a big joker alone is enough (no small joker needed)
    md = rb.render_rulebook(v, "en", "md", ws)
    assert "The burning play itself must carry a joker, and so must every later play but the last." in md
    assert f"After `{burn['good_detail']['play']}` beats `{burn['target']}`" in md


@pytest.mark.parametrize("lang,needle", [
    ("en", "The burning play itself must carry a joker"),
    ("zh", "打掉级牌的那一手也必须挂王"),
])
def test_both_languages_say_the_burning_play_needs_a_joker(tmp_path, lang, needle):
    ws, v = house(tmp_path, "[burning]\nfirst_play_needs_joker = yes\n")
    assert needle in rb.render_rulebook(v, lang, "md", ws)
    assert needle not in rb.render_rulebook(Compilation(ws, "zaozhuang").checked, lang, "md", ws)


def test_a_burn_whose_simplest_answer_fails_the_condition_shows_the_answer_that_meets_it(tmp_path):
    # Burning needs every joker spent and at most one card left: `K K K` against `Q Q Q` keeps
    # the big joker, so the example must look past it to `K K BJ`.
    ws, v = house(tmp_path, "[burning]\ncondition = jokers(rest) == 0 and size(rest) <= 1\n")
    burn = examples.examples_for(v).burn
    assert (burn["target"], burn["good"], burn["bad"]) == ("Q Q Q", "K K K BJ", "4 K K K BJ")
    good, bad = burn["good_detail"], burn["bad_detail"]
    assert (good["play"], good["rest"], good["ok"], good["parts"]) == ("K K BJ", "K", True, [("jokers(rest)", 0), ("size(rest)", 1)])
    # The failing hand shows its natural answer, the one without a joker.
    assert (bad["play"], bad["rest"], bad["ok"], bad["parts"]) == ("K K K", "4 BJ", False, [("jokers(rest)", 1), ("size(rest)", 2)])
    e = engines.from_model(v, "reference")
    target = e.classify(e.parse_cards("Q Q Q")).play
    assert e.can_burn(e.parse_cards(burn["good"]), target) and not e.can_burn(e.parse_cards(burn["bad"]), target)
    md = rb.render_rulebook(v, "en", "md", ws)
    # The reference says what the condition finds in the rest, in words (not the formula's code).
    assert ("Hand `K K K BJ`: **may burn**. After `K K BJ` beats `Q Q Q`, the rest is `K`; "
            "the number of jokers in the rest of the hand: 0, the number of cards in the rest of the hand: 1, "
            "so the condition holds.") in md


def test_the_filler_example_needs_a_threshold_that_leaves_room_for_a_natural_card(tmp_path):
    # Thresholds of 2 at most: "two 2s and no card of the rank" is no filler example, so none is shown.
    ws, v = house(tmp_path, "[gouji]\nthresholds =\n  | rank | at_least |\n  | Q | 2 |\n  | K | 2 |\n  | A | 2 |\n  | 2 | 1 |\n")
    shown = examples.examples_for(v).gouji
    assert [(cards, why) for cards, _rank, _size, _gouji, why in shown] == [("Q Q", "threshold"), ("Q", "below"), ("4 SJ", "joker")]
    zaozhuang = examples.examples_for(Compilation(ws, "zaozhuang").checked).gouji
    fillers = [(cards, gouji) for cards, _rank, _size, gouji, why in zaozhuang if why.startswith("filler")]
    assert fillers == [("10 10 10 2 2", True), ("9 9 9 2 2", False)]   # 10 needs 5: three 10s and two 2s


# --- the document builder's own guards and cells -------------------------------------------------

def test_the_document_builder_refuses_an_unknown_language(tmp_path):
    _ws, v = house(tmp_path, "")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        build_document(v, "fr")


@pytest.mark.parametrize("lang,yes,no", [("en", "yes", "no"), ("zh", "是", "否")])
def test_a_yes_no_cell_says_yes_or_no(lang, yes, no):
    assert cell(BoolT(), True, lang) == plain(yes) and cell(BoolT(), False, lang) == plain(no)
    assert cell(OptionalT(BoolT()), None, lang) == plain("none" if lang == "en" else "无")


@pytest.mark.parametrize("template", ["the rule is {x}.", "the rule is **{x}**.", "the rule is `{x}`."])
@pytest.mark.parametrize("value", [True, False, None])
def test_a_yes_no_or_none_value_never_reaches_prose_unworded(template, value):
    # A bare True/None would print as "True"/"None": each needs its own sentence.
    with pytest.raises(RulebookError, match="was put into prose without a sentence"):
        T(template, x=value)
    assert T(template, x=3).plain() == "the rule is 3."


def test_the_eagle_is_described_in_both_languages_with_its_row_and_kills(tmp_path):  # [cards] extra
    text = (Path(__file__).parent / "conformance" / "eagle.gouji").read_text(encoding="utf-8")
    ws = scratch_workspace(tmp_path, {"house": text.replace("variant eagle extends", "variant house extends")})
    v = Compilation(ws, "house").checked
    # A Chinese book names the eagle in words (鹰); the key to the notation says how the examples write it.
    for lang, needles in (("zh", ["**加牌**：除了整副牌，另加下表的牌。它们比大王还大，当王用", "| 鹰 | 6 |",
                                  "王：小王、大王和鹰", "`SJ` 表示小王，`BJ` 表示大王，`Y` 表示鹰", "小王 \\< 大王 \\< 鹰",
                                  "| 鹰 | 2张鹰或3张大王 |", "所有的牌平均发给各人，每人55张"]),
                          ("en", ["**Extra cards** (加牌): besides the decks", "| eagle (鹰) | `Y` | 6 |",
                                  "the eagle (鹰, written `Y`)", "SJ < BJ < Y", "Every card is dealt, the same number to each player: 55 each"])):
        md = rb.render_rulebook(v, lang, "md", ws)
        for needle in needles:
            assert needle in md, (lang, needle)
        html = rb.render_rulebook(v, lang, "html", ws)
        assert 'id="rule-cards-extra-0"' in html and 'id="rule-plays-joker-kills-2"' in html
    # The worked examples are drawn from the 54-card decks and agree with both engines.
    assert examples.examples_for(v) == examples.compute_examples(v, engines.from_model(v, "reference"))


def test_a_sheet_of_one_change_says_rule_not_rules(tmp_path, capsys):
    from gouji_dsl.cli import main
    club = tmp_path / "club.gouji"
    club.write_text('variant club extends lianzhong\n[about]\ntitle = "Club"\ntitle_en = "Club"\n'
                    '[flow]\nlead_return_circles = 2\n', encoding="utf-8")
    assert main(["doc", str(club), "--changes", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "The rule below is where this variant differs from" in out and "The 1 rules" not in out


@pytest.mark.parametrize("lang, needles", [
    ("en", ["**Win, draw or loss**: no points are kept. A player whose score computed above is positive wins (1), zero draws (0), "
            "negative loses (−1): the place points only decide who wins, draws or loses. The open points count in the score "
            "and may turn a result.",
            "The scores of a game (before they decide win, draw or loss) always add up to zero.",
            "| seat | place | team | place points | open points | score | result |",
            "| 1 | first place (头科) | 1, 3, 5 | +2 | +6 | +8 | win (1) |",
            "- Results: seat 1 "]),
    ("zh", ["**胜平负**：不记分数，只论胜负。上面算出的得分为正的人记胜（1），为零的记平（0），为负的记负（−1），名次分只用来定胜平负。"
            "点贡分也算在得分里，可能改变胜平负。",
            "每局所有人的得分（定胜平负之前）加起来为零。",
            "| 座位 | 名次 | 联邦 | 名次分 | 点贡分 | 得分 | 结果 |",
            "| 1 | 头科 | 1、3、5 | +2 | +6 | +8 | 胜（1） |",
            "- 结果：1号 "]),
])
def test_a_book_of_win_draw_loss_shows_the_points_and_the_results(tmp_path, lang, needles):  # [scoring] outcome
    text = (Path(__file__).parent / "conformance" / "win-draw-loss.gouji").read_text(encoding="utf-8")
    ws = scratch_workspace(tmp_path, {"house": text.replace("variant win-draw-loss extends", "variant house extends")})
    v = Compilation(ws, "house").checked
    md = rb.render_rulebook(v, lang, "md", ws)
    for needle in needles:
        assert needle in md, needle
    # The worked examples' points and results, from the generated engine, are the reference's too.
    samples = examples.examples_for(v).tribute
    assert samples == examples.compute_examples(v, engines.from_model(v, "reference")).tribute
    assert all(s["scores"] == [(x > 0) - (x < 0) for x in s["points"]] for s in samples)
    # The quick card says it in a line.
    assert ("Only a win, a draw or a loss counts: a positive score wins (1), zero draws (0), a negative one loses (−1)."
            if lang == "en" else "只论胜平负：得分为正胜（1），为零平（0），为负负（−1）。") in rb.render_rulebook(v, lang, "md", ws, "quick")


def test_a_sheet_of_win_draw_loss_tells_its_results_as_wins_and_losses(capsys):  # [scoring] outcome
    from gouji_dsl.cli import main
    assert main(["doc", str(Path(__file__).parent / "conformance" / "win-draw-loss.gouji"), "--changes", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert ("In Zaozhuang six-deck Gouji, the scores are seat 1: +2, seat 2: -2, seat 3: +2, seat 4: -2, seat 5: +2, "
            "seat 6: -2; in Zaozhuang, win or lose, the results are seat 1: win, seat 2: loss, seat 3: win, seat 4: loss, "
            "seat 5: win, seat 6: loss.") in out
