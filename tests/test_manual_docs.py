"""The documents of docs/ are the project's own and true: the rulings page is what `gouji show
--rulings` prints from the rule files' [about] decisions (rewritten with --update-golden), every
example case of the case format passes `gouji conform` (the Chinese name of a standard variant
included), and the cases, code and books cite these documents, never one outside the repository."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from gouji_dsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_rulings_page_is_what_show_rulings_prints(capsys, update_golden):
    assert main(["show", "--rulings"]) == 0
    printed = capsys.readouterr().out
    if update_golden:
        (DOCS / "rulings.md").write_text(printed, encoding="utf-8")
    assert (DOCS / "rulings.md").read_text(encoding="utf-8") == printed, "run pytest --update-golden"
    ids = re.findall(r"^\| ([DK]\d+) \|", printed, re.M)
    assert ids[:3] == ["D1", "D2", "D3"] and "K1" in ids and len(ids) == len(set(ids))


def test_show_rulings_is_given_alone(capsys):
    assert main(["show", "lianzhong", "--rulings"]) == 2
    assert "--rulings prints the project's rulings" in capsys.readouterr().err


def test_every_example_case_of_the_case_format_passes(tmp_path, capsys):
    examples = [line.strip() for line in (DOCS / "conformance.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("      {")]
    assert len(examples) == 7  # one per check of the format
    cases = tmp_path / "examples.jsonl"
    cases.write_text("\n".join(examples + [
        '{"check": "beats", "lead": "7 7 7", "play": "8 8 8", "variant": "联众", "expect": true}']) + "\n",
        encoding="utf-8")
    assert main(["conform", str(cases)]) == 0
    # A cross-variant case runs once per variant it names: the opens example twice.
    assert capsys.readouterr().out.endswith(f"{len(examples) + 2} passed, 0 failed\n")


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
