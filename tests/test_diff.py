"""`gouji diff`: rule-by-rule diffs, counterexamples found by search, the rule matrix."""
from __future__ import annotations

import argparse
import dataclasses
import itertools
import json

import pytest

import gouji_dsl
from gouji_dsl.model import registry
from gouji_dsl.facets import phrases
from gouji_dsl.diff.cases import write_cases
from gouji_dsl.diff.command import register
from gouji_dsl import engines
from gouji_dsl.diff.compare import RuleDiff, Side, diff_models, row_diffs
from gouji_dsl.diff.matrix import family_order, matrix_rows, render_matrix
from gouji_dsl.diff.render import render_diff
from gouji_dsl.diff.search import counterexamples
from gouji_dsl.model.fields import ABSENT
from gouji_dsl.diff.values import same_value
from gouji_dsl.model import schema as m
from gouji_dsl.model.types import BoolT, EnumT, OptionalT, RowT
from gouji_dsl.facets import spec
from gouji_dsl.cli import main
from gouji_dsl.play.conform import evaluate, matches
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from golden import check_golden
from helpers import scratch_workspace


@pytest.fixture(autouse=True)
def _english_prose(monkeypatch):
    """These tests read the English prose: the language otherwise follows the reader (GOUJI_LANG,
    the locale, the files; gouji_dsl/language.py)."""
    monkeypatch.setenv("GOUJI_LANG", "en")


CONCRETE = ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao")
GOLDEN_PAIRS = (("zaozhuang", "lianzhong"), ("lianzhong", "huangjindao"))
# Pairs whose counterexamples are checked one by one against both engines (all
# 15 pairs take about a minute: see test_all_pairs, marked slow).
CHECKED_PAIRS = GOLDEN_PAIRS + (("zaozhuang", "qingdao"), ("lianzhong", "lianzhong-bubiesan"),
                                ("zaozhuang", "zaozhuang-haixuan"))

_SEARCHED: dict = {}


def model(name, ws=None):
    return Compilation(ws or Workspace(), name).checked


def searched(a: str, b: str):
    """(model a, model b, diffs, counterexamples), searched once per test run."""
    if (a, b) not in _SEARCHED:
        ws = Workspace()
        ma, mb = model(a, ws), model(b, ws)
        diffs = diff_models(ma, mb)
        _SEARCHED[(a, b)] = (ma, mb, diffs, counterexamples(a, b, diffs, ws=ws))
    return _SEARCHED[(a, b)]


def parser():
    p = argparse.ArgumentParser(prog="gouji")
    register(p.add_subparsers(dest="command"))
    return p


def run_cli(argv, ws=None):
    args = parser().parse_args(argv)
    return args.run(args, ws or Workspace())


# --- the rule diff ------------------------------------------------------------------------------------------

def test_only_rules_that_differ_in_section_order():
    diffs = diff_models(model("zaozhuang"), model("lianzhong"))
    paths = [d.path for d in diffs]
    assert "plays.joker_kills" in paths and "threes.threes_last" in paths and "tribute.dian" in paths
    # Inherited-but-identical rules are left out.
    for same in ("table.players", "plays.compare", "gouji.thresholds", "burning.condition", "flow.defer"):
        assert same not in paths
    order = [s.NAME for s in m.SECTIONS]
    assert [order.index(d.section) for d in diffs] == sorted(order.index(d.section) for d in diffs)
    assert len(paths) == len(set(paths))


def test_a_house_room_differs_only_where_it_says():
    diffs = diff_models(model("zaozhuang"), model("zaozhuang-haixuan"))
    assert [d.path for d in diffs if d.behavioural] == ["tribute.enabled"]
    assert {d.section for d in diffs} == {"about", "tribute", "room"}
    # Room rules change leaving penalties and ranks: said so, not "no effect on play".
    assert {d.effect for d in diffs if d.section == "room"} == {phrases.ROOM}
    assert {d.effect for d in diffs if d.section == "about"} == {phrases.LABEL}
    text = render_diff(model("zaozhuang"), model("zaozhuang-haixuan"), diffs, None, "en", "text")
    room = text[text.index("[room]"):]
    assert "no effect on play" not in room and room.count("changes the room's penalties") == 4


