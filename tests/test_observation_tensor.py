"""The observation tensor, made fast (runtime/observe.py keeps what it can between calls: the
record of the public log (runtime/public_record.py), per-seat hands, cached blocks), is byte for
byte the one a plain computation from the game's fields and log gives (`_reference` below,
written from the layout in tensor_layout.py's docstring), at every step of random games of every
variant, for the seat to act and for the others, on games that are copied, resampled, undone or
unpickled on the way, and as the PettingZoo environment and the information-state tensors show it."""
from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import gouji_dsl
from gouji_dsl.runtime import tensor_layout as tl
from gouji_dsl.runtime.action_ids import FEATURE_KINDS, MORE, action_features, feature_divisors
from gouji_dsl.runtime.actions import PLAY, Action
from gouji_dsl.runtime.state import Phase

from helpers import end_game_position, played_since_deal
from strategies import ALL_ENGINE_VARIANTS, every_variant




def _reference(game, seat: int) -> bytes:
    """The observation tensor of `seat`, computed plainly: every part from the game's fields, its
    log and the layout. Each number is worked out in double precision as tensor_layout.py's docstring
    gives it (a card count over the deck's copies; a seat's played cards and cards left times the
    inverse of the copies and of the deck's size, as the record scales them), then stored as float32."""
    r = game.r
    n, k = r.players, len(r.card_kinds)
    at = {part[0]: part[1] for part in tl.observation_layout(r)}
    tensor = np.zeros(tl.observation_tensor_size(r), np.float32)
    copies = [max(1, c) for c in r.deck_counts]
    size = sum(r.deck_counts)

    def rel(other: int) -> int:
        return (other - seat) % n

    tensor[at["phase"] + (2 if game.phase is Phase.PLAY else 0 if game.phase is Phase.DECLARE else 1)] = 1
    if game.terminal:
        tensor[at["terminal"]] = 1
    elif game.cur == seat:
        tensor[at["my_turn"]] = 1
    page = game.page_shown()
    if page:
        tensor[at["page"]] = page / (page + 1)
    hand = game.hands[seat - 1]
    tensor[at["hand"]:at["hand"] + k] = [count / copies[kind] for kind, count in enumerate(hand)]
    played = played_since_deal(game)
    unseen = [c - sum(row[kind] for row in played) - hand[kind] for kind, c in enumerate(r.deck_counts)]
    for other in sorted(s for s in game.observation(seat)["hands"] if s != seat):
        shown = game.hands[other - 1]
        o = at["shown_hands"] + (rel(other) - 1) * k
        tensor[o:o + k] = [count / copies[kind] for kind, count in enumerate(shown)]
        tensor[at["shown"] + rel(other) - 1] = 1
        unseen = [u - s for u, s in zip(unseen, shown)]
    tensor[at["unseen"]:at["unseen"] + k] = [count / copies[kind] for kind, count in enumerate(unseen)]
    for other in range(1, n + 1):
        o = at["played"] + rel(other) * k
        tensor[o:o + k] = [count * (1.0 / copies[kind]) for kind, count in enumerate(played[other - 1])]
        tensor[at["cards_left"] + rel(other)] = sum(game.hands[other - 1]) * (1.0 / size)
    if game.top is None:
        tensor[at["top_flags"]] = 1
    else:
        features = action_features(r, Action(PLAY, game.top))
        divisors = feature_divisors(r)
        top = [value / divisor for value, divisor in zip(features, divisors)][len(FEATURE_KINDS):]
        tensor[at["top"]:at["top"] + len(top)] = top
        tensor[at["top_seat"] + rel(game.top_seat)] = 1
        tensor[at["top_flags"] + 1] = game.phase is Phase.PLAY and game._in_force()
        tensor[at["top_flags"] + 2] = game.top_free
        tensor[at["top_flags"] + 3] = game.top_opposite_only
    for other, status in enumerate(game._statuses(), 1):
        tensor[at["status"] + rel(other) * len(tl.STATUSES) + status] = 1
    for name in ("opened", "declared", "headless", "obligation"):
        for other in getattr(game, name):
            tensor[at[name] + rel(other)] = 1
    for other in range(1, n + 1):
        tensor[at["team"] + rel(other)] = r.teams[other] == r.teams[seat]
    for other, place in game.place_of.items():
        tensor[at["place"] + rel(other) * n + place - 1] = 1
    tensor[at["chaos"]] = game.chaos
    return tensor.tobytes()


def _check(game, seats=None) -> None:
    for seat in seats or range(1, game.r.players + 1):
        assert game.observation_tensor(seat).tobytes() == _reference(game, seat), (game.r.name, seat)


