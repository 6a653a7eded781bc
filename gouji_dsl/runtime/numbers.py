"""Scores as exact numbers: whole scores are `int`, the rest `fractions.Fraction`.

A variant's `[scoring] scale` (such as 1/3) multiplies every score of a game; a
score that does not come out whole stays an exact fraction, never a float. JSON
has no fractions: `to_json` writes one as the string "p/q", as docs/conformance.md
writes expected scores, and a whole score as a plain number.
"""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from numbers import Rational

__all__ = ["scaled", "exact", "to_json", "signed"]


def exact(x: int | Rational) -> int | Fraction:
    """`x` as an int when it is whole, else as a Fraction."""
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else x


def scaled(scores: Iterable[int], numerator: int, denominator: int) -> list[int | Fraction]:
    """Each score times numerator/denominator, exactly."""
    return [exact(Fraction(s * numerator, denominator)) for s in scores]


def to_json(x: int | Fraction) -> int | str:
    """A score for JSON: a whole number as itself, a fraction as "p/q"."""
    if isinstance(x, Fraction):
        return str(x) if x.denominator != 1 else x.numerator
    return x


def signed(x: int | Fraction) -> str:
    """A score with its sign for people, as format(x, "+d") writes a whole one: +2, +0, -2/3."""
    x = exact(x)
    if isinstance(x, int):
        return f"{x:+d}"
    return ("+" if x > 0 else "-") + str(abs(x))
