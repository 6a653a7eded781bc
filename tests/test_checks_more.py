"""Rule checks a fresh mutation sample (issue 11, seed 41) found unguarded.

Each test writes one house rule file and asserts the exact diagnostics the
checks give for it: the error a mistake is reported with, and no second error
for a rule the first one already made unreadable.
"""
from __future__ import annotations

from helpers import diagnostics_for


def errors(tmp_path, text: str) -> list[str]:
    return [d.split(" error: ", 1)[1] for d in diagnostics_for(tmp_path, text)]


def test_a_chain_rule_whose_smallest_bomb_is_above_its_largest_is_an_error(tmp_path):  # [patterns] chain_rules
    text = ("abstract variant house extends shuangkou-baibian\n\n[patterns]\nchain_rules =\n"
            "  | smallest_bomb | largest_bomb | min_bombs |\n  | 6 | 5 | 3 |\n")
    assert errors(tmp_path, text) == ["smallest_bomb is above largest_bomb"]


def test_place_points_of_the_wrong_length_are_one_error_not_also_judged_by_order(tmp_path):  # [scoring] place_points
    # [1, 2] rises and does not add up to 0 either, but with 2 points for 6 places
    # neither question means anything: only the count is reported.
    text = "variant house extends zaozhuang\n\n[scoring]\nplace_points = [1, 2]\n"
    assert errors(tmp_path, text) == ["2 place points for 6 places"]


def test_a_reversed_citation_is_not_also_measured_against_its_source(tmp_path):  # [about] citations
    # Both ends are far beyond source 000's end, but a range that ends before it
    # starts is already wrong: one error, not a second "out of range".
    text = "variant house extends zaozhuang\n\n[flow]\nlead_return_circles = 1  @000:L99999-99990\n"
    assert errors(tmp_path, text) == ["citation @000:L99999-99990 ends before it starts"]


def test_opposites_without_teams_are_checked_on_their_own(tmp_path):  # [table] opposites, teams
    # An abstract variant may leave the teams out: the opposites then share out the
    # seats soundly, and there are no teams to match them against.
    text = "abstract variant house\n\n[table]\nplayers = 4\nopposites = [[1, 3], [2, 4]]\n"
    assert errors(tmp_path, text) == []
    text = "abstract variant house\n\n[table]\nplayers = 4\nopposites = [[1, 3], [2, 1]]\n"
    assert errors(tmp_path, text) == ["seat 1 has more than one opposite"]
