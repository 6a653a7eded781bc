"""The game API under forged input: any malformed, unheld or look-alike action is
refused with a short IllegalAction and leaves the game exactly as it was (or it
was legal and is applied); bad seats get a clear error. Generated engines and the
reference interpreter alike. The long run is tests/soak_games.py (see docs/development.md)."""
from __future__ import annotations

import functools
import random
import time

import pytest
from hypothesis import given, settings, strategies as st

import gouji_dsl
from gouji_dsl.runtime.game import Action, IllegalAction, play_action
from gouji_dsl.runtime.state import FIELDS, field_values
from forgery import Nasty
from helpers import random_game
from invariants import observable, state_of
from soak_games import run_chunk
from strategies import ENGINE_VARIANTS

GEN_EXAMPLES = max(settings().max_examples // 5, 10)     # per variant: 30 by default, 1000 with the soak profile
REF_EXAMPLES = max(settings().max_examples // 25, 4)     # the reference interpreter is ~30x slower
MESSAGE_MOST = 1000


@functools.lru_cache(maxsize=None)
def engine(name: str, which: str = "gen"):
    return gouji_dsl.engine(name) if which == "gen" else gouji_dsl.reference_engine(name)


def game_at(name: str, which: str, seed: int, steps: int):
    """A game after `steps` random legal actions (or finished, if it ends first)."""
    return random_game(engine(name, which), seed, steps)


def refused_or_legal(game, action, seat=None) -> bool:
    """Apply a forged action: either it is refused with a short IllegalAction and the
    game is exactly as before, or it was one of the legal actions. True if refused."""
    legal = game.legal_actions()
    before_state, before_seen = state_of(game.clone()), observable(game)
    try:
        game.apply_action(action, seat=seat)
    except IllegalAction as exc:
        assert 0 < len(str(exc)) < MESSAGE_MOST
        assert state_of(game) == before_state
        assert observable(game) == before_seen
        return True
    assert game.history()[:-1] == before_seen[0]
    assert game.history()[-1] in legal
    assert any(a is game.history()[-1] for a in legal), "the history holds the engine's own action"
    game.transcript()
    return False


# --- forged actions ---------------------------------------------------------------------------

junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10**18), st.just(10**5000),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.binary(max_size=4),
    st.just(object()), st.lists(st.integers(0, 3), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(Nasty("play 7 7 7")), st.just(Action),
)
counts = st.one_of(st.integers(0, 4), st.integers(-3, 60), st.integers(10**6, 10**40), junk)
kinds = st.one_of(st.sampled_from(["play", "burn", "pass", "defer", "declare", "revolt"]), st.text(max_size=8), junk)


@st.composite
def canonical_plays(draw) -> tuple:
    """A well-formed play tuple of random cards: legal-looking, seldom held."""
    rank = draw(st.integers(-1, 12))
    natural = draw(st.integers(1, 8)) if 0 <= rank <= 11 else 0
    fillers = draw(st.integers(1 if rank == 12 else 0, 4)) if rank >= 0 else 0
    small, big = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    return (rank, natural, fillers, small or (1 if rank == -1 and not big else 0), big)


plays = st.one_of(
    canonical_plays(),
    st.tuples(st.integers(-2, 15), counts, counts, counts, counts),
    st.lists(counts, max_size=7).map(tuple),
    st.lists(counts, min_size=5, max_size=5),
)
card_words = st.sampled_from(["3", "7", "10", "T", "A", "2", "SJ", "BJ", "小王", "1", "x", "\x00", "7\n"])
texts = st.one_of(
    st.text(max_size=30),
    st.builds(lambda kind, cards: f"{kind} {' '.join(cards)}", st.sampled_from(["play", "burn", "pass", "PLAY", ""]),
              st.lists(card_words, max_size=10)),
    st.builds(lambda n: "play " + "7 " * n, st.integers(0, 3000)),
)
forged = st.one_of(
    junk,
    texts,
    st.builds(Action, st.sampled_from(["play", "burn"]), canonical_plays()),
    st.builds(Action, kinds, st.one_of(st.none(), plays, junk)),
    st.tuples(kinds, st.one_of(st.none(), plays)),
    st.lists(st.one_of(kinds, plays), max_size=3),
    st.lists(st.one_of(kinds, plays), max_size=4).map(tuple),
)


def look_alikes(legal: list):
    """A legal action as a plain tuple or list, or with one count forged (float, bool, huge, negative)."""
    def forge(action, where, value, as_type):
        kind, play = action
        if play is not None and value is not None:
            play = tuple(value if i == where else p for i, p in enumerate(play))
        return as_type((kind, play))
    return st.builds(forge, st.sampled_from(legal), st.integers(0, 4),
                     st.sampled_from([None, 1.0, True, False, 10**30, -1, "1", 2.5]),
                     st.sampled_from([tuple, list, lambda t: Action(*t)]))


def seats(players: int):
    return st.one_of(st.none(), st.integers(1, players), st.sampled_from([0, -1, players + 1, True, 1.0, "1", 10**30]))


def forged_actions_keep_the_state(name, which, seed, steps, data):
    game = game_at(name, which, seed, steps)
    for _ in range(data.draw(st.integers(1, 4), label="actions")):
        legal = game.legal_actions()
        source = st.one_of(forged, look_alikes(legal)) if legal else forged
        action = data.draw(source, label="action")
        seat = data.draw(st.one_of(st.none(), seats(game.r.players)), label="seat")
        refused_or_legal(game, action, seat)


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
@settings(max_examples=GEN_EXAMPLES)
@given(seed=st.integers(0, 2**32), steps=st.one_of(st.integers(0, 400), st.just(5000)), data=st.data())
def test_forged_actions_keep_the_state_generated(name, seed, steps, data):
    forged_actions_keep_the_state(name, "gen", seed, steps, data)


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
@settings(max_examples=REF_EXAMPLES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300), data=st.data())
def test_forged_actions_keep_the_state_reference(name, seed, steps, data):
    forged_actions_keep_the_state(name, "ref", seed, steps, data)


