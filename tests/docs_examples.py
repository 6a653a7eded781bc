"""The examples of the documentation, read out of the Markdown so that a test can run them.

A page's fenced blocks are run in order, in one empty folder of the page's own, as its reader
would type them (docs/contributing.md says how to write them):

- a block with a file name, ```gouji title="俱乐部.gouji"``` (or python, json ...), is written
  into the folder under that name;
- a ```console``` block holds commands after `$ ` and, under each, what it prints (stdout and
  stderr together, as in a terminal); a line `...` stands for any number of lines. A command
  shown without output must succeed;
- a ```python``` block without a file name is run as a script and must succeed.

Other blocks (```text```, ```sh``` for installing) are not run. A page in Chinese (NAME.zh.md)
is run with a Chinese locale and no GOUJI_LANG, as a Chinese reader's machine; the others with
GOUJI_LANG=en.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
TITLE = re.compile(r'title="([^"]+)"')
RUN_LANGUAGES = ("console", "python")


@dataclass
class Block:
    page: Path
    line: int
    language: str
    title: str | None
    body: str


@dataclass
class Command:
    line: int
    command: str
    expected: list[str] = field(default_factory=list)


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        info = match.group("info").strip()
        language = info.split()[0].strip("{}.") if info else ""
        title = TITLE.search(info)
        indent = len(match.group("indent"))
        body = "\n".join(line[indent:] for line in match.group("body").splitlines()) + "\n"
        found.append(Block(page, text.count("\n", 0, match.start()) + 1, language,
                           title.group(1) if title else None, body))
    return found


def commands(block: Block) -> list[Command]:
    """The `$ ` commands of a console block, each with the lines it is shown to print."""
    out: list[Command] = []
    for offset, line in enumerate(block.body.splitlines(), start=1):
        if line.startswith("$ "):
            out.append(Command(block.line + offset, line[2:]))
        elif out:
            out[-1].expected.append(line)
        elif line.strip():
            raise ValueError(f"{block.page}:{block.line + offset}: output before any `$ ` command")
    return out


def matches(expected: list[str], printed: list[str]) -> bool:
    """Do the printed lines match the expected ones (`...` any number of lines; trailing blanks
    and blank lines at the end ignored)? Wildcard matching over lines, with one backtrack point."""
    pattern, lines = _trim(expected), _trim(printed)
    p = i = 0
    star, mark = -1, 0
    while i < len(lines):
        if p < len(pattern) and pattern[p] == "...":
            star, mark, p = p, i, p + 1
        elif p < len(pattern) and pattern[p].rstrip() == lines[i].rstrip():
            p, i = p + 1, i + 1
        elif star >= 0:
            mark += 1
            p, i = star + 1, mark
        else:
            return False
    while p < len(pattern) and pattern[p] == "...":
        p += 1
    return p == len(pattern)


def _trim(lines: list[str]) -> list[str]:
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines
