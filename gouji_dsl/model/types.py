"""Value types of rule settings: how a written value becomes a typed one.

Each type converts a syntax node into a plain Python value (int, bool, str,
tuple, Formula, row dataclass) and reports what is wrong with it otherwise.
Types also print values back in canonical form, for `show` and `fmt`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from gouji_dsl.diagnostics import Reporter, did_you_mean, one_of
from gouji_dsl.lang import nodes as n
from gouji_dsl.messages import Message, msg, text

CARDS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
NUMBER_RANKS = CARDS[:12]  # 3..A: the ranks that can carry a play on their own
CARD_ALIASES = {"T": "10", "小王": "SJ", "大王": "BJ"}
# Context.extra key: the tokens of the variant's extra card kinds ([cards] extra), which
# the builder reads before the rest so that card values may name them.
EXTRA_KINDS = "extra_kinds"

TRUE_WORDS = {"yes": True, "true": True, "是": True, "有": True,
              "no": False, "false": False, "否": False, "无": False}
# The Chinese names that messages show beside the English ones.
BOOL_ZH = {"yes": "是", "no": "否"}
CARD_ZH = {card: alias for alias, card in CARD_ALIASES.items() if not alias.isascii()}


class Sentinel:
    """A unique marker value with a readable name; compare with `is`."""

    def __init__(self, name: str):
        self._name = name

    def __repr__(self) -> str:
        return self._name


INVALID = Sentinel("INVALID")  # a value that failed to convert (its error is reported)


@dataclass
class Context:
    """What a conversion may need: where to report, and expression scope."""

    reporter: Reporter
    # Filled by the expression checker for ExprT.
    extra: dict = dataclasses.field(default_factory=dict)


class VType:
    """Base of value types."""

    label: Message | str = msg("model.type_value")

    def convert(self, node: n.Expr, ctx: Context) -> Any:
        raise NotImplementedError

    def expected(self) -> Message | str:
        return self.label

    def wrong(self, node: n.Expr, ctx: Context, hint: Message | None = None) -> Sentinel:
        ctx.reporter.error(node.pos, msg("model.expected_found", expected=self.expected(), found=describe(node)), hint)
        return INVALID

    def to_json(self, value: Any) -> Any:
        return value

    def show(self, value: Any) -> str:
        return str(value)


def describe(node: n.Expr) -> Message:
    if isinstance(node, n.Int):
        return msg("model.found_number", value=node.value)
    if isinstance(node, n.Str):
        return msg("model.found_string")
    if isinstance(node, n.Name):
        return msg("model.found_name", name=node.id)
    if isinstance(node, n.List):
        return msg("model.found_list")
    if isinstance(node, n.Range):
        return msg("model.found_range")
    return msg("model.found_expression")


class IntT(VType):
    label = msg("model.type_whole_number")

    def __init__(self, low: int | None = None, high: int | None = None):
        self.low, self.high = low, high

    def expected(self) -> Message:
        if self.low is not None and self.high is not None:
            return msg("model.type_whole_number_from_to", low=self.low, high=self.high)
        if self.low is not None:
            return msg("model.type_whole_number_at_least", low=self.low)
        return self.label

    def convert(self, node, ctx):
        value = None
        if isinstance(node, n.Int):
            value = node.value
        elif isinstance(node, n.Unary) and node.op == "-" and isinstance(node.operand, n.Int):
            value = -node.operand.value
        if value is None:
            return self.wrong(node, ctx)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            ctx.reporter.error(node.pos, msg("model.out_of_range", value=value, expected=self.expected()))
            return INVALID
        return value


class RatioT(VType):
    """An exact positive rational number: a whole number (3) or a fraction p/q (1/3, 3/2).

    The value is an `int` when it is whole (2/1 is 2) and a `fractions.Fraction` otherwise,
    so that whole values behave exactly as plain numbers everywhere downstream.
    Decimals are not part of the language: 0.5 is written 1/2."""

    label = msg("model.type_ratio")

    def __init__(self, high: int = 1000, max_denominator: int = 1000):
        self.high, self.max_denominator = high, max_denominator

    def expected(self) -> Message:
        return msg("model.type_ratio_up_to", high=self.high, max_denominator=self.max_denominator)

    @staticmethod
    def _whole(node) -> int | None:
        if isinstance(node, n.Int):
            return node.value
        if isinstance(node, n.Unary) and node.op == "-" and isinstance(node.operand, n.Int):
            return -node.operand.value
        return None

    def convert(self, node, ctx):
        from fractions import Fraction

        if isinstance(node, n.Binary) and node.op == "/":
            top, bottom = self._whole(node.left), self._whole(node.right)
            if top is None or bottom is None:
                return self.wrong(node, ctx, msg("model.fraction_hint"))
            if bottom == 0:
                ctx.reporter.error(node.right.pos, msg("model.divides_by_zero", top=top, expected=self.expected()))
                return INVALID
            if bottom > self.max_denominator:
                ctx.reporter.error(node.right.pos, msg("model.denominator_too_large", bottom=bottom, expected=self.expected()))
                return INVALID
            value = Fraction(top, bottom)
        else:
            whole = self._whole(node)
            if whole is None:
                return self.wrong(node, ctx, msg("model.ratio_hint"))
            value = Fraction(whole)
        if value <= 0:
            ctx.reporter.error(node.pos, msg("model.not_positive", value=self.show(value), expected=self.expected()))
            return INVALID
        if value > self.high:
            ctx.reporter.error(node.pos, msg("model.out_of_range", value=self.show(value), expected=self.expected()))
            return INVALID
        return int(value) if value.denominator == 1 else value

    def to_json(self, value):
        """A whole number as a JSON number, a fraction as the string "p/q" (as docs/conformance.md writes scores)."""
        return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"

    def show(self, value):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


class BoolT(VType):
    label = msg("model.type_yes_no")

    def convert(self, node, ctx):
        if isinstance(node, n.Name) and node.id in TRUE_WORDS:
            return TRUE_WORDS[node.id]
        hint = did_you_mean(node.id, TRUE_WORDS, BOOL_ZH) if isinstance(node, n.Name) else None
        return self.wrong(node, ctx, hint)

    def show(self, value):
        return "yes" if value else "no"


class StrT(VType):
    label = msg("model.type_string")

    def __init__(self, max_len: int = 2000):
        self.max_len = max_len

    def convert(self, node, ctx):
        if not isinstance(node, n.Str):
            return self.wrong(node, ctx, msg("model.string_hint"))
        if len(node.value) > self.max_len:
            ctx.reporter.error(node.pos, msg("model.string_too_long", length=len(node.value), max_len=self.max_len))
            return INVALID
        return node.value

    def show(self, value):
        return quote(value)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


@dataclass(frozen=True)
class Member:
    name: str
    zh: str
    en: str


class EnumT(VType):
    """One of a fixed set of policies, each with its Chinese name and meaning."""

    def __init__(self, *members: Member):
        self.members = {m.name: m for m in members}
        self.aliases = {m.zh: m.name for m in members}
        self.zh = {m.name: m.zh for m in members}

    def expected(self) -> Message:
        return msg("model.type_one_of", names=one_of(self.members, self.zh))

    def convert(self, node, ctx):
        if isinstance(node, n.Name):
            if node.id in self.members:
                return node.id
            if node.id in self.aliases:
                return self.aliases[node.id]
            ctx.reporter.error(node.pos, msg("model.unknown_value", value=node.id, expected=self.expected()),
                               did_you_mean(node.id, self.members, self.zh))
            return INVALID
        return self.wrong(node, ctx)


class NumberOrNameT(VType):
    """A whole number from `low` to `high`, or one of a few named values (each with its
    Chinese name): a list entry such as ask_order's `2` or `opposite` (对家)."""

    def __init__(self, low: int, high: int, *members: Member):
        self.number = IntT(low, high)
        self.names = EnumT(*members)

    def expected(self) -> Message:
        return msg("model.type_number_or_name", number=self.number.expected(), names=self.names.expected())

    def convert(self, node, ctx):
        if isinstance(node, n.Name):
            return self.names.convert(node, ctx)
        if isinstance(node, n.Int):
            return self.number.convert(node, ctx)
        return self.wrong(node, ctx)


