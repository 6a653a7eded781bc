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

Before a command does any work, every output option it was given (declared with
`OutputOption`, checked by `check_outputs`) is held to one policy: no empty path,
no folder (a path ending in a slash names one), no two outputs naming one file, and
no output naming a file the command reads (its rule files, case files, history),
however the path is spelled or linked.

Every failure (a folder, EACCES, ENOSPC, a path under /proc...) is an
`OutputError`, a usage error with a one-line message, and leaves no temporary
file behind.
"""
from __future__ import annotations

import argparse
import os
import stat
import tempfile
from collections.abc import Iterable
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
    _refuse_nul(path)
    if str(path).endswith(("/", os.sep)):  # "out/" names a folder, even one not made yet: Path() drops the slash
        raise OutputError(msg("syntax.output_is_folder", path=path),
                          msg("syntax.output_is_folder_hint", what=what, example=Path(path) / "out"))
    mode = _mode_of(path)  # None: a new file (its folders are made when it is written)
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(msg("syntax.output_is_folder", path=path),  # as written: Path drops a "./"
                          msg("syntax.output_is_folder_hint", what=what, example=Path(path) / "out"))
    return Path(path)


class OutputOption(argparse.Action):
    """A command-line option naming a file (or with `folder=True` a folder) the command writes.
    Declaring every output option this way lets the CLI hold them all to `check_outputs` before the
    command runs, so a new output option cannot slip past the policy."""

    def __init__(self, option_strings, dest, what: Message | str = msg("syntax.output_file"), folder: bool = False,
                 **kwargs):
        super().__init__(option_strings, dest, **kwargs)
        self.what = what
        self.folder = folder

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


def check_output_folder(path: Path | str, option: str) -> Path:
    """Refuse an output folder that can never be written: an empty path, or a file that is not a folder."""
    if str(path) == "":
        raise OutputError(msg("syntax.empty_output_folder", option=option), msg("syntax.empty_output_folder_hint",
                                                                                 option=option))
    _refuse_nul(path)
    mode = _mode_of(path)  # None: made when it is written
    if mode is not None and not stat.S_ISDIR(mode):
        raise OutputError(msg("syntax.output_not_folder", option=option, path=path))  # as written: Path drops "./"
    return Path(path)


def _mode_of(path: Path | str) -> int | None:
    """The mode of what `path` names, following symlinks (a link to a folder is a folder here),
    or None if nothing is there; a path that cannot be looked at (a name too long, a parent that
    is a file, a symlink loop, no permission) is refused with the system's reason."""
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _error(Path(path), exc) from None


def _refuse_nul(path: Path | str) -> None:
    """A NUL cannot be in a file name (the system would raise ValueError, not OSError); only a
    caller of main() can pass one, a shell cannot."""
    if "\0" in str(path):
        raise OutputError(msg("syntax.output_has_nul", path=repr(str(path))))


def check_outputs(outputs: Iterable[tuple[OutputOption, str]], inputs: Iterable[tuple[Path, Message]] = ()) -> None:
    """The output-path policy, before any work: each (option, path) the user gave is a writable
    file (or folder) path, no two name the same file, and none names an input: `inputs` are the
    (path, what it is: "the rule file club.gouji") of the files the command reads. The same file
    is found whatever the spelling: `./x`, an absolute path, `d/../x`, a symlink or a hard link."""
    inputs_by_identity = {}
    for path, described in inputs:
        identity = file_identity(path)
        if identity is not None and identity[0] == "file":  # an input not there (yet) holds nothing to lose
            inputs_by_identity.setdefault(identity, described)
    written: dict[tuple, tuple[OutputOption, str]] = {}
    for option, path in outputs:
        if option.folder:
            check_output_folder(path, option.option_strings[0])
            continue  # the files a command writes into its folder are named by the command, not the user
        check_output_path(path, option.what)
        identity = file_identity(path)
        if identity is None:
            continue
        if identity in inputs_by_identity:
            raise OutputError(msg("syntax.output_is_input", path=path, what=option.what,
                                  input=inputs_by_identity[identity]),
                              msg("syntax.output_is_input_hint", what=option.what))
        if identity in written:
            other, other_path = written[identity]
            raise OutputError(msg("syntax.output_twice", path=path, what=option.what, other=other.what,
                                  other_path=other_path), msg("syntax.output_twice_hint"))
        written[identity] = (option, path)


def file_identity(path: Path | str) -> tuple | None:
    """What names one file whatever the path's spelling or links: an existing regular file's device
    and inode (a symlink or hard link shares its target's), a file not made yet its real path
    (relative, `./`, `..` and symlinked folders resolved). None for what cannot be clobbered: a
    FIFO or device is written in place, so two writers lose nothing; and a path we cannot look at,
    which the writer reports."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return ("new", os.path.realpath(path))
    except (OSError, ValueError):  # a loop, a parent that is a file, a NUL in the name
        return None
    return ("file", found.st_dev, found.st_ino) if stat.S_ISREG(found.st_mode) else None


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
