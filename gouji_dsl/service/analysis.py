"""The diagnostic pass: a document's text -> what `gouji check` would say of it, located.

The pipeline is the checker's own (model.builder, model.registry, model.lints), run on the
tolerant parse of the document (tolerant.py) in a workspace that reads open documents from the
editor (documents.py). A statement that does not parse is reported and left out; the rest is
built and checked, so an author typing one line still sees every other line's errors. A parent
file in error is reported at the `extends` name, its own message quoted.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from gouji_dsl.diagnostics import Diagnostic, Pos, Reporter, RuleErrors
from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.fmt import sections_language
from gouji_dsl.lang.parser import normalise_line_breaks
from gouji_dsl.messages import DEFAULT, Suggestion, environment_language, msg
from gouji_dsl.model import schema as m
from gouji_dsl.model.builder import build
from gouji_dsl.model.lints import run_lints
from gouji_dsl.model.registry import run_checks
from gouji_dsl.service.answers import Edit, Fix, Issue, Location, Note, Span
from gouji_dsl.service.documents import Documents, EditorWorkspace
from gouji_dsl.service.tolerant import Parsed

# A word of the language, as the grammar's NAME and VNAME take it, and a citation.
WORD = re.compile(r"[A-Za-z_\u3400-\u9fff][A-Za-z0-9_\u3400-\u9fff]*(?:-[a-z0-9\u3400-\u9fff]+)*")
CITATION = re.compile(r"@[A-Za-z0-9]+(?::L[0-9]+(?:-[0-9]+)?)?")


@dataclass
class Analysis:
    """One document, parsed as far as it goes, built and checked."""

    path: Path
    text: str
    ws: EditorWorkspace
    parsed: Parsed
    language: str
    model: m.Variant | None  # built even with errors in it (those rules are unset); None if not buildable
    diagnostics: tuple[Diagnostic, ...]

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @cached_property
    def display(self) -> str:
        return self.ws.display(self.path)

    @property
    def file(self) -> n.File | None:
        return self.parsed.file

    @cached_property
    def parent_model(self) -> m.Variant | None:
        """The parent variant's rules (built even if they have errors), for what a child overrides."""
        if self.model is None or self.model.parent is None:
            return None
        try:
            return build(self.ws, self.model.parent, Reporter())
        except RuleErrors:
            return None

    def path_of_display(self, display: str) -> Path | None:
        """The file a diagnostic or origin names (Workspace.display's inverse)."""
        if display == self.display:
            return self.path
        for name in self.ws.names():
            path = self.ws.path_of(name)
            if path is not None and self.ws.display(path) == display:
                return path
        return None

    def location(self, pos: Pos, length: int = 0) -> Location | None:
        path = self.path_of_display(pos.file)
        if path is None:
            return None
        return Location(path, Span.at(max(pos.line - 1, 0), max(pos.col - 1, 0), length))

    def span_of(self, pos: Pos, length: int | None = None) -> Span:
        """The span at `pos` in this document: `length` characters, or the word (or citation) there."""
        line, char = max(pos.line - 1, 0), max(pos.col - 1, 0)
        if length is None:
            text = self.lines[line] if line < len(self.lines) else ""
            found = CITATION.match(text, char) or WORD.match(text, char)
            length = len(found.group()) if found else 1
        return Span.at(line, char, length)

    @cached_property
    def issues(self) -> tuple[Issue, ...]:
        """The diagnostics as the editor shows them, in the document's language, with their fixes."""
        return tuple(self._issue(d) for d in self.diagnostics)

    def _issue(self, diagnostic: Diagnostic) -> Issue:
        lang = self.language
        if diagnostic.pos.file != self.display:
            return self._parent_issue(diagnostic)
        span = self.span_of(diagnostic.pos, diagnostic.span if diagnostic.span > 1 else None)
        hint = diagnostic.hint
        hint_text = hint.text(lang) if hint is not None and not isinstance(hint, str) else hint
        notes = tuple(Note(location, note.text(lang)) for pos, note in diagnostic.notes
                      if (location := self.location(pos, 1)) is not None)
        issue = Issue(span, diagnostic.severity, diagnostic.message.text(lang), diagnostic.message.key, hint_text, notes)
        if isinstance(hint, Suggestion):
            target = self._suggestion_span(diagnostic.pos, hint)
            fix = Fix(msg("service.fix.replace", old=self._text_at(target), new=hint.replacement).text(lang)
                      if hint.replacement else msg("service.fix.remove", old=self._text_at(target)).text(lang),
                      (Edit(self.path, target, hint.replacement),), preferred=True, fixes=(issue,))
            return Issue(issue.span, issue.severity, issue.message, issue.code, issue.hint, issue.notes, (fix,))
        return issue

    def _suggestion_span(self, pos: Pos, hint: Suggestion) -> Span:
        if hint.length is not None:
            return self.span_of(pos, hint.length)
        span = self.span_of(pos)
        if self._text_at(span).startswith("@"):  # a citation's source: the word after '@'
            word = WORD.match(self.lines[span.start_line], span.start_char + 1)
            return Span.at(span.start_line, span.start_char + 1, len(word.group()) if word else 0)
        return span

    def _text_at(self, span: Span) -> str:
        return self.lines[span.start_line][span.start_char:span.end_char] if span.start_line < len(self.lines) else ""

    def _parent_issue(self, diagnostic: Diagnostic) -> Issue:
        """An error in another file of the lineage, said at this file's `extends` name."""
        lang = self.language
        header = self.file.header if self.file is not None else None
        pos = header.parent.pos if header is not None and header.parent is not None else Pos(self.display, 1, 1)
        where = self.location(diagnostic.pos, 1)
        notes = (Note(where, diagnostic.message.text(lang)),) if where is not None else ()
        message = msg("service.error_in_parent", where=str(diagnostic.pos), message=diagnostic.message)
        return Issue(self.span_of(pos), diagnostic.severity, message.text(lang), message.key, None, notes)


def document_language(parsed: Parsed, environ) -> str:
    """The language to answer in: the one the file writes its names in (Chinese for a Chinese
    house rule), else the environment's, else Chinese."""
    if parsed.sections:  # the file's own sections, parsed even when its header is not
        return sections_language(parsed.sections)
    return environment_language(environ) or DEFAULT


def analyse(documents: Documents, path: Path) -> Analysis:
    """The diagnostic pass over the document at `path` (open in the editor, else read from disk)."""
    ws = documents.workspace(path)
    text = normalise_line_breaks(ws.texts[path.resolve()]).removeprefix("\ufeff")
    parsed = ws.tolerant(path)
    assert parsed is not None
    rep = Reporter()
    rep.extend(parsed.diagnostics)  # a statement left out is not also a missing rule (builder)
    model = None
    if parsed.file is not None:
        ws.add_file(path)
        try:
            model = build(ws, parsed.file.header.name.id, rep)
            rep.extend(run_checks(model).diagnostics)
            if not rep.failed:  # lints read a model the checks passed (phases.Compilation)
                rep.extend(run_lints(model).diagnostics)
        except RuleErrors as errors:  # a parent that does not parse
            rep.extend(errors.diagnostics)
    ordered = sorted(rep.diagnostics, key=lambda d: (d.pos.file != ws.display(path), d.pos, d.severity))
    language = documents.language or document_language(parsed, documents.environ)
    return Analysis(path, text, ws, parsed, language, model, tuple(ordered))
