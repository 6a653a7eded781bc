"""The `gouji` command as a user runs it: exit status and output."""
from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys

import pytest

from gouji_dsl.cli import GC_THRESHOLDS, build_parser, main
from gouji_dsl.lang.fmt import format_file
from gouji_dsl.lang.parser import parse_text
from gouji_dsl.paths import variants_dir


def run(*args):
    return subprocess.run([sys.executable, "-m", "gouji_dsl", *args], capture_output=True, text=True, timeout=120)


def test_check_all_variants_passes():
    result = run("check")
    assert result.returncode == 0, result.stderr
    assert "no errors" in result.stdout
    for name in ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao"):
        assert name in result.stdout


def test_check_a_file_path(tmp_path):
    path = tmp_path / "club.gouji"
    path.write_text("variant club extends zaozhuang\n[flow]\nlead_return_circles = 1\n", encoding="utf-8")
    result = run("check", str(path))
    assert result.returncode == 0, result.stderr
    assert "club" in result.stdout


def test_rule_errors_exit_1_and_report_all(tmp_path, capsys):
    a = tmp_path / "a.gouji"
    a.write_text("variant a extends zaozhuang\n[table]\ndecks = 4\n[flow]\ndefer = perhaps\n", encoding="utf-8")
    b = tmp_path / "b.gouji"
    b.write_text("variant b extends lianzhong\n[burning]\nlift = closest\n", encoding="utf-8")
    assert main(["check", str(a), str(b)]) == 1
    err = capsys.readouterr().err
    assert "a.gouji:3:1: error: 6 players × 54 cards = 324, but 4 deck(s) hold only 216 cards" in err
    assert "a.gouji:5:9: error: expected yes or no (是/否), found 'perhaps'" in err
    assert "b.gouji:3:8: error: unknown value 'closest'" in err
    assert "gouji: 3 error(s)" in err
    assert "Traceback" not in err


def test_usage_errors_exit_2(capsys):
    assert main(["check", "qingdoa"]) == 2
    err = capsys.readouterr().err
    assert "unknown variant 'qingdoa'" in err and "did you mean 'qingdao'?" in err
    assert main(["show", "nowhere.gouji"]) == 2
    result = run("frobnicate")
    assert result.returncode == 2