def test_values_origins_and_prose():
    diffs = {d.path: d for d in diff_models(model("zaozhuang"), model("lianzhong"))}
    decks = diffs["table.decks"]
    assert (decks.a_value, decks.b_value) == (6, 4)
    assert decks.a_origin.variant == "zaozhuang" and decks.a_origin.cites == ("@000:L15",)
    assert decks.b_origin.variant == "lianzhong" and decks.b_origin.cites == ("@001:L32",)
    # decks and cards per player say one sentence
    assert decks.prose("en") == "Zaozhuang deals 6 decks, 54 cards each; Lianzhong 4 decks, 36 each."
    assert decks.prose("zh") == "枣庄六副够级用6副牌，每人54张；联众够级用4副牌，每人36张。"
    assert diffs["table.cards_per_player"].merged_into == "table.decks"
    doubling = diffs["plays.joker_kills"]
    assert [(r.joker, r.by_same) for r in doubling.a_value] == [("SJ", None), ("BJ", 2)]
    assert [(r.joker, r.by_same) for r in doubling.b_value] == [("SJ", None), ("BJ", None)]
    assert doubling.b_origin.variant == "gouji"  # lianzhong inherits the base's table
    line = model("zaozhuang").origin("plays.joker_kills").pos.line
    assert doubling.where("a") == f"zaozhuang:{line} @000:L28 @000:L29 @D3"
    assert "BJ: Zaozhuang none / 2 / none" in doubling.prose("en") and "杀王" in doubling.prose("zh")
    assert not diffs["table.direction"].behavioural and not diffs["room.min_games"].behavioural


def test_tables_are_compared_row_by_row():
    diffs = {d.path: d for d in diff_models(model("zaozhuang"), model("lianzhong"))}
    dian = diffs["tribute.dian"]
    rows = {r.key: r for r in dian.rows}
    assert rows["neither/me"].a.opp_gives.text == "level" and rows["neither/me"].b.opp_gives.text == "1"
    assert rows["both/me"].a is None and rows["both/me"].b.opp_gives.text == "4"
    assert "neither/me" not in [r.key for r in dian.rows if r.a is not None and r.b is None]
    assert "neither/neither" not in rows  # the same in both: not a difference


# --- counterexamples ----------------------------------------------------------------------------------------

def _game_view(engine, situation):
    """What the public game API shows after the situation's actions."""
    s = situation
    if s.kind == "position":
        g = engine.new_position(dict(s.hands), s.leader, out=dict(s.out) or None, opened=s.opened)
    else:
        from gouji_dsl.runtime.game import Match
        match = Match(results=[json.loads(r) for r in s.previous]) if s.previous else None
        g = engine.new_game(seed=s.seed, match=match)
    for action in s.actions:
        g.apply_action(action)
    view = {"player": g.current_player(), "actions": [str(a) for a in g.legal_actions()],
            "observations": [g.observation(seat) for seat in range(1, 7)]}
    if g.is_terminal():
        view["returns"] = g.returns()
    return view


@pytest.mark.parametrize("a,b", CHECKED_PAIRS)
def test_every_counterexample_separates_the_two_engines(a, b):
    _ma, _mb, diffs, examples = searched(a, b)
    ea, eb = gouji_dsl.engine(a), gouji_dsl.engine(b)
    assert examples, "every checked pair has at least one counterexample"
    for ex in examples:
        if ex.is_case:
            case = ex.to_case()
            got_a, got_b = evaluate(ea, case), evaluate(eb, case)
            assert not (matches(case["check"], got_a, got_b) and matches(case["check"], got_b, got_a)), ex.rule
            assert matches(case["check"], case["expect"][a], got_a) and matches(case["check"], case["expect"][b], got_b)
        else:
            assert _game_view(ea, ex.situation) != _game_view(eb, ex.situation), ex.rule
        assert ex.verify(ea, eb), ex.rule


