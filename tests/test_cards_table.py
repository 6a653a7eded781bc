"""Table tests of runtime.cards: the card notation, play tuples and the
validation of a finished game's result (docs/conformance.md `result`)."""
from __future__ import annotations

import pytest

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.cards import CardError, ResultError


def vector(**counts):
    v = [0] * 15
    for name, n in counts.items():
        v[rt.INDEX[name.lstrip("_")]] = n
    return tuple(v)


@pytest.mark.parametrize("text, counts", [
    ("", (0,) * 15), ("3", vector(_3=1)), ("BJ", vector(BJ=1)), ("2 2 7 7 7", vector(_2=2, _7=3)),
    ("T 10", vector(_10=2)), ("小王 大王 SJ", vector(SJ=2, BJ=1)), ("  A\tK\nA ", vector(A=2, K=1)),
])
def test_parse_cards(text, counts):
    assert rt.parse_cards(text) == counts


@pytest.mark.parametrize("text, message", [
    ("7 7 X", "unknown card 'X' (token 3): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王)"),
    ("x", "unknown card 'x' (token 1): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王)"),
    ("1", "unknown card '1' (token 1): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王)"),
    (b"7", "cards must be written as a string of tokens, not bytes"),
    (None, "cards must be written as a string of tokens, not NoneType"),
])
def test_parse_cards_refuses(text, message):
    with pytest.raises(CardError) as err:
        rt.parse_cards(text)
    assert str(err.value) == message


@pytest.mark.parametrize("play, counts, text", [
    ((4, 3, 0, 0, 0), vector(_7=3), "7 7 7"),
    ((0, 1, 0, 0, 0), vector(_3=1), "3"),
    ((11, 2, 1, 1, 1), vector(A=2, _2=1, SJ=1, BJ=1), "A A 2 SJ BJ"),
    ((12, 0, 3, 0, 0), vector(_2=3), "2 2 2"),
    ((12, 0, 1, 0, 2), vector(_2=1, BJ=2), "2 BJ BJ"),
    ((-1, 0, 0, 2, 1), vector(SJ=2, BJ=1), "SJ SJ BJ"),
])
def test_play_tuples(play, counts, text):
    assert rt.cards_of(play) == counts
    assert rt.format_cards(play) == text and rt.format_cards(counts) == text
    hand = tuple(n + 2 for n in counts)
    assert rt.minus(hand, play) == (2,) * 15
    assert rt.minus(counts, play) == (0,) * 15


def test_minus_of_a_play_of_2s_or_jokers_leaves_the_other_ranks():
    hand = tuple(range(1, 16))
    assert rt.minus(hand, (12, 0, 2, 1, 0)) == hand[:12] + (11, 13, 15)
    assert rt.minus(hand, (-1, 0, 0, 0, 3)) == hand[:14] + (12,)
    assert rt.minus(hand, (0, 1, 0, 0, 0)) == (0,) + hand[1:]


def test_sum_tributes_merges_and_drops_zeros():
    entries = [("dian", 1, 2, 1), ("dian", 1, 2, 2), ("men", 3, 4, 0), ("dian", 2, 1, 1), ("men", 3, 4, 1)]
    assert rt.sum_tributes(entries) == [{"kind": "dian", "from": 1, "to": 2, "count": 3},
                                        {"kind": "dian", "from": 2, "to": 1, "count": 1},
                                        {"kind": "men", "from": 3, "to": 4, "count": 1}]
    assert rt.sum_tributes([("dian", 1, 2, 0)]) == []


GOOD = {"finish": [3, 1, 2, 4, 5, 6]}


def test_read_result_reads_every_field():
    r = rt.read_result({"finish": [3, 1, 2, 4, 5, 6], "opened": [1, 3], "declared": [2], "burns": [[1, 2]],
                        "men": [[4, 5]], "previous": [{"opened": [6]}, {}]})
    assert r == rt.Result((3, 1, 2, 4, 5, 6), frozenset({1, 3}), frozenset({2}), ((1, 2),), ((4, 5),),
                          (frozenset({6}), frozenset()))
    assert rt.read_result(GOOD) == rt.Result((3, 1, 2, 4, 5, 6), frozenset(), frozenset(), (), (), ())
    assert rt.read_result({"finish": [2, 1, 4, 3]}, players=4).finish == (2, 1, 4, 3)