def test_show_text_and_json(capsys):
    assert main(["show", "huangjindao"]) == 0
    text = capsys.readouterr().out
    assert "lineage: huangjindao -> lianzhong -> gouji" in text
    assert "condition (条件) = sets(hand) - jokers(hand) <= 2    from huangjindao @004:L83 @D13" in text
    assert main(["show", "zaozhuang", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sections"]["table"]["decks"] == 6
    assert data["sections"]["plays"]["joker_kills"][1] == {"joker": "BJ", "by_higher": None, "by_same": 2, "by_lower": None}
    assert data["origins"]["table.decks"]["cites"] == ["@000:L15"]


def test_show_refuses_a_broken_variant(tmp_path, capsys):
    path = tmp_path / "bad.gouji"
    path.write_text("variant bad extends zaozhuang\n[table]\ndecks = many\n", encoding="utf-8")
    assert main(["show", str(path)]) == 1
    assert "bad.gouji:3:9: error: expected a whole number from 1 to 12, found 'many'" in capsys.readouterr().err


def test_fmt_check_writes_nothing_then_fmt_rewrites(tmp_path, capsys):
    path = tmp_path / "club.gouji"
    messy = "variant club extends zaozhuang   # our club\n[烧牌]\n烧牌顺序=[1,2,对家,4,5]   @D14\n[flow]\nlead_return_circles=1\n"
    path.write_text(messy, encoding="utf-8")
    assert main(["fmt", "--check", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == messy
    assert "would reformat" in capsys.readouterr().out
    assert main(["fmt", "--names", "en", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == (
        "variant club extends zaozhuang  # our club\n\n[burning]\n"
        "ask_order = [1, 2, opposite, 4, 5]" + " " * 19 + "@D14\n\n[flow]\nlead_return_circles = 1\n")
    assert main(["fmt", "--check", str(path)]) == 0


def test_fmt_leaves_a_broken_file_alone(tmp_path, capsys):
    path = tmp_path / "bad.gouji"
    path.write_text("variant bad\n[table\n", encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == "variant bad\n[table\n"
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_variant_files_are_formatted():
    assert main(["fmt", "--check", *map(str, sorted(variants_dir().glob("*.gouji")))]) == 0


def test_fmt_without_files_formats_the_users_folder_only(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GOUJI_PATH", raising=False)
    assert main(["fmt", "--check"]) == 2  # the standard variants are not the user's to reformat
    assert "no rule files (*.gouji) in the current folder" in capsys.readouterr().err


# --- written by Chinese players: fmt --names, show --rules ---------------------------

CHINESE_CLUB = (
    "# 我们俱乐部的规则\n"
    "variant club extends zaozhuang\n\n"
    "[烧牌]\n烧牌顺序 = [1, 2, 对家, 4, 5]  # 对家前后分两段\n首手带王 = 是\n\n"
    "[出牌]\n让圈 = 1\n\n"
    "[报牌看牌]\n看牌 = 无\n\n"
    "[进贡]\n顺序 = [点贡, 落贡]\n"
    "点贡 =\n  | 宣点   | 开点   | 我进 | 对家进 |\n  | 都不宣 | 我开   | 0    | 级数   |\n"
    "  | 都不宣 | 都不开 | 1    | 1      |\n  | 都不宣 | 都开   | 0    | 0      |\n"
)


def _model(path):
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.phases import Compilation
    from gouji_dsl.docs.show import to_json

    ws = Workspace()
    data = to_json(Compilation(ws, ws.resolve_argument(str(path))).checked)
    for origin in data["origins"].values():
        origin.pop("line")
    return data


def test_fmt_names_zh_keeps_a_chinese_file_chinese(tmp_path, capsys):
    path = tmp_path / "club.gouji"
    path.write_text(CHINESE_CLUB, encoding="utf-8")
    assert main(["fmt", "--names", "zh", "--check", str(path)]) == 0  # already in canonical Chinese form
    assert main(["fmt", "--check", str(path)]) == 0  # and fmt keeps a Chinese file's language
    english = tmp_path / "english" / "club.gouji"
    english.parent.mkdir()
    english.write_text(CHINESE_CLUB, encoding="utf-8")
    assert main(["fmt", "--names", "en", str(english)]) == 0
    text = english.read_text(encoding="utf-8")
    assert "[burning]\nask_order = [1, 2, opposite, 4, 5]  # 对家前后分两段\nfirst_play_needs_joker = yes\n" in text
    assert "show_team_at = none" in text and "| neither  | me      | 0        | level     |" in text
    assert _model(english) == _model(path)  # the same rules, whichever language names them
    assert main(["fmt", "--names", "zh", str(english)]) == 0  # and back again, comments kept
    assert english.read_text(encoding="utf-8") == CHINESE_CLUB


@pytest.mark.parametrize("text, names", [
    ("variant club extends zaozhuang\n[出牌]\n让圈 = 1\n过牌 = once_per_round\n", "zh"),
    ("variant club extends zaozhuang\n[flow]\nlead_return_circles = 1\n让牌 = no\n", "en"),
    ("variant club extends zaozhuang\n[烧牌]\n首手带王 = yes\n[flow]\ndefer = no\n", "zh"),  # as many: Chinese
])
def test_fmt_keeps_the_language_a_file_mostly_writes_its_names_in(tmp_path, text, names):
    path = tmp_path / "club.gouji"
    path.write_text(text, encoding="utf-8")
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == format_file(parse_text(text, "club.gouji"), text, names)


def test_fmt_names_keep_keeps_each_name_as_written(tmp_path):
    path = tmp_path / "club.gouji"
    path.write_text("variant club extends zaozhuang\n[烧牌]\nlift=对家或无头\n[flow]\n让圈 = 1\ndefer = 是\n", encoding="utf-8")
    assert main(["fmt", "--names", "keep", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == (
        "variant club extends zaozhuang\n\n[烧牌]\nlift = 对家或无头\n\n[flow]\n让圈 = 1\ndefer = 是\n")
    assert main(["fmt", "--names", "keep", "--check", str(path)]) == 0


def test_fmt_rejects_an_unknown_name_mode():
    result = run("fmt", "--names", "fr", "x.gouji")
    assert result.returncode == 2
    assert "invalid choice: 'fr'" in result.stderr


def test_show_rules_schema(capsys):
    assert main(["show", "--rules"]) == 0
    text = capsys.readouterr().out
    assert "[burning] 烧牌 - Burning (烧牌)    (applies to game gouji)" in text
    assert "[patterns] 牌型表 - Play types, bombs and wild cards    (applies to game shuangkou, when [plays] shape = patterns)" in text
    lines = text.splitlines()
    start = lines.index("  lift (解烧)    required")
    assert lines[start:start + 10] == [
        "  lift (解烧)    required",
        "    whose beating a play of the burner lifts the burn, without penalty",
        "    values: one of these, or an expression giving yes/no (a condition)",
        "      anyone (任何人)                    any play of the burner beaten by anyone lifts the burn  (= yes)",
        "      opposite_or_headless (对家或无头)  a play of the burner lifts the burn when the burner's opposite or a 无头 player beats it"
        "  (= beater == opposite(burner) or headless(beater))",
        "      no (不解烧)                        a burn is never lifted  (= no)",
        "      names:",
        "        burner (烧牌者), a player (seat): the burner, whose play is beaten",
        "        beater (打牌者), a player (seat): the player beating the burner's play",
        "      functions: opposite, next, previous, headless, holds_top, played, failed, sits_out, opened, forfeited, passed, passed_plain, out, teammate,"
        " cards_left, number, distance (described at the top)"]
    assert "  jokers_alone (纯王)    optional, default yes (是)" in text
    assert "    values: a whole number from 1 to 12" in text
    assert "here:" not in text  # no variant, no values


def test_show_rules_of_a_variant_text_and_json_agree(capsys):
    from gouji_dsl.model import schema as m

    assert main(["show", "zaozhuang", "--rules"]) == 0
    text = capsys.readouterr().out
    assert main(["show", "zaozhuang", "--rules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(["show", "zaozhuang", "--json"]) == 0
    values = json.loads(capsys.readouterr().out)["sections"]

    assert "patterns" not in data["sections"] and "\n[patterns]" not in text  # not Shuangkou
    assert list(data["sections"]) == list(values)
    assert "    here: 6    (from zaozhuang @000:L15)" in text
    for section, info in data["sections"].items():
        cls = m.SECTION_BY_NAME[section]
        assert f"[{section}] {cls.ZH} - {cls.EN}" in text
        assert list(info["rules"]) == [f.name for f in dataclasses.fields(cls)]  # every rule, in model order
        for key, rule in info["rules"].items():
            assert rule["value"] == values[section][key]  # the same value as `show --json`
            assert f"  {key} ({rule['zh']})    " in text
            assert rule["meaning"] and rule["type"]["summary"]
            if "value_text" in rule:
                assert f"    here: {rule['value_text']}" in text
    lift = data["sections"]["burning"]["rules"]["lift"]
    assert lift["type"]["values"][2] == {"name": "no", "zh": "不解烧", "meaning": "a burn is never lifted",
                                         "meaning_zh": "烧牌永远不能解除", "stands_for": "no"}
    ask_order = data["sections"]["burning"]["rules"]["ask_order"]
    assert ask_order["value"] == [2, 4, 1, 5, "opposite"]
    assert ask_order["type"]["item"]["values"] == [{"name": "opposite", "zh": "对家",
                                                    "meaning": "the 级牌 player's opposite, who answers here",
                                                    "meaning_zh": "出级牌人的对家，在这个位置接牌"}]
    thresholds = data["sections"]["gouji"]["rules"]["thresholds"]["type"]
    assert [c["name"] for c in thresholds["columns"]] == ["rank", "at_least"]
    assert thresholds["columns"][1]["type"] == {"kind": "number", "summary": "a whole number from 1 to 100",
                                                "min": 1, "max": 100}
    condition = data["sections"]["burning"]["rules"]["condition"]["type"]
    assert [n["name"] for n in condition["names"]] == ["hand", "rest"]
    lift_type = lift["type"]
    assert [n["name"] for n in lift_type["names"]] == ["burner", "beater"]
    # The functions at the top are every expression's: the card formulas' and the seat expressions'.
    assert {f["name"] for f in data["functions"]} == set(condition["functions"]) | set(lift_type["functions"])
    assert not set(condition["functions"]) & set(lift_type["functions"])


def test_show_rules_of_a_shuangkou_variant_has_its_sections_only(capsys):
    assert main(["show", "shuangkou-baibian", "--rules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["sections"]) == ["about", "table", "cards", "plays", "patterns", "flow", "info", "end", "results"]


def test_show_needs_a_variant_unless_rules(capsys):
    assert main(["show"]) == 2
    assert "gouji show --rules" in capsys.readouterr().err


def test_every_command_argument_and_option_says_what_it_is():
    """`gouji --help` says what the tool does, and every subcommand, argument and option of every
    command has its one-line description."""
    parser = build_parser()
    assert "Gouji (够级)" in parser.description and "house rule" in parser.description
    missing = []

    def walk(p: argparse.ArgumentParser, path: str) -> None:
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help for a in action._choices_actions}
                for name, sub in action.choices.items():
                    if not helps.get(name):
                        missing.append(f"{path} {name}")
                    walk(sub, f"{path} {name}")
            elif not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")

    walk(parser, "gouji")
    assert not missing, missing


def test_a_command_sets_the_collector_thresholds_and_importing_the_package_does_not():
    """`gouji` owns its process: it collects cyclic garbage less often than CPython's default
    (gouji_dsl/cli.py GC_THRESHOLDS); a program that imports the package keeps its own settings."""
    probe = ("import gc, sys; gc.set_threshold(700, 10, 10); import gouji_dsl, gouji_dsl.cli as cli; "
             "print(gc.get_threshold()); cli.main(['check', 'lianzhong']); print(gc.get_threshold())")
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert lines[0] == "(700, 10, 10)" and lines[-1] == str(GC_THRESHOLDS)


def _commands() -> list[str]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(sub.choices)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_command_prints_its_help_in_both_languages(language, capsys):
    # argparse reads a `%` in a help text as a format: one unescaped stops `--help` with a traceback.
    for command in _commands():
        with pytest.raises(SystemExit) as done:
            main([command, "--help", "--lang", language])
        assert done.value.code == 0, command
        assert f"gouji {command} [-h]" in capsys.readouterr().out
