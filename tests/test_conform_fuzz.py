"""The conformance runner never crashes on a case file: malformed lines, table-driven and
fuzzed by mutating the real cases of tests/conformance/*.jsonl.

Every malformed line counts as failed, located by its file and line; the other
lines keep their results; no line reaches an internal error; line numbers are
counted on `\\n` only. The default run fuzzes a few thousand lines; the soak run
(`GOUJI_FUZZ_LINES=1000000 python3 -m pytest -m slow tests/test_conform_fuzz.py`)
a million.
"""
from __future__ import annotations

import json
import os
import random
import re
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from gouji_dsl.cli import main
from gouji_dsl.play.conform import run_files, workspace_engines
from json_paths import nodes, set_at
from gouji_dsl.lang.loader import Workspace

CASE_FILES = sorted((Path(__file__).parent / "conformance").glob("*.jsonl"))
REAL_LINES = [line for path in CASE_FILES for line in path.read_text(encoding="utf-8").split("\n")
              if line.strip() and not line.lstrip().startswith("#")]
REAL_CASES = [json.loads(line) for line in REAL_LINES]

GOOD = '{"check": "hand", "cards": "2", "variant": "qingdao", "expect": {"gouji": true}}'
MALFORMED = [  # (line, what the runner says about it)
    ('{"check": [1], "cards": "2", "variant": "qingdao", "expect": {"valid": true}}', 'field "check" must be a string'),
    ('{"check": {"a": 1}, "cards": "2", "variant": "qingdao", "expect": true}', 'field "check" must be a string'),
    ('{"check": null, "cards": "2", "expect": true}', 'missing field "check"'),
    ('{"check": "tribute", "variant": "lianzhong", "result": {"finish": [1, 2, 3, 4, 5, 6]}, '
     '"expect": [{"kind": [1], "from": 1, "to": 2, "count": 1}]}', "expect must be a list of"),
    ('{"check": "tribute", "variant": "lianzhong", "result": {"finish": [1, 2, 3, 4, 5, 6]}, '
     '"expect": [{"kind": {}, "from": 1, "to": 2, "count": 1}]}', "expect must be a list of"),
    ('{"check": "answers", "hand": "2", "lead": "3", "variant": "qingdao", "expect": ' + "9" * 4301 + "}",
     "not a case: Exceeds the limit (4300 digits)"),
    ("[" * 100_000, "not a case: the JSON is nested too deeply"),
    ('{"a": ' * 50_000 + "1" + "}" * 50_000, "not a case: the JSON is nested too deeply"),
    ('{"check": "hand", "cards": ["2"], "variant": "qingdao", "expect": {"valid": true}}',
     "field 'cards' must be a string of cards"),
    ('{"check": "hand", "cards": "2", "variant": ["qingdao"], "expect": {"valid": true}}', "unknown variant ['qingdao']"),
    ('{"check": "hand", "cards": "2", "variant": {"x": 1}, "expect": {"valid": true}}', "unknown variant {'x': 1}"),
    ('{"check": "hand", "cards": "2", "variant": "' + "x" * 5000 + '.gouji", "expect": {"valid": true}}',
     "beside the case file"),
    ('{"check": "hand", "cards": "2", "variant": "a\\u0000.gouji", "expect": {"valid": true}}', "beside the case file"),
    ('{"check": "hand", "cards": "2", "variant": "qingdao", "expect": {"valid": [true]}}', "expect must be an object"),
    ('{"check": "hand", "cards": "2", "expect": {"qingdao": {"valid": 1}}}', "expect must be an object"),
    ('{"check": "hand", "cards": "2", "expect": [1]}', "expect must map variant names"),
    ('{"check": "beats", "lead": "2", "play": "3", "variant": "qingdao", "expect": "yes"}', "expect must be true or false"),
    ('{"check": "answers", "hand": "2", "lead": "3", "variant": "qingdao", "expect": 1.5}', "expect must be a count"),
    ('{"check": "answers", "hand": "2", "lead": "3", "variant": "qingdao", "expect": NaN}', "expect must be a count"),
    ('{"check": "score", "variant": "zaozhuang", "result": {"finish": [1, 2, 3, 4, 5, 6]}, "expect": [1e999]}',
     "expect must be a list of numbers, one per seat"),
    ('{"check": "score", "variant": "zaozhuang", "result": [], "expect": []}', "field 'result' must be an object"),
    ('{"check": "score", "variant": "zaozhuang", "result": {"finish": [[1], 2, 3, 4, 5, 6]}, "expect": []}',
     "result.finish must be a list of seats"),
    ('{"check": "score", "variant": "zaozhuang", "result": {"finish": [1, 2, 3, 4, 5, ' + "7" * 400 + ']}, '
     '"expect": []}', "result.finish names seat 777"),
    ('{"check": "tribute", "variant": "zaozhuang", "result": {"finish": [1, 2, 3, 4, 5, 6], "burns": [[1, {}]]}, '
     '"expect": []}', "result.burns must be a list of seats"),
    ('{"check": "tribute", "variant": "zaozhuang", "result": {"finish": [1, 2, 3, 4, 5, 6], "previous": [[]]}, '
     '"expect": []}', "result.previous must be a list of"),
    ('{"check": "tribute", "variant": "zaozhuang", "result": {"finish": [1, 2, 3, 4, 5, 6], "opened": {"1": 1}}, '
     '"expect": []}', "result.opened must be a list of seats"),
    ('"just a string"', "a case must be a JSON object"),
    ('{"check": "opens", "cards": "2", "variant": "gouji", "expect": true}', "gouji: variant 'gouji' has no engine"),
    # The extension check "position" (docs/conformance.md, "gouji-dsl's extensions").
    ('{"check": "position", "variant": "zhoujxmt", "hands": [], "leader": 1, "expect": {"to_move": 1}}',
     "field 'hands' must map seats to cards"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4", "2": "5", "3": "6", "4": "7", "5": "8", '
     '"6": "9"}, "leader": ' + "7" * 400 + ', "expect": {"to_move": 1}}', "is not a seat: the seats are 1 to 6"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4"}, "leader": 1, "actions": [["pass"]], '
     '"expect": {"to_move": 1}}', "field 'actions' must be a list of action strings"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4"}, "leader": 1, "actions": ["x' + "y" * 5000
     + '"], "expect": {"to_move": 1}}', "field 'actions', action 1: an action of 5,001 characters is no action"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4"}, "leader": 1, "actions": '
     + json.dumps(["pass"] * 1001) + ', "expect": {"to_move": 1}}', "field 'actions' holds 1001 actions (at most 1000)"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "' + "BJ " * 5 + '"}, "leader": 1, '
     '"expect": {"to_move": 1}}', "seat 1 holds more of a card than 4 deck(s) have"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4"}, "leader": 1, "out": {"2": true}, '
     '"expect": {"to_move": 1}}', "field 'out' must map seats to their places"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4"}, "leader": 1, "expect": {"to_move": 1.0}}',
     "expect.to_move must be a seat"),
    ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "4"}, "leader": 1, "expect": {"legal": [null]}}',
     "expect.legal must be a list of action strings"),
    # The extension checks "deck" and "redeal".
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": {"3": ' + "9" * 400 + '.5}}}',
     "expect.copies: the count of 3 must be a whole number"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": {"' + "Y" * 5000 + '": 1}}}',
     "expect.copies: unknown card"),
    ('{"check": "redeal", "variant": "zhoujxmt", "hand": ' + json.dumps("J " * 3000) + ', "expect": null}',
     "expect must be true or false"),
    (" \ufeff{}", "not valid JSON"),  # a byte-order mark is only skipped at the start of a file
    ('{"check": "hand", "cards": "2", "variant": "qingdao", "expect": {"valid": true}} trailing', "not valid JSON"),
]


