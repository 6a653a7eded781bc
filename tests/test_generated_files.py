"""The committed generated/ folder is what `gouji build` renders now: every engine
module and rulebook equals a fresh render, and nothing else is there. So pytest
itself fails when a change to the compiler or a rule file is not rebuilt (the
same comparison as `gouji build --check`)."""
from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest

from gouji_dsl.backends.codegen import INIT_TEXT, engine_output
from gouji_dsl.docs.rulebook import OUTPUT_DIR, rulebook_outputs
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import generated_dir
from gouji_dsl.phases import Compilation
from strategies import ALL_ENGINE_VARIANTS

WS = Workspace()


def fresh_render(name: str, folder: Path) -> dict[Path, str]:
    """Path -> text of everything `gouji build` writes for one standard variant into `folder`."""
    variant = Compilation(WS, name).checked
    engine = engine_output(variant, folder)
    files = {engine.path: engine.text}
    files.update({folder / OUTPUT_DIR / rel: text for rel, text in rulebook_outputs([variant], WS)})
    return files


def differences(files: dict[Path, str]) -> list[str]:
    """For each file that is missing or differs from its fresh text, a short diff."""
    out = []
    for path, text in files.items():
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current is None:
            out.append(f"{path.name}: missing")
        elif current != text:
            diff = difflib.unified_diff(current.splitlines(True), text.splitlines(True), f"committed {path.name}", "fresh render", n=1)
            out.append("".join(list(diff)[:40]))
    return out


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_engine_and_rulebooks_equal_a_fresh_render(name):
    problems = differences(fresh_render(name, generated_dir()))
    assert not problems, "generated/ is out of date: run `gouji build`\n" + "\n".join(problems)


def test_generated_holds_nothing_else():
    folder = generated_dir()
    expected = {folder / "__init__.py"}
    for name in ALL_ENGINE_VARIANTS:
        expected |= set(fresh_render(name, folder))
    present = set(folder.glob("*.py")) | set((folder / OUTPUT_DIR).glob("*"))
    assert (folder / "__init__.py").read_text(encoding="utf-8") == INIT_TEXT
    assert sorted(p.name for p in present - expected) == [], "files no build writes (a variant renamed or removed?)"
    assert sorted(p.name for p in expected - present) == []


def test_a_stale_file_is_noticed(tmp_path):
    """The comparison fails for the right reason: one changed character in a copy."""
    name = ALL_ENGINE_VARIANTS[0]
    files = fresh_render(name, generated_dir())
    copies = {}
    for path, text in files.items():
        copy = tmp_path / path.relative_to(generated_dir())
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, copy)
        copies[copy] = text
    assert differences(copies) == []
    changed = next(p for p in copies if p.suffix == ".md")
    changed.write_text(changed.read_text(encoding="utf-8").replace("\n", "\n\n", 1), encoding="utf-8")
    (problem,) = differences(copies)
    assert problem.startswith(f"--- committed {changed.name}")
