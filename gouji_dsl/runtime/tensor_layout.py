"""The tensors' layouts: where each part of the observation and information-state tensors lies,
and the number each entry is divided by (one `_Spec` per Rules, with the constants that fill them).

A module of its own because a layout is the rules' alone: it needs no game, only `Rules`. The
integrations (OpenSpiel, PettingZoo) size their spaces and name their parts from it, the public
record (runtime/public_record.py) scales its float32 copies by it, and runtime/observe.py, which
fills the tensors with what one seat observes, writes each part where the layout puts it.

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

import struct
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from gouji_dsl.runtime.action_ids import FEATURE_KINDS, action_features, feature_divisors, feature_size
from gouji_dsl.runtime.actions import PLAY, Action
from gouji_dsl.runtime.bounds import max_game_length
from gouji_dsl.runtime.state import MOST_ENGINES

if TYPE_CHECKING:
    from gouji_dsl.runtime.state import Rules

    # A float32 numpy array: a tensor, or a part of one. Any: numpy's stubs declare the buffer
    # protocol, which the memoryviews here read, only from Python 3.12 (the package runs on 3.10).
    Floats = Any

# Each seat's part in the round, in tensor order (runtime/observe.py's docstring says what each means).
STATUSES = ("to_move", "holds_top", "played", "passed", "waiting", "idle", "out", "failed", "sits_out", "placed")
_TOP_FEATURES = slice(len(FEATURE_KINDS), None)  # action_features less the kind: rank, counts, pattern head
COMPACT_HISTORY = 15  # the last actions the compact information state holds (DouZero's 15 moves)
# The kinds of action the compact information state counts per seat (FEATURE_KINDS less "more",
# a page step: no history records it).
ACTION_KINDS = FEATURE_KINDS[:-1]
# Entries of a cache before it starts afresh (long self-play sees many plays): the caches of a
# _Spec here, and runtime/public_record.py's.
_MOST_KEPT = 100_000


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
