"""Formulas in words (gouji_dsl/prose/explain.py), node by node: names, cards, functions,
`not` and minus, operators, and the guards for a formula the rulebook has no words for."""
from __future__ import annotations

import re

import pytest

from gouji_dsl.prose import explain as ex
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.lang import nodes as n
from gouji_dsl.model.expr import BOOL, CARDS_T, FUNCTIONS, INT, ExprT, Function
from gouji_dsl.model.fields import HAND, PLAY, REST

ETYPE = ExprT(BOOL, HAND, REST)


def name(x: str) -> n.Name:
    return n.Name(None, x)


def call(f: str, *args) -> n.Call:
    return n.Call(None, name(f), tuple(args))


def num(x: int) -> n.Int:
    return n.Int(None, x)


SIZE_REST = call("size", name("rest"))
PLAY_ETYPE = ExprT(BOOL, PLAY)


def eq(left, right) -> n.Binary:
    return n.Binary(None, "==", left, right)


def both(left, right) -> n.Binary:
    return n.Binary(None, "and", left, right)


@pytest.mark.parametrize("node,zh,en", [
    (num(3), "3", "3"),
    (name("hand"), "手牌", "the hand"),
    (name("yes"), "成立", "true"),
    (name("是"), "成立", "true"),
    (name("no"), "不成立", "false"),
    (name("无"), "不成立", "false"),
    (name("A"), "A", "A"),                 # a card stands for itself
    (name("大王"), "大王", "big joker"),
    (call("count", name("rest"), name("T")), "剩下的牌中10的张数", "the number of 10s in the rest of the hand"),
    (call("count", name("hand"), num(2)), "手牌中2的张数", "the number of 2s in the hand"),
    (call("max", SIZE_REST, num(1)), "剩下的牌的张数和1中较大的", "the larger of the number of cards in the rest of the hand and 1"),
    (n.Unary(None, "not", call("gouji", name("rest"))), "剩下的牌不是级牌", "the rest of the hand is not a gouji play"),
    (n.Unary(None, "-", SIZE_REST), "负剩下的牌的张数", "minus the number of cards in the rest of the hand"),
    (n.Binary(None, "*", num(2), SIZE_REST), "2乘剩下的牌的张数", "2 times the number of cards in the rest of the hand"),
    (n.Binary(None, "or", name("yes"), name("no")), "成立，或者不成立", "true, or false"),
    # Conditions on a pile, said the way players say them.
    (both(eq(call("jokers", name("hand")), num(0)), eq(call("count", name("hand"), num(2)), num(0))),
     "手里没有王，也没有2", "the hand has no jokers and no 2s"),
    (n.Binary(None, "<", call("count_from", name("hand"), name("J")), num(11)),
     "手里J及以上的牌（连王）不到11张", "the hand has fewer than 11 cards of J or higher, jokers included"),
    (n.Binary(None, "<=", n.Binary(None, "-", call("sets", name("hand")), call("jokers", name("hand"))), num(2)),
     "手牌的套数减去王的张数不超过2", "the number of sets minus the number of jokers in the hand is at most 2"),
    (call("carry_rule", name("rest")), "剩下的牌除了最后一手，每手都能带王出完",
     "the rest of the hand can be played out with a joker in every play but the last"),
    (n.Binary(None, ">=", num(1), call("size", name("rest"))),   # the number first: read the other way round
     "剩下的牌不超过1张", "the rest of the hand has at most 1 card"),
    (n.Unary(None, "not", n.Binary(None, ">", call("jokers", name("hand")), num(1))),   # not: the opposite comparison
     "手里王不超过1张", "the hand has at most 1 joker"),
    (n.Binary(None, "!=", call("count", name("rest"), name("大王")), num(2)),
     "剩下的牌里大王不是2张", "the rest of the hand does not have exactly 2 big jokers"),
    (n.Binary(None, ">=", call("jokers", name("hand")), num(1)), "手里有王", "the hand has at least one joker"),
    (both(eq(call("jokers", name("hand")), num(0)), eq(call("size", name("rest")), num(3))),   # two piles: each said once
     "手里没有王，并且剩下的牌正好3张", "the hand has no jokers and the rest of the hand has exactly 3 cards"),
    (n.Binary(None, "<", call("size", name("hand")), SIZE_REST),   # no pile sentence: term by term
     "手牌的张数小于剩下的牌的张数", "the number of cards in the hand is less than the number of cards in the rest of the hand"),
])
def test_a_formula_in_words(node, zh, en):
    assert (ex.explain(node, "zh", ETYPE), ex.explain(node, "en", ETYPE)) == (zh, en)


@pytest.mark.parametrize("node,zh,en", [
    (both(call("gouji", name("play")), both(n.Binary(None, ">=", call("size", name("play")), num(2)),
                                            eq(call("jokers", name("play")), num(0)))),
     "这手牌是级牌，至少2张，而且不带王", "the play is a gouji play, has at least 2 cards and has no jokers"),
    (both(eq(call("jokers", name("play")), num(0)), eq(call("count", name("play"), num(2)), num(0))),
     "这手牌不带王，也没有2", "the play has no jokers and no 2s"),
])
def test_a_play_carries_its_jokers(node, zh, en):
    assert (ex.explain(node, "zh", PLAY_ETYPE), ex.explain(node, "en", PLAY_ETYPE)) == (zh, en)


