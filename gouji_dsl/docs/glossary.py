"""The glossary: the players' Chinese terms, their English renderings and meanings.

A template names a term as [[级牌]] or [[级牌|gouji plays]]; the Chinese book
shows the term as is, the English one its English form with the Chinese
beside it on first use (`document.resolve_terms`).
"""
from __future__ import annotations

from gouji_dsl.prose.seats import say
from gouji_dsl.rules.flow import TAKE_OVER
from gouji_dsl.prose.terms import (GLOSSARY, GLOSSARY_BY_ZH, RULE_NAMES_OF_GAME, SHUANGKOU_BOMBS, SHUANGKOU_CHAINS,
                                   SHUANGKOU_FLOW, SHUANGKOU_GLOSSARY, SHUANGKOU_WILDS, Term)


def rule_name(v, key: str, name: str) -> str:
    """Rule `key`'s Chinese name `name` in the words of the variant's game."""
    return RULE_NAMES_OF_GAME.get(v.game, {}).get(key, name)
_SHUANGKOU_SCORES: tuple[Term, ...] = (
    Term("胜负分", "result score", "按结果和名次得的基本分", "the base score of a place, by the result"),
    Term("翻倍", "multiplier", "胜方炸弹的最高线数决定的倍数", "what the winners' best bomb multiplies the result scores by"),
    Term("给到分", "bomb bonus", "每打出一个大炸弹，其他每人给打出的人的分", "what every other player pays for a big bomb played"),
    Term("底分", "stake", "每局的基本分，所有得分都乘以它", "the stake every score is multiplied by"),
    Term("无翻倍", "no doubling", "炸弹不翻倍的选项", "the option under which bombs never multiply the scores"),
)


def _row(t: Term, zh: bool, v=None) -> tuple[str, str, str]:
    meaning = None
    own = t.meaning or (_VARIANT_MEANINGS.get(t.zh) if v is not None else None)
    if own is not None and v is not None:
        meaning = own(v, "zh" if zh else "en")
    if meaning is None:
        meaning = t.zh_meaning if zh else t.en_meaning
    return (t.zh + (f"（{t.also}）" if t.also and zh else f" ({t.also})" if t.also else ""), t.en, meaning)


def _used(t: Term, zh_text: str) -> bool:
    return any(form in zh_text for form in t.forms())


# --- the variant's own meanings -------------------------------------------------------

_THRESHOLD_EN = {"10": "10s", "J": "Js", "Q": "Qs", "K": "Ks", "A": "As", "2": "2s"}


def _gouji_play(v, lang: str) -> str | None:
    """级牌: the variant's thresholds, jokers, and who may answer."""
    g = v.sections.get("gouji")
    if g is None or not g.thresholds:
        return None
    zh = lang == "zh"
    jokers = g.jokers_make_gouji
    if zh:
        sizes = "、".join(f"{t.rank}一张就够" if t.at_least == 1 else f"{t.rank}够{t.at_least}张" for t in g.thresholds)
        what = ("带王的牌，或" if jokers else "") + f"张数够了的牌（{sizes}" + ("，贴的2也算" if g.fillers_count else "") + "）"
        who = "通常只有对家能打" if v.flow.gouji_answer == "opposite_only" else "谁都能打"
        return f"够大的牌：{what}；{who}"
    sizes = ", ".join(f"any {_THRESHOLD_EN.get(t.rank, t.rank)}" if t.at_least == 1 else
                      f"{t.at_least} or more {_THRESHOLD_EN.get(t.rank, t.rank)}" for t in g.thresholds)
    what = ("any play with a joker, or " if jokers else "") + sizes + (" (filler 2s count)" if g.fillers_count else "")
    who = "normally only the opposite may answer it" if v.flow.gouji_answer == "opposite_only" else "anyone may answer it"
    return f"a big play: {what}; {who}"


