"""The language service (gouji_dsl/service): its tolerant, incremental parse and each answer.

The LSP server over it is tested end to end in test_lsp.py; here the answers themselves, table by
table, on house rules written as a club would write them.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.lang.fmt import format_file
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.lang.parser import MAX_FILE_BYTES, _parse, parse_text
from gouji_dsl.paths import sources_dir, variants_dir
from gouji_dsl.phases import Compilation
from gouji_dsl.service import LanguageService, Span
from gouji_dsl.service.tolerant import TolerantParser

from strategies import one_of_each

SHIPPED = sorted(variants_dir().glob("*.gouji")) + sorted((variants_dir() / "peers").glob("*.gouji"))
LIANZHONG = (variants_dir() / "lianzhong.gouji").read_text(encoding="utf-8")
# The largest standard file (every section of Gouji, tables among them), as a user's file of its own.
GOUJI = (variants_dir() / "gouji.gouji").read_text(encoding="utf-8").replace("abstract variant gouji", "abstract variant club")

CLUB_ZH = """variant 俱乐部 extends 联众

[简介]
名称 = "俱乐部够级"

[出牌]
过牌 = 一轮一次   @D6
让牌 = 否
"""


def service_with(tmp_path: Path, files: dict[str, str], open_: tuple[str, ...] = ()) -> LanguageService:
    service = LanguageService()
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name in open_ or tuple(files):
        service.open(tmp_path / name, files[name])
    return service


def at(text: str, word: str, offset: int = 0, nth: int = 0) -> tuple[int, int]:
    """(line, character) of `word`'s nth occurrence in `text`, plus `offset` characters."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(word, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)


# --- the tolerant, incremental parse ------------------------------------------------------

# The largest file of each kind by default (gouji.gouji, shuangkou.gouji, a peer's), the others wide.
@pytest.mark.parametrize("path", one_of_each(
    sorted(SHIPPED, key=lambda p: -p.stat().st_size),
    lambda p: ("peer" if p.parent.name == "peers" else "shuangkou" if "shuangkou" in p.read_text(encoding="utf-8")[:2000]
               else "gouji"), ids=[p.name for p in sorted(SHIPPED, key=lambda p: -p.stat().st_size)]))
def test_the_tolerant_parse_of_a_shipped_file_is_the_checkers_parse(path):
    text = path.read_text(encoding="utf-8")
    parsed = TolerantParser().parse(text, path.name)
    assert parsed.diagnostics == () and parsed.file == _parse(text, path.name)


def _edited(text: str, edits: list[tuple[float, str]]) -> list[str]:
    out = []
    for where, typed in edits:
        at_ = int(where * len(text))
        text = text[:at_] + typed + text[at_ + (1 if typed == "" else 0):]
        out.append(text)
    return out


EDITS = st.lists(st.tuples(st.floats(0, 0.999), st.sampled_from(["", "x", "\n", "=", "[", "|", "#", "，", " ", "@"])),
                 min_size=1, max_size=6)


def _incremental_agrees(edits) -> None:
    warm = TolerantParser()
    warm.parse(LIANZHONG, "f.gouji")
    for text in _edited(LIANZHONG, edits):
        incremental = warm.parse(text, "f.gouji")
        assert incremental == TolerantParser().parse(text, "f.gouji")
        try:
            strict = _parse(text, "f.gouji")
        except RuleErrors as errors:
            assert incremental.diagnostics, "the checker refuses what the editor's parse accepts"
            assert errors.diagnostics[0].pos.line in {d.pos.line for d in incremental.diagnostics}
        else:
            assert incremental.diagnostics == () and incremental.file == strict


@settings(max_examples=6)
@given(EDITS)
def test_after_any_edits_the_incremental_parse_is_a_fresh_parse_and_agrees_with_the_checker(edits):
    _incremental_agrees(edits)


@pytest.mark.slow  # a soak of 300 edit sequences, about 28 s: run on purpose (the default run tries 100)
@settings(max_examples=300)
@given(EDITS)
def test_after_any_edits_the_incremental_parse_agrees_over_many_more_edits(edits):
    _incremental_agrees(edits)


def test_after_edits_the_service_answers_as_a_service_that_never_saw_them(tmp_path):
    path = tmp_path / "club.gouji"
    service = service_with(tmp_path, {"club.gouji": GOUJI})
    service.diagnostics(path)
    for text in _edited(GOUJI, [(0.3, "x"), (0.5, "\n"), (0.31, "="), (0.7, "，"), (0.2, "")]):
        service.change(path, text)
        fresh = LanguageService()
        fresh.open(path, text)
        assert service.diagnostics(path) == fresh.diagnostics(path)


