"""The figures `gouji simulate` reports (issue 32): the primary set and what a comparison tests,
rows that say "every game" instead of a rate, comparisons that mean nothing refused, and the
figures a game only shows with the match around it (the last game's winners winning again, the
first lead's team, places, winning after 开点 or a burn), each worked out again here from the
games' transcripts, apart from sim/records.py."""
from __future__ import annotations

import json
import re
from fractions import Fraction
from types import SimpleNamespace

import pytest

from gouji_dsl.backends.codegen import load_engine
from gouji_dsl.cli import main
from gouji_dsl.runtime.state import Match
from gouji_dsl.sim import stats
from gouji_dsl.sim.metrics import PRIMARY, metrics_for
from gouji_dsl.sim.report import table
from gouji_dsl.sim.runner import derive, play_game, play_match
from gouji_dsl.sim.summary import Side, Totals, incomparable, results

NO_TRIBUTE = ("variant notribute extends zaozhuang\n\n[about]\ntitle = \"不进贡\"\ntitle_en = \"No tribute\"\n\n"
              "[tribute]\nenabled = no\n")


# --- what a match's transcripts say, read without sim/records.py -------------------------------

SCORES = re.compile(r"^scores: \[(.*)\]$")
FIRST_PLAY = re.compile(r"^seat (\d+): play ")
PLACE = re.compile(r"seat (\d+) place (\d+)")


def _transcript_facts(lines: list[str]) -> dict:
    """A finished game's scores, first player, places, openers and successful burners, as its
    transcript (Game.transcript) prints them."""
    scores = next([Fraction(x) for x in m.group(1).split(", ")] for m in map(SCORES.match, lines) if m)
    first = next(int(m.group(1)) for m in map(FIRST_PLAY.match, lines) if m)
    over = next(line for line in lines if line.startswith("game over: "))
    places = {int(s): int(p) for s, p in PLACE.findall(over)}
    opened = {int(m.group(1)) for m in (re.match(r"^seat (\d+) opens \(开点\)$", x) for x in lines) if m}
    burned = {int(m.group(1)) for m in (re.match(r"^seat (\d+)'s burn succeeds$", x) for x in lines) if m}
    return {"scores": scores, "first": first, "places": places, "opened": opened, "burned": burned}


def _expected_sums(rules, games: list[dict]) -> dict:
    """The new figures' per-match sums, worked out from the games' facts in order."""
    team = {seat: 1 if t == rules.teams[1] else 2 for seat, t in rules.teams.items()}
    sums: dict = {}

    def add(key, value):
        sums[key] = sums.get(key, 0) + value

    previous = None
    for index, facts in enumerate(games):
        totals = {1: 0, 2: 0}
        for seat, score in enumerate(facts["scores"], 1):
            totals[team[seat]] += score
        won = None if totals[1] == totals[2] else 1 if totals[1] > totals[2] else 2
        if index > 0:
            add("after_game", 1)
            add("after_win", int(previous is not None))
            add("repeat_win", int(previous is not None and won == previous))
        add("first_led", 1)
        add("first_lead_won", int(won == team[facts["first"]]))
        add("score.spread", abs(totals[1] - totals[2]))
        for seat, place in facts["places"].items():
            add(f"place.{seat}.{place}", 1)
            if team[seat] == 1:
                add(f"team_place.{place}", 1)
        for t in (1, 2):
            mine = [p for s, p in facts["places"].items() if team[s] == t]
            add(f"place.team.{t}", Fraction(sum(mine), len(mine)))
        if not rules.pattern_plays:
            for name in ("opened", "burned"):
                teams = {team[s] for s in facts[name]}
                add(f"{name}_teams", len(teams))
                add(f"{name}_won", int(won in teams))
        previous = won
    return sums


@pytest.mark.parametrize("variant", ["zaozhuang", "lianzhong", "shuangkou"])
def test_the_match_figures_agree_with_the_transcripts(variant):
    """Matches of 3 games with the heuristic bots (runner.play_match, as `gouji simulate` plays
    them), against the same games' transcripts read here. Enough matches to see a repeated win
    and, in Gouji, a team that opened and a team that burned."""
    engine = load_engine(variant)
    rules = engine.RULES
    lineup = ("heuristic",) * rules.players
    seen: dict = {}
    for index in range(8):
        sums = play_match(engine, lineup, 5, index, 3)["sums"]
        match, facts = Match(), []
        for g in range(3):  # the same games again, for their transcripts
            game, _tally = play_game(engine, lineup, derive("game", 5, index, g),
                                     lambda seat, g=g: derive("bot", 5, index, g, seat), match)
            facts.append(_transcript_facts(game.transcript()))
            match = game.next_match()
        expected = _expected_sums(rules, facts)
        for key, value in expected.items():
            assert sums.get(key, 0) == pytest.approx(float(value)), f"match {index}: {key}"
            seen[key] = seen.get(key, 0) + value
    assert seen["after_win"] > 0 and seen["repeat_win"] > 0 and seen["first_lead_won"] > 0
    if not rules.pattern_plays:
        assert seen["opened_teams"] > 0 and seen["burned_teams"] > 0