WS = Workspace()
ENGINE_FOR = workspace_engines(WS)  # as `gouji conform` finds engines
KNOWN = WS.names()


def run_text(tmp_path: Path, text: str, name: str = "cases.jsonl"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path, run_files([path], ENGINE_FOR, KNOWN)


# --- table-driven ------------------------------------------------------------------------------------------

def test_each_malformed_line_fails_located_and_the_others_still_run(tmp_path, capsys):
    """One file holding every malformed line between good ones: nothing is lost."""
    lines = []
    for bad, _ in MALFORMED:
        lines += [GOOD, bad]
    lines.append(GOOD)
    path = tmp_path / "malformed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["conform", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"{len(MALFORMED) + 1} passed, {len(MALFORMED)} failed"
    assert len(out) == len(MALFORMED) + 1
    for number, (line, (bad, message)) in enumerate(zip(out, MALFORMED)):
        assert re.match(re.escape(f"{path}:{2 * number + 2}") + "[: ]", line), (bad[:80], line[:200])
        assert message in line, (bad[:80], line[:200])
        assert line.endswith("[error]") and "INTERNAL" not in line


@pytest.mark.parametrize("bad, message", MALFORMED, ids=[f"m{i}" for i in range(len(MALFORMED))])
def test_a_malformed_line_alone(tmp_path, bad, message):
    path, report = run_text(tmp_path, bad + "\n")
    assert (report.passed, report.failed, report.internal) == (0, 1, 0)
    assert re.match(re.escape(f"{path}:1") + "[: ]", report.lines[0]) and message in report.lines[0]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0c", "\x1c", "\r", "\v"])
def test_only_newlines_split_lines(tmp_path, separator):
    """A Unicode line separator in a comment or a string, or a lone \\r, leaves later lines where they are."""
    text = "\r\n".join([
        f"# a comment {separator} that must stay one line",
        GOOD.replace('"2"', f'"2{separator}"') if separator in "\x0c\v\x1c\u2028\u2029\x85" else GOOD,
        '{"check": "hand", "cards": "X", "variant": "qingdao", "expect": {"valid": true}}',
    ]) + "\r\n"
    path, report = run_text(tmp_path, text)
    assert report.internal == 0
    assert report.lines[-1].startswith(f"{path}:3: field 'cards': unknown card 'X'")


def test_crlf_files_and_a_byte_order_mark_are_read(tmp_path):
    path, report = run_text(tmp_path, "\ufeff" + "\r\n".join(["# cases", GOOD, "", GOOD]) + "\r\n")
    assert (report.passed, report.failed) == (2, 0)


def test_a_line_that_is_not_utf8_fails_alone(tmp_path):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"\n".join([b"# a comment in Latin-1: caf\xe9", GOOD.encode(),
                                  GOOD.encode().replace(b'"2"', b'"2\xff"'), GOOD.encode()]) + b"\n")
    report = run_files([path], ENGINE_FOR, KNOWN)
    assert (report.passed, report.failed) == (2, 1)
    assert report.lines == [f"{path}:3: not UTF-8 text [error]"]


