"""Formatting and code actions: changes the editor applies to a document.

Formatting is `gouji fmt`'s (lang/fmt.py), names kept in the language the file writes them in, and
only for a file that parses whole: a statement that does not parse has no canonical form. Code
actions: a diagnostic's suggested replacement ("did you mean", a full-width character), the rules a
concrete variant must still state, and the file's names respelt in Chinese or in English.
"""
from __future__ import annotations

import dataclasses

from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.fmt import format_file, renamed, written_names
from gouji_dsl.messages import msg
from gouji_dsl.model import schema as m
from gouji_dsl.model.fields import field_applies
from gouji_dsl.model.expr import ChoiceT
from gouji_dsl.model.types import (BoolT, CardT, EnumT, IntT, ListT, NumberOrNameT, OptionalT, RangeT, RatioT, RowT,
                                   StrT, VType)
from gouji_dsl.service.analysis import Analysis
from gouji_dsl.service.answers import Edit, Fix, Span
from gouji_dsl.service.vocabulary import spelt, value_words


def formatting(analysis: Analysis) -> list[Edit]:
    """The whole document in canonical form, as one edit (none when it is already, or does not parse)."""
    file = analysis.file
    if file is None or analysis.parsed.diagnostics:
        return []
    formatted = format_file(file, analysis.text, names=written_names(file))
    if formatted == analysis.text:
        return []
    last = len(analysis.lines) - 1
    return [Edit(analysis.path, Span(0, 0, last, len(analysis.lines[last])), formatted.removesuffix("\n")
                 if not analysis.text.endswith("\n") else formatted)]


def code_actions(analysis: Analysis, span: Span) -> list[Fix]:
    """The fixes of the diagnostics at `span`, then the rules to add, then the names respelt."""
    fixes = [fix for issue in analysis.issues if _overlaps(issue.span, span) for fix in issue.fixes]
    missing = missing_rules(analysis)
    if missing is not None:
        fixes.append(missing)
    fixes += _respellings(analysis)
    return fixes


def _overlaps(a: Span, b: Span) -> bool:
    return (a.start_line, a.start_char) <= (b.end_line, b.end_char) and (b.start_line, b.start_char) <= (a.end_line, a.end_char)


def _respellings(analysis: Analysis) -> list[Fix]:
    file = analysis.file
    if file is None:
        return []
    out = []
    for names, key in (("zh", "service.action.names_zh"), ("en", "service.action.names_en")):
        edits = tuple(Edit(analysis.path, Span.at(node.pos.line - 1, node.pos.col - 1,
                                                   len(node.id if isinstance(node, n.Name) else str(node.value))), new)
                      for node, new in renamed(file, names))
        if edits:
            out.append(Fix(msg(key).text(analysis.language), edits, kind="refactor.rewrite"))
    return out


def missing_rules(analysis: Analysis) -> Fix | None:
    """Add the required rules a concrete variant leaves unset, each with a value of its type to
    change (one it can be given: a formula is the author's to write), under its section."""
    model, file = analysis.model, analysis.file
    if model is None or file is None or model.abstract or analysis.parsed.diagnostics:
        return None
    lang = analysis.language
    wanted: dict[type[m.Section], list[str]] = {}
    for cls in m.SECTIONS:
        stated = model.sections.get(cls.NAME)
        if stated is None:
            continue
        for f in dataclasses.fields(cls):
            if f.metadata["required"] and field_applies(f, model.game) and getattr(stated, f.name) is None \
                    and model.origin(f"{cls.NAME}.{f.name}") is None:
                value = example(f.metadata["type"], lang, f"{cls.NAME}.{f.name}")
                if value is not None:
                    key = f.metadata["zh"] if lang == "zh" else f.name
                    wanted.setdefault(cls, []).append(f"{key} = {value}" if "\n" not in value else f"{key} ={value}")
    if not wanted:
        return None
    edits = []
    appended = []
    written = {m.SECTION_ALIASES.get(s.name.id, s.name.id): s for s in file.sections}
    for cls, lines in wanted.items():
        section = written.get(cls.NAME)
        if section is None:
            appended += ["", f"[{cls.ZH if lang == 'zh' else cls.NAME}]", *lines]
            continue
        last = _last_line(section)
        edits.append(Edit(analysis.path, Span.at(last + 1, 0, 0), "\n".join(lines) + "\n"))
    if appended:
        end = len(analysis.lines) - 1
        prefix = "" if analysis.text.endswith("\n") else "\n"
        edits.append(Edit(analysis.path, Span.at(end, len(analysis.lines[end]), 0), prefix + "\n".join(appended) + "\n"))
    rules = ", ".join(line.split(" =")[0] for lines in wanted.values() for line in lines)
    return Fix(msg("service.action.add_rules", rules=rules).text(lang), tuple(edits),
               fixes=tuple(i for i in analysis.issues if i.code == "model.rules_unset"))


def _last_line(section: n.Section) -> int:
    """The 0-based last line of a section's statements."""
    last = section.pos.line
    for entry in section.entries:
        last = max(last, entry.rows[-1].pos.line if isinstance(entry, n.Table) and entry.rows else entry.pos.line)
    return last - 1


def example(vtype: VType, language: str, path: str) -> str | None:
    """A value of type `vtype`, as a file in `language` writes it, for the author to change; None
    for a formula."""
    if isinstance(vtype, OptionalT):
        return "无" if language == "zh" else "none"
    if isinstance(vtype, (BoolT, EnumT, NumberOrNameT, CardT, ChoiceT)):  # a ChoiceT's first shorthand
        words = value_words(vtype, language, path)
        return spelt(words[0], language) if words else None
    if isinstance(vtype, IntT):
        return str(vtype.low if vtype.low is not None else 0)
    if isinstance(vtype, RatioT):
        return "1"
    if isinstance(vtype, StrT):
        return '""'
    if isinstance(vtype, RangeT):
        return f"{vtype.item.allowed[0]}..{vtype.item.allowed[-1]}"
    if isinstance(vtype, ListT):
        item = example(vtype.item, language, path)
        if item is None:
            return None
        count = max(vtype.min_len, 1)
        if vtype.unique and isinstance(vtype.item, IntT):
            low = vtype.item.low or 0
            return "[" + ", ".join(str(low + i) for i in range(count)) + "]"
        return "[" + ", ".join([item] * count) + "]"
    if isinstance(vtype, RowT):
        columns = list(vtype.columns.values())
        cells = [example(c.metadata["type"], language, f"{path}.{c.name}") for c in columns]
        if any(cell is None for cell in cells):
            return None
        names = [c.metadata["zh"] if language == "zh" else c.name for c in columns]
        return "\n  | " + " | ".join(names) + " |\n  | " + " | ".join(cells) + " |"  # type: ignore[arg-type]
    return None
