"""The `gouji` command as a user runs it: exit status and output."""
from __future__ import annotations

import json
import subprocess
import sys

from gouji_dsl.cli import main


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
    b.write_text("variant b extends lianzhong\n[burning]\npriority = closest\n", encoding="utf-8")
    assert main(["check", str(a), str(b)]) == 1
    err = capsys.readouterr().err
    assert "a.gouji:3:1: error: 6 players × 54 cards = 324, but 4 deck(s) hold only 216 cards" in err
    assert "a.gouji:5:9: error: expected yes or no, found 'perhaps'" in err
    assert "b.gouji:3:12: error: unknown value 'closest'" in err
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
    assert data["sections"]["plays"]["big_joker_doubling"] is True
    assert data["origins"]["table.decks"]["cites"] == ["@000:L15"]


def test_show_refuses_a_broken_variant(tmp_path, capsys):
    path = tmp_path / "bad.gouji"
    path.write_text("variant bad extends zaozhuang\n[table]\ndecks = many\n", encoding="utf-8")
    assert main(["show", str(path)]) == 1
    assert "bad.gouji:3:9: error: expected a whole number from 1 to 12, found 'many'" in capsys.readouterr().err


def test_fmt_check_writes_nothing_then_fmt_rewrites(tmp_path, capsys):
    path = tmp_path / "club.gouji"
    messy = "variant club extends zaozhuang   # our club\n[烧牌]\n优先=就近   @D14\n[flow]\nlead_return_circles=1\n"
    path.write_text(messy, encoding="utf-8")
    assert main(["fmt", "--check", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == messy
    assert "would reformat" in capsys.readouterr().out
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == (
        "variant club extends zaozhuang  # our club\n\n[burning]\n"
        "priority = nearest" + " " * 35 + "@D14\n\n[flow]\nlead_return_circles = 1\n")
    assert main(["fmt", "--check", str(path)]) == 0


def test_fmt_leaves_a_broken_file_alone(tmp_path, capsys):
    path = tmp_path / "bad.gouji"
    path.write_text("variant bad\n[table\n", encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == "variant bad\n[table\n"
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_variant_files_are_formatted():
    assert main(["fmt", "--check"]) == 0
