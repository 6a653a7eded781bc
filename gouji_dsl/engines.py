"""Which engine answers for a variant: the shipped module, or one built from the user's file.

A standard variant's engine is the module shipped in `gouji_dsl.generated`
(built by `gouji build` and committed). Any other rule file (a user's house
rule, or a file that shadows a standard name) gets its engine generated in
memory from the checked model, so `gouji play club.gouji` needs no build step
and never writes into the package or the project's generated/.
"""
from __future__ import annotations

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation, has_engine


def _checked_with_engine(ws: Workspace, name: str):
    variant = Compilation(ws, name).checked  # RuleErrors: the file's own errors, reported as such
    if not has_engine(variant):
        raise UsageError(f"variant '{name}' has no engine: it is abstract or not a Gouji variant")
    return variant


def generated_engine(ws: Workspace, name: str):
    """The generated engine module of variant `name` of this workspace."""
    from gouji_dsl.backends.codegen import engine_module, load_engine

    if ws.is_standard(name):
        module = load_engine(name)
        if module is not None:
            return module
    return engine_module(_checked_with_engine(ws, name))


def reference_engine(ws: Workspace, name: str):
    """The reference interpreter of variant `name`, evaluated from its rule file."""
    from gouji_dsl.backends.reference import Reference

    return Reference(_checked_with_engine(ws, name))
