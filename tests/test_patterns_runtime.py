"""The Shuangkou play runtime (gouji_dsl/runtime/patterns.py) on the three abstract
variants: 经典 (shuangkou), 百变 (shuangkou-baibian), 千变 (shuangkou-qianbian).

Expectations come from docs/rulings.md K2-K7, 002:L11-20 and docs/conformance.md
("Shuangkou"); counts of answers and plays are counted by hand."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

from gouji_dsl.backends.pattern_tables import pattern_spec, spec_source
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime.cards import CardError, parse_cards
from gouji_dsl.runtime.patterns import (PatternSpec, answers, beats, classify, format_play, has_answer,
                                        parse_written, plays, type_name, written)

CLASSIC, BAIBIAN, QIANBIAN = "shuangkou", "shuangkou-baibian", "shuangkou-qianbian"
VARIANTS = (CLASSIC, BAIBIAN, QIANBIAN)


@lru_cache(maxsize=None)
def spec(name: str) -> PatternSpec:
    return pattern_spec(Compilation(Workspace(), name).checked)


def play_of(name: str, text: str) -> tuple:
    play = classify(spec(name), parse_written(text))
    assert play is not None, f"{text!r} is no play in {name}"
    return play


def described(name: str, text: str):
    """'straight', 'bomb/5' (type/lines for bombs), or None for no play."""
    play = classify(spec(name), parse_written(text))
    if play is None:
        return None
    kind = type_name(spec(name), play)
    return f"{kind}/{play[3]}" if play[3] else kind


def texts(name: str, found) -> set:
    return {format_play(spec(name), p) for p in found}


# --- the tables ---------------------------------------------------------------------

def test_tables_of_the_three_variants():
    classic, baibian, qianbian = spec(CLASSIC), spec(BAIBIAN), spec(QIANBIAN)
    assert classic.copies == (8,) * 13 + (2, 2)
    assert (classic.wilds, baibian.wilds, qianbian.wilds) == ((), (14,), (13, 14))
    assert (classic.max_size, baibian.max_size, qianbian.max_size) == (8, 10, 12)
    assert qianbian.bomb_lines == (0, 0, 0, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    assert (classic.run_low, classic.run_high, classic.bomb_min) == (0, 11, 4)
    assert classic.joker_bombs == (("three_kings", 3, 6), ("four_kings", 4, 7))
    assert not any(any(row) for row in classic.chain_lines)
    # chain_lines[smallest bomb's size][bombs]: 4线3连环 7, 6线2连环 8, 8线3连环 11 (002:L11-20);
    # two bombs of 4 or 5 cards are no chain (K3).
    lines = baibian.chain_lines
    assert (lines[4][3], lines[6][2], lines[8][3], lines[5][3], lines[7][3]) == (7, 8, 11, 8, 10)
    assert (lines[4][2], lines[5][2], lines[3][3]) == (0, 0, 0)
    assert (classic.K_BOMB, classic.K_CHAIN, classic.K_JOKER_BOMB) == (6, 7, 8)


@pytest.mark.parametrize("name", VARIANTS)
def test_spec_source_rebuilds_the_spec(name):
    source = spec_source(spec(name))
    assert source == spec_source(spec(name))
    assert eval(source, {"PatternSpec": PatternSpec}) == spec(name)


# --- classify -----------------------------------------------------------------------
# text, then the play in 经典, 百变, 千变: type (with /lines for a bomb) or None.
CLASSIFY = [
    ("7", "single", "single", "single"),
    ("2", "single", "single", "single"),
    ("BJ", "single", "single", "single"),                     # a wild alone is itself (K4, K6)
    ("SJ SJ", "pair", "pair", "pair"),                        # a play of jokers only is jokers (K6)
    ("BJ BJ", "pair", "pair", "pair"),
    ("SJ BJ", None, None, None),
    ("7 7", "pair", "pair", "pair"),
    ("2 2", "pair", "pair", "pair"),
    ("7 BJ=7", None, "pair", "pair"),                         # stand-ins only where the joker is wild
    ("7 SJ=7", None, None, "pair"),
    ("7 BJ", None, None, None),                               # a joker as itself never joins other cards
    ("BJ=7 BJ=7", None, None, None),                          # K6: a stand-in needs a natural card
    ("7 8", None, None, None),
    ("7 7 7", "triple", "triple", "triple"),
    ("2 2 BJ=2", None, "triple", "triple"),                   # a wild may stand for a 2
    ("3 3 4 4 5 5", "pair_run", "pair_run", "pair_run"),
    ("3 3 4 4", None, None, None),                            # 连对: three or more pairs (K2)
    ("Q Q K K A A", "pair_run", "pair_run", "pair_run"),
    ("K K A A 2 2", None, None, None),                        # runs use 3..A only
    ("3 3 BJ=4 BJ=4 5 5", None, "pair_run", "pair_run"),      # a rank of a run may be wilds only
    ("3 3 3 4 4 4", "triple_run", "triple_run", "triple_run"),
    ("3 3 3 4 4 4 5 5", None, None, None),
    ("3 4 5 6 7", "straight", "straight", "straight"),
    ("3 4 5 6", None, None, None),                            # 顺子: five or more
    ("10 J Q K A", "straight", "straight", "straight"),
    ("J Q K A 2", None, None, None),
    ("J Q K A BJ=2", None, None, None),
    ("3 4 5 6 7 8 9 10 J Q K A", "straight", "straight", "straight"),
    ("3 5 6 7 8", None, None, None),
    ("5 6 7 8 BJ=9", None, "straight", "straight"),           # docs/conformance.md
    ("BJ=4 5 6 7 8", None, "straight", "straight"),
    ("5 6 7 8 SJ=9", None, None, "straight"),
    ("5 6 7 8 BJ", None, None, None),
    ("7 7 7 7", "bomb/4", "bomb/4", "bomb/4"),
    ("9 9 9 BJ=9", None, "bomb/4", "bomb/4"),                 # docs/conformance.md
    ("2 2 2 2 2", "bomb/5", "bomb/5", "bomb/5"),
    ("3 3 3 3 BJ=3 BJ=3", None, "bomb/6", "bomb/6"),
    ("9 9 9 9 9 9 9 9", "bomb/8", "bomb/8", "bomb/8"),
    ("9 9 9 9 9 9 9 9 BJ=9 BJ=9", None, "bomb/10", "bomb/10"),
    # 8线X型炸弹+4个王: 12 lines, 千变 only (S19, K-T10).
    ("9 9 9 9 9 9 9 9 SJ=9 SJ=9 BJ=9 BJ=9", None, None, "bomb/12"),
    ("9 9 9 9 9 9 9 9 9", None, None, None),                  # more 9s than two decks hold
    ("SJ SJ BJ", "joker_bomb/6", "joker_bomb/6", "joker_bomb/6"),   # 三王: any three jokers (K3)
    ("SJ BJ BJ", "joker_bomb/6", "joker_bomb/6", "joker_bomb/6"),
    ("SJ SJ BJ BJ", "joker_bomb/7", "joker_bomb/7", "joker_bomb/7"),  # 天王
    # Chains: 百变 and 千变 only (K3); 4线3连环 = 7 lines, 6线2连环 = 8 (002:L11-20).
    ("5 5 5 5 6 6 6 6 7 7 7 7", None, "chain_bomb/7", "chain_bomb/7"),
    ("5 5 5 5 6 6 6 6", None, None, None),                    # two 4-card bombs are no chain
    ("5 5 5 5 5 6 6 6 6 6", None, None, None),
    ("5 5 5 5 5 5 6 6 6 6 6 6", None, "chain_bomb/8", "chain_bomb/8"),
    ("5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8", None, "chain_bomb/8", "chain_bomb/8"),
    ("5 5 5 5 6 6 6 6 BJ=7 BJ=7 7 7", None, "chain_bomb/7", "chain_bomb/7"),
    ("5 5 5 5 SJ=6 SJ=6 BJ=6 BJ=6 7 7 7 7", None, None, "chain_bomb/7"),
    ("5 5 5 5 7 7 7 7 8 8 8 8", None, None, None),            # not consecutive
    ("K K K K K K A A A A A A", None, "chain_bomb/8", "chain_bomb/8"),
    ("A A A A A A 2 2 2 2 2 2", None, None, None),            # never a 2 in a chain
    # Unequal bombs: 千变 only; the smallest decides lines and the least count (K7, §2's example).
    ("5 5 5 5 6 6 6 6 6 6 7 7 7 7 7", None, None, "chain_bomb/7"),
    ("5 5 5 5 5 5 6 6 6 6", None, None, None),                # smallest 4 cards: three bombs needed
    ("5 5 5 5 5 5 6 6 6 6 6 6 6", None, None, "chain_bomb/8"),
    ("", None, None, None),
]


@pytest.mark.parametrize("text,classic,baibian,qianbian", CLASSIFY)
def test_classify(text, classic, baibian, qianbian):
    assert [described(name, text) for name in VARIANTS] == [classic, baibian, qianbian]


def test_classify_play_values():
    q = spec(QIANBIAN)
    # (kind, length, top, lines) + the physical cards: the stand-in counts as a joker.
    assert play_of(QIANBIAN, "5 6 7 8 BJ=9") == (5, 5, 6, 0) + parse_cards("5 6 7 8 BJ")
    assert play_of(QIANBIAN, "SJ SJ") == (1, 1, 13, 0) + parse_cards("SJ SJ")
    assert play_of(QIANBIAN, "SJ SJ BJ BJ") == (q.K_JOKER_BOMB, 4, -1, 7) + parse_cards("SJ SJ BJ BJ")
    assert play_of(QIANBIAN, "5 5 5 5 6 6 6 6 6 6 7 7 7 7 7")[:4] == (q.K_CHAIN, 3, 4, 7)
    # Two ways of writing the same cards as the same play are one play; 9 9 and 9 BJ=9 are two.
    assert play_of(QIANBIAN, "5 5 5 5 BJ=5 6 6 6 6 7 7 7 7") == play_of(QIANBIAN, "5 5 5 5 6 6 6 6 7 7 7 7 BJ=7")
    assert play_of(QIANBIAN, "9 9") != play_of(QIANBIAN, "9 BJ=9")
    assert classify(q, (0,) * 14) is None  # neither 15 nor 41 counts


# --- beats ---------------------------------------------------------------------------
# variant, play, lead, whether the play beats the lead.
BEATS = [
    (CLASSIC, "4 5 6 7 8", "3 4 5 6 7", True),
    (CLASSIC, "3 4 5 6 7", "4 5 6 7 8", False),
    (CLASSIC, "4 5 6 7 8 9", "3 4 5 6 7", False),        # same type and length only (K2)
    (CLASSIC, "8 8", "7", False),
    (CLASSIC, "2", "A", True),
    (CLASSIC, "SJ", "2", True),
    (CLASSIC, "BJ", "SJ", True),
    (CLASSIC, "BJ", "SJ SJ", False),
    (CLASSIC, "BJ BJ", "SJ SJ", True),
    (CLASSIC, "SJ SJ", "2 2", True),
    (CLASSIC, "8 8 8", "7 7 7", True),
    (CLASSIC, "4 4 5 5 6 6", "3 3 4 4 5 5", True),
    (CLASSIC, "3 3 3 3", "3 4 5 6 7 8 9 10 J Q K A", True),  # a bomb beats any non-bomb
    (CLASSIC, "A", "SJ SJ BJ", False),
    (CLASSIC, "3 3 3 3 3", "2 2 2 2", True),              # more lines win
    (CLASSIC, "10 10 10 10", "9 9 9 9", True),            # equal lines: higher rank
    (CLASSIC, "9 9 9 9", "10 10 10 10", False),
    # K3: at equal lines a joker bomb beats a chain and a bomb.
    (CLASSIC, "SJ SJ BJ BJ", "9 9 9 9 9 9 9", True),      # 天王 (7) vs a 7-card bomb
    (CLASSIC, "9 9 9 9 9 9 9", "SJ SJ BJ BJ", False),
    (CLASSIC, "SJ SJ BJ", "2 2 2 2 2 2", True),           # 三王 (6) vs a 6-card bomb
    (CLASSIC, "2 2 2 2 2 2", "SJ BJ BJ", False),
    (CLASSIC, "3 3 3 3 3 3 3", "SJ SJ BJ", True),         # 7 lines beat 6
    (CLASSIC, "3 3 3 3 3 3 3 3", "SJ SJ BJ BJ", True),
    (CLASSIC, "SJ SJ BJ BJ", "SJ SJ BJ", True),
    (CLASSIC, "SJ BJ BJ", "SJ SJ BJ", False),             # joker bombs of equal lines: neither
    (CLASSIC, "SJ SJ BJ", "SJ BJ BJ", False),
    (BAIBIAN, "9 9 9 BJ=9", "9 9 9 9", False),            # the same bomb by other cards
    (BAIBIAN, "9 9 9 9", "9 9 9 BJ=9", False),
    (BAIBIAN, "7 7", "5 BJ=5", True),
    (BAIBIAN, "5 BJ=5", "4 4", True),
    (BAIBIAN, "5 6 7 8 BJ=9", "4 5 6 7 8", True),
    # A chain beats a bomb of equal lines; 4线3连环 (7 lines) beats a 6-card bomb (K3).
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7", "9 9 9 9 9 9 9", True),
    (BAIBIAN, "9 9 9 9 9 9 9", "5 5 5 5 6 6 6 6 7 7 7 7", False),
    (BAIBIAN, "3 3 3 3 4 4 4 4 5 5 5 5", "2 2 2 2 2 2", True),
    (BAIBIAN, "SJ SJ BJ BJ", "5 5 5 5 6 6 6 6 7 7 7 7", True),
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7", "SJ SJ BJ BJ", False),
    (BAIBIAN, "9 9 9 9 9 9 9 9", "5 5 5 5 6 6 6 6 7 7 7 7", True),
    # Chains of equal lines: the top rank (K7); 6线2连环 and 4线4连环 both have 8 lines.
    (BAIBIAN, "6 6 6 6 7 7 7 7 8 8 8 8", "5 5 5 5 6 6 6 6 7 7 7 7", True),
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7", "6 6 6 6 7 7 7 7 8 8 8 8", False),
    (BAIBIAN, "9 9 9 9 9 9 10 10 10 10 10 10", "5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8", True),
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8", "9 9 9 9 9 9 10 10 10 10 10 10", False),
    (BAIBIAN, "5 5 5 5 5 6 6 6 6 6 7 7 7 7 7", "5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8", False),  # 8 vs 8, lower top
    (QIANBIAN, "5 5 5 5 6 6 6 6 6 6 7 7 7 7 7", "3 3 3 3 4 4 4 4 5 5 5 5", True),           # 7 vs 7, higher top
    (QIANBIAN, "9 9 9 9 9 9 9 9 SJ=9 SJ=9 BJ=9 BJ=9", "8 8 8 8 8 8 9 9 9 9 9 9 10 10 10 10 10 10", True),  # 12 vs 9
    (QIANBIAN, "9 9 9 9 9 9 9 9 SJ=9 SJ=9 BJ=9 BJ=9", "3 3 3 3 3 3 3 3 4 4 4 4 4 4 4 4 5 5 5 5 5 5 5 5 6 6 6 6 6 6 6 6",
     False),  # a 12-line bomb and 8线4连环 (12 lines): the chain wins
    (QIANBIAN, "3 3 3 3 3 3 3 3 4 4 4 4 4 4 4 4 5 5 5 5 5 5 5 5 6 6 6 6 6 6 6 6", "9 9 9 9 9 9 9 9 SJ=9 SJ=9 BJ=9 BJ=9",
     True),
    (QIANBIAN, "9 9 9 9 9 9 9 9 SJ=9 SJ=9 BJ=9 BJ=9", "K K K K K K K K BJ=K BJ=K", True),
]


@pytest.mark.parametrize("name,play,lead,expected", BEATS)
def test_beats(name, play, lead, expected):
    assert beats(spec(name), play_of(name, play), play_of(name, lead)) is expected


# --- answers and plays, counted by hand --------------------------------------------
# variant, hand, lead, the answers (canonical text).
ANSWERS = [
    # docs/conformance.md: exactly two answers.
    (BAIBIAN, "5 6 7 8 BJ", "3 4 5 6 7", {"5 6 7 8 BJ=9", "BJ=4 5 6 7 8"}),
    (QIANBIAN, "5 6 7 8 BJ", "3 4 5 6 7", {"5 6 7 8 BJ=9", "BJ=4 5 6 7 8"}),
    (CLASSIC, "5 6 7 8 BJ", "3 4 5 6 7", set()),
    (QIANBIAN, "5 6 7 8 SJ", "3 4 5 6 7", {"5 6 7 8 SJ=9", "SJ=4 5 6 7 8"}),
    (BAIBIAN, "5 6 7 8 SJ", "3 4 5 6 7", set()),
    # A wild may stand for a rank the hand holds: 9 9 and 9 BJ=9 are two plays.
    (CLASSIC, "9 9 BJ", "8 8", {"9 9"}),
    (BAIBIAN, "9 9 BJ", "8 8", {"9 9", "9 BJ=9"}),
    (QIANBIAN, "9 9 SJ BJ", "8 8", {"9 9", "9 SJ=9", "9 BJ=9", "9 9 SJ=9 BJ=9"}),  # and a bomb
    (BAIBIAN, "9 9 SJ BJ", "8 8", {"9 9", "9 BJ=9"}),
    (BAIBIAN, "9 9 BJ BJ", "8 8", {"9 9", "9 BJ=9", "BJ BJ", "9 9 BJ=9 BJ=9"}),
    (BAIBIAN, "9 9 BJ BJ", "9 9", {"BJ BJ", "9 9 BJ=9 BJ=9"}),
    (BAIBIAN, "9 9 BJ BJ", "9", {"BJ", "9 9 BJ=9 BJ=9"}),
    (QIANBIAN, "9 9 SJ", "SJ", set()),
    (QIANBIAN, "9 9 BJ", "SJ", {"BJ"}),
    (QIANBIAN, "9 9 SJ BJ", "SJ", {"BJ", "9 9 SJ=9 BJ=9"}),
    # Bombs of 9s from five 9s and a big joker: 4 or 5 naturals without it, 3..5 with it.
    (CLASSIC, "9 9 9 9 9 BJ", "3 3 3 3", {"9 9 9 9", "9 9 9 9 9"}),
    (BAIBIAN, "9 9 9 9 9 BJ", "3 3 3 3",
     {"9 9 9 9", "9 9 9 9 9", "9 9 9 BJ=9", "9 9 9 9 BJ=9", "9 9 9 9 9 BJ=9"}),
    (BAIBIAN, "9 9 9 9 9 BJ", "3 3 3 3 3", {"9 9 9 9 9", "9 9 9 9 BJ=9", "9 9 9 9 9 BJ=9"}),
    (BAIBIAN, "9 9 9 9 9 BJ", "7", {"9", "BJ", "9 9 9 9", "9 9 9 9 9", "9 9 9 BJ=9", "9 9 9 9 BJ=9", "9 9 9 9 9 BJ=9"}),
    (BAIBIAN, "3 SJ SJ BJ", "2 2 2 2 2 2", {"SJ SJ BJ"}),
    (CLASSIC, "SJ SJ BJ BJ", "9 9 9 9 9 9 9", {"SJ SJ BJ BJ"}),
    (CLASSIC, "SJ SJ BJ BJ", "2 2 2 2 2 2", {"SJ SJ BJ", "SJ BJ BJ", "SJ SJ BJ BJ"}),
    # 4线3连环 (7 lines) from three 4s and a wild (百变): bombs of equal size only, so the
    # wild replaces a natural card or stays in the hand; in 千变 it may also join a bomb.
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7 BJ", "2 2 2 2 2 2 2",
     {"5 5 5 5 6 6 6 6 7 7 7 7", "5 5 5 BJ=5 6 6 6 6 7 7 7 7",
      "5 5 5 5 6 6 6 BJ=6 7 7 7 7", "5 5 5 5 6 6 6 6 7 7 7 BJ=7"}),
    (QIANBIAN, "5 5 5 5 6 6 6 6 7 7 7 7 BJ", "2 2 2 2 2 2 2",
     {"5 5 5 5 6 6 6 6 7 7 7 7", "5 5 5 BJ=5 6 6 6 6 7 7 7 7",
      "5 5 5 5 6 6 6 BJ=6 7 7 7 7", "5 5 5 5 6 6 6 6 7 7 7 BJ=7", "5 5 5 5 BJ=5 6 6 6 6 7 7 7 7"}),
    (CLASSIC, "5 5 5 5 6 6 6 6 7 7 7 7 BJ", "2 2 2 2 2 2 2", set()),
    # The same bomb or chain does not beat itself.
    (CLASSIC, "9 9 9 9 3", "9 9 9 9", set()),
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7 3", "5 5 5 5 6 6 6 6 7 7 7 7", set()),
    (BAIBIAN, "5 5 5 5 6 6 6 6 7 7 7 7 8", "5 5 5 5 6 6 6 6 7 7 7 7", set()),
    (BAIBIAN, "6 6 6 6 7 7 7 7 8 8 8 8", "5 5 5 5 6 6 6 6 7 7 7 7", {"6 6 6 6 7 7 7 7 8 8 8 8"}),
]


@pytest.mark.parametrize("name,hand,lead,expected", ANSWERS)
def test_answers(name, hand, lead, expected):
    found = answers(spec(name), parse_cards(hand), play_of(name, lead))
    assert len(found) == len(set(found))
    assert texts(name, found) == expected
    assert has_answer(spec(name), parse_cards(hand), play_of(name, lead)) is bool(expected)


# variant, hand, every play it can lead (canonical text).
PLAYS = [
    (CLASSIC, "5 5 BJ", {"5", "BJ", "5 5"}),
    (BAIBIAN, "5 5 BJ", {"5", "BJ", "5 5", "5 BJ=5", "5 5 BJ=5"}),
    (CLASSIC, "5 5 SJ BJ", {"5", "SJ", "BJ", "5 5"}),
    (BAIBIAN, "5 5 SJ BJ", {"5", "SJ", "BJ", "5 5", "5 BJ=5", "5 5 BJ=5"}),
    (QIANBIAN, "5 5 SJ BJ", {"5", "SJ", "BJ", "5 5", "5 SJ=5", "5 BJ=5", "5 5 SJ=5", "5 5 BJ=5",
                             "5 SJ=5 BJ=5", "5 5 SJ=5 BJ=5"}),
    (BAIBIAN, "3 4 5 6 BJ", {"3", "4", "5", "6", "BJ", "3 BJ=3", "4 BJ=4", "5 BJ=5", "6 BJ=6", "3 4 5 6 BJ=7"}),
    (CLASSIC, "3 4 5 6 7 7", {"3", "4", "5", "6", "7", "7 7", "3 4 5 6 7"}),
    (BAIBIAN, "A 2 BJ", {"A", "2", "BJ", "A BJ=A", "2 BJ=2"}),
    (QIANBIAN, "SJ SJ BJ", {"SJ", "BJ", "SJ SJ", "SJ SJ BJ"}),
]


@pytest.mark.parametrize("name,hand,expected", PLAYS)
def test_plays(name, hand, expected):
    found = plays(spec(name), parse_cards(hand))
    assert len(found) == len(set(found))
    assert texts(name, found) == expected


def test_canonical_text_of_unequal_chain_keeps_its_lines():
    q = spec(QIANBIAN)
    hand = parse_cards("5 5 5 5 5 6 6 6 6 7 7 7 7 BJ")
    chains = [p for p in plays(q, hand) if p[0] == q.K_CHAIN and p[4:] == hand]
    # All 14 cards: the smallest bomb has 4 cards however the joker stands, so one play of
    # 7 lines; the joker goes to the smallest bomb that does not keep the size, lowest first.
    assert [format_play(q, p) for p in chains] == ["5 5 5 5 5 6 6 6 6 BJ=6 7 7 7 7"]
    assert chains[0][:4] == (q.K_CHAIN, 3, 4, 7)


def test_the_same_cards_make_two_chains_of_different_lines():
    """千变: three 4-card bombs and three wilds make 4线3连环 (7 lines: a bomb keeps 4 cards)
    or 5线3连环 (8 lines: every bomb raised to 5); the cards are the same, the plays two."""
    q = spec(QIANBIAN)
    hand = parse_cards("5 5 5 5 6 6 6 6 7 7 7 7 SJ SJ BJ")
    chains = {p[3]: format_play(q, p) for p in plays(q, hand) if p[0] == q.K_CHAIN and p[4:] == hand}
    assert chains == {7: "5 5 5 5 SJ=5 SJ=5 6 6 6 6 BJ=6 7 7 7 7", 8: "5 5 5 5 SJ=5 6 6 6 6 SJ=6 7 7 7 7 BJ=7"}
    lead = play_of(QIANBIAN, "3 3 3 3 3 3 3 3")  # 8 lines
    assert {format_play(q, p) for p in answers(q, hand, lead)} == {chains[8]}


# --- parsing ------------------------------------------------------------------------

def test_parse_written():
    assert parse_written("5 6 7 8 9") == parse_cards("5 6 7 8 9")
    counts = parse_written("5 6 7 8 BJ=9 SJ=3")
    assert len(counts) == 41 and counts[:15] == parse_cards("5 6 7 8 SJ BJ")
    assert counts[15] == 1 and counts[28 + 6] == 1 and sum(counts[15:]) == 2
    assert parse_written("大王=T 小王") == parse_written("BJ=10 SJ")


@pytest.mark.parametrize("text,message", [
    ("BJ=BJ", "not for a joker"),
    ("BJ=SJ", "not for a joker"),
    ("9=9", "only a joker"),
    ("BJ=x", "unknown card 'x'"),
    ("BJ=", "unknown card ''"),
    ("5 6 x", "unknown card 'x'"),
])
def test_parse_written_errors(text, message):
    with pytest.raises(CardError, match=message):
        parse_written(text)


# --- properties on seeded random hands -------------------------------------------------
DECK = [kind for kind in range(15) for _ in range(8 if kind < 13 else 2)]


def random_hand(rng: random.Random, size: int, jokers: int | None = None) -> tuple:
    counts = [0] * 15
    if jokers is None:
        cards = rng.sample(DECK, size)
    else:
        cards = rng.sample(DECK[:104], size - jokers) + rng.sample(DECK[104:], jokers)
    for card in cards:
        counts[card] += 1
    return tuple(counts)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_play_classifies_back_and_round_trips(name):
    s = spec(name)
    rng = random.Random(13)
    for _ in range(40):
        hand = random_hand(rng, rng.choice((6, 10, 14)), jokers=rng.choice((0, 1, 2, 3)))
        found = plays(s, hand)
        assert len(found) == len(set(found))
        for play in found:
            assert all(used <= held for used, held in zip(play[4:], hand))
            cards = written(s, play)
            assert classify(s, cards) == play
            text = format_play(s, play)
            assert parse_written(text) == (cards if any(cards[15:]) else cards[:15])


@pytest.mark.parametrize("name", VARIANTS)
def test_answers_are_the_plays_that_beat(name):
    s = spec(name)
    rng = random.Random(7)
    for _ in range(25):
        leader = random_hand(rng, 16, jokers=rng.choice((0, 2)))
        leads = rng.sample(plays(s, leader), 6)
        for lead in leads:
            hand = random_hand(rng, rng.choice((8, 14)), jokers=rng.choice((0, 1, 2, 3)))
            found = answers(s, hand, lead)
            assert len(found) == len(set(found))
            assert set(found) == {p for p in plays(s, hand) if beats(s, p, lead)}
            assert has_answer(s, hand, lead) is bool(found)


@pytest.mark.parametrize("name", (BAIBIAN, QIANBIAN))
def test_has_answer_against_bombs_and_chains(name):
    """Bomb leads, where the yes/no answer reasons about chains without building them."""
    s = spec(name)
    rng = random.Random(21)
    bombs = [p for p in plays(s, random_hand(rng, 40, jokers=4)) if p[0] >= s.K_BOMB]
    checked = 0
    for _ in range(60):
        hand = random_hand(rng, 24, jokers=rng.choice((1, 2, 3, 4)))
        for lead in rng.sample(bombs, 5):
            found = answers(s, hand, lead)
            assert has_answer(s, hand, lead) is bool(found)
            checked += bool(found)
    assert checked  # some bomb leads were answered


def every_written_subset(s: PatternSpec, hand: tuple):
    """Every written card list a hand could show: each sub-multiset of its cards, each wild
    joker in it standing for itself or for a rank at most `wilds` ranks beyond its natural
    cards (no play reaches further). The oracle for `plays`: no enumeration cleverness."""
    from itertools import combinations_with_replacement, product
    for sub in product(*(range(c + 1) for c in hand)):
        if not any(sub):
            continue
        naturals = [r for r in range(13) if sub[r]]
        wilds = sum(sub[w] for w in s.wilds)
        ranks = range(max(0, min(naturals) - wilds), min(12, max(naturals) + wilds) + 1) if naturals else ()
        options = [None, *ranks]
        small = combinations_with_replacement(options if 13 in s.wilds else [None], sub[13])
        for small_for in small:
            for big_for in combinations_with_replacement(options if 14 in s.wilds else [None], sub[14]):
                cards = list(sub) + [0] * 26
                for r in small_for:
                    if r is not None:
                        cards[15 + r] += 1
                for r in big_for:
                    if r is not None:
                        cards[28 + r] += 1
                yield tuple(cards)


@pytest.mark.parametrize("name", VARIANTS)
def test_plays_are_every_play_a_brute_force_finds(name):
    s = spec(name)
    rng = random.Random(5)
    checked = 0
    while checked < 25:
        hand = [0] * 15
        start = rng.randrange(0, 10)
        for r in range(start, start + rng.choice((2, 3))):
            hand[r] = rng.choice((0, 1, 2, 3, 4, 5))
        hand[13], hand[14] = rng.choice((0, 1, 2)), rng.choice((0, 1, 2))
        size = 1
        for count in hand:
            size *= count + 1
        if size > 250:
            continue
        hand = tuple(hand)
        oracle = {p for p in map(lambda cards: classify(s, cards), every_written_subset(s, hand)) if p}
        assert set(plays(s, hand)) == oracle, hand
        checked += 1