def test_a_broken_line_costs_only_its_own_statement():
    text = GOUJI.replace("[flow]\n", "[flow]\nnonsense = = 3\n", 1)
    parsed = TolerantParser().parse(text, "f.gouji")
    assert [(d.pos.line, d.message.key) for d in parsed.diagnostics] == [(at(text, "nonsense")[0] + 1, "syntax.expected_end_of_line")]
    strict = parse_text(GOUJI, "f.gouji")
    kept = [(s.name.id, [e.key.id for e in s.entries]) for s in parsed.file.sections]
    assert kept == [(s.name.id, [e.key.id for e in s.entries]) for s in strict.sections]


def test_a_broken_section_line_costs_its_entries_and_a_broken_header_the_model():
    text = GOUJI.replace("[flow]", "[flow", 1)
    parsed = TolerantParser().parse(text, "f.gouji")
    assert "flow" not in [s.name.id for s in parsed.file.sections] and len(parsed.diagnostics) == 1
    headless = TolerantParser().parse("variant\n\n[flow]\npass_rule = round\n", "f.gouji")
    assert headless.file is None and [s.name.id for s in headless.sections] == ["flow"]


@pytest.mark.parametrize("text, key", [
    ("variant x\n" + "#" * (MAX_FILE_BYTES + 1), "syntax.file_too_large"),
    ("variant x\n" + "\n" * 60_000, "syntax.too_many_lines"),
    ("variant x\n[flow]\n" + "a = 1\n" * 12_000, "syntax.too_many_tokens"),
    ("variant x\n[flow]\npass_rule = round\x07\n", "syntax.control_character"),
], ids=["bytes", "lines", "tokens", "control"])
def test_a_hostile_text_gets_one_located_refusal(text, key):
    parsed = TolerantParser().parse(text, "f.gouji")
    assert [d.message.key for d in parsed.diagnostics] == [key]


# --- diagnostics ----------------------------------------------------------------------------

def test_a_language_chosen_by_the_user_wins_over_the_files(tmp_path):
    (tmp_path / "俱乐部.gouji").write_text(CLUB_ZH.replace("让牌 = 否", "让排 = 否"), encoding="utf-8")
    service = LanguageService(language="en")
    service.open(tmp_path / "俱乐部.gouji", CLUB_ZH.replace("让牌 = 否", "让排 = 否"))
    (issue,) = service.diagnostics(tmp_path / "俱乐部.gouji")
    assert issue.message.startswith("unknown rule '让排'") and issue.fixes[0].title == "Replace '让排' with '让牌'"


def test_diagnostics_are_in_the_files_language_with_a_fix_for_a_typo(tmp_path):
    text = CLUB_ZH.replace("让牌 = 否", "让排 = 否")
    service = service_with(tmp_path, {"俱乐部.gouji": text})
    (issue,) = service.diagnostics(tmp_path / "俱乐部.gouji")
    assert issue.code == "model.unknown_rule" and "没有规则 '让排'" in issue.message
    assert issue.span == Span.at(*at(text, "让排"), 2)
    (fix,) = issue.fixes
    assert fix.title == "把“让排”改成“让牌”" and [(e.span, e.text) for e in fix.edits] == [(issue.span, "让牌")]

    english = LIANZHONG.replace("decks =", "deks =").replace("variant lianzhong", "variant club")
    service = service_with(tmp_path, {"club.gouji": english})
    found = [i for i in service.diagnostics(tmp_path / "club.gouji") if i.code == "model.unknown_rule"]
    assert found and "unknown rule 'deks'" in found[0].message and found[0].fixes[0].edits[0].text == "decks"


@pytest.mark.parametrize("line, wrong, right", [
    ("过牌 = 一轮一次   @D6", "一轮一次", "一轮一次"),  # no mistake: nothing to fix
    ("过牌 = 一论一次", "一论一次", "一轮一次"),  # a value
    ("[出排]", "出排", "出牌"),  # a section
    ("过牌 = 一轮一次   @D66", "D66", "D6"),  # a citation's source
    ("让牌 ＝ 否", "＝", "="),  # full-width punctuation
], ids=["none", "value", "section", "citation", "full-width"])
def test_each_suggestion_is_a_fix_that_replaces_the_mistake(tmp_path, line, wrong, right):
    text = CLUB_ZH.replace("过牌 = 一轮一次   @D6", line) if "过牌" in line else CLUB_ZH.replace(
        "[出牌]" if line.startswith("[") else "让牌 = 否", line)
    service = service_with(tmp_path, {"俱乐部.gouji": text})
    path = tmp_path / "俱乐部.gouji"
    fixes = [f for i in service.diagnostics(path) for f in i.fixes]
    if wrong == right:
        assert fixes == []
        return
    (fix,) = fixes
    (edit,) = fix.edits
    assert edit.span == Span.at(*at(text, wrong), len(wrong)) and edit.text == right
    applied = text.replace(wrong, right, 1)
    service.change(path, applied)
    assert [i.code for i in service.diagnostics(path)] == []


