"""A player's state as the rules' seat expressions ask it, read off the reference game.

The functions of `model.expr.SEAT_FUNCTIONS` bound to one game's state, for `model.expr.evaluate`:
the reference interpreter's own reading of "the burner's opposite", "a 无头 player" and the rest,
written from `OracleState` alone (the fast flow's are `State._seat_<name>`; the two share nothing,
so tests/test_agreement.py compares two readings).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from gouji_dsl.facets.hooks import ask

if TYPE_CHECKING:
    from gouji_dsl.backends.oracle.table import Table


def seat_functions(g: Table) -> dict[str, Callable[..., Any]]:
    """Each seat function, reading `g` when it is called."""

    def opposite(seat: int) -> int:
        return int(ask("table.opposites", g, seat))

    def next_(seat: int) -> int:
        return g._next_holder(seat)

    def previous(seat: int) -> int:
        return next((s for s in reversed(g._after(seat)) if g._holds_cards(s)), seat)

    def headless(seat: int) -> bool:
        return seat in g.headless

    def holds_top(seat: int) -> bool:
        return g.top_seat == seat

    def played(seat: int) -> bool:
        return seat in g.played_in_round

    def failed(seat: int) -> bool:
        return seat in g.failed

    def sits_out(seat: int) -> bool:
        return g.revolutionary == seat

    def opened(seat: int) -> bool:
        return seat in g.opened

    def forfeited(seat: int) -> bool:
        return seat in g.forfeited

    def passed(seat: int) -> bool:
        return seat in g.passed

    def passed_plain(seat: int) -> bool:
        return seat in g.passed_plain

    def out(seat: int) -> bool:
        return not g._holds_cards(seat)

    def teammate(seat: int, other: int) -> bool:
        return bool(ask("table.teams", g, seat) == ask("table.teams", g, other))

    def cards_left(seat: int) -> int:
        return sum(g.hands[seat - 1])

    def number(seat: int) -> int:
        return seat

    def distance(seat: int, other: int) -> int:
        return 0 if other == seat else g._after(seat).index(other) + 1

    return {"opposite": opposite, "next": next_, "previous": previous, "headless": headless, "holds_top": holds_top,
            "played": played, "failed": failed, "sits_out": sits_out, "opened": opened, "forfeited": forfeited,
            "passed": passed,
            "passed_plain": passed_plain,
            "out": out, "teammate": teammate, "cards_left": cards_left, "number": number, "distance": distance}
