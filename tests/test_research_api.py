"""The engine API researchers' frameworks drive (issue 15): integer action ids with pages and
features (runtime/action_ids.py), games started from a chosen deal (explicit chance), and
resampling the hidden hands for information-set search (runtime/resample.py)."""
from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.action_ids import ACTION_IDS, MORE, PER_PAGE, action_features, feature_names, feature_size
from gouji_dsl.runtime.game import IllegalAction
from gouji_dsl.runtime.resample import known_cards

from helpers import random_game
from invariants import state_of
from strategies import ALL_ENGINE_VARIANTS


# --- action ids ------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_ids_are_positions_of_the_sorted_legal_actions(name, seed, steps):
    game = random_game(gouji_dsl.engine(name), seed, steps)
    legal = game.legal_actions()
    assert game.num_distinct_actions() == ACTION_IDS
    if len(legal) <= ACTION_IDS:
        assert game.legal_action_ids() == list(range(len(legal)))
    for action_id in game.legal_action_ids():
        action = game.id_to_action(action_id)
        if action is not None:
            assert action is legal[action_id]
            assert game.action_to_id(action) == action_id
            assert game.action_to_id(str(action)) == action_id
    if legal:
        action_id = random.Random(seed).choice(game.legal_action_ids())
        by_id, by_action = game.clone(), game.clone()
        applied = by_id.apply_action_id(action_id)
        by_action.apply_action(legal[action_id])
        assert applied is legal[action_id]
        assert state_of(by_id) == state_of(by_action)


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_features_have_one_size_and_tell_the_legal_actions_apart(name, seed, steps):
    game = random_game(gouji_dsl.engine(name), seed, steps)
    size = feature_size(game.r)
    assert len(feature_names(game.r)) == size
    features = game.legal_action_features()
    assert all(len(f) == size for f in features)
    assert len(set(features)) == len(features)
    for action, f in zip(map(game.id_to_action, game.legal_action_ids()), features):
        if action is not None and action.play is not None:  # the card counts say which cards leave the hand
            counts = f[size - 4 - len(game.r.card_kinds):size - 4]
            played = action.play[4:] if game.r.pattern_plays else rt.cards_of(action.play)
            assert tuple(counts) == tuple(played)


@pytest.mark.parametrize("bad, message", [
    (-1, "is not legal here"), (ACTION_IDS, "is not legal here"), ("0", "is an int"), (1.0, "is an int"),
    (True, "is an int"),
])
def test_a_bad_id_is_refused_with_the_reason_and_changes_nothing(bad, message):
    game = gouji_dsl.engine("lianzhong").new_game(seed=3)
    before = state_of(game)
    with pytest.raises(IllegalAction, match=message):
        game.apply_action_id(bad)
    assert state_of(game) == before


def test_no_id_is_legal_in_a_finished_game():
    game = random_game(gouji_dsl.engine("shuangkou"), 1, 10_000)
    assert game.is_terminal() and game.legal_action_ids() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        game.id_to_action(0)


def test_an_action_that_is_not_legal_has_no_id():
    game = gouji_dsl.engine("lianzhong").new_position({s: "7 8" for s in range(1, 7)}, leader=1)
    for action in ("pass", "play 9"):  # a leader may not pass; seat 1 holds no 9
        with pytest.raises(IllegalAction, match="not a legal action"):
            game.action_to_id(action)


def _crowded_lead():
    """A Zaozhuang lead from a hand of many 2s and jokers: thousands of plays."""
    hand = "3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q Q K K A A " + "2 " * 12 + "SJ SJ SJ BJ BJ BJ"
    return gouji_dsl.engine("zaozhuang").new_position({1: hand, 2: "3", 3: "4", 4: "5", 5: "6", 6: "7"}, leader=1)


def test_a_state_with_more_legal_actions_than_ids_shows_them_in_pages():
    game = _crowded_lead()
    legal = game.legal_actions()
    assert len(legal) > 2 * ACTION_IDS
    seen, pages = [], 0
    while True:
        ids = game.legal_action_ids()
        assert len(ids) <= ACTION_IDS and ids[:-1] == list(range(len(ids) - 1))
        shown = [game.id_to_action(i) for i in ids]
        if shown[-1] is None:  # MORE
            assert ids[-1] == MORE and len(ids) == ACTION_IDS
            seen += shown[:-1]
            history = game.history()
            assert game.apply_action_id(MORE) is None
            assert game.history() == history and game.current_player() == 1  # only the view moved
            pages += 1
            continue
        seen += shown
        break
    assert seen == legal and pages == -(-len(legal) // PER_PAGE) - 1
    # an action of an earlier page has no id now; one of this page has
    with pytest.raises(IllegalAction, match="not on the page"):
        game.action_to_id(legal[0])
    assert game.action_to_id(legal[-1]) == len(legal) - pages * PER_PAGE - 1
    # applying an action shows the first page again; a copy keeps the page it was on
    copied = pickle.loads(pickle.dumps(game))
    assert copied.legal_action_ids() == game.legal_action_ids()
    game.apply_action_id(0)
    assert game.history()[-1] == legal[pages * PER_PAGE]


def test_the_feature_of_more_is_its_own():
    game = _crowded_lead()
    assert game.action_id_features(MORE)[feature_names(game.r).index("kind=more")] == 1
    assert action_features(game.r, None) == game.action_id_features(MORE)


# --- a chosen deal (explicit chance) ------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_a_game_from_a_given_deal_holds_that_deal(name):
    engine = gouji_dsl.engine(name)
    dealt = engine.new_game(seed=11)
    deal = [engine.RULES.notation.format_cards(h) if engine.RULES.notation else dealt.kinds.format_cards(h)
            for h in dealt.dealt]
    game = engine.new_game(seed=12, deal=deal)
    assert [list(h) for h in game.dealt] == [list(h) for h in dealt.dealt]
    rng = random.Random(0)
    for _ in range(30):  # undo replays the same given deal
        if game.is_terminal():
            break
        game.apply_action(rng.choice(game.legal_actions()))
    if game.history():
        before = state_of(game)
        action = game.undo_action()
        game.apply_action(action)
        assert state_of(game) == before


@pytest.mark.parametrize("deal, message", [
    ("7 7 7", "a list of 6 hands"),
    (["7 7"] * 6, "seat 1 is dealt 2 cards, not 36"),
    (["BJ BJ BJ BJ BJ " + "3 " * 31] * 6, "more of a card than 4 deck"),
    (["3 " * 12 + "4 " * 12 + "5 " * 12] * 6, "more than the deck's 16"),
    (["7 7 X"] * 6, "X"),
])
def test_a_bad_deal_is_refused_with_the_reason(deal, message):
    with pytest.raises(ValueError, match=message):
        gouji_dsl.engine("lianzhong").new_game(seed=1, deal=deal)


# --- resampling the hidden hands --------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 200),
       data=st.data())
