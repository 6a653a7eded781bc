"""What a seat knows (issue 15, "Information"): `observe`, the observation and information-state
tensors and strings of runtime/observe.py show no hidden card, add up, follow their documented
layouts, and tell different histories apart."""
from __future__ import annotations

import random
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl.runtime import public_record as pr
from gouji_dsl.runtime import tensor_layout as tl
from gouji_dsl.runtime.action_ids import MORE, feature_size
from gouji_dsl.runtime.actions import BURN, PLAY
from gouji_dsl.runtime.state import field_values

from helpers import end_game_position
from strategies import ALL_ENGINE_VARIANTS

RESTORED = "back on the table: "  # a failed burn's 级牌, back as the top play
SEATS_TOLD = ("observe", "observation_tensor", "information_state_tensor", "observation_string",
              "information_state_string")


def _game(name: str, seed: int, steps: int, match: bool = False):
    """A game after `steps` random actions; with `match`, the second game of a match (tribute paid)."""
    engine = gouji_dsl.engine(name)
    rng = random.Random(seed)
    previous = None
    if match:
        first = engine.new_game(seed=seed + 1)
        while not first.is_terminal():
            first.apply_action(rng.choice(first.legal_actions()))
        previous = first.next_match()
    game = engine.new_game(seed=seed, match=previous)
    for _ in range(steps):
        if game.is_terminal():
            break
        game.apply_action(rng.choice(game.legal_actions()))
    return game


def _position(name: str, seed: int):
    """A seeded end-game position (as in tests/test_agreement.py)."""
    return end_game_position(gouji_dsl.engine(name), random.Random(seed))


def _start(name: str, seed: int, kind: str):
    return _position(name, seed) if kind == "position" else _game(name, seed, 0, match=kind == "match")


starts = st.sampled_from(["game", "match", "position"])


def _knowledge(game, seat: int) -> tuple:
    """Everything observe.py tells `seat`, comparable with ==."""
    return (game.observe(seat), game.observation_tensor(seat).tobytes(), game.information_state_tensor(seat).tobytes(),
            game.observation_string(seat), game.information_state_string(seat))


def _block(game, seat: int, name: str) -> np.ndarray:
    layout = {n: (offset, size) for n, offset, size in tl.observation_layout(game.r)}
    offset, size = layout[name]
    return game.observation_tensor(seat)[offset:offset + size]


def _counts(game, seat: int, name: str) -> np.ndarray:
    """A part of the observation tensor as the counts it holds: each entry times its divisor."""
    part = next(part for part in tl.observation_layout(game.r) if part[0] == name)
    scaled = _block(game, seat, name) * np.array(part.divisor, dtype=np.float64)
    assert np.allclose(scaled, np.rint(scaled), atol=1e-3)
    return np.rint(scaled).astype(int)


def _failing_plays(game) -> dict[int, list[int]]:
    """The play with which each failed burner failed: the last play of that seat before the
    log says it failed."""
    out, last = {}, {}
    for entry in game.log:
        if entry.__class__ is tuple and entry[1].kind in (PLAY, BURN):
            last[entry[0]] = entry[1].play
        elif isinstance(entry, str) and "fails the burn" in entry:
            seat = int(entry.split()[1])
            out[seat] = list(pr._play_counts(game.r.pattern_plays, last[seat]))
    return out


# --- nothing hidden ------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 250),
       match=st.booleans())
def test_dealing_the_hidden_hands_anew_changes_nothing_a_seat_is_told(name, seed, steps, match):
    game = _game(name, seed, steps, match)
    for seat in range(1, game.r.players + 1):
        other = game.resample_from_infostate(seat, random.Random(seed))
        told = _knowledge(game, seat)
        _forget_records()  # the copy reads its own log, not the original's record
        assert _knowledge(other, seat) == told


def _forget_records() -> None:
    pr._RECORDS.clear()
    pr._BY_LAST.clear()


