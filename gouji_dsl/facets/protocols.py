"""What the rules' modules are handed, as types for their annotations.

`Game` is the game an interpreter hook (`facets.hooks`) is called with: the reference
interpreter's `backends.oracle.game.OracleGame`, which sits above the rules and may not be
imported by them (tests/test_import_graph.py). It says what the hooks of `gouji_dsl.rules` read
of it and change (every attribute of the game is a field of `backends/oracle/state.py`'s
`OracleState`, and mypy checks that the game fits this view: backends/oracle/game.py);
`Reference` and `Match` what they read of its `ref` (`backends.reference.Reference`) and its
`match` (`runtime.state.Match`). `Said` is what a rulebook renderer returns.

The rule modules import this under TYPE_CHECKING: none of it runs when they are imported.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from gouji_dsl.model.expr import Formula
from gouji_dsl.model.variant import Variant
from gouji_dsl.facets.sentences import Said as Said  # what a rulebook renderer returns, for the rules' annotations
from gouji_dsl.runtime.cards import Kinds

# A play as the flow holds it: Gouji's (rank, natural, fillers, small, big, *extra kinds)
# (runtime.cards), or runtime.patterns' tuple for Shuangkou.
Play = tuple[int, ...]
# A hand: a count per card kind, indexed like the kinds (runtime.cards).
Hand = tuple[int, ...]



class Log(Protocol):
    """The game's transcript as the hooks use it: they add lines in words (the game's log
    holds the actions applied too, which the hooks leave alone)."""

    def append(self, line: str, /) -> None: ...


class Match(Protocol):
    """What carries from one game of a match to the next (runtime.state.Match)."""

    @property
    def first_out(self) -> int | None: ...   # 头科 of the previous game


class Reference(Protocol):
    """The reference interpreter's card functions a hook asks (backends.reference.Reference)."""

    @property
    def kinds(self) -> Kinds: ...

    def can_burn(self, hand: Hand, target: Play | None, beating: list[Play] | None = None) -> bool:
        """May a player holding `hand` burn `target` with one of the plays `beating` it?"""
        ...

    def opens(self, play: Play) -> bool:
        """Does this play count towards 开点?"""
        ...

    def then_lead(self, play: Play) -> bool:
        """Does this lead complete a pending 开点 ([open] then_lead)?"""
        ...

    def final_play(self, hand: Hand) -> Play | None:
        """The play of the whole `hand` when it goes out whatever the table holds ([plays] final_play)."""
        ...

    def may_revolt(self, hand: Hand) -> bool:
        """Does this dealt hand meet the revolution condition?"""
        ...

    def redeal_if(self, hand: Hand) -> bool:
        """Does this dealt hand meet [table] redeal_if?"""
        ...


class Game(Protocol):
    """The reference interpreter's game (backends.oracle.game.OracleGame) as the hooks see it:
    what they only read (or change in place) as read-only properties, what they set as attributes."""

    @property
    def v(self) -> Variant: ...

    @property
    def ref(self) -> Reference: ...

    @property
    def match(self) -> Match: ...

    @property
    def log(self) -> Log: ...             # the transcript the hooks add lines to

    def holds(self, formula: Formula, **seats: int) -> Any:
        """The value of a rule's seat expression for the players its variables name."""
        ...

    def first_holding(self, players: Sequence[Formula], **seats: int) -> int:
        """Of a rule's list of players (ChoiceT.alternatives), the first still holding cards."""
        ...

    @property
    def _rng(self) -> random.Random: ...  # the game's one generator (the deal, a drawn first leader)

    # The cards: a count per card kind for each seat (seat s at index s - 1).
    @property
    def hands(self) -> list[list[int]]: ...

    @property
    def dealt(self) -> list[list[int]]: ...           # as dealt, before tribute

    @property
    def tribute_given(self) -> list[list[int]]: ...   # what each seat gave in this deal's tribute and return

    # The round (backends/oracle/table.py, state.py). A 级牌 that goes out changes its state (flow.going_out_gouji).
    top_gouji: bool
    top_free: bool
    top_opposite_only: bool

    @property
    def top(self) -> Play | None: ...

    @property
    def top_seat(self) -> int | None: ...

    @property
    def top_out_gouji(self) -> bool: ...

    @property
    def passed(self) -> set[int]: ...

    @property
    def passed_plain(self) -> set[int]: ...

    @property
    def defer_used(self) -> set[int]: ...

    @property
    def played_in_round(self) -> set[int]: ...

    @property
    def last_chance_used(self) -> bool: ...

    @property
    def round_number(self) -> int: ...

    @property
    def gouji_plays(self) -> list[tuple[int, int]]: ...   # (seat, round_number) of every 级牌 in force

    # The deal.
    @property
    def headless(self) -> set[int]: ...

    @property
    def chaos(self) -> bool: ...

    @property
    def finish_order(self) -> list[int]: ...

    @property
    def place_of(self) -> dict[int, int]: ...         # seat -> place

    @property
    def obligation(self) -> set[int]: ...             # burners still bound to carry jokers

    @property
    def burn_of(self) -> dict[int, int]: ...          # burner -> the seat it burned

    @property
    def burned_play(self) -> dict[int, Play]: ...     # burner -> the play it burned

    @property
    def revolters(self) -> list[int]: ...

    @property
    def revolutionary(self) -> int | None: ...

    @property
    def opened(self) -> set[int]: ...

    def _holds_cards(self, seat: int) -> bool: ...

    def _after(self, seat: int) -> list[int]: ...

    def _next_holder(self, seat: int) -> int: ...

    def _holders(self) -> list[int]: ...

    def _bottom_place(self) -> int: ...

    def _gouji_in_force(self) -> bool: ...

    def _beating_plays(self, seat: int) -> list[Play]: ...

    def _empty_table(self, leader: int) -> None: ...

    def _restore_burned(self, seat: int, play: Play) -> None: ...

    def _open(self, seat: int, before_chaos: bool = False) -> None: ...

    def _move(self, giver: int, taker: int, card: int) -> None: ...