# --- the cases the adversarial pass found ------------------------------------------------------

FOUND = [
    Action("play", (1, 1.5, 0, 0, 0)),    # a float count: accepted, then failed half-way
    None,
    Action("play", (15, 1, 0, 0, 0)),     # rank 15
    Action("play", (1, 1, 0, 0)),         # 4 items
    Action("play", ("7", 1, 0, 0, 0)),    # a string rank
    Action("play", (1, True, 0, 0, 0)),
    Action("play", (3, 10**30, 0, 0, 0)),  # exhausted memory formatting the message
    Action("play", (3, 10**5000, 0, 0, 0)),  # more digits than Python prints
    Action("pass", (0, 1, 0, 0, 0)),
    Action("fold"),
    ("play",),
    Nasty("play 7 7 7"),
    "play " + "7 " * 100000,
    b"pass",
]


@pytest.mark.parametrize("which", ["gen", "ref"])
@pytest.mark.parametrize("action", FOUND, ids=range(len(FOUND)))
def test_found_cases_are_refused_quickly_and_change_nothing(which, action):
    game = game_at("zaozhuang", which, 7, 40)
    start = time.perf_counter()
    assert refused_or_legal(game, action)
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("which", ["gen", "ref"])
def test_a_plain_tuple_equal_to_a_legal_action_is_applied_as_that_action(which):
    game = game_at("lianzhong", which, 3, 30)
    legal, seat = game.legal_actions()[-1], game.current_player()
    assert not refused_or_legal(game, (legal.kind, list(legal.play) if legal.play else None))
    assert game.history()[-1] is legal
    assert f"seat {seat}: {legal}" in game.transcript()


def test_bad_seats_get_a_clear_error_everywhere():
    e = engine("zaozhuang")
    game = game_at("zaozhuang", "gen", 1, 20)
    for seat in (0, -1, 7, True, 1.5, "1", None, 10**5000):
        with pytest.raises(ValueError, match="is not a seat: the seats are 1 to 6"):
            game.observation(seat)
        if seat is not None:
            assert refused_or_legal(game, game.legal_actions()[0], seat=seat)
    current = game.current_player()
    for seat in (float(current), current == 1, "%d" % current):  # equal-ish to the seat to act: still refused
        assert refused_or_legal(game, game.legal_actions()[0], seat=seat)
    hands = {s: "7 7 8" for s in range(1, 7)}
    for bad in ({**hands, 0: "7"}, {**hands, 1: (1, 2)}, {**hands, 1: [1.5] * 15}, {**hands, 1: "7 " * 30}, "7 7"):
        with pytest.raises(ValueError):
            e.new_position(bad, leader=1)
    for kwargs in ({"leader": 0}, {"leader": 2, "out": {2: 1}}, {"leader": 1, "out": {3: 9}},
                   {"leader": 1, "opened": [8]}, {"leader": 1, "headless": "12"}):
        with pytest.raises(ValueError):
            e.new_position(hands, **kwargs)
    with pytest.raises(ValueError, match="seed"):
        e.new_game(seed=[1])
    with pytest.raises(ValueError, match="match"):
        e.new_game(seed=1, match={"results": []})


