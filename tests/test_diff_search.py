"""The counterexample search's budget: at most `relevance_checks` hybrid evaluations per rule
and check, and a rule whose example lies beyond the budget is reported as not found."""
from __future__ import annotations

import collections
import itertools

import pytest

import gouji_dsl
from gouji_dsl.diff import search
from gouji_dsl.diff.candidates import result_cases
from gouji_dsl.diff.games import PREVIOUS_RESULTS
from gouji_dsl.diff.compare import diff_models
from gouji_dsl.diff.counterexample import Budget
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation


def searched(monkeypatch, relevance_checks: int):
    """zaozhuang against qingdao, card and result cases only (no game walks), counting the
    hybrid evaluations of each (rule, check)."""
    calls: collections.Counter = collections.Counter()
    matters = search._matters

    def counted(pair, paths, check, case, others):
        calls[(paths[0], check)] += 1
        return matters(pair, paths, check, case, others)

    monkeypatch.setattr(search, "_matters", counted)
    ws = Workspace()
    diffs = diff_models(Compilation(ws, "zaozhuang").checked, Compilation(ws, "qingdao").checked)
    found = search.counterexamples("zaozhuang", "qingdao", diffs, ws=ws,
                                   budget=Budget(relevance_checks=relevance_checks, positions=0, deals=0, matches=0))
    return found, calls


# tribute.dian's first two disagreeing results are explained by other tribute rules; the third is its own.
@pytest.mark.parametrize("relevance_checks", [1, 2, 3, 300])
def test_the_relevance_budget_bounds_the_search(monkeypatch, relevance_checks):
    found, calls = searched(monkeypatch, relevance_checks)
    assert calls and max(calls.values()) <= relevance_checks
    by_rule = {e.rule: e for e in found}
    if relevance_checks < 3:
        assert calls[("tribute.dian", "tribute")] == relevance_checks   # the budget ran out
        assert "tribute.dian" not in by_rule
        reason = found.unfound["tribute.dian"].en
        assert reason.startswith("none found within the search budget (tribute and score cases")
    else:
        assert calls[("tribute.dian", "tribute")] == 3
        assert by_rule["tribute.dian"].check == "tribute" and by_rule["tribute.dian"].isolated
    assert by_rule["plays.joker_kills"].check == "beats"   # found at the first disagreement, whatever the budget


CONCRETE = ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao")


@pytest.mark.parametrize("name", CONCRETE)
def test_the_previous_games_matches_start_from_are_results_every_engine_accepts(name):
    # A match walk deals after one of these; a result an engine rejects would silently drop the walk.
    e = gouji_dsl.engine(name)
    for result in PREVIOUS_RESULTS:
        assert isinstance(e.tributes(result), list) and len(e.score(result)) == 6, result
        assert sorted(result["finish"]) == [1, 2, 3, 4, 5, 6] and len(set(result["opened"])) == len(result["opened"])


def test_candidate_results_never_burn_the_burners_opposite():
    # Beating your opposite's gouji play is answering it, not burning (D14): no such result is a case.
    opposites = Compilation(Workspace(), "zaozhuang").checked.table.opposites
    opposite = {a: b for pair in opposites for a, b in (pair, pair[::-1])}
    burns = [c["result"]["burns"] for c in itertools.islice(result_cases("tribute"), 3000) if "burns" in c["result"]]
    assert len(burns) >= 10   # not vacuous: burn cases come early among the candidates
    for burn in burns:
        for burner, burned in burn:
            assert burned != opposite[burner] and burned != burner, burn
