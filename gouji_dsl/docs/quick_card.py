"""The quick card: one A4 side to keep on the table, drawn from the variant (so a house rule
gets its own). Gouji: the seats, the card order, the 级牌 thresholds, what beats what, the
burn condition, 开点, the tribute (落贡 and the 点贡 grid) and the place points. Shuangkou:
the seats, the card order, the play types, bombs and their lines, what beats what, the
results and how a game scores.

Values come from the rule model; what beats what and the 点贡 grid from the variant's engine
(the worked examples' comparisons; `tributes` of a result for every case of a pair of
opposites); the burn condition and 开点 are the rule's own handout sentences.

    quick_boxes(v, lang, ws) -> [QuickBox]     # the card's boxes
    quick_chapter(v, lang, number) -> Chapter  # the card as the last chapter of a book
    build_quick(v, lang, ws) -> Document       # the card alone (`gouji doc VARIANT --quick`)
"""
from __future__ import annotations

from gouji_dsl import __version__
from gouji_dsl.docs.pictures import cards, extra_names_of, mark_card_groups, seating_figure
from gouji_dsl.facets import sentences
from gouji_dsl.facets.sentences import Ctx
from gouji_dsl.prose.document import (
    Bullets,
    Chapter,
    Document,
    Figure,
    Para,
    QuickBox,
    Table,
    TRow,
    block_texts,
    labels,
    resolve_terms,
)
from gouji_dsl.prose.text import T, Text, join, plain

TITLE = ("速查卡", "Quick card")
BEATS_SHOWN = 5       # comparisons on the card
TYPES_SHOWN = 10      # Shuangkou play types on the card


def _rule(ctx: Ctx, key: str, lang: str) -> list:
    """A rule's handout blocks (its own sentences, for the table)."""
    renderer = sentences.renderer(key)
    return sentences.for_the_players(sentences.rule_blocks(ctx, renderer, lang)[1])[0] if renderer else []


def _place(ctx: Ctx, place: int, lang: str) -> Text:
    """A place by its name: 头科; in English "first (头科)"."""
    row = ctx.places.get(place)
    if lang == "zh":
        return plain(ctx.place_zh(place))
    return T("{en} ({zh})", en=row.en, zh=row.zh) if row else T("place {p}", p=place)


def _order_tokens(v) -> str:
    return " ".join(v.cards.order)


def _order_box(ctx: Ctx, lang: str) -> QuickBox:
    zh = lang == "zh"
    v = ctx.v
    blocks = [Para((T("从小到大：") if zh else T("Lowest to highest: ")) + cards(_order_tokens(v)))]
    if v.cards.filler:
        f = v.cards.filler
        blocks.append(Para(T("贴{f}：{f}和别的点数一起出，当作那个点数。", f=f) if zh else
                           T("Filler {f}s: played with another rank, a {f} counts as that rank.", f=f)))
    if "patterns" in v.sections and v.patterns.wilds:
        wild = "BJ=9"
        blocks.append(Para(T("百搭：王可以当作别的牌，{c} 是当作9的大王。", c=cards(wild)) if zh else
                           T("Wild cards: a joker may stand for another card; {c} is a big joker played as a 9.", c=cards(wild))))
    return QuickBox("quick-order", T("牌的大小") if zh else T("Card order"), blocks)


def _seats_box(v, lang: str) -> QuickBox:
    zh = lang == "zh"
    return QuickBox("quick-seats", T("座位与出牌方向") if zh else T("Seats and the direction of play"),
                    [seating_figure(v, lang)])


def _beats_table(rows, lang: str) -> Table:
    zh = lang == "zh"
    head = [plain(x) for x in (("先出", "再出", "管得上吗") if zh else ("led", "answered with", "beats it?"))]
    body = [TRow([cards(c.lead), cards(c.play), plain(("管得上" if c.beats else "管不上") if zh else ("yes" if c.beats else "no"))])
            for c in rows[:BEATS_SHOWN]]
    return Table(head, body)


# --- Gouji ------------------------------------------------------------------------------

