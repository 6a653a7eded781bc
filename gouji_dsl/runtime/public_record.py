"""What a game's log has made public, read incrementally: the record `_public(game)` that the
observations, tensors and strings of runtime/observe.py and the resampling of runtime/resample.py
read (each seat's plays, the public transfers, the cards left, the actions in order).

A module of its own because the record is no seat's view: it holds what the log has made
public, the same for every seat, read once per game (a copy of a game starts from its
original's record), and resample.py reads it without observing anything. It is kept beside the game (by id), not in it:
a game's fields are its state, which copies and comparisons look at.

What is public: every action is public (`seat_history()`), and so are the tribute, return and
buying lines of the log. Cards left per seat are public under perfect recall: every seat is
dealt the same number of cards, and every transfer and play since is public (a failed burner's
lost hand is out of play: its size is public, its cards are not).
"""
from __future__ import annotations

import re
import weakref
from types import ModuleType
from typing import TYPE_CHECKING

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import BURN, PLAY, Action, action_to_string
from gouji_dsl.runtime.tensor_layout import _MOST_KEPT, ACTION_KINDS, _spec

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from gouji_dsl.runtime.observe import _View
    from gouji_dsl.runtime.protocols import GameView
    from gouji_dsl.runtime.tensor_layout import Floats, _Spec

# Each action kind's place in ACTION_KINDS: its column in the compact information state's counts (tally).
_KIND_INDEX = {kind: i for i, kind in enumerate(ACTION_KINDS)}

# Log lines (runtime.setup, runtime.flow) read here and by runtime/observe.py (the round so far): transfers
# before play, and where a round begins.
_TRIBUTE = re.compile(r"(?:tribute \S+|return): seat (\d+) gives seat (\d+) (.*)$")
# The log lines of a [buy] trade (runtime.setup._buy_one): a rank moves to the buyer, and the
# price card (if any) to the seller.
_BOUGHT = re.compile(r"seat (\d+) buys a (\S+) from seat (\d+) for (\S+)$")
_GIVEN = re.compile(r"seat (\d+) is given a (\S+) by teammate (\d+)$")
_LEADS = re.compile(r"seat \d+ leads$")
_FAILS = "fails the burn"
_RESTORED = re.compile(r"seat (\d+)'s (.*) is back on the table$")
_SEED_LINE = "deal (seed"


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
