"""The reference (oracle) Shuangkou card functions: plays, comparison, notation.

A second, deliberately plain realisation of the card layer of the Shuangkou
contract (docs/rulings.md K2-K7, 002:L11-20), written straight from the rule
model and sharing no code with the fast engine (`gouji_dsl.runtime.patterns`).
Tests compare the two (tests/test_patterns_agree.py). It favours obviousness
over speed: `classify` checks every play kind by its definition, and `plays`
tries every sub-multiset of a hand with every assignment of its wild jokers.

Cards: index 0..14 = 3, 4, ..., K, A, 2, SJ, BJ. A play is the tuple
`(kind, length, top, lines) + counts` of the contract: `kind` is the row of
`patterns.types`, or K_BOMB / K_CHAIN / K_JOKER_BOMB after them; `counts` are
the 15 physical card counts that leave the hand. A written card list is 41 ints:
15 physical counts, then 13 counts of small jokers standing for ranks 0..12,
then 13 of big jokers standing for ranks 0..12 (a 15-tuple means no stand-ins).
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from gouji_dsl.model.expr import evaluate
from gouji_dsl.model.variant import Variant
from gouji_dsl.runtime.cards import CardError

if TYPE_CHECKING:
    from gouji_dsl.rules.patterns import PatternRules

CARD_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
KINDS = 15
RANKS = 13                 # ranks 0..12 (3..2): the cards a wild joker may stand for
SMALL, BIG = 13, 14
JOKER_NAMES = {SMALL: "SJ", BIG: "BJ"}
WRITTEN = KINDS + 2 * RANKS  # 41: physical counts, small-joker stand-ins, big-joker stand-ins

# The tokens of docs/conformance.md's card notation, with its aliases T, 小王 and 大王.
TOKENS = {name: i for i, name in enumerate(CARD_NAMES)}
TOKENS.update({"T": 7, "小王": SMALL, "大王": BIG})
NO_ASSIGNMENT = -1         # a wild joker that is itself, not standing for a rank

# A play: (kind, length, top, lines) and the 15 counts of its cards.
Play = tuple[int, ...]
# What the effective cards make, without the counts: (kind, length, top, lines).
Head = tuple[int, int, int, int]


class PatternOracle:
    """The card functions of one Shuangkou variant, read from its checked model `v`."""

    def __init__(self, v: Variant) -> None:
        rules: PatternRules = v.patterns
        self.rules = rules
        self.types = tuple(rules.types)
        self.K_BOMB = len(self.types)
        self.K_CHAIN = len(self.types) + 1
        self.K_JOKER_BOMB = len(self.types) + 2
        low, high = rules.run_ranks
        self.run_low, self.run_high = TOKENS[low], TOKENS[high]
        # The checker has made sure that wilds are jokers of the variant ([cards] jokers).
        self.wild = {SMALL: "SJ" in rules.wilds, BIG: "BJ" in rules.wilds}

    # --- formulas, evaluated from the model each time ---------------------------

    def bomb_lines(self, cards: int) -> int:
        """Lines of a bomb of `cards` cards of one rank (the rule `bomb_lines`)."""
        lines: int = evaluate(self.rules.bomb_lines, {"cards": cards}, {})
        return lines

    def chain_lines(self, smallest_bomb_cards: int, bombs: int) -> int:
        """Lines of a chain whose smallest bomb has this many cards (the rule `chain_lines`)."""
        smallest = self.bomb_lines(smallest_bomb_cards)
        formula = self.rules.chain_lines
        assert formula is not None  # the checker asks for chain_lines wherever chains are on
        lines: int = evaluate(formula, {"smallest": smallest, "bombs": bombs}, {})
        return lines

    # --- classification ---------------------------------------------------------

    def classify(self, written: Iterable[int]) -> Play | None:
        """The play a written card list makes, or None when it makes none.

        Stand-ins of a joker that is not wild, more stand-ins than jokers, or
        stand-ins without a natural card of 3..2 (K6) make no play."""
        written = self._written41(written)
        physical = list(written[:KINDS])
        small_for = written[KINDS:KINDS + RANKS]
        big_for = written[KINDS + RANKS:]
        if sum(physical) == 0:
            return None
        if sum(small_for) and not self.wild[SMALL]:
            return None
        if sum(big_for) and not self.wild[BIG]:
            return None
        if sum(small_for) > physical[SMALL] or sum(big_for) > physical[BIG]:
            return None
        if sum(small_for) + sum(big_for) > 0 and sum(physical[:RANKS]) == 0:
            return None  # K6: wilds stand in only beside a natural card of 3..2
        effective = list(physical[:RANKS]) + [physical[SMALL] - sum(small_for), physical[BIG] - sum(big_for)]
        for rank in range(RANKS):
            effective[rank] += small_for[rank] + big_for[rank]
        counts = tuple(physical)
        for decide in (self._as_type, self._as_bomb, self._as_chain, self._as_joker_bomb):
            found = decide(effective)
            if found is not None:
                return found + counts
        return None

    def _as_type(self, effective: list[int]) -> Head | None:
        """(kind, length, top, 0) when the effective cards are a non-bomb type."""
        ranks = [r for r in range(KINDS) if effective[r] > 0]
        if not self._consecutive(ranks):
            return None
        length = len(ranks)
        for kind, row in enumerate(self.types):
            if not row.min_length <= length <= row.max_length:
                continue
            if any(effective[r] != row.width for r in ranks):
                continue
            if length > 1 and not self._within_runs(ranks):
                continue  # K2: runs use 3..A; 2s and jokers only alone
            return (kind, length, ranks[-1], 0)
        return None

    def _as_bomb(self, effective: list[int]) -> Head | None:
        """(K_BOMB, 1, rank, lines) for enough cards of one rank of 3..2 (K3)."""
        ranks = [r for r in range(KINDS) if effective[r] > 0]
        if len(ranks) != 1 or ranks[0] >= RANKS:
            return None
        cards = effective[ranks[0]]
        if cards < self.rules.bomb_min:
            return None
        return (self.K_BOMB, 1, ranks[0], self.bomb_lines(cards))

    def _as_chain(self, effective: list[int]) -> Head | None:
        """(K_CHAIN, bombs, top, lines) for bombs on consecutive ranks of 3..A that a
        chain rule allows (K3, K7: the smallest bomb decides)."""
        if not self.rules.chains:
            return None
        ranks = [r for r in range(KINDS) if effective[r] > 0]
        if len(ranks) < 2 or not self._consecutive(ranks) or not self._within_runs(ranks):
            return None
        sizes = [effective[r] for r in ranks]
        if min(sizes) < self.rules.bomb_min:
            return None
        if not self.rules.chain_unequal and len(set(sizes)) != 1:
            return None
        smallest = min(sizes)
        allowed = any(row.smallest_bomb <= smallest <= row.largest_bomb and len(ranks) >= row.min_bombs
                      for row in self.rules.chain_rules)
        if not allowed:
            return None
        return (self.K_CHAIN, len(ranks), ranks[-1], self.chain_lines(smallest, len(ranks)))

    def _as_joker_bomb(self, effective: list[int]) -> Head | None:
        """(K_JOKER_BOMB, jokers, -1, lines) for jokers only, as many as a joker-bomb row asks."""
        if any(effective[r] for r in range(RANKS)):
            return None
        jokers = effective[SMALL] + effective[BIG]
        for row in self.rules.joker_bombs:
            if row.jokers == jokers:
                return (self.K_JOKER_BOMB, jokers, -1, row.lines)
        return None

    def _consecutive(self, ranks: list[int]) -> bool:
        return bool(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1

    def _within_runs(self, ranks: Iterable[int]) -> bool:
        return all(self.run_low <= r <= self.run_high for r in ranks)

    @staticmethod
    def _written41(written: Iterable[int]) -> tuple[int, ...]:
        """A 15- or 41-int written list as 41 ints (no stand-ins when 15)."""
        written = tuple(written)
        if len(written) == KINDS:
            written = written + (0,) * (2 * RANKS)
        if len(written) != WRITTEN:
            raise ValueError(f"a written card list has 15 or 41 counts, not {len(written)}")
        if any((not isinstance(c, int)) or c < 0 for c in written):
            raise ValueError(f"card counts must be whole numbers >= 0: {written}")
        return written

    # --- comparison -------------------------------------------------------------

    def is_bomb(self, play: Sequence[int]) -> bool:
        """Bombs, chains and joker bombs beat any non-bomb."""
        return play[0] >= self.K_BOMB

    def beats(self, play: Play, lead: Play) -> bool:
        """Whether `play` beats `lead` (K2, K3, K7)."""
        kind, length, top, lines = play[:4]
        lead_kind, lead_length, lead_top, lead_lines = lead[:4]
        if not self.is_bomb(play) and not self.is_bomb(lead):
            return kind == lead_kind and length == lead_length and top > lead_top
        if self.is_bomb(play) != self.is_bomb(lead):
            return self.is_bomb(play)
        if lines != lead_lines:
            return lines > lead_lines
        strength = self._tie_strength(kind)
        lead_strength = self._tie_strength(lead_kind)
        if strength != lead_strength:
            return strength > lead_strength
        if kind == self.K_JOKER_BOMB:
            return False  # joker bombs of equal lines: neither beats
        return top > lead_top

    def _tie_strength(self, kind: int) -> int:
        """At equal lines: larger is stronger, from `bomb_ties` (strongest first)."""
        category = {self.K_BOMB: "bomb", self.K_CHAIN: "chain", self.K_JOKER_BOMB: "joker_bomb"}[kind]
        ties = tuple(self.rules.bomb_ties)
        return len(ties) - ties.index(category)

    # --- enumeration ------------------------------------------------------------

    def plays(self, hand: Iterable[int]) -> list[Play]:
        """Every distinct play that can be made from the 15-count `hand`, sorted.

        Brute force: every non-empty sub-multiset of the hand, and every way of
        letting each wild joker in it be itself or stand for a rank 3..2. No
        pruning at all beyond skipping the empty subset."""
        hand = tuple(hand)
        if len(hand) != KINDS or any(c < 0 for c in hand):
            raise ValueError(f"a hand has 15 counts >= 0: {hand}")
        found: set[Play] = set()
        for subset in itertools.product(*(range(c + 1) for c in hand)):
            if sum(subset) == 0:
                continue
            for written in self._assignments(subset):
                play = self.classify(written)
                if play is not None:
                    found.add(play)
        return sorted(found)

    def _assignments(self, subset: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every written form of the physical `subset`: each wild joker itself or a stand-in."""
        options = (NO_ASSIGNMENT,) + tuple(range(RANKS))
        small_choices = itertools.combinations_with_replacement(options, subset[SMALL] if self.wild[SMALL] else 0)
        big_choices = list(itertools.combinations_with_replacement(options, subset[BIG] if self.wild[BIG] else 0))
        for small in small_choices:
            for big in big_choices:
                small_for = [0] * RANKS
                big_for = [0] * RANKS
                for rank in small:
                    if rank != NO_ASSIGNMENT:
                        small_for[rank] += 1
                for rank in big:
                    if rank != NO_ASSIGNMENT:
                        big_for[rank] += 1
                yield tuple(subset) + tuple(small_for) + tuple(big_for)

    def answers(self, hand: Iterable[int], lead: Play) -> list[Play]:
        """The plays from `hand` that beat `lead`, sorted."""
        return [play for play in self.plays(hand) if self.beats(play, lead)]

    def has_answer(self, hand: Iterable[int], lead: Play) -> bool:
        """Whether some play from `hand` beats `lead`."""
        return bool(self.answers(hand, lead))

    # --- names and notation -----------------------------------------------------

    def type_name(self, play: Play) -> str:
        """The conformance name of a play's type."""
        kind = play[0]
        if kind < self.K_BOMB:
            return self.types[kind].name
        return {self.K_BOMB: "bomb", self.K_CHAIN: "chain_bomb", self.K_JOKER_BOMB: "joker_bomb"}[kind]

    def written(self, play: Play) -> tuple[int, ...]:
        """The canonical 41-int written form of a play (see `format_play`)."""
        kind, length, top = play[:3]
        counts = tuple(play[4:])
        if top < 0 or top >= RANKS:
            return counts + (0,) * (2 * RANKS)  # jokers only: no stand-ins
        ranks = list(range(top - length + 1, top + 1))
        wilds = counts[SMALL] + counts[BIG]
        per_rank = self._stand_in_ranks(play, ranks, counts, wilds)
        slots = [rank for rank in ranks for _ in range(per_rank[rank])]
        small_for = [0] * RANKS
        big_for = [0] * RANKS
        for position, rank in enumerate(slots):
            if position < counts[SMALL]:
                small_for[rank] += 1  # SJ before BJ: small jokers take the lowest slots
            else:
                big_for[rank] += 1
        written = counts + tuple(small_for) + tuple(big_for)
        if self.classify(written) != tuple(play):
            raise ValueError(f"not a play of this variant: {play}")
        return written

    def _stand_in_ranks(self, play: Play, ranks: list[int], counts: tuple[int, ...], wilds: int) -> dict[int, int]:
        """How many wilds stand for each rank of the play: one at a time, each to the rank
        with the fewest cards so far (lowest rank on ties) among those after which the
        rest can still complete this very play. Where the play fixes the cards of each
        rank (every play but an unequal chain) this is the only placement."""
        sizes = {rank: counts[rank] for rank in ranks}
        placed = {rank: 0 for rank in ranks}
        for remaining in range(wilds, 0, -1):
            for rank in sorted(ranks, key=lambda r: (sizes[r], r)):
                sizes[rank] += 1
                if self._completes(play, ranks, sizes, remaining - 1):
                    placed[rank] += 1
                    break
                sizes[rank] -= 1
            else:
                raise ValueError(f"not a play of this variant: {play}")
        return placed

    def _completes(self, play: Play, ranks: list[int], sizes: dict[int, int], remaining: int) -> bool:
        """Whether `remaining` more wilds can go to `ranks` so the effective cards make `play`."""
        for choice in itertools.combinations_with_replacement(ranks, remaining):
            effective = [0] * KINDS
            for rank in ranks:
                effective[rank] = sizes[rank]
            for rank in choice:
                effective[rank] += 1
            if self._effective_play(effective) == tuple(play[:4]):
                return True
        return False

    def _effective_play(self, effective: list[int]) -> Head | None:
        for decide in (self._as_type, self._as_bomb, self._as_chain, self._as_joker_bomb):
            found = decide(effective)
            if found is not None:
                return found
        return None

    def format_play(self, play: Play) -> str:
        """Canonical text: ranks ascending; at each rank its natural cards, then small and
        big jokers standing for it (`SJ=9`, `BJ=9`); natural jokers last (`SJ`, `BJ`)."""
        return format_written(self.written(play))

    def parse_written(self, text: str) -> tuple[int, ...]:
        """`5 6 7 8 BJ=9` -> the 41-int written list. Raises CardError on bad notation."""
        return parse_written(text)