def _gouji_box(ctx: Ctx, lang: str) -> QuickBox:
    zh = lang == "zh"
    v = ctx.v
    smallest = Text()
    for i, row in enumerate(v.gouji.thresholds):
        smallest += (plain(" ") if i else Text()) + cards(" ".join([row.rank] * row.at_least))
    blocks: list = [Para((T("这么多张起就是级牌：") if zh else T("Gouji plays from these sizes up: ")) + smallest)]
    notes = []
    if v.gouji.jokers_make_gouji:
        notes.append(T("带王的牌都是级牌。") if zh else T("Any play with a joker is a gouji play."))
    if v.flow.gouji_answer == "opposite_only":
        notes.append(T("级牌只有对家能管（烧牌除外）。") if zh else T("Only the opposite may answer a gouji play (unless someone burns it)."))
    if notes:
        blocks.append(Bullets(notes))
    return QuickBox("quick-gouji", T("[[级牌]]") if zh else T("[[级牌|Gouji plays]]"), blocks)


def _gouji_beats_box(ctx: Ctx, examples, lang: str) -> QuickBox:
    zh = lang == "zh"
    v = ctx.v
    blocks = [_beats_table(examples.beats, lang)]
    if v.plays.compare == "any_play":
        blocks.insert(0, Para(T("张数相同就管得上，随便管，不比大小。") if zh else
                              T("Any play of the same number of cards answers: nothing is compared.")))
    elif v.plays.same_size:
        blocks.insert(0, Para(T("张数相同，逐张比大。") if zh else T("Same number of cards, compared card by card.")))
    return QuickBox("quick-beats", T("谁管谁") if zh else T("What beats what"), blocks)


def _dian_cases(v, e) -> tuple[list[str], list[str], dict]:
    """The 点贡 between seat 1 ("me") and its opposite at level 1, for each case of who
    declared and who opened, from the engine's `tributes`: (declared cases, opened cases,
    {(declared, opened): (me_gives, opp_gives)})."""
    players = v.table.players
    me = 1
    opp = next(b if a == me else a for a, b in v.table.opposites if me in (a, b))
    declared_cases = ["neither"]
    if v.open.declare:
        declared_cases += ["me", "opp", "both"]
    opened_cases = ["me", "opp", "both", "neither"]
    out = {}
    for d in declared_cases:
        for o in opened_cases:
            seats_of = {"me": {me}, "opp": {opp}, "both": {me, opp}, "neither": set()}
            others = set(range(1, players + 1)) - {me, opp}
            result = {"finish": list(range(1, players + 1)), "opened": sorted(seats_of[o] | others),
                      "declared": sorted(seats_of[d])}
            given = {me: 0, opp: 0}
            for t in e.tributes(result):
                if t["kind"] == "dian" and {t["from"], t["to"]} == {me, opp}:
                    given[t["from"]] += t["count"]
            out[(d, o)] = (given[me], given[opp])
    return declared_cases, opened_cases, out


_DECLARED = {"neither": ("都不宣", "nobody declared"), "me": ("我宣", "I declared"), "opp": ("对家宣", "opposite declared"),
             "both": ("都宣", "both declared")}
_OPENED = {"me": ("我开", "I opened"), "opp": ("对家开", "opposite opened"), "both": ("都开", "both opened"),
           "neither": ("都没开", "neither opened")}


def _dian_cell(me: int, opp: int, lang: str) -> Text:
    zh = lang == "zh"
    if me and opp:
        return T("我给{a}，对家给{b}", a=me, b=opp) if zh and me != opp else \
            T("互进{a}", a=me) if zh else T("each gives {a}", a=me) if me == opp else T("I give {a}, opp. {b}", a=me, b=opp)
    if me:
        return T("我进{a}", a=me) if zh else T("I give {a}", a=me)
    if opp:
        return T("对家进{a}", a=opp) if zh else T("opp. gives {a}", a=opp)
    return plain("—")


