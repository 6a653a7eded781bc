"""The `gouji diff` command at its edges: which options go together, exit statuses (0 the same,
1 different, 2 an error), the matrix's default variants, and a case file only for searchable pairs."""
from __future__ import annotations

import pytest

from gouji_dsl.cli import main
from gouji_dsl.diff import command


@pytest.fixture(autouse=True)
def _english_prose(monkeypatch):
    """These tests read the English prose: the language otherwise follows the reader (GOUJI_LANG,
    the locale, the files; gouji_dsl/language.py)."""
    monkeypatch.setenv("GOUJI_LANG", "en")


FAMILY = "lianzhong, huangjindao, lianzhong-bubiesan, zhoujxmt, qingdao, zaozhuang, lamb-cn, zaozhuang-haixuan"


@pytest.mark.parametrize("argv,message", [
    (["--matrix", "--emit-cases", "x.jsonl"], "--emit-cases compares two variants: it does not go with --matrix"),
    (["--matrix", "--format", "json"], "--matrix prints md or html, not json"),
    (["--matrix", "--format", "text", "zaozhuang"], "--matrix prints md or html, not text"),
    (["--format", "html", "zaozhuang", "lianzhong"], "a diff prints text, md or json, not html"),
    (["zaozhuang"], "gouji diff compares two variants, 1 given"),
    (["zaozhuang", "lianzhong", "qingdao"], "gouji diff compares two variants, 3 given"),
    (["--no-examples", "--emit-cases", "{tmp}/e.jsonl", "gouji", "zaozhuang"],
     "--emit-cases needs two concrete Gouji variants: gouji is abstract"),
    (["--emit-cases", "{tmp}", "zaozhuang", "lianzhong"], "is a folder, not a file"),
])
def test_options_that_do_not_go_together_are_usage_errors(tmp_path, capsys, argv, message):
    assert main(["diff"] + [a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
    assert not (tmp_path / "e.jsonl").exists()


def test_the_matrix_of_all_concrete_variants_in_family_order(capsys):
    assert main(["diff", "--matrix"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"# Rule matrix: {FAMILY}\n") and "| `plays.joker_kills[BJ]` |" in out


@pytest.mark.parametrize("argv,status,start", [
    (["--matrix", "zaozhuang", "zaozhuang"], 0, "# Rule matrix: zaozhuang, zaozhuang\n"),
    (["--matrix", "--format", "html", "zaozhuang", "lianzhong"], 1, "<!DOCTYPE html>\n"),
    (["--matrix", "--lang", "zh", "zaozhuang", "lianzhong"], 1, "# 规则对照表: zaozhuang, lianzhong\n"),
    (["--no-examples", "zaozhuang", "zaozhuang"], 0,
     "zaozhuang (枣庄六副够级) vs zaozhuang (枣庄六副够级): identical: no rule differs\n"),
    (["--no-examples", "--format", "md", "zaozhuang", "lianzhong"], 1, "# zaozhuang (枣庄六副够级) vs lianzhong (联众够级)\n"),
    (["--no-examples", "--format", "json", "zaozhuang", "zaozhuang"], 0, '{\n  "a": "zaozhuang",'),
])
def test_exit_status_follows_diff(capsys, argv, status, start):
    assert main(["diff"] + argv) == status
    out = capsys.readouterr().out
    assert out.startswith(start)


def test_no_examples_means_not_searched(capsys):
    assert main(["diff", "--no-examples", "zaozhuang", "lianzhong"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("; counterexamples not searched)")


def test_rule_errors_are_reported_with_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.gouji"
    bad.write_text("variant bad extends zaozhuang\n[plays]\njokers_rank_lowest = maybe\n", encoding="utf-8")
    assert main(["diff", "--no-examples", "zaozhuang", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "maybe" in err and err.rstrip().endswith("gouji: 1 error(s)")
    assert main(["diff", "--matrix", "zaozhuang", str(bad)]) == 2
    assert capsys.readouterr().err.rstrip().endswith("gouji: 1 error(s)")


def test_a_bad_case_file_is_refused_before_the_search(tmp_path, capsys, monkeypatch):
    def searched(*args, **kwargs):
        raise AssertionError("the search ran")

    monkeypatch.setattr(command, "counterexamples", searched)
    assert main(["diff", "--emit-cases", str(tmp_path), "zaozhuang", "lianzhong"]) == 2
    assert "is a folder, not a file" in capsys.readouterr().err
