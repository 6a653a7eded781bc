"""Formulas in words (gouji_dsl/docs/explain.py), node by node: names, cards, functions,
`not` and minus, operators, and the guards for a formula the rulebook has no words for."""
from __future__ import annotations

import pytest

from gouji_dsl.docs import explain as ex
from gouji_dsl.docs.errors import RulebookError
from gouji_dsl.lang import nodes as n
from gouji_dsl.model.expr import BOOL, FUNCTIONS, ExprT
from gouji_dsl.model.fields import HAND, REST

ETYPE = ExprT(BOOL, HAND, REST)


def name(x: str) -> n.Name:
    return n.Name(None, x)


def call(f: str, *args) -> n.Call:
    return n.Call(None, name(f), tuple(args))


def num(x: int) -> n.Int:
    return n.Int(None, x)


SIZE_REST = call("size", name("rest"))


@pytest.mark.parametrize("node,zh,en", [
    (num(3), "3", "3"),
    (name("hand"), "手牌", "the hand"),
    (name("yes"), "成立", "true"),
    (name("是"), "成立", "true"),
    (name("no"), "不成立", "false"),
    (name("无"), "不成立", "false"),
    (name("A"), "A", "A"),                 # a card stands for itself
    (name("大王"), "大王", "大王"),
    (call("count", name("rest"), name("T")), "余牌中10的张数", "the number of 10s in the rest"),
    (call("count", name("hand"), num(2)), "手牌中2的张数", "the number of 2s in the hand"),
    (call("max", SIZE_REST, num(1)), "余牌的张数与1中较大者", "the larger of the number of cards in the rest and 1"),
    (n.Unary(None, "not", call("gouji", name("rest"))), "并非“余牌是级牌”", "not (the rest is a gouji play)"),
    (n.Unary(None, "-", SIZE_REST), "负余牌的张数", "minus the number of cards in the rest"),
    (n.Binary(None, "*", num(2), SIZE_REST), "2乘余牌的张数", "2 times the number of cards in the rest"),
    (n.Binary(None, "or", name("yes"), name("no")), "成立，或者不成立", "true, or false"),
])
def test_a_formula_in_words(node, zh, en):
    assert (ex.explain(node, "zh", ETYPE), ex.explain(node, "en", ETYPE)) == (zh, en)


def test_a_function_with_no_phrase_of_its_own_is_told_by_its_description(monkeypatch):
    phrases = dict(ex._FN_PHRASE)
    del phrases["size"]
    monkeypatch.setattr(ex, "_FN_PHRASE", phrases)
    fn = FUNCTIONS["size"]
    assert ex.explain(SIZE_REST, "zh", ETYPE) == f"{fn.zh}（余牌）"
    assert ex.explain(call("min", SIZE_REST, num(2)), "en", ETYPE) == f"the smaller of {fn.en} (the rest) and 2"


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
            f"`count(cards, RANK)`: {FUNCTIONS['count'].en}", f"`size(cards)`: {FUNCTIONS['size'].en}"]),
    ("zh", ["`rest`：余牌", "`hand`：手牌",
            f"`count(cards, RANK)`：{FUNCTIONS['count'].zh}（{FUNCTIONS['count'].en}）",
            f"`size(cards)`：{FUNCTIONS['size'].zh}（{FUNCTIONS['size'].en}）"]),
])
def test_the_legend_lists_the_variables_then_the_functions_once_each(lang, lines):
    first = n.Unary(None, "not", call("count", name("rest"), name("A")))
    second = n.Binary(None, "<", call("size", name("hand")), call("count", name("rest"), num(2)))
    legend = ex.legend([first, second], ETYPE, lang)
    rendered = ["".join(f"`{s.text}`" if s.kind == "code" else s.text for s in item.segs) for item in legend.items]
    assert rendered == lines


def test_no_legend_for_a_formula_of_numbers_only():
    assert ex.legend([n.Binary(None, "<", num(1), num(2))], ETYPE, "en") is None
