"""The worked examples of a pattern variant (Shuangkou) as rulebook items: the plays
and bombs the engine classifies, the comparisons it decides and one scored game."""
from __future__ import annotations

from gouji_dsl.prose.document import Bullets, ExampleItem, Para, Table, TRow
from gouji_dsl.docs.pattern_examples import PatternExamples, PlayExample, kind_names
from gouji_dsl.facets.sentences import Ctx
from gouji_dsl.prose.text import T, Text, code, join, plain


def pattern_example_items(ctx: Ctx, ex: PatternExamples, chapter: str, lang: str) -> list[ExampleItem]:
    if chapter == "plays":
        return _plays_items(ctx, ex, lang)
    if chapter == "scoring":
        return [_score_item(ctx, ex, lang)]
    return []


def _kind_cell(ctx: Ctx, play: PlayExample, lang: str) -> Text:
    if not play.valid:
        return plain("不是一手牌" if lang == "zh" else "not a play")
    zh, en = kind_names(ctx.v, play)
    return plain(zh if lang == "zh" else en)


def _lines_cell(play: PlayExample) -> Text:
    return plain(play.lines) if play.lines else plain("—")


def _play_table(ctx: Ctx, plays: list[PlayExample], lang: str, lines: bool, notes: bool) -> Table:
    zh = lang == "zh"
    head = ["牌", "是什么"] if zh else ["cards", "what it is"]
    head += (["线数"] if zh else ["lines"]) if lines else []
    head += (["说明"] if zh else ["note"]) if notes else []
    rows = []
    for play in plays:
        cells = [code(play.cards), _kind_cell(ctx, play, lang)]
        cells += [_lines_cell(play)] if lines else []
        cells += [play.note_zh if zh else play.note_en] if notes else []
        rows.append(TRow(cells))
    return Table([plain(h) for h in head], rows, numeric=(2,) if lines else ())


def _plays_items(ctx: Ctx, ex: PatternExamples, lang: str) -> list[ExampleItem]:
    zh = lang == "zh"
    items = []
    intro = (T("每种牌型最短的一手和另一手，以及几手不成牌型的牌：") if zh else
             T("The shortest play of each type and one more, and cards that make no play:"))
    items.append(ExampleItem("example-types", T("例：各种牌型") if zh else T("Example: the play types"),
                             [Para(intro), _play_table(ctx, ex.types, lang, False, True)]))
    intro = (T("同一点数张数越多，线数越多；王炸的线数见上表：") if zh else
             T("The more cards of a rank, the more lines; joker bombs have the lines listed above:"))
    items.append(ExampleItem("example-bombs", T("例：炸弹与线数") if zh else T("Example: bombs and their lines"),
                             [Para(intro), _play_table(ctx, ex.bombs, lang, True, False)]))
    if ex.wilds:
        intro = (T("`BJ=9` 表示这张大王当作9出，`SJ=9` 表示小王当作9：") if zh else
                 T("`BJ=9` is a big joker played as a 9, `SJ=9` a small joker played as a 9:"))
        items.append(ExampleItem("example-wilds", T("例：百搭") if zh else T("Example: wild cards"),
                                 [Para(intro), _play_table(ctx, ex.wilds, lang, True, True)]))
    if ex.chains:
        items.append(ExampleItem("example-chains", T("例：连环炸") if zh else T("Example: chain bombs"),
                                 [_play_table(ctx, ex.chains, lang, True, True)]))
    head = [plain(x) for x in (("先出的牌", "管牌", "管得上吗", "为什么") if zh else ("lead", "answer", "beats it?", "why"))]
    rows = [TRow([code(c.lead), code(c.play), plain(("管得上" if c.beats else "管不上") if zh else ("yes" if c.beats else "no")),
                  c.why_zh if zh else c.why_en]) for c in ex.beats]
    items.append(ExampleItem("example-beats", T("例：谁打得过谁") if zh else T("Example: which plays beat which"),
                             [Table(head, rows)]))
    return items


def _signed(x: int) -> Text:
    return plain(f"{x:+d}" if x else "0")


def _seat(ctx: Ctx, seat: int, place: int | None, lang: str) -> Text:
    return ctx.seat_zh(seat, place) if lang == "zh" else ctx.seat_en(seat, place)


def _merge_text(seat: int, steps, best: int, lang: str) -> Text:
    """How one winner's bombs merge into their line count."""
    zh = lang == "zh"
    if not best:
        return T("{s}号没有打出炸弹", s=seat) if zh else T("seat {s} played no bomb", s=seat)
    parts = []
    for lines, n, add, merged in steps:
        sign = "+" if add >= 0 else "−"
        parts.append(T("{n}个{l}线炸弹合并为 {l} + {n} {g} {a} = {m}线", n=n, l=lines, g=sign, a=abs(add), m=merged) if zh else
                     T("{n} bombs of {l} lines merge into {l} + {n} {g} {a} = {m} lines", n=n, l=lines, g=sign, a=abs(add), m=merged))
    if parts:
        head = T("{s}号：", s=seat) if zh else T("seat {s}: ", s=seat)
        return head + join(parts, lang, "，然后", ", then")
    return T("{s}号：最高{b}线", s=seat, b=best) if zh else T("seat {s}: {b} lines", s=seat, b=best)


