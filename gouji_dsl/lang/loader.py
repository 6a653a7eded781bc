"""Finding and reading rule files: variant names -> parsed files, cached per run.

A variant is named either by a path to a `.gouji` file or by its name. Names
are looked up, first match wins, in:

1. the files named on the command line (registered by their header's name),
   and the folders of those files (so a house rule may extend a sibling);
2. the user's folders: each `--path DIR`, then each folder of the
   environment variable GOUJI_PATH (separated like PATH), then the current
   folder;
3. the variants shipped with the package: the standard variants
   (`gouji_dsl/variants`), then the variants of other Gouji engines written as
   rule files (`gouji_dsl/variants/peers`, e.g. `lamb-cn`).

A user's file may not take a standard variant's name (the builder reports
it), so a house rule can never stand in for the standard library's engine or
rulebooks.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from gouji_dsl.lang import nodes as n
from gouji_dsl.diagnostics import Diagnostic, Pos, RuleErrors, SourceCache, UsageError, did_you_mean
from gouji_dsl.lang.parser import MAX_FILE_BYTES, decode, normalise_line_breaks, parse_text
from gouji_dsl.messages import msg
from gouji_dsl.paths import variants_dir

EXTENSION = ".gouji"
PATH_VARIABLE = "GOUJI_PATH"
PEERS = "peers"  # the shipped subfolder of other engines' variants
# What the system takes before it answers ENAMETOOLONG (Linux, and below macOS's and
# Windows' own limits): a longer argument is refused by us, with its name, not by an OSError.
NAME_MAX_BYTES = 255    # one file or folder name
PATH_MAX_BYTES = 4096   # a whole path
SHOWN_NAME_CHARS = 40   # of an over-long name quoted in a message


class FileTooLarge(Exception):
    """A file over the size cap of what it is read as; `size` is what stat or reading found."""

    def __init__(self, size: int, limit: int):
        super().__init__(size, limit)
        self.size = size
        self.limit = limit


def read_capped(path: Path, limit: int) -> bytes:
    """The bytes of `path`, refused with FileTooLarge when over `limit` bytes: the size is
    asked of the file first and at most `limit + 1` bytes are ever read, so a huge file (or
    a device that never ends, /dev/zero) costs nothing. OSError as open and read give it."""
    with open(path, "rb") as file:
        size = os.fstat(file.fileno()).st_size
        if size > limit:
            raise FileTooLarge(size, limit)
        data = file.read(limit + 1)  # a pipe or device has no size to stat
    if len(data) > limit:
        raise FileTooLarge(len(data), limit)
    return data


def shown_name(name: str) -> str:
    """`name` as a message quotes it: an over-long one cut, so the message stays readable."""
    return name if len(name) <= SHOWN_NAME_CHARS else name[:SHOWN_NAME_CHARS] + "…"


def check_file_name(name: str) -> None:
    """A variant name or path from the user, before it becomes a filesystem lookup: a
    UsageError naming it when no file could have that name (too long for the system, a NUL,
    characters the file system cannot encode), never the OSError or ValueError of os.stat."""
    try:
        encoded = os.fsencode(name)
    except UnicodeError:
        shown = shown_name(name.encode("utf-8", "replace").decode("utf-8"))
        raise UsageError(msg("syntax.name_not_encodable", name=shown)) from None
    if b"\x00" in encoded:
        raise UsageError(msg("syntax.name_has_nul", name=shown_name(name.replace("\x00", "\\0"))))
    longest = max(len(part) for part in encoded.split(os.fsencode(os.sep)))
    if longest > NAME_MAX_BYTES:
        raise UsageError(msg("syntax.name_too_long", name=shown_name(name), size=longest, limit=NAME_MAX_BYTES))
    if len(encoded) > PATH_MAX_BYTES:
        raise UsageError(msg("syntax.path_too_long", name=shown_name(name), size=len(encoded), limit=PATH_MAX_BYTES))


def read_rule_text(path: Path, display: str) -> str:
    """A rule file's text, its size capped before it is read (RuleErrors, located at the
    file, for one over MAX_FILE_BYTES, or not UTF-8...); OSError as reading gives it."""
    try:
        data = read_capped(path, MAX_FILE_BYTES)
    except FileTooLarge as big:
        raise RuleErrors([Diagnostic(Pos(display, 1, 1), msg("syntax.file_too_large", size=big.size, limit=big.limit))]) from None
    return decode(data, display)


def is_file(path: Path) -> bool:
    """Path.is_file, False for a path no file can have (too long, a NUL) rather than an error."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False

