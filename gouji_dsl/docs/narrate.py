"""A counterexample of `gouji diff` told as play, for a house-rule sheet: two or three
sentences a player follows at the table, in Chinese or English.

    一局打到后面：4号已经走科（头科）；1号手里有 `3 10 10`，……6号有 `SJ SJ`。1号出 `10 10`，
    3号管 `J J`，6号过牌。这时，联众够级：没人再管，3号得了发牌权，重新先出；我们俱乐部的够级：
    桌上还是3号的 `J J`，轮到6号，6号可以管 `SJ SJ`、让牌或过牌。

The search (gouji_dsl/diff/search.py) finds the situation and checks it on both engines;
this module only says it: the cards a player holds or plays, what happens, and where the
two variants part, in the players' words (先出, 管, 过牌, 开点, 报牌), never the engine's
("局面", "可选动作", a seed, a list of scores in brackets). `diff.explain` says the same
situation for `gouji diff`, as data a rule author checks.

    narrate(counterexample, lang, titles, ctx, engine, results) -> Text
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from gouji_dsl.facets.sentences import Ctx
from gouji_dsl.prose.text import T, Text, cards_en, code, join, plain
from gouji_dsl.model import schema as m

# A list of choices longer than this is said as its count and what only one side allows.
_MAX_CHOICES = 5


def narrate(ex, lang: str, titles: tuple[str, str], ctx: Ctx, engine=None,
            results: tuple[bool, bool] = (False, False)) -> Text:
    """Counterexample `ex` (of variants a, b: `titles` as players call them) as sentences of
    play. `ctx`: the variant whose place names the sentences use; `engine`: variant a's
    engine, to replay a game situation's actions (who led, who beat what); `results`: whether
    each variant's scores are a win, a draw or a loss ([scoring] outcome = win_draw_loss)."""
    if ex.is_case:
        return _case(ex, lang, titles, ctx, results)
    return _game(ex, lang, titles, ctx, engine, results)


def _two(lang: str, titles: tuple[str, str], a: Text, b: Text, then: bool = False) -> Text:
    """"这时，联众够级：……；我们俱乐部：……。" / "Then, in Lianzhong Gouji, …; in Our club, …." """
    ta, tb = titles
    if lang == "zh":
        return T("{x}{ta}：", x="这时，" if then else "", ta=ta) + a + T("；{tb}：", tb=tb) + b + plain("。")
    return T("{x} {ta}, ", x="Then, in" if then else "In", ta=ta) + a + T("; in {tb}, ", tb=tb) + b + plain(".")


def _cards(cards: str) -> Text:
    return code(cards)


def _commas(parts: list[Text]) -> Text:
    """Chinese clauses one after the other: "1号手里有 `3`，2号有 `5`"."""
    out = Text()
    for i, part in enumerate(parts):
        out += (plain("，") if i else Text()) + part
    return out


def _capital(text: Text) -> Text:
    """An English sentence that starts with a seat: "Seat 1 leads …"."""
    if text.segs and text.segs[0].kind == "text" and text.segs[0].text[:1].islower():
        first = text.segs[0]
        return Text((type(first)(first.kind, first.text[0].upper() + first.text[1:], first.alt, first.style),) + text.segs[1:])
    return text


# --- card and result checks ---------------------------------------------------------------

