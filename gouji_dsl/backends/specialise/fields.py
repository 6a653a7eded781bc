"""The specialised game's fields and the methods that go over all of them.

`State` (runtime/state.py) lists every field of a game with its type, default and scope; its
`_reset_deal`, `_reset_round`, `clone` and `_take_state` go over that list at run time. A
specialised game has the same fields, declared with their types in its class body (a compiled
engine keeps them as native attributes), and those four methods written out field by field
from the same list, here: nothing to look up when a round starts or a game is copied.
"""
from __future__ import annotations

import ast
import dataclasses
import random
from enum import Enum

from gouji_dsl.backends.specialise.known import literal, literal_node
from gouji_dsl.backends.specialise.source import parsed_class
from gouji_dsl.runtime import state

# How a field is made afresh, by its default factory.
_FACTORIES = {list: "[]", set: "set()", dict: "{}", state._no_cards: "[0] * 15"}
# How clone copies a field that has a copier of its own (state.COPIERS); `{v}` is the value.
_COPIES = {
    "_copy_hands": "[list(hand) for hand in {v}]",
    # From the first lead on nothing draws from the random source: the copy shares it.
    "_copy_rng": "{v} if self.phase is Phase.PLAY else _copy_rng({v})",
    "_copy_trail": "None if {v} is None else list({v})",
}


class FieldError(Exception):
    """A field of State the generator cannot write out (a default or copier it does not know)."""


def _default(f: dataclasses.Field) -> str:
    if f.default_factory is not dataclasses.MISSING:
        made = _FACTORIES.get(f.default_factory)
        if made is None:
            raise FieldError(f"State.{f.name}: no code known for its default factory {f.default_factory!r}")
        return made
    value = f.default
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if literal(value):
        return ast.unparse(literal_node(value))
    raise FieldError(f"State.{f.name}: its default {value!r} cannot be written as code")


def _scope(name: str) -> list[dataclasses.Field]:
    return [f for f in state.FIELDS if f.metadata["scope"] == name]


def declarations() -> list[str]:
    """`name: type` of every field, for the class body, the types as State's source writes them
    (a compiled State's fields hold evaluated types)."""
    written = written_types()
    return [f"{f.name}: {written[f.name]}" for f in state.FIELDS]


def written_types() -> dict[str, str]:
    """The annotation of each field of State, as written in runtime/state.py."""
    return {node.target.id: ast.unparse(node.annotation) for node in parsed_class(state, "State").body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


def reset_method(scope: str) -> str:
    fields = _scope(scope)
    what = "deal" if scope == "deal" else "round"
    lines = [f"def _reset_{scope}(self) -> None:",
             f'    """Every {what} field back to its value before the {what}."""']
    lines += [f"    self.{f.name} = {_default(f)}" for f in fields]
    return "\n".join(lines)


def _copy_expression(f: dataclasses.Field) -> str:
    value = f"self.{f.name}"
    copier = state.COPIERS.get(f.name)
    if copier is not None:
        template = _COPIES.get(copier.__name__)
        if template is None:
            raise FieldError(f"State.{f.name}: no code known for its copier {copier.__name__}")
        return template.format(v=value)
    if f.name in state._COPIED:
        return f"{value}.copy()"
    return value


def clone_method(class_name: str) -> str:
    lines = ["def clone(self):",
             '    """An independent copy: later moves on either leave the other unchanged."""',
             f"    other = {class_name}.__new__({class_name})"]
    lines += [f"    other.{f.name} = {_copy_expression(f)}" for f in state.FIELDS]
    lines.append("    return other")
    return "\n".join(lines)


def take_method() -> str:
    lines = ["def _take_state(self, other) -> None:",
             '    """Become `other` (its fields, not copies of them): `undo_action` replays into a new game\n'
             '    and takes its state."""']
    lines += [f"    self.{f.name} = other.{f.name}" for f in state.FIELDS]
    return "\n".join(lines)


def methods(class_name: str) -> list[str]:
    """The field methods of a specialised game, as source (one function each, unindented)."""
    return [reset_method("deal"), reset_method("round"), clone_method(class_name), take_method()]


# Names the field methods and declarations use, and where they come from.
IMPORTS = {"Phase": state.Phase, "_copy_rng": state._copy_rng, "Rules": state.Rules, "Match": state.Match,
           "random": random}
