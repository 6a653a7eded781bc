"""The folder the studio opened: the house rules it may read and write, and nothing else.

A name from the page is a file name, never a path: no folder part, no `..`, a `.gouji` file of at
most 255 bytes. A save replaces a regular file atomically (files.write_atomic) or makes a new
one; it never replaces what is not a regular file (a link that leads out of the folder, a pipe, a
device), and never writes a text over the rule files' size cap.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl.files import write_atomic
from gouji_dsl.lang.loader import EXTENSION, NAME_MAX_BYTES, read_rule_text, rule_files
from gouji_dsl.lang.parser import MAX_FILE_BYTES, normalise_line_breaks
from gouji_dsl.messages import Message, msg


class FolderError(Exception):
    """A request the folder refuses; `message` says why (a catalogue Message)."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Folder:
    root: Path

    def files(self) -> list[Path]:
        return rule_files(self.root)

    def path(self, name: str) -> Path:
        """The file `name` names inside the folder; FolderError when it could name anything else."""
        if not isinstance(name, str) or not name.endswith(EXTENSION) or name in (EXTENSION,):
            raise FolderError(msg("studio.folder.not_a_rule_file", name=str(name)[:80]))
        if "/" in name or "\\" in name or "\x00" in name or name.startswith(".") or os.sep in name:
            raise FolderError(msg("studio.folder.not_a_name", name=name[:80]))
        if len(name.encode("utf-8", "surrogatepass")) > NAME_MAX_BYTES:
            raise FolderError(msg("studio.folder.name_too_long", limit=NAME_MAX_BYTES))
        path = self.root / name
        if path.resolve().parent != self.root.resolve():  # a link that leads out of the folder
            raise FolderError(msg("studio.folder.outside", name=name))
        return path

    def read(self, name: str) -> str:
        path = self.path(name)
        try:
            return normalise_line_breaks(read_rule_text(path, name))
        except FileNotFoundError:
            raise FolderError(msg("studio.folder.no_such_file", name=name)) from None
        except OSError as exc:
            raise FolderError(msg("studio.folder.cannot_read", name=name, reason=exc.strerror or str(exc))) from None
        except Exception as exc:  # RuleErrors: too large, not UTF-8 ...: said by the file's first diagnostic
            diagnostics = getattr(exc, "diagnostics", None)
            if diagnostics:
                raise FolderError(diagnostics[0].message) from None
            raise

    def save(self, name: str, text: str) -> None:
        path = self.path(name)
        data = text.encode("utf-8", "surrogatepass")
        if len(data) > MAX_FILE_BYTES:
            raise FolderError(msg("syntax.file_too_large", size=len(data), limit=MAX_FILE_BYTES))
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise FolderError(msg("studio.folder.not_regular", name=name))
        write_atomic(path, text)
