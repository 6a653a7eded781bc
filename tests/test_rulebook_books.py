"""The three books of `gouji doc`: the reference (endnotes instead of a line under every
rule, the rules not in play in a chapter of their own), the handout (only what the table
needs) and the house-rule sheet of a user's file (`--changes`); and the command's options."""
from __future__ import annotations

import argparse
import re

import pytest

from gouji_dsl import cli
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.docs import rulebook as rb
from gouji_dsl.docs.book import build_document
from gouji_dsl.prose.document import ExampleItem, Note, RuleItem
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace
from language import allowed_names, leaks

VARIANTS = ("zaozhuang", "lianzhong", "qingdao", "huangjindao", "shuangkou-qianbian")


@pytest.fixture(scope="module")
def ws():
    return Workspace()


@pytest.fixture(scope="module")
def docs(ws):
    """{(variant, kind, lang): Document}"""
    out = {}
    for name in VARIANTS:
        v = Compilation(ws, name).checked
        for kind in ("reference", "handout"):
            for lang in ("zh", "en"):
                out[(name, kind, lang)] = build_document(v, lang, ws, kind=kind)
    return out


def _rules(doc):
    return [item for ch in doc.chapters for item in ch.items if isinstance(item, RuleItem)]


# --- the reference -------------------------------------------------------------------------

def test_every_rule_of_the_reference_has_one_endnote_in_reading_order(docs):
    for (name, kind, lang), doc in docs.items():
        if kind != "reference":
            continue
        rules = _rules(doc)
        assert [r.note.number for r in rules] == list(range(1, len(rules) + 1)), name
        assert doc.notes == [r.note for r in rules]
        html = rb.render(doc, "html")
        md = rb.render(doc, "md")
        for r in rules:
            n = r.note
            # the marker links to its note, the note back to the marker
            assert f'id="{n.back}"><a href="#{n.anchor}">{n.number}</a>' in html
            assert f'<li id="{n.anchor}" value="{n.number}"><a class="back" href="#{n.back}"' in html
            assert f"<sup>[{n.number}](#{n.anchor})</sup>" in md
        # no provenance line under the rules, no repeated decision boxes
        assert "<sub>" not in md and 'class="prov"' not in html
        assert "同上" not in md and "as above, earlier in this chapter" not in md


def test_endnotes_say_where_a_rule_was_written_and_the_decision_behind_it(docs, ws):
    v = Compilation(ws, "zaozhuang").checked
    for lang, decision in (("zh", "项目决定 D3"), ("en", "Decision D3")):
        doc = docs[("zaozhuang", "reference", lang)]
        note = next(r.note for r in _rules(doc) if r.key == "plays.joker_kills")
        assert note.where_href == f"#L-zaozhuang-{v.origin('plays.joker_kills').pos.line}"
        assert [d for d, _ in note.decisions] == ["D3"]
        html = rb.render(doc, "html")
        assert decision in html.split('id="ch-notes"')[1]
        summary = note.decisions[0][1]
        # the decision in the book's language (the rule file gives both)
        assert bool(re.search(r"[A-Za-z]{4}", summary)) == (lang == "en"), summary


def test_rules_not_in_play_are_a_chapter_of_the_reference_and_absent_from_the_handout(docs):
    for (name, kind, lang), doc in docs.items():
        inactive_ids = [ch.id for ch in doc.chapters if ch.kind == "inactive"]
        for ch in doc.chapters:
            for item in ch.items:
                blocks = getattr(item, "blocks", [])
                marked = any(isinstance(b, Note) and b.style == "inactive" for b in blocks)
                assert marked == (ch.kind == "inactive"), (name, kind, ch.id, getattr(item, "key", ""))
        if kind == "handout":
            assert not inactive_ids
    # Zaozhuang has no 革命: the rest of its revolution rules are in the reference's chapter of rules not in play
    ref = docs[("zaozhuang", "reference", "en")]
    inactive = next(ch for ch in ref.chapters if ch.kind == "inactive")
    assert {"revolution.condition", "revolution.place"} <= {r.key for r in inactive.items}


# --- the handout -----------------------------------------------------------------------------

