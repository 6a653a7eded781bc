"""Every example of the README and docs/ runs, and prints what the page shows (tests/docs_examples.py
reads them out of the Markdown): a manual whose commands are run by its tests cannot go stale."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docs_examples import RUN_LANGUAGES, blocks, commands, matches

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
TIMEOUT = 120  # seconds a command of the manual may take: the examples are small on purpose


def _environment(page: Path, folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOUJI_LANG", "LC_ALL", "LC_MESSAGES", "GOUJI_PATH")}
    env.update(PYTHONUNBUFFERED="1", COLUMNS="100", HOME=str(folder))
    if page.name.endswith(".zh.md"):
        env["LANG"] = "zh_CN.UTF-8"
    else:
        env.update(LANG="C.UTF-8", GOUJI_LANG="en")
    # The checkout's gouji first on PATH: the one the tests import.
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_of_the_page_runs_and_prints_what_it_shows(page, tmp_path):
    folder = tmp_path / "reader"
    folder.mkdir()
    env = _environment(page, folder)
    failures = []
    for block in blocks(page):
        if block.title is not None:  # a file the reader writes
            target = folder / block.title
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(block.body, encoding="utf-8")
            continue
        if block.language not in RUN_LANGUAGES:
            continue
        if block.language == "python":
            run = subprocess.run([sys.executable, "-c", block.body], cwd=folder, env=env, capture_output=True,
                                 text=True, timeout=TIMEOUT)
            if run.returncode != 0:
                failures.append(f"{page.name}:{block.line}: the Python example fails:\n{run.stderr[-2000:]}")
            continue
        for command in commands(block):
            run = subprocess.run(["bash", "-c", command.command], cwd=folder, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
            printed = run.stdout.splitlines()
            if not command.expected and run.returncode != 0:
                failures.append(f"{page.name}:{command.line}: `{command.command}` exits {run.returncode}:\n"
                                + run.stdout[-2000:])
            elif not matches(command.expected, printed):
                failures.append(f"{page.name}:{command.line}: `{command.command}` prints\n" + run.stdout[-3000:]
                                + "\n--- the page shows ---\n" + "\n".join(command.expected))
    assert not failures, "\n\n".join(failures)


def test_a_shell_block_runs_no_gouji_command_unseen():
    """Commands of gouji in a ```sh block would not be run: they belong in ```console blocks."""
    hidden = [f"{page.name}:{block.line}" for page in PAGES for block in blocks(page)
              if block.language in ("sh", "bash", "shell", "") and block.title is None
              and any(line.lstrip().startswith(("gouji ", "$ gouji")) for line in block.body.splitlines())]
    assert not hidden, f"gouji commands outside console blocks: {hidden}"


def test_the_example_reader_matches_lines_with_ellipses():
    from docs_examples import matches as m
    assert m(["a", "...", "c"], ["a", "b", "b", "c"])
    assert m(["...", "c"], ["c"]) and m(["a", "..."], ["a"])
    assert not m(["a", "c"], ["a", "b", "c"]) and not m(["a"], ["b"])
    assert m(["a  "], ["a", ""])  # trailing blanks and empty last lines do not count


@pytest.mark.skipif(shutil.which("mkdocs") is None, reason="mkdocs is not installed (pip install -e '.[docs]')")
def test_the_documentation_site_builds_with_every_link_resolved(tmp_path):
    """`mkdocs build --strict` fails on a link to a page or an anchor that does not exist."""
    run = subprocess.run(["mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").is_file()
