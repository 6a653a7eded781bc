"""`OracleState`: everything an oracle game holds, each attribute with its type and meaning.

The reference interpreter's own list, written from the rules and kept apart from the fast
engine's (`runtime.state.State` is not used). `OracleGame` and its parts (`Setup`, `Table`)
inherit these fields, so the hooks of `gouji_dsl.rules` read and set them as `g.<name>`
(`facets.protocols.Game` is what they may touch) and `OracleGame.clone` copies them by this
list. Nothing else is an attribute of an oracle game.

Who sets what: "the game" fields are set once, in `OracleGame.__init__` (`_history`, `log`,
`_legal` and the random generator then change as the game goes on); "the deal" fields afresh
at each deal (`Setup._deal` and `_clear_for_play`; `position.new_position` sets a position's);
"the round" fields afresh at each new lead (`Table._empty_table`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, TypedDict

from gouji_dsl.model.variant import Variant
from gouji_dsl.runtime.actions import Action
from gouji_dsl.runtime.state import Match

if TYPE_CHECKING:
    from typing import TypeAlias

    from gouji_dsl.backends.pattern_reference import PatternReference
    from gouji_dsl.backends.reference import Reference

    # The reference whose card functions the game asks: Gouji's, or a pattern game's (Shuangkou).
    Ref: TypeAlias = Reference | PatternReference

# A play as the references' card functions give it: Gouji's (rank, natural, fillers, small, big,
# *extra kinds), or a pattern play (kind, length, top, lines, *15 counts).
Play = tuple[int, ...]
# The part of a deal the game is in: 宣点, 革命, or the play itself.
Phase = Literal["declare", "revolt", "play"]
# A line of the log: an event in words, or (seat, action) for an action applied.
Entry = str | tuple[int, Action]
# A tribute or return as the log of the deal's tributes holds it (the cards as text).
TributeLine = TypedDict("TributeLine", {"kind": str, "from": int, "to": int, "cards": str})


class OracleResult(TypedDict, total=False):
    """A finished game as docs/conformance.md's `result`: a Gouji game's finish, opened,
    declared, burns and men; a pattern game's finish and bombs."""

    finish: list[int]        # seats in place order
    opened: list[int]
    declared: list[int]
    burns: list[list[int]]   # [burner, burned]
    men: list[list[int]]     # [seat 闷ed, the seat that beat its play before its 3s]
    bombs: list[list[int]]   # [seat, lines]


@dataclass(init=False, repr=False, eq=False)
class OracleState:
    """Every attribute of an oracle game (seat s's entries at index s - 1 where a list is per seat)."""

    # --- the game: set when it is made ---
    ref: Ref                        # the card functions and the checked model (ref.v) of the variant
    v: Variant                      # the checked variant, read by every hook
    seed: int | str | bytes | float | None  # what the game's random generator was seeded with
    match: Match                    # the match so far: earlier games' results, the previous 头科
    _rng: random.Random             # the one generator: shuffles, a drawn first leader
    _given: list[tuple[int, ...]] | None  # the deal given to new_game, used instead of the first shuffle
    _history: list[Action]          # the actions applied, in order
    log: list[Entry]                # the transcript: events in words and the actions applied
    _legal: tuple[int, list[Action]] | None  # legal_actions' answer, with the history length it is for

    # --- the deal ---
    phase: Phase                    # 宣点 (declare), 革命 (revolt) or play
    phase_seats: list[int]          # seats still to choose in the 宣点 or 革命 phase, in order
    hands: list[list[int]]          # each seat's cards: a count per card kind
    dealt: list[list[int]]          # each seat's cards as dealt, before tribute
    tribute_given: list[list[int]]  # each seat's cards given away in this deal's tribute and return
    tribute_log: list[TributeLine]  # the deal's tributes and returns, in order
    dead: list[int]                 # a count per card kind: failed burners' cards, out of play
    played: list[int]               # a count per card kind: the cards played to the table
    declared: set[int]              # seats that declared (宣点)
    revolters: list[int]            # seats that revolted (革命), in order
    revolutionary: int | None       # the seat sitting out after a 革命
    place_of: dict[int, int]        # seat -> place, for every seat without cards
    finish_order: list[int]         # seats in the order they went out with their cards played
    failed: list[int]               # seats that failed a burn (烧牌失误), in order
    opened: set[int]                # seats that opened (开点)
    pending_open: set[int]          # seats whose 级牌 opened them, waiting for the lead that completes it ([open] then_lead)
    forfeited: set[int]             # seats that forfeited 开点 for this game (废点: [open] then_lead)
    burns_done: list[list[int]]     # [burner, burned] of every burn that succeeded
    men: list[list[int]]            # [seat, beater] of every 憋三 player 闷ed before its 3s (D22)
    bombs: list[list[int]]          # [seat, lines] of every bomb played (pattern games)
    headless: set[int]              # 无头 players
    chaos: bool                     # 四户乱缠 (the free-for-all) has begun
    obligation: set[int]            # burners still bound to carry a joker in each play (D15)
    burn_of: dict[int, int]         # burner -> the seat it burned
    burned_play: dict[int, Play]    # burner -> the 级牌 it burned (back on the table if the burn fails)
    gouji_plays: list[tuple[int, int]]  # (seat, round_number) of every 级牌 in force played (burning.free_after_rounds)
    round_number: int               # rounds started in this deal, the current one included
    terminal: bool                  # the game is over
    scores: list[int | Fraction] | None  # each seat's score, once the game is over

    # --- the round (see table.py) ---
    cur: int                        # the seat to act (in every phase)
    top: Play | None                # the play standing on the table; None while a lead is due
    top_seat: int | None            # who played it
    top_gouji: bool                 # it is a 级牌
    top_free: bool                  # a 级牌 its player went out with that anyone may answer (flow.going_out_gouji)
    top_opposite_only: bool         # such a 级牌 only the opposite may answer (flow.going_out_gouji)
    top_out_gouji: bool             # a 级牌 its player went out with before 四户乱缠: it may still open (D26)
    passed: set[int]                # who passed in this round
    passed_plain: set[int]          # who passed on a play that was no 级牌 in force
    defer_used: set[int]            # who deferred (让牌) in this round
    burners_pending: set[int]       # who is asked now with the right to burn
    burn_candidates: set[int]       # who is still to be asked whether to burn the top play
    before_threes: set[int]         # players whose standing play comes right before their last 3s (憋三)
    queue: list[int]                # who is still to be asked about the top play, in order
    circles: int                    # full circles of passes on the top play
    played_in_round: set[int]       # whose plays stood on the table in this round (flow.pass_rule once_per_round)
    last_chance_used: bool          # the leader's opposite was asked again about an unbeaten lead (once_per_round)
