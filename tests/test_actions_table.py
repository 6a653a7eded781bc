"""Table tests of runtime.actions: how an action offered from outside (a platform,
a bot, a replay file) is read, checked and described, at every boundary.

Each row is (input, the exact result or the exact error message): these functions
are the engines' only guard against malformed input, so their wording and their
limits are part of the API."""
from __future__ import annotations

import pytest

from gouji_dsl.runtime import actions as A
from gouji_dsl.runtime.actions import Action, IllegalAction


@pytest.mark.parametrize("value, text", [
    (None, "None"), (True, "True"), (1.5, "1.5"),
    (10**12 - 1, "999999999999"), (10**12, "a huge int"),
    (-10**12 + 1, "-999999999999"), (-10**12, "a huge int"), (0, "0"),
    ("x" * 40, repr("x" * 40)), ("x" * 41, repr("x" * 40) + "..."),
    ((), "()"), ((1,), "(1,)"), ((1, 2), "(1, 2)"), ([1], "[1]"), ([], "[]"),
    (tuple(range(6)), "(0, 1, 2, 3, 4, 5)"), (tuple(range(7)), "(0, 1, 2, 3, 4, 5, ...)"),
    (list(range(7)), "[0, 1, 2, 3, 4, 5, ...]"),
    ((((1,),),), "(((...,),),)"), (((1,),), "((1,),)"),
    (Action("play", (4, 3, 0, 0, 0)), "('play', (4, 3, 0, 0, 0))"),
    ({1: 2}, "a dict object"), (object(), "a object object"),
])
def test_describe(value, text):
    assert A.describe(value) == text


@pytest.mark.parametrize("play, most, jokers, problem", [
    ((4, 3, 0, 0, 0), 4, 1, None),
    ((4, 4, 4, 1, 1), 4, 1, None),                      # every count at its limit
    ((4, 5, 0, 0, 0), 4, 1, "it holds more of a card than the decks have"),
    ((4, 1, 5, 0, 0), 4, 1, "it holds more of a card than the decks have"),
    ((4, 1, 0, 2, 0), 4, 1, "it holds more of a card than the decks have"),
    ((4, 1, 0, 0, 2), 4, 1, "it holds more of a card than the decks have"),
    ((4, 99, 0, 0, 0), None, None, None),               # no deck given: size is not checked
    ((-1, 0, 0, 1, 0), 4, 1, None), ((-1, 0, 0, 0, 1), 4, 1, None),
    ((12, 0, 2, 0, 0), 4, 1, None), ((12, 0, 1, 1, 1), 4, 1, None),
    ((11, 1, 0, 0, 0), 4, 1, None), ((0, 1, 0, 0, 0), 4, 1, None),
    ((13, 1, 0, 0, 0), 4, 1, "its rank is not -1 (jokers only), 0 (3) ... 11 (A) or 12 (2s only)"),
    ((-2, 0, 0, 1, 0), 4, 1, "its rank is not -1 (jokers only), 0 (3) ... 11 (A) or 12 (2s only)"),
    ((4, -1, 0, 0, 0), 4, 1, "it has a negative card count"),
    ((4, 1, -1, 0, 0), 4, 1, "it has a negative card count"),
    ((4, 1, 0, -1, 0), 4, 1, "it has a negative card count"),
    ((4, 1, 0, 0, -1), 4, 1, "it has a negative card count"),
    ((4, 0, 1, 0, 0), 4, 1, "it is not the canonical tuple of any cards (see runtime.cards_of)"),
    ((12, 1, 1, 0, 0), 4, 1, "it is not the canonical tuple of any cards (see runtime.cards_of)"),
    ((12, 0, 0, 1, 0), 4, 1, "it is not the canonical tuple of any cards (see runtime.cards_of)"),
    ((-1, 0, 1, 1, 0), 4, 1, "it is not the canonical tuple of any cards (see runtime.cards_of)"),
    ((-1, 0, 0, 0, 0), 4, 1, "it is not the canonical tuple of any cards (see runtime.cards_of)"),
    ((-1, 1, 0, 1, 0), 4, 1, "it is not the canonical tuple of any cards (see runtime.cards_of)"),
    ((4, 3, 0, 0), 4, 1, "a play is a tuple (rank, natural, fillers, small, big)"),
    ([4, 3, 0, 0, 0], 4, 1, "a play is a tuple (rank, natural, fillers, small, big)"),
    ((4, 3, 0, 0, True), 4, 1, "a play's rank and counts are ints"),
    ((4.0, 3, 0, 0, 0), 4, 1, "a play's rank and counts are ints"),
])
def test_play_problem(play, most, jokers, problem):
    assert A.play_problem(play, most, jokers) == problem


