"""Meanings shared by the reference interpreter and the code generator.

Only rules about reading the rule model live here (not about playing), so
that the two engines differ in how they compute, never in what a table says.
"""
from __future__ import annotations

from gouji_dsl.model.variant import Variant

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


def extra_kinds(variant: Variant) -> tuple:
    """The tokens of the variant's extra card kinds ([cards] extra), in rank order: card
    vectors hold the 15 standard kinds, then these (the checker makes `order` say so)."""
    declared = {row.token for row in variant.cards.extra}
    return tuple(card for card in variant.cards.order if card in declared)


def team_of(variant: Variant) -> dict[int, int]:
    return {seat: i for i, team in enumerate(variant.table.teams) for seat in team}


def opposite_of(variant: Variant) -> dict[int, int]:
    out = {}
    for a, b in variant.table.opposites:
        out[a], out[b] = b, a
    return out
