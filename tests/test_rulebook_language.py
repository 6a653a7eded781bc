"""Language purity of the rulebooks: a Chinese book reads as Chinese and an English one as
English (tests/language.py says what each may hold of the other language, and why).

Every concrete variant x zh/en x reference/handout, rendered as Markdown; and the checker
itself on small inputs, so that a leak it should see is seen."""
from __future__ import annotations

import inspect
from functools import lru_cache

import pytest

from gouji_dsl.docs.rulebook import render_rulebook
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from language import allowed_names, leaks

KINDS = ("reference", "handout")
HAS_KINDS = "kind" in inspect.signature(render_rulebook).parameters


@lru_cache(maxsize=None)
def _workspace() -> Workspace:
    return Workspace()


@lru_cache(maxsize=None)
def _model(name: str):
    return Compilation(_workspace(), name).checked


def _concrete() -> list[str]:
    ws = _workspace()
    return [name for name in ws.names() if not _model(name).abstract]


def _book(name: str, lang: str, kind: str) -> str:
    if kind == "reference" and not HAS_KINDS:
        return render_rulebook(_model(name), lang, "md", _workspace())
    return render_rulebook(_model(name), lang, "md", _workspace(), kind=kind)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", ("zh", "en"))
@pytest.mark.parametrize("name", _concrete())
def test_a_book_holds_no_run_of_the_other_language(name, lang, kind):
    if kind != "reference" and not HAS_KINDS:
        pytest.skip("render_rulebook has no `kind` parameter yet: the handout is not built")
    found = leaks(_book(name, lang, kind), lang, allowed_names(_model(name), lang))
    assert not found, f"{name} {lang} {kind}: {len(found)} run(s) of the other language, first: " + \
        "; ".join(f"line {n}: {run!r}" for n, run in found[:8])


# --- the checker on small inputs ------------------------------------------------------

ZH_CASES = [
    # (markdown, allowed, expected findings)
    ("每人发54张牌。", (), []),
    ("级牌：Comparison: same size。", (), [(1, "Comparison: same size")]),
    ("第一行\n王数（the number of jokers）", (), [(2, "the number of jokers")]),
    ("出 `J J J` 或 J Q K A 都行，SJ 和 BJ 是王。", (), []),          # card tokens and code
    ("用 `jokers(hand)` 数王。", (), []),                             # a code span is code
    ("```\n[about]\ntitle = \"x\"\n```\n正文", (), []),               # so is a fenced block
    ("*Zaozhuang six-deck Gouji · 山东枣庄*", ("Zaozhuang six-deck Gouji",), []),
    ("*Zaozhuang six-deck Gouji · 山东枣庄 Zaozhuang, Shandong*", ("Zaozhuang six-deck Gouji",),
     [(1, "Zaozhuang, Shandong")]),
    ("本书由 gouji-dsl 根据 variants/zaozhuang.gouji 生成。", (), []),  # program and file names
    ("加牌 Y 比大王还大。", ("Y",), []),                                # an extra card kind's token
    ("加牌 Y 比大王还大，叫 eagle。", ("Y",), [(1, "eagle")]),
    ("出一手 A，就是 ace。", (), [(1, "ace")]),                       # A is a card, "ace" is English
    ("见 [000:L15](#src-000-L15)。", (), []),                          # a link target is markup
    ('<a id="rule-table-decks"></a>\n用6副牌。', (), []),             # an anchor is markup
    ('<a id="ch-glossary"></a>\n| 级牌 | gouji play | 够大的牌 |', (), []),   # the glossary's English column
    ('<a id="ch-glossary"></a>\n| 级牌 | gouji play | big play |', (), [(2, "big play")]),  # ... not its meaning
    ('<a id="ch-quotes"></a>\n> **L54** 點“過牌”按鈕，顯示：PASS', (), []),  # a cited line, as written
    ('<a id="ch-quotes"></a>\n> 原文\n<a id="ch-files"></a>\n规则 end', (), [(4, "end")]),
]


@pytest.mark.parametrize("markdown,allowed,expected", ZH_CASES)
def test_the_checker_finds_english_in_a_chinese_book(markdown, allowed, expected):
    assert leaks(markdown, "zh", allowed) == expected


EN_CASES = [
    ("Each player is dealt 54 cards.", (), []),
    ("A gouji play (级牌) may be burned.", (), []),                  # a term, in parentheses after English
    ("The game is Gouji: one rank per play, 级牌 and burning.", (), [(1, "级牌")]),
    ("Cards: (级牌) first.", (), [(1, "级牌")]),                   # after a colon: no term of an English phrase
    ("(级牌) opens the line.", (), [(1, "级牌")]),                    # parentheses after no English word
    ("drawn anew (whoever is dealt it, 明牌, leads).", (), [(1, "明牌")]),  # an aside mentioning it is no term
    ("The summary (六副牌，每人54张；一个大王要用两个大王打).", (), [(1, "六副牌，每人54张；一个大王要用两个大王打")]),
    ("The Chinese summary: 六副牌，每人54张。", (), [(1, "六副牌，每人54张。")]),
    ("Ranks from “列兵” to “上将”.", (), []),                        # quoted names
    ("It is summed up in Chinese as 「六副牌」.", (), []),
    ("Write `title = \"够级\"` in the file.", (), []),               # code
    ("*Zaozhuang six-deck Gouji · 枣庄六副够级 · Zaozhuang*", ("枣庄六副够级",), []),
    ("| 1 | 头科 | first |", (), [(1, "头科")]),
    ("| 1 | first (头科) |", (), []),
    ('<a id="ch-glossary"></a>\n| 对家 (对头、对门) | opposite | the player facing you |', (), []),
    ('<a id="ch-glossary"></a>\n| 对家 | opposite | 正对面的玩家 |', (), [(2, "正对面的玩家")]),
    ('<a id="ch-quotes"></a>\n> **L6** 棗莊6副夠級規則\n<a id="ch-files"></a>\nSee 规则.', (), [(4, "规则")]),
]


