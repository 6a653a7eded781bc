"""The reference Shuangkou card functions (gouji_dsl/backends/oracle/patterns.py),
case by case from the seed and the decisions.

Each row cites what it rests on: docs/rulings.md K1-K7, seed 002 lines and
§2, the seed's lines (002:L..), docs/conformance.md's Shuangkou section. Variants:
经典 = shuangkou, 百变 = shuangkou-baibian, 千变 = shuangkou-qianbian."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from gouji_dsl.backends.oracle.patterns import PatternOracle, parse_written
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime.cards import CardError
from helpers import scratch_workspace

JD, BB, QB = "shuangkou", "shuangkou-baibian", "shuangkou-qianbian"
ALL = (JD, BB, QB)


@lru_cache(maxsize=None)
def oracle(name: str) -> PatternOracle:
    return PatternOracle(Compilation(Workspace(), name).checked)


def x(card: str, n: int) -> str:
    """`n` copies of a card: x('4', 4) == '4 4 4 4'."""
    return " ".join([card] * n)


def play_of(name: str, text: str):
    return oracle(name).classify(parse_written(text))


def hand_of(text: str) -> tuple:
    """A physical hand (no stand-ins) as 15 counts."""
    written = parse_written(text)
    assert not any(written[15:]), text
    return written[:15]


# --- hand: (variants, cards, type name or None for invalid, lines) ----------------
HANDS = [
    # K2, 002:L6: the six non-bomb types and their lengths.
    (ALL, "7", "single", 0),
    (ALL, "7 7", "pair", 0),
    (ALL, "7 7 8 8 9 9", "pair_run", 0),
    (ALL, "7 7 8 8", None, 0),                               # K2: 连对 needs three pairs
    (ALL, "7 7 7", "triple", 0),
    (ALL, "7 7 7 8", None, 0),                               # K2/O6: 三同张 has no kickers
    (ALL, "7 7 7 8 8", None, 0),
    (ALL, "7 7 7 8 8 8", "triple_run", 0),                   # K2: two or more triples
    (ALL, "3 4 5 6 7", "straight", 0),
    (ALL, "3 4 5 6", None, 0),                               # K2: 顺子 needs five
    (ALL, "3 4 5 6 7 8 9 10 J Q K A", "straight", 0),        # 12 ranks, 3..A
    (ALL, " ".join(f"{c} {c}" for c in "3 4 5 6 7 8 9 10 J Q K A".split()), "pair_run", 0),
    (ALL, "3 4 5 7 8", None, 0),                             # not consecutive
    (ALL, "7 7 8", None, 0),
    # K2: runs use 3..A only, A high; 2 only alone.
    (ALL, "10 J Q K A", "straight", 0),
    (ALL, "J Q K A 2", None, 0),
    (ALL, "A 2 3 4 5", None, 0),
    (ALL, "Q Q K K A A", "pair_run", 0),
    (ALL, "K K A A 2 2", None, 0),
    (ALL, "A A A 2 2 2", None, 0),
    (ALL, "2", "single", 0),
    (ALL, "2 2", "pair", 0),
    (ALL, "2 2 2", "triple", 0),
    # K6 / K3: plays of jokers only are jokers.
    (ALL, "SJ", "single", 0),
    (ALL, "BJ", "single", 0),                                # a wild alone is itself (K4)
    (ALL, "SJ SJ", "pair", 0),
    (ALL, "BJ BJ", "pair", 0),                               # K6: a pair of big jokers
    (ALL, "SJ BJ", None, 0),
    (ALL, "SJ SJ BJ", "joker_bomb", 6),                      # 三王, 002:L11, K3
    (ALL, "SJ BJ BJ", "joker_bomb", 6),                      # any three jokers (K3)
    (ALL, "SJ SJ BJ BJ", "joker_bomb", 7),                   # 天王, 002:L12, K3
    (ALL, "7 SJ", None, 0),                                  # a joker written plainly is itself
    (ALL, "3 4 5 6 BJ", None, 0),                            # K2: jokers never join runs as themselves
    (ALL, "9 9 SJ", None, 0),
    # K4, 002:L8-9: stand-ins only for a wild joker.
    ((JD,), "9 9 9 BJ=9", None, 0),                          # 经典: no wild card (S9)
    ((BB, QB), "9 9 9 BJ=9", "bomb", 4),                     # CONFORMANCE example
    ((JD, BB), "9 SJ=9", None, 0),                           # 百变: the small joker is not wild
    ((QB,), "9 SJ=9", "pair", 0),
    ((BB, QB), "5 6 7 8 BJ=9", "straight", 0),               # CONFORMANCE example
    ((BB, QB), "BJ=4 5 6 7 8", "straight", 0),
    ((BB, QB), "2 BJ=2", "pair", 0),                         # a wild may be a 2 (3..2)
    ((BB, QB), "J Q K A BJ=2", None, 0),                     # ...but a 2 never joins a run
    ((BB, QB), "10 10 J J BJ=Q BJ=Q", "pair_run", 0),
    # K6: wilds stand in only beside a natural card of 3..2.
    ((BB, QB), "BJ=9", None, 0),
    ((BB, QB), "BJ=9 BJ=9", None, 0),
    ((QB,), "SJ=9 BJ=9", None, 0),
    ((QB,), "SJ=7 SJ=7 BJ=7 BJ=7", None, 0),                 # four wilds alone are 天王, not a bomb
    ((BB, QB), "9 9 BJ=9 SJ", None, 0),                      # a joker as itself beside natural cards
    # K3, S16: bombs, lines = cards; 2s bomb too.
    (ALL, "8 8 8 8", "bomb", 4),
    (ALL, "2 2 2 2", "bomb", 4),
    (ALL, x("8", 8), "bomb", 8),
    ((BB, QB), x("8", 8) + " BJ=8 BJ=8", "bomb", 10),
    ((QB,), x("8", 8) + " SJ=8 SJ=8 BJ=8 BJ=8", "bomb", 12),  # S19, 002:L17, K-T10: 千变 only
    ((JD, BB), x("8", 8) + " SJ=8 SJ=8 BJ=8 BJ=8", None, 0),  # 百变 has no wild small joker
    ((QB,), "8 SJ=8 SJ=8 BJ=8", "bomb", 4),                  # one natural card is enough (K6)
    # K3, 002:L10: no chains in 经典.
    ((JD,), x("4", 4) + " " + x("5", 4) + " " + x("6", 4), None, 0),
    # 百变 chains, 002:L11-20 / 002:L12-16: lines = smallest bomb + bombs.
    ((BB, QB), x("4", 4) + " " + x("5", 4) + " " + x("6", 4), "chain_bomb", 7),              # 4线3连环, K-T08
    ((BB, QB), x("4", 4) + " " + x("5", 4) + " " + x("6", 4) + " " + x("7", 4), "chain_bomb", 8),  # 4线4连环
    ((BB, QB), x("4", 5) + " " + x("5", 5) + " " + x("6", 5), "chain_bomb", 8),              # 5线3连环
    ((BB, QB), x("6", 6) + " " + x("7", 6), "chain_bomb", 8),                                # 6线2连环, K-T09
    ((BB, QB), x("6", 6) + " " + x("7", 6) + " " + x("8", 6), "chain_bomb", 9),              # 6线3连环
    ((BB, QB), x("6", 7) + " " + x("7", 7) + " " + x("8", 7), "chain_bomb", 10),             # 7线3连环
    ((BB, QB), x("6", 8) + " " + x("7", 8) + " " + x("8", 8), "chain_bomb", 11),             # 8线3连环
    ((BB, QB), x("Q", 4) + " " + x("K", 4) + " " + x("A", 4), "chain_bomb", 7),              # up to A
    ((BB, QB), x("4", 4) + " " + x("5", 4), None, 0),        # two 4-card bombs: not a listed chain
    ((BB, QB), x("5", 5) + " " + x("6", 5), None, 0),        # two 5-card bombs: not a chain either
    ((BB, QB), x("K", 4) + " " + x("A", 4) + " " + x("2", 4), None, 0),  # never 2 in a chain
    ((BB, QB), x("4", 4) + " " + x("6", 4) + " " + x("7", 4), None, 0),  # a gap: not consecutive
    ((BB, QB), x("4", 4) + " " + x("5", 4) + " " + x("6", 4) + " 7", None, 0),
    ((BB, QB), "4 4 4 " + x("5", 4) + " " + x("6", 4) + " BJ=4", "chain_bomb", 7),   # a wild in a chain
    # 千变 only: unequal chains (S18, 002:L18-20, K7: the smallest bomb decides).
    ((BB,), x("4", 4) + " " + x("5", 6) + " " + x("6", 5), None, 0),
    ((QB,), x("4", 4) + " " + x("5", 6) + " " + x("6", 5), "chain_bomb", 7),          # §2's example: 4 + 3
    ((QB,), x("4", 4) + " " + x("5", 6), None, 0),                                     # smallest 4: needs three
    ((QB,), x("4", 6) + " " + x("5", 7), "chain_bomb", 8),                             # smallest 6: two suffice
    ((QB,), x("4", 5) + " " + x("5", 8) + " " + x("6", 5) + " " + x("7", 4), "chain_bomb", 8),
]


@pytest.mark.parametrize("names,text,type_name,lines", HANDS, ids=[f"{'/'.join(r[0])}:{r[1]}" for r in HANDS])
def test_hand(names, text, type_name, lines):
    for name in names:
        play = play_of(name, text)
        if type_name is None:
            assert play is None, (name, text, play)
            continue
        assert play is not None, (name, text)
        assert oracle(name).type_name(play) == type_name, (name, text, play)
        assert play[3] == lines, (name, text, play)
        assert tuple(play[4:]) == parse_written(text)[:15]      # the physical cards


@pytest.mark.parametrize("name,text,length,top", [
    (JD, "3 4 5 6 7", 5, 4),
    (JD, "Q Q K K A A", 3, 11),
    (JD, "SJ", 1, 13),
    (JD, "BJ BJ", 1, 14),
    (JD, "SJ SJ BJ", 3, -1),                                    # a joker bomb: its jokers, no rank
    (BB, "BJ=4 5 6 7 8", 5, 5),
    (BB, x("6", 6) + " " + x("7", 6), 2, 4),                    # a chain: its bombs, its top rank
    (BB, "2 2 2 BJ=2", 1, 12),
])
def test_play_length_and_top(name, text, length, top):
    play = play_of(name, text)
    assert (play[1], play[2]) == (length, top)


def test_more_stand_ins_than_jokers_make_no_play():
    written = list(parse_written("9 9 9 BJ=9"))
    written[14] = 0                                             # the stand-in without its big joker
    assert oracle(BB).classify(tuple(written)) is None


# --- beats: (variant, play, lead, expected) -------------------------------------
BEATS = [
    (JD, "8", "7", True),                                       # K2: higher top card
    (JD, "7", "7", False),
    (JD, "7", "8", False),
    (JD, "2", "A", True),                                       # K-T03, 002:L7
    (JD, "SJ", "2", True),
    (JD, "BJ", "SJ", True),
    (JD, "BJ BJ", "SJ SJ", True),
    (JD, "SJ SJ", "2 2", True),
    (JD, "4 5 6 7 8", "3 4 5 6 7", True),
    (JD, "4 5 6 7 8 9", "3 4 5 6 7", False),                    # K2: same length only
    (JD, "8 8", "7 7 7", False),                                # K2: same type only
    (JD, "8 8 9 9 10 10", "7 7 8 8 9 9", True),
    (JD, "3 3 3 3", "A A A", True),                             # K3: a bomb beats any non-bomb
    (JD, "3 3 3 3", "BJ", True),
    (JD, "3 3 3 3", "10 J Q K A", True),
    (JD, "A A A", "3 3 3 3", False),
    (JD, "3 3 3 3 3", "A A A A", True),                         # K3: more lines win
    (JD, "4 4 4 4", "3 3 3 3", True),                           # equal lines: higher rank
    (JD, "3 3 3 3", "4 4 4 4", False),
    (JD, "2 2 2 2", "A A A A", True),
    (JD, "SJ SJ BJ", x("A", 5), True),                          # 三王 6 lines > 5
    (JD, "SJ SJ BJ", x("3", 6), True),                          # K3: equal lines, joker bomb > bomb
    (JD, x("A", 6), "SJ SJ BJ", False),
    (JD, x("3", 7), "SJ SJ BJ", True),
    (JD, "SJ SJ BJ BJ", x("A", 7), True),                       # 天王 7 vs a 7-card bomb
    (JD, "SJ SJ BJ", "SJ BJ BJ", False),                        # joker bombs of equal lines: neither
    (JD, "SJ BJ BJ", "SJ SJ BJ", False),
    (BB, "9 9 9 BJ=9", "8 8 8 8", True),
    (BB, "8 8 8 8", "9 9 9 BJ=9", False),
    (BB, "5 6 7 8 BJ=9", "3 4 5 6 7", True),
    (BB, "BJ=4 5 6 7 8", "3 4 5 6 7", True),
    (BB, "BJ", "2", True),                                      # K4: a wild alone is itself
    (BB, x("4", 4) + " " + x("5", 4) + " " + x("6", 4), x("A", 7), True),   # K3: chain > bomb at 7
    (BB, x("A", 7), x("4", 4) + " " + x("5", 4) + " " + x("6", 4), False),
    (BB, "SJ SJ BJ BJ", x("4", 4) + " " + x("5", 4) + " " + x("6", 4), True),  # joker bomb > chain at 7
    (BB, x("4", 4) + " " + x("5", 4) + " " + x("6", 4), "SJ SJ BJ BJ", False),
    (BB, x("3", 8), x("4", 4) + " " + x("5", 4) + " " + x("6", 4), True),   # 8 lines > 7
    (BB, x("5", 4) + " " + x("6", 4) + " " + x("7", 4), x("4", 4) + " " + x("5", 4) + " " + x("6", 4), True),  # K7
    (BB, x("4", 4) + " " + x("5", 4) + " " + x("6", 4), x("5", 4) + " " + x("6", 4) + " " + x("7", 4), False),
    (BB, x("3", 6) + " " + x("4", 6), x("8", 5) + " " + x("9", 5) + " " + x("10", 5), False),  # both 8: top rank (K7)
    (BB, x("8", 5) + " " + x("9", 5) + " " + x("10", 5), x("3", 6) + " " + x("4", 6), True),
    (BB, x("8", 8) + " BJ=8 BJ=8", x("6", 7) + " " + x("7", 7) + " " + x("8", 7), False),  # 10 lines: chain > bomb
    (QB, x("8", 8) + " SJ=8 SJ=8 BJ=8 BJ=8", x("6", 8) + " " + x("7", 8) + " " + x("8", 8), True),  # 12 > 11
    (QB, x("4", 4) + " " + x("5", 6) + " " + x("6", 5), x("A", 7), True),   # unequal chain of 7 lines
]


@pytest.mark.parametrize("name,play,lead,expected", BEATS, ids=[f"{r[0]}:{r[1]}>{r[2]}" for r in BEATS])
def test_beats(name, play, lead, expected):
    o = oracle(name)
    mine, theirs = play_of(name, play), play_of(name, lead)
    assert mine is not None and theirs is not None
    assert o.beats(mine, theirs) is expected


# --- plays and answers ------------------------------------------------------------

def formatted_answers(name, hand, lead):
    o = oracle(name)
    return sorted(o.format_play(p) for p in o.answers(hand_of(hand), play_of(name, lead)))


def test_conformance_example_has_exactly_two_answers():
    # docs/conformance.md: `5 6 7 8 BJ` against `3 4 5 6 7` in 百变.
    assert formatted_answers(BB, "5 6 7 8 BJ", "3 4 5 6 7") == ["5 6 7 8 BJ=9", "BJ=4 5 6 7 8"]
    assert formatted_answers(QB, "5 6 7 8 BJ", "3 4 5 6 7") == ["5 6 7 8 BJ=9", "BJ=4 5 6 7 8"]
    assert formatted_answers(JD, "5 6 7 8 BJ", "3 4 5 6 7") == []          # no wild in 经典


def test_a_pair_with_and_without_a_stand_in_are_two_plays():
    # docs/conformance.md: `9 9` and `9 BJ=9` are two plays.
    assert formatted_answers(BB, "9 9 BJ", "8 8") == ["9 9", "9 BJ=9"]
    assert formatted_answers(JD, "9 9 BJ", "8 8") == ["9 9"]


def test_wild_jokers_alone_are_themselves():
    # K6: `BJ BJ` is a pair of big jokers; no stand-in without a natural card.
    o = oracle(BB)
    assert sorted(o.format_play(p) for p in o.plays(hand_of("BJ BJ"))) == ["BJ", "BJ BJ"]
    q = oracle(QB)
    assert sorted(q.format_play(p) for p in q.plays(hand_of("SJ BJ"))) == ["BJ", "SJ"]


def test_plays_of_a_small_hand_in_full():
    # A wild beside one natural card makes a pair of it, beside two a triple (K4);
    # beside another rank it makes nothing (two ranks are no type); alone it is itself (K6).
    o = oracle(BB)
    got = sorted(o.format_play(p) for p in o.plays(hand_of("7 7 BJ")))
    assert got == ["7", "7 7", "7 7 BJ=7", "7 BJ=7", "BJ"]
    assert sorted(oracle(JD).format_play(p) for p in oracle(JD).plays(hand_of("7 7 BJ"))) == ["7", "7 7", "BJ"]


def test_the_12_line_bomb_only_in_qianbian():
    # S19, 002:L17, K-T10: eight of a rank with all four jokers wild.
    hand = hand_of(x("8", 8) + " SJ SJ BJ BJ")
    most = {name: max(p[3] for p in oracle(name).plays(hand)) for name in ALL}
    assert most == {JD: 8, BB: 10, QB: 12}


def test_answers_are_the_plays_that_beat():
    o = oracle(QB)
    hand = hand_of("4 4 4 5 5 5 5 6 6 6 SJ BJ")
    lead = play_of(QB, x("3", 6))
    plays = o.plays(hand)
    answers = o.answers(hand, lead)
    assert answers == [p for p in plays if o.beats(p, lead)]
    # Against a 6-line bomb of 3s: the 4+4+4 chain (7 lines, both wilds filling the 4s
    # and the 6s) and a 6-card bomb of 5s (equal lines, higher rank); nothing else.
    assert {o.format_play(p) for p in answers} == {"4 4 4 SJ=4 5 5 5 5 6 6 6 BJ=6", "5 5 5 5 SJ=5 BJ=5"}
    assert o.has_answer(hand, lead)
    assert not o.has_answer(hand_of("3 4"), lead)


# --- notation ----------------------------------------------------------------------

@pytest.mark.parametrize("text,message", [
    ("9=9", "only a joker may stand for another card"),
    ("BJ=SJ", "a joker stands for a card from 3 to 2"),
    ("BJ=", "a joker stands for a card from 3 to 2"),
    ("BJ=1", "a joker stands for a card from 3 to 2"),
    ("X", "unknown card 'X'"),
    ("9 9 =9", "unknown card ''"),
])
def test_parse_errors(text, message):
    with pytest.raises(CardError, match=message):
        parse_written(text)


def test_parse_layout_and_aliases():
    written = parse_written("T 小王 大王=9 SJ=2")
    assert len(written) == 41
    assert written[:15] == (0,) * 7 + (1,) + (0,) * 5 + (2, 1)    # physical: a 10, two SJ, one BJ
    assert written[15 + 12] == 1 and sum(written[15:28]) == 1     # one SJ stands for a 2
    assert written[28 + 6] == 1 and sum(written[28:41]) == 1      # one BJ stands for a 9
    assert parse_written("10 SJ BJ=9 SJ=2") == written
    assert parse_written("") == (0,) * 41


@pytest.mark.parametrize("name,text,canonical", [
    (BB, "BJ=9 9 9 9", "9 9 9 BJ=9"),                           # stand-ins after the naturals
    (BB, "8 5 BJ=4 7 6", "BJ=4 5 6 7 8"),                       # ranks ascending
    (QB, "5 6 6 7 BJ=5 SJ=7", "5 SJ=5 6 6 7 BJ=7"),             # SJ takes the lowest slot
    (QB, "BJ BJ SJ", "SJ BJ BJ"),                               # natural jokers last, SJ first
    (QB, "10 10 J J BJ=Q SJ=Q", "10 10 J J SJ=Q BJ=Q"),
    # An unequal 千变 chain: wilds keep the play's lines, going to the smallest bomb
    # whose filling still makes that play, lowest rank first (the contract's format rule).
    (QB, x("5", 5) + " " + x("6", 5) + " " + x("7", 4) + " BJ=7", x("5", 5) + " " + x("6", 5) + " " + x("7", 4) + " BJ=7"),
    (QB, x("5", 5) + " " + x("6", 5) + " " + x("7", 4) + " BJ=6", x("5", 5) + " BJ=5 " + x("6", 5) + " " + x("7", 4)),
    # One at a time to the smallest bomb, lowest rank on ties: 3,4,4 -> 4,4,4 -> 5,4,4 (7 lines kept).
    (QB, "8 8 8 SJ=8 " + x("9", 4) + " SJ=9 " + x("10", 4), "8 8 8 SJ=8 SJ=8 " + x("9", 4) + " " + x("10", 4)),
    # 6,6 + 1 wild (8 lines): the tie goes to the lower rank.
    (QB, x("6", 6) + " " + x("7", 6) + " BJ=7", x("6", 6) + " BJ=6 " + x("7", 6)),
    # The counts are forced (7+1, 5+1), and as everywhere SJ takes the lower slot.
    (QB, x("9", 7) + " BJ=9 " + x("10", 5) + " SJ=10", x("9", 7) + " SJ=9 " + x("10", 5) + " BJ=10"),
])
def test_format_is_canonical(name, text, canonical):
    o = oracle(name)
    play = play_of(name, text)
    assert play is not None
    assert o.format_play(play) == canonical
    assert o.classify(parse_written(canonical)) == play


@pytest.mark.parametrize("name,hand", [
    (BB, "5 6 7 8 9 9 BJ BJ"),
    (QB, "4 4 5 5 6 SJ BJ 2"),
    (QB, x("6", 5) + " " + x("7", 4) + " SJ BJ"),
    (JD, "3 3 4 4 5 5 SJ BJ"),
])
def test_every_play_reads_back_from_its_text(name, hand):
    o = oracle(name)
    plays = o.plays(hand_of(hand))
    assert plays
    for play in plays:
        text = o.format_play(play)
        assert o.classify(parse_written(text)) == play, (text, play)


# --- the oracle reads the rule model, not the standard tables ----------------------
HOUSE = """\
abstract variant house extends shuangkou-baibian

