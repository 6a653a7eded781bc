"""What is known when an engine is built: the variant's settings and card functions.

The generated module is executed once before its game is specialised; its namespace holds the
variant's `RULES` and the card functions `RULES` points at. `Known` answers, for a read of a
setting (`self.r.pass_rule`), the expression that stands for it in the specialised game:

- a value Python can write as a literal (None, a bool, int, str, a tuple of such) is written as
  that literal, so the folder can decide the branches it guards;
- a function or object the module defines (`answers`, the pattern notation `_KINDS`) is named by
  its global name in the module;
- anything else (the seat tables `teams` and `opposite`) by a constant of the module,
  `_RULE_TEAMS = RULES.teams`, read once at import.

Calls of a few pure functions with constant arguments (`seats_after(6)`) are evaluated at build
time too: their value becomes a constant of the module, defined by the call itself.
"""
from __future__ import annotations

import ast
import builtins
import types
from typing import Any

from gouji_dsl.backends.specialise.trees import rewrite
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime import state

RULES_NAME = "RULES"
MAX_LITERAL = 64  # items of a tuple written out as a literal; a longer one is named


def literal(value: Any) -> bool:
    """Can `value` be written as a Python literal whose evaluation gives it back, equal?"""
    kind = type(value)
    if value is None or kind in (bool, int, float):
        return True
    if kind is str:
        return len(value) <= 200
    if kind is tuple:
        return len(value) <= MAX_LITERAL and all(literal(v) for v in value)
    return False


def literal_node(value: Any) -> ast.expr:
    if type(value) is tuple:
        return ast.Tuple([literal_node(v) for v in value], ast.Load())
    if type(value) in (int, float) and value < 0:
        return ast.UnaryOp(ast.USub(), ast.Constant(-value))
    return ast.Constant(value)


def known_name(name: str, value: Any) -> ast.Name:
    """A global name whose value is known at build time (a card function, a notation, a
    table): `known_value` sees through it, `constant_value` does not (it is no literal)."""
    node = ast.Name(name, ast.Load())
    node.known = (value,)  # type: ignore[attr-defined]
    return node


def known_value(node: ast.expr) -> tuple[bool, Any]:
    """(True, value) if `node` is a literal or a `known_name`, else (False, None)."""
    known = getattr(node, "known", None)
    if known is not None:
        return True, known[0]
    return constant_value(node)