# The Chinese names the standard variants answer to (`gouji play 联众`, `extends 枣庄`): what a
# Shandong player calls each, its title with 够级 left out where the title has it; the full
# titles answer too. A user's file may not take one of these names.
CHINESE_NAMES = {
    "够级": "gouji",
    "联众": "lianzhong", "联众够级": "lianzhong",
    "联众不憋三": "lianzhong-bubiesan", "联众够级不憋三": "lianzhong-bubiesan",
    "枣庄": "zaozhuang", "枣庄六副够级": "zaozhuang", "枣庄够级": "zaozhuang",
    "枣庄海选": "zaozhuang-haixuan", "枣庄六副够级海选房间": "zaozhuang-haixuan",
    "青岛": "qingdao", "青岛够级": "qingdao",
    "黄金岛": "huangjindao", "黄金岛够级": "huangjindao",
    "双扣": "shuangkou",
    "百变双扣": "shuangkou-baibian", "百变": "shuangkou-baibian",
    "千变双扣": "shuangkou-qianbian", "千变": "shuangkou-qianbian",
}


def user_folders(paths: list[str] | tuple[str, ...] = (), environ=os.environ, cwd: Path | None = None) -> list[Path]:
    """The user's search folders: --path options, then GOUJI_PATH, then the current folder."""
    folders = [Path(p) for p in paths]
    folders += [Path(p) for p in environ.get(PATH_VARIABLE, "").split(os.pathsep) if p]
    folders.append(cwd or Path.cwd())
    return folders


def rule_files(folder: Path) -> list[Path]:
    """The rule files directly in `folder`, sorted; none if it is not a folder."""
    try:  # a GOUJI_PATH entry too long for the system, or holding a NUL, is no folder, as a missing one
        if not folder.is_dir():
            return []
        return sorted(path for path in folder.glob(f"*{EXTENSION}") if is_file(path))
    except (OSError, ValueError):
        return []


