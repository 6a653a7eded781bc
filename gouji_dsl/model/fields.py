"""How a rule is declared: a dataclass field whose metadata holds its value type
and its Chinese and English names, plus the types and formula variables that
several sections share. The sections themselves live in `gouji_dsl.rules`, one
module each."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gouji_dsl.messages import msg
from gouji_dsl.model.expr import CARDS_T, INT, Var
from gouji_dsl.model.types import CARDS, NUMBER_RANKS, CardT, IntT, Sentinel

_UNSET = object()
# The value of a rule whose section does not apply to the variant (a Gouji variant has no
# [patterns], a Shuangkou variant no [flow]): what the diff compares and the phrases skip.
ABSENT = Sentinel("ABSENT")


def rule(vtype, zh: str, en: str, default: Any = _UNSET, games: tuple[str, ...] | None = None, absent: Any = None):
    """A rule field. Without a default the rule must be set (in a concrete variant).

    `games`: the games the rule applies to, when not every game of its section (a
    Gouji-only rule in a section Shuangkou shares); elsewhere it may not be written,
    and the field holds `absent`, a value under which the rule does nothing."""
    meta = {"type": vtype, "zh": zh, "en": en, "required": default is _UNSET, "games": games, "absent": absent}
    return field(default=None if default is _UNSET else default, metadata=meta)


def field_applies(f: dataclasses.Field, game: str) -> bool:
    """Does the rule of field `f` apply to `game` (given its section does)?"""
    games = f.metadata.get("games")
    return games is None or game in games


def column(vtype, zh: str, en: str, default: Any = dataclasses.MISSING):
    meta = {"type": vtype, "zh": zh, "en": en}
    if default is dataclasses.MISSING:
        return field(metadata=meta)
    return field(default=default, metadata=meta)


SEAT = IntT(1, 12)
PLACE = IntT(1, 12)
RANK_3_A = CardT(NUMBER_RANKS, msg("model.card_rank_3_to_a"))
ANY_CARD = CardT(CARDS, msg("model.type_a_card"))
ANY_KIND = CardT(CARDS, msg("model.type_a_card"), extras=True)  # also the variant's extra card kinds ([cards] extra)
HAND = Var("hand", CARDS_T, "手牌", "the player's whole hand")
REST = Var("rest", CARDS_T, "余牌", "the cards left after the burning play")
PLAY = Var("play", CARDS_T, "这手牌", "the play")
LEVEL = Var("level", INT, "级数", "the 点贡 level of this game (1 + earlier games with the same outcome, capped)")


# Every section class by its name, as the rule modules define them: what a rule's own
# module (a check, a sentence) looks a rule's field up in, below the schema, which lists
# the sections in their order (model.schema.SECTIONS).
SECTION_TYPES: dict[str, type[Section]] = {}


@dataclass(frozen=True)
class Section:
    NAME: ClassVar[str] = ""
    ZH: ClassVar[str] = ""
    EN: ClassVar[str] = ""
    GAMES: ClassVar[tuple[str, ...]] = ("gouji",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.NAME:
            SECTION_TYPES[cls.NAME] = cls


def field_named(section: str, name: str) -> dataclasses.Field | None:
    """The field of rule `name` of section `section` (canonical names), or None."""
    cls = SECTION_TYPES.get(section)
    if cls is None:
        return None
    return next((f for f in dataclasses.fields(cls) if f.name == name), None)

