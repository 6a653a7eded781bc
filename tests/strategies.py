"""Hypothesis strategies for cards, plays and game results."""
from __future__ import annotations

from hypothesis import strategies as st

from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import engine_variants

WS = Workspace()
ENGINE_VARIANTS = sorted(engine_variants(WS, WS.names())[0])
variants = st.sampled_from(ENGINE_VARIANTS)


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


@st.composite
def results(draw, players: int = 6):
    seats = list(range(1, players + 1))
    finish = draw(st.permutations(seats))
    subset = st.lists(st.sampled_from(seats), unique=True, max_size=players)
    pair = st.tuples(st.sampled_from(seats), st.sampled_from(seats)).filter(lambda p: p[0] != p[1]).map(list)
    return {
        "finish": list(finish),
        "opened": draw(subset),
        "declared": draw(st.one_of(st.just([]), subset)),
        "burns": draw(st.one_of(st.just([]), st.lists(pair, max_size=2))),
        "men": draw(st.one_of(st.just([]), st.lists(pair, max_size=2))),
        "previous": [{"opened": o} for o in draw(st.lists(subset, max_size=4))],
    }