def test_an_internal_error_is_one_failed_case_and_exit_3(tmp_path, capsys, monkeypatch):
    """Defence in depth: a bug in an engine fails its case and the run goes on (exit 3 at the end)."""
    from gouji_dsl.play import conform

    real = conform.evaluate

    def evaluate(engine, case):
        if case["cards"] == "3":
            raise TypeError("a bug")
        return real(engine, case)
    monkeypatch.setattr(conform, "evaluate", evaluate)
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join([GOOD.replace('"2"', '"3"'), GOOD]) + "\n", encoding="utf-8")
    assert main(["conform", str(path)]) == 3
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f"{path}:1: qingdao: hand: INTERNAL ERROR (a bug in gouji-dsl): TypeError: a bug [error]",
        "1 passed, 1 failed"]
    assert "internal error" in captured.err


# --- fuzzing: mutations of the real cases ------------------------------------------------------------------

ODD_VALUES = [None, True, False, 0, -1, 7, 2 ** 70, 1.5, -0.0, 1e308, "", "x", "2", "2 2 2", "BJ BJ", "Y", "T",
              "小王", "BJ=9", "zaozhuang", "club.gouji", "../x.gouji", "\u2028", "\x00", "10 " * 200, [], {}, [1],
              [1, 2, 3, 4, 5, 6], [[1, 2]], [[1, 1]], [{"opened": [1]}], {"finish": [6, 5, 4, 3, 2, 1]},
              {"valid": True}, {"kind": "luo", "from": 1, "to": 2, "count": 1}]
ODD_TEXT = ["\u2028", "\u2029", "\x85", "\r", "\n", "\t", "\x00", "\ud800", '"', "\\", "[", "]", "{", "}", ",", ":",
            "#", "9" * 4301, "1e999", "NaN", "-", "\ufeff", "null", "小王", "[" * 3000, "]" * 3000]


