"""`gouji show`: a variant's resolved rules, as readable text or as JSON; and
`gouji show --rules`: the reference of every rule, its allowed values and meaning."""
from __future__ import annotations

import dataclasses
import json
import unicodedata
from typing import Any

from gouji_dsl.model import schema as m
from gouji_dsl.model.expr import ALL_FUNCTIONS, TYPE_WORDS, ChoiceT, ExprT
from gouji_dsl.lang.fmt import render_table_rows
from gouji_dsl.messages import current, text
from gouji_dsl.docs.meanings_zh import meaning
from gouji_dsl.model.types import (BOOL_ZH, CARD_ALIASES, TRUE_WORDS, BoolT, CardT, EnumT, IntT, ListT, NumberOrNameT,
                                   OptionalT, RangeT, RatioT, RowT, StrT)


def _field_type(cls: type[m.Section], name: str):
    return next(f for f in dataclasses.fields(cls) if f.name == name).metadata["type"]


def to_json(v: m.Variant) -> dict[str, Any]:
    sections: dict[str, Any] = {}
    for name, sec in v.sections.items():
        values = {}
        for f in m.rule_fields(sec, v.game):
            value = getattr(sec, f.name)
            values[f.name] = None if value is None else f.metadata["type"].to_json(value)
        sections[name] = values
    origins = {path: {"variant": o.variant, "line": o.pos.line, "cites": list(o.cites)}
               for path, o in sorted(v.origins.items())}
    return {"name": v.name, "parent": v.parent, "abstract": v.abstract, "lineage": list(v.lineage),
            "sections": sections, "origins": origins}


