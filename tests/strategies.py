"""Hypothesis strategies for cards, plays and game results.

Every strategy yields valid input directly (no test has to throw examples
away): legal plays are drawn from the variant's own list of them.
"""
from __future__ import annotations

import functools

import pytest
from hypothesis import strategies as st

from gouji_dsl.engines import load
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import engine_variants

WS = Workspace()
_ENGINES = engine_variants(WS, WS.names())[0]
# Every variant with an engine; the Gouji ones (one-rank plays: what most tests here are
# about); the Shuangkou ones (pattern plays: tests/test_shuangkou_games.py and friends).
ALL_ENGINE_VARIANTS = sorted(_ENGINES)
ENGINE_VARIANTS = sorted(name for name, v in _ENGINES.items() if v.game == "gouji")
SHUANGKOU_VARIANTS = sorted(name for name, v in _ENGINES.items() if v.game == "shuangkou")
# The strategies below draw 15-count vectors (3 .. BJ): the variants whose cards are those.
# A variant with extra card kinds (lamb-cn's eagle) has its own differential tests
# (tests/test_differential.py, the eagle house rule) and is played whole by test_agreement.
STANDARD_CARD_VARIANTS = [n for n in ENGINE_VARIANTS if len(load(WS, n, "generated").RULES.card_kinds) == 15]
# The variants a check over every variant makes in the default run, one of each kind: six decks
# (zaozhuang), four with the 连中 family's rules (lianzhong), an extra card kind (lamb-cn's eagle),
# pattern plays with wild cards (shuangkou-qianbian). The others are checked with -m wide (CI).
REPRESENTATIVE_VARIANTS = ("zaozhuang", "lianzhong", "lamb-cn", "shuangkou-qianbian")


def one_of_each(items, kind_of, ids=None) -> list:
    """`items` as pytest parameters: the first of each kind (`kind_of(item)`: a rule's section, say)
    in the default run, the others wide. A check made over every rule makes its point on one rule
    of each section in the default run; CI repeats it over the others (-m wide)."""
    seen: set = set()
    params = []
    for index, item in enumerate(items):
        kind = kind_of(item)
        marks = () if kind not in seen else (pytest.mark.wide,)
        seen.add(kind)
        params.append(pytest.param(*(item if isinstance(item, tuple) else (item,)), marks=marks,
                                   id=None if ids is None else ids[index]))
    return params


def every_variant(names=ALL_ENGINE_VARIANTS) -> list:
    """`names` as pytest parameters: the representatives in the default run, the others wide."""
    return [pytest.param(name, marks=() if name in REPRESENTATIVE_VARIANTS else (pytest.mark.wide,), id=name)
            for name in names]
variants = st.sampled_from(STANDARD_CARD_VARIANTS)


@st.composite
def hands(draw, max_rank: int = 5, max_two: int = 5, max_joker: int = 3):
    """A 15-count vector: a hand of small counts, so the reference keeps up."""
    counts = [draw(st.integers(0, max_rank)) if draw(st.booleans()) else 0 for _ in range(12)]
    counts.append(draw(st.integers(0, max_two)))
    counts.append(draw(st.integers(0, max_joker)))
    counts.append(draw(st.integers(0, max_joker)))
    return tuple(counts)


@st.composite
def play_cards(draw, max_rank: int = 6):
    """The cards of a play of one-rank shape (it may still be illegal, e.g. 3s with a 2 in 憋三)."""
    counts = [0] * 15
    rank = draw(st.integers(-1, 11))
    if rank >= 0:
        counts[rank] = draw(st.integers(1, max_rank))
    counts[12] = draw(st.integers(0, 3))
    counts[13] = draw(st.integers(0, 2))
    counts[14] = draw(st.integers(0, 2))
    if sum(counts) == 0:
        counts[12] = 1
    return tuple(counts)


any_cards = st.lists(st.integers(0, 3), min_size=15, max_size=15).map(tuple)

# The most of each card that play_cards() draws: 6 of a rank, three 2s, two of each joker.
PLAY_CARDS_UNIVERSE = (6,) * 12 + (3, 2, 2)


@functools.lru_cache(maxsize=None)
def legal_plays(name: str) -> tuple:
    """Every legal play of the variant within the cards play_cards() draws from,
    as the reference interpreter lists them (test_differential checks that this is
    exactly the valid classifications of those cards)."""
    return tuple(load(WS, name, "reference").plays(PLAY_CARDS_UNIVERSE))


def play_to_cards(play: tuple) -> tuple:
    """The cards of a play (rank, count, twos, small, big), as a 15-count vector."""
    rank, count, twos, small, big = play
    counts = [0] * 15
    if rank >= 0:
        counts[rank] += count
    counts[12] += twos
    counts[13] += small
    counts[14] += big
    return tuple(counts)


@st.composite
def variant_and_plays(draw, how_many: int):
    """A variant and `how_many` legal plays of it."""
    name = draw(variants)
    return (name, *(draw(st.sampled_from(legal_plays(name))) for _ in range(how_many)))


@st.composite
def results(draw, players: int = 6):
    seats = list(range(1, players + 1))
    finish = draw(st.permutations(seats))
    subset = st.lists(st.sampled_from(seats), unique=True, max_size=players)
    pair = st.permutations(seats).map(lambda order: list(order[:2]))  # two different seats
    return {
        "finish": list(finish),
        "opened": draw(subset),
        "declared": draw(st.one_of(st.just([]), subset)),
        "burns": draw(st.one_of(st.just([]), st.lists(pair, max_size=2))),
        "men": draw(st.one_of(st.just([]), st.lists(pair, max_size=2))),
        "previous": [{"opened": o} for o in draw(st.lists(subset, max_size=4))],
    }
