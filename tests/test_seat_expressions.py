"""Seat expressions, three readings of one expression compared (Hypothesis): the fast flow's
interpreter (`State._holds` over a Predicate), the specialiser's code (the expression written
out by backends/specialise/predicates.py, evaluated on the same game) and the reference
interpreter's (`model.expr.evaluate` over backends/oracle/predicates.py), which shares no code
with the other two. Random expressions of the functions of a player's state, on random
positions of a Zaozhuang game with players out, opened and passed."""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl.backends.specialise import predicates as specialised
from gouji_dsl.diagnostics import Reporter
from gouji_dsl.lang.parser import parse_piece
from gouji_dsl.model.expr import SEAT_FUNCTIONS, Choice, predicate
from gouji_dsl.model.types import Context
from gouji_dsl.rules.burning import LIFT
from gouji_dsl.runtime.game import new_position

HANDS = {1: "Q Q Q 4 5", 2: "K K K 5 6", 3: "3 7 7", 4: "A A A 6 8", 5: "A A A 7 9", 6: "K K K 8 10"}

players = st.recursive(st.sampled_from(["burner", "beater"]),
                       lambda inner: st.builds("{}({})".format, st.sampled_from(["opposite", "next", "previous"]), inner),
                       max_leaves=3)
numbers = st.one_of(st.builds("cards_left({})".format, players), st.builds("number({})".format, players),
                    st.builds("distance({}, {})".format, players, players), st.integers(0, 6).map(str))
atoms = st.one_of(
    st.builds("{}({})".format, st.sampled_from(["headless", "opened", "passed", "out", "holds_top", "played", "failed",
                                                "sits_out", "passed_plain", "forfeited"]), players),
    st.builds("teammate({}, {})".format, players, players),
    st.builds("{} {} {}".format, players, st.sampled_from(["==", "!="]), players),
    st.builds("{} {} {}".format, numbers, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), numbers),
    st.builds("{} {} {}".format, numbers, st.sampled_from(["+", "-", "*"]), numbers).map(lambda t: f"{t} >= 3"),
    st.sampled_from(["yes", "no"]))
conditions = st.recursive(atoms, lambda inner: st.one_of(
    st.builds("({}) {} ({})".format, inner, st.sampled_from(["and", "or"]), inner),
    st.builds("not ({})".format, inner)), max_leaves=6)


@cache
def reference_engine():
    return gouji_dsl.reference_engine("zaozhuang")


def checked(text: str) -> Choice:
    entry, _tokens = parse_piece(f"lift = {text}\n", "<test>", "entry")
    reporter = Reporter()
    value = LIFT.convert(entry.value, Context(reporter))
    assert not reporter.failed, (text, reporter.diagnostics)
    return value


def written_out(game, value: Choice, burner: int, beater: int):
    """The expression as the specialiser writes it into the flow, evaluated on `game`."""
    call = ast.parse("self._holds(PREDICATE, burner=burner, beater=beater)", mode="eval").body
    assert isinstance(call, ast.Call)
    call.args[0] = ast.Constant(predicate(value))
    expression = specialised.expand(call)
    assert expression is not None
    code = compile(ast.fix_missing_locations(ast.Expression(expression)), "<expanded>", "eval")
    return eval(code, {}, {"self": game, "burner": burner, "beater": beater})  # noqa: S307 - our own tree


def test_the_random_expressions_call_every_seat_function():
    source = Path(__file__).read_text(encoding="utf-8")
    assert all(f'"{name}' in source for name in SEAT_FUNCTIONS)


@settings(max_examples=80, deadline=None)  # 3,000 in a run by hand: docs/development.md
@given(text=conditions, out=st.lists(st.sampled_from([2, 3, 5, 6]), max_size=2, unique=True),
       opened=st.sets(st.integers(1, 6), max_size=3), moves=st.integers(0, 5),
       burner=st.integers(1, 6), beater=st.integers(1, 6))
def test_three_readings_of_a_seat_expression_agree(text, out, opened, moves, burner, beater):
    value = checked(text)
    places = {seat: place for place, seat in enumerate(out, start=1)}
    hands = {s: h for s, h in HANDS.items() if s not in places}
    # The unspecialised flow (what reads a Predicate at run time), with the generated engine's rules.
    fast = new_position(gouji_dsl.engine("zaozhuang").RULES, hands, leader=1, out=places, opened=opened)
    reference = reference_engine().new_position(hands, leader=1, out=places, opened=opened)
    for step in range(moves):  # the same actions on both: some players pass, some play
        if fast.is_terminal():
            break
        legal = sorted(str(a) for a in fast.legal_actions())
        assert legal == sorted(str(a) for a in reference.legal_actions())
        action = legal[step % len(legal)]
        fast.apply_action(action)
        reference.apply_action(action)
    expected = reference.holds(value, burner=burner, beater=beater)
    assert fast._holds(predicate(value), burner=burner, beater=beater) == expected, text
    assert written_out(fast, value, burner, beater) == expected, text
