"""What one seat knows: rich observations, numeric tensors and strings (a mixin of runtime.flow.Game).

Everything here shows a seat only what it may know: its own hand (as dealt, after the public
transfers, and now), the hands the rules show it (看牌 of a teammate, a partner's hand after
going out: the same seats as `observation(seat)`), and what is public. Every action is public
(`seat_history()`), and so are the tribute, return and buying lines of the log. Cards left per
seat are public under perfect recall: every seat is dealt the same number of cards, and every
transfer and play since is public (a failed burner's lost hand is out of play: its size is
public, its cards are not). Nothing else of a hidden hand appears (tests/test_observe.py deals
the hidden hands anew with `resample_from_infostate` and checks that nothing here changes).

`observe(seat)` -> dict, a superset of `observation(seat)`: the keys of that, and
  hand, dealt, start_hand       the seat's cards now, as dealt, and at the start of play (after
                                tribute, its return and buying)
  played {seat: cards}          every seat's plays and burns this deal
  cards_left {seat: n}          every seat's number of cards
  discarded {seat: n}           cards a failed burner lost (out of play, unseen)
  trick [(seat, text)]          the round so far: the actions since its lead, oldest first
                                ("back on the table: 7 7" for a failed burn's restored 级牌)
  status {seat: name}           each seat's part in the round, one of STATUSES (below)
  headless, obligation          无头 seats; burners still bound to carry a joker (sorted lists)
  tributes                      the tributes and returns paid before play (kind, from, to, cards)
  chaos, terminal, page, returns
`observation_string(seat)` / `information_state_string(seat)`: deterministic text of the same;
the information-state string adds the seat's hand as dealt and the whole public log (the seed
line left out: it would give the deal away), so two different information states never share
one (OpenSpiel's ISMCTS keys its nodes by it).

Statuses (STATUSES, in tensor order):
  to_move    the seat to act                  holds_top  its play is the one to beat
  played     played in this round, beaten since, has not passed
  passed     passed on this round (or was passed over: it could not or may not answer)
  waiting    holds cards, still to act in this round (or in the 宣点 / 革命 step)
  idle       has no part in the current 宣点 / 革命 step (has chosen, or is not asked)
  out        went out                          failed  failed a burn (烧牌失误): placed, out of play
  sits_out   the revolutionary (革命)            placed  still held cards when the game ended
A seat out of the game (out, failed, sits_out) keeps that status even while its last play is
the one to beat: the tensor's top_seat tells whose play that is.

Tensors (numpy float32; numpy is optional and imported only here, when a tensor is asked for).
Seats are relative: block i of a per-seat part is the seat i places after the observer (0 = me).
Card kinds are in the variant's order (`rules.card_kinds`: 3 .. 2, SJ, BJ, then extra kinds such
as the eagle Y). Every entry lies in [0, 1]: flags and one-hots are 0 or 1, and every count is
divided by the most it can be under the rules, so that a learner sees one scale whatever the
variant (a Zaozhuang hand holds up to 24 of a card, a Shuangkou one 8). A layout
(`observation_layout(rules)` ...) lists the parts in order, covering the tensor exactly, as
`Part`s: (name, offset, size) tuples whose `divisor` holds, per entry, the number its count was
divided by (raw = entry * divisor; 1 for flags). The divisors:
  a count of one card kind (a hand, a seat's plays, the cards unseen, a transfer, a play's cards):
    the deck's copies of that kind (`rules.deck_counts`; no hand or play holds more);
  a seat's number of cards (cards_left): the deck's size (a hand set up by `new_position`, or
    grown by tribute in a match, can hold more than a deal gives: the deck is the bound that
    always holds);
  an action's features (`action_features`): `action_ids.feature_divisors(rules)` (one-hots 1,
    cards by the deck's copies, a pattern's type + 1, length, top + 1 and lines by their most);
  a seat's number of actions of a kind: `max_game_length(rules)`; a seat's bombs of a number of
    lines: the deck's size over the fewest cards of a bomb;
  the page of action ids shown is not divided: the entry is page / (page + 1) (0 on the first
    page, 1/2 on the second, 2/3 on the third: always below 1, and page = entry / (1 - entry)),
    because no bound on the pages holds for every hand (a Shuangkou hand with wild jokers may
    have millions of plays); its Part's divisor is None. (A share of the decision's legal
    actions would be scaled too, but it would tell every seat how many plays the hand to act
    holds.)
With N players and K card kinds, `observation_layout(rules)`:
  phase 3 (declare, revolt, play one-hot), terminal 1, my_turn 1, page 1 (the page of action ids
  shown), hand K, shown_hands (N-1)*K (the hands the rules show, zero otherwise), shown N-1
  (flags), played N*K, cards_left N, unseen K (the deck less my hand, the shown hands and every
  play: the hidden hands and failed burners' lost cards), top (the play to beat, zero when
  leading: rank one-hot 14 as in action_features, counts K, pattern head 4), top_seat N,
  top_flags 4 (leading, 级牌 in force, anyone may answer, only the opposite may answer),
  status N*len(STATUSES), opened N, declared N, headless N, obligation N, team N (seats of my
  team), place N*N (one-hot of place 1..N per seat), chaos 1.
`information_state_layout(rules)` is perfect recall: dealt K (my hand as dealt), start_hand K
  (after the transfers), received N*K and given N*K (each seat's public transfers), history
  max_game_length(rules) slots of N + feature_size(rules) each (the acting seat one-hot and the
  action's scaled `action_features`, in order; unused slots zero), then the observation tensor
  whole (its names prefixed "observation."). 75,066 numbers for Lianzhong, mostly the history.
`compact_information_state_layout(rules)` is the same seat's knowledge in DouZero's bounded form
  (1,318 numbers for Lianzhong): dealt, start_hand, received and given as above; actions N*6 (each
  seat's number of passes, defers, declares, revolts, plays and burns so far); bombs N*L in a
  variant whose bombs have lines (each seat's bombs of 1..L lines, L the most lines: what a
  Shuangkou score counts; absent in Gouji variants); last_actions COMPACT_HISTORY (15, as
  DouZero) slots of N + feature_size(rules), the most recent action first (rows of the history
  above); then the observation tensor whole. Why this and not the whole history: a tensor of
  fixed size cannot hold every order of play, and the long one spends 99% of itself on slots
  that are zero for most of a game. What a decision needs is here: the seat's own cards (as
  dealt, at the start of play, now), every public transfer, each seat's played cards, cards left,
  tempo (its actions by kind) and bombs, the current round (top, statuses) and the last 15 actions
  in order. What it forgets is the order of older actions beyond those sums: two histories that
  differ only there share a compact tensor, so it is not perfect recall in OpenSpiel's strict
  sense (`information_state_string` and `information_state_tensor` are).
"""
from __future__ import annotations

import re
import struct
import weakref
from collections.abc import Iterable
from fractions import Fraction
from operator import getitem as _getitem
from operator import sub as _sub
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypedDict, cast

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.action_ids import FEATURE_KINDS, action_features, feature_divisors, feature_size
from gouji_dsl.runtime.actions import BURN, PLAY, Action, action_to_string, check_seat
from gouji_dsl.runtime.state import MOST_ENGINES, Phase

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from gouji_dsl.runtime.protocols import GameView
    from gouji_dsl.runtime.state import Rules

    # A float32 numpy array: a tensor, or a part of one. Any: numpy's stubs declare the buffer
    # protocol, which the memoryviews here read, only from Python 3.12 (the package runs on 3.10).
    Floats = Any