def _random_games(name: str, seed: int):
    """Random games of `name` (a new game, the second of a match with its tribute, an end-game
    position), yielding the game after each action."""
    engine = gouji_dsl.engine(name)
    rng = random.Random(seed)
    first = engine.new_game(seed=seed)
    for game in (first, None, None):
        if game is None:
            game = engine.new_game(seed=seed + 1, match=first.next_match()) if first.is_terminal() else \
                end_game_position(engine, rng)
        yield game
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
            yield game


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_the_tensor_of_the_seat_to_act_is_the_plain_one_at_every_step(name):
    # As an environment asks: the seat to act, at every step, plus now and then every seat.
    for step, game in enumerate(_random_games(name, 4)):
        _check(game, None if step % 7 == 0 or game.is_terminal() else [game.current_player()])


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_copies_resamplings_undos_and_unpicklings_observe_as_a_plain_computation_says(name):
    # Each made on the way through a game, then played on a little, every seat observing: a copy
    # starts from its original's record, a resampled one has other hidden hands, an undone game
    # has a new log, an unpickled one has no record yet.
    engine = gouji_dsl.engine(name)
    rng = random.Random(9)
    game = engine.new_game(seed=9)
    for step in range(400):
        if game.is_terminal():
            break
        if step % 9 == 0:
            seat = rng.randint(1, engine.RULES.players)
            _check(game)  # the original's records and views, made first
            copies = [game.clone(), game.resample_from_infostate(seat, random.Random(step)),
                      pickle.loads(pickle.dumps(game))]
            if game.history():
                undone = game.clone()
                undone.undo_action()
                copies.append(undone)
            for copy in copies:
                _check(copy)
                for _ in range(3):
                    if copy.is_terminal():
                        break
                    copy.apply_action(rng.choice(copy.legal_actions()))
                    _check(copy, [copy.current_player()] if not copy.is_terminal() else None)
        game.apply_action(rng.choice(game.legal_actions()))
        _check(game, [game.current_player()] if not game.is_terminal() else None)
    game.undo_action()  # the game itself undone: its log is a new list
    _check(game)


def test_a_page_turned_and_back_shows_in_the_tensor_as_computed_plainly():
    engine = gouji_dsl.engine("zaozhuang")
    for seed in range(40):
        game, rng = engine.new_game(seed=seed), random.Random(seed)
        while not game.is_terminal() and MORE not in game.legal_action_ids():
            game.apply_action(rng.choice(game.legal_actions()))
        if not game.is_terminal():
            break
    else:
        pytest.fail("no decision with more than 1,024 legal actions in 40 random Zaozhuang games")
    _check(game)
    game.apply_action_id(MORE)
    _check(game)
    game.show_page(0)
    _check(game)


@pytest.mark.parametrize("name", ["lianzhong", "qingdao", "shuangkou-baibian"])
def test_a_given_array_and_the_information_states_hold_the_same_bytes(name):
    engine = gouji_dsl.engine(name)
    game, rng = engine.new_game(seed=2), random.Random(2)
    size = tl.observation_tensor_size(engine.RULES)
    for _ in range(60):
        game.apply_action(rng.choice(game.legal_actions()))
        seat = game.current_player()
        plain = _reference(game, seat)
        given = np.full(size, 7, np.float32)
        strided = np.full(2 * size, 7, np.float32)[::2]
        assert game.observation_tensor(seat, out=given) is given and given.tobytes() == plain
        assert game.observation_tensor(seat, out=strided) is strided and strided.tobytes() == plain
        assert game.information_state_tensor(seat)[-size:].tobytes() == plain
        assert game.compact_information_state_tensor(seat)[-size:].tobytes() == plain
        returned = game.observation_tensor(seat)
        returned[:] = 5  # the caller's own array: the next one is made afresh
        assert game.observation_tensor(seat).tobytes() == plain


@pytest.mark.parametrize("name", ["zaozhuang", "shuangkou"])
def test_the_pettingzoo_environment_observes_the_plain_tensor(name):
    pettingzoo = pytest.importorskip("gouji_dsl.integrations.pettingzoo")
    environment = pettingzoo.env(name)
    rng = random.Random(6)
    for seed in (6, 7):
        environment.reset(seed=seed)
        kept = []
        for agent in environment.agent_iter():
            observation, _reward, terminated, truncated, info = environment.last()
            game = environment.unwrapped.game
            seat = int(agent.split("_")[1])
            assert observation["observation"].tobytes() == _reference(game, seat)
            kept.append((observation["observation"], _reference(game, seat)))
            environment.step(None if terminated or truncated else rng.randrange(info["legal_count"]))
        # an observation handed out is the agent's: later steps change none
        assert all(array.tobytes() == plain for array, plain in kept)
