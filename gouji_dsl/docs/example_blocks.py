"""The worked examples as rulebook items: the tables and sentences each chapter shows."""
from __future__ import annotations

from gouji_dsl.prose.document import Block, Bullets, ExampleItem, Para, Table, TRow
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.pattern_blocks import pattern_example_items
from gouji_dsl.docs.pattern_examples import PatternExamples
from gouji_dsl.facets.sentences import Ctx
from gouji_dsl.prose.text import T, Text, code, join, plain, plural
from gouji_dsl.messages import msg
from gouji_dsl.rules.tribute import tribute_name
from gouji_dsl.runtime.numbers import signed as number_text


def example_items(ctx: Ctx, ex, chapter: str, lang: str, table: bool = False) -> list[ExampleItem]:
    """The example items of one chapter: Gouji's, or a pattern variant's (pattern_blocks).
    For the table (the handout): one settled game, and a burn without the values of the rule
    file's formula."""
    if isinstance(ex, PatternExamples):
        return pattern_example_items(ctx, ex, chapter, lang)
    zh = lang == "zh"
    v = ctx.v
    items: list[ExampleItem] = []
    if chapter == "plays":
        head = [plain(x) for x in (("先出的牌", "管牌", "管得上吗", "为什么") if zh else ("lead", "answer", "beats it?", "why"))]
        rows = [TRow([code(c.lead), code(c.play), plain(("管得上" if c.beats else "管不上") if zh else ("yes" if c.beats else "no")),
                      c.why_zh if zh else c.why_en]) for c in ex.beats]
        blocks = [Table(head, rows)]
        for lead in ex.nothing_beats:
            blocks.append(Para(T("`{c}`：没有任何一手牌打得过它，即使每种牌各有4张也不行。", c=lead) if zh else
                               T("`{c}`: no play at all beats it, not even from four of every card.", c=lead)))
        items.append(ExampleItem("example-beats", T("例：谁管得上谁") if zh else T("Example: which plays beat which"), blocks))
        head = [plain(x) for x in (("牌", "点数", "张数", "级牌吗") if zh else ("cards", "rank", "size", "gouji play?"))]
        rows = [TRow([code(c), code(r) if r else plain("—"), plain(s), plain(("是" if g else "不是") if zh else ("yes" if g else "no"))])
                for c, r, s, g, _why in ex.gouji]
        blocks = [Para(T("同一点数，张数够不够决定是不是级牌：") if zh else
                       T("The same rank is or is not a gouji play depending on its size:")),
                  Table(head, rows, numeric=(2,))]
        items.append(ExampleItem("example-gouji", T("例：级牌与非级牌") if zh else T("Example: gouji plays and others"), blocks))
    elif chapter == "course" and ex.opens:
        head = [plain(x) for x in (("赢得发牌权的牌", "计入开点吗") if zh else ("play that won the lead", "counts towards opening?"))]
        rows = [TRow([code(c), plain(("计入" if o else "不计入") if zh else ("yes" if o else "no"))]) for c, o in ex.opens]
        items.append(ExampleItem("example-opens", T("例：哪些牌计入开点") if zh else T("Example: which plays count towards opening"),
                                 [Table(head, rows)]))
    elif chapter == "burning" and ex.burn:
        b = ex.burn
        blocks = [Para(T("别人（不是你的对家）出了级牌 `{t}`。下面两手牌只差一张，一手能烧，一手不能：", t=b["target"]) if zh else
                       T("Someone who is not your opposite plays the gouji play `{t}`. The two hands below differ by one card; one may burn it, the other may not:", t=b["target"]))]
        for hand_key, detail_key in (("good", "good_detail"), ("bad", "bad_detail")):
            d = b[detail_key]
            # The reference also says what the condition finds in the rest, in words (the handout: whether it holds).
            found = [T("{w}：{v}", w=w, v=_show_value(val, lang)) if zh else T("{w}: {v}", w=w, v=_show_value(val, lang))
                     for w_zh, w_en, val in d["words"] for w in (w_zh if zh else w_en,)]
            if zh:
                verdict = "**可以烧**" if d["ok"] else "**不能烧**"
                text = T("手牌 `{h}`：{v}。用 `{p}` 打掉 `{t}` 后，余牌是 `{r}`；", h=b[hand_key], v=T(verdict), p=d["play"],
                         t=b["target"], r=d["rest"])
                if table or not found:
                    text += T("这手牌{c}烧牌条件。", c="符合" if d["ok"] else "不符合")
                else:
                    text += join(found, lang, "，", ",") + T("，{c}。", c="条件成立" if d["ok"] else "条件不成立")
                if d["uses_carry"]:
                    text += T("（余牌有{s}套、{j}张王：每手带王需要套数不超过王数加1。）", s=d["rest_sets"], j=d["rest_jokers"])
            else:
                verdict = "**may burn**" if d["ok"] else "**may not burn**"
                text = T("Hand `{h}`: {v}. After `{p}` beats `{t}`, the rest is `{r}`; ", h=b[hand_key], v=T(verdict), p=d["play"],
                         t=b["target"], r=d["rest"])
                if table or not found:
                    text += T("the hand {c} the burn condition.", c="meets" if d["ok"] else "does not meet")
                else:
                    text += join(found, lang, ",", ",") + T(", {c}.", c="so the condition holds" if d["ok"] else "so the condition fails")
                if d["uses_carry"]:
                    text += T(" (The rest holds {s} and {j}; a joker in every play but the last needs sets ≤ jokers + 1.)",
                              s=plural(d["rest_sets"], "set"), j=plural(d["rest_jokers"], "joker"))
            blocks.append(Para(text))
        items.append(ExampleItem("example-burn", T("例：能烧与不能烧") if zh else T("Example: a legal and an illegal burn"), blocks))
    elif chapter in ("tribute", "scoring"):
        for i, sample in enumerate(ex.tribute):
            if sample["sweep"] and chapter == "tribute" and not v.tribute.enabled:
                continue
            if table and i > 0:  # the table gets one settled game; the reference all of them
                continue
            items.append(_result_example(ctx, sample, chapter, lang, i))
    return items


