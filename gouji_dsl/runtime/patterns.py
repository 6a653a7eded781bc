"""Shuangkou's plays: classify, compare and enumerate them fast (standard library only).

Generated Shuangkou engines import this module; `gouji_dsl.backends.pattern_tables`
builds its `PatternSpec` from a checked rule model (`[patterns]`, `[table] decks`).
Every function takes the spec first.

Card kinds are indexed like `cards.CARDS`: 0..11 = 3..A (the ranks runs may use,
`run_low`..`run_high`), 12 = 2, 13 = SJ, 14 = BJ. A hand is 15 counts.

A play is a plain tuple `(kind, length, top, lines) + counts` (19 ints):
- `kind`: 0..len(types)-1 = the row of `types`; `K_BOMB` = len(types),
  `K_CHAIN` = len(types) + 1, `K_JOKER_BOMB` = len(types) + 2;
- `length`: ranks in a run (1 for a single, pair, triple or bomb), bombs in a
  chain, jokers in a joker bomb;
- `top`: the highest effective rank (13 or 14 for jokers played as themselves,
  -1 for a joker bomb);
- `lines`: 0 for a non-bomb, else the bomb's strength in lines;
- `counts`: the 15 physical cards that leave the hand (a wild joker standing for
  a 9 is counted as a joker).
Two plays are the same play iff their tuples are equal (docs/conformance.md).

Written cards (docs/conformance.md `BJ=9`): 41 ints, [0:15] the physical counts (a
`BJ=9` counts one BJ), [15:28] how many SJ stand for rank 0..12, [28:41] how many
BJ do. A written list without stand-ins may be the 15 counts alone.

Functions:
- `classify(spec, written)`: the play the written cards make, or None;
- `beats(spec, play, lead)`: whether `play` may be played on `lead`;
- `plays(spec, hand)`: every distinct play the hand can make (its leads);
- `answers(spec, hand, lead)`: every distinct play of the hand that beats `lead`;
- `has_answer(spec, hand, lead)`: `bool(answers(...))` without building the plays;
- `written(spec, play)`: the canonical 41 written counts of a play; `format_play`
  its text (`5 6 7 8 BJ=9`); `parse_written(text)` reads such text;
- `type_name(spec, play)`: `single` ... or `bomb`, `chain_bomb`, `joker_bomb`.

Rules (rulings K2-K7 of docs/rulings.md, seed 002): a run is `length` consecutive ranks within
run_low..run_high, each exactly `width` cards; a length-1 play may be of any rank
3..2, or of one joker kind played as itself (`SJ SJ`). A bomb is bomb_min or more
cards of one rank 3..2. A chain is bombs on 2 or more consecutive ranks of the run
range (equal sizes unless chain_unequal); it is legal when `chain_lines` has a
line count for its smallest bomb's size and its number of bombs. A joker bomb is
exactly `jokers` jokers (any mix), always as themselves. A wild joker stands for
any card 3..2, only in a play that also holds a natural card 3..2 (K6); a rank
of a run or chain may be made of wilds only. Bombs beat non-bombs; between bombs
more lines win, then the `bomb_ties` order, then the higher top rank (K3, K7).
A type row at least bomb_min wide is never a play (bombs and chains take those
cards); when rows share a width and a length, the first row has them; a
joker-only play whose size is a joker bomb's is that joker bomb.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gouji_dsl.runtime.cards import CARDS, INDEX, CardError

RANKS = 13            # kinds 0..12 (3..2): the cards a wild may stand for
SMALL, BIG = 13, 14
HEAD = 4              # kind, length, top, lines come before the counts
WRITTEN_SIZE = 15 + 2 * RANKS


@dataclass(frozen=True)
class PatternSpec:
    """A variant's plays as plain data (what `pattern_tables.spec_source` writes out).

    - `types`: ((name, width, min_length, max_length), ...), in rule-file order;
    - `run_low`, `run_high`: the rank indices runs and chains may use (0 and 11: 3..A);
    - `bomb_min`: least cards of a bomb; `bomb_lines[size]`: a bomb's lines for
      size 0..max_size (0 below bomb_min);
    - `joker_bombs`: ((name, jokers, lines), ...);
    - `chains`, `chain_rules` ((smallest_bomb, largest_bomb, min_bombs), ...),
      `chain_unequal`: as in the rule file;
    - `chain_lines[size][bombs]`: a chain's lines, indexed by its smallest bomb's
      SIZE in cards (0..max_size) and its number of bombs (0..run_high-run_low+1);
      0 where the chain rules allow no chain (so every cell is 0 when chains = no);
    - `bomb_ties`: ('joker_bomb', 'chain', 'bomb') in some order, strongest first;
    - `wilds`: the wild joker kinds (13, 14 or both, ascending);
    - `copies`: the 15 counts of the whole deck (2 decks: 8 of each rank, 2 SJ, 2 BJ).
    """

    types: tuple[tuple[str, int, int, int], ...]
    run_low: int
    run_high: int
    bomb_min: int
    bomb_lines: tuple[int, ...]
    joker_bombs: tuple[tuple[str, int, int], ...]
    chains: bool
    chain_rules: tuple[tuple[int, int, int], ...]
    chain_lines: tuple[tuple[int, ...], ...]
    chain_unequal: bool
    bomb_ties: tuple[str, ...]
    wilds: tuple[int, ...]
    copies: tuple[int, ...]
    # The tables the hot paths read, set by __post_init__ (declared: compiled, a spec has no __dict__).
    _t: _Tables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.copies) != 15:
            raise ValueError("copies needs 15 counts")
        if len(self.bomb_lines) != self.max_size + 1:
            raise ValueError(f"bomb_lines needs {self.max_size + 1} entries (sizes 0..{self.max_size})")
        if len(self.chain_lines) != self.max_size + 1 or any(len(row) != self.max_bombs + 1 for row in self.chain_lines):
            raise ValueError(f"chain_lines needs {self.max_size + 1} rows of {self.max_bombs + 1} entries")
        if sorted(self.bomb_ties) != ["bomb", "chain", "joker_bomb"]:
            raise ValueError("bomb_ties must order 'joker_bomb', 'chain' and 'bomb'")
        if not set(self.wilds) <= {SMALL, BIG}:
            raise ValueError("only jokers (13, 14) can be wild")
        # The tables the hot paths read, built once (the spec itself stays plain data).
        object.__setattr__(self, "_t", _Tables(self))

    @property
    def max_size(self) -> int:
        """The largest possible bomb: every copy of one rank and every wild joker."""
        return max(self.copies[:RANKS]) + sum(self.copies[w] for w in self.wilds)

    @property
    def max_bombs(self) -> int:
        """The most bombs a chain can hold: the ranks of the run range."""
        return self.run_high - self.run_low + 1

    @property
    def K_BOMB(self) -> int:
        return len(self.types)

    @property
    def K_CHAIN(self) -> int:
        return len(self.types) + 1

    @property
    def K_JOKER_BOMB(self) -> int:
        return len(self.types) + 2


class _Tables:
    """What the enumerators read, derived once from a spec."""

    __slots__ = ("n_types", "k_bomb", "k_chain", "k_joker", "widths", "names", "owner", "owns",
                 "length_one", "runs", "wild_small", "wild_big", "joker_rows", "joker_sizes",
                 "strength", "bomb_lines", "chain_lines", "bomb_min", "low", "high", "chains",
                 "unequal", "copies", "max_bombs")

    def __init__(self, spec: PatternSpec):
        n = len(spec.types)
        self.n_types, self.k_bomb, self.k_chain, self.k_joker = n, n, n + 1, n + 2
        self.widths = tuple(row[1] for row in spec.types)
        self.names = tuple(row[0] for row in spec.types) + ("bomb", "chain_bomb", "joker_bomb")
        self.bomb_min = spec.bomb_min
        self.low, self.high = spec.run_low, spec.run_high
        # (width, length) -> the first row that has it; rows as wide as a bomb have nothing.
        self.owner: dict[tuple[int, int], int] = {}
        for kind, (_name, width, lo, hi) in enumerate(spec.types):
            if width >= spec.bomb_min:
                continue
            for length in range(lo, hi + 1):
                self.owner.setdefault((width, length), kind)
        self.owns = tuple(tuple(self.owner.get((width, length)) == kind for length in range(spec.max_bombs + 2))
                          for kind, width in enumerate(self.widths))
        self.length_one = tuple((kind, w) for kind, w in enumerate(self.widths) if self.owner.get((w, 1)) == kind)
        # Rows with runs: (kind, width, shortest, longest) of the lengths >= 2 they own.
        self.runs = tuple((kind, w, min(owned), max(owned)) for kind, w in enumerate(self.widths)
                          for owned in [[n for n in range(2, len(self.owns[kind])) if self.owns[kind][n]]] if owned)
        self.wild_small, self.wild_big = SMALL in spec.wilds, BIG in spec.wilds
        self.joker_rows = tuple((jokers, lines) for _name, jokers, lines in spec.joker_bombs)
        self.joker_sizes = frozenset(jokers for jokers, _lines in self.joker_rows)
        # Bomb strength for ties: strongest category gets the highest number.
        ties = {name: 3 - i for i, name in enumerate(spec.bomb_ties)}
        self.strength = {n: ties["bomb"], n + 1: ties["chain"], n + 2: ties["joker_bomb"]}
        self.bomb_lines = spec.bomb_lines
        self.chain_lines = spec.chain_lines
        self.chains = spec.chains and any(any(row) for row in spec.chain_lines)
        self.unequal = spec.chain_unequal
        self.copies = spec.copies
        self.max_bombs = spec.max_bombs


def _bomb_key(t: _Tables, kind: int, lines: int, top: int) -> int:
    """One number ordering bombs: lines, then the tie category, then the top rank."""
    return (lines * 4 + t.strength[kind]) * 16 + top + 1


def _wilds_held(t: _Tables, hand: Sequence[int]) -> tuple[int, int]:
    """(SJ, BJ) the hand may use as wilds."""
    return (hand[SMALL] if t.wild_small else 0), (hand[BIG] if t.wild_big else 0)


# --- comparison -------------------------------------------------------------------

def beats(spec: PatternSpec, play: tuple[int, ...], lead: tuple[int, ...]) -> bool:
    """Whether `play` beats `lead` (K2, K3, K7)."""
    t = spec._t
    pk, lk = play[0], lead[0]
    if lk < t.n_types:
        if pk < t.n_types:
            return pk == lk and play[1] == lead[1] and play[2] > lead[2]
        return True
    if pk < t.n_types:
        return False
    return _bomb_key(t, pk, play[3], play[2]) > _bomb_key(t, lk, lead[3], lead[2])


def type_name(spec: PatternSpec, play: Sequence[int]) -> str:
    """The conformance name of a play's type."""
    return spec._t.names[play[0]]