def _case(ex, lang: str, titles, ctx: Ctx, results: tuple[bool, bool]) -> Text:
    zh = lang == "zh"
    c, x, y = ex.case, ex.a_answer, ex.b_answer
    if ex.check == "hand":
        lead = (T("有人想把 {c} 作为一手出。", c=_cards(c["cards"])) if zh else
                T("A player wants to play {c} as one play.", c=_cards(c["cards"])))
        return lead + plain("" if zh else " ") + _two(lang, titles, _hand(x, lang), _hand(y, lang))
    if ex.check == "beats":
        lead = (T("有人先出 {l}，另一家用 {p} 管。", l=_cards(c["lead"]), p=_cards(c["play"])) if zh else
                T("A player leads {l} and another answers with {p}.", l=_cards(c["lead"]), p=_cards(c["play"])))
        yes, no = (T("管得上"), T("管不上")) if zh else (T("it beats the lead"), T("it does not"))
        return lead + plain("" if zh else " ") + _two(lang, titles, yes if x else no, yes if y else no)
    if ex.check == "opens":
        lead = (T("有人出 {c}，没人管得上。", c=_cards(c["cards"])) if zh else
                T("A player makes the play {c} and nobody beats it.", c=_cards(c["cards"])))
        yes, no = (T("这就算开点"), T("这不算开点")) if zh else (T("that opens (开点)"), T("it does not open"))
        return lead + plain("" if zh else " ") + _two(lang, titles, yes if x else no, yes if y else no)
    if ex.check == "can_burn":
        lead = (T("别人（不是你的对家）出了级牌 {t}，你手里是 {h}。", t=_cards(c["target"]), h=_cards(c["hand"])) if zh else
                T("Someone who is not your opposite plays the gouji play {t}, and you hold {h}.",
                  t=_cards(c["target"]), h=_cards(c["hand"])))
        yes, no = (T("你可以烧"), T("你不能烧")) if zh else (T("you may burn it"), T("you may not"))
        return lead + plain("" if zh else " ") + _two(lang, titles, yes if x else no, yes if y else no)
    if ex.check == "answers":
        lead = (T("有人先出 {l}，轮到的人手里是 {h}。", l=_cards(c["lead"]), h=_cards(c["hand"])) if zh else
                T("A player leads {l}, and the player to answer holds {h}.", l=_cards(c["lead"]), h=_cards(c["hand"])))

        def ways(k: int) -> Text:
            if zh:
                return T("他管不上") if k == 0 else T("他有{k}种管法", k=k)
            return T("they cannot beat it") if k == 0 else T("they can beat it in {k} way{s}", k=k, s="" if k == 1 else "s")
        return lead + plain("" if zh else " ") + _two(lang, titles, ways(x), ways(y))
    if ex.check == "tribute":
        lead = _result(c["result"], lang, ctx)
        return lead + plain("" if zh else " ") + _two(lang, titles, _tributes(x, lang, ctx), _tributes(y, lang, ctx))
    if ex.check == "score":
        lead = _result(c["result"], lang, ctx)
        return lead + plain("" if zh else " ") + _two(lang, titles, _scores(x, lang, results[0]), _scores(y, lang, results[1]))
    raise ValueError(f"no narration for a {ex.check} case")


def _hand(v: dict, lang: str) -> Text:
    zh = lang == "zh"
    if not v["valid"]:
        return T("不行，这不是一手牌") if zh else T("that is not a play")
    if "type" in v or "gouji" not in v:    # Shuangkou: the play's type, a bomb's lines
        name = _pattern_type(v["type"], lang)
        lines = v.get("lines")
        if zh:
            return T("可以，是{n}（{l}线）", n=name, l=lines) if lines else T("可以，是{n}", n=name)
        return T("it is a {n} of {l} lines", n=name, l=lines) if lines else T("it is a {n}", n=name)
    if v["gouji"]:
        return T("可以，而且是[[级牌]]") if zh else T("it is a play, and a [[级牌|gouji play]]")
    return T("可以，但不是[[级牌]]") if zh else T("it is a play, but not a [[级牌|gouji play]]")


_TYPE_NAMES = {"single": ("单张", "single"), "pair": ("对子", "pair"), "pair_run": ("连对", "pair run"),
               "triple": ("三同张", "triple"), "triple_run": ("连三同张", "triple run"), "straight": ("顺子", "straight"),
               "bomb": ("炸弹", "bomb"), "chain_bomb": ("连环炸", "chain bomb"), "joker_bomb": ("王炸", "joker bomb")}


def _pattern_type(kind: str, lang: str) -> str:
    zh, en = _TYPE_NAMES.get(kind, (kind, kind.replace("_", " ")))
    return zh if lang == "zh" else en


def _seat(seat: int, lang: str) -> str:
    return f"{seat}号" if lang == "zh" else f"seat {seat}"


def _seats(seats: Iterable[int], lang: str) -> Text:
    seats = list(seats)
    if lang == "zh":
        return join([plain(f"{s}号") for s in seats], "zh", "、")
    return plain("seat " if len(seats) == 1 else "seats ") + join([str(s) for s in seats], "en")


def _place(ctx: Ctx, place: int, lang: str) -> Text:
    return plain(ctx.place_zh(place)) if lang == "zh" else ctx.place_en(place)


