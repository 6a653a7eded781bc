"""Writing output files: a reader sees the old file or the new one, never half,
and what the user named is written, never clobbered.

- a regular file (or a new one) is replaced atomically: the text goes to a
  temporary file beside it, which is then renamed over it;
- a symbolic link is written through: its target is what gets written (and
  replaced atomically if it is a regular file), the link itself stays;
- a FIFO, a device (`/dev/null`, `/dev/stdout`) or any other file that is not
  regular is opened and written in place: renaming over it would replace the
  device node or pipe with an ordinary file;
- a folder, or an empty path, is refused.

Every failure (a folder, EACCES, ENOSPC, a path under /proc...) is an
`OutputError`, a usage error with a one-line message, and leaves no temporary
file behind.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.messages import Message, msg


class OutputError(UsageError):
    """An output file cannot be written where the user asked (exit 2)."""


def check_output_path(path: Path | str, what: Message | str = msg("syntax.output_file")) -> Path:
    """Refuse, before any work is done, an output path that can never be written:
    an empty one or a folder (one that exists, or one written with a final slash). Returns it
    as a Path."""
    if str(path) == "":
        raise OutputError(msg("syntax.empty_output_path", what=what), msg("syntax.empty_output_path_hint"))
    if str(path).endswith(("/", os.sep)):  # "out/" names a folder, even one not made yet: Path() drops the slash
        raise OutputError(msg("syntax.output_is_folder", path=path),
                          msg("syntax.output_is_folder_hint", what=what, example=Path(path) / "out"))
    path = Path(path)
    try:
        mode = os.stat(path).st_mode  # follows symlinks: a link to a folder is a folder here
    except FileNotFoundError:
        return path  # a new file (its folders are made when it is written)
    except OSError as exc:  # a symlink loop, a parent that is a file, no permission to look
        raise _error(path, exc) from None
    if stat.S_ISDIR(mode):
        raise OutputError(msg("syntax.output_is_folder", path=path),
                          msg("syntax.output_is_folder_hint", what=what, example=path / "out"))
    return path


def write_atomic(path: Path | str, text: str | bytes) -> None:
    """Write `text` (UTF-8, `\\n` line ends; bytes as given) to `path` as described in the module docstring."""
    path = check_output_path(path)
    data = text if isinstance(text, bytes) else text.encode("utf-8")  # before anything is touched: an encoding error changes nothing
    try:
        mode = os.stat(path).st_mode  # through any links, as open() goes
    except FileNotFoundError:
        mode = None  # a new file (or a dangling link's target)
    except OSError as exc:
        raise _error(path, exc) from None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        # A FIFO or device, opened by the path given: /dev/stdout into a pipe is a link to
        # "pipe:[...]", which no real path names (realpath below would make one up).
        _write_in_place(path, path, data)
        return
    target = Path(os.path.realpath(path))  # write through symlinks; the link stays a link
    if mode is None or stat.S_ISREG(mode):
        _replace(path, target, data, None if mode is None else stat.S_IMODE(mode))
    elif stat.S_ISDIR(mode):
        raise OutputError(msg("syntax.output_is_folder", path=path))
    else:
        _write_in_place(path, target, data)


def _replace(shown: Path, target: Path, data: bytes, keep_mode: int | None) -> None:
    """Write `data` to a temporary file beside `target` and rename it over `target`."""
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # mkstemp makes 0600: an existing file keeps its mode, a new one is an ordinary file
        os.chmod(tmp, keep_mode if keep_mode is not None else 0o666 & ~_umask())
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise _error(shown, exc) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _write_in_place(shown: Path, target: Path, data: bytes) -> None:
    """A FIFO or device: open it and write, as a shell's `>` would (no create, no rename)."""
    try:
        with open(target, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise _error(shown, exc) from None


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _error(path: Path, exc: OSError) -> OutputError:
    """One line: the path the user gave and the system's reason (a parent folder
    that failed is named; our temporary file is not, it no longer exists)."""
    reason = exc.strerror or str(exc)
    name = str(exc.filename or "")
    if name and name != str(path) and not name.endswith(".tmp"):
        return OutputError(msg("syntax.cannot_write_in", path=path, reason=reason, name=name))
    return OutputError(msg("syntax.cannot_write", path=path, reason=reason))
