"""Settings become constants, constant expressions are evaluated, and the branches they
decide are cut: the partial evaluation of one method against a variant's settings.

`Folder` is one `ast.NodeTransformer` with a visit method per kind of node it can
simplify. What it may assume: reads of `RULES.<setting>` (the specialiser has turned
`self.r` into `RULES` first) are constants, and so are literals; nothing else is. A
branch is cut only when its test is a constant; an expression is dropped only when
evaluating it can have no effect (`pure`).
"""
from __future__ import annotations

import ast
import operator
from typing import Any, Callable

from gouji_dsl.backends.specialise import predicates
from gouji_dsl.backends.specialise.trees import names
from gouji_dsl.backends.specialise.known import RULES_NAME, Known, constant_value, known_value, literal, literal_node

_UNARY = {ast.Not: operator.not_, ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
           ast.Mod: operator.mod, ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.BitXor: operator.xor}
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
_NEGATED = {ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
# Statements after which nothing in the same block runs.
_ENDS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


# Builtins whose call with arguments without effect has none either (on the values a flow passes).
_PURE_BUILTINS = {"len", "sum", "min", "max", "abs", "bool", "int", "tuple", "list", "set", "range"}


def pure(node: ast.expr) -> bool:
    """Does evaluating `node` have no effect (and never fail in a working flow)? Names,
    attributes, subscripts, literals and operators over them, and a few builtins' calls."""
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return pure(node.value)
    if isinstance(node, ast.Subscript):
        return pure(node.value) and pure(node.slice)
    if isinstance(node, ast.Slice):
        return all(pure(p) for p in (node.lower, node.upper, node.step) if p is not None)
    if isinstance(node, ast.BinOp):
        return pure(node.left) and pure(node.right)
    if isinstance(node, ast.Call):
        if node.keywords or not all(pure(a) for a in node.args):
            return False
        func = node.func
        # A builtin of the list, or `self.field.get(key)`: a game's fields with a get are dicts.
        return (isinstance(func, ast.Name) and func.id in _PURE_BUILTINS) or (
            isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Attribute)
            and isinstance(func.value.value, ast.Name) and func.value.value.id == "self")
    if isinstance(node, ast.Tuple):
        return all(pure(e) for e in node.elts)
    if isinstance(node, ast.BoolOp):
        return all(pure(v) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        return pure(node.operand)
    if isinstance(node, ast.Compare):
        return pure(node.left) and all(pure(c) for c in node.comparators)
    if isinstance(node, ast.IfExp):
        return pure(node.test) and pure(node.body) and pure(node.orelse)
    return False


def truth(node: ast.expr) -> bool | None:
    """The truth of `node` when it is known at build time; None otherwise."""
    ok, value = known_value(node)
    return bool(value) if ok else None


def _const(value: Any, like: ast.AST) -> ast.expr:
    return ast.copy_location(literal_node(value), like)


def local_names(fn: ast.FunctionDef) -> set[str]:
    """Every name a function binds: its parameters and whatever it assigns (in comprehensions too)."""
    return names(fn).local


class Folder(ast.NodeTransformer):
    """Folds one function (visit it, then read `.changed`)."""

    def __init__(self, known: Known, taken: set[str]):
        self.known = known
        self.taken = taken        # the function's local names: a global put in must not be one
        self.changed = False
        self.fields = known.rule_fields()
        self._methods: dict[type, Callable[[ast.AST], Any]] = {}

    def _changed(self, node: Any) -> Any:
        """`node` (a node, or the statements put in place of one), noting that something changed."""
        self.changed = True
        return node

    # --- expressions -------------------------------------------------------------------

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.value, ast.Name) and node.value.id == RULES_NAME and isinstance(node.ctx, ast.Load) \
                and node.attr in self.fields:
            return self._changed(ast.copy_location(self.known.rule(node.attr, self.taken), node))
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            node.operand = self.test(node.operand)
            inner = node.operand
            if isinstance(inner, ast.Compare) and len(inner.ops) == 1 and type(inner.ops[0]) in _NEGATED:
                # `not a not in b` is `a in b` (and is / is not alike): exact for every value
                inner.ops = [_NEGATED[type(inner.ops[0])]()]
                return self._changed(inner)
        ok, value = constant_value(node.operand)
        if ok and not (isinstance(node.op, ast.USub) and type(value) in (int, float)):  # -3 is how -3 is written
            unary: Any = _UNARY[type(node.op)]
            return self._changed(_const(unary(value), node))
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        left_ok, left = constant_value(node.left)
        right_ok, right = constant_value(node.right)
        fn = _BINARY.get(type(node.op))
        if left_ok and right_ok and fn is not None:
            try:
                value = fn(left, right)
            except Exception:  # noqa: BLE001 - e.g. a division by zero: left to fail where it would
                return node
            if literal(value):
                return self._changed(_const(value, node))
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        operands = [node.left] + node.comparators
        # A known object (a card function, a notation) is compared by identity only.
        identity = all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops)
        values = [known_value(o) if identity else constant_value(o) for o in operands]
        if len(node.ops) == 1 and node.ops[0].__class__ in (ast.In, ast.NotIn) and pure(node.left):
            ok, container = constant_value(node.comparators[0])
            if ok and container == ():  # nothing is in an empty container (a field never filled)
                return self._changed(_const(node.ops[0].__class__ is ast.NotIn, node))
        if all(ok for ok, _v in values):
            result = True
            for op, (_a, a), (_b, b) in zip(node.ops, values, values[1:]):
                result = _COMPARE[type(op)](a, b)
                if not result:
                    break
            return self._changed(_const(bool(result), node))
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        """`a and b`: the value of the first falsy operand, else of the last (`or`: truthy).
        A constant operand that decides the value ends it; one that cannot is dropped
        unless it is the last (its value may be the result)."""
        self.generic_visit(node)
        stop = isinstance(node.op, ast.Or)  # the truth that ends the evaluation
        kept: list[ast.expr] = []
        for i, value in enumerate(node.values):
            t = truth(value)
            last = i == len(node.values) - 1
            if t is None or last:
                kept.append(value)
                if t is not None and t == stop:
                    break
                continue
            if t == stop:  # decides the result: nothing after it is evaluated
                kept.append(value)
                break
            self.changed = True  # cannot decide it: evaluation goes on past it
        if len(kept) != len(node.values):
            self.changed = True
        if len(kept) == 1:
            return kept[0]
        node.values = kept
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        node.test = self.test(node.test)
        t = truth(node.test)
        if t is not None:
            return self._changed(node.body if t else node.orelse)
        if pure(node.test) and ast.dump(node.body) == ast.dump(node.orelse):
            return self._changed(node.body)  # `1 if a else 1`
        ok, body = constant_value(node.body)
        if ok and body is False:  # `False if a else b` is `not a and b` (not a is a bool)
            return self._changed(ast.copy_location(
                ast.BoolOp(ast.And(), [self.test(ast.UnaryOp(ast.Not(), node.test)), node.orelse]), node))
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        condition = predicates.unwrap_bool(node)
        if condition is not None:  # bool() of a rule's condition written out: the condition
            return self._changed(condition)
        expression = predicates.expand(node)
        if expression is not None:  # a rule's seat expression, known: written out (predicates.py)
            return self._changed(self.visit(expression))
        known = getattr(node.func, "known", None)
        if known is not None and id(known[0]) in self.known.returns and all(pure(a) for a in node.args) \
                and all(pure(k.value) for k in node.keywords):
            # A function of the engine that returns a constant, called with arguments without effect.
            return self._changed(_const(self.known.returns[id(known[0])], node))
        if node.keywords or not all(constant_value(a)[0] for a in node.args):
            return node
        name = ast.unparse(node.func)
        if name in self.taken:
            return node
        args = [constant_value(a)[1] for a in node.args]
        found = self.known.call(name, args, ast.unparse(node), self.taken)
        return node if found is None else self._changed(ast.copy_location(found, node))

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load):
            return node
        base_ok, base = constant_value(node.value)
        if not base_ok and isinstance(node.value, ast.Name):
            base_ok, base = self.known.value_of(node.value.id)
        key_ok, key = constant_value(node.slice)
        if isinstance(node.slice, ast.Slice):
            parts = [constant_value(p) if p is not None else (True, None)
                     for p in (node.slice.lower, node.slice.upper, node.slice.step)]
            key_ok, key = all(ok for ok, _v in parts), slice(*(v for _ok, v in parts))
        if base_ok and key_ok:
            try:
                value = base[key]
            except Exception:  # noqa: BLE001 - left to fail where it would
                return node
            if literal(value):
                return self._changed(_const(value, node))
        return node

    def test(self, node: ast.expr) -> ast.expr:
        """`node` where only its truth matters (an if's test, not's operand): constant operands
        of and/or that cannot change the truth are dropped, the last one included."""
        if not isinstance(node, ast.BoolOp):
            return node
        stop = isinstance(node.op, ast.Or)
        values = [self.test(v) for v in node.values]
        kept = [v for v in values if truth(v) is None or truth(v) == stop]
        if any(truth(v) == stop for v in kept):
            kept = kept[:next(i for i, v in enumerate(kept) if truth(v) == stop) + 1]
        if len(kept) != len(node.values):
            self.changed = True
        if not kept:
            return _const(not stop, node)
        if truth(kept[-1]) == stop and all(pure(v) for v in kept[:-1]):
            return kept[-1]  # a constant decides the truth, and what comes before it has no effect
        if len(kept) == 1:
            return kept[0]
        node.values = kept
        return node

    # --- statements ----------------------------------------------------------------------

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt]:
        node.test = self.test(self.visit(node.test))
        node.body = self.block(node.body)
        node.orelse = self.block(node.orelse)
        t = truth(node.test)
        if t is not None:
            self.changed = True
            return (node.body if t else node.orelse) or []
        if not node.body and not node.orelse:
            if pure(node.test):
                return self._changed([])
            return self._changed(ast.copy_location(ast.Expr(node.test), node))
        if not node.body:  # `if a: pass else: b` -> `if not a: b`
            self.changed = True
            node.test = self.test(ast.UnaryOp(ast.Not(), node.test))
            node.body, node.orelse = node.orelse, []
        return node

    def visit_While(self, node: ast.While) -> ast.AST | list[ast.stmt]:
        node.test = self.test(self.visit(node.test))
        node.body = self.block(node.body) or [ast.Pass()]
        node.orelse = self.block(node.orelse)
        if truth(node.test) is False:
            return self._changed(node.orelse)
        return node

    def visit_For(self, node: ast.For) -> ast.AST | list[ast.stmt]:
        node.iter = self.visit(node.iter)
        node.body = self.block(node.body) or [ast.Pass()]
        node.orelse = self.block(node.orelse)
        ok, value = constant_value(node.iter)
        if ok and not value:
            return self._changed(node.orelse)
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" \
                and "range" not in self.taken and not it.keywords and all(constant_value(a)[0] for a in it.args):
            bounds = [constant_value(a)[1] for a in it.args]
            if all(type(b) is int for b in bounds) and 1 <= len(bounds) <= 3 and (len(bounds) < 3 or bounds[2]) \
                    and not len(range(*bounds)):
                return self._changed(node.orelse)  # an empty range: the loop never runs
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.AST | list[ast.stmt]:
        node.value = self.visit(node.value)
        if pure(node.value) and not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return self._changed([])  # a bare name or constant: it does nothing (docstrings stay)
        return node

    def visit(self, node: ast.AST):
        # ast.NodeVisitor.visit looks the method up by name at every node; a table per class
        # (the flow is folded many times over in a build).
        method = self._methods.get(node.__class__)
        if method is None:
            method = self._methods[node.__class__] = getattr(self, "visit_" + node.__class__.__name__,
                                                             self.generic_visit)
        return method(node)

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for name in node._fields:
            if name == "ctx":
                continue
            value = getattr(node, name, None)
            if value.__class__ is list:
                if not value:
                    continue
                if isinstance(value[0], ast.stmt):
                    setattr(node, name, self.block(value) or ([ast.Pass()] if name == "body" else []))
                    continue
                new = []
                for item in value:
                    if isinstance(item, ast.AST):
                        item = self.visit(item)
                        if item is None:
                            continue
                        if item.__class__ is list:
                            new.extend(item)
                            continue
                    new.append(item)
                value[:] = new
            elif isinstance(value, ast.AST):
                setattr(node, name, self.visit(value))
        return node

    def block(self, statements: list[ast.stmt]) -> list[ast.stmt]:
        """A block folded statement by statement; what follows a return (or raise, break,
        continue) at its level is dropped."""
        out: list[ast.stmt] = []
        for statement in statements:
            result = self.visit(statement)
            for item in result if isinstance(result, list) else [result]:
                if isinstance(item, ast.Pass):
                    self.changed |= len(statements) > 1
                    continue  # a block keeps a `pass` only when nothing else is left (see the callers)
                out.append(item)
                if isinstance(item, _ENDS):
                    if len(out) < len(statements):
                        self.changed = True
                    return out
        return out


def fold_function(fn: ast.FunctionDef, known: Known, taken: set[str] | None = None) -> bool:
    """Fold a function in place; whether anything changed. `taken`: its local names, if known."""
    folder = Folder(known, local_names(fn) if taken is None else taken)
    fn.body = folder.block(fn.body) or [ast.Pass()]
    return folder.changed
