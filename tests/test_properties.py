"""Hypothesis properties of the front end.

Whatever text a rule file holds, `gouji` reports rule errors and never fails
internally; `fmt` is idempotent; formatting never changes what a file means
(the same model, or the same errors), whichever way it spells the names
(`--names en|zh|keep`). Text comes from three sources: the
grammar itself (hypothesis.extra.lark), a generator that writes plausible
rule files from the schema, and mutations of the real variant files.

Run long with: pytest tests/test_properties.py --hypothesis-profile=soak
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import event, example, given, note, settings, strategies as st
from hypothesis.extra.lark import from_lark

from gouji_dsl.backends import codegen
from gouji_dsl.docs import rulebook
from gouji_dsl.model import schema as m
from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.model.expr import FUNCTIONS
from gouji_dsl.lang.fmt import NAME_MODES, format_file
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.lang.parser import _lark, parse_text
from gouji_dsl.paths import variants_dir
from gouji_dsl.phases import Compilation, has_engine
from gouji_dsl.docs.rulebook import has_rulebook
from gouji_dsl.docs.show import to_json
from gouji_dsl.model.types import CARDS, BoolT, CardT, EnumT, IntT, ListT, OptionalT, RangeT, RatioT, RowT, StrT, quote
from gouji_dsl.model.expr import ExprT
from helpers import random_game

REAL = {p.stem: p.read_text(encoding="utf-8") for p in sorted(variants_dir().glob("*.gouji"))}


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp)
        for name, text in REAL.items():
            (path / f"{name}.gouji").write_text(text, encoding="utf-8")
        yield path


_PARSED: dict = {}  # the real files, parsed once and shared by every example


def compile_house(folder: Path, text: str):
    """(workspace, checked model or the RuleErrors) for house.gouji = text, beside the real files.
    The errors are rendered too: rendering must not fail either."""
    house = folder / "house.gouji"
    house.write_text(text, encoding="utf-8")
    _PARSED.pop(house.resolve(), None)
    ws = Workspace(directory=folder, _parsed=_PARSED)
    try:
        return ws, Compilation(ws, "house").checked
    except RuleErrors as errors:
        for d in errors.diagnostics:
            d.render(ws.sources)
        return ws, errors


def outcome(folder: Path, text: str):
    """('ok', model json) or ('errors', sorted messages) for house.gouji = text.

    Anything but RuleErrors escaping here is an internal error: the test fails."""
    ws, variant = compile_house(folder, text)
    if isinstance(variant, RuleErrors):
        return "errors", sorted({d.text("en") for d in variant.diagnostics})
    data = to_json(variant)
    for origin in data["origins"].values():
        origin.pop("line")  # formatting moves lines; the rest must stay
    return "ok", json.dumps(data, sort_keys=True, ensure_ascii=False)


def assert_fmt_properties(folder: Path, text: str, names: str = "en") -> None:
    before = outcome(folder, text)
    try:
        tree = parse_text(text, "house.gouji")
    except RuleErrors:
        assert before[0] == "errors"
        return
    formatted = format_file(tree, text, names)
    again = format_file(parse_text(formatted, "house.gouji"), formatted, names)
    assert again == formatted, f"fmt --names {names} is not idempotent"
    after = outcome(folder, formatted)
    assert after == before, f"formatting with --names {names} changed the meaning of the file"
    if names != "keep":
        # Spelling the names in the other language and back gives the same text.
        other = "zh" if names == "en" else "en"
        there = format_file(parse_text(formatted, "house.gouji"), formatted, other)
        assert format_file(parse_text(there, "house.gouji"), there, names) == formatted


# --- text from the grammar ----------------------------------------------------

@settings(max_examples=max(10, settings.default.max_examples // 4))  # texts from the grammar are slow to draw
@given(from_lark(_lark()))
def test_grammar_text_never_fails_internally(text):
    try:
        parse_text(text, "x.gouji")
    except RuleErrors as errors:
        assert errors.diagnostics


@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_fail_internally(tmp_path, data):
    path = tmp_path / "junk.gouji"
    path.write_bytes(data)
    ws = Workspace(directory=tmp_path)
    try:
        ws.add_file(path)
    except RuleErrors as errors:
        assert all(d.pos.line >= 0 for d in errors.diagnostics)


# Runs of brackets, operators, quotes, escapes and comment marks, thousands long: the
# nesting guards count tokens as the grammar's lexer sees them, so none of it gets a
# deep tree past them (an escaped quote once did: RecursionError, exit 3).
GUARD_PIECES = ["(", ")", "[", "]", "+", "-", "*", "<=", "==", "not ", " and ", " or ", "1", "hand", "sets(", '"',
                '\\"', "\\", "#", " ", ",", "..", '"a\\"b"']
guard_lines = st.lists(st.tuples(st.sampled_from(GUARD_PIECES), st.integers(1, 400)), min_size=1, max_size=8).map(
    lambda runs: "".join(piece * count for piece, count in runs))


@example('"a\\"" == ' + "1+" * 3000 + "1", "[burning]\ncondition = ")  # the RecursionError the issue reported
@given(guard_lines, st.sampled_from(["[burning]\ncondition = ", "[scoring]\nplace_points = ", "[about]\ntitle = "]))
def test_nesting_guards_hold_whatever_the_line(folder, line, where):
    outcome(folder, "variant house extends zaozhuang\n" + where + line + "\n")


# --- plausible rule files from the schema --------------------------------------

names = st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True)
cites = st.lists(st.sampled_from(["@000:L15", "@001:L62", "@D12", "@D99", "@004:L999", "@003:L30-32", "@K1"]), max_size=2)


def expression(depth: int = 0):
    leaves = st.one_of(st.integers(-5, 40).map(str), st.sampled_from(["hand", "rest", "play", "level", "yes", "no", "x",
                                                                       "手牌", "余牌", "级数", "是"]))
    if depth > 3:
        return leaves
    sub = expression(depth + 1)
    calls = st.builds(lambda f, a, b: f"{f}({a})" if FUNCTIONS[f].params != ("cards", "rank") else f"{f}({a}, {b})",
                      st.sampled_from(sorted(FUNCTIONS)), sub, st.sampled_from(["2", "J", "BJ", "Z"]))
    binary = st.builds(lambda a, op, b: f"{a} {op} {b}", sub,
                       st.sampled_from(["+", "-", "*", "/", "<=", "==", "!=", ">", "and", "or"]), sub)
    return st.one_of(leaves, calls, binary, sub.map(lambda e: f"({e})"), sub.map(lambda e: f"not {e}"))


def value_for(vtype, depth: int = 0):
    """Mostly well-typed values for `vtype`, sometimes wrong ones."""
    anything = st.one_of(st.integers(-10**12, 10**12).map(str), names, st.text(max_size=8).map(quote))
    if isinstance(vtype, OptionalT):
        good = st.one_of(st.just("none"), st.just("无"), value_for(vtype.inner, depth))
    elif isinstance(vtype, IntT):
        good = st.integers(-3, 120).map(str)
    elif isinstance(vtype, RatioT):  # whole, p/q (0 and negative denominators too), and the decimals it refuses
        good = st.one_of(st.integers(-3, 1200).map(str),
                         st.builds(lambda p, q: f"{p}/{q}", st.integers(-5, 2000), st.integers(-3, 1100)),
                         st.builds(lambda p, q: f"{p}.{q}", st.integers(0, 9), st.integers(0, 9)))
    elif isinstance(vtype, BoolT):
        good = st.sampled_from(["yes", "no", "是", "否", "maybe"])
    elif isinstance(vtype, StrT):
        good = st.text(max_size=20).map(quote)
    elif isinstance(vtype, EnumT):
        good = st.sampled_from(sorted(vtype.members) + sorted(vtype.aliases) + ["bogus"])
    elif isinstance(vtype, CardT):
        good = st.sampled_from(list(CARDS) + ["T", "小王", "大王", "1", "Z"])
    elif isinstance(vtype, ListT) and depth < 3:
        good = st.lists(value_for(vtype.item, depth + 1), max_size=8).map(lambda xs: "[" + ", ".join(xs) + "]")
    elif isinstance(vtype, RangeT):
        good = st.builds(lambda a, b: f"{a}..{b}", value_for(vtype.item), value_for(vtype.item))
    elif isinstance(vtype, ExprT):
        good = expression()
    else:
        good = anything
    return st.one_of(good, good, good, anything)


@st.composite
def table_text(draw, key: str, vtype: RowT) -> str:
    columns = list(vtype.columns)
    columns = draw(st.permutations(columns))
    if draw(st.booleans()):
        columns = columns[: draw(st.integers(1, len(columns)))]
    if draw(st.integers(0, 9)) == 0:
        columns.append(draw(names))
    # Each known column by its English or its Chinese name.
    spelt = [draw(st.sampled_from([c, vtype.zh[c]])) if c in vtype.zh else c for c in columns]
    op = draw(st.sampled_from(["=", "=", "+=", "-="]))  # stated whole, or rows changed along the lineage
    lines = [f"{key} {op} {' '.join(draw(cites))}", "  | " + " | ".join(spelt) + " |"]
    for _ in range(draw(st.integers(0, 6))):
        cells = []
        for c in columns:
            field = vtype.columns.get(c)
            cells.append(draw(value_for(field.metadata["type"])) if field else draw(names))
        if cells and draw(st.integers(0, 9)) == 0:
            cells.pop()
        lines.append("  | " + " | ".join(cells) + " | " + " ".join(draw(cites)))
    return "\n".join(lines)


@st.composite
def rule_files(draw) -> str:
    parent = draw(st.sampled_from(sorted(REAL) + ["nowhere", "house"]))
    header = draw(st.sampled_from(["variant house", "abstract variant house"]))
    lines = ["# generated", f"{header} extends {parent} {' '.join(draw(cites))}"]
    for cls in draw(st.lists(st.sampled_from(m.SECTIONS), max_size=4)):
        section = draw(st.sampled_from([cls.NAME, cls.ZH]))
        lines += ["", f"[{section}]"]
        for f in draw(st.lists(st.sampled_from(dataclasses.fields(cls)), max_size=5)):
            key = draw(st.sampled_from([f.name, f.metadata["zh"]]))
            vtype = f.metadata["type"]
            if draw(st.integers(0, 5)) == 0:
                lines.append(f"# about {key}")
            if isinstance(vtype, RowT):
                lines.append(draw(table_text(key, vtype)))
            else:
                trailing = draw(st.sampled_from(["", "  # note", ""]))
                lines.append(f"{key} = {draw(value_for(vtype))} {' '.join(draw(cites))}{trailing}")
            if draw(st.integers(0, 4)) == 0:
                lines.append("")
    return "\n".join(lines) + "\n"


@given(rule_files(), st.sampled_from(NAME_MODES))
def test_generated_files_fmt_and_check(folder, text, names):
    assert_fmt_properties(folder, text, names)


# --- mutations of the real variant files ---------------------------------------

TOKENS = ["=", "+=", "-=", "[", "]", "|", "(", ")", "@000:L15", "@D12", "yes", "no", "6", "-4", "10", "BJ", "SJ", "2",
          "carry_rule(rest)", "and", "not", '"枣庄"', "none", "#", "\t", "..", ",", "variant", "extends", "[table]",
          "，", "＝", "【烧牌】", "“枣庄”", "\u3000", "＃ 注释", "就近", "是", "[牌桌]"]


@st.composite
def mutated(draw) -> str:
    name = draw(st.sampled_from(sorted(REAL)))
    lines = REAL[name].replace(f"variant {name}", "variant house", 1).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        kind = draw(st.integers(0, 6))
        i = draw(st.integers(0, len(lines) - 1))
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
        elif kind == 2:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3 and lines[i]:
            words = re.split(r"(\s+)", lines[i])
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.sampled_from(TOKENS))
            lines[i] = "".join(words)
        elif kind == 4:
            pos = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:pos] + draw(st.text(max_size=3)) + lines[i][pos:]
        elif kind == 5:
            lines = lines[: i + 1]
        else:
            lines[i] = re.sub(r"\d+", lambda _m: str(draw(st.integers(0, 10**10))), lines[i], count=1)
    return "\n".join(lines)


@given(mutated(), st.sampled_from(NAME_MODES))
def test_mutated_variant_files_fmt_and_check(folder, text, names):
    assert_fmt_properties(folder, text, names)


# --- whatever checks, builds: check finds everything build and doc would fail on ---------

GAME_ACTIONS = 60  # enough to lead, answer, pass and finish a round or two


def check_build_doc(folder: Path, text: str) -> str:
    """Run house.gouji = text through `check`, then, if it checks, through what `build`
    does (render the engine, compile and load it, and a short random game on it) and what `doc` does (the rulebooks in
    both languages and both formats). Returns 'errors' or 'built'.

    Anything but RuleErrors escaping here is an internal error (exit 3) of `build` or
    `doc` on a file `check` accepted: the test fails, and the fix belongs in the checker."""
    ws, variant = compile_house(folder, text)
    if isinstance(variant, RuleErrors):
        return "errors"
    try:
        if has_engine(variant):
            engine = codegen.module_from_source("house", codegen.render_engine(variant))
            # Whoever is to act has a legal action (soak finding: a lone card and no single-card
            # play type); random_game asserts it at every step.
            random_game(engine, len(text), GAME_ACTIONS)
        if has_rulebook(variant):
            for lang in rulebook.LANGS:
                for fmt in rulebook.FORMATS:
                    assert rulebook.render_rulebook(variant, lang, fmt, ws)
    finally:
        # Each mutation loads an engine module of its own: a soak run must not keep thousands.
        for module_id in [k for k in sys.modules if k.startswith("gouji_dsl._built.house_")]:
            del sys.modules[module_id]
    return "built"


# `GOUJI_PIPELINE_EXAMPLES=100000 pytest tests/test_properties.py -k checks_also
# --hypothesis-profile=soak` runs the full count; by default the profile decides.
PIPELINE_EXAMPLES = int(os.environ.get("GOUJI_PIPELINE_EXAMPLES", "0")) or None


def _pipeline_settings(test):
    # Each example may build an engine and write four books: a quarter of the profile's count by
    # default (25); tests/soak_rules.py runs the issue-scale count of rule files through all of it.
    return settings(max_examples=PIPELINE_EXAMPLES or max(10, settings.default.max_examples // 4))(test)


@_pipeline_settings
@given(st.one_of(mutated(), rule_files()))
def test_whatever_checks_also_builds_and_documents(folder, text):
    event(check_build_doc(folder, text))  # --hypothesis-show-statistics: how many reached build and doc


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_files_check_build_and_document(folder, name):
    # Abstract variants check too; they have no engine or rulebook to build.
    assert check_build_doc(folder, REAL[name].replace(f"variant {name}", "variant house", 1)) == "built"


@pytest.mark.parametrize("names", NAME_MODES)
@pytest.mark.parametrize("name", sorted(REAL))
def test_real_files_round_trip(folder, name, names):
    assert_fmt_properties(folder, REAL[name].replace(f"variant {name}", "variant house", 1), names)


# --- any string in [about] leaves the rulebook's structure intact --------------------------

# Pieces that mean something to Markdown or HTML, mixed with arbitrary text.
HOSTILE = ["\n", "\t", "\n\n", "# ", "## x", "- ", "1. ", "2) ", "+ ", "> ", "    ", "---", "===", "***", "|", "| a | b |",
           "`", "```", "*", "_", "~~", "[x](y)", "<b>", "</p>", "<script>", "&amp;", "&", "<!--", "\\", '"', "‘", "枣庄"]
about_strings = st.lists(st.one_of(st.sampled_from(HOSTILE),
                                   st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=6)),
                         min_size=1, max_size=8).map("".join).filter(
    lambda s: s.strip() and all(ch.isprintable() or ch in "\n\t" for ch in s))  # the parser refuses the rest
ABOUT_KEYS = ("title", "title_en", "region", "summary", "summary_zh")


def about_rulebooks(folder: Path, values: dict[str, str]) -> dict[tuple[str, str], str]:
    lines = ["variant house extends zaozhuang", "[about]"] + [f"{k} = {quote(v)}" for k, v in values.items()]
    (folder / "house.gouji").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _PARSED.pop((folder / "house.gouji").resolve(), None)
    ws = Workspace(directory=folder, _parsed=_PARSED)
    variant = Compilation(ws, "house").checked
    try:
        return {(lang, fmt): rulebook.render_rulebook(variant, lang, fmt, ws)
                for lang in rulebook.LANGS for fmt in rulebook.FORMATS}
    finally:
        for module_id in [k for k in sys.modules if k.startswith("gouji_dsl._built.house_")]:
            del sys.modules[module_id]


def markdown_outline(text: str) -> list[str]:
    """The block structure of a Markdown rulebook: headings by level, anchors, fences,
    list items, quotes and tables (by width); paragraph lines are all alike."""
    outline, fence = [], None
    for line in text.split("\n"):
        if fence is not None:
            if line.strip() == fence:
                fence = None
            continue
        if line.startswith("```"):
            fence = line[:len(line) - len(line.lstrip("`"))]
            outline.append("fence")
        elif m_ := re.match(r"(#{1,6}) ", line):
            outline.append(m_.group(1))
        elif re.match(r"(\s*)([-+*]|\d+[.)])( |$)", line) or re.fullmatch(r"\s*(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,}|=+\s*)", line):
            outline.append("list or rule: " + line.split(" ")[0])
        elif line.startswith("|"):
            # A table is one entry, its width kept: the glossary's rows are the terms the book uses,
            # so a summary naming a term (重发条件) rightly adds a row, but no row may change its width.
            width = len(re.findall(r"(?<!\\)\|", line))
            if outline and outline[-1].startswith("table"):
                assert outline[-1] == f"table of {width}", f"a table row of another width: {line!r}"
            else:
                outline.append(f"table of {width}")
        elif line.startswith(("<a id=", ">", " ")) or not line.strip():
            outline.append(line[:1] or "blank")
        else:
            outline.append("text")
    return outline


class _TagTree(HTMLParser):
    """Start and end tags, checked for nesting (void elements stand alone). A table row like the
    row before it counts once: the glossary has a row per term the book uses (see markdown_outline)."""
    VOID = {"meta", "link", "br", "hr", "img", "input", "wbr", "col", "source"}

    def __init__(self):
        super().__init__()
        self.stack, self.tags, self.h1 = [], [], ""
        self.row_start: int | None = None   # where the open <tr>'s tags begin in self.tags
        self.last_row: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.row_start = len(self.tags)
        if "pre" not in self.stack:  # the rule file, highlighted: its tokens differ with its text
            self.tags.append(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()
        if tag == "tr" and self.row_start is not None:
            row = self.tags[self.row_start:]
            if row == self.last_row:
                del self.tags[self.row_start:]
            self.last_row, self.row_start = row, None
        elif tag in ("table", "thead", "tbody"):
            self.last_row = []

    def handle_data(self, data):
        if self.stack and self.stack[-1] == "h1":
            self.h1 += data


def html_outline(text: str) -> tuple[list[str], str]:
    tree = _TagTree()
    tree.feed(text)
    tree.close()
    assert tree.stack == [], f"unclosed tags {tree.stack}"
    return tree.tags, tree.h1


class _Books(dict):
    def __repr__(self) -> str:  # Hypothesis prints its arguments: not four whole rulebooks
        return "<the rulebooks with plain [about] strings>"


@pytest.fixture(scope="module")
def plain_books(folder):
    return _Books(about_rulebooks(folder, {k: "Plain" for k in ABOUT_KEYS}))


@settings(max_examples=max(10, settings.default.max_examples // 10))  # each example renders four books
@given(st.fixed_dictionaries({k: about_strings for k in ABOUT_KEYS}))
def test_any_about_string_keeps_the_rulebook_structure(folder, plain_books, values):
    books = about_rulebooks(folder, values)
    note(repr(values))
    for lang in rulebook.LANGS:
        md = books[(lang, "md")]
        assert markdown_outline(md) == markdown_outline(plain_books[(lang, "md")])
        tags, h1 = html_outline(books[(lang, "html")])
        assert (tags, h1 != "") == (html_outline(plain_books[(lang, "html")])[0], True)
        title = values["title"] if lang == "zh" else values["title_en"]
        assert title.replace("\n", " ").replace("\t", " ").strip() in " ".join(h1.split()) or title.strip() in h1


def test_a_line_break_in_the_english_title_keeps_the_subtitle_on_one_line(folder):
    books = about_rulebooks(folder, {**{k: "Plain" for k in ABOUT_KEYS}, "title_en": "Club\n# rules\n- 1"})
    assert books[("zh", "md")].split("\n")[2] == r"*Club \# rules - 1 · Plain*"
    assert markdown_outline(books[("zh", "md")])[:4] == ["#", "blank", "text", "blank"]
