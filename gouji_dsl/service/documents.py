"""The documents an editor has open, and the workspace the checker reads them through.

An open document is read from the editor (what is typed, saved or not), every other rule file
from disk, as `gouji check` reads it. A house rule's parent that is open in the editor is
therefore checked as it is being edited, and its children with it.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.loader import Workspace, user_folders
from gouji_dsl.lang.parser import normalise_line_breaks
from gouji_dsl.service.tolerant import Parsed, TolerantParser


@dataclass
class EditorWorkspace(Workspace):
    """A Workspace whose open documents come from the editor (`texts`, by resolved path)."""

    texts: dict[Path, str] = field(default_factory=dict)
    parser: TolerantParser = field(default_factory=TolerantParser)
    _tolerant: dict[Path, Parsed] = field(default_factory=dict)

    def tolerant(self, path: Path) -> Parsed | None:
        """An open document as far as it parses (None for a file that is not open)."""
        key = path.resolve()
        if key not in self.texts:
            return None
        if key not in self._tolerant:
            display = self.display(path)
            text = self.texts[key]
            self.sources.add(display, normalise_line_breaks(text))
            self._tolerant[key] = self.parser.parse(text, display)
        return self._tolerant[key]

    def parse(self, path: Path) -> n.File:
        parsed = self.tolerant(path)
        if parsed is None:
            return super().parse(path)
        if parsed.file is None:
            raise RuleErrors(parsed.diagnostics)
        return parsed.file


@dataclass
class Documents:
    """The open documents (their text by resolved path) and the folders of the editor's workspace."""

    folders: list[Path] = field(default_factory=list)
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    texts: dict[Path, str] = field(default_factory=dict)
    parser: TolerantParser = field(default_factory=TolerantParser)
    language: str | None = None  # the language to answer in, when the user chose one

    def set(self, path: Path, text: str) -> None:
        self.texts[path.resolve()] = text

    def close(self, path: Path) -> None:
        self.texts.pop(path.resolve(), None)

    def text(self, path: Path) -> str | None:
        """The document's text: the editor's if it is open, else the file's on disk."""
        key = path.resolve()
        if key in self.texts:
            return self.texts[key]
        try:
            return normalise_line_breaks(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            return None

    def workspace(self, path: Path) -> EditorWorkspace:
        """A workspace in which to check `path`: its own folder first (a house rule extends its
        sibling), then the editor's folders, GOUJI_PATH and the current folder, as `gouji check
        FILE` finds them, then the standard variants; open documents as the editor has them."""
        ws = EditorWorkspace(folders=user_folders(tuple(str(f) for f in self.folders), self.environ),
                             texts=dict(self.texts), parser=self.parser)
        ws.add_folder(path.parent)
        # A file the editor has not opened is checked as it is on disk (one that cannot be read, as empty).
        ws.texts.setdefault(path.resolve(), self.text(path) or "")
        return ws
