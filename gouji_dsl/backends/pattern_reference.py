"""The reference interpreter of a game whose plays are patterns (Shuangkou).

The engine API evaluated from the model, like `backends.reference.Reference` for
Gouji: the card functions are `backends.oracle.patterns.PatternOracle`'s (every
sub-multiset of the hand and every assignment of its wild jokers, classified by
definition), the scores `rules.results.reference_score`'s, and whole games run on
the oracle flow (`backends.oracle`), whose Gouji-only rules answer as absent. No
code of the fast engine's card layer (`runtime.patterns`, `runtime.results`) is used.
"""
from __future__ import annotations

from gouji_dsl.backends.oracle.patterns import PatternOracle, format_written
from gouji_dsl.backends.oracle.readings import replayed
from gouji_dsl.model import schema as m
from gouji_dsl.runtime.cards import CardError
from gouji_dsl.runtime.pattern_kinds import PatternNotation, PatternPlay

HEAD = 4
PLAY_SIZE = HEAD + 15
WRITTEN_SIZE = 15 + 26


class OracleKinds(PatternNotation):
    """The reference's card notation of pattern plays: the oracle reads and writes them."""

    def __init__(self, oracle: PatternOracle, variant: str):
        super().__init__(())
        self.oracle = oracle
        # Its own table of shared actions, whatever its variant's name: two rule files of one
        # name, or a diff's hybrid of a variant (its name, other rules), never share Actions
        # checked against the other's plays. A copy (pickle, deepcopy) gets a table of its own.
        self.key = ("patterns-reference", variant, object())

    def parse_cards(self, text: str) -> tuple:
        if not isinstance(text, str):
            raise CardError(f"cards must be written as a string of tokens, not {type(text).__name__}")
        cards = tuple(self.oracle.parse_written(text))
        # Without a stand-in, the 15 counts alone (as runtime.patterns writes them).
        return cards[:15] if len(cards) == WRITTEN_SIZE and not any(cards[15:]) else cards

    def format_cards(self, cards) -> str:
        if len(cards) == PLAY_SIZE:
            return self.oracle.format_play(tuple(cards))
        return format_written(cards)  # 15 counts (a hand), or 41 (written with stand-ins)

    def play_problem(self, play, most, most_jokers) -> str | None:
        if type(play) is not tuple or len(play) != PLAY_SIZE or any(type(n) is not int for n in play):
            return "a play is a tuple (kind, length, top, lines) and 15 card counts, all ints"
        counts = play[HEAD:]
        if min(counts) < 0 or not any(counts):
            return "its card counts are not those of any cards"
        if most is not None and (max(counts[:13]) > most or max(counts[13:]) > most_jokers):
            return "it holds more of a card than the decks have"
        try:
            same = self.oracle.classify(self.oracle.written(play)) == play
        except (IndexError, ValueError, KeyError):
            same = False
        return None if same else "it is not a play of this variant"

    def play_of(self, written) -> tuple | None:
        return self.oracle.classify(written)


def _hand(cards) -> tuple:
    """A hand's 15 counts (written counts without stand-ins are accepted)."""
    cards = tuple(cards)
    if len(cards) == WRITTEN_SIZE and not any(cards[15:]):
        return cards[:15]
    if len(cards) != 15:
        raise ValueError("a hand is 15 card counts: the cards as they are, no stand-ins")
    return cards


class PatternReference:
    """The reference engine of a variant whose plays are patterns."""

    ROOM_MODE = "casual"

    def __init__(self, variant: m.Variant):
        if variant.abstract:
            raise ValueError(f"variant '{variant.name}' is abstract: it has no engine")
        if variant.plays.shape != "patterns":
            raise ValueError(f"variant '{variant.name}': its plays are not patterns")
        self.v = variant
        self.name = self.VARIANT = variant.name
        self.PLAYERS = variant.table.players
        self.oracle = PatternOracle(variant)
        self.kinds = OracleKinds(self.oracle, variant.name)
        self.parse_cards = self.kinds.parse_cards
        self.format_cards = self.kinds.format_cards

    # --- cards ------------------------------------------------------------------

    def classify(self, cards) -> PatternPlay:
        play = self.oracle.classify(tuple(cards))
        if play is None:
            return PatternPlay(False, None, None, None)
        return PatternPlay(True, self.oracle.type_name(play), play[3] or None, play)

    def beats(self, play, lead) -> bool:
        return self.oracle.beats(play, lead)

    def answers(self, hand, lead) -> list:
        return self.oracle.answers(_hand(hand), lead)

    def plays(self, hand) -> list:
        return self.oracle.plays(_hand(hand))

    def lead_actions(self, hand) -> list:
        from gouji_dsl.runtime.actions import play_action

        return [play_action(p, self.kinds) for p in sorted(self.plays(hand))]

    pattern_plays = True

    def play_cards(self, play) -> tuple:
        """The count vector of the cards a play tuple takes from the hand: its last 15 ints."""
        return tuple(play[HEAD:])

    def is_play(self, play) -> bool:
        return self.kinds.is_play(play)

    # What this game does not have: no play is a 级牌; no 开点, burning, 点贡 or tribute.
    def is_gouji(self, play) -> bool:
        return False

    def opens(self, play) -> bool:
        return False

    def then_lead(self, play) -> bool:
        return True  # no 开点 in this game: no opening waits for a lead

    def can_burn(self, hand, target, beating=None) -> bool:
        return False

    def final_play(self, hand) -> None:
        return None  # no [plays] final_play in this game: a last play beats the table or waits

    def graduated(self, results) -> set:
        return set()

    def tributes(self, result) -> list:
        return []

    def score(self, result) -> list:
        from gouji_dsl.rules.results import reference_score

        return reference_score(self.v, result)

    def leave_penalty(self, game_score, games_played, first_leaver=True) -> int:
        raise ValueError(f"{self.VARIANT} has no rules for leaving a game (Gouji's [room]); 中途离场 is not part of this engine")

    def player_rank(self, points, coins):
        return None

    def returnable(self, hand, received, given, payer_hand=None, teammates=False) -> tuple:
        raise ValueError(f"{self.VARIANT} has no tribute, so nothing is returned")

    def may_revolt(self, hand) -> bool:
        return False

    def deck(self) -> tuple:
        decks = self.v.table.decks
        counts = (4 * decks,) * 13 + (decks, decks)
        per = self.v.table.cards_per_player
        return counts, (sum(counts) // self.PLAYERS if per == "all" else per)

    def redeal_if(self, hand) -> bool:
        return False

    # --- whole games: the oracle flow, as for Gouji -------------------------------

    def new_game(self, seed=None, match=None, deal=None):
        from gouji_dsl.backends.oracle.game import OracleGame

        return OracleGame(self, seed, match, hands=deal)

    def replay(self, history, seed=None, match=None):
        return replayed(lambda: self.new_game(seed, match), history)

    def first_leader(self, hands) -> int | None:
        from gouji_dsl.backends.oracle.position import first_leader_on

        return first_leader_on(self, hands)

    def buy(self, hands) -> tuple:
        from gouji_dsl.backends.oracle.position import buy_on

        return buy_on(self, hands)

    def new_position(self, hands, leader, seed=None, out=None, opened=(), headless=None):
        from gouji_dsl.backends.oracle.position import new_position

        return new_position(self, hands, leader, seed, out, opened, headless)
