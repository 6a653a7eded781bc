"""The documents of docs/ are the project's own and true: the rulings page is what `gouji show
--rulings` prints from the rule files' [about] decisions (rewritten with --update-golden), the
pages name the defaults the commands have, and the cases, code and books cite these documents,
never one outside the repository. (The examples of the pages, the case format's included, are run
by tests/test_docs_examples.py.)"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from gouji_dsl.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_rulings_page_is_what_show_rulings_prints(capsys, update_golden):
    assert main(["show", "--rulings"]) == 0
    printed = capsys.readouterr().out
    if update_golden:
        (DOCS / "rulings.md").write_text(printed, encoding="utf-8")
    assert (DOCS / "rulings.md").read_text(encoding="utf-8") == printed, "run pytest --update-golden"
    ids = re.findall(r"^\| ([DK]\d+) \|", printed, re.MULTILINE)
    assert ids[:3] == ["D1", "D2", "D3"] and "K1" in ids and len(ids) == len(set(ids))


def test_show_rulings_is_given_alone(capsys):
    assert main(["show", "lianzhong", "--rulings"]) == 2
    assert "--rulings prints the project's rulings" in capsys.readouterr().err


OUTSIDE = re.compile(r"RULES\.md|CONFORMANCE\.md|SHUANGKOU\.md|MATRIX\.md|\.\./shared")


def test_no_file_of_the_repository_cites_a_document_outside_it():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False).stdout.split()
    if not tracked:  # not a checkout (an installed copy): the package's own files
        tracked = [str(p.relative_to(ROOT)) for p in (ROOT / "gouji_dsl").rglob("*") if p.is_file()]
    citing = []
    for name in tracked:
        path = ROOT / name
        if path.suffix not in (".py", ".md", ".gouji", ".j2", ".jsonl", ".toml", ".lark", ".css", ".html", ".txt"):
            continue
        if (name.startswith("sources/") and name.endswith(".txt")) or name == "tests/test_manual_docs.py":
            continue  # the source documents as published; this test names the pattern
        text = path.read_text(encoding="utf-8", errors="replace")
        citing += [f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group()}" for m in OUTSIDE.finditer(text)]
    assert not citing, f"{len(citing)} citation(s) of documents outside the repository: {citing[:20]}"


def test_the_pages_name_the_default_bot_of_play():
    """docs/shuangkou.md says which bots `gouji play` uses by default, and docs/commands.md too."""
    play = build_parser()._subparsers._group_actions[0].choices["play"]
    default = next(a.default for a in play._actions if a.dest == "bots")
    assert f"plays a whole game, {default} bots" in (DOCS / "shuangkou.md").read_text(encoding="utf-8")
    assert f"default {default})" in (DOCS / "commands.md").read_text(encoding="utf-8")
