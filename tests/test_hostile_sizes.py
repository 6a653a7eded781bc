"""Hostile sizes and counts (issue 28 §2): over-long names, huge files, a million line breaks,
ten billion games. Each is refused with a clear, located message, before its cost is paid.

The memory each command stays within, whatever its input, and how it is tested here:

- check, show --source, fmt, doc, play of a rule file: the file is stat'ed and at most
  MAX_FILE_BYTES + 1 bytes (1 MB) are read, so a file of any size is refused within
  MEMORY_LIMIT of address space (RLIMIT_AS, i.e. `ulimit -v`), tested with a 2 GB sparse file;
  a file within the caps (1 MB, MAX_LINES lines) parses within the same limit.
- replay: at most MAX_HISTORY_BYTES + 1 (16 MiB) is read, a 2 GB file and /dev/zero are refused
  within MEMORY_LIMIT; a history within the cap replays in at most HISTORY_MULTIPLE times its
  size above what a one-game history takes (tested with a 200-game history).
- conform: case files are read a line at a time, at most MAX_CASE_LINE_BYTES + 1 (1 MiB) of a
  line in memory; a file over MAX_CASE_FILE_BYTES (8 MiB) is refused from its size.
- doc: the HTML book of a rule file is at most the book of an empty file extending the same
  variant plus BOOK_BYTES_PER_BYTE times the file's bytes plus BOOK_BYTES_PER_LINE a line, so
  within the caps at most about 9 MB more (the 1 MB file of bare \\r gave 59 MB before).
- play: at most MAX_PLAY_GAMES (2,000) games, whose history replays (slow test).
- simulate and arena: memory does not grow with --games (the tasks are made as the workers
  take them, a window of WINDOW_PER_WORKER each): a run at MAX_GAMES prints its progress within
  MEMORY_LIMIT; more than MAX_GAMES is a usage error. The arena keeps a row a deal for its paired
  tests (about 600 bytes), so its cap, MAX_DEALS, is lower (about 150 MB a pair of bots).
"""
from __future__ import annotations

import itertools
import json
import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gouji_dsl
from gouji_dsl.cli import main
from gouji_dsl.diagnostics import RuleErrors, UsageError
from gouji_dsl.lang.loader import NAME_MAX_BYTES, FileTooLarge, Workspace, read_capped, rule_files
from gouji_dsl.lang.parser import MAX_FILE_BYTES, MAX_LINES, decode, parse_text
from gouji_dsl.play.conform import MAX_CASE_FILE_BYTES, MAX_CASE_LINE_BYTES, run_files
from gouji_dsl.play.selfplay import MAX_HISTORY_BYTES, MAX_PLAY_GAMES
from gouji_dsl.sim.command import MAX_DEALS, MAX_GAMES
from gouji_dsl.sim.parallel import WINDOW_PER_WORKER, default_workers, execute
from gouji_dsl.sim.runner import EngineSpec, tasks_for

MEMORY_LIMIT = 400 * 2**20  # address space of a command under test: a few times what one needs
HISTORY_MULTIPLE = 40  # a replay's memory above a one-game history's, per byte of the file
BOOK_BYTES_PER_BYTE = 6  # '<' becomes &lt;, and every character sits in a highlighted span
BOOK_BYTES_PER_LINE = 64  # each source line is a numbered, anchored row
LONG = "x" * 300  # over NAME_MAX_BYTES: no file can have this name
SPARSE = 2 * 2**30  # a huge file that takes no disk and no memory until it is read