def test_the_resampling_check_sees_hidden_hands_change():
    """The test above means something: resampling does change hidden hands, and a tensor that
    read one would change with them."""
    for name in ALL_ENGINE_VARIANTS:
        game = _game(name, 5, 20)
        other = game.resample_from_infostate(1, random.Random(7))
        assert other.hands[0] == game.hands[0]
        changed = [s for s in range(2, game.r.players + 1) if other.hands[s - 1] != game.hands[s - 1]]
        assert changed, f"{name}: resampling changed no hidden hand"
        # the seat whose hand changed is told so: the comparison catches a card it would show
        told = _knowledge(game, changed[0])
        _forget_records()
        assert _knowledge(other, changed[0]) != told


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_observe_is_observation_and_more(name):
    game = _game(name, 11, 90, match=True)
    for seat in range(1, game.r.players + 1):
        seen, told = game.observe(seat), game.observation(seat)
        assert {key: seen[key] for key in told} == told
        assert game._shown_seats(seat) == sorted(set(told["hands"]) - {seat})
        assert seen["hand"] == told["hands"][seat]


# --- counts add up -------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), kind=starts)
def test_played_and_left_add_up_to_the_deal_at_every_step(name, seed, kind):
    game = _start(name, seed, kind)
    rng = random.Random(seed)
    r = game.r
    kinds = len(r.card_kinds)
    steps, start, phase = 0, None, None
    while True:
        seen = game.observe(1 + steps % r.players)
        played = {s: list(game.kinds.parse_cards(text))[:kinds] if text else [0] * kinds
                  for s, text in seen["played"].items()}
        if phase != "play":  # each seat's own count at the start of play (buying ends the 宣点 step)
            start = {s: len(game.observe(s)["start_hand"].split()) for s in range(1, r.players + 1)}
        phase = game.phase
        failing = _failing_plays(game) if game.failed else {}
        for s in range(1, r.players + 1):
            assert seen["cards_left"][s] == sum(game.hands[s - 1])
            assert sum(played[s]) + seen["cards_left"][s] + seen["discarded"].get(s, 0) == start[s]
        total = [sum(played[s][k] for s in played) for k in range(kinds)]
        lost = [sum(f[k] for f in failing.values()) for k in range(kinds)]
        assert [t - f for t, f in zip(total, lost)] == list(game.played)
        assert sum(seen["discarded"].values()) + sum(lost) == sum(game.dead)
        assert set(seen["discarded"]) == set(game.failed)
        if game.is_terminal():
            break
        game.apply_action(rng.choice(game.legal_actions()))
        steps += 1


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_tensor_holds_what_observe_says(name):
    game = _game(name, 4, 70, match=True)
    n, k = game.r.players, len(game.r.card_kinds)
    for seat in range(1, n + 1):
        seen = game.observe(seat)
        order = [(seat - 1 + i) % n + 1 for i in range(n)]
        assert _counts(game, seat, "hand").tolist() == list(game.hands[seat - 1])
        assert _counts(game, seat, "cards_left").tolist() == [seen["cards_left"][s] for s in order]
        played = _counts(game, seat, "played").reshape(n, k)
        for rel, s in enumerate(order):
            text = seen["played"][s]
            assert played[rel].tolist() == (list(game.kinds.parse_cards(text))[:k] if text else [0] * k)
        status = _block(game, seat, "status").reshape(n, len(tl.STATUSES))
        assert status.sum(axis=1).tolist() == [1] * n
        assert [tl.STATUSES[i] for i in status.argmax(axis=1)] == [seen["status"][s] for s in order]
        unseen = _counts(game, seat, "unseen")
        assert unseen.min() >= 0
        hidden = sum(sum(game.hands[s - 1]) for s in range(1, n + 1) if s != seat and s not in seen["hands"])
        assert unseen.sum() == hidden + sum(seen["discarded"].values())


# --- the round ------------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(ALL_ENGINE_VARIANTS), seed=st.integers(0, 10_000), kind=starts)
def test_the_trick_and_statuses_follow_the_round(name, seed, kind):
    game = _start(name, seed, kind)
    rng = random.Random(seed)
    while not game.is_terminal():
        seen = game.observe(1)
        status, trick = seen["status"], seen["trick"]
        if game.phase == "play":
            assert list(status.values()).count("to_move") == 1 and status[game.current_player()] == "to_move"
            plays = [(s, text) for s, text in trick if not text.startswith(("pass", "defer"))]
            if game.top is None:
                assert trick == []
            else:
                assert plays and plays[-1][0] == game.top_seat
                last = plays[-1][1]
                cards = last[len(RESTORED):] if last.startswith(RESTORED) else last.split(" ", 1)[1]
                assert cards == game.kinds.format_cards(game.top)
                assert {s for s, _text in plays} == game.played_in_round
                if game.top_seat != game.current_player() and game.top_seat not in game.place_of:
                    assert status[game.top_seat] == "holds_top"
        else:
            assert trick == [] and status[game.current_player()] == "to_move"
        game.apply_action(rng.choice(game.legal_actions()))
    assert set(game.observe(1)["status"].values()) <= {"out", "failed", "sits_out", "placed"}


