"""No code in a player's book (issue 27, §2): every book a player reads, built fresh (not read
from generated/, which is stale until the books are rebuilt), is scanned for the rule file's
identifiers, formulas and rows, ASCII words in Chinese text, and the program's wording.

What counts as a player's book, and what in it is scanned:

- a **handout** (every concrete variant, Chinese and English): all of it: title, subtitle,
  summary, every chapter, worked example and table, and the footer;
- a **house-rule sheet** (`gouji doc FILE --changes`, a few of the cookbook's house rules):
  all of it, the narrated counterexamples included;
- a **reference**: what a player reads to play: its header, the chapters of rules (the rules
  not in play included), their worked examples and the engine's readings, and the glossary
  (in the columns the book shows: a Chinese book shows no English column). Not scanned: what
  is there for checking the book against its sources: the opening note on how the book is
  made and the footer (they name the rule files), the chapter of sources and decisions, the
  endnotes (where each rule was written, the formula as written), the quoted source lines and
  the rule files of the appendix, which quote the files as they are.

What is flagged, in the text of those parts:

- a formula block (the rule file's text), in either language;
- in Chinese text, any ASCII word, except: a card group (a code span of cards written as
  players write them, `7 7 SJ`, `BJ=9`; a joker alone is 小王/大王 in words, and a card
  group holding a joker belongs in a worked example), the ranks J Q K A standing alone,
  a source line or ruling cited (`000:L86`, `L28`, `D6`), a web address, and the proper names
  of ALLOWED_NAMES;
  the legend of the card notation (the first chapter's opening) may name `SJ` and `BJ`,
  and a worked example (or a picture, a sample round) may show a joker alone as a play;
- in English text, a code span that is not a card group (`level`, `carry_rule(rest)`), and
  anything that reads as a rule file's key: a snake_case name (`pair_run`, `max_length`), a
  call (`count_from(`), a dotted key (`tribute.dian`), a section name in brackets;
- in both, the rule file's and the program's wording (WORDING): its rows and formulas ("第1行对调",
  "本节各条不起作用", "row 1, mirrored", a formula said word for word), the platform's ("系统"),
  and words players do not use at the table (应手 for 管, 领出 for 先出).
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from gouji_dsl.docs.book import build_document
from gouji_dsl.docs.changes import build_changes
from gouji_dsl.prose.document import (Bullets, Chapter, Document, ExampleItem, Formula_, Heading, Note, Para, RuleItem,
                                     Table, TRow)
from gouji_dsl.prose.text import T, Text, plain
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.phases import Compilation

DOCS = Path(__file__).resolve().parent.parent / "docs"

# Proper names a book may print as they are spelt: the tool; the programs some variants are written from.
ALLOWED_NAMES = ("gouji-dsl", "lamb-cn/rlcard_gouji", "lamb-cn", "RLCard", "zhoujxMT/gouji", "zhoujxMT")
# A citation of a source line or of a ruling, as a book says where a rule comes from: 000:L86,
# L32–34 (a line of the source named), D6 (a ruling of docs/rulings.md).
CITATION = re.compile(r"(?<![A-Za-z0-9])(?:\d{3}:)?L\d+(?:[-–]\d+)?(?![A-Za-z0-9])|(?<![A-Za-z0-9])[DK]\d+(?![A-Za-z0-9])")
RANK_LETTERS = {"J", "Q", "K", "A"}
JOKERS = {"SJ", "BJ"}
# The rule file's and the program's wording, which players do not use (language -> [(pattern, why)]).
WORDING = {
    "zh": [(r"应手", "players say 管"), (r"领出", "players say 先出"), (r"^第\d+行|第\d+行对调", "a rule file's row"),
           (r"本节各条", "a rule file's section"), (r"系统", "platform wording"),
           (r"这手牌是级牌", "a formula said word for word"), (r"^即：", "a formula said word for word")],
    "en": [(r"^row \d+|\brow \d+, mirrored|'mirrored'", "a rule file's row"), (r"this section", "a rule file's section"),
           (r"\bIn words\b", "a formula said word for word"), (r"the play is a gouji play", "a formula said word for word")],
}
# A web address (where a variant's rules come from) is printed as it is.
URL = re.compile(r"\b[\w.-]+\.(?:com|org|net|io)(?:/\S*)?")

# The rule file's sections: "tribute.dian" is a rule's key, "[flow]" a section.
SECTIONS = "|".join(sorted(m.SECTION_BY_NAME))
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")
_RANKS = r"(?:10|[3-9]|[JQKA2])"


def card_group(text: str, extra: tuple[str, ...] = ()) -> bool:
    """Cards as players write them: ranks and jokers (`7 7 SJ`), a wild card's stand-in
    (`BJ=9`), the cards in order (`3 < 4 < ... < BJ`)."""
    card = rf"(?:{_RANKS}|SJ|BJ{''.join('|' + re.escape(x) for x in extra)})"
    token = re.compile(rf"^{card}(?:={_RANKS})?$")
    tokens = text.split()
    return bool(tokens) and all(token.match(t) or t == "<" for t in tokens) and any(t != "<" for t in tokens)


@dataclasses.dataclass(frozen=True)
class Found:
    where: str
    what: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}: {self.text!r}"


class Scan:
    """The findings of one book, in one language; `extra` are the variant's extra card tokens."""

    def __init__(self, lang: str, extra: tuple[str, ...] = ()):
        self.lang = lang
        self.extra = extra
        self.found: list[Found] = []

    def flag(self, where: str, what: str, text: str) -> None:
        self.found.append(Found(where, what, text))

    def text(self, where: str, text: Text | str, legend: bool = False, example: bool = False) -> None:
        """One inline text. `legend`: the card notation's key; `example`: inside a worked example."""
        if isinstance(text, str):
            text = plain(text)
        for pattern, why in WORDING[self.lang]:
            if re.search(pattern, text.plain()):
                self.flag(where, why, text.plain())
        for seg in text.segs:
            if seg.kind in ("code", "cards") and card_group(seg.text, self.extra):
                tokens = seg.text.split()
                if self.lang == "zh" and not (legend or example) and (set(tokens) & (JOKERS | set(self.extra))):
                    if len(tokens) == 1:
                        self.flag(where, "a joker alone written in code (say 小王/大王)", seg.text)
                    else:
                        self.flag(where, "a card group with a joker outside a worked example", seg.text)
                continue
            if seg.kind == "code" and self.lang == "en":
                self.flag(where, "a code span that is not cards", seg.text)
                continue
            body = CITATION.sub(" ", URL.sub(" ", seg.text))
            for name in sorted(ALLOWED_NAMES, key=len, reverse=True):
                body = body.replace(name, " ")
            if self.lang == "zh":
                for word in _WORD.findall(body):
                    if word not in RANK_LETTERS:
                        self.flag(where, "an ASCII word in Chinese text", f"{word} in {seg.text}")
            else:
                for pattern, what in ((r"\b[a-z]+_[a-z0-9_]+\b", "a rule file's name"), (r"\b[a-z_]+\(", "a formula's call"),
                                      (rf"\b(?:{SECTIONS})\.[a-z_]+\b", "a rule's key"), (rf"\[(?:{SECTIONS})\]", "a section's name")):
                    for hit in re.findall(pattern, body):
                        self.flag(where, what, f"{hit} in {seg.text}")

    def blocks(self, where: str, blocks, legend: bool = False, example: bool = False) -> None:
        for b in blocks:
            if isinstance(b, Formula_):
                self.flag(where, "a formula as written in the rule file", b.source)
            elif isinstance(b, (Para, Note)):
                if isinstance(b, Note):
                    self.text(where, b.label)
                self.text(where, b.text, legend, example)
            elif isinstance(b, Bullets):
                for t in b.items:
                    self.text(where, t, legend, example)
            elif isinstance(b, Table):
                for t in b.head:
                    self.text(where, t, legend, example)
                for row in b.rows:
                    for t in row.cells:
                        self.text(where, t, legend, example)
            else:  # a block this test does not know (a picture ...): its texts, wherever they are
                for t in _texts_in(b):
                    self.text(where, t, legend, example)


