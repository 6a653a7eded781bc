"""The card notation of a game whose plays are patterns (Shuangkou: runs, bombs, wild jokers).

`PatternKinds` is a `cards.Kinds` whose plays are `runtime.patterns` play tuples
`(kind, length, top, lines) + 15 counts` instead of Gouji's one-rank tuples: it reads
written cards with stand-ins (`5 6 7 8 BJ=9`), writes plays back in that form, and
tells `runtime.actions` whether a tuple offered from outside is a play of the variant
(`own_plays`). Standard library only, like every runtime module.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast

from gouji_dsl.runtime import patterns as pt
from gouji_dsl.runtime.cards import CardError, Kinds, mypyc_attr

if TYPE_CHECKING:
    from gouji_dsl.runtime.protocols import OwnPlays

PLAY_SIZE = pt.HEAD + 15


class PatternPlay(NamedTuple):
    """What `classify` says of written cards: a play or not, its type name
    (docs/conformance.md: single ... straight, bomb, chain_bomb, joker_bomb), its lines
    (None for a play that is not a bomb) and the play tuple."""
    valid: bool
    type: str | None
    lines: int | None
    play: tuple[int, ...] | None

    @classmethod
    def of(cls, spec: pt.PatternSpec, play: tuple[int, ...] | None) -> PatternPlay:
        if play is None:
            return cls(False, None, None, None)
        return cls(True, pt.type_name(spec, play), play[3] or None, play)


@mypyc_attr(allow_interpreted_subclasses=True)  # the reference interpreter's OracleKinds subclasses it
class PatternNotation(Kinds):
    """What every notation of pattern plays shares (the engine's below, the reference's in
    backends.pattern_reference): `runtime.actions` asks it to read, write and check plays."""

    own_plays = True

    def parse_hand(self, text: str) -> tuple[int, ...]:
        """A hand's 15 counts: cards as they are, never a stand-in."""
        cards = self.parse_cards(text)
        if len(cards) != 15:
            raise CardError("a hand holds cards as they are: write BJ, not BJ=9 (a stand-in is chosen when playing)")
        return cards

    def is_play(self, play: object) -> bool:
        # Every notation of pattern plays has a play_problem of its own (PatternKinds, the reference's).
        return cast("OwnPlays", self).play_problem(play, None, None) is None

    @staticmethod
    def holds(hand: Sequence[int], play: Sequence[int]) -> bool:
        """Does `hand` (15 counts) hold the cards of `play` (a well-formed play tuple)?"""
        return all(n <= h for n, h in zip(play[pt.HEAD:], hand))

    def lead_ok(self, hand: Sequence[int], play: Sequence[int]) -> bool:
        """May a leader holding `hand` lead `play` (a well-formed play tuple)?"""
        return self.holds(hand, play) and self.is_play(play)


class PatternKinds(PatternNotation):
    """The notation of one variant's pattern plays (one object per variant)."""

    def __init__(self, spec: pt.PatternSpec, variant: str, module: str = "") -> None:
        super().__init__(())
        self.spec = spec
        # Its own table of shared actions: per engine module (named after the variant's identity
        # and rules), so that two engines of one name (a shipped one, one built in memory, two rule
        # files of one name) never share Actions checked against the other; without a module, its own.
        self.key = ("patterns", variant, module or object())
        self.module = module              # the engine module whose RULES use it

    def __reduce__(self) -> tuple[Callable[..., Kinds], tuple[object, ...]]:
        # Pickled (and deep-copied) as its engine module's notation, so that a copy of a game
        # shares it, and the shared actions checked against it; without a module, by value.
        if self.module:
            return (notation_of_module, (self.module,))
        return (PatternKinds, (self.spec, self.key[1]))

    def parse_cards(self, text: str) -> tuple[int, ...]:
        """'5 6 7 8 BJ=9' -> written counts: 15, or 41 with stand-ins (runtime.patterns)."""
        if not isinstance(text, str):
            raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
        return pt.parse_written(text)

    def format_cards(self, cards: Sequence[int]) -> str:
        """A play tuple, written counts (41) or a hand (15) -> text, lowest first."""
        if len(cards) == PLAY_SIZE:
            return pt.format_play(self.spec, tuple(cards))
        return pt.format_written(cards)

    def play_problem(self, play: object, most: int | None, most_jokers: int | None) -> str | None:
        """Why `play` is not one of this variant's play tuples (at most `most` of a rank 3..2 and
        `most_jokers` of each joker); None if it is. Only ints are looked at before classifying."""
        if type(play) is not tuple or len(play) != PLAY_SIZE:
            return f"a play is a tuple (kind, length, top, lines) and {15} card counts"
        if any(type(n) is not int for n in play):
            return "a play's fields and counts are ints"
        counts = play[pt.HEAD:]
        if min(counts) < 0:
            return "it has a negative card count"
        if not any(counts):
            return "it holds no cards"
        if most is not None and (max(counts[:13]) > most or max(counts[13:]) > most_jokers):
            return "it holds more of a card than the decks have"
        if most is None and sum(counts) > 64 * 15:
            return "it holds more cards than any deck"
        kind, length, top, lines = play[:pt.HEAD]
        if not (0 <= kind <= self.spec.K_JOKER_BOMB and 1 <= length <= 15 and -1 <= top <= 14 and lines >= 0):
            return "its kind, length, top or lines is out of range"
        try:
            canonical = pt.written(self.spec, play)
        except (IndexError, ValueError):  # fields that no play has together
            return "it is not a play of this variant (see runtime.patterns)"
        if pt.classify(self.spec, canonical) != play:
            return "it is not a play of this variant (see runtime.patterns)"
        return None

    def play_of(self, written: tuple[int, ...]) -> tuple[int, ...] | None:
        """The play that written cards make, or None when they make none."""
        return pt.classify(self.spec, written)


def notation_of_module(name: str) -> PatternKinds:
    """The pattern notation of the generated engine module `name` (for unpickling)."""
    from gouji_dsl.runtime.state import rules_of_module

    notation = rules_of_module(name).notation
    if TYPE_CHECKING:  # the RULES of a pattern engine hold its notation
        assert notation is not None
    return notation