class CardT(VType):
    """A card kind: 3..10, J, Q, K, A, 2, SJ, BJ (T, 小王, 大王 accepted)."""

    def __init__(self, allowed: tuple[str, ...] = CARDS, what: Message | str = msg("model.type_a_card"),
                 extras: bool = False):
        self.allowed = allowed
        self.what = what
        self.extras = extras  # the variant's extra card kinds ([cards] extra) are allowed too

    def expected(self, declared: tuple[str, ...] = ()) -> Message:
        aliases = ", ".join(f"{CARD_ZH[c]} = {c}" for c in self.allowed if c in CARD_ZH)
        cards = " ".join(self.allowed + declared)
        if aliases:
            return msg("model.type_card_with_aliases", what=self.what, cards=cards, aliases=aliases)
        return msg("model.type_card", what=self.what, cards=cards)

    def convert(self, node, ctx):
        word = None
        if isinstance(node, n.Int):
            word = str(node.value)
        elif isinstance(node, n.Name):
            word = CARD_ALIASES.get(node.id, node.id)
        if word is None:
            return self.wrong(node, ctx)
        declared = tuple(ctx.extra.get(EXTRA_KINDS, ())) if self.extras else ()
        if word not in self.allowed and word not in declared:
            allowed = self.allowed + declared
            hint = did_you_mean(word, allowed, CARD_ZH) if word.isalpha() else None
            if word in CARDS or word in ctx.extra.get(EXTRA_KINDS, ()):
                ctx.reporter.error(node.pos, msg("model.card_not_allowed", word=word, expected=self.expected(declared)))
            else:
                ctx.reporter.error(node.pos, msg("model.not_a_card", word=word, expected=self.expected(declared)), hint)
            return INVALID
        return word


