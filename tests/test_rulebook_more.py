"""Rulebook behaviours the seed-41 mutation sample found untested: the 级牌 and 开点
examples of house-rule threshold tables no shipped variant has, the guard against an
example the engine rejects, and where `gouji show` says a rule's value comes from."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from gouji_dsl import engines
from gouji_dsl.docs import examples
from gouji_dsl.prose.document import Document, Para, Table, TRow, resolve_terms
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.show import to_text
from gouji_dsl.prose.text import Seg, Text, plain
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace


def house(tmp_path, text: str, base: str = "zaozhuang"):
    ws = scratch_workspace(tmp_path, {"house": f"variant house extends {base}\n" + text})
    return Compilation(ws, "house").checked


def thresholds(rows: dict[str, int]) -> str:
    return "[gouji]\nthresholds =\n  | rank | at_least |\n" + "".join(f"  | {r} | {k} |\n" for r, k in rows.items())


# Every rank from 4 to K reaches 级牌 at some size; A does not (zaozhuang: 2 is the filler).
NO_ACE = {"4": 8, "5": 8, "6": 8, "7": 7, "8": 6, "9": 6, "10": 5, "J": 4, "Q": 3, "K": 2, "2": 1}
# The shipped table without the 2 row: 2 is still the filler, but no 2s alone make 级牌.
NO_TWO = {"10": 5, "J": 4, "Q": 3, "K": 2, "A": 2}


def test_the_opening_examples_use_the_ace_when_it_is_the_only_rank_with_no_threshold(tmp_path):
    v = house(tmp_path, thresholds(NO_ACE))
    e = engines.from_model(v, "reference")
    opens = dict(examples.examples_for(v).opens)
    # A pair of aces does not open, the same pair with a small joker does.
    assert opens["A A"] is False and opens["A A SJ"] is True
    for cards, verdict in opens.items():
        assert bool(e.classify(e.parse_cards(cards)).gouji) == verdict, cards


def test_the_low_filler_example_takes_the_highest_rank_with_no_threshold_below_the_filler(tmp_path):
    v = house(tmp_path, thresholds(NO_TWO))
    e = engines.from_model(v, "reference")
    rows = {why: (cards, rank, size, gouji) for cards, rank, size, gouji, why in examples.examples_for(v).gouji}
    # 10 10 10 with two filler 2s reaches 10x5; 9 has no row, so the same padding makes no 级牌.
    assert rows["filler"] == ("10 10 10 2 2", "10", 5, True)
    assert rows["filler_low"] == ("9 9 9 2 2", "9", 5, False)
    for cards, rank, size, gouji in rows.values():
        c = e.classify(e.parse_cards(cards))
        assert (c.valid, bool(c.gouji)) == (True, gouji), cards


def test_a_gouji_example_the_engine_rejects_stops_the_rulebook():
    v = Compilation(Workspace(), "zaozhuang").checked
    real = engines.from_model(v, "reference")
    rejecting = SimpleNamespace(format_cards=real.format_cards, classify=lambda vec: SimpleNamespace(valid=False))
    with pytest.raises(RulebookError, match=r"zaozhuang: example .* is not a legal play"):
        examples._gouji_examples(v, rejecting)


def test_show_says_a_value_no_file_sets_is_the_default():
    v = Compilation(Workspace(), "lianzhong").checked
    assert v.origin("scoring.rank_by") is None
    lines = to_text(v).splitlines()
    assert "  rank_by (级别依据) = points    default" in lines
    # A value a file sets names that file instead.
    origin = v.origin("table.players")
    assert origin is not None
    players = next(line for line in lines if line.startswith("  players ("))
    assert f"from {origin.variant}" in players and "default" not in players


def test_terms_in_table_cells_are_resolved_and_count_as_the_first_use():
    # The English rulebook puts the Chinese beside a glossary term once, where it is first read,
    # table cells included; later uses are English alone.
    term = Text((Seg("term", "级牌", alt="gouji card"),))
    table = Table(head=[plain("rule")], rows=[TRow(cells=[term])])
    para = Para(term)
    doc = Document(lang="en", variant="house", title="", subtitle="", summary="", howto=[table, para],
                   chapters=[], labels={}, footer=plain(""))
    resolve_terms(doc)
    assert table.rows[0].cells == [Text((Seg("text", "gouji card (级牌)"),))]
    assert para.text == Text((Seg("text", "gouji card"),))


def test_with_no_bigger_plain_play_the_size_example_compares_the_lead_with_itself(tmp_path):
    # Every triple from 7 to K is 级牌 here, so the plain lead is A A A; four 2s are fillers, not a
    # plain play of a higher rank, so the example falls back to A A A not beating itself.
    v = house(tmp_path, thresholds({"7": 3, "8": 3, "9": 3, "10": 3, "J": 3, "Q": 3, "K": 3, "A": 4, "2": 1}))
    e = engines.from_model(v, "reference")
    size = [b for b in examples.examples_for(v).beats if b.what == "size"]
    assert [(b.lead, b.play, b.beats) for b in size] == [("A A A", "A A A", False)]
    aces = e.parse_cards("A A A")
    assert not e.beats(e.classify(aces).play, e.classify(aces).play)