def test_an_error_in_the_parent_is_said_at_extends_and_editing_the_parent_rechecks_the_child(tmp_path):
    parent = 'variant club extends lianzhong\n\n[about]\ntitle = "Club"\n\n[flow]\npass_rule = round\n'
    child = 'variant club-summer extends club\n\n[about]\ntitle = "Club, summer"\n'
    service = service_with(tmp_path, {"club.gouji": parent, "club-summer.gouji": child}, open_=("club.gouji",))
    assert service.dependants(tmp_path / "club.gouji") == [tmp_path / "club-summer.gouji"]
    assert service.diagnostics(tmp_path / "club-summer.gouji") == []
    service.change(tmp_path / "club.gouji", parent.replace("round", "rund"))  # unsaved: the child sees it
    (issue,) = service.diagnostics(tmp_path / "club-summer.gouji")
    assert issue.code == "service.error_in_parent" and issue.span == Span.at(0, child.index("club\n"), 4)
    assert issue.notes[0].location.path == tmp_path / "club.gouji"


# --- hover ------------------------------------------------------------------------------------

@pytest.mark.parametrize("word, offset, expected", [
    ("出牌", 0, ["**[flow]** 出牌"]),
    ("过牌", 0, ["**pass_rule** (过牌)", "**覆盖了** lianzhong 的值 round\\_except\\_opposite \\(除对头牌外本轮无权\\)",
                 "variants/gouji\\.gouji:"]),
    ("一轮一次", 0, ["`once_per_round` (一轮一次)", "每人每轮只上一次或过一次"]),
    ("否", 0, ["`no` (否)"]),
    ("@D6", 1, ["**D6**: 过了牌，这一轮就不能再上牌"]),
    ("联众", 0, ["**lianzhong** · 联众够级", "继承关系：lianzhong → gouji"]),
    ("俱乐部", 0, ["**俱乐部** · 俱乐部够级"]),
], ids=["section", "rule", "value", "yes-no", "decision", "parent", "variant"])
def test_hover(tmp_path, word, offset, expected):
    service = service_with(tmp_path, {"俱乐部.gouji": CLUB_ZH})
    found = service.hover(tmp_path / "俱乐部.gouji", *at(CLUB_ZH, word, offset))
    assert found is not None
    for said in expected:
        assert said in found.markdown


def test_hover_shows_a_rule_files_text_literally_never_as_markdown(tmp_path):
    text = CLUB_ZH.replace('名称 = "俱乐部够级"', '名称 = "[点我](http://example.com) <img src=x> `x`"')
    service = service_with(tmp_path, {"俱乐部.gouji": text})
    found = service.hover(tmp_path / "俱乐部.gouji", *at(text, "俱乐部")).markdown
    assert "\\[点我\\]\\(http://example\\.com\\) \\<img src=x\\> \\`x\\`" in found


def test_hover_on_a_citation_quotes_the_source_line_and_on_a_card_names_it(tmp_path):
    text = GOUJI
    service = service_with(tmp_path, {"club.gouji": text})
    path = tmp_path / "club.gouji"
    cite = next(word for word in text.split() if word.startswith("@001:L") and "-" not in word)
    found = service.hover(path, *at(text, cite, 1))
    line = int(cite.split(":L")[1])
    source = next(sources_dir().glob("001_*.txt")).read_text(encoding="utf-8").splitlines()[line - 1]
    assert f"> {source}" in found.markdown
    column = service.hover(path, *at(text, "| rank", 2))
    assert column is not None and column.markdown.startswith("**rank**")


