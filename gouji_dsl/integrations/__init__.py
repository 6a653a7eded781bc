"""Adapters that make every engine a game of a research framework.

- `gouji_dsl.integrations.openspiel`: each variant as a pyspiel game `gouji_<name>`
  (`pip install 'gouji-dsl[openspiel]'`);
- `gouji_dsl.integrations.pettingzoo`: `env(variant)`, an AEC environment with action masks
  (`pip install 'gouji-dsl[pettingzoo]'`).

Both drive the engine's research API (runtime/action_ids.py, observe.py, resample.py,
bounds.py) and import their framework only when imported themselves.
"""
from __future__ import annotations


from gouji_dsl.messages import Message, msg
from gouji_dsl.runtime.actions import describe

__all__ = ["VariantError", "load_variant", "shown", "whole_number"]


class VariantError(LookupError, ValueError):
    """A variant an adapter cannot play: an unknown name, a missing file, an abstract variant,
    or a rule file with errors (the message shows each, located; `diagnostics` holds them).
    A LookupError like `gouji_dsl.engine`'s for an unknown name, and a ValueError."""

    def __init__(self, message: str, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


def load_variant(variant):
    """(engine, workspace, resolved name) of a standard variant's name or a rule file's path,
    as `gouji_dsl.engine` finds them; VariantError, with the reason, when there is none."""
    import os

    from gouji_dsl import engines
    from gouji_dsl.diagnostics import RuleErrors, UsageError, render_report
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.messages import msg

    if not isinstance(variant, (str, os.PathLike)):
        raise TypeError(f"a variant is a name such as 'lianzhong' or a rule file's path, not {type(variant).__name__}")
    text = os.fspath(variant)
    ws = Workspace.for_user()
    try:
        name = ws.resolve_argument(text)
        return engines.load(ws, name), ws, name
    except UsageError as exc:
        raise VariantError(str(msg("syntax.with_hint", message=exc.message, hint=exc.hint)
                               if exc.hint else exc.message)) from None
    except RuleErrors as exc:
        shown = "\n".join(render_report(exc.diagnostics, ws.sources))
        raise VariantError(str(msg("commands.integrations.has_errors", variant=text, count=len(exc.diagnostics),
                                   errors=shown)), exc.diagnostics) from None


def whole_number(value, what: Message) -> int:
    """`value`, an id, player or seed a caller gives an adapter, as an int: an int or a numpy
    integer. TypeError, saying what was given, for anything else, a bool above all: True is 1
    to Python (and to pybind11, which hands pyspiel True as 1), but step(True) is no id 1.
    `what` names the value in the message (msg("commands.integrations.a_player"), say)."""
    if value.__class__ is int:
        return value
    if type(value).__name__ not in ("bool", "bool_"):  # numpy's bool is numpy.bool (numpy.bool_ before 2.0)
        # The value's own __index__, called directly: operator.index turns an __index__ that
        # answers True into 1 (Python 3.11 only warns), and a bool is no id.
        index = getattr(type(value), "__index__", None)
        number = index(value) if index is not None else None
        if number.__class__ is int:
            return number
    raise TypeError(str(msg("commands.integrations.not_an_int", what=what, kind=type(value).__name__,
                            value=shown(value))))


def shown(value) -> str:
    """`value` for an error message: numpy's own repr for a numpy value (np.True_, np.float64(1.0)),
    else the runtime's safe description, which calls no __repr__ of the value's."""
    if type(value).__module__ == "numpy":
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."
    return describe(value)
