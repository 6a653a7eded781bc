"""The registry of rule definitions: what each rule's module says about it.

Every rule (a field `section.name` of a section dataclass) has five facets,
each registered by the rule's own module in `gouji_dsl.rules`:

- check:        how the checker validates it: a check function `fn(variant, reporter)`
                (registered with `facets.checks.check(*keys)`), or `TypeOnly()` when
                its value type says everything (the builder rejects a wrong value);
- engine:       how the generated engine realises it: `Setting` (a field of
                `runtime.game.Rules` that the fast flow reads), `CardFunction` (compiled
                into the generated card functions), `Part` (of another rule's Setting),
                `NoPlay` or `Unsupported`;
- interpreter:  how the reference interpreter realises it: a hook function of the
                reference flow, `ReferenceFunction` (methods of
                `backends.reference.Reference` that read it), `Part` (of another rule's
                hook), `NoPlay` or `Unsupported`;
- book:         its rulebook sentences in Chinese and English (`docs`);
- phrase:       its diff phrase (`diff`).

This module is the bottom of the rules: it imports nothing of the package. What needs
every rule at once (the facets nobody registered, the checks in order, the fast flow's
settings) is `model.registry`, above the schema; the completeness tests fail on any
facet missing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

FACETS = ("check", "engine", "interpreter", "book", "phrase")

REGISTRY: dict[str, dict[str, Any]] = {}


class DefinitionError(Exception):
    """A rule module defines a facet twice, or a facet of no rule (an internal error)."""


@dataclass(frozen=True)
class TypeOnly:
    """check: the rule's value type is its whole check."""
    why: str = "its value type is its whole check"


NO_ABSENT = object()  # a Setting whose section every game has


@dataclass(frozen=True)
class Setting:
    """engine: the rule becomes field `name` of `runtime.game.Rules`, computed from
    the checked variant by `value`; the fast flow reads `rules.<name>`. `functions`
    names the generated card functions that read the rule too (the diff's search
    must then run hybrids on the reference's card functions, not the engine's)."""
    name: str
    value: Callable[[Any], Any]
    functions: tuple[str, ...] = ()
    # The value in a game whose variants do not have the rule's section (Shuangkou has no
    # [burning]): one under which the flow does what the game does without the rule.
    absent: Any = NO_ABSENT
    # Where the fast flow carries it out: "runtime/flow.py:Game._can_defer", the functions of
    # gouji_dsl/runtime that read `rules.<name>` (tests/test_rule_completeness.py checks that each
    # exists and reads it). A rule read all over the flow (the seats, the deck) names its main ones.
    realised_in: tuple[str, ...] = ()
    # Its type as `runtime.state.Rules` declares the field ("bool", "int | None", "tuple"): the
    # settings part of Rules is written from these by `gouji build` (backends/rules_class.py),
    # with `absent`, where there is one, as the field's default.
    annotation: str = ""


@dataclass(frozen=True)
class Part:
    """engine / interpreter: the rule is carried out as a part of rule `of`, whose value follows
    it while a file does not write `of` (the pass rule is a part of who may answer: `of`'s
    Setting, or hook, reads this rule where it builds its value)."""
    of: str
    why: str


@dataclass(frozen=True)
class CardFunction:
    """engine: the rule is compiled into these functions of the generated module."""
    functions: tuple[str, ...]


@dataclass(frozen=True)
class ReferenceFunction:
    """interpreter: these methods of `backends.reference.Reference` read the rule."""
    methods: tuple[str, ...]


@dataclass(frozen=True)
class NoPlay:
    """engine / interpreter: the rule does not change play (a name, a source, a
    direction of seating): rulebooks and `gouji show` state it."""
    why: str


@dataclass(frozen=True)
class Unsupported:
    """engine / interpreter: no engine realises it yet; the checker refuses a
    concrete variant that needs it (so it is never silently ignored)."""
    why: str


def register(key: str, facet: str, value: Any) -> Any:
    """Record one facet of rule `key` ("section.name"). Returns `value`, so it can decorate."""
    if facet not in FACETS:
        raise DefinitionError(f"unknown facet {facet!r} for {key}")
    slot = REGISTRY.setdefault(key, {})
    if facet in slot:
        raise DefinitionError(f"two {facet} definitions for {key}")
    slot[facet] = value
    return value


def define(key: str, **facets: Any) -> None:
    """Record several facets of one rule at once: define("burning.lift", check=TypeOnly(), ...)."""
    for facet, value in facets.items():
        register(key, facet, value)


def facet(key: str, name: str) -> Any:
    return REGISTRY.get(key, {}).get(name)
