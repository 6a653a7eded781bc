"""A checked variant: its sections and where each rule was written (below the rules, which
read it in their checks and sentences; the schema, above them, lists the sections).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from gouji_dsl.diagnostics import Pos
from gouji_dsl.model.fields import Section


@dataclass(frozen=True)
class Origin:
    """Where a rule was written: file position, and the sources it cites."""

    pos: Pos
    variant: str
    cites: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    name: str
    parent: str | None
    abstract: bool
    file: str
    lineage: tuple[str, ...]  # self first, then ancestors
    sections: Mapping[str, Section]
    origins: Mapping[str, Origin]
    # Every citation written in the lineage's files, for checking.
    citations: tuple = ()
    # The rule file of each variant in the lineage, as messages and rulebooks name it
    # (`variants/zaozhuang.gouji` for a standard variant, `club.gouji` for a user's).
    files: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Each section as an attribute of its own (`v.table`), found without __getattr__: the
        # reference interpreter and the books read the model millions of times a run.
        for name, section in self.sections.items():
            if name not in self.__dict__ and not hasattr(type(self), name):
                object.__setattr__(self, name, section)

    def file_of(self, variant: str) -> str:
        return self.files.get(variant, f"variants/{variant}.gouji")

    def __getattr__(self, item: str) -> Any:
        # At run time __post_init__ has set every section as an attribute, so this is rarely
        # reached; it tells the type checker that a section is an attribute (`v.table`: Any).
        sections = self.__dict__.get("sections")
        if sections is not None and item in sections:
            return sections[item]
        raise AttributeError(item)

    @property
    def game(self) -> str:
        return self.sections["about"].game

    def origin(self, path: str) -> Origin | None:
        return self.origins.get(path)
