"""What one seat knows: rich observations, numeric tensors and strings (a mixin of runtime.flow.Game).

Everything here shows a seat only what it may know: its own hand (as dealt, after the public
transfers, and now), the hands the rules show it (看牌 of a teammate, a partner's hand after
going out: the same seats as `observation(seat)`), and what is public. Nothing else of a hidden
hand appears (tests/test_observe.py deals the hidden hands anew with `resample_from_infostate`
and checks that nothing here changes).

Elsewhere: the tensors' layouts and divisors, and what the compact information state keeps and
forgets, in runtime/tensor_layout.py; what is public, read from the log, in runtime/public_record.py.

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
  forfeited                     seats that forfeited 开点 (废点), only where it takes two steps
                                ([open] then_lead)
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
A player 闷ed where [threes] men_out puts them out of play at once is `out` too.
A seat out of the game (out, failed, sits_out) keeps that status even while its last play is
the one to beat: the tensor's top_seat tells whose play that is.
"""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from operator import getitem as _getitem
from operator import sub as _sub
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypedDict

from gouji_dsl.runtime import tensor_layout
from gouji_dsl.runtime.actions import BURN, PLAY, action_to_string, check_seat
from gouji_dsl.runtime.public_record import _FAILS, _LEADS, _RESTORED, _SEED_LINE, _public
from gouji_dsl.runtime.state import Phase
from gouji_dsl.runtime.tensor_layout import ACTION_KINDS, COMPACT_HISTORY, STATUSES, _numpy, _spec
# The layouts, importable from here too, as the users' documentation (docs/research.md) shows them.
from gouji_dsl.runtime.tensor_layout import (
    compact_information_state_layout as compact_information_state_layout,
    compact_information_state_tensor_size as compact_information_state_tensor_size,
    information_state_layout as information_state_layout,
    information_state_tensor_size as information_state_tensor_size,
    observation_layout as observation_layout,
    observation_tensor_size as observation_tensor_size,
)

if TYPE_CHECKING:
    from gouji_dsl.runtime.protocols import GameView
    from gouji_dsl.runtime.public_record import _Public
    from gouji_dsl.runtime.tensor_layout import Floats, _Spec

(_TO_MOVE, _HOLDS_TOP, _PLAYED, _PASSED, _WAITING, _IDLE, _OUT, _FAILED, _SITS_OUT, _PLACED) = range(len(STATUSES))
# The tensor's phase one-hot is declare, revolt, play. Phases as globals, compared by identity: a
# global is read several times faster than an Enum member, and an Enum hashes in Python.
_DECLARING, _PLAYING = Phase.DECLARE, Phase.PLAY


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
    forfeited: list[int]
    chaos: bool
    terminal: bool
    page: int
    returns: list[int | Fraction]

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
    if game.r.men_out:
        for s, _beater in game.men:  # 闷ed: out of play at once
            status[s - 1] = _OUT
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


def _observed(game: GameView, seat: int, spec: _Spec, public: _Public, np: ModuleType) -> Floats:
    """The observation tensor of `seat` (a float32 array kept in the record: copy it before handing
    it out), brought up to date (`np`: numpy, which the tensor methods import first).

    Between two engine steps the caches are cold: a numpy call, a struct pack, any kind of C call
    the engine does not make costs a microsecond or more then. So this makes few calls, of few
    kinds, and rewrites a part of the seat's last tensor only where its source has changed: the
    head (phase, turn, page) and the top block as one copy of a block cached by what it shows;
    the hand and the cards unseen at the card kinds the plays read since have touched (the
    record's `touched`; all of them after a line that may move cards otherwise, its `epoch`);
    the status one-hots of the seats whose status changed; the marks (opened .. chaos) when one
    of them did. The played rows and cards left are one memory copy each of the record's float32
    rows. A variant whose seats see other hands (看牌) writes those and the cards unseen whole."""
    view = public.views[seat - 1]
    if view is None:
        if public.flat is None:
            public.numbers(np)
        view = public.views[seat - 1] = _View(np, spec, public, seat)
    phase = game.phase
    # phase one-hot, then terminal or my turn: an index into spec.heads; the page shown above 9
    head = (6 if phase is _PLAYING else 0 if phase is _DECLARING else 3) + (
        2 if game.terminal else 1 if game.cur == seat else 0)
    at, page = game._page_at  # ActionIds._page, inline: the page shown, if turned in this state
    if page and at == len(game._history):
        head += 9 * page
    if head != view.head:
        view.heads[:] = (spec.head_blocks or spec.heads(np))[head % 9]
        if page:  # page / (page + 1): see runtime/tensor_layout.py's docstring
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
            view.top_part[:] = spec.top_block(np, key) if block is None else block
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
        if r.open_then_lead:
            out["forfeited"] = sorted(self.forfeited)  # 废点, beside who opened, where 开点 takes two steps
        return out

    # --- tensors ------------------------------------------------------------------------------

    def observation_tensor(self: GameView, seat: int, out: Floats | None = None) -> Floats:
        """The observation of `seat` as a float32 vector of `observation_tensor_size(rules)` numbers
        (layout: `observation_layout(rules)`). `out`: a float32 array of that size to fill instead
        of a new one (it is overwritten)."""
        np = tensor_layout._np or _numpy()  # _numpy raises, saying how to install it, without numpy
        if seat.__class__ is not int or not 0 < seat <= self.r.players:
            check_seat(seat, self.r.players)  # raises, saying why
        public = _public(self)
        if out is None:
            return _observed(self, seat, public.spec, public, np).copy()
        _check_out(np, out, public.spec.size)
        out[:] = _observed(self, seat, public.spec, public, np)
        return out

    def _fill_observation(self: GameView, seat: int, spec: _Spec, out: Floats, base: int, public: _Public,
                          np: ModuleType) -> None:
        """Write the observation tensor of `seat` into out[base:base + its size] (a C-contiguous
        vector): a copy of the one the record keeps up to date (see _observed)."""
        memoryview(out)[base:base + spec.size] = _observed(self, seat, spec, public, np).data

    def information_state_tensor(self: GameView, seat: int, out: Floats | None = None) -> Floats:
        """What `seat` knows under perfect recall as a float32 vector of
        `information_state_tensor_size(rules)` numbers (layout: `information_state_layout(rules)`).
        `out`: a float32 array of that size to fill instead of a new one."""
        np = tensor_layout._np or _numpy()
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
        `compact_information_state_layout(rules)`; what it keeps and forgets: the docstring
        of runtime/tensor_layout.py). `out`: a float32 array of that size to fill instead of a new one."""
        np = tensor_layout._np or _numpy()
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
        `tensor_layout._Spec.head`), scaled, into out[:spec.head_size]. It changes only with a deal or a
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