def test_the_previous_winner_is_the_team_the_last_game_scored_higher():
    """The last game's winner comes from the match's results scored again (records.previous_winner):
    it must be the team its own scores put first."""
    from gouji_dsl.sim.records import previous_winner, team_totals, winner

    engine = load_engine("lianzhong")  # Gouji's scores read the opened players of the games before
    match = Match()
    winners = []
    for g in range(4):
        game, _ = play_game(engine, ("heuristic",) * 6, derive("w", g), lambda seat: seat, match)
        assert previous_winner(game) == (winners[-1] if winners else None)
        winners.append(winner(team_totals(engine.RULES, game.returns())))
        match = game.next_match()


# --- the primary figures, and what a comparison tests --------------------------------------------

def test_the_primary_figures_are_declared_and_the_rest_described():
    engine = load_engine("zaozhuang")
    fields = {"tribute.paid", "tribute.luo", "after_game"}
    metrics = metrics_for(engine.RULES, fields)
    assert [m.id for m in metrics if m.primary] == ["team_win.1", "sweep", "score.spread", "actions", "tribute.paid"]
    ids = {m.id for m in metrics}
    assert not any(i.startswith(("seat_win.", "first.")) for i in ids)  # restated the team win, the places
    assert {"repeat_win", "first_lead_won", "opened_win", "burned_win", "place.team.1", "place.6.6"} <= ids
    assert not next(m for m in metrics if m.id == "tribute.luo").primary  # fixed by the places and --match-games
    assert "repeat_win" not in {m.id for m in metrics_for(engine.RULES, set())}  # no game after another
    shuangkou = {m.id for m in metrics_for(load_engine("shuangkou").RULES, set())}
    assert {"place.4.4", "repeat_win"} - shuangkou == {"repeat_win"} and "opened_win" not in shuangkou