def _show_value(value, lang: str) -> str:
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("yes" if value else "no")
    return str(value)


def _result_text(ctx: Ctx, result: dict, lang: str) -> list[Block]:
    zh = lang == "zh"
    finish = result["finish"]
    order = join([ctx.seat_zh(s, i) if zh else ctx.seat_en(s, i) for i, s in enumerate(finish, 1)], lang, "、", ",")
    lines = [T("出完牌的顺序：{o}", o=order) if zh else T("Order of going out: {o}", o=order)]
    opened = result.get("opened", [])
    lines.append(T("开点的人：{s}", s=ctx.seats_zh(opened)) if zh and opened else
                 T("Players who opened: {s}", s=ctx.seats_en(opened)) if opened else
                 (T("没有人开点") if zh else T("Nobody opened")))
    if result.get("declared"):
        lines.append(T("宣点的人：{s}", s=ctx.seats_zh(result["declared"])) if zh else
                     T("Declared (宣点): {s}", s=ctx.seats_en(result["declared"])))
    for burner, burned in result.get("burns", []):
        lines.append(T("{a}号烧了{b}号的牌，烧牌成功", a=burner, b=burned) if zh else
                     T("Seat {a} burned seat {b} and the burn succeeded", a=burner, b=burned))
    for men, beater in result.get("men", []):
        lines.append(T("{a}号最后一手3之前的牌被{b}号打掉（闷）", a=men, b=beater) if zh else
                     T("Seat {a}'s play before their final 3s was beaten by seat {b}", a=men, b=beater))
    for game in result.get("previous", []):
        seats = game.get("opened", [])
        lines.append(T("上一局开点的人：{s}", s=ctx.seats_zh(seats)) if zh else
                     T("In the previous game, the players who opened: {s}", s=ctx.seats_en(seats)))
    return [Bullets(lines)]


