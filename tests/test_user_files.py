"""A user's own rule file, in a folder of their own, works with every command.

Each test runs `gouji` as a user would: a new process whose current folder is
a temporary folder outside the checkout, holding the user's house rules.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.lang.loader import CHINESE_NAMES, PATH_VARIABLE, Workspace
from gouji_dsl.phases import Compilation
from helpers import CLUB_RULES
from gouji_runner import Ran, run_gouji


# Extends a sibling file, not a standard variant; changes a card rule, so the
# difference shows in conformance cases too.
STRICT = """\
variant strict extends club

[about]
title = "严格俱乐部够级"
title_en = "Strict club Gouji"

[gouji]
thresholds =
  | rank | at_least |
  | 10   | 4        |
  | J    | 4        |
  | Q    | 3        |
  | K    | 2        |
  | A    | 2        |
  | 2    | 1        |
"""


def gouji(folder: Path, *args: str, env: dict | None = None) -> Ran:
    """`gouji ARGS` in `folder` (in this process: tests/gouji_runner.py), the search path unset
    unless `env` sets it."""
    full_env = {k: v for k, v in os.environ.items() if k != PATH_VARIABLE}
    full_env.update(env or {})
    return run_gouji(list(args), folder, full_env)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "club.gouji").write_text(CLUB_RULES, encoding="utf-8")
    (folder / "strict.gouji").write_text(STRICT, encoding="utf-8")
    return folder


def test_check_finds_the_folders_files_and_the_standard_variants(club):
    r = gouji(club, "check")
    assert r.returncode == 0, r.stderr
    assert "club" in r.stdout and "strict" in r.stdout and "zaozhuang" in r.stdout
    r = gouji(club, "check", "strict.gouji")
    assert r.returncode == 0, r.stderr
    assert "1 variant(s) checked" in r.stdout


def test_errors_in_a_user_file_name_that_file(club):
    (club / "bad.gouji").write_text("variant bad extends zaozhuang\n\n[flow]\nlead_return_circles = 9\n", encoding="utf-8")
    r = gouji(club, "check", "bad.gouji")
    assert r.returncode == 1
    assert r.stderr.startswith("bad.gouji:4:23: error:"), r.stderr


def test_check_file_and_check_folder_give_the_same_verdict(club):
    """A file whose header names another variant: the same error from `gouji check FILE` and
    from `gouji check` in its folder (a sibling extending it by name would not find it)."""
    (club / "ours.gouji").write_text("variant theirs extends zaozhuang\n", encoding="utf-8")
    by_file, by_folder = gouji(club, "check", "ours.gouji"), gouji(club, "check")
    assert by_file.returncode == by_folder.returncode == 1
    error = "ours.gouji:1:9: error: this file is named 'ours' but its header says 'theirs'"
    assert by_file.stderr.startswith(error) and error in by_folder.stderr


def test_unknown_parent_is_reported_with_the_known_variants(club):
    (club / "orphan.gouji").write_text("variant orphan extends zaozhaung\n", encoding="utf-8")
    r = gouji(club, "check", "orphan.gouji")
    assert r.returncode == 1
    assert "unknown parent variant 'zaozhaung'" in r.stderr and "did you mean 'zaozhuang'" in r.stderr


def test_show_by_name_and_by_path(club, tmp_path):
    r = gouji(club, "show", "strict")
    assert r.returncode == 0, r.stderr
    assert "lineage: strict -> club -> zaozhuang -> gouji" in r.stdout
    assert "lead_return_circles (让圈) = 1    from club" in r.stdout
    r = gouji(tmp_path, "show", "club/strict.gouji", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["sections"]["gouji"]["thresholds"][0] == {"rank": "10", "at_least": 4}


def test_search_path_option_and_environment(club, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert gouji(elsewhere, "show", "strict").returncode == 2
    r = gouji(elsewhere, "show", "strict", "--path", str(club))
    assert r.returncode == 0, r.stderr
    r = gouji(elsewhere, "show", "strict", env={PATH_VARIABLE: str(club)})
    assert r.returncode == 0, r.stderr
    r = gouji(elsewhere, "check", "--path", str(tmp_path / "missing"))
    assert r.returncode == 2 and "no such folder" in r.stderr


def test_fmt_formats_the_folders_files(club):
    (club / "messy.gouji").write_text("variant messy extends zaozhuang\n[flow]\nlead_return_circles=1\n", encoding="utf-8")
    r = gouji(club, "fmt", "--check")
    assert r.returncode == 1 and "would reformat messy.gouji" in r.stdout
    assert gouji(club, "fmt").returncode == 0
    assert "lead_return_circles = 1" in (club / "messy.gouji").read_text(encoding="utf-8")
    assert gouji(club, "fmt", "--check").returncode == 0


def test_build_writes_where_the_user_says(club, tmp_path):
    out = tmp_path / "out"
    r = gouji(club, "build", "strict.gouji", "-o", str(out))
    assert r.returncode == 0, r.stderr
    module = (out / "strict.py").read_text(encoding="utf-8")
    assert module.startswith("# Generated by gouji-dsl") and "from strict.gouji" in module
    assert sorted(p.name for p in (out / "rulebooks").iterdir()) == [
        "strict.en.html", "strict.en.md", "strict.handout.en.html", "strict.handout.en.md",
        "strict.handout.zh.html", "strict.handout.zh.md", "strict.quick.en.html", "strict.quick.en.md",
        "strict.quick.zh.html", "strict.quick.zh.md", "strict.zh.html", "strict.zh.md"]
    assert gouji(club, "build", "strict.gouji", "-o", str(out), "--check").returncode == 0
    # The module runs on its own, imported from where it was written.
    probe = "import strict; print(strict.is_gouji(strict.classify(strict.parse_cards('10 10 10 10')).play))"
    r = subprocess.run([sys.executable, "-c", probe], cwd=out, capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "True", r.stderr
    # Without -o a user's engine goes to the current folder, never into the package.
    r = gouji(club, "build", "club.gouji")
    assert r.returncode == 0, r.stderr
    assert (club / "club.py").is_file()
    assert not (Path(gouji_dsl.__file__).parent / "generated" / "club.py").exists()


def test_play_and_replay_a_user_variant(club):
    r = gouji(club, "play", "strict.gouji", "--games", "2", "--json")
    assert r.returncode == 0, r.stderr
    history = json.loads(r.stdout)
    assert history["variant"] == "strict" and len(history["games"]) == 2
    (club / "games.json").write_text(r.stdout, encoding="utf-8")
    r = gouji(club.parent, "replay", "club/games.json", "--quiet")
    assert r.returncode == 0, r.stderr
    assert "2 game(s) replayed" in r.stdout
    r = gouji(club.parent, "replay", "club/games.json", "--rules", "club/club.gouji")
    assert r.returncode == 2 and "was played in 'strict'" in r.stderr


def test_doc_cites_the_users_file(club):
    r = gouji(club, "doc", "strict.gouji", "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert "strict.gouji ← club.gouji ← variants/zaozhuang.gouji" in r.stdout
    assert ": strict.gouji, line" in r.stdout
    assert "variants/strict.gouji" not in r.stdout


def test_diff_a_user_variant_and_emit_cases_that_conform(club):
    r = gouji(club, "diff", "club", "strict.gouji", "--emit-cases", "cases/strict.jsonl")
    assert r.returncode == 1, r.stderr  # different variants
    assert "gouji.thresholds" in r.stdout
    cases = (club / "cases" / "strict.jsonl").read_text(encoding="utf-8")
    assert '"../strict.gouji"' in cases and '"../club.gouji"' in cases
    for engine in ("generated", "reference"):
        r = gouji(club.parent, "conform", "club/cases/strict.jsonl", "--engine", engine)
        assert r.returncode == 0, r.stdout + r.stderr
        assert " 0 failed" in r.stdout


def test_conform_names_variants_by_file_relative_to_the_case_file(club):
    case = {"check": "hand", "cards": "10 10 10 10", "expect": {"strict.gouji": {"gouji": True}, "club.gouji": {"gouji": False}}}
    (club / "mine.jsonl").write_text(json.dumps(case) + "\n" + json.dumps({**case, "expect": {"nope.gouji": {"gouji": True}}}) + "\n",
                                     encoding="utf-8")
    r = gouji(club.parent, "conform", "club/mine.jsonl")
    assert r.returncode == 1
    assert r.stdout.splitlines()[-1] == "2 passed, 1 failed"
    assert "no rule file 'nope.gouji' beside the case file" in r.stdout


def test_python_api_takes_a_rule_file(club):
    engine = gouji_dsl.engine(str(club / "strict.gouji"))
    assert engine.VARIANT == "strict"
    assert engine.is_gouji(engine.classify(engine.parse_cards("10 10 10 10")).play)
    reference = gouji_dsl.reference_engine(str(club / "strict.gouji"))
    assert reference.classify(reference.parse_cards("10 10 10 10")).gouji
    with pytest.raises(LookupError, match="unknown variant 'zaozhaung'"):
        gouji_dsl.engine("zaozhaung")


def test_a_user_file_may_not_take_a_standard_variants_name(club):
    (club / "qingdao.gouji").write_text(
        "variant qingdao extends lianzhong\n\n[about]\ntitle = \"我的青岛\"\ntitle_en = \"My Qingdao\"\n", encoding="utf-8")
    for args in (["check", "qingdao.gouji"], ["build", "qingdao.gouji", "-o", "out"], ["play", "qingdao"]):
        r = gouji(club, *args)
        assert r.returncode == 1, (args, r.stdout, r.stderr)
        assert "qingdao.gouji:1:9: error: 'qingdao' is the name of a standard variant" in r.stderr
    assert not (club / "out").exists()
    assert "qingdao" not in gouji(club, "check", "club").stdout


CHINESE_CLUB = "variant 俱乐部 extends 联众\n\n[简介]\n名称 = \"俱乐部够级\"\n\n[出牌]\n让圈 = 2\n"


@pytest.mark.slow  # tests/test_chinese_author.py takes the same path, and more, in the default run
def test_a_chinese_house_rule_named_in_chinese_through_every_command(tmp_path, no_language_set):
    """A club's house rule written in Chinese, its variant and file named in Chinese, extending a
    standard variant by its Chinese name, in an empty folder of its own: every command takes it,
    with no warning; fmt keeps it Chinese."""
    folder = tmp_path / "俱乐部"
    folder.mkdir()
    (folder / "俱乐部.gouji").write_text(CHINESE_CLUB, encoding="utf-8")
    runs = {
        "check": gouji(folder, "check", "俱乐部.gouji"),
        "check folder": gouji(folder, "check"),
        "fmt": gouji(folder, "fmt", "--check", "俱乐部.gouji"),
        "show": gouji(folder, "show", "俱乐部"),
        "play": gouji(folder, "play", "俱乐部.gouji", "--games", "1"),
        "doc": gouji(folder, "doc", "俱乐部.gouji", "--changes"),
        "diff": gouji(folder, "diff", "联众", "俱乐部.gouji"),
        "build": gouji(folder, "build", "俱乐部.gouji", "-o", "out"),
    }
    for what, run in runs.items():
        assert run.returncode in ((0, 1) if what == "diff" else (0,)), (what, run.stderr)
        assert "warning" not in run.stderr and "警告" not in run.stderr, (what, run.stderr)
    # A Chinese file on a machine that says nothing of the language: Chinese messages.
    assert "没有错误：俱乐部" in runs["check"].stdout and "俱乐部" in runs["check folder"].stdout
    assert runs["show"].stdout.startswith("俱乐部: 俱乐部够级") and "继承关系：俱乐部 -> lianzhong -> gouji" in runs["show"].stdout
    assert runs["doc"].stdout.startswith("# 俱乐部够级：与联众够级不同的规则")
    assert (folder / "out" / "俱乐部.py").is_file()
    assert (folder / "俱乐部.gouji").read_text(encoding="utf-8") == CHINESE_CLUB  # nothing rewritten


@pytest.mark.parametrize("chinese, name", [("联众", "lianzhong"), ("枣庄", "zaozhuang"), ("千变双扣", "shuangkou-qianbian"),
                                           ("联众够级", "lianzhong")])
def test_the_standard_variants_answer_to_their_chinese_names(tmp_path, chinese, name):
    run = gouji(tmp_path, "show", chinese)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"{name}: ")


def test_a_file_may_not_take_a_standard_variants_chinese_name(tmp_path):
    (tmp_path / "联众.gouji").write_text("variant 联众 extends lianzhong\n", encoding="utf-8")
    run = gouji(tmp_path, "check", "联众.gouji")
    assert run.returncode == 1 and "'联众' is the name of a standard variant" in run.stderr


def test_every_chinese_name_stands_for_a_standard_variant_with_that_title():
    """CHINESE_NAMES holds the standard variants' own names: each is its variant's Chinese title
    or a part of it (够级 and spaces left out)."""
    ws = Workspace()
    for chinese, name in CHINESE_NAMES.items():
        assert ws.is_standard(name), name
        title = Compilation(ws, name).checked.sections["about"].title.replace(" ", "")
        assert set(chinese.replace("够级", "")) <= set(title), (chinese, title)
