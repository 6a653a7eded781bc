"""Completion: what may be written at the cursor, spelt in the document's language.

Read off the line as typed (it rarely parses while it is being written) and the section it is in:
after `[`, the sections; at the start of a line in a section, that section's rules not yet set;
after `rule =`, the values the rule takes; in a table's first row, its columns, and in its other
rows the values of the cell's column; after `extends`, the variants; after `@`, the citations the
variant lists.
"""
from __future__ import annotations

import dataclasses
import re

from gouji_dsl.lang.loader import CHINESE_NAMES
from gouji_dsl.model import schema as m
from gouji_dsl.model.types import RowT
from gouji_dsl.service.analysis import Analysis
from gouji_dsl.service.answers import Completion
from gouji_dsl.service.locate import column_field, rule_field, section_class
from gouji_dsl.service.vocabulary import meaning, reference, spelt, value_words

_NAME = r"[A-Za-z_\u3400-\u9fff][A-Za-z0-9_\u3400-\u9fff]*"
_EXTENDS = re.compile(r"\s*(?:abstract\s+)?variant\s+(\S+)\s+extends\s+(\S*)$")
_SECTION = re.compile(r"\s*[\[【]\s*(\S*)$")
_KEY = re.compile(rf"\s*({_NAME})?$")
_SETTING = re.compile(rf"\s*({_NAME})\s*(?:=|\+=|-=)(.*)$")
_ROW = re.compile(r"\s*[|｜]")
_CITE = re.compile(r"@([A-Za-z0-9]*)$")


def complete(analysis: Analysis, line: int, char: int) -> list[Completion]:
    text = analysis.lines[line] if line < len(analysis.lines) else ""
    before = text[:char]
    if _CITE.search(before):
        return _citations(analysis)
    if (header := _EXTENDS.match(before)) is not None:
        return _variants(analysis, header.group(1))
    if _SECTION.match(before):
        return _sections(analysis)
    section = _section_at(analysis, line)
    if _ROW.match(before):
        return _table_cells(analysis, section, line, before)
    if (found := _SETTING.match(before)) is not None:
        rule = rule_field(section, found.group(1))
        if section is None or rule is None:
            return []
        return _values(analysis, rule.metadata["type"], f"{section.NAME}.{rule.name}")
    if _KEY.match(before) and section is not None and line > 0:
        return _rules(analysis, section, line)
    return []


def _section_at(analysis: Analysis, line: int) -> type[m.Section] | None:
    """The section the 0-based `line` is in: the nearest `[name]` line above it."""
    for number in range(min(line, len(analysis.lines) - 1), -1, -1):
        found = re.match(rf"\s*\[\s*({_NAME})\s*\]", analysis.lines[number])
        if found:
            return section_class(found.group(1))
    return None


def _sections(analysis: Analysis) -> list[Completion]:
    lang = analysis.language
    sections = reference(lang)["sections"]
    game = analysis.model.game if analysis.model is not None else None
    shape = getattr(analysis.model.sections.get("plays"), "shape", None) if analysis.model is not None else None
    out = []
    for cls in m.SECTIONS:
        if game is not None and not m.applicable(cls, game, shape):
            continue
        name = cls.ZH if lang == "zh" else cls.NAME
        other = cls.NAME if lang == "zh" else cls.ZH
        out.append(Completion(name, "section", f"{other} · {sections[cls.NAME]['title']}",
                              insert_text=f"{name}]"))
    return out


def _rules(analysis: Analysis, section: type[m.Section], line: int) -> list[Completion]:
    lang = analysis.language
    info = reference(lang)["sections"][section.NAME]["rules"]
    stated = set()
    for written in analysis.parsed.sections:
        if section_class(written.name.id) is section:
            stated |= {f.name for e in written.entries if (f := rule_field(section, e.key.id)) is not None}
    out = []
    game = analysis.model.game if analysis.model is not None else None
    for f in (m.rule_fields(section, game) if game else dataclasses.fields(section)):
        if f.name in stated or f.name not in info:
            continue
        name = f.metadata["zh"] if lang == "zh" else f.name
        other = f.name if lang == "zh" else f.metadata["zh"]
        out.append(Completion(name, "rule", other, meaning(info[f.name], lang), insert_text=f"{name} = "))
    return out


def _values(analysis: Analysis, vtype, path: str) -> list[Completion]:
    lang = analysis.language
    return [Completion(spelt(w, lang), "value", w.zh if lang != "zh" else w.name, w.meaning)
            for w in value_words(vtype, lang, path)]


def _table_cells(analysis: Analysis, section: type[m.Section] | None, line: int, before: str) -> list[Completion]:
    """In a table: the columns (first row) or the values of the cell's column (other rows)."""
    key_line = line - 1
    while key_line >= 0 and _ROW.match(analysis.lines[key_line]):
        key_line -= 1
    found = _SETTING.match(analysis.lines[key_line]) if key_line >= 0 else None
    rule = rule_field(section, found.group(1)) if found else None
    table = rule.metadata["type"] if rule is not None else None
    if section is None or rule is None or not isinstance(table, RowT):
        return []
    lang = analysis.language
    if key_line == line - 1:  # the row of column names
        info = reference(lang)["sections"][section.NAME]["rules"][rule.name]["type"]["columns"]
        return [Completion(c["zh"] if lang == "zh" else c["name"], "column", c["name"] if lang == "zh" else c["zh"],
                           meaning(c, lang)) for c in info]
    header = [cell.strip() for cell in re.split(r"[|｜]", analysis.lines[key_line + 1])[1:-1]]
    index = len(re.findall(r"[|｜]", before)) - 1
    column = column_field(table, header[index]) if 0 <= index < len(header) else None
    if column is None:
        return []
    return _values(analysis, column.metadata["type"], f"{section.NAME}.{rule.name}.{column.name}")


def _variants(analysis: Analysis, own: str) -> list[Completion]:
    names = [name for name in analysis.ws.names() if name != own]
    chinese = {standard: zh for zh, standard in CHINESE_NAMES.items()}
    return [Completion(name, "variant", chinese.get(name, "")) for name in names]


def _citations(analysis: Analysis) -> list[Completion]:
    if analysis.model is None:
        return []
    about = analysis.model.sections.get("about")
    out = [Completion(f"{s.key}:L", "citation", s.title) for s in getattr(about, "sources", None) or ()]
    lang = analysis.language
    out += [Completion(d.id, "citation", (d.summary_zh or d.summary) if lang == "zh" else d.summary)
            for d in getattr(about, "decisions", None) or ()]
    return out
