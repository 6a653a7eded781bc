"""The resolved model of every variant, against golden files; and facts the
rule files must state, checked against the seeds and docs/rulings.md."""
from __future__ import annotations

import json

import pytest

from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.docs.show import to_json_text, to_text
from golden import check_golden
from helpers import scratch_workspace

WS = Workspace()
NAMES = WS.names()
REQUIRED = ["zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao"]


def model(name):
    return Compilation(WS, name).checked


def test_required_variants_exist_and_are_concrete():
    for name in REQUIRED:
        assert name in NAMES
        assert not model(name).abstract


@pytest.mark.parametrize("name", NAMES)
def test_resolved_model_golden(name, update_golden):
    check_golden(f"model/{name}.json", to_json_text(model(name)), update_golden)


@pytest.mark.parametrize("name", NAMES)
def test_show_text_mentions_every_section(name):
    text = to_text(model(name))
    for section in model(name).sections:
        assert f"[{section}]" in text


def test_inheritance_overrides_only_what_differs():
    z, h = model("zaozhuang"), model("zaozhuang-haixuan")
    assert z.tribute.enabled and not h.tribute.enabled
    assert h.tribute.dian == z.tribute.dian          # inherited, still scored
    assert h.origin("tribute.dian").variant == "zaozhuang"
    assert h.origin("tribute.enabled").variant == "zaozhuang-haixuan"
    assert h.lineage == ("zaozhuang-haixuan", "zaozhuang", "gouji")


@pytest.mark.parametrize("name,decks,each", [("zaozhuang", 6, 54), ("lianzhong", 4, 36),
                                             ("qingdao", 4, 36), ("huangjindao", 4, 36)])
def test_deal(name, decks, each):  # MATRIX T19
    v = model(name)
    assert (v.table.decks, v.table.cards_per_player) == (decks, each)


def test_policies_differ_where_the_seeds_do():
    kills = {v: {r.joker: r.by_same for r in model(v).plays.joker_kills} for v in ("zaozhuang", "lianzhong")}
    assert kills == {"zaozhuang": {"SJ": None, "BJ": 2}, "lianzhong": {"SJ": None, "BJ": None}}
    assert model("qingdao").burning.ask_order == (1, 2, 4, 5, "opposite")
    assert model("lianzhong").burning.ask_order == (2, 4, 1, 5, "opposite")
    assert model("huangjindao").burning.condition.text == "sets(hand) - jokers(hand) <= 2"
    assert model("lianzhong").burning.condition.text == "carry_rule(rest)"
    assert model("zaozhuang").open.method == "survives"
    assert model("huangjindao").open.counts.text == "gouji(play) and size(play) >= 2 and jokers(play) == 0"
    assert model("qingdao").flow.going_out_gouji == "loses_status"
    assert model("zaozhuang").flow.going_out_gouji == "anyone_answers"
    assert model("lianzhong").flow.going_out_gouji == "opposite_answers"
    assert model("lianzhong").threes.threes_last and not model("lianzhong-bubiesan").threes.threes_last
    assert model("lianzhong-bubiesan").tribute.order == ("shao", "dian", "luo")
    assert model("zaozhuang").scoring.open_points == 6 and model("qingdao").scoring.open_points == 0


def test_every_rule_cites_a_source_or_decision():
    """Every rule a concrete Gouji variant states in its own file carries a
    citation, except identity text and rules the sources leave open."""
    uncited_ok = {"about.title", "about.title_en", "about.region", "about.region_en", "about.summary", "about.summary_zh", "about.game",
                  "about.source", "about.coverage", "about.coverage_zh", "about.source_notes",   # the own source: its lines are in the rows
                  "table.cards_per_player", "room.penalty_first_leaver_only"}
    for name in REQUIRED:
        v = model(name)
        for path, origin in v.origins.items():
            if origin.variant != name or "[" in path or path == "variant" or path in uncited_ok:
                continue
            assert origin.cites, f"{name}: {path} has no citation"


def test_json_is_valid():
    for name in NAMES:
        data = json.loads(to_json_text(model(name)))
        assert data["name"] == name


@pytest.mark.parametrize("written, title, title_en", [
    ('title = "俱乐部够级"', "俱乐部够级", "俱乐部够级"),
    ('title_en = "Club Gouji"', "Club Gouji", "Club Gouji"),
    ('title = "俱乐部够级"\ntitle_en = "Club Gouji"', "俱乐部够级", "Club Gouji"),
    ("", "联众够级", "Lianzhong Gouji")])
def test_a_title_in_one_language_titles_both(tmp_path, written, title, title_en):
    """A club names its house rule once: the other language's book carries that name, not the
    parent's title (which would call it the parent). No title written: the parent's."""
    ws = scratch_workspace(tmp_path, {"club": f"variant club extends lianzhong\n[about]\n{written}\n"})
    about = Compilation(ws, "club").checked.sections["about"]
    assert (about.title, about.title_en) == (title, title_en)
