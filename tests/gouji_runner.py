"""`gouji ARGUMENTS` run as the installed script runs it, in this process.

The script is `sys.exit(gouji_dsl.cli:main())` (pyproject.toml [project.scripts]); here `main`
is called with the command's folder, its whole environment and an empty stdin, and what it
prints is captured. A test that starts a new Python for each command pays for importing and
compiling the package and for building the same engine again in every one; the commands here
share this process's caches, as the studio and the editor (long-lived processes) do.
.ci/smoke-install and tests/test_cli.py run the installed script itself.
"""
from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl import cli


@dataclass(frozen=True)
class Ran:
    """What a command did, shaped like subprocess.CompletedProcess."""

    returncode: int
    stdout: str
    stderr: str


def run_gouji(arguments: list[str], cwd: Path, env: dict[str, str], *, merged: bool = False) -> Ran:
    """Run `gouji ARGUMENTS` in `cwd` with `env` as the whole environment. With `merged`, stderr
    goes to stdout's stream (as in a terminal) and `stderr` is empty. Everything is given back
    afterwards: the environment, the working folder and the standard streams."""
    buffers = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(buffers[0], encoding="utf-8", write_through=True)
    err = out if merged else io.TextIOWrapper(buffers[1], encoding="utf-8", errors="backslashreplace",
                                              write_through=True)
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(""), out, err
    try:
        try:
            status = cli.main(list(arguments))
        except SystemExit as exit_:  # argparse's --help and usage errors
            status = exit_.code
        if isinstance(status, str):  # sys.exit("message"): printed, status 1
            print(status, file=sys.stderr)
            status = 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    return Ran(status or 0, buffers[0].getvalue().decode("utf-8"), buffers[1].getvalue().decode("utf-8"))
