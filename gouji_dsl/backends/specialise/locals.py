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


def propagate(fn: ast.FunctionDef, found: Names) -> bool:
    """Replace each local bound once, to a constant or a global name, by that value, dropping
    the binding; whether anything changed. (Bound once, a local holds that value wherever it is
    read; only a read the original could not make, before the binding ran, now reads it too.)
    `found`: the names the function binds and reads."""
    bound = found.bound
    values: dict[str, ast.expr] = {}

    def keep(statement: ast.stmt) -> bool:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name) and bound.get(statement.targets[0].id) == 1:
            name, value = statement.targets[0].id, statement.value
            if isinstance(value, ast.Name) and value.id == name:
                return False  # `x = x`: x was a global put in by the folder; reads of x now reach it
            if constant_value(value)[0] or (isinstance(value, ast.Name) and value.id not in bound):
                values[name] = value
                return False
        return True

    changed = False
    for node in walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [s for s in block if keep(s)]
                if len(kept) != len(block):
                    changed = True
                    setattr(node, field, kept or ([ast.Pass()] if field == "body" else []))
    if values:
        _replace_names(fn, values)
    return changed


def drop_unused(fn: ast.FunctionDef, found: Names) -> bool:
    """Drop assignments, at any depth, of a name nothing reads, when the value has no effect
    (`found`: the names the function binds and reads, or more)."""
    reads = found.read
    changed = False

    def unread(target: ast.expr) -> bool:
        if isinstance(target, ast.Name):
            return not reads.get(target.id)
        return isinstance(target, ast.Tuple) and all(unread(t) for t in target.elts)

    def keep(statement: ast.stmt) -> bool:
        nonlocal changed
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and unread(statement.targets[0]) \
                and pure(statement.value):
            changed = True
            return False
        return True

    for node in walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [s for s in block if keep(s)]
                if len(kept) != len(block):
                    setattr(node, field, kept or ([ast.Pass()] if field == "body" else []))
    return changed
