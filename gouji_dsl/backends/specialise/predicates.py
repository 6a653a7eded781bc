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
from gouji_dsl.model.expr import BOOL, SEAT_FUNCTIONS

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


def unwrap_bool(node: ast.Call) -> ast.expr | None:
    """`bool(C)` where C is a rule's condition written out (below): C, a bool already (the flow
    says `bool` for mypy, as `_holds` may give a number)."""
    if not (isinstance(node.func, ast.Name) and node.func.id == "bool" and len(node.args) == 1 and not node.keywords):
        return None
    return node.args[0] if _is_condition(node.args[0]) else None


def _is_condition(node: ast.expr) -> bool:
    """Is `node` as `_expression` writes a condition: comparisons, `not`, `and`/`or` of
    conditions, a bool constant, or a seat function that gives a bool?"""
    if isinstance(node, ast.BoolOp):
        return all(_is_condition(v) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, ast.Not)
    if isinstance(node, ast.Compare):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, bool)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.startswith(SEAT_METHOD):
        function = SEAT_FUNCTIONS.get(node.func.attr[len(SEAT_METHOD):])
        return function is not None and function.result == BOOL
    return False


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
    if op in ("and", "or"):  # a or (b or c) as a or b or c: one BoolOp, as Python writes it
        kind = ast.And if op == "and" else ast.Or
        values: list[ast.expr] = []
        for side in (left, right):
            values += side.values if isinstance(side, ast.BoolOp) and isinstance(side.op, kind) else [side]
        return ast.BoolOp(kind(), values)
    if op in _COMPARE:
        return ast.Compare(left, [_COMPARE[op]()], [right])
    return ast.BinOp(left, _ARITH[op](), right)