def to_json_text(v: m.Variant) -> str:
    return json.dumps(to_json(v), ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def to_text(v: m.Variant) -> str:
    about = v.sections["about"]
    out = [f"{v.name}: {about.title} ({about.title_en})" + (text("show.abstract") if v.abstract else "")]
    out.append(text("show.lineage", lineage=" -> ".join(v.lineage)))
    if about.summary:
        out.append(f"  {about.summary}")
    for name, sec in v.sections.items():
        out.append("")
        out.append(f"[{name}] {type(sec).ZH} - {type(sec).EN}")
        for f in m.rule_fields(sec, v.game):
            value = getattr(sec, f.name)
            vtype = f.metadata["type"]
            origin = v.origin(f"{name}.{f.name}")
            where = ""
            if origin is not None:
                where = text("show.from", variant=origin.variant) + "".join(" " + c for c in origin.cites)
            elif value is not None:
                where = text("show.default")
            if value is None:
                out.append(text("show.not_set_rule", rule=f.name, zh=f.metadata["zh"]))
                continue
            if isinstance(vtype, RowT):
                out.append(f"  {f.name} ({f.metadata['zh']}):  {where}")
                columns = list(vtype.columns)
                rows = [[vtype.columns[c].metadata["type"].show(getattr(r, c)) for c in columns] for r in value]
                lines = render_table_rows(columns, rows, indent="    ")
                out.append(lines[0])
                # Each row says where it was written: a `+=` in one file may change some rows only.
                for i, line in enumerate(lines[1:]):
                    row_origin = v.origin(f"{name}.{f.name}[{i}]")
                    out.append(line if row_origin is None else f"{line}    {_row_where(row_origin)}")
                continue
            out.append(f"  {f.name} ({f.metadata['zh']}) = {vtype.show(value)}    {where}".rstrip())
    return "\n".join(out) + "\n"


def _row_where(origin: m.Origin) -> str:
    """Where a table row was written: its variant and line (the variant's name, not a file path:
    a standard variant's file is inside the installed package)."""
    return text("show.from_line", variant=origin.variant, line=origin.pos.line) + "".join(" " + c for c in origin.cites)


# --- `gouji show --rulings`: the project's rulings where the sources are silent or disagree -----

RULINGS_INTRO = (
    "# Rulings: where the sources are silent or disagree",
    "",
    "The rule files follow five source documents (`sources/`, cited as `@000:L15`: document 000,",
    "line 15). Where they say nothing, or say different things, the project rules, as a Shandong",
    "player would, and the rule files cite the ruling (`@D12`). These are the rulings, as the",
    "abstract variants `gouji` and `shuangkou` list them (`[about] decisions`), in English and in",
    "the Chinese the rulebooks use. `gouji show --rulings` prints this page.",
    "",
    "规则文件依据五份资料（`sources/`，引用写作 `@000:L15`：000号资料第15行）。资料没说或者说法不一的地方，",
    "由项目按山东牌友的习惯作出裁定，规则文件引用裁定编号（`@D12`）。下面是全部裁定，取自抽象玩法",
    "`gouji` 和 `shuangkou` 的 `[about] decisions` 表，英文和规则书用的中文对照。",
)


def rulings_markdown(models: list[m.Variant]) -> str:
    """The rulings of `models` (the abstract roots that list them) as one Markdown page."""
    out = list(RULINGS_INTRO)
    for v in models:
        about = v.sections["about"]
        out += ["", f"## {about.title_en} ({about.title})", "", "| | ruling | 裁定 |", "|---|---|---|"]
        for row in about.decisions:
            cells = [row.id, row.summary, row.summary_zh]
            out.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    return "\n".join(out) + "\n"


# --- `gouji show --rules`: every rule, what it may hold and what it means -----------
#
# One data structure (`rules_reference`) feeds both outputs: `--json` prints it,
# the text form renders it, so the two always say the same. Each rule's allowed
# values come from its value type (`type_info`), never from a hand-written list.

def _meanings(key: str, english: str) -> dict[str, str]:
    """A meaning in both languages (docs/meanings_zh.py keys them), for the JSON and the text."""
    return {"meaning": english, "meaning_zh": meaning(key, english, "zh")}


def _meaning(item: dict[str, Any]) -> str:
    """The meaning of an entry of `rules_reference` in the reader's language."""
    return item["meaning_zh"] if current() == "zh" else item["meaning"]


def type_info(vtype, path: str = "") -> dict[str, Any]:
    """What a value type accepts, as data: `kind`, a one-line `summary`, and details. `path`:
    the rule (section.rule, or section.rule.column) whose type it is, for the meanings."""
    if isinstance(vtype, OptionalT):
        inner = type_info(vtype.inner, path)
        return {"kind": "optional", "summary": text("show.type.optional", inner=inner["summary"]), "none": ["none", "无"],
                "value": inner}
    if isinstance(vtype, BoolT):
        return {"kind": "yes/no", "summary": text("show.type.yes_no"),
                "values": [{"name": name, "zh": zh} for name, zh in BOOL_ZH.items()],
                "also": sorted(w for w in TRUE_WORDS if w not in BOOL_ZH)}
    if isinstance(vtype, EnumT):
        return {"kind": "choice", "summary": text("model.type_one_of", names=", ".join(f"{e.name} ({e.zh})" for e in vtype.members.values())),
                "values": [{"name": e.name, "zh": e.zh, **_meanings(f"{path}={e.name}", e.en)}
                           for e in vtype.members.values()]}
    if isinstance(vtype, NumberOrNameT):
        return {"kind": "number or name", "summary": str(vtype.expected()), "min": vtype.number.low, "max": vtype.number.high,
                "values": [{"name": e.name, "zh": e.zh, **_meanings(f"{path}={e.name}", e.en)}
                           for e in vtype.names.members.values()]}
    if isinstance(vtype, IntT):
        return {"kind": "number", "summary": str(vtype.expected()), "min": vtype.low, "max": vtype.high}
    if isinstance(vtype, RatioT):
        return {"kind": "fraction", "summary": str(vtype.expected()), "greater_than": 0, "max": vtype.high,
                "max_denominator": vtype.max_denominator}
    if isinstance(vtype, StrT):
        return {"kind": "string", "summary": text("show.type.string", limit=vtype.max_len),
                "max_length": vtype.max_len}
    if isinstance(vtype, CardT):
        aliases = {alias: card for alias, card in CARD_ALIASES.items() if card in vtype.allowed}
        also = ", ".join(f"{alias} = {card}" for alias, card in aliases.items())
        summary = text("show.type.card", what=vtype.what, cards=" ".join(vtype.allowed))
        summary += text("show.type.card_also", also=also) if also else ""
        summary += text("show.type.card_extra") if vtype.extras else ""
        return {"kind": "card", "summary": summary,
                "cards": list(vtype.allowed), "aliases": aliases, **({"extra_kinds": True} if vtype.extras else {})}
    if isinstance(vtype, ListT):
        item = type_info(vtype.item, path)
        size = (text("show.type.items", count=vtype.min_len) if vtype.min_len == vtype.max_len
                else text("show.type.items_between", low=vtype.min_len, high=vtype.max_len))
        summary = text("show.type.list", size=size) + (text("show.type.none_twice") if vtype.unique else "")
        return {"kind": "list", "summary": summary,
                "min_items": vtype.min_len, "max_items": vtype.max_len, "unique": vtype.unique, "item": item}
    if isinstance(vtype, RangeT):
        return {"kind": "card range", "summary": text("show.type.range"),
                "card": type_info(vtype.item, path)}
    if isinstance(vtype, RowT):
        return _table_info(vtype, path)
    if isinstance(vtype, ExprT):
        return _expression_info(vtype, path)
    from gouji_dsl.rules.cards import KindTokenT
    if isinstance(vtype, KindTokenT):
        return {"kind": "card token", "summary": str(vtype.label), "pattern": "[A-Z][A-Za-z]{0,3}"}
    raise TypeError(f"no rules reference for value type {type(vtype).__name__}")  # a new VType needs a case here


def _table_info(vtype: RowT, path: str) -> dict[str, Any]:
    columns = [{"name": f.name, "zh": f.metadata["zh"], **_meanings(f"{path}.{f.name}", f.metadata["en"]),
                "required": f.default is dataclasses.MISSING, "type": type_info(f.metadata["type"], f"{path}.{f.name}")}
               for f in vtype.columns.values()]
    summary = text("show.type.table")
    if vtype.min_rows:
        summary += text("show.type.table_min_rows", count=vtype.min_rows)
    if vtype.key:
        summary += text("show.type.table_key", columns=text("core.and").join(vtype.key))
    return {"kind": "table", "summary": summary, "columns": columns, "key": list(vtype.key), "min_rows": vtype.min_rows}


OPERATORS = ["+", "-", "*", "<", "<=", ">", ">=", "==", "!=", "and", "or", "not", "( )"]


def _expression_info(vtype: ExprT, path: str) -> dict[str, Any]:
    """An expression's own names; the functions and operators are the same for all
    expressions and described once, at the top of the reference (`_functions_info`)."""
    names = [{"name": v.name, "zh": v.zh, "type": str(TYPE_WORDS[v.type]), **_meanings(f"{path}:{v.name}", v.en)}
             for v in vtype.variables.values()]
    info = {"kind": "expression", "summary": str(vtype.expected()), "gives": str(TYPE_WORDS[vtype.result]),
            "names": names, "functions": list(vtype.functions), "operators": OPERATORS}
    if isinstance(vtype, ChoiceT):  # its named values, each with the expression it stands for
        info["kind"] = "choice or expression"
        info["values"] = [{"name": e.name, "zh": e.zh, **_meanings(f"{path}={e.name}", e.en),
                           "stands_for": vtype.expand(e.name).text} for e in vtype.members.values()]
    return info


def _functions_info() -> list[dict[str, Any]]:
    return [{"name": f.name, "arguments": [str(TYPE_WORDS[p]) for p in f.params], "gives": str(TYPE_WORDS[f.result]),
             **_meanings(f"function:{f.name}", f.en)} for f in ALL_FUNCTIONS.values()]


def _value_json(vtype, value) -> Any:
    return None if value is None else vtype.to_json(value)


def _value_text(vtype, value) -> str:
    """A value as a rule file writes it, with the Chinese alias of a policy or yes/no."""
    if value is None:
        return text("show.not_set")
    inner = vtype.inner if isinstance(vtype, OptionalT) else vtype
    if isinstance(inner, EnumT):
        return f"{value} ({inner.members[value].zh})"
    if isinstance(inner, BoolT):
        return f"{inner.show(value)} ({BOOL_ZH[inner.show(value)]})"
    return vtype.show(value)


def _applies(cls: type[m.Section]) -> str:
    games = text("show.game", games=text("show.or").join(cls.GAMES))
    if cls is m.PatternRules:
        games += text("show.when_patterns")
    return games


def rules_reference(v: m.Variant | None = None) -> dict[str, Any]:
    """Every section and rule: names, allowed values, meaning, required, and (with a
    variant) its value there. With a variant, only the sections that apply to its game."""
    sections = {}
    for cls in m.SECTIONS:
        if v is not None and not _applicable_to(cls, v):
            continue
        fields = m.rule_fields(cls, v.game) if v is not None else dataclasses.fields(cls)
        rules = {f.name: _rule_info(cls, f, v) for f in fields}
        sections[cls.NAME] = {"zh": cls.ZH, "title": cls.EN, "applies_to": _applies(cls), "rules": rules}
    head: dict[str, Any] = {"variant": None}
    if v is not None:
        head = {"variant": v.name, "game": v.game, "abstract": v.abstract, "lineage": list(v.lineage)}
    return {**head, "functions": _functions_info(), "operators": OPERATORS, "sections": sections}


def _applicable_to(cls: type[m.Section], v: m.Variant) -> bool:
    plays = v.sections.get("plays")
    return m.applicable(cls, v.game or "gouji", getattr(plays, "shape", None))


def _rule_info(cls: type[m.Section], f: dataclasses.Field, v: m.Variant | None) -> dict[str, Any]:
    vtype = f.metadata["type"]
    path = f"{cls.NAME}.{f.name}"
    info: dict[str, Any] = {"zh": f.metadata["zh"], **_meanings(path, f.metadata["en"]),
                            "required": f.metadata["required"], "type": type_info(vtype, path)}
    if not f.metadata["required"]:
        info["default"] = _value_json(vtype, f.default)
    if v is None:
        return info
    section = v.sections.get(cls.NAME)
    value = getattr(section, f.name) if section is not None else None
    origin = v.origin(f"{cls.NAME}.{f.name}")
    info["value"] = _value_json(vtype, value)
    if not isinstance(vtype, RowT):
        info["value_text"] = _value_text(vtype, value)
    if origin is not None:
        info["set_in"], info["cites"] = origin.variant, list(origin.cites)
    else:
        info["set_in"], info["cites"] = ("default" if value is not None else None), []
    return info


def find_rules(data: dict[str, Any], query: str) -> dict[str, Any]:
    """`data` (rules_reference) with only the rules `query` asks for: a section named by it (in
    English or Chinese) whole, else every rule whose name, Chinese name or meaning (in either
    language) contains it
    (letters in any case), the section it names first. Empty sections are left out; no match
    leaves none."""
    word = query.strip().casefold()
    named, others = {}, {}
    for name, section in data["sections"].items():
        if word in (name.casefold(), section["zh"].casefold()):
            named[name] = section
            continue
        rules = {key: rule for key, rule in section["rules"].items()
                 if any(word in said.casefold() for said in (key, key.replace("_", " "), rule["zh"], rule["meaning"],
                                                             rule["meaning_zh"]))}
        if rules:
            others[name] = {**section, "rules": rules}
    return {**data, "query": query, "sections": {**named, **others}}


def rules_json_text(v: m.Variant | None = None, query: str | None = None) -> str:
    data = rules_reference(v)
    return json.dumps(find_rules(data, query) if query else data, ensure_ascii=False, indent=2) + "\n"


def rules_text(v: m.Variant | None = None, query: str | None = None) -> str:
    data = rules_reference(v)
    if query:
        return _found_text(find_rules(data, query), v)
    if v is None:
        out = [text("show.every_rule")]
    else:
        out = [text("show.rules_of", name=v.name, lineage=" -> ".join(v.lineage))]
    out += [text("show.names_either_language"), "", text("show.expressions", operators=" ".join(data["operators"]))]
    out += [text("show.function", name=fn["name"], arguments=", ".join(fn["arguments"]), gives=fn["gives"],
                 meaning=_meaning(fn)) for fn in data["functions"]]
    out += _section_lines(data, v, applies=True)
    return "\n".join(out) + "\n"


def _found_text(data: dict[str, Any], v: m.Variant | None) -> str:
    """The rules a query found, each with its section (and, with a variant, its value there)."""
    count = sum(len(section["rules"]) for section in data["sections"].values())
    head = (text("show.found_in", count=count, name=v.name, word=data["query"]) if v is not None
            else text("show.found", count=count, word=data["query"]))
    out = [head] + _section_lines(data, v, applies=False)
    return "\n".join(out) + "\n"


def _section_lines(data: dict[str, Any], v: m.Variant | None, applies: bool) -> list[str]:
    """Each section of `data` (rules_reference) with its rules; `applies`: say which games it applies to."""
    out = []
    for name, section in data["sections"].items():
        out += ["", f"[{name}] {section['zh']} - {section['title']}"
                + (text("show.applies_to", games=section["applies_to"]) if applies else "")]
        for key, rule in section["rules"].items():
            out.append("")
            out.extend(_rule_lines(name, key, rule, v))
    return out


def _rule_lines(section: str, key: str, rule: dict[str, Any], v: m.Variant | None) -> list[str]:
    if rule["required"]:
        need = text("show.required")
    else:
        need = text("show.optional", default=default_text(section, key))
    out = [f"  {key} ({rule['zh']})    {need}", f"    {_meaning(rule)}"]
    out.extend(_type_lines(rule["type"], "    ", text("show.values")))
    if v is None:
        return out
    where = ""
    if rule["set_in"] is not None:
        origin = rule["set_in"] + "".join(" " + c for c in rule["cites"])
        where = text("show.set_default") if rule["set_in"] == "default" else text("show.set_in", origin=origin)
    if "value_text" in rule:
        out.append(text("show.here", value=rule["value_text"]) + where)
        return out
    section_value = v.sections.get(section)
    rows = getattr(section_value, key, None) if section_value is not None else None
    if rows is None:
        out.append(text("show.here", value=text("show.not_set")))
        return out
    out.append(text("show.here", value=text("model.rows_count", count=len(rows))) + where)
    vtype = _field_type(m.SECTION_BY_NAME[section], key)
    columns = list(vtype.columns)
    cells = [[vtype.columns[c].metadata["type"].show(getattr(r, c)) for c in columns] for r in rows]
    if rows:
        out.extend(render_table_rows(columns, cells, indent="      "))
    return out


def default_text(section: str, key: str) -> str:
    f = next(f for f in dataclasses.fields(m.SECTION_BY_NAME[section]) if f.name == key)
    vtype = f.metadata["type"]
    if isinstance(vtype, RowT):
        return text("show.no_rows") if not f.default else text("model.rows_count", count=len(f.default))
    return text("show.none") if f.default is None else _value_text(vtype, f.default)


def _type_lines(info: dict[str, Any], indent: str, label: str = "") -> list[str]:
    """Text lines of a `type_info` dict: the summary, then its details indented."""
    kind = info["kind"]
    out = [f"{indent}{label}{info['summary']}"]
    more = indent + "  "
    if kind == "optional":  # the inner type's details, under the summary that adds "or none"
        return out + _type_lines(info["value"], indent)[1:]
    if kind == "choice":
        names = [f"{member['name']} ({member['zh']})" for member in info["values"]]
        column = max(len(name) + _wide(name) for name in names)
        out = [f"{indent}{label}{text('show.one_of')}"]
        out += [f"{more}{_ljust(name, column)}  {_meaning(member)}" for name, member in zip(names, info["values"])]
    elif kind == "list":
        out += _type_lines(info["item"], more, text("show.each_item"))
    elif kind == "card range":
        out += _type_lines(info["card"], more, text("show.each_end"))
    elif kind == "table":
        out.append(more + text("show.columns"))
        for col in info["columns"]:
            need = "" if col["required"] else text("show.may_be_empty")
            out.append(f"{more}  {col['name']} ({col['zh']}){need}: {_meaning(col)}")
            out.extend(_type_lines(col["type"], more + "    "))
    elif kind == "choice or expression":  # the shorthands, each with what it stands for, then as an expression
        names = [f"{member['name']} ({member['zh']})" for member in info["values"]]
        column = max(len(name) + _wide(name) for name in names)
        out = [f"{indent}{label}{text('show.one_of_or_expression', gives=info['gives'])}"]
        out += [f"{more}{_ljust(name, column)}  {_meaning(member)}  (= {member['stands_for']})"
                for name, member in zip(names, info["values"])]
        out += _type_lines({**info, "kind": "expression"}, indent)[1:]
    elif kind == "expression":
        out.append(more + (text("show.names") if info["names"] else text("show.no_names")))
        out += [f"{more}  {name['name']} ({name['zh']}), {name['type']}: {_meaning(name)}" for name in info["names"]]
        out.append(more + text("show.functions", functions=", ".join(info["functions"])))
    return out


def _wide(text: str) -> int:
    """Extra terminal columns taken by the wide (Chinese) characters of `text`."""
    return sum(1 for ch in text if unicodedata.east_asian_width(ch) in "WF")


def _ljust(text: str, width_: int) -> str:
    return text + " " * max(width_ - len(text) - _wide(text), 0)
