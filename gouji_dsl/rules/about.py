"""About a variant: its game, titles, sources, its own source and how complete it is, and recorded decisions."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, TypeVar

from gouji_dsl.diagnostics import Reporter, did_you_mean
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, lint, type_only, value_of
from gouji_dsl.facets.sentences import column_head, said
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import SECTION_TYPES, Section, column, field_applies, field_named, rule
from gouji_dsl.model.types import EnumT, Member, OptionalT, RowT, StrT
from gouji_dsl.model.variant import Variant
from gouji_dsl.paths import sources_dir
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, code, plain

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Said

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    key: str = column(StrT(40), "编号", "the seed's key, as cited: @000:L15")
    file: str = column(StrT(200), "文件", "the file under sources/")
    title: str = column(StrT(400), "标题", "what the document is, in Chinese")
    title_en: str = column(StrT(400), "英文标题", "what the document is, in English", default="")
    name: str = column(StrT(40), "简称", "whose rules these are, in Chinese, as a book names them: 枣庄 (the title where empty)",
                       default="")
    name_en: str = column(StrT(40), "英文简称", "whose rules these are, in English: Zaozhuang (the title where empty)",
                          default="")


@dataclass(frozen=True)
class Decision:
    id: str = column(StrT(20), "编号", "the ruling's name in docs/rulings.md, e.g. D12")
    summary: str = column(StrT(1000), "内容", "what was decided")
    summary_zh: str = column(StrT(1000), "中文内容", "what was decided, in Chinese (the Chinese rulebook's wording)", default="")


@dataclass(frozen=True)
class SourceNote:
    rule: str = column(StrT(80), "规则", "the rule next to which the book says it, as section.rule: flow.pass_rule")
    lines: str = column(StrT(40), "原文行", "the lines of the variant's own source, as cited without @: 001:L54 or 003:L32-34")
    quote: str = column(StrT(400), "原文", "the source's own words, as written in those lines")
    note: str = column(StrT(2000), "说明", "what the rules do with those words and why, in English (with the words in English)")
    note_zh: str = column(StrT(2000), "中文说明", "the same in Chinese, for the Chinese book")
    decision: str = column(StrT(20), "决定", "the ruling the rule follows there (D6), or empty", default="")


GAME = EnumT(Member("gouji", "够级", "Gouji: six players, one rank per play, 级牌 and burning"),
             Member("shuangkou", "双扣", "Shuangkou: four players, straights and bombs"))


@dataclass(frozen=True)
class About(Section):
    NAME = "about"
    ZH = "简介"
    EN = "About this variant"
    GAMES = ("gouji", "shuangkou")
    game: str = rule(GAME, "游戏", "which game of the family this is")
    title: str = rule(StrT(200), "名称", "the variant's Chinese title")
    title_en: str = rule(StrT(200), "英文名称", "the variant's English title")
    region: str = rule(StrT(200), "地区", "where or on which platform it is played, in Chinese")
    region_en: str = rule(StrT(200), "英文地区", "where or on which platform it is played, in English", default="")
    summary: str = rule(StrT(2000), "说明", "a sentence on what makes this variant what it is", default="")
    summary_zh: str = rule(StrT(2000), "中文说明", "the same sentence in Chinese, for the Chinese rulebook", default="")
    sources: tuple[Source, ...] = rule(RowT(Source, key=("key",)), "出处", "the source documents rules cite")
    decisions: tuple[Decision, ...] = rule(RowT(Decision, key=("id",)), "决定", "decisions taken where the sources are silent or contradict each other", default=())
    source: str | None = rule(OptionalT(StrT(40)), "本玩法的资料",
                              "the key of the variant's own source document (a row of sources); the book marks every rule "
                              "that does not cite it as borrowed or decided. none: no listed document is the variant's own "
                              "(a shared base, or a variant written from a program)", default=None)
    coverage: str = rule(StrT(2000), "资料说明", "one sentence on how complete the variant's own source is, in English: the book opens with it",
                         default="")
    coverage_zh: str = rule(StrT(2000), "中文资料说明", "the same sentence in Chinese, for the Chinese book", default="")
    source_notes: tuple[SourceNote, ...] = rule(RowT(SourceNote, key=("rule", "lines")), "原文说明",
                               "words of the variant's own source the rules read otherwise or do not model, each said in "
                               "the book next to a rule", default=())


# --- checks -------------------------------------------------------------------


@check("about.sources", "about.decisions")
def check_citations(v: Variant, rep: Reporter) -> None:
    """Every citation names a listed source and lines it has, or a decision without lines."""
    sources = {s.key: s for s in (value_of(v, "about.sources") or ())}
    decisions = {d.id for d in (value_of(v, "about.decisions") or ())}
    line_counts: dict[str, int | None] = {}
    for cite in v.citations:
        if cite.source in decisions:
            if cite.first_line is not None:
                rep.error(cite.pos, msg("rules.decision_has_no_lines", decision=cite.source))
            continue
        if cite.source not in sources:
            rep.error(cite.pos, msg("rules.unknown_source", source=cite.source, citation=cite.text),
                      did_you_mean(cite.source, list(sources) + list(decisions)) or
                      msg("rules.sources_and_decisions_listed"))
            continue
        if cite.first_line is None:
            # Rulebooks quote the cited lines; a whole document is no quotation.
            rep.error(cite.pos, msg("rules.citation_without_line", citation=cite.text, source=cite.source),
                      hint=msg("rules.cite_the_lines", source=cite.source))
            continue
        if cite.last_line is not None and cite.last_line < cite.first_line:
            rep.error(cite.pos, msg("rules.citation_reversed", citation=cite.text))
            continue
        file = sources[cite.source].file
        if file not in line_counts:
            path = sources_dir() / file
            try:
                line_counts[file] = len(path.read_text(encoding="utf-8").splitlines()) if path.is_file() else None
            except (OSError, UnicodeDecodeError):
                line_counts[file] = None
        count = line_counts[file]
        last = cite.last_line or cite.first_line
        if count is not None and (cite.first_line < 1 or last > count):
            rep.error(cite.pos, msg("rules.citation_out_of_range", citation=cite.text, source=cite.source, file=file,
                                     count=count))


type_only("about.game", "about.title", "about.title_en", "about.region", "about.region_en", "about.summary",
          "about.summary_zh", "about.coverage", "about.coverage_zh")


# A source note's lines: a citation without its @ (001:L54, 003:L32-34).
LINES = re.compile(r"^(?P<key>[A-Za-z0-9]+):L(?P<a>[0-9]+)(?:-(?P<b>[0-9]+))?$")


def source_text(file: str) -> list[str] | None:
    """The lines of a source document under sources/, or None when it cannot be read."""
    path = sources_dir() / file
    try:
        return path.read_text(encoding="utf-8").splitlines() if path.is_file() else None
    except (OSError, UnicodeDecodeError):
        return None


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@check("about.source")
def check_own_source(v: Variant, rep: Reporter) -> None:
    """The variant's own source is one of its listed sources."""
    key = value_of(v, "about.source")
    if key is None:
        return
    listed = [s.key for s in (value_of(v, "about.sources") or ())]
    if key not in listed:
        rep.error(at(v, "about.source"), msg("rules.own_source_unknown", source=key),
                  did_you_mean(key, listed) or msg("rules.own_source_listed", keys=", ".join(listed) or "-"))


