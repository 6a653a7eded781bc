"""Where gouji-dsl's data is: the grammar, the standard variants, the source
documents and the generated engines.

They are package data, the subpackages gouji_dsl.grammar, .variants, .sources
and .generated, found through importlib.resources. pyproject.toml maps them to
the checkout's top-level folders (grammar/, variants/, ...): in an editable
install (`pip install -e .`) these functions return the checkout's folders, so
editing variants/x.gouji changes what the tools read; in a normal install they
return the folders inside the installed package.

The rest of gouji-dsl reads and writes these as ordinary files (globbing
variants, `gouji build` writing generated/), so they must be real folders: a
zip import is refused with a clear message rather than half-working.
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path


class DataNotFound(RuntimeError):
    """gouji-dsl's own data is missing: a broken or unsupported installation, not the user's fault."""


@functools.lru_cache(maxsize=None)
def _package_dir(package: str) -> Path:
    """The folder of one of gouji-dsl's data packages, as a real filesystem path."""
    try:
        root = resources.files(package)
    except ModuleNotFoundError as exc:
        raise DataNotFound(f"gouji-dsl's data package {package} is not installed; reinstall gouji-dsl "
                           "(in a checkout: python3 -m pip install -e .)") from exc
    # files() gives a pathlib.Path for a package on disk, and another Traversable
    # (a zipfile.Path, say) for a package inside an archive.
    if not isinstance(root, Path) or not root.is_dir():
        raise DataNotFound(f"gouji-dsl's data package {package} is not a folder on disk ({root}); "
                           "install gouji-dsl with pip rather than importing it from a zip file")
    return root


def grammar_path() -> Path:
    """The Lark grammar of the rule language."""
    return _package_dir("gouji_dsl.grammar") / "gouji.lark"


def variants_dir() -> Path:
    """The standard variants shipped with the package (`*.gouji`)."""
    return _package_dir("gouji_dsl.variants")


def sources_dir() -> Path:
    """The source documents that citations such as `@000:L15` point into."""
    return _package_dir("gouji_dsl.sources")


def generated_dir() -> Path:
    """The package's generated engines and rulebooks: where `gouji build` writes.

    In an editable install this is the checkout's generated/ folder."""
    return _package_dir("gouji_dsl.generated")
