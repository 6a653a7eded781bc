"""Rulebooks: complete (every rule, every row, in both languages), deterministic,
escaped, examples true of the engines, the `doc` command, and a real browser."""
from __future__ import annotations

import argparse
import dataclasses
import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from pygments.token import Error

import gouji_dsl
from gouji_dsl.model import registry
from gouji_dsl.lang import highlight
from gouji_dsl.model import schema as m
from gouji_dsl import engines
from gouji_dsl.rules.burning import JOKER_CHECK
from gouji_dsl.docs import examples
from gouji_dsl.facets import sentences
from gouji_dsl.docs import rulebook as rb
from gouji_dsl.prose.document import Bullets, Formula_, Note, Para, Table
from gouji_dsl.docs.pdf import HEADLESS_FLAGS, find_browser
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.lang.lexer import GoujiLexer
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import generated_dir, variants_dir
from gouji_dsl.phases import Compilation
from gouji_dsl.model.types import BoolT, EnumT, Member, OptionalT, RowT
from gouji_dsl.facets import spec
from gouji_dsl.rules.tribute import tribute_name

from markupsafe import escape

from gouji_dsl.docs.book import HEADER_RULES
from helpers import scratch_workspace

CONCRETE = ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao")
PEERS = ("lamb-cn", "zhoujxmt")  # variants/peers: shipped and built like the standard variants
SHUANGKOU = ("shuangkou", "shuangkou-baibian", "shuangkou-qianbian")   # the second game: its books too
WITH_BOOKS = CONCRETE + PEERS + SHUANGKOU


@pytest.fixture(scope="module")
def models():
    ws = Workspace()
    return {name: Compilation(ws, name).checked for name in CONCRETE + PEERS}


@pytest.fixture(scope="module")
def shuangkou_models():
    ws = Workspace()
    return {name: Compilation(ws, name).checked for name in SHUANGKOU}


@pytest.fixture(scope="module")
def books(models, shuangkou_models):
    """Every rulebook, rendered once: {(variant, lang, fmt): text}."""
    out = {}
    for rel, text in rb.rulebook_outputs(list(models.values()) + list(shuangkou_models.values())):
        name, handout, lang, fmt = re.match(r"^(.+?)(\.handout|\.quick)?\.(zh|en)\.(md|html)$", rel).groups()
        out[(name + (handout or ""), lang, fmt)] = text
    return out


def rule_keys(v: m.Variant):
    """Every (section.field) of the resolved model, and every table row as section.field[i]."""
    for section, values in v.sections.items():
        for f in m.rule_fields(values, v.game):
            key = f"{section}.{f.name}"
            yield key
            vtype = f.metadata["type"]
            if isinstance(vtype, RowT):
                for i in range(len(getattr(values, f.name))):
                    yield f"{key}[{i}]"


# --- completeness -------------------------------------------------------------------------

def test_outputs_cover_every_concrete_variant_language_and_format(books):
    assert sorted(f"{n}.{lang}.{f}" for n, lang, f in books) == sorted(
        f"{n}{k}.{lang}.{f}" for n in WITH_BOOKS for k in ("", ".handout", ".quick") for lang in ("zh", "en") for f in ("md", "html"))


def test_every_rule_and_every_table_row_is_in_every_rulebook(models, shuangkou_models, books):
    for name, v in {**models, **shuangkou_models}.items():
        keys = list(rule_keys(v))
        assert len(keys) > (100 if v.game == "gouji" else 60)
        for lang in ("zh", "en"):
            html, md = books[(name, lang, "html")], books[(name, lang, "md")]
            header = html[:html.index("</header>")]
            assert str(escape(v.about.title)) in header and str(escape(v.about.title_en)) in header  # the header's rules: not a chapter's
            for key in keys:
                if key in HEADER_RULES:
                    continue
                anchor = rb.anchor_of(key)
                assert f'id="{anchor}"' in html, f"{name}.{lang}.html lacks {key}"
                if "[" not in key:
                    assert f'<a id="{anchor}"></a>' in md, f"{name}.{lang}.md lacks {key}"