@check("about.source_notes")
def check_source_notes(v: Variant, rep: Reporter) -> None:
    """Each source note names a rule of the game, lines of a listed source holding its quote,
    and a listed decision (if any)."""

    sources = {s.key: s for s in (value_of(v, "about.sources") or ())}
    decisions = {d.id for d in (value_of(v, "about.decisions") or ())}
    game = value_of(v, "about.game")
    for i, row in enumerate(value_of(v, "about.source_notes") or ()):
        pos = at(v, f"about.source_notes[{i}]")
        section, _, name = row.rule.partition(".")
        f = field_named(section, name)
        cls = SECTION_TYPES.get(section)
        if f is None or cls is None or (game is not None and not (game in cls.GAMES and field_applies(f, game))):
            rep.error(pos, msg("rules.note_unknown_rule", rule=row.rule, game=game or "-"))
        if row.decision and row.decision not in decisions:
            rep.error(pos, msg("rules.note_unknown_decision", decision=row.decision),
                      did_you_mean(row.decision, sorted(decisions)) or msg("rules.sources_and_decisions_listed"))
        match = LINES.match(row.lines)
        if match is None:
            rep.error(pos, msg("rules.note_lines_form", lines=row.lines))
            continue
        if match["key"] not in sources:
            rep.error(pos, msg("rules.unknown_source", source=match["key"], citation=row.lines),
                      did_you_mean(match["key"], list(sources)) or msg("rules.sources_and_decisions_listed"))
            continue
        first, last = int(match["a"]), int(match["b"] or match["a"])
        if last < first:
            rep.error(pos, msg("rules.citation_reversed", citation=row.lines))
            continue
        file = sources[match["key"]].file
        lines = source_text(file)
        if lines is None:
            continue
        if first < 1 or last > len(lines):
            rep.error(pos, msg("rules.citation_out_of_range", citation=row.lines, source=match["key"], file=file,
                               count=len(lines)))
            continue
        if not row.quote.strip() or _squeezed(row.quote) not in _squeezed("".join(lines[first - 1:last])):
            rep.error(pos, msg("rules.note_quote_not_found", quote=row.quote, lines=row.lines, file=file))


