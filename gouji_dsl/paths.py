"""Where the project's folders are: grammar/, variants/, sources/, generated/.

gouji-dsl is installed in development mode from its checkout (see README), so
the folders sit beside the package. GOUJI_HOME points elsewhere when a user
keeps their own rule files in another checkout-shaped folder.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def project_root() -> Path:
    env = os.environ.get("GOUJI_HOME")
    if env:
        return Path(env).resolve()
    return PACKAGE_DIR.parent


def grammar_path() -> Path:
    return PACKAGE_DIR.parent / "grammar" / "gouji.lark"


def variants_dir() -> Path:
    return project_root() / "variants"


def sources_dir() -> Path:
    return project_root() / "sources"


def generated_dir() -> Path:
    return project_root() / "generated"
