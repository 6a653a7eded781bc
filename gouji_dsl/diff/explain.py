"""A counterexample said in words: the case or the game situation, and where the engines differ."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from gouji_dsl.diff.games import CORE, Situation
from gouji_dsl.model import schema as m
from gouji_dsl.rules.tribute import tribute_name
from gouji_dsl.runtime import cards as rt

if TYPE_CHECKING:
    from gouji_dsl.diff.counterexample import Counterexample


def _result_text(result: dict, lang: str) -> str:
    zh = lang == "zh"
    if {"bombs", "base", "no_doubling"} & set(result):  # a Shuangkou result (the search always writes its bombs)
        return _pattern_result_text(result, lang)
    parts = [("走科顺序 " if zh else "seats out in the order ") + " ".join(map(str, result["finish"]))]
    opened = result.get("opened", [])
    if zh:
        parts.append("开点 " + (" ".join(map(str, opened)) if opened else "无"))
    else:
        parts.append("opened: " + ("seats " + " ".join(map(str, opened)) if opened else "none"))
    if result.get("declared"):
        parts.append(("宣点 " if zh else "declared ") + " ".join(map(str, result["declared"])))
    if result.get("burns"):
        parts.append(("烧牌 " if zh else "burns ") + ", ".join(f"{x}>{y}" for x, y in result["burns"]))
    if result.get("men"):
        parts.append(("闷 " if zh else "men ") + ", ".join(f"{x}<{y}" for x, y in result["men"]))
    if result.get("previous"):
        prev = ("；" if zh else "; ").join(" ".join(map(str, g["opened"])) or "-" for g in result["previous"])
        parts.append((f"此前各局开点 {prev}" if zh else f"opened in the previous games: {prev}"))
    return ("，" if zh else ", ").join(parts)


def _pattern_result_text(result: dict, lang: str) -> str:
    """A Shuangkou result (docs/conformance.md `score`): finish, bombs, 底分, 无翻倍."""
    zh = lang == "zh"
    parts = [("名次 " if zh else "finish ") + " ".join(map(str, result["finish"]))]
    bombs = result.get("bombs", [])
    if zh:
        parts.append("炸弹 " + ("，".join(f"{seat}号{lines}线" for seat, lines in bombs) if bombs else "无"))
    else:
        parts.append("bombs " + (", ".join(f"seat {seat} ({lines} lines)" for seat, lines in bombs) if bombs else "none"))
    if "base" in result:
        parts.append(f"底分 {result['base']}" if zh else f"stake (底分) {result['base']}")
    if "no_doubling" in result:
        parts.append(("无翻倍" if result["no_doubling"] else "翻倍") if zh else
                     ("no doubling (无翻倍)" if result["no_doubling"] else "doubling (翻倍)"))
    return ("，" if zh else ", ").join(parts)


_TYPE_NAMES = {"single": "单张", "pair": "对子", "pair_run": "连对", "triple": "三同张", "triple_run": "连三同张",
               "straight": "顺子", "bomb": "炸弹", "chain_bomb": "连环炸", "joker_bomb": "王炸"}


def _pattern_hand_text(v: dict, lang: str) -> str:
    """A Shuangkou `hand` answer: no play, or the play's type and a bomb's lines."""
    zh = lang == "zh"
    if not v["valid"]:
        return "不是合法的一手" if zh else "not a legal play"
    kind = v["type"]
    if zh:
        name = _TYPE_NAMES.get(kind, kind)
        return f"是{name}（{v['lines']}线）" if v["lines"] else f"是{name}"
    name = kind.replace("_", " ")  # chain_bomb -> a chain bomb
    article = "an" if name[:1] in "aeiou" else "a"
    return f"{article} {name} of {v['lines']} lines" if v["lines"] else f"{article} {name}"


def _tributes_text(entries, lang: str) -> str:
    if not entries:
        return "无" if lang == "zh" else "nothing"
    if lang == "zh":
        names = m.TRIBUTE_KIND.members
        return "，".join(f"{names[e['kind']].zh} {e['from']}号给{e['to']}号{e['count']}张" for e in entries)
    return ", ".join(f"{tribute_name(e['kind'], 'en').plain()} from seat {e['from']} to seat {e['to']}: "
                     f"{e['count']} card{'s' if e['count'] != 1 else ''}" for e in entries)


def example_text(ex: Counterexample, lang: str) -> str:
    zh = lang == "zh"
    a, b = ex.a, ex.b
    if not ex.is_case:
        return _game_text(ex, lang)
    c, x, y = ex.case, ex.a_answer, ex.b_answer
    if ex.check == "hand":
        def desc(v):
            if "type" in v or "gouji" not in v:  # a Shuangkou play: its type and lines
                return _pattern_hand_text(v, lang)
            if not v["valid"]:
                return "不是合法的一手" if zh else "not a legal play"
            if v["gouji"]:
                return "是合法的级牌" if zh else "a legal play and a gouji play (级牌)"
            return "是合法的一手，不是级牌" if zh else "a legal play, not a gouji play (级牌)"
        return (f"牌 {c['cards']}：{a} {desc(x)}；{b} {desc(y)}" if zh else
                f"cards {c['cards']}: {desc(x)} in {a}; {desc(y)} in {b}")
    if ex.check in ("beats", "opens", "can_burn"):
        yes, no = (a, b) if x else (b, a)
        if ex.check == "beats":
            return (f"首出 {c['lead']}，应 {c['play']}：{yes} 管得上，{no} 管不上" if zh else
                    f"lead {c['lead']}, answer {c['play']}: beats in {yes}, not in {no}")
        if ex.check == "opens":
            return (f"以 {c['cards']} 赢得发牌权：{yes} 算开点，{no} 不算" if zh else
                    f"winning the lead with {c['cards']}: opens (开点) in {yes}, not in {no}")
        return (f"手牌 {c['hand']} 烧 {c['target']}：{yes} 可以烧，{no} 不可以" if zh else
                f"hand {c['hand']} may burn {c['target']} in {yes}, not in {no}")
    if ex.check == "answers":
        return (f"手牌 {c['hand']} 应 {c['lead']}：{a} 有 {x} 种管法，{b} 有 {y} 种" if zh else
                f"hand {c['hand']} against lead {c['lead']}: {x} different answers in {a}, {y} in {b}")
    if ex.check == "tribute":
        r = _result_text(c["result"], lang)
        return (f"终局 {r}：{a} 进贡 {_tributes_text(x, lang)}；{b} 进贡 {_tributes_text(y, lang)}" if zh else
                f"result {r}: {a} owes {_tributes_text(x, lang)}; {b} owes {_tributes_text(y, lang)}")
    if ex.check == "score":
        r = _result_text(c["result"], lang)
        x, y = (f"[{', '.join(map(str, s))}]" for s in (x, y))  # an exact fraction as 2/3
        return (f"终局 {r}：{a} 得分 {x}；{b} 得分 {y}" if zh else f"result {r}: {a} scores {x}; {b} scores {y}")
    return json.dumps(ex.to_case(), ensure_ascii=False)


def _setup_text(s: Situation, lang: str) -> str:
    zh = lang == "zh"
    if s.kind == "position":
        hands = "；".join(f"{seat}号 {cards}" for seat, cards in s.hands) if zh else \
            "; ".join(f"seat {seat} {cards}" for seat, cards in s.hands)
        parts = [f"局面：{hands}" if zh else f"position: {hands}"]
        if s.out:
            outs = "、".join(f"{seat}号第{place}名" for seat, place in s.out) if zh else \
                ", ".join(f"seat {seat} (place {place})" for seat, place in s.out)
            parts.append(f"已走科 {outs}" if zh else f"out: {outs}")
        if s.opened:
            parts.append(("已开点 " if zh else "opened: ") + " ".join(map(str, s.opened)))
        parts.append(f"{s.leader}号先出" if zh else f"seat {s.leader} leads")
        return ("，".join(parts) if zh else ", ".join(parts))
    text = f"新的一局，种子 {s.seed}" if zh else f"a new game dealt with seed {s.seed}"
    if s.previous:
        prev = json.loads(s.previous[0])
        r = _result_text(prev, lang)
        text += f"，上一局 {r}" if zh else f", after a previous game ({r})"
    return text


# What each kind of action is called at a Chinese table ("play 3 3" reads "出 3 3").
_ACTION_ZH = {"play": "出", "pass": "过牌", "defer": "让牌", "burn": "烧", "declare": "宣点", "revolt": "革命"}


def action_words(action, lang: str) -> str:
    """An action as the players say it: `play A` in English, `出 A` in Chinese."""
    text = str(action)
    if lang != "zh":
        return text
    kind, _, cards = text.partition(" ")
    word = _ACTION_ZH.get(kind, kind)
    return f"{word} {cards}" if cards else word


def _actions_text(ex: Counterexample, lang: str) -> str:
    zh = lang == "zh"
    steps = [f"{seat}号{action_words(action, lang)}" if zh else f"seat {seat} {action}"
             for seat, action in zip(ex.seats, ex.situation.actions)]
    if not steps:
        return ""
    return ("；动作：" + "，".join(steps)) if zh else ("; actions: " + ", ".join(steps))


def _list_actions(actions, lang: str, limit: int = 8) -> str:
    names = [action_words(a, lang) for a in actions]
    sep = "、" if lang == "zh" else ", "
    if not names:
        return "无" if lang == "zh" else "none"
    if len(names) > limit:
        more = len(names) - limit
        return sep.join(names[:limit]) + (f" 等共{len(names)}种" if lang == "zh" else f", … ({more} more)")
    return sep.join(names)


def _cards_delta(x: str, y: str) -> tuple[str, str]:
    cx, cy = rt.parse_cards(x), rt.parse_cards(y)
    return (rt.format_cards(tuple(max(p - q, 0) for p, q in zip(cx, cy))),
            rt.format_cards(tuple(max(q - p, 0) for p, q in zip(cx, cy))))


def _plain_component(key: str, va, vb, a: str, b: str, lang: str) -> str:
    """One component on which two games differ, said plainly (not what seats see)."""
    zh = lang == "zh"
    if key == "player":
        def who(v):
            return ("对局结束" if zh else "the game is over") if v == -1 else (f"{v}号行动" if zh else f"seat {v} acts")
        return f"{a}：{who(va)}；{b}：{who(vb)}" if zh else f"{a}: {who(va)}; {b}: {who(vb)}"
    if key == "actions":
        va, vb = va or (), vb or ()
        if len(va) <= 8 and len(vb) <= 8:
            return (f"可选动作：{a} {_list_actions(va, lang)}；{b} {_list_actions(vb, lang)}" if zh else
                    f"legal actions: {a} {_list_actions(va, lang)}; {b} {_list_actions(vb, lang)}")
        sa, sb = set(va), set(vb)
        common = sum(1 for x in va if x in sb)
        only_a = [x for x in va if x not in sb]
        only_b = [x for x in vb if x not in sa]
        return (f"可选动作（共同{common}种）：仅{a}有 {_list_actions(only_a, lang, 5)}；仅{b}有 {_list_actions(only_b, lang, 5)}"
                if zh else
                f"legal actions ({common} in common): only {a} allows {_list_actions(only_a, lang, 5)}; "
                f"only {b} allows {_list_actions(only_b, lang, 5)}")
    if key == "phase":
        names = {"declare": ("宣点", "宣点 (declaring)"), "revolt": ("革命", "革命 (revolution)"), "play": ("出牌", "play")}
        def ph(v):
            return names.get(v, (v, v))[0 if zh else 1]
        return f"阶段：{a} {ph(va)}；{b} {ph(vb)}" if zh else f"phase: {a} {ph(va)}, {b} {ph(vb)}"
    names = {"opened": ("开点", "opened seats"), "declared": ("宣点", "declared seats"), "places": ("名次", "places"),
             "returns": ("得分", "scores"), "table": ("桌面", "on the table")}[key]

    def show(v):
        if v in (None, ()):
            return "无" if zh else "none"
        if key == "places":
            return ", ".join(f"{s}:{p}" for s, p in v)
        if key == "table":
            return f"{v[0]}号的 {v[1]}" if zh else f"seat {v[0]}'s {v[1]}"
        return " ".join(map(str, v))
    return f"{names[0]}：{a} {show(va)}；{b} {show(vb)}" if zh else f"{names[1]}: {a} {show(va)}; {b} {show(vb)}"


def _seen_parts(key: str, va, vb, a: str, b: str, lang: str) -> list[tuple[str, int]]:
    """What seat `key` sees differently: (text without the viewer, viewer)."""
    zh = lang == "zh"
    kind, viewer = key.split()
    viewer = int(viewer)
    da, db = dict(va or ()), dict(vb or ())
    if kind == "counts":
        def counts(d):
            if not d:
                return "不显示" if zh else "none shown"
            return ", ".join(f"{s}号{n}张" if zh else f"seat {s}: {n}" for s, n in sorted(d.items()))
        return [(f"看到的张数：{a} {counts(da)}；{b} {counts(db)}" if zh else
                 f"is told card counts: {a} {counts(da)}; {b} {counts(db)}", viewer)]
    parts = []
    for other in sorted(set(da) | set(db)):
        x, y = da.get(other), db.get(other)
        if x == y:
            continue
        own = other == viewer
        whose = ("自己的牌" if zh else "own hand") if own else (f"{other}号的牌" if zh else f"seat {other}'s hand")
        if x is None or y is None:
            unseen = "看不到" if zh else "not seen"
            parts.append((f"看{whose}：{a} {x or unseen}；{b} {y or unseen}" if zh else
                          f"sees {whose}: {a} {x or unseen}; {b} {y or unseen}", viewer))
            continue
        nx, ny = len(x.split()), len(y.split())
        if nx != ny:
            parts.append((f"{whose}：{a} {nx}张，{b} {ny}张" if zh else f"{whose}: {nx} cards in {a}, {ny} in {b}", viewer))
        else:
            more, less = _cards_delta(x, y)
            parts.append((f"{whose}：{a} 是 {more}，{b} 是 {less}" if zh else
                          f"{whose}: {a} holds {more} where {b} holds {less}", viewer))
    return parts


def _components_text(keys, state_a: dict, state_b: dict, a: str, b: str, lang: str, limit: int = 3) -> str:
    """The differences, most telling first: who acts, what they may do, the table, then what seats see."""
    zh = lang == "zh"
    keys = list(keys)
    plain = [k for k in keys if k in CORE]
    if "player" in plain and "actions" in plain and (len(state_a["actions"]) > 8 or len(state_b["actions"]) > 8):
        plain.remove("actions")
    texts = [_plain_component(k, state_a.get(k), state_b.get(k), a, b, lang) for k in plain]
    grouped: dict[str, list[int]] = {}
    for k in keys:
        if k in CORE:
            continue
        for text, viewer in _seen_parts(k, state_a.get(k), state_b.get(k), a, b, lang):
            grouped.setdefault(text, []).append(viewer)
    for text, viewers in grouped.items():
        if zh:
            who = "、".join(f"{v}号" for v in viewers)
            texts.append(f"{who}{text}" if text[0] == "看" else f"{who}：{text}")
        else:
            who = f"seat {viewers[0]}" if len(viewers) == 1 else "seats " + ", ".join(map(str, viewers))
            texts.append(f"{who}: {text}")
    more = len(texts) - limit
    texts = texts[:limit]
    if more > 0:
        texts.append(f"另有{more}处不同" if zh else f"and {more} more difference{'s' if more > 1 else ''}")
    return "；".join(texts) if zh else "; ".join(texts)


def _game_text(ex: Counterexample, lang: str) -> str:
    zh = lang == "zh"
    head = _setup_text(ex.situation, lang) + _actions_text(ex, lang)
    text = head + ("。然后 " if zh else ". Then ") + _components_text(ex.components, ex.a_state, ex.b_state, ex.a, ex.b, lang)
    if not ex.isolated and ex.alone:
        name, states = ex.alone
        rules = "、".join(ex.rules) if zh else ", ".join(ex.rules)
        changed = f"{name}（仅改{rules}）" if zh else f"{name} with only {rules} changed"
        alone = _components_text(ex.components, {k: v[0] for k, v in states.items()},
                                 {k: v[1] for k, v in states.items()}, name, changed, lang, limit=2)
        text += (f"。（两者在此处还有其他差别；单是这条规则的影响：{alone}）" if zh else
                 f". (The variants differ here for other reasons too; this rule alone: {alone}.)")
    return text

