"""Shared test helpers: check rule text in a scratch variants folder."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import variants_dir
from gouji_dsl.phases import check_variants

ROOT = Path(__file__).resolve().parent.parent


def scratch_workspace(tmp: Path, files: dict[str, str | bytes], with_real: bool = True) -> Workspace:
    """A variants folder holding the real variant files plus `files` (name -> text)."""
    folder = tmp / "variants"
    folder.mkdir(exist_ok=True)
    if with_real:
        for path in variants_dir().glob("*.gouji"):
            shutil.copy(path, folder / path.name)
        (folder / "peers").mkdir(exist_ok=True)
        for path in (variants_dir() / "peers").glob("*.gouji"):
            shutil.copy(path, folder / "peers" / path.name)
    for name, text in files.items():
        data = text.encode("utf-8") if isinstance(text, str) else text
        (folder / f"{name}.gouji").write_bytes(data)
    return Workspace(directory=folder)


def diagnostics_for(tmp: Path, text: str | bytes, name: str = "house") -> list[str]:
    """First lines of the diagnostics for one rule file, file names relative."""
    ws = scratch_workspace(tmp, {name: text})
    try:
        _good, diags = check_variants(ws, [name])
    except RuleErrors as errors:
        diags = errors.diagnostics
    out = []
    for d in diags:
        first = d.render().splitlines()[0]
        out.append(first.replace(str(tmp / "variants") + "/", "").replace("variants/", ""))
    return out


# A club's house rule, as a user writes it: one rule changed, a title of its own.
CLUB_RULES = """\
# My club's Zaozhuang: the lead comes back after one circle, not two.
variant club extends zaozhuang

[about]
title = "俱乐部够级"
title_en = "Club Gouji"

[flow]
lead_return_circles = 1
"""


def random_game(engine, seed: int, steps: int):
    """A game of `engine` after `steps` random legal actions (or finished, if it ends first)."""
    game = engine.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        game.apply_action(rng.choice(game.legal_actions()))
    return game