def test_markdown_tables_show_every_row(models):
    """Each table rule's Markdown table has at least as many rows as the model's table."""
    for name in ("zaozhuang", "lianzhong"):
        v = models[name]
        for lang in ("zh", "en"):
            md = rb.render_rulebook(v, lang, "md")
            for section, values in v.sections.items():
                for f in dataclasses.fields(values):
                    rows = getattr(values, f.name)
                    if not isinstance(f.metadata["type"], RowT) or not rows:
                        continue
                    anchor = rb.anchor_of(f"{section}.{f.name}")
                    after = md.split(f'<a id="{anchor}"></a>', 1)[1].split("<sub>", 1)[0]
                    body = [line for line in after.splitlines() if line.startswith("| ")][1:]
                    assert len(body) >= len(rows), (name, lang, section, f.name)


def test_the_chinese_and_english_books_differ_and_use_the_players_terms(books):
    zh, en = books[("zaozhuang", "zh", "md")], books[("zaozhuang", "en", "md")]
    for term in ("级牌", "烧牌", "开点", "头科", "大落", "四户乱缠", "点贡", "落贡", "串三户", "贴2"):
        assert term in zh
    assert "使用6副牌，每副54张" in zh
    assert "Six decks of 54 cards" in en
    # English: the Chinese term beside the English one on first use only (in the rules; the
    # decisions' summaries and the rule files in the appendices are quoted as written).
    rules = en.split('<a id="ch-sources"></a>')[0]
    assert len(re.findall(r"gouji plays? \(级牌\)", rules)) == 1
    assert "burn (烧牌)" in en or "Burning (烧牌)" in en
    assert "Rulebook" not in zh and "规则书" in zh


def test_a_rule_without_rendering_raises(models, monkeypatch):
    v = models["zaozhuang"]

    @dataclass(frozen=True)
    class FlowPlus(m.FlowRules):
        hop: bool = m.rule(BoolT(), "跳牌", "a rule the rulebook has never heard of", default=False)

    flow = FlowPlus(**{f.name: getattr(v.flow, f.name) for f in dataclasses.fields(m.FlowRules)}, hop=True)
    changed = dataclasses.replace(v, sections={**v.sections, "flow": flow})
    with pytest.raises(rb.RulebookError, match=r"flow\.hop"):
        rb.render_rulebook(changed, "zh", "md")
    # A renderer removed: the rule is no longer rendered, which is an error too (the book is built
    # again: the books already built in this process were built by the code before the change).
    monkeypatch.delitem(spec.REGISTRY["burning.lift"], "book")
    monkeypatch.setattr(rb, "_DOCUMENTS", type(rb._DOCUMENTS)())
    with pytest.raises(rb.RulebookError, match=r"burning\.lift"):
        rb.render_rulebook(v, "en", "html")


def test_a_table_column_or_policy_without_rendering_raises(models, monkeypatch):
    v = models["lianzhong"]
    with pytest.raises(rb.RulebookError, match="column"):
        sentences.check_columns(m.DianRow, ("declared", "opened", "me_gives"), "tribute.dian")
    # A policy gains a member the rulebook has no sentence for.
    monkeypatch.setitem(JOKER_CHECK.members, "dealer", Member("dealer", "庄家", "the dealer checks"))
    changed = dataclasses.replace(v, sections={**v.sections, "burning": dataclasses.replace(v.burning, joker_check="dealer")})
    with pytest.raises(rb.RulebookError, match=r"no rulebook sentence for burning\.joker_check = dealer"):
        rb.render_rulebook(changed, "en", "md")
    # So does a rule of a player's state (a ChoiceT) that gains a shorthand.
    dealer = dataclasses.replace(v.flow.take_over, shorthand="dealer")
    changed = dataclasses.replace(v, sections={**v.sections, "flow": dataclasses.replace(v.flow, take_over=dealer)})
    with pytest.raises(rb.RulebookError, match=r"no rulebook sentence for flow\.take_over = dealer"):
        rb.render_rulebook(changed, "en", "md")