def _opening(v, lang: str) -> str | None:
    """开点: by [open] method, with the plays that count when the variant narrows them."""
    o = v.sections.get("open")
    if o is None:
        return None
    zh = lang == "zh"
    if o.method == "none":
        return "本玩法没有开点" if zh else "not part of this variant: nobody opens"
    if o.method == "survives":
        text = ("四户乱缠以前出了一手级牌，既没被对家打掉，也没被烧" if zh else
                "playing a gouji play, before the free-for-all, that the opposite does not beat and nobody burns")
    else:
        text = "四户乱缠以前用级牌赢得发牌权" if zh else "winning the lead with a gouji play before the free-for-all"
    if o.counts.text != "gouji(play)":
        from gouji_dsl.facets.sentences import field_type
        from gouji_dsl.prose.explain import conditions, explain
        facts = conditions(o.counts.node, field_type("open.counts"))
        more = [f for f in facts or () if f[0] == "play" and f[1] != "是级牌"]
        if facts and len(more) == len(facts) - 1:   # the gouji play and what else it must be, in words
            text += (f"（只算{'、'.join(z for _p, z, _e in more)}的级牌）" if zh else
                     f" (only a gouji play that {' and '.join(e for _p, _z, e in more)} counts)")
        else:
            words = explain(o.counts.node, lang, field_type("open.counts"))
            text += f"（算数的牌：{words}）" if zh else f" (a play counts when {words})"
    return text


def _absent(term: str, lang: str, zh_note: str, en_note: str) -> str:
    """A term the book mentions for a rule the variant does not have: what it means, and that."""
    general = GLOSSARY_BY_ZH[term]
    return f"{general.zh_meaning}；{zh_note}" if lang == "zh" else f"{general.en_meaning}; {en_note}"


def _place(v, place: int, lang: str) -> str:
    for p in v.end.places:
        if p.place == place:
            return p.zh if lang == "zh" else f"{p.en} place"
    return f"第{place}名" if lang == "zh" else f"place {place}"


def _cards(n: int, lang: str) -> str:
    return f"{n}张" if lang == "zh" else f"{n} card{'s' if n != 1 else ''}"


def _open_tribute(v, lang: str) -> str | None:
    """点贡: who pays, and the levels where they grow."""
    t = v.sections.get("tribute")
    if t is None:
        return None
    zh = lang == "zh"
    if not t.enabled or "dian" not in t.order:
        return _absent("点贡", lang, "本玩法不进点贡", "not paid in this variant")
    text = "没开点的人向对家进的贡" if zh else "tribute to the opposite for not opening"
    if t.dian_max_level > 1:
        text += (f"；连着几局结果一样就逐级加码，最多{t.dian_max_level}级" if zh else
                 f"; it rises a level for every game in a row with the same outcome, up to level {t.dian_max_level}")
    if t.dian_graduation:
        text += "；进过最高级以后算开点（毕业）" if zh else "; after the top level the payer counts as open (graduation)"
    return text


def _place_tribute(v, lang: str) -> str | None:
    """落贡: who gives whom how many."""
    t = v.sections.get("tribute")
    if t is None:
        return None
    zh = lang == "zh"
    if not t.enabled or "luo" not in t.order or not t.luo:
        return _absent("落贡", lang, "本玩法不进落贡", "not paid in this variant")
    parts = [(f"{_place(v, r.payer, lang)}给{_place(v, r.receiver, lang)}{_cards(r.count, lang)}" if zh else
              f"{_place(v, r.payer, lang)} gives {_place(v, r.receiver, lang)} {_cards(r.count, lang)}") for r in t.luo]
    return ("最后几名向前几名进的贡：" + "，".join(parts)) if zh else "tribute of the last places to the first: " + ", ".join(parts)


