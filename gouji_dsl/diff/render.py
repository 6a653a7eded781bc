"""A diff as text, Markdown or JSON (`render_diff`)."""
from __future__ import annotations

import json

from gouji_dsl.diff.compare import RuleDiff, side_of
from gouji_dsl.diff.counterexample import Counterexample, Reason
from gouji_dsl.facets.phrases import LABEL, ROOM
from gouji_dsl.diff.values import LANGS, row_value_text, value_columns
from gouji_dsl.model import schema as m


_WORDS = {
    "zh": {"vs": "对比", "differ": "条规则不同", "one_differs": "条规则不同", "identical": "相同：没有不同的规则",
           "behavioural": "影响玩法", "with_example": "有反例", "without": "无反例", "example": "反例",
           LABEL: "不影响玩法", ROOM: "影响房间的离场罚分和级别，不影响牌局",
           "rows": "行", "rule": "规则", "written": "出处", "key": "键", "not_searched": "未搜索反例"},
    "en": {"vs": "vs", "differ": "rules differ", "one_differs": "rule differs", "identical": "identical: no rule differs",
           "behavioural": "behavioural", "with_example": "with a counterexample", "without": "without one",
           "example": "counterexample", LABEL: "no effect on play",
           ROOM: "changes the room's penalties for leaving early and player ranks, not the play of a game",
           "rows": "rows", "rule": "rule", "written": "written in", "key": "key",
           "not_searched": "counterexamples not searched"},
}


def name_and_title(v) -> tuple[str, str]:
    if isinstance(v, m.Variant):
        return v.name, side_of(v).title
    return str(v), ""


def _examples_by_rule(examples) -> dict[str, Counterexample]:
    return {e.rule: e for e in (examples or [])}


def _group_list(diffs: list[RuleDiff]) -> list[list[RuleDiff]]:
    groups: dict[str, list[RuleDiff]] = {}
    for d in diffs:
        groups.setdefault(d.group, []).append(d)
    return list(groups.values())


def _summary(diffs, examples, lang) -> str:
    w = _WORDS[lang]
    zh = lang == "zh"
    groups = _group_list(diffs)
    behavioural = [g for g in groups if g[0].behavioural]
    by_rule = _examples_by_rule(examples)
    with_ex = sum(1 for g in behavioural if g[0].group in by_rule)
    if not diffs:
        return w["identical"]
    if examples is None or not getattr(examples, "searched", True):
        if zh:
            return f"{len(diffs)}{w['differ']}（{len(behavioural)}组{w['behavioural']}；{w['not_searched']}）"
        return (f"{len(diffs)} {w['one_differs'] if len(diffs) == 1 else w['differ']} ({len(behavioural)} behavioural "
                f"difference{'s' if len(behavioural) != 1 else ''}; {w['not_searched']})")
    if zh:
        return (f"{len(diffs)}{w['differ']}（{len(behavioural)}组{w['behavioural']}：{with_ex}组{w['with_example']}，"
                f"{len(behavioural) - with_ex}组{w['without']}）")
    return (f"{len(diffs)} {w['one_differs'] if len(diffs) == 1 else w['differ']} ({len(behavioural)} behavioural "
            f"difference{'s' if len(behavioural) != 1 else ''}: {with_ex} {w['with_example']}, "
            f"{len(behavioural) - with_ex} {w['without']})")


def _no_example_text(group: list[RuleDiff], examples, lang: str) -> str | None:
    if not group[0].behavioural:
        return None
    unfound = getattr(examples, "unfound", {}) or {}
    reason = unfound.get(group[0].group)
    text = reason.text(lang) if isinstance(reason, Reason) else (str(reason) if reason else None)
    if lang == "zh":
        return "无反例：" + (text or "在搜索范围内未找到")
    return "no counterexample: " + (text or "none found within the search budget")


def _note(examples, lang: str) -> str:
    note = getattr(examples, "note", None)
    if note is None:
        return ""
    return note.text(lang) if isinstance(note, Reason) else str(note)


