"""Every engine plays the same seeded games as before the flow was specialised (issue 25):
300 seeded random games a variant, in matches, digested (tests/fingerprints.py)."""
from __future__ import annotations

import pytest

import gouji_dsl
from fingerprints import expected, fingerprint
from strategies import ALL_ENGINE_VARIANTS


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_shipped_engine_plays_the_fingerprinted_games(name):
    assert fingerprint(gouji_dsl.engine(name).new_game) == expected()[name]