def _count_tribute(term: str, attr: str, zh_who: str, en_who: str):
    """烧贡 / 闷贡: how many cards, or not paid here."""
    def meaning(v, lang: str) -> str | None:
        t = v.sections.get("tribute")
        if t is None:
            return None
        zh = lang == "zh"
        n = getattr(t, attr)
        if not t.enabled or not n:
            return _absent(term, lang, f"本玩法不进{term}", "not paid in this variant")
        return f"{zh_who}{_cards(n, lang)}" if zh else f"{en_who} {_cards(n, lang)}"
    return meaning


def _take_over(v, lang: str) -> str | None:
    """接风: who leads after a player goes out."""
    f = v.sections.get("flow")
    if f is None:
        return None
    zh = lang == "zh"
    if f.take_over.shorthand is None:
        words = say(f.take_over.node, lang, TAKE_OVER)
        return (f"走科的人最后一手没人打，由下面第一个还有牌的人接着发牌：{words}" if zh else
                f"after a player goes out and nobody beats their last play, the first of these still holding cards leads: {words}")
    if f.take_over.shorthand == "partner":
        # The opposite: in Shuangkou the partner, in Gouji an opponent (对头), so not "partner".
        return ("走科的人最后一手没人打，由坐在他对面的对家接着发牌" if zh else
                "after a player goes out and nobody beats their last play, the player sitting opposite them leads")
    return ("走科的人最后一手没人打，由下一个手里有牌的人接着发牌" if zh else
            "after a player goes out and nobody beats their last play, the next player holding cards leads")


def _headless(v, lang: str) -> str | None:
    """无头: by [headless] cause."""
    h = v.sections.get("headless")
    if h is None:
        return None
    zh = lang == "zh"
    return {
        "opposite_out": ("对家已经走科的玩家", "a player whose opposite has gone out"),
        "opposite_out_or_revolution": ("对家已经走科或革命的玩家", "a player whose opposite has gone out or sits out in a revolution"),
        "opposite_of_first_out": ("头科的对家", "the opposite of the first player out"),
    }.get(h.cause, (None, None))[0 if zh else 1]


def _threes_last(v, lang: str) -> str | None:
    """憋三: on or off, and buying a 3 where the variant has it."""
    t = v.sections.get("threes")
    if t is None:
        return None
    zh = lang == "zh"
    if not t.threes_last:
        return _absent("憋三", lang, "本玩法不憋三，3随时可以出", "not played here: 3s may be played at any time")
    text = "3只能留到最后一手出" if zh else "3s may only be one's last play"
    if "3" in v.buy.ranks:
        text += "；没有3的人可以买3" if zh else "; a player with no 3 may buy one"
    if t.men_out:
        text += "；被闷的人当即出局，占剩下最末的名次" if zh else "; a player beaten before their final 3s (闷) is out at once, in the lowest free place"
    return text


def _revolution(v, lang: str) -> str | None:
    """革命: the variant's condition in words, and the place the revolutionary takes."""
    r = v.sections.get("revolution")
    if r is None:
        return None
    zh = lang == "zh"
    if not r.allowed:
        return _absent("革命", lang, "本玩法不能革命", "not allowed in this variant")
    from gouji_dsl.facets.sentences import field_type
    from gouji_dsl.prose.explain import explain
    words = explain(r.condition.node, lang, field_type("revolution.condition"))
    place = _place(v, r.place, lang)
    return (f"发完牌，{words}，就可以革命：这一局不出牌，算{place}" if zh else
            f"when, after the deal, {words}, the player may sit the game out, taking {place}")


def _chaos(v, lang: str) -> str | None:
    """四户乱缠: when it starts."""
    c = v.sections.get("chaos")
    if c is None:
        return None
    zh = lang == "zh"
    if c.starts_at is None:
        return _absent("四户乱缠", lang, "本玩法没有四户乱缠", "not played in this variant")
    return (f"手里有牌的只剩{c.starts_at}家时，不再按级牌、烧牌、让牌的规矩出牌" if zh else
            f"once only {c.starts_at} players hold cards, the gouji, burning and deferring rules no longer apply")


