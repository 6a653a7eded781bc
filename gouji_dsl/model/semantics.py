"""Meanings shared by the reference interpreter and the code generator.

Only rules about reading the rule model live here (not about playing), so
that the two engines differ in how they compute, never in what a table says.
`game_settings` gathers the fast flow's settings from the rules' registered
`spec.Setting`s (each in the `# --- engine ---` region of its rules module).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rules modules import this one while the schema is being built
    from gouji_dsl.model import schema as m

SWAP = {"me": "opp", "opp": "me", "both": "both", "neither": "neither"}
DECLARED_CASES = ("neither", "both", "me", "opp")
OPENED_CASES = ("me", "opp", "both", "neither")


def dian_cell(rows, declared: str, opened: str):
    """(me_gives, opp_gives) formulas for one case of the 点贡 table.

    A case missing from the table is read from its mirror: the same case seen
    from the other player, with the two amounts swapped. None if neither is
    stated (the checker makes sure that never happens for a checked model).
    """
    for row in rows:
        if (row.declared, row.opened) == (declared, opened):
            return row.me_gives, row.opp_gives
    for row in rows:
        if (row.declared, row.opened) == (SWAP[declared], SWAP[opened]):
            return row.opp_gives, row.me_gives
    return None


def pair_states(me: int, opp: int, declared: frozenset, opened: frozenset) -> tuple[str, str]:
    """The table's (declared, opened) case for the pair, seen from `me`."""
    def state(a: bool, b: bool) -> str:
        return "both" if a and b else "me" if a else "opp" if b else "neither"
    return state(me in declared, opp in declared), state(me in opened, opp in opened)


def extra_kinds(variant: m.Variant) -> tuple:
    """The tokens of the variant's extra card kinds ([cards] extra), in rank order: card
    vectors hold the 15 standard kinds, then these (the checker makes `order` say so)."""
    declared = {row.token for row in variant.cards.extra}
    return tuple(card for card in variant.cards.order if card in declared)


def team_of(variant: m.Variant) -> dict[int, int]:
    return {seat: i for i, team in enumerate(variant.table.teams) for seat in team}


def opposite_of(variant: m.Variant) -> dict[int, int]:
    out = {}
    for a, b in variant.table.opposites:
        out[a], out[b] = b, a
    return out


def _settings() -> list:
    """Every registered `spec.Setting` with its rule key, in schema order."""
    from gouji_dsl.rules import spec

    spec.load_all()
    engine_of = {key: spec.facet(key, "engine") for key in spec.rule_keys()}
    return [(key, e) for key, e in engine_of.items() if isinstance(e, spec.Setting)]


def game_settings(v: m.Variant) -> dict:
    """The plain-data fields of `runtime.game.Rules` for a variant: the variant's name
    and each rule's registered `spec.Setting` (the card functions are added by
    whichever engine builds the Rules). A rule whose section the variant's game does
    not have takes the Setting's `absent` value."""
    from gouji_dsl.rules import spec

    out = {"name": v.name}
    for key, setting in _settings():
        if key.split(".")[0] in v.sections:
            out[setting.name] = setting.value(v)
        elif setting.absent is spec.NO_ABSENT:
            raise AssertionError(f"rule {key} has no value for game '{v.game}', which has no [{key.split('.')[0]}]")
        else:
            out[setting.name] = setting.absent
    return out
