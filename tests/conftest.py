import gc
import os
import shutil
import sys
import tempfile
from fnmatch import fnmatch
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from gouji_dsl import cli

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The default run stays quick; `--hypothesis-profile=soak` runs long fuzzing on purpose.
settings.register_profile("default", max_examples=100, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("soak", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile("default")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files under tests/golden/ from the current output")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


# Marks whose tests the default run leaves out, and why (each runs when `-m` names it).
LEFT_OUT = {
    "slow": "a slow run: select with -m slow",
    "wide": "made in the default run on representatives: select with -m wide (CI does)",
}


def pytest_collection_modifyitems(config, items):
    """Tests marked slow (soaks, fuzzing: run on purpose) or wide (a check the default run
    makes on representative variants, languages and fonts, repeated over the others: CI runs
    them after the default run) run only when `-m` selects them: the default run stays within
    its time budget."""
    expression = config.getoption("markexpr") or ""
    for mark, reason in LEFT_OUT.items():
        if mark in expression and f"not {mark}" not in expression:
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker(mark) is not None:
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def _neutral_locale(monkeypatch):
    """Every test starts from the same reader, whatever the machine running them says: the C
    locale, and GOUJI_LANG=en, so that the tests of messages and prose can read English. A test
    of the choice of language (gouji_dsl/language.py) uses `no_language_set`, or sets what it
    needs."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("GOUJI_LANG", "en")


@pytest.fixture
def no_language_set(monkeypatch):
    """A machine that says nothing of the reader's language (no GOUJI_LANG, the C locale):
    commands then speak the language of the files they are given, else Chinese."""
    monkeypatch.delenv("GOUJI_LANG", raising=False)


# --- the collector's work ------------------------------------------------------------------------
# A worker's heap grows to over a million objects (the package, the engines and books its caches
# keep): at CPython's default thresholds its cyclic collector made some forty full collections a
# worker, each over every object, about a tenth of the run's time. Collections of the youngest
# objects every 50,000 allocations rather than 700, and fewer of the older ones: the run's cyclic
# garbage (a game and its bots, a book's tree) is still collected, some seconds later. The same
# thresholds as a `gouji` command's (gouji_dsl/cli.py).


def _collect_once_and_freeze() -> None:
    """At the end pytest collects five times over, to surface errors raised in finalizers
    (unraisableexception): one collection does that, and what is left is frozen, so the other
    four do not go over a worker's million objects again."""
    gc.collect()
    gc.freeze()


# --- nothing left in the temporary folder ------------------------------------------------------
# The run gets a temporary folder of its own (TMPDIR, which xdist's workers and every subprocess
# inherit), so that what is found there at the end was left by this run, not by another one on
# the same machine. A `gouji-*` entry there (gouji-dsl's own temporary folders and files, or a
# test's that copied the prefix) fails the run; the folder is then removed with all it holds.
# pytest's own tmp_path folders stay where they were (PYTEST_DEBUG_TEMPROOT).
LEFT_BEHIND = ("gouji-*",)
_RUN_TMP = pytest.StashKey[tuple]()  # (the run's temporary folder, TMPDIR and PYTEST_DEBUG_TEMPROOT before it)
_LEFT = pytest.StashKey[list]()  # the names found there at the end


def pytest_configure(config):
    gc.set_threshold(*cli.GC_THRESHOLDS)
    if hasattr(config, "workerinput"):  # an xdist worker: the controller made the folder and checks it
        return
    saved = {name: os.environ.get(name)
             for name in ("TMPDIR", "PYTEST_DEBUG_TEMPROOT", "PYTHONDONTWRITEBYTECODE", "GOUJI_CACHE_DIR")}
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.gettempdir())
    # Hundreds of tests run `gouji` in a process of its own, as a user does. A machine that sets
    # PYTHONDONTWRITEBYTECODE (container images often do) would have each of them compile the whole
    # package again from source (about 0.3 s of CPU each): the workers and those processes may
    # write their bytecode caches (__pycache__, which git ignores) like any Python process.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    run_tmp = tempfile.mkdtemp(prefix="pytest-gouji-run-")
    os.environ["TMPDIR"] = run_tmp
    # The specialised games are kept for the run in its own folder (backends/game_cache), shared by
    # the workers and every `gouji` a test starts: a game of the same rules is specialised once a
    # run, and never read from the user's cache, which another version of the code may have filled.
    os.environ["GOUJI_CACHE_DIR"] = str(Path(run_tmp) / "engine-cache")
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again
    config.stash[_RUN_TMP] = (Path(run_tmp), saved)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session, exitstatus):
    _collect_once_and_freeze()
    if _RUN_TMP not in session.config.stash:
        return
    run_tmp, _saved = session.config.stash[_RUN_TMP]
    left = sorted(entry.name for entry in run_tmp.iterdir() if any(fnmatch(entry.name, p) for p in LEFT_BEHIND))
    session.config.stash[_LEFT] = left
    if left and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    left = config.stash.get(_LEFT, [])
    if left:
        terminalreporter.write_sep("=", "temporary files left behind by this run", red=True)
        for name in left:
            terminalreporter.write_line(f"{config.stash[_RUN_TMP][0] / name}  (a test or the code under test "
                                        "did not remove it: use tmp_path, or clean up in a finally)")


def pytest_unconfigure(config):
    if _RUN_TMP not in config.stash:
        return
    run_tmp, saved = config.stash[_RUN_TMP]
    shutil.rmtree(run_tmp, ignore_errors=True)
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    tempfile.tempdir = None
