"""Finding and reading rule files: variant names -> parsed files, cached per run."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import nodes as n
from .diagnostics import Diagnostic, Pos, RuleErrors, SourceCache, UsageError, did_you_mean
from .parser import decode, parse_text
from .paths import variants_dir

EXTENSION = ".gouji"


@dataclass
class Workspace:
    """The rule files of one run: a variants folder plus any files named on the command line."""

    directory: Path = field(default_factory=variants_dir)
    sources: SourceCache = field(default_factory=SourceCache)
    _parsed: dict[Path, n.File | RuleErrors] = field(default_factory=dict)
    _extra: dict[str, Path] = field(default_factory=dict)

    def names(self) -> list[str]:
        found = {p.stem: p for p in sorted(self.directory.glob(f"*{EXTENSION}"))} if self.directory.is_dir() else {}
        return sorted(set(found) | set(self._extra))

    def path_of(self, name: str) -> Path | None:
        if name in self._extra:
            return self._extra[name]
        path = self.directory / f"{name}{EXTENSION}"
        return path if path.is_file() else None

    def display(self, path: Path) -> str:
        try:
            return str(path.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def add_file(self, path: Path) -> str:
        """Register a rule file given by path; its variant name is its header's."""
        tree = self.parse(path)
        name = tree.header.name.id
        self._extra[name] = path
        return name

    def resolve_argument(self, arg: str) -> str:
        """A command-line argument: a variant name or a path to a rule file."""
        path = Path(arg)
        if arg.endswith(EXTENSION) or path.is_file():
            if not path.is_file():
                raise UsageError(f"no such rule file: {arg}")
            return self.add_file(path)
        if self.path_of(arg) is None:
            raise UsageError(f"unknown variant '{arg}'", did_you_mean(arg, self.names()) or
                             f"known variants: {', '.join(self.names()) or '(none)'}")
        return arg

    def parse(self, path: Path) -> n.File:
        key = path.resolve()
        if key not in self._parsed:
            display = self.display(path)
            try:
                text = decode(path.read_bytes(), display)
                self.sources.add(display, text)
                self._parsed[key] = parse_text(text, display)
            except RuleErrors as errors:
                self._parsed[key] = errors
            except OSError as exc:
                self._parsed[key] = RuleErrors([Diagnostic(Pos(display, 0, 0), f"cannot read file: {exc.strerror}")])
        result = self._parsed[key]
        if isinstance(result, RuleErrors):
            raise result
        return result

    def parse_variant(self, name: str) -> n.File:
        path = self.path_of(name)
        if path is None:  # callers check first; this is a bug if reached
            raise UsageError(f"unknown variant '{name}'")
        return self.parse(path)