def _result(result: dict, lang: str, ctx: Ctx) -> Text:
    """How a game ended, in a sentence: who went out in which order, who opened, the games before."""
    zh = lang == "zh"
    if {"bombs", "base", "no_doubling"} & set(result):
        return _pattern_result(result, lang)
    finish = result["finish"]
    order = join([ctx.seat_zh(s, i) if zh else ctx.seat_en(s, i) for i, s in enumerate(finish, 1)], lang, "、", ",")
    out = T("一局打完，走科的顺序是{o}", o=order) if zh else T("A game ends with the players out in this order: {o}", o=order)
    teams = {s: i for i, team in enumerate(ctx.v.table.teams) for s in team} if "table" in ctx.v.sections else {}
    if len(finish) >= 3 and teams and len({teams.get(s) for s in finish[:3]}) == 1 and ctx.v.end.sweep:
        out += T("，一方包揽了前三名（[[串三户]]）") if zh else T("; one team took the first three places (a [[串三户|sweep]])")
    opened = result.get("opened", [])
    if zh:
        out += T("；开点的是{s}", s=_seats(opened, lang)) if opened else T("；没人开点")
    else:
        out += T("; {s} opened", s=_seats(opened, lang)) if opened else T("; nobody opened")
    if result.get("declared"):
        out += T("；{s}宣了点", s=_seats(result["declared"], lang)) if zh else T("; {s} declared", s=_seats(result["declared"], lang))
    for burner, burned in result.get("burns", []):
        out += T("；{a}号烧了{b}号的牌，烧成了", a=burner, b=burned) if zh else T("; seat {a} burned seat {b}'s play and went out under the burn", a=burner, b=burned)
    for men, beater in result.get("men", []):
        out += T("；{a}号最后一手3之前的牌被{b}号打了（闷）", a=men, b=beater) if zh else T("; seat {b} beat seat {a}'s play before their final 3s", a=men, b=beater)
    for game in result.get("previous", []):
        seats = game.get("opened", [])
        if zh:
            out += T("；上一局开点的是{s}", s=_seats(seats, lang)) if seats else T("；上一局没人开点")
        else:
            out += T("; in the game before, {s} opened", s=_seats(seats, lang)) if seats else T("; in the game before, nobody opened")
    return out + plain("。" if zh else ".")


def _pattern_result(result: dict, lang: str) -> Text:
    zh = lang == "zh"
    order = join([_seat(s, lang) for s in result["finish"]], lang, "、" if zh else ",", ",")
    out = T("一局打完，出完牌的顺序是{o}", o=order) if zh else T("A game ends with the players out in this order: {o}", o=order)
    bombs = result.get("bombs", [])
    if zh:
        out += T("；") + (join([T("{s}号打了{l}线的炸弹", s=s, l=lines) for s, lines in bombs], "zh", "，") if bombs else T("没人打炸弹"))
    else:
        out += T("; ") + (join([T("seat {s} played a bomb of {l} lines", s=s, l=lines) for s, lines in bombs], "en")
                         if bombs else T("nobody played a bomb"))
    if "base" in result:
        out += T("；底分{b}", b=result["base"]) if zh else T("; the stake (底分) is {b}", b=result["base"])
    if result.get("no_doubling"):
        out += T("；不翻倍") if zh else T("; no doubling")
    return out + plain("。" if zh else ".")


def _tributes(entries, lang: str, ctx: Ctx) -> Text:
    zh = lang == "zh"
    if not entries:
        return T("谁也不进贡") if zh else T("nobody pays tribute")
    names = m.TRIBUTE_KIND.members
    if zh:
        return join([T("{a}号给{b}号{n}张{k}", a=e["from"], b=e["to"], n=e["count"], k=names[e["kind"]].zh) for e in entries],
                    "zh", "、")
    from gouji_dsl.rules.tribute import tribute_name
    return join([T("seat {a} gives seat {b} {n} of ", a=e["from"], b=e["to"], n=cards_en(e["count"]))
                 + tribute_name(e["kind"], "en") for e in entries], "en")