# --- completion -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, where, expected, absent", [
    ("variant 俱乐部 extends ", (0, 21), ["lianzhong", "zaozhuang"], ["俱乐部"]),
    (CLUB_ZH + "\n[", None, ["简介", "出牌", "烧牌"], []),
    (CLUB_ZH + "让", None, ["让牌范围", "让圈"], ["过牌", "让牌"]),  # rules of the section not yet set
    (CLUB_ZH + "让牌范围 = ", None, ["非级牌", "任何牌"], ["是"]),
    (CLUB_ZH.replace("@D6", "@"), (6, 18), ["D6", "001:L"], []),
    # A rule of a player's state: its shorthands, its players and the functions of a player.
    (CLUB_ZH + "\n[烧牌]\n解烧 = ", None, ["对家或无头", "打牌者", "烧牌者", "已开点", "对家"], ["张数"]),
], ids=["extends", "section", "rule", "value", "citation", "seat expression"])
def test_completion(tmp_path, text, where, expected, absent):
    service = service_with(tmp_path, {"俱乐部.gouji": text})
    lines = text.split("\n")
    line, char = where or (len(lines) - 1, len(lines[-1]))
    labels = [c.label for c in service.completion(tmp_path / "俱乐部.gouji", line, char)]
    for label in expected:
        assert label in labels
    for label in absent:
        assert label not in labels


def test_completion_in_a_table_gives_its_columns_then_each_cells_values(tmp_path):
    text = GOUJI
    service = service_with(tmp_path, {"club.gouji": text})
    path = tmp_path / "club.gouji"
    header_line, _ = at(text, "| rank")
    columns = [c.label for c in service.completion(path, header_line, 4)]
    assert "rank" in columns and "at_least" in columns
    row_line = header_line + 1
    cells = [c.label for c in service.completion(path, row_line, 4)]
    assert {"10", "J", "Q", "K", "A", "2"} <= set(cells)


# --- definition, outline, folding, tokens ---------------------------------------------------------

def test_definition_goes_to_the_parent_the_parents_line_and_the_source_line(tmp_path):
    service = service_with(tmp_path, {"俱乐部.gouji": CLUB_ZH})
    path = tmp_path / "俱乐部.gouji"
    (parent,) = service.definition(path, *at(CLUB_ZH, "联众"))
    lianzhong = LIANZHONG.split("\n")
    assert parent.path == variants_dir() / "lianzhong.gouji"
    assert lianzhong[parent.span.start_line][parent.span.start_char:parent.span.end_char] == "lianzhong"
    (rule,) = service.definition(path, *at(CLUB_ZH, "过牌"))
    gouji = (variants_dir() / "gouji.gouji").read_text(encoding="utf-8").split("\n")
    assert rule.path == variants_dir() / "gouji.gouji" and gouji[rule.span.start_line].startswith("pass_rule")
    (decision,) = service.definition(path, *at(CLUB_ZH, "@D6", 1))
    assert gouji[decision.span.start_line].lstrip().startswith('| "D6"')

    text = GOUJI
    service = service_with(tmp_path, {"club.gouji": text})
    cite = next(word for word in text.split() if word.startswith("@001:L") and "-" not in word)
    (source,) = service.definition(tmp_path / "club.gouji", *at(text, cite, 1))
    assert source.path.parent == sources_dir() and source.span.start_line == int(cite.split(":L")[1]) - 1


def test_outline_folding_and_tokens(tmp_path):
    text = LIANZHONG.replace("variant lianzhong", "variant club")
    service = service_with(tmp_path, {"club.gouji": text})
    path = tmp_path / "club.gouji"
    (variant,) = service.symbols(path)
    strict = parse_text(text, "club.gouji")
    assert variant.name == "club" and [s.name for s in variant.children] == [s.name.id for s in strict.sections]
    assert [r.name for r in variant.children[0].children] == [e.key.id for e in strict.sections[0].entries]
    folds = service.folding(path)
    assert len([f for f in folds if text.split("\n")[f.start_line].startswith("[")]) == len(strict.sections)
    tokens = service.semantic_tokens(path)
    header = at(text, "variant club")[0]
    assert [(t.char, t.length, t.type) for t in tokens if t.line == header] == [
        (0, 7, "keyword"), (8, 4, "class"), (13, 7, "keyword"), (21, 5, "class")]
    lines = text.split("\n")
    assert all(lines[t.line][t.char:t.char + t.length].strip() for t in tokens)
    assert {t.type for t in tokens} >= {"comment", "namespace", "property", "decorator", "string", "number"}


# --- formatting and code actions --------------------------------------------------------------