def run(argv, capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_limited(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """`gouji ARGV` in a fresh process whose address space is capped at MEMORY_LIMIT."""
    env = {**os.environ, "GOUJI_LANG": "en"}
    return subprocess.run([sys.executable, "-m", "gouji_dsl", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, preexec_fn=_limit_memory, timeout=300, check=False)


def sparse(path: Path, size: int = SPARSE) -> Path:
    with open(path, "wb") as file:
        file.truncate(size)
    return path


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- over-long names ------------------------------------------------------------------------

def _history(variant: str) -> str:
    return json.dumps({"variant": variant, "games": [{"seed": 1, "history": []}]})


LONG_NAME_COMMANDS = [
    ["check", LONG], ["check", LONG + ".gouji"], ["check", "folder/" + LONG], ["show", LONG], ["play", LONG],
    ["doc", LONG], ["build", LONG], ["simulate", LONG], ["arena", LONG], ["diff", LONG, "lianzhong"],
    ["fmt", LONG + ".gouji"], ["conform", LONG + ".jsonl"], ["replay", LONG + ".json"],
    ["replay", "history.json"], ["replay", "good.json", "--rules", LONG], ["check", "lianzhong", "--path", LONG],
]


@pytest.mark.parametrize("argv", LONG_NAME_COMMANDS, ids=lambda argv: " ".join(a[:12] for a in argv))
def test_an_over_long_name_is_a_usage_error_naming_it(argv, here, capsys):
    (here / "history.json").write_text(_history(LONG), encoding="utf-8")
    (here / "good.json").write_text(_history("lianzhong"), encoding="utf-8")
    code, _, err = run(argv, capsys)
    assert code == 2, err
    assert "xxxxxxxxxx…' is too long for a file name (" in err and f"at most {NAME_MAX_BYTES})" in err
    assert "INTERNAL ERROR" not in err and "Errno" not in err


def test_an_over_long_gouji_path_folder_is_passed_over_as_a_missing_one(here, capsys, monkeypatch):
    monkeypatch.setenv("GOUJI_PATH", os.pathsep.join([LONG, str(here)]))
    code, _, err = run(["check", "lianzhong"], capsys)
    assert code == 0, err
    assert rule_files(Path(LONG)) == rule_files(Path("a\0b")) == []  # a NUL cannot reach the environment


def test_a_too_long_path_is_named(here, capsys):
    code, _, err = run(["check", "/".join(["y" * 200] * 25) + ".gouji"], capsys)
    assert code == 2 and "is too long for a path (" in err


@pytest.mark.parametrize("lookup", [gouji_dsl.engine, gouji_dsl.reference_engine])
@pytest.mark.parametrize("name, says", [(LONG, "too long for a file name"), (LONG + ".gouji", "too long for a file name"),
                                        ("a\0b", "NUL"), ("\ud800", "characters no file name can have")])
def test_engine_of_an_impossible_name_is_a_lookup_error(lookup, name, says, here):
    with pytest.raises(LookupError, match=says):
        lookup(name)


# Any string at all: a found variant, or a UsageError; never an OSError, ValueError or
# UnicodeError from the filesystem (surrogates, NUL, '/', lengths either side of 255).
NAMES = st.one_of(
    st.text(st.characters(blacklist_categories=()), max_size=40),
    st.text(st.sampled_from("x/é\0级."), min_size=200, max_size=600),
    st.builds(lambda stem, ext: stem + ext, st.text(max_size=300), st.sampled_from([".gouji", "", "/"])),
)


@given(name=NAMES)
def test_any_name_resolves_or_is_a_usage_error(name, here):
    ws = Workspace.for_user()
    try:
        resolved = ws.resolve_argument(name)
    except (UsageError, RuleErrors):
        return
    assert ws.path_of(resolved) is not None


# --- huge files: refused from their size, never read whole ------------------------------------

@pytest.mark.parametrize("argv", [["check", "big.gouji"], ["show", "--source", "big.gouji"], ["fmt", "big.gouji"],
                                  ["doc", "big.gouji"], ["play", "big.gouji"]])
def test_a_huge_rule_file_is_refused_without_being_read(argv, tmp_path):
    big = sparse(tmp_path / "big.gouji")
    done = run_limited(argv, tmp_path)
    assert done.returncode == 1, done.stderr
    assert f"big.gouji:1:1: error: file is too large ({SPARSE} bytes; a rule file is at most {MAX_FILE_BYTES})" \
        in done.stderr
    assert big.stat().st_size == SPARSE and "MemoryError" not in done.stderr


def test_read_capped_stops_at_the_cap_where_stat_says_nothing():
    with pytest.raises(FileTooLarge) as raised:
        read_capped(Path("/dev/zero"), 1000)
    assert raised.value.size == 1001


@pytest.mark.parametrize("name, size", [("big.json", SPARSE), ("/dev/zero", MAX_HISTORY_BYTES + 1)])
def test_a_huge_history_is_refused_without_being_read(name, size, tmp_path):
    if name == "big.json":
        sparse(tmp_path / name)
    done = run_limited(["replay", name], tmp_path)
    assert done.returncode == 1, done.stderr
    assert f"{name}: too large for a history file ({size} bytes; at most {MAX_HISTORY_BYTES})" in done.stderr


def test_replay_memory_is_a_bounded_multiple_of_the_history(tmp_path):
    def peak_kb(history: Path) -> int:
        script = ("import resource, sys; from gouji_dsl.cli import main; code = main(['replay', '--quiet', sys.argv[1]]);"
                  "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss); sys.exit(code)")
        done = subprocess.run([sys.executable, "-c", script, str(history)], capture_output=True, text=True,
                              env={**os.environ, "GOUJI_LANG": "en"}, preexec_fn=_limit_memory, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        return int(done.stdout.split()[-1])

    paths = {}
    for games in (1, 200):
        paths[games] = tmp_path / f"g{games}.json"
        done = subprocess.run([sys.executable, "-m", "gouji_dsl", "play", "lianzhong", "--games", str(games),
                               "--bots", "random", "--json"], check=False, capture_output=True, text=True, timeout=300)
        paths[games].write_text(done.stdout, encoding="utf-8")
    grown = (peak_kb(paths[200]) - peak_kb(paths[1])) * 1024
    assert grown <= HISTORY_MULTIPLE * paths[200].stat().st_size


def test_a_huge_case_file_is_refused_from_its_size(tmp_path):
    sparse(tmp_path / "big.jsonl", 2**30)
    done = run_limited(["conform", "big.jsonl"], tmp_path)
    assert done.returncode == 1, done.stderr
    assert f"big.jsonl: too large for a case file ({2**30} bytes; at most {MAX_CASE_FILE_BYTES}) [error]" in done.stdout


def test_a_case_line_over_the_cap_fails_alone_and_the_next_still_runs(tmp_path):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"[" * (MAX_CASE_LINE_BYTES + 10) + b"\n" + b"# a comment\n" + b"not json\n")
    report = run_files([path], lambda variant, folder: None, ["lianzhong"])
    assert report.failed == 2 and report.passed == 0
    assert report.lines[0] == f"{path}:1: line too long for a case (over {MAX_CASE_LINE_BYTES} bytes) [error]"
    assert report.lines[1].startswith(f"{path}:3")


# --- a million line breaks ------------------------------------------------------------------

def test_a_megabyte_of_bare_carriage_returns_is_too_many_lines(tmp_path, capsys):
    path = tmp_path / "crclub.gouji"
    path.write_bytes(b"variant crclub extends lianzhong\r" + b"\r" * 999_000)
    code, _, err = run(["check", str(path)], capsys)
    assert code == 1
    assert f"crclub.gouji:{MAX_LINES + 1}:1: error: file has too many lines (999001; a rule file has at most " \
           f"{MAX_LINES})" in err


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_every_line_break_counts_alike(newline):
    lines = ["variant crclub extends lianzhong", "", "[about]", 'title_en = "A"', "bogus = 1"]
    with pytest.raises(RuleErrors) as raised:
        decode(newline.join(lines[:3] + ["\0"]).encode("utf-8"), "crclub.gouji")
    assert raised.value.diagnostics[0].pos.line == 4
    with pytest.raises(RuleErrors) as raised:
        decode(newline.join(lines[:3]).encode("utf-8") + newline.encode() + b"ab\xff", "crclub.gouji")
    assert (raised.value.diagnostics[0].pos.line, raised.value.diagnostics[0].pos.col) == (4, 3)
    too_many = newline * MAX_LINES + "x"
    with pytest.raises(RuleErrors) as raised:
        parse_text(too_many, "crclub.gouji")
    assert raised.value.diagnostics[0].pos.line == MAX_LINES + 1


@dataclass(frozen=True)
class BookCase:
    name: str
    body: bytes  # after the header line

    def text(self) -> bytes:
        return f"variant {self.name} extends lianzhong\n".encode() + self.body


BOOK_CASES = [
    BookCase("plain", b""),
    BookCase("crmax", b"\r" * (MAX_LINES - 2)),  # the most lines a file may have, every one empty
    BookCase("angles", (b"#" + b"<" * 99 + b"\n") * ((MAX_FILE_BYTES - 100) // 101)),  # the most bytes, all escaped
]


def test_a_rule_files_book_is_bounded_by_its_size(tmp_path, capsys):
    sizes = {}
    for case in BOOK_CASES:
        path = tmp_path / f"{case.name}.gouji"
        path.write_bytes(case.text())
        out = tmp_path / f"{case.name}.html"
        assert main(["doc", str(path), "--format", "html", "-o", str(out)]) == 0, capsys.readouterr().err
        sizes[case.name] = out.stat().st_size
    base = sizes["plain"]
    for case in BOOK_CASES[1:]:
        lines = case.text().count(b"\n") + case.text().count(b"\r")
        assert sizes[case.name] <= base + BOOK_BYTES_PER_BYTE * len(case.text()) + BOOK_BYTES_PER_LINE * lines, case.name


# --- ten billion games ------------------------------------------------------------------------

@pytest.mark.parametrize("command, most", [("simulate", MAX_GAMES), ("arena", MAX_DEALS), ("play", MAX_PLAY_GAMES)])
def test_too_many_games_is_a_usage_error_at_once(command, most, tmp_path):
    done = run_limited([command, "lianzhong", "--games", "10000000000", "--bots", "random,greedy"], tmp_path)
    assert done.returncode == 2
    assert f"--games 10000000000 is too many: at most {most} in one run" in done.stderr


@pytest.mark.slow
def test_the_longest_match_play_writes_replays(tmp_path):
    """MAX_PLAY_GAMES of the longest games (six decks, random bots): the history is within the
    replay's cap, so whatever `gouji play --json` writes, `gouji replay` reads."""
    history = tmp_path / "long.json"
    with open(history, "w", encoding="utf-8") as out:
        subprocess.run([sys.executable, "-m", "gouji_dsl", "play", "zaozhuang", "--games", str(MAX_PLAY_GAMES),
                        "--bots", "random", "--json"], stdout=out, check=True, timeout=3600)
    assert history.stat().st_size <= MAX_HISTORY_BYTES
    assert run_limited(["replay", "--quiet", str(history)], tmp_path).returncode == 0


def test_a_run_at_the_cap_starts_playing_within_bounded_memory(tmp_path):
    """MAX_GAMES games: its progress shows (games played) while its address space stays within
    MEMORY_LIMIT; the run is then stopped."""
    env = {**os.environ, "GOUJI_LANG": "en"}
    process = subprocess.Popen([sys.executable, "-m", "gouji_dsl", "simulate", "lianzhong", "--games", str(MAX_GAMES),
                                "--bots", "random", "--workers", "1", "--progress"], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_limit_memory)
    seen = b""
    try:
        while b"games/s" not in seen or f"/{MAX_GAMES:,} games".encode() not in seen:
            chunk = os.read(process.stderr.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()
    assert f"/{MAX_GAMES:,} games".encode() in seen, seen[-500:]


@dataclass(frozen=True)
class CountedTask:
    number: int
    total_games: int = 1

    def run(self) -> list:
        return [self.number]


def test_tasks_are_taken_lazily_a_window_at_a_time():
    taken = []

    def endless():
        for number in itertools.count():
            taken.append(number)
            yield CountedTask(number)

    results = execute(endless(), workers=1)
    assert [next(results) for _ in range(3)] == [[0], [1], [2]]
    assert len(taken) <= 3 + WINDOW_PER_WORKER


def test_the_tasks_of_ten_billion_games_are_made_as_they_are_taken():
    tasks = tasks_for(EngineSpec("lianzhong"), ("random",) * 6, 1, 10**10, 4, 50)
    assert next(tasks).first == 0 and next(tasks).first == 50


def test_a_full_window_of_processes_keeps_results_in_order():
    results = list(execute((CountedTask(n) for n in range(40)), workers=2))
    assert results == [[n] for n in range(40)]


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_workers_beyond_the_cores_are_capped_with_a_note(command, tmp_path, capsys):
    out = tmp_path / "results.json"
    code, _, err = run([command, "lianzhong", "--games", "4", "--bots", "random,greedy", "--workers", "32",
                        "--json", str(out)], capsys)
    cores = default_workers()
    assert code == 0, err
    assert f"gouji: --workers 32 is more than the {cores} core(s) here: using {cores}" in err.splitlines()
    assert json.loads(out.read_text(encoding="utf-8"))["timings"]["workers"] == cores