def own_source(v: Variant) -> str | None:
    """The key of the variant's own source document, or None."""
    key: str | None = value_of(v, "about.source")
    return key


def own_source_notes(v: Variant) -> list[SourceNote]:
    """The source notes of the variant's own source (an inherited table may hold another's)."""
    key = own_source(v)
    if key is None:
        return []
    return [row for row in (value_of(v, "about.source_notes") or ()) if row.lines.split(":", 1)[0] == key]


def source_name(row: Source, lang: str) -> str:
    """Whose rules a source document holds, as a book names them (枣庄; Zaozhuang)."""
    if lang == "en":
        return row.name_en or row.name or source_title(row, lang)
    return row.name or row.name_en or source_title(row, lang)


def coverage_text(about: About, lang: str) -> str:
    """How complete the variant's own source is, in the book's language (the other's where one is missing)."""
    return (about.coverage_zh or about.coverage) if lang == "zh" else (about.coverage or about.coverage_zh)


def decision_summary(row: Decision, lang: str) -> str:
    """A decision's summary in the book's language; the other language's when the file gives none."""
    if lang == "zh":
        return row.summary_zh or row.summary
    return row.summary or row.summary_zh


def summary_text(about: About, lang: str) -> str:
    """The variant's one-sentence summary in the book's language (the English one where the
    file gives no Chinese)."""
    return (about.summary_zh or about.summary) if lang == "zh" else about.summary


def source_title(row: Source, lang: str) -> str:
    """A source document's title in the book's language; the other language's when the file gives none."""
    if lang == "en":
        return row.title_en or row.title
    return row.title or row.title_en


# --- lints --------------------------------------------------------------------


@lint
def decisions_without_chinese(v: Variant, rep: Reporter) -> None:
    """A decision the variant's own file writes without summary_zh: the Chinese book would quote its English."""
    for i, row in enumerate(value_of(v, "about.decisions") or ()):
        origin = v.origin(f"about.decisions[{i}]")
        if origin is None or origin.variant != v.name or row.summary_zh:
            continue
        rep.warning(origin.pos, msg("rules.decision_without_chinese", decision=row.id),
                    hint=msg("rules.add_summary_zh"))


# --- engine -------------------------------------------------------------------

