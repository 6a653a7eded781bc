"""runtime/bounds.py: the length and score bounds hold in played games, and the exact ones are reached.

Games are played by a random bot and by a stalling bot (defers and passes whenever it may, and
otherwise plays its smallest play) to stretch them. Run with -s to see the figures per variant.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.runtime import bounds
from gouji_dsl.runtime import patterns as pt
from gouji_dsl.runtime.actions import DEFER, PASS, PLAY, BURN

VARIANTS = ["lianzhong", "lianzhong-bubiesan", "zaozhuang", "zaozhuang-haixuan", "qingdao", "huangjindao",
            "lamb-cn", "zhoujxmt", "shuangkou", "shuangkou-baibian", "shuangkou-qianbian"]
GOUJI = [v for v in VARIANTS if not v.startswith("shuangkou")]
GAMES = 8
# 随便管 (compare = any_play): every play of the lead's size answers, so answers are many and
# rounds long; the bounds count plays and asks, not comparisons, and still hold.
BEGINNERS = str(Path(__file__).parent / "conformance" / "beginners.gouji")


def _cards(rules, action) -> int:
    if action.play is None:
        return 0
    return sum(action.play[4:]) if rules.pattern_plays else sum(action.play[1:])


def _random_bot(rules, game, rng):
    return rng.choice(game.legal_actions())


def _stalling_bot(rules, game, rng):
    legal = game.legal_actions()
    for kind in (DEFER, PASS):
        for action in legal:
            if action.kind == kind:
                return action
    fewest = min(_cards(rules, a) for a in legal)
    return rng.choice([a for a in legal if _cards(rules, a) == fewest])


def _play(rules, game, bot, rng):
    """Play to the end; (most legal actions seen, longest run of actions between two plays)."""
    most_legal = longest_wait = wait = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        most_legal = max(most_legal, len(legal))
        action = bot(rules, game, rng)
        if game.phase == "play":
            if action.kind in (PLAY, BURN):
                wait = 0
            else:
                wait += 1
                longest_wait = max(longest_wait, wait)
        game.apply_action(action)
    return most_legal, longest_wait


@pytest.mark.parametrize("variant", VARIANTS + [pytest.param(BEGINNERS, id="beginners")])
def test_played_games_stay_within_the_bounds(variant):
    eng = gouji_dsl.engine(variant)
    rules = eng.RULES
    length = bounds.max_game_length(rules)
    lo, hi = bounds.utility_bounds(rules)
    total = bounds.utility_sum(rules)
    most_legal = bounds.max_legal_actions(rules)
    waits = bounds._asks_after_play(rules)
    seen = {"length": 0, "legal": 0, "wait": 0, "low": None, "high": None}
    rng = random.Random(variant)
    for seed in range(GAMES):
        for bot in (_random_bot, _stalling_bot):
            game = eng.new_game(seed=seed)
            legal, wait = _play(rules, game, bot, rng)
            returns = game.returns()
            assert len(game.history()) <= length
            assert legal <= most_legal
            assert wait <= waits, f"{wait} actions between two plays, bound {waits}"
            assert all(lo <= x <= hi for x in returns), (returns, lo, hi)
            if total is not None:
                assert sum(returns) == total
            seen["length"] = max(seen["length"], len(game.history()))
            seen["legal"] = max(seen["legal"], legal)
            seen["wait"] = max(seen["wait"], wait)
            seen["low"] = min(returns) if seen["low"] is None else min(seen["low"], min(returns))
            seen["high"] = max(returns) if seen["high"] is None else max(seen["high"], max(returns))
    # The stalling bot meets the bound on the actions between two plays, or nearly.
    assert seen["wait"] >= waits - 1
    print(f"\n{variant}: length {seen['length']}/{length}, legal {seen['legal']}/{most_legal}, "
          f"between plays {seen['wait']}/{waits}, returns {seen['low']}..{seen['high']} of {lo}..{hi}, sum {total}")


@pytest.mark.parametrize("variant", ["lianzhong", "zaozhuang", "lamb-cn"])
def test_the_second_game_of_a_match_stays_within_the_bounds(variant):
    # Tribute moves cards before the second game; the length and score bounds still hold.
    eng = gouji_dsl.engine(variant)
    rules = eng.RULES
    lo, hi = bounds.utility_bounds(rules)
    rng = random.Random(1)
    for seed in range(4):
        first = eng.new_game(seed=seed)
        _play(rules, first, _random_bot, rng)
        second = eng.new_game(seed=seed + 100, match=first.next_match())
        _play(rules, second, _stalling_bot, rng)
        assert len(second.history()) <= bounds.max_game_length(rules)
        assert all(lo <= x <= hi for x in second.returns())
        assert sum(second.returns()) == bounds.utility_sum(rules)


@pytest.mark.parametrize("variant", GOUJI)
def test_gouji_score_bounds_are_reached_by_a_sweep(variant):
    # The extremes are exact: seat 1's team takes places 1-3 (串三户) and opens alone.
    rules = gouji_dsl.engine(variant).RULES
    team = [s for s in range(1, rules.players + 1) if rules.teams[s] == rules.teams[1]]
    others = [s for s in range(1, rules.players + 1) if s not in team]
    opened = team if rules.open_method != "none" else []
    scores = rules.score({"finish": team + others, "opened": opened, "declared": [], "burns": [], "men": [],
                          "previous": []})
    assert (min(scores), max(scores)) == bounds.utility_bounds(rules)
    assert bounds.utility_sum(rules) == sum(scores) == 0


def test_lamb_scores_are_exact_fractions():
    rules = gouji_dsl.engine("lamb-cn").RULES
    lo, hi = bounds.utility_bounds(rules)
    assert (lo, hi) == (-12, 12)  # 6 × (4 + 2 + 0) × 1/3
    scores = rules.score({"finish": [1, 2, 3, 4, 5, 6], "opened": [], "declared": [], "burns": [], "men": [],
                          "previous": []})
    assert any(type(x).__name__ == "Fraction" for x in scores) and all(lo <= x <= hi for x in scores)


@pytest.mark.parametrize("variant", ["shuangkou", "shuangkou-baibian", "shuangkou-qianbian"])
def test_shuangkou_score_bounds_cover_big_bomb_results(variant):
    rules = gouji_dsl.engine(variant).RULES
    lo, hi = bounds.utility_bounds(rules)
    assert bounds.utility_sum(rules) == 0
    # A double win (places 1, 2) whose winner played two 8-card bombs: within the bounds.
    lines = rules.notation.spec.bomb_lines[8]
    scores = rules.score({"finish": [1, 3, 2, 4], "bombs": [[1, lines], [1, lines]]})
    assert lo <= min(scores) and max(scores) <= hi and sum(scores) == 0
    # Without bombs the class table alone: the bounds are at least its extremes.
    plain = rules.score({"finish": [1, 3, 2, 4], "bombs": []})
    assert lo <= min(plain) < 0 < max(plain) <= hi
    # A hand that can be dealt: three 8-card bombs and three jokers (27 cards), a double win.
    three_kings = next(lines for _name, jokers, lines in rules.notation.spec.joker_bombs if jokers == 3)
    best = rules.score({"finish": [1, 3, 2, 4], "bombs": [[1, lines]] * 3 + [[1, three_kings]]})
    assert max(best) <= hi
    if variant == "shuangkou":
        assert max(best) == hi == 168  # exact without wild jokers
    print(f"\n{variant}: bounds {lo}..{hi}; three 8-card bombs and three kings score {best}")


@pytest.mark.parametrize("variant", ["shuangkou", "shuangkou-baibian", "shuangkou-qianbian"])
def test_shuangkou_play_count_bound_holds_for_random_hands(variant):
    rules = gouji_dsl.engine(variant).RULES
    spec = rules.notation.spec
    bound = bounds.max_legal_actions(rules) - 1
    deck = [kind for kind, copies in enumerate(spec.copies) for _ in range(copies)]
    rng = random.Random(7)
    for _ in range(20):
        rng.shuffle(deck)
        hand = [0] * 15
        for card in deck[:rules.cards_per_player]:
            hand[card] += 1
        assert len(pt.plays(spec, hand)) <= bound


@pytest.mark.parametrize("variant", GOUJI)
def test_gouji_play_count_bound_holds_and_is_reached(variant):
    # The formula's extreme hand: every joker, half the rest 2s, naturals spread over the ranks.
    rules = gouji_dsl.engine(variant).RULES
    bound = bounds.max_legal_actions(rules) - 2  # less pass and defer
    deck = rules.deck_counts
    hand = [0] * len(deck)
    for kind in range(13, len(deck)):
        hand[kind] = deck[kind]
    left = bounds._max_hand(rules) - sum(hand)
    hand[12] = min(deck[12], left // 2)
    left -= hand[12]
    rank = 0
    while left:
        if hand[rank % 12] < deck[rank % 12]:
            hand[rank % 12] += 1
            left -= 1
        rank += 1
    plays = len(rules.plays(tuple(hand)))
    assert plays <= bound
    if variant in ("zaozhuang", "qingdao"):
        assert plays == bound  # exact: a hand of the deal makes that many plays
    print(f"\n{variant}: {plays} plays of {hand}, bound {bound}")


def test_steps_add_the_page_steps():
    rules = gouji_dsl.engine("zaozhuang").RULES
    k = bounds.max_legal_actions(rules)
    assert k > 1024
    assert bounds.max_game_steps(rules) == bounds.max_game_length(rules) * -(-k // 1023)
    small = gouji_dsl.engine("shuangkou").RULES
    assert bounds.max_legal_actions(small) <= 1024
    assert bounds.max_game_steps(small) == bounds.max_game_length(small)


def test_game_methods():
    eng = gouji_dsl.engine("qingdao")
    game = eng.new_game(seed=3)
    assert game.max_game_length() == bounds.max_game_length(eng.RULES)
    assert game.max_game_steps() == bounds.max_game_steps(eng.RULES)
    assert game.utility_bounds() == bounds.utility_bounds(eng.RULES)
    assert game.utility_sum() == 0


def test_a_score_that_is_no_sum_of_terms_is_scored_pair_by_pair():
    # The last seat out gains 10 if it opened (the others pay 5): no sum of a finish term and an
    # opened term, so every pair is scored. The sum form would claim 12 (2 for going out first
    # plus 10), which no result scores.
    class Rules:
        players = 3
        open_method = "survives"
        win_draw_loss = False

        @staticmethod
        def score(result):
            finish, opened = result["finish"], result["opened"]
            last = finish[-1]
            bonus = 10 if last in opened else 0
            return [(2 if s == finish[0] else -1) + (bonus if s == last else -bonus // 2) for s in (1, 2, 3)]

    (lo, hi), total = bounds._gouji_score_facts(Rules)
    assert (lo, hi) == (-6, 9)
    assert total == 0


# [scoring] outcome = win_draw_loss: each score is the sign of a sum, so no sum of a finish term and an
# opened term; every pair is scored. (house rule of a standard variant, its bounds, its constant sum)
SIGNS = [
    # 枣庄: the team sum plus one's own open points (±6); an opposite's score is always the negative of
    # one's own (other team, the other side of the open points), so the signs add up to 0 as well.
    ("zaozhuang", "", (-1, 1), 0),
    # Each player's own place points and open points: a seat whose place scores 0 and who opened alone
    # wins (+6) while its opposite loses; the sum of the signs varies.
    ("zaozhuang", "team_sum = no", (-1, 1), None),
    # Own place points without open points: the signs of a permutation of the place points, whose
    # sum (1 + 1 + 0 - 1 - 1 - 1) is every game's although the points add up to zero.
    ("lianzhong", "team_sum = no\nplace_points = [4, 1, 0, -1, -1, -3]", (-1, 1), -1),
    # Place points never below 0: nobody loses.
    ("lianzhong", "team_sum = no\nzero_sum = no\nplace_points = [5, 3, 1, 0, 0, 0]", (0, 1), 3),
]


@pytest.mark.parametrize("parent, rules, extremes, total",  # each about 1 s: the first here, the others in the wide run
                         [SIGNS[0]] + [pytest.param(*case, marks=pytest.mark.wide) for case in SIGNS[1:]])
def test_results_of_win_draw_loss_are_bounded_by_their_signs(tmp_path, parent, rules, extremes, total):
    path = tmp_path / "signs.gouji"
    path.write_text(f'variant signs extends {parent}\n[about]\ntitle = "胜平负"\n[scoring]\noutcome = win_draw_loss\n'
                    f"{rules}\n", encoding="utf-8")
    eng = gouji_dsl.engine(str(path))
    assert eng.RULES.win_draw_loss
    assert bounds.utility_bounds(eng.RULES) == extremes and bounds.utility_sum(eng.RULES) == total
    rng = random.Random(parent)
    for seed in range(3):
        game = eng.new_game(seed=seed)
        _play(eng.RULES, game, _random_bot, rng)
        returns = game.returns()
        assert all(extremes[0] <= x <= extremes[1] for x in returns) and all(type(x) is int for x in returns)
        assert total is None or sum(returns) == total


def test_shuangkou_bounds_are_derived_for_teams_of_two_only():
    import dataclasses
    rules = gouji_dsl.engine("shuangkou").RULES
    odd = dataclasses.replace(bounds._result_spec(rules), teams=((1, 2, 3), (4,)))
    with pytest.raises(ValueError, match="teams of two"):
        bounds._pattern_bounds(odd, rules.notation.spec, rules.cards_per_player, "odd")