def _graduation(v, lang: str) -> str | None:
    """点贡毕业: only where the variant's open tribute graduates."""
    t = v.sections.get("tribute")
    if t is None:
        return None
    if not (t.enabled and t.dian_graduation):
        return _absent("点贡毕业", lang, "本玩法没有点贡毕业", "not played in this variant")
    return None


_VARIANT_MEANINGS = {
    "级牌": _gouji_play, "开点": _opening, "点贡": _open_tribute, "落贡": _place_tribute, "点贡毕业": _graduation,
    "烧贡": _count_tribute("烧贡", "shao", "被烧的人给烧牌成功的人进", "the burned player gives the successful burner"),
    "闷贡": _count_tribute("闷贡", "men", "憋三时最后一手3之前被打掉的人进", "a player beaten before their final 3s gives"),
    "接风": _take_over, "无头": _headless, "憋三": _threes_last, "革命": _revolution, "四户乱缠": _chaos,
}


def _shuangkou_rows(v, zh: bool, zh_text: str) -> list[tuple[str, str, str]]:
    """A pattern variant's terms: the players' words it uses, then its play types, bombs, flow and scores
    (the play types, joker bombs and result classes are the variant's own: always listed)."""
    p = v.patterns
    rows = [_row(t, zh) for t in SHUANGKOU_GLOSSARY if _used(t, zh_text)]
    for t in p.types:
        if t.max_length == 1:
            meaning = f"同一点数{t.width}张" if zh else f"{t.width} card{'s' if t.width > 1 else ''} of one rank"
        else:
            meaning = (f"{t.min_length}到{t.max_length}个相连点数，每个点数{t.width}张" if zh else
                       f"{t.min_length} to {t.max_length} consecutive ranks, {t.width} card{'s' if t.width > 1 else ''} of each")
        rows.append((t.zh, t.name.replace("_", " "), meaning))
    rows.append(("炸弹", "bomb", f"同一点数{p.bomb_min}张或更多" if zh else f"{p.bomb_min} or more cards of one rank"))
    rows += [_row(t, zh) for t in SHUANGKOU_BOMBS if _used(t, zh_text)]
    for b in p.joker_bombs:
        rows.append((b.zh, b.name.replace("_", " "), f"{b.jokers}张王，{b.lines}线" if zh else f"{b.jokers} jokers, {b.lines} lines"))
    if p.chains:
        rows.append(_row(SHUANGKOU_CHAINS, zh))
    if p.wilds:
        rows.append(_row(SHUANGKOU_WILDS, zh))
    rows += [_row(t, zh) for t in SHUANGKOU_FLOW + (GLOSSARY_BY_ZH["名次"],) if _used(t, zh_text)]
    for c in v.results.classes:
        places = "、".join(map(str, sorted(c.winners))) if zh else ", ".join(map(str, sorted(c.winners)))
        rows.append((c.zh, c.name, f"胜方两人的名次为{places}" if zh else f"the winners take places {places}"))
    rows += [_row(t, zh) for t in _SHUANGKOU_SCORES if _used(t, zh_text)]
    return rows


def glossary_rows(v, lang: str, zh_text: str) -> list[tuple[str, str, str]]:
    """(term, English, meaning) rows of a variant's glossary chapter: the terms its book uses
    (a term is used when its Chinese form or an alias occurs in `zh_text`, the Chinese text
    of the book's rules and examples), each with the variant's own meaning where it differs
    by variant; then its place names."""
    zh = lang == "zh"
    if "patterns" in v.sections:
        rows = _shuangkou_rows(v, zh, zh_text)
    else:
        rows = [_row(t, zh, v) for t in GLOSSARY if _used(t, zh_text)]
    rows += [(p.zh, f"{p.en} place", f"第{p.place}名" if zh else f"place {p.place}") for p in v.end.places]
    return rows
