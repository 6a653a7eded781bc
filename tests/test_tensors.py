"""The tensors of runtime/observe.py on one scale, and the compact information state (issue 25).

Every entry of the observation, information-state and compact information-state tensors lies in
[0, 1], and each part's documented divisor (`Part.divisor`) gives back the counts it holds,
checked against counts taken from the game itself (its hands, its history, its bombs), not from
observe.py. The compact information state covers its layout exactly, agrees with the long one
where they overlap, is a function of the state, shows nothing of a hidden hand, and is what the
OpenSpiel observer (`{"history": "compact"}`) and the PettingZoo environment
(`observation="compact_information_state"`) give."""
from __future__ import annotations

import random

import numpy as np
import pytest

import gouji_dsl
from gouji_dsl.runtime import public_record as pr
from gouji_dsl.runtime import tensor_layout as tl
from gouji_dsl.runtime.action_ids import PER_PAGE, action_features, feature_divisors
from gouji_dsl.runtime.actions import PLAY, Action

from helpers import played_since_deal
from strategies import ALL_ENGINE_VARIANTS, every_variant

TENSORS = ("observation_tensor", "information_state_tensor", "compact_information_state_tensor")
LAYOUTS = (tl.observation_layout, tl.information_state_layout, tl.compact_information_state_layout)


def _states(name: str, seed: int):
    """States along random games of `name`: a new game, the second game of a match (tribute
    paid), and a seeded end-game position (small hands: burns and failed burns come often)."""
    engine = gouji_dsl.engine(name)
    rng = random.Random(seed)
    first = engine.new_game(seed=seed)
    while not first.is_terminal():
        first.apply_action(rng.choice(first.legal_actions()))
    deck = [kind for kind, copies in enumerate(engine.RULES.deck_counts) for _ in range(copies)]
    rng.shuffle(deck)
    hands = {}
    for seat in range(1, engine.RULES.players + 1):
        size = rng.randint(1, 9)
        hands[seat] = tuple(deck[:size].count(card) for card in range(len(engine.RULES.deck_counts)))
        del deck[:size]
    starts = [engine.new_game(seed=seed + 1), engine.new_game(seed=seed + 2, match=first.next_match()),
              engine.new_position(hands, rng.randint(1, engine.RULES.players))]
    for game in starts:
        every = rng.randint(15, 25)
        step = 0
        while True:
            if step % every == 0 or game.is_terminal():
                yield game
            if game.is_terminal():
                break
            game.apply_action(rng.choice(game.legal_actions()))
            step += 1


def _parts(game, seat: int, which: int) -> dict:
    """{name: (entries, divisor)} of one tensor of `seat`."""
    tensor = getattr(game, TENSORS[which])(seat)
    return {part[0]: (tensor[part[1]:part[1] + part[2]], part.divisor) for part in LAYOUTS[which](game.r)}


def _counts(entries: np.ndarray, divisor) -> list[int]:
    """The counts a part holds: each entry times its divisor, which must give whole numbers."""
    values = entries.astype(np.float64) * np.array(divisor, dtype=np.float64)
    assert np.allclose(values, np.rint(values), atol=1e-3), "a divisor that does not give back whole counts"
    return np.rint(values).astype(int).tolist()


def _rotated(rows: list, seat: int) -> list:
    """Per-seat rows in the tensors' order: the seat itself, then the seats after it."""
    return [rows[(seat - 1 + rel) % len(rows)] for rel in range(len(rows))]


def _flat(rows: list) -> list:
    return [value for row in rows for value in row]


# --- one scale: [0, 1], and the divisors give back the counts --------------------------------------

