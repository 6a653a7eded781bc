"""What a variant's game can be seen never to change: card functions that return a constant,
fields that keep their first value, containers that stay empty.

A Shuangkou engine's `is_gouji` returns False, so its game's `top_gouji` is only ever set to
False; then `_in_force()` is False, and everything the 级牌 rules do is out of reach. The folder
cannot see that from the settings alone: it needs to know (1) which of the engine module's
functions return a constant (read from the module's source: a function whose body is
`return <constant>`), and (2) which fields of the game are, in the specialised methods, only ever
set to their default (a scalar), or emptied and never filled (a set, list or dict). Reads of such
a field are then that value (`x in self.headless` is False when nothing ever adds to `headless`).

A field written anywhere outside the flow (a position set up by `new_position`, the research
API, an adapter: every attribute stored in the package outside the flow's modules counts) is
never taken to be constant.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from gouji_dsl.backends.specialise.fold import pure
from gouji_dsl.backends.specialise.known import constant_value, literal
from gouji_dsl.backends.specialise.reach import GAME_USERS
from gouji_dsl.backends.specialise.source import FLOW_CLASSES, PACKAGE, source_path
from gouji_dsl.backends.specialise.trees import rewrite, walk
from gouji_dsl.runtime import flow, state

# Calls on a container that fill it (an always-empty container has none of these).
_FILLING = {"add", "append", "insert", "extend", "update", "setdefault", "__setitem__", "__ior__"}
# Methods that copy every field as it is (other.f = self.f): they change no field's value.
FIELD_COPIES = ("clone", "_take_state")

_STORED_OUTSIDE: list[frozenset[str]] = []


def constant_functions(module_source: str) -> dict[str, Any]:
    """The engine module's functions whose body is `return <literal>` (a docstring aside): name -> value."""
    found = {}
    for node in ast.parse(module_source).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
            ok, value = constant_value(body[0].value)
            if ok and literal(value):
                found[node.name] = value
    return found


# The names code outside the flow gives a game it changes (runtime/game.py's new_position and
# runtime/resample.py say `game`); and, in the research API's mixins, `self` is the game.
GAME_NAMES = ("game", "g")


def stored_outside() -> frozenset[str]:
    """Every field of a game that code outside the flow's modules changes (where games are used):
    stores (`game.opened = ...`), stores into (`game.place_of[s] = ...`), fills
    (`game.finish_order.append(s)`) and changes in place (`game.opened |= ...`), made on a game:
    a name of GAME_NAMES, or `self` in a method of one of the Game's mixins. Other objects with
    attributes of the same names (an observer's view, a record) are not games.
    tests/test_specialise.py checks that no module changes such an attribute of anything else
    unknown. A setattr there would make every field count (none does)."""
    if not _STORED_OUTSIDE:
        names: set[str] = set()
        for path, tree in _game_user_trees():
            mixins = _mixin_classes(tree)
            for node in walk(tree):
                if isinstance(node, ast.ClassDef) and node.name in mixins:
                    names.update(n for n, receiver in changes(node) if receiver == "self")
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                    names.update(f.name for f in state.FIELDS)
            names.update(n for n, receiver in changes(tree) if receiver in GAME_NAMES)
        _STORED_OUTSIDE.append(frozenset(names))
    return _STORED_OUTSIDE[0]


def _game_user_trees() -> list[tuple[Path, ast.Module]]:
    """The modules of the package (outside the flow's) where games are used, parsed."""
    flow_files = {source_path(module) for module, _cls in FLOW_CLASSES}
    trees = []
    for path in sorted(p for folder in GAME_USERS for p in (PACKAGE / folder).glob("*.py")):
        if path in flow_files:
            continue
        try:
            trees.append((path, ast.parse(Path(path).read_text(encoding="utf-8"))))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
    return trees


def _mixin_classes(tree: ast.Module) -> set[str]:
    """The classes of this module that the Game mixes in (their `self` is a game)."""
    bases = {cls.__name__ for cls in flow.Game.__mro__}
    return {node.name for node in tree.body if isinstance(node, ast.ClassDef) and node.name in bases}