def _result_example(ctx: Ctx, sample: dict, chapter: str, lang: str, i: int) -> ExampleItem:
    zh = lang == "zh"
    v = ctx.v
    result = sample["result"]
    place = {s: p for p, s in enumerate(result["finish"], 1)}
    sweep = sample["sweep"]
    if chapter == "tribute":
        title = (T("例：串三户后的进贡") if sweep else T("例：一局之后的进贡")) if zh else \
                (T("Example: tribute after a sweep") if sweep else T("Example: tribute after a game"))
        blocks = [Para(T("假设一局的结果是：") if zh else T("Suppose a game ended like this:"))] + _result_text(ctx, result, lang)
        tributes = sample["tributes"]
        if tributes:
            head = [plain(x) for x in (("种类", "进贡者", "收贡者", "张数") if zh else ("kind", "from", "to", "cards"))]
            rows = [TRow([tribute_name(t["kind"], lang),
                          ctx.seat_zh(t["from"], place[t["from"]]) if zh else ctx.seat_en(t["from"], place[t["from"]]),
                          ctx.seat_zh(t["to"], place[t["to"]]) if zh else ctx.seat_en(t["to"], place[t["to"]]),
                          plain(t["count"])]) for t in tributes]
            blocks.append(Para(T("下一局开始前应进的贡：") if zh else T("What is owed before the next game:")))
            blocks.append(Table(head, rows, numeric=(3,)))
            if v.tribute.returned:
                blocks.append(Para(T("之后各收贡者按上面的规定还贡。") if zh else T("Each receiver then returns cards as described above.")))
        else:
            blocks.append(Para(T("不进贡。") if zh else T("No tribute is owed.")))
        return ExampleItem(f"example-tribute-{i + 1}", title, blocks)
    title = (T("例：串三户的计分") if sweep else T("例：一局的计分")) if zh else \
            (T("Example: scoring a sweep") if sweep else T("Example: scoring a game"))
    blocks = [Para(T("同一局（见“进贡”一章的例子）：") if zh else T("The same game (see the example under Tribute):"))] + _result_text(ctx, result, lang)
    # Under [scoring] outcome = win_draw_loss the engine's scores are signs: the table shows the points
    # they are the signs of, then each seat's result.
    scores, signs = sample["points"], sample["scores"]
    results = v.scoring.outcome == "win_draw_loss"
    team_of = {s: i for i, t in enumerate(v.table.teams) for s in t}
    sc = v.scoring
    split = sc.open_points != 0     # show the place points and the open points apart
    points = {seat: sc.place_points[p - 1] * (sc.sweep_multiplier if sweep else 1) for seat, p in place.items()}

    def signed(x) -> Text:  # a score may be an exact fraction ([scoring] scale): +2/3
        return plain(number_text(x) if x else "0")
    head = (("座位", "名次", "联邦") if zh else ("seat", "place", "team"))
    head += ((("名次分", "点贡分") if zh else ("place points", "open points")) if split else ())
    head += ("得分",) if zh else ("score",)
    head = [plain(x) for x in head + ((("结果",) if zh else ("result",)) if results else ())]
    rows = []
    for seat in range(1, v.table.players + 1):
        p = place[seat]
        team = v.table.teams[team_of[seat]]
        cells = [plain(seat), plain(ctx.place_zh(p)) if zh else ctx.place_en(p), join([str(s) for s in team], lang, "、", ",")]
        if split:
            base = (sum(points[s] for s in team) if sc.team_sum else points[seat]) * sc.scale
            if scores[seat - 1] - base not in (-sc.open_points * sc.scale, 0, sc.open_points * sc.scale):
                raise RulebookError(msg("commands.book.score_not_split", variant=v.name, seat=seat))
            cells += [signed(base), signed(scores[seat - 1] - base)]
        cells.append(signed(scores[seat - 1]))
        if results:
            if signs[seat - 1] != (scores[seat - 1] > 0) - (scores[seat - 1] < 0):
                raise RulebookError(msg("commands.book.result_not_sign", variant=v.name, seat=seat))
            cells.append(outcome_word(signs[seat - 1], lang))
        rows.append(TRow(cells))
    blocks.append(Para(T("每人得分：") if zh else T("Each seat's score:")))
    blocks.append(Table(head, rows, numeric=tuple([0] + list(range(3, len(head) - (1 if results else 0))))))
    blocks.append(Para(T("得分之和：{s}。", s=sum(scores)) if zh else T("Sum of the scores: {s}.", s=sum(scores))))
    return ExampleItem(f"example-score-{i + 1}", title, blocks)


def outcome_word(sign: int, lang: str) -> Text:
    """A seat's result under [scoring] outcome = win_draw_loss: a win (1), a draw (0) or a loss (-1)."""
    zh = {1: "胜（1）", 0: "平（0）", -1: "负（−1）"}
    en = {1: "win (1)", 0: "draw (0)", -1: "loss (−1)"}
    return plain((zh if lang == "zh" else en)[sign])