# --- classification -----------------------------------------------------------------

def classify(spec: PatternSpec, written: tuple[int, ...]) -> tuple[int, ...] | None:
    """The play that written cards (15 or 41 counts) make, or None if they make none."""
    t = spec._t
    if len(written) == 15:
        small_for = big_for = (0,) * RANKS
    elif len(written) == WRITTEN_SIZE:
        small_for, big_for = written[15:15 + RANKS], written[15 + RANKS:]
    else:
        return None
    phys = tuple(written[:15])
    if any(c < 0 or c > limit for c, limit in zip(phys, t.copies)) or min(small_for) < 0 or min(big_for) < 0:
        return None
    small_in, big_in = sum(small_for), sum(big_for)
    if (small_in and not t.wild_small) or (big_in and not t.wild_big):
        return None
    small_self, big_self = phys[SMALL] - small_in, phys[BIG] - big_in
    if small_self < 0 or big_self < 0:
        return None
    naturals = sum(phys[:RANKS])
    if not naturals:
        if small_in or big_in:
            return None  # K6: a stand-in needs a natural card in the play
        return _classify_jokers(t, phys)
    if small_self or big_self:
        return None  # a joker as itself never joins other cards
    effective = [phys[r] + small_for[r] + big_for[r] for r in range(RANKS)]
    present = [r for r in range(RANKS) if effective[r]]
    low, top = present[0], present[-1]
    length = top - low + 1
    if len(present) != length:
        return None
    sizes = effective[low:top + 1]
    smallest = min(sizes)
    if length == 1:
        if smallest >= t.bomb_min:
            return (t.k_bomb, 1, top, t.bomb_lines[smallest]) + phys
        kind = t.owner.get((smallest, 1))
        return None if kind is None else (kind, 1, top, 0) + phys
    if low < t.low or top > t.high:
        return None
    if smallest >= t.bomb_min:
        if not t.chains or (max(sizes) != smallest and not t.unequal):
            return None
        lines = t.chain_lines[smallest][length]
        return (t.k_chain, length, top, lines) + phys if lines else None
    if max(sizes) != smallest:
        return None
    kind = t.owner.get((smallest, length))
    return None if kind is None else (kind, length, top, 0) + phys


