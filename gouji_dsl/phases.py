"""The compiler pipeline, one cached property per stage (like Vyper's phases).

    parse (nodes.File per file in the lineage)
      -> model (model.Variant, inheritance resolved, values typed)
      -> checked (model.Variant that passed the semantic checks)

Later stages (engines, rulebooks) hang further properties off the same
object, so each stage runs once however many consumers ask for it.
"""
from __future__ import annotations

from functools import cached_property

from . import model as m
from .builder import build
from .checks import run_checks
from .diagnostics import Reporter, RuleErrors
from .loader import Workspace


class Compilation:
    def __init__(self, workspace: Workspace, name: str):
        self.workspace = workspace
        self.name = name

    @cached_property
    def _built(self) -> tuple[m.Variant, Reporter]:
        rep = Reporter()
        return build(self.workspace, self.name, rep), rep

    @cached_property
    def model(self) -> m.Variant:
        """The rule model, inheritance resolved; raises if any rule is malformed."""
        variant, rep = self._built
        rep.raise_if_failed()
        return variant

    @cached_property
    def checked(self) -> m.Variant:
        """The model after the semantic checks; raises with every error found."""
        variant, built = self._built
        rep = Reporter()
        rep.extend(built.diagnostics)
        rep.extend(run_checks(variant).diagnostics)
        rep.raise_if_failed()
        return variant


def check_variants(ws: Workspace, names: list[str]) -> tuple[dict[str, m.Variant], list]:
    """Check each variant; return the good models and every diagnostic, deduplicated."""
    good: dict[str, m.Variant] = {}
    diagnostics = []
    seen = set()
    for name in names:
        try:
            good[name] = Compilation(ws, name).checked
        except RuleErrors as errors:
            for diag in errors.diagnostics:
                if diag.key() not in seen:
                    seen.add(diag.key())
                    diagnostics.append(diag)
    return good, diagnostics


def has_engine(variant: m.Variant) -> bool:
    """Concrete Gouji variants get a generated engine; abstract ones and other games do not (yet)."""
    return not variant.abstract and variant.game == "gouji"


def engine_variants(ws: Workspace, names: list[str]) -> tuple[dict[str, m.Variant], list]:
    """The checked variants among `names` that have engines, and every diagnostic found."""
    good, diagnostics = check_variants(ws, names)
    return {name: v for name, v in good.items() if has_engine(v)}, diagnostics
