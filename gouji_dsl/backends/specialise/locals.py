"""Local names after folding: a name bound once to a constant (or a global) is replaced by it,
and a name bound to something without effect that nothing reads is dropped.

This is what turns `r = self.r` (then `RULES`) and `has_answer = r.has_answer` (then the
engine's own `has_answer`, or None) into nothing, so that the folder sees the constants they
stood for.
"""
from __future__ import annotations

import ast
import copy

from gouji_dsl.backends.specialise.fold import pure
from gouji_dsl.backends.specialise.known import constant_value
from gouji_dsl.backends.specialise.trees import Names, rewrite, walk


def _replace_names(fn: ast.FunctionDef, values: dict[str, ast.expr]) -> None:
    """Every read of a name in `values` replaced by (a copy of) its value."""
    def replace(node: ast.AST) -> ast.AST | None:
        if node.__class__ is ast.Name and node.id in values and node.ctx.__class__ is ast.Load:
            return ast.copy_location(copy.deepcopy(values[node.id]), node)
        return None

    rewrite(fn, replace)


def settle_locals(fn: ast.FunctionDef, found: Names) -> tuple[bool, bool]:
    """In one walk over the function's blocks: (1) replace each local bound once, to a constant
    or a global name, by that value, dropping the binding (bound once, a local holds that value
    wherever it is read; only a read the original could not make, before the binding ran, now
    reads it too); (2) drop the assignments of names nothing reads whose value has no effect.
    `found`: the names the function binds and reads (read before: what this removes leaves it
    right, if cautious). Whether each changed anything."""
    bound, reads = found.bound, found.read
    values: dict[str, ast.expr] = {}
    propagated = dropped = False

    def unread(target: ast.expr) -> bool:
        if isinstance(target, ast.Name):
            return not reads.get(target.id)
        return isinstance(target, ast.Tuple) and all(unread(t) for t in target.elts)

    def keep(statement: ast.stmt) -> bool:
        nonlocal propagated, dropped
        if statement.__class__ is not ast.Assign or len(statement.targets) != 1:
            return True
        target, value = statement.targets[0], statement.value
        if target.__class__ is ast.Name and bound.get(target.id) == 1:
            if value.__class__ is ast.Name and value.id == target.id:
                propagated = True
                return False  # `x = x`: x was a global put in by the folder; reads of x now reach it
            if constant_value(value)[0] or (value.__class__ is ast.Name and value.id not in bound):
                values[target.id] = value
                propagated = True
                return False
        if unread(target) and pure(value):
            dropped = True
            return False
        if _drop_unread_pairs(statement, unread):
            dropped = True
        return True

    for node in walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if block.__class__ is list and block and isinstance(block[0], ast.stmt):
                kept = []
                for index, statement in enumerate(block):
                    if not keep(statement):
                        continue
                    if _overwritten(block, index) or _restated(block, index):
                        dropped = True
                        continue
                    kept.append(statement)
                if len(kept) != len(block):
                    setattr(node, field, kept or ([ast.Pass()] if field == "body" else []))
    if values:
        _replace_names(fn, values)
    return propagated, dropped


def _drop_unread_pairs(statement: ast.Assign, unread) -> bool:
    """`(a, b, c) = (x, y, z)` with pure values and some names nothing reads: those pairs go (the
    values are all evaluated before any name is bound, so the rest keep their meaning). Whether
    any went; a single pair left becomes `a = x`."""
    target, value = statement.targets[0], statement.value
    if not (target.__class__ is ast.Tuple and value.__class__ is ast.Tuple and len(target.elts) == len(value.elts)
            and all(t.__class__ is ast.Name for t in target.elts) and all(pure(v) for v in value.elts)):
        return False
    pairs = [(t, v) for t, v in zip(target.elts, value.elts) if not unread(t)]
    if len(pairs) == len(target.elts) or not pairs:
        return False  # nothing to drop, or all of it (the caller drops the whole statement)
    if len(pairs) == 1:
        statement.targets, statement.value = [pairs[0][0]], pairs[0][1]
    else:
        target.elts, value.elts = [t for t, _v in pairs], [v for _t, v in pairs]
    return True


def _restated(block: list[ast.stmt], index: int) -> bool:
    """Is block[index] `if <no effect>: x = c` right after `x = c` (the same constant)? It changes nothing."""
    statement = block[index]
    if index == 0 or statement.__class__ is not ast.If or statement.orelse or len(statement.body) != 1 \
            or not pure(statement.test):
        return False
    before, inside = block[index - 1], statement.body[0]
    return (before.__class__ is ast.Assign and inside.__class__ is ast.Assign and len(before.targets) == 1
            and len(inside.targets) == 1 and before.targets[0].__class__ is ast.Name
            and inside.targets[0].__class__ is ast.Name and before.targets[0].id == inside.targets[0].id
            and constant_value(before.value)[0] and ast.dump(before.value) == ast.dump(inside.value))


def _overwritten(block: list[ast.stmt], index: int) -> bool:
    """Is block[index] `x = <no effect>` and the next statement `x = <something not reading x>`?
    (`need = 1` then `need = 1`: what the folder leaves of `need = 1; if t: need = 1`.)"""
    first = block[index]
    if index + 1 >= len(block) or first.__class__ is not ast.Assign or len(first.targets) != 1 \
            or first.targets[0].__class__ is not ast.Name or not pure(first.value):
        return False
    second = block[index + 1]
    name = first.targets[0].id
    return (second.__class__ is ast.Assign and len(second.targets) == 1 and second.targets[0].__class__ is ast.Name
            and second.targets[0].id == name
            and not any(n.__class__ is ast.Name and n.id == name for n in walk(second.value)))