def _odd_value(rng: random.Random):
    roll = rng.random()
    if roll < 0.6:
        return json.loads(json.dumps(rng.choice(ODD_VALUES)))
    if roll < 0.9:  # a value from another real case: plausible, but in the wrong place
        other = rng.choice(REAL_CASES)
        return json.loads(json.dumps(rng.choice(list(nodes(other)))[1]))
    value = json.loads(json.dumps(rng.choice(ODD_VALUES)))  # a copy: mutations must not reach ODD_VALUES
    for _ in range(rng.randint(1, 60)):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def _mutate_json(rng: random.Random, case):
    path, node = rng.choice(list(nodes(case)))
    roll = rng.random()
    if roll < 0.5:
        return set_at(case, path, _odd_value(rng))
    if isinstance(node, dict) and node:
        key = rng.choice(list(node))
        if roll < 0.7:
            del node[key]
        else:
            node[rng.choice(["check", "variant", "expect", "cards", "result", "kind", "finish", "card", key + "s"])] \
                = node.get(key)
    elif isinstance(node, list):
        if node and roll < 0.7:
            node.pop(rng.randrange(len(node)))
        else:
            node.append(_odd_value(rng) if rng.random() < 0.5 else (rng.choice(node) if node else 1))
    elif isinstance(node, str) and node:
        i = rng.randrange(len(node))
        return set_at(case, path, node[:i] + rng.choice(["", " ", "X", "2", "BJ", "\u2028", "=9", "10"]) + node[i + 1:])
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        return set_at(case, path, rng.choice([node + 1, node - 1, -node, node * 1000, 0, float(node)]))
    return case


def _mutate_text(rng: random.Random, line: str) -> str:
    i = rng.randrange(len(line) + 1)
    j = min(len(line), i + rng.randint(0, 12))
    roll = rng.random()
    if roll < 0.35:
        return line[:i] + rng.choice(ODD_TEXT) + line[i:]
    if roll < 0.6:
        return line[:i] + line[j:]
    if roll < 0.75:
        return line[:i] + line[i:j] * rng.randint(2, 5) + line[j:]
    if roll < 0.85:
        return line[:i]
    if roll < 0.95:
        return line[:i] + rng.choice(ODD_TEXT) + line[j:]
    return rng.choice(["# ", " ", "\t", "[", "{}"]) + line


def mutated_line(rng: random.Random) -> str:
    """A real case line, changed one to three times, as JSON or as text."""
    case = json.loads(rng.choice(REAL_LINES))
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.6:
            case = _mutate_json(rng, case)
    line = json.dumps(case, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 3)):
            line = _mutate_text(rng, line)
    return line


def check_file(tmp_path: Path, lines: list[str], name: str = "fuzz.jsonl") -> int:
    """Run one file of lines; the runner must finish, locate every failure on a case
    line, and report no internal error. Returns the number of case lines."""
    text = "\n".join(lines) + "\n"
    path, report = run_text(tmp_path, text, name)
    physical = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace").split("\n")
    if physical[0].startswith("\ufeff"):  # the runner skips a byte-order mark at the start of the file
        physical[0] = physical[0][1:]
    case_numbers = {n for n, line in enumerate(physical, 1)
                    if line.rstrip("\r").strip() and not line.rstrip("\r").strip().startswith("#")}
    assert report.internal == 0, [x for x in report.lines if "INTERNAL" in x]
    assert report.passed + report.failed >= len(case_numbers)  # every case line has its outcome
    located = re.compile(re.escape(str(path)) + r":(\d+)[: ]")
    for failure in report.lines:
        match = located.match(failure)
        assert match and int(match.group(1)) in case_numbers, failure[:300]
    return len(case_numbers)


@given(st.randoms(use_true_random=False), st.integers(1, 12))
def test_mutated_real_cases_never_crash_the_runner(tmp_path_factory, rng, count):
    tmp_path = tmp_path_factory.mktemp("fuzz")
    check_file(tmp_path, [mutated_line(rng) for _ in range(count)])


def selected_slow(request) -> bool:
    """Slow tests run only when asked for by name (-m slow), as in test_diff.py."""
    expression = request.config.getoption("markexpr") or ""
    return "slow" in expression and "not slow" not in expression


@pytest.mark.slow
def test_soak_a_million_mutated_lines(tmp_path, capsys, request):
    """GOUJI_FUZZ_LINES (default 1,000,000) mutated lines, in files of 5,000, seeded by GOUJI_FUZZ_SEED."""
    if not selected_slow(request):
        pytest.skip("a soak run of about a minute a million lines: select with -m slow")
    total = int(os.environ.get("GOUJI_FUZZ_LINES", "1000000"))
    rng = random.Random(int(os.environ.get("GOUJI_FUZZ_SEED", "9")))
    done, started = 0, time.monotonic()
    while done < total:
        lines = [mutated_line(rng) for _ in range(min(5000, total - done))]
        check_file(tmp_path, lines)
        done += len(lines)
    with capsys.disabled():
        print(f"\nconformance fuzz: {done} mutated lines, no crash, {time.monotonic() - started:.0f}s")