def test_a_failed_burn_puts_the_burned_gouji_back_as_the_trick_begins():  # D15
    game = gouji_dsl.engine("zaozhuang").new_position(
        {1: "Q Q Q 4 4", 2: "K K K 5 5 6 6 BJ", 3: "3 3 3 3", 4: "A A A 7 8 9", 5: "5", 6: "6"}, leader=1)
    for action in ("play Q Q Q", "burn K K K"):
        game.apply_action(action)
    seen = game.observe(4)  # nobody beats K K K: seat 2 leads, bound to carry a joker
    assert seen["trick"] == [] and seen["status"][2] == "to_move" and seen["obligation"] == [2]
    game.apply_action("play 5 5")  # no joker, not the last play: the burn fails
    seen = game.observe(4)
    assert seen["trick"] == [(1, RESTORED + "Q Q Q")]
    # seats 3, 5 and 6 may not (or cannot) answer the 级牌: passed over, as the table sees
    assert seen["status"] == {1: "holds_top", 2: "failed", 3: "passed", 4: "to_move", 5: "passed", 6: "passed"}
    assert seen["played"][2] == "5 5 K K K" and seen["cards_left"][2] == 0 and seen["discarded"] == {2: 3}
    assert "6 6 BJ" not in game.observation_string(4)  # the lost cards stay unseen
    # unseen: the deck less seat 4's hand and every play (Q Q Q, K K K, 5 5): the lost 6 6 BJ among them
    assert _counts(game, 4, "unseen").sum() == sum(game.r.deck_counts) - 6 - 8
    game.apply_action("play A A A")
    assert game.observe(4)["trick"] == [] and game.observe(4)["status"][4] == "to_move"


# --- layouts and sizes ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_layouts_cover_the_tensors_exactly(name):
    game = _game(name, 2, 30)
    r = game.r
    for layout, size, tensor in ((tl.observation_layout(r), tl.observation_tensor_size(r), game.observation_tensor(3)),
                                 (tl.information_state_layout(r), tl.information_state_tensor_size(r),
                                  game.information_state_tensor(3))):
        names = [entry[0] for entry in layout]
        assert len(set(names)) == len(names)
        offset = 0
        for _name, at, width in layout:
            assert at == offset and width > 0
            offset += width
        assert offset == size == tensor.shape[0]
        assert tensor.dtype == np.float32 and tensor.ndim == 1
    info = {n: (at, width) for n, at, width in tl.information_state_layout(r)}
    at, width = info["observation.hand"]
    assert game.information_state_tensor(3)[at:at + width].tolist() == _block(game, 3, "hand").tolist()
    assert _counts(game, 3, "hand").tolist() == list(game.hands[2])
    at, width = info["history"]
    rows = game.information_state_tensor(3)[at:at + width].reshape(-1, r.players + feature_size(r))
    assert rows[:, :r.players].sum() == len(game.history())  # one seat per action, the rest empty


def test_a_tensor_fills_a_given_array_and_sizes_do_not_change_with_the_game():
    engine = gouji_dsl.engine("zaozhuang")
    sizes = {_game("zaozhuang", seed, steps).observation_tensor(1).shape for seed in range(3) for steps in (0, 80, 400)}
    assert sizes == {(tl.observation_tensor_size(engine.RULES),)}
    game = _game("zaozhuang", 1, 50)
    buffer = np.full(tl.observation_tensor_size(engine.RULES), 7, dtype=np.float32)
    assert game.observation_tensor(2, out=buffer) is buffer
    assert buffer.tolist() == game.observation_tensor(2).tolist()


