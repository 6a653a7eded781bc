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

from dataclasses import dataclass, field
from typing import Any, Mapping

from gouji_dsl.diagnostics import Pos
from gouji_dsl.model.fields import ANY_CARD, HAND, LEVEL, PLACE, PLAY, REST, SEAT, Section, column, rule  # noqa: F401
from gouji_dsl.rules.about import GAME, About, Decision, Source  # noqa: F401
from gouji_dsl.rules.burning import BURN_PRIORITY, FAIL_LEADER, BurnRules  # noqa: F401
from gouji_dsl.rules.cards import CardRules  # noqa: F401
from gouji_dsl.rules.chaos import ChaosRules  # noqa: F401
from gouji_dsl.rules.end import ENDS_WHEN, EndRules, Place  # noqa: F401
from gouji_dsl.rules.flow import DEFER_TO, GOING_OUT, GOUJI_ANSWER, PASS_RULE, TAKE_OVER, FlowRules  # noqa: F401
from gouji_dsl.rules.gouji import GoujiRules, Threshold  # noqa: F401
from gouji_dsl.rules.headless import HEADLESS_CAUSE, HEADLESS_SCOPE, HeadlessRules  # noqa: F401
from gouji_dsl.rules.info import InfoRules  # noqa: F401
from gouji_dsl.rules.open import OPEN_RULE, OpenRules  # noqa: F401
from gouji_dsl.rules.patterns import ChainRule, JokerBomb, PatternRules, PatternType  # noqa: F401
from gouji_dsl.rules.plays import COMPARE, SHAPE, PlayRules  # noqa: F401
from gouji_dsl.rules.revolution import RevolutionRules  # noqa: F401
from gouji_dsl.rules.room import RANK_BY, ROOM_MODE, PlayerRank, RoomRules  # noqa: F401
from gouji_dsl.rules.scoring import ScoringRules  # noqa: F401
from gouji_dsl.rules.table import DIRECTION, FIRST_LEADER, TableRules  # noqa: F401
from gouji_dsl.rules.threes import ThreesRules  # noqa: F401
from gouji_dsl.rules.tribute import (DECLARED, OPENED, RETURN_LIMIT, SWEEP_LUO, TRIBUTE_KIND, DianRow,  # noqa: F401
                                     LuoTribute, TributeRules)


SECTIONS: tuple[type[Section], ...] = (
    About, TableRules, CardRules, PlayRules, PatternRules, GoujiRules, ThreesRules, FlowRules,
    ChaosRules, BurnRules, HeadlessRules, OpenRules, RevolutionRules, InfoRules, EndRules,
    TributeRules, ScoringRules, RoomRules,
)
SECTION_BY_NAME = {s.NAME: s for s in SECTIONS}
SECTION_ALIASES = {s.ZH: s.NAME for s in SECTIONS}


@dataclass(frozen=True)
class Origin:
    """Where a rule was written: file position, and the sources it cites."""

    pos: Pos
    variant: str
    cites: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    name: str
    parent: str | None
    abstract: bool
    file: str
    lineage: tuple[str, ...]  # self first, then ancestors
    sections: Mapping[str, Section]
    origins: Mapping[str, Origin]
    # Every citation written in the lineage's files, for checking.
    citations: tuple = ()
    # The rule file of each variant in the lineage, as messages and rulebooks name it
    # (`variants/zaozhuang.gouji` for a standard variant, `club.gouji` for a user's).
    files: Mapping[str, str] = field(default_factory=dict)

    def file_of(self, variant: str) -> str:
        return self.files.get(variant, f"variants/{variant}.gouji")

    def __getattr__(self, item: str) -> Any:
        sections = self.__dict__.get("sections")
        if sections is not None and item in sections:
            return sections[item]
        raise AttributeError(item)

    @property
    def game(self) -> str:
        return self.sections["about"].game

    def origin(self, path: str) -> Origin | None:
        return self.origins.get(path)


def applicable(cls: type[Section], game: str, shape: str | None) -> bool:
    if game not in cls.GAMES:
        return False
    if cls is PatternRules:
        return shape == "patterns"
    return True