@pytest.mark.parametrize("action, decks, expected", [
    (("pass", None), 1, A.PASS_ACTION), (["defer", None], 1, A.DEFER_ACTION),
    (("declare", None), None, A.DECLARE_ACTION), (Action("revolt"), 1, A.REVOLT_ACTION),
    (("pass", ()), 1, None), (("pass",), 1, None), (("pass", None, None), 1, None),
    ((1, None), 1, None), ("pass", 1, None), (None, 1, None), ({"pass": None}, 1, None),
    (("fold", None), 1, None), (("fold", (4, 3, 0, 0, 0)), 1, None),
    (("play", (4, 3, 0, 0, 0)), 1, Action("play", (4, 3, 0, 0, 0))),
    (("play", [4, 3, 0, 0, 0]), 1, Action("play", (4, 3, 0, 0, 0))),
    (("burn", (4, 3, 0, 0, 0)), 1, Action("burn", (4, 3, 0, 0, 0))),
    (("play", (4, 4, 0, 0, 0)), 1, Action("play", (4, 4, 0, 0, 0))),
    (("play", (4, 5, 0, 0, 0)), 1, None),                 # five 6s from one deck
    (("play", (4, 5, 0, 0, 0)), 2, Action("play", (4, 5, 0, 0, 0))),
    (("play", (-1, 0, 0, 2, 0)), 1, None), (("play", (-1, 0, 0, 2, 0)), 2, Action("play", (-1, 0, 0, 2, 0))),
    (("play", (4, 500, 0, 0, 0)), None, Action("play", (4, 500, 0, 0, 0))),
    (("play", None), 1, None), (("play", (4, 0, 0, 0, 0)), 1, None),
])
def test_normal_action(action, decks, expected):
    assert A.normal_action(action, decks) == expected


def test_normal_action_returns_the_shared_action_when_there_is_one():
    shared = A.play_action((5, 2, 0, 0, 0))
    assert A.normal_action(("play", [5, 2, 0, 0, 0]), 1) is shared
    assert id(A.normal_action(("pass", None), 1)) in A.KNOWN
    assert type(A.normal_action(["play", (5, 2, 0, 0, 0)], 1)) is Action


@pytest.mark.parametrize("text, expected", [
    ("pass", Action("pass")), ("  defer ", Action("defer")), ("declare", Action("declare")), ("revolt", Action("revolt")),
    ("play 7 7 7", Action("play", (4, 3, 0, 0, 0))), ("burn 2 2 BJ", Action("burn", (12, 0, 2, 0, 1))),
    ("play SJ BJ", Action("play", (-1, 0, 0, 1, 1))), ("play 2", Action("play", (12, 0, 1, 0, 0))),
    ("play 3", Action("play", (0, 1, 0, 0, 0))), ("play A A 2 SJ", Action("play", (11, 2, 1, 1, 0))),
])
def test_string_to_action(text, expected):
    assert A.string_to_action(text) == expected