@pytest.mark.parametrize("node,zh,en", [
    (eq(call("count", name("play"), num(3)), call("size", name("play"))), "这手牌全是3", "the play is all 3s"),
    (eq(call("size", name("play")), call("jokers", name("play"))), "这手牌全是王", "the play is all jokers"),
    (n.Binary(None, "!=", call("count", name("play"), name("SJ")), call("size", name("play"))),
     "这手牌不全是小王", "the play is not all small jokers"),
    (n.Unary(None, "not", eq(call("count_from", name("play"), name("J")), call("size", name("play")))),
     "这手牌不全是J及以上的牌（连王）", "the play is not all cards of J or higher, jokers included"),
    (both(eq(call("count", name("play"), num(3)), call("size", name("play"))),
          n.Binary(None, "<=", call("size", name("play")), num(4))),
     "这手牌全是3，而且不超过4张", "the play is all 3s and has at most 4 cards"),
    # sets are no cards: said term by term
    (eq(call("sets", name("play")), call("size", name("play"))),
     "这手牌的套数等于这手牌的张数", "the number of sets in the play is the number of cards in the play"),
])
def test_a_count_as_large_as_the_pile_says_the_pile_is_all_of_it(node, zh, en):  # [plays] final_play's conditions
    assert (ex.explain(node, "zh", PLAY_ETYPE), ex.explain(node, "en", PLAY_ETYPE)) == (zh, en)


def test_a_function_with_no_words_of_its_own_is_told_by_its_names(monkeypatch):
    monkeypatch.setitem(ex.FUNCTIONS, "median", Function("median", (CARDS_T,), INT, "中位点数", "the median rank"))
    assert ex.explain(call("median", name("rest")), "zh", ETYPE) == "中位点数（剩下的牌）"
    assert ex.explain(call("median", name("rest")), "en", ETYPE) == "the median rank (the rest of the hand)"


@pytest.mark.parametrize("node,message", [
    (name("pot"), "no words for the name 'pot' in a formula"),
    (call("median", name("rest")), "no words for the function 'median'"),
    (n.Binary(None, "//", num(1), num(2)), "no words for the operator '//'"),
    (n.Str(None, "x"), "no words for Str in a formula"),
])
def test_a_formula_with_no_words_stops_the_rulebook(node, message):
    with pytest.raises(RulebookError, match=f"^{message}$"):
        ex.explain(node, "en", ETYPE)


def test_the_names_a_formula_uses_in_order_of_first_use():
    node = n.Binary(None, "and", n.Unary(None, "not", call("carry_rule", name("rest"))),
                    n.Binary(None, "<=", call("count", name("hand"), name("A")), call("size", name("rest"))))
    assert ex.used_names(node) == (["carry_rule", "count", "size"], ["rest", "hand", "A"])


@pytest.mark.parametrize("lang,lines", [
    ("en", ["`rest`: the cards left after the burning play", "`hand`: the player's whole hand",
            "`count(cards, RANK)`: the number of cards of one rank", "`size(cards)`: the number of cards"]),
    ("zh", ["`rest`：出了烧牌的那手以后剩下的牌", "`hand`：玩家手里的全部牌",
            "`count(cards, RANK)`：某个点数的张数", "`size(cards)`：牌的张数"]),
])
def test_the_legend_lists_the_variables_then_the_functions_once_each(lang, lines):
    first = n.Unary(None, "not", call("count", name("rest"), name("A")))
    second = n.Binary(None, "<", call("size", name("hand")), call("count", name("rest"), num(2)))
    legend = ex.legend([first, second], ETYPE, lang)
    rendered = ["".join(f"`{s.text}`" if s.kind == "code" else s.text for s in item.segs) for item in legend.items]
    assert rendered == lines


@pytest.mark.parametrize("lang,foreign", [("zh", re.compile("[A-Za-z]{2,}")), ("en", re.compile("[\u4e00-\u9fff]"))])
def test_the_legend_of_every_function_speaks_one_language(lang, foreign):
    """Outside the code span (the signature), a legend line has no word of the other language."""
    nodes = [call(f, *([name("hand")] + [name("J")] * (len(fn.params) - 1))) if fn.params[0] != "int" else call(f, num(1), num(2))
             for f, fn in FUNCTIONS.items()]
    legend = ex.legend(nodes, ETYPE, lang)
    for item in legend.items:
        prose = "".join(s.text for s in item.segs if s.kind != "code")
        assert not foreign.search(prose.replace("J、Q、K、A", "")), prose


def test_no_legend_for_a_formula_of_numbers_only():
    assert ex.legend([n.Binary(None, "<", num(1), num(2))], ETYPE, "en") is None