@pytest.mark.parametrize("markdown,allowed,expected", EN_CASES)
def test_the_checker_finds_chinese_in_an_english_book(markdown, allowed, expected):
    assert leaks(markdown, "en", allowed) == expected


def test_the_checker_knows_only_two_languages():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        leaks("", "fr")


def test_the_allowed_names_are_the_variants_own():
    zaozhuang = _model("zaozhuang")
    assert allowed_names(zaozhuang, "zh") == ("Zaozhuang six-deck Gouji",)
    assert allowed_names(zaozhuang, "en") == ("枣庄六副够级",)
    lamb = _model("lamb-cn")
    assert set(allowed_names(lamb, "zh")) == {lamb.about.title_en, "Y", "lamb-cn", "RLCard"}


# --- a decision without its Chinese summary: a warning -------------------------------------

HOUSE = ('variant house extends zaozhuang\n[about]\ntitle = "俱乐部"\ntitle_en = "Club"\nsummary = "Our club."\n'
         'summary_zh = "俱乐部规则。"\ndecisions +=\n')


def _warnings(tmp_path, text: str) -> list[str]:
    from gouji_dsl.phases import check_variants
    from helpers import scratch_workspace

    ws = scratch_workspace(tmp_path, {"house": text})
    warnings: list = []
    _good, errors = check_variants(ws, ["house"], warnings)
    assert not errors
    return [d.text("en") for d in warnings]


def test_a_decision_without_summary_zh_is_warned_about(tmp_path):
    text = HOUSE + '  | id | summary |\n  | "H1" | "Our own rule." |\n'
    assert _warnings(tmp_path, text) == [
        "decision H1 has no summary_zh: the Chinese rulebook will show its English summary"]


def test_a_decision_with_summary_zh_is_not(tmp_path):
    text = HOUSE + '  | id | summary | summary_zh |\n  | "H1" | "Our own rule." | "我们自己的规矩。" |\n'
    assert _warnings(tmp_path, text) == []


# --- the glossary: the terms the book uses, with the variant's own meaning ------------------

def _glossary(name: str, lang: str, zh_text: str) -> dict[str, tuple[str, str]]:
    from gouji_dsl.docs.glossary import glossary_rows

    return {term.split("（")[0].split(" (")[0]: (en, meaning) for term, en, meaning in glossary_rows(_model(name), lang, zh_text)}


def test_the_glossary_lists_only_the_terms_the_book_uses():
    rows = _glossary("zaozhuang", "zh", "有人烧牌时，对头可以打。")
    assert "烧牌" in rows and "对家" in rows          # 对头 is one of 对家's names
    assert "憋三" not in rows and "开点" not in rows
    assert {"头科", "大落"} <= set(rows)              # the place names, always


ALL_TERMS = "开点 级牌 点贡 落贡 烧贡 闷贡 接风 无头 憋三 革命 四户乱缠 点贡毕业"


@pytest.mark.parametrize("name,term,lang,says,not_says", [
    ("zaozhuang", "开点", "zh", "既没被对家打掉，也没被烧", "用级牌赢得发牌权"),
    ("lianzhong", "开点", "zh", "用级牌赢得发牌权", "也没被烧"),
    ("huangjindao", "开点", "en", "only a gouji play that has at least 2 cards and has no jokers counts", "nobody opens"),
    ("zhoujxmt", "开点", "en", "nobody opens", "winning the lead"),
    ("zaozhuang", "级牌", "zh", "10够5张、J够4张", "谁都能打"),
    ("lamb-cn", "级牌", "zh", "谁都能打", "只有对家"),
    ("zaozhuang", "点贡", "zh", "最多3级", "本玩法不进点贡"),
    ("lianzhong", "点贡", "en", "tribute to the opposite for not opening", "up to level"),
    ("zaozhuang", "落贡", "zh", "大落给头科2张，二落给二科1张", "本玩法不进"),
    ("lianzhong", "烧贡", "zh", "进1张", "本玩法不进"),
    ("zaozhuang", "烧贡", "zh", "本玩法不进烧贡", "进1张"),
    ("lianzhong", "憋三", "zh", "没有3的人可以买3", "本玩法不憋三"),
    ("zaozhuang", "憋三", "en", "not played here", "may buy one"),
    ("zaozhuang", "点贡毕业", "zh", "下一局自动开点", "本玩法没有"),
    ("lianzhong", "点贡毕业", "en", "not played in this variant", "automatic"),
    ("lianzhong", "革命", "zh", "手里没有王，也没有2，就可以革命", "本玩法不能革命"),
    ("lianzhong", "无头", "zh", "走科或革命", "头科的对家"),
    ("qingdao", "无头", "zh", "头科的对家", "革命"),
    ("lamb-cn", "四户乱缠", "zh", "本玩法没有四户乱缠", "只剩4家"),
    ("zaozhuang", "接风", "en", "the next player holding cards leads", "partner"),
])
def test_a_glossary_meaning_is_the_variants_own(name, term, lang, says, not_says):
    _en, meaning = _glossary(name, lang, ALL_TERMS)[term]
    assert says in meaning and not_says not in meaning, meaning