# --- perfect recall -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_different_histories_give_different_information_states(name):
    game = _game(name, 9, 40)
    while len(game.legal_actions()) < 2:
        game.apply_action(game.legal_actions()[0])
    first, second = game.clone(), game.clone()
    first.apply_action(game.legal_actions()[0])
    second.apply_action(game.legal_actions()[1])
    for seat in range(1, game.r.players + 1):
        assert first.information_state_string(seat) != second.information_state_string(seat)
        assert first.information_state_tensor(seat).tolist() != second.information_state_tensor(seat).tolist()
        assert first.information_state_string(seat) == first.clone().information_state_string(seat)
    # the seat's own deal: two seeds whose public histories are the same (none yet) still differ
    engine = gouji_dsl.engine(name)
    a, b = engine.new_game(seed=1), engine.new_game(seed=2)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert "seed" not in a.information_state_string(1)


def test_the_page_of_ids_shown_is_part_of_the_information_state():
    engine = gouji_dsl.engine("shuangkou-qianbian")
    for seed in range(400):
        game = engine.new_game(seed=seed)
        if len(game.legal_actions()) > 1024:
            break
    else:
        pytest.skip("no deal of the first 400 seeds leads more than 1,024 plays")
    seat = game.current_player()
    before = (game.information_state_string(seat), game.observation_tensor(seat).tolist())
    game.apply_action_id(MORE)
    assert game.observe(seat)["page"] == 1
    assert game.information_state_string(seat) != before[0]
    assert game.observation_tensor(seat).tolist() != before[1]


def test_the_record_follows_undo_clones_and_copies():
    game = _game("lianzhong", 3, 60)
    before = [game.information_state_tensor(s).tolist() for s in (1, 2)]
    copy = game.clone()
    game.apply_action(game.legal_actions()[-1])
    game.information_state_tensor(1)
    game.undo_action()
    assert [game.information_state_tensor(s).tolist() for s in (1, 2)] == before
    # a copy whose original has gone on with other actions does not take the original's record
    game.apply_action(game.legal_actions()[-1])
    game.information_state_tensor(1)
    assert copy.legal_actions()[0] != game.history()[-1]
    copy.apply_action(copy.legal_actions()[0])
    replayed = gouji_dsl.engine("lianzhong").new_game(seed=3)
    for action in copy.history():
        replayed.apply_action(action)
    assert copy.information_state_tensor(1).tolist() == replayed.information_state_tensor(1).tolist()


def test_observing_leaves_the_game_as_it_was_and_records_stay_right_when_evicted(monkeypatch):
    games = [_game(name, 6, 50) for name in ("lianzhong", "zaozhuang", "shuangkou")]
    fields = [field_values(game) for game in games]
    expected = [game.information_state_tensor(2).tobytes() for game in games]
    assert [field_values(game) for game in games] == fields  # kept beside the game, not in it
    monkeypatch.setattr(pr, "_MOST_RECORDS", 2)
    for _ in range(2):
        for game, tensor in zip(games, expected):  # three games, two records: each read again
            assert game.information_state_tensor(2).tobytes() == tensor
    assert len(pr._RECORDS) <= 2


# --- errors ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 7, -1, "1", 1.0, None])
def test_a_bad_seat_is_refused_with_the_reason(seat):
    game = _game("lianzhong", 1, 5)
    for method in SEATS_TOLD:
        with pytest.raises(ValueError, match="is not a seat: the seats are 1 to 6"):
            getattr(game, method)(seat)


@pytest.mark.parametrize("out", [np.zeros(10, np.float32), np.zeros(382), [0.0] * 382, np.zeros((2, 191), np.float32)])
def test_a_wrong_buffer_is_refused_with_the_reason(out):
    game = _game("lianzhong", 1, 5)
    with pytest.raises(ValueError, match="out is a writable numpy float32 vector of 382 numbers"):
        game.observation_tensor(1, out=out)


def test_without_numpy_a_tensor_says_how_to_install_it(monkeypatch):
    game = _game("lianzhong", 1, 5)
    monkeypatch.setattr(tl, "_np", None)
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    with pytest.raises(ImportError, match="pip install numpy"):
        game.observation_tensor(1)
    with pytest.raises(ImportError, match="pip install numpy"):
        game.information_state_tensor(1)
    assert game.observe(1)["seat"] == 1 and game.information_state_string(1)  # the rest needs no numpy
