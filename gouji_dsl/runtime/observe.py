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
Counts are raw card counts; card kinds in the variant's order (`rules.card_kinds`: 3 .. 2, SJ,
BJ, then extra kinds such as the eagle Y). `observation_layout(rules)` lists (name, offset,
size) in order, covering the tensor exactly; with N players and K card kinds:
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
  action's `action_features`, in order; unused slots zero), then the observation tensor whole
  (its names prefixed "observation.").
"""
from __future__ import annotations

import re
import struct
import weakref

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.action_ids import FEATURE_KINDS, action_features, feature_size
from gouji_dsl.runtime.actions import BURN, PLAY, Action, action_to_string, check_seat
from gouji_dsl.runtime.state import Phase

STATUSES = ("to_move", "holds_top", "played", "passed", "waiting", "idle", "out", "failed", "sits_out", "placed")
(_TO_MOVE, _HOLDS_TOP, _PLAYED, _PASSED, _WAITING, _IDLE, _OUT, _FAILED, _SITS_OUT, _PLACED) = range(len(STATUSES))
# The tensor's phase one-hot is declare, revolt, play. Phases as globals, compared by identity: a
# global is read several times faster than an Enum member, and an Enum hashes in Python.
_DECLARING, _PLAYING = Phase.DECLARE, Phase.PLAY
_TOP_FEATURES = slice(len(FEATURE_KINDS), None)  # action_features less the kind: rank, counts, pattern head

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


def _numpy():
    """numpy, imported the first time a tensor is asked for: it is an optional dependency."""
    global _np
    if _np is None:
        try:
            import numpy
        except ImportError:
            raise ImportError("observation tensors need numpy, an optional dependency: pip install numpy") from None
        _np = numpy
    return _np


_np = None


# --- layouts ------------------------------------------------------------------------------


class _Spec:
    """A variant's tensor layouts and the numpy constants that fill them (one per Rules)."""

    def __init__(self, rules):
        self.rules = rules
        n, k = rules.players, len(rules.card_kinds)
        self.n, self.k = n, k
        parts = [("phase", 3), ("terminal", 1), ("my_turn", 1), ("page", 1), ("hand", k),
                 ("shown_hands", (n - 1) * k), ("shown", n - 1), ("played", n * k), ("cards_left", n),
                 ("unseen", k), ("top", feature_size(rules) - len(FEATURE_KINDS)), ("top_seat", n),
                 ("top_flags", 4), ("status", n * len(STATUSES)), ("opened", n), ("declared", n),
                 ("headless", n), ("obligation", n), ("team", n), ("place", n * n), ("chaos", 1)]
        self.observation = _offsets(parts)
        self.at = at = {name: offset for name, offset, _size in self.observation}
        self.size = sum(size for _name, _offset, size in self.observation)
        self.row = n + feature_size(rules)
        self._info = None
        self.top_features: dict = {}
        self.teams: dict = {}
        # The offsets as attributes, and the rules a tensor reads, looked up once (not per call).
        (self.phase, self.terminal, self.my_turn, self.page, self.hand, self.shown_hands, self.shown, self.played,
         self.cards_left, self.unseen, self.top, self.top_seat, self.top_flags, self.status, self.opened,
         self.declared, self.headless, self.obligation, self.team_at, self.place, self.chaos) = (
            at[name] for name, _size in parts)
        self.may_show = rules.show_team_at is not None or rules.watch_after_out
        # rel[seat][s]: the place of seat s after seat (0 = seat itself), for the per-seat blocks.
        self.rel = [None] + [[None] + [(s - seat) % n for s in range(1, n + 1)] for seat in range(1, n + 1)]
        # A hand's counts packed as float32 straight into the tensor: one C call, not a store per number.
        self.pack_hand = struct.Struct(f"={k}f").pack_into
        self.status_blocks: list[dict] = [{} for _ in range(n)]  # per observer (seat - 1): statuses -> block

    def info(self) -> list:
        """The information-state layout (made when first asked for: it needs the game-length bound)."""
        if self._info is None:
            from gouji_dsl.runtime.bounds import max_game_length

            n, k = self.n, self.k
            self.slots = max_game_length(self.rules)
            parts = [("dealt", k), ("start_hand", k), ("received", n * k), ("given", n * k),
                     ("history", self.slots * self.row)]
            head = _offsets(parts)
            start = sum(size for _name, _offset, size in head)
            self.info_at = {name: offset for name, offset, _size in head}
            self.info_size = start + self.size
            self._info = head + [(f"observation.{name}", start + offset, size) for name, offset, size in self.observation]
        return self._info

    def team(self, np, seat: int) -> memoryview:
        """1 for each seat (in order from `seat`) of `seat`'s team, as float32 memory: copying
        memory into a memoryview of the tensor is several times cheaper than numpy's slice copy."""
        found = self.teams.get(seat)
        if found is None:
            teams = self.rules.teams
            found = self.teams[seat] = memoryview(np.array(
                [float(teams[(seat - 1 + rel) % self.n + 1] == teams[seat]) for rel in range(self.n)], dtype=np.float32))
        return found

    def status_block(self, np, me: int, statuses: tuple) -> memoryview:
        """The `status` block seen from seat me + 1 of the seats' statuses (seat 1 first), cached
        per observer: a few hundred status tuples occur in a variant."""
        cache = self.status_blocks[me]
        if len(cache) >= _MOST_BLOCKS:
            cache.clear()
        block = np.zeros(self.n * len(STATUSES), np.float32)
        for rel, status in enumerate(statuses[me:] + statuses[:me]):
            block[rel * len(STATUSES) + status] = 1
        found = cache[statuses] = memoryview(block)
        return found

    def top_vector(self, np, play: tuple) -> memoryview:
        """The `top` block of a play: its action_features less the kind (float32 memory, cached per play)."""
        found = self.top_features.get(play)
        if found is None:
            if len(self.top_features) >= _MOST_KEPT:
                self.top_features.clear()
            features = action_features(self.rules, Action(PLAY, play))[_TOP_FEATURES]
            found = self.top_features[play] = memoryview(np.array(features, dtype=np.float32))
        return found


