"""The language service: what an editor asks of a rule file, answered from its text as typed.

One implementation for every front end: the LSP server (`gouji lsp`, gouji_dsl/lsp) and any page
that edits rule files. It takes the documents' texts (and reads the files they extend from disk,
or from the editor where they are open) and answers with plain data (answers.py):

    diagnostics   the checker's errors and warnings, located, in the file's language, with fixes
    hover         a section's, rule's, value's or citation's meaning; what a child overrides
    completion    sections, rules, values, columns, variants, citations
    definition    the parent file, the parent's line of an overridden rule, a cited source line
    symbols, folding, semantic tokens, formatting, code actions, effective rules

The stages (like the compiler's phases): tolerant.py (the error-tolerant, incremental parse) ->
documents.py (open documents over the files on disk) -> analysis.py (the checker's pass) -> one
module per answer. A document's analysis is kept until any document changes.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from gouji_dsl.lang.parser import normalise_line_breaks
from gouji_dsl.service import completion as _completion
from gouji_dsl.service import edits as _edits
from gouji_dsl.service import hover as _hover
from gouji_dsl.service import navigation as _navigation
from gouji_dsl.service.analysis import Analysis, analyse
from gouji_dsl.service.answers import (Completion, Edit, EffectiveRules, Fix, Fold, Hover, Issue, Location, Span, Symbol,
                                       Token, TOKEN_TYPES)
from gouji_dsl.service.documents import Documents
from gouji_dsl.service.effective import effective_rules

__all__ = ["LanguageService", "Analysis", "Completion", "Edit", "EffectiveRules", "Fix", "Fold", "Hover", "Issue",
           "Location", "Span", "Symbol", "Token", "TOKEN_TYPES"]

# Analyses kept, of the documents asked about since the last change: the open ones and their children.
KEPT_ANALYSES = 64


class LanguageService:
    """The documents an editor has open, and every answer about them.

    Positions are 0-based (line, character), characters counted in code points."""

    def __init__(self, folders: list[Path] | tuple[Path, ...] = (), environ: Mapping[str, str] | None = None,
                 language: str | None = None):
        """`language`: answer in it whatever a file's language (`gouji lsp --lang`); by default each
        file is answered in the language it writes its names in."""
        self.documents = Documents(folders=list(folders), environ=dict(os.environ if environ is None else environ),
                                   language=language)
        self._analyses: dict[Path, Analysis] = {}

    # --- the documents --------------------------------------------------------------------

    def open(self, path: Path, text: str) -> None:
        """A document opened or changed in the editor: `text` is what it holds now."""
        self.documents.set(path, text)
        self._analyses.clear()  # another document may extend this one

    change = open

    def close(self, path: Path) -> None:
        """A document closed: from now on it is read from disk."""
        self.documents.close(path)
        self._analyses.clear()

    def files_changed(self) -> None:
        """Files changed on disk (saved, created, deleted): answers are made again."""
        self._analyses.clear()

    def set_folders(self, folders: list[Path]) -> None:
        """The editor's folders (where house rules that extend each other are looked up)."""
        if list(folders) != self.documents.folders:
            self.documents.folders = list(folders)
            self._analyses.clear()

    def analysis(self, path: Path) -> Analysis:
        key = path.resolve()
        if key not in self._analyses:
            if len(self._analyses) >= KEPT_ANALYSES:
                self._analyses.clear()
            self._analyses[key] = analyse(self.documents, path)
        return self._analyses[key]

    def dependants(self, path: Path) -> list[Path]:
        """The rule files that extend the document at `path`, directly or not, among the open
        documents and the files of its folder and the editor's folders: they are checked again
        when it changes."""
        name = self.analysis(path).file
        if name is None:  # no header: nothing can extend it
            return []
        own = path.resolve()
        candidates = {p.resolve(): p for p in self.documents.texts}
        for folder in [path.parent, *self.documents.folders]:
            try:
                candidates.update({p.resolve(): p for p in folder.glob("*.gouji") if p.is_file()})
            except OSError:
                continue
        found = []
        for key, candidate in sorted(candidates.items()):
            if key == own:
                continue
            other = self.analysis(candidate)
            if other.model is not None and name.header.name.id in other.model.lineage[1:] \
                    and _resolved(other.ws.path_of(name.header.name.id)) == own:
                found.append(candidate)
        return found

    # --- the answers ----------------------------------------------------------------------

    def diagnostics(self, path: Path) -> list[Issue]:
        return list(self.analysis(path).issues)

    def language(self, path: Path) -> str:
        return self.analysis(path).language

    def hover(self, path: Path, line: int, char: int) -> Hover | None:
        return _hover.hover(self.analysis(path), line, char)

    def completion(self, path: Path, line: int, char: int) -> list[Completion]:
        return _completion.complete(self.analysis(path), line, char)

    def definition(self, path: Path, line: int, char: int) -> list[Location]:
        return _navigation.definition(self.analysis(path), line, char)

    def symbols(self, path: Path) -> list[Symbol]:
        return _navigation.symbols(self.analysis(path))

    def folding(self, path: Path) -> list[Fold]:
        return _navigation.folding(self.analysis(path))

    def semantic_tokens(self, path: Path) -> list[Token]:
        return _navigation.semantic_tokens(self.analysis(path))

    def formatting(self, path: Path) -> list[Edit]:
        return _edits.formatting(self.analysis(path))

    def code_actions(self, path: Path, span: Span) -> list[Fix]:
        return _edits.code_actions(self.analysis(path), span)

    def effective_rules(self, path: Path) -> EffectiveRules | None:
        return effective_rules(self.analysis(path))

    def text(self, path: Path) -> str:
        """The document's text as the service reads it (line breaks made `\\n`)."""
        return normalise_line_breaks(self.documents.text(path) or "")


def _resolved(path: Path | None) -> Path | None:
    return path.resolve() if path is not None else None
