"""The check facet: how a rule's module declares its semantic checks and warnings.

Each check reads the model and reports, at the position where the culprit
rule was written, what is inconsistent. The checks live with their rules, in
the `# --- checks ---` region of each `gouji_dsl.rules` module, registered by
`@check("section.rule", ...)`: the rules a check reports on. This module holds
the decorators and the position helpers they share; `model.registry.run_checks`
runs them (stage 3 of the checker), `model.lints` the warnings. Checks run on
abstract variants too, so they tolerate unset (None) rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gouji_dsl.diagnostics import Pos, Reporter
from gouji_dsl.facets import spec
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.variant import Variant

Check = Callable[["Variant", Reporter], None]
# Warnings (model.lints runs them): what an author probably forgot, in a variant that checks.
LINTS: list[Check] = []


def check(*keys: str) -> Callable[[Check], Check]:
    """Register a check function as the check facet of each rule in `keys`."""
    if not keys:
        raise spec.DefinitionError("a check must name the rules it reports on")

    def register(fn: Check) -> Check:
        for key in keys:
            spec.register(key, "check", fn)
        return fn
    return register


def lint(fn: Check) -> Check:
    """Register a warning of a variant that checks (`gouji check` exits 0 with it)."""
    LINTS.append(fn)
    return fn


@dataclass(frozen=True)
class Dead:
    """A rule that cannot matter while `kills` finds a reason in the model: `gouji check` warns
    when a variant's own file writes it then (model.lints.dead_settings)."""

    path: str                                                   # "tribute.dian"
    what: str | Message                                         # how messages name it
    kills: Callable[[Variant], tuple[str, Message] | None]      # -> (path of the rule to blame, why)


DEAD: list[Dead] = []  # in the order the rule modules declare them; model.lints orders them by rule


def dead(path: str, what: str | Message, kills: Callable[[Variant], tuple[str, Message] | None]) -> None:
    """Declare, beside the rule, when it cannot matter (only where its meaning makes it certain to
    be unread): `dead("buy.price", "[buy] price", nobody_buys)`."""
    DEAD.append(Dead(path, what, kills))


def switched_off(path: str, what: Message) -> Callable[[Variant], tuple[str, Message] | None]:
    """A reason that holds while the yes/no rule `path` is no (`what`: what that means)."""
    def kills(v: Variant) -> tuple[str, Message] | None:
        setting = f"[{path.replace('.', '] ')}"
        return (path, msg("model.dead_switched_off", what=what, setting=setting)) if value_of(v, path) is False else None
    return kills


def value_of(v: Variant, path: str) -> Any:
    """The value of rule "section.name", None when unset or the section does not apply."""
    section, name = path.split(".")
    sec = v.sections.get(section)
    return None if sec is None else getattr(sec, name)


def at(v: Variant, path: str) -> Pos:
    origin = v.origin(path) or v.origin(path.split("[")[0]) or v.origin("variant")
    assert origin is not None, "a built variant has the origin of its header line"
    return origin.pos


def at_nearest(v: Variant, *paths: str) -> Pos:
    """The position of whichever rule the variant itself wrote, else of the first one."""
    for path in paths:
        origin = v.origin(path)
        if origin is not None and origin.variant == v.name:
            return origin.pos
    return at(v, paths[0])

# Rule values the engines (generated and reference) do not implement are refused by the
# checks of their rules, each saying "is not supported by the engines yet" in a whole
# sentence of its own, so that everything `gouji check` accepts is played as written and
# `gouji build` / `gouji doc` never fail on a checked file.


def type_only(*keys: str) -> None:
    """Record that each rule's value type is its whole check (the builder rejects a wrong value)."""
    for key in keys:
        spec.define(key, check=spec.TypeOnly())