def _offsets(parts) -> list[tuple[str, int, int]]:
    out, offset = [], 0
    for name, size in parts:
        out.append((name, offset, size))
        offset += size
    return out


_SPECS: dict[int, _Spec] = {}


def _spec(rules) -> _Spec:
    spec = _SPECS.get(id(rules))
    if spec is None or spec.rules is not rules:  # the spec holds its Rules, so an id is never reused while kept
        spec = _SPECS[id(rules)] = _Spec(rules)
    return spec


def observation_layout(rules) -> list[tuple[str, int, int]]:
    """(name, offset, size) of each part of `observation_tensor`, in order (see the module docstring)."""
    return list(_spec(rules).observation)


def observation_tensor_size(rules) -> int:
    return _spec(rules).size


def information_state_layout(rules) -> list[tuple[str, int, int]]:
    """(name, offset, size) of each part of `information_state_tensor`, in order."""
    return list(_spec(rules).info())


def information_state_tensor_size(rules) -> int:
    spec = _spec(rules)
    spec.info()
    return spec.info_size


# --- what is public, kept up to date with the log ---------------------------------------------


class _Public:
    """What a game's log has made public, read incrementally: each call reads only the log
    lines added since the last (the log only grows; `undo_action` makes a new one)."""

    __slots__ = ("log", "seen", "pattern", "actions", "played", "deck", "received", "given", "sizes", "flat",
                 "flat_view", "remaining", "sizes_view", "np_rows", "np_seats", "rows", "text", "ref", "mark",
                 "__weakref__")

    def __init__(self, game):
        n, k = game.r.players, len(game.r.card_kinds)
        self.log = game.log
        self.seen = 0
        self.pattern = game.r.pattern_plays
        self.actions: list = []     # (seat, action) of every action, in order
        self.played = [[0] * k for _ in range(n)]   # per seat, its plays and burns this deal
        self.deck = game.r.deck_counts
        self.remaining = list(self.deck)  # the deck less every play and burn
        self.received = [[0] * k for _ in range(n)]
        self.given = [[0] * k for _ in range(n)]
        self.sizes = [sum(hand) for hand in game.hands]  # each seat's number of cards (see read)
        # float32 copies for the tensors, made when a tensor is first asked for (see numbers)
        self.flat = self.flat_view = self.sizes_view = None
        self.np_rows = None
        self.np_seats = None
        self.rows = 0
        self.text: list = []        # the log as public text (see lines), made when first asked for
        self.ref = None             # a weak reference to this record (for _BY_LAST), made once
        self.mark = 0               # the number of actions read at which _public next registers it in _BY_LAST

    def copy(self, game) -> "_Public":
        """This record for `game`, whose log begins with the lines read here."""
        other = _Public.__new__(_Public)
        other.log, other.seen, other.pattern, other.actions = game.log, self.seen, self.pattern, self.actions[:]
        other.played, other.deck, other.remaining = [row[:] for row in self.played], self.deck, self.remaining[:]
        other.received, other.given = [row[:] for row in self.received], [row[:] for row in self.given]
        # The sizes are public (the same deal sizes, the same transfers and plays): the copy's too.
        other.sizes = self.sizes[:]
        other.flat = other.flat_view = other.sizes_view = None
        if self.flat is not None:
            other.flat = self.flat.copy()
            other.flat_view, other.sizes_view = memoryview(other.flat), memoryview(self.sizes_view.obj.copy())
        other.np_rows = None if self.np_rows is None else self.np_rows[:max(64, 2 * self.rows)].copy()
        other.np_seats = None if self.np_seats is None else self.np_seats[:max(64, 2 * self.rows)].copy()
        other.rows = self.rows
        other.text = self.text[:min(len(self.text), self.seen)]
        other.ref = None
        other.mark = 0
        return other

    def lines(self) -> list[str]:
        """Every line of the log read so far as public text: actions with their seats, and the
        seed line without the seed (it would give the deal away)."""
        text = self.text
        for entry in self.log[len(text):self.seen]:
            if entry.__class__ is tuple:
                text.append(f"seat {entry[0]}: {action_to_string(entry[1])}")
            else:
                text.append("deal" if entry.startswith(_SEED_LINE) else entry)
        return text

    def read(self, game):
        """Read the log lines added since the last call; the last action entry read (or None)."""
        log = self.log
        actions, played = self.actions, self.played
        flat, remaining = self.flat_view, self.remaining
        hands, sizes, view = game.hands, self.sizes, self.sizes_view
        n, k = len(played), len(self.deck)
        doubled = n * k  # the offset of a seat's second row in flat
        last = None
        everyone = False
        for entry in log[self.seen:]:
            if entry.__class__ is tuple:
                actions.append(entry)
                last = entry
                seat, action = entry
                if action.kind == PLAY or action.kind == BURN:
                    # the hand as it is now, after this play and any later ones (the log is read to its end)
                    size = sizes[seat - 1] = sum(hands[seat - 1])
                    if view is not None:
                        view[seat - 1] = view[seat - 1 + n] = size
                    pairs = _PAIRS.get(action.play) or _play_pairs(self.pattern, action.play)
                    row = played[seat - 1]
                    for kind, count in pairs:
                        row[kind] += count
                        remaining[kind] -= count
                    if flat is not None:
                        at = (seat - 1) * k
                        for kind, count in pairs:
                            flat[at + kind] += count
                            flat[at + doubled + kind] += count
            elif entry.startswith(_SEED_LINE) or entry == "position":
                self._new_deal()
                everyone = True
            else:
                # Only a play changes its player's hand, but for lines like "seat 3 leads": any
                # other line may tell of cards moved (a transfer, a redeal, a failed burn's hand).
                if not entry.endswith(" leads"):
                    everyone = True
                    if " gives seat " in entry or " buys a " in entry or " is given a " in entry:
                        self._transfer(game, entry)
        self.seen = len(log)
        if everyone:
            sizes[:] = [sum(hand) for hand in hands]
            if view is not None:
                for seat, size in enumerate(sizes):
                    view[seat] = view[seat + n] = size
        return last

    def _new_deal(self) -> None:
        for table in (self.played, self.received, self.given):
            for row in table:
                row[:] = [0] * len(row)
        self.remaining[:] = self.deck
        if self.flat is not None:
            self.flat[:] = 0

    def _transfer(self, game, line: str) -> None:
        """A tribute, return or trade line: cards move from one seat to another, publicly."""
        moved = []
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
        for giver, taker, counts in moved:
            for kind, count in enumerate(counts):
                self.given[giver - 1][kind] += count
                self.received[taker - 1][kind] += count

    def numbers(self, np) -> None:
        """Make the float32 copies the tensors read (read keeps them up to date from then on):
        flat, each seat's plays as rows, the rows twice over (seat order from any seat is then
        one contiguous slice), and each seat's number of cards, twice over too."""
        self.flat = np.array(self.played + self.played, dtype=np.float32).reshape(-1)
        self.flat_view = memoryview(self.flat)
        self.sizes_view = memoryview(np.array(self.sizes + self.sizes, dtype=np.float32))  # twice over, as flat

    def numpy_history(self, np, rules) -> tuple:
        """(features, seats) of every action so far: float32 rows of action_features, absolute seats - 1."""
        n = len(self.actions)
        if self.np_rows is None or len(self.np_rows) < n:
            capacity = max(64, 2 * n)
            rows = np.zeros((capacity, feature_size(rules)), dtype=np.float32)
            seats = np.zeros(capacity, dtype=np.intp)
            if self.np_rows is not None:
                rows[:self.rows] = self.np_rows[:self.rows]
                seats[:self.rows] = self.np_seats[:self.rows]
            self.np_rows, self.np_seats = rows, seats
        for i in range(self.rows, n):
            seat, action = self.actions[i]
            self.np_rows[i] = _features(rules, action)
            self.np_seats[i] = seat - 1
        self.rows = n
        return self.np_rows[:n], self.np_seats[:n]


