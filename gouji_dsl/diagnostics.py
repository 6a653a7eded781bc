"""Diagnostics: one located message type for every error a rule file can have.

A `Diagnostic` carries the file, line and column of the culprit, renders the
source line with a caret under it, and may add a hint ("did you mean ...?").
Stages collect diagnostics in a `Reporter` and raise `RuleErrors` once, so a
run reports every error together. `InternalError` is kept apart: it means a
bug in gouji-dsl, never a mistake in the rule file.

A diagnostic's message, hint and notes are `Message`s from the catalogue (gouji_dsl/messages):
they are put into words when rendered, in the reader's language.
"""
from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence, Union

from gouji_dsl.messages import Message, msg, suggest


@dataclass(frozen=True, order=True)
class Pos:
    """A position in a source file (1-based line and column)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"




# A hint may be a command line to type ("gouji build --compiled"), the same in every language;
# every sentence is a Message.
Hint = Union[Message, str]


def _words(text: Hint, language: str | None) -> str:
    return text.text(language) if isinstance(text, Message) else text


def _sentence(message: object) -> Message:
    """A diagnostic's message must come from the catalogue: a plain string would be shown in one
    language to every reader."""
    if not isinstance(message, Message):
        raise TypeError(f"a message must be a Message from the catalogue (gouji_dsl/messages), not {message!r}")
    return message


@dataclass(frozen=True)
class Diagnostic:
    pos: Pos
    message: Message
    hint: Hint | None = None
    # Extra located notes, e.g. "first defined here".
    notes: tuple[tuple[Pos, Message], ...] = ()
    severity: str = "error"
    # Width of the caret underline, in characters of the source line.
    span: int = 1

    def __post_init__(self) -> None:
        _sentence(self.message)
        for _, note in self.notes:
            _sentence(note)

    def render(self, sources: "SourceCache | None" = None, language: str | None = None) -> str:
        label = msg(f"core.{self.severity}").text(language)
        lines = [f"{_where(self.pos, sources, language)}: {label}: {_words(self.message, language)}"]
        lines.extend(_excerpt(self.pos, self.span, sources))
        if self.hint:
            lines.append(f"  {msg('core.hint').text(language)}: {_words(self.hint, language)}")
        for pos, text in self.notes:
            lines.append(f"{_where(pos, sources, language)}: {msg('core.note').text(language)}: {_words(text, language)}")
            lines.extend(_excerpt(pos, 1, sources))
        # A standard variant's file is inside the installed package: say how to read it.
        cited = sorted({name for pos in [self.pos, *(p for p, _ in self.notes)]
                        if sources is not None and (name := sources.standard(pos.file)) is not None})
        lines += [msg("core.standard_source", name=name).text(language) for name in cited]
        return "\n".join(lines)

    def text(self, language: str | None = None) -> str:
        """The message alone, in words."""
        return _words(self.message, language)

    def key(self) -> tuple:
        return (self.pos.file, self.pos.line, self.pos.col, _words(self.message, "en"))


# A run shows this many diagnostics in full; past it, one line counts the rest.
# The first errors are the ones to fix (later ones often follow from them), and
# a generated or mangled file can have tens of thousands.
MAX_REPORTED = 100


def render_report(diagnostics: Sequence[Diagnostic], sources: "SourceCache | None" = None,
                  limit: int = MAX_REPORTED, language: str | None = None) -> list[str]:
    """The first `limit` diagnostics rendered, then "... and N more errors" (and warnings)."""
    shown = [d.render(sources, language) for d in diagnostics[:limit]]
    rest = diagnostics[limit:]
    if rest:
        errors = sum(1 for d in rest if d.severity == "error")
        warnings = len(rest) - errors
        parts = [msg("core.more_errors", count=errors).text(language)] if errors else []
        parts += [msg("core.more_warnings", count=warnings).text(language)] if warnings else []
        joined = msg("core.and").text(language).join(parts)
        shown.append(msg("core.more_shown", rest=joined, limit=limit).text(language))
    return shown


def _where(pos: Pos, sources: "SourceCache | None", language: str | None) -> str:
    """A position as the reader finds it: file:line:col, or for a standard variant (whose file
    an installed user does not have) the variant's name and line."""
    name = sources.standard(pos.file) if sources is not None else None
    if name is None or pos.line <= 0:
        return str(pos)
    return msg("core.standard_position", name=name, line=pos.line, col=pos.col).text(language)


