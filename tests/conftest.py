import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The default run stays quick; `--hypothesis-profile=soak` runs long fuzzing on purpose.
settings.register_profile("default", max_examples=150, deadline=None,
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


def pytest_collection_modifyitems(config, items):
    """Tests marked slow run only when `-m` selects them (`-m slow`): the default run,
    which CI runs, stays within its time budget."""
    expression = config.getoption("markexpr") or ""
    if "slow" in expression and "not slow" not in expression:
        return
    skip = pytest.mark.skip(reason="a slow run: select with -m slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:
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
