"""Interpreter hooks: how a rule module tells the oracle flow what its rules decide.

A rule module registers a plain function for the rules it realises:

    @hook("burning.after_pass", ...)
    def may_burn(g, seat) -> bool: ...

and the flow calls it by key at the point the rule decides: `ask("burning.after_pass", g, seat)`.
`g` is an `oracle.game.OracleGame`; hooks read the checked model as `g.v` and the
game state by its attribute names (listed in `oracle.game`).

This module imports only the registry, so rule modules can import it while
`model.schema` is still importing them.
"""
from __future__ import annotations

from typing import Any, Callable

from gouji_dsl.rules import spec


def hook(*keys: str) -> Callable:
    """Register the decorated function as the interpreter realisation of each rule in `keys`."""
    def register(fn: Callable) -> Callable:
        for key in keys:
            spec.register(key, "interpreter", fn)
        return fn
    return register


def reference_methods(methods: tuple[str, ...], *keys: str) -> None:
    """The rules `keys` are realised by these methods of `backends.reference.Reference`."""
    for key in keys:
        spec.register(key, "interpreter", spec.ReferenceFunction(methods))


def ask(key: str, *args: Any) -> Any:
    """Call the interpreter hook of rule `key` (an internal error if it has none)."""
    fn = spec.facet(key, "interpreter")
    if not callable(fn):
        raise spec.DefinitionError(f"rule {key} has no interpreter hook (found {fn!r})")
    return fn(*args)