def _texts_in(value) -> list[Text]:
    if isinstance(value, Text):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts_in(v)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [t for f in dataclasses.fields(value) for t in _texts_in(getattr(value, f.name))]
    return []


# The chapters of a reference that are there for checking, not for play.
CHECKING_CHAPTERS = ("sources", "notes", "quotes", "files")


def scan_document(doc: Document, extra: tuple[str, ...] = (), english_title: str = "") -> list[Found]:
    """Every finding in the player's parts of a book (see the module's docstring)."""
    scan = Scan(doc.lang, extra)
    book = f"{doc.variant} {doc.kind} {doc.lang}"
    scan.text(f"{book} title", doc.title)
    subtitle = doc.subtitle.replace(english_title, " ") if english_title and doc.lang == "zh" else doc.subtitle
    scan.text(f"{book} subtitle", subtitle)
    scan.text(f"{book} summary", doc.summary)
    if doc.kind != "reference":
        scan.blocks(f"{book} opening", doc.howto)
        scan.text(f"{book} footer", doc.footer)
    for ch in doc.chapters:
        cid = ch.id.removeprefix("ch-")
        if doc.kind == "reference" and cid in CHECKING_CHAPTERS:
            continue
        where = f"{book} chapter {cid}"
        scan.text(where, ch.title)
        scan.blocks(where, ch.intro, legend=cid == "players")
        for item in ch.items:
            if isinstance(item, Heading):
                scan.text(where, item.title)
            elif isinstance(item, RuleItem):
                scan.blocks(f"{where} {item.key}", item.blocks)
            elif isinstance(item, ExampleItem):
                scan.text(f"{where} {item.anchor}", item.title)
                scan.blocks(f"{where} {item.anchor}", item.blocks, example=True)
            elif isinstance(item, Note):
                scan.blocks(where, [item])
            else:  # a picture, a sample round, a quick card ...: examples of play, card groups and all
                for t in _texts_in(item):
                    scan.text(where, t, example=True)
    for term, en, meaning in doc.glossary:
        scan.text(f"{book} glossary", term)
        if doc.lang == "en":  # a Chinese glossary shows no English column
            scan.text(f"{book} glossary", en)
        scan.text(f"{book} glossary", meaning)
    return scan.found