def _score_item(ctx: Ctx, ex: PatternExamples, lang: str) -> ExampleItem:
    zh = lang == "zh"
    v, g = ctx.v, ex.game
    finish = g.result["finish"]
    order = join([_seat(ctx, s, g.places[s], lang) for s in finish], lang, "、", ",")
    holding = [s for s in range(1, v.table.players + 1) if s not in finish]
    lines = [T("出完牌的顺序：{o}", o=order) if zh else T("Order of going out: {o}", o=order)]
    if holding:
        rest = join([_seat(ctx, s, g.places[s], lang) for s in holding], lang, "、", ",")
        lines.append(T("这时一方的两人都已出完，本局结束；{r}手里还有牌", r=rest) if zh else
                     T("A whole team is then out and the game ends; {r} still holds cards", r=rest))
    for seat, cards, n in g.bombs:
        lines.append(T("{s}号打出 `{c}`（{n}线）", s=seat, c=cards, n=n) if zh else
                     T("Seat {s} played `{c}` ({n} lines)", s=seat, c=cards, n=n))
    blocks = [Para(T("假设一局是这样打的：") if zh else T("Suppose a game went like this:")), Bullets(lines)]
    row = g.class_row
    won = "、".join(map(str, sorted(g.places[s] for s in g.winners))) if zh else \
        ", ".join(map(str, sorted(g.places[s] for s in g.winners)))
    scores_by_place = join([_signed(x) for x in row.scores], lang, "、", ",")
    blocks.append(Para(
        T("**胜负**：{f}号最先出完，{w}一方获胜；胜方的名次是{p}，结果为**{c}**，各名次的胜负分依次为{s}。",
          f=finish[0], w=ctx.seats_zh(g.winners), p=won, c=row.zh, s=scores_by_place) if zh else
        T("**Who wins**: seat {f} went out first, so {w} win; their places are {p}, a **{c}** ({z}), which scores "
          "the places {s} in order.", f=finish[0], w=ctx.seats_en(g.winners), p=won, c=row.name, z=row.zh, s=scores_by_place)))
    merged = join([_merge_text(s, g.merges[s], g.best[s], lang) for s in g.winners], lang, "；", ";")
    if v.results.no_doubling:
        times = T("本玩法无翻倍，翻倍数为1。") if zh else T("There is no doubling here: the multiplier is 1.")
    else:
        times = (T("胜方最高{l}线，翻倍数为{m}。", l=g.top_lines, m=g.multiplier) if zh else
                 T("The winners' best is {l} lines, so the multiplier is {m}.", l=g.top_lines, m=g.multiplier))
    blocks.append(Para((T("**翻倍**：") if zh else T("**Multiplier**: ")) + merged + plain("。" if zh else ". ") + times))
    head = [plain(x) for x in (("打出的人", "炸弹", "线数", "其他每人给") if zh else ("played by", "bomb", "lines", "each other player pays"))]
    rows = [TRow([plain(seat), code(cards), plain(n), plain(each)]) for seat, cards, n, each in g.bonus]
    blocks.append(Para(T("**给到分**：每个炸弹按它自己的线数计，不论胜负：") if zh else
                       T("**Bomb bonus** (给到分): each bomb by its own lines, win or lose:")))
    blocks.append(Table(head, rows, numeric=(0, 2, 3)))
    head = [plain(x) for x in (("座位", "名次", "胜负分", "翻倍数", "给到分", "得分") if zh else
                               ("seat", "place", "result score", "multiplier", "bomb bonus", "score"))]
    rows = []
    for seat in range(1, v.table.players + 1):
        place = g.places[seat]
        rows.append(TRow([plain(seat), plain(ctx.place_zh(place)) if zh else ctx.place_en(place),
                          _signed(row.scores[place - 1]), plain(g.multiplier), _signed(g.gains[seat - 1]),
                          _signed(g.scores[seat - 1])]))
    blocks.append(Para(T("每人得分：得分 = 底分 {b} ×（胜负分 × 翻倍数 + 给到分）。", b=g.base) if zh else
                       T("Each seat's score: score = stake {b} × (result score × multiplier + bomb bonus).", b=g.base)))
    blocks.append(Table(head, rows, numeric=(0, 2, 3, 4, 5)))
    blocks.append(Para(T("得分之和：{s}。", s=sum(g.scores)) if zh else T("Sum of the scores: {s}.", s=sum(g.scores))))
    return ExampleItem("example-score-1", T("例：一局的计分") if zh else T("Example: scoring a game"), blocks)
