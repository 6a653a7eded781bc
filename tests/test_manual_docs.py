"""The documents of docs/ are the project's own and true: the rulings page is what `gouji show
--rulings` prints from the rule files' [about] decisions (rewritten with --update-golden), every
example case of the case format passes `gouji conform` (the Chinese name of a standard variant
included), and the cases, code and books cite these documents, never one outside the repository."""
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


def _readme_block(first_line: str) -> str:
    """The indented block of README.md that starts with `first_line`, unindented."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"    {first_line}")
    block = []
    for line in lines[start:]:
        if line and not line.startswith("    "):
            break
        block.append(line[4:])
    return "\n".join(block).strip() + "\n"


def test_the_readme_table_change_example_checks(tmp_path, capsys):
    block = _readme_block("# Our club: 10s make a 级牌 from four cards; the rest of the table stays.")
    assert "thresholds +=" in block and "luo -=" in block
    (tmp_path / "club.gouji").write_text('variant club extends zaozhuang\n[about]\ntitle = "c"\n' + block,
                                         encoding="utf-8")
    assert main(["check", str(tmp_path / "club.gouji")]) == 0, capsys.readouterr().err
    assert "warning" not in capsys.readouterr().err


def test_the_readme_did_you_mean_example(tmp_path, capsys):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`解烧 =\n对家或无投` under `[烧牌]` gets `did you mean '对家或无头' (opposite_or_headless)?`" in readme
    (tmp_path / "club.gouji").write_text('variant club extends zaozhuang\n[烧牌]\n解烧 = 对家或无投\n', encoding="utf-8")
    assert main(["check", str(tmp_path / "club.gouji")]) == 1
    err = capsys.readouterr().err
    assert "expected one of anyone (任何人), no (不解烧), opposite_or_headless (对家或无头)" in err
    assert "did you mean '对家或无头' (opposite_or_headless)?" in err


def test_the_readme_names_the_default_bot_of_play():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play = build_parser()._subparsers._group_actions[0].choices["play"]
    default = next(a.default for a in play._actions if a.dest == "bots")
    assert f"a whole game, {default} bots" in readme
