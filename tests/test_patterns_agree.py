"""The fast Shuangkou card functions (gouji_dsl.runtime.patterns over the spec of
gouji_dsl.backends.pattern_tables) agree with the reference oracle
(gouji_dsl.backends.oracle.patterns), which shares no code with them.

Seeded random hands for each Shuangkou variant: 6-10 cards from the two-deck
pack (docs/rulings.md K1), 6-10 cards from a few consecutive kinds (to reach runs and
bombs), and 11-15 cards of two or three consecutive ranks (to reach chains).
Compared: the plays of each hand, the answers to leads taken from the
previous hand's plays, beats between plays, how each side's text of every
play classifies on the other side, the classification of random written card
lists (stand-ins included, most of them no play) and, in a test of its own,
the canonical written form and text of every play (a notation convention)."""
from __future__ import annotations

import random
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest

from gouji_dsl.backends import pattern_tables
from gouji_dsl.backends.oracle.patterns import PatternOracle, format_written
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime import patterns as fast
from helpers import scratch_workspace

# A house rule that changes every table the engines read: types and lengths, run
# ranks, bomb size and lines, chain rules and lines, tie order, wild cards.
HOUSE = """\
abstract variant house extends shuangkou-qianbian

[patterns]
types =
  | name       | zh     | width | min_length | max_length |
  | "single"   | "单张" | 1     | 1          | 1          |
  | "pair"     | "对子" | 2     | 1          | 1          |
  | "straight" | "顺子" | 1     | 3          | 6          |
  | "pair_run" | "连对" | 2     | 2          | 4          |
run_ranks = 4..K
bomb_min = 5
bomb_lines = cards + 2
joker_bombs =
  | name          | zh     | jokers | lines |
  | "three_kings" | "三王" | 3      | 7     |
  | "four_kings"  | "天王" | 4      | 9     |
chain_rules =
  | smallest_bomb | largest_bomb | min_bombs |
  | 5             | 6            | 2         |
chain_lines = smallest + 2 * bombs
bomb_ties = [chain, bomb, joker_bomb]
wilds = [SJ]
"""
VARIANTS = ("shuangkou", "shuangkou-baibian", "shuangkou-qianbian", "house")
RANDOM_HANDS = 100          # per variant: 6-10 cards from the whole pack
CLUMPED_HANDS = 70          # 6-10 cards from a few consecutive kinds
CHAIN_HANDS = 20            # 11-15 cards from two or three consecutive ranks
LEADS_PER_HAND = 3
WRITTEN_PER_HAND = 20       # random written lists classified by both
BEATS_PER_HAND = 30         # random (play, lead) pairs compared by both
SHOWN = 15                  # mismatches listed in a failure
PACK = tuple(kind for kind in range(15) for _ in range(8 if kind < 13 else 2))  # K1: two 54-card decks


@lru_cache(maxsize=None)
def sides(name: str):
    if name == "house":
        with tempfile.TemporaryDirectory() as folder:
            v = Compilation(scratch_workspace(Path(folder), {"house": HOUSE}), "house").checked
    else:
        v = Compilation(Workspace(), name).checked
    return PatternOracle(v), pattern_tables.pattern_spec(v)


def draw(rng: random.Random, kinds, size: int) -> tuple:
    """`size` cards drawn from the copies of `kinds` in the two-deck pack, as 15 counts."""
    pool = [kind for kind in PACK if kind in kinds]
    counts = [0] * 15
    for kind in rng.sample(pool, min(size, len(pool))):
        counts[kind] += 1
    return tuple(counts)


def random_hand(rng: random.Random) -> tuple:
    """6-10 cards from the whole pack."""
    return draw(rng, range(15), rng.randint(6, 10))


def clumped_hand(rng: random.Random) -> tuple:
    """6-10 cards from 2-4 consecutive kinds and perhaps jokers: pair and triple runs,
    bombs, runs that touch A, 2 and the jokers."""
    start = rng.randint(0, 12)
    kinds = set(range(start, min(start + rng.randint(2, 4), 15)))
    kinds.update(joker for joker in (13, 14) if rng.random() < 0.3)
    return draw(rng, kinds, rng.randint(6, 10))


def chain_hand(rng: random.Random) -> tuple:
    """11-15 cards of 2-3 consecutive ranks (up to the 2s) and 0-2 jokers: chains,
    unequal chains, and bombs that are not chains."""
    start = rng.randint(0, 11)
    ranks = range(start, min(start + rng.randint(2, 3), 13))
    hand = list(draw(rng, set(ranks), rng.randint(11, 13)))
    for joker in rng.sample((13, 13, 14, 14), rng.randint(0, 2)):
        hand[joker] += 1
    return tuple(hand)


def random_written(rng: random.Random, hand: tuple) -> tuple:
    """Some cards of `hand`, each joker in them either itself or standing for a random
    rank 3..2 (whether or not the variant lets it): a written list, most often no play."""
    subset = [rng.randint(0, c) for c in hand]
    if sum(subset) == 0:
        subset[rng.choice([k for k in range(15) if hand[k]])] = 1
    stand_ins = [0] * 26
    for joker, offset in ((13, 0), (14, 13)):
        for _ in range(subset[joker]):
            if rng.random() < 0.7:
                stand_ins[offset + rng.randrange(13)] += 1
    return tuple(subset) + tuple(stand_ins)


