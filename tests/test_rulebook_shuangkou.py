"""Shuangkou rulebooks: the examples are the engine's (types, bombs and lines, wild cards
only with wilds, chains only with chains), the scored game adds up to the engine's
score, Gouji's chapters stay out and the Chinese book's examples are in Chinese."""
from __future__ import annotations

import dataclasses
import re

import pytest

from gouji_dsl import engines
from gouji_dsl.docs import examples
from gouji_dsl.docs import rulebook as rb
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.pattern_examples import PatternExamples, compute_pattern_examples, merge_steps
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.rules.results import reference_score

SHUANGKOU = ("shuangkou", "shuangkou-baibian", "shuangkou-qianbian")


@pytest.fixture(scope="module")
def variants():
    ws = Workspace()
    return {name: Compilation(ws, name).checked for name in SHUANGKOU}


@pytest.fixture(scope="module")
def built(variants):
    return {name: examples.examples_for(v) for name, v in variants.items()}


@pytest.fixture(scope="module")
def books(variants):
    return {(name, lang): rb.render_rulebook(v, lang, "md") for name, v in variants.items() for lang in ("zh", "en")}


def _engine(v):
    return examples.engine_for(v)


def test_every_shuangkou_variant_has_examples_of_its_own_kind(built):
    for name, ex in built.items():
        assert isinstance(ex, PatternExamples), name


def test_each_type_row_has_a_legal_play_named_by_the_engine(variants, built):
    for name, v in variants.items():
        e = _engine(v)
        shortest = [p for p in built[name].types if p.valid and p.what == "type"]
        assert [p.type for p in shortest] == [row.name for row in v.patterns.types], name
        more = [p for p in built[name].types if p.what == "type_more"]
        assert {p.type for p in more} == {row.name for row in v.patterns.types}, name   # a few of each type
        assert "9 10 J Q K A" in [p.cards for p in more] and "BJ" in [p.cards for p in more]
        for p in built[name].types:
            c = e.classify(e.parse_cards(p.cards))
            assert c.valid == p.valid and c.type == p.type, (name, p.cards)
        assert any(not p.valid for p in built[name].types), name   # cards that make no play are shown too


def test_bombs_of_four_to_eight_cards_and_the_joker_bombs_with_their_lines(variants, built):
    for name, v in variants.items():
        e = _engine(v)
        bombs = built[name].bombs
        assert [len(b.cards.split()) for b in bombs if b.type == "bomb"] == [4, 5, 6, 7, 8]
        assert {(b.cards, b.lines) for b in bombs if b.type == "joker_bomb"} == {("SJ SJ BJ", 6), ("SJ SJ BJ BJ", 7)}
        for b in bombs:
            assert e.classify(e.parse_cards(b.cards)).lines == b.lines


def test_a_wild_example_only_where_the_variant_has_wild_cards(variants, built, books):
    for name, v in variants.items():
        wilds = built[name].wilds
        assert bool(wilds) == bool(v.patterns.wilds), name
        for lang in ("zh", "en"):
            assert ("=9" in books[(name, lang)]) == bool(v.patterns.wilds), (name, lang)
            assert ('id="example-wilds"' in books[(name, lang)]) == bool(v.patterns.wilds), (name, lang)
        if wilds:
            cards = {p.cards: p for p in wilds}
            assert cards["5 6 7 8 BJ=9"].type == "straight"
            assert cards["8 8 8 BJ=8"].type == "bomb" and cards["8 8 8 BJ=8"].lines == 4
            assert cards["BJ"].type == "single"      # alone, a wild card is itself
            largest = next(p for p in wilds if p.what == "largest")
            assert largest.lines == 8 + sum(2 for _ in v.patterns.wilds)   # 10 in 百变, 12 in 千变 (S19)


def test_the_twelve_line_bomb_is_qianbian_only(built):
    twelve = {name: [p.cards for p in ex.wilds if p.lines == 12] for name, ex in built.items()}
    assert twelve == {"shuangkou": [], "shuangkou-baibian": [],
                      "shuangkou-qianbian": ["9 9 9 9 9 9 9 9 SJ=9 SJ=9 BJ=9 BJ=9"]}