def _tribute_box(ctx: Ctx, e, lang: str) -> QuickBox | None:
    zh = lang == "zh"
    v = ctx.v
    tr = v.tribute
    if not tr.enabled:
        return None
    blocks: list = []
    if "luo" in tr.order and tr.luo:
        parts = [T("{a}→{b} {n}张", a=_place(ctx, r.payer, lang), b=_place(ctx, r.receiver, lang), n=r.count) if zh else
                 T("{a} → {b}: {n}", a=_place(ctx, r.payer, lang), b=_place(ctx, r.receiver, lang), n=r.count) for r in tr.luo]
        blocks.append(Para((T("[[落贡]]：") if zh else T("[[落贡|Place tribute]]: ")) + join(parts, lang, "；", ";")))
    if "dian" in tr.order and tr.dian:
        declared, opened, cases = _dian_cases(v, e)
        if len(declared) > 1:
            corner = plain("宣点＼开点" if zh else "declared / opened")
        else:
            corner = plain("开点" if zh else "opened")
        head = [corner] + [plain(_OPENED[o][0 if zh else 1]) for o in opened]
        rows = [TRow([plain(_DECLARED[d][0 if zh else 1] if len(declared) > 1 else ("点贡" if zh else "tribute"))] +
                     [_dian_cell(*cases[(d, o)], lang) for o in opened]) for d in declared]
        blocks.append(Para(T("[[点贡]]（我与对家之间，1级）：") if zh else T("[[点贡|Open tribute]] (me and my opposite, level 1):")))
        blocks.append(Table(head, rows))
        if tr.dian_max_level > 1:
            blocks.append(Para(T("同一对对家连续几局结果相同，逐局升一级，最多{n}级。", n=tr.dian_max_level) if zh else
                               T("The same result for a pair in a row raises the level by one a game, up to {n}.", n=tr.dian_max_level)))
    extra = []
    if "shao" in tr.order and tr.shao:
        extra.append(T("[[烧贡]]：被烧成功的人给烧牌者{n}张", n=tr.shao) if zh else
                     T("[[烧贡|Burn tribute]]: {n} from the burned player to the burner", n=tr.shao))
    if "men" in tr.order and tr.men:
        extra.append(T("[[闷贡]]：{n}张", n=tr.men) if zh else T("[[闷贡|Threes tribute]]: {n}", n=tr.men))
    if tr.returned:
        extra.append(T("[[还贡]]：收几张还几张") if zh else T("[[还贡|Return]]: as many cards as received"))
    if extra:
        blocks.append(Bullets(extra))
    wide = "dian" in tr.order and tr.dian and v.open.declare   # a grid of four rows takes the card's width
    return QuickBox("quick-tribute", T("[[进贡]]") if zh else T("[[进贡|Tribute]]"), blocks, place="bottom" if wide else "cols")


def _points_box(ctx: Ctx, lang: str) -> QuickBox:
    zh = lang == "zh"
    v = ctx.v
    sc = v.scoring
    places = range(1, len(sc.place_points) + 1)
    head = [plain("名次" if zh else "place")] + [_place(ctx, p, lang) for p in places]
    row = [plain("名次分" if zh else "points")] + [plain(f"{x:+d}" if x else "0") for x in sc.place_points]
    blocks: list = [Table(head, [TRow(row)], numeric=tuple(range(1, len(head))))]
    notes = []
    if sc.team_sum:
        notes.append(T("每人得本方名次分之和。") if zh else T("Everyone scores the sum of their team's place points."))
    if sc.open_points:
        notes.append(T("开点而对家没开：+{n}；没开而对家开了：−{n}。", n=sc.open_points) if zh else
                     T("Opened while the opposite did not: +{n}; the other way round: −{n}.", n=sc.open_points))
    if v.end.sweep and sc.sweep_multiplier != 1:
        notes.append(T("[[串三户]]：名次分×{n}。", n=sc.sweep_multiplier) if zh else
                     T("[[串三户|Sweep]]: place points ×{n}.", n=sc.sweep_multiplier))
    if sc.scale != 1:
        notes.append(T("所有得分再×{n}。", n=sc.scale) if zh else T("Every score is then multiplied by {n}.", n=sc.scale))
    if sc.outcome == "win_draw_loss":
        notes.append(T("只论胜平负：得分为正胜（1），为零平（0），为负负（−1）。") if zh else
                     T("Only a win, a draw or a loss counts: a positive score wins (1), zero draws (0), a negative one loses (−1)."))
    if notes:
        blocks.append(Bullets(notes))
    return QuickBox("quick-points", T("计分") if zh else T("Scoring"), blocks, place="bottom")


