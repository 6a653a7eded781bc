"""What is at a place in a document: the section, rule, column, value or citation under the cursor.

Read off the tolerant parse (every statement that parses), and the rule schema (model.schema):
a name written in Chinese or English finds the same section, rule and column.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from gouji_dsl.lang import nodes as n
from gouji_dsl.model import schema as m
from gouji_dsl.model.types import RowT, VType
from gouji_dsl.service.answers import Span
from gouji_dsl.service.tolerant import Parsed


def section_class(name: str) -> type[m.Section] | None:
    """The section a name (English or Chinese) stands for."""
    return m.SECTION_BY_NAME.get(m.SECTION_ALIASES.get(name, name))


def rule_field(cls: type[m.Section] | None, key: str) -> dataclasses.Field | None:
    """The rule of section `cls` a key (English or Chinese) stands for."""
    if cls is None:
        return None
    return next((f for f in dataclasses.fields(cls) if key in (f.name, f.metadata.get("zh"))), None)


def column_field(table: VType | None, name: str) -> dataclasses.Field | None:
    """The column of a table type a name (English or Chinese) stands for."""
    if not isinstance(table, RowT):
        return None
    return table.columns.get(table.aliases.get(name, name))


@dataclass(frozen=True)
class Spot:
    """What the cursor is on. `kind`: "variant" (the header's name), "parent" (after `extends`),
    "section", "rule", "column", "value" or "cite". `node` is the name, value or citation itself."""

    kind: str
    span: Span
    node: n.Node
    section: type[m.Section] | None = None
    rule: dataclasses.Field | None = None
    entry: n.Entry | None = None
    column: dataclasses.Field | None = None  # a table's column, for a column name or a cell

    @property
    def value_type(self) -> VType | None:
        """The type of the value under the cursor (a cell's column's, else the rule's)."""
        if self.column is not None:
            return self.column.metadata["type"]
        return self.rule.metadata["type"] if self.rule is not None else None


def _span(pos, length: int) -> Span:
    return Span.at(pos.line - 1, pos.col - 1, length)


def _name_span(node: n.Name) -> Span:
    return _span(node.pos, len(node.id))


def _leaves(expr: n.Expr | None) -> Iterator[n.Expr]:
    """The names and numbers of a value, in order."""
    if isinstance(expr, (n.Name, n.Int)):
        yield expr
    elif isinstance(expr, n.Call):
        yield expr.func
        for arg in expr.args:
            yield from _leaves(arg)
    elif isinstance(expr, n.Unary):
        yield from _leaves(expr.operand)
    elif isinstance(expr, n.Binary):
        yield from _leaves(expr.left)
        yield from _leaves(expr.right)
    elif isinstance(expr, n.List):
        for item in expr.items:
            yield from _leaves(item)
    elif isinstance(expr, n.Range):
        yield from _leaves(expr.low)
        yield from _leaves(expr.high)


def _leaf_span(leaf: n.Expr) -> Span:
    return _name_span(leaf) if isinstance(leaf, n.Name) else _span(leaf.pos, len(str(getattr(leaf, "value", ""))))


def spots(parsed: Parsed) -> Iterator[Spot]:
    """Every spot of the document, in order."""
    file = parsed.file
    if file is not None:
        yield Spot("variant", _name_span(file.header.name), file.header.name)
        if file.header.parent is not None:
            yield Spot("parent", _name_span(file.header.parent), file.header.parent)
        for cite in file.header.cites:
            yield Spot("cite", _span(cite.pos, len(cite.text)), cite)
    for section in parsed.sections:
        cls = section_class(section.name.id)
        yield Spot("section", _name_span(section.name), section.name, cls)
        for entry in section.entries:
            yield from _entry_spots(cls, entry)


def _entry_spots(cls: type[m.Section] | None, entry: n.Entry) -> Iterator[Spot]:
    rule = rule_field(cls, entry.key.id)
    yield Spot("rule", _name_span(entry.key), entry.key, cls, rule, entry)
    for cite in entry.cites:
        yield Spot("cite", _span(cite.pos, len(cite.text)), cite, cls, rule, entry)
    if isinstance(entry, n.Setting):
        for leaf in _leaves(entry.value):
            yield Spot("value", _leaf_span(leaf), leaf, cls, rule, entry)
        return
    table = rule.metadata["type"] if rule is not None else None
    columns = [column_field(table, c.id) for c in entry.columns]
    for name, column in zip(entry.columns, columns):
        yield Spot("column", _name_span(name), name, cls, rule, entry, column)
    for row in entry.rows:
        for cell, column in zip(row.cells, columns + [None] * len(row.cells)):
            for leaf in _leaves(cell):
                yield Spot("value", _leaf_span(leaf), leaf, cls, rule, entry, column)
        for cite in row.cites:
            yield Spot("cite", _span(cite.pos, len(cite.text)), cite, cls, rule, entry)


def spot_at(parsed: Parsed, line: int, char: int) -> Spot | None:
    """The spot under the cursor at (line, char), 0-based."""
    for spot in spots(parsed):
        if spot.span.holds(line, char):
            return spot
    return None