@pytest.mark.parametrize("text, message", [
    ("", "empty action"), ("   ", "empty action"),
    ("play", "cannot read action 'play': expected 'play CARDS', 'burn CARDS', 'pass', 'defer', 'declare' or 'revolt'"),
    ("burn", "cannot read action 'burn': expected 'play CARDS', 'burn CARDS', 'pass', 'defer', 'declare' or 'revolt'"),
    ("pass 7", "cannot read action 'pass 7': expected 'play CARDS', 'burn CARDS', 'pass', 'defer', 'declare' or 'revolt'"),
    ("7 7 7", "cannot read action '7 7 7': expected 'play CARDS', 'burn CARDS', 'pass', 'defer', 'declare' or 'revolt'"),
    ("play 7 8", "'7 8' is not one play"), ("burn 7 8 BJ", "'7 8 BJ' is not one play"),
    ("play " + "7 " * 1998, "an action of 4,001 characters is no action (at most 4,000)"),
])
def test_string_to_action_refuses(text, message):
    with pytest.raises(IllegalAction) as err:
        A.string_to_action(text)
    assert str(err.value) == message


def test_an_action_string_of_4000_characters_is_read():
    assert A.string_to_action("play " + "7 " * 1997 + "7") == Action("play", (4, 1998, 0, 0, 0))


def test_string_to_action_reads_a_string_subclass_as_a_plain_string():
    class Loud(str):
        def split(self, *args):
            raise AssertionError("a subclass's own methods are never called")
    assert A.string_to_action(Loud("play 7 7")) == Action("play", (4, 2, 0, 0, 0))


def test_string_to_action_refuses_a_non_string():
    with pytest.raises(IllegalAction, match=r"^7 is not an action string$"):
        A.string_to_action(7)


def test_a_card_error_in_an_action_string_is_clipped_to_200_characters():
    with pytest.raises(IllegalAction) as err:
        A.string_to_action("play " + "Q" * 300)
    assert len(str(err.value)) == 203 and str(err.value).endswith("...")
    with pytest.raises(IllegalAction) as err:
        A.string_to_action("play 7 Z")
    assert not str(err.value).endswith("...") and "Z" in str(err.value)
    assert A._clip("x" * 200) == "x" * 200 and A._clip("x" * 201) == "x" * 200 + "..."


@pytest.mark.parametrize("action, decks, message", [
    ("play 7 7 7 7 7", 1, "'play ...' holds more of a card than 1 deck(s) have"),
    ("burn SJ SJ", 1, "'burn ...' holds more of a card than 1 deck(s) have"),
    (42, 1, "42 is not an action: use a game.Action or a string like 'play 7 7 7' or 'pass'"),
    (None, 1, "None is not an action: use a game.Action or a string like 'play 7 7 7' or 'pass'"),
    (("play",), 1, "('play',) is not an action: an action is (kind, play), e.g. Action('play', (4, 3, 0, 0, 0))"),
    (["play", 1, 2], 1, "['play', 1, 2] is not an action: an action is (kind, play), e.g. Action('play', (4, 3, 0, 0, 0))"),
    (("fold", None), 1, "('fold', None): unknown kind 'fold': expected one of pass, defer, declare, revolt, burn, play"),
    ((5, None), 1, "(5, None): unknown kind 5: expected one of pass, defer, declare, revolt, burn, play"),
    (("pass", ()), 1, "('pass', ()): a pass action has no cards (play must be None)"),
    (("revolt", 1), 1, "('revolt', 1): a revolt action has no cards (play must be None)"),
    (("play", (4, 5, 0, 0, 0)), 1, "('play', (4, 5, 0, 0, 0)): it holds more of a card than the decks have"),
    (["burn", [4, 0, 1, 0, 0]], 2, "['burn', [4, 0, 1, 0, 0]]: it is not the canonical tuple of any cards (see runtime.cards_of)"),
])
def test_read_action_refuses(action, decks, message):
    with pytest.raises(IllegalAction) as err:
        A.read_action(action, decks)
    assert str(err.value) == message


def test_read_action_accepts_at_the_deck_limits():
    assert A.read_action("play 7 7 7 7", 1) == Action("play", (4, 4, 0, 0, 0))
    assert A.read_action("play 7 7 7 7 7 7 7 7", 2) == Action("play", (4, 8, 0, 0, 0))
    assert A.read_action("burn SJ BJ", 1) == Action("burn", (-1, 0, 0, 1, 1))
    assert A.read_action(("play", (4, 8, 0, 0, 0)), 2) == Action("play", (4, 8, 0, 0, 0))