[patterns]
types =
  | name       | zh     | width | min_length | max_length |
  | "single"   | "单张" | 1     | 1          | 1          |
  | "straight" | "顺子" | 1     | 3          | 6          |
run_ranks = 3..K
bomb_lines = cards + 2
chain_lines = smallest + 2 * bombs
bomb_ties = [bomb, chain, joker_bomb]
"""


def test_a_house_rule_changes_types_runs_lines_and_ties(tmp_path: Path):
    o = PatternOracle(Compilation(scratch_workspace(tmp_path, {"house": HOUSE}), "house").checked)

    def head(text):
        play = o.classify(parse_written(text))
        return play and (o.type_name(play), play[1], play[3])

    assert head("3 4 5") == ("straight", 3, 0)                  # min_length 3
    assert head("3 4 5 6 7 8") == ("straight", 6, 0)
    assert head("3 4 5 6 7 8 9") is None                        # max_length 6
    assert head("7 7") is None                                  # no pair type in this house
    assert head("J Q K A") is None                              # runs stop at K
    assert head("8 8 8 8") == ("bomb", 1, 6)                    # bomb_lines = cards + 2
    assert head(x("4", 4) + " " + x("5", 4) + " " + x("6", 4)) == ("chain_bomb", 3, 12)  # 6 + 2 * 3
    assert head(x("Q", 4) + " " + x("K", 4) + " " + x("A", 4)) is None                   # A is not a run rank here
    # bomb_ties reversed: a 6-line bomb beats 三王, which it would not in the standard order.
    assert o.beats(o.classify(parse_written("3 3 3 3")), o.classify(parse_written("SJ SJ BJ")))
    assert not o.beats(o.classify(parse_written("SJ SJ BJ")), o.classify(parse_written("3 3 3 3")))
