"""Books true to the sources (issue 27, §1): each book opens with how complete the variant's
own source is ([about] coverage); every rule that source does not state is marked, where it
is written, as borrowed (from whose rules, which lines) or decided (which ruling), or as the
shared base's; and where the rules read the source's words otherwise, or make no rule of
them ([about] source_notes), the book quotes them next to the rule and says why. Each case
is a sentence of the rendered book, in both books and both languages."""
from __future__ import annotations

import re

import pytest

from gouji_dsl.docs import rulebook as rb
from gouji_dsl.docs.provenance import origin_mark
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.rules.about import own_source, source_text

from helpers import scratch_workspace

KINDS = ("reference", "handout")
LANGS = ("zh", "en")
STANDARD = ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao",
            "shuangkou", "shuangkou-baibian", "shuangkou-qianbian")
OWN = {"zaozhuang": "000", "zaozhuang-haixuan": "000", "lianzhong": "001", "lianzhong-bubiesan": "001",
       "qingdao": "003", "huangjindao": "004", "shuangkou": "002", "shuangkou-baibian": "002",
       "shuangkou-qianbian": "002"}
PEERS = ("lamb-cn", "zhoujxmt")
BOOKED = ("zaozhuang", "lianzhong", "qingdao", "huangjindao", "shuangkou", "lamb-cn")
MARK = {"zh": "> **出处**：", "en": "> **Source**: "}
QUOTE = {"zh": "> **资料原文**：", "en": "> **The source says**: "}


@pytest.fixture(scope="module")
def ws():
    return Workspace()


@pytest.fixture(scope="module")
def models(ws):
    return {name: Compilation(ws, name).checked for name in STANDARD + PEERS}


_BOOKS: dict = {}


def book(models, ws, name: str, kind: str, lang: str, fmt: str = "md") -> str:
    key = (name, kind, lang, fmt)
    if key not in _BOOKS:
        _BOOKS[key] = rb.render_rulebook(models[name], lang, fmt, ws, kind=kind)
    return _BOOKS[key]


def _anchor(key: str) -> str:
    return '<a id="rule-' + re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-") + '"></a>'


def segment(md: str, key: str) -> str:
    """The rule's text in a Markdown book: from its anchor to the next anchor."""
    start = md.index(_anchor(key))
    end = md.find('<a id="', start + len(_anchor(key)))
    return md[start:end if end >= 0 else len(md)]


def mark_after(md: str, key: str, lang: str) -> str:
    """The note saying where rule `key` comes from: after it, or after the last rule of the run
    of rules it belongs to (up to a heading)."""
    start = md.index(_anchor(key))
    found = md.index(MARK[lang], start)
    heading = md.find("\n#", start)
    assert heading < 0 or found < heading, f"no mark for {key} before the next heading"
    return md[found:md.index("\n", found)]


# --- the opening line: how complete the variant's own source is --------------------------------

