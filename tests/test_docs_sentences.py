"""The rulebook's sentence helpers (gouji_dsl/facets/sentences.py) one by one: table cells for
every value type, blocks, policies, the model lookup and the registration guards, each with
its exact output or message."""
from __future__ import annotations

import pytest

from gouji_dsl.facets import sentences as s
from gouji_dsl.prose.document import Para, Table
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.text import T, Seg, Text, plain
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model.expr import INT, ExprT, Formula
from gouji_dsl.model.types import (BoolT, CardT, EnumT, IntT, ListT, Member, OptionalT, RangeT, StrT,
                                   VType)
from gouji_dsl.phases import Compilation

POLICY = EnumT(Member("fast", "快", "the quick way"), Member("slow", "慢", "the careful way"))
TEXT, CODE = "text", "code"


def segs(*pairs) -> Text:
    return Text(tuple(Seg(kind, text) for kind, text in pairs))


@pytest.mark.parametrize("vtype,value,zh,en", [
    (POLICY, "slow", segs((TEXT, "慢")), segs((TEXT, "the careful way"))),
    (BoolT(), True, segs((TEXT, "是")), segs((TEXT, "yes"))),
    (BoolT(), False, segs((TEXT, "否")), segs((TEXT, "no"))),
    (ExprT(INT), Formula("size(hand) - 1", None, INT), segs((CODE, "size(hand) - 1")), segs((CODE, "size(hand) - 1"))),
    (CardT(), "BJ", segs((CODE, "BJ")), segs((CODE, "BJ"))),
    (IntT(1, 9), 4, segs((TEXT, "4")), segs((TEXT, "4"))),
    (StrT(), "头科", segs((TEXT, "头科")), segs((TEXT, "头科"))),
    (OptionalT(IntT(1, 9)), 7, segs((TEXT, "7")), segs((TEXT, "7"))),   # a value that is there: the inner cell
    (OptionalT(IntT(1, 9)), None, segs((TEXT, "无")), segs((TEXT, "none"))),
    (ListT(CardT()), ("3", "4", "5"),
     segs((CODE, "3"), (TEXT, "、"), (CODE, "4"), (TEXT, "、"), (CODE, "5")),
     segs((CODE, "3"), (TEXT, ", "), (CODE, "4"), (TEXT, ", "), (CODE, "5"))),
    (RangeT(CardT()), ("3", "A"), segs((CODE, "3..A")), segs((CODE, "3..A"))),
])
def test_a_table_cell_for_each_value_type(vtype, value, zh, en):
    assert (s.cell(vtype, value, "zh"), s.cell(vtype, value, "en")) == (zh, en)


@pytest.mark.parametrize("vtype,value,message", [
    (POLICY, "lazy", "'lazy' is not a member of its policy"),
    (VType(), 1, "no table cell rendering for values of type VType"),
])
def test_a_cell_with_no_rendering_stops_the_rulebook(vtype, value, message):
    with pytest.raises(RulebookError, match=f"^{message}$"):
        s.cell(vtype, value, "en")


def test_blocks_turn_text_into_paragraphs_and_keep_other_blocks():
    table = Table(head=[plain("x")], rows=[])
    assert s.blocks(None) == []
    assert s.blocks(plain("a")) == [Para(plain("a"))]
    assert s.blocks([plain("a"), table]) == [Para(plain("a")), table]
    assert s.blocks(table) == [table]
    assert s.said(plain("甲"), None) == ([Para(plain("甲"))], [])


def test_a_policy_member_and_the_guards_of_the_lookup():
    assert s.enum_member("table.direction", "counter_clockwise").name == "counter_clockwise"
    with pytest.raises(RulebookError, match=r"^table\.direction = sideways is not a member of its policy$"):
        s.enum_member("table.direction", "sideways")
    with pytest.raises(RulebookError, match=r"^cards\.filler is not a policy$"):   # an optional card
        s.enum_member("cards.filler", "2")
    with pytest.raises(RulebookError, match=r"^table\.players is not a policy$"):
        s.enum_member("table.players", 6)
    assert s.field_of("table.players").name == "players"
    with pytest.raises(RulebookError, match=r"^no rule table\.chairs in the model$"):
        s.field_of("table.chairs")


@pytest.mark.parametrize("key,chapter,message", [
    ("table.players", "lobby", "the rule table.players is put in an unknown chapter 'lobby'"),
    ("table.players", "scoring", r"the chapter 'scoring' does not show rules of \[table\] \(sentences.CHAPTERS\)"),
])
def test_a_rule_registered_in_the_wrong_chapter_is_refused(key, chapter, message):
    with pytest.raises(RulebookError, match=f"^{message}$"):
        s.rule(key, chapter)


def test_a_yes_no_rule_refuses_a_value_that_is_not_yes_or_no():
    ctx = s.Ctx(Compilation(Workspace(), "lianzhong").checked)
    render = s.renderer("burning.allowed").fn
    with pytest.raises(RulebookError, match=r"^burning\.allowed is not yes/no$"):
        render(ctx, "sometimes")
    zh, en = render(ctx, True)
    assert all(isinstance(b, Para) for b in zh + en) and zh and en


def test_places_are_named_from_the_variants_table():
    ctx = s.Ctx(Compilation(Workspace(), "lianzhong").checked)
    assert (ctx.place_zh(1), ctx.place_en(1)) == ("头科", T("{en} place ({zh})", en="first", zh="头科"))
    assert ctx.place_en(1).plain() == "first place (头科)"


def test_a_registered_renderer_cannot_be_changed_in_place():
    # Renderers are shared by every rulebook built in the process: a copy is made to change one.
    import dataclasses

    r = s.renderer("table.players")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.chapter = "scoring"
    assert s.renderer("table.players").chapter == "players"
