"""Adapters that make every engine a game of a research framework.

- `gouji_dsl.integrations.openspiel`: each variant as a pyspiel game `gouji_<name>`
  (`pip install 'gouji-dsl[openspiel]'`);
- `gouji_dsl.integrations.pettingzoo`: `env(variant)`, an AEC environment with action masks
  (`pip install 'gouji-dsl[pettingzoo]'`).

Both drive the engine's research API (runtime/action_ids.py, observe.py, resample.py,
bounds.py) and import their framework only when imported themselves.
"""
from __future__ import annotations

__all__ = ["VariantError", "load_variant"]


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
