"""The legal actions of pattern games from cached parts (runtime/pattern_moves.py) are exactly the
sorted plays of runtime.patterns' enumerators, as actions, for leads and for answers."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl.runtime import patterns as pt
from gouji_dsl.runtime.actions import trusted_play_action
from gouji_dsl.runtime.pattern_moves import Moves
from strategies import SHUANGKOU_VARIANTS


def _expected(kinds, plays) -> list:
    return [trusted_play_action(p, kinds) for p in sorted(plays)]


def _deal(rng: random.Random, copies, size: int) -> list[int]:
    deck = [k for k, c in enumerate(copies) for _ in range(c)]
    hand = [0] * 15
    for card in rng.sample(deck, size):
        hand[card] += 1
    return hand


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
def test_leads_and_answers_are_the_sorted_plays(name):
    kinds = gouji_dsl.engine(name).RULES.notation
    moves = Moves(kinds)  # a table of parts of its own, filled here
    rng = random.Random(name)
    for trial in range(300):
        hand = _deal(rng, kinds.spec.copies, rng.choice([1, 5, 12, 27, 27, 40]))
        assert moves.leads(hand) == _expected(kinds, pt.plays(kinds.spec, hand)), hand
        assert moves.leads(hand) == _expected(kinds, pt.plays(kinds.spec, hand))  # from the parts kept
        other = _deal(rng, kinds.spec.copies, 27)
        leads = pt.plays(kinds.spec, other)
        for lead in rng.sample(leads, min(5, len(leads))):
            assert moves.answers(hand, lead) == _expected(kinds, pt.answers(kinds.spec, hand, lead)), (hand, lead)


@settings(max_examples=60)
@given(st.sampled_from(SHUANGKOU_VARIANTS), st.lists(st.integers(0, 12), max_size=36),
       st.integers(0, 2), st.integers(0, 2), st.data())
def test_any_hand(name, cards, small, big, data):
    """Hands the deals rarely make (long runs, many bombs, every joker): the same plays. At most
    40 cards, as the largest hands dealt (27) and the deal test's (40): the enumerators' lists
    grow exponentially with the hand, and a 100-card hand takes gigabytes."""
    kinds = gouji_dsl.engine(name).RULES.notation
    copies = kinds.spec.copies
    hand = [min(cards.count(rank), copies[rank]) for rank in range(13)] + [small, big]
    moves = Moves(kinds)
    assert moves.leads(hand) == _expected(kinds, pt.plays(kinds.spec, hand))
    leads = pt.plays(kinds.spec, hand)
    if leads:
        lead = data.draw(st.sampled_from(leads))
        assert moves.answers(hand, lead) == _expected(kinds, pt.answers(kinds.spec, hand, lead))


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
def test_the_engine_lists_its_actions_from_the_parts(name):
    engine = gouji_dsl.engine(name)
    hand = list(engine.parse_cards("3 3 3 4 4 4 5 5 6 7 8 9 10 SJ BJ BJ"))
    assert engine.lead_actions(hand) == _expected(engine.RULES.notation, engine.plays(hand))
    assert engine.lead_actions(tuple(hand)) == engine.lead_actions(hand)  # any sequence of counts