def constant_value(node: ast.expr) -> tuple[bool, Any]:
    """(True, value) if `node` is a literal (as literal_node writes them), else (False, None)."""
    if isinstance(node, ast.Constant):
        return True, node.value
    if isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load):
        values = []
        for item in node.elts:
            ok, value = constant_value(item)
            if not ok:
                return False, None
            values.append(value)
        return True, tuple(values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and isinstance(node.operand.value, (int, float)) and not isinstance(node.operand.value, bool):
        return True, -node.operand.value
    return False, None


# Functions whose result depends on their arguments alone (and which never fail on the
# arguments a flow passes them): a call with literal arguments is evaluated at build time.
PURE_FUNCTIONS: dict[str, Any] = {
    "seats_after": state.seats_after,
    "rt.kinds": rt.kinds,
    "len": builtins.len, "min": builtins.min, "max": builtins.max, "sum": builtins.sum,
    "bool": builtins.bool, "tuple": builtins.tuple, "sorted": builtins.sorted,
}


class Known:
    """The build-time values of one engine module (its namespace after execution)."""

    def __init__(self, namespace: dict[str, Any], returns: dict[str, Any] | None = None):
        self.namespace = namespace
        self.rules = namespace[RULES_NAME]
        # The module's functions that return a constant (constants.constant_functions), by identity.
        self.returns: dict[int, Any] = {id(namespace[name]): value for name, value in (returns or {}).items()
                                        if name in namespace}
        # Module constants the specialised game needs: name -> the expression that defines it.
        self.constants: dict[str, str] = {}
        # The module's names the folder has put into the game (a card function, a notation).
        self.inserted: set[str] = {RULES_NAME}
        self._rule_fields: set[str] | None = None
        self._values: dict[str, Any] = {}
        # Each object the module binds, by identity: its public name first (then the shortest).
        self._names: dict[int, str] = {}
        for name in sorted(namespace, key=lambda n: (n.startswith("_"), len(n), n)):
            self._names.setdefault(id(namespace[name]), name)

    def rule_fields(self) -> set[str]:
        """The names a Rules object answers: its fields and properties."""
        if self._rule_fields is None:
            names = {f for f in type(self.rules).__dataclass_fields__}
            # Properties (pattern_plays): a compiled Rules has them as getset descriptors.
            names.update(n for n, v in vars(type(self.rules)).items()
                         if isinstance(v, (property, types.GetSetDescriptorType)) and not n.startswith("_"))
            self._rule_fields = names
        return self._rule_fields

    def rule(self, attr: str, taken: set[str]) -> ast.expr:
        """What stands for `RULES.<attr>` in a function whose local names are `taken`."""
        value = getattr(self.rules, attr)
        if literal(value):
            return literal_node(value)
        name = self._names.get(id(value))
        if name is None or name in taken or name == RULES_NAME:
            name = self.constant(f"_RULE_{attr.upper()}", f"{RULES_NAME}.{attr}", value)
        self.inserted.add(name)
        return known_name(name, value)

    def global_name(self, value: Any) -> str | None:
        """The engine module's own name for an object, if it binds one."""
        return self._names.get(id(value))

    def constant(self, name: str, source: str, value: Any) -> str:
        """A module constant `name = source` (whose value is `value`); its name."""
        if self.constants.get(name, source) != source:
            raise ValueError(f"two constants named {name}: {self.constants[name]} and {source}")
        self.constants[name] = source
        self._values[name] = value
        return name

    def drop_unused(self, read: set[str]) -> None:
        """Forget the constants nothing reads."""
        for name in [n for n in self.constants if n not in read]:
            del self.constants[name]
            del self._values[name]

    def value_of(self, name: str) -> tuple[bool, Any]:
        """(True, value) for a module constant this specialisation made."""
        if name in self._values:
            return True, self._values[name]
        return False, None

    def call(self, function: str, args: list[Any], source: str, taken: set[str]) -> ast.expr | None:
        """The value of a pure function's call with constant arguments, or None when the
        function is not known to be pure (or the call fails: it is left to run)."""
        fn = PURE_FUNCTIONS.get(function)
        if fn is None:
            return None
        try:
            value = fn(*args)
        except Exception:  # noqa: BLE001 - a call that fails at build time fails at run time too, where it belongs
            return None
        if literal(value):
            return literal_node(value)
        name = self._names.get(id(value))
        if name is None or name in taken:
            base = "".join(c if c.isalnum() else "_" for c in source).strip("_").upper()
            name = self.constant(f"_{base}"[:60], source, value)
        self.inserted.add(name)
        return known_name(name, value)


def _constant_name(name: str) -> bool:
    """A module constant by the naming convention: upper case (`PASS`, `MAX_REDEALS`)."""
    return name.lstrip("_").isupper()


def settings_and_constants(fn: ast.FunctionDef, module_globals: dict[str, Any], taken: set[str]) -> None:
    """Before folding: `self.r` (read) becomes `RULES`, the one Rules a specialised game ever has; a
    module constant of the flow's own modules with a literal value (`PASS = "pass"`) becomes that
    literal, so the folder can decide comparisons with it and the game reads no global for it."""
    def replace(node: ast.AST) -> ast.AST | None:
        if isinstance(node, ast.Attribute) and node.attr == "r" and isinstance(node.value, ast.Name) \
                and node.value.id == "self" and isinstance(node.ctx, ast.Load):
            return ast.copy_location(ast.Name(RULES_NAME, ast.Load()), node)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and _constant_name(node.id) \
                and node.id not in taken and node.id in module_globals and literal(module_globals[node.id]):
            return ast.copy_location(literal_node(module_globals[node.id]), node)
        return None

    rewrite(fn, replace)


def own_names(fn: ast.FunctionDef, known: "Known", taken: set[str]) -> None:
    """After folding: a constant the folder made for a value the engine module has a name for
    (`_RULE_HAS_ANSWER`, needed while a local of that name was in the way) read by that name where
    nothing is in the way any more: a compiled engine calls its own function directly."""
    def replace(node: ast.AST) -> ast.AST | None:
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
            return None
        ok, value = known.value_of(node.id)
        if not ok:
            return None
        name = known.global_name(value)
        if name is None or name in taken or name == RULES_NAME:
            return None
        known.inserted.add(name)
        return ast.copy_location(known_name(name, value), node)

    rewrite(fn, replace)