def _gouji_boxes(ctx: Ctx, e, examples, lang: str) -> list[QuickBox]:
    zh = lang == "zh"
    v = ctx.v
    boxes = [_seats_box(v, lang), _order_box(ctx, lang), _gouji_box(ctx, lang), _gouji_beats_box(ctx, examples, lang)]
    if v.burning.allowed:
        boxes.append(QuickBox("quick-burn", T("[[烧牌]]") if zh else T("[[烧牌|Burning]]"), _rule(ctx, "burning.condition", lang)))
    if v.open.method != "none":
        boxes.append(QuickBox("quick-open", T("[[开点]]") if zh else T("[[开点|Opening]]"), _rule(ctx, "open.method", lang)))
    tribute = _tribute_box(ctx, e, lang)
    if tribute is not None:
        boxes.append(tribute)
    boxes.append(_points_box(ctx, lang))
    return boxes


# --- Shuangkou ----------------------------------------------------------------------------

def _spaced(parts: list[Text], between: str) -> Text:
    out = Text()
    for i, part in enumerate(parts):
        out += (plain(between) if i else Text()) + part
    return out


def _pattern_boxes(ctx: Ctx, examples, lang: str) -> list[QuickBox]:
    from gouji_dsl.docs.pattern_examples import kind_names

    zh = lang == "zh"
    v = ctx.v
    seen: set = set()
    shown = []
    for play in examples.types:
        if play.valid and play.type not in seen and len(shown) < TYPES_SHOWN:
            seen.add(play.type)
            name = kind_names(v, play)
            shown.append(T("{n} {c}", n=name[0] if zh else name[1], c=cards(play.cards)))
    types = QuickBox("quick-types", T("牌型") if zh else T("Play types"),
                     [Para(_spaced(shown, "；" if zh else "; "))])
    shown = [T("{c} {n}线", c=cards(b.cards), n=b.lines) if zh else T("{c} {n} lines", c=cards(b.cards), n=b.lines)
             for b in examples.bombs if b.valid][:6]
    bombs = QuickBox("quick-bombs", T("炸弹与线数") if zh else T("Bombs and their lines"),
                     [Para(_spaced(shown, "；" if zh else "; ")),
                      Para(T("炸弹能打任何不是炸弹的牌；炸弹之间线数多的大。") if zh else
                           T("A bomb beats any play that is not a bomb; between bombs, more lines win."))])
    beats = QuickBox("quick-beats", T("谁管谁") if zh else T("What beats what"),
                     [Para(T("同一牌型、同样长度，比最大的牌。") if zh else T("Same type and length: the top cards compare.")),
                      _beats_table(examples.beats, lang)])
    r = v.results
    head = [plain("结果" if zh else "result"), plain("胜方名次" if zh else "winners' places")]
    head += [_place(ctx, p, lang) for p in range(1, v.table.players + 1)]
    rows = [TRow([plain(c.zh) if zh else T("{n} ({z})", n=c.name.replace("_", " "), z=c.zh),
                  plain("、".join(map(str, c.winners)) if zh else ", ".join(map(str, c.winners)))]
                 + [plain(f"{x:+d}" if x else "0") for x in c.scores]) for c in r.classes]
    blocks: list = [Table(head, rows, numeric=tuple(range(2, len(head))))]
    if not r.no_doubling:
        mult = [TRow([plain("翻倍" if zh else "×")] + [plain(m.multiplier) for m in r.multipliers])]
        blocks.append(Table([plain("线数" if zh else "lines")] + [plain(m.lines) for m in r.multipliers], mult,
                            numeric=tuple(range(1, len(r.multipliers) + 1))))
    if r.bonus:
        gives = [TRow([plain("每家给" if zh else "each pays")] + [plain(b.each) for b in r.bonus])]
        blocks.append(Table([plain("给到分（线数）" if zh else "bomb bonus (lines)")] +
                            [plain(b.lines) for b in r.bonus], gives, numeric=tuple(range(1, len(r.bonus) + 1))))
    blocks.append(Para(T("得分 = 底分 {b} ×（胜负分 × 翻倍 + 给到分）", b=r.base) if zh else
                       T("Score = stake {b} × (result score × multiplier + bomb bonus)", b=r.base)))
    results = QuickBox("quick-results", T("胜负与计分") if zh else T("Results and scoring"), blocks, place="bottom")
    return [_seats_box(v, lang), _order_box(ctx, lang), types, bombs, beats, results]


