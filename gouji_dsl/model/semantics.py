"""Meanings shared by the reference interpreter and the code generator.

Only rules about reading the rule model live here (not about playing), so
that the two engines differ in how they compute, never in what a table says.
"""
from __future__ import annotations

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


def team_of(variant: m.Variant) -> dict[int, int]:
    return {seat: i for i, team in enumerate(variant.table.teams) for seat in team}


def opposite_of(variant: m.Variant) -> dict[int, int]:
    out = {}
    for a, b in variant.table.opposites:
        out[a], out[b] = b, a
    return out


def game_settings(v: m.Variant) -> dict:
    """The plain-data fields of `game.Rules` for a variant (the card functions
    are added by whichever engine builds the Rules)."""
    b, f, c, h, t, th, rv, info = (v.burning, v.flow, v.chaos, v.headless, v.tribute, v.threes, v.revolution, v.info)
    return {
        "name": v.name,
        "players": v.table.players,
        "decks": v.table.decks,
        "cards_per_player": v.table.cards_per_player,
        "teams": team_of(v),
        "opposite": opposite_of(v),
        "first_leader": v.table.first_leader,
        "place_names": tuple(p.zh for p in sorted(v.end.places, key=lambda p: p.place)),
        "gouji_answer_anyone": f.gouji_answer == "anyone",
        "defer": f.defer,
        "defer_any_play": f.defer_to == "any_play",
        "pass_except_opposite": f.pass_rule == "round_except_opposite",
        "lead_return_circles": f.lead_return_circles,
        "going_out_gouji": f.going_out_gouji,
        "take_over_partner": f.take_over == "partner",
        "chaos_starts_at": c.starts_at,
        "chaos_after_first_out_with_revolution": c.after_first_out_with_revolution,
        "chaos_circles": c.lead_return_circles,
        "chaos_pass_keeps_right": c.pass_keeps_right,
        "burn_allowed": b.allowed,
        "teammates_may_burn": b.teammates_may_burn,
        "burn_after_pass": b.after_pass,
        "burn_priority": b.priority,
        "first_play_needs_joker": b.first_play_needs_joker,
        "failure_leader": b.failure_leader,
        "lift": b.lift,
        "counter_burn": b.counter_burn,
        "headless_cause": h.cause,
        "headless_any_play": h.scope == "any_play",
        "headless_pass_loses_gouji": h.pass_loses_gouji,
        "open_method": v.open.method,
        "declare": v.open.declare,
        "threes_last": th.threes_last,
        "buy_three": th.buy_three,
        "buy_with": tuple(th.buy_with),
        "seller_min_threes": th.seller_min_threes,
        "ask_three": th.ask_three,
        "revolution": rv.allowed,
        "redeal_at": rv.redeal_at,
        "revolution_place": rv.place,
        "auto_open": rv.auto_open,
        "report_at": info.report_at,
        "show_team_at": info.show_team_at,
        "watch_after_out": info.watch_after_out,
        "ends_all_out": v.end.ends_when == "all_out",
        "remaining_by_cards": v.end.remaining_by_cards,
        "sweep_ends": v.end.sweep,
        "tribute_enabled": t.enabled,
        "returned": t.returned,
        "mutual_dian_returned": t.mutual_dian_returned,
        "return_not_above_received": t.return_limit == "not_above_received",
        "return_from_dealt": t.return_from_dealt,
        "no_single_return": t.no_single_return,
        "dian_max_level": t.dian_max_level,
        "dian_graduation": t.dian_graduation,
    }
