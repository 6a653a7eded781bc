"""Which methods a specialised game still needs.

A method stays if it is part of the game's API (public or a dunder), if code outside the flow
calls it on a game (the research API's mixins, `new_position`, the bots: every attribute name
read in the package outside the flow's own modules counts, which keeps a few too many and never
too few), or if a method that stays calls it. The rest is what folding left unreachable: in a
game without burning, `_may_burn`, `_fail_burn` and `_restore_burned`.
"""
from __future__ import annotations

import ast
from pathlib import Path

import gouji_dsl
from gouji_dsl.backends.specialise.source import FLOW_CLASSES, source_path
from gouji_dsl.backends.specialise.trees import walk

# The subpackages whose code calls methods of games.
GAME_USERS = ("runtime", "bots", "sim", "play", "integrations")
_OUTSIDE: list[frozenset[str]] = []


def outside_names() -> frozenset[str]:
    """Every attribute name read outside the flow's modules where games are used: the runtime
    (the research API's mixins, `new_position`), the bots, the simulator, self-play and the
    conformance runner, the integrations."""
    if not _OUTSIDE:
        root = Path(gouji_dsl.__file__).resolve().parent
        flow_files = {source_path(module).resolve() for module, _cls in FLOW_CLASSES}
        names: set[str] = set()
        for path in sorted(p for folder in GAME_USERS for p in (root / folder).glob("*.py")):
            if path.resolve() in flow_files:
                continue
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, UnicodeDecodeError):
                continue
            names.update(n.attr for n in walk(tree) if isinstance(n, ast.Attribute))
        _OUTSIDE.append(frozenset(names))
    return _OUTSIDE[0]


def _kept_by_api(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def prune(methods: dict[str, ast.FunctionDef], also_needed: set[str],
          attributes: dict[str, set[str]] | None = None) -> bool:
    """Drop the methods nothing needs (in place); whether any was dropped. `also_needed`: names
    the rest of the specialised class reads (its field methods, its delegates); `attributes`: the
    attribute names each method reads, if known."""
    outside = outside_names()
    needed = {name for name in methods if _kept_by_api(name) or name in outside or name in also_needed}
    todo = list(needed)
    while todo:
        name = todo.pop()
        read = attributes[name] if attributes is not None else {
            n.attr for n in walk(methods[name]) if isinstance(n, ast.Attribute)}
        for attr in read:
            if attr in methods and attr not in needed:
                needed.add(attr)
                todo.append(attr)
    dropped = [name for name in methods if name not in needed]
    for name in dropped:
        del methods[name]
    return bool(dropped)
