"""A rule difference said in one sentence: each variant's phrase, or the rule's name and both values."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gouji_dsl.facets.phrases import predicate
from gouji_dsl.diff.values import LANGS, row_value_text, value_columns
from gouji_dsl.model.types import OptionalT, RowT, StrT

if TYPE_CHECKING:
    from gouji_dsl.diff.compare import RuleDiff


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rows_prose(d: RuleDiff, lang: str) -> str:
    """Two keyed tables that both have rows: the rows that differ, the first four said."""
    A, B = d.a.label(lang, d.b), d.b.label(lang, d.a)
    zh = lang == "zh"
    name = d.zh if zh else f"{d.zh} ({d.path})"
    rtype = d.vtype
    parts = []
    for r in d.rows[:4]:
        if zh:
            parts.append(f"{r.key}：{A} {row_value_text(rtype, r.a, lang)}，{B} {row_value_text(rtype, r.b, lang)}")
        else:
            parts.append(f"{r.key}: {A} {row_value_text(rtype, r.a, lang)}, {B} {row_value_text(rtype, r.b, lang)}")
    more = len(d.rows) - 4
    if zh:
        tail = f"；另有{more}行不同" if more > 0 else ""
        return (f"{name}有{len(d.rows)}行不同（按 {'/'.join(rtype.key)}，值为 {' / '.join(value_columns(rtype))}）："
                + "；".join(parts) + tail + "。")
    tail = f"; and {more} more" if more > 0 else ""
    rows = "row differs" if len(d.rows) == 1 else "rows differ"
    return (f"{name}: {len(d.rows)} {rows} (by {'/'.join(rtype.key)}, giving {' / '.join(value_columns(rtype))}): "
            + "; ".join(parts) + tail + ".")


def rule_prose(d: RuleDiff, lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    zh = lang == "zh"
    A, B = d.a.label(lang, d.b), d.b.label(lang, d.a)
    group = [d] + list(d.related) if not d.merged_into else list(d.related[:1]) + [d] + list(d.related[1:])
    if len(group) > 1:
        if group[0].path == "table.decks" and all(isinstance(v, int) for g in group for v in (g.a_value, g.b_value)):
            decks, cards = group[0], group[1]
            if zh:
                return (f"{A}用{decks.a_value}副牌，每人{cards.a_value}张；"
                        f"{B}用{decks.b_value}副牌，每人{cards.b_value}张。")
            return (f"{A} deals {decks.a_value} decks, {cards.a_value} cards each; "
                    f"{B} {decks.b_value} decks, {cards.b_value} each.")
        if group[0].path == "patterns.chains":
            return _chains_prose(group, lang)
        return ("" if zh else " ").join(_single_prose(g, lang) for g in group)
    return _single_prose(d, lang)


def _chains_prose(group: list[RuleDiff], lang: str) -> str:
    """Chain bombs said in one sentence per variant: none, or which bombs chain and their lines."""
    zh = lang == "zh"
    chains, rules, lines = group
    said = []
    for which, side, other in (("a", chains.a, chains.b), ("b", chains.b, chains.a)):
        name = side.label(lang, other)
        parts = [predicate(d.path, d.value(which), lang) for d in (chains, rules, lines)]
        if not chains.value(which) or any(p is None for p in parts):
            said.append(f"{name}{parts[0]}" if zh else f"{name} {parts[0]}")
        else:
            said.append(f"{name}{parts[0]}（{parts[1]}，{parts[2]}）" if zh else
                        f"{name} {parts[0]}: it {parts[1]}, and {parts[2]}")
    return "；".join(said) + "。" if zh else "; ".join(said) + "."


def _single_prose(d: RuleDiff, lang: str) -> str:
    zh = lang == "zh"
    A, B = d.a.label(lang, d.b), d.b.label(lang, d.a)
    if isinstance(d.vtype, RowT) and d.rows and d.a_value and d.b_value:
        return _rows_prose(d, lang)
    pa, pb = predicate(d.path, d.a_value, lang), predicate(d.path, d.b_value, lang)
    if pa is not None and pb is not None:
        return f"{A}{pa}；{B}{pb}。" if zh else f"{A} {pa}; {B} {pb}."
    # A value no phrase says (a section that does not apply, a rule left unset): both values shown.
    va, vb = d.short("a", lang), d.short("b", lang)
    if isinstance(d.vtype, RowT):
        if zh:
            return f"{d.zh}：{A}{va}，{B}{vb}。"
        return f"{d.zh} ({d.path}): {A} {va}, {B} {vb}."
    inner = d.vtype.inner if isinstance(d.vtype, OptionalT) else d.vtype
    if isinstance(inner, StrT):
        va, vb = ((f"「{va}」", f"「{vb}」") if zh else (f"“{va}”", f"“{vb}”"))
    if zh:
        return f"{d.zh}：{A}为{va}，{B}为{vb}。"
    return f"{capitalised(d.en)}: {A} {va}, {B} {vb}."
