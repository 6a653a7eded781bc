"""A variant's book as a document: every rule's sentences (from the renderers its
module registered), in chapters and groups, with worked examples and a glossary of
the terms it uses. The reference adds the engine's readings, the rules not in
play, endnotes (where each rule was written, what it cites), the cited lines and
the rule files; the handout keeps only what players at the table need."""
from __future__ import annotations

from gouji_dsl import __version__
from gouji_dsl.docs.example_blocks import example_items
from gouji_dsl.docs.examples import compute_examples, examples_for
from gouji_dsl.docs.glossary import glossary_rows
from gouji_dsl.docs.pictures import extra_names_of, mark_card_groups, seating_figure
from gouji_dsl.docs.provenance import add_origins, coverage_note, endnote, quotes_of, source_files
from gouji_dsl.docs.quick_card import TITLE as QUICK_TITLE
from gouji_dsl.docs.quick_card import quick_chapter
from gouji_dsl.docs.sample_round import SAMPLE_TITLE, sample_for, sample_items
from gouji_dsl.facets import sentences
from gouji_dsl.facets.sentences import CHAPTERS, Ctx, Renderer
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import Choice
from gouji_dsl.model import schema as m
from gouji_dsl.prose.document import (
    Block,
    Bullets,
    Chapter,
    Document,
    Endnote,
    ExampleItem,
    Formula_,
    Heading,
    Note,
    Para,
    RuleItem,
    anchor_of,
    block_texts,
    labels,
    resolve_terms,
)
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.text import LANGS, T, Text, join, num, plain
from gouji_dsl.rules.about import summary_text

# Readings of the engine: true of every Gouji variant (the flow is shared), shown at the end of their chapter.
READINGS: dict[str, list[tuple[str, str]]] = {
    "course": [("不能打或无权打的人自动过牌（要不起），不会被询问，也不会只为让牌而被询问；扣牌也是自动的。",
                "Players who cannot or may not answer are passed without being asked, even where they could defer (让牌): whatever beats the play later in the round would beat it too; closing a dead play (扣牌) is automatic.")],
    "burning": [("烧牌者一旦违反上面挂王的要求，立即判为失败，手中的牌退出本局。烧牌者按规则出完即为烧牌成功。",
                 "A burner who breaks the joker duty above fails the burn at once, and their cards leave play. A burn succeeds when the burner goes out under the rule.")],
    "tribute": [("进贡的牌是进贡者手中最大的牌；还贡的牌是收贡者手中允许还的最小的牌。因两人以上革命而重新发牌时，贡牌也从新发的牌中重新进。",
                 "Tribute cards are the payer's highest; returned cards are the receiver's lowest allowed ones. After a redeal (two revolutionaries or more), tribute is paid again from the new hands.")],
}
# The readings of each game (Shuangkou has no deferring, burning or tribute to read).
READINGS_OF_GAME: dict[str, dict[str, list[tuple[str, str]]]] = {
    "gouji": READINGS,
    "shuangkou": {
        "course": [("打不过上一手的人自动过牌（要不起），不会被询问。",
                    "Players who cannot beat the play on the table are passed without being asked (要不起).")],
    },
}
# A sub-heading in another game's words (Shuangkou players go out, 出完牌; 走科 is Gouji's).
GROUP_TITLES_OF_GAME: dict[str, dict[tuple[str, str], tuple[str, str]]] = {
    "shuangkou": {("走科与接风", "Going out and taking over"): ("出完牌与接风", "Going out and taking over")},
}
EXAMPLE_CHAPTERS = ("plays", "course", "burning", "tribute", "scoring")
# The sample round and the quick card come after the chapters of the game (up to scoring).
CHAPTER_AFTER_PICTURES = [c[0] for c in CHAPTERS].index("scoring") + 1