class OptionalT(VType):
    """A value or `none` (无)."""

    def __init__(self, inner: VType):
        self.inner = inner

    def expected(self) -> Message:
        return msg("model.type_or_none", inner=self.inner.expected())

    def convert(self, node, ctx):
        if isinstance(node, n.Name) and node.id in ("none", "无"):
            return None
        if isinstance(node, n.Name) and isinstance(self.inner, IntT):
            # A word is never a number: the only word that fits here is none.
            return self.wrong(node, ctx, did_you_mean(node.id, ("none",), {"none": "无"}))
        return self.inner.convert(node, ctx)

    def to_json(self, value):
        return None if value is None else self.inner.to_json(value)

    def show(self, value):
        return "none" if value is None else self.inner.show(value)


class ListT(VType):
    def __init__(self, item: VType, min_len: int = 0, max_len: int = 64, unique: bool = False):
        self.item, self.min_len, self.max_len, self.unique = item, min_len, max_len, unique

    def expected(self) -> Message:
        return msg("model.type_list_of", item=self.item.expected())

    def convert(self, node, ctx):
        if not isinstance(node, n.List):
            return self.wrong(node, ctx, msg("model.list_hint"))
        if not self.min_len <= len(node.items) <= self.max_len:
            ctx.reporter.error(node.pos, msg("model.list_length", count=len(node.items), min_len=self.min_len,
                                             max_len=self.max_len))
            return INVALID
        values = [self.item.convert(item, ctx) for item in node.items]
        if any(v is INVALID for v in values):
            return INVALID
        if self.unique:
            seen = {}
            for item, value in zip(node.items, values):
                key = repr(value)
                if key in seen:
                    ctx.reporter.error(item.pos, msg("model.twice_in_list", value=self.item.show(value)),
                                       notes=[(seen[key], msg("model.first_here"))])
                    return INVALID
                seen[key] = item.pos
        return tuple(values)

    def to_json(self, value):
        return [self.item.to_json(v) for v in value]

    def show(self, value):
        return "[" + ", ".join(self.item.show(v) for v in value) + "]"


class RangeT(VType):
    """An inclusive range of cards, like 3..A."""

    def __init__(self, item: CardT):
        self.item = item

    def expected(self) -> Message:
        return msg("model.type_card_range")

    def convert(self, node, ctx):
        if not isinstance(node, n.Range):
            return self.wrong(node, ctx)
        low, high = self.item.convert(node.low, ctx), self.item.convert(node.high, ctx)
        if INVALID in (low, high):
            return INVALID
        if CARDS.index(low) >= CARDS.index(high):
            ctx.reporter.error(node.pos, msg("model.empty_range", low=low, high=high))
            return INVALID
        return (low, high)

    def to_json(self, value):
        return f"{value[0]}..{value[1]}"

    def show(self, value):
        return f"{value[0]}..{value[1]}"


