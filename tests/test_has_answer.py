"""A generated engine's `has_answer(hand, lead)` is `bool(answers(hand, lead))`, and its
`answer_actions(hand, lead)` is the sorted play actions of `answers(hand, lead)`.

The flow asks `has_answer` of every player the play comes round to and lists the
actions of the player who then acts with `answer_actions`, so a wrong yes/no would
change whose turn it is and a wrong list the game. Checked over random hands against
leads other random hands make, for the standard engines and for house rules that take
the template's other branches.
"""
from __future__ import annotations

import random
import zlib
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.runtime.actions import play_action
from gouji_dsl.runtime.cards import kinds as notation_of
from strategies import ENGINE_VARIANTS

HOUSE_RULES = [
    # general joker kills (no has_answer, answer_actions from the general answers), with and
    # without an extra card kind
    ("zaozhuang", "[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n  | SJ | 1 | 2 | none |\n"
                  "  | BJ | none | 2 | 3 |\njokers_rank_lowest = yes\njokers_one_kind = yes"),
    ("zaozhuang", "[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | \"鹰\" | \"eagle\" | 6 |\n"
                  "order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n"
                  "[table]\ncards_per_player = all\n[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n"
                  "  | SJ | 1 | 2 | none |\n  | BJ | 1 | 2 | 3 |\n  | Y | none | 2 | 3 |\njokers_rank_lowest = yes\n"
                  "jokers_one_kind = yes"),
    ("zaozhuang", "[cards]\nfiller = none"),
    ("zaozhuang", "[plays]\nfillers_alone = no"),
    ("zaozhuang", "[plays]\njokers_alone = no"),
    ("lianzhong", "[plays]\njokers_one_kind = yes"),
    ("zaozhuang", "[plays]\njokers_one_kind = yes\nfillers_alone = no"),
]


def _random_hand(rng: random.Random, kinds: int) -> list[int]:
    """A hand of a few cards of each kind, often none, jokers and 2s included."""
    return [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) if kind < 13 else rng.choice((0, 0, 1, 1, 2, 3))
            for kind in range(kinds)]


def _check(engine, seed: int) -> int:
    """Compare has_answer and answer_actions with answers over random hands and leads; the
    number of pairs with an answer."""
    rules = engine.RULES
    if rules.has_answer is None and rules.answer_actions is None:
        pytest.skip(f"{rules.name} has neither (the flow lists its answers instead)")
    notation = notation_of(rules.card_kinds[15:])
    rng = random.Random(seed)
    kinds = len(rules.card_kinds)
    with_answer = 0
    for _ in range(60):
        leads = rules.plays(_random_hand(rng, kinds))
        for _ in range(8):
            hand = _random_hand(rng, kinds)
            for lead in rng.sample(leads, min(len(leads), 12)):
                found = rules.answers(hand, lead)
                if rules.has_answer is not None:
                    assert rules.has_answer(hand, lead) is bool(found), (rules.name, hand, lead)
                if rules.answer_actions is not None:
                    expected = [play_action(p, notation) for p in sorted(found)]
                    listed = rules.answer_actions(hand, lead)
                    assert listed == expected, (rules.name, hand, lead)
                    assert all(a is b for a, b in zip(listed, expected)), "the engine's shared actions"
                with_answer += bool(found)
    return with_answer


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_has_answer_is_whether_answers_are_found(name):
    engine = gouji_dsl.engine(name)
    assert 0 < _check(engine, zlib.crc32(name.encode())), "the hands should beat some leads and not others"


@pytest.mark.parametrize("parent, rules", HOUSE_RULES)
def test_has_answer_under_house_rules(tmp_path: Path, parent, rules):
    name = f"house{zlib.crc32(f'{parent}|{rules}'.encode())}"
    path = tmp_path / f"{name}.gouji"
    path.write_text(f'variant {name} extends {parent}\n\n[about]\ntitle = "家规"\ntitle_en = "House rules"\n\n{rules}\n',
                    encoding="utf-8")
    assert 0 < _check(gouji_dsl.engine(str(path)), zlib.crc32(rules.encode()))