# --- the books ------------------------------------------------------------------------------------

WS = Workspace()
VARIANTS = [n for n in WS.names() if WS.is_standard(n) and not Compilation(WS, n).checked.abstract]


def _extra(v) -> tuple[str, ...]:
    return tuple(row.token for row in v.cards.extra) if "cards" in v.sections else ()


@pytest.mark.parametrize("kind", ["handout", "reference"])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", VARIANTS)
def test_a_players_book_holds_no_code(name, lang, kind):
    v = Compilation(WS, name).checked
    doc = build_document(v, lang, WS, kind=kind)
    found = scan_document(doc, _extra(v), v.about.title_en)
    assert not found, "\n".join(map(str, found))


BLOCK = re.compile(r"^```gouji\n(.*?)^```", re.MULTILINE | re.DOTALL)
# A few of the cookbook's house rules: a game situation (让两圈), what the table is told (报牌), a burn (首手带王).
RECIPES = {1: "让两圈", 3: "报牌", 7: "首手带王"}


def _recipe(tmp_path: Path, index: int, lang: str):
    text = BLOCK.findall((DOCS / ("cookbook.zh.md" if lang == "zh" else "cookbook.md")).read_text(encoding="utf-8"))[index - 1]
    (tmp_path / "club.gouji").write_text(text, encoding="utf-8")
    ws = Workspace.for_user([str(tmp_path)])
    return ws, Compilation(ws, "club").checked


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("index", sorted(RECIPES), ids=[f"recipe {i} {RECIPES[i]}" for i in sorted(RECIPES)])
def test_a_house_rule_sheet_holds_no_code(tmp_path, index, lang):
    ws, v = _recipe(tmp_path, index, lang)
    doc = build_changes(v, lang, ws)
    assert any(isinstance(item, ExampleItem) for ch in doc.chapters for item in ch.items), "no counterexample to scan"
    found = scan_document(doc, _extra(v), v.about.title_en)
    assert not found, "\n".join(map(str, found))