def _scores(scores, lang: str, results: bool = False) -> Text:
    from gouji_dsl.runtime.numbers import signed

    zh = lang == "zh"
    if results:  # a win (1), a draw (0) or a loss (-1)
        words = {1: ("胜", "win"), 0: ("平", "draw"), -1: ("负", "loss")}
        said = [T("{s}号{w}", s=i, w=words[x][0]) if zh else T("seat {s}: {w}", s=i, w=words[x][1])
                for i, x in enumerate(scores, 1)]
        return (T("结果是") if zh else T("the results are ")) + join(said, lang, "、", ",")
    parts = [T("{s}号{v}分", s=i, v=signed(x) if x else "0") if zh else T("seat {s}: {v}", s=i, v=signed(x) if x else "0")
             for i, x in enumerate(scores, 1)]
    return (T("得分是") if zh else T("the scores are ")) + join(parts, lang, "、", ",")


# --- game situations ------------------------------------------------------------------------

def _game(ex, lang: str, titles, ctx: Ctx, engine, results: tuple[bool, bool]) -> Text:
    zh = lang == "zh"
    story = _setup(ex.situation, lang, ctx)
    replay, final = _replay(ex, engine)
    steps = _steps(replay, lang)
    if steps.segs:
        story += plain("" if zh else " ") + steps
    last_table = _table_after(replay)
    a = _state(ex, ex.a_state, ex.b_state, final, last_table, lang, results[0])
    b = _state(ex, ex.b_state, ex.a_state, final, last_table, lang, results[1])
    story += plain("" if zh else " ") + _two(lang, titles, a, b, then=bool(steps.segs))
    if not ex.isolated:
        story += (T("（在这个局面里，两种玩法还有别的不同。）") if zh else
                  T(" (The two variants differ here in other ways too.)"))
    return story


def _table_after(replay) -> dict | None:
    """The cards on the table after the actions, as far as the actions say: the last play
    or burn (passes leave it), None when nothing was played."""
    for seat, _phase, action, _table in reversed(replay):
        if action.startswith(("play", "burn")):
            return {"seat": seat, "cards": action.partition(" ")[2]}
    return None


def _setup(s, lang: str, ctx: Ctx) -> Text:
    """The set-up: the cards each seat holds, who is out, who leads; or a new deal."""
    zh = lang == "zh"
    if s.kind != "position":
        if s.previous:
            import json
            prev = _result(json.loads(s.previous[0]), lang, ctx)
            return (T("上一局是这样打完的：") + prev + T("新的一局发完牌。")) if zh else \
                (T("The game before: ") + prev + T(" A new game is dealt."))
        return T("新的一局发完牌。") if zh else T("A new game is dealt.")
    parts: list[Text] = []
    for seat, place in s.out:
        parts.append(T("{s}已经{w}（", s=_seat(seat, "zh"), w="走科" if ctx.v.game == "gouji" else "出完牌")   # 走科: Gouji's word
                     + _place(ctx, place, lang) + plain("）") if zh else
                     T("{s} is already out in ", s=_seat(seat, "en")) + _place(ctx, place, lang))
    if s.opened:
        parts.append(T("{s}已经开点", s=_seats(s.opened, lang)) if zh else T("{s} {v} opened", s=_seats(s.opened, lang),
                                                                         v="has" if len(s.opened) == 1 else "have"))
    holds = [T("{s}{h}有 {c}", s=_seat(seat, "zh"), h="" if i else "手里", c=_cards(cards)) if zh else
             T("{s} holds {c}", s=_seat(seat, "en"), c=_cards(cards)) for i, (seat, cards) in enumerate(s.hands)]
    # Who leads, unless the first action says it ("1号出 `10 10`").
    lead = (T("；{s}先出", s=_seat(s.leader, "zh")) if zh else T("; {s} leads", s=_seat(s.leader, "en"))) if not s.actions else Text()
    if zh:
        head = (join(parts, "zh", "，") + plain("；")) if parts else Text()
        return T("一局打到后面：") + head + _commas(holds) + lead + plain("。")
    head = (join(parts, "en", ";") + plain("; ")) if parts else Text()
    return T("Late in a game: ") + head + join(holds, "en", ",", ",") + lead + plain(".")


def _replay(ex, engine) -> tuple[list[tuple[int, str, str, object]], dict]:
    """(seat, phase, action, table before it) for each action, replayed on variant a's engine;
    and after them, who acts ("player") and what is on the table ("table"), as in a's game."""
    if engine is None:
        return [(seat, "play", str(action), None) for seat, action in zip(ex.seats, ex.situation.actions)], {}
    g = ex.situation.start(engine)
    out = []
    for action in ex.situation.actions:
        seat = g.current_player()
        table = g.observation(seat)["table"]
        phase = getattr(g.phase, "value", g.phase)
        out.append((seat, str(phase), str(action), table))
        g.apply_action(action)
    player = g.current_player()
    table = g.observation(1)["table"]
    return out, {"player": player, "table": None if table is None else (table["seat"], table["cards"]),
                 "phase": str(getattr(g.phase, "value", g.phase))}