# --- the card -------------------------------------------------------------------------------

def quick_boxes(v, lang: str, engine=None) -> list[QuickBox]:
    """The quick card's boxes for variant `v` in one language."""
    from gouji_dsl.docs.examples import compute_examples, engine_for, examples_for

    ctx = Ctx(v)
    examples = examples_for(v) if engine is None else compute_examples(v, engine)
    if "patterns" in v.sections:
        return _pattern_boxes(ctx, examples, lang)
    return _gouji_boxes(ctx, engine or engine_for(v), examples, lang)


def _height(box: QuickBox, lang: str) -> float:
    """A box's height in lines of text, roughly: what balances the card's two columns."""
    per_line = 22 if lang == "zh" else 40     # characters in a line of half the card

    def lines_of(text: Text) -> float:
        drawn = any(s.kind == "cards" for s in text.segs)   # a line with card faces is taller
        return (1 + len(text.plain()) // per_line) * (1.5 if drawn else 1)

    lines = 2.0
    for b in box.blocks:
        if isinstance(b, Table):
            tall = any(s.kind == "cards" for row in b.rows for cell in row.cells for s in cell.segs)
            lines += (len(b.rows) + 1) * (1.7 if tall else 1.2) + 0.5
        elif isinstance(b, Figure):
            lines += 7
        else:
            lines += sum(lines_of(t) for t in block_texts(b))
    return lines


def balance(boxes: list[QuickBox], lang: str) -> list[QuickBox]:
    """The boxes between the top and the bottom ones shared out between the card's two columns
    in reading order (the first ones down the left, the rest down the right), where the taller
    column is shortest."""
    middle = [b for b in boxes if b.place == "cols"]
    heights = [_height(b, lang) for b in middle]
    split = min(range(len(middle) + 1), key=lambda k: (max(sum(heights[:k]), sum(heights[k:])), k))
    for i, box in enumerate(middle):
        box.column = 0 if i < split else 1
    return boxes


def quick_chapter(v, lang: str, number: int, engine=None) -> Chapter:
    zh = lang == "zh"
    boxes = balance(quick_boxes(v, lang, engine), lang)
    title = f"{v.about.title} {TITLE[0]}" if zh else f"{v.about.title_en}: {TITLE[1].lower()}"
    return Chapter("ch-quick", number, title, [], boxes, "quick")


def build_quick(v, lang: str, ws=None, engine=None) -> Document:
    """The quick card of checked variant `v` alone: one A4 side (`gouji doc VARIANT --quick`)."""
    from gouji_dsl.rules.about import summary_text

    zh = lang == "zh"
    about = v.about
    title = f"{about.title} {TITLE[0]}" if zh else f"{about.title_en}: {TITLE[1].lower()}"
    subtitle = f"{about.title_en} · {about.region}" if zh else f"{about.title} · {about.region_en or about.region}"
    footer = T("由 gouji-dsl {ver} 生成。", ver=__version__) if zh else T("Made by gouji-dsl {ver}.", ver=__version__)
    doc = Document(lang, v.name, title, subtitle, summary_text(about, lang), [], [quick_chapter(v, lang, 1, engine)],
                   labels(lang), footer, kind="quick")
    doc.extra_cards = extra_names_of(v)
    resolve_terms(doc)
    mark_card_groups(doc, tuple(doc.extra_cards))
    return doc