def test_shared_actions_are_known_and_huge_ones_are_not():
    small = A.play_action((4, 64, 0, 0, 0))
    assert id(small) in A.KNOWN and A.play_action((4, 64, 0, 0, 0)) is small
    huge = A.play_action((4, 65, 0, 0, 0))
    assert huge == Action("play", (4, 65, 0, 0, 0)) and id(huge) not in A.KNOWN
    burn = A.burn_action((4, 2, 0, 0, 0))
    assert burn.kind == "burn" and id(burn) in A.KNOWN and A.burn_action((4, 2, 0, 0, 0)) is burn
    for make in (A.play_action, A.burn_action):
        with pytest.raises(IllegalAction, match=r"^\[4, 3, 0, 0, 0\]: a play is a tuple"):
            make([4, 3, 0, 0, 0])
        with pytest.raises(IllegalAction, match=r"^\(4, 0, 0, 0, 0\): it is not the canonical tuple"):
            make((4, 0, 0, 0, 0))


def test_action_order_and_text():
    order = sorted([A.play_action((4, 1, 0, 0, 0)), A.PASS_ACTION, A.burn_action((4, 1, 0, 0, 0)), A.REVOLT_ACTION,
                    A.DECLARE_ACTION, A.DEFER_ACTION, A.play_action((3, 1, 0, 0, 0))], key=A.action_key)
    assert [str(a) for a in order] == ["pass", "defer", "declare", "revolt", "burn 7", "play 6", "play 7"]
    assert str(Action("play", (4, 2, 1, 0, 1))) == "play 7 7 2 BJ"
    assert str(Action("play", (4, 257 * 4, 0, 0, 0))) == "('play', (4, 1028, 0, 0, 0))"   # forged: described
    assert str(Action("play", (4, 256 * 4, 0, 0, 0))).startswith("play 7 7 ")
    assert str(Action("bogus", None)) == "('bogus', None)"


@pytest.mark.parametrize("action, text", [
    ("pass", "pass"), ("x" * 80, "x" * 80), ("x" * 81, repr("x" * 40) + "..."),
    (A.PASS_ACTION, "pass"), (Action("play", (4, 1, 0, 0, 0)), "('play', (4, 1, 0, 0, 0))"),
    (A.play_action((4, 1, 0, 0, 0)), "play 7"), (7, "7"),
])
def test_shown(action, text):
    assert A.shown(action) == text


@pytest.mark.parametrize("seat, players, ok", [(1, 6, True), (6, 6, True), (0, 6, False), (7, 6, False),
                                               (4, 4, True), (5, 4, False), (True, 6, False), ("1", 6, False)])
def test_check_seat(seat, players, ok):
    if ok:
        assert A.check_seat(seat, players) == seat
    else:
        with pytest.raises(KeyError if players == 4 else ValueError) as err:
            A.check_seat(seat, players, KeyError if players == 4 else ValueError)
        assert f"is not a seat: the seats are 1 to {players}" in str(err.value)