def test_every_rule_has_its_book_facet(monkeypatch):
    """Each rule's module registers its sentences (spec's "book" facet); removing one is caught."""
    assert [key for key, facet in registry.missing() if facet == "book"] == []
    assert all(isinstance(sentences.renderer(key), sentences.Renderer) for key in registry.rule_keys())
    monkeypatch.delitem(spec.REGISTRY["tribute.men"], "book")
    assert ("tribute.men", "book") in registry.missing()


def _block_texts(blocks) -> list[str]:
    """The visible text of rendered blocks."""
    out = []
    for block in blocks:
        if isinstance(block, Para):
            out.append(block.text.plain())
        elif isinstance(block, Bullets):
            out += [item.plain() for item in block.items]
        elif isinstance(block, Table):
            out += [t.plain() for t in block.head] + [c.plain() for row in block.rows for c in row.cells]
        elif isinstance(block, Note):
            out += [block.label.plain(), block.text.plain()]
        elif isinstance(block, Formula_):
            out.append(block.source)
        else:
            raise AssertionError(f"unknown block {block!r}")
    return out


def test_every_renderer_writes_both_languages_for_every_standard_variant(models, shuangkou_models):
    """Every registered renderer, on every standard variant that has its rule: Chinese and English text,
    and the two differ. The Shuangkou variants' [patterns] and [results] only (their other sections are
    in their books, tests/test_rulebook_shuangkou.py)."""
    cases = [(v, list(v.sections)) for v in models.values()]
    cases += [(v, ["patterns", "results"]) for v in shuangkou_models.values()]
    rendered = set()
    for v, sections in cases:
        ctx = sentences.Ctx(v)
        for section in sections:
            values = v.sections[section]
            for f in dataclasses.fields(values):
                key = f"{section}.{f.name}"
                zh, en = sentences.renderer(key).fn(ctx, getattr(values, f.name))
                zh_text, en_text = _block_texts(sentences.blocks(zh)), _block_texts(sentences.blocks(en))
                assert any(t.strip() for t in zh_text) and any(t.strip() for t in en_text), (v.name, key)
                assert zh_text != en_text, (v.name, key)
                rendered.add(key)
    assert rendered == set(registry.rule_keys())


def test_a_chapter_takes_only_the_sections_it_lists():
    with pytest.raises(rb.RulebookError, match="does not show rules of"):
        sentences.rule("burning.lift", "tribute")


def _policy_type(key):
    vtype = sentences.field_type(key)
    while isinstance(vtype, OptionalT):
        vtype = vtype.inner
    return vtype


def test_every_policy_member_and_yes_no_value_has_sentences(models):
    """Every member of every policy has a sentence, and both yes and no do, in both languages."""
    v = models["lianzhong"]
    ctx = sentences.Ctx(v)
    for section in m.SECTIONS:
        if "gouji" not in section.GAMES or section is m.PatternRules:
            continue
        for f in dataclasses.fields(section):
            key = f"{section.NAME}.{f.name}"
            renderer = sentences.renderer(key)
            vtype = _policy_type(key)
            if isinstance(vtype, EnumT):
                assert renderer.members is not None and set(renderer.members) == set(vtype.members), key
                values = list(vtype.members)
            elif isinstance(vtype, BoolT):
                values = [True, False]
            else:
                continue
            for value in values:
                zh, en = renderer.fn(ctx, value)
                assert zh and en, (key, value)
    for kind in m.TRIBUTE_KIND.members:     # the members of tribute.order, a list of policies
        assert tribute_name(kind, "zh").plain() and tribute_name(kind, "en").plain()


def test_formulas_are_shown_and_explained(books):
    en = books[("huangjindao", "en", "md")]
    assert "sets(hand) - jokers(hand) <= 2" in en
    assert "the number of sets minus the number of jokers in the hand is at most 2" in en
    zh = books[("huangjindao", "zh", "md")]
    assert "手牌的套数减去王的张数不超过2" in zh
    # Functions come with descriptions in the book's language (docs.explain).
    assert "the number of sets: distinct ranks 3..A" in en and "套数：3到A中有几种点数" in zh