def test_replay_refuses_forged_histories_briefly():
    e = engine("qingdao")
    for history in (None, "pass", {"a": 1}, [Action("play", (3, 10**40, 0, 0, 0))], ["x" * 5000], [object()]):
        with pytest.raises(IllegalAction) as caught:
            e.replay(history, seed=1)
        assert len(str(caught.value)) < MESSAGE_MOST


def test_shared_actions_are_well_formed():
    """play_action shares (and apply_action trusts by identity) only well-formed plays."""
    assert play_action((4, 3, 0, 0, 0)) is play_action((4, 3, 0, 0, 0))
    for bad in ((4, 1.5, 0, 0, 0), [4, 1, 0, 0, 0], (4, [1], 0, 0, 0), (13, 1, 0, 0, 0), None):
        with pytest.raises(IllegalAction):
            play_action(bad)
    big = play_action((4, 100, 0, 0, 0))
    assert big is not play_action((4, 100, 0, 0, 0))  # too many to be real: checked against the deck
    assert refused_or_legal(game_at("zaozhuang", "gen", 2, 10), big)
    assert str(Action("play", (3, 10**5000, 0, 0, 0))) == "('play', (3, a huge int, 0, 0, 0))"


def test_the_soak_runner_checks_games():
    """A few games of tests/soak_games.py per variant, so the long run cannot rot."""
    for name in ENGINE_VARIANTS:
        result = run_chunk((name, 0, 3, 3))
        assert result["failures"] == [] and result["games"] == 3 and result["actions"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_soak_thousands_of_games(name, request):
    """The soak runner in-process: 2,000 games per variant, 3 forged actions each (about
    half a minute a variant). The full figure is tests/soak_games.py --games 100000."""
    expression = request.config.getoption("markexpr") or ""
    if "slow" not in expression or "not slow" in expression:
        pytest.skip("a soak run of a few minutes: select with -m slow")
    result = run_chunk((name, 10**6, 2000, 3))
    assert result["failures"] == []


# --- the state: one dataclass, one initialiser, clone by field --------------------------------

# Never changed in place: a clone may share them (the random source from the first lead on:
# nothing draws from it in play).
SHARED_BY_CLONE = {"r", "match", "_legal", "_rng"}


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_clone_copies_every_mutable_field(name):
    game = game_at(name, "gen", 5, 40)
    other = game.clone()
    for key, value in field_values(game).items():
        if key not in SHARED_BY_CLONE and isinstance(value, (list, set, dict, random.Random)):
            assert getattr(other, key) is not value, f"clone shares {key}"
            assert getattr(other, key) == value or key == "_rng"
    for hand, copied in zip(game.hands, other.hands):
        assert hand is not copied
    assert other._rng.getstate() == game._rng.getstate()
    before = game_at(name, "gen", 5, 0)  # before play a game still draws: its copy has its own random source
    if before.phase != "play":
        assert before.clone()._rng is not before._rng
        assert before.clone()._rng.getstate() == before._rng.getstate()
    other.apply_action(other.legal_actions()[-1])
    assert observable(game) == observable(game_at(name, "gen", 5, 40))


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_a_position_and_a_deal_have_the_same_fields(name):
    e = engine(name)
    dealt = e.new_game(seed=1)
    position = e.new_position({seat: "7 7 BJ" for seat in range(1, e.PLAYERS + 1)}, leader=2)
    assert field_values(position).keys() == field_values(dealt).keys()
    assert set(vars(position)) == set(vars(dealt)) == {f.name for f in FIELDS}  # no attribute beyond the fields
    assert position.phase == "play" and str(position.phase) == "play" and repr(position.phase) == "'play'"
    assert position.observation(1)["phase"] == "play" and type(position.observation(1)["phase"]) is str


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_standings_name_the_places(name):
    game = game_at(name, "gen", 3, 10**4)
    assert game.is_terminal()
    standings = game.standings()
    assert [seat for _name, seat in standings] == sorted(game.places(), key=game.places().get)
    assert [place for place, _seat in standings] == list(game.r.place_names)
    assert len(set(game.r.place_names)) == game.r.players
