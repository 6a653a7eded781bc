"""The variants the search runs: each one's generated engine, and hybrids (one rule set to the other variant's value)."""
from __future__ import annotations

import dataclasses
from typing import Any

from gouji_dsl import engines
from gouji_dsl.model import schema as m

# Model fields read by the card and result functions of an engine (classify,
# beats, answers, can_burn, opens, may_revolt, tributes, score); every other
# behavioural field reaches the game flow only through `game_settings`.
_CARD_FUNCTION_FIELDS = {
    "table.players", "table.teams", "table.opposites", "open.declare", "open.counts", "end.sweep",
    "threes.threes_last", "burning.allowed", "burning.condition", "burning.first_play_needs_joker",
    "revolution.condition",
}
_CARD_FUNCTION_SECTIONS = {"cards", "plays", "gouji", "tribute", "scoring"}


def pure_setting(path: str) -> bool:
    return path not in _CARD_FUNCTION_FIELDS and path.split(".")[0] not in _CARD_FUNCTION_SECTIONS


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
        from gouji_dsl.model.semantics import game_settings

        self.base = base
        self.model = _replace_rules(base.model, changes)
        self.reference = engines.from_model(self.model, "reference")
        self.pure = all(pure_setting(p) for p in changes)
        if self.pure:
            self.rules = dataclasses.replace(base.rules, **game_settings(self.model))
        else:
            self.rules = _memo_rules(self.reference.rules())


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
    )