# What an action without cards is called, by phase: (zh, en for one seat, en for several).
_WORDS = {"pass": ("过牌", "passes", "pass"), "defer": ("让牌", "defers", "defer"),
          "declare": ("宣点", "declares", "declare"), "revolt": ("革命", "revolts", "revolt")}
_PASSES = {"declare": ("不宣点", "does not declare", "do not declare"), "revolt": ("不革命", "does not revolt", "do not revolt")}


def _steps(replay, lang: str) -> Text:
    """The actions as play: "1号出 `10 10`，3号管 `J J`，4号、5号过牌。"; seats doing the same
    in a row are said together ("1号、2号宣点")."""
    zh = lang == "zh"
    said: list[Text] = []
    group: list[int] = []
    words: tuple = ()

    def flush():
        if group:
            word = words[0] if zh else words[1] if len(group) == 1 else words[2]
            said.append(_seats(group, lang) + plain(word if zh else " " + word))
            group.clear()
    for seat, phase, action, table in replay:
        kind, _, cards = action.partition(" ")
        if kind in _WORDS:
            word = _PASSES.get(phase, _WORDS[kind]) if kind == "pass" else _WORDS[kind]
            if group and word != words:
                flush()
            words = word
            group.append(seat)
            continue
        flush()
        said.append(_action(seat, kind, cards, table, lang))
    flush()
    if not said:
        return Text()
    out = Text()
    for i, part in enumerate(said):
        out += (plain("，" if zh else ", ") if i else Text()) + part
    return (out if zh else _capital(out)) + plain("。" if zh else ".")


def _action(seat: int, kind: str, cards: str, table, lang: str) -> Text:
    zh = lang == "zh"
    s = _seat(seat, lang)
    if kind == "play":
        if table is None:
            return T("{s}出 {c}", s=s, c=_cards(cards)) if zh else T("{s} leads {c}", s=s, c=_cards(cards))
        return T("{s}管 {c}", s=s, c=_cards(cards)) if zh else T("{s} beats it with {c}", s=s, c=_cards(cards))
    if kind == "burn":
        return T("{s}用 {c} 烧牌", s=s, c=_cards(cards)) if zh else T("{s} burns it with {c}", s=s, c=_cards(cards))
    return T("{s}{w}", s=s, w=kind) if zh else T("{s} {w}", s=s, w=kind)


def _choice(action, table, lang: str, phase: str = "play") -> Text:
    """One legal action as a choice: "管 `SJ SJ`", "过牌" / "beat it with `SJ SJ`", "pass"."""
    zh = lang == "zh"
    kind, _, cards = str(action).partition(" ")
    if kind == "play":
        if table is None:
            return T("出 {c}", c=_cards(cards)) if zh else T("lead {c}", c=_cards(cards))
        return T("管 {c}", c=_cards(cards)) if zh else T("beat it with {c}", c=_cards(cards))
    if kind == "burn":
        return T("用 {c} 烧牌", c=_cards(cards)) if zh else T("burn it with {c}", c=_cards(cards))
    if kind == "pass" and phase in _PASSES:   # 不宣点, 不革命: "decline" in English
        return plain(_PASSES[phase][0] if zh else "decline")
    words = _WORDS.get(kind, (kind, kind, kind))
    return plain(words[0] if zh else words[2])


def _choices(actions, other, table, lang: str, phase: str = "play") -> Text:
    """What the seat to act may do: "可以管 `SJ SJ`、让牌或过牌" / "may beat it with …, defer or pass"."""
    zh = lang == "zh"
    actions = sorted(actions or (), key=lambda a: {"play": 0, "burn": 1, "declare": 2, "revolt": 3, "defer": 4}.get(
        str(a).partition(" ")[0], 5))
    if not actions:
        return T("什么也不能做") if zh else T("can do nothing")
    if len(actions) <= _MAX_CHOICES:
        return (T("可以") if zh else T("may ")) + join([_choice(a, table, lang, phase) for a in actions], lang,
                                                       "或" if zh else "or", "or")
    theirs = set(other or ())
    only = [a for a in actions if a not in theirs][:3]
    out = T("有{n}种出法", n=len(actions)) if zh else T("has {n} choices", n=len(actions))
    if only:
        out += (T("，其中") + join([_choice(a, table, lang, phase) for a in only], lang, "、") + T("是另一种玩法没有的") if zh else
                T(", among them ") + join([_choice(a, table, lang, phase) for a in only], lang) + T(", which the other does not allow"))
    return out


