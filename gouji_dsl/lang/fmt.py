"""`gouji fmt`: rule files in canonical form.

Canonical form: English section and rule names (Chinese aliases replaced),
or, with `names="zh"`, the Chinese ones, or with `names="keep"` the names as
the author wrote them (see `NAME_MODES`); one blank line between sections,
citations aligned in one column, tables with aligned columns, values
printed by `expr.unparse`. Comments stay where they were: a comment on its
own line belongs to the statement below it, a trailing comment to the
statement on its line. A single blank line between rules is kept.
Formatting is idempotent and never changes the rule model.
"""
from __future__ import annotations

import dataclasses
import itertools

from gouji_dsl.diagnostics import display_width, is_cjk
from gouji_dsl.model import schema as m
from gouji_dsl.lang import nodes as n
from gouji_dsl.model.expr import ChoiceT, ExprT, _canonical, unparse
from gouji_dsl.model.types import (BOOL_ZH, CARD_ALIASES, TRUE_WORDS, BoolT, CardT, EnumT, ListT, NumberOrNameT, OptionalT,
                                   RangeT, RowT, VType)

CITE_COLUMN = 53  # citations start after this many characters

# How `format_file` spells section, rule and column names and enum / yes-no values:
# "en" the English names, "zh" the Chinese aliases (where one exists; ranks and
# functions stay as they are), "keep" each name as the author wrote it.
NAME_MODES = ("en", "zh", "keep")


def pad(text: str, to: int) -> str:
    return text + " " * max(to - display_width(text), 0)


def with_tail(text: str, cites: tuple[n.Cite, ...], comment: str | None, column: int = CITE_COLUMN) -> str:
    tail = " ".join(c.text for c in cites)
    line = text
    if tail:
        line = (pad(text, column) if display_width(text) < column else text + "  ") + tail
    if comment:
        line = f"{line}  {comment}"
    return line


def _canonical_section(name: str) -> str:
    return m.SECTION_ALIASES.get(name, name)


def _canonical_key(section: str, key: str) -> str:
    cls = m.SECTION_BY_NAME.get(section)
    if cls is None:
        return key
    for f in dataclasses.fields(cls):
        if key == f.name or key == f.metadata.get("zh"):
            return f.name
    return key


def _canonical_column(section: str, key: str, column: str) -> str:
    cls = m.SECTION_BY_NAME.get(section)
    if cls is None:
        return column
    fields = {f.name: f for f in dataclasses.fields(cls)}
    vtype = fields[key].metadata["type"] if key in fields else None
    aliases = getattr(vtype, "aliases", {})
    columns = getattr(vtype, "columns", {})
    return aliases.get(column, column) if column not in columns else column


def _field_type(section: str, key: str) -> VType | None:
    cls = m.SECTION_BY_NAME.get(section)
    if cls is None:
        return None
    for f in dataclasses.fields(cls):
        if f.name == key:
            return f.metadata["type"]
    return None


def _spelt_section(written: str, names: str) -> str:
    cls = m.SECTION_BY_NAME.get(_canonical_section(written))
    if cls is None or names == "keep":
        return written  # an unknown section stays as written: its error names it so
    return cls.ZH if names == "zh" else cls.NAME


def _spelt_key(section: str, written: str, names: str) -> str:
    if names == "keep":
        return written
    key = _canonical_key(section, written)
    cls = m.SECTION_BY_NAME.get(section)
    if names == "zh" and cls is not None:
        return next((f.metadata["zh"] for f in dataclasses.fields(cls) if f.name == key), written)
    return key


def _spelt_column(section: str, key: str, written: str, names: str) -> str:
    if names == "keep":
        return written
    column = _canonical_column(section, key, written)
    vtype = _field_type(section, key)
    if names == "zh" and isinstance(vtype, RowT):
        return vtype.zh.get(column, column)
    return column


def spelt_value(vtype: VType | None, node: n.Expr, names: str) -> n.Expr:
    """A value as `names` spells it (see NAME_MODES)."""
    if names == "keep":
        return node
    value = canonical_value(vtype, node)
    return chinese_value(vtype, value) if names == "zh" else value


def chinese_value(vtype: VType | None, node: n.Expr) -> n.Expr:
    """Canonical names -> their Chinese aliases, where one exists: the reverse of
    `canonical_value` for policies, yes/no, none and expression names."""
    if isinstance(vtype, NumberOrNameT):
        vtype = vtype.names  # a number stays as it is
    if isinstance(vtype, OptionalT):
        if isinstance(node, n.Name) and node.id == "none":
            return n.Name(node.pos, "无")
        return chinese_value(vtype.inner, node)
    if isinstance(node, n.Name):
        if isinstance(vtype, EnumT) and node.id in vtype.members:
            return n.Name(node.pos, vtype.zh[node.id])
        if isinstance(vtype, ChoiceT) and node.id in vtype.members:
            return n.Name(node.pos, vtype.shorthand_zh[node.id])
        if isinstance(vtype, BoolT) and node.id in BOOL_ZH:
            return n.Name(node.pos, BOOL_ZH[node.id])
    if isinstance(vtype, ListT) and isinstance(node, n.List):
        return n.List(node.pos, tuple(chinese_value(vtype.item, item) for item in node.items))
    if isinstance(vtype, ExprT):  # the same renaming walk, English -> Chinese (functions too)
        return _canonical(node, vtype.zh, {name: zh for zh, name in vtype.function_aliases.items()})
    return node