def test_a_comparison_tests_the_primary_figures_only_and_its_header_counts_them(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notribute.gouji").write_text(NO_TRIBUTE, encoding="utf-8")
    code = main(["simulate", "zaozhuang", "notribute.gouji", "--games", "24", "--match-games", "3", "--bots",
                 "greedy", "--workers", "1", "--json", "r.json"])
    out = capsys.readouterr().out
    assert code == 0
    comparison = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["comparisons"][0]
    rows = comparison["metrics"]
    primary = [r for r in rows if r["primary"]]
    assert [r["id"] for r in primary] == list(PRIMARY)  # first, in the declared order
    assert rows[:len(primary)] == primary
    assert all(r["p"] is None and r["p_holm"] is None and not r["significant"] for r in rows if not r["primary"])
    # m: these alone (the file's p are rounded to 10 places, Holm's were adjusted before rounding)
    assert [r["p_holm"] for r in primary] == pytest.approx(stats.holm([r["p"] for r in primary]), rel=1e-6, abs=1e-9)
    tested = sum(r["p"] is not None for r in rows)
    assert comparison["tested"] == tested == 5 and comparison["described"] == len(rows) - 5
    assert (f"{tested} primary figure(s) tested, Holm-adjusted; {len(rows) - 5} further figure(s) described"
            in out)
    assert "described, not tested (intervals at 95% each alone):" in out
    assert all(isinstance(r["primary"], bool) for r in rows)
    variant_rows = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["variants"][0]["metrics"]
    assert {r["id"] for r in variant_rows if r["primary"]} == set(PRIMARY)


# --- a share that never varied -------------------------------------------------------------------

def _side(name: str, sums_by_match: list[dict]) -> Side:
    totals = Totals()
    hist = {"score.team.1": {0: 1}, "score.team.2": {0: 1}, "actions": {100: 1}, "rounds": {20: 1}}
    for sums in sums_by_match:
        totals.add({"sums": sums, "hist": hist})
    engine = load_engine(name)
    return Side(name, engine, name, totals, ("greedy",) * engine.RULES.players)


def test_a_share_the_same_in_every_game_is_said_in_words():
    """四户乱缠 in every game, no draw, and no team that burned winning: words, not a rate."""
    base = {"games": 4, "seats": 24, "actions": 400, "rounds": 80, "decisions": 390, "team_win.1": 2,
            "team_win.2": 2, "chaos": 4, "first_led": 4, "first_lead_won": 2, "burned_teams": 3, "burned_won": 0}
    doc = results([_side("zaozhuang", [base, dict(base, **{"team_win.1": 3, "team_win.2": 1})])],
                  {"games": 8, "seed": 1, "match_games": 4, "bots": ["greedy"], "confidence": 0.95}, {}, 0.95)
    rows = {r["id"]: r for r in doc["variants"][0]["metrics"]}
    assert rows["chaos"]["constant"] and rows["chaos"]["estimate"] == 1
    assert rows["draw"]["constant"] and rows["draw"]["estimate"] == 0
    assert rows["burned_win"]["constant"] and rows["burned_win"]["count"] == 6
    assert not rows["team_win.1"]["constant"] and not rows["actions"]["constant"]
    shown = {line.strip().split("  ")[0]: line for line in table(doc).splitlines()}
    assert shown["games reaching 四户乱缠"].endswith("every game") and "%" not in shown["games reaching 四户乱缠"]
    assert shown["drawn (both teams score the same)"].endswith("no game")
    assert shown["a team with a burn that succeeds wins"].endswith("none of 6")
    assert "%" in shown["team 1 (seats 1, 3, 5) wins"]


# --- comparisons that mean nothing ----------------------------------------------------------------

@pytest.mark.parametrize("a, b, refused", [
    ((False, 6), (False, 6), None),
    ((True, 4), (True, 4), None),
    ((False, 6), (True, 4), "a is Gouji for 6 players, b is Shuangkou for 4"),
    ((True, 4), (False, 6), "a is Shuangkou for 4 players, b is Gouji for 6"),
    ((False, 6), (False, 4), "a is Gouji for 6 players, b is Gouji for 4"),
])
def test_variants_of_two_games_or_player_counts_are_not_compared(a, b, refused):
    rules = [SimpleNamespace(pattern_plays=p, players=n) for p, n in (a, b)]
    why = incomparable("a", rules[0], "b", rules[1])
    if refused is None:
        assert why is None
        return
    assert why is not None and why.text("en").startswith(refused)
    assert why.text("en").endswith("simulate them one at a time")
    assert "人的" in why.text("zh") and "请分别模拟" in why.text("zh")


def test_a_star_and_the_interval_beside_it_always_agree(tmp_path, monkeypatch, capsys):
    # The table shows a tested figure's interval at the level Holm tests it at: it excludes 0
    # exactly when the figure has its star, and every interval stays within the figure's range.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notribute.gouji").write_text(NO_TRIBUTE, encoding="utf-8")
    assert main(["simulate", "zaozhuang", "notribute.gouji", "--games", "48", "--match-games", "4", "--bots",
                 "greedy", "--workers", "1", "--no-progress", "--json", "r.json"]) == 0
    document = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    rows = document["comparisons"][0]["metrics"]
    tested = [r for r in rows if r["p"] is not None]
    assert tested and any(r["significant"] for r in tested)
    for r in tested:
        assert r["significant"] == (not r["holm_low"] <= 0 <= r["holm_high"]), r["id"]
        assert r["holm_confidence"] >= 0.95 and r["holm_low"] <= r["low"] <= r["high"] <= r["holm_high"]
    for r in rows:
        if r["low"] is not None and r["kind"] in ("proportion", "ratio"):
            assert -1 <= r["low"] <= r["high"] <= 1, r["id"]
    for v in document["variants"]:
        for r in v["metrics"]:
            if r["low"] is not None and r["kind"] in ("proportion", "ratio"):
                assert 0 <= r["low"] <= r["high"] <= 1, r["id"]
            if r["low"] is not None and r["kind"] == "count":
                assert 0 <= r["low"] and r["high"] > 0, r["id"]  # none seen is not "never"


def test_precision_plays_rounds_until_the_tested_figures_are_narrow_enough(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "zaozhuang", "--games", "8", "--match-games", "2", "--bots", "greedy", "--precision",
                 "0.5", "--workers", "1", "--no-progress", "--json", "r.json"]) == 0
    document = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    rounds = document["precision"]["rounds"]
    assert rounds[0] == 8 and len(rounds) > 1 and rounds == sorted(rounds)
    assert document["settings"]["games"] == rounds[-1] == document["variants"][0]["games"]
    assert document["precision"]["met"]
    for r in document["variants"][0]["metrics"]:
        if r["primary"] and r["low"] is not None:
            scale = 1 if r["kind"] in ("proportion", "ratio") else abs(r["estimate"])
            assert r["high"] - r["low"] <= 0.5 * scale, r["id"]
    assert f"--precision 0.5: met after {rounds[-1]} games a variant" in capsys.readouterr().out
    # the rounds are the games of one run of that many: the same seeds, match after match
    assert main(["simulate", "zaozhuang", "--games", str(rounds[-1]), "--match-games", "2", "--bots", "greedy",
                 "--workers", "1", "--no-progress", "--json", "once.json"]) == 0
    once = json.loads((tmp_path / "once.json").read_text(encoding="utf-8"))
    assert once["variants"][0]["metrics"] == document["variants"][0]["metrics"]