# The records of the games observed most recently, by id(game), most recent last. A record holds
# its game's log, so while it is kept no other log has that list's identity: a game that reuses
# a dead game's id never takes its record (`_public` compares the logs).
_RECORDS: dict[int, _Public] = {}
_MOST_RECORDS = 1024  # a record holds the public history and its arrays: tens of kilobytes
_NEWEST: list = [None]  # the key of _RECORDS inserted or moved last: observing that game again moves nothing
_COUNTS: dict[tuple, tuple] = {}
_PAIRS: dict[tuple, tuple] = {}
_FEATURES: dict[tuple, tuple] = {}


# Records by the last action they have read: a copy of a game (clone, resampling) starts from
# the record of the game it was copied from instead of reading its whole log again. The action
# entry (a tuple made once per apply_action, shared by copies of the log) is kept with its
# record: while it is, its id names no other entry.
_BY_LAST: dict[int, tuple] = {}
_MOST_KEPT = 100_000  # entries of a cache before it starts afresh (long self-play sees many plays)
_MOST_BLOCKS = 4096  # status blocks kept per observer (a few hundred occur; each is a small array)


def _public(game) -> _Public:
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


def _donor(log: list) -> _Public | None:
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


def _play_counts(pattern: bool, play: tuple) -> tuple:
    """The cards a play or burn takes from the hand (one-rank and pattern plays differ in length)."""
    counts = _COUNTS.get(play)
    if counts is None:
        if len(_COUNTS) >= _MOST_KEPT:
            _COUNTS.clear()
        counts = _COUNTS[play] = tuple(play[4:]) if pattern else rt.cards_of(play)
    return counts


