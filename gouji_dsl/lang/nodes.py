"""Syntax tree of a rule file: what the author wrote, with positions.

These nodes are the parser's output and the formatter's input. They know
nothing of what a setting means; `schema` and `model` give them meaning.
Every node declares its fields, like Jinja2's nodes.
"""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.diagnostics import Pos


@dataclass(frozen=True)
class Node:
    pos: Pos


# --- values and expressions -------------------------------------------------

@dataclass(frozen=True)
class Expr(Node):
    pass


@dataclass(frozen=True)
class Int(Expr):
    value: int


@dataclass(frozen=True)
class Str(Expr):
    value: str


@dataclass(frozen=True)
class Name(Expr):
    """A bare word: a rank (J, BJ), an enum member, yes/no, or a variable."""

    id: str


@dataclass(frozen=True)
class Call(Expr):
    func: Name
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "-" or "not"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # + - * < <= > >= == != and or
    left: Expr
    right: Expr


@dataclass(frozen=True)
class List(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Range(Expr):
    low: Expr
    high: Expr


# --- statements -------------------------------------------------------------

@dataclass(frozen=True)
class Cite(Node):
    """`@000:L15` (seed 000, line 15), `@000:L86-91` or `@D12` (a decision)."""

    source: str
    first_line: int | None = None
    last_line: int | None = None

    @property
    def text(self) -> str:
        if self.first_line is None:
            return f"@{self.source}"
        if self.last_line is not None and self.last_line != self.first_line:
            return f"@{self.source}:L{self.first_line}-{self.last_line}"
        return f"@{self.source}:L{self.first_line}"


# How a statement assigns: `=` states the rule; `+=` and `-=` change rows of
# an inherited table (the builder refuses them anywhere else).
REPLACE, MERGE, REMOVE = "=", "+=", "-="


@dataclass(frozen=True)
class Setting(Node):
    key: Name
    value: Expr
    cites: tuple[Cite, ...]
    op: str = REPLACE
    op_pos: Pos | None = None


@dataclass(frozen=True)
class Row(Node):
    cells: tuple[Expr | None, ...]
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Table(Node):
    key: Name
    columns: tuple[Name, ...]
    rows: tuple[Row, ...]
    cites: tuple[Cite, ...]
    op: str = REPLACE
    op_pos: Pos | None = None


Entry = Setting | Table


@dataclass(frozen=True)
class Section(Node):
    name: Name
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Header(Node):
    name: Name
    parent: Name | None
    abstract: bool
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Comment:
    line: int
    text: str  # including the leading '#'
    trailing: bool  # after code on the same line


@dataclass(frozen=True)
class File(Node):
    header: Header
    sections: tuple[Section, ...]
    comments: tuple[Comment, ...]
    # SHA-256 of the text this tree was parsed from: what a variant's identity is made of (the
    # text that was checked, not the file as it may be on disk a moment later).
    digest: str = ""
