"""The `gouji diff` command. Exit status follows diff(1): 0 identical, 1 different, 2 error."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Iterable

from gouji_dsl.diagnostics import RuleErrors, UsageError, render_report
from gouji_dsl.diff.cases import write_cases
from gouji_dsl.diff.compare import diff_models
from gouji_dsl.diff.matrix import family_order, matrix_differs, render_matrix
from gouji_dsl.diff.render import render_diff
from gouji_dsl.diff.search import GAME_NAMES, counterexamples, searchable
from gouji_dsl.diff.values import LANGS
from gouji_dsl.engines import apart, identity
from gouji_dsl.files import OutputOption
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import Message, Named, current, msg, text
from gouji_dsl.phases import Compilation


EXIT_SAME, EXIT_DIFFERENT, EXIT_ERROR = 0, 1, 2


def register(subparsers) -> argparse.ArgumentParser:
    """Add `gouji diff` to the CLI's subparsers."""
    p = subparsers.add_parser("diff", help=text("commands.diff.help"), description=text("commands.diff.description"))
    p.add_argument("variants", nargs="*", metavar="VARIANT|FILE", help=text("commands.diff.help_variants"))
    p.add_argument("--matrix", action="store_true", help=text("commands.diff.help_matrix"))
    p.add_argument("--lang", choices=LANGS, default=None, help=text("commands.diff.help_lang"))
    p.add_argument("--format", dest="fmt", choices=("text", "md", "json", "html"), default=None,
                   help=text("commands.diff.help_format"))
    p.add_argument("--emit-cases", metavar="FILE", action=OutputOption, what=msg("commands.diff.case_file"),
                   help=text("commands.diff.help_emit_cases"))
    p.add_argument("--no-examples", action="store_true", help=text("commands.diff.help_no_examples"))
    p.set_defaults(run=handler)
    return p


def _report_errors(ws: Workspace, errors: RuleErrors) -> None:
    for shown in render_report(errors.diagnostics, ws.sources):  # the first 100, then a count of the rest
        print(shown, file=sys.stderr)
    print(text("cli.errors", count=len(errors.diagnostics)), file=sys.stderr)


def _case_refs(sides: Iterable[tuple[str, Workspace, str]], case_file: Path) -> dict[str, str]:
    """A user's variants (label, workspace, name) by their rule files, relative to the case file's folder."""
    folder = case_file.resolve().parent
    return {label: os.path.relpath(ws.path_of(name).resolve(), folder)
            for label, ws, name in sides if not ws.is_standard(name)}


def _resolved(ws: Workspace, arguments: list[str]) -> list[tuple[Workspace, str]]:
    """Each argument's (workspace, variant name): each in a workspace of its own (engines.apart),
    so two files of one name (a/club.gouji, b/club.gouji) are each compared as themselves."""
    spaces = [ws] + [apart(ws) for _ in arguments[1:]]  # made before any file takes its name in ws
    return [(space, space.resolve_argument(arg)) for space, arg in zip(spaces, arguments)]


def _labels(sides: list[tuple[Workspace, str]], models) -> tuple[str, str]:
    """How the examples name the two variants: by name, or by rule file when two files share one."""
    (ws_a, name_a), (ws_b, name_b) = sides
    if name_a != name_b or identity(ws_a, models[0]) == identity(ws_b, models[1]):
        return name_a, name_b
    return ws_a.display(ws_a.path_of(name_a)), ws_b.display(ws_b.path_of(name_b))


def _two_concrete(a, b) -> Message:
    """What --emit-cases needs, said for the pair's game: "two concrete Gouji variants"."""
    if a.game != b.game:
        return msg("commands.diff.two_concrete_of_one_game")
    zh, en = GAME_NAMES.get(a.game, (a.game, a.game))
    return msg("commands.diff.two_concrete_of", game=Named(en=en, zh=zh))


def handler(args, ws: Workspace) -> int:
    fmt = args.fmt
    args.lang = args.lang or current()
    try:
        if args.matrix:
            if args.emit_cases is not None:
                raise UsageError(msg("commands.diff.emit_cases_matrix"))
            fmt = fmt or "md"
            if fmt not in ("md", "html"):
                raise UsageError(msg("commands.diff.matrix_format", fmt=fmt))
            if args.variants:
                models = [Compilation(space, n).checked for space, n in _resolved(ws, args.variants)]
            else:
                models = family_order([v for v in (Compilation(ws, n).checked for n in ws.names()) if not v.abstract])
            sys.stdout.write(render_matrix(models, args.lang, fmt))
            return EXIT_DIFFERENT if matrix_differs(models, args.lang) else EXIT_SAME
        fmt = fmt or "text"
        if fmt not in ("text", "md", "json"):
            raise UsageError(msg("commands.diff.diff_format", fmt=fmt), msg("commands.diff.diff_format_hint"))
        if len(args.variants) != 2:
            raise UsageError(msg("commands.diff.two_variants", count=len(args.variants)),
                             msg("commands.diff.two_variants_hint"))
        sides = _resolved(ws, args.variants)
        (ws_a, name_a), (ws_b, name_b) = sides
        a, b = Compilation(ws_a, name_a).checked, Compilation(ws_b, name_b).checked
    except RuleErrors as errors:
        _report_errors(ws, errors)
        return EXIT_ERROR
    diffs = diff_models(a, b)
    examples = None
    label_a, label_b = _labels(sides, (a, b))
    if not args.no_examples or args.emit_cases is not None:
        examples = counterexamples(name_a, name_b, diffs, ws=ws_a, ws_b=ws_b, labels=(label_a, label_b))
        if args.emit_cases is not None:
            if searchable(a, b):
                raise UsageError(msg("commands.diff.emit_cases_needs", pair=_two_concrete(a, b),
                                     reason=searchable(a, b).text(args.lang)))
            write_cases(args.emit_cases, examples,
                        _case_refs(((label_a, ws_a, name_a), (label_b, ws_b, name_b)), Path(args.emit_cases)))
    sys.stdout.write(render_diff(a, b, diffs, examples, args.lang, fmt, labels=(label_a, label_b)))
    return EXIT_DIFFERENT if diffs else EXIT_SAME
