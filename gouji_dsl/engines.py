"""Engines: the one way to load one (the protocols they satisfy are `backends.api`'s).

Two kinds of engine realise a checked variant: the generated module
(`gouji build` writes it; fast) and the reference interpreter (evaluated
from the model; slow and plain, the oracle the generated engines are tested
against). Both satisfy `backends.api.EngineModule`: a variant and its games
(`Engine`), its card functions and its accounts.

A standard variant's generated engine is the module shipped in
`gouji_dsl.generated` (built by `gouji build` and committed). Any other rule
file (a user's house rule, or a file that shadows a standard name) gets its
engine generated in memory from the checked model, so `gouji play club.gouji`
needs no build step and never writes into the package or generated/.
"""
from __future__ import annotations

import hashlib

from gouji_dsl.backends.api import EngineModule
from gouji_dsl.diagnostics import UsageError
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import msg
from gouji_dsl.phases import Compilation, has_engine

__all__ = ["KINDS", "apart", "checked_with_engine", "from_model", "identity", "load"]

KINDS = ("generated", "reference")


def checked_with_engine(ws: Workspace, name: str):
    """The checked variant `name`; RuleErrors for a file with errors, UsageError for an abstract one."""
    variant = Compilation(ws, name).checked  # RuleErrors: the file's own errors, reported as such
    if not has_engine(variant):
        raise UsageError(msg("syntax.abstract_no_engine", name=name))
    return variant


def identity(ws: Workspace, variant) -> str:
    """What tells the checked `variant` (resolved in `ws`) from every other variant: a standard
    variant's name; for a user's rule file, its resolved path and a digest of the text of it and
    of every user's file it extends. Two files of one name (club.gouji in two folders), or a file
    edited since, never share an engine module, a pickle reference or a cache keyed by it."""
    if ws.is_standard(variant.name):
        return variant.name
    digest = hashlib.sha256()
    for member in variant.lineage:
        path = ws.path_of(member)
        if path is None or ws.is_standard(member):
            continue  # a standard ancestor is the package's own: its name says it
        # The digest of the text that was read and checked (the parse is cached): a file edited
        # since does not change the identity of what was checked.
        digest.update(str(path.resolve()).encode("utf-8", "surrogateescape") + b"\0"
                      + ws.parse(path).digest.encode("ascii") + b"\0")
    return f"{variant.name}@{ws.path_of(variant.name).resolve()}#{digest.hexdigest()[:16]}"


def apart(ws: Workspace) -> Workspace:
    """A workspace that sees the folders `ws` sees now, to resolve one more rule file in. A file
    given by path takes its name and puts its folder first in the workspace it is resolved in,
    so each of two files of one name (a/club.gouji, b/club.gouji) needs its own workspace: there
    its name and its siblings (what it extends) are its own. Read files' text is shared, for
    messages quoting either."""
    return Workspace(directory=ws.directory, folders=list(ws.folders), sources=ws.sources)


def from_model(variant, kind: str = "generated", identity: str = "") -> EngineModule:
    """An engine of a checked variant, built in memory (nothing is written); `identity` (see
    `identity`) names its module apart from any other variant's of the same name."""
    if kind == "reference":
        if variant.plays.shape == "patterns":
            from gouji_dsl.backends.pattern_reference import PatternReference

            return PatternReference(variant)
        from gouji_dsl.backends.reference import Reference

        return Reference(variant)
    if kind == "generated":
        from gouji_dsl.backends.codegen import engine_module

        return engine_module(variant, identity)
    raise ValueError(f"unknown engine kind {kind!r}: one of {', '.join(KINDS)}")


def load(ws: Workspace, name: str, kind: str = "generated") -> EngineModule:
    """The engine of variant `name` (already resolved in `ws`): the shipped module of a
    standard variant, else one built in memory from its checked rule file."""
    if kind == "generated" and ws.is_standard(name):
        from gouji_dsl.backends.codegen import load_engine

        module = load_engine(name)
        if module is not None:
            return module
    variant = checked_with_engine(ws, name)
    return from_model(variant, kind, identity(ws, variant))