def canonical_value(vtype: VType | None, node: n.Expr) -> n.Expr:
    """Chinese aliases and alternative spellings -> the canonical names."""
    if isinstance(vtype, NumberOrNameT):
        vtype = vtype.names  # a number stays as it is
    if isinstance(vtype, OptionalT):
        if isinstance(node, n.Name) and node.id == "无":
            return n.Name(node.pos, "none")
        return canonical_value(vtype.inner, node)
    if isinstance(node, n.Name):
        if isinstance(vtype, EnumT) and node.id in vtype.aliases:
            return n.Name(node.pos, vtype.aliases[node.id])
        if isinstance(vtype, ChoiceT) and node.id in vtype.shorthand_aliases:
            return n.Name(node.pos, vtype.shorthand_aliases[node.id])
        if isinstance(vtype, BoolT) and node.id in TRUE_WORDS:
            return n.Name(node.pos, "yes" if TRUE_WORDS[node.id] else "no")
        if isinstance(vtype, CardT) and node.id in CARD_ALIASES:
            card = CARD_ALIASES[node.id]
            return n.Int(node.pos, int(card)) if card.isdigit() else n.Name(node.pos, card)
    if isinstance(vtype, ListT) and isinstance(node, n.List):
        return n.List(node.pos, tuple(canonical_value(vtype.item, item) for item in node.items))
    if isinstance(vtype, RangeT) and isinstance(node, n.Range):
        return n.Range(node.pos, canonical_value(vtype.item, node.low), canonical_value(vtype.item, node.high))
    if isinstance(vtype, ExprT):
        return _canonical(node, vtype.aliases, vtype.function_aliases)
    return node


def render_table_rows(columns: list[str], rows: list[list[str]], indent: str = "  ") -> list[str]:
    widths = [max([display_width(columns[i])] + [display_width(r[i]) for r in rows if i < len(r)]) for i in range(len(columns))]
    lines = [indent + "| " + " | ".join(pad(c, w) for c, w in zip(columns, widths)) + " |"]
    for row in rows:
        cells = [pad(c, widths[i]) if i < len(widths) else c for i, c in enumerate(row)]
        lines.append(indent + "| " + " | ".join(cells) + " |")
    return lines


class _Comments:
    """Assigns each comment to a statement line: leading or trailing."""

    def __init__(self, file: n.File, text: str):
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        starts = sorted(self._statement_lines(file))
        self.trailing: dict[int, str] = {}
        self.leading: dict[int, list[str]] = {}
        self.end: list[str] = []
        for c in file.comments:
            if c.trailing:
                self.trailing[c.line] = c.text
                continue
            nxt = next((s for s in starts if s > c.line), None)
            if nxt is None:
                self.end.append(c.text)
            else:
                self.leading.setdefault(nxt, []).append(c.text)

    @staticmethod
    def _statement_lines(file: n.File):
        yield file.header.pos.line
        for section in file.sections:
            yield section.pos.line
            for entry in section.entries:
                yield entry.pos.line
                if isinstance(entry, n.Table):
                    yield from (row.pos.line for row in entry.rows)
                    yield from (col.pos.line for col in entry.columns[:1])

    def blank_before(self, line: int) -> bool:
        first = line - len(self.leading.get(line, []))
        # Leading comments may be separated from each other; look above the first.
        probe = first - 1
        while probe >= 1 and self.lines[probe - 1].strip().startswith("#"):
            probe -= 1
        return probe >= 1 and not self.lines[probe - 1].strip()


def written_names(file: n.File) -> str:
    """The language a file spells its section and rule names in: "zh" when at least as many of
    them are Chinese as English, else "en" (`gouji fmt` keeps it unless told otherwise)."""
    return sections_language(file.sections)


def sections_language(sections: tuple[n.Section, ...]) -> str:
    """`written_names` of these sections (the editor's, when the header does not parse)."""
    chinese = english = 0
    for section in sections:
        for name in [section.name.id] + [entry.key.id for entry in section.entries]:
            if any(map(is_cjk, name)):
                chinese += 1
            else:
                english += 1
    return "zh" if chinese and chinese >= english else "en"