@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_every_entry_lies_in_0_1_and_the_divisors_give_back_the_counts(name):
    r = gouji_dsl.engine(name).RULES
    n, k = r.players, len(r.card_kinds)
    states = 0
    for game in _states(name, 3):
        played = played_since_deal(game)
        history = game.seat_history()
        for seat in range(1, n + 1):
            for which in range(3):
                tensor = getattr(game, TENSORS[which])(seat)
                assert tensor.min() >= 0 and tensor.max() <= 1, (name, TENSORS[which], seat)
            obs = _parts(game, seat, 0)
            for part, (entries, divisor) in obs.items():
                if divisor is not None:
                    _counts(entries, divisor)  # whole numbers everywhere
            assert _counts(*obs["hand"]) == list(game.hands[seat - 1])
            assert _counts(*obs["cards_left"]) == [sum(hand) for hand in _rotated(game.hands, seat)]
            assert _counts(*obs["played"]) == _flat(_rotated(played, seat))
            seen = game.observation(seat)["hands"]
            unseen = [copies - sum(row[kind] for row in played) for kind, copies in enumerate(r.deck_counts)]
            for other in seen:
                unseen = [u - h for u, h in zip(unseen, game.hands[other - 1])]
            assert _counts(*obs["unseen"]) == unseen
            top = [0] * len(obs["top"][0]) if game.top is None else list(action_features(r, Action(PLAY, game.top))[7:])
            assert _counts(*obs["top"]) == top  # the top play's features less the kind
            entries, divisor = obs["page"]
            assert divisor is None
            assert round(float(entries[0]) / (1 - float(entries[0]))) == game.page_shown()
            info = _parts(game, seat, 1)
            assert _counts(*info["dealt"]) == list(game.dealt[seat - 1])
            received, given = _counts(*info["received"]), _counts(*info["given"])
            start = [d + a - b for d, a, b in zip(game.dealt[seat - 1], received[:k], given[:k])]
            assert _counts(*info["start_hand"]) == start
            assert sum(received) == sum(given)  # every card given is received
            entries, divisor = info["history"]
            row = n + len(feature_divisors(r))
            used = len(history) * row
            rows = np.array(_counts(entries[:used], divisor[:used])).reshape(-1, row)
            assert rows[:, :n].tolist() == [[int((s - seat) % n == i) for i in range(n)] for s, _a in history]
            assert rows[:, n:].tolist() == [list(action_features(r, a)) for _s, a in history]
            assert not entries[used:].any()
            compact = _parts(game, seat, 2)
            kinds = [[sum(1 for s, a in history if s == other and a.kind == kind) for kind in tl.ACTION_KINDS]
                     for other in range(1, n + 1)]
            assert _counts(*compact["actions"]) == _flat(_rotated(kinds, seat))
            if r.pattern_plays:
                lines = len(compact["bombs"][0]) // n
                bombs = [[sum(1 for s, m in game.bombs if s == other and m == line) for line in range(1, lines + 1)]
                         for other in range(1, n + 1)]
                assert _counts(*compact["bombs"]) == _flat(_rotated(bombs, seat))
            else:
                assert "bombs" not in compact
            last = np.array(_counts(*compact["last_actions"])).reshape(tl.COMPACT_HISTORY, -1)
            recent = history[::-1][:tl.COMPACT_HISTORY]
            assert last[:len(recent), :n].tolist() == [[int((s - seat) % n == i) for i in range(n)] for s, _a in recent]
            assert last[:len(recent), n:].tolist() == [list(action_features(r, a)) for _s, a in recent]
            assert not last[len(recent):].any()
        states += 1
    assert states >= 10


def test_a_page_shows_as_page_over_page_plus_one_to_every_seat():
    engine = gouji_dsl.engine("shuangkou-qianbian")
    for seed in range(400):
        game = engine.new_game(seed=seed)
        if len(game.legal_actions()) > 2 * PER_PAGE + 1:
            break
    else:
        pytest.skip("no deal of the first 400 seeds leads more than 2,047 plays")
    at = next(part[1] for part in tl.observation_layout(game.r) if part[0] == "page")
    shown = [[float(game.observation_tensor(seat)[at]) for seat in range(1, 5)]]
    for _page in range(2):
        game.apply_action_id(1023)  # MORE
        shown.append([float(game.observation_tensor(seat)[at]) for seat in range(1, 5)])
    # the same to every seat: the page is public, the number of plays of the hand to act is not
    assert shown == [[0.0] * 4, [pytest.approx(1 / 2)] * 4, [pytest.approx(2 / 3)] * 4]


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_no_legal_action_has_a_feature_above_its_divisor(name):
    engine = gouji_dsl.engine(name)
    divisors = feature_divisors(engine.RULES)
    for seed in range(3):
        game, rng = engine.new_game(seed=seed), random.Random(seed)
        while not game.is_terminal():
            for features in game.legal_action_features():
                assert all(0 <= value <= most for value, most in zip(features, divisors)), (name, features)
            game.apply_action(rng.choice(game.legal_actions()))


