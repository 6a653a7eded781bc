"""The variants the search runs: each one's generated engine, and hybrids (one rule set to the other variant's value)."""
from __future__ import annotations

import dataclasses
from typing import Any

from gouji_dsl import engines
from gouji_dsl.model import schema as m
from gouji_dsl.model.registry import game_settings
from gouji_dsl.facets import spec

# The generated functions a game calls through `Rules` (room functions are not among them).
_GAME_FUNCTIONS = {"classify", "is_gouji", "beats", "answers", "plays", "lead_actions", "can_burn", "opens",
                   "_may_revolt", "_redeal_if", "tributes", "score", "graduated", "_final_play_of"}


def pure_setting(path: str) -> bool:
    """Whether the rule reaches a game only through a `Rules` setting of the flow, so a
    hybrid may keep the engine's own card functions. Its engine facet says so."""
    engine = spec.facet(path, "engine")
    if isinstance(engine, spec.Setting):
        return not engine.functions
    if isinstance(engine, spec.CardFunction):
        return not set(engine.functions) & _GAME_FUNCTIONS
    if isinstance(engine, spec.Part):
        return pure_setting(engine.of)
    return True  # NoPlay, Unsupported: nothing in a game reads it


class VariantEngine:
    """One variant as the search sees it: its generated engine (shipped, or built
    in memory for a user's file), the engine's game `Rules`, and its model."""

    def __init__(self, name: str, model: m.Variant, engine):
        self.name = name
        self.model = model
        self.engine = engine
        self._reference = None

    @property
    def reference(self):
        """The reference interpreter of the model, for hybrids (built when first needed)."""
        if self._reference is None:
            self._reference = engines.from_model(self.model, "reference")
        return self._reference

    @property
    def rules(self):
        return self.engine.RULES

    @property
    def patterns(self) -> bool:
        """Whether the variant's plays are patterns (Shuangkou), not one rank (Gouji)."""
        return self.model.sections["plays"].shape == "patterns"


def _replace_rules(model: m.Variant, changes: dict[str, Any]) -> m.Variant:
    sections = dict(model.sections)
    for path, value in changes.items():
        sec, name = path.split(".")
        sections[sec] = dataclasses.replace(sections[sec], **{name: value})
    return dataclasses.replace(model, sections=sections)


class Hybrid:
    """A variant with some rules set to the other variant's values: evaluated
    by the reference interpreter, and in games by the flow with the changed
    settings (the engine's own card functions kept when they are unaffected)."""

    def __init__(self, base: VariantEngine, changes: dict[str, Any]):

        self.base = base
        self.model = _replace_rules(base.model, changes)
        self.reference = engines.from_model(self.model, "reference")
        self.pure = all(pure_setting(p) for p in changes)
        if base.patterns:  # card and score cases need no game Rules: built when a game asks
            self._rules = None
        elif self.pure:
            self._rules = dataclasses.replace(base.rules, **game_settings(self.model))
        else:
            self._rules = _memo_rules(_reference_rules(self.model, self.reference))

    @property
    def rules(self):
        """The game `Rules` of the hybrid (for a game of patterns built when first asked)."""
        if self._rules is None:
            self._rules = _pattern_rules(self)
        return self._rules


def _pattern_rules(hyb: "Hybrid"):
    """A Shuangkou hybrid's game `Rules`: the engine's own, with the changed settings,
    or the reference interpreter's card functions and notation when a changed rule reaches them."""

    if hyb.pure:
        return dataclasses.replace(hyb.base.rules, **game_settings(hyb.model))
    ref = hyb.reference
    return dataclasses.replace(_memo_rules(_reference_rules(hyb.model, ref)), notation=ref.kinds)


def _reference_rules(model: m.Variant, ref):
    """The fast flow's `Rules` with the reference interpreter's card functions: a hybrid
    whose changed rule reaches the card functions plays on the fast flow with these."""
    from gouji_dsl.runtime.state import Rules

    return Rules(**game_settings(model), classify=ref.classify, is_gouji=ref.is_gouji, answers=ref.answers,
                 plays=ref.plays, lead_actions=ref.lead_actions, can_burn=ref.can_burn,
                 counts_for_open=ref.opens, may_revolt=ref.may_revolt, redeal_if=ref.redeal_if, tributes=ref.tributes,
                 score=ref.score, graduated=ref.graduated, final_play_of=ref.final_play)


def _memo(fn, key):
    cache: dict = {}

    def wrapper(*args):
        k = key(*args)
        if k not in cache:
            cache[k] = fn(*args)
        return cache[k]
    return wrapper


def _memo_rules(rules):
    """The reference interpreter's card functions, remembered: a game asks the same questions often."""
    def hand_key(hand, *rest):
        return (tuple(hand),) + tuple(tuple(r) if isinstance(r, list) else r for r in rest)

    return dataclasses.replace(
        rules,
        classify=_memo(rules.classify, lambda c: tuple(c)),
        is_gouji=_memo(rules.is_gouji, lambda p: p),
        answers=_memo(rules.answers, hand_key),
        plays=_memo(rules.plays, hand_key),
        lead_actions=_memo(rules.lead_actions, hand_key),
        can_burn=_memo(rules.can_burn, hand_key),
        counts_for_open=_memo(rules.counts_for_open, lambda p: p),
        may_revolt=_memo(rules.may_revolt, hand_key),
        final_play_of=_memo(rules.final_play_of, hand_key),
    )