def test_dian_table_expands_mirrored_cases(models, books):
    """Every case of the 点贡 table, each as players see it: no rows of the rule file, no `level`."""
    md = books[("lianzhong", "en", "md")]
    table = md.split('<a id="rule-tribute-dian"></a>', 1)[1].split("<a id=", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ")][1:]
    assert len(rows) == 16        # 4 宣点 cases x 4 开点 cases
    assert not any("mirrored" in row or "row " in row or row.startswith("| *") for row in rows)
    zz = books[("zaozhuang", "zh", "md")].split('<a id="rule-tribute-dian"></a>', 1)[1].split("<a id=", 1)[0]
    assert "| 都不宣 | 对家开 | 点贡的级数 | 0 |" in zz and "对调" not in zz and "level" not in zz
    assert "点贡的级数：1加上此前连续结果相同的局数" in zz


# --- provenance ---------------------------------------------------------------------------------

def test_rules_cite_their_sources_and_decisions(books, models):
    zh, en = books[("zaozhuang", "zh", "html")], books[("zaozhuang", "en", "html")]
    # table.decks = 6 @000:L15, quoted in the appendix.
    assert 'href="#src-000-L15"' in zh and 'id="src-000-L15"' in zh
    assert "6副牌，6人游戲，每人發54張牌。" in zh
    # A decision fills a gap: its summary is shown at the rule.
    assert "Decision D3" in en and "b big jokers in the lead need 2b big jokers in the answer" in en
    assert "项目决定 D3" in zh
    # Each rule says where it is written, linking to the highlighted rule file.
    line = models["zaozhuang"].origin("table.decks").pos.line
    assert f'href="#L-zaozhuang-{line}"' in en and f'id="L-zaozhuang-{line}"' in en


# --- examples -------------------------------------------------------------------------------------

def test_examples_are_true_of_the_generated_and_reference_engines(models):
    for name, v in models.items():
        built = examples.examples_for(v)
        assert built == examples.compute_examples(v, gouji_dsl.engine(name)), name
        if name in ("zaozhuang", "huangjindao"):   # the reference is slow: two variants suffice
            assert built == examples.compute_examples(v, engines.from_model(v, "reference")), name
        assert any(c.beats for c in built.beats) and any(not c.beats for c in built.beats)
        sizes = {(c[1], c[3]) for c in built.gouji}
        assert any((rank, True) in sizes and (rank, False) in sizes for rank, _ in sizes), name
        burn = built.burn
        e = gouji_dsl.engine(name)
        assert (burn is None) == (not v.burning.allowed), name   # no burn example without burning (lamb-cn)
        if burn is not None:
            target = e.classify(e.parse_cards(burn["target"])).play
            assert e.can_burn(e.parse_cards(burn["good"]), target)
            assert not e.can_burn(e.parse_cards(burn["bad"]), target)
        for sample in built.tribute:
            assert sample["tributes"] == e.tributes(sample["result"])
            assert sample["scores"] == e.score(sample["result"])


def test_examples_are_rendered(books):
    en = books[("zaozhuang", "en", "md")]
    assert "| `7 7 BJ` | `8 8 BJ BJ` | yes |" in en        # big-joker doubling
    lz = books[("lianzhong", "en", "md")]
    assert "no play at all beats it, not even from four of every card" in lz
    assert "**may burn**" in en and "**may not burn**" in en
    assert "Example: tribute after a game" in en and "Example: scoring a game" in en


# --- output properties ----------------------------------------------------------------------------

def test_output_is_deterministic(models, books):
    v = models["qingdao"]
    assert rb.render_rulebook(v, "en", "html") == books[("qingdao", "en", "html")]
    assert rb.render_rulebook("qingdao", "zh", "md") == books[("qingdao", "zh", "md")]
    for text in books.values():
        assert not re.search(r"20\d\d-\d\d-\d\d", text)


def test_html_is_standalone(books):
    for (name, lang, fmt), text in books.items():
        if fmt != "html":
            continue
        assert text.startswith("<!DOCTYPE html>")
        lowered = text.lower()
        for bad in ("<script", "<link", "<img", "<iframe", "@import", "url(", 'src="', "http://", "https://"):
            assert bad not in lowered, (name, lang, bad)
        assert "@media print" in text and "nav#toc { display: none; }" in text
        ids = re.findall(r' id="([^"]+)"', text)
        assert len(ids) == len(set(ids)), (name, lang)
        assert set(re.findall(r'href="#([^"]+)"', text)) <= set(ids), (name, lang)


def test_markdown_links_have_targets(books):
    for (name, lang, fmt), text in books.items():
        if fmt == "md":
            anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
            assert set(re.findall(r"\]\(#([^)]+)\)", text)) <= anchors, (name, lang)


def test_model_strings_are_escaped(tmp_path):
    evil = '<script>alert("x")</script> *bold* | pipe'
    ws = scratch_workspace(tmp_path, {"evil": f'variant evil extends zaozhuang\n[about]\ntitle = "{evil.replace(chr(34), chr(92) + chr(34))}"\n'})
    v = Compilation(ws, "evil").checked
    html = rb.render_rulebook(v, "en", "html", ws)
    assert "<script>" not in html and "&lt;script&gt;" in html
    md = rb.render_rulebook(v, "zh", "md", ws)
    prose = re.sub(r"^```gouji\n.*?^```$", "", md, flags=re.S | re.M)   # the rule file itself is shown as code
    assert "<script>" not in prose and r"\<script\>" in prose and r"\*bold\*" in prose and r"\| pipe" in prose
    assert 'title = "<script>' in md.split("```gouji", 1)[1]


def test_a_house_rule_file_gets_its_own_rulebook(tmp_path):
    ws = scratch_workspace(tmp_path, {"club": "variant club extends zaozhuang\n[flow]\nlead_return_circles = 1  @D8\n"})
    v = Compilation(ws, "club").checked
    md = rb.render_rulebook(v, "en", "md", ws)
    assert "variants/club.gouji ← variants/zaozhuang.gouji ← variants/gouji.gouji" in md
    assert "wins the lead again once every other player holding cards has passed" in md
    assert "variants/club.gouji, line 3" in md


def test_taking_over_by_the_opposite_is_said_as_the_engines_play_it_in_a_gouji_house_rule(tmp_path):
    # take_over = partner hands the lead to the opposite (named for Shuangkou, where the opposite is
    # the partner). In Gouji the opposite is an opponent: the book must not call them a partner.
    ws = scratch_workspace(tmp_path, {"club": "variant club extends zaozhuang\n[flow]\ntake_over = partner\n"})
    v = Compilation(ws, "club").checked
    en, zh = rb.render_rulebook(v, "en", "md", ws), rb.render_rulebook(v, "zh", "md", ws)
    assert "the player sitting opposite them leads" in en and "their partner leads" not in en
    assert "坐在他对面的对家接风" in zh and "搭档" not in zh
    engine = engines.load(ws, "club")
    game = engine.new_position({1: "5", 2: "3", 3: "6 6", 4: "7 7", 5: "8 8", 6: "9 9"}, leader=1)
    game.apply_action("play 5")  # seat 1 goes out; nobody beats the 5 in a full circle
    while game.top is not None:
        game.apply_action("pass")
    assert game.current_player() == 4  # the opposite leads, as the book says (not seat 2, the next)


def test_abstract_variants_have_no_rulebook():
    with pytest.raises(rb.RulebookError, match="abstract"):
        rb.render_rulebook("gouji", "zh", "md")
    assert rb.rulebook_outputs(["gouji"]) == []
    assert len(rb.rulebook_outputs(["shuangkou"])) == 12   # concrete now: reference, handout and quick card, zh and en, md and html


def test_every_committed_rulebook_is_a_fresh_render(books):
    """generated/rulebooks/ (written by `gouji build`) holds exactly the books the compiler renders now."""
    folder = generated_dir() / rb.OUTPUT_DIR
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in folder.iterdir() if path.is_file()}
    assert sorted(on_disk) == sorted(f"{n}.{lang}.{f}" for n, lang, f in books)
    for (name, lang, fmt), text in books.items():
        assert on_disk[f"{name}.{lang}.{fmt}"] == text, f"generated/rulebooks/{name}.{lang}.{fmt} is out of date: run gouji build"