# --- the compact information state ----------------------------------------------------------------

@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_compact_layout_covers_the_tensor_and_ends_with_the_observation(name):
    game = gouji_dsl.engine(name).new_game(seed=4)
    r = game.r
    layout = tl.compact_information_state_layout(r)
    offset = 0
    for part in layout:
        _name, at, size = part
        assert at == offset and size > 0
        assert part.divisor is None or len(part.divisor) == size
        offset += size
    assert offset == tl.compact_information_state_tensor_size(r) == game.compact_information_state_tensor(2).shape[0]
    assert len({part[0] for part in layout}) == len(layout)
    observation = tl.observation_layout(r)
    tail = layout[-len(observation):]
    start = tail[0][1]
    assert [(f"observation.{p[0]}", start + p[1], p[2], p.divisor) for p in observation] == \
        [(p[0], p[1], p[2], p.divisor) for p in tail]
    assert [p[0] for p in layout[:4]] == [p[0] for p in tl.information_state_layout(r)[:4]]
    # bounded by the rules, not by the game's length: far below the long tensor
    assert tl.compact_information_state_tensor_size(r) * 10 < tl.information_state_tensor_size(r)


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_compact_tensor_agrees_with_the_long_one_where_they_overlap(name):
    r = gouji_dsl.engine(name).RULES
    n = r.players
    long_parts = {p[0]: p for p in tl.information_state_layout(r)}
    row = n + len(feature_divisors(r))
    for game in _states(name, 5):
        used = len(game.history())
        for seat in range(1, n + 1):
            long = game.information_state_tensor(seat)
            compact = game.compact_information_state_tensor(seat)
            for part in tl.compact_information_state_layout(r):
                name_, at, size = part
                if name_ in long_parts:
                    other = long_parts[name_]
                    assert compact[at:at + size].tobytes() == long[other[1]:other[1] + size].tobytes(), name_
            at = long_parts["history"][1]
            rows = long[at:at + used * row].reshape(used, row)[::-1][:tl.COMPACT_HISTORY]
            last = next(p for p in tl.compact_information_state_layout(r) if p[0] == "last_actions")
            assert compact[last[1]:last[1] + len(rows) * row].tobytes() == np.ascontiguousarray(rows).tobytes()
            observation = game.observation_tensor(seat)
            assert compact[-len(observation):].tobytes() == observation.tobytes()


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_compact_tensor_is_a_function_of_the_state_and_tells_recent_histories_apart(name):
    engine = gouji_dsl.engine(name)
    game, rng = engine.new_game(seed=8), random.Random(8)
    for _ in range(40):
        game.apply_action(rng.choice(game.legal_actions()))
    while len(game.legal_actions()) < 2:
        game.apply_action(game.legal_actions()[0])
    replayed = engine.new_game(seed=8)
    for action in game.history():
        replayed.apply_action(action)
    for seat in range(1, engine.RULES.players + 1):
        tensor = game.compact_information_state_tensor(seat)
        assert tensor.tobytes() == game.compact_information_state_tensor(seat).tobytes()
        assert tensor.tobytes() == game.clone().compact_information_state_tensor(seat).tobytes()
        assert tensor.tobytes() == replayed.compact_information_state_tensor(seat).tobytes()
    first, second = game.clone(), game.clone()
    first.apply_action(game.legal_actions()[0])
    second.apply_action(game.legal_actions()[1])
    for seat in range(1, engine.RULES.players + 1):
        assert first.compact_information_state_tensor(seat).tobytes() != \
            second.compact_information_state_tensor(seat).tobytes()


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_dealing_the_hidden_hands_anew_leaves_the_compact_tensor_of_the_seat_alone(name):
    for game in _states(name, 6):
        for seat in range(1, game.r.players + 1):
            other = game.resample_from_infostate(seat, random.Random(seat))
            told = game.compact_information_state_tensor(seat).tobytes()
            pr._RECORDS.clear()  # the copy reads its own log, not the original's record
            pr._BY_LAST.clear()
            assert other.compact_information_state_tensor(seat).tobytes() == told


