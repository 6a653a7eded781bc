"""`gouji show --rules --json`: the variant's head fields, and where each value comes from
(a rule file, the schema's default, or nowhere for an abstract variant's unset rule)."""
from __future__ import annotations

import json

import pytest

from gouji_dsl.cli import main


def rules_json(capsys, *variant: str) -> dict:
    assert main(["show", *variant, "--rules", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_head_names_the_variant_its_game_and_lineage(capsys):
    assert {k: v for k, v in rules_json(capsys, "huangjindao").items() if k not in ("functions", "operators", "sections")} \
        == {"variant": "huangjindao", "game": "gouji", "abstract": False, "lineage": ["huangjindao", "lianzhong", "gouji"]}
    head = rules_json(capsys, "shuangkou-baibian")
    assert (head["variant"], head["game"], head["abstract"], head["lineage"]) \
        == ("shuangkou-baibian", "shuangkou", False, ["shuangkou-baibian", "shuangkou"])
    assert rules_json(capsys)["variant"] is None and "lineage" not in rules_json(capsys)  # the schema alone


def test_a_rule_no_file_sets_comes_from_the_default(capsys):
    rank_by = rules_json(capsys, "huangjindao")["sections"]["room"]["rules"]["rank_by"]
    assert (rank_by["value"], rank_by["set_in"], rank_by["cites"]) == ("points", "default", [])
    assert main(["show", "huangjindao", "--rules"]) == 0
    text = capsys.readouterr().out
    assert "    here: points (积分)    (from default)" in text


def test_an_abstract_variants_unset_rule_comes_from_nowhere(capsys):
    decks = rules_json(capsys, "gouji")["sections"]["table"]["rules"]["decks"]
    assert (decks["value"], decks["set_in"], decks["cites"]) == (None, None, [])
    set_here = rules_json(capsys, "gouji")["sections"]["table"]["rules"]["players"]
    assert set_here["set_in"] == "gouji" and set_here["value"] == 6


def test_a_card_range_rule_names_what_each_end_may_be(capsys):
    assert main(["show", "--rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = lines.index("  run_ranks (连牌范围)    required")
    assert lines[start + 2:start + 4] == [
        "    values: a range of cards, LOW..HIGH (such as 3..A), LOW below HIGH",
        "      each end: a rank from 3 to A: 3 4 5 6 7 8 9 10 J Q K A (also T = 10)"]
    run_ranks = rules_json(capsys)["sections"]["patterns"]["rules"]["run_ranks"]["type"]
    assert run_ranks["kind"] == "card range" and run_ranks["card"]["kind"] == "card"


@pytest.mark.parametrize("argv", [["show", "zaozhuang", "--json"], ["show", "zaozhuang", "--rules", "--json"]])
def test_json_output_is_indented_by_two_and_keeps_chinese(capsys, argv):
    # One layout for every JSON the CLI prints, so that committed copies diff cleanly.
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out == json.dumps(json.loads(out), ensure_ascii=False, indent=2) + "\n"
    assert "够级" in out and "\\u" not in out


def test_a_table_rule_is_shown_as_its_table_alone(capsys):
    assert main(["show", "zaozhuang"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("  thresholds (门槛):  from gouji @000:L22 @001:L36 @003:L26 @004:L25")
    rows = ["| 10   | 5        |", "| J    | 4        |", "| Q    | 3        |", "| K    | 2        |",
            "| A    | 2        |", "| 2    | 1        |"]
    assert lines[at + 1:at + 8] == ["    | rank | at_least |"] + [
        f"    {row}    from gouji line {line}" for row, line in zip(rows, range(88, 94))]
    assert lines[at + 8].startswith("  jokers_make_gouji (")  # the next rule: no "thresholds = ..." line after the table


def test_each_row_of_a_changed_table_says_where_it_was_written(tmp_path, monkeypatch, capsys):
    """A `+=` changes some rows of an inherited table: show names the variant and line of each."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.gouji").write_text(
        "variant club extends zaozhuang\n\n[plays]\njoker_kills +=\n"
        "  | joker | by_higher | by_same | by_lower |\n  | SJ    | none      | 2       | none     |\n", encoding="utf-8")
    assert main(["show", "club"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  joker_kills ("))
    assert lines[at + 2].endswith("|    from club line 6") and "| SJ " in lines[at + 2]
    assert lines[at + 3].endswith("|    from zaozhuang line 34") and "| BJ " in lines[at + 3]


def test_show_source_prints_a_standard_variant_as_written(capsys):
    """Messages cite a standard variant's lines: `show --source` prints its file, whose line 34
    is the row `show zaozhuang` says came from there."""
    assert main(["show", "zaozhuang", "--source"]) == 0
    text = capsys.readouterr().out
    assert any(line.startswith("variant zaozhuang extends gouji") for line in text.splitlines())
    assert text.splitlines()[33].split() == ["|", "BJ", "|", "none", "|", "2", "|", "none", "|"]
    assert main(["show", "zaozhuang", "--source", "--json"]) == 2


@pytest.mark.parametrize("word, section, rules", [
    ("烧牌", "burning", None),              # a section by its Chinese name: the whole section (and the
                                            # rules that say 烧牌 in their Chinese meaning: tribute.shao)
    ("burning", "burning", None),           # and by its English one
    ("让圈", "flow", ["lead_return_circles"]),  # a rule by its Chinese name
    ("Lead Return", "flow", ["lead_return_circles"]),  # words of its English name, any case
])
def test_show_rules_word_finds_the_section_or_rules_it_names(capsys, word, section, rules):
    assert main(["show", "--rules", word, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["sections"]
    assert section in found
    if rules is None:
        assert list(found)[0] == section and len(found[section]["rules"]) > 3
        assert all(len(found[other]["rules"]) < 3 for other in list(found)[1:])
    else:
        assert {key for s in found.values() for key in s["rules"]} == set(rules)


def test_show_rules_word_with_a_variant_gives_the_value_and_where_it_was_set(capsys):
    assert main(["show", "zaozhuang", "--rules", "让圈"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 rule(s) of zaozhuang for '让圈':")
    assert "  lead_return_circles (让圈)    required" in out and "    here: 2    (from zaozhuang" in out


def test_show_rules_word_that_finds_nothing_is_a_usage_error(capsys):
    assert main(["show", "--rules", "xyzzy"]) == 2
    assert "no section or rule has 'xyzzy'" in capsys.readouterr().err
    assert main(["show", "--rules", "x" * 101]) == 2


def test_show_rules_of_a_variant_named_after_the_flag(capsys):
    """`gouji show --rules zaozhuang` is the variant's rules, as before --rules took a word."""
    assert main(["show", "--rules", "zaozhuang"]) == 0
    assert capsys.readouterr().out.startswith("Rules of zaozhuang (lineage zaozhuang -> gouji)")
    assert main(["show", "--rules", "枣庄"]) == 0  # by its Chinese name too
    assert capsys.readouterr().out.startswith("Rules of zaozhuang (lineage zaozhuang -> gouji)")
