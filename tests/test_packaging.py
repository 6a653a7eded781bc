"""Packaging: the data gouji-dsl needs (grammar, standard variants, sources,
generated engines and rulebooks) is package data of gouji_dsl, found through
importlib.resources, and nothing else is installed at the top level.

The non-editable install itself (a wheel in a fresh venv, run from an empty
folder) is tested by .ci/smoke-install, which CI runs.
"""
from __future__ import annotations

import fnmatch
import importlib
import importlib.metadata
import importlib.resources
import zipfile
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl import paths
from gouji_dsl.backends.codegen import module_name
from helpers import ROOT
from strategies import ALL_ENGINE_VARIANTS

STANDARD = {"gouji", "zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao",
            "huangjindao", "shuangkou", "shuangkou-baibian", "shuangkou-qianbian"}
DATA = ("gouji_dsl.variants", "gouji_dsl.grammar", "gouji_dsl.sources", "gouji_dsl.generated")


def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_data_is_found_through_importlib_resources():
    assert {p.stem for p in paths.variants_dir().glob("*.gouji")} >= STANDARD
    assert paths.variants_dir() == importlib.resources.files("gouji_dsl.variants")
    assert paths.grammar_path().is_file() and paths.grammar_path().parent == importlib.resources.files("gouji_dsl.grammar")
    assert "start" in paths.grammar_path().read_text(encoding="utf-8")
    assert len(list(paths.sources_dir().glob("00[0-4]_*.txt"))) == 5
    assert paths.generated_dir() == importlib.resources.files("gouji_dsl.generated")


def test_generated_engines_are_the_package_gouji_dsl_generated():
    package = importlib.import_module("gouji_dsl.generated")
    assert Path(package.__file__).parent == paths.generated_dir()
    for name in ALL_ENGINE_VARIANTS:
        module = importlib.import_module(f"gouji_dsl.generated.{module_name(name)}")
        assert Path(module.__file__) == paths.generated_dir() / f"{module_name(name)}.py"
        assert gouji_dsl.engine(name) is module
    assert {p.name for p in (paths.generated_dir() / "rulebooks").glob("zaozhuang.*")} == {
        "zaozhuang.zh.md", "zaozhuang.en.md", "zaozhuang.zh.html", "zaozhuang.en.html",
        "zaozhuang.handout.zh.md", "zaozhuang.handout.en.md", "zaozhuang.handout.zh.html", "zaozhuang.handout.en.html",
        "zaozhuang.quick.zh.md", "zaozhuang.quick.en.md", "zaozhuang.quick.zh.html", "zaozhuang.quick.en.html"}


def test_an_editable_install_reads_the_checkouts_folders():
    if Path(gouji_dsl.__file__).resolve().parent != ROOT / "gouji_dsl":
        pytest.skip("gouji_dsl is not imported from this checkout (a non-editable install)")
    # Editing variants/x.gouji in the checkout is what the tools read; `gouji build` writes generated/.
    assert paths.variants_dir().resolve() == ROOT / "variants"
    assert paths.grammar_path().resolve() == ROOT / "grammar" / "gouji.lark"
    assert paths.sources_dir().resolve() == ROOT / "sources"
    assert paths.generated_dir().resolve() == ROOT / "generated"


def test_pyproject_installs_only_gouji_dsl_with_all_its_data():
    setuptools = _pyproject()["tool"]["setuptools"]
    packages = setuptools["packages"]
    assert "generated" not in packages
    assert all(p == "gouji_dsl" or p.startswith("gouji_dsl.") for p in packages), packages
    assert set(DATA) <= set(packages)
    folders = setuptools["package-dir"]
    for package in DATA:
        folder = ROOT / folders[package]
        # setuptools' editable finder imports only folders with an __init__.py.
        assert (folder / "__init__.py").is_file(), folder
        # Every data file of the folder matches a package-data glob, so the wheel carries it.
        globs = setuptools["package-data"][package]
        data = [p.relative_to(folder).as_posix() for p in folder.rglob("*")
                if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
        assert data, folder
        missed = [f for f in data if not any(fnmatch.fnmatch(f, g) for g in globs)]
        assert not missed, (package, missed)


def test_pyproject_lists_every_subpackage_of_gouji_dsl():
    """The package list is written out (the data folders are mapped by package-dir), so a new
    subpackage must be added to it, or `pip install .` leaves it out."""
    packages = set(_pyproject()["tool"]["setuptools"]["packages"])
    code = ROOT / "gouji_dsl"
    subpackages = {".".join(("gouji_dsl",) + init.parent.relative_to(code).parts)
                   for init in code.rglob("__init__.py") if "__pycache__" not in init.parts}
    assert subpackages - packages == set()


def test_templates_are_package_data():
    setuptools = _pyproject()["tool"]["setuptools"]
    for folder in (ROOT / "gouji_dsl").rglob("templates"):
        package = ".".join(("gouji_dsl",) + folder.parent.relative_to(ROOT / "gouji_dsl").parts)
        templates = [f.name for f in folder.iterdir() if f.suffix == ".j2"]
        assert templates and all(any(fnmatch.fnmatch(f"templates/{n}", g) for g in setuptools["package-data"][package])
                                 for n in templates), package


def test_the_installed_distribution_has_one_top_level_package():
    try:
        top_level = importlib.metadata.distribution("gouji-dsl").read_text("top_level.txt")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("gouji-dsl is not installed")
    if top_level is None:
        pytest.skip("this installer wrote no top_level.txt")
    assert top_level.split() == ["gouji_dsl"]


def test_missing_or_zipped_data_fails_with_a_clear_message(tmp_path, monkeypatch):
    with pytest.raises(paths.DataNotFound, match="gouji_dsl.nowhere is not installed; reinstall gouji-dsl"):
        paths._package_dir("gouji_dsl.nowhere")
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped_gouji_data/__init__.py", "")
        z.writestr("zipped_gouji_data/x.gouji", "variant x extends zaozhuang\n")
    monkeypatch.syspath_prepend(str(archive))
    with pytest.raises(paths.DataNotFound, match="is not a folder on disk.*rather than importing it from a zip"):
        paths._package_dir("zipped_gouji_data")
