"""Scores in conformance cases are numbers (docs/conformance.md, "Numbers in expect"): whole,
decimal, or an exact fraction written as a string ("2/3"), compared as numbers with a
relative tolerance of 1e-9, or exactly when both sides are exact."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from gouji_dsl.play.conform import matches, run_files, same_number, score_number
from test_conform_fuzz import ENGINE_FOR, KNOWN


@pytest.mark.parametrize("value, number", [
    (2, Fraction(2)), (-3, Fraction(-3)), (0, Fraction(0)), (1.5, 1.5), (-0.25, -0.25),
    ("2/3", Fraction(2, 3)), ("-7/2", Fraction(-7, 2)), ("5", Fraction(5)), ("4/2", Fraction(2)), ("0/9", Fraction(0)),
    (True, None), (False, None), (None, None), ([1], None), (math.inf, None), (-math.inf, None), (math.nan, None),
    ("1/0", None), ("1.5", None), ("2/", None), ("/3", None), (" 2/3", None), ("2/3 ", None), ("+2", None),
    ("2//3", None), ("2/-3", None), ("1" * 31, None), ("1" * 30, Fraction(int("1" * 30))), ("", None), ("½", None),
])
def test_score_number(value, number):
    assert score_number(value) == number
    assert type(score_number(value)) is type(number)


@pytest.mark.parametrize("expected, got, same", [
    (2, 2, True), (2, 3, False), (-2, -2, True), ("2/3", Fraction(2, 3), True), ("2/3", Fraction(2, 3) + Fraction(1, 10**12), False),
    ("4/2", 2, True), ("2/3", 2 / 3, True), ("1/3", 0.333, False), (0.5, Fraction(1, 2), True), (0.5, 1, False),
    (2, 2 * (1 + 5e-10), True), (2, 2 * (1 + 2e-9), False), (1e12, 1e12 + 1e2, True), (1e12, 1e12 + 1e4, False),
    (0, 0, True), (0, 0.0, True), (0, 1e-300, False), (1, True, False), (1, "1", False), (1, None, False),
])
def test_same_number(expected, got, same):
    assert same_number(expected, got) is same


def test_a_score_case_compares_every_seat_and_the_length():
    assert matches("score", [2, "-2", 2.0, "-4/2", 2, -2], [2, -2, 2, -2, 2, -2])
    assert not matches("score", [2, -2, 2, -2, 2], [2, -2, 2, -2, 2, -2])
    assert not matches("score", [2, -2, 2, -2, 2, -2, 0], [2, -2, 2, -2, 2, -2])
    assert not matches("score", [2, -2, 2, -2, 2, "-1/3"], [2, -2, 2, -2, 2, -2])


RESULT = '{"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 4, 5, 6]}'


@pytest.mark.parametrize("expect, passed, failure", [
    ('[2, -2, 2, -2, 2, -2]', True, None),
    ('[2.0, "-2", "4/2", -2.0000000000001, 2, "-6/3"]', True, None),
    ('[2, -2, 2, -2, 2, "-2/3"]', False,
     'zaozhuang: score: expected [2, -2, 2, -2, 2, "-2/3"], got [2, -2, 2, -2, 2, -2]'),
    ('[2, -2, 2, -2, 2, "-2/0"]', False,
     'expect must be a list of numbers, one per seat: whole, decimal, or an exact fraction written as a string ("2/3") [error]'),
    ('[2, -2, 2, -2, 2, true]', False,
     'expect must be a list of numbers, one per seat: whole, decimal, or an exact fraction written as a string ("2/3") [error]'),
])
def test_score_cases_with_numbers_run_through_the_runner(tmp_path, expect, passed, failure):
    path = tmp_path / "scores.jsonl"
    path.write_text(f'{{"check": "score", "variant": "zaozhuang", "result": {RESULT}, "expect": {expect}}}\n',
                    encoding="utf-8")
    report = run_files([path], ENGINE_FOR, KNOWN)
    assert (report.passed, report.failed) == ((1, 0) if passed else (0, 1))
    if failure is not None:
        assert report.lines == [f"{path}:1: {failure}"]
