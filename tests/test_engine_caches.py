"""Caches kept per engine stay bounded: a long process that builds one house rule after another
(an editor, a soak of mutated rule files) does not keep every engine it ever built alive.

Found by the rule-file soak (issue 28 §6): its workers grew to 1.8 GB in ten minutes, every
in-memory engine kept alive by three caches keyed by one of its functions or its Rules (the lead
shapes of the flow, the observation layouts, the heuristic bot's 级牌 thresholds). Each now starts
afresh beyond `runtime.state.MOST_ENGINES` engines.
"""
from __future__ import annotations

import dataclasses
import gc
import random
import sys
import weakref
from types import ModuleType

import pytest

import gouji_dsl
from gouji_dsl import engines
from gouji_dsl.backends import codegen
from gouji_dsl.bots import heuristic
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.runtime import flow, tensor_layout
from gouji_dsl.runtime.state import MOST_ENGINES


def _exercise(engine) -> None:
    """A lead (the flow's lead shapes), an observation tensor (its layout) and a heuristic
    decision (its 级牌 thresholds) on a game of `engine`."""
    game = engine.new_game(seed=1)
    bot = heuristic.HeuristicBot(random.Random(1))
    for _ in range(8):
        if game.is_terminal():
            break
        game.apply_action(bot.act(game))
    game.observation_tensor(game.current_player() or 1)


@pytest.mark.parametrize("cache", ["lead shapes", "observation layouts", "级牌 thresholds"])
def test_a_full_cache_starts_afresh(cache):
    table = {"lead shapes": flow._LEAD_SHAPES, "observation layouts": tensor_layout._SPECS,
             "级牌 thresholds": heuristic._THRESHOLDS}[cache]
    table.clear()
    for n in range(MOST_ENGINES):  # as if that many other engines had been used
        table[(lambda: None) if cache != "observation layouts" else -n - 1] = {} if cache == "lead shapes" else None
    _exercise(gouji_dsl.engine("lianzhong"))
    assert 1 <= len(table) <= MOST_ENGINES, f"the {cache} cache holds {len(table)} entries"


def test_only_the_newest_engines_built_in_memory_are_found_by_name(tmp_path, monkeypatch):
    """An engine built in memory is in sys.modules (pickles name it) while it is among the newest
    MOST_ENGINES built; then its name is given up."""
    fake = [f"gouji_dsl._built.fake_{n}" for n in range(MOST_ENGINES)]
    monkeypatch.setattr(codegen, "_BUILT", list(fake))
    for name in fake:
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    path = tmp_path / "club.gouji"
    path.write_text('variant club extends lianzhong\n\n[about]\ntitle = "俱乐部"\n', encoding="utf-8")
    ws = Workspace()
    engine = engines.load(ws, ws.resolve_argument(str(path)))
    assert sys.modules[engine.__name__] is engine and fake[0] not in sys.modules and fake[1] in sys.modules
    assert len(codegen._BUILT) == MOST_ENGINES


@pytest.mark.slow
def test_engines_built_one_after_another_are_not_kept_alive(tmp_path):
    """More house-rule engines than the caches keep: the first ones are garbage once unused."""
    first = None
    for n in range(MOST_ENGINES + 8):
        path = tmp_path / f"club{n}.gouji"
        path.write_text(f'variant club{n} extends lianzhong\n\n[about]\ntitle = "俱乐部{n}"\n\n[flow]\n'
                        f'lead_return_circles = {1 + n % 3}\n', encoding="utf-8")
        ws = Workspace()
        engine = engines.load(ws, ws.resolve_argument(str(path)))
        _exercise(engine)
        if first is None:
            first = weakref.ref(engine)
        del engine
    gc.collect()
    assert first() is None, "the first engine is still alive"


def test_a_book_is_built_once_for_the_same_model_and_files(tmp_path, monkeypatch):
    """docs.rulebook keeps the books it built, by the model and the text of its files on disk: the
    same input gives the same book without building it again; another model, an edited file, or
    another language or kind gives a book of its own; at most MOST_DOCUMENTS are kept."""
    from gouji_dsl.docs import rulebook
    from gouji_dsl.phases import Compilation

    monkeypatch.setattr(rulebook, "_DOCUMENTS", type(rulebook._DOCUMENTS)())
    path = tmp_path / "club.gouji"
    path.write_text('variant club extends lianzhong\n\n[about]\ntitle = "俱乐部"\n', encoding="utf-8")
    ws = Workspace()
    v = Compilation(ws, ws.resolve_argument(str(path))).checked
    first = rulebook._document(v, "zh", ws, "reference")
    assert rulebook._document(v, "zh", ws, "reference") is first
    assert rulebook._document(v, "en", ws, "reference") is not first
    assert rulebook._document(v, "zh", ws, "handout") is not first
    renamed = dataclasses.replace(v, sections={**v.sections, "about": dataclasses.replace(v.about, title="别的俱乐部")})
    assert rulebook._document(renamed, "zh", ws, "reference").title.startswith("别的俱乐部")
    path.write_text(path.read_text(encoding="utf-8") + "# 改过\n", encoding="utf-8")  # the book quotes the file
    edited = rulebook._document(v, "zh", ws, "reference")
    assert edited is not first
    assert any("# 改过" in f.text for f in edited.files) and not any("# 改过" in f.text for f in first.files)
    monkeypatch.setattr(rulebook, "MOST_DOCUMENTS", 2)
    rulebook._document(v, "en", ws, "quick")
    assert len(rulebook._DOCUMENTS) == 2