def test_the_compact_tensor_fills_a_given_array_and_refuses_bad_input():
    game = gouji_dsl.engine("lianzhong").new_game(seed=2)
    size = tl.compact_information_state_tensor_size(game.r)
    buffer = np.full(size, 7, dtype=np.float32)
    assert game.compact_information_state_tensor(3, out=buffer) is buffer
    assert buffer.tobytes() == game.compact_information_state_tensor(3).tobytes()
    strided = np.full(2 * size, 7, dtype=np.float32)[::2]
    assert game.compact_information_state_tensor(3, out=strided) is strided
    assert strided.tobytes() == buffer.tobytes()
    with pytest.raises(ValueError, match=f"out is a writable numpy float32 vector of {size} numbers"):
        game.compact_information_state_tensor(3, out=np.zeros(10, np.float32))
    with pytest.raises(ValueError, match="is not a seat: the seats are 1 to 6"):
        game.compact_information_state_tensor(7)


# --- the frameworks -------------------------------------------------------------------------------

def test_the_openspiel_observer_gives_the_compact_tensor_when_asked():
    pyspiel = pytest.importorskip("pyspiel")
    from gouji_dsl.integrations import openspiel as gos

    game = pyspiel.load_game("gouji_shuangkou")
    recall = pyspiel.IIGObservationType(perfect_recall=True)
    observer = game.make_py_observer(recall, {"history": "compact"})
    rules = gouji_dsl.engine("shuangkou").RULES
    assert list(observer.dict) == [part[0] for part in tl.compact_information_state_layout(rules)]
    state = game.new_initial_state()
    for count in (1, 0, 0, 1):  # seat 1 is dealt a 3 and a 6 (a chance node per card kind)
        state.apply_action(count)
    observer.set_from(state, 0)
    hand = [0.0] * len(rules.card_kinds)
    hand[0], hand[3] = 1 / rules.deck_counts[0], 1 / rules.deck_counts[3]
    assert observer.dict["dealt"].tolist() == hand and observer.dict["observation.hand"].tolist() == hand
    assert observer.tensor.sum() == pytest.approx(2 * sum(hand))
    rng = random.Random(3)
    while not state.is_terminal() and len(state.history()) < 150:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for player in range(4):
        observer.set_from(state, player)
        assert observer.tensor.tobytes() == state.engine_game().compact_information_state_tensor(player + 1).tobytes()
        assert observer.string_from(state, player) == state.information_state_string(player)
    full = game.make_py_observer(recall, {"history": "full"})
    full.set_from(state, 1)
    assert full.tensor.tobytes() == state.engine_game().information_state_tensor(2).tobytes()
    with pytest.raises(ValueError, match="the history parameter is 'full' or 'compact', not 'short'"):
        game.make_py_observer(recall, {"history": "short"})
    with pytest.raises(ValueError, match="history='compact' is a form of the information state"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False), {"history": "compact"})
    assert gos.HISTORIES == ("full", "compact")


def test_the_pettingzoo_environment_observes_the_compact_tensor_when_asked():
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test

    from gouji_dsl.integrations.pettingzoo import env

    e = env("zaozhuang", observation="compact_information_state")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=60)
    e.reset(seed=5)
    rng = random.Random(5)
    for _ in range(80):
        obs, _reward, _terminated, _truncated, info = e.last()
        seat = int(e.agent_selection.split("_")[1])
        assert obs["observation"].tobytes() == e.unwrapped.game.compact_information_state_tensor(seat).tobytes()
        assert e.observation_space(e.agent_selection).contains(obs)
        e.step(rng.randrange(info["legal_count"]))