STATUSES = ("to_move", "holds_top", "played", "passed", "waiting", "idle", "out", "failed", "sits_out", "placed")
(_TO_MOVE, _HOLDS_TOP, _PLAYED, _PASSED, _WAITING, _IDLE, _OUT, _FAILED, _SITS_OUT, _PLACED) = range(len(STATUSES))
# The tensor's phase one-hot is declare, revolt, play. Phases as globals, compared by identity: a
# global is read several times faster than an Enum member, and an Enum hashes in Python.
_DECLARING, _PLAYING = Phase.DECLARE, Phase.PLAY
_TOP_FEATURES = slice(len(FEATURE_KINDS), None)  # action_features less the kind: rank, counts, pattern head
COMPACT_HISTORY = 15  # the last actions the compact information state holds (DouZero's 15 moves)
# The kinds of action the compact information state counts per seat (FEATURE_KINDS less "more",
# a page step: no history records it).
ACTION_KINDS = FEATURE_KINDS[:-1]
_KIND_INDEX = {kind: i for i, kind in enumerate(ACTION_KINDS)}

# Log lines (runtime.setup, runtime.flow) read here: transfers before play, and where a round begins.
_TRIBUTE = re.compile(r"(?:tribute \S+|return): seat (\d+) gives seat (\d+) (.*)$")
# The log lines of a [buy] trade (runtime.setup._buy_one): a rank moves to the buyer, and the
# price card (if any) to the seller.
_BOUGHT = re.compile(r"seat (\d+) buys a (\S+) from seat (\d+) for (\S+)$")
_GIVEN = re.compile(r"seat (\d+) is given a (\S+) by teammate (\d+)$")
_LEADS = re.compile(r"seat \d+ leads$")
_FAILS = "fails the burn"
_RESTORED = re.compile(r"seat (\d+)'s (.*) is back on the table$")
_SEED_LINE = "deal (seed"


class Observation(TypedDict, total=False):
    """What a seat sees (`observation(seat)`: seat .. declared) and knows (`observe(seat)`: all of
    these; the module docstring says what each holds)."""

    seat: int
    phase: str
    current_player: int
    hands: dict[int, str]             # the seat's own hand and the hands the rules show it
    card_counts: dict[int, int]       # 报牌: cards left of the seats that report them
    table: dict[str, object] | None   # {"seat": the top play's seat, "cards": its cards}, or None
    places: dict[int, int]
    opened: list[int]
    declared: list[int]
    # observe's
    hand: str
    dealt: str
    start_hand: str
    played: dict[int, str]
    cards_left: dict[int, int]
    discarded: dict[int, int]
    tributes: list[dict[str, str | int]]
    trick: list[tuple[int, str]]
    status: dict[int, str]
    headless: list[int]
    obligation: list[int]
    chaos: bool
    terminal: bool
    page: int
    returns: list[int | Fraction]


def _numpy() -> ModuleType:
    """numpy, imported the first time a tensor is asked for: it is an optional dependency."""
    global _np
    if _np is None:
        try:
            import numpy
        except ImportError:
            raise ImportError("observation tensors need numpy, an optional dependency: pip install numpy") from None
        _np = numpy
    return _np


_np: ModuleType | None = None


# --- layouts ------------------------------------------------------------------------------


class Part(tuple[str, int, int]):
    """One part of a tensor's layout: the tuple (name, offset, size), and `divisor`: for each of
    its `size` entries the number its count was divided by (raw count = entry * divisor; 1 for
    flags and one-hots), or None for the page, which is not divided (see the module
    docstring). Compared, unpacked and indexed as the plain tuple."""

    divisor: tuple[int, ...] | None

    def __new__(cls, name: str, offset: int, size: int, divisor: tuple[int, ...] | None) -> Part:
        part = tuple.__new__(cls, (name, offset, size))
        part.divisor = divisor
        return part

    def __reduce__(self) -> tuple[type[Part], tuple[str, int, int, tuple[int, ...] | None]]:
        return (Part, (self[0], self[1], self[2], self.divisor))

    def __repr__(self) -> str:
        return f"Part{tuple(self)!r}"