def format_file(file: n.File, text: str, names: str = "en") -> str:
    """The canonical text of a parsed file; `names` is one of NAME_MODES."""
    if names not in NAME_MODES:
        raise ValueError(f"unknown name mode {names!r}: expected one of {', '.join(NAME_MODES)}")
    comments = _Comments(file, text)
    out: list[str] = []

    def lead(line: int, indent: str = "") -> None:
        out.extend(indent + c for c in comments.leading.get(line, []))

    header = file.header
    lead(header.pos.line)
    words = (["abstract"] if header.abstract else []) + ["variant", header.name.id]
    if header.parent:
        words += ["extends", header.parent.id]
    out.append(with_tail(" ".join(words), header.cites, comments.trailing.get(header.pos.line)))

    for section in file.sections:
        name = _canonical_section(section.name.id)
        out.append("")
        lead(section.pos.line)
        out.append(with_tail(f"[{_spelt_section(section.name.id, names)}]", (), comments.trailing.get(section.pos.line)))
        for i, entry in enumerate(section.entries):
            if i and comments.blank_before(entry.pos.line):
                out.append("")
            lead(entry.pos.line)
            key = _canonical_key(name, entry.key.id)
            spelt = _spelt_key(name, entry.key.id, names)
            if isinstance(entry, n.Setting):
                value = spelt_value(_field_type(name, key), entry.value, names)
                # The operator is printed as written: `+=` on a setting is an error the checker reports.
                out.append(with_tail(f"{spelt} {entry.op} {unparse(value)}", entry.cites, comments.trailing.get(entry.pos.line)))
                continue
            out.append(with_tail(f"{spelt} {entry.op}", entry.cites, comments.trailing.get(entry.pos.line)))  # =, += or -=
            columns = [_canonical_column(name, key, c.id) for c in entry.columns]
            table_type = _field_type(name, key)
            column_types = [table_type.columns[c].metadata["type"] if isinstance(table_type, RowT) and c in table_type.columns
                            else None for c in columns]
            cells = [["" if c is None else unparse(spelt_value(t, c, names))
                      for c, t in itertools.zip_longest(row.cells, column_types[:len(row.cells)])]
                     for row in entry.rows]
            rendered = render_table_rows([_spelt_column(name, key, c.id, names) for c in entry.columns], cells)
            header_line = entry.columns[0].pos.line if entry.columns else entry.pos.line
            if header_line != entry.pos.line:
                lead(header_line, "  ")
            out.append(with_tail(rendered[0], (), comments.trailing.get(header_line), column=0))
            for row, line in zip(entry.rows, rendered[1:]):
                lead(row.pos.line, "  ")
                out.append(with_tail(line, row.cites, comments.trailing.get(row.pos.line), column=0))
    if comments.end:
        out.append("")
        out.extend(comments.end)
    return "\n".join(out) + "\n"


def renamed(file: n.File, names: str) -> list[tuple[n.Name | n.Int, str]]:
    """Each name of `file` that `names` (a NAME_MODES mode) spells otherwise, with its new
    spelling: the renaming `format_file` makes, as edits an editor can apply to the names alone,
    leaving the rest of the file as it is."""
    out: list[tuple[n.Name | n.Int, str]] = []

    def rename(node: n.Name, new: str) -> None:
        if new != node.id:
            out.append((node, new))

    for section in file.sections:
        name = _canonical_section(section.name.id)
        rename(section.name, _spelt_section(section.name.id, names))
        for entry in section.entries:
            key = _canonical_key(name, entry.key.id)
            rename(entry.key, _spelt_key(name, entry.key.id, names))
            if isinstance(entry, n.Setting):
                out += _renamed_values(entry.value, spelt_value(_field_type(name, key), entry.value, names))
                continue
            for column in entry.columns:
                rename(column, _spelt_column(name, key, column.id, names))
            table_type = _field_type(name, key)
            types = [table_type.columns[c].metadata["type"] if isinstance(table_type, RowT) and c in table_type.columns
                     else None for c in (_canonical_column(name, key, col.id) for col in entry.columns)]
            for row in entry.rows:
                for cell, vtype in zip(row.cells, types):
                    if cell is not None:
                        out += _renamed_values(cell, spelt_value(vtype, cell, names))
    return out


def _renamed_values(old: n.Expr, new: n.Expr) -> list[tuple[n.Name | n.Int, str]]:
    """The names of value `old` that `new` (the same value respelt) writes otherwise."""
    if isinstance(old, n.Name):
        if isinstance(new, n.Name) and new.id != old.id:
            return [(old, new.id)]
        if isinstance(new, n.Int):
            return [(old, str(new.value))]
        return []
    pairs: list[tuple[n.Expr, n.Expr]] = []
    if isinstance(old, n.Call) and isinstance(new, n.Call):
        pairs = [(old.func, new.func), *zip(old.args, new.args)]
    elif isinstance(old, n.Unary) and isinstance(new, n.Unary):
        pairs = [(old.operand, new.operand)]
    elif isinstance(old, n.Binary) and isinstance(new, n.Binary):
        pairs = [(old.left, new.left), (old.right, new.right)]
    elif isinstance(old, n.List) and isinstance(new, n.List):
        pairs = list(zip(old.items, new.items))
    elif isinstance(old, n.Range) and isinstance(new, n.Range):
        pairs = [(old.low, new.low), (old.high, new.high)]
    return [found for a, b in pairs for found in _renamed_values(a, b)]