def render_diff(a, b, diffs: list[RuleDiff], examples=None, lang: str = "en", fmt: str = "text",
                labels: tuple[str, str] | None = None) -> str:
    """The diff of two variants as text, Markdown or JSON. `examples` is the
    result of `counterexamples` (or None when not searched); `labels` name the two sides
    where their variant names do not (two files of one name: a/club.gouji, b/club.gouji)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt == "text":
        return _render_text(a, b, diffs, examples, lang, labels)
    if fmt == "md":
        return _render_md(a, b, diffs, examples, lang, labels)
    if fmt == "json":
        return _render_json(a, b, diffs, examples, lang, labels)
    raise ValueError(f"unknown format {fmt!r}: expected text, md or json")


def _names(a, b, labels) -> tuple[str, str]:
    return labels or (name_and_title(a)[0], name_and_title(b)[0])


def _header(a, b, lang, labels=None) -> str:
    (_, ta), (_, tb) = name_and_title(a), name_and_title(b)
    na, nb = _names(a, b, labels)
    w = _WORDS[lang]
    la = f"{na} ({ta})" if ta else na
    lb = f"{nb} ({tb})" if tb else nb
    if lang == "zh":
        la = f"{na}（{ta}）" if ta else na
        lb = f"{nb}（{tb}）" if tb else nb
    return f"{la} {w['vs']} {lb}"


def _section_title(section: str, lang: str) -> str:
    cls = m.SECTION_BY_NAME[section]
    return f"[{section}] {cls.ZH}" if lang == "zh" else f"[{section}] {cls.ZH} - {cls.EN}"


def _rule_title(group: list[RuleDiff], lang: str) -> str:
    if lang == "zh":
        return "，".join(f"{d.path}（{d.zh}）" for d in group)
    return ", ".join(f"{d.path} ({d.zh})" for d in group)


def _render_text(a, b, diffs, examples, lang, labels=None) -> str:
    w = _WORDS[lang]
    na, nb = _names(a, b, labels)
    out = [_header(a, b, lang, labels) + ("：" if lang == "zh" else ": ") + _summary(diffs, examples, lang)]
    note = _note(examples, lang)
    if note:
        out.append(f"  （{note}）" if lang == "zh" else f"  ({note})")
    by_rule = _examples_by_rule(examples)
    width = max(len(na), len(nb))
    section = None
    for group in _group_list(diffs):
        head = group[0]
        if head.section != section:
            section = head.section
            out.append("")
            out.append(_section_title(section, lang))
        out.append(f"  {_rule_title(group, lang)}")
        out.append(f"    {head.prose(lang)}")
        for which, name in (("a", na), ("b", nb)):
            values = "; ".join(f"{d.field} = {d.short(which, lang)}" if len(group) > 1 else d.short(which, lang)
                               for d in group)
            wheres = "; ".join(f"{w['written']} {d.where(which, lang)}" if d.origin(which) else d.where(which, lang)
                               for d in group)
            where = f"（{wheres}）" if lang == "zh" else f"({wheres})"
            out.append(f"    {name.ljust(width)}  {values}    {where}")
        for d in group:
            if d.rows:
                cols = " / ".join(value_columns(d.vtype))
                out.append(f"    {w['rows']}（{w['key']} {'/'.join(d.vtype.key)}；{cols}）：" if lang == "zh" else
                           f"    {w['rows']} ({w['key']} {'/'.join(d.vtype.key)}; {cols}):")
                kw = max(len(r.key) for r in d.rows)
                for r in d.rows:
                    out.append(f"      {r.key.ljust(kw)}  {na}: {row_value_text(d.vtype, r.a, lang)};  "
                               f"{nb}: {row_value_text(d.vtype, r.b, lang)}")
        if not head.behavioural:
            out.append(f"    （{w[head.effect]}）" if lang == "zh" else f"    ({w[head.effect]})")
        elif examples is not None and getattr(examples, "searched", True):
            ex = by_rule.get(head.group)
            if ex is not None:
                label = f"{w['example']} ({ex.check})" if lang == "en" else f"{w['example']}（{ex.check}）"
                out.append(f"    {label}: {ex.text(lang)}" if lang == "en" else f"    {label}：{ex.text(lang)}")
            else:
                out.append(f"    {_no_example_text(group, examples, lang)}")
    return "\n".join(out) + "\n"


def md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _render_md(a, b, diffs, examples, lang, labels=None) -> str:
    w = _WORDS[lang]
    na, nb = _names(a, b, labels)
    out = [f"# {_header(a, b, lang, labels)}", "", _summary(diffs, examples, lang) + ("。" if lang == "zh" else ".")]
    note = _note(examples, lang)
    if note:
        out += ["", f"_{note}_"]
    by_rule = _examples_by_rule(examples)
    section = None
    for group in _group_list(diffs):
        head = group[0]
        if head.section != section:
            section = head.section
            out += ["", f"## {_section_title(section, lang)}"]
        out += ["", "### " + ", ".join(f"`{d.path}` {d.zh}" for d in group), "", head.prose(lang), ""]
        out.append(f"| {w['rule']} | {na} | {nb} |")
        out.append("|---|---|---|")
        for d in group:
            out.append(f"| `{d.field}` | {md_cell(d.short('a', lang))} | {md_cell(d.short('b', lang))} |")
            out.append(f"| {w['written']} | {md_cell(d.where('a', lang))} | {md_cell(d.where('b', lang))} |")
            for r in d.rows:
                out.append(f"| {md_cell(r.key)} | {md_cell(row_value_text(d.vtype, r.a, lang))} | "
                           f"{md_cell(row_value_text(d.vtype, r.b, lang))} |")
        if not head.behavioural:
            out += ["", f"_{w[head.effect]}_"]
        elif examples is not None and getattr(examples, "searched", True):
            ex = by_rule.get(head.group)
            out.append("")
            if ex is not None:
                out.append(f"**{w['example']}** ({ex.check}): {ex.text(lang)}")
                if ex.is_case:
                    out += ["", "```json", json.dumps(ex.to_case(), ensure_ascii=False), "```"]
            else:
                out.append(f"_{_no_example_text(group, examples, lang)}_")
    return "\n".join(out) + "\n"


def _render_json(a, b, diffs, examples, lang, labels=None) -> str:
    na, nb = _names(a, b, labels)
    by_rule = _examples_by_rule(examples)
    rules = []
    for d in diffs:
        item = d.to_json(lang)
        if d.behavioural and examples is not None and getattr(examples, "searched", True) and not d.merged_into:
            ex = by_rule.get(d.group)
            if ex is not None:
                item["counterexample"] = ex.to_json(lang)
            else:
                item["counterexample"] = None
                item["no_counterexample"] = _no_example_text([d], examples, lang)
        rules.append(item)
    doc = {"a": na, "b": nb, "identical": not diffs, "summary": _summary(diffs, examples, lang),
           "searched": examples is not None and getattr(examples, "searched", True), "note": _note(examples, lang) or None, "rules": rules}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"