@dataclass
class Workspace:
    """The rule files of one run: the standard variants, the user's folders,
    and any files named on the command line."""

    directory: Path = field(default_factory=variants_dir)  # the standard variants
    folders: list[Path] = field(default_factory=list)  # the user's folders, searched first
    sources: SourceCache = field(default_factory=SourceCache)
    _parsed: dict[Path, n.File | RuleErrors] = field(default_factory=dict)
    _extra: dict[str, Path] = field(default_factory=dict)
    _found: dict[str, Path] | None = None

    @classmethod
    def for_user(cls, paths: list[str] | tuple[str, ...] = ()) -> "Workspace":
        """The workspace a user's command sees: their folders, then the standard variants."""
        for p in paths:
            check_file_name(p)
            if not Path(p).is_dir():
                raise UsageError(msg("syntax.no_such_path_folder", path=p))
        return cls(folders=user_folders(paths))

    # --- finding files ------------------------------------------------------------

    def shipped_folders(self) -> list[Path]:
        """The folders of the variants shipped with the package: the standard ones, then the peers'."""
        return [self.directory, self.directory / PEERS]

    def _files(self) -> dict[str, Path]:
        """Every rule file found by name: user folders first, then the shipped variants."""
        if self._found is None:
            found: dict[str, Path] = {}
            for folder in [*self.folders, *self.shipped_folders()]:
                for path in rule_files(folder):
                    found.setdefault(path.stem, path)
            self._found = found
        return self._found

    def user_files(self) -> list[Path]:
        """Every rule file of the user's folders (not the standard variants), each once."""
        return sorted({path.resolve(): path for folder in self.folders for path in rule_files(folder)}.values())

    def names(self) -> list[str]:
        return sorted(set(self._files()) | set(self._extra))

    def path_of(self, name: str) -> Path | None:
        return self._extra.get(name) or self._files().get(name)

    def canonical(self, name: str) -> str:
        """`name`, or the standard variant a Chinese name of CHINESE_NAMES stands for."""
        standard = CHINESE_NAMES.get(name)
        return standard if standard is not None and self.path_of(name) is None else name

    def is_standard(self, name: str) -> bool:
        """Is `name` a variant shipped with gouji-dsl (not a user's file)? Its engine and
        rulebooks are built into the package."""
        path = self.path_of(name)
        return path is not None and path.resolve().parent in {f.resolve() for f in self.shipped_folders()}

    def shadows_standard(self, name: str) -> bool:
        """Is `name` a user's file that takes the name of a shipped variant? That is an
        error: its engine and rulebooks would stand in for the shipped ones."""
        path = self.path_of(name)
        if path is not None and name in CHINESE_NAMES and not self.is_standard(name):
            return True  # 联众.gouji of a user's would stand for lianzhong wherever it is named
        shipped = [f / f"{name}{EXTENSION}" for f in self.shipped_folders()]
        return path is not None and any(is_file(s) and path.resolve() != s.resolve() for s in shipped)

    def display(self, path: Path) -> str:
        """How a rule file is named in messages, models and generated files.

        Standard variants are `variants/NAME.gouji` wherever the package is
        installed, so output is the same on every machine; a user's file is
        relative to the current folder when it is below it."""
        resolved = path.resolve()
        if resolved.parent == self.directory.resolve():
            return f"variants/{path.name}"
        if resolved.parent == (self.directory / PEERS).resolve():
            return f"variants/{PEERS}/{path.name}"
        try:
            return str(resolved.relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(path)

    def add_file(self, path: Path) -> str:
        """Register a rule file given by path; its variant name is its header's.
        Its folder is searched first, so it may extend a sibling file."""
        tree = self.parse(path)
        name = tree.header.name.id
        self._extra[name] = path
        self.add_folder(path.parent)
        return name

    def add_folder(self, folder: Path) -> None:
        """Search `folder` first from now on (a house rule's siblings, a history's rule file)."""
        if all(folder.resolve() != f.resolve() for f in self.folders):
            self.folders.insert(0, folder)
            self._found = None

    def resolve_argument(self, arg: str) -> str:
        """A command-line argument: a variant name or a path to a rule file."""
        path = Path(arg)
        if arg.endswith(EXTENSION) or os.sep in arg or is_file(path):
            if not is_file(path):
                check_file_name(arg)  # no file can have that name: say why
                raise UsageError(msg("cli.no_such_rule_file", file=arg))
            return self.add_file(path)
        name = self.canonical(arg)
        if self.path_of(name) is None:
            check_file_name(arg)
            raise UsageError(msg("syntax.unknown_variant", name=arg),
                             did_you_mean(arg, self.names() + list(CHINESE_NAMES)) or
                             (msg("syntax.known_variants", names=", ".join(self.names())) if self.names()
                              else msg("syntax.no_known_variants")))
        return name

    # --- reading files ------------------------------------------------------------

    def parse(self, path: Path) -> n.File:
        key = path.resolve()
        if key not in self._parsed:
            display = self.display(path)
            try:
                text = read_rule_text(path, display)
                # A file of the installed package: messages cite it by the variant's name, since
                # the reader has no such path (a test's own "standard" folder keeps its paths).
                shipped = path.resolve().parent in {variants_dir().resolve(), (variants_dir() / PEERS).resolve()}
                self.sources.add(display, normalise_line_breaks(text), standard=path.stem if shipped else None)
                self._parsed[key] = parse_text(text, display)
            except RuleErrors as errors:
                self._parsed[key] = errors
            except OSError as exc:
                self._parsed[key] = RuleErrors([Diagnostic(Pos(display, 0, 0), msg("syntax.cannot_read_file", reason=exc.strerror))])
        result = self._parsed[key]
        if isinstance(result, RuleErrors):
            raise result
        return result

    def parse_variant(self, name: str) -> n.File:
        path = self.path_of(name)
        if path is None:  # callers check first; this is a bug if reached
            raise UsageError(msg("syntax.unknown_variant", name=name))
        return self.parse(path)
