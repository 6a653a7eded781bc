"""Tables along a lineage: `=` states a whole table, `+=` and `-=` change rows.

A child variant usually differs from its parent in a row or two of a table
(the threshold for 10s, one 点贡 case). `key +=` merges rows into the
inherited table by the table's key columns: a row whose key is already there
replaces that row in place, a new key is appended. `key -=` removes the rows
named by their key columns. `key =` still replaces the table whole, and says
so (a warning) when that drops inherited rows, the likely mistake.

The statements are applied root first, so each row of the result remembers
the file and line where it was written, for `gouji show` and the rulebooks.
"""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.lang import nodes as n
from gouji_dsl.diagnostics import Pos
from gouji_dsl.model.types import INVALID, Context, RowT

SHOWN_KEYS = 6  # keys listed in a message before "..."


@dataclass(frozen=True)
class Stated:
    """The table statements of one file for one rule, in the order written."""

    variant: str
    tables: tuple[n.Table, ...]


@dataclass(frozen=True)
class _Row:
    value: object  # the row dataclass
    node: n.Row
    variant: str


@dataclass(frozen=True)
class Resolved:
    rows: tuple                            # row dataclasses, in table order
    written: tuple[tuple[n.Row, str], ...]  # where each row was written: node and variant


def resolve(vtype: RowT, key: str, history: list[Stated], ctx: Context, own: str) -> Resolved | object:
    """Apply the statements of `history` (root first); INVALID after an error.

    `own` is the variant being built: only its own `=` can warn about
    dropped rows (its ancestors' files are not the author's to change)."""
    rows: list[_Row] | None = None
    source: tuple[Pos, str] | None = None  # where the current table was last stated
    for stated in history:
        for table in stated.tables:
            if table.op == n.REPLACE:
                rows = _replace(vtype, key, table, stated.variant, rows, source, ctx, own)
            elif rows is None:
                ctx.reporter.error(table.op_pos or table.key.pos,
                                   f"'{key} {table.op}' changes an inherited table, but no variant this one extends states '{key}'",
                                   hint=f"state the whole table with '{key} ='")
                return INVALID
            elif table.op == n.MERGE:
                rows = _merge(vtype, key, table, stated.variant, rows, ctx)
            else:
                rows = _remove(vtype, key, table, rows, ctx)
            if rows is INVALID:
                return INVALID
            source = (table.key.pos, stated.variant)
    if rows is None:  # pragma: no cover - the builder resolves only tables some file states
        return INVALID
    if len(rows) < vtype.min_rows and source is not None:
        ctx.reporter.error(source[0], f"table '{key}' needs at least {vtype.min_rows} row(s), but {len(rows)} remain")
        return INVALID
    return Resolved(tuple(r.value for r in rows), tuple((r.node, r.variant) for r in rows))


def row_key(vtype: RowT, value) -> tuple:
    """The key of a row; a keyless table's rows are their own keys."""
    if not vtype.key:
        return (value,)
    return tuple(getattr(value, k) for k in vtype.key)


def show_key(row_key: tuple) -> str:
    return " / ".join(map(str, row_key))


def _show_keys(keys: list[tuple]) -> str:
    shown = ", ".join(show_key(k) for k in keys[:SHOWN_KEYS])
    return shown + (", ..." if len(keys) > SHOWN_KEYS else "")


def _replace(vtype, key, table, variant, rows, source, ctx, own):
    values = vtype.convert_table(table, ctx, key)
    if values is INVALID:
        return INVALID
    fresh = [_Row(v, node, variant) for v, node in zip(values, table.rows)]
    if rows is not None and variant == own:
        _warn_dropped(vtype, key, table, rows, fresh, source, ctx)
    return fresh


def _warn_dropped(vtype, key, table, inherited, fresh, source, ctx) -> None:
    kept = {row_key(vtype, r.value) for r in fresh}
    dropped = [row_key(vtype, r.value) for r in inherited if row_key(vtype, r.value) not in kept]
    if not dropped:
        return
    notes = [(source[0], f"the inherited table ({source[1]})")] if source else []
    if vtype.key:
        message = (f"'{key} =' replaces the whole inherited table and drops its row(s) for "
                   f"{_show_keys(dropped)}")
        hint = (f"to change only some rows, write '{key} +=': a row with the same "
                f"{' / '.join(vtype.key)} replaces the inherited one, the others stay")
    else:
        message = f"'{key} =' replaces the whole inherited table and drops {len(dropped)} of its rows"
        hint = f"to add rows to the inherited ones, write '{key} +='"
    ctx.reporter.warning(table.key.pos, message, hint=hint, notes=notes)


def _merge(vtype, key, table, variant, rows, ctx):
    if vtype.key:
        given = {vtype.aliases.get(c.id, c.id) for c in table.columns}
        missing = [k for k in vtype.key if k not in given]
        if missing:
            ctx.reporter.error(table.key.pos, f"'{key} +=' rows must give the key column(s) {', '.join(missing)}: "
                               "they say which row to replace",
                               hint="the columns are: | " + " | ".join(vtype.columns) + " |")
            return INVALID
    values = vtype.convert_table(table, ctx, key, whole=False)
    if values is INVALID:
        return INVALID
    merged = list(rows)
    index = {row_key(vtype, r.value): i for i, r in enumerate(merged)} if vtype.key else {}
    for value, node in zip(values, table.rows):
        k = row_key(vtype, value)
        if k in index:
            merged[index[k]] = _Row(value, node, variant)  # in place: the table's order stays
        else:
            index[k] = len(merged)
            merged.append(_Row(value, node, variant))
    return merged


def _remove(vtype, key, table, rows, ctx):
    if not vtype.key:
        ctx.reporter.error(table.op_pos or table.key.pos, f"'{key}' has no key columns, so '-=' cannot name the rows to remove",
                           hint=f"state the whole table with '{key} ='")
        return INVALID
    keys = vtype.convert_keys(table, ctx, key)
    if keys is INVALID:
        return INVALID
    present = [row_key(vtype, r.value) for r in rows]
    for k, node in zip(keys, table.rows):
        if k not in present:
            ctx.reporter.error(node.pos, f"the inherited table '{key}' has no row for {show_key(k)}",
                               hint=f"its rows are for {_show_keys(present)}" if present else "it has no rows")
            return INVALID
    gone = set(keys)
    return [r for r in rows if row_key(vtype, r.value) not in gone]
