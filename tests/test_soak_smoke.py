"""The soak harnesses of issue 28 §6 still run: `tests/soak_all.py --scale smoke`, a minute or two,
so that the scripts cannot rot between the runs at the issue's scale (slow: select with -m slow)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.slow
def test_soak_all_smoke(tmp_path):
    done = subprocess.run([sys.executable, str(HERE / "soak_all.py"), "--scale", "smoke", "--workers", "2",
                           "--failures", str(tmp_path / "failures")],
                          cwd=HERE.parent, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    summary = done.stdout.split("=== soak_all --scale smoke", 1)[-1]
    assert done.returncode == 0, done.stdout[-6000:]
    for name in ("rules", "conformance", "integrations", "histories", "games"):
        assert f"{name} " in summary and "FAILED" not in summary, summary