def test_resampling_keeps_what_the_seat_sees_and_the_game_plays_on(name, seed, steps, data):
    game = random_game(gouji_dsl.engine(name), seed, steps)
    seat = data.draw(st.integers(1, game.r.players))
    before = state_of(game)
    resampled = game.resample_from_infostate(seat, random.Random(seed))
    assert state_of(game) == before  # the original is untouched
    assert resampled.observation(seat) == game.observation(seat)
    assert resampled.history() == game.history() and resampled.current_player() == game.current_player()
    assert resampled.hands[seat - 1] == game.hands[seat - 1]
    assert [sum(h) for h in resampled.hands] == [sum(h) for h in game.hands]
    totals = [sum(h[k] for h in resampled.hands) for k in range(len(game.r.card_kinds))]
    assert totals == [sum(h[k] for h in game.hands) for k in range(len(game.r.card_kinds))]
    if game.current_player() == seat:
        assert resampled.legal_actions() == game.legal_actions()
    known = known_cards(game)
    for other in range(1, game.r.players + 1):
        assert all(have >= must for have, must in zip(resampled.hands[other - 1], known[other]))
    rng = random.Random(seed)
    while not resampled.is_terminal():  # a consistent game: it plays on to the end
        resampled.apply_action(rng.choice(resampled.legal_actions()))


def test_resampling_deals_the_hidden_hands_anew_and_repeats_with_the_seed():
    game = random_game(gouji_dsl.engine("lianzhong"), 4, 20)
    a = game.resample_from_infostate(2, 7)
    b = game.resample_from_infostate(2, 7)
    c = game.resample_from_infostate(2, 8)
    assert a.hands == b.hands
    assert a.hands != game.hands and c.hands != a.hands
    with pytest.raises(IllegalAction, match="was resampled"):
        a.undo_action()


def test_cards_received_in_a_tribute_stay_with_their_receiver():
    engine = gouji_dsl.engine("lianzhong")
    for seed in range(40):
        first = random_game(engine, seed, 10_000)
        game = engine.new_game(seed=seed, match=first.next_match())
        paid = [t for t in game.tribute_log if t["cards"] and t["kind"] != "return"]
        if paid:
            break
    known = known_cards(game)
    # seat 6 received a 2 (闷贡) and gave three 2s (点贡): it is known to hold none of them;
    # seat 3 received BJ, BJ and 2 2 2 and gave back only low cards: it still holds them
    assert paid[0] == {"kind": "men", "from": 2, "to": 6, "cards": "2"} and known[6][12] == 0
    assert known[3] == list(game.kinds.parse_cards("2 2 2 BJ BJ"))
    for sample in range(5):
        hand = game.resample_from_infostate(1, sample).hands[3 - 1]
        assert hand[12] >= 3 and hand[14] >= 2


@pytest.mark.parametrize("seat, rng, message", [(0, 1, "seat"), (7, 1, "seat"), (1, object(), "random.Random or a seed")])
def test_resampling_refuses_a_bad_seat_or_rng(seat, rng, message):
    game = gouji_dsl.engine("lianzhong").new_game(seed=1)
    with pytest.raises(ValueError, match=message):
        game.resample_from_infostate(seat, rng)


def test_revolution_redeals_stop_at_the_cap_so_every_game_is_finite():
    import dataclasses

    from gouji_dsl.runtime.setup import MAX_REVOLUTION_REDEALS

    rules = gouji_dsl.engine("lianzhong").RULES
    # every hand may revolt and one revolutionary redeals: the table never stands
    always = dataclasses.replace(rules, revolution=True, redeal_at=1, may_revolt=lambda hand: True)
    game = gouji_dsl.runtime.game.new_game(always, seed=1)
    with pytest.raises(RuntimeError, match=f"革命 redealt the cards {MAX_REVOLUTION_REDEALS} times"):
        while True:
            game.apply_action("revolt" if "revolt" in map(str, game.legal_actions()) else game.legal_actions()[0])
    assert sum(line.endswith("revolutionaries: redeal") for line in game.log if isinstance(line, str)) == MAX_REVOLUTION_REDEALS