def test_the_handout_keeps_the_rules_in_play_and_their_examples_and_nothing_about_files(docs):
    for (name, kind, lang), doc in docs.items():
        if kind != "handout":
            continue
        ref = docs[(name, "reference", lang)]
        in_play = {r.key for ch in ref.chapters if ch.kind == "rules" for r in ch.items if isinstance(r, RuleItem)}
        shown = {r.key for r in _rules(doc) if not r.key.endswith(".absent")}   # not the line of what it leaves out
        assert shown and shown <= in_play
        assert not {k for k in shown if k.startswith(("about.", "room."))}
        assert any(isinstance(i, ExampleItem) for ch in doc.chapters for i in ch.items)
        assert [ch.kind for ch in doc.chapters if ch.kind not in ("rules", "quick")] == []   # "quick": the quick card
        for fmt in ("md", "html"):
            # Where a rule comes from is said in its notes (出处, 资料原文: source lines and rulings), only there.
            text = _WHERE_FROM[fmt].sub("", rb.render(doc, fmt))
            for word in ("variants/", ".gouji", "docs/rulings.md", "D12", "K3", "D6", "000:L", "note-", "写于",
                         "written in", "不适用", "Not in play", "```gouji", "引擎的解读", "How the engine reads"):
                assert word not in text, (name, lang, fmt, word)


_WHERE_FROM = {"md": re.compile(r"^> \*\*(?:出处|资料原文|Source|The source says)\*\*.*$", re.M),
               "html": re.compile(r'<aside class="note (?:origin|source)">.*?</aside>', re.S)}


def test_the_handout_leaves_out_only_rules_nobody_wrote_that_say_there_is_nothing(docs, tmp_path):
    doc = docs[("zaozhuang", "handout", "en")]
    shown = {r.key for r in _rules(doc)}
    assert "cards.extra" not in shown and "table.redeal_if" not in shown      # nothing extra, no redeal
    assert "flow.defer" in shown and "burning.condition" in shown
    # a house rule that writes the same "nothing" keeps its sentence: the author meant it
    hws = scratch_workspace(tmp_path, {"plain": "variant plain extends zaozhuang\n[table]\nredeal_if = no\n"})
    v = Compilation(hws, "plain").checked
    assert "table.redeal_if" in {r.key for r in _rules(build_document(v, "en", hws, kind="handout"))}


def test_book_kinds_are_checked():
    with pytest.raises(ValueError, match="unknown book 'poster'"):
        rb.render_rulebook("zaozhuang", "zh", "md", kind="poster")


# --- the house-rule sheet ----------------------------------------------------------------------

CLUB = """variant club extends zaozhuang
[about]
title = "俱乐部够级"
title_en = "Club Gouji"
[flow]
defer = no
[room]
min_games = 2
"""


# A club's Lianzhong without 憋三 and burning (and so without their tributes).
LAO = """variant lao extends lianzhong
[about]
title = "老王家够级"
title_en = "Lao Wang's Gouji"
[threes]
threes_last = no
[burning]
allowed = no
[tribute]
shao = 0
men = 0
order = [dian, luo]
"""


def test_the_house_rule_sheet_lists_each_change_with_both_rules_and_a_counterexample(tmp_path):
    ws = scratch_workspace(tmp_path, {"club": CLUB})
    zh = rb.render_changes("club", "zh", "md", ws)
    en = rb.render_changes("club", "en", "md", ws)
    assert zh.startswith("# 俱乐部够级：与枣庄六副够级不同的规则")
    assert en.startswith("# Club Gouji: house rules on Zaozhuang six-deck Gouji")
    assert "不同的2条规则" in zh and "The 2 rules below" in en
    # each change: this file's sentence, then the parent's
    assert "**俱乐部够级：**不能让牌。" in zh and "**枣庄六副够级：**" in zh
    assert "**Club Gouji:** There is no deferring (让牌)." in en
    # the counterexample in players' words and titles, not file names or engine actions
    example = zh.split("#### 例：两种规则下的不同", 1)[1].split("\n### ", 1)[0]
    assert "枣庄六副够级：4号可以管 `SJ`、让牌或过牌；俱乐部够级：4号可以管 `SJ`或过牌。" in example
    assert "zaozhuang" not in example and "play" not in example and "局面" not in example
    # only the changes: no other rule, no titles listed as changes
    assert "rule-flow-defer" in zh and "rule-room-min-games" in zh
    assert zh.count('<a id="rule-') == 2
    html = rb.render_changes("club", "en", "html", ws)
    assert '<body class="changes">' in html and "nav" not in html.split("<body", 1)[1].split("<main>")[0]


