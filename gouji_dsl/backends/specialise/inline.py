"""Small methods written into their callers.

After folding, many helpers of the flow are one expression (`_in_force`: the 级牌 flags of the
top play; `_holding`: `seat not in self.place_of`), and some are nothing at all for a variant
(`_update_headless` in a game without 无头). A call `self.m(a, b)` of such a method becomes the
expression with the arguments put in for the parameters; a call statement of a method that does
nothing disappears. Only arguments without effects are put in (they are then evaluated where,
and whenever, the expression reads them), and one that is not a plain name, constant or field
only where its parameter is read once.
"""
from __future__ import annotations

import ast
import copy

from gouji_dsl.backends.specialise.fold import local_names, pure
from gouji_dsl.backends.specialise.trees import walk

SELF = "self"


def _body(fn: ast.FunctionDef) -> list[ast.stmt]:
    """The function's statements without its docstring."""
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return body


def expression_of(fn: ast.FunctionDef) -> ast.expr | None:
    """The one expression a method returns, if its body is nothing else: `return e`, or
    `if t: return a` ... `return b` (as `a if t else b`)."""
    body = _body(fn)
    if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return None
    result = body[-1].value
    for statement in reversed(body[:-1]):
        if not (isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1
                and isinstance(statement.body[0], ast.Return) and statement.body[0].value is not None):
            return None
        result = ast.IfExp(statement.test, statement.body[0].value, result)
    return result


def does_nothing(fn: ast.FunctionDef) -> bool:
    return all(isinstance(s, ast.Pass) or (isinstance(s, ast.Return) and s.value is None) for s in _body(fn))


def _simple_parameters(fn: ast.FunctionDef) -> list[str] | None:
    a = fn.args
    if a.posonlyargs or a.vararg or a.kwarg or a.kwonlyargs or not a.args or a.args[0].arg != SELF:
        return None
    return [p.arg for p in a.args[1:]]


def _plain(node: ast.expr) -> bool:
    """A name, a constant or `self.field`: cheap to evaluate twice."""
    return isinstance(node, (ast.Name, ast.Constant)) or (
        isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == SELF)


def _free_names(node: ast.AST) -> set[str]:
    return {n.id for n in walk(node) if isinstance(n, ast.Name)}


class _Substitute(ast.NodeTransformer):
    def __init__(self, values: dict[str, ast.expr]):
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.values and isinstance(node.ctx, ast.Load):
            return copy.deepcopy(self.values[node.id])
        return node


class _Inliner(ast.NodeTransformer):
    def __init__(self, caller: ast.FunctionDef, expressions: dict, empty: dict):
        self.caller = caller
        self.taken = local_names(caller)
        self.expressions = expressions   # name -> (parameters, defaults, expression)
        self.empty = empty               # name -> (parameters, defaults) of methods that do nothing
        self.changed = False

    def _arguments(self, node: ast.Call, params: list[str], defaults: list[ast.expr]) -> dict | None:
        if not (isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                and node.func.value.id == SELF):
            return None
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            return None
        values: dict[str, ast.expr] = dict(zip(params, node.args))
        if len(node.args) > len(params):
            return None
        for keyword in node.keywords:
            if keyword.arg not in params or keyword.arg in values:
                return None
            values[keyword.arg] = keyword.value
        first_default = len(params) - len(defaults)
        for i, param in enumerate(params):
            if param not in values:
                if i < first_default:
                    return None
                values[param] = defaults[i - first_default]
        return values

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.func, ast.Attribute) or node.func.attr not in self.expressions:
            return node
        if node.func.attr == self.caller.name:
            return node  # never a method into itself
        params, defaults, expression = self.expressions[node.func.attr]
        values = self._arguments(node, params, defaults)
        if values is None:
            return node
        # The expression's free names must mean in the caller what they meant in the method.
        free = _free_names(expression) - set(params) - {SELF}
        if free & self.taken:
            return node
        reads = {p: sum(1 for n in walk(expression) if isinstance(n, ast.Name) and n.id == p) for p in params}
        for param, value in values.items():
            # Put in, an argument is evaluated where (and whenever) the expression reads it:
            # only one without effect may move, and only a plain one may be read twice.
            if not pure(value):
                return node
            if reads[param] > 1 and not _plain(value):
                return node
        self.changed = True
        return ast.copy_location(_Substitute(values).visit(copy.deepcopy(expression)), node)

    def visit_Expr(self, node: ast.Expr) -> ast.AST | None:
        call = node.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in self.empty \
                and call.func.attr != self.caller.name:
            params, defaults = self.empty[call.func.attr]
            values = self._arguments(call, params, defaults)
            if values is not None and all(pure(v) for v in values.values()):
                self.changed = True
                return None
        self.generic_visit(node)
        return node


def inline_methods(methods: dict[str, ast.FunctionDef], attributes: dict[str, set[str]] | None = None) -> set[str]:
    """Inline, in every method, the calls of the methods that are one expression or nothing;
    the names of the methods that changed. `attributes`: the attribute names each method reads,
    if known (a method reading none of the inlined ones is not visited)."""
    expressions, empty = {}, {}
    for name, fn in methods.items():
        params = _simple_parameters(fn)
        if params is None or fn.decorator_list:
            continue
        defaults = list(fn.args.defaults)
        if does_nothing(fn):
            empty[name] = (params, defaults)
            continue
        expression = expression_of(fn)
        if expression is not None and not any(isinstance(n, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.Await))
                                                for n in walk(expression)):
            expressions[name] = (params, defaults, expression)
    changed = set()
    wanted = set(expressions) | set(empty)
    for name, fn in methods.items():
        read = attributes[name] if attributes is not None else {n.attr for n in walk(fn) if type(n) is ast.Attribute}
        if not read & wanted:
            continue  # calls none of them (a quick look, before a full visit)
        inliner = _Inliner(fn, expressions, empty)
        fn.body = [s for s in (inliner.visit(s) for s in fn.body) if s is not None] or [ast.Pass()]
        if inliner.changed:
            changed.add(name)
    return changed