def changes(tree: ast.AST) -> list[tuple[str, str]]:
    """(attribute, receiver text) of every change of an attribute under `tree` (see stored_outside)."""
    found = []
    for node in walk(tree):
        name = _changed_attribute(node)
        if name is None:
            continue
        if isinstance(node, ast.Attribute):
            receiver: ast.expr = node.value
        elif isinstance(node, ast.Subscript):
            receiver = node.value.value  # type: ignore[attr-defined]
        elif isinstance(node, ast.AugAssign):
            receiver = node.target.value  # type: ignore[union-attr]  # an AugAssign of an attribute (see _changed_attribute)
        else:
            receiver = node.func.value.value  # type: ignore[attr-defined]
        found.append((name, ast.unparse(receiver)))
    return found


def _changed_attribute(node: ast.AST) -> str | None:
    """The attribute name a node stores into, or fills, if it does."""
    if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
        return node.attr
    if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Attribute):
        return node.value.attr
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute):
        return node.target.attr
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _FILLING \
            and isinstance(node.func.value, ast.Attribute):
        return node.func.value.attr
    return None


def _default(field) -> tuple[str, Any]:
    """('scalar', value) for a field with a literal default, ('empty', kind) for a container made
    empty, ('other', None) otherwise."""
    if field.default_factory is not state.dataclasses.MISSING:
        if field.default_factory in (list, set, dict):
            return "empty", field.default_factory
        return "other", None
    if literal(field.default):
        return "scalar", field.default
    return "other", None


def _empty(node: ast.expr, kind: type) -> bool:
    """Is `node` an empty container of this kind (`[]`, `set()`, `{}`)?"""
    if kind is list:
        return isinstance(node, ast.List) and not node.elts
    if kind is dict:
        return isinstance(node, ast.Dict) and not node.keys
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "set" and not node.args


def constant_fields(methods: dict[str, ast.FunctionDef]) -> dict[str, tuple[str, Any]]:
    """The fields the specialised methods never change: name -> ('scalar', value) or ('empty', kind)."""
    outside = stored_outside()
    candidates = {f.name: _default(f) for f in state.FIELDS if f.metadata["scope"] in ("deal", "round")}
    candidates = {name: how for name, how in candidates.items() if how[0] != "other" and name not in outside}
    for name, fn in methods.items():
        if name in FIELD_COPIES:
            continue
        parents: dict[int, ast.AST] | None = None  # made when first needed: most methods never do
        for node in walk(fn):
            if isinstance(node, ast.Attribute) and node.attr in candidates and _on_self(node):
                if not isinstance(node.ctx, ast.Load):
                    _check_store(node, fn, candidates)  # self.f = value
                elif candidates[node.attr][0] == "empty":
                    if parents is None:
                        parents = _parents(fn)
                    if not _looks_only(node, parents):
                        candidates.pop(node.attr)  # a container read some other way may be filled through it
            else:
                changed = _changed_attribute(node)
                if changed is not None:
                    candidates.pop(changed, None)  # self.f.add(x), self.f[k] = v, self.f += ...
    return candidates


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id == "self"


def _parents(fn: ast.FunctionDef) -> dict[int, ast.AST]:
    return {id(child): node for node in walk(fn) for child in ast.iter_child_nodes(node)}


