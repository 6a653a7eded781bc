"""Every rule and what its module registered, read over the whole schema.

The rule modules (`gouji_dsl.rules`) register their facets into `facets.spec` as they are
imported; the schema (`model.schema`) imports every one of them. This module sits above
both and answers the questions that need every rule at once: the rules in schema order,
the facets nobody registered, the checks in the order they run, the fast flow's settings.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases, spec
from gouji_dsl.model import schema

Check = Callable[[schema.Variant, Reporter], None]


def rule_keys() -> list[str]:
    """Every rule of every section, as "section.name", in schema order."""
    return [f"{s.NAME}.{f.name}" for s in schema.SECTIONS for f in dataclasses.fields(s)]


def missing() -> list[tuple[str, str]]:
    """(rule, facet) for every facet no module has registered; and facets of unknown rules."""
    keys = rule_keys()
    out = [(key, f) for key in keys for f in spec.FACETS if f not in spec.REGISTRY.get(key, {})]
    out += [(key, "(no such rule)") for key in spec.REGISTRY if key not in keys]
    return out


def missing_phrases() -> list[str]:
    """Every rule no module has given a phrase (the completeness test wants none)."""
    return [key for key in rule_keys() if phrases.phrase_of(key) is None]


def registered_checks() -> list[Check]:
    """Every check function once, in schema order of the first rule it reports on.

    An explicit order, independent of the order the rule modules are imported
    in: errors at the same position are reported in the order they are found."""
    found: list[Check] = []
    for key in rule_keys():
        fn = spec.facet(key, "check")
        if callable(fn) and fn not in found:
            found.append(fn)
    return found


def run_checks(variant: schema.Variant) -> Reporter:
    """Stage 3 of the checker: every rule module's semantic checks over a built model."""
    rep = Reporter()
    for fn in registered_checks():
        fn(variant, rep)
    return rep


def settings() -> list[tuple[str, spec.Setting]]:
    """Every registered `spec.Setting` with its rule key, in schema order."""
    engine_of = {key: spec.facet(key, "engine") for key in rule_keys()}
    return [(key, e) for key, e in engine_of.items() if isinstance(e, spec.Setting)]


def game_settings(v: schema.Variant) -> dict:
    """The plain-data fields of `runtime.state.Rules` for a variant: the variant's name
    and each rule's registered `spec.Setting` (the card functions are added by
    whichever engine builds the Rules). A rule whose section the variant's game does
    not have takes the Setting's `absent` value."""
    out = {"name": v.name}
    for key, setting in settings():
        if key.split(".")[0] in v.sections:
            out[setting.name] = setting.value(v)
        elif setting.absent is spec.NO_ABSENT:
            raise AssertionError(f"rule {key} has no value for game '{v.game}', which has no [{key.split('.')[0]}]")
        else:
            out[setting.name] = setting.absent
    return out
