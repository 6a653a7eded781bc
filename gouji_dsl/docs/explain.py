"""Formulas in words: a rule file's formula as a Chinese or English phrase, and
a legend of the functions and variables it uses (from their own descriptions)."""
from __future__ import annotations

from typing import Iterable

from gouji_dsl.docs.document import Bullets
from gouji_dsl.docs.errors import RulebookError
from gouji_dsl.docs.text import T
from gouji_dsl.lang import nodes as n
from gouji_dsl.model.expr import FUNCTIONS, ExprT
from gouji_dsl.model.types import CARDS

_VAR_PHRASE = {
    "hand": ("手牌", "the hand"),
    "rest": ("余牌", "the rest"),
    "play": ("这手牌", "the play"),
    "level": ("点贡级数", "the level"),
}
_FN_PHRASE = {
    "size": ("{0}的张数", "the number of cards in {0}"),
    "jokers": ("{0}的王数", "the number of jokers in {0}"),
    "count": ("{0}中{1}的张数", "the number of {1}s in {0}"),
    "count_from": ("{0}中{1}及以上（含王）的张数", "the number of cards of {1} or higher (jokers included) in {0}"),
    "sets": ("{0}的套数", "the number of sets in {0}"),
    "gouji": ("{0}是级牌", "{0} is a gouji play"),
    "carry_rule": ("{0}能以每手都带王（最后一手除外）的方式出完", "{0} can be played out with a joker in every play but the last"),
    "min": ("{0}与{1}中较小者", "the smaller of {0} and {1}"),
    "max": ("{0}与{1}中较大者", "the larger of {0} and {1}"),
}
_OPS = {
    "<": ("{0}小于{1}", "{0} is less than {1}"),
    "<=": ("{0}不超过{1}", "{0} is at most {1}"),
    ">": ("{0}大于{1}", "{0} is more than {1}"),
    ">=": ("{0}不少于{1}", "{0} is at least {1}"),
    "==": ("{0}等于{1}", "{0} is {1}"),
    "!=": ("{0}不等于{1}", "{0} is not {1}"),
    "+": ("{0}加{1}", "{0} plus {1}"),
    "-": ("{0}减{1}", "{0} minus {1}"),
    "*": ("{0}乘{1}", "{0} times {1}"),
    "and": ("{0}，并且{1}", "{0}, and {1}"),
    "or": ("{0}，或者{1}", "{0}, or {1}"),
}


def explain(node: n.Expr, lang: str, etype: ExprT) -> str:
    """A formula in words."""
    zh = lang == "zh"

    def go(node) -> str:
        if isinstance(node, n.Int):
            return str(node.value)
        if isinstance(node, n.Name):
            if node.id in etype.variables:
                var = etype.variables[node.id]
                phrase = _VAR_PHRASE.get(node.id, (var.zh, var.en))
                return phrase[0] if zh else phrase[1]
            if node.id in ("yes", "true", "是", "有"):
                return "成立" if zh else "true"
            if node.id in ("no", "false", "否", "无"):
                return "不成立" if zh else "false"
            if node.id in CARDS or node.id in ("T", "小王", "大王"):
                return node.id
            raise RulebookError(f"no words for the name {node.id!r} in a formula")
        if isinstance(node, n.Call):
            fn = FUNCTIONS.get(node.func.id)
            if fn is None:
                raise RulebookError(f"no words for the function {node.func.id!r}")
            args = [go(a) if not (p == "rank") else _card_word(a) for a, p in zip(node.args, fn.params)]
            phrase = _FN_PHRASE.get(fn.name)
            if phrase is None:  # a function added later: its own descriptions
                return (f"{fn.zh}（{'，'.join(args)}）" if zh else f"{fn.en} ({', '.join(args)})")
            return (phrase[0] if zh else phrase[1]).format(*args)
        if isinstance(node, n.Unary):
            inner = go(node.operand)
            if node.op == "not":
                return f"并非“{inner}”" if zh else f"not ({inner})"
            return f"负{inner}" if zh else f"minus {inner}"
        if isinstance(node, n.Binary):
            phrase = _OPS.get(node.op)
            if phrase is None:
                raise RulebookError(f"no words for the operator {node.op!r}")
            return (phrase[0] if zh else phrase[1]).format(go(node.left), go(node.right))
        raise RulebookError(f"no words for {type(node).__name__} in a formula")

    return go(node)


def _card_word(node) -> str:
    word = str(node.value) if isinstance(node, n.Int) else node.id
    return {"T": "10", "小王": "SJ", "大王": "BJ"}.get(word, word)


def used_names(node: n.Expr) -> tuple[list[str], list[str]]:
    """(functions, variables) a formula uses, in order of first use."""
    fns: list[str] = []
    names: list[str] = []

    def go(node):
        if isinstance(node, n.Name):
            if node.id not in names:
                names.append(node.id)
        elif isinstance(node, n.Call):
            if node.func.id not in fns:
                fns.append(node.func.id)
            for a in node.args:
                go(a)
        elif isinstance(node, n.Unary):
            go(node.operand)
        elif isinstance(node, n.Binary):
            go(node.left)
            go(node.right)
    go(node)
    return fns, names


def legend(nodes: Iterable[n.Expr], etype: ExprT, lang: str) -> Bullets | None:
    """What each function and variable of the formulas means (from their own descriptions)."""
    fns: list[str] = []
    names: list[str] = []
    for node in nodes:
        f, v = used_names(node)
        fns += [x for x in f if x not in fns]
        names += [x for x in v if x not in names]
    items = []
    for name in names:
        if name in etype.variables:
            var = etype.variables[name]
            items.append(T("`{n}`：{d}", n=name, d=var.zh) if lang == "zh" else T("`{n}`: {d}", n=name, d=var.en))
    for name in fns:
        fn = FUNCTIONS[name]
        params = ", ".join({"cards": "cards", "int": "n", "rank": "RANK"}.get(p, p) for p in fn.params)
        sig = f"{name}({params})"
        items.append(T("`{s}`：{d}", s=sig, d=fn.zh) + T("（{e}）", e=fn.en) if lang == "zh"
                     else T("`{s}`: {d}", s=sig, d=fn.en))
    return Bullets(items) if items else None