def renderers_of(v) -> list[Renderer]:
    """The renderer of every rule of the variant, in book order; a rule without one is an error."""
    out = []
    for section_name, section in v.sections.items():
        for f in m.rule_fields(section, v.game):
            key = f"{section_name}.{f.name}"
            renderer = sentences.renderer(key)
            if renderer is None:
                raise RulebookError(msg("commands.book.no_rendering", rule=key, zh=f.metadata.get('zh', ''),
                                        section=section_name))
            out.append(renderer)
    return sorted(out, key=Renderer.position)


# The books of a variant (docs.changes makes the third kind, the house-rule sheet of a file).
BOOKS = ("reference", "handout")
# Rules the book's header shows (the title line, the region, the summary), not the chapters.
HEADER_RULES = frozenset({"about.title", "about.title_en", "about.region", "about.region_en",
                          "about.summary", "about.summary_zh", "about.coverage", "about.coverage_zh"})
# Chapters of the reference that are not chapters of rules, and where they go (after the chapter named).
EXTRA_CHAPTERS = {
    "inactive": ("本玩法不用的规则", "Rules not in play in this variant", "room"),
    "notes": ("注释：规则的出处", "Notes: where each rule comes from", "sources"),
}
# What a handout leaves out: chapters about the book rather than the game; the room
# rules, which govern a platform's rooms (minimum games, leaving penalties, player
# ranks), not a game at the table; and the glossary: the handout brings in each term
# where it is first used, with its meaning (and, in English, the players' Chinese
# word beside it), so a list of them would only repeat what the pages say.
HANDOUT_SKIPS = frozenset({"about", "room", "glossary", "sources", "quotes", "files"})


def _says_nothing(v, key: str, value) -> bool:
    """A rule no file wrote, at the rule language's "none" (no extra cards, no redeal condition,
    no rank constraints), a condition of players that always holds (who may burn: anyone the
    other rules let) or a rule registered as saying nothing new at its default
    (sentences.quiet_default): nothing for the table to know, so the handout leaves it out."""
    always = isinstance(value, Choice) and value.always()
    quiet = key in sentences.QUIET_DEFAULTS and value == sentences.field_of(key).default
    return v.origin(key) is None and (always or quiet or value in (None, (), ""))


def _inactive(blocks: list) -> bool:
    """A rule whose variant does not play it says so in a note (sentences.add_inactive)."""
    return any(isinstance(b, Note) and b.style == "inactive" for b in blocks)


def _rule_items(v, renderers: list[Renderer], lang: str, kind: str) -> tuple[dict[str, list], list, dict[str, list]]:
    """Each chapter's rule items, with a heading wherever the group changes; the rules not
    in play (a chapter of their own in the reference, left out of a handout); and what
    is there for checking, not for play (a formula as written, sentences.for_the_players),
    by rule: the reference shows it in the rule's endnote."""
    ctx = Ctx(v)
    zh = lang == "zh"
    by_chapter: dict[str, list] = {c[0]: [] for c in CHAPTERS}
    last_group: dict[str, object] = {}
    inactive: list[RuleItem] = []
    checking: dict[str, list] = {}
    absent: dict[str, list[Text]] = {}   # a handout's parts of the game the variant leaves out, by chapter
    for renderer in renderers:
        if renderer.key in HEADER_RULES:
            continue
        value, blocks = sentences.rule_blocks(ctx, renderer, lang)
        if kind == "handout" and _says_nothing(v, renderer.key, value):
            continue
        phrase = sentences.absent_phrase(v, renderer.key, value, lang) if kind == "handout" else None
        if phrase is not None:
            absent.setdefault(renderer.chapter, []).append(phrase)
            continue
        blocks, checking[renderer.key] = sentences.for_the_players(blocks)
        item = RuleItem(anchor_of(renderer.key), renderer.key, blocks)
        if _inactive(blocks):
            if kind == "reference":
                inactive.append(item)
            continue
        items = by_chapter[renderer.chapter]
        if renderer.group != last_group.get(renderer.chapter):
            last_group[renderer.chapter] = renderer.group
            if renderer.group:
                group = GROUP_TITLES_OF_GAME.get(v.game, {}).get(renderer.group, renderer.group)
                title = group[0] if zh else group[1]
                items.append(Heading(title, f"{renderer.chapter}-{len(items)}"))
        items.append(item)
    for chapter, phrases in absent.items():   # in one line, before the chapter's first sub-heading
        items = by_chapter[chapter]
        at = next((i for i, x in enumerate(items) if isinstance(x, Heading)), len(items))
        line = (plain("本玩法") + join(phrases, "zh", "、") + plain("。") if zh else
                plain("This variant has ") + join(phrases, "en") + plain("."))
        items.insert(at, RuleItem(anchor_of(f"{chapter}.absent"), f"{chapter}.absent", [Para(line)]))
    return by_chapter, inactive, checking