for _key, _why in (
        ("about.game", "names the game: its rule sections, and so the engine template (codegen.render_engine picks it by [plays] shape)"),
        ("about.title", "the variant's Chinese title: the engine's TITLE constant, never read in play"),
        ("about.title_en", "the variant's English title: the engine's TITLE_EN constant, never read in play"),
        ("about.region", "where the variant is played: for the rulebook"),
        ("about.region_en", "where the variant is played, in English: for the rulebook"),
        ("about.summary", "a description for the rulebook"),
        ("about.summary_zh", "a description for the rulebook"),
        ("about.sources", "where the rules come from: for the rulebook's provenance"),
        ("about.decisions", "which docs/rulings.md decisions fill gaps: for the rulebook's provenance"),
        ("about.source", "which source is the variant's own: the rulebook marks the rules that do not cite it"),
        ("about.coverage", "how complete the variant's source is: the rulebook's opening line"),
        ("about.coverage_zh", "how complete the variant's source is: the Chinese rulebook's opening line"),
        ("about.source_notes", "source words the rules read otherwise or do not model: said in the rulebook")):
    spec.register(_key, "engine", spec.NoPlay(_why))


# --- interpreter --------------------------------------------------------------

for _key in ("about.game", "about.title", "about.title_en", "about.region", "about.region_en", "about.summary",
             "about.summary_zh", "about.sources", "about.decisions", "about.source", "about.coverage",
             "about.coverage_zh", "about.source_notes"):
    spec.register(_key, "interpreter", spec.NoPlay("a name, description or source of the variant: never read in play"))


# --- rulebook -----------------------------------------------------------------

book.group("about", None)
book.enum_rule("about.game", "about", {
    "gouji": ("本玩法属于**够级**：六人分两方对抗，每手出同一点数的牌，有级牌和烧牌。",
              "The game is **Gouji**: six players in two teams, one rank per play, with [[级牌|gouji plays]] and [[烧牌|burning]]."),
    "shuangkou": ("本玩法属于**双扣**：四人两两对抗，有顺子和炸弹。",
                  "The game is **Shuangkou**: four players in two teams, with straights and bombs."),
})