# --- the scan itself ------------------------------------------------------------------------------

def _book(lang: str, blocks, example: bool = False) -> Document:
    item = ExampleItem("example-x", plain("例"), blocks) if example else RuleItem("rule-x", "x.y", blocks)
    chapters = [Chapter("ch-players", 1, "玩家", [Para(T("文中用 `SJ` 表示小王"))], []),
                Chapter("ch-plays", 2, "牌型", [], [item])]
    return Document(lang, "v", "书", "副标题", "", [], chapters, {}, plain(""), kind="handout")


@pytest.mark.parametrize("lang,blocks,example,flagged", [
    # Code and the rule file's words, each flagged ...
    ("zh", [Para(T("点贡级数（`level`）每局加1"))], False, "ASCII word"),
    ("zh", [Para(T("每手带王需要 `carry_rule(rest)` = 是"))], False, "ASCII word"),
    ("zh", [Para(T("牌型：`pair_run`"))], False, "ASCII word"),
    ("zh", [Para(T("逐张比较：BJ>SJ"))], True, "ASCII word"),
    ("zh", [Para(T("王：小王（`SJ`）"))], False, "a joker alone"),
    ("zh", [Para(T("先出 `7 7 SJ`"))], False, "outside a worked example"),
    ("zh", [Table([plain("依据")], [TRow([plain("第1行对调")])])], False, "a rule file's row"),
    ("zh", [Para(T("没有买牌（本节各条不起作用）。"))], False, "section"),
    ("zh", [Para(T("手中剩牌不超过10张时，系统自动显示剩余张数。"))], False, "platform"),
    ("zh", [Para(T("应手的每一张都必须比对方大"))], False, "管"),
    ("zh", [Formula_("gouji(play)")], False, "formula"),
    ("en", [Para(T("the level (`level`) rises by one"))], False, "not cards"),
    ("en", [Bullets([T("`carry_rule(cards)`: whether the cards can be played out")])], False, "not cards"),
    ("en", [Table([plain("max_length (最多组数)")], [])], False, "rule file's name"),
    ("en", [Para(T("the number of cards: count_from(hand, J)"))], False, "call"),
    ("en", [Para(T("see tribute.dian"))], False, "key"),
    ("en", [Para(T("Rows marked 'mirrored' are another row of the rule file"))], False, "mirrored"),
    ("en", [Formula_("carry_rule(rest)")], False, "formula"),
    # ... and what players write, not flagged.
    ("zh", [Para(T("先出 `7 7 SJ`，管 `8 8 BJ`：大王>小王，8>7"))], True, None),
    ("zh", [Para(T("`10 10 10 10 10` 是级牌；J够4张，`BJ=9` 当作9"))], True, None),
    ("zh", [Para(T("计分借用枣庄规则（000:L86），按项目决定 D6。由 gouji-dsl 生成"))], False, None),
    ("zh", [Para(T("资料在L28说逆时针，L32–34又说顺时针（裁定D22）；到第36行就断了"))], False, None),
    ("en", [Para(T("From github.com/zhoujxMT/gouji; e.g. a bomb of 6 lines (see 001:L46 and ruling D6)."))], False, None),
    ("en", [Para(T("From lowest to highest: `3 < 4 < 10 < J < 2 < SJ < BJ`; the big joker (大王, written `BJ`)."))], False, None),
    ("en", [Para(T("Seat 1 leads `10 10`, seat 3 beats it with `J J`: in Lianzhong seat 3 wins the lead."))], False, None),
])
def test_the_scan_flags_code_and_passes_what_players_write(lang, blocks, example, flagged):
    found = scan_document(_book(lang, blocks, example))
    if flagged is None:
        assert found == []
    else:
        assert found and all(f.where.endswith(("x.y", "example-x")) for f in found), found
        assert any(flagged in f.what or flagged in f.text for f in found), found