def test_a_chain_example_only_where_chains_are_allowed(variants, built, books):
    for name, v in variants.items():
        chains = built[name].chains
        assert bool(chains) == bool(v.patterns.chains), name
        for lang in ("zh", "en"):
            assert ('id="example-chains"' in books[(name, lang)]) == bool(v.patterns.chains), (name, lang)
        if chains:
            # 4线3连环 = 7 lines (002:L12); too short a chain is no play.
            first = chains[0]
            assert (first.cards, first.type, first.lines) == ("5 5 5 5 6 6 6 6 7 7 7 7", "chain_bomb", 7)
            assert any(p.what == "short_chain" and not p.valid for p in chains)
            unequal = next(p for p in chains if p.what == "unequal_chain")
            assert unequal.valid == v.patterns.chain_unequal, name   # 千变 only
            if unequal.valid:
                assert unequal.lines == 7


def test_the_comparisons_cover_the_rule_text_and_agree_with_the_engine(variants, built):
    for name, v in variants.items():
        e = _engine(v)
        cases = built[name].beats
        whats = {c.what for c in cases}
        assert {"higher", "lower", "length", "type", "bomb_beats", "bomb_only", "bomb_rank", "more_lines",
                "fewer_lines", "tie"} <= whats, name
        for c in cases:
            play, lead = (e.classify(e.parse_cards(x)).play for x in (c.play, c.lead))
            assert bool(e.beats(play, lead)) == c.beats, (name, c)
        ties = {(c.lead, c.play) for c in cases if c.what == "tie" and c.beats}
        assert ("9 9 9 9 9 9", "SJ SJ BJ") in ties    # 三王 (6 lines) over a 6-line bomb: bomb_ties
        if v.patterns.chains:
            assert ("9 9 9 9 9 9 9", "5 5 5 5 6 6 6 6 7 7 7 7") in ties


def test_every_number_of_the_scored_game_is_the_engines(variants, built, books):
    for name, v in variants.items():
        e = _engine(v)
        g = built[name].game
        assert g.scores == list(e.score(g.result)) == reference_score(v, g.result)
        assert sum(g.scores) == 0
        assert g.class_row.name == "single" and g.multiplier == 8 and g.top_lines == 7   # 6 + 2 - 1 (002:L91)
        for seat in range(1, v.table.players + 1):
            score = g.base * (g.class_row.scores[g.places[seat] - 1] * g.multiplier + g.gains[seat - 1])
            assert score == g.scores[seat - 1]
        # A losing seat's bomb changes no multiplier: alone, it adds just its 给到分 from each other seat.
        without = e.score({"finish": g.result["finish"], "bombs": []})
        for seat, _cards, lines, each in g.bonus:
            if seat not in g.winners:
                alone = e.score({"finish": g.result["finish"], "bombs": [[seat, lines]]})
                assert alone[seat - 1] - without[seat - 1] == each * (v.table.players - 1), (name, seat, lines)
        md = books[(name, "en")]
        table = md.split('id="example-score-1"', 1)[1]
        signed = lambda x: f"{x:+d}" if x else "0"  # noqa: E731
        for seat, score in enumerate(g.scores, 1):
            place = g.places[seat]
            row = (f"| {signed(g.class_row.scores[place - 1])} | {g.multiplier} | {signed(g.gains[seat - 1])} "
                   f"| {signed(score)} |")
            assert re.search(rf"^\| {seat} \| [^|]+ {re.escape(row)}$", table, re.M), (name, seat, row)


def test_merging_follows_the_rule_text():
    """Two bombs of 6 lines count 6 + 2 - 1 = 7; three of 4 lines 4 + 3 - 2 = 5; a lone bomb keeps its lines."""
    v = Compilation(Workspace(), "shuangkou").checked
    assert merge_steps(v, [6, 6]) == ([(6, 2, -1, 7)], 7)
    assert merge_steps(v, [4, 4, 4]) == ([(4, 3, -2, 5)], 5)
    assert merge_steps(v, [4]) == ([], 4)
    assert merge_steps(v, []) == ([], 0)


def test_the_reference_engine_gives_the_same_examples(variants, built):
    v = variants["shuangkou-baibian"]
    assert compute_pattern_examples(v, engines.from_model(v, "reference")) == built["shuangkou-baibian"]


