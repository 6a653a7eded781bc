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
from gouji_dsl.files import check_output_path
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.language import named_files, reader_language
from gouji_dsl.phases import Compilation


EXIT_SAME, EXIT_DIFFERENT, EXIT_ERROR = 0, 1, 2


def register(subparsers) -> argparse.ArgumentParser:
    """Add `gouji diff` to the CLI's subparsers."""
    p = subparsers.add_parser(
        "diff", help="what two variants do differently, rule by rule, with counterexamples (or --matrix)",
        description="Compare two variants rule by rule, with situations where their engines disagree; "
                    "or, with --matrix, print the rule-by-variant table. Exit status: 0 identical, 1 different, 2 error.")
    p.add_argument("variants", nargs="*", metavar="VARIANT|FILE",
                   help="the two variants to compare (names or rule files); with --matrix any number")
    p.add_argument("--matrix", action="store_true", help="the table of every rule that differs among the variants, "
                                                        "one per game (all concrete variants by default)")
    p.add_argument("--lang", choices=LANGS, default=None,
                   help="language of the prose, zh or en (default: GOUJI_LANG, the locale, the rule files' "
                        "language, else zh)")
    p.add_argument("--format", dest="fmt", choices=("text", "md", "json", "html"), default=None,
                   help="text, md or json for a diff (default text); md or html for --matrix (default md)")
    p.add_argument("--emit-cases", metavar="FILE", help="write the card and result counterexamples as a .jsonl case file")
    p.add_argument("--no-examples", action="store_true", help="compare rules only: do not search for counterexamples")
    p.set_defaults(run=handler)
    return p


def _report_errors(ws: Workspace, errors: RuleErrors) -> None:
    for text in render_report(errors.diagnostics, ws.sources):  # the first 100, then a count of the rest
        print(text, file=sys.stderr)
    print(f"gouji: {len(errors.diagnostics)} error(s)", file=sys.stderr)


def _case_refs(ws: Workspace, names: Iterable[str], case_file: Path) -> dict[str, str]:
    """A user's variants by their rule files, relative to the case file's folder."""
    folder = case_file.resolve().parent
    return {name: os.path.relpath(ws.path_of(name).resolve(), folder)
            for name in names if not ws.is_standard(name)}


def _two_concrete(a, b) -> str:
    """What --emit-cases needs, said for the pair's game: "two concrete Gouji variants"."""
    if a.game != b.game:
        return "two concrete variants of one game"
    return f"two concrete {GAME_NAMES.get(a.game, (a.game, a.game))[1]} variants"


def handler(args, ws: Workspace) -> int:
    fmt = args.fmt
    args.lang = reader_language(args.lang, named_files(args.variants))
    if args.emit_cases is not None:  # `--emit-cases ''` or a folder: refused before the search
        check_output_path(args.emit_cases, "case file (--emit-cases)")
    try:
        if args.matrix:
            if args.emit_cases is not None:
                raise UsageError("--emit-cases compares two variants: it does not go with --matrix")
            fmt = fmt or "md"
            if fmt not in ("md", "html"):
                raise UsageError(f"--matrix prints md or html, not {fmt}")
            if args.variants:
                names = [ws.resolve_argument(a) for a in args.variants]
                models = [Compilation(ws, n).checked for n in names]
            else:
                models = family_order([v for v in (Compilation(ws, n).checked for n in ws.names()) if not v.abstract])
            sys.stdout.write(render_matrix(models, args.lang, fmt))
            return EXIT_DIFFERENT if matrix_differs(models, args.lang) else EXIT_SAME
        fmt = fmt or "text"
        if fmt not in ("text", "md", "json"):
            raise UsageError(f"a diff prints text, md or json, not {fmt}", "html is for --matrix")
        if len(args.variants) != 2:
            raise UsageError(f"gouji diff compares two variants, {len(args.variants)} given",
                             "gouji diff A B, or gouji diff --matrix [VARIANT ...]")
        name_a, name_b = (ws.resolve_argument(a) for a in args.variants)
        a, b = Compilation(ws, name_a).checked, Compilation(ws, name_b).checked
    except RuleErrors as errors:
        _report_errors(ws, errors)
        return EXIT_ERROR
    diffs = diff_models(a, b)
    examples = None
    if not args.no_examples or args.emit_cases is not None:
        examples = counterexamples(name_a, name_b, diffs, ws=ws)
        if args.emit_cases is not None:
            if searchable(a, b):
                raise UsageError(f"--emit-cases needs {_two_concrete(a, b)}: {searchable(a, b)}")
            write_cases(args.emit_cases, examples, _case_refs(ws, (name_a, name_b), Path(args.emit_cases)))
    sys.stdout.write(render_diff(a, b, diffs, examples, args.lang, fmt))
    return EXIT_DIFFERENT if diffs else EXIT_SAME