def test_the_reference_keeps_the_rule_files_in_its_appendix():
    """The parts for checking are not scanned: the rule files and the endnotes quote the files as they are."""
    v = Compilation(WS, "zaozhuang").checked
    doc = build_document(v, "en", WS, kind="reference")
    assert any("carry_rule" in f.text for f in doc.files) and doc.notes
    assert {ch.id.removeprefix("ch-") for ch in doc.chapters} >= set(CHECKING_CHAPTERS)


# --- players' words -------------------------------------------------------------------------------

def _book_text(name: str, lang: str, kind: str) -> str:
    from gouji_dsl.docs.render import render
    return render(build_document(Compilation(WS, name).checked, lang, WS, kind=kind), "md")


@pytest.mark.parametrize("name,lang,kind,says", [
    # A variant's absent rules in one line, in the handout.
    ("zaozhuang", "zh", "handout", "本玩法不宣点、不憋三、不买牌、不革命。"),
    ("zaozhuang", "en", "handout", "This variant has no declaring (宣点), no threes-last rule (憋三), no buying of cards (买牌) and "
                                   "no revolution (革命)."),
    ("zaozhuang", "zh", "handout", "本玩法不进烧贡、不进闷贡。"),
    # What players say: 开点 in a sentence of play, 管 and 先出, 报牌 as the table says it.
    ("zaozhuang", "zh", "handout", "四户乱缠之前，出的级牌有一手没被打下来（对家没打、也没人烧），就算开点"),
    ("zaozhuang", "zh", "handout", "管牌的每一张都必须比对方同一位置的牌大"),
    ("zaozhuang", "zh", "handout", "有发牌权的人先出一手，其他人按顺序管牌或过牌"),
    ("zaozhuang", "zh", "handout", "**报牌**：剩10张以内要报牌，说出自己还剩几张。"),
    ("huangjindao", "zh", "handout", "只有至少2张、不带王的级牌才算开点。"),
    ("huangjindao", "en", "handout", "Only a gouji play that has at least 2 cards and has no jokers counts towards opening."),
    # The 点贡 table as players read it: the level in words, no rows of the rule file.
    ("zaozhuang", "zh", "handout", "| 都不宣 | 对家开 | 点贡的级数 | 0 |"),
    # The reference opens with why opening and burning matter, for someone who has never played ...
    ("zaozhuang", "en", "reference", "Two teams of three race to play out their cards, but Gouji is not only about going out first."),
    ("zaozhuang", "zh", "reference", "两队各三人，比哪一方先把牌出完；但够级不光比谁先走科。"),
    ("lianzhong", "en", "reference", "anyone else who beats it **burns (烧牌)** it"),
    ("zhoujxmt", "zh", "reference", "别人打掉它，就是**烧牌**"),
    # ... and keeps a formula as the rule file writes it in the rule's endnote, for checking.
    ("lianzhong", "en", "reference", "formula: `carry_rule(rest)` (`rest`: the cards left after the burning play"),
    ("lianzhong", "zh", "reference", "公式：`carry_rule(rest)`（`rest`：出了烧牌的那手以后剩下的牌"),
])
def test_a_book_says_it_in_players_words(name, lang, kind, says):
    assert says in _book_text(name, lang, kind)


@pytest.mark.parametrize("name,lang,kind,never", [
    ("zaozhuang", "zh", "handout", "### 宣点"),      # the absent rules' headings are gone with their lines
    ("zaozhuang", "zh", "handout", "应手"),
    ("zaozhuang", "zh", "reference", "`SJ`（小王）"),
    ("lianzhong", "en", "handout", "```gouji"),        # no formula block
    ("lianzhong", "en", "reference", "In words"),
    ("zhoujxmt", "zh", "reference", "就算**开点**"),       # why opening matters: not where nobody opens
    ("lamb-cn", "zh", "reference", "就是**烧牌**"),        # nor burning where nobody burns (lamb-cn: no opening either)
])
def test_a_book_does_not_say_it_as_the_rule_file_does(name, lang, kind, never):
    assert never not in _book_text(name, lang, kind)