def test_the_house_rule_sheet_keeps_to_its_language(tmp_path):
    """The sheet's sentences, counterexamples included, pass the books' language check."""
    ws = scratch_workspace(tmp_path, {"club": CLUB, "lao": LAO})
    for name in ("club", "lao"):
        v = Compilation(ws, name).checked
        for lang in ("zh", "en"):
            sheet = rb.render_changes(name, lang, "md", ws)
            assert "例：两种规则下的不同" in sheet or "Where the two differ" in sheet
            assert leaks(sheet, lang, allowed_names(v, lang)) == [], (name, lang)


def test_a_file_that_changes_nothing_says_so(tmp_path):
    ws = scratch_workspace(tmp_path, {"same": 'variant same extends lianzhong\n[about]\ntitle = "同"\n'})
    assert "本玩法的规则和联众够级完全一样。" in rb.render_changes("same", "zh", "md", ws)


def test_a_sheet_needs_a_playable_parent(tmp_path):
    ws = scratch_workspace(tmp_path, {})
    with pytest.raises(RulebookError, match="abstract"):
        rb.render_changes("zaozhuang", "zh", "md", ws)   # zaozhuang extends the abstract gouji


# --- the command ---------------------------------------------------------------------------------

def _run(ws, *argv):
    parser = argparse.ArgumentParser(prog="gouji")
    rb.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["doc", *argv])
    return args.run(args, ws)


def test_doc_handout_and_changes_from_the_command(tmp_path, capsys):
    ws = scratch_workspace(tmp_path, {"club": CLUB})
    assert _run(ws, "qingdao", "--handout", "--lang", "en") == 0
    assert capsys.readouterr().out.startswith("# Qingdao Gouji: the rules at the table")
    assert _run(ws, "club", "--changes", "--format", "html", "-o", str(tmp_path / "club.html")) == 0
    assert '<body class="changes">' in (tmp_path / "club.html").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        _run(ws, "club", "--changes", "--handout")
    with pytest.raises(UsageError, match="--all writes every rulebook"):
        _run(ws, "--all", "--handout")


def test_doc_changes_of_a_variant_whose_parent_is_abstract_is_a_usage_error(tmp_path):
    """zaozhuang extends the abstract gouji: a usage error saying what to run instead (exit 2),
    not an internal error."""
    with pytest.raises(UsageError, match="extends 'gouji', which is abstract") as raised:
        _run(scratch_workspace(tmp_path, {}), "zaozhuang", "--changes")
    assert "gouji doc zaozhuang" in str(raised.value.hint)


STANDARD = [name for name in Workspace().names() if Workspace().is_standard(name)]
# Why `--changes` has no sheet for a variant: it extends nothing, or only the abstract base, or it is abstract
NO_SHEET = ("extends no variant", "which is abstract", "it is abstract")


# The default run takes one variant of each answer (the abstract base's child, an extra card kind,
# a child of a concrete variant in each game); -m slow takes them all.
CHANGES_DEFAULT = {"lianzhong", "lianzhong-bubiesan", "gouji"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n in CHANGES_DEFAULT else (pytest.mark.slow,))
                                  for n in STANDARD])
def test_doc_changes_of_every_standard_variant_is_a_sheet_or_a_usage_error(tmp_path, capsys, name):
    """Issue 28 §5: `gouji doc lianzhong --changes` was an internal error (exit 3). Each standard
    variant gives its sheet (exit 0), or a usage error (exit 2) saying why there is none."""
    out = tmp_path / "sheet.md"
    code = cli.main(["doc", name, "--changes", "--lang", "en", "-o", str(out)])
    err = capsys.readouterr().err
    assert code in (0, 2), err
    if code == 0:
        assert out.read_text(encoding="utf-8").strip()
    else:
        assert any(reason in err for reason in NO_SHEET), err
        assert not out.exists()
    if name == "lianzhong":
        assert code == 2 and "'lianzhong' extends 'gouji', which is abstract" in err


def test_pdf_without_a_browser_is_a_clear_error_that_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("GOUJI_CHROMIUM", str(tmp_path / "no-such-browser"))
    with pytest.raises(UsageError, match="GOUJI_CHROMIUM"):
        _run(Workspace(), "zaozhuang", "--format", "pdf", "-o", str(tmp_path / "z.pdf"))
    monkeypatch.delenv("GOUJI_CHROMIUM")
    monkeypatch.setenv("PATH", str(tmp_path))   # no chromium on PATH
    with pytest.raises(UsageError, match="needs Chromium"):
        _run(Workspace(), "zaozhuang", "--handout", "--format", "pdf", "-o", str(tmp_path / "z.pdf"))
    assert not (tmp_path / "z.pdf").exists()