class _Spec:
    """A variant's tensor layouts and the numpy constants that fill them (one per Rules)."""

    # Slots: the observation tensor reads several of these per call, each then one load.
    __slots__ = ("rules", "n", "k", "per_kind", "inv_kind", "scaled_counts", "deck_size", "inv_size", "feature_div",
                 "inv_features", "observation", "at", "size", "row", "head", "head_size", "np_inv_kind", "np_inv_rows",
                 "_info", "_compact", "top_features", "scaled", "teams", "may_show", "rel", "pack_hand",
                 "head_blocks", "top_blocks", "leading", "no_shown", "zeros", "slots", "info_at",
                 "info_size", "inv_length", "lines", "inv_bombs", "compact_at", "compact_size")
    # Those set when first needed (a slot is declared here, not assigned: a class value would clash).
    np_inv_rows: Floats
    slots: int
    info_at: dict[str, int]
    info_size: int
    inv_length: float
    lines: int
    inv_bombs: float
    compact_at: dict[str, int]
    compact_size: int

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n, k = rules.players, len(rules.card_kinds)
        self.n, self.k = n, k
        # The divisors (module docstring): a card kind's copies, the deck's size, the features'.
        per_kind = self.per_kind = tuple(max(1, copies) for copies in rules.deck_counts)
        self.inv_kind = [1.0 / d for d in per_kind]
        # scaled_counts[kind][count]: a count of that kind divided by its divisor (no hand holds more)
        self.scaled_counts = [[count / d for count in range(d + 1)] for d in per_kind]
        self.deck_size = sum(rules.deck_counts)
        self.inv_size = 1.0 / self.deck_size
        features = self.feature_div = feature_divisors(rules)
        self.inv_features = [1.0 / d for d in features]
        flags = _flags
        parts: list[tuple[str, int, tuple[int, ...] | None]]  # (name, size, divisors) of each part, in order
        parts = [("phase", 3, flags(3)), ("terminal", 1, flags(1)), ("my_turn", 1, flags(1)), ("page", 1, None),
                 ("hand", k, per_kind), ("shown_hands", (n - 1) * k, per_kind * (n - 1)),
                 ("shown", n - 1, flags(n - 1)), ("played", n * k, per_kind * n),
                 ("cards_left", n, (self.deck_size,) * n), ("unseen", k, per_kind),
                 ("top", len(features) - len(FEATURE_KINDS), features[len(FEATURE_KINDS):]),
                 ("top_seat", n, flags(n)), ("top_flags", 4, flags(4)),
                 ("status", n * len(STATUSES), flags(n * len(STATUSES))),
                 ("opened", n, flags(n)), ("declared", n, flags(n)), ("headless", n, flags(n)),
                 ("obligation", n, flags(n)), ("team", n, flags(n)), ("place", n * n, flags(n * n)), ("chaos", 1, flags(1))]
        self.observation = _offsets(parts)
        self.at = at = {name: offset for name, offset, _size in self.observation}
        self.size = sum(size for _name, _offset, size in self.observation)
        self.row = n + feature_size(rules)
        # The head the information states share: the seat's own cards and the public transfers.
        self.head = [("dealt", k, per_kind), ("start_hand", k, per_kind), ("received", n * k, per_kind * n),
                     ("given", n * k, per_kind * n)]
        self.head_size = 2 * k + 2 * n * k
        # the numpy constants, made with the first information state (see constants)
        self.np_inv_kind: Floats | None = None
        self._info: list[Part] | None = None
        self._compact: list[Part] | None = None
        self.top_features: dict[tuple[int, ...], memoryview[float]] = {}
        # (kind, play) -> the action's features divided by their divisors
        self.scaled: dict[tuple[str, tuple[int, ...] | None], tuple[float, ...]] = {}
        self.teams: dict[int, memoryview[float]] = {}
        # The rules a tensor reads, looked up once (not per call).
        self.may_show = rules.show_team_at is not None or rules.watch_after_out
        # rel[seat][s]: the place of seat s after seat (0 = seat itself), for the per-seat blocks.
        # A table by seats 1..n: its entries 0 (no seat 0) hold None, which nothing reads.
        self.rel = cast("list[list[int]]", [None] + [[None] + [(s - seat) % n for s in range(1, n + 1)]
                                                     for seat in range(1, n + 1)])
        # A hand's counts packed as float32 straight into the tensor: one C call, not a store per number.
        self.pack_hand = struct.Struct(f"={k}f").pack_into
        self.head_blocks: list[memoryview[float]] | None = None  # phase one-hot, terminal, my_turn and a zero page
        # (top play, its seat after the observer, flags) -> its top .. top_flags block
        self.top_blocks: dict[tuple[tuple[int, ...], int, int], memoryview[float]] = {}
        # The top .. top_flags block when leading (no top: the flag "leading" alone), and zeros for
        # the shown hands and flags, as float32 memory.
        self.leading = memoryview(bytearray(4 * (at["status"] - at["top"]))).cast("f")
        self.leading[at["top_flags"] - at["top"]] = 1.0
        self.no_shown = memoryview(bytearray(4 * (at["played"] - at["shown_hands"]))).cast("f")
        self.zeros = memoryview(bytearray(4 * n * n)).cast("f")  # to clear a per-seat block (n or n * n entries)

    def constants(self, np: ModuleType) -> None:
        """The numpy arrays the information states scale with (made once, when first needed)."""
        if self.np_inv_kind is None:
            self.np_inv_kind = np.array(self.inv_kind, dtype=np.float32)
            self.np_inv_rows = np.tile(self.np_inv_kind, self.n)

    def info(self) -> list[Part]:
        """The information-state layout (made when first asked for: it needs the game-length bound)."""
        if self._info is None:
            from gouji_dsl.runtime.bounds import max_game_length

            self.slots = max_game_length(self.rules)
            row = (1,) * self.n + self.feature_div
            head = _offsets(self.head + [("history", self.slots * self.row, row * self.slots)])
            start = sum(size for _name, _offset, size in head)
            self.info_at = {name: offset for name, offset, _size in head}
            self.info_size = start + self.size
            self._info = head + _prefixed(self.observation, start)
        return self._info

    def compact(self) -> list[Part]:
        """The compact information-state layout (made when first asked for, as `info`)."""
        if self._compact is None:
            from gouji_dsl.runtime.bounds import max_game_length

            n, rules = self.n, self.rules
            longest = max_game_length(rules)
            parts = self.head + [("actions", n * len(ACTION_KINDS), (longest,) * (n * len(ACTION_KINDS)))]
            self.inv_length = 1.0 / longest
            self.lines, self.inv_bombs = 0, 0.0
            if rules.pattern_plays:
                if TYPE_CHECKING:  # pattern plays: the rules have their notation
                    assert rules.notation is not None
                spec = rules.notation.spec
                self.lines = self.feature_div[-1]  # the most lines of any bomb, chain or joker bomb
                fewest = min([spec.bomb_min] + [jokers for _name, jokers, _lines in spec.joker_bombs])
                most = max(1, self.deck_size // fewest)  # the most bombs one seat can play
                self.inv_bombs = 1.0 / most
                parts.append(("bombs", n * self.lines, (most,) * (n * self.lines)))
            row = (1,) * n + self.feature_div
            parts.append(("last_actions", COMPACT_HISTORY * self.row, row * COMPACT_HISTORY))
            head = _offsets(parts)
            start = sum(size for _name, _offset, size in head)
            self.compact_at = {name: offset for name, offset, _size in head}
            self.compact_size = start + self.size
            self._compact = head + _prefixed(self.observation, start)
        return self._compact

    def team(self, np: ModuleType, seat: int) -> memoryview[float]:
        """1 for each seat (in order from `seat`) of `seat`'s team, as float32 memory: copying
        memory into a memoryview of the tensor is several times cheaper than numpy's slice copy."""
        found = self.teams.get(seat)
        if found is None:
            teams = self.rules.teams
            found = self.teams[seat] = memoryview(np.array(
                [float(teams[(seat - 1 + rel) % self.n + 1] == teams[seat]) for rel in range(self.n)], dtype=np.float32))
        return found

    def heads(self, np: ModuleType) -> list[memoryview[float]]:
        """The phase .. page block of each (phase, terminal or my turn): [phase index * 3 + (0: neither,
        1: the observer's turn, 2: the game is over)], the page 0 (set apart when a page is turned)."""
        if self.head_blocks is None:
            width = self.at["page"] + 1
            blocks: list[memoryview[float]] = []
            for phase in range(3):
                for turn in range(3):
                    block = np.zeros(width, np.float32)
                    block[self.at["phase"] + phase] = 1
                    if turn:
                        block[self.at["terminal" if turn == 2 else "my_turn"]] = 1
                    blocks.append(memoryview(block))
            self.head_blocks = blocks
        return self.head_blocks

    def top_block(self, np: ModuleType, key: tuple[tuple[int, ...], int, int]) -> memoryview[float]:
        """The top, top_seat and top_flags blocks of a top play (key: the play, the place of its seat
        after the observer, flags: 1 级牌 in force, 2 anyone may answer, 4 only the opposite may), as
        float32 memory, cached per key."""
        found = self.top_blocks.get(key)
        if found is None:
            if len(self.top_blocks) >= _MOST_KEPT:
                self.top_blocks.clear()
            play, rel, flags = key
            at = self.at
            block = np.zeros(at["status"] - at["top"], np.float32)
            block[:at["top_seat"] - at["top"]] = self.top_vector(np, play)
            block[at["top_seat"] - at["top"] + rel] = 1
            for bit in range(3):
                if flags >> bit & 1:
                    block[at["top_flags"] - at["top"] + 1 + bit] = 1
            found = self.top_blocks[key] = memoryview(block)
        return found

    def top_vector(self, np: ModuleType, play: tuple[int, ...]) -> memoryview[float]:
        """The `top` block of a play: its scaled features less the kind (float32 memory, cached per play)."""
        found = self.top_features.get(play)
        if found is None:
            if len(self.top_features) >= _MOST_KEPT:
                self.top_features.clear()
            features = self.features(Action(PLAY, play))[_TOP_FEATURES]
            found = self.top_features[play] = memoryview(np.array(features, dtype=np.float32))
        return found

    def features(self, action: Action) -> tuple[float, ...]:
        """`action_features` of an action divided by their divisors (cached per action)."""
        key = (action.kind, action.play)
        found = self.scaled.get(key)
        if found is None:
            if len(self.scaled) >= _MOST_KEPT:
                self.scaled.clear()
            found = self.scaled[key] = tuple(
                value / divisor for value, divisor in zip(action_features(self.rules, action), self.feature_div))
        return found


def _flags(size: int) -> tuple[int, ...]:
    return (1,) * size


def _offsets(parts: Iterable[tuple[str, int, tuple[int, ...] | None]]) -> list[Part]:
    out: list[Part] = []
    offset = 0
    for name, size, divisor in parts:
        out.append(Part(name, offset, size, divisor))
        offset += size
    return out


def _prefixed(observation: list[Part], start: int) -> list[Part]:
    """The observation's parts as the end of an information state that begins them at `start`."""
    return [Part(f"observation.{name}", start + offset, size, part.divisor)
            for part in observation for name, offset, size in (part,)]


_SPECS: dict[int, _Spec] = {}


def _spec(rules: Rules) -> _Spec:
    spec = _SPECS.get(id(rules))
    if spec is None or spec.rules is not rules:  # the spec holds its Rules, so an id is never reused while kept
        if len(_SPECS) >= MOST_ENGINES:
            _SPECS.clear()
        spec = _SPECS[id(rules)] = _Spec(rules)
    return spec


def observation_layout(rules: Rules) -> list[Part]:
    """The `Part`s of `observation_tensor` (name, offset, size; `divisor`), in order (see the module docstring)."""
    return list(_spec(rules).observation)


def observation_tensor_size(rules: Rules) -> int:
    return _spec(rules).size


def information_state_layout(rules: Rules) -> list[Part]:
    """The `Part`s of `information_state_tensor`, in order."""
    return list(_spec(rules).info())


def information_state_tensor_size(rules: Rules) -> int:
    spec = _spec(rules)
    spec.info()
    return spec.info_size


def compact_information_state_layout(rules: Rules) -> list[Part]:
    """The `Part`s of `compact_information_state_tensor`, in order."""
    return list(_spec(rules).compact())


def compact_information_state_tensor_size(rules: Rules) -> int:
    spec = _spec(rules)
    spec.compact()
    return spec.compact_size


# --- what is public, kept up to date with the log ---------------------------------------------


class _Public:
    """What a game's log has made public, read incrementally: each call reads only the log
    lines added since the last (the log only grows; `undo_action` makes a new one)."""

    __slots__ = ("log", "seen", "pattern", "actions", "played", "deck", "inv", "inv_size", "received", "given",
                 "sizes", "flat", "flat_view", "remaining", "sizes_view", "np_rows", "np_seats", "rows", "text", "ref",
                 "mark", "tallied", "kinds", "bombs", "heads", "spec", "views", "n", "k", "touched", "epoch", "__weakref__")
    log: list[str | tuple[int, Action]]
    seen: int
    pattern: bool
    actions: list[tuple[int, Action]]
    played: list[list[int]]
    deck: tuple[int, ...]
    inv: list[float]
    inv_size: float
    received: list[list[int]]
    given: list[list[int]]
    sizes: list[int]
    flat: Floats | None
    flat_view: memoryview[float] | None
    remaining: list[int]
    sizes_view: memoryview[float] | None
    np_rows: Floats | None
    np_seats: NDArray[numpy.intp] | None
    rows: int
    text: list[str]
    ref: weakref.ref[_Public] | None
    mark: int
    tallied: int
    kinds: list[list[int]] | None
    bombs: list[list[int]] | None
    heads: dict[int, memoryview[float]]
    spec: _Spec
    views: list[_View | None]
    n: int
    k: int
    touched: list[int]
    epoch: int

    def __init__(self, game: GameView) -> None:
        n, k = game.r.players, len(game.r.card_kinds)
        spec = self.spec = _spec(game.r)
        self.n, self.k = n, k
        self.log = game.log
        self.seen = 0
        self.pattern = game.r.pattern_plays
        self.actions = []           # (seat, action) of every action, in order
        self.played = [[0] * k for _ in range(n)]   # per seat, its plays and burns this deal
        self.deck = game.r.deck_counts
        self.inv, self.inv_size = spec.inv_kind, spec.inv_size  # the tensors' scales (see numbers)
        self.remaining = list(self.deck)  # the deck less every play and burn
        self.received = [[0] * k for _ in range(n)]
        self.given = [[0] * k for _ in range(n)]
        self.sizes = [sum(hand) for hand in game.hands]  # each seat's number of cards (see read)
        # float32 copies for the tensors, made when a tensor is first asked for (see numbers)
        self.flat = self.flat_view = self.sizes_view = None
        self.np_rows = None
        self.np_seats = None
        self.rows = 0
        self.text = []              # the log as public text (see lines), made when first asked for
        self.ref = None             # a weak reference to this record (for _BY_LAST), made once
        self.mark = 0               # the number of actions read at which _public next registers it in _BY_LAST
        # The compact information state's sums (see tally), made when first asked for.
        self.tallied = 0
        self.kinds = self.bombs = None
        self.heads = {}             # seat -> the information states' head (see _fill_head), until a transfer
        self.views = [None] * n     # per seat: its observation tensor as last made (see _View)
        # For the views: the card kinds each play read took from a hand and added to the played
        # cards, in order, and a count of the lines after which any hand may have changed otherwise
        # (a deal, a transfer, a failed burn: every line but a play's and "seat n leads").
        self.touched = []
        self.epoch = 0

    def copy(self, game: GameView) -> _Public:
        """This record for `game`, whose log begins with the lines read here."""
        other = _Public.__new__(_Public)
        other.spec, other.n, other.k = self.spec, self.n, self.k
        other.views = [None] * len(self.views)  # made afresh: a copy's hands may differ (resampling)
        other.touched, other.epoch = [], 0  # for its own views
        other.log, other.seen, other.pattern, other.actions = game.log, self.seen, self.pattern, self.actions[:]
        other.played, other.deck, other.remaining = [row[:] for row in self.played], self.deck, self.remaining[:]
        other.inv, other.inv_size = self.inv, self.inv_size
        other.received, other.given = [row[:] for row in self.received], [row[:] for row in self.given]
        # The sizes are public (the same deal sizes, the same transfers and plays): the copy's too.
        other.sizes = self.sizes[:]
        other.flat = other.flat_view = other.sizes_view = None
        if self.flat is not None:
            if TYPE_CHECKING:  # made with flat (numbers): memory of a numpy array
                assert self.sizes_view is not None and isinstance(self.sizes_view.obj, numpy.ndarray)
            other.flat = self.flat.copy()
            other.flat_view, other.sizes_view = memoryview(other.flat), memoryview(self.sizes_view.obj.copy())
        other.np_rows = None if self.np_rows is None else self.np_rows[:max(64, 2 * self.rows)].copy()
        other.np_seats = None if self.np_seats is None else self.np_seats[:max(64, 2 * self.rows)].copy()
        other.rows = self.rows
        other.text = self.text[:min(len(self.text), self.seen)]
        other.ref = None
        other.mark = 0
        other.tallied = self.tallied
        other.kinds = None if self.kinds is None else [row[:] for row in self.kinds]
        other.bombs = None if self.bombs is None else [row[:] for row in self.bombs]
        other.heads = {}  # a copy's hands as dealt may differ (resample_from_infostate deals hidden ones anew)
        return other

    def lines(self) -> list[str]:
        """Every line of the log read so far as public text: actions with their seats, and the
        seed line without the seed (it would give the deal away)."""
        text = self.text
        for entry in self.log[len(text):self.seen]:
            if entry.__class__ is tuple:
                text.append(f"seat {entry[0]}: {action_to_string(entry[1])}")
            else:
                if TYPE_CHECKING:  # the other entries are lines of text
                    assert isinstance(entry, str)
                text.append("deal" if entry.startswith(_SEED_LINE) else entry)
        return text

    def read(self, game: GameView) -> tuple[int, Action] | None:
        """Read the log lines added since the last call; the last action entry read (or None)."""
        last = None
        everyone = False
        for entry in self.log[self.seen:]:
            if entry.__class__ is tuple:
                self.actions.append(entry)
                last = entry
                action = entry[1]
                if action.kind == PLAY or action.kind == BURN:
                    # A play takes exactly its cards from the hand; every other change to a hand
                    # comes with a log line that has all sizes counted again (below).
                    if TYPE_CHECKING:  # a play or a burn has cards
                        assert action.play is not None
                    pairs, kinds = _PAIRS.get(action.play) or _play_pairs(self.pattern, action.play)
                    me = entry[0] - 1
                    row = self.played[me]
                    remaining = self.remaining
                    size = self.sizes[me]
                    for kind, count in pairs:
                        row[kind] += count
                        remaining[kind] -= count
                        size -= count
                    self.sizes[me] = size
                    self.touched += kinds
                    flat = self.flat_view
                    if flat is not None:  # and the float32 copies, each kept twice over (see numbers)
                        left = self.sizes_view
                        if TYPE_CHECKING:  # made with flat_view (numbers)
                            assert left is not None
                        left[me] = left[me + self.n] = size * self.inv_size
                        # scaled from the exact count (not added up: the sum of scaled steps drifts)
                        at, inv = me * self.k, self.inv
                        again = at + self.n * self.k
                        for kind, _count in pairs:
                            flat[at + kind] = flat[again + kind] = row[kind] * inv[kind]
            elif entry.endswith(" leads"):  # type: ignore[union-attr]  # not a tuple: a line of text
                continue
            elif entry.startswith(_SEED_LINE) or entry == "position":  # type: ignore[union-attr]  # as above
                self._new_deal()
                everyone = True
            else:
                # Only a play changes its player's hand, but for lines like "seat 3 leads": any
                # other line may tell of cards moved (a transfer, a redeal, a failed burn's hand).
                everyone = True
                if " gives seat " in entry or " buys a " in entry or " is given a " in entry:
                    self._transfer(game, entry)  # type: ignore[arg-type]  # a line of text (as above)
        self.seen = len(self.log)
        if everyone:
            self.epoch += 1
            sizes = self.sizes
            sizes[:] = map(sum, game.hands)
            left = self.sizes_view
            if left is not None:
                for seat, size in enumerate(sizes):
                    left[seat] = left[seat + self.n] = size * self.inv_size
        return last

    def _new_deal(self) -> None:
        self.heads.clear()
        for table in (self.played, self.received, self.given):
            for row in table:
                row[:] = [0] * len(row)
        self.remaining[:] = self.deck
        if self.flat is not None:
            self.flat[:] = 0

    def _transfer(self, game: GameView, line: str) -> None:
        """A tribute, return or trade line: cards move from one seat to another, publicly."""
        moved: list[tuple[int, int, tuple[int, ...]]] = []
        tribute = _TRIBUTE.match(line)
        if tribute:
            giver, taker, cards = tribute.groups()
            if cards != "nothing":
                moved.append((int(giver), int(taker), game.kinds.parse_cards(cards)))
        else:
            bought = _BOUGHT.match(line)
            if bought:
                buyer, rank, seller, price = bought.groups()
                moved.append((int(seller), int(buyer), game.kinds.parse_cards(rank)))
                if price != "nothing":
                    moved.append((int(buyer), int(seller), game.kinds.parse_cards(price)))
            else:
                given = _GIVEN.match(line)
                if given:
                    seat, rank, mate = given.groups()
                    moved.append((int(mate), int(seat), game.kinds.parse_cards(rank)))
        self.heads.clear()
        for giver, taker, counts in moved:
            for kind, count in enumerate(counts):
                self.given[giver - 1][kind] += count
                self.received[taker - 1][kind] += count

    def numbers(self, np: ModuleType) -> None:
        """Make the float32 copies the tensors read, scaled as they show them (read keeps them up
        to date from then on): flat, each seat's plays as rows, the rows twice over (seat order
        from any seat is then one contiguous slice), and each seat's number of cards, twice over too."""
        inv = self.inv
        rows = [[count * scale for count, scale in zip(row, inv)] for row in self.played]
        self.flat = np.array(rows + rows, dtype=np.float32).reshape(-1)
        self.flat_view = memoryview(self.flat)
        sizes = [size * self.inv_size for size in self.sizes]
        self.sizes_view = memoryview(np.array(sizes + sizes, dtype=np.float32))  # twice over, as flat

    def numpy_history(self, np: ModuleType, spec: _Spec) -> tuple[Floats, NDArray[numpy.intp]]:
        """(features, seats) of every action so far: float32 rows of scaled action_features
        (`_Spec.features`), absolute seats - 1."""
        n = len(self.actions)
        if self.np_rows is None or len(self.np_rows) < n:
            capacity = max(64, 2 * n)
            rows = np.zeros((capacity, len(spec.feature_div)), dtype=np.float32)
            seats = np.zeros(capacity, dtype=np.intp)
            if self.np_rows is not None:
                if TYPE_CHECKING:  # made with np_rows
                    assert self.np_seats is not None
                rows[:self.rows] = self.np_rows[:self.rows]
                seats[:self.rows] = self.np_seats[:self.rows]
            self.np_rows, self.np_seats = rows, seats
        if TYPE_CHECKING:  # made with np_rows
            assert self.np_seats is not None
        for i in range(self.rows, n):
            seat, action = self.actions[i]
            self.np_rows[i] = spec.features(action)
            self.np_seats[i] = seat - 1
        self.rows = n
        return self.np_rows[:n], self.np_seats[:n]

    def tally(self, spec: _Spec) -> tuple[list[list[int]], list[list[int]]]:
        """(kinds, bombs) of the compact information state, brought up to date: per seat (seat 1
        first) its number of actions of each of ACTION_KINDS, and (a variant whose bombs have
        lines) its number of bombs of each line count 1..spec.lines."""
        n = spec.n
        if self.kinds is None:
            self.kinds = [[0] * len(ACTION_KINDS) for _ in range(n)]
            self.bombs = [[0] * spec.lines for _ in range(n)]
        kinds, bombs, lines = self.kinds, self.bombs, spec.lines
        if TYPE_CHECKING:  # made with kinds
            assert bombs is not None
        actions = self.actions
        for index in range(self.tallied, len(actions)):
            seat, action = actions[index]
            kinds[seat - 1][_KIND_INDEX[action.kind]] += 1
            if lines and action.kind == PLAY and action.play[3]:  # type: ignore[index]  # a play has cards
                # a pattern play's lines: a bomb
                if TYPE_CHECKING:  # a play has cards
                    assert action.play is not None
                bombs[seat - 1][action.play[3] - 1] += 1
        self.tallied = len(actions)
        return kinds, bombs


# The records of the games observed most recently, by id(game), most recent last. A record holds
# its game's log, so while it is kept no other log has that list's identity: a game that reuses
# a dead game's id never takes its record (`_public` compares the logs).
_RECORDS: dict[int, _Public] = {}
_MOST_RECORDS = 1024  # a record holds the public history and its arrays: tens of kilobytes
# The key of _RECORDS inserted or moved last: observing that game again moves nothing.
_NEWEST: list[int | None] = [None]
_COUNTS: dict[tuple[int, ...], tuple[int, ...]] = {}
# A play's ((kind, count) of each card kind it takes from the hand, those kinds): see _play_pairs.
_Pairs = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
_PAIRS: dict[tuple[int, ...], _Pairs] = {}


# Records by the last action they have read: a copy of a game (clone, resampling) starts from
# the record of the game it was copied from instead of reading its whole log again. The action
# entry (a tuple made once per apply_action, shared by copies of the log) is kept with its
# record: while it is, its id names no other entry.
_BY_LAST: dict[int, tuple[tuple[int, Action], weakref.ref[_Public]]] = {}
_MOST_KEPT = 100_000  # entries of a cache before it starts afresh (long self-play sees many plays)


def _public(game: GameView) -> _Public:
    """The game's public record, read up to the end of its log. Kept beside the game (not in
    it): a game's fields are its state, which copies and comparisons look at."""
    log = game.log
    key = id(game)
    public = _RECORDS.get(key)
    if public is None or public.log is not log or public.seen > len(log):
        _RECORDS.pop(key, None)
        donor = _donor(log)
        public = donor.copy(game) if donor is not None else _Public(game)
        _keep(key, public)
    elif _NEWEST[0] != key:  # else the same game as last time: its record is the most recent already
        del _RECORDS[key]
        _keep(key, public)
    if public.seen < len(log):
        last = public.read(game)
        if last is not None and len(public.actions) >= public.mark:
            # Every few actions: a copy looks back _LOOK_BACK lines for one (see _donor).
            public.mark = len(public.actions) + _MARK_EVERY
            if len(_BY_LAST) >= _MOST_KEPT:
                _BY_LAST.clear()
            ref = public.ref
            if ref is None:
                ref = public.ref = weakref.ref(public)
            _BY_LAST[id(last)] = (last, ref)
    return public


def _keep(key: int, public: _Public) -> None:
    """Keep `public` as the most recently observed record, forgetting the least recent beyond _MOST_RECORDS."""
    _RECORDS[key] = public
    _NEWEST[0] = key
    while len(_RECORDS) > _MOST_RECORDS:
        del _RECORDS[next(iter(_RECORDS))]


_LOOK_BACK = 200  # log lines a copy looks back for a record to start from (a search's playout or so)
_MARK_EVERY = 8  # actions between a record's entries in _BY_LAST: their lines are well within _LOOK_BACK


def _donor(log: list[str | tuple[int, Action]]) -> _Public | None:
    """A record whose lines so far begin `log` (a copy's log shares its original's entries)."""
    for index in range(len(log) - 1, max(-1, len(log) - 1 - _LOOK_BACK), -1):
        entry = log[index]
        if entry.__class__ is not tuple:
            continue
        found = _BY_LAST.get(id(entry))
        donor = found[1]() if found is not None and found[0] is entry else None
        # The same entry object at the same place: the logs were one up to it. The donor may have
        # read further since: the lines after it must then be the same too.
        if donor is not None and len(donor.log) > index and donor.log[index] is entry and donor.seen <= len(log) \
                and log[index + 1:donor.seen] == donor.log[index + 1:donor.seen]:
            return donor
    return None


def _play_counts(pattern: bool, play: tuple[int, ...]) -> tuple[int, ...]:
    """The cards a play or burn takes from the hand (one-rank and pattern plays differ in length)."""
    counts = _COUNTS.get(play)
    if counts is None:
        if len(_COUNTS) >= _MOST_KEPT:
            _COUNTS.clear()
        counts = _COUNTS[play] = tuple(play[4:]) if pattern else rt.cards_of(play)
    return counts


def _play_pairs(pattern: bool, play: tuple[int, ...]) -> _Pairs:
    """((kind, count) of each card kind a play or burn takes from the hand, those kinds): a few
    of the kinds, cached per play."""
    found = _PAIRS.get(play)
    if found is None:
        if len(_PAIRS) >= _MOST_KEPT:
            _PAIRS.clear()
        pairs = tuple((kind, count) for kind, count in enumerate(_play_counts(pattern, play)) if count)
        found = _PAIRS[play] = (pairs, tuple(kind for kind, _count in pairs))
    return found


def _status_codes(game: GameView) -> list[int]:
    """Each seat's status (an index into STATUSES), seat 1 first (Observing._statuses; a function,
    so that the observation tensor calls it without the method's lookups)."""
    players = game.r.players
    if game.terminal:
        status = [_PLACED] * players
    else:
        if game.phase is not _PLAYING:
            choosing = game.phase_seats
            status = [_WAITING if s in choosing else _IDLE for s in range(1, players + 1)]
        else:
            status = [_WAITING] * players
            for s in game.played_in_round:
                status[s - 1] = _PLAYED
            for s in game.passed:
                status[s - 1] = _PASSED
            top_seat = game.top_seat
            if top_seat is not None:
                status[top_seat - 1] = _HOLDS_TOP
        status[game.cur - 1] = _TO_MOVE
    for s in game.finish_order:
        status[s - 1] = _OUT
    if game.failed:
        for s in game.failed:
            status[s - 1] = _FAILED
    revolutionary = game.revolutionary
    if revolutionary is not None and revolutionary in game.place_of:
        status[revolutionary - 1] = _SITS_OUT
    return status


class _View:
    """One seat's observation tensor as last made for a game (kept in the game's record), with
    what each of its parts was made from: the next call rewrites only the parts whose source has
    changed (see _observed). The parts it copies every time are memoryview slices made once."""

    __slots__ = ("array", "mv", "head", "epoch", "touched", "top", "status", "marks", "heads", "played", "from_played",
                 "left", "from_left", "top_part", "hand_at", "unseen_at", "order")
    array: Floats
    mv: memoryview[float]
    # What the parts were made from (each _UNMADE until it is made).
    head: int
    epoch: int
    touched: int
    top: tuple[tuple[int, ...], int, int] | None
    status: list[int]
    marks: _Marks
    # The parts copied every time, and what from.
    heads: memoryview[float]
    played: memoryview[float]
    from_played: memoryview[float]
    left: memoryview[float]
    from_left: memoryview[float]
    top_part: memoryview[float]
    hand_at: int
    unseen_at: int
    order: list[int]

    def __init__(self, np: ModuleType, spec: _Spec, public: _Public, seat: int) -> None:
        at, n, k, me = spec.at, spec.n, spec.k, seat - 1
        self.array = np.zeros(spec.size, np.float32)
        mv = self.mv = memoryview(self.array)
        team = spec.teams.get(seat)
        mv[at["team"]:at["place"]] = spec.team(np, seat) if team is None else team  # fixed
        self.heads = mv[:at["page"] + 1]
        if TYPE_CHECKING:  # made before the first view (_observed)
            assert public.flat_view is not None and public.sizes_view is not None
        # The rows are kept twice over in the record: me, next, ... is one slice.
        self.played, self.from_played = mv[at["played"]:at["cards_left"]], public.flat_view[me * k:(me + n) * k]
        self.left, self.from_left = mv[at["cards_left"]:at["unseen"]], public.sizes_view[me:me + n]
        self.top_part = mv[at["top"]:at["status"]]  # top, top_seat and top_flags
        self.hand_at, self.unseen_at = at["hand"], at["unseen"]
        # status entries of each seat (seat 1 first) in the observer's order: me, next, ...
        self.order = [at["status"] + rel * len(STATUSES) for rel in spec.rel[seat][1:]]
        # Nothing else is written yet: no source equals these.
        self.head = self.top = self.status = self.marks = _UNMADE
        self.epoch, self.touched = -1, 0  # the record's epoch and touched kinds the hand and unseen show


# What a _View's parts were made from before they are first made: equal to no source. Any: it
# stands for a source of each part's own type.
_UNMADE: Any = object()
# The sources of the marks: opened, declared, headless, obligation, place_of, chaos.
_Marks = tuple[set[int], set[int], set[int], set[int], dict[int, int], bool]


def _observed(game: GameView, seat: int, spec: _Spec, public: _Public) -> Floats:
    """The observation tensor of `seat` (a float32 array kept in the record: copy it before handing
    it out), brought up to date.

    Between two engine steps the caches are cold: a numpy call, a struct pack, any kind of C call
    the engine does not make costs a microsecond or more then. So this makes few calls, of few
    kinds, and rewrites a part of the seat's last tensor only where its source has changed: the
    head (phase, turn, page) and the top block as one copy of a block cached by what it shows;
    the hand and the cards unseen at the card kinds the plays read since have touched (the
    record's `touched`; all of them after a line that may move cards otherwise, its `epoch`);
    the status one-hots of the seats whose status changed; the marks (opened .. chaos) when one
    of them did. The played rows and cards left are one memory copy each of the record's float32
    rows. A variant whose seats see other hands (看牌) writes those and the cards unseen whole."""
    if TYPE_CHECKING:  # the tensor methods import numpy first
        assert _np is not None
    view = public.views[seat - 1]
    if view is None:
        if public.flat is None:
            public.numbers(_np)
        view = public.views[seat - 1] = _View(_np, spec, public, seat)
    phase = game.phase
    # phase one-hot, then terminal or my turn: an index into spec.heads; the page shown above 9
    head = (6 if phase is _PLAYING else 0 if phase is _DECLARING else 3) + (
        2 if game.terminal else 1 if game.cur == seat else 0)
    at, page = game._page_at  # ActionIds._page, inline: the page shown, if turned in this state
    if page and at == len(game._history):
        head += 9 * page
    if head != view.head:
        view.heads[:] = (spec.head_blocks or spec.heads(_np))[head % 9]
        if page:  # page / (page + 1): see the module docstring
            view.mv[spec.at["page"]] = page / (page + 1)
        view.head = head
    # The hand and the cards unseen change only where a play took cards (the record's touched
    # kinds) until a line that may move cards otherwise (its epoch): only those kinds are written
    # again, each one store (scaled[kind][count], looked up). A seat shown other hands (a
    # variant with 看牌) has them and its unseen cards written whole.
    hand = game.hands[seat - 1]
    scaled, remaining, mv = spec.scaled_counts, public.remaining, view.mv
    if spec.may_show:
        _shown(game, seat, spec, view, public, hand)
    elif view.epoch != public.epoch:
        hand_at, unseen_at = view.hand_at, view.unseen_at
        for kind in range(spec.k):
            mv[hand_at + kind] = scaled[kind][hand[kind]]
            mv[unseen_at + kind] = scaled[kind][remaining[kind] - hand[kind]]
        view.epoch, view.touched = public.epoch, len(public.touched)
    elif view.touched < len(public.touched):
        hand_at, unseen_at = view.hand_at, view.unseen_at
        for kind in public.touched[view.touched:]:
            mv[hand_at + kind] = scaled[kind][hand[kind]]
            mv[unseen_at + kind] = scaled[kind][remaining[kind] - hand[kind]]
        view.touched = len(public.touched)
    view.played[:] = view.from_played
    view.left[:] = view.from_left
    top = game.top
    if top is None:
        if view.top is not None:
            view.top_part[:] = spec.leading
            view.top = None
    else:
        if TYPE_CHECKING:  # a top play has its seat
            assert game.top_seat is not None
        key = (top, (game.top_seat - seat) % spec.n,
               (1 if phase is _PLAYING and game._in_force() else 0) | (2 if game.top_free else 0)
               | (4 if game.top_opposite_only else 0))
        if key != view.top:
            block = spec.top_blocks.get(key)
            view.top_part[:] = spec.top_block(_np, key) if block is None else block
            view.top = key
    # The statuses: a one-hot per seat, each moved where its seat's status changed.
    codes = _status_codes(game)
    before = view.status
    if codes != before:
        order = view.order
        if before is _UNMADE:
            for entry, code in zip(order, codes):
                mv[entry + code] = 1.0
        else:
            for entry, code, old in zip(order, codes, before):
                if code != old:
                    mv[entry + old] = 0.0
                    mv[entry + code] = 1.0
        view.status = codes
    # The marks, compared at once with what their parts show (they change a few times a game).
    marks = (game.opened, game.declared, game.headless, game.obligation, game.place_of, game.chaos)
    if marks != view.marks:
        _marked(view, marks, spec, seat)
    return view.array


def _shown(game: GameView, seat: int, spec: _Spec, view: _View, public: _Public, hand: list[int]) -> None:
    """Write the hand of `seat`, the hands it is shown (shown_hands, shown) and the cards unseen
    less them, whole (a variant with 看牌: whose hands are shown changes with the game)."""
    at, n, k, scaled = spec.at, spec.n, spec.k, spec.scaled_counts
    mv, hands = view.mv, game.hands
    spec.pack_hand(view.array, 4 * at["hand"], *map(_getitem, scaled, hand))
    unseen: Iterable[int] = map(_sub, public.remaining, hand)
    mv[at["shown_hands"]:at["played"]] = spec.no_shown
    for other in game._shown_seats(seat):
        rel = (other - seat) % n
        spec.pack_hand(view.array, 4 * (at["shown_hands"] + (rel - 1) * k), *map(_getitem, scaled, hands[other - 1]))
        mv[at["shown"] + rel - 1] = 1
        unseen = list(map(_sub, unseen, hands[other - 1]))
    spec.pack_hand(view.array, 4 * at["unseen"], *map(_getitem, scaled, unseen))


def _marked(view: _View, marks: _Marks, spec: _Spec, seat: int) -> None:
    """Rewrite the parts of the marks (opened, declared, headless, obligation: a flag per seat;
    place: a one-hot per seat; chaos) whose source has changed, seats counted from `seat`, and
    keep copies of the sources to compare with later."""
    mv, n, rel, at = view.mv, spec.n, spec.rel[seat], spec.at
    before = view.marks
    for index, name in enumerate(("opened", "declared", "headless", "obligation")):
        seats = marks[index]
        if TYPE_CHECKING:  # the first four marks: sets of seats
            assert isinstance(seats, set)
        if before is _UNMADE or seats != before[index]:
            start = at[name]
            mv[start:start + n] = spec.zeros[:n]
            for s in seats:
                mv[start + rel[s]] = 1.0
    place_of = marks[4]
    if before is _UNMADE or place_of != before[4]:
        start = at["place"]
        mv[start:start + n * n] = spec.zeros[:n * n]
        for s, place in place_of.items():
            mv[start + rel[s] * n + place - 1] = 1.0
    mv[at["chaos"]] = 1.0 if marks[5] else 0.0
    view.marks = (set(marks[0]), set(marks[1]), set(marks[2]), set(marks[3]), dict(place_of), marks[5])


# --- the mixin ------------------------------------------------------------------------------------


class Observing:
    """observe, the tensors and the strings of what a seat knows (a mixin of runtime.flow.Game)."""

    def _shown_seats(self: GameView, seat: int) -> list[int]:
        """The other seats whose hands `seat` sees: those `observation(seat)["hands"]` shows."""
        r = self.r
        shown = []
        for other in range(1, r.players + 1):
            if (other != seat and r.show_team_at is not None and r.teams[other] == r.teams[seat]
                    and other not in self.place_of and sum(self.hands[other - 1]) <= r.show_team_at):
                shown.append(other)
        if r.watch_after_out and seat in self.place_of and seat in self.finish_order:
            mates = [o for o in range(1, r.players + 1) if o != seat and r.teams[o] == r.teams[seat] and o not in self.place_of]
            if mates and mates[0] not in shown:
                shown.append(mates[0])
                shown.sort()
        return shown

    def _statuses(self: GameView) -> list[int]:
        """Each seat's status (an index into STATUSES), seat 1 first: see the module docstring."""
        return _status_codes(self)

    def _trick(self: GameView) -> list[tuple[int, str]]:
        """The current round's actions since its lead, from the log (see the module docstring)."""
        if self.phase is not Phase.PLAY:
            return []
        log = self.log
        start, restored = len(log), None
        first_play_only = False
        while start:
            entry = log[start - 1]
            if entry.__class__ is str:
                if _LEADS.match(entry):
                    break
                if _FAILS in entry:
                    for later in log[start:]:
                        back = later.__class__ is str and _RESTORED.match(later)
                        if back:
                            restored = (int(back.group(1)), f"back on the table: {back.group(2)}")
                            break
                    break
                if entry.startswith(_SEED_LINE) or entry == "position":
                    first_play_only = True  # the first round: it begins with the first play (the lead)
                    break
            start -= 1
        trick = [restored] if restored else []
        for entry in log[start:]:
            if entry.__class__ is tuple:
                if first_play_only and entry[1].kind not in (PLAY, BURN):
                    continue  # a 宣点 or 革命 choice before play
                first_play_only = False
                trick.append((entry[0], action_to_string(entry[1])))
        return trick

    def observe(self: GameView, seat: int) -> Observation:
        """Everything `seat` knows now, as a dict: `observation(seat)` and more (the module's docstring
        lists the keys). ValueError if `seat` is not one of the seats 1..players."""
        r = self.r
        check_seat(seat, r.players)
        public = _public(self)
        fmt = self.kinds.format_cards
        seats = range(1, r.players + 1)
        out = self.observation(seat)
        start = [a + b - c for a, b, c in zip(self.dealt[seat - 1], public.received[seat - 1], public.given[seat - 1])]
        left = {s: sum(self.hands[s - 1]) for s in seats}
        discarded: dict[int, int] = {}
        for s in self.failed:
            # every hand's size is public: cards_per_player (or a position's), then public transfers
            began = sum(self.dealt[s - 1]) + sum(public.received[s - 1]) - sum(public.given[s - 1])
            discarded[s] = began - sum(public.played[s - 1]) - left[s]
        out.update({
            "hand": fmt(self.hands[seat - 1]),
            "dealt": fmt(self.dealt[seat - 1]),
            "start_hand": fmt(start),
            "played": {s: fmt(public.played[s - 1]) for s in seats},
            "cards_left": left,
            "discarded": discarded,
            "tributes": [dict(entry) for entry in self.tribute_log],
            "trick": self._trick(),
            "status": {s: STATUSES[status] for s, status in zip(seats, self._statuses())},
            "headless": sorted(self.headless),
            "obligation": sorted(self.obligation),
            "chaos": self.chaos,
            "terminal": self.terminal,
            "page": self._page(),
            "returns": self.returns(),
        })
        return out

    # --- tensors ------------------------------------------------------------------------------

    def observation_tensor(self: GameView, seat: int, out: Floats | None = None) -> Floats:
        """The observation of `seat` as a float32 vector of `observation_tensor_size(rules)` numbers
        (layout: `observation_layout(rules)`). `out`: a float32 array of that size to fill instead
        of a new one (it is overwritten)."""
        if _np is None:
            _numpy()  # raises, saying how to install it, without numpy
        if seat.__class__ is not int or not 0 < seat <= self.r.players:
            check_seat(seat, self.r.players)  # raises, saying why
        public = _public(self)
        if out is None:
            return _observed(self, seat, public.spec, public).copy()
        if TYPE_CHECKING:  # imported above
            assert _np is not None
        _check_out(_np, out, public.spec.size)
        out[:] = _observed(self, seat, public.spec, public)
        return out

    def _fill_observation(self: GameView, seat: int, spec: _Spec, out: Floats, base: int, public: _Public,
                          np: ModuleType) -> None:
        """Write the observation tensor of `seat` into out[base:base + its size] (a C-contiguous
        vector): a copy of the one the record keeps up to date (see _observed)."""
        memoryview(out)[base:base + spec.size] = _observed(self, seat, spec, public).data

    def information_state_tensor(self: GameView, seat: int, out: Floats | None = None) -> Floats:
        """What `seat` knows under perfect recall as a float32 vector of
        `information_state_tensor_size(rules)` numbers (layout: `information_state_layout(rules)`).
        `out`: a float32 array of that size to fill instead of a new one."""
        np = _np or _numpy()
        r = self.r
        check_seat(seat, r.players)
        spec = _spec(r)
        spec.info()
        given = out
        out = _buffer(np, given, spec.info_size)
        public = _public(self)
        n, at = spec.n, spec.info_at
        self._fill_head(seat, spec, out, public, np)
        features, seats = public.numpy_history(np, spec)
        used = len(features)
        if used > spec.slots:
            raise RuntimeError(f"this game has {used} actions, more than max_game_length = {spec.slots}: "
                               "the bound in runtime/bounds.py is wrong")
        history = out[at["history"]:at["history"] + spec.slots * spec.row].reshape(spec.slots, spec.row)
        history[np.arange(used), (seats - (seat - 1)) % n] = 1
        history[:used, n:] = features
        self._fill_observation(seat, spec, out, at["history"] + spec.slots * spec.row, public, np)
        if given is not None and given is not out:
            given[:] = out
            return given
        return out

    def compact_information_state_tensor(self: GameView, seat: int, out: Floats | None = None) -> Floats:
        """What `seat` knows, in the bounded form of DouZero, as a float32 vector of
        `compact_information_state_tensor_size(rules)` numbers (layout:
        `compact_information_state_layout(rules)`; what it keeps and forgets: the module
        docstring). `out`: a float32 array of that size to fill instead of a new one."""
        np = _np or _numpy()
        r = self.r
        check_seat(seat, r.players)
        spec = _spec(r)
        spec.compact()
        given = out
        out = _buffer(np, given, spec.compact_size)
        public = _public(self)
        n, at = spec.n, spec.compact_at
        me = seat - 1
        self._fill_head(seat, spec, out, public, np)
        kinds, bombs = public.tally(spec)
        width = len(ACTION_KINDS)
        for block, table, scale, at_block in ((width, kinds, spec.inv_length, at["actions"]),
                                              (spec.lines, bombs, spec.inv_bombs, at.get("bombs"))):
            for rel in range(n if block else 0):
                o = at_block + rel * block  # type: ignore[operator]  # at_block is None only for block 0 (no rel)
                for count in table[(me + rel) % n]:
                    if count:
                        out[o] = count * scale
                    o += 1
        features, seats = public.numpy_history(np, spec)
        recent = min(len(features), COMPACT_HISTORY)
        if recent:  # the last actions, the most recent first (rows of the long history's)
            o = at["last_actions"]
            rows = out[o:o + COMPACT_HISTORY * spec.row].reshape(COMPACT_HISTORY, spec.row)
            rows[np.arange(recent), (seats[-recent:][::-1] - me) % n] = 1
            rows[:recent, n:] = features[-recent:][::-1]
        self._fill_observation(seat, spec, out, spec.compact_size - spec.size, public, np)
        if given is not None and given is not out:
            given[:] = out
            return given
        return out

    def _fill_head(self: GameView, seat: int, spec: _Spec, out: Floats, public: _Public, np: ModuleType) -> None:
        """Write the part both information states begin with (dealt, start_hand, received, given:
        `_Spec.head`), scaled, into out[:spec.head_size]. It changes only with a deal or a
        transfer, so the record keeps it per seat until then (numpy would cost tens of
        microseconds a call)."""
        head = public.heads.get(seat)
        if head is None:
            spec.constants(np)
            n, k = spec.n, spec.k
            me = seat - 1
            head = np.empty(spec.head_size, np.float32)
            dealt = np.array(self.dealt[me], dtype=np.float32)
            head[0:k] = dealt * spec.np_inv_kind
            head[k:2 * k] = (dealt + public.received[me] - public.given[me]) * spec.np_inv_kind
            order = [(me + i) % n for i in range(n)]
            o = 2 * k
            for table in (public.received, public.given):
                head[o:o + n * k] = np.array(table, dtype=np.float32)[order].ravel() * spec.np_inv_rows
                o += n * k
            head = public.heads[seat] = memoryview(head)
        memoryview(out)[:spec.head_size] = head

    # --- strings ----------------------------------------------------------------------------

    def observation_string(self: GameView, seat: int) -> str:
        """What `seat` sees now, as deterministic text."""
        seen = self.observe(seat)
        return _describe(self, seen)

    def information_state_string(self: GameView, seat: int) -> str:
        """What `seat` knows under perfect recall, as deterministic text: its hand as dealt, every
        public line of the log (the seed line left out) and its observation now."""
        seen = self.observe(seat)
        head = f"seat {seat} dealt: {seen['dealt']}\nseat {seat} start of play: {seen['start_hand']}\n"
        return head + "\n".join(_public(self).lines()) + "\n--\n" + _describe(self, seen)


def _check_out(np: ModuleType, out: object, size: int) -> None:
    """ValueError, saying why, unless `out` is a writable numpy float32 vector of `size` numbers."""
    if not isinstance(out, np.ndarray) or out.shape != (size,) or out.dtype != np.float32 or not out.flags.writeable:
        raise ValueError(f"out is a writable numpy float32 vector of {size} numbers, not "
                         f"{getattr(out, 'dtype', type(out).__name__)} of shape {getattr(out, 'shape', '?')}")


def _buffer(np: ModuleType, out: Floats | None, size: int) -> Floats:
    """A zeroed C-contiguous float32 vector of `size` numbers to write a tensor into: `out` if
    given (checked) and contiguous, else a new one (the caller copies it into a strided `out`)."""
    if out is None:
        return np.zeros(size, np.float32)
    _check_out(np, out, size)
    if not out.flags.c_contiguous:
        return np.zeros(size, np.float32)
    out[:] = 0
    return out


def _describe(game: GameView, seen: Observation) -> str:
    seat = seen["seat"]
    r = game.r
    lines = [f"seat {seat} | phase {seen['phase']} | to move: {seen['current_player']} | page {seen['page']}",
             f"hand: {seen['hand'] or '-'}"]
    for s in range(1, r.players + 1):
        parts = [f"seat {s}: {seen['status'][s]}, {seen['cards_left'][s]} left"]
        if s in seen["discarded"]:
            parts.append(f"{seen['discarded'][s]} lost")
        parts.append(f"played: {seen['played'][s] or '-'}")
        if s != seat and s in seen["hands"]:
            parts.append(f"hand shown: {seen['hands'][s]}")
        lines.append(", ".join(parts))
    table = seen["table"]
    lines.append("table: empty" if table is None else f"table: seat {table['seat']} {table['cards']}")
    lines.append("trick: " + ("; ".join(f"seat {s} {text}" for s, text in seen["trick"]) or "-"))
    for name in ("opened", "declared", "headless", "obligation"):
        if seen[name]:
            lines.append(f"{name}: " + " ".join(map(str, seen[name])))
    if seen["places"]:
        lines.append("places: " + ", ".join(f"seat {s} {p}" for s, p in seen["places"].items()))
    if seen["chaos"]:
        lines.append("四户乱缠")
    if seen["terminal"]:
        lines.append("returns: " + " ".join(map(str, seen["returns"])))
    return "\n".join(lines)