def chinese_text(v, ws: Workspace | None = None) -> str:
    """The Chinese text of a variant's rules in play and their examples: what decides which
    terms its glossary lists (the same list in both languages)."""
    return _plain_text(build_document(v, "zh", ws, kind="handout"))


def _plain_text(doc: Document) -> str:
    parts = [doc.summary]
    for ch in doc.chapters:
        if ch.kind not in ("rules", "inactive"):
            continue
        for item in ch.items:
            if isinstance(item, Heading):
                parts.append(item.title)
                continue
            if isinstance(item, ExampleItem):
                parts.append(item.title.plain())
            for block in getattr(item, "blocks", [item]):
                parts += [t.plain() for t in block_texts(block)]
    return "\n".join(parts)


def build_document(v, lang: str, ws: Workspace | None = None, engine=None, kind: str = "reference") -> Document:
    """The book of checked variant `v` in one language: the `reference` or the `handout`;
    examples from `engine` (default: its generated engine)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if kind not in BOOKS:
        raise ValueError(f"unknown book {kind!r}: expected reference or handout")
    if v.abstract:
        raise RulebookError(msg("commands.book.abstract", name=v.name))
    renderers = renderers_of(v)
    examples = examples_for(v) if engine is None else compute_examples(v, engine)
    ctx = Ctx(v)
    zh = lang == "zh"
    reference = kind == "reference"

    by_chapter, inactive, checking = _rule_items(v, renderers, lang, kind)
    add_origins(v, by_chapter, lang)   # where each rule comes from, when not from the variant's own source
    # Examples after the rules they illustrate.
    for chapter in EXAMPLE_CHAPTERS:
        found = example_items(ctx, examples, chapter, lang, table=not reference)
        if found:
            by_chapter[chapter].append(Heading("例子" if zh else "Worked examples", f"{chapter}-examples"))
            by_chapter[chapter].extend(found)
    if reference:  # how the engine reads the rules: for the reference, not the table
        for chapter, readings in READINGS_OF_GAME.get(v.game, {}).items():
            label = plain("引擎的解读" if zh else "How the engine reads this")
            for reading in readings:
                by_chapter[chapter].append(Note("reading", label, T(reading[0] if zh else reading[1])))
    by_chapter["inactive"] = inactive

    intros = _intros(v, lang)
    intros["players"] = intros.get("players", []) + [seating_figure(v, lang)]   # the seats, drawn
    chapters = []
    number = 0
    for cid, title_zh, title_en, chapter_kind in _chapter_order():
        if not reference and (cid in HANDOUT_SKIPS or chapter_kind in ("notes", "inactive")):
            continue
        items = by_chapter.get(cid, [])
        # A chapter of rules another game does not have (burning, tribute ... in Shuangkou) is left out.
        if chapter_kind in ("rules", "inactive") and not items:
            continue
        number += 1
        chapters.append(Chapter(f"ch-{cid}", number, title_zh if zh else title_en, intros.get(cid, []), items, chapter_kind))
    chapters = with_pictures(v, lang, chapters, engine, quick_at="chapter" if reference else "first")

    about = v.about
    title = f"{about.title} 规则书" if zh else f"{about.title_en}: the rules"
    if not reference:
        title = f"{about.title} 规则简本" if zh else f"{about.title_en}: the rules at the table"
    subtitle = f"{about.title_en} · {about.region}" if zh else f"{about.title} · {about.region_en or about.region}"
    lineage = " ← ".join(v.file_of(x) for x in v.lineage)
    summary = summary_text(about, lang)
    if reference:
        howto = [Para(T("本规则书由 gouji-dsl 根据规则文件 {l} 自动生成，内容与该玩法的引擎一致。规则后面的小号数字指向书末的注释：注释写明这条规则写在哪个文件的哪一行，引用了原始资料的哪几行（原文见附录），以及资料未说明或相互矛盾时项目所作的决定。书中的例子都由本玩法的引擎在生成时计算得出。", l=lineage) if zh else
                        T("This rulebook is generated by gouji-dsl from the rule file {l} and agrees with the variant's engine. The small numbers after the rules point to the notes at the end of the book: where each rule was written, which lines of the source documents it cites (quoted in the appendix), and how the project decided where the sources are silent or disagree. Every example was computed by this variant's engine when the book was generated.", l=lineage))]
        footer = (T("由 gouji-dsl {ver} 生成。规则文件：{l}。", ver=__version__, l=lineage) if zh else
                  T("Generated by gouji-dsl {ver} from {l}.", ver=__version__, l=lineage))
    else:
        howto = []
        footer = T("由 gouji-dsl {ver} 生成，例子由本玩法的引擎计算。", ver=__version__) if zh else \
            T("Made by gouji-dsl {ver}; the examples were computed by this variant's engine.", ver=__version__)
    coverage = coverage_note(v, lang)   # how complete the variant's own source is: the book opens with it
    howto = ([coverage] if coverage else []) + howto
    doc = Document(lang, v.name, title, subtitle, summary, howto, chapters, labels(lang), footer, kind=kind)
    if reference:
        quote_groups, quotes = quotes_of(v, lang)
        doc.files = source_files(v, ws)
        doc.quotes = quote_groups
        doc.notes = _number_notes(v, doc, lang, quotes, checking)
    resolve_terms(doc)
    doc.extra_cards = extra_names_of(v)
    mark_card_groups(doc, tuple(doc.extra_cards))
    if any(ch.kind == "glossary" for ch in chapters):  # the reference's (a handout has none)
        doc.glossary = [(plain(term), plain(en), plain(meaning))
                        for term, en, meaning in glossary_rows(v, lang, chinese_text(v, ws))]
    return doc


def with_pictures(v, lang: str, chapters: list[Chapter], engine=None, quick_at: str = "chapter") -> list[Chapter]:
    """The chapters with the narrated sample round after the chapters of the game's rules (after
    scoring) and the quick card (docs.sample_round, docs.quick_card), renumbered. The quick card
    is a printed page of its own: a numbered `chapter` after the sample round (the reference), or
    an unnumbered page outside the book's two columns, its first (`first`, the handout) or its
    last (`last`, the house-rule sheet)."""
    zh = lang == "zh"
    game = {f"ch-{c[0]}" for c in CHAPTERS[:CHAPTER_AFTER_PICTURES]}
    last = max((i for i, ch in enumerate(chapters) if ch.id in game), default=len(chapters) - 1)
    sample = sample_for(v, engine)
    told = []
    if sample is not None:
        intro, items = sample_items(Ctx(v), sample, lang)
        told.append(Chapter("ch-sample", 0, SAMPLE_TITLE[0] if zh else SAMPLE_TITLE[1], intro, items, "rules"))
    quick = quick_chapter(v, lang, 0, engine)
    if quick_at == "chapter":   # a chapter among others: its name alone, as in the contents
        quick.title = QUICK_TITLE[0] if zh else QUICK_TITLE[1]
    if quick_at == "first":
        out = [quick] + chapters[:last + 1] + told + chapters[last + 1:]
    elif quick_at == "last":
        out = chapters[:last + 1] + told + chapters[last + 1:] + [quick]
    else:
        out = chapters[:last + 1] + told + [quick] + chapters[last + 1:]
    number = 0
    for ch in out:
        if ch is not quick or quick_at == "chapter":
            number += 1
            ch.number = number
    return out


def _number_notes(v, doc: Document, lang: str, quotes: dict[str, str], checking: dict[str, list]) -> list[Endnote]:
    """An endnote for every rule item, numbered in reading order; a formula rule's note also
    gives the formula as the rule file writes it, and what its names mean."""
    notes: list[Endnote] = []
    for ch in doc.chapters:
        for item in ch.items:
            if isinstance(item, RuleItem):
                item.note = endnote(v, item.key, len(notes) + 1, lang, quotes)
                item.note.where += _as_written(checking.get(item.key, []), lang)
                notes.append(item.note)
    return notes


def _as_written(blocks: list, lang: str) -> Text:
    """A formula as the rule file writes it, and its legend, said inline for an endnote:
    "；公式：`carry_rule(rest)`（`rest`：……；……）"."""
    zh = lang == "zh"
    out = Text()
    for b in blocks:
        if isinstance(b, Formula_):
            out += T("；公式：`{f}`", f=b.source) if zh else T("; formula: `{f}`", f=b.source)
        elif isinstance(b, Bullets) and b.items:
            out += plain("（" if zh else " (")
            for i, item in enumerate(b.items):
                out += (plain("；" if zh else "; ") if i else Text()) + item
            out += plain("）" if zh else ")")
    return out


def _chapter_order():
    """(id, zh title, en title, kind) of every chapter of a reference, in order."""
    out = []
    for cid, title_zh, title_en, _sections in CHAPTERS:
        out.append((cid, title_zh, title_en, cid if cid in ("glossary", "quotes", "files") else "rules"))
        for extra, (zh, en, after) in EXTRA_CHAPTERS.items():
            if after == cid:
                out.append((extra, zh, en, extra))
    return out


def _why_it_matters(v, lang: str) -> list[Block]:
    """For a reader who has never played: why opening and burning matter (a Gouji variant
    that has them; the reference's first chapter)."""
    if v.game != "gouji":
        return []
    zh = lang == "zh"
    out: list[Block] = []
    if v.open.method != "none":
        tribute = v.tribute.enabled and "dian" in v.tribute.order
        sizes = {len(t) for t in v.table.teams}
        two = len(v.table.teams) == 2 and len(sizes) == 1
        size = sizes.pop() if two else 0
        teams_zh = f"两队各{'一两三四五六'[size - 1] if 0 < size <= 6 else size}人，" if two else "各队"
        teams_en = f"Two teams of {num(len(v.table.teams[0]))}" if two else "The teams"
        points = v.scoring.open_points != 0
        if zh:
            text = T("{t}比哪一方先把牌出完；但够级不光比谁先走科。四户乱缠之前，你出的[[级牌]]有一手没被打下来，就算**[[开点]]**", t=teams_zh)
            text += (T("：开没开点，决定下一局开始前你和对家之间的[[点贡]]（谁给谁进几张牌）{p}。", p="，也决定点贡分" if points else "")
                     if tribute else T("：开没开点决定{p}。", p="点贡分" if points else "点贡") if points else T("。"))
        else:
            text = T("{t} race to play out their cards, but Gouji is not only about going out first. Before the free-for-all, a player **[[开点|opens]]** when one of "
                     "their [[级牌|gouji plays]] is not beaten", t=teams_en)
            text += (T(": whether you open decides the [[点贡|open tribute]] between you and your opposite before the next game "
                       "(who hands whom how many cards){p}.", p=", and the open points of the score" if points else "")
                     if tribute else T(": whether you open decides the open points of the score.") if points else T("."))
        out.append(Para(text))
    if v.burning.allowed:
        out.append(Para(T("级牌通常只有对家能打；别人打掉它，就是**[[烧牌]]**。烧牌要手里的牌够硬，烧了以后自己剩下的牌也得按规矩出完，"
                          "否则烧牌失败；被烧掉的那手级牌不算开点。所以出级牌要看对家接不接得住、别人能不能烧，手里的王既用来打牌，也用来烧牌。")
                        if zh else
                        T("A gouji play can normally be answered only by its player's opposite; anyone else who beats it "
                          "**[[烧牌|burns]]** it. Burning takes a strong hand, and the burner must then play out the rest of "
                          "their cards under the burn's rules or fail; a burned play does not open. So a gouji play is made "
                          "with an eye on whether the opposite can answer it and whether anyone can burn it, and jokers serve "
                          "both to answer and to burn.")))
    return out


def _card_legend(v, lang: str) -> Text:
    """How the examples write cards (the first chapter's opening), extra card kinds included."""
    zh = lang == "zh"
    kinds = Text()
    for r in (v.cards.extra if "cards" in v.sections else ()):
        kinds += T("，`{t}` 表示{n}", t=r.token, n=r.zh) if zh else T(", `{t}` for the {n} ({z})", t=r.token, n=r.en, z=r.zh)
    if zh:
        return T("文中用 `3 4 5 6 7 8 9 10 J Q K A 2` 表示点数，`SJ` 表示小王，`BJ` 表示大王{k}；花色不写。", k=kinds)
    return T("Cards are written `3 4 5 6 7 8 9 10 J Q K A 2` for the ranks, `SJ` for the small joker (小王) and `BJ` for "
             "the big joker (大王){k}; suits are never written.", k=kinds)


def _intros(v, lang: str) -> dict[str, list[Block]]:
    zh = lang == "zh"
    cards = [Para(_card_legend(v, lang))]
    if "patterns" in v.sections and v.patterns.wilds:
        cards.append(Para(T("百搭牌当作别的牌出时写作 `BJ=9`：这张大王当作9。") if zh else
                          T("A wild card played as another card is written `BJ=9`: this big joker stands for a 9.")))
    return {
        "about": _why_it_matters(v, lang),
        "players": cards,
        "course": [Para(T("出牌一轮一轮地进行：有发牌权的人先出一手，其他人按顺序管牌或过牌，直到没人再管，最后出牌的人得到发牌权。") if zh else
                        T("Play goes in rounds: the player with the lead plays, the others in turn beat it or pass until nobody will, and the last to play wins the lead."))],
        "glossary": [Para(T("本玩法用到的术语（中文为玩家的叫法）：") if zh else T("The terms of the game, with the players' own Chinese words:"))],
        "quotes": [Para(T("规则所引用的原始资料各行（原文照录，包括原文的错别字和繁体字）：") if zh else
                        T("The source lines the rules cite, quoted as written (in Chinese, typos and traditional characters included):"))],
        "inactive": [Para(T("规则语言里有、但本玩法不用的规则（因为本玩法的其他规则使它们不起作用）：") if zh else
                           T("Rules of the rule language that this variant does not play, because its other rules leave them no effect:"))],
        "notes": [Para(T("每条注释对应正文中的同号规则：写在哪个文件的哪一行，引用了原始资料的哪几行，以及补足资料的项目决定。") if zh else
                        T("Each note belongs to the rule with the same number: the file and line it was written on, the source lines it cites, and the project's decision where the sources leave a gap."))],
        "files": [Para(T("本玩法的规则文件，以及它所继承的文件（先是本玩法，然后是上一级）：") if zh else
                       T("The variant's rule file and the files it extends (this variant first, then its ancestors):"))],
    }
