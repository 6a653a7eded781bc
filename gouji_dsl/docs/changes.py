"""The house-rule sheet: what a rule file changes from the variant it extends, one
page in the handout's style. Each changed rule is said twice, as the file plays it
and as its parent does (the rule's own rulebook sentences), with the situation
`gouji diff` found where the two engines disagree."""
from __future__ import annotations

from gouji_dsl import __version__
from gouji_dsl.docs.book import HEADER_RULES, with_pictures
from gouji_dsl.docs.pictures import extra_names_of, mark_card_groups
from gouji_dsl.facets import sentences
from gouji_dsl.facets.sentences import Ctx
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.prose.document import (
    Chapter,
    Document,
    ExampleItem,
    Heading,
    Para,
    RuleItem,
    anchor_of,
    labels,
    resolve_terms,
)
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.text import T, Text
from gouji_dsl.rules.about import summary_text

# Bookkeeping a player never sees.
_BOOKKEEPING = frozenset({"about.sources", "about.decisions"})


def _sentences(v, key: str, lang: str) -> list:
    """The blocks a rule's rulebook sentences make for variant `v`."""
    if key.split(".")[0] not in v.sections:
        return [Para(T("（本玩法没有这一节规则。）") if lang == "zh" else T("(this variant has no such rules.)"))]
    renderer = sentences.renderer(key)
    if renderer is None:
        raise RulebookError(msg("commands.book.no_rendering_short", rule=key))
    return sentences.for_the_players(sentences.rule_blocks(Ctx(v), renderer, lang)[1])[0]   # a formula in words only


def _labelled(label: Text, blocks: list) -> list:
    """The blocks after a bold label: on the first paragraph's line, unless that paragraph
    opens with bold words of its own (a rule's name), which then start their own line."""
    first = blocks[0] if blocks else None
    if isinstance(first, Para) and first.text.segs and first.text.segs[0].kind != "strong":
        return [Para(label + first.text)] + blocks[1:]
    return [Para(label)] + blocks


def _gives_results(v) -> bool:
    """Whether the variant's games give a win, a draw or a loss rather than points ([scoring] outcome)."""
    return "scoring" in v.sections and v.scoring.outcome == "win_draw_loss"


def build_changes(v, lang: str, ws: Workspace | None = None) -> Document:
    """The house-rule sheet of checked variant `v` against its parent, in one language."""
    from gouji_dsl import engines
    from gouji_dsl.diff.compare import diff_models
    from gouji_dsl.diff.search import counterexamples
    from gouji_dsl.docs.narrate import narrate
    from gouji_dsl.phases import Compilation

    ws = ws or Workspace()
    zh = lang == "zh"
    if len(v.lineage) < 2:
        raise RulebookError(msg("commands.book.changes_extends_nothing", name=v.name))
    parent = Compilation(ws, v.lineage[1]).checked
    if parent.abstract or v.abstract:
        raise RulebookError(msg("commands.book.changes_abstract", name=v.name, parent=parent.name))
    diffs = [d for d in diff_models(parent, v) if d.path not in HEADER_RULES | _BOOKKEEPING]
    examples = {e.rule: e for e in counterexamples(parent.name, v.name, diffs, ws=ws)}
    parent_title = parent.about.title if zh else parent.about.title_en
    this_title = v.about.title if zh else v.about.title_en
    items: list = []
    engine = None   # the parent's engine, to replay a game situation's actions
    seen: set[str] = set()
    section = None
    for d in diffs:
        if d.group in seen:
            continue
        seen.add(d.group)
        group = [x for x in diffs if x.group == d.group]
        if d.section != section:  # the changes of one section under its name
            section = d.section
            cls = d.cls
            items.append(Heading(cls.ZH if zh else cls.EN, f"changes-{section}"))
        now: list = []
        before: list = []
        for x in group:
            now += _sentences(v, x.path, lang)
            before += _sentences(parent, x.path, lang)
        blocks = (_labelled(T("**{t}：**", t=this_title) if zh else T("**{t}:** ", t=this_title), now)
                  + _labelled(T("**{p}：**", p=parent_title) if zh else T("**{p}:** ", p=parent_title), before))
        items.append(RuleItem(anchor_of(d.path), d.path, blocks))
        example = examples.get(d.group)
        if example is not None:  # told as play, with the titles players know, not the files' names
            if engine is None and not example.is_case:
                engine = engines.load(ws, parent.name)
            story = narrate(example, lang, (parent_title, this_title), Ctx(parent), engine,
                            (_gives_results(parent), _gives_results(v)))
            items.append(ExampleItem(f"example-{anchor_of(d.group)}", T("例：两种规则下的不同") if zh else T("Where the two differ"),
                                     [Para(story)]))
    about = v.about
    title = f"{about.title}：与{parent.about.title}不同的规则" if zh else f"{about.title_en}: house rules on {parent.about.title_en}"
    subtitle = f"{about.title_en} · {parent.about.title}" if zh else f"{about.title} · {parent.about.title_en}"
    if len(seen) == 1 and not zh:
        intro = T("The rule below is where this variant differs from {p}; every other rule is as in {p}. Its example was "
                  "computed by both variants' engines.", p=parent_title)
    elif items:
        intro = (T("下面是本玩法与{p}不同的{n}条规则；其他规则都和{p}一样。每条的例子由两种玩法的引擎实际算出。", p=parent_title, n=len(seen)) if zh else
                 T("The {n} rules below are where this variant differs from {p}; every other rule is as in {p}. Each example was computed by both variants' engines.",
                   p=parent_title, n=len(seen)))
    else:
        intro = T("本玩法的规则和{p}完全一样。", p=parent_title) if zh else T("This variant plays exactly as {p}.", p=parent_title)
    chapters = [Chapter("ch-changes", 1, "改动的规则" if zh else "What changes", [Para(intro)], items, "rules")]
    chapters = with_pictures(v, lang, chapters, quick_at="last")   # this variant's own sample round and quick card
    footer = (T("由 gouji-dsl {ver} 生成。", ver=__version__) if zh else T("Made by gouji-dsl {ver}.", ver=__version__))
    summary = summary_text(about, lang)
    if summary == summary_text(parent.about, lang):
        summary = ""  # the parent's sentence, inherited: not what this file is about
    doc = Document(lang, v.name, title, subtitle, summary, [], chapters, labels(lang), footer, kind="changes")
    resolve_terms(doc)
    doc.extra_cards = extra_names_of(v)
    mark_card_groups(doc, tuple(doc.extra_cards))
    return doc
