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

from gouji_dsl.diagnostics import Pos
from gouji_dsl.lang import nodes as n
from gouji_dsl.messages import msg
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
                                   msg("model.change_without_inherited_table", rule=key, op=table.op),
                                   hint=msg("model.state_whole_table", rule=key))
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
        ctx.reporter.error(source[0], msg("model.table_rows_remain", table=key, min_rows=vtype.min_rows, count=len(rows)))
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
    notes = [(source[0], msg("model.inherited_table_from", variant=source[1]))] if source else []
    if vtype.key:
        message = msg("model.replace_drops_rows_for", rule=key, rows=_show_keys(dropped))
        hint = msg("model.replace_drops_rows_for_hint", rule=key, columns=" / ".join(vtype.key))
    else:
        message = msg("model.replace_drops_rows", rule=key, count=len(dropped))
        hint = msg("model.replace_drops_rows_hint", rule=key)
    ctx.reporter.warning(table.key.pos, message, hint=hint, notes=notes)


def _merge(vtype, key, table, variant, rows, ctx):
    if vtype.key:
        given = {vtype.aliases.get(c.id, c.id) for c in table.columns}
        missing = [k for k in vtype.key if k not in given]
        if missing:
            ctx.reporter.error(table.key.pos, msg("model.merge_needs_key_columns", rule=key, columns=", ".join(missing)),
                               hint=msg("model.columns_are", columns=" | ".join(vtype.columns)))
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
        ctx.reporter.error(table.op_pos or table.key.pos, msg("model.remove_without_key", rule=key),
                           hint=msg("model.state_whole_table", rule=key))
        return INVALID
    keys = vtype.convert_keys(table, ctx, key)
    if keys is INVALID:
        return INVALID
    present = [row_key(vtype, r.value) for r in rows]
    for k, node in zip(keys, table.rows):
        if k not in present:
            ctx.reporter.error(node.pos, msg("model.no_inherited_row", rule=key, row=show_key(k)),
                               hint=msg("model.inherited_rows_are", rows=_show_keys(present)) if present
                               else msg("model.inherited_no_rows"))
            return INVALID
    gone = set(keys)
    return [r for r in rows if row_key(vtype, r.value) not in gone]
