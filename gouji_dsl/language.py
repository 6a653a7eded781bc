"""The language a user reads, zh or en: chosen the same way for every command that writes prose
(`gouji doc`, `gouji diff`).

In order: the command's `--lang`; the environment, `GOUJI_LANG` and then the locale (`LC_ALL`,
`LC_MESSAGES`, `LANG`: zh_CN.UTF-8 is Chinese, en_US.UTF-8 English; C and POSIX say nothing);
then the rule files the command was given (a file that mostly writes its section and rule names
in Chinese gets Chinese); and Chinese when nothing says otherwise, since the people who write
and read Gouji rules are Shandong players.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.messages import DEFAULT, LANGUAGES, environment_language
from gouji_dsl.lang.fmt import written_names
from gouji_dsl.lang.loader import read_rule_text
from gouji_dsl.lang.parser import parse_text

# The language settings themselves live with the messages, at the bottom of the import graph.
__all__ = ["LANGUAGES", "DEFAULT", "named_files", "reader_language"]


def named_files(arguments: Iterable[str | None]) -> list[Path]:
    """The rule files among a command's variant arguments (names of variants are not files)."""
    return [Path(a) for a in arguments if a and (a.endswith(".gouji") or os.sep in a)]


def reader_language(explicit: str | None = None, files: Iterable[Path] = (),
                    environ: Mapping[str, str] | None = None) -> str:
    """The language to write in (see the module docstring). `files`: rule files the user named;
    one that cannot be read or parsed says nothing (its errors are reported elsewhere)."""
    if explicit:
        return explicit
    found = environment_language(environ)
    if found is not None:
        return found
    for path in files:
        try:
            tree = parse_text(read_rule_text(path, str(path)), str(path))
        except (OSError, RuleErrors):  # unreadable or broken: the command reports why, not this
            continue
        return written_names(tree)
    return DEFAULT
