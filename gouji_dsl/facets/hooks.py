"""Interpreter hooks: how a rule module tells the oracle flow what its rules decide.

A rule module registers a plain function for the rules it realises:

    @hook("burning.after_pass", ...)
    def may_burn(g, seat) -> bool: ...

and the flow calls it by key at the point the rule decides: `ask("burning.after_pass", g, seat)`.
`g` is an `oracle.game.OracleGame`; hooks read the checked model as `g.v` and the
game state by its attribute names (the fields of `oracle.state.OracleState`; what the
hooks may touch of them is `facets.protocols.Game`).

This module imports only the registry and the rule fields, so rule modules can import it while
`model.schema` is still importing them.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from gouji_dsl.facets import spec
from gouji_dsl.model.fields import field_applies, field_named

# key -> what the flow is told when the variant's game does not have the rule (Shuangkou
# has no [burning]): a function of the hook's arguments, registered with the hook.
ABSENT: dict[str, Callable] = {}


def hook(*keys: str, absent: Callable | None = None) -> Callable:
    """Register the decorated function as the interpreter realisation of each rule in `keys`.
    `absent`: the answer (a function of the same arguments) in a game without the rule."""
    def register(fn: Callable) -> Callable:
        for key in keys:
            spec.register(key, "interpreter", fn)
            if absent is not None:
                ABSENT[key] = absent
        return fn
    return register


@functools.lru_cache(maxsize=None)
def _applies(section: str, name: str, game: str) -> bool:
    found = field_named(section, name)
    return found is not None and field_applies(found, game)


def _has_rule(v, key: str) -> bool:
    """Does variant `v` have rule `key` (its section, and the rule in its game)?"""
    section, name = key.split(".", 1)
    sec = v.sections.get(section)
    return sec is not None and _applies(section, name, v.game)


def reference_methods(methods: tuple[str, ...], *keys: str) -> None:
    """The rules `keys` are realised by these methods of `backends.reference.Reference`."""
    for key in keys:
        spec.register(key, "interpreter", spec.ReferenceFunction(methods))


def ask(key: str, *args: Any) -> Any:
    """Call the interpreter hook of rule `key` (an internal error if it has none)."""
    fn = spec.facet(key, "interpreter")
    if not callable(fn):
        raise spec.DefinitionError(f"rule {key} has no interpreter hook (found {fn!r})")
    v = getattr(args[0], "v", None) if args else None
    if v is not None and not _has_rule(v, key):
        absent = ABSENT.get(key)
        if absent is None:
            raise spec.DefinitionError(f"rule {key} is asked in game '{v.game}', which does not have it, and has no absent answer")
        return absent(*args)
    return fn(*args)