class Findings:
    """Mismatches found, in two lists: what the cards do (plays, answers, beats,
    classification, type names) and the canonical notation (written, format_play:
    a convention of the contract, where the two may differ without a wrong play)."""

    def __init__(self):
        self.cards: list[str] = []
        self.notation: list[str] = []
        self.kinds: set[str] = set()
        self.stand_ins = 0


def compare_hand(name, rng, hand, previous_plays, found: Findings) -> list:
    """Every check on one hand, mismatches noted in `found`. Returns the oracle's plays."""
    oracle, spec = sides(name)
    mine = oracle.plays(hand)
    theirs = fast.plays(spec, hand)
    if set(mine) != set(theirs):
        only_oracle = sorted(oracle.format_play(p) for p in set(mine) - set(theirs))
        only_fast = sorted(set(theirs) - set(mine))
        found.cards.append(f"plays of {format_written(hand)}: oracle only {only_oracle}, fast only {only_fast}")
    if len(theirs) != len(set(theirs)):
        found.cards.append(f"plays of {format_written(hand)}: the fast engine lists a play twice")

    for play in mine:
        text = oracle.format_play(play)
        written = oracle.written(play)
        found.kinds.add(oracle.type_name(play))
        found.stand_ins += any(written[15:])
        their_text = fast.format_play(spec, play)
        checks = (("type_name", fast.type_name(spec, play), oracle.type_name(play)),
                  ("fast classify(oracle written)", fast.classify(spec, written), play),
                  ("fast classify(parse_written(oracle text))", fast.classify(spec, fast.parse_written(text)), play),
                  ("oracle classify(fast text)", oracle.classify(oracle.parse_written(their_text)), play))
        for what, got, expected in checks:
            if got != expected:
                found.cards.append(f"{what} of {text} ({play}): got {got!r}, expected {expected!r}")
        for what, got, expected in (("format_play", their_text, text), ("written", fast.written(spec, play), written)):
            if got != expected:
                found.notation.append(f"{what} of {play}: fast {got!r}, oracle {expected!r}")

    for lead in rng.sample(previous_plays, min(LEADS_PER_HAND, len(previous_plays))):
        expected = {p for p in mine if oracle.beats(p, lead)}
        got = fast.answers(spec, hand, lead)
        if set(got) != expected:
            found.cards.append(f"answers of {format_written(hand)} to {oracle.format_play(lead)}: "
                               f"oracle only {sorted(oracle.format_play(p) for p in expected - set(got))}, "
                               f"fast only {sorted(set(got) - expected)}")
        if fast.has_answer(spec, hand, lead) != bool(expected):
            found.cards.append(f"has_answer of {format_written(hand)} to {oracle.format_play(lead)}: "
                               f"oracle {bool(expected)}")

    pool = mine + previous_plays
    for _ in range(BEATS_PER_HAND if pool else 0):
        play, lead = rng.choice(pool), rng.choice(pool)
        if fast.beats(spec, play, lead) != oracle.beats(play, lead):
            found.cards.append(f"beats({oracle.format_play(play)}, {oracle.format_play(lead)}): "
                               f"oracle {oracle.beats(play, lead)}")

    for _ in range(WRITTEN_PER_HAND):
        written = random_written(rng, hand)
        expected = oracle.classify(written)
        got = fast.classify(spec, written)
        if got != expected:
            found.cards.append(f"classify({format_written(written)}): fast {got}, oracle {expected}")
    return mine


@lru_cache(maxsize=None)
def findings(name: str) -> Findings:
    """Compare the two on every hand of the variant (once; both tests read the result)."""
    rng = random.Random(f"patterns-agree-{name}")
    found = Findings()
    previous: list = []
    hands = ([random_hand(rng) for _ in range(RANDOM_HANDS)] + [clumped_hand(rng) for _ in range(CLUMPED_HANDS)]
             + [chain_hand(rng) for _ in range(CHAIN_HANDS)])
    for hand in hands:
        previous = compare_hand(name, rng, hand, previous, found)
    return found


def report(problems: list, name: str) -> str:
    return f"{len(problems)} mismatches in {name}; the first:\n" + "\n".join(problems[:SHOWN])


@pytest.mark.parametrize("name", VARIANTS)
def test_fast_engine_agrees_with_the_oracle(name):
    found = findings(name)
    assert not found.cards, report(found.cards, name)
    # The hands are not all trivial: they reach every kind of play the variant has,
    # and (where it has wilds) stand-ins.
    rules = sides(name)[0].rules
    kinds = {row.name for row in rules.types} | {"bomb", "joker_bomb"} | ({"chain_bomb"} if rules.chains else set())
    assert found.kinds == kinds
    assert (found.stand_ins > 0) == bool(rules.wilds)


@pytest.mark.parametrize("name", VARIANTS)
def test_canonical_written_forms_agree(name):
    found = findings(name)
    assert not found.notation, report(found.notation, name)