# --- the lexer ------------------------------------------------------------------------------------

def test_lexer_covers_every_rule_file():
    lexer = GoujiLexer()
    for path in sorted(variants_dir().glob("*.gouji")):
        text = path.read_text(encoding="utf-8")
        tokens = list(lexer.get_tokens(text))
        assert "".join(value for _, value in tokens) == text, path.name
        assert not [v for t, v in tokens if t in Error], path.name
    kinds = {str(t): v for t, v in lexer.get_tokens('variant a extends b  @000:L1\n[flow]\n# c\nx = not y and f(hand) <= 2 "s" | 3 | @D1\n')}
    assert kinds["Token.Keyword.Declaration"] == "variant" and kinds["Token.Name.Namespace"] == "flow"
    assert kinds["Token.Name.Attribute"] == "x" and kinds["Token.Name.Function"] == "f"
    assert kinds["Token.Name.Decorator"] in ("@000:L1", "@D1") and kinds["Token.Comment.Single"] == "# c"
    assert kinds["Token.Operator.Word"] in ("not", "and") and kinds["Token.Literal.String.Double"] == '"'


def test_highlighted_html_is_ours_and_shows_every_character():
    text = '# <b>&"\nvariant a extends b  @000:L1\n\n[flow]\nx = f(hand) <= 2 and "s\\"" | A |\n'
    out = highlight.source_html(text, anchor="L-a")
    assert out == (
        '<div class="highlight"><pre><code>'
        '<a id="L-a-1"></a><span class="g-ln">1</span><span class="g-comment"># &lt;b&gt;&amp;"</span>\n'
        '<a id="L-a-2"></a><span class="g-ln">2</span><span class="g-keyword">variant</span> '
        '<span class="g-variant">a</span> <span class="g-keyword">extends</span> <span class="g-variant">b</span>  '
        '<span class="g-cite">@000:L1</span>\n'
        '<a id="L-a-3"></a><span class="g-ln">3</span>\n'
        '<a id="L-a-4"></a><span class="g-ln">4</span>[<span class="g-section">flow</span>]\n'
        '<a id="L-a-5"></a><span class="g-ln">5</span><span class="g-key">x</span> <span class="g-operator">=</span> '
        '<span class="g-function">f</span>(hand) <span class="g-operator">&lt;=</span> <span class="g-number">2</span> '
        '<span class="g-word">and</span> <span class="g-string">"s</span><span class="g-escape">\\"</span>'
        '<span class="g-string">"</span> | A |\n'
        '</code></pre></div>\n')
    # Every line of every rule file: the same characters, one anchor per line, spans closed on their line.
    for path in sorted(variants_dir().glob("*.gouji")):
        source = path.read_text(encoding="utf-8")
        body = re.fullmatch(r'<div class="highlight"><pre><code>(.*)\n</code></pre></div>\n',
                            highlight.source_html(source, "L-x"), flags=re.S).group(1)
        lines = body.split("\n")
        assert len(lines) == len(source.splitlines()), path.name
        for number, line in enumerate(lines, start=1):
            prefix = f'<a id="L-x-{number}"></a><span class="g-ln">{number:>{len(str(len(lines)))}}</span>'
            assert line.startswith(prefix), (path.name, number)
            assert line.count("<span") == line.count("</span>"), (path.name, number)
        shown = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span class="g-ln">[^<]*</span>', "", body)))
        assert shown == source.rstrip("\n"), path.name
    assert highlight.formula_html("sets(hand) <= 2") == (
        '<div class="highlight formula"><pre><span class="g-function">sets</span>(hand) '
        '<span class="g-operator">&lt;=</span> <span class="g-number">2</span></pre></div>\n')


