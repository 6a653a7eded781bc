"""The house-rule author's whole path in Chinese (issue: Chinese-first authoring, "Done when").

A club organiser's machine: a Chinese locale (LANG=zh_CN.UTF-8, no GOUJI_LANG), an empty folder
outside the checkout, a house rule written in Chinese with a Chinese variant name and file name
that changes two rules and says nothing else. Every command runs on it as the organiser would
type it, speaks Chinese, and warns of nothing; a mistake in the file is told in Chinese too.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gouji_runner import Ran, run_gouji

CLUB = """\
variant 俱乐部 extends 联众

[简介]
名称 = "俱乐部规则"

[出牌]
让圈 = 2

[报牌看牌]
报牌 = 10
"""

# The sentences of English messages: one of them in the organiser's output is a message not translated.
ENGLISH = re.compile(r"\b(error|warning|hint|checked|variant\(s\)|file\(s\)|wrote|passed|failed|replayed|"
                     r"expected|unknown|did you mean|already formatted|not set|lineage|required|default)\b")
CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.fixture
def club(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club")  # outside the checkout
    (folder / "俱乐部.gouji").write_text(CLUB, encoding="utf-8")
    return folder


def _gouji(folder: Path, *args: str, process: bool = False) -> subprocess.CompletedProcess | Ran:
    """`gouji ARGS` on an organiser's machine (a Chinese locale, nothing else set): in this process
    (tests/gouji_runner.py), or with `process` in a Python of its own, as the installed script."""
    env = {k: v for k, v in os.environ.items() if k not in ("GOUJI_LANG", "LC_ALL", "LC_MESSAGES", "GOUJI_PATH")}
    env["LANG"] = "zh_CN.UTF-8"
    if not process:
        return run_gouji(list(args), folder, env)
    return subprocess.run([sys.executable, "-m", "gouji_dsl", *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300)


def _speaks_chinese(run: subprocess.CompletedProcess | Ran, *, output: str = "stdout") -> None:
    said = run.stdout + run.stderr
    assert run.returncode == 0, said[-3000:]
    assert "警告" not in said and "warning" not in said.lower(), said[-3000:]
    assert CJK.search(getattr(run, output)), said[-3000:]


def test_every_command_on_a_chinese_house_rule_speaks_chinese_and_warns_of_nothing(club):
    check = _gouji(club, "check", "俱乐部.gouji")
    _speaks_chinese(check)
    assert check.stdout.startswith("gouji：已检查 1 个玩法，没有错误：俱乐部"), check.stdout
    assert _gouji(club, "check", "俱乐部").stdout == check.stdout  # by its Chinese name too
    folder = _gouji(club, "check")  # the folder: the standard variants and the club's
    _speaks_chinese(folder)
    assert folder.stdout.startswith("gouji：已检查 ") and folder.stdout.endswith("俱乐部\n"), folder.stdout

    show = _gouji(club, "show", "俱乐部")
    _speaks_chinese(show)
    assert "继承关系：俱乐部 -> lianzhong -> gouji" in show.stdout
    assert not ENGLISH.search(show.stdout.split("\n", 3)[1]), show.stdout[:500]

    rules = _gouji(club, "show", "俱乐部", "--rules", "让圈")
    _speaks_chinese(rules)
    assert re.search(r"这里：2\s+（来自 俱乐部", rules.stdout), rules.stdout

    fmt = _gouji(club, "fmt", "--check", "俱乐部.gouji")
    _speaks_chinese(fmt)
    assert fmt.stdout == "gouji：1 个文件格式已经规范\n"

    built = _gouji(club, "build", "俱乐部.gouji", "-o", "引擎")
    _speaks_chinese(built)
    assert (club / "引擎" / "俱乐部.py").is_file() or any((club / "引擎").glob("*.py"))

    played = _gouji(club, "play", "俱乐部", "--json", "--seed", "3")
    assert played.returncode == 0, played.stderr
    (club / "对局.json").write_text(played.stdout, encoding="utf-8")
    replay = _gouji(club, "replay", "对局.json", "--quiet")
    _speaks_chinese(replay)
    assert replay.stdout == "gouji：已重放 1 局，每个动作都已核对\n"

    (club / "用例.jsonl").write_text(json.dumps({"check": "beats", "variant": "俱乐部", "lead": "7 7 7",
                                                "play": "8 8 8", "expect": True}, ensure_ascii=False) + "\n",
                                    encoding="utf-8")
    conform = _gouji(club, "conform", "用例.jsonl")
    _speaks_chinese(conform)
    assert conform.stdout.endswith("1 个通过，0 个失败\n"), conform.stdout

    sheet = _gouji(club, "doc", "俱乐部", "--changes")
    _speaks_chinese(sheet)
    assert "让圈" in sheet.stdout or "两圈" in sheet.stdout

    diff = _gouji(club, "diff", "联众", "俱乐部.gouji", "--no-examples")
    assert diff.returncode in (0, 1), diff.stderr  # 1: the two differ, as they do
    assert "警告" not in diff.stderr and CJK.search(diff.stdout), diff.stdout[-2000:]

    simulated = _gouji(club, "simulate", "俱乐部", "--games", "4", "--match-games", "2", "--workers", "1")
    _speaks_chinese(simulated)


def test_a_mistake_in_a_chinese_house_rule_is_told_in_chinese(club):
    (club / "俱乐部.gouji").write_text(CLUB.replace("让圈 = 2", "让圈 = 9").replace("报牌 = 10", "报牌 = 不报"),
                                       encoding="utf-8")
    run = _gouji(club, "check", "俱乐部.gouji", process=True)  # the installed script, on a Chinese machine
    assert run.returncode == 1
    assert "俱乐部.gouji:7:6: 错误: " in run.stderr, run.stderr
    assert "gouji：2 个错误" in run.stderr, run.stderr
    located = [line for line in run.stderr.splitlines() if ": 错误: " in line or "提示: " in line]
    assert located and all(not ENGLISH.search(line.split("错误: ")[-1].split("提示: ")[-1]) for line in located), \
        run.stderr


def test_the_same_commands_speak_english_when_the_reader_asks(club):
    run = _gouji(club, "--lang", "en", "check", "俱乐部.gouji")
    assert run.stdout.startswith("gouji: 1 variant(s) checked, no errors: 俱乐部"), run.stdout + run.stderr
    run = _gouji(club, "check", "俱乐部.gouji", "--lang", "en")
    assert run.stdout.startswith("gouji: 1 variant(s) checked"), run.stdout + run.stderr
