"""The editor's parse: error-tolerant and incremental.

`gouji check` stops at a file's first syntax error (lang/parser.py). An editor asks about a file
while it is being typed, so this parse reads it a statement at a time and keeps every statement
that parses: the header (with anything before the first section), each section's `[name]`
line, and each setting or table. A broken line costs only its own statement; a broken `[name]`
line costs its section's entries, which have no section to belong to.

Each statement's result is kept, keyed by its text alone (positions counted from its own first
line), so after an edit only the statement that changed is parsed again; the others are moved to
their lines. Whole-file limits still hold: the size cap, the line cap, and the token cap summed
over the statements (counted before any is parsed).
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass

from gouji_dsl.diagnostics import Diagnostic, Pos, RuleErrors
from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.parser import (MAX_FILE_BYTES, MAX_TOKENS, comments_of, check_size, normalise_line_breaks,
                                   parse_piece)
from gouji_dsl.messages import msg

# A statement starts at a line that is not blank, not a comment and not a table row; a section's
# `[name]` line starts with '[' (or the full-width '【' an input method types, which the piece's own
# parse reports).
_BLANK_OR_COMMENT = re.compile(r"[ \t\u3000]*(?:[#＃].*)?$")
_ROW = re.compile(r"[ \t\u3000]*[|｜]")
_SECTION = re.compile(r"[ \t\u3000]*[\[【]")

# Statements kept between calls, the most recently used; a file of the standard library has at
# most about 200, and an editor has a few files open.
KEPT_PIECES = 4096


@dataclass(frozen=True)
class Piece:
    """One statement of the text: its kind ("header", "section" or "entry"), its lines (1-based,
    inclusive: the comments and blank lines after it are its own), and what it parsed to (None
    when it did not: its errors are among the parse's diagnostics)."""

    kind: str
    first_line: int
    last_line: int
    node: n.Node | None


@dataclass(frozen=True)
class Parsed:
    """A document as far as it parses: `file` is None when the header does not (a file without a
    variant name cannot be checked), `pieces` its statements in order, `diagnostics` the syntax
    errors found in every statement."""

    file: n.File | None
    pieces: tuple[Piece, ...]
    diagnostics: tuple[Diagnostic, ...]
    sections: tuple[n.Section, ...]


def split(lines: list[str]) -> list[tuple[str, int, int]]:
    """The statements of a text's lines: (kind, first line, last line), 1-based."""
    pieces: list[tuple[str, int, int]] = []
    kind, first = "header", 1
    for number, line in enumerate(lines, 1):
        if number == 1 or _BLANK_OR_COMMENT.match(line) or _ROW.match(line):
            continue
        is_section = bool(_SECTION.match(line))
        if kind == "header" and not is_section:
            continue  # whatever stands between the header and the first section: the header's to report
        pieces.append((kind, first, number - 1))
        kind, first = ("section" if is_section else "entry"), number
    pieces.append((kind, first, len(lines)))
    return pieces


@dataclass(frozen=True)
class _Placed:
    """What one statement gave: its piece, its syntax errors, its comments and its token count."""

    piece: Piece
    diagnostics: tuple[Diagnostic, ...]
    comments: tuple[n.Comment, ...]
    tokens: int


class TolerantParser:
    """Parses documents a statement at a time, keeping each statement's result between calls."""

    def __init__(self, kept: int = KEPT_PIECES):
        self._kept = kept
        self._alone: OrderedDict[tuple, _Placed] = OrderedDict()  # by (kind, text, name)
        self._at_line: OrderedDict[tuple, _Placed] = OrderedDict()  # by (kind, text, name, first line)

    def parse(self, text: str, name: str) -> Parsed:
        """`text` as far as it parses; `name` is how its diagnostics cite it."""
        data_size = len(text.encode("utf-8", "surrogatepass"))
        if data_size > MAX_FILE_BYTES:
            return _refused(Diagnostic(Pos(name, 1, 1), msg("syntax.file_too_large", size=data_size,
                                                               limit=MAX_FILE_BYTES)))
        text = normalise_line_breaks(text).removeprefix("\ufeff")
        try:
            check_size(text, name)
        except RuleErrors as errors:
            return _refused(*errors.diagnostics)
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        results: list[_Placed] = []
        tokens = 0
        for kind, first, last in split(lines):
            body = "\n".join(lines[first - 1:last]) + "\n"
            placed = self._placed(kind, body, name, first, last)
            tokens += placed.tokens
            if tokens > MAX_TOKENS:
                # A hostile size is refused where it overflows; what came before is kept.
                results.append(_Placed(Piece(kind, first, last, None),
                                       (Diagnostic(Pos(name, first, 1), msg("syntax.too_many_tokens", limit=MAX_TOKENS),
                                                   hint=msg("syntax.too_many_tokens_hint")),), (), 0))
                break
            results.append(placed)
        return _assemble(results, text)

    def _placed(self, kind: str, body: str, name: str, first: int, last: int) -> _Placed:
        """A statement's result at its lines: parsed once per text, moved once per line."""
        key = (kind, body, name, first)
        placed = self._kept_get(self._at_line, key)
        if placed is None:
            alone = self._kept_get(self._alone, key[:3])
            if alone is None:
                alone = _parse_alone(kind, body, name)
                self._keep(self._alone, key[:3], alone)
            shift = first - 1
            placed = _Placed(Piece(kind, first, last, _moved(alone.piece.node, shift)),
                             tuple(_moved_diagnostic(d, shift) for d in alone.diagnostics),
                             _moved(alone.comments, shift), alone.tokens)
            self._keep(self._at_line, key, placed)
        return placed

    def _kept_get(self, kept: OrderedDict, key: tuple) -> _Placed | None:
        found = kept.get(key)
        if found is not None:
            kept.move_to_end(key)
        return found

    def _keep(self, kept: OrderedDict, key: tuple, value: _Placed) -> None:
        kept[key] = value
        if len(kept) > self._kept:
            kept.popitem(last=False)


def _parse_alone(kind: str, body: str, name: str) -> _Placed:
    """A statement parsed on its own, its lines counted from 1."""
    comments = comments_of(body)
    try:
        node, count = parse_piece(body, name, kind)
        return _Placed(Piece(kind, 1, 1, node), (), comments, count)
    except RuleErrors as errors:
        return _Placed(Piece(kind, 1, 1, None), tuple(errors.diagnostics), comments, len(body.split()))


def _refused(*diagnostics: Diagnostic) -> Parsed:
    return Parsed(None, (), tuple(diagnostics), ())


def _assemble(results: list[_Placed], text: str) -> Parsed:
    """The file of the statements that parsed: entries under the section line above them."""
    diagnostics = [d for placed in results for d in placed.diagnostics]
    header: n.File | None = None
    sections: list[n.Section] = []
    current: n.Section | None = None
    entries: list[n.Entry] = []

    def close() -> None:
        if current is not None:
            sections.append(dataclasses.replace(current, entries=tuple(entries)))

    for piece in (placed.piece for placed in results):
        if piece.kind == "header":
            header = piece.node if isinstance(piece.node, n.File) else None
        elif piece.kind == "section":
            close()
            current = piece.node if isinstance(piece.node, n.Section) else None
            entries = []
        elif current is not None and piece.node is not None:
            entries.append(piece.node)  # type: ignore[arg-type]
    close()
    file = None
    if header is not None:
        digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()
        comments = tuple(c for placed in results for c in placed.comments)
        file = n.File(header.pos, header.header, tuple(sections), comments, digest)
    return Parsed(file, tuple(placed.piece for placed in results), tuple(diagnostics), tuple(sections))


# --- moving a statement's positions to its line in the file ------------------------------------

def _moved(node, lines: int):
    """`node` with every position `lines` lines further down (node trees are immutable)."""
    if lines == 0:
        return node
    if isinstance(node, Pos):
        return Pos(node.file, node.line + lines, node.col)
    if isinstance(node, tuple):
        return tuple(_moved(item, lines) for item in node)
    if isinstance(node, (n.Node, n.Comment)):
        changes = {}
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if isinstance(value, (Pos, tuple, n.Node)):
                changes[f.name] = _moved(value, lines)
            elif f.name == "line" and isinstance(node, n.Comment):
                changes[f.name] = value + lines
        return dataclasses.replace(node, **changes)
    return node


def _moved_diagnostic(diagnostic: Diagnostic, lines: int) -> Diagnostic:
    if lines == 0:
        return diagnostic
    return dataclasses.replace(diagnostic, pos=_moved(diagnostic.pos, lines),
                               notes=tuple((_moved(pos, lines), note) for pos, note in diagnostic.notes))