class RowT(VType):
    """The rows of a table; each row becomes an instance of `row_cls`.

    Columns are the row dataclass's fields; each field's metadata carries
    its value type and Chinese alias (see `model.column`).
    """

    def __init__(self, row_cls: type, key: tuple[str, ...] = (), min_rows: int = 0):
        self.row_cls = row_cls
        self.key = key
        self.min_rows = min_rows
        self.columns = {f.name: f for f in dataclasses.fields(row_cls)}
        self.aliases = {f.metadata["zh"]: f.name for f in dataclasses.fields(row_cls) if f.metadata.get("zh")}
        self.zh = {name: zh for zh, name in self.aliases.items()}

    def expected(self) -> Message:
        return msg("model.type_table", columns=" | ".join(self.columns))

    def convert(self, node, ctx):  # tables never come as plain values
        ctx.reporter.error(node.pos, msg("model.expected_table", columns=" | ".join(self.columns)))
        return INVALID

    def convert_table(self, table: n.Table, ctx: Context, key: str | None = None, whole: bool = True):
        """Convert a table's rows; `key` is the rule's canonical name, for messages.

        `whole` is False for rows that change an inherited table (`+=`): the
        least number of rows applies to the merged table, not to them.
        The rows come back in the order written, one per row of `table`."""
        key = key or table.key.id
        names = []
        ok = True
        for col in table.columns:
            name = self.aliases.get(col.id, col.id)
            if name not in self.columns:
                ctx.reporter.error(col.pos, msg("model.unknown_column", column=col.id, table=key,
                                                names=one_of(self.columns, self.zh)),
                                   did_you_mean(col.id, self.columns, self.zh))
                ok = False
            elif name in names:
                ctx.reporter.error(col.pos, msg("model.column_twice", column=name))
                ok = False
            names.append(name)
        missing = [f.name for f in self.columns.values()
                   if f.name not in names and f.default is dataclasses.MISSING]
        if missing:
            ctx.reporter.error(table.key.pos, msg("model.table_lacks_columns", table=key, columns=", ".join(missing)),
                               hint=msg("model.first_row_names_columns", columns=" | ".join(self.columns)))
            ok = False
        if not ok:
            return INVALID
        if whole and len(table.rows) < self.min_rows:
            ctx.reporter.error(table.key.pos, msg("model.table_min_rows", table=key, min_rows=self.min_rows))
            return INVALID
        rows = []
        seen: dict[tuple, n.Row] = {}
        for row in table.rows:
            if len(row.cells) != len(names):
                ctx.reporter.error(row.pos, msg("model.row_cells", cells=len(row.cells), columns=len(names)))
                ok = False
                continue
            values = {}
            for name, cell in zip(names, row.cells):
                field = self.columns[name]
                if cell is None:
                    if field.default is dataclasses.MISSING:
                        ctx.reporter.error(row.pos, msg("model.empty_cell", column=name), hint=msg("model.empty_cell_hint"))
                        ok = False
                    continue
                value = field.metadata["type"].convert(cell, ctx)
                if value is INVALID:
                    ok = False
                values[name] = value
            if not ok:
                continue
            obj = self.row_cls(**values)
            if self.key:
                row_key = tuple(getattr(obj, k) for k in self.key)
                if row_key in seen:
                    ctx.reporter.error(row.pos, msg("model.duplicate_row", row=" / ".join(map(str, row_key)), table=key),
                                       notes=[(seen[row_key].pos, msg("model.first_row_here"))])
                    ok = False
                    continue
                seen[row_key] = row
            rows.append(obj)
        return tuple(rows) if ok else INVALID

    def convert_keys(self, table: n.Table, ctx: Context, key: str):
        """The key of each row of a `-=` table, which names only the key columns."""
        names = []
        for col in table.columns:
            name = self.aliases.get(col.id, col.id)
            if name not in self.key:
                ctx.reporter.error(col.pos, msg("model.remove_key_columns_only", rule=key, columns=", ".join(self.key),
                                                column=name),
                                   hint=msg("model.remove_row_by_key", columns=" | ".join(self.key)))
                return INVALID
            if name in names:
                ctx.reporter.error(col.pos, msg("model.column_twice", column=name))
                return INVALID
            names.append(name)
        missing = [k for k in self.key if k not in names]
        if missing:
            ctx.reporter.error(table.key.pos, msg("model.remove_needs_key_columns", rule=key, columns=", ".join(missing)),
                               hint=msg("model.remove_row_by_key", columns=" | ".join(self.key)))
            return INVALID
        keys = []
        for row in table.rows:
            if len(row.cells) != len(names) or None in row.cells:
                ctx.reporter.error(row.pos, msg("model.remove_row_values", columns=", ".join(names)))
                return INVALID
            values = {name: self.columns[name].metadata["type"].convert(cell, ctx) for name, cell in zip(names, row.cells)}
            if any(value is INVALID for value in values.values()):
                return INVALID
            keys.append(tuple(values[k] for k in self.key))
        return keys

    def to_json(self, value):
        out = []
        for row in value:
            item = {}
            for f in dataclasses.fields(row):
                item[f.name] = f.metadata["type"].to_json(getattr(row, f.name))
            out.append(item)
        return out

    def show(self, value):
        return text("model.rows_count", count=len(value))