@pytest.mark.parametrize("a,b", CHECKED_PAIRS)
def test_each_behavioural_difference_has_a_counterexample_or_says_why_not(a, b):
    _ma, _mb, diffs, examples = searched(a, b)
    groups = {d.group for d in diffs if d.behavioural}
    found = {e.rule for e in examples}
    assert found | set(examples.unfound) == groups
    assert not found & set(examples.unfound)
    for rule, reason in examples.unfound.items():
        assert "none found" in reason.en or "no search" in reason.en
        assert reason.zh


def test_known_counterexamples():
    _ma, _mb, _diffs, examples = searched("zaozhuang", "lianzhong")
    by_rule = {e.rule: e for e in examples}
    assert by_rule["plays.joker_kills"].to_case() == {
        "check": "beats", "lead": "BJ", "play": "BJ BJ", "expect": {"zaozhuang": True, "lianzhong": False}}
    assert by_rule["plays.joker_kills"].text("en") == "lead BJ, answer BJ BJ: beats in zaozhuang, not in lianzhong"
    assert by_rule["threes.threes_last"].to_case()["check"] == "hand"
    assert by_rule["scoring.open_points"].check == "score"
    circles = by_rule["flow.lead_return_circles"]
    assert circles.kind == "game" and "player" in circles.components and circles.isolated
    with pytest.raises(ValueError):
        circles.to_case()
    # 闷贡 needs a 闷 pair, which no zaozhuang game can produce: said, not invented.
    assert "tribute.men" in examples.unfound and "憋三" in examples.unfound["tribute.men"].en
    _ma, _mb, _diffs, examples = searched("lianzhong", "huangjindao")
    by_rule = {e.rule: e for e in examples}
    assert by_rule["open.counts"].to_case() == {"check": "opens", "cards": "2",
                                                "expect": {"lianzhong": True, "huangjindao": False}}
    assert by_rule["burning.condition"].check == "can_burn"
    assert set(examples.unfound) == {"chaos.after_first_out_with_revolution"}


def test_emit_cases_option_writes_a_case_file(tmp_path, capsys):
    path = tmp_path / "lianzhong-huangjindao.jsonl"
    assert run_cli(["diff", "lianzhong", "huangjindao", "--emit-cases", str(path), "--no-examples"]) == 1
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "# open.counts (计入): lianzhong @000:L51 @001:L54 @D16; huangjindao @004:L75 @004:L79 @D16" in lines
    assert main(["conform", str(path)]) == 0
    assert main(["conform", str(path), "--engine", "reference"]) == 0
    assert "0 failed" in capsys.readouterr().out


def test_emitted_cases_pass_conform_on_both_engines(tmp_path, capsys):
    path = tmp_path / "zaozhuang-lianzhong.jsonl"
    _ma, _mb, _diffs, examples = searched("zaozhuang", "lianzhong")
    write_cases(path, examples)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    cases = [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]
    assert cases and all(set(c["expect"]) == {"zaozhuang", "lianzhong"} for c in cases)
    # Each group follows a comment naming its rule and citations.
    assert "# plays.joker_kills (杀王): zaozhuang @000:L28 @000:L29 @D3; lianzhong @000:L28 @001:L36 @003:L30 @004:L23 @D2" in lines
    for i, line in enumerate(lines):
        if line.startswith("{"):
            assert lines[i - 1].startswith("# ") or lines[i - 1].startswith("{")
    assert main(["conform", str(path)]) == 0
    assert f"{len(cases) * 2} passed, 0 failed" in capsys.readouterr().out
    assert main(["conform", str(path), "--engine", "reference"]) == 0
    assert f"{len(cases) * 2} passed, 0 failed" in capsys.readouterr().out