def _state(ex, state: dict, other: dict, final: dict, last_table, lang: str, results: bool) -> Text:
    """What one variant shows after the actions, where the two differ, as players see it;
    `final`: who acts and the table where the two agree (variant a's game); `results`: whether
    its scores are a win, a draw or a loss."""
    zh = lang == "zh"
    keys = list(ex.components)
    parts: list[Text] = []
    player = state["player"] if "player" in keys else final.get("player")
    table = state["table"] if "table" in keys else final.get("table", "unknown")
    phase = str(state["phase"] if "phase" in keys else final.get("phase", "play"))
    if "phase" in keys:
        parts.append({"declare": T("还在宣点") if zh else T("declaring goes on"),
                      "revolt": T("接着问革命") if zh else T("revolution (革命) is asked next"),
                      "play": T("开始出牌") if zh else T("play begins")}.get(phase, plain(phase)))
    if phase != "play" and ("player" in keys or "phase" in keys) and isinstance(player, int) and player > 0:
        parts.append(T("先问{p}号", p=player) if zh else T("starting with seat {p}", p=player))
    elif "player" in keys or "table" in keys:
        if player == -1:
            parts.append(T("这一局结束") if zh else T("the game is over"))
        elif table is None:
            owner = last_table["seat"] if isinstance(last_table, dict) else None
            if owner is not None and owner == player:
                parts.append(T("没人再管，{p}号得了发牌权，重新先出", p=player) if zh else
                             T("nobody beats it, so seat {p} wins the lead and leads again", p=player))
            elif player is not None:
                parts.append(T("桌上没牌，{p}号先出", p=player) if zh else T("the table is clear and seat {p} leads", p=player))
        elif isinstance(table, tuple):
            seat, cards = table
            turn = (T("，轮到{p}号", p=player) if zh else T(", and it is seat {p}'s turn", p=player)) if player else Text()
            parts.append(T("桌上还是{s}号的 {c}", s=seat, c=_cards(cards)) + turn if zh else
                         T("seat {s}'s {c} is still on the table", s=seat, c=_cards(cards)) + turn)
        elif player:
            parts.append(T("轮到{p}号", p=player) if zh else T("it is seat {p}'s turn", p=player))
    other_phase = str(other["phase"] if "phase" in keys else phase)
    other_table = other["table"] if "table" in keys else table
    leading = phase == "play" and table is None               # a new lead: any play of the hand
    other_leading = other_phase == "play" and other_table is None
    if "actions" in keys and not (leading and not other_leading):
        shown = table if isinstance(table, tuple) or table is None else None
        turn_said = bool(parts) and ("player" in keys or "table" in keys or "phase" in keys)
        who = (f"{player}号" if zh else ("who" if turn_said else f"seat {player}")) if isinstance(player, int) and player > 0 \
            else ("轮到的人" if zh else "the player to act")
        parts.append(plain(who if zh else who + " ") + _choices(state.get("actions"), other.get("actions"), shown, lang, phase))
    for key, word_zh, word_en in (("opened", "开点的是", "opened: "), ("declared", "宣点的是", "declared: ")):
        if key in keys:
            seats = state.get(key) or ()
            parts.append(T("{w}", w=word_zh) + _seats(seats, lang) if zh and seats else
                         T("{w}", w=word_en) + _seats(seats, lang) if seats else (T("没有人") if zh else T("nobody")))
    if "places" in keys:
        places = state.get("places") or ()
        parts.append(T("名次：") + join([T("{s}号第{p}名", s=s, p=p) for s, p in places], "zh", "、") if zh else
                     T("places: ") + join([T("seat {s} place {p}", s=s, p=p) for s, p in places], "en", ",", ","))
    if "returns" in keys:  # none yet where the game goes on (the other variant's has ended)
        returns = state.get("returns") or ()
        parts.append(_scores(returns, lang, results) if returns else (T("这一局还没打完") if zh else T("the game goes on")))
    parts += _seen(keys, state, other, lang)
    if not parts:
        parts.append(T("不一样") if zh else T("it goes differently"))
    sep = "，" if zh else ", "
    out = Text()
    for i, part in enumerate(parts):
        out += (plain(sep) if i else Text()) + part
    return out


