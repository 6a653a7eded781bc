"""The rule model: every rule a variant states, as typed, immutable data.

Each section of a rule file is a frozen dataclass, defined with everything
else about its rules in its own module of `gouji_dsl.rules`; each field is one
rule, and its metadata says how the rule is written (value type, Chinese
alias) and what it means. This module gathers the sections and defines the
checked `Variant` that holds them.

A field left unset is None. Abstract variants (`gouji`, `shuangkou`) may
leave rules unset for their children to state; a concrete variant must set
every field that has no default.
"""
from __future__ import annotations

import dataclasses

from gouji_dsl.model.fields import Section, field_applies, rule
from gouji_dsl.model.variant import Origin, Variant
from gouji_dsl.rules.about import About, Decision, Source, SourceNote
from gouji_dsl.rules.burning import BurnRules
from gouji_dsl.rules.buy import BuyRules
from gouji_dsl.rules.cards import CardRules
from gouji_dsl.rules.chaos import ChaosRules
from gouji_dsl.rules.end import EndRules, Place
from gouji_dsl.rules.flow import TAKE_OVER, FlowRules
from gouji_dsl.rules.gouji import GoujiRules, Threshold
from gouji_dsl.rules.headless import HeadlessRules
from gouji_dsl.rules.info import InfoRules
from gouji_dsl.rules.open import OpenRules
from gouji_dsl.rules.patterns import ChainRule, JokerBomb, PatternRules, PatternType
from gouji_dsl.rules.plays import JokerKill, PlayRules
from gouji_dsl.rules.ranks import RankConstraint, RankRules
from gouji_dsl.rules.results import BonusRow, MergeRow, Multiplier, ResultClass, ResultRules
from gouji_dsl.rules.revolution import RevolutionRules
from gouji_dsl.rules.room import PlayerRank, RoomRules
from gouji_dsl.rules.scoring import ScoringRules
from gouji_dsl.rules.table import TableRules
from gouji_dsl.rules.threes import ThreesRules
from gouji_dsl.rules.tribute import TRIBUTE_KIND, DianRow, LuoTribute, TributeRules

# The section classes and row types are used as `schema.X` (`m.X`) across the compiler.
__all__ = ["Section", "rule", "About", "Decision", "Source", "SourceNote", "BurnRules", "BuyRules", "CardRules", "ChaosRules", "EndRules",
           "Place", "TAKE_OVER", "FlowRules", "GoujiRules", "Threshold", "HeadlessRules", "InfoRules", "OpenRules",
           "ChainRule", "JokerBomb", "PatternRules", "PatternType", "PlayRules", "JokerKill", "RevolutionRules", "PlayerRank",
           "RoomRules", "ResultRules", "ResultClass", "Multiplier", "MergeRow", "BonusRow", "ScoringRules", "TableRules",
           "ThreesRules", "TRIBUTE_KIND", "DianRow", "LuoTribute",
           "TributeRules", "RankConstraint", "RankRules", "SECTIONS", "SECTION_BY_NAME", "SECTION_ALIASES", "Origin", "Variant", "applicable"]


SECTIONS: tuple[type[Section], ...] = (
    About, TableRules, CardRules, PlayRules, PatternRules, GoujiRules, RankRules, ThreesRules, BuyRules, FlowRules,
    ChaosRules, BurnRules, HeadlessRules, OpenRules, RevolutionRules, InfoRules, EndRules,
    TributeRules, ScoringRules, ResultRules, RoomRules,
)
SECTION_BY_NAME = {s.NAME: s for s in SECTIONS}
SECTION_ALIASES = {s.ZH: s.NAME for s in SECTIONS}


def rule_fields(section, game: str) -> list:
    """The fields of a section (class or value) whose rules apply to `game`: a Gouji-only
    rule of a section Shuangkou shares is left out (model.fields.rule's `games`)."""
    return [f for f in dataclasses.fields(section) if field_applies(f, game)]


def applicable(cls: type[Section], game: str, shape: str | None) -> bool:
    if game not in cls.GAMES:
        return False
    if cls is PatternRules:
        return shape == "patterns"
    return True
