"""Inline text and its output (gouji_dsl/prose/text.py, render.py): templates, joins and
number words, and the Markdown/HTML escaping, each with exact results at its boundaries."""
from __future__ import annotations

import pytest

from gouji_dsl.docs import render as r
from gouji_dsl.prose import text as t
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.terms import GLOSSARY_BY_ZH
from gouji_dsl.prose.text import Seg, Text, T, code, plain


def segs(*pairs) -> Text:
    return Text(tuple(Seg(*p) for p in pairs))


# --- templates -------------------------------------------------------------------------------------

@pytest.mark.parametrize("template,values,expected", [
    ("a {x} b", {"x": code("c")}, segs(("text", "a "), ("code", "c"), ("text", " b"))),   # a Text is spliced
    ("`{x}`", {"x": segs(("code", "c"), ("text", "d"))}, segs(("code", "cd"))),        # inside code: its words
    ("**{x} up**", {"x": 3}, segs(("strong", "3"), ("strong", " up"))),
    ("[[级牌]]", {}, segs(("term", "级牌", GLOSSARY_BY_ZH["级牌"].en))),
    ("[[级牌|gouji plays]]", {}, segs(("term", "级牌", "gouji plays"))),
    ("**[[级牌]]**", {}, segs(("term", "级牌", GLOSSARY_BY_ZH["级牌"].en, "strong"))),
])
def test_a_template(template, values, expected):
    assert T(template, **values) == expected


@pytest.mark.parametrize("template,values,message", [
    ("a {x}", {}, "template value {x} is missing in: a {x}"),
    ("[[nonsense]]", {}, r"term \[\[nonsense\]\] is not in the glossary"),
    ("`[[级牌]]`", {}, r"a term inside a code span: `\[\[级牌\]\]`"),
    ("`a", {}, "unbalanced ` or \\*\\* in: `a"),
    ("**a", {}, "unbalanced ` or \\*\\* in: \\*\\*a"),
    ("`{x}`", {"x": None}, "a None was put into prose without a sentence for it"),
])
def test_a_template_that_cannot_be_written_stops_the_rulebook(template, values, message):
    with pytest.raises(RulebookError, match=f"^{message}$"):
        T(template, **values)


@pytest.mark.parametrize("items,lang,last,expected", [
    ([], "en", (), ""),
    (["a"], "zh", (), "a"),
    (["a", "b"], "zh", (), "a和b"),
    (["a", "b", "c"], "zh", (), "a、b和c"),
    (["a", "b"], "en", (), "a and b"),
    (["a", "b", "c"], "en", (), "a, b and c"),
    (["a", "b", "c"], "en", ("、", ","), "a, b, c"),
    (["a", "b", "c"], "en", ("、", ";"), "a, b; c"),
    (["a", "b", "c"], "en", ("、", "or"), "a, b or c"),
])
def test_join(items, lang, last, expected):
    joined = t.join(items, lang, *last)
    assert joined.plain() == expected and (joined == Text()) == (not items)


@pytest.mark.parametrize("fn,arg,expected", [
    (t.num, 0, "zero"), (t.num, 12, "twelve"), (t.num, 13, "13"), (t.num, -1, "-1"),
    (t.Num, 3, "Three"), (t.Num, 20, "20"),
    (t.cards_en, 1, "one card"), (t.cards_en, 2, "two cards"), (t.cards_en, 0, "zero cards"),
])
def test_number_words(fn, arg, expected):
    assert fn(arg) == expected


def test_plurals_and_circles():
    assert [t.plural(1, "joker"), t.plural(2, "joker"), t.plural(0, "joker"), t.plural(2, "box", "boxes")] \
        == ["1 joker", "2 jokers", "0 jokers", "2 boxes"]
    assert [t.circles(n, "zh") for n in (1, 2, 3, 4)] == ["一圈", "两圈", "三圈", "4圈"]
    assert [t.circles(n, "en") for n in (1, 2)] == ["one full circle", "two full circles"]


# --- Markdown and HTML -------------------------------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("plain", "plain"),
    ("   1. first", "1\\. first"),          # leading spaces dropped; a numbered item escaped
    ("12) x", "12\\) x"),
    ("123456789. x", "123456789\\. x"),
    ("1234567890. x", "1234567890. x"),     # ten digits cannot start a list
    ("1 x", "1 x"),
    ("- item", "\\- item"),
    ("+x", "\\+x"),
    ("=", "\\="),
])
def test_a_markdown_line_cannot_open_a_block(text, expected):
    assert r.md_line_start(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("ab", "`ab`"),
    ("a`b", "``a`b``"),
    ("a``b", "```a``b```"),
    ("`x", "`` `x ``"),
    ("x`", "`` x` ``"),
    ("a\nb\tc", "`a b c`"),
])
def test_a_markdown_code_span(text, expected):
    assert r.md_code(text) == expected


def test_markdown_and_html_inline_text():
    text = segs(("strong", "a*"), ("strong", "b"), ("text", " 1 < 2\nok"), ("code", "x"))
    assert r.md_inline(text) == "**a\\*b** 1 \\< 2 ok`x`"
    assert str(r.html_inline(text)) == "<strong>a*b</strong> 1 &lt; 2\nok<code>x</code>"
    assert r.md_para(plain("1. a")) == "1\\. a"


@pytest.mark.parametrize("fn", [r.md_inline, r.html_inline])
def test_an_unresolved_term_cannot_be_written(fn):
    with pytest.raises(RulebookError, match=r"^unresolved term segment '级牌'$"):
        fn(segs(("term", "级牌", "gouji")))


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match=r"^unknown format 'pdf': expected md or html$"):
        r.render(None, "pdf")


def test_markdown_is_tidied_outside_fenced_code_only():
    text = "a  \n\n\n\nb\n```\nx  \n\n\ny\n```\n\n\nc\n````\n```\n\n\n````\nd"
    assert r._tidy_markdown(text) == "a\n\nb\n```\nx  \n\n\ny\n```\n\nc\n````\n```\n\n\n````\nd"


def test_text_is_immutable():
    # Texts and their segments are shared (the same plain() or T() result in many places).
    import dataclasses

    text = plain("a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        text.segs = ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        text.segs[0].text = "b"
    assert {text: 1}[plain("a")] == 1 and len({Seg("text", "a"), Seg("text", "a")}) == 1
