"""`gouji simulate --raw FILE`: a row a game (sim/export.py). The rows rebuild the results document
figure for figure, CSV and Parquet; the file is the same for any number of workers; a bad path is
refused before any game and a failed run leaves nothing; and docs/simulate.md documents exactly
the columns and keys the files have."""
from __future__ import annotations

import builtins
import contextlib
import csv
import io
import json
import os
import re
import stat
from pathlib import Path

import pytest

from gouji_dsl.backends.codegen import load_engine
from gouji_dsl.cli import main
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.sim import export, runner, summary
from gouji_dsl.sim.export import read_raw, totals_from_rows
from gouji_dsl.sim.report import CSV_COLUMNS
from gouji_dsl.sim.runner import EngineSpec, Task, derive, engine_spec

DOC = Path(__file__).resolve().parent.parent / "docs" / "simulate.md"
BIESAN = ("variant biesan extends zaozhuang\n\n[about]\ntitle = \"Zaozhuang with threes last\"\n\n"
          "[threes]\nthrees_last = yes\n")
LINEUP = "heuristic,greedy,heuristic,greedy,heuristic,greedy"  # --bots heuristic,greedy: team 1, team 2


def quiet_main(argv: list[str]) -> tuple[int, str]:
    """main() with its output caught (a module's fixture has no capsys): (exit code, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def simulate(folder: Path, raw: str, *more: str, workers: str = "1") -> Path:
    """Zaozhuang and a house rule (憋三) played on the same seeds, 40 games in matches of 4."""
    (folder / "biesan.gouji").write_text(BIESAN, encoding="utf-8")
    code, err = quiet_main(["simulate", "zaozhuang", str(folder / "biesan.gouji"), "--games", "40",
                            "--match-games", "4", "--bots", "heuristic,greedy", "--workers", workers,
                            "--no-progress", "--raw", str(folder / raw), *more])
    assert code == 0, err
    return folder / raw


@pytest.fixture(scope="module")
def csv_run(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("csv")
    return simulate(folder, "games.csv", "--json", str(folder / "r.json"), "--csv", str(folder / "summary.csv"))


@pytest.fixture(scope="module")
def parquet_run(tmp_path_factory) -> Path:
    pytest.importorskip("pyarrow")
    folder = tmp_path_factory.mktemp("parquet")
    return simulate(folder, "games.parquet", "--json", str(folder / "r.json"), workers="2")


@pytest.fixture(scope="module")
def mixed_run(tmp_path_factory) -> Path:
    """The same two variants played by two bot mixes (heuristic,greedy, then greedy), the first in
    rounds until --precision is met (a loose one: one round)."""
    folder = tmp_path_factory.mktemp("mixed")
    return simulate(folder, "games.csv", "--bots", "greedy", "--precision", "9", "--json", str(folder / "r.json"))


def rebuilt(raw: Path, document: dict, mix: int = 1) -> dict:
    """The results document (of bot mix `mix`) computed again from the raw file alone (and the
    rule files)."""
    rows = list(read_raw(raw))
    totals = totals_from_rows(rows, mix)
    lineups = {row["variant"]: tuple(row["bots"].split(",")) for row in rows if row["mix"] == mix}
    ws = Workspace.for_user()
    sides = []
    for v in document["variants"]:
        engine = engine_spec(ws, ws.resolve_argument(v["source"])).load()
        sides.append(summary.Side(v["name"], engine, v["source"], totals[v["name"]], lineups[v["name"]]))
    settings = document["settings"]
    return json.loads(json.dumps(summary.results(sides, settings, {}, settings["confidence"]), ensure_ascii=False))


# --- the way back: the raw rows give every figure again -------------------------------------------

@pytest.mark.parametrize("run", ["csv_run", "parquet_run"])
def test_the_raw_rows_rebuild_every_figure_of_the_results(run, request):
    raw = request.getfixturevalue(run)
    document = json.loads((raw.parent / "r.json").read_text(encoding="utf-8"))
    again = rebuilt(raw, document)
    for mine, theirs in zip(again["variants"], document["variants"]):
        assert mine["metrics"] == theirs["metrics"], mine["name"]  # every estimate and interval
        assert mine["distributions"] == theirs["distributions"], mine["name"]
    assert again["comparisons"] == document["comparisons"]  # every row of the paired comparison
    document.pop("timings")
    again.pop("timings")
    assert again == document


def test_the_raw_rows_of_each_bot_mix_rebuild_its_figures(mixed_run):
    document = json.loads((mixed_run.parent / "r.json").read_text(encoding="utf-8"))
    assert document["settings"]["mixes"] == [["heuristic", "greedy"], ["greedy"]]
    assert document["precision"] == {"width": 9.0, "rounds": [40], "met": True}
    assert {row["mix"] for row in read_raw(mixed_run)} == {1, 2}
    first, second = rebuilt(mixed_run, document, 1), rebuilt(mixed_run, document, 2)
    assert first["comparisons"] == document["comparisons"]
    (mix,) = document["mixes"]
    assert mix["bots"] == ["greedy"] and second["comparisons"] == mix["comparisons"]
    assert [v["metrics"] for v in second["variants"]] == [v["metrics"] for v in mix["variants"]]
    # every tested figure, each mix's verdict on it, and whether it holds in both
    tested = [r for r in document["comparisons"][0]["metrics"] if r["primary"]]
    assert [a["id"] for a in document["agreement"]] == [r["id"] for r in tested]
    for row in document["agreement"]:
        verdicts = [v["verdict"] for v in row["verdicts"]]
        assert row["holds"] == (len(set(verdicts) - {"untested"}) <= 1)


def test_csv_and_parquet_hold_the_same_rows(csv_run, parquet_run):
    """Written by one worker and by two, in either format: the same rows, the same columns."""
    from_csv, from_parquet = list(read_raw(csv_run)), list(read_raw(parquet_run))
    assert from_csv == from_parquet
    assert [list(row) for row in from_csv] == [list(row) for row in from_parquet]


def test_a_row_names_its_game_its_seed_its_deal_and_its_bots(csv_run):
    with open(csv_run, encoding="utf-8", newline="") as handle:
        header = next(csv.reader(handle))
    rows = list(read_raw(csv_run))
    by_variant: dict[str, list[dict]] = {}
    for row in rows:
        by_variant.setdefault(row["variant"], []).append(row)
    assert list(by_variant) == ["zaozhuang", "biesan"]  # each variant's games together, in the order given
    for played in by_variant.values():
        assert [(r["match"], r["game"]) for r in played] == [(m, g) for m in range(10) for g in range(4)]
        assert all(r["game_seed"] == derive("game", 1, r["match"], r["game"]) for r in played)
        assert {r["bots"] for r in played} == {LINEUP}
        assert len({r["deal_hash"] for r in played}) == 40
    # the same seed on the same deck: the same cards in both variants, so the rows pair up
    assert [r["deal_hash"] for r in by_variant["zaozhuang"]] == [r["deal_hash"] for r in by_variant["biesan"]]
    first = load_engine("zaozhuang").new_game(seed=derive("game", 1, 0, 0))
    assert rows[0]["deal_hash"] == runner.deal_hash(first)
    # the columns: which game, then the record's fields in their order, tribute by kind, team 1's scores by value
    ids = len(export.ID_COLUMNS)
    assert header[:ids] == list(export.ID_COLUMNS) and header == export.columns(header[ids:])
    assert header[ids:ids + 3] == ["games", "seats", "actions"]
    scores = [c for c in header if c.startswith("team_score.")]
    tributes = [c for c in header if c.startswith("tribute.")]
    assert header[-len(scores):] == scores and sorted(scores, key=lambda c: float(c.split(".", 1)[1])) == scores
    assert "tribute.paid" in tributes and tributes == sorted(tributes)
    assert header[-len(scores) - len(tributes):-len(scores)] == tributes
    # a field a game lacks is 0: no tribute in a match's first game
    assert all(r["tribute.paid"] == 0 for r in rows if r["game"] == 0)
    assert any(r["tribute.paid"] > 0 for r in rows if r["game"] > 0)
    # a fraction keeps its point (the mean place of a team), a whole number has none
    assert isinstance(rows[0]["place.team.1"], float) and isinstance(rows[0]["actions"], int)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_the_raw_file_is_byte_identical_for_one_and_two_workers(suffix, tmp_path):
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}{suffix}"
        code, err = quiet_main(["simulate", "zaozhuang", "--games", "12", "--match-games", "3", "--bots",
                                "greedy,random", "--seed", "7", "--workers", workers, "--no-progress", "--raw", str(out)])
        assert code == 0, err
        files.append(out.read_bytes())
    assert files[0] == files[1]
    assert len(list(read_raw(tmp_path / f"w1{suffix}"))) == 12


def test_a_run_without_raw_carries_no_games():
    """The rows travel only when asked for: a task's matches are as they were without --raw."""
    spec = EngineSpec("lianzhong")
    plain = Task(spec, ("greedy",) * 6, 3, 2, 0, 2).run()
    raw = Task(spec, ("greedy",) * 6, 3, 2, 0, 2, raw=True).run()
    assert all("games" not in match for match in plain)
    assert [{k: v for k, v in match.items() if k != "games"} for match in raw] == plain
    for match in raw:
        assert [g for g, _seed, _deal, _record in match["games"]] == [0, 1]
        assert all(seed == derive("game", 3, match["index"], g) for g, seed, _deal, _record in match["games"])
        summed: dict = {}
        for *_, record in match["games"]:
            for name, value in record.items():
                summed[name] = summed.get(name, 0) + value
        assert summed == match["sums"]