def test_an_engine_that_disagrees_with_the_rule_text_stops_the_rulebook(variants):
    v = variants["shuangkou"]
    e = _engine(v)

    class Contrary:
        def __getattr__(self, name):
            return getattr(e, name)

        @staticmethod
        def beats(play, lead):
            return not e.beats(play, lead)

    with pytest.raises(RulebookError, match="disagrees with the engine"):
        compute_pattern_examples(v, Contrary())

    class Generous:
        def __getattr__(self, name):
            return getattr(e, name)

        @staticmethod
        def score(result):
            return [x + 1 for x in e.score(result)]

    with pytest.raises(RulebookError, match="the engine's"):
        compute_pattern_examples(v, Generous())


def test_gouji_chapters_and_readings_stay_out(books):
    for (name, lang), md in books.items():
        for chapter in ("before", "burning", "headless", "tribute", "room"):
            assert f'id="ch-{chapter}"' not in md, (name, lang, chapter)
        for gouji_only in ("进贡", "烧牌", "点贡", "憋三", "革命"):
            assert gouji_only not in md.split('id="ch-glossary"', 1)[1].split('id="ch-sources"', 1)[0], (name, gouji_only)
        assert "002:L15" in md.split('id="ch-notes"', 1)[1]   # the endnotes cite Shuangkou's source


def test_the_chinese_examples_are_in_chinese(books):
    """Outside code spans and card tokens, the examples of the Chinese book hold no Latin letters."""
    for name in SHUANGKOU:
        md = books[(name, "zh")]
        for part in md.split("### 例子")[1:]:
            part = part.split("\n## ", 1)[0]
            prose = re.sub(r"`[^`]*`", "", part)
            prose = re.sub(r"(?<![A-Za-z])(?:SJ|BJ|[JQKA])(?![A-Za-z])", "", prose)   # card tokens may be written
            prose = re.sub(r'<a id="[^"]*"></a>', "", prose)
            assert not re.search(r"[A-Za-z]", prose), (name, re.findall(r".{0,20}[A-Za-z]+.{0,20}", prose)[:3])


def test_the_wild_notation_is_explained_only_with_wild_cards(variants, books):
    for name, v in variants.items():
        assert ("写作 `BJ=9`" in books[(name, "zh")]) == bool(v.patterns.wilds)
        assert ("is written `BJ=9`" in books[(name, "en")]) == bool(v.patterns.wilds)


def test_a_variant_with_no_joker_bombs_and_no_chains_still_has_a_book(tmp_path):
    from helpers import scratch_workspace

    ws = scratch_workspace(tmp_path, {"plain": "variant plain extends shuangkou\n[patterns]\njoker_bombs =\n"
                                                "  | name | zh | jokers | lines |\n"})
    v = Compilation(ws, "plain").checked
    ex = compute_pattern_examples(v, examples.engine_for(v))
    assert not [b for b in ex.bombs if b.type == "joker_bomb"] and not ex.chains and not ex.wilds
    assert not [c for c in ex.beats if c.what == "tie"]
    assert dataclasses.asdict(ex.game)["scores"] == list(examples.engine_for(v).score(ex.game.result))


def test_bombs_of_seven_or_more_cards_still_make_a_book(tmp_path):
    """A house rule file whose smallest bomb is 7 cards: every example fits the 8 cards of a rank."""
    from helpers import scratch_workspace

    ws = scratch_workspace(tmp_path, {"big": "variant big extends shuangkou-qianbian\n[patterns]\nbomb_min = 7\n"
                                              "chain_rules =\n  | smallest_bomb | largest_bomb | min_bombs |\n"
                                              "  | 7 | 12 | 2 |\n"})
    v = Compilation(ws, "big").checked
    ex = compute_pattern_examples(v, examples.engine_for(v))
    assert [b.lines for b in ex.bombs if b.type == "bomb"] == [7, 8]
    assert [(c.cards, c.valid) for c in ex.chains if c.what == "unequal_chain"] == [
        ("5 5 5 5 5 5 5 6 6 6 6 6 6 6 6", True)]
    assert "Example: scoring a game" in rb.render_rulebook(v, "en", "md", ws)