def test_formatting_is_gouji_fmts_and_a_file_that_does_not_parse_is_left_alone(tmp_path):
    messy = CLUB_ZH.replace("过牌 = 一轮一次   @D6", "过牌=一轮一次 @D6")
    service = service_with(tmp_path, {"俱乐部.gouji": messy})
    (edit,) = service.formatting(tmp_path / "俱乐部.gouji")
    assert edit.text == format_file(parse_text(messy, "x"), messy, names="zh")
    service.change(tmp_path / "俱乐部.gouji", messy + "让牌 = =\n")
    assert service.formatting(tmp_path / "俱乐部.gouji") == []


def test_names_convert_between_chinese_and_english_and_the_rules_stay_the_same(tmp_path):
    text = LIANZHONG.replace("variant lianzhong", "variant club")
    service = service_with(tmp_path, {"club.gouji": text})
    path = tmp_path / "club.gouji"
    actions = {f.title: f for f in service.code_actions(path, Span(0, 0, 0, 0))}
    to_chinese = actions["Write the names in Chinese"]
    lines = text.split("\n")
    for edit in sorted(to_chinese.edits, key=lambda e: e.span, reverse=True):
        line = lines[edit.span.start_line]
        lines[edit.span.start_line] = line[:edit.span.start_char] + edit.text + line[edit.span.end_char:]
    chinese = "\n".join(lines)
    assert "[简介]" in chinese and "[about]" not in chinese and "副数 = 4" in chinese

    def rules(source: str):
        (tmp_path / "club.gouji").write_text(source, encoding="utf-8")
        ws = Workspace(folders=[tmp_path])
        # The rules, without the positions a formula keeps (the names' lengths moved them).
        return re.sub(r"Pos\([^)]*\)", "", repr(Compilation(ws, "club").checked.sections))
    assert rules(chinese) == rules(text)


def test_add_the_missing_rules_states_each_with_a_value_of_its_type(tmp_path):
    text = 'variant club extends gouji\n\n[about]\ntitle = "Club"\n'
    service = service_with(tmp_path, {"club.gouji": text})
    path = tmp_path / "club.gouji"
    (issue,) = [i for i in service.diagnostics(path) if i.code == "model.rules_unset"]
    (fix,) = [f for f in service.code_actions(path, issue.span) if f.fixes]
    assert fix.title.startswith("Add the missing rules: ")
    lines = text.split("\n")
    for edit in sorted(fix.edits, key=lambda e: e.span, reverse=True):
        line = lines[edit.span.start_line]
        lines[edit.span.start_line] = line[:edit.span.start_char] + edit.text + line[edit.span.end_char:]
    service.change(path, "\n".join(lines))
    assert "model.rules_unset" not in [i.code for i in service.diagnostics(path)]


# --- effective rules ----------------------------------------------------------------------------

def test_effective_rules_say_where_each_rule_was_set(tmp_path):
    service = service_with(tmp_path, {"俱乐部.gouji": CLUB_ZH})
    found = service.effective_rules(tmp_path / "俱乐部.gouji")
    assert found.lineage == ("俱乐部", "lianzhong", "gouji")
    by_rule = {(r.section, r.rule): r for r in found.rules}
    defer = by_rule["flow", "defer"]
    assert (defer.variant, defer.value, defer.location.span.start_line) == ("俱乐部", "no (否)", at(CLUB_ZH, "让牌")[0])
    title = by_rule["about", "title_en"]
    assert title.variant == "俱乐部"  # a title in one language is the title in both (builder)
    inherited = by_rule["table", "decks"]
    assert inherited.variant in ("lianzhong", "gouji") and inherited.location.path.parent == variants_dir()
    assert dataclasses.asdict(found)  # plain data all through


def test_hover_on_a_rule_of_a_players_state_its_shorthands_names_and_functions(tmp_path):
    text = 'variant 俱乐部 extends 联众\n\n[简介]\n名称 = "俱乐部够级"\n\n[烧牌]\n解烧 = 对家或无头\n谁能烧 = 已开点(烧牌者)\n'
    service = service_with(tmp_path, {"俱乐部.gouji": text})
    path = tmp_path / "俱乐部.gouji"
    assert service.diagnostics(path) == []
    expected = {"解烧": ["**lift** (解烧)", "- `opposite_or_headless` (对家或无头): 烧牌者的牌被他自己的对家或无头的人打上，才解烧"],
                "对家或无头": ["`opposite_or_headless` (对家或无头)"],
                "已开点": ["`opened` (已开点)", "这个人本局是否已开点"],
                "烧牌者)": ["`burner` (烧牌者)", "想烧牌的人"]}
    for word, said in expected.items():
        found = service.hover(path, *at(text, word, 0))
        assert found is not None and all(s in found.markdown for s in said), (word, found)
