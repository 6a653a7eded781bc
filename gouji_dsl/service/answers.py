"""What the language service answers with: plain data in an editor's terms.

Positions are 0-based lines and 0-based character offsets counted in code points (a Chinese
character is one); the LSP server converts them to the client's encoding (UTF-16 by default).
Every sentence is already in words, in the document's language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, order=True)
class Span:
    start_line: int
    start_char: int
    end_line: int
    end_char: int

    @classmethod
    def at(cls, line: int, char: int, length: int = 1) -> "Span":
        """`length` characters on one line."""
        return cls(line, char, line, char + max(length, 0))

    def holds(self, line: int, char: int) -> bool:
        """Is (line, char) inside, its end included (a cursor just after a word is on it)?"""
        return (self.start_line, self.start_char) <= (line, char) <= (self.end_line, self.end_char)


@dataclass(frozen=True)
class Location:
    path: Path
    span: Span


@dataclass(frozen=True)
class Edit:
    """Replace `span` of the document at `path` with `text`."""

    path: Path
    span: Span
    text: str


@dataclass(frozen=True)
class Fix:
    """A code action: a title and the edits that carry it out. `kind` is LSP's: "quickfix" for a
    diagnostic's fix, "refactor.rewrite" for a change asked for."""

    title: str
    edits: tuple[Edit, ...]
    kind: str = "quickfix"
    preferred: bool = False
    fixes: tuple["Issue", ...] = ()  # the diagnostics it fixes


@dataclass(frozen=True)
class Note:
    location: Location
    message: str


@dataclass(frozen=True)
class Issue:
    """A diagnostic: the checker's message at its place, its hint, notes and fixes."""

    span: Span
    severity: str  # "error" or "warning"
    message: str
    code: str  # the catalogue key of the message: stable, for tests and filters
    hint: str | None = None
    notes: tuple[Note, ...] = ()
    fixes: tuple[Fix, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Hover:
    span: Span
    markdown: str


@dataclass(frozen=True)
class Completion:
    """`kind`: "section", "rule", "value", "variant", "column" or "citation"."""

    label: str
    kind: str
    detail: str = ""
    documentation: str = ""
    insert_text: str | None = None


@dataclass(frozen=True)
class Symbol:
    """An outline entry: the variant, its sections, their rules."""

    name: str
    kind: str  # "variant", "section", "rule" or "table"
    span: Span
    selection: Span
    detail: str = ""
    children: tuple["Symbol", ...] = ()


@dataclass(frozen=True)
class Fold:
    start_line: int
    end_line: int


@dataclass(frozen=True)
class Token:
    """A semantic token: its place and its type, one of TOKEN_TYPES."""

    line: int
    char: int
    length: int
    type: str


# The semantic token types, named as LSP names them, so any client colours them.
TOKEN_TYPES = ("comment", "keyword", "class", "namespace", "property", "decorator", "function", "string",
               "number", "operator", "enumMember", "variable")


@dataclass(frozen=True)
class EffectiveRule:
    """One rule after inheritance: its value as a rule file writes it, and where it was set
    (`variant` "default" and no location for a rule no file states)."""

    section: str
    rule: str
    value: str
    variant: str
    location: Location | None


@dataclass(frozen=True)
class EffectiveRules:
    variant: str
    lineage: tuple[str, ...]
    rules: tuple[EffectiveRule, ...]
