"""Golden files: compare output with a stored copy; --update-golden rewrites it."""
from __future__ import annotations

import difflib
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"


def check_golden(relative: str, actual: str, update: bool) -> None:
    path = GOLDEN / relative
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.is_file(), f"no golden file {path}; run pytest --update-golden to create it"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            f"golden/{relative}", "actual", n=2))
        raise AssertionError(f"output differs from golden/{relative} "
                             f"(run pytest --update-golden if the change is intended):\n{diff[:6000]}")