def _tested(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Is only the truth of `node` used (it is an if's, while's or conditional's test, through
    `and`, `or` and `not`)? A container in `a or b` is the value of it, unless that is tested."""
    while True:
        parent = parents.get(id(node))
        if isinstance(parent, (ast.If, ast.While, ast.IfExp)):
            return parent.test is node
        if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
            return True  # `not x` is a bool whatever x is
        if isinstance(parent, ast.BoolOp):
            node = parent
            continue
        return False


def _looks_only(node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """Is this read of a container one that can only look at it: `x in self.f`, `len(self.f)`,
    its truth, or a method of it that does not fill it (`self.f.discard(x)`)?"""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Compare):
        return node is not parent.left and all(isinstance(op, (ast.In, ast.NotIn)) for op in parent.ops)
    if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.BoolOp)) or (
            isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)):
        return _tested(node, parents)
    if isinstance(parent, ast.Call):
        return isinstance(parent.func, ast.Name) and parent.func.id in ("len", "bool") and len(parent.args) == 1
    if isinstance(parent, ast.Attribute):  # self.f.method: a call that fills it was found above
        return parent.attr not in _FILLING
    return False


def _check_store(node: ast.Attribute, fn: ast.FunctionDef, candidates: dict) -> None:
    """Keep the field a candidate only if every value stored in it is its default."""
    for statement in walk(fn):
        if isinstance(statement, ast.Assign) and any(t is node for target in statement.targets for t in walk(target)):
            how, default = candidates[node.attr]
            if len(statement.targets) == 1 and statement.targets[0] is node:
                ok, constant = constant_value(statement.value)
                if (how == "scalar" and ok and constant == default and type(constant) is type(default)) \
                        or (how == "empty" and _empty(statement.value, default)):
                    return
            candidates.pop(node.attr, None)
            return
        if isinstance(statement, ast.AnnAssign) and statement.target is node:
            how, default = candidates[node.attr]
            if statement.value is not None and how == "empty" and _empty(statement.value, default):
                return
            candidates.pop(node.attr, None)
            return
    candidates.pop(node.attr, None)  # stored some other way (a for loop's target, del)


def read_constant_fields(fn: ast.FunctionDef, fields: dict[str, tuple[str, Any]]) -> bool:
    """Reads of `self.<field>` for a constant field replaced by its value (an always-empty
    container by an empty tuple: what `in`, `len` and truth see of it); whether any was."""
    changed = False

    def replace(node: ast.AST) -> ast.AST | None:
        nonlocal changed
        if isinstance(node, ast.Attribute) and node.attr in fields and isinstance(node.ctx, ast.Load) \
                and _on_self(node):
            how, value = fields[node.attr]
            changed = True
            if how == "scalar":
                return ast.copy_location(ast.Constant(value), node)
            return ast.copy_location(ast.Tuple([], ast.Load()), node)
        return None

    def guarded(node: ast.AST) -> ast.AST | None:
        # A method call on the field (self.f.discard(x)) keeps reading the field itself.
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in fields:
            for arg in node.args:
                rewrite(arg, replace)
            return node
        return replace(node)

    rewrite(fn, guarded)
    return _drop_idle_statements(fn, fields) or changed


# Calls on an empty container that change nothing (a field never filled is always empty).
_IDLE_ON_EMPTY = {"discard", "clear"}


def _drop_idle_statements(fn: ast.FunctionDef, fields: dict[str, tuple[str, Any]]) -> bool:
    """Drop the statements that change nothing of a constant field: `self.f = <its value>`,
    `self.f.discard(x)` / `self.f.clear()` of a container never filled (x without effect)."""
    def idle(statement: ast.stmt) -> bool:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Attribute) and target.attr in fields and _on_self(target):
                how, value = fields[target.attr]
                ok, stored = constant_value(statement.value)
                return (how == "scalar" and ok and stored == value and type(stored) is type(value)) or (
                    how == "empty" and _empty(statement.value, value))
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            call = statement.value
            return (isinstance(call.func, ast.Attribute) and call.func.attr in _IDLE_ON_EMPTY
                    and isinstance(call.func.value, ast.Attribute) and _on_self(call.func.value)
                    and fields.get(call.func.value.attr, ("",))[0] == "empty" and not call.keywords
                    and all(pure(a) for a in call.args))
        return False

    changed = False
    for node in walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [s for s in block if not idle(s)]
                if len(kept) != len(block):
                    changed = True
                    setattr(node, field, kept or ([ast.Pass()] if field == "body" else []))
    return changed