@book.rule("about.title", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    return said(T("中文名称：**{t}**。", t=value), T("Chinese title: **{t}**.", t=value))


@book.rule("about.title_en", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    return said(T("英文名称：{t}。", t=value), T("English title: **{t}**.", t=value))


@book.rule("about.region", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    return said(T("流行地区或平台：{r}。", r=value), T("Where it is played: {r}.", r=ctx.v.about.region_en or value))


@book.rule("about.region_en", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    # The Chinese book names the region in Chinese (about.region); this is the English book's.
    return said(T("流行地区或平台：{r}。", r=ctx.v.about.region),
                T("Where it is played: {r}.", r=value or ctx.v.about.region))


@book.rule("about.summary", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    zh = ctx.v.about.summary_zh or value
    en = value or ctx.v.about.summary_zh
    return said(T("一句话简介：{s}", s=zh) if zh else T("（规则文件没有写一句话简介。）"),
                T("In one sentence: {s}", s=en) if en else T("(The rule file gives no summary.)"))


@book.rule("about.summary_zh", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    if not value:
        return said(T("（规则文件没有写中文简介。）"), T("(The rule file gives no summary in Chinese.)"))
    return said(T("一句话简介：{s}", s=value), T("In one sentence: {s}", s=ctx.v.about.summary or value))


_Row = TypeVar("_Row", Source, Decision)   # a row of the tables _rows_table shows


def _rows_table(key: str, rows: tuple[_Row, ...], lang: str, columns: tuple[str, ...],
                text: Callable[[_Row, str], str]) -> Table:
    """A table of `rows` under the heads of `columns`, the last column's text in the book's language."""
    row_cls = book.field_type(key).row_cls
    head = [column_head(row_cls, c, lang) for c in columns]
    body = [TRow([plain(getattr(row, c)) for c in columns[:-1]] + [plain(text(row, lang))], anchor_of(f"{key}[{i}]"))
            for i, row in enumerate(rows)]
    return Table(head, body)


@book.rule("about.sources", "sources")
def _(ctx: book.Ctx, rows: tuple[Source, ...]) -> Said:
    out = []
    for lang in LANGS:
        # The title column shows the book's language: title (Chinese) or title_en (English).
        title = "title" if lang == "zh" else "title_en"
        intro = (T("本玩法的规则引自以下资料（`sources/` 目录）。引用写作 000:L15，即资料000第15行；所引原文见“引用的原文”一章。") if lang == "zh" else
                 T("The rules cite these documents (in `sources/`). A citation 000:L15 is line 15 of document 000; the cited lines are quoted in the chapter ‘Cited source lines’."))
        out.append([Para(intro), _rows_table("about.sources", rows, lang, ("key", "file", title), source_title)])
    return tuple(out)


@book.rule("about.decisions", "sources")
def _(ctx: book.Ctx, rows: tuple[Decision, ...]) -> Said:
    out = []
    for lang in LANGS:
        summary = "summary_zh" if lang == "zh" else "summary"
        intro = (T("资料没有说明或相互矛盾的地方，由项目作了决定（见项目的 `docs/rulings.md`）。规则注明“决定”的，就是按下面这些决定补上的：") if lang == "zh" else
                 T("Where the sources are silent or contradict each other, the project decided (its rulings: `gouji show --rulings`). Rules marked with a decision fill a gap that way:"))
        out.append([Para(intro), _rows_table("about.decisions", rows, lang, ("id", summary), decision_summary)])
    return tuple(out)


@book.rule("about.coverage", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    # The book's header shows the line (docs.book HEADER_RULES); this is its sentence elsewhere.
    zh = coverage_text(ctx.v.about, "zh")
    en = coverage_text(ctx.v.about, "en")
    return said(T("资料：{c}", c=zh) if zh else T("（规则文件没有说明资料有多全。）"),
                T("The source: {c}", c=en) if en else T("(The rule file does not say how complete its source is.)"))


@book.rule("about.coverage_zh", "about")
def _(ctx: book.Ctx, value: str) -> Said:
    zh = coverage_text(ctx.v.about, "zh")
    en = coverage_text(ctx.v.about, "en")
    return said(T("资料：{c}", c=zh) if zh else T("（规则文件没有用中文说明资料有多全。）"),
                T("The source: {c}", c=en) if en else T("(The rule file does not say how complete its source is.)"))


@book.rule("about.source", "sources")
def _(ctx: book.Ctx, value: str | None) -> Said:
    if value is None:
        return said(T("本玩法没有自己的资料（见书首的说明），书中不逐条注明规则借自哪里。"),
                    T("No listed document is this variant's own (see the opening of the book), so the book does not mark rules as borrowed."))
    row = next(r for r in ctx.v.about.sources if r.key == value)
    return said(T("本玩法自己的资料是{k}（{t}）。正文里不出自这份资料的规则，后面都注明出处：借用别的资料的，写明借自谁的规则、哪几行；"
                  "资料没写、由本项目裁定的，写明裁定的编号；资料没写、照共同规则的，也写明。", k=value, t=source_title(row, "zh")),
                T("This variant's own source is {k} ({t}). Every rule of the book that does not come from it says where it comes from: "
                  "borrowed from another source (whose rules, which lines), decided by the project (the ruling's number), or "
                  "taken from the shared base where no source says.", k=value, t=source_title(row, "en")))


@book.rule("about.source_notes", "sources")
def _(ctx: book.Ctx, rows: tuple[SourceNote, ...]) -> Said:
    if not rows:
        return said(T("本玩法的资料没有需要另外说明的原文。"), T("No words of this variant's source need a note of their own."))
    shown = set(map(id, own_source_notes(ctx.v)))
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        intro = (T("资料原文和规则不一致、或者没有写成规则的地方，书中在相关规则后面引出原文并加以说明：") if zh else
                 T("Where the rules read the source's words otherwise, or do not make them a rule, the book quotes them after the rule concerned:"))
        if len(shown) < len(rows):   # rows inherited from a variant of another source
            intro += (T("（表中淡色或斜体的行说的是别的资料，不是本玩法自己的资料，书中不引。）") if zh else
                      T(" (Rows in light or italic type are about another source, not this variant's own, and the book does not quote them.)"))
        head = [plain(x) for x in (("原文行", "原文", "规则", "决定", "说明") if zh else
                                   ("lines", "the source's words", "rule", "decision", "note"))]
        body = []
        for i, row in enumerate(rows):
            section, _, name = row.rule.partition(".")
            f = field_named(section, name)
            rule_name = plain(f.metadata["zh"]) if zh and f is not None else code(row.rule)
            body.append(TRow([plain(row.lines), plain(f"「{row.quote}」"), rule_name, plain(row.decision or "—"),
                              plain(row.note_zh if zh else row.note)], anchor_of(f"about.source_notes[{i}]"),
                             muted=id(row) not in shown))
        out.append([Para(intro), Table(head, body)])
    return tuple(out)


# --- diff ---------------------------------------------------------------------


def _phrase_sources(rows: tuple[Source, ...], lang: str) -> str:
    keys = " ".join(f"@{r.key}" for r in rows)
    if lang == "zh":
        return f"引用{len(rows)}份出处（{keys}）" if rows else "没有出处"
    return f"cites {len(rows)} source document{'s' if len(rows) != 1 else ''} ({keys})" if rows else "cites no source"


def _phrase_decisions(rows: tuple[Decision, ...], lang: str) -> str:
    ids = " ".join(r.id for r in rows)
    if lang == "zh":
        return f"记录了{len(rows)}条决定（{ids}）" if rows else "没有记录决定"
    return f"records {len(rows)} decision{'s' if len(rows) != 1 else ''} ({ids})" if rows else "records no decision"


dp.phrase("about.game", {
    "gouji": dp.said("是够级（六人，每手出同一点数，有级牌和烧牌）", "is a game of Gouji: six players, one rank per play, gouji plays (级牌) and burning"),
    "shuangkou": dp.said("是双扣（四人，有顺子和炸弹）", "is a game of Shuangkou (four players, straights and bombs)"),
}, effect=dp.PLAY)
dp.phrase("about.title", dp.said("中文名为「{v}」", "has the Chinese title “{v}”"), effect=dp.LABEL)
dp.phrase("about.title_en", dp.said("英文名为“{v}”", "has the English title “{v}”"), effect=dp.LABEL)
dp.phrase("about.region", dp.said("地区注为「{v}」", "gives its region in Chinese as 「{v}」"), effect=dp.LABEL)
dp.phrase("about.region_en", dp.said("英文地区名为“{v}”", "gives its region as “{v}”"), effect=dp.LABEL)
dp.phrase("about.summary", dp.said("英文说明为“{v}”", "is summed up as “{v}”"), effect=dp.LABEL)
dp.phrase("about.summary_zh", dp.said("说明为「{v}」", "is summed up in Chinese as 「{v}」"), effect=dp.LABEL)
dp.phrase("about.sources", _phrase_sources, effect=dp.LABEL)
dp.phrase("about.decisions", _phrase_decisions, effect=dp.LABEL)
dp.phrase("about.source", {
    None: dp.said("没有自己的资料", "has no source document of its own"),
    "*": dp.said("以资料{v}为自己的资料", "has source {v} as its own"),
}, effect=dp.LABEL)
dp.phrase("about.coverage", dp.said("资料说明（英文）为“{v}”", "says of its source “{v}”"), effect=dp.LABEL)
dp.phrase("about.coverage_zh", dp.said("资料说明为「{v}」", "says of its source in Chinese 「{v}」"), effect=dp.LABEL)


def _phrase_source_notes(rows: tuple[SourceNote, ...], lang: str) -> str:
    lines = " ".join(r.lines for r in rows)
    if lang == "zh":
        return f"对{len(rows)}处原文另有说明（{lines}）" if rows else "没有原文说明"
    return (f"notes {len(rows)} place{'s' if len(rows) != 1 else ''} of its source ({lines})" if rows
            else "notes no words of its source")


dp.phrase("about.source_notes", _phrase_source_notes, effect=dp.LABEL)
