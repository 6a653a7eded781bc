"""Engines: the one protocol every engine satisfies, and the one way to load one.

Two kinds of engine realise a checked variant: the generated module
(`gouji build` writes it; fast) and the reference interpreter (evaluated
from the model; slow and plain, the oracle the generated engines are tested
against). Both satisfy `Engine`.

A standard variant's generated engine is the module shipped in
`gouji_dsl.generated` (built by `gouji build` and committed). Any other rule
file (a user's house rule, or a file that shadows a standard name) gets its
engine generated in memory from the checked model, so `gouji play club.gouji`
needs no build step and never writes into the package or generated/.
"""
from __future__ import annotations

from gouji_dsl.backends.api import Engine
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.phases import Compilation, has_engine

__all__ = ["Engine", "KINDS", "checked_with_engine", "from_model", "load"]

KINDS = ("generated", "reference")


def checked_with_engine(ws: Workspace, name: str):
    """The checked variant `name`; RuleErrors for a file with errors, UsageError for an abstract one."""
    variant = Compilation(ws, name).checked  # RuleErrors: the file's own errors, reported as such
    if not has_engine(variant):
        raise UsageError(msg("syntax.abstract_no_engine", name=name))
    return variant


def from_model(variant, kind: str = "generated") -> Engine:
    """An engine of a checked variant, built in memory (nothing is written)."""
    if kind == "reference":
        if variant.plays.shape == "patterns":
            from gouji_dsl.backends.pattern_reference import PatternReference

            return PatternReference(variant)
        from gouji_dsl.backends.reference import Reference

        return Reference(variant)
    if kind == "generated":
        from gouji_dsl.backends.codegen import engine_module

        return engine_module(variant)
    raise ValueError(f"unknown engine kind {kind!r}: one of {', '.join(KINDS)}")


def load(ws: Workspace, name: str, kind: str = "generated") -> Engine:
    """The engine of variant `name` (already resolved in `ws`): the shipped module of a
    standard variant, else one built in memory from its checked rule file."""
    if kind == "generated" and ws.is_standard(name):
        from gouji_dsl.backends.codegen import load_engine

        module = load_engine(name)
        if module is not None:
            return module
    return from_model(checked_with_engine(ws, name), kind)