def test_every_highlight_class_has_a_style():
    used = {name for _kind, name in highlight._CLASSES} | {"g-ln"}
    assert used == set(re.findall(r"\.(g-[a-z]+)", highlight.CSS))


# --- the doc command --------------------------------------------------------------------------------

def _doc_parser():
    parser = argparse.ArgumentParser(prog="gouji")
    rb.register(parser.add_subparsers(dest="command"))
    return parser


def test_doc_prints_or_writes_one_rulebook(tmp_path, capsys, no_language_set):
    parser = _doc_parser()
    args = parser.parse_args(["doc", "lianzhong", "--lang", "en"])
    assert args.run(args, Workspace()) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Lianzhong Gouji: the rules")
    target = tmp_path / "book.html"
    args = parser.parse_args(["doc", "qingdao", "--format", "html", "-o", str(target)])
    assert args.run(args, Workspace()) == 0
    assert target.read_text(encoding="utf-8") == rb.render_rulebook("qingdao", "zh", "html")
    assert capsys.readouterr().out == ""


def test_doc_usage_errors():
    parser = _doc_parser()
    for argv, message in ((["doc", "gouji"], "abstract"), (["doc"], "name a variant"),
                          (["doc", "qingdoa"], "unknown variant"), (["doc", "--all", "qingdao"], "--all")):
        args = parser.parse_args(argv)
        with pytest.raises(UsageError, match=message):
            args.run(args, Workspace())