OPENINGS = [
    ("qingdao", "zh", "青岛的资料（003）只是一份文档的预览，到第36行就断了（后面缺失）"),
    ("qingdao", "en", "Qingdao's source (003) is only the preview of a longer document, cut off at line 36"),
    ("lianzhong", "zh", "计分、串三户、烧牌失败怎么罚都没写，借用枣庄的规则（000）"),
    ("lianzhong", "en", "scoring, the sweep (串三户) and what a failed burn costs are not"),
    ("zaozhuang", "zh", "枣庄的资料（000）是一个网络平台完整的规则页"),
    ("huangjindao", "zh", "它提到的点贡一节缺失，用联众的点贡表（001）"),
    ("shuangkou", "zh", "经典玩法只提到名字，计分照百变"),
    ("lamb-cn", "zh", "本玩法不出自收集的规则资料，是照一个开源够级程序（RLCard 环境）的代码写成的"),
    ("lamb-cn", "en", "written from the code of the open-source program lamb-cn/rlcard"),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name,lang,says", OPENINGS)
def test_a_book_opens_with_how_complete_its_source_is(models, ws, name, lang, says, kind):
    md = book(models, ws, name, kind, lang)
    head = md[:md.index('<a id="ch-')]      # before the first chapter
    label = "> **资料**：" if lang == "zh" else "> **The source**: "
    assert label in head and says in head.split(label, 1)[1].split("\n", 1)[0], (name, lang, kind)


@pytest.mark.parametrize("name", STANDARD + PEERS)
def test_every_variant_says_in_both_languages_how_complete_its_source_is(models, name):
    about = models[name].about
    assert about.coverage and about.coverage_zh, name
    # each in its language: the English quotes Chinese terms only in parentheses
    assert re.search(r"[\u4e00-\u9fff]", about.coverage_zh)
    assert not re.search(r"[\u4e00-\u9fff]", re.sub(r"\([^)]*\)", "", about.coverage))


@pytest.mark.parametrize("name", STANDARD)
def test_each_standard_variant_names_its_own_source_and_cites_it(models, name):
    v = models[name]
    assert own_source(v) == OWN[name]
    cited = {c.lstrip("@").split(":")[0] for o in v.origins.values() for c in o.cites if ":" in c}
    assert OWN[name] in cited


# --- borrowed or decided, marked where it is written -------------------------------------------

MARKS = [
    # Lianzhong's scoring, 串三户 and failed burn come from the Zaozhuang text
    ("lianzhong", "zh", "scoring.place_points", "借用枣庄的规则（000:L86-91、000:L96、000:L97），由本项目裁定（D21）"),
    ("lianzhong", "en", "scoring.place_points", "borrowed from the Zaozhuang rules (000:L86-91, 000:L96, 000:L97); decided by the project (D21)"),
    ("lianzhong", "zh", "end.sweep", "借用枣庄的规则（000:L58），由本项目裁定（D10）"),
    ("lianzhong", "zh", "burning.failure_leader", "000:L45"),
    ("lianzhong", "en", "burning.failure_leader", "not in the Lianzhong source"),
    # a ruling against the source's words: borrowed from the other three, decided by D6
    ("lianzhong", "zh", "flow.pass_rule", "借用枣庄、青岛、黄金岛的规则（000:L37、003:L30、004:L71），由本项目裁定（D6）"),
    ("lianzhong", "zh", "flow.defer_to", "联众的资料没写：由本项目裁定（D5）"),
    ("lianzhong", "zh", "info.report_at", "照共同的底子"),
    # one note after a run of rules from the same kind of place: cited ones, then the shared base's
    ("lianzhong", "zh", "scoring.open_points", "以上4条联众的资料都没写：借用枣庄的规则（000:L86-91、000:L96、000:L97），由本项目裁定（D21）。"),
    ("lianzhong", "zh", "scoring.outcome", "以上3条联众的资料都没写：照共同的底子。"),
    ("lianzhong", "en", "scoring.outcome", "the 3 rules above are not in the Lianzhong source: from the shared base."),
    # Qingdao's 开点, tribute and scoring: 003 stops at line 36
    ("qingdao", "zh", "open.method", "借用枣庄、联众、黄金岛的规则（000:L51、001:L54、004:L75），由本项目裁定（D16）"),
    ("qingdao", "zh", "tribute.luo", "借用枣庄、联众的规则（000:L68、001:L62）"),
    ("qingdao", "en", "scoring.place_points", "not in the Qingdao source: borrowed from the Zaozhuang rules (000:L86-91"),
    ("qingdao", "zh", "table.cards_per_player", "青岛的资料没写：由本项目定"),
    # Huangjindao's 点贡 section is missing: Lianzhong's table
    ("huangjindao", "zh", "tribute.dian", "借用联众的规则（001:L62）"),
    ("zaozhuang", "zh", "plays.fillers_alone", "由本项目裁定（D1、D27）"),
    ("shuangkou", "zh", "table.direction", "双扣的资料没写：由本项目裁定（K9）"),
    ("shuangkou", "en", "table.direction", "not in the Shuangkou source: decided by the project (K9)"),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name,lang,key,says", MARKS)
def test_a_rule_its_source_does_not_state_is_marked_where_it_is_written(models, ws, name, lang, key, says, kind):
    md = book(models, ws, name, kind, lang)
    assert says in mark_after(md, key, lang), (name, lang, key, kind)


OWN_RULES = [("lianzhong", "table.decks"), ("lianzhong", "threes.threes_last"), ("lianzhong", "flow.defer"),
             ("qingdao", "burning.counter_burn"), ("qingdao", "table.direction"), ("zaozhuang", "tribute.dian_max_level"),
             ("zaozhuang", "scoring.place_points"), ("huangjindao", "open.declare"), ("shuangkou", "table.first_leader")]


@pytest.mark.parametrize("name,key", OWN_RULES)
def test_a_rule_of_the_variants_own_source_carries_no_mark(models, ws, name, key):
    assert origin_mark(models[name], key) is None
    for kind in KINDS:
        for lang in LANGS:
            assert MARK[lang] not in segment(book(models, ws, name, kind, lang), key), (name, key, kind, lang)


@pytest.mark.parametrize("name", PEERS)
def test_a_variant_written_from_a_program_marks_nothing(models, ws, name):
    for lang in LANGS:
        md = book(models, ws, name, "handout", lang)
        assert MARK[lang] not in md and QUOTE[lang] not in md


def test_a_house_rule_is_marked_as_the_clubs_own(tmp_path):
    ws = scratch_workspace(tmp_path, {"club": 'variant club extends zaozhuang\n[about]\ntitle = "俱乐部够级"\n'
                                              'title_en = "Club Gouji"\n[flow]\ndefer = no\n'})
    v = Compilation(ws, "club").checked
    zh = rb.render_rulebook(v, "zh", "md", ws, kind="handout")
    en = rb.render_rulebook(v, "en", "md", ws, kind="handout")
    assert "枣庄的资料没写：俱乐部够级自己的规定。" in mark_after(zh, "flow.defer", "zh")
    assert "a rule of Club Gouji's own" in mark_after(en, "flow.defer", "en")
    # the rules it inherits keep Zaozhuang's marks
    assert "由本项目裁定（D1、D27）" in mark_after(zh, "plays.fillers_alone", "zh")
    assert MARK["zh"] not in segment(zh, "table.decks")


# --- the source's own words, next to the rule ----------------------------------------------------

SOURCE_WORDS = [
    # Lianzhong's D6: a ruling, why, and 001:L54's words
    ("lianzhong", "flow.pass_rule",
     ["001:L54写「過牌以後本輪再無出牌權」", "另外三份资料都说，过了牌，对头的牌还能打（000:L37、003:L30、004:L71）", "（裁定D6）"],
     ["001:L54 「過牌以後本輪再無出牌權」: “After a pass, no more right to play in this round”", "(ruling D6)"]),
    # Zaozhuang 000:L21: the source's example the engine refuses, in players' words
    ("zaozhuang", "plays.joker_kills",
     ["000:L21写「使用4個王+3個8可以大過」", "两个大王加三个8（5张）打得过，四个王加三个8（7张）张数不对，反而管不了", "（裁定D3）"],
     ["000:L21 「使用4個王+3個8可以大過」", "two big jokers and three 8s (five cards) beat it, while four jokers and three 8s (seven cards) may not answer it"]),
    # Zaozhuang 000:L39: 扣牌, the opposite closes a dead play: no rule of its own, said where passing is
    ("zaozhuang", "flow.pass_rule",
     ["000:L39写「對頭為法定扣牌人，對頭未扣牌前，不能重新發牌」", "本玩法没有另写一条扣牌规则", "对头这一过就是扣牌"],
     ["000:L39 「對頭為法定扣牌人，對頭未扣牌前，不能重新發牌」", "There is no separate rule for it here"]),
    # Qingdao's direction: a reading of a source that disagrees with itself
    ("qingdao", "table.direction",
     ["003:L32写「则给离他的顺时针最近的玩家接风」", "本玩法照L28逆时针出牌", "资料前后不一，这是本项目的读法"],
     ["“counter-clockwise, player by player” (L28)", "this is the project's reading"]),
    ("huangjindao", "threes.threes_last", ["004:L9写「首先一手牌必须是3牌」", "（裁定D22）"], ["“The first play must be 3s”"]),
    ("shuangkou", "table.first_leader", ["002:L2写「发牌时会出现一张明牌,由拿到明牌的玩家优先出牌」", "随机定一家先出"],
     ["whoever is dealt it leads first", "draws that player at random"]),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name,key,zh,en", SOURCE_WORDS)
def test_the_sources_own_words_are_quoted_next_to_the_rule(models, ws, name, key, zh, en, kind):
    for lang, says in (("zh", zh), ("en", en)):
        part = segment(book(models, ws, name, kind, lang), key)
        assert QUOTE[lang] in part, (name, key, kind, lang)
        note = part[part.index(QUOTE[lang]):]
        for words in says:
            assert words in note, (name, key, kind, lang, words)


def test_the_ruling_is_said_in_the_html_book_too(models, ws):
    html = book(models, ws, "lianzhong", "handout", "zh", "html")
    note = html.split('<aside class="note source">', 1)[1].split("</aside>", 1)[0]
    assert "過牌以後本輪再無出牌權" in note and "裁定D6" in note
    assert '<aside class="note origin">' in html


def test_zaozhuangs_example_is_refused_by_the_engine_as_the_book_says(models):
    from gouji_dsl.docs.examples import engine_for
    e = engine_for(models["zaozhuang"])

    def beats(answer: str, lead: str) -> bool:
        return e.beats(e.classify(e.parse_cards(answer)).play, e.classify(e.parse_cards(lead)).play)
    assert beats("BJ BJ 8 8 8", "SJ SJ 7 7 7")
    assert not beats("BJ BJ BJ BJ 8 8 8", "SJ SJ 7 7 7") and not beats("SJ SJ BJ BJ 8 8 8", "SJ SJ 7 7 7")


def test_a_note_on_another_source_stays_out_of_the_book(models, ws):
    """Huangjindao extends Lianzhong and inherits its note on 001:L54; its own source 004 states
    the exception (004:L71), so its book does not quote 001."""
    assert any(r.lines == "001:L54" for r in models["huangjindao"].about.source_notes)
    for kind in KINDS:
        assert "001:L54写「過牌以後本輪再無出牌權」" not in book(models, ws, "huangjindao", kind, "zh")
        assert "001:L54写「過牌以後本輪再無出牌權」" in book(models, ws, "lianzhong-bubiesan", kind, "zh")


@pytest.mark.parametrize("name", STANDARD)
def test_every_quote_is_the_sources_own_words(models, name):
    """The check (rules/about.py) holds for every note: its quote is in its lines."""
    v = models[name]
    files = {s.key: s.file for s in v.about.sources}
    for row in v.about.source_notes:
        key, lines = row.lines.split(":L")
        first, _, last = lines.partition("-")
        text = "".join(source_text(files[key])[int(first) - 1:int(last or first)])
        assert re.sub(r"\s+", "", row.quote) in re.sub(r"\s+", "", text), (name, row.lines)


def test_the_reference_quotes_the_noted_lines_and_names_the_own_source(models, ws):
    zh = book(models, ws, "zaozhuang", "reference", "zh")
    assert 'id="src-000-L21"' in zh and 'id="src-000-L39"' in zh
    sources = zh.split('<a id="ch-sources"></a>', 1)[1]
    assert "本玩法自己的资料是000（枣庄六副够级平台规则）" in sources
    assert "| 000:L21 | 「使用4個王+3個8可以大過」 |" in sources
    en = book(models, ws, "zaozhuang", "reference", "en")
    assert "This variant's own source is 000 (Zaozhuang six-deck Gouji, platform rules)." in en


@pytest.mark.parametrize("name", STANDARD)
def test_every_note_on_the_own_source_is_in_both_books(models, ws, name):
    """A note names a rule the books show (a rule out of play, or left out of the handout,
    would lose it)."""
    from gouji_dsl.rules.about import own_source_notes
    rows = own_source_notes(models[name])
    for kind in KINDS:
        for lang in LANGS:
            md = book(models, ws, name, kind, lang)
            for row in rows:
                assert QUOTE[lang] + row.lines in segment(md, row.rule), (name, kind, lang, row.lines)
