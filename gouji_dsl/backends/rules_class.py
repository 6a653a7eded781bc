"""The settings part of `runtime.state.Rules`, written from the rules' registered settings.

`Rules` holds what the fast flow needs from a variant. Its data fields are the rules'
`spec.Setting`s, one each (the name, the annotation, and `absent` as the default where there is
one); nobody keeps that list by hand: `gouji build` writes it between the two marker lines of
runtime/state.py from `model.registry.settings()`, and `gouji build --check` fails while it is not
what the rules say. A generated engine passes only the settings whose value is not that default,
so a rule added with its do-nothing value as `absent` rewrites no engine of a variant that leaves
it alone.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from gouji_dsl.facets import spec
from gouji_dsl.model import registry
from gouji_dsl.backends.specialise.source import source_path
from gouji_dsl.runtime import state

BEGIN = "    # --- the settings: written by `gouji build` from the rules' spec.Settings (backends/rules_class.py) ---"
END = "    # --- end of the settings ---"
# Annotations `mypy --strict gouji_dsl/runtime` refuses without their items' types: a setting annotated
# so is written with an ignore saying why, until its Setting's annotation gives them ("tuple[int, ...]").
BARE_GENERICS = frozenset({"tuple", "list", "dict", "set", "frozenset"})


def state_path() -> Path:
    # Not state.__file__: in a compiled copy (gouji build --compiled) that names the extension
    # module, or the relative path it was compiled from.
    return source_path(state)


def defaults() -> dict[str, Any]:
    """Each setting's default, where it has one (its `absent`)."""
    return {s.name: s.absent for _key, s in registry.settings() if s.absent is not spec.NO_ABSENT}


def is_default(name: str, value: Any, known: dict[str, Any]) -> bool:
    """Is `value` the setting's default (of the same type: 0 is not False)?"""
    return name in known and type(value) is type(known[name]) and value == known[name]


def settings_block() -> str:
    """The lines between the markers: the settings without a default first (a dataclass wants
    them before those with one), each group in the rules' order, each with its rule."""
    settings = registry.settings()
    plain = [(key, s) for key, s in settings if s.absent is spec.NO_ABSENT]
    defaulted = [(key, s) for key, s in settings if s.absent is not spec.NO_ABSENT]
    lines = [f"    {s.name}: {s.annotation}{_comment(key, s)}" for key, s in plain]
    lines += [f"    {s.name}: {s.annotation} = {s.absent!r}{_comment(key, s)}" for key, s in defaulted]
    return "\n".join(lines)


def _comment(key: str, setting: spec.Setting) -> str:
    """The comment of a setting's line: its rule, and mypy's ignore for a bare generic annotation."""
    if setting.annotation in BARE_GENERICS:
        return f"  # type: ignore[type-arg]  # {key} (bare in its Setting)"
    return f"  # {key}"


def state_source() -> str:
    """runtime/state.py as the rules' settings make it."""
    text = state_path().read_text(encoding="utf-8")
    head, begin, rest = text.partition(BEGIN + "\n")
    _old, end, tail = rest.partition(END + "\n")
    if not begin or not end:
        raise AssertionError(f"{state_path()} has lost the marker lines of its settings")
    return head + begin + settings_block() + "\n" + end + tail
