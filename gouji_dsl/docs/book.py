"""A variant's rulebook as a document: every rule's sentences (from the renderers
its module registered), in chapters and groups, with provenance, worked
examples, the engine's readings, the glossary, the cited lines and the rule files."""
from __future__ import annotations


from gouji_dsl import __version__
from gouji_dsl.model import schema as m
from gouji_dsl.docs import sentences
from gouji_dsl.docs.document import Block, Chapter, Document, Heading, Note, Para, RuleItem, anchor_of, resolve_terms
from gouji_dsl.docs.errors import RulebookError
from gouji_dsl.docs.example_blocks import example_items
from gouji_dsl.docs.examples import compute_examples, examples_for
from gouji_dsl.docs.glossary import glossary_rows
from gouji_dsl.docs.provenance import provenance, quotes_of, source_files
from gouji_dsl.docs.sentences import CHAPTERS, Ctx, Renderer
from gouji_dsl.docs.text import LANGS, T, plain
from gouji_dsl.lang.loader import Workspace

# Readings of the engine: true of every Gouji variant (the flow is shared), shown at the end of their chapter.
READINGS: dict[str, list[tuple[str, str]]] = {
    "course": [("不能打或无权打的人由系统自动过牌（要不起），不会被询问，也不会只为让牌而被询问；扣牌也是自动的。",
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
        "course": [("打不过上一手的人由系统自动过牌（要不起），不会被询问。",
                    "Players who cannot beat the play on the table are passed without being asked (要不起).")],
    },
}
EXAMPLE_CHAPTERS = ("plays", "course", "burning", "tribute", "scoring")


def renderers_of(v) -> list[Renderer]:
    """The renderer of every rule of the variant, in book order; a rule without one is an error."""
    out = []
    for section_name, section in v.sections.items():
        for f in m.rule_fields(section, v.game):
            key = f"{section_name}.{f.name}"
            renderer = sentences.renderer(key)
            if renderer is None:
                raise RulebookError(f"no rulebook rendering for the rule {key} ({f.metadata.get('zh', '')}): "
                                    f"add one to the rulebook region of gouji_dsl/rules/{section_name}.py")
            out.append(renderer)
    return sorted(out, key=Renderer.position)


def _rule_items(v, renderers: list[Renderer], lang: str, quotes: dict[str, str]) -> dict[str, list]:
    """Each chapter's rule items, with a heading wherever the group changes."""
    ctx = Ctx(v)
    zh = lang == "zh"
    by_chapter: dict[str, list] = {c[0]: [] for c in CHAPTERS}
    last_group: dict[str, object] = {}
    decisions_shown: dict[str, set] = {}
    for renderer in renderers:
        section, name = renderer.key.split(".")
        value = getattr(v.sections[section], name)
        try:
            zh_blocks, en_blocks = renderer.fn(ctx, value)
        except RulebookError:
            raise
        except Exception as exc:  # a renderer bug must name the rule
            raise RulebookError(f"rendering {renderer.key} failed: {type(exc).__name__}: {exc}") from exc
        blocks = sentences.blocks(zh_blocks if zh else en_blocks)
        prov, notes = provenance(v, renderer.key, lang, quotes)
        # A decision's summary is shown at its first rule in each chapter; later rules refer back.
        shown = decisions_shown.setdefault(renderer.chapter, set())
        for i, note in enumerate(notes):
            decision = note.label.plain().split()[-1]
            if decision in shown:
                notes[i] = Note("decision", note.label, T("同上（见本章前文）。") if zh else T("as above, earlier in this chapter."))
            shown.add(decision)
        items = by_chapter[renderer.chapter]
        if renderer.group != last_group.get(renderer.chapter):
            last_group[renderer.chapter] = renderer.group
            if renderer.group:
                title = renderer.group[0] if zh else renderer.group[1]
                items.append(Heading(title, f"{renderer.chapter}-{len(items)}"))
        items.append(RuleItem(anchor_of(renderer.key), renderer.key, blocks + notes, prov))
    return by_chapter


def build_document(v, lang: str, ws: Workspace | None = None, engine=None) -> Document:
    """The rulebook of checked variant `v` in one language; examples from `engine` (default: its generated engine)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if v.abstract:
        raise RulebookError(f"variant '{v.name}' is abstract: only concrete variants have a rulebook")
    renderers = renderers_of(v)
    examples = examples_for(v) if engine is None else compute_examples(v, engine)
    ctx = Ctx(v)
    zh = lang == "zh"
    quote_groups, quotes = quotes_of(v)

    by_chapter = _rule_items(v, renderers, lang, quotes)
    # Examples after the rules they illustrate.
    for chapter in EXAMPLE_CHAPTERS:
        found = example_items(ctx, examples, chapter, lang)
        if found:
            by_chapter[chapter].append(Heading("例子" if zh else "Worked examples", f"{chapter}-examples"))
            by_chapter[chapter].extend(found)
    for chapter, readings in READINGS_OF_GAME.get(v.game, {}).items():
        label = plain("引擎的解读" if zh else "How the engine reads this")
        for reading in readings:
            by_chapter[chapter].append(Note("reading", label, T(reading[0] if zh else reading[1])))

    intros = _intros(v, lang)
    chapters = []
    number = 0
    for cid, title_zh, title_en, _sections in CHAPTERS:
        items = by_chapter[cid]
        kind = cid if cid in ("glossary", "quotes", "files") else "rules"
        # Every rules chapter of a Gouji variant has items; a chapter of rules another game
        # does not have (burning, tribute ... in Shuangkou) is left out.
        if kind == "rules" and not items:
            continue
        number += 1
        chapters.append(Chapter(f"ch-{cid}", number, title_zh if zh else title_en, intros.get(cid, []), items, kind))

    about = v.about
    title = f"{about.title} 规则书" if zh else f"{about.title_en}: the rules"
    subtitle = f"{about.title_en} · {about.region}" if zh else f"{about.title} · {about.region}"
    lineage = " ← ".join(v.file_of(x) for x in v.lineage)
    key = _cited_key(v)
    howto = [Para(T("本规则书由 gouji-dsl 根据规则文件 {l} 自动生成，内容与该玩法的引擎一致。每条规则后面注明出处：{k}:L15 表示原始资料{k}第15行（原文见附录）；“决定”表示资料未说明或相互矛盾时，项目在 RULES.md 中所作的取舍。书中的例子都由本玩法的引擎在生成时计算得出。", l=lineage, k=key) if zh else
                  T("This rulebook is generated by gouji-dsl from the rule file {l} and agrees with the variant's engine. Each rule ends with its provenance: {k}:L15 is line 15 of source document {k} (quoted in the appendix); a ‘decision’ is how the project’s RULES.md fills a gap where the sources are silent or disagree. Every example was computed by this variant's engine when the book was generated.", l=lineage, k=key))]
    glossary = [(plain(term), plain(en), plain(meaning)) for term, en, meaning in glossary_rows(v, lang)]
    footer = (T("由 gouji-dsl {ver} 生成。规则文件：{l}。", ver=__version__, l=lineage) if zh else
              T("Generated by gouji-dsl {ver} from {l}.", ver=__version__, l=lineage))
    summary = (about.summary_zh or about.summary) if zh else about.summary
    doc = Document(lang, v.name, title, subtitle, summary, howto, chapters, _labels(lang), footer,
                   files=source_files(v, ws), quotes=quote_groups, glossary=glossary)
    resolve_terms(doc)
    return doc


def _cited_key(v) -> str:
    """The source document the how-to note cites as its example: 000 when the variant cites it."""
    keys = [row.key for row in v.about.sources]
    return "000" if "000" in keys or not keys else keys[0]


def _intros(v, lang: str) -> dict[str, list[Block]]:
    zh = lang == "zh"
    cards = [Para(T("文中用 `3 4 5 6 7 8 9 10 J Q K A 2` 表示点数，`SJ` 表示小王，`BJ` 表示大王；花色不写。") if zh else
                  T("Cards are written `3 4 5 6 7 8 9 10 J Q K A 2` for the ranks, `SJ` for the small joker (小王) and `BJ` for the big joker (大王); suits are never written."))]
    if "patterns" in v.sections and v.patterns.wilds:
        cards.append(Para(T("百搭牌当作别的牌出时写作 `BJ=9`：这张大王当作9。") if zh else
                          T("A wild card played as another card is written `BJ=9`: this big joker stands for a 9.")))
    return {
        "players": cards,
        "course": [Para(T("出牌一轮一轮地进行：有发牌权的人领出一手，其他人按顺序上牌或过牌，直到没人再打，最后出牌的人获得发牌权。") if zh else
                        T("Play goes in rounds: the player with the lead plays, the others in turn beat it or pass until nobody will, and the last to play wins the lead."))],
        "glossary": [Para(T("本玩法用到的术语（中文为玩家的叫法）：") if zh else T("The terms of the game, with the players' own Chinese words:"))],
        "quotes": [Para(T("规则所引用的原始资料各行（原文照录，包括原文的错别字和繁体字）：") if zh else
                        T("The source lines the rules cite, quoted as written (in Chinese, typos and traditional characters included):"))],
        "files": [Para(T("本玩法的规则文件，以及它所继承的文件（先是本玩法，然后是上一级）：") if zh else
                       T("The variant's rule file and the files it extends (this variant first, then its ancestors):"))],
    }


def _labels(lang: str) -> dict:
    zh = lang == "zh"
    return {
        "contents": "目录" if zh else "Contents",
        "rule": "规则" if zh else "rule",
        "written": "写于" if zh else "written in",
        "sources": "出处" if zh else "sources",
        "no_sources": "无" if zh else "none",
        "example": "例" if zh else "Example",
        "term": "术语" if zh else "term",
        "english": "英文" if zh else "English",
        "meaning": "解释" if zh else "meaning",
        "print_hint": "打印时目录自动隐藏。" if zh else "The sidebar is hidden when printing.",
        "lang": "zh-Hans" if zh else "en",
        "line": "行" if zh else "line",
    }
