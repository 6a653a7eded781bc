"""A rule's seat expression written into the flow: `self._holds(<known predicate>, burner=a, beater=b)`.

The unspecialised flow evaluates a rule's expression of players (who may lift a burn, ...)
with `State._holds`, an interpreter over the plain tuples of a `Predicate` (model/expr.py).
Once the rules are known, the tuples are a constant: the call becomes the expression itself,
each operator Python's own and each seat function a call of the flow's one-line method
`self._seat_<name>(...)`, which the inline stage then writes in. So a generated engine tests
`seat == RULE_OPPOSITE[previous_seat] or seat in self.headless`, not a tree.

A variable's value is put in wherever the expression reads it: only a call whose keyword
arguments are plain names is expanded (names have no effects and cost nothing to read twice).
"""
from __future__ import annotations

import ast
import copy
from typing import Any

from gouji_dsl.backends.specialise.known import known_value

SELF = "self"
INTERPRETER = "_holds"
SEAT_METHOD = "_seat_"

_COMPARE = {"==": ast.Eq, "!=": ast.NotEq, "<": ast.Lt, "<=": ast.LtE, ">": ast.Gt, ">=": ast.GtE}
_ARITH = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult}


def is_interpreter_call(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == INTERPRETER
            and isinstance(node.func.value, ast.Name) and node.func.value.id == SELF)


def expand(node: ast.Call) -> ast.expr | None:
    """The expression a call `self._holds(predicate, name=value, ...)` stands for, when the
    predicate is known and every value a plain name; else None (the call stays)."""
    if not is_interpreter_call(node) or len(node.args) != 1:
        return None
    ok, predicate = known_value(node.args[0])
    if not ok or not isinstance(predicate, tuple):
        return None
    seats: dict[str, ast.expr] = {}
    for keyword in node.keywords:
        if keyword.arg is None or not isinstance(keyword.value, ast.Name):
            return None
        seats[keyword.arg] = keyword.value
    return ast.copy_location(_expression(predicate, seats), node)


def _expression(predicate: tuple[Any, ...], seats: dict[str, ast.expr]) -> ast.expr:
    op = predicate[0]
    if op == "const":
        return ast.Constant(predicate[1])
    if op == "var":
        return copy.deepcopy(seats[predicate[1]])
    if op == "call":
        method = ast.Attribute(ast.Name(SELF, ast.Load()), SEAT_METHOD + predicate[1], ast.Load())
        return ast.Call(method, [_expression(arg, seats) for arg in predicate[2:]], [])
    if op == "first":  # `a if not self._seat_out(a) else (b if ... else fallback)`
        result = _expression(predicate[-1], seats)
        for player in reversed(predicate[1:-1]):
            seat = _expression(player, seats)
            out = ast.Call(ast.Attribute(ast.Name(SELF, ast.Load()), SEAT_METHOD + "out", ast.Load()), [seat], [])
            result = ast.IfExp(ast.UnaryOp(ast.Not(), out), copy.deepcopy(seat), result)
        return result
    if op == "keys":
        return ast.Tuple([_expression(key, seats) for key in predicate[1:]], ast.Load())
    if op == "not":
        return ast.UnaryOp(ast.Not(), _expression(predicate[1], seats))
    if op == "neg":
        return ast.UnaryOp(ast.USub(), _expression(predicate[1], seats))
    left, right = _expression(predicate[1], seats), _expression(predicate[2], seats)
    if op in ("and", "or"):
        return ast.BoolOp(ast.And() if op == "and" else ast.Or(), [left, right])
    if op in _COMPARE:
        return ast.Compare(left, [_COMPARE[op]()], [right])
    return ast.BinOp(left, _ARITH[op](), right)