def _play_pairs(pattern: bool, play: tuple) -> tuple:
    """(kind, count) of each card kind a play or burn takes from the hand (a few of the kinds)."""
    pairs = _PAIRS.get(play)
    if pairs is None:
        if len(_PAIRS) >= _MOST_KEPT:
            _PAIRS.clear()
        pairs = _PAIRS[play] = tuple((kind, count) for kind, count in enumerate(_play_counts(pattern, play)) if count)
    return pairs


def _features(rules, action) -> tuple:
    key = (len(rules.card_kinds), action.kind, action.play)
    found = _FEATURES.get(key)
    if found is None:
        if len(_FEATURES) >= _MOST_KEPT:
            _FEATURES.clear()
        found = _FEATURES[key] = action_features(rules, action)
    return found


# --- the mixin ------------------------------------------------------------------------------------


class Observing:
    """observe, the tensors and the strings of what a seat knows (a mixin of runtime.flow.Game)."""

    def _shown_seats(self, seat: int) -> list[int]:
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

    def _statuses(self) -> list[int]:
        """Each seat's status (an index into STATUSES), seat 1 first: see the module docstring."""
        players = self.r.players
        if self.terminal:
            status = [_PLACED] * players
        else:
            if self.phase is not _PLAYING:
                choosing = self.phase_seats
                status = [_WAITING if s in choosing else _IDLE for s in range(1, players + 1)]
            else:
                status = [_WAITING] * players
                for s in self.played_in_round:
                    status[s - 1] = _PLAYED
                for s in self.passed:
                    status[s - 1] = _PASSED
                top_seat = self.top_seat
                if top_seat is not None:
                    status[top_seat - 1] = _HOLDS_TOP
            status[self.cur - 1] = _TO_MOVE
        for s in self.finish_order:
            status[s - 1] = _OUT
        if self.failed:
            for s in self.failed:
                status[s - 1] = _FAILED
        revolutionary = self.revolutionary
        if revolutionary is not None and revolutionary in self.place_of:
            status[revolutionary - 1] = _SITS_OUT
        return status

    def _trick(self) -> list[tuple[int, str]]:
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

    def observe(self, seat: int) -> dict:
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
        discarded = {}
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

    def observation_tensor(self, seat: int, out=None):
        """The observation of `seat` as a float32 vector of `observation_tensor_size(rules)` numbers
        (layout: `observation_layout(rules)`). `out`: a float32 array of that size to fill instead
        of a new one (it is overwritten)."""
        np = _np or _numpy()
        r = self.r
        check_seat(seat, r.players)
        spec = _spec(r)
        if out is None:
            out = np.zeros(spec.size, np.float32)
            self._fill_observation(seat, spec, out, 0, _public(self), np)
            return out
        work = _buffer(np, out, spec.size)
        self._fill_observation(seat, spec, work, 0, _public(self), np)
        if work is not out:
            out[:] = work
        return out

    def _fill_observation(self, seat: int, spec: _Spec, out, base: int, public: _Public, np) -> None:
        """Write the observation tensor of `seat` into out[base:] (a C-contiguous vector, zeros
        there already). No numpy call: each costs a microsecond or more, several between two
        engine steps (cold caches). Numbers go in through a memoryview, only the nonzero ones (a
        store costs a third of numpy's), and float32 blocks kept up to date or cached (the played
        rows, cards left, top, status and team blocks) as memory copies."""
        if public.flat is None:
            public.numbers(np)
        mv = memoryview(out)
        if base:
            mv = mv[base:]
        n, k = spec.n, spec.k
        me = seat - 1
        hands = self.hands
        phase = self.phase
        mv[spec.phase + (2 if phase is _PLAYING else 0 if phase is _DECLARING else 1)] = 1
        if self.terminal:
            mv[spec.terminal] = 1
        elif self.cur == seat:
            mv[spec.my_turn] = 1
        page = self._page()
        if page:
            mv[spec.page] = page
        shown = self._shown_seats(seat) if spec.may_show else None
        if shown:
            unseen = [left - h for left, h in zip(public.remaining, hands[me])]
            for other in shown:
                rel = (other - seat) % n
                spec.pack_hand(out, 4 * (base + spec.shown_hands + (rel - 1) * k), *hands[other - 1])
                mv[spec.shown + rel - 1] = 1
                unseen = [left - h for left, h in zip(unseen, hands[other - 1])]
            spec.pack_hand(out, 4 * (base + spec.hand), *hands[me])
            spec.pack_hand(out, 4 * (base + spec.unseen), *unseen)
        else:  # the common case, in one loop of stores (the numpy calls it saves are slow on cold caches)
            o, u = spec.hand, spec.unseen
            for h, left in zip(hands[me], public.remaining):
                if h:
                    mv[o] = h
                    left -= h
                if left:
                    mv[u] = left
                o += 1
                u += 1
        o = spec.played
        mv[o:o + n * k] = public.flat_view[me * k:(me + n) * k]  # rows twice over: me, next, ... is one slice
        o = spec.cards_left
        mv[o:o + n] = public.sizes_view[me:me + n]  # twice over, as the played rows
        top = self.top
        if top is None:
            mv[spec.top_flags] = 1
        else:
            vector = spec.top_features.get(top)
            if vector is None:
                vector = spec.top_vector(np, top)
            mv[spec.top:spec.top_seat] = vector  # the top block ends where top_seat begins
            mv[spec.top_seat + (self.top_seat - seat) % n] = 1
            flags = spec.top_flags
            if phase is _PLAYING and self._in_force():
                mv[flags + 1] = 1
            if self.top_free:
                mv[flags + 2] = 1
            if self.top_opposite_only:
                mv[flags + 3] = 1
        statuses = tuple(self._statuses())
        block = spec.status_blocks[me].get(statuses)
        if block is None:
            block = spec.status_block(np, me, statuses)
        mv[spec.status:spec.opened] = block  # the status block ends where opened begins
        rel = spec.rel[seat]
        if self.opened:
            o = spec.opened
            for s in self.opened:
                mv[o + rel[s]] = 1
        if self.declared:
            o = spec.declared
            for s in self.declared:
                mv[o + rel[s]] = 1
        if self.headless:
            o = spec.headless
            for s in self.headless:
                mv[o + rel[s]] = 1
        if self.obligation:
            o = spec.obligation
            for s in self.obligation:
                mv[o + rel[s]] = 1
        team = spec.teams.get(seat)
        if team is None:
            team = spec.team(np, seat)
        mv[spec.team_at:spec.place] = team  # the team block ends where place begins
        if self.place_of:
            o = spec.place
            for s, place in self.place_of.items():
                mv[o + rel[s] * n + place - 1] = 1
        if self.chaos:
            mv[spec.chaos] = 1

    def information_state_tensor(self, seat: int, out=None):
        """What `seat` knows under perfect recall as a float32 vector of
        `information_state_tensor_size(rules)` numbers (layout: `information_state_layout(rules)`)."""
        np = _np or _numpy()
        r = self.r
        check_seat(seat, r.players)
        spec = _spec(r)
        spec.info()
        given = out
        out = _buffer(np, given, spec.info_size)
        public = _public(self)
        n, k = spec.n, spec.k
        at = spec.info_at
        me = seat - 1
        order = [(me + i) % n for i in range(n)]
        dealt = self.dealt[me]
        out[at["dealt"]:at["dealt"] + k] = dealt
        out[at["start_hand"]:at["start_hand"] + k] = np.add(dealt, public.received[me]) - public.given[me]
        out[at["received"]:at["received"] + n * k] = np.array(public.received, dtype=np.float32)[order].ravel()
        out[at["given"]:at["given"] + n * k] = np.array(public.given, dtype=np.float32)[order].ravel()
        features, seats = public.numpy_history(np, r)
        used = len(features)
        if used > spec.slots:
            raise RuntimeError(f"this game has {used} actions, more than max_game_length = {spec.slots}: "
                               "the bound in runtime/bounds.py is wrong")
        history = out[at["history"]:at["history"] + spec.slots * spec.row].reshape(spec.slots, spec.row)
        history[np.arange(used), (seats - me) % n] = 1
        history[:used, n:] = features
        self._fill_observation(seat, spec, out, at["history"] + spec.slots * spec.row, public, np)
        if given is not None and given is not out:
            given[:] = out
            return given
        return out

    # --- strings ----------------------------------------------------------------------------

    def observation_string(self, seat: int) -> str:
        """What `seat` sees now, as deterministic text."""
        seen = self.observe(seat)
        return _describe(self, seen)

    def information_state_string(self, seat: int) -> str:
        """What `seat` knows under perfect recall, as deterministic text: its hand as dealt, every
        public line of the log (the seed line left out) and its observation now."""
        seen = self.observe(seat)
        head = f"seat {seat} dealt: {seen['dealt']}\nseat {seat} start of play: {seen['start_hand']}\n"
        return head + "\n".join(_public(self).lines()) + "\n--\n" + _describe(self, seen)


def _buffer(np, out, size: int):
    """A zeroed C-contiguous float32 vector of `size` numbers to write a tensor into: `out` if
    given (checked) and contiguous, else a new one (the caller copies it into a strided `out`)."""
    if out is None:
        return np.zeros(size, np.float32)
    if not isinstance(out, np.ndarray) or out.shape != (size,) or out.dtype != np.float32 or not out.flags.writeable:
        raise ValueError(f"out is a writable numpy float32 vector of {size} numbers, not "
                         f"{getattr(out, 'dtype', type(out).__name__)} of shape {getattr(out, 'shape', '?')}")
    if not out.flags.c_contiguous:
        return np.zeros(size, np.float32)
    out[:] = 0
    return out


def _describe(game, seen: dict) -> str:
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