@pytest.mark.parametrize("kwargs, message", [
    (dict(leader=1, out=[3], opened=(), headless=None), "out maps seats to their places, e.g. {3: 1}, not [3]"),
    (dict(leader=1, out={7: 1}, opened=(), headless=None), "7 is not a seat: the seats are 1 to 6"),
    (dict(leader=1, out={3: 0}, opened=(), headless=None), "seat 3's place 0 is not a place: the places are 1 to 6"),
    (dict(leader=1, out={3: 7}, opened=(), headless=None), "seat 3's place 7 is not a place: the places are 1 to 6"),
    (dict(leader=1, out={3: "1"}, opened=(), headless=None), "seat 3's place '1' is not a place: the places are 1 to 6"),
    (dict(leader=3, out={3: 1}, opened=(), headless=None), "the leader, seat 3, is out and cannot lead"),
    (dict(leader=0, out=None, opened=(), headless=None), "0 is not a seat: the seats are 1 to 6"),
    (dict(leader=1, out=None, opened="12", headless=None), "opened and headless are collections of seats, not '12'"),
    (dict(leader=1, out=None, opened=(), headless=5), "opened and headless are collections of seats, not 5"),
    (dict(leader=1, out=None, opened={1: 2}, headless=None), "opened and headless are collections of seats, not a dict object"),
    (dict(leader=1, out=None, opened=(2, 9), headless=None), "9 is not a seat: the seats are 1 to 6"),
    (dict(leader=1, out=None, opened=(), headless=[0]), "0 is not a seat: the seats are 1 to 6"),
])
def test_check_position_seats_refuses(kwargs, message):
    with pytest.raises(ValueError) as err:
        A.check_position_seats(6, **kwargs)
    assert str(err.value) == message


def test_check_position_seats_accepts_the_edges():
    A.check_position_seats(6, 6, {1: 1, 5: 6}, (1, 6), [2, 3])
    A.check_position_seats(6, 1, None, set(), None)
    A.check_position_seats(4, 4, {}, frozenset({4}), ())


@pytest.mark.parametrize("hands, message", [
    ([("1", "7")], "hands map seats to cards, e.g. {1: '7 7 7 BJ'}, not [('1', '7')]"),
    ({7: "7"}, "7 is not a seat: the seats are 1 to 6"),
    ({1: "7 Z"}, None),
    ({1: (0,) * 14}, "seat 1's cards (0, 0, 0, 0, 0, 0, ...) are neither a card string nor 15 counts"),
    ({1: (0,) * 14 + (-1,)}, "seat 1's cards (0, 0, 0, 0, 0, 0, ...) are neither a card string nor 15 counts"),
    ({1: (0,) * 14 + (True,)}, "seat 1's cards (0, 0, 0, 0, 0, 0, ...) are neither a card string nor 15 counts"),
    ({2: 17}, "seat 2's cards 17 are neither a card string nor 15 counts"),
    ({1: "7 7 7 7 7"}, "seat 1 holds more of a card than 1 deck(s) have"),
    ({1: "2 2 2 2 2"}, "seat 1 holds more of a card than 1 deck(s) have"),
    ({1: "BJ BJ"}, "seat 1 holds more of a card than 1 deck(s) have"),
    ({1: "SJ SJ"}, "seat 1 holds more of a card than 1 deck(s) have"),
])
def test_position_hands_refuses(hands, message):
    with pytest.raises(ValueError) as err:
        A.position_hands(6, 1, hands)
    if message is None:
        assert "Z" in str(err.value)
    else:
        assert str(err.value) == message


def test_position_hands_reads_strings_and_counts_at_the_limits():
    counts = [0] * 15
    counts[4], counts[12], counts[13], counts[14] = 4, 4, 1, 1
    got = A.position_hands(6, 1, {1: "7 7 7 7 2 2 2 2 SJ BJ", 6: counts, 3: ""})
    assert got == {1: tuple(counts), 6: tuple(counts), 3: (0,) * 15}
    assert A.position_hands(4, 2, {4: "SJ SJ BJ BJ"})[4] == (0,) * 13 + (2, 2)


@pytest.mark.parametrize("counts, play", [
    ("7 7 7", (4, 3, 0, 0, 0)), ("2 2", (12, 0, 2, 0, 0)), ("SJ", (-1, 0, 0, 1, 0)), ("BJ BJ", (-1, 0, 0, 0, 2)),
    ("A 2 BJ", (11, 1, 1, 0, 1)), ("3", (0, 1, 0, 0, 0)), ("K", (10, 1, 0, 0, 0)),
    ("", None), ("3 A", None), ("3 4 2", None),
])
def test_canonical(counts, play):
    from gouji_dsl.runtime import cards as rt
    assert A.canonical_play(rt.parse_cards(counts)) == play
