"""Diff behaviours the seed-41 mutation sample found untested: how legal-action
lists are shortened and said, what a rule-alone game counterexample reports,
which checks show a tribute rule, and the search's bookkeeping of games a rule changed."""
from __future__ import annotations

import pytest

from gouji_dsl import engines
from gouji_dsl.diff import explain, search
from gouji_dsl.diff.counterexample import Budget, Counterexample
from gouji_dsl.diff.games import Situation, separation
from gouji_dsl.diff.matrix import render_matrix
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation


def test_an_empty_action_list_is_said_in_the_reader_s_language():
    assert explain._list_actions([], "zh") == "无"
    assert explain._list_actions([], "en") == "none"


def test_more_than_eight_actions_are_cut_to_eight_by_default():
    nine = [f"a{i}" for i in range(9)]
    assert explain._list_actions(nine, "en") == ", ".join(nine[:8]) + ", … (1 more)"
    assert explain._list_actions(nine[:8], "en") == ", ".join(nine[:8])


def test_a_long_action_list_on_one_side_alone_is_left_out_when_the_player_differs():
    # Who acts already explains why the actions differ; nine actions on one side are too many to list.
    a = {"player": 1, "actions": tuple(f"a{i}" for i in range(9))}
    b = {"player": 2, "actions": ("b0",)}
    text = explain._components_text(["player", "actions"], a, b, "A", "B", "en")
    assert "seat 1 acts" in text and "seat 2 acts" in text
    assert "legal actions" not in text
    # With few actions on both sides they are still listed.
    short = explain._components_text(["player", "actions"], {"player": 1, "actions": ("a0",)}, b, "A", "B", "en")
    assert "legal actions" in short


def test_rule_alone_reports_what_the_changed_rule_adds_against_the_rule_as_is():
    as_is = tuple(f"p{i}" for i in range(45))
    changed = as_is[:41] + ("x1", "x2")
    ex = Counterexample(rule="plays.x", rules=("plays.x",), a="A", b="B", kind="game", check="game",
                        situation=Situation(kind="deal", seed=1), components=("player",),
                        a_state={"player": 1}, b_state={"player": 2}, isolated=False,
                        alone=("A", {"actions": (as_is, changed)}))
    alone = ex.to_json()["rule_alone"]
    assert alone["as_is"]["actions"] == {"count": 45, "only_here": ["p41", "p42", "p43", "p44"], "only_here_count": 4}
    assert alone["with_the_rule_changed"]["actions"] == {"count": 43, "only_here": ["x1", "x2"], "only_here_count": 2}


def test_the_matrix_refuses_an_unknown_language():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        render_matrix(["lianzhong", "zaozhuang"], lang="fr")


@pytest.mark.parametrize("rule", ["tribute.enabled", "tribute.luo", "tribute.dian", "tribute.order"])
def test_a_tribute_rule_shows_in_tribute_and_score_checks(rule):
    assert search.checks_for(rule) == (["tribute", "score"], True)


@pytest.mark.parametrize("rule", ["end.sweep", "table.players", "table.teams", "table.opposites"])
def test_rules_that_decide_who_pays_whom_show_in_tribute_and_score_checks(rule):
    # A sweep, the seat count and the teams change who owes tribute and the score, not only the games.
    assert search.checks_for(rule) == (["tribute", "score"], True)


def test_separation_records_a_hybrid_that_changed_the_game_even_when_the_other_variant_agrees():
    ws = Workspace()
    lianzhong = engines.load(ws, "lianzhong", "reference")
    zaozhuang = engines.load(ws, "zaozhuang", "reference")
    deal = Situation(kind="deal", seed=3)
    base, hybrid, other = deal.start(lianzhong), deal.start(zaozhuang), deal.start(lianzhong)
    touched: list = []
    # The other variant plays like the base, so nothing separates the rule...
    assert separation([base, hybrid, other], touched) is None
    # ...but the rule did change the game, which the search reports when no counterexample is found.
    assert touched == [True]
    unchanged: list = []
    assert separation([base, deal.start(lianzhong), other], unchanged) is None
    assert unchanged == []


def test_a_rule_whose_hybrids_cannot_run_is_not_walked_in_games(monkeypatch):
    # A combination of rules the engines refuse (building the hybrid raises) leaves that side out;
    # with neither side runnable no game is searched and no counterexample is claimed.
    def refused(side, changes):
        raise ValueError("the engines cannot run this combination")

    monkeypatch.setattr(search, "Hybrid", refused)
    ws = Workspace()
    sides = [search.VariantEngine(n, Compilation(ws, n).checked, engines.load(ws, n)) for n in ("lianzhong", "zaozhuang")]
    pair = search.Pair(*sides, Budget())
    assert search._search_game(pair, ("flow.take_over",)) is None
    assert pair.searched == {} and pair.touched == {}
    assert pair.hybrids == {("lianzhong", ("flow.take_over",)): None, ("zaozhuang", ("flow.take_over",)): None}