@pytest.mark.parametrize("data, kwargs, message", [
    ([], {}, "result must be an object"),
    ({"finish": [1, 2, 3, 4, 5, 6], "winner": 1, "aa": 2}, {}, "unknown result field(s): aa, winner"),
    ({"finish": [1, 2, 3, 4, 5]}, {}, "result.finish must list each of the 6 seats once"),
    ({"finish": [1, 2, 3, 4, 5, 5]}, {}, "result.finish must list each of the 6 seats once"),
    ({}, {}, "result.finish must list each of the 6 seats once"),
    ({"finish": [1, 2, 3, 4, 5, 7]}, {}, "result.finish names seat 7: seats are 1..6"),
    ({"finish": [0, 1, 2, 3, 4, 5]}, {}, "result.finish names seat 0: seats are 1..6"),
    ({"finish": [1, 2, 3, 4, 5, True]}, {}, "result.finish must be a list of seats"),
    ({"finish": "123456"}, {}, "result.finish must be a list of seats"),
    ({"finish": [1, 2, 3, 4, 5, 6]}, {"players": 4}, "result.finish names seat 5: seats are 1..4"),
    ({**GOOD, "burns": [[1, 2, 3]]}, {}, "result.burns must be a list of [seat, seat] pairs"),
    ({**GOOD, "burns": [(1, 2)]}, {}, "result.burns must be a list of [seat, seat] pairs"),
    ({**GOOD, "men": {"1": 2}}, {}, "result.men must be a list of [seat, seat] pairs"),
    ({**GOOD, "burns": [[1, 1]]}, {}, "result.burns pairs a seat with itself"),
    ({**GOOD, "men": [[2, 9]]}, {}, "result.men names seat 9: seats are 1..6"),
    ({**GOOD, "declared": [1]}, {"declare": False}, "result.declared is not empty, but this variant has no 宣点 (declaring)"),
    ({**GOOD, "burns": [[1, 2]]}, {"burn": False}, "result.burns is not empty, but this variant has no burning"),
    ({**GOOD, "men": [[1, 2]]}, {"men": False}, "result.men is not empty, but this variant has no 憋三 (threes last)"),
    ({**GOOD, "previous": {"opened": [1]}}, {}, 'result.previous must be a list of {"opened": [...]} objects'),
    ({**GOOD, "previous": [{"opened": [1], "x": 1}]}, {}, 'result.previous must be a list of {"opened": [...]} objects'),
    ({**GOOD, "previous": [[1]]}, {}, 'result.previous must be a list of {"opened": [...]} objects'),
    ({**GOOD, "previous": [{"opened": [8]}]}, {}, "result.previous.opened names seat 8: seats are 1..6"),
    ({**GOOD, "opened": [1, 7]}, {}, "result.opened names seat 7: seats are 1..6"),
    ({**GOOD, "declared": 1}, {}, "result.declared must be a list of seats"),
    ({**GOOD, "opened": [1, 3, 1]}, {}, "result.opened names seat 1 twice"),
    ({**GOOD, "declared": [2, 2]}, {}, "result.declared names seat 2 twice"),
    ({**GOOD, "previous": [{"opened": [4, 5, 4]}]}, {}, "result.previous.opened names seat 4 twice"),
])
def test_read_result_refuses(data, kwargs, message):
    with pytest.raises(ResultError) as err:
        rt.read_result(data, **kwargs)
    assert str(err.value) == message


def test_read_result_refuses_a_burn_between_opposites_when_it_knows_them():  # D14
    opposite = {1: 4, 4: 1, 2: 5, 5: 2, 3: 6, 6: 3}
    for pair in ([1, 4], [4, 1], [6, 3]):
        with pytest.raises(ResultError) as err:
            rt.read_result({**GOOD, "burns": [[1, 2], pair]}, opposite=opposite)
        assert str(err.value) == (f"result.burns pairs seat {pair[0]} with its opposite {pair[1]}: "
                                  "the opposite answers a 级牌 plainly, it never burns it (D14)")
    assert rt.read_result({**GOOD, "burns": [[1, 2], [1, 6], [2, 1]], "men": [[1, 4]]}, opposite=opposite).burns == \
        ((1, 2), (1, 6), (2, 1))
    assert rt.read_result({**GOOD, "burns": [[1, 4]]}).burns == ((1, 4),)  # opposites not given


def test_read_result_allows_empty_fields_a_variant_lacks():
    r = rt.read_result({**GOOD, "declared": [], "burns": [], "men": []}, declare=False, burn=False, men=False)
    assert r.declared == frozenset() and r.burns == () and r.men == ()