# --- Shuangkou's own words (issue 27): 对家 is one's partner, players go out (出完牌) ------------

@pytest.fixture(scope="module")
def handouts(variants):
    return {(name, lang): rb.render_rulebook(v, lang, "md", kind="handout") for name, v in variants.items()
            for lang in ("zh", "en")}


def _rule(md: str, key: str) -> str:
    """A rule's text in a Markdown book: from its anchor to the next anchor."""
    anchor = '<a id="rule-' + re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-") + '"></a>'
    start = md.index(anchor)
    end = md.find('<a id="', start + len(anchor))
    return md[start:end]


def test_the_partner_is_no_opponent_and_no_gouji_word_is_used(books, handouts):
    """In Gouji 对头 is one's opposite, an opponent; in Shuangkou 对家 is one's partner (搭档).
    Gouji's 走科 (going out) and 联邦 (teammates) are no Shuangkou words."""
    for (name, lang), md in list(books.items()) + list(handouts.items()):
        if lang == "zh":
            assert "正对而坐的两人互为对家，也就是搭档：1号与3号、2号与4号。对家与自己同属一方。" in _rule(md, "table.opposites")
            for word in ("对头", "对门", "走科", "联邦", "头科", "级牌"):
                assert word not in md, (name, word)
        else:
            assert "Players sitting face to face are partners (对家): 1 and 3, 2 and 4." in _rule(md, "table.opposites")
            for word in ("teammate", "opponent, not a partner", "走科", "联邦"):
                assert word not in md, (name, word)


def test_going_out_and_taking_over_in_shuangkous_words(books, handouts):
    for (name, lang), md in list(books.items()) + list(handouts.items()):
        take_over = _rule(md, "flow.take_over")
        if lang == "zh":
            assert "### 出完牌与接风" in md
            assert "一个人出完了牌，他的最后一手一圈内没人要，就由坐在他对面的对家接风发牌" in take_over
            assert "出完牌后也不能看搭档的牌。" in _rule(md, "info.watch_after_out")
            assert "**全暗**：每人只能看自己的牌，不能看搭档的牌。" in _rule(md, "info.show_team_at")
        else:
            assert "the player sitting opposite them leads" in take_over
            assert "may not watch their partner's hand" in _rule(md, "info.watch_after_out")


def test_bomb_lines_are_said_in_one_sentence(books, handouts):
    """Not "线数多的大：炸弹的张数" (a sentence and a formula's words run together)."""
    for (name, lang), md in list(books.items()) + list(handouts.items()):
        lines = _rule(md, "patterns.bomb_lines")
        if lang == "zh":
            assert "线数多的大：炸弹" not in md
            assert "线数多的大；一个炸弹的线数是" in lines, (name, lines)
        else:
            assert "more lines win: the cards" not in md
            assert "more lines win; a bomb's lines are" in lines, (name, lines)


def test_the_first_lead_is_the_face_up_card_as_002_says(books, handouts):
    """002:L2: the first game and the game after a 双扣 start with a card turned face up (明牌),
    whose holder leads; after 单扣 or 平扣 the previous game's first player out leads."""
    for (name, lang), md in list(books.items()) + list(handouts.items()):
        first = _rule(md, "table.first_leader")
        if lang == "zh":
            assert "第一局随机确定" not in md
            assert "每局由上一局第一个出完牌的人首先出牌；第一局发牌时翻出一张明牌，拿到明牌的人先出" in first
            assert "002:L2写「发牌时会出现一张明牌,由拿到明牌的玩家优先出牌」" in first   # and the source's words
            assert "一局的结果是双扣时，下一局重新翻明牌" in _rule(md, "results.redraw_after")
        else:
            assert "drawn at random for the first game" not in md
            assert "in the first game, a card is turned face up in the deal (明牌) and whoever is dealt it leads" in first


def test_the_shuangkou_endnotes_name_rules_in_shuangkous_words(books):
    for name in SHUANGKOU:
        notes = books[(name, "zh")].split('<a id="ch-notes"></a>', 1)[1]
        assert "搭档 `table.teams`" in notes and "出完看牌 `info.watch_after_out`" in notes
        assert "联邦 `table.teams`" not in notes and "走科看牌" not in notes