def _classify_jokers(t: _Tables, phys: tuple[int, ...]) -> tuple[int, ...] | None:
    """Jokers played as themselves: a joker bomb, or one kind as a single/pair."""
    jokers = phys[SMALL] + phys[BIG]
    for size, lines in t.joker_rows:
        if size == jokers:
            return (t.k_joker, jokers, -1, lines) + phys
    if jokers and (phys[SMALL] == 0 or phys[BIG] == 0):
        kind = t.owner.get((jokers, 1))
        if kind is not None:
            return (kind, 1, SMALL if phys[SMALL] else BIG, 0) + phys
    return None


# --- enumeration --------------------------------------------------------------------
# Each enumerator appends plays to `out`; none can produce a play twice (different
# choices of natural counts or joker kinds give different count vectors), so no set
# is needed. `floor` (bombs only) is a _bomb_key the play must exceed, or -1.

def plays(spec: PatternSpec, hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct play the 15-count `hand` can make."""
    t = spec._t
    out: list[tuple[int, ...]] = []
    small, big = _wilds_held(t, hand)
    for kind, width in t.length_one:
        _length_one_plays(t, hand, small, big, kind, width, -1, out)
    for kind, width, shortest, longest in t.runs:
        _run_plays(t, hand, small, big, kind, width, shortest, longest, t.high, out)
    _bomb_plays(t, hand, small, big, -1, out)
    return out


def answers(spec: PatternSpec, hand: Sequence[int], lead: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct play of `hand` that beats `lead`."""
    t = spec._t
    out: list[tuple[int, ...]] = []
    small, big = _wilds_held(t, hand)
    kind = lead[0]
    if kind < t.n_types:
        length, top = lead[1], lead[2]
        if length == 1:
            if t.owns[kind][1]:
                _length_one_plays(t, hand, small, big, kind, t.widths[kind], top, out)
        elif length < len(t.owns[kind]) and t.owns[kind][length]:
            _run_plays(t, hand, small, big, kind, t.widths[kind], length, length, t.high, out, top + 1)
        _bomb_plays(t, hand, small, big, -1, out)
    else:
        _bomb_plays(t, hand, small, big, _bomb_key(t, kind, lead[3], lead[2]), out)
    return out


def _splits(small: int, big: int) -> list[tuple[tuple[int, int], ...]]:
    """splits[k]: the (SJ, BJ) pairs that make k wilds from the wilds held."""
    return [tuple((s, k - s) for s in range(max(0, k - big), min(k, small) + 1)) for k in range(small + big + 1)]


def _length_one_plays(t: _Tables, hand: Sequence[int], small: int, big: int, kind: int, width: int, above: int,
                      out: list[tuple[int, ...]]) -> None:
    """Plays of one rank (single, pair, triple) with a top rank above `above`."""
    row = [0] * 19
    row[0], row[1] = kind, 1
    if small or big:
        splits = _splits(small, big)
        wilds = small + big
        for r in range(above + 1, RANKS):
            n = hand[r]
            if not n:
                continue
            row[2] = r
            used = width if n >= width else n
            while used >= 1:  # K6: at least one natural
                need = width - used
                if need > wilds:
                    break
                row[HEAD + r] = used
                for row[17], row[18] in splits[need]:
                    out.append(tuple(row))
                used -= 1
            row[HEAD + r] = 0
        row[17] = row[18] = 0
    else:
        for r in range(above + 1, RANKS):
            if hand[r] >= width:
                row[2] = r
                row[HEAD + r] = width
                out.append(tuple(row))
                row[HEAD + r] = 0
    # Jokers as themselves: one kind only (SJ SJ), unless that many jokers are a joker bomb.
    if width in t.joker_sizes:
        return
    for joker in (SMALL, BIG):
        if joker > above and hand[joker] >= width:
            row[2] = joker
            row[HEAD + joker] = width
            out.append(tuple(row))
            row[HEAD + joker] = 0


def _run_plays(t: _Tables, hand: Sequence[int], small: int, big: int, kind: int, width: int, shortest: int,
               longest: int, highest: int, out: list[tuple[int, ...]], lowest_top: int = 0) -> None:
    """Runs of `kind` of shortest..longest ranks (>= 2) with tops lowest_top..highest.

    Walks down from each top; every rank takes `width` - u wilds for the u naturals it
    uses, while the wilds last; every node long enough is a play per SJ/BJ split."""
    low = t.low
    owns = t.owns[kind]
    row = [0] * 19
    row[0] = kind
    tops = range(min(highest, t.high), max(lowest_top, low + shortest - 1) - 1, -1)
    if not (small or big):
        # No wilds: a run is a stretch of ranks holding `width` cards each.
        for top in tops:
            row[2] = r = top
            length = 0
            while r >= low and length < longest and hand[r] >= width:
                row[HEAD + r] = width
                length += 1
                if length >= shortest and owns[length]:
                    row[1] = length
                    out.append(tuple(row))
                r -= 1
            for q in range(r + 1, top + 1):
                row[HEAD + q] = 0
        return
    wilds = small + big
    splits = _splits(small, big)

    def extend(r: int, length: int, deficit: int, used: int) -> None:
        if length >= shortest and used and owns[length]:
            row[1] = length
            for row[17], row[18] in splits[deficit]:
                out.append(tuple(row))
        if length == longest or r < low:
            return
        if deficit == wilds and used:
            # No wilds left: the run goes on down while the ranks hold `width` naturals.
            s, b = splits[deficit][0]
            row[17], row[18] = s, b
            q = r
            while q >= low and length < longest and hand[q] >= width:
                row[HEAD + q] = width
                length += 1
                if length >= shortest and owns[length]:
                    row[1] = length
                    out.append(tuple(row))
                q -= 1
            for q in range(q + 1, r + 1):
                row[HEAD + q] = 0
            return
        n = hand[r]
        u = width if n >= width else n
        while u >= 0:
            need = deficit + width - u
            if need > wilds:
                break
            row[HEAD + r] = u
            extend(r - 1, length + 1, need, used + u)
            u -= 1
        row[HEAD + r] = 0

    for top in tops:
        row[2] = top
        extend(top, 0, 0, 0)


def _bomb_plays(t: _Tables, hand: Sequence[int], small: int, big: int, floor: int, out: list[tuple[int, ...]]) -> None:
    """Bombs, chains and joker bombs whose key exceeds `floor`."""
    wilds = small + big
    bomb_lines, bomb_min = t.bomb_lines, t.bomb_min
    k_bomb = t.k_bomb
    row = [0] * 19
    row[0], row[1] = k_bomb, 1
    for r in range(RANKS):
        n = hand[r]
        if not n or n + wilds < bomb_min:
            continue
        row[2] = r
        for used in range(n, 0, -1):
            row[HEAD + r] = used
            for need in range(max(0, bomb_min - used), wilds + 1):
                lines = bomb_lines[used + need]
                if floor >= 0 and _bomb_key(t, k_bomb, lines, r) <= floor:
                    continue
                row[3] = lines
                for s in range(max(0, need - big), min(need, small) + 1):
                    row[17], row[18] = s, need - s
                    out.append(tuple(row))
        row[HEAD + r] = 0
    if t.chains:
        _chain_plays(t, hand, small, big, floor, out)
    jokers = hand[SMALL] + hand[BIG]
    for size, lines in t.joker_rows:
        if size > jokers or (floor >= 0 and _bomb_key(t, t.k_joker, lines, -1) <= floor):
            continue
        for s in range(max(0, size - hand[BIG]), min(size, hand[SMALL]) + 1):
            out.append((t.k_joker, size, -1, lines) + (0,) * RANKS + (s, size - s))


def _chain_plays(t: _Tables, hand: Sequence[int], small: int, big: int, floor: int, out: list[tuple[int, ...]]) -> None:
    """Chains: from each top down, each rank a bomb of u naturals plus wilds.

    For the naturals chosen, every total of wilds K is tried; the smallest bomb S
    can be any size from the least one (every rank raised to bomb_min) up to where
    raising every rank to S costs more than K: the rest of the wilds go to another
    bomb (equal chains need exactly L*S cards)."""
    wilds = small + big
    low, bomb_min, lines_of, k_chain = t.low, t.bomb_min, t.chain_lines, t.k_chain
    unequal = t.unequal
    row = [0] * 19
    row[0] = k_chain

    def emit(r: int, length: int, least: int) -> None:
        naturals = row[HEAD + r + 1:HEAD + r + 1 + length]
        total = sum(naturals)
        top = row[2]
        for spent in range(least, wilds + 1):
            if unequal:
                sizes = []
                size = max(bomb_min, min(naturals))
                while sum(size - u for u in naturals if u < size) <= spent:
                    sizes.append(size)
                    size += 1
            else:
                size, rest = divmod(total + spent, length)
                sizes = [size] if not rest and size >= max(bomb_min, max(naturals)) else []
            seen = set()
            for size in sizes:
                lines = lines_of[size][length]
                if not lines or lines in seen:
                    continue
                seen.add(lines)
                if floor >= 0 and _bomb_key(t, k_chain, lines, top) <= floor:
                    continue
                row[3] = lines
                for s in range(max(0, spent - big), min(spent, small) + 1):
                    row[17], row[18] = s, spent - s
                    out.append(tuple(row))

    def extend(r: int, length: int, least: int, used: int) -> None:
        if length >= 2 and used:
            row[1] = length
            emit(r, length, least)
        if length == t.max_bombs or r < low:
            return
        for u in range(hand[r], -1, -1):
            need = least + (bomb_min - u if u < bomb_min else 0)
            if need > wilds:
                break
            row[HEAD + r] = u
            extend(r - 1, length + 1, need, used + u)
        row[HEAD + r] = 0

    for top in range(t.high, low, -1):
        row[2] = top
        extend(top, 0, 0, 0)


# --- yes / no -----------------------------------------------------------------------

def has_answer(spec: PatternSpec, hand: Sequence[int], lead: tuple[int, ...]) -> bool:
    """Whether `hand` holds any play that beats `lead` (the truth of `answers`), from
    what plays are possible (type, length, top, lines) without building them."""
    t = spec._t
    wilds = (hand[SMALL] if t.wild_small else 0) + (hand[BIG] if t.wild_big else 0)
    kind = lead[0]
    if kind < t.n_types:
        # Any bomb will do (a rank with a natural card and enough wilds; a chain holds a bomb
        # of its own), and most hands hold one: asked first, as the cheapest.
        most = max(hand[:RANKS])
        if most and most + wilds >= t.bomb_min:
            return True
        jokers = hand[SMALL] + hand[BIG]
        for size, _lines in t.joker_rows:
            if size <= jokers:
                return True
        return _beats_type(t, hand, wilds, kind, lead[1], lead[2])
    return _beats_bomb(t, hand, wilds, _bomb_key(t, kind, lead[3], lead[2]))


def _beats_type(t: _Tables, hand: Sequence[int], wilds: int, kind: int, length: int, top: int) -> bool:
    width = t.widths[kind]
    if length >= len(t.owns[kind]) or not t.owns[kind][length]:
        return False
    if length == 1:
        # A rank above the top with a natural card and wilds enough for the rest.
        if top + 1 < RANKS:
            most = max(hand[top + 1:RANKS])
            if most and most + wilds >= width:
                return True
        return width not in t.joker_sizes and any(j > top and hand[j] >= width for j in (SMALL, BIG))
    for high in range(max(top + 1, t.low + length - 1), t.high + 1):
        window = hand[high - length + 1:high + 1]
        if not wilds:
            if min(window) >= width:  # without wilds: every rank holds width naturals
                return True
        elif any(window) and sum(width - n for n in window if n < width) <= wilds:
            return True
    return False


def _beats_bomb(t: _Tables, hand: Sequence[int], wilds: int, floor: int) -> bool:
    jokers = hand[SMALL] + hand[BIG]
    for size, lines in t.joker_rows:
        if size <= jokers and _bomb_key(t, t.k_joker, lines, -1) > floor:
            return True
    for r in range(RANKS):
        n = hand[r]
        if n:
            for size in range(t.bomb_min, n + wilds + 1):
                if _bomb_key(t, t.k_bomb, t.bomb_lines[size], r) > floor:
                    return True
    if not t.chains:
        return False
    # A chain of L bombs topped at `high` with smallest bomb S exists iff raising every
    # rank to S costs at most the wilds and the window holds a natural card.
    low, bomb_min = t.low, t.bomb_min
    for high in range(t.high, low, -1):
        cost = 0      # wilds to raise the window to bomb_min
        naturals = 0
        for bottom in range(high, max(low, high - t.max_bombs + 1) - 1, -1):
            n = hand[bottom]
            naturals += n
            if n < bomb_min:
                cost += bomb_min - n
            if cost > wilds:
                break
            length = high - bottom + 1
            if length < 2 or not naturals:
                continue
            window = hand[bottom:high + 1]
            size = bomb_min
            while True:
                need = sum(size - n for n in window if n < size)
                if need > wilds:
                    break
                lines = t.chain_lines[size][length]
                if lines and _bomb_key(t, t.k_chain, lines, high) > floor:
                    return True
                size += 1
    return False


# --- written cards ------------------------------------------------------------------

def written(spec: PatternSpec, play: Sequence[int]) -> tuple[int, ...]:
    """The canonical written counts (41) of a play: stand-ins fill the ranks short of
    naturals from the lowest rank up, SJ before BJ; in a chain the wilds first raise
    every bomb to the smallest size that gives the play's lines, lowest rank first, and
    each one left goes to the smallest bomb (lowest rank first) that is not the last
    bomb of that size; then the SJ take the lowest of those ranks."""
    t = spec._t
    kind, length, top, lines = play[:HEAD]
    phys = tuple(play[HEAD:])
    stand = [0] * (2 * RANKS)
    if kind == t.k_joker or top >= SMALL:
        return phys + tuple(stand)
    low = top - length + 1
    if kind < t.n_types:
        slots = [r for r in range(low, top + 1) for _ in range(t.widths[kind] - phys[r])]
    elif kind == t.k_bomb:
        slots = [top] * (phys[SMALL] + phys[BIG])
    else:
        slots = _chain_slots(t, phys, low, top, lines)
    small = phys[SMALL]
    for i, r in enumerate(slots):
        stand[r if i < small else RANKS + r] += 1
    return phys + tuple(stand)


def _chain_slots(t: _Tables, phys: tuple[int, ...], low: int, top: int, lines: int) -> list[int]:
    """The ranks a chain's wilds stand for, in the order they are assigned."""
    length = top - low + 1
    naturals = list(phys[low:top + 1])
    spent = phys[SMALL] + phys[BIG]
    size = max(t.bomb_min, min(naturals))
    if not t.unequal:
        size = (sum(naturals) + spent) // length
    else:
        while t.chain_lines[size][length] != lines:
            size += 1
    sizes = list(naturals)
    slots = []
    for i in range(length):
        while sizes[i] < size:
            sizes[i] += 1
            slots.append(low + i)
    for _ in range(spent - len(slots)):
        # The smallest bomb, lowest rank first, but never the last one of the chain's size.
        last = sizes.count(size) == 1
        i = min((j for j in range(length) if not (last and sizes[j] == size)), key=lambda j: (sizes[j], j))
        sizes[i] += 1
        slots.append(low + i)
    return sorted(slots)  # SJ before BJ, lowest rank first, as in every play


def format_written(cards: Sequence[int]) -> str:
    """Written counts (15 or 41) -> text, ranks ascending: `5 6 7 8 BJ=9`."""
    stand = tuple(cards[15:]) if len(cards) == WRITTEN_SIZE else (0,) * (2 * RANKS)
    tokens = []
    for r in range(RANKS):
        tokens += [CARDS[r]] * cards[r]
        tokens += ["SJ=" + CARDS[r]] * stand[r]
        tokens += ["BJ=" + CARDS[r]] * stand[RANKS + r]
    tokens += ["SJ"] * (cards[SMALL] - sum(stand[:RANKS]))
    tokens += ["BJ"] * (cards[BIG] - sum(stand[RANKS:]))
    return " ".join(tokens)


def format_play(spec: PatternSpec, play: Sequence[int]) -> str:
    """A play's canonical text: `5 6 7 8 BJ=9`, `9 9 9 BJ=9`, `SJ SJ BJ`."""
    return format_written(written(spec, play))


def parse_written(text: str) -> tuple[int, ...]:
    """`5 6 7 8 BJ=9` -> 41 written counts (15 when no card stands in). CardError
    names a bad token (an unknown card, a stand-in that is not a joker, a joker
    standing for a joker)."""
    if not isinstance(text, str):
        raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
    counts = [0] * WRITTEN_SIZE
    stood = False
    for position, token in enumerate(text.split(), 1):
        if "=" not in token:
            index = INDEX.get(token)
            if index is None:
                raise CardError(f"unknown card {token!r} (token {position})")
            counts[index] += 1
            continue
        joker, _, card = token.partition("=")
        who, what = INDEX.get(joker), INDEX.get(card)
        if who not in (SMALL, BIG):
            raise CardError(f"{token!r} (token {position}): only a joker (SJ or BJ) can stand for another card")
        if what is None:
            raise CardError(f"{token!r} (token {position}): unknown card {card!r} after '='")
        if what >= RANKS:
            raise CardError(f"{token!r} (token {position}): a joker stands for a card from 3 to 2, not for a joker")
        counts[who] += 1
        counts[15 + (who - SMALL) * RANKS + what] += 1
        stood = True
    return tuple(counts) if stood else tuple(counts[:15])
