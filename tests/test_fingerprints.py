"""Every engine plays the same seeded games as before the flow was specialised (issue 25):
300 seeded random games a variant, in matches, digested (tests/fingerprints.py)."""
from __future__ import annotations

import pytest

import gouji_dsl
from gouji_dsl.runtime.game import new_game
from fingerprints import SHORT, expected, fingerprint
from strategies import ALL_ENGINE_VARIANTS, every_variant


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_the_shipped_engine_plays_the_fingerprinted_games(name):
    assert fingerprint(gouji_dsl.engine(name).new_game) == expected()[name]


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_the_unspecialised_flow_plays_the_fingerprinted_games(name):
    """runtime/flow.py's Game, reading the engine's RULES, plays the same games as the Game
    specialised from it (what the specialiser reads, and what hybrid variants play)."""
    rules = gouji_dsl.engine(name).RULES
    assert fingerprint(lambda seed, match: new_game(rules, seed, match), SHORT) == expected(SHORT)[name]


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_unspecialised_flow_plays_all_300_fingerprinted_games(name):
    rules = gouji_dsl.engine(name).RULES
    assert fingerprint(lambda seed, match: new_game(rules, seed, match)) == expected()[name]