def _seen(keys, state: dict, other: dict, lang: str) -> list[Text]:
    """What seats are told (报牌) and shown (看牌), said once for all the seats that see it."""
    zh = lang == "zh"
    out: list[Text] = []
    counts = [k for k in keys if k.startswith("counts ")]
    if counts:
        told: dict[int, int] = {}
        for k in counts:
            told.update({s: n for s, n in (state.get(k) or ()) if n})
        if told:
            out.append(T("报了牌：") + join([T("{s}号剩{n}张", s=s, n=n) for s, n in sorted(told.items())], "zh", "、") if zh else
                       T("the card counts are told: ") + join([T("seat {s} holds {n}", s=s, n=n) for s, n in sorted(told.items())],
                                                              "en", ",", ","))
        else:
            out.append(T("没人报牌，谁也不知道别人剩几张") if zh else T("nobody tells how many cards they hold"))
    seen = [k for k in keys if k.startswith("seen ")]
    shown: dict[int, list[int]] = {}
    hidden: dict[int, list[int]] = {}
    cards_of: dict[int, str] = {}
    own: list[Text] = []
    for k in seen:
        viewer = int(k.split()[1])
        mine, theirs = dict(state.get(k) or ()), dict(other.get(k) or ())
        if mine.get(viewer) and theirs.get(viewer) and mine[viewer] != theirs[viewer]:   # the seat's own hand
            more, less = _delta(mine[viewer], theirs[viewer]), _delta(theirs[viewer], mine[viewer])
            if more and less:
                own.append(T("{v}号手里是 {m} 而不是 {l}", v=viewer, m=_cards(more), l=_cards(less)) if zh else
                           T("seat {v} holds {m} where the other holds {l}", v=viewer, m=_cards(more), l=_cards(less)))
            elif more or less:
                own.append(T("{v}号手里{w} {c}", v=viewer, w="多了" if more else "少了", c=_cards(more or less)) if zh else
                           T("seat {v} holds {w} {c}", v=viewer, w="an extra" if more else "no", c=_cards(more or less)))
        for seat in sorted(set(mine) | set(theirs)):
            if seat == viewer or mine.get(seat) == theirs.get(seat):
                continue
            if seat in mine:
                shown.setdefault(seat, []).append(viewer)
                cards_of[seat] = mine[seat]
            else:
                hidden.setdefault(seat, []).append(viewer)
    out += own
    for seat, viewers in list(shown.items())[:2]:
        out.append(T("{v}看得到{s}号的牌 {c}", v=_seats(viewers, "zh"), s=seat, c=_cards(cards_of[seat])) if zh else
                   _seats(viewers, "en") + T(" {v} seat {s}'s cards {c}", v="sees" if len(viewers) == 1 else "see", s=seat,
                                             c=_cards(cards_of[seat])))
    if len(shown) > 2:
        out.append(T("别的人也一样") if zh else T("and so on for the others"))
    if hidden and not shown:   # what the other variant shows, this one does not: said once
        seats = sorted({v for viewers in hidden.values() for v in viewers})
        out.append(T("谁也看不到联邦的牌") if zh and len(hidden) > 1 else
                   T("{v}看不到{s}号的牌", v=_seats(hidden[next(iter(hidden))], "zh"), s=next(iter(hidden))) if zh else
                   T("nobody sees a teammate's cards") if len(hidden) > 1 else
                   _seats(seats, "en") + T(" {v} seat {s}'s cards", v="does not see" if len(seats) == 1 else "do not see",
                                           s=next(iter(hidden))))
    return out


def _delta(x: str, y: str) -> str:
    """The cards of `x` that `y` lacks, written as cards. Both are written by the engine (one
    token a card, in its order), so the difference is one of tokens: a variant's own cards (the
    eagle Y of lamb-cn) are not the standard notation's, which could not read them back."""
    left = Counter(y.split())
    kept = []
    for card in x.split():
        if left[card]:
            left[card] -= 1
        else:
            kept.append(card)
    return " ".join(kept)
