"""The legal actions of a game of pattern plays (Shuangkou), assembled from cached parts.

`runtime.patterns` enumerates every play of a hand, and the game then sorted them and looked up
their actions, every lead: a hand of 27 cards with wild jokers holds hundreds of leads. But a
play tuple `(kind, length, top, lines) + counts` sorts by its kind, its length and its top rank
first, and the plays of one kind, length and top depend on few of the hand's cards: a run's on
the counts of its ranks (each up to the run's width) and the wild jokers held, a bomb's on its
rank's count and the wilds, a joker bomb's on the jokers. So the sorted leads of a hand are the
concatenation, in (kind, length, top) order, of parts, each a sorted list of shared actions kept
per such key; a lead costs a look-up per part the hand can make (a window whose missing cards
the wilds cannot make up is never looked up), the same approach as Gouji's engines. A part is
computed once, by `runtime.patterns`' own enumerators run on the hand reduced to what the part
depends on (so they stay the one definition of which plays exist), then kept.

Answers to a play are the parts of its kind and length above its top, then the bombs that beat
it: within a bomb part the plays are sorted by lines, and a bomb's strength grows with its
lines, so those that beat a bomb are a tail of each part.

tests/test_pattern_moves.py checks both against sorting `patterns.plays` and `patterns.answers`.
Standard library only.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gouji_dsl.runtime import patterns as pt
from gouji_dsl.runtime.actions import trusted_play_action

if TYPE_CHECKING:
    from gouji_dsl.runtime.actions import Action
    from gouji_dsl.runtime.pattern_kinds import PatternKinds

RANKS = pt.RANKS
SMALL, BIG = pt.SMALL, pt.BIG
MOST_PARTS = 100_000  # parts kept per table before it starts afresh
# A part: (its plays, their shared Actions), both sorted. Typed as a tuple of any length, with
# items Any: compiled, a pair type is a C struct, and each part put in a list would be a new copy.
_Part = tuple[tuple[Any, ...], ...]
_NO_PART: _Part = ((), ())


class Moves:
    """The lead and answer actions of one variant's notation (`kinds`, a PatternKinds)."""

    def __init__(self, kinds: PatternKinds) -> None:
        self.kinds = kinds
        spec: pt.PatternSpec = kinds.spec
        t = spec._t
        self.t = t
        # Per type row, in kind order: (kind, width, owns length 1, its run lengths, jokers as themselves).
        self.rows = tuple((kind, t.widths[kind], bool(t.owns[kind][1]),
                           tuple(n for n in range(2, len(t.owns[kind])) if t.owns[kind][n]),
                           t.widths[kind] not in t.joker_sizes)
                          for kind in range(t.n_types))
        self.least_joker_bomb = min(t.joker_sizes, default=99)
        self.wild_small, self.wild_big = t.wild_small, t.wild_big
        # The bomb parts of the hands asked lately, by hand: a seat is asked about every play it
        # could answer, and its hand changes only when it plays.
        self.hands: dict[tuple[int, ...], list[_Part]] = {}
        # Parts by their keys: (plays, actions), both sorted; one table per kind of part.
        self.ones: dict[tuple[int, int, int, int, int], _Part] = {}
        self.runs: dict[tuple[int, int, int, tuple[int, ...], int, int], _Part] = {}
        self.bombs: dict[tuple[int, int, int, int], _Part] = {}
        self.chains: dict[tuple[int, int, tuple[int, ...], int, int], _Part] = {}
        self.jokers: dict[tuple[int, int], _Part] = {}

    # --- parts: computed from their keys alone ------------------------------------------------

    # table: one of the tables above, key: one of its keys (each table's of its own shape).
    def _keep(self, table: dict[Any, _Part], key: tuple[Any, ...], reduced: list[int],
              pick: Callable[[tuple[int, ...]], bool]) -> _Part:
        """Enumerate the plays of the reduced hand, keep those `pick` accepts, sorted, with actions."""
        t = self.t
        small, big = pt._wilds_held(t, reduced)
        out: list[tuple[int, ...]] = []
        if table is self.ones:
            pt._length_one_plays(t, reduced, small, big, key[0], t.widths[key[0]], key[1] - 1, out)
        elif table is self.runs:
            row, length, top = key[0], key[1], key[2]
            pt._run_plays(t, reduced, small, big, row, t.widths[row], length, length, top, out, top)
        else:
            pt._bomb_plays(t, reduced, small, big, -1, out)
        plays = sorted(p for p in out if pick(p))
        part = (tuple(plays), tuple(trusted_play_action(p, self.kinds) for p in plays)) if plays else _NO_PART
        if len(table) >= MOST_PARTS:
            table.clear()
        table[key] = part
        return part

    def _one(self, key: tuple[int, int, int, int, int]) -> _Part:
        """(row, top, have, small, big): the plays of `row` (one rank) topped by `top`, holding `have`
        of it (a joker kind played as itself when top is SJ or BJ) and these wilds."""
        row, top, have, small, big = key
        reduced = [0] * 15
        reduced[top] = have
        if top < SMALL:
            reduced[SMALL], reduced[BIG] = small, big
        return self._keep(self.ones, key, reduced, lambda p: p[0] == row and p[2] == top)

    def _run(self, key: tuple[int, int, int, tuple[int, ...], int, int]) -> _Part:
        """(row, length, top, window, small, big)."""
        row, length, top, window, small, big = key
        reduced = [0] * 15
        reduced[top - length + 1:top + 1] = window
        reduced[SMALL], reduced[BIG] = small, big
        return self._keep(self.runs, key, reduced, lambda p: p[0] == row and p[1] == length and p[2] == top)

    def _bomb(self, key: tuple[int, int, int, int]) -> _Part:
        """(rank, naturals, small, big)."""
        rank, naturals, small, big = key
        reduced = [0] * 15
        reduced[rank] = naturals
        reduced[SMALL], reduced[BIG] = small, big
        k_bomb = self.t.k_bomb
        return self._keep(self.bombs, key, reduced, lambda p: p[0] == k_bomb and p[2] == rank)

    def _chain(self, key: tuple[int, int, tuple[int, ...], int, int]) -> _Part:
        """(length, top, window, small, big)."""
        length, top, window, small, big = key
        reduced = [0] * 15
        reduced[top - length + 1:top + 1] = window
        reduced[SMALL], reduced[BIG] = small, big
        k_chain = self.t.k_chain
        return self._keep(self.chains, key, reduced, lambda p: p[0] == k_chain and p[1] == length and p[2] == top)

    def _joker_bombs(self, key: tuple[int, int]) -> _Part:
        """(SJ, BJ) held."""
        reduced = [0] * 15
        reduced[SMALL], reduced[BIG] = key
        k_joker = self.t.k_joker
        return self._keep(self.jokers, key, reduced, lambda p: p[0] == k_joker)

    # --- the parts a hand makes, in sort order ------------------------------------------------

    def _ones(self, row: int, width: int, jokers_too: bool, lowest: int, hand: list[int], small: int, big: int,
              out: list[_Part]) -> None:
        """The one-rank parts of `row` with tops from `lowest` up (3 .. 2, then SJ, BJ)."""
        wilds = small + big
        ones = self.ones
        for top in range(lowest, RANKS):
            have = hand[top]
            if have and have + wilds >= width:
                key = (row, top, have if have < width else width, small, big)
                part = ones.get(key) or self._one(key)
                if part[1]:
                    out.append(part)
        if jokers_too:
            for top in (SMALL, BIG):
                if top >= lowest and hand[top] >= width:
                    key = (row, top, width, 0, 0)
                    out.append(ones.get(key) or self._one(key))

    def _run_tops(self, width: int, lengths: tuple[int, ...], lowest_top: int, hand: list[int],
                  wilds: int) -> list[tuple[int, int]]:
        """(length, top) of every run of these lengths the hand may make, topped from `lowest_top` up,
        sorted. One sweep up the ranks: for each top, the lowest bottom whose window the wilds can
        fill (the window's missing cards, `width` minus each count, at most the wilds), and the
        highest rank holding a natural card (a run needs one)."""
        t = self.t
        shortest, longest = lengths[0], lengths[-1]
        low = t.low
        found = []
        bottom = low
        missing = 0
        natural = -1  # the highest rank so far holding a card
        for top in range(low, t.high + 1):
            n = hand[top]
            if n:
                natural = top
            if n < width:
                missing += width - n
            while missing > wilds or top - bottom + 1 > longest:
                m = hand[bottom]
                if m < width:
                    missing -= width - m
                bottom += 1
            if top < lowest_top or natural < bottom:
                continue
            # Lengths from the shortest with a natural card up to the window's.
            first = top - natural + 1
            if first < shortest:
                first = shortest
            for length in range(first, top - bottom + 2):
                found.append((length, top))
        found.sort()
        return found

    def _runs(self, row: int, width: int, lengths: tuple[int, ...], lowest_top: int, hand: list[int], small: int, big: int,
              out: list[_Part]) -> None:
        runs = self.runs
        tops = self._run_tops(width, lengths, lowest_top, hand, small + big)
        if not tops:
            return
        capped = [n if n < width else width for n in hand[:RANKS]]
        for length, top in tops:
            if length not in lengths:
                continue
            window = tuple(capped[top - length + 1:top + 1])
            key = (row, length, top, window, small, big)
            part = runs.get(key) or self._run(key)
            if part[1]:
                out.append(part)

    def _bomb_parts(self, hand: list[int], small: int, big: int, out: list[_Part]) -> None:
        """Every bomb, chain and joker-bomb part of the hand, in sort order."""
        key = tuple(hand)
        found = self.hands.get(key)
        if found is None:
            found = []
            self._find_bomb_parts(hand, small, big, found)
            if len(self.hands) >= 4096:
                self.hands.clear()
            self.hands[key] = found
        out += found

    def _chain_tops(self, hand: list[int], wilds: int) -> list[tuple[int, int]]:
        """(length, top) of every chain the hand may make, sorted: as `_run_tops`, a bomb of
        bomb_min cards at every rank, from 2 ranks up."""
        t = self.t
        bomb_min, longest, low = t.bomb_min, t.max_bombs, t.low
        found = []
        bottom = low
        cost = 0
        natural = -1
        for top in range(low, t.high + 1):
            n = hand[top]
            if n:
                natural = top
            if n < bomb_min:
                cost += bomb_min - n
            while cost > wilds or top - bottom + 1 > longest:
                m = hand[bottom]
                if m < bomb_min:
                    cost -= bomb_min - m
                bottom += 1
            if natural < bottom:
                continue
            first = top - natural + 1
            if first < 2:
                first = 2
            for length in range(first, top - bottom + 2):
                found.append((length, top))
        found.sort()
        return found

    def _find_bomb_parts(self, hand: list[int], small: int, big: int, out: list[_Part]) -> None:
        t = self.t
        wilds = small + big
        bombs = self.bombs
        bomb_min = t.bomb_min
        least = bomb_min - wilds
        for rank in range(RANKS):
            n = hand[rank]
            if n and n >= least:
                bomb_key = (rank, n, small, big)
                part = bombs.get(bomb_key) or self._bomb(bomb_key)
                if part[1]:
                    out.append(part)
        if t.chains:
            chains = self.chains
            for length, top in self._chain_tops(hand, wilds):
                chain_key = (length, top, tuple(hand[top - length + 1:top + 1]), small, big)
                part = chains.get(chain_key) or self._chain(chain_key)
                if part[1]:
                    out.append(part)
        if hand[SMALL] + hand[BIG] >= self.least_joker_bomb:
            joker_key = (hand[SMALL], hand[BIG])
            part = self.jokers.get(joker_key) or self._joker_bombs(joker_key)
            if part[1]:
                out.append(part)

    # --- the actions -------------------------------------------------------------------------

    def leads(self, hand: list[int]) -> list[Action]:
        """The sorted play actions of a leader holding `hand` (15 counts)."""
        small = hand[SMALL] if self.wild_small else 0
        big = hand[BIG] if self.wild_big else 0
        parts: list[_Part] = []
        for row, width, one, lengths, jokers_too in self.rows:
            if one:
                self._ones(row, width, jokers_too, 0, hand, small, big, parts)
            if lengths:
                self._runs(row, width, lengths, 0, hand, small, big, parts)
        self._bomb_parts(hand, small, big, parts)
        out: list[Action] = []
        for part in parts:
            out += part[1]
        return out

    def answers(self, hand: list[int], lead: tuple[int, ...]) -> list[Action]:
        """The sorted play actions of `hand` that beat `lead`."""
        t = self.t
        small = hand[SMALL] if self.wild_small else 0
        big = hand[BIG] if self.wild_big else 0
        kind = lead[0]
        parts: list[_Part] = []
        if kind < t.n_types:
            length, top = lead[1], lead[2]
            row, width, one, lengths, jokers_too = self.rows[kind]
            if length == 1 and one:
                self._ones(row, width, jokers_too, top + 1, hand, small, big, parts)
            elif length in lengths:
                self._runs(row, width, (length,), top + 1, hand, small, big, parts)
            self._bomb_parts(hand, small, big, parts)
            out: list[Action] = []
            for part in parts:
                out += part[1]
            return out
        floor = pt._bomb_key(t, kind, lead[3], lead[2])
        self._bomb_parts(hand, small, big, parts)
        out = []
        for plays, actions in parts:
            first = plays[0]
            if first[0] == t.k_joker:  # joker bombs sort by their size first: each asked
                out += [a for p, a in zip(plays, actions) if pt._bomb_key(t, p[0], p[3], p[2]) > floor]
                continue
            # Within a part of one kind and top the plays are sorted by lines, and more lines beat
            # more: those that beat the floor are the tail from the fewest lines that do.
            need = 0
            while pt._bomb_key(t, first[0], need, first[2]) <= floor:
                need += 1
            start = bisect_left([p[3] for p in plays], need)
            out += actions[start:]
        return out