@pytest.mark.slow  # tests/test_docs_guards.py runs `gouji doc --all` in the default run
def test_doc_all_writes_every_rulebook(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(rb, "generated_dir", lambda: tmp_path)
    stale = tmp_path / "rulebooks" / "gone.en.md"
    stale.parent.mkdir()
    stale.write_text("old", encoding="utf-8")
    args = _doc_parser().parse_args(["doc", "--all"])
    assert args.run(args, Workspace()) == 0
    written = sorted(p.name for p in (tmp_path / "rulebooks").iterdir())
    assert written == sorted(f"{n}{k}.{lang}.{f}" for n in WITH_BOOKS for k in ("", ".handout", ".quick")
                             for lang in ("zh", "en") for f in ("md", "html"))
    books = 12 * len(WITH_BOOKS)
    assert f"{books} rulebook(s), {books + 1} file(s) changed" in capsys.readouterr().out
    assert args.run(args, Workspace()) == 0
    assert f"{books} rulebook(s), 0 file(s) changed" in capsys.readouterr().out


# --- a real browser -----------------------------------------------------------------------------------

CHROMIUM = find_browser()


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    profile.mkdir()
    command = [CHROMIUM, *HEADLESS_FLAGS, "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
               f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def _console_messages(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium); CI installs it")
def test_rulebook_renders_in_headless_chromium(tmp_path):
    page = tmp_path / "zaozhuang.zh.html"
    page.write_text(rb.render_rulebook("zaozhuang", "zh", "html"), encoding="utf-8")
    url = page.as_uri()

    dom = _chromium(tmp_path, "--dump-dom", url)
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<title>枣庄六副够级 规则书</title>" in dom.stdout
    assert 'id="rule-table-decks"' in dom.stdout and 'id="ch-glossary"' in dom.stdout
    assert _console_messages(dom.stderr) == []

    shot = tmp_path / "zaozhuang.zh.png"
    result = _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,1600", url)
    assert result.returncode == 0, result.stderr[-2000:]
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20000
    assert _console_messages(result.stderr) == []
    print(f"screenshot: {shot}")

    # The console check is not vacuous: a page with an error is caught.
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><title>x</title><script>throw new Error("boom")</script>', encoding="utf-8")
    assert _console_messages(_chromium(tmp_path, "--dump-dom", bad.as_uri()).stderr)


# --- every accepted rule value reaches the book (descriptive rules included) --------------

_HOUSE_RULES = [
    ("table.direction", "[table]\ndirection = clockwise\n", "Play passes **clockwise**"),
    ("about.title", '[about]\ntitle = "俱乐部够级"\n', "俱乐部够级"),
    ("about.title_en", '[about]\ntitle_en = "Club Gouji"\n', "Club Gouji"),
    ("about.region", '[about]\nregion = "Club house"\n', "Club house"),
    ("about.region_en", '[about]\nregion_en = "Club house"\n', "Club house"),
    ("about.summary", '[about]\nsummary = "A club sentence."\n', "A club sentence."),
    ("end.places", '[end]\nplaces =\n  | place | zh | en |\n  | 1 | "状元" | "champion" |\n  | 2 | "二" | "b" |\n'
                   '  | 3 | "三" | "c" |\n  | 4 | "四" | "d" |\n  | 5 | "五" | "e" |\n  | 6 | "六" | "f" |\n', "champion"),
    ("end.ends_when", "[end]\nends_when = all_out\n", "teammates play on"),
    ("end.remaining", "[end]\nremaining = playing_order\n", "whatever cards they hold"),
    ("end.remaining", "[end]\nremaining = seat_order\n", "placed in seat order, seat 1 first"),
    ("scoring.scale", "[scoring]\nscale = 1/3\n", "each player scores 1/3 of their team's sum plus their open points"),
    ("scoring.scale", "[scoring]\nscale = 10\n", "every score computed above is multiplied by 10"),
    ("flow.gouji_answer", "[flow]\ngouji_answer = anyone\n[burning]\nallowed = no\n", "Anyone may answer a gouji play"),
    ("flow.pass_rule", "[flow]\npass_rule = once_per_round\n", "each player has one turn in a round"),
    ("flow.going_out_gouji", "[flow]\ngoing_out_gouji = as_usual\n", "it stays a gouji play and is answered as usual"),
    ("chaos.starts_at", "[chaos]\nstarts_at = none\n", "There is no free-for-all (四户乱缠)"),
    ("chaos.pass_keeps_right", "[chaos]\nstarts_at = none\n", "There is no free-for-all here, so this rule does not apply."),
    ("room.mode", "[room]\nmode = haixuan\nmin_games = 0\nleave_penalty = 0\npenalty_first_leaver_only = no\n[tribute]\nenabled = no\n", "heat room"),
    # The deal (issue 12): a copies table, all cards dealt, a redeal condition, 买牌.
    ("table.copies", "[table]\ncopies =\n  | card | copies |\n  | 3 | 6 |\ncards_per_player = all\n",
     "| `3` | 6 (of 24) |"),
    ("table.cards_per_player", "[table]\ncopies =\n  | card | copies |\n  | 3 | 6 |\ncards_per_player = all\n",
     "Every card is dealt, the same number to each player: 51 each."),
    ("table.redeal_if", "[table]\nredeal_if = count_from(hand, J) < 11\n",
     "the hand has fewer than 11 cards of J or higher, jokers included"),
    ("buy.ranks", "[buy]\nranks = [3, 4]\nsellers = [opposite, teammate_before, teammate_after, previous, next]\n"
                  "no_price = free\n", "`3` then `4` are bought one after the other"),
    ("buy.sellers", "[buy]\nranks = [3, 4]\nsellers = [opposite, teammate_before, teammate_after, previous, next]\n",
     "the nearest teammate before them in playing order"),
    ("buy.no_price", "[buy]\nranks = [3]\nno_price = free\n", "a seller of the other team gives the card for nothing"),
    # A condition the same for every hand has no example pair; the book says the rule anyway.
    ("burning.condition", "[burning]\ncondition = yes\n", "there is no further condition"),
    ("burning.condition", "[burning]\ncondition = no\n", "The burn condition never holds"),
]


@pytest.mark.parametrize("path,text,needle", _HOUSE_RULES, ids=[f"{p}:{i}" for i, (p, _t, _n) in enumerate(_HOUSE_RULES)])
def test_a_house_rule_changes_the_rulebook(tmp_path, path, text, needle):
    ws = scratch_workspace(tmp_path, {"house": "variant house extends zaozhuang\n" + text})
    house = rb.render_rulebook(Compilation(ws, "house").checked, "en", "md", ws)
    base = rb.render_rulebook(Compilation(ws, "zaozhuang").checked, "en", "md", ws)
    assert needle in house and needle not in base.replace("zaozhuang", "")
