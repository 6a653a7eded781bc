"""The house-rule cookbook (docs/cookbook.md, docs/cookbook.zh.md) is true: every rule file in
it checks with no error and no warning, as a user runs it (`gouji check club.gouji` in a folder
of their own); it changes exactly the rules it states ([about] aside) from Lianzhong; the
Chinese cookbook's file at the same place means the same rules; and the house-rule sheet of
one of them prints."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gouji_dsl.cli import main
from gouji_dsl.diff.compare import diff_models
from gouji_dsl.docs.show import to_json
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation, check_variants

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```gouji\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _files(name: str) -> list[str]:
    return BLOCK.findall((DOCS / name).read_text(encoding="utf-8"))


EN, ZH = _files("cookbook.md"), _files("cookbook.zh.md")


def test_both_cookbooks_hold_the_same_recipes():
    assert len(EN) == len(ZH) >= 15
    headings = [re.findall(r"^## (\d+)\. ", (DOCS / name).read_text(encoding="utf-8"), re.MULTILINE)
                for name in ("cookbook.md", "cookbook.zh.md")]
    assert headings[0] == headings[1] == [str(i) for i in range(1, len(EN) + 1)]


def _model(tmp_path: Path, text: str):
    """The checked model of `text` saved as club.gouji, and every diagnostic of the check."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "club.gouji").write_text(text, encoding="utf-8")
    ws = Workspace.for_user([str(tmp_path)])
    warnings: list = []
    good, errors = check_variants(ws, ["club"], warnings)
    assert list(good) == ["club"], [d.render() for d in errors]
    return good["club"], errors + warnings


def _stated(model) -> set[str]:
    """The rules the file itself states ([about] aside), as section.rule."""
    return {path.split("[", 1)[0] for path, origin in model.origins.items()
            if origin.variant == "club" and path != "variant" and not path.startswith("about.")}


@pytest.mark.parametrize("index", range(len(EN)), ids=[f"recipe {i + 1}" for i in range(len(EN))])
def test_each_recipe_checks_cleanly_and_changes_what_it_states(tmp_path, index):
    parent = Compilation(Workspace(), "lianzhong").checked
    models = []
    for lang, text in (("en", EN[index]), ("zh", ZH[index])):
        model, diagnostics = _model(tmp_path / lang, text)
        assert diagnostics == [], [d.render() for d in diagnostics]  # no warning either
        changed = {f"{d.section}.{d.field}" for d in diff_models(parent, model) if d.section != "about"}
        assert changed == _stated(model), f"recipe {index + 1} ({lang}) changes {changed}, states {_stated(model)}"
        models.append(to_json(model))
    for data in models:  # the same rules whichever language names them; lines and titles may differ
        data["origins"] = {path: {**o, "line": None} for path, o in data["origins"].items()}
        data["sections"]["about"] = {k: v for k, v in data["sections"]["about"].items() if not k.startswith("title")}
    assert models[0] == models[1]


def test_a_recipe_prints_its_house_rule_sheet(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.gouji").write_text(ZH[0], encoding="utf-8")
    assert main(["doc", "club.gouji", "--changes", "--lang", "zh"]) == 0
    sheet = capsys.readouterr().out
    assert sheet.startswith("# 我们俱乐部的够级：与联众够级不同的规则") and "**让两圈**" in sheet