def display_width(text: str) -> int:
    """Columns a terminal gives the text: a Chinese (wide or full-width) character takes two.
    The one measure of every aligned column and caret the tools print."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _excerpt(pos: Pos, span: int, sources: "SourceCache | None") -> list[str]:
    if sources is None or pos.line <= 0:
        return []
    text = sources.line(pos.file, pos.line)
    if text is None:
        return []
    text = text.expandtabs(1).rstrip("\r\n")
    start = max(pos.col - 1, 0)
    text, start = _window(text, start)
    # The ideographic space is shown as itself, so the caret under it lines up.
    shown = "".join(ch if ch.isprintable() or ch == "\u3000" else "?" for ch in text)
    prefix = shown[:start]
    under = shown[start: start + min(max(span, 1), MAX_EXCERPT)]
    caret = " " * display_width(prefix) + "^" * max(display_width(under), 1)
    return [f"    {shown}", f"    {caret}"]


MAX_EXCERPT = 160  # characters of a source line shown around the caret


def _window(text: str, start: int) -> tuple[str, int]:
    """At most MAX_EXCERPT characters of a long line, around column `start`, with
    '...' where it was cut; returns the text and the column's index in it. A
    one-line 1 MB list must not print a megabyte per error."""
    if len(text) <= MAX_EXCERPT:
        return text, start
    left = min(max(start - MAX_EXCERPT // 3, 0), len(text) - MAX_EXCERPT)
    cut = text[left: left + MAX_EXCERPT]
    head = "..." if left > 0 else ""
    tail = "..." if left + MAX_EXCERPT < len(text) else ""
    return head + cut + tail, start - left + len(head)


class SourceCache:
    """Source text of every file read in a run, for rendering excerpts."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}
        self._standard: dict[str, str] = {}

    def add(self, file: str, text: str, standard: str | None = None) -> None:
        """`standard`: the name of the standard variant the file is (shipped in the package)."""
        self._lines[file] = text.splitlines()
        if standard is not None:
            self._standard[file] = standard

    def standard(self, file: str) -> str | None:
        """The standard variant `file` is, or None for a user's file."""
        return self._standard.get(file)

    def line(self, file: str, number: int) -> str | None:
        lines = self._lines.get(file)
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


class RuleErrors(Exception):
    """Raised once a stage has found errors in the rule files."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        super().__init__(msg("core.errors_found", count=len(diagnostics)))
        self.diagnostics = list(diagnostics)


class UsageError(Exception):
    """A command was called wrongly (unknown variant, missing file, bad flag)."""

    def __init__(self, message: Message, hint: Hint | None = None):
        super().__init__(_sentence(message))
        self.message = message
        self.hint = hint


class InternalError(Exception):
    """A bug in gouji-dsl itself, never the rule author's fault."""


@dataclass
class Reporter:
    """Collects diagnostics during a stage."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _seen: set = field(default_factory=set)

    def error(self, pos: Pos, message: Message, hint: Hint | None = None,
              notes: Iterable[tuple[Pos, Message]] = (), span: int = 1) -> None:
        diag = Diagnostic(pos, message, hint, tuple(notes), span=span)
        self.add(diag)

    def warning(self, pos: Pos, message: Message, hint: Hint | None = None,
                notes: Iterable[tuple[Pos, Message]] = (), span: int = 1) -> None:
        """Something the author probably did not mean; it does not fail the run."""
        self.add(Diagnostic(pos, message, hint, tuple(notes), severity="warning", span=span))

    def add(self, diag: Diagnostic) -> None:
        if diag.key() in self._seen:
            return
        self._seen.add(diag.key())
        self.diagnostics.append(diag)

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        for diag in diags:
            self.add(diag)

    @property
    def failed(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.severity == "warning"), key=lambda d: d.pos)

    def raise_if_failed(self) -> None:
        """Raise the errors, if any; warnings stay with the reporter (see `warnings`)."""
        if self.failed:
            raise RuleErrors(sorted((d for d in self.diagnostics if d.severity == "error"), key=lambda d: d.pos))


def did_you_mean(word: str, choices: Iterable[str], zh: Mapping[str, str] | None = None) -> Message | None:
    """A hint naming the closest known name, if one is close enough.

    `zh` maps names to their Chinese aliases: a misspelt Chinese word is then
    matched against the Chinese names too, and the hint gives the name in the
    author's language with its other-language twin, "did you mean '就近' (nearest)?".
    """
    twin = _twins(choices, zh)
    candidates = sorted(set(choices) | set(twin))
    # Chinese words are short and every character carries meaning: one wrong
    # character in a two-character word is still a likely typo.
    cutoff = 0.5 if any(is_cjk(ch) for ch in word) else 0.6
    close = difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff)
    if close:
        quoted = f"'{close[0]}'"
        return suggest("core.did_you_mean", close[0], name=bilingual(quoted, twin.get(close[0])))
    return None


def _twins(choices: Iterable[str], zh: Mapping[str, str] | None) -> dict[str, str]:
    """Each name of `choices` with a Chinese alias, and each alias, mapped to the other."""
    twin: dict[str, str] = {}
    for name in choices:
        alias = (zh or {}).get(name)
        if alias and alias != name:
            twin[name], twin[alias] = alias, name
    return twin


def is_cjk(ch: str) -> bool:
    """Is `ch` a Chinese character (the range the grammar's names take)?"""
    return "\u3400" <= ch <= "\u9fff"


def bilingual(name: str, alias: str | None) -> str:
    """`name (alias)`, or just `name` when there is no alias."""
    return f"{name} ({alias})" if alias else name


def one_of(choices: Iterable[str], zh: Mapping[str, str] | None = None) -> str:
    """The sorted names, each followed by its Chinese alias from `zh` if it has one."""
    names = sorted(set(choices))
    shown = [bilingual(name, (zh or {}).get(name)) for name in names]
    if len(shown) > 12:
        return ", ".join(shown[:12]) + ", ..."
    return ", ".join(shown)