def test_write_cases_is_deterministic_and_atomic(tmp_path):
    _ma, _mb, _diffs, examples = searched("lianzhong", "huangjindao")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    n = write_cases(first, examples)
    write_cases(second, examples)
    assert n == sum(1 for e in examples if e.is_case) and n >= 2
    assert first.read_bytes() == second.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] and not list(tmp_path.glob(".*.tmp"))
    assert main(["conform", str(first)]) == 0


def test_search_is_deterministic():
    ws = Workspace()
    diffs = diff_models(model("lianzhong", ws), model("huangjindao", ws))
    again = counterexamples("lianzhong", "huangjindao", diffs, ws=ws)
    _ma, _mb, _diffs, first = searched("lianzhong", "huangjindao")
    assert [e.to_json() for e in again] == [e.to_json() for e in first]
    assert {k: str(v) for k, v in again.unfound.items()} == {k: str(v) for k, v in first.unfound.items()}


# --- rendering and goldens ----------------------------------------------------------------------------------

@pytest.mark.parametrize("a,b", GOLDEN_PAIRS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_golden_text(a, b, lang, update_golden):
    ma, mb, diffs, examples = searched(a, b)
    check_golden(f"diffs/{a}--{b}.{lang}.txt", render_diff(ma, mb, diffs, examples, lang, "text"), update_golden)


def test_golden_json(update_golden):
    ma, mb, diffs, examples = searched("zaozhuang", "lianzhong")
    text = render_diff(ma, mb, diffs, examples, "en", "json")
    doc = json.loads(text)
    assert doc["a"] == "zaozhuang" and doc["b"] == "lianzhong" and not doc["identical"]
    assert {r["rule"] for r in doc["rules"]} == {d.path for d in diffs}
    check_golden("diffs/zaozhuang--lianzhong.en.json", text, update_golden)


def test_golden_markdown(update_golden):
    ma, mb, diffs, examples = searched("lianzhong", "huangjindao")
    check_golden("diffs/lianzhong--huangjindao.zh.md", render_diff(ma, mb, diffs, examples, "zh", "md"), update_golden)


def test_golden_matrix(update_golden):
    ws = Workspace()
    models = family_order([model(n, ws) for n in CONCRETE])
    check_golden("diffs/matrix.en.md", render_matrix(models, "en", "md"), update_golden)
    check_golden("diffs/matrix.zh.html", render_matrix(models, "zh", "html"), update_golden)


# House rules that switch rules no standard variant switches (teammates_may_burn = no,
# after_pass = no, first_play_needs_joker = yes, defer = no, no_single_return = yes,
# return_from_dealt in Lianzhong, 要3 off) and the room.
HOUSE_RULES = {
    "strict-burning": """# Burning only by opponents, never after a pass, the burning play with a joker; no 让牌.
variant strict-burning extends zaozhuang

[burning]
teammates_may_burn = no
after_pass = no
first_play_needs_joker = yes

[flow]
defer = no
""",
    "lianzhong-house": """# No 要3, tribute from dealt cards only and 不还单张, a stricter room.
variant lianzhong-house extends lianzhong

[buy]
sellers = [opposite]

[tribute]
return_from_dealt = yes
no_single_return = yes

[room]
min_games = 2
leave_penalty = 10
""",
}
HOUSE_PAIRS = (("zaozhuang", "strict-burning"), ("lianzhong", "lianzhong-house"))


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    """The house rules' workspace and, per pair, (model a, model b, diffs, counterexamples)."""
    ws = scratch_workspace(tmp_path_factory.mktemp("house"), HOUSE_RULES)
    out = {}
    for a, b in HOUSE_PAIRS:
        diffs = diff_models(model(a, ws), model(b, ws))
        out[(a, b)] = (model(a, ws), model(b, ws), diffs, counterexamples(a, b, diffs, ws=ws))
    return ws, out


@pytest.mark.parametrize("a,b", HOUSE_PAIRS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_golden_house_rules_text(house, a, b, lang, update_golden):
    _ws, searched_pairs = house
    ma, mb, diffs, examples = searched_pairs[(a, b)]
    check_golden(f"diffs/{a}--{b}.{lang}.txt", render_diff(ma, mb, diffs, examples, lang, "text"), update_golden)


def test_golden_house_rules_json(house, update_golden):
    _ws, searched_pairs = house
    ma, mb, diffs, examples = searched_pairs[("lianzhong", "lianzhong-house")]
    text = render_diff(ma, mb, diffs, examples, "zh", "json")
    doc = json.loads(text)
    effects = {r["rule"]: (r["effect"], r["behavioural"]) for r in doc["rules"]}
    assert effects["room.leave_penalty"] == ("room", False) and effects["buy.sellers"] == ("play", True)
    check_golden("diffs/lianzhong--lianzhong-house.zh.json", text, update_golden)


def test_house_rule_counterexamples_separate_the_engines(house):
    ws, searched_pairs = house
    for (a, b), (_ma, _mb, diffs, examples) in searched_pairs.items():
        ea, eb = engines.load(ws, a), engines.load(ws, b)
        found = {e.rule for e in examples}
        assert found | set(examples.unfound) == {d.group for d in diffs if d.behavioural}
        for ex in examples:
            assert ex.verify(ea, eb), (a, b, ex.rule)
    # The rules no shipped variant switches are each shown by a situation.
    assert {e.rule for e in searched_pairs[HOUSE_PAIRS[0]][3]} == {
        "flow.defer", "burning.teammates_may_burn", "burning.after_pass", "burning.first_play_needs_joker"}
    assert {"buy.sellers", "tribute.no_single_return"} <= {e.rule for e in searched_pairs[HOUSE_PAIRS[1]][3]}


# --- every rule's phrase ------------------------------------------------------------------------------------

def test_every_rule_has_a_diff_phrase():
    assert registry.missing_phrases() == []
    assert len(registry.rule_keys()) >= 106


def test_a_rule_without_a_phrase_is_reported(monkeypatch):
    monkeypatch.delitem(spec.REGISTRY["burning.after_pass"], "phrase")
    assert registry.missing_phrases() == ["burning.after_pass"]
    # ... and a difference in it is then said by name and values alone.
    d = _rule_diff("burning.after_pass", True, False)
    assert d.prose("en") == "Whether a player who passed in this round may still burn: A yes, B no."


def _field(key: str):
    section, name = key.split(".")
    return next(f for f in dataclasses.fields(m.SECTION_BY_NAME[section]) if f.name == name)


def _rule_diff(key: str, va, vb) -> RuleDiff:
    section, name = key.split(".")
    vtype = _field(key).metadata["type"]
    rows = row_diffs(vtype, va, vb) if isinstance(vtype, RowT) else ()
    return RuleDiff(section, name, va, vb, None, None, Side("a", "甲", "A"), Side("b", "乙", "B"), vtype, rows)


def _values(key: str, models) -> list:
    """Values the rule takes in the standard variants, plus every member of a yes/no or policy rule."""
    vtype = _field(key).metadata["type"]
    inner = vtype.inner if isinstance(vtype, OptionalT) else vtype
    values = [getattr(v.sections[key.split(".")[0]], key.split(".")[1]) for v in models
              if key.split(".")[0] in v.sections]
    if isinstance(inner, BoolT):
        values += [True, False]
    if isinstance(inner, EnumT):
        values += list(inner.members)
    if isinstance(vtype, RowT):
        values.append(())  # an empty table
    out = []
    for value in values:
        if not any(same_value(vtype, value, seen) for seen in out):
            out.append(value)
    return out


def test_every_phrase_says_both_values_of_a_differing_pair():
    ws = Workspace()
    models = [model(n, ws) for n in ws.names()]
    pairs = 0
    for key in registry.rule_keys():
        values = _values(key, models)
        for value in values:
            if value is None:
                continue
            zh, en = phrases.predicate(key, value, "zh"), phrases.predicate(key, value, "en")
            assert zh and en and zh != en, (key, value)
            assert "{v}" not in zh + en, (key, value)
        for va, vb in itertools.combinations(values, 2):
            d = _rule_diff(key, va, vb)
            for lang in ("zh", "en"):
                text = d.prose(lang)
                assert text.strip(), (key, va, vb, lang)
                said_a, said_b = phrases.predicate(key, va, lang), phrases.predicate(key, vb, lang)
                by_rows = isinstance(d.vtype, RowT) and d.rows and va and vb  # said row by row
                if said_a and said_b and not by_rows:
                    assert said_a in text and said_b in text, (key, va, vb, lang, text)
            pairs += 1
    assert pairs > 150


def test_matrix_lists_the_known_differences():
    ws = Workspace()
    models = [model(n, ws) for n in CONCRETE]
    rows = {r.path: dict(zip(CONCRETE, r.cells)) for r in matrix_rows(models, "en")}
    assert {v for v, cell in rows["plays.joker_kills[BJ]"].items() if cell == "none / 2 / none"} == {"zaozhuang", "zaozhuang-haixuan"}
    assert {v for v, cell in rows["threes.threes_last"].items() if cell == "yes"} == {"lianzhong", "huangjindao"}
    assert rows["burning.ask_order"]["qingdao"] == "[1, 2, 4, 5, opposite]"
    assert rows["burning.ask_order"]["lianzhong"] == "[2, 4, 1, 5, opposite]"
    assert rows["table.decks"] == {"zaozhuang": "6", "zaozhuang-haixuan": "6", "lianzhong": "4",
                                   "lianzhong-bubiesan": "4", "qingdao": "4", "huangjindao": "4"}
    assert rows["tribute.dian[neither/me]"]["zaozhuang"] == "0 / level"
    assert "table.players" not in rows and "plays.compare" not in rows
    zh = {r.path: r for r in matrix_rows(models, "zh")}
    assert zh["burning.ask_order"].zh == "烧牌顺序"
    assert dict(zip(CONCRETE, zh["burning.ask_order"].cells))["qingdao"] == "[1, 2, 4, 5, 对家]"
    md = render_matrix(models, "en", "md")
    assert "| `plays.joker_kills[BJ]` | 杀王[BJ] |" in md


def test_matrix_command(capsys):
    assert run_cli(["diff", "--matrix"]) == 1
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("| rule"))
    assert all(name in header for name in CONCRETE) and "gouji |" not in header
    assert run_cli(["diff", "--matrix", "zaozhuang", "qingdao", "--format", "html", "--lang", "zh"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("<!DOCTYPE html>") and "杀王[BJ]" in out and "<th" in out
    with pytest.raises(UsageError):
        run_cli(["diff", "--matrix", "--format", "json"])
    with pytest.raises(UsageError):
        run_cli(["diff", "--matrix", "nowhere"])


def test_diff_command_formats(capsys):
    assert run_cli(["diff", "lianzhong", "lianzhong-bubiesan", "--lang", "zh"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("lianzhong（联众够级） 对比 lianzhong-bubiesan（联众够级 不憋三）")
    assert "反例（hand）" in out and "无反例" in out
    assert run_cli(["diff", "lianzhong", "lianzhong-bubiesan", "--format", "json", "--no-examples"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["searched"] is False and all("counterexample" not in r for r in doc["rules"])
    with pytest.raises(UsageError):
        run_cli(["diff", "lianzhong", "--format", "text"])
    with pytest.raises(UsageError):
        run_cli(["diff", "lianzhong", "qingdao", "--format", "html"])


# --- exit status ------------------------------------------------------------------------------------------------

def test_identical_variants_exit_0(tmp_path, capsys):
    ws = scratch_workspace(tmp_path, {"same": "# A copy of zaozhuang that changes nothing.\nvariant same extends zaozhuang\n"})
    assert diff_models(model("zaozhuang", ws), model("same", ws)) == []
    assert run_cli(["diff", "zaozhuang", "same"], ws) == 0
    out = capsys.readouterr().out
    assert "identical: no rule differs" in out
    assert run_cli(["diff", "same", "zaozhuang", "--format", "json"], ws) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["identical"] is True and doc["rules"] == []
    assert run_cli(["diff", "--matrix", "zaozhuang", "same"], ws) == 0
    assert "No rule differs" in capsys.readouterr().out


def test_unknown_variant_is_a_usage_error():
    # The CLI's main maps UsageError to exit status 2.
    with pytest.raises(UsageError, match="unknown variant 'zaozhaung'") as info:
        run_cli(["diff", "zaozhaung", "lianzhong"])
    assert "zaozhuang" in str(info.value.hint or "")
    with pytest.raises(UsageError):
        run_cli(["diff", "zaozhuang"])


def test_rule_errors_exit_2(tmp_path, capsys):
    ws = scratch_workspace(tmp_path, {"broken": "variant broken extends zaozhuang\n[flow]\ndefer = perhaps\n"})
    assert run_cli(["diff", "zaozhuang", "broken"], ws) == 2
    assert "expected yes or no" in capsys.readouterr().err


def test_abstract_variants_are_compared_by_rules_only(tmp_path, capsys):
    assert run_cli(["diff", "gouji", "zaozhuang"]) == 1
    out = capsys.readouterr().out
    assert "gouji is abstract" in out and "counterexample:" not in out
    assert "not set" in out  # the base leaves decks to its children
    _ma, _mb, diffs, _ex = searched("lianzhong", "huangjindao")
    examples = counterexamples("gouji", "zaozhuang", diff_models(model("gouji"), model("zaozhuang")))
    assert list(examples) == [] and not examples.searched
    with pytest.raises(UsageError, match="concrete"):
        run_cli(["diff", "gouji", "zaozhuang", "--emit-cases", str(tmp_path / "x.jsonl")])
    # Different games: sections of one are absent from the other.
    diffs = diff_models(model("gouji"), model("shuangkou"))
    assert any(d.section == "patterns" and d.a_value is ABSENT for d in diffs)
    assert any(d.section == "flow" and d.b_value is ABSENT for d in diffs)


def test_a_house_rule_file_is_searched_with_its_engine_generated_in_memory(tmp_path, capsys):
    ws = scratch_workspace(tmp_path, {"club": "variant club extends zaozhuang\n[flow]\nlead_return_circles = 1\n"})
    diffs = diff_models(model("zaozhuang", ws), model("club", ws))
    assert [d.path for d in diffs] == ["flow.lead_return_circles"]
    examples = counterexamples("zaozhuang", "club", diffs, ws=ws)
    assert len(examples) == 1 and examples.note is None
    ex = examples[0]
    from gouji_dsl.backends.codegen import engine_module
    from gouji_dsl.backends.reference import Reference
    assert ex.verify(gouji_dsl.engine("zaozhuang"), engine_module(model("club", ws)))
    assert ex.verify(gouji_dsl.engine("zaozhuang"), Reference(model("club", ws)))
    assert run_cli(["diff", "zaozhuang", "club"], ws) == 1
    assert "reference interpreter" not in capsys.readouterr().out


@pytest.mark.slow
def test_all_pairs(request):
    """Every pair of concrete variants: each counterexample separates the engines (about a minute).
    Not part of the default run: select with -m slow."""
    import itertools
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the all-pairs search takes about a minute: run with -m slow")
    for a, b in itertools.combinations(CONCRETE, 2):
        _ma, _mb, diffs, examples = searched(a, b)
        ea, eb = gouji_dsl.engine(a), gouji_dsl.engine(b)
        groups = {d.group for d in diffs if d.behavioural}
        assert {e.rule for e in examples} | set(examples.unfound) == groups
        for ex in examples:
            assert ex.verify(ea, eb), (a, b, ex.rule)