def format_written(written: Iterable[int]) -> str:
    """A 41-int written list as text (see PatternOracle.format_play)."""
    written = PatternOracle._written41(written)
    small_for = written[KINDS:KINDS + RANKS]
    big_for = written[KINDS + RANKS:]
    tokens = []
    for rank in range(RANKS):
        tokens += [CARD_NAMES[rank]] * written[rank]
        tokens += [f"SJ={CARD_NAMES[rank]}"] * small_for[rank]
        tokens += [f"BJ={CARD_NAMES[rank]}"] * big_for[rank]
    tokens += ["SJ"] * (written[SMALL] - sum(small_for))
    tokens += ["BJ"] * (written[BIG] - sum(big_for))
    return " ".join(tokens)


def parse_written(text: str) -> tuple[int, ...]:
    """Read docs/conformance.md's notation with stand-ins (`BJ=9`) into 41 ints.

    Whether a joker may stand in is the variant's business (classify refuses it);
    this only reads the notation: only SJ / BJ may carry `=`, and only for 3..2."""
    if not isinstance(text, str):
        raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
    written = [0] * WRITTEN
    for position, token in enumerate(text.split(), 1):
        card, equals, stands_for = token.partition("=")
        index = TOKENS.get(card)
        if index is None:
            raise CardError(f"unknown card {card!r} (token {position}: {token!r}); "
                            f"expected one of {' '.join(CARD_NAMES)} (or T, 小王, 大王)")
        written[index] += 1
        if not equals:
            continue
        if index not in JOKER_NAMES:
            raise CardError(f"only a joker may stand for another card, not {card!r} (token {position}: {token!r})")
        rank = TOKENS.get(stands_for)
        if rank is None or rank >= RANKS:
            raise CardError(f"a joker stands for a card from 3 to 2, not {stands_for!r} (token {position}: {token!r})")
        offset = KINDS if index == SMALL else KINDS + RANKS
        written[offset + rank] += 1
    return tuple(written)
