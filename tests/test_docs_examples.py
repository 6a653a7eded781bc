"""Every example of the README and docs/ runs, and prints what the page shows (tests/docs_examples.py
reads them out of the Markdown): a manual whose commands are run by its tests cannot go stale.

A command that is `gouji` and its arguments alone runs in this process (tests/gouji_runner.py:
the function the installed script calls, with the page's environment and folder; stdout and
stderr in one stream, as in a terminal). Starting a Python for each of the manual's hundred
commands cost most of this test's time.
A line the shell must read (a pipe, a redirection, `cd`, `;`, a variable, a wildcard) runs in
bash, as before; .ci/smoke-install runs the installed script itself."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docs_examples import RUN_LANGUAGES, blocks, commands, matches
from gouji_runner import run_gouji

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
TIMEOUT = 120  # seconds a command of the manual may take: the examples are small on purpose
SHELL_SYNTAX = set("|&;<>()$`*?[]{}~=!#")  # a line with any of these is the shell's to read


def gouji_arguments(command: str) -> list[str] | None:
    """The arguments of a command that is `gouji` alone with its arguments, else None."""
    if SHELL_SYNTAX & set(command):
        return None
    words = shlex.split(command)
    return words[1:] if words and words[0] == "gouji" else None


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


# The pages whose examples take longest to run (simulations, books, research tensors: 5-10 s
# each) are run in the wide run (CI), to keep the default run within its budget.
LONG_PAGES = {"simulate.md", "research.md", "commands.md", "books.md"}


@pytest.mark.parametrize("page", [pytest.param(p, marks=(pytest.mark.wide,) if p.name in LONG_PAGES else (), id=p.name)
                                  for p in PAGES])
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
            arguments = gouji_arguments(command.command)
            if arguments is not None:
                ran = run_gouji(arguments, folder, env, merged=True)
                status, output = ran.returncode, ran.stdout
            else:
                run = subprocess.run(["bash", "-c", command.command], cwd=folder, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
                status, output = run.returncode, run.stdout
            if not command.expected and status != 0:
                failures.append(f"{page.name}:{command.line}: `{command.command}` exits {status}:\n"
                                + output[-2000:])
            elif not matches(command.expected, output.splitlines()):
                failures.append(f"{page.name}:{command.line}: `{command.command}` prints\n" + output[-3000:]
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


@pytest.mark.parametrize("command,arguments", [
    ("gouji check", ["check"]),
    ("gouji doc 俱乐部.gouji --lang zh", ["doc", "俱乐部.gouji", "--lang", "zh"]),
    ("gouji show 'a b'", ["show", "a b"]),
    ("gouji play nosuch; echo $?", None), ("gouji check | head -1", None), ("gouji fmt *.gouji", None),
    ("cd out && gouji check", None), ("GOUJI_PATH=.. gouji check", None), ("gouji doc x > y.md", None),
    ("python3 -c 'print(1)'", None), ("head -1 sheet.md", None),
])
def test_a_line_runs_in_process_only_when_it_is_gouji_and_its_arguments(command, arguments):
    assert gouji_arguments(command) == arguments


def test_a_command_in_process_gets_its_environment_and_folder_and_gives_them_back(tmp_path):
    (tmp_path / "x.gouji").write_text("variant x extends nosuch\n", encoding="utf-8")
    before = dict(os.environ), os.getcwd(), sys.stdout, sys.stderr
    env = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8", "GOUJI_LANG": "zh", "HOME": str(tmp_path)}
    ran = run_gouji(["check", "x.gouji"], tmp_path, env)
    assert ran.returncode == 1 and ran.stdout == ""
    assert "x.gouji:1:19: 错误" in ran.stderr and "nosuch" in ran.stderr  # a rule error, located, in Chinese
    assert (dict(os.environ), os.getcwd(), sys.stdout, sys.stderr) == before
    ran = run_gouji(["--no-such-option"], tmp_path, env, merged=True)
    assert ran.returncode == 2 and ran.stdout.startswith("用法：gouji") and ran.stderr == ""  # argparse's exit
