"""The names a specialised game reads, and the imports that bind them in its module.

A method's free names mean what they meant in the module it was written in (runtime/flow.py,
setup.py or state.py). Each is imported into the engine module from where it is defined: a
function or class from its own module, a module as itself, any other value (a table, a shared
action, a phase) from the first runtime module that binds it. A name the engine module already
binds to the same object needs nothing; one it binds to something else is renamed in the game
(`_flow_<name>`) and imported under that name.
"""
from __future__ import annotations

import ast
import builtins
import sys
from types import ModuleType
from typing import Any

from gouji_dsl.backends.specialise.trees import walk
from gouji_dsl.runtime import actions, cards, flow, setup, state

# Where a value that is neither a function, a class nor a module is imported from: the first
# of these that binds it (the one that defines it, before those that import it).
_HOMES = (cards, actions, state, setup, flow)


def free_names(fn: ast.AST) -> set[str]:
    """Names a function (or expression) reads that it does not bind (nor are builtins)."""
    bound: set[str] = set()
    read: set[str] = set()
    for node in walk(fn):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
    return {n for n in read - bound if not hasattr(builtins, n)}


def _import_line(name: str, value: Any) -> str:
    if isinstance(value, ModuleType):
        package, _, last = value.__name__.rpartition(".")
        if last == name and package:
            return f"from {package} import {last}"
        return f"import {value.__name__} as {name}" if package else f"import {value.__name__}"
    home = getattr(value, "__module__", None) if callable(value) and not isinstance(value, (type(None),)) else None
    qualname = getattr(value, "__qualname__", None)
    if home and qualname and "." not in qualname and home in sys.modules \
            and getattr(sys.modules[home], qualname, None) is value:
        return f"from {home} import {qualname}" + (f" as {name}" if qualname != name else "")
    for module in _HOMES:
        for key, bound in vars(module).items():
            if bound is value and key == name:
                return f"from {module.__name__} import {name}"
    raise LookupError(f"cannot import {name!r} for the specialised game: no runtime module binds it")


class Imports:
    """The imports of one specialised game, made as its methods are read."""

    def __init__(self, namespace: dict[str, Any]):
        self.namespace = namespace
        self.lines: set[str] = set()
        self.renames: dict[str, str] = {}   # a name of the flow's -> its name in the engine module

    def need(self, name: str, value: Any) -> str:
        """Make `name` (meaning `value`) readable in the engine module; the name to use there."""
        if name in self.namespace and self.namespace[name] is value:
            return name
        if not isinstance(value, (int, str, bool, tuple)):  # an object the module has under another name
            for other in sorted(self.namespace):
                if self.namespace[other] is value:
                    self.renames[name] = other
                    return other
        target = name if name not in self.namespace else f"_flow_{name}"
        line = _import_line(name, value)
        if target != name:
            line = line.rsplit(" as ", 1)[0] if " as " in line else line
            line += f" as {target}"
            self.renames[name] = target
        self.lines.add(line)
        return target

    def resolve(self, fn: ast.FunctionDef, module: ModuleType, own: set[str], free: set[str] | None = None) -> None:
        """Import every free name of `fn` (as `module` binds it), renaming where the engine's own
        names are in the way; `own`: the names the specialiser put in, which mean the engine
        module's own objects (its card functions, its constants, the class); `free`: the free
        names of `fn`, if known."""
        renames: dict[str, str] = {}
        for name in sorted((free_names(fn) if free is None else free) - own):
            if name not in vars(module):
                raise LookupError(f"{fn.name} reads {name!r}, which {module.__name__} does not bind")
            target = self.need(name, vars(module)[name])
            if target != name:
                renames[name] = target
        if renames:
            for node in ast.walk(fn):
                if isinstance(node, ast.Name) and node.id in renames:
                    node.id = renames[node.id]

    def sorted_lines(self) -> list[str]:
        return sorted(self.lines)


def merged(lines: list[str]) -> list[str]:
    """Import lines merged: one `from M import a, b as c` per module (names sorted), plain
    imports after them, all sorted."""
    froms: dict[str, set[str]] = {}
    plain: set[str] = set()
    for line in lines:
        words = line.split()
        if words[0] == "from":
            names = line.split(" import ", 1)[1]
            froms.setdefault(words[1], set()).update(n.strip() for n in names.split(","))
        else:
            plain.add(line)
    out = [f"from {module} import {', '.join(sorted(names, key=lambda n: (n.split(' as ')[0], n)))}"
           for module, names in sorted(froms.items())]
    return sorted(plain) + out
