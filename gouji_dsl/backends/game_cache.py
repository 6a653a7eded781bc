"""Specialised games kept on disk between processes.

Specialising the flow (backends/specialise) is most of the time an engine takes to build: about
half a second for each distinct set of rules. `gouji play club.gouji` run again, an editor
checking a house rule after each edit, a test run's many processes: each would specialise the
same rules again. A specialised game is decided by what it is computed from:

- the card part of the engine module without the variant's names and titles (`codegen`'s game
  key): RULES and the card functions, which the specialiser executes and reads;
- the code of gouji-dsl itself (the flow it specialises, the specialiser, the templates) and the
  Python that parses and writes it (`ast.unparse` may write differently in another version).

An entry is named by a digest of both, so an entry is never read for other rules or by other
code. It is JSON holding the key's digest again (checked on reading) and the game's four
fields; anything else (a truncated file, a foreign file, an entry over MAX_ENTRY_BYTES) is a
miss, and the game is specialised as if the entry were not there.

Where: `GOUJI_CACHE_DIR` when it is set (an empty value turns the cache off), else
`$XDG_CACHE_HOME/gouji-dsl/games`, else `~/.cache/gouji-dsl/games`. The folder is made
private (0700); a folder another user owns, or that others may write, is not used (its entries
become code that runs). Writing is atomic (a temporary file renamed), so processes sharing the
folder see an entry whole or not at all; a folder that cannot be written just keeps nothing.
At most MAX_ENTRIES entries are kept: the least recently used go first.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import TypeGuard

from gouji_dsl.backends.specialise import Specialised
from gouji_dsl.files import OutputError, write_atomic

__all__ = ["MAX_ENTRIES", "MAX_ENTRY_BYTES", "cache_folder", "code_fingerprint", "load", "store"]

FORMAT = 1
MAX_ENTRIES = 1024          # about 60 KB each
MAX_ENTRY_BYTES = 4 << 20   # a game is some tens of KB: anything far larger is not ours
PACKAGE = Path(__file__).resolve().parents[1]  # gouji_dsl/
# The shipped engines are outputs of the code, not inputs to the specialiser: a build that writes
# them must not make the entries it just stored unreadable.
NOT_CODE = ("generated",)


def cache_folder() -> Path | None:
    """The folder of the cache (made if need be), or None when it is off or not safe to use."""
    setting = os.environ.get("GOUJI_CACHE_DIR")
    if setting is not None:
        if not setting.strip():
            return None
        folder = Path(setting).expanduser()
    else:
        base = os.environ.get("XDG_CACHE_HOME", "").strip()
        folder = (Path(base) if base else Path.home() / ".cache") / "gouji-dsl" / "games"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        state = folder.stat()
    except (OSError, RuntimeError):  # RuntimeError: no home folder to be found
        return None
    owner = getattr(os, "getuid", lambda: state.st_uid)()
    if not stat.S_ISDIR(state.st_mode) or state.st_uid != owner or state.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    return folder


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A digest of the code that specialises: every Python file and template of the package
    (the shipped engines left out), and the Python version."""
    digest = hashlib.sha256(f"{sys.version_info[0]}.{sys.version_info[1]}\0".encode())
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] in NOT_CODE or path.suffix not in (".py", ".j2") or not path.is_file():
            continue
        digest.update(relative.as_posix().encode("utf-8", "surrogateescape") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _digest(game_key: str) -> str:
    return hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0{game_key}".encode("utf-8", "surrogateescape")).hexdigest()


def load(game_key: str) -> Specialised | None:
    """The game stored for `game_key` by this code, or None."""
    folder = cache_folder()
    if folder is None:
        return None
    digest = _digest(game_key)
    path = folder / f"{digest}.json"
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_ENTRY_BYTES + 1)
        if len(data) > MAX_ENTRY_BYTES:
            return None
        entry = json.loads(data.decode("ascii"))
    except (OSError, ValueError):  # absent, unreadable, not ASCII or not JSON: a miss
        return None
    game = _game_of(entry, digest)
    if game is not None:
        try:
            os.utime(path)  # used: the last to be pruned
        except OSError:
            pass
    return game


def _game_of(entry: object, digest: str) -> Specialised | None:
    if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != digest:
        return None
    imports, constants, source, variant = (entry.get(k) for k in ("imports", "constants", "source", "variant"))
    if not (_strings(imports) and _strings(constants) and isinstance(source, str) and isinstance(variant, str)):
        return None
    return Specialised(imports=tuple(imports), constants=tuple(constants), source=source, variant=variant)


def _strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def store(game_key: str, game: Specialised) -> None:
    """Keep `game` for `game_key`. Nothing is kept where the folder cannot be written."""
    folder = cache_folder()
    if folder is None:
        return
    digest = _digest(game_key)
    entry = {"format": FORMAT, "key": digest, "imports": list(game.imports), "constants": list(game.constants),
             "source": game.source, "variant": game.variant}
    data = json.dumps(entry).encode("ascii")  # escaped: any string, lone surrogates too, comes back the same
    try:
        write_atomic(folder / f"{digest}.json", data)  # whole or not at all, for the processes sharing it
        _prune(folder)
    except (OutputError, OSError):
        pass  # a full disk or a read-only folder: the game is simply not kept


def _prune(folder: Path) -> None:
    """Remove the oldest entries beyond MAX_ENTRIES (another process may be removing them too)."""
    entries = []
    for path in folder.glob("*.json"):
        try:
            entries.append((path.stat().st_mtime, path.name, path))
        except FileNotFoundError:
            continue
    for _mtime, _name, path in sorted(entries)[:max(0, len(entries) - MAX_ENTRIES)]:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
