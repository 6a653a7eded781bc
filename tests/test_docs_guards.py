"""The rulebook's and `gouji show`'s guards, each with its exact message: unknown languages and
formats, a renderer that fails, a value type with no description, and what `gouji show --rules`
says of a table an abstract variant leaves unset."""
from __future__ import annotations

import dataclasses

import pytest

from gouji_dsl.docs import book
from gouji_dsl.docs import rulebook as rb
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.show import rules_text, type_info
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model.types import VType
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace


@pytest.mark.parametrize("lang,fmt,message", [
    ("fr", "md", "unknown language 'fr': expected zh or en"),
    ("en", "pdf", "unknown format 'pdf': expected md or html"),
])
def test_render_rulebook_refuses_an_unknown_language_or_format(lang, fmt, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        rb.render_rulebook("zaozhuang", lang, fmt)
    with pytest.raises(ValueError, match=f"^{message}$"):   # before the variant is even looked up
        rb.render_rulebook("no-such-variant", lang, fmt)


@pytest.mark.parametrize("error,message", [
    (ValueError("boom"), "rendering table.players failed: ValueError: boom"),   # a bug names its rule
    (RulebookError("no sentence"), "no sentence"),                              # passed on as it is
])
def test_a_renderer_that_fails_names_its_rule(monkeypatch, error, message):
    v = Compilation(Workspace(), "zaozhuang").checked
    real = book.renderers_of(v)

    def failing(ctx, value):
        raise error
    monkeypatch.setattr(book, "renderers_of",
                        lambda v: [dataclasses.replace(r, fn=failing) if r.key == "table.players" else r for r in real])
    with pytest.raises(RulebookError, match=f"^{message}$"):
        book.build_document(v, "en")


def test_a_value_type_with_no_description_is_a_bug_to_fix():
    with pytest.raises(TypeError, match="^no rules reference for value type VType$"):
        type_info(VType())


def test_show_says_a_table_an_abstract_variant_leaves_unset_is_not_set(tmp_path):
    ws = scratch_workspace(tmp_path, {"bare": "abstract variant bare\n[about]\ngame = gouji\n"})
    lines = rules_text(Compilation(ws, "bare").checked).splitlines()
    start = lines.index("  thresholds (门槛)    required")
    assert lines[start + 8:start + 10] == ["    here: not set", ""]


@pytest.mark.parametrize("delta,ok", [(0, True), (-6, True), (-12, True), (6, False), (1, False), (-1, False)])
def test_a_score_example_must_be_place_points_plus_open_points(delta, ok):
    # Zaozhuang shows each score as the team's place points plus 点贡 points (+6, 0 or -6). In the
    # sample seat 1 is first (4), its teammates 3 and 5 third and fifth (0, -2): 2, and it gets +6.
    from gouji_dsl.docs import example_blocks, examples
    from gouji_dsl.facets.sentences import Ctx

    v = Compilation(Workspace(), "zaozhuang").checked
    sample = dict(examples.examples_for(v).tribute[0])
    sample["points"] = list(sample["points"])  # the points a score is (or, under win_draw_loss, is the sign of)
    sample["points"][0] += delta
    if ok:
        item = example_blocks._result_example(Ctx(v), sample, "scoring", "en", 0)
        assert item.anchor == "example-score-1"
    else:
        with pytest.raises(RulebookError, match="^zaozhuang: the engine's score of seat 1 is not place points plus open points$"):
            example_blocks._result_example(Ctx(v), sample, "scoring", "en", 0)


# --- glossary terms in every place of a document ---------------------------------------------------

def test_terms_are_resolved_everywhere_in_reading_order():
    from gouji_dsl.prose.document import (Bullets, Chapter, Document, ExampleItem, Note, Para, RuleItem, Table, TRow,
                                         resolve_terms)
    from gouji_dsl.prose.text import Seg, Text, plain

    def term(zh, en, style=""):
        return Text((Seg("term", zh, en, style),))

    def build(lang):
        howto = [Bullets([plain("a"), term("级牌", "gouji play")])]
        intro = [Note("reading", plain("n"), term("烧牌", "burning", "strong"))]
        rule = RuleItem("r", "table.decks", [Table([term("级牌", "gouji play")], [TRow([term("对家", "opposite")])]),
                                             Para(term("对家", "opposite"))], None)
        example = ExampleItem("x", term("烧牌", "burning"), [Para(term("开点", "opening"))])
        note = Note("decision", plain("d"), term("开点", "opening"))
        chapters = [Chapter("c", 1, "C", intro, [rule, example, note])]
        return Document(lang, "v", "", "", "", howto, chapters, {}, plain(""))

    en = build("en")
    resolve_terms(en)
    first = Seg("text", "gouji play (级牌)")
    assert en.howto[0].items == [plain("a"), Text((first,))]
    ch = en.chapters[0]
    assert ch.intro[0].text == Text((Seg("strong", "burning (烧牌)"),))          # a term keeps its strong style
    rule, example, note = ch.items
    assert rule.blocks[0].head == [Text((Seg("text", "gouji play"),))]           # later uses: English alone
    assert rule.blocks[0].rows[0].cells == [Text((Seg("text", "opposite (对家)"),))]
    assert rule.blocks[1].text == Text((Seg("text", "opposite"),))
    assert example.title == Text((Seg("text", "burning"),))
    assert example.blocks[0].text == Text((Seg("text", "opening (开点)"),))
    assert note.text == Text((Seg("text", "opening"),))
    zh = build("zh")
    resolve_terms(zh)
    assert zh.howto[0].items[1] == Text((Seg("text", "级牌"),)) and zh.chapters[0].intro[0].text == Text((Seg("strong", "烧牌"),))
    assert zh.chapters[0].items[0].blocks[0].rows[0].cells == [Text((Seg("text", "对家"),))]


def test_gouji_doc_writes_the_rulebook_to_a_file(tmp_path, capsys, no_language_set):
    from gouji_dsl.cli import main
    from gouji_dsl.paths import generated_dir

    out = tmp_path / "z.md"
    assert main(["doc", "zaozhuang", "--lang", "en", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"wrote {out}\n")
    assert out.read_text(encoding="utf-8") == (generated_dir() / "rulebooks" / "zaozhuang.en.md").read_text(encoding="utf-8")
    assert main(["doc", "zaozhuang"]) == 0     # Chinese Markdown by default, printed
    assert capsys.readouterr().out == (generated_dir() / "rulebooks" / "zaozhuang.zh.md").read_text(encoding="utf-8")


def test_an_abstract_variant_has_no_rulebook():
    with pytest.raises(RulebookError, match="^variant 'gouji' is abstract: only concrete variants have a rulebook$"):
        book.build_document(Compilation(Workspace(), "gouji").checked, "en")


@pytest.mark.parametrize("text,fence", [
    ("", "```"), ("a`b", "```"), ("``", "```"), ("x ``` y", "````"), ("`````", "``````"), ("`` and ````", "`````"),
])
def test_a_rule_file_is_fenced_by_more_backticks_than_it_holds(text, fence):
    from gouji_dsl.prose.document import SourceFile
    assert SourceFile("v", "v.gouji", text, "", "file-v").fence == fence


def test_gouji_doc_refuses_a_folder_or_an_empty_path_before_building_the_book(tmp_path, capsys, monkeypatch):
    from gouji_dsl.cli import main

    def no_book(*args, **kwargs):
        raise AssertionError("the book was built")
    monkeypatch.setattr(rb, "render_rulebook", no_book)
    assert main(["doc", "zaozhuang", "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f"gouji: error: {tmp_path}: is a folder, not a file\n"
                                       f"  hint: name a file for the rulebook file (-o), e.g. {tmp_path}/out\n")
    assert main(["doc", "zaozhuang", "-o", ""]) == 2
    assert capsys.readouterr().err == "gouji: error: the rulebook file (-o) is an empty path\n  hint: name a file to write\n"


def test_gouji_doc_all_names_each_file_it_writes_and_removes(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(rb, "generated_dir", lambda: tmp_path)
    out = tmp_path / "rulebooks"
    out.mkdir()
    stale = out / "gone.en.md"
    stale.write_text("old", encoding="utf-8")
    (out / "zaozhuang.en.md").write_text(rb.render_rulebook("zaozhuang", "en", "md"), encoding="utf-8")
    ws = Workspace()
    import argparse
    parser = argparse.ArgumentParser()
    rb.register(parser.add_subparsers())
    args = parser.parse_args(["doc", "--all"])
    assert args.run(args, ws) == 0
    lines = capsys.readouterr().out.splitlines()
    names = sorted(f"{n}{book}.{lang}.{fmt}" for n in ("huangjindao", "lianzhong", "lianzhong-bubiesan", "qingdao",
                                                         "zaozhuang", "zaozhuang-haixuan", "zhoujxmt", "lamb-cn",
                                                         "shuangkou", "shuangkou-baibian", "shuangkou-qianbian")
                   for book in ("", ".handout", ".quick") for lang in ("zh", "en") for fmt in ("md", "html"))
    wrote = sorted(f"wrote {ws.display(out / name)}" for name in names if name != "zaozhuang.en.md")
    assert sorted(line for line in lines if line.startswith("wrote ")) == wrote   # the unchanged file is not rewritten
    assert [line for line in lines if not line.startswith("wrote ")] \
        == [f"removed {ws.display(stale)}", f"gouji: {len(names)} rulebook(s), {len(names)} file(s) changed"]


def test_gouji_doc_all_stops_when_a_standard_variant_has_errors(monkeypatch, tmp_path):
    import argparse

    from gouji_dsl import phases
    from gouji_dsl.diagnostics import RuleErrors

    monkeypatch.setattr(rb, "generated_dir", lambda: tmp_path)
    monkeypatch.setattr(phases, "check_variants", lambda ws, names: ({}, ["zaozhuang: broken"]))
    parser = argparse.ArgumentParser()
    rb.register(parser.add_subparsers())
    args = parser.parse_args(["doc", "--all"])
    with pytest.raises(RuleErrors):
        args.run(args, Workspace())
    assert not (tmp_path / "rulebooks").exists()
