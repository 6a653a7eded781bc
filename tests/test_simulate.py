"""`gouji simulate` and `gouji arena`: records, seed-determinism across worker counts and
backends, comparisons, outputs and errors. (The statistics themselves: test_sim_stats.py.)"""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gouji_dsl.backends.codegen import load_engine
from gouji_dsl.cli import main
from gouji_dsl.runtime.state import Match
from gouji_dsl.sim.parallel import Progress
from gouji_dsl.sim.records import game_record
from gouji_dsl.sim.runner import derive, play_game
from tests.helpers import CLUB_RULES

SAME_AS_ZAOZHUANG = "variant twin extends zaozhuang\n\n[about]\ntitle = \"双胞胎\"\ntitle_en = \"Twin\"\n"


def run(argv, capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def club(tmp_path, monkeypatch) -> Path:
    (tmp_path / "club.gouji").write_text(CLUB_RULES, encoding="utf-8")
    (tmp_path / "twin.gouji").write_text(SAME_AS_ZAOZHUANG, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def results_without_timings(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    head, sep, _tail = text.partition('\n "timings": ')
    assert sep, "the timings are the last field, apart from the rest"
    return head


# --- records ------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["zaozhuang", "lianzhong", "shuangkou"])
def test_a_record_agrees_with_the_finished_game(variant):
    engine = load_engine(variant)
    match = Match()
    for g in range(3):  # games 2 and 3 pay tribute
        game, tally = play_game(engine, ("greedy",) * engine.RULES.players, derive("t", g),
                                lambda seat: seat, match)
        rec = game_record(game, tally)
        scores = game.returns()
        assert rec["games"] == 1 and rec["actions"] == len(game.history())
        assert [rec[f"score.seat.{s}"] for s in range(1, engine.RULES.players + 1)] == scores
        assert rec["team_win.1"] + rec["team_win.2"] + rec["draw"] == 1
        assert rec["score.team.1"] + rec["score.team.2"] == sum(scores)
        players = engine.RULES.players
        assert sorted(p for s in range(1, players + 1) for p in range(1, players + 1)
                      if rec.get(f"place.{s}.{p}")) == list(range(1, players + 1))  # a place a seat, each once
        assert rec["place.team.1"] + rec["place.team.2"] == players + 1  # two halves of the seats
        assert rec["score.spread"] == abs(rec["score.team.1"] - rec["score.team.2"])
        assert not any(k.startswith(("seat_win.", "first.")) for k in rec)  # restated the team win / the places
        assert 1 <= rec["rounds"] <= rec["actions"]
        if not engine.RULES.pattern_plays:
            assert rec["sweep"] == int(game._swept())
            assert rec["opened"] == len(game.opened)
            paid = sum(len(t["cards"].split()) for t in game.tribute_log if t["kind"] != "return")
            assert rec.get("tribute.paid", 0) == paid
            assert (paid > 0) == (g > 0 and engine.RULES.name != "zhoujxmt") or g == 0
        match = game.next_match()


# --- determinism ---------------------------------------------------------------------------------

def test_results_are_identical_for_one_and_two_workers(club, capsys):
    """The --json files of --workers 1 and --workers 2 are byte-identical apart from the timings."""
    texts = []
    for workers in ("1", "2"):
        out = club / f"w{workers}.json"
        code, _, err = run(["simulate", "zaozhuang", "club.gouji", "--games", "26", "--match-games", "3",
                            "--bots", "greedy,random", "--seed", "7", "--workers", workers, "--json", str(out)], capsys)
        assert code == 0, err
        texts.append(results_without_timings(out))
        assert json.loads(out.read_text(encoding="utf-8"))["timings"]["workers"] == int(workers)
    assert texts[0] == texts[1]
    data = json.loads(texts[0].rstrip(",") + "}")
    assert [v["games"] for v in data["variants"]] == [26, 26]
    assert data["comparisons"][0]["a"] == "club" and data["comparisons"][0]["b"] == "zaozhuang"


def test_another_seed_gives_other_games(club, capsys):
    heads = []
    for seed in ("1", "2"):
        out = club / f"s{seed}.json"
        assert run(["simulate", "lianzhong", "--games", "8", "--bots", "random", "--seed", seed,
                    "--workers", "1", "--json", str(out)], capsys)[0] == 0
        heads.append(results_without_timings(out).replace(f'"seed": {seed}', ""))
    assert heads[0] != heads[1]


@pytest.mark.wide  # the same simulation as the local processes of the default run, on another backend
def test_ray_gives_the_same_results_as_local_processes(tmp_path):
    """--ray local: a Ray instance on this machine plays the same games (CI installs Ray)."""
    if not os.environ.get("CI"):
        pytest.importorskip("ray")
    env = dict(os.environ, RAY_AUTH_MODE="disabled")
    files = {}
    for backend in ("processes", "ray"):
        out = tmp_path / f"{backend}.json"
        extra = ["--ray", "local"] if backend == "ray" else []
        proc = subprocess.run([sys.executable, "-m", "gouji_dsl", "simulate", "shuangkou", "--games", "12",
                               "--bots", "greedy,random", "--workers", "2", "--json", str(out), *extra],
                              capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        files[backend] = out
    assert results_without_timings(files["processes"]) == results_without_timings(files["ray"])
    timings = json.loads(files["ray"].read_text(encoding="utf-8"))["timings"]
    assert timings["backend"] == "ray"


# --- comparisons ---------------------------------------------------------------------------------

def test_a_house_rule_that_changes_nothing_shows_no_difference(club, capsys):
    out = club / "twin.json"
    code, text, err = run(["simulate", "zaozhuang", "twin.gouji", "--games", "12", "--bots", "greedy",
                           "--workers", "1", "--json", str(out)], capsys)
    assert code == 0, err
    rows = json.loads(out.read_text(encoding="utf-8"))["comparisons"][0]["metrics"]
    assert rows and all(r["difference"] in (0, None) and not r["significant"] for r in rows)
    assert "0 significant difference(s)" in text


def test_a_house_rule_that_changes_the_game_is_found_significant(club, capsys):
    """Zaozhuang's tribute against a house rule with no tribute: every tribute figure differs."""
    (club / "notribute.gouji").write_text(
        "variant notribute extends zaozhuang\n\n[about]\ntitle = \"不进贡\"\ntitle_en = \"No tribute\"\n\n"
        "[tribute]\nenabled = no\n", encoding="utf-8")
    out = club / "nt.json"
    code, text, err = run(["simulate", "zaozhuang", "notribute.gouji", "--games", "60", "--match-games", "3",
                           "--bots", "greedy", "--workers", "2", "--json", str(out)], capsys)
    assert code == 0, err
    rows = {r["id"]: r for r in json.loads(out.read_text(encoding="utf-8"))["comparisons"][0]["metrics"]}
    assert rows["tribute.paid"]["significant"] and rows["tribute.paid"]["difference"] < 0
    assert "* " in text


# --- arena ---------------------------------------------------------------------------------------

def test_arena_plays_each_deal_twice_with_the_teams_swapped(club, capsys):
    out = club / "arena.json"
    code, text, err = run(["arena", "lianzhong", "--bots", "greedy,random", "--games", "24", "--workers", "2",
                           "--json", str(out)], capsys)
    assert code == 0, err
    pair = json.loads(out.read_text(encoding="utf-8"))["pairs"][0]
    assert pair["games"] == 48 and pair["deals"] == 24
    assert pair["stronger"] == "greedy" and pair["p"] < 0.05
    assert pair["a_wins"]["low"] > pair["b_wins"]["high"]
    assert "greedy is stronger" in text


def test_arena_deals_are_the_same_for_both_seatings():
    from gouji_dsl.sim.arena import play_deal

    engine = load_engine("shuangkou")
    mirror = play_deal(engine, "greedy", "greedy", 3, 0)
    assert mirror["a_score"] == mirror["b_score"]  # the same bots on the same cards: the swap mirrors


# --- outputs -------------------------------------------------------------------------------------

def test_csv_and_table(club, capsys):
    out = club / "r.csv"
    code, text, err = run(["simulate", "shuangkou", "shuangkou-qianbian", "--games", "8", "--bots", "greedy",
                           "--workers", "1", "--csv", str(out)], capsys)
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert {r["row"] for r in rows} == {"estimate", "difference"}
    assert any(r["metric"] == "sweep" and "双扣" in r["label"] for r in rows)
    assert {r["metric"] for r in rows if r["row"] == "difference" and r["primary"] == "yes"} == {
        "team_win.1", "sweep", "score.spread", "actions"}  # no tribute in Shuangkou: tribute.paid is not written
    assert all(r["p"] == r["significant"] == "" for r in rows if r["row"] == "difference" and r["primary"] == "no")
    assert "shuangkou-qianbian compared with shuangkou" in text


def test_progress_bar_shows_an_eta():
    stream = io.StringIO()
    bar = Progress(100, "zaozhuang", enabled=True, stream=stream)
    bar.advance(50)
    bar.advance(50)
    bar.close()
    shown = stream.getvalue()
    assert "50/100 games" in shown and "ETA" in shown and "100/100" in shown


# --- errors --------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["simulate", "zaozhuang", "--games", "0"], "--games must be at least 1"),
    (["simulate", "zaozhuang", "--bots", "clever"], "unknown bot 'clever'"),
    (["simulate", "zaozhuang", "--bots", "greedy,random,greedy"], "give 1 (every seat), 2 (team 1, team 2) or 6"),
    (["simulate", "zaozhuang", "--bots", "greedy:5"], "takes no budget"),
    (["simulate", "zaozhuang", "--bots", "search:0"], "a whole number of at least 1"),
    (["arena", "zaozhuang", "--bots", "search:²,heuristic"], "a whole number of at least 1"),
    (["play", "zaozhuang", "--bots", "clever"], "unknown bot 'clever'"),
    (["simulate", "zaozhuang", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", "zaozhuang", "--match-games", "0"], "--match-games must be at least 1"),
    (["simulate", "zaozhuang", "--confidence", "95"], "--confidence"),
    (["simulate", "zaozhuang", "zaozhuang"], "named twice"),
    (["simulate", "zaozhuang", "shuangkou"], "zaozhuang is Gouji for 6 players, shuangkou is Shuangkou for 4: their "
                                             "games are not paired and their figures mean different things; simulate "
                                             "them one at a time"),
    (["simulate", "shuangkou", "lianzhong", "--bots", "greedy,random,greedy,random"],
     "shuangkou is Shuangkou for 4 players, lianzhong is Gouji for 6"),  # refused before the bots are seated
    (["simulate", "lianzhong", "club.gouji", "shuangkou-qianbian"], "shuangkou-qianbian is Shuangkou for 4"),
    (["simulate", "zaozhaung"], "zaozhaung"),
    (["simulate", "zaozhuang", "--precision", "0"], "--precision is a width above 0 and below 10"),
    (["simulate", "zaozhuang", "--precision", "12"], "--precision is a width above 0 and below 10"),
    (["simulate", "zaozhuang", "--bots", "greedy", "--bots", "greedy"], "a bot mix is given twice: greedy / greedy"),
    (["simulate", "zaozhuang"] + ["--bots", "greedy"] + [a for n in range(1, 9) for a in ("--bots", f"search:{n}")],
     "--bots is given 9 times: at most 8 bot mixes a run"),
    (["simulate", "zaozhuang", "--bots", "greedy", "--bots", "clever"], "unknown bot 'clever'"),
    (["simulate", "gouji"], "abstract"),
    (["simulate", "zaozhuang", "--plot", "out.svg"], ".png"),
    (["arena", "zaozhuang", "--bots", "greedy"], "at least two bots"),
    (["arena", "zaozhuang", "--bots", "greedy,greedy"], "names a bot twice"),
])
def test_bad_requests_are_refused_before_any_game(argv, message, club, capsys):
    code, _out, err = run(argv, capsys)
    assert code == 2 and message in err
    assert sorted(p.name for p in club.iterdir()) == ["club.gouji", "twin.gouji"]  # nothing written


def test_an_output_path_that_is_a_folder_is_refused_first(club, capsys):
    (club / "out").mkdir()
    code, _out, err = run(["simulate", "zaozhuang", "--games", "4", "--json", "out"], capsys)
    assert code == 2 and "is a folder" in err


def test_ray_missing_says_how_to_install_it(club, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    code, _out, err = run(["simulate", "zaozhuang", "--ray", "local"], capsys)
    assert code == 2 and "pip install 'gouji-dsl[ray]'" in err


@pytest.mark.parametrize("variant", ["zaozhuang", "lianzhong", "qingdao", "huangjindao", "shuangkou-qianbian"])
def test_every_figure_reads_fields_the_records_write(variant):
    """A figure over a field no record writes would report 0 for ever: each one a variant shows
    must come from fields its games produce (tribute needs a second game of a match)."""
    from gouji_dsl.sim.metrics import metrics_for

    engine = load_engine(variant)
    fields: set[str] = set()
    match = Match()
    for g in range(4):
        game, tally = play_game(engine, ("heuristic",) * engine.RULES.players, derive("f", g), lambda s: s, match)
        fields |= set(game_record(game, tally))
        match = game.next_match()
    written_always = {"games", "seats"}
    for metric in metrics_for(engine.RULES, fields):
        for name in (metric.field, metric.per):
            # a place in four games may go to one team only: place fields are written when taken
            assert name in fields or name.startswith(("place.", "team_place.", "team_score.")) or name in written_always, \
                f"{metric.id}: no record of {variant} writes {name}"


ENGINE_VARIANTS = sorted(p.stem.replace("_", "-") for p in
                         (Path(__file__).resolve().parent.parent / "generated").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
def test_simulate_runs_every_variant_with_the_rule_aware_bots(variant, club, capsys):
    out = club / "v.json"
    code, text, err = run(["simulate", variant, "--games", "3", "--match-games", "3", "--bots", "heuristic",
                           "--workers", "1", "--json", str(out)], capsys)
    assert code == 0, err
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["variants"][0]["games"] == 3 and "team 1" in text


@pytest.mark.parametrize("variant", ["club.gouji", "shuangkou"])
def test_the_search_bot_plays_in_the_arena_and_a_house_rule(variant, club, capsys):
    code, text, err = run(["arena", variant, "--bots", "search:1,heuristic", "--games", "1", "--workers", "1"], capsys)
    assert code == 0, err
    assert "search:1 vs heuristic" in text


def test_a_rule_file_with_errors_is_reported_located_and_nothing_is_played(club, capsys):
    (club / "bad.gouji").write_text("variant bad extends zaozhuang\n\n[flow]\nlead_return_circles = 9\n",
                                    encoding="utf-8")
    code, _out, err = run(["simulate", "zaozhuang", "bad.gouji", "--games", "4", "--json", "r.json"], capsys)
    assert code == 1 and "bad.gouji:4:23: error:" in err
    assert not (club / "r.json").exists()