# --- errors: refused before any game, nothing written ---------------------------------------------

def snapshot(folder: Path) -> dict[str, object]:
    """Every file and folder under `folder`, hidden ones too: its bytes or its kind."""
    return {str(p.relative_to(folder)): ("link", os.readlink(p)) if p.is_symlink() else
            ("folder",) if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


@pytest.fixture
def nothing_played(monkeypatch):
    def no_game(*args, **kwargs):
        raise AssertionError("a variant was loaded before the raw file was checked")
    monkeypatch.setattr(runner, "engine_spec", no_game)


@pytest.mark.parametrize("raw, message", [
    ("out.txt", "--raw out.txt: cannot write a '.txt' file; name a file ending in .csv, .parquet"),
    ("out", "--raw out: the file name has no suffix"),
    ("/proc/gouji-raw.csv", "cannot write /proc/gouji-raw.csv"),  # no file can be made there, not even by root
])
def test_a_raw_file_that_cannot_be_written_is_refused_before_any_game(raw, message, tmp_path, monkeypatch, capsys,
                                                                       nothing_played):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.csv").write_text("old\n", encoding="utf-8")
    before = snapshot(tmp_path)
    assert main(["simulate", "zaozhuang", "--games", "4", "--json", "r.json", "--raw", raw]) == 2
    assert message in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_parquet_without_pyarrow_names_the_extra(tmp_path, monkeypatch, capsys, nothing_played):
    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise ImportError("no pyarrow")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "zaozhuang", "--games", "4", "--raw", "games.parquet"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'gouji-dsl[parquet]'" in err and ".csv" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("raw", ["old.csv", "new/sub/games.csv"])
def test_a_failed_run_leaves_no_half_file_and_the_old_one_as_it_was(raw, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.csv").write_text("old\n", encoding="utf-8")
    before = snapshot(tmp_path)
    play_out, played = runner.play_out, []

    def fails_later(*args, **kwargs):  # after a few games have been spooled
        played.append(1)
        if len(played) == 5:
            raise RuntimeError("a worker fails")
        return play_out(*args, **kwargs)

    monkeypatch.setattr(runner, "play_out", fails_later)
    assert main(["simulate", "zaozhuang", "--games", "8", "--match-games", "2", "--bots", "greedy",
                 "--workers", "1", "--raw", raw]) == 3
    assert "a worker fails" in capsys.readouterr().err
    assert snapshot(tmp_path) == before  # no spool, no temporary file, no folder made for the file


def test_a_link_is_written_through_and_a_file_keeps_its_mode(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.csv").write_text("old\n", encoding="utf-8")
    os.chmod(tmp_path / "games.csv", 0o640)
    (tmp_path / "link.csv").symlink_to("games.csv")
    assert main(["simulate", "lianzhong", "--games", "2", "--bots", "greedy", "--workers", "1",
                 "--raw", "link.csv"]) == 0
    assert (tmp_path / "link.csv").is_symlink()
    assert stat.S_IMODE((tmp_path / "games.csv").stat().st_mode) == 0o640
    assert len(list(read_raw(tmp_path / "games.csv"))) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "link.csv"]


def test_reading_back_refuses_what_is_no_raw_file_or_out_of_order(tmp_path):
    (tmp_path / "other.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a raw file of gouji simulate .no column variant, mix, match"):
        list(read_raw(tmp_path / "other.csv"))
    row = dict(variant="v", mix=1, match=1, game=0, game_seed=1, deal_hash="0", bots="greedy", games=1, actions=9,
               rounds=2, **{"score.team.1": 1, "score.team.2": -1})
    with pytest.raises(ValueError, match="the rows of v are not in match order: match 0 after match 1"):
        totals_from_rows([row, dict(row, match=0)])
    totals = totals_from_rows([row, dict(row, game=1, actions=3), dict(row, match=2)])["v"]
    assert totals.matches == 2 and list(totals.column("actions")) == [12.0, 9.0]
    assert totals.hist["actions"] == {9: 2, 3: 1}


# --- the documentation says what the files hold --------------------------------------------------

def documented(heading: str) -> list[str]:
    """The first cells of the table under `heading` in docs/simulate.md."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n#", start + len(heading))
    return re.findall(r"^\| `([^`]+)` \|", text[start:end if end != -1 else None], re.M)


def column_shape(name: str) -> str:
    """A raw column with its varying parts as #: place.3.2 -> place.#.#, tribute.dian -> tribute.#."""
    if name.startswith(("team_score.", "tribute.")):
        return name.split(".", 1)[0] + ".#"
    return ".".join("#" if part.isdigit() else part for part in name.split("."))


def json_paths(value, path: str, maps: dict[str, str], out: set[str]) -> set[str]:
    """Every key path of a JSON value: `[]` for a list's items (an object in a list is named by its
    keys), a map's keys as the doc names them."""
    if path and not (path.endswith("[]") and isinstance(value, dict)):
        out.add(path)
    if isinstance(value, dict):
        for key, item in value.items():
            key = maps.get(path, key)
            json_paths(item, f"{path}.{key}" if path else key, maps, out)
    elif isinstance(value, list):
        for item in value:
            json_paths(item, path + "[]", maps, out)
    return out


def test_the_documented_columns_and_keys_are_the_ones_written(csv_run, mixed_run, tmp_path):
    """docs/simulate.md "Raw data": the raw columns, every key of the results document and the
    summary CSV's columns, against what a run writes (Zaozhuang and a house rule, then Shuangkou
    for its bombs)."""
    code, err = quiet_main(["simulate", "shuangkou", "--games", "4", "--match-games", "2", "--bots", "greedy",
                            "--workers", "1", "--no-progress", "--raw", str(tmp_path / "s.csv"),
                            "--json", str(tmp_path / "s.json")])
    assert code == 0, err
    written = set()
    for raw in (csv_run, tmp_path / "s.csv"):
        with open(raw, encoding="utf-8", newline="") as handle:
            written |= {column_shape(name) for name in next(csv.reader(handle))}
    shapes = [re.sub(r"(?<![a-z_])[A-Z]+(?![a-z_])", "#", name) for name in documented("### The raw file (`--raw`)")]
    assert len(shapes) == len(set(shapes))
    assert sorted(written - set(shapes)) == [], "raw columns written but not documented"
    assert sorted(set(shapes) - written) == [], "raw columns documented but never written"

    keys = documented("### The results document (`--json`)")
    maps = {}
    for key in keys:
        parts = key.split(".")
        for i, part in enumerate(parts):
            if part.rstrip("[]").isupper():
                maps[".".join(parts[:i])] = part.rstrip("[]")
    found: set[str] = set()
    for path in (csv_run.parent / "r.json", tmp_path / "s.json", mixed_run.parent / "r.json"):
        document = json.loads(path.read_text(encoding="utf-8"))
        # A further mix's variants and comparisons are documented once, "as `variants`" and "as
        # `comparisons`": their keys are those of the document's own.
        for mix in document.get("mixes", []):
            json_paths({"variants": mix.pop("variants"), "comparisons": mix.pop("comparisons")}, "", maps, found)
            found |= {"mixes[].variants", "mixes[].comparisons"}
        json_paths(document, "", maps, found)
    assert sorted(found - set(keys)) == [], "keys of the results document not documented"
    either = {k for k in keys if ".values" in k or ".edges" in k}  # a distribution has one or the other
    assert sorted(set(keys) - found - either) == [], "keys documented but not in the results document"
    assert json.loads((csv_run.parent / "r.json").read_text(encoding="utf-8"))["format"] == summary.FORMAT

    with open(csv_run.parent / "summary.csv", encoding="utf-8", newline="") as handle:
        header = next(csv.reader(handle))
    assert documented("### The summary CSV (`--csv`)") == header == list(CSV_COLUMNS)
