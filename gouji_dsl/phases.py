"""The compiler pipeline, one cached property per stage (like Vyper's phases).

    parse (nodes.File per file in the lineage)
      -> model (model.Variant, inheritance resolved, values typed)
      -> checked (model.Variant that passed the semantic checks)
      -> warnings (what its author probably forgot; never fails the run)

Later stages (engines, rulebooks) hang further properties off the same
object, so each stage runs once however many consumers ask for it.
"""
from __future__ import annotations

from functools import cached_property

from gouji_dsl.model import schema as m
from gouji_dsl.model.builder import build
from gouji_dsl.model.registry import run_checks
from gouji_dsl.diagnostics import Diagnostic, Reporter, RuleErrors
from gouji_dsl.model.lints import run_lints
from gouji_dsl.lang.loader import Workspace


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
    def _checked(self) -> tuple[m.Variant, list[Diagnostic]]:
        variant, built = self._built
        rep = Reporter()
        rep.extend(built.diagnostics)
        rep.extend(run_checks(variant).diagnostics)
        rep.raise_if_failed()
        # Lints read a model the checks passed, so they can trust its values.
        rep.extend(run_lints(variant).diagnostics)
        return variant, rep.warnings

    @cached_property
    def checked(self) -> m.Variant:
        """The model after the semantic checks; raises with every error found."""
        return self._checked[0]

    @cached_property
    def warnings(self) -> list[Diagnostic]:
        """The warnings of a variant that checks (raises like `checked` if it does not)."""
        return self._checked[1]


def check_variants(ws: Workspace, names: list[str],
                   warnings: list[Diagnostic] | None = None) -> tuple[dict[str, m.Variant], list]:
    """Check each variant; return the good models and every error, deduplicated.

    The warnings of the good ones are appended to `warnings`, if given, deduplicated."""
    good: dict[str, m.Variant] = {}
    diagnostics = []
    seen = set()
    for name in names:
        try:
            compilation = Compilation(ws, name)
            good[name] = compilation.checked
            if warnings is not None:
                for diag in compilation.warnings:
                    if diag.key() not in seen:
                        seen.add(diag.key())
                        warnings.append(diag)
        except RuleErrors as errors:
            for diag in errors.diagnostics:
                if diag.key() not in seen:
                    seen.add(diag.key())
                    diagnostics.append(diag)
    return good, diagnostics


def has_engine(variant: m.Variant) -> bool:
    """Concrete variants get a generated engine (Gouji's one-rank plays, Shuangkou's patterns)."""
    return not variant.abstract


def engine_variants(ws: Workspace, names: list[str]) -> tuple[dict[str, m.Variant], list]:
    """The checked variants among `names` that have engines, and every diagnostic found."""
    good, diagnostics = check_variants(ws, names)
    return {name: v for name, v in good.items() if has_engine(v)}, diagnostics
