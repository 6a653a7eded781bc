"""The `gouji` command.

Exit status: 0 success; 1 errors in rule files (or files that need
formatting, with --check); 2 usage errors (unknown variant, missing file,
bad flag); 3 an internal error, a bug in gouji-dsl.
"""
from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import traceback
from pathlib import Path

from gouji_dsl import __version__
from gouji_dsl.diagnostics import InternalError, RuleErrors, UsageError, render_report
from gouji_dsl.engines import apart
from gouji_dsl.files import OutputError, OutputOption, check_outputs, write_atomic
from gouji_dsl.lang.fmt import NAME_MODES, format_file, written_names
from gouji_dsl.lang.loader import CHINESE_NAMES, Workspace, check_file_name, is_file, read_rule_text, rule_files
from gouji_dsl.language import named_files, reader_language
from gouji_dsl.messages import DEFAULT as DEFAULT_LANGUAGE
from gouji_dsl.messages import LANGUAGES, Message, environment_language, msg, text, use_language
from gouji_dsl.lang.parser import normalise_line_breaks, parse_text
from gouji_dsl.phases import Compilation, check_variants, has_engine
from gouji_dsl.paths import generated_dir
from gouji_dsl.docs.show import (find_rules, rules_json_text, rules_reference, rules_text, rulings_markdown,
                                 to_json_text, to_text)

EXIT_OK, EXIT_RULES, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
MAX_QUERY = 100  # characters of a word to look rules up by (show --rules WORD)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's usage errors exit 2, as ours do
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, text("cli.error", message=message) + "\n")


def _argparse_words(words: str) -> str:
    """argparse's own words ("usage:", "options", "the following arguments are required: %s") in
    the reader's language: argparse looks them up through its module's `_`, which is gettext's."""
    key = ARGPARSE_WORDS.get(words)
    return text(key) if key is not None else words


# argparse's phrases (Python 3.10-3.13) -> catalogue keys; one it adds later stays English.
ARGPARSE_WORDS = {
    "usage: ": "cli.argparse.usage",
    "positional arguments": "cli.argparse.positional",
    "options": "cli.argparse.options",
    "show this help message and exit": "cli.argparse.help",
    "show program's version number and exit": "cli.argparse.version",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "expected one argument": "cli.argparse.expected_one",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
}
argparse._ = _argparse_words  # type: ignore[attr-defined]


def _report(ws: Workspace, diagnostics) -> None:
    for shown in render_report(diagnostics, ws.sources):  # the first 100, then a count of the rest
        print(shown, file=sys.stderr)
    errors = sum(1 for d in diagnostics if d.severity == "error")
    if errors:
        print(text("cli.errors", count=errors), file=sys.stderr)
    warnings = sum(1 for d in diagnostics if d.severity == "warning")
    if warnings:
        print(text("cli.warnings", count=warnings), file=sys.stderr)


def _names(ws: Workspace, args: list[str], diagnostics: list) -> list[str]:
    if not args:
        return ws.names()
    names = []
    for arg in args:
        try:
            names.append(ws.resolve_argument(arg))
        except RuleErrors as errors:
            diagnostics.extend(errors.diagnostics)
    return names


def cmd_check(args, ws: Workspace) -> int:
    diagnostics: list = []
    warnings: list = []
    good: list[str] = []
    # Each named file in a workspace of its own (engines.apart): two files of one name are both checked.
    spaces = [ws] + [apart(ws) for _ in args.targets[1:]]
    for space, targets in zip(spaces, [[t] for t in args.targets] if args.targets else [[]]):
        checked, found = check_variants(space, _names(space, targets, diagnostics), warnings)
        good += checked
        diagnostics += found
    diagnostics, warnings = ({d.key(): d for d in found}.values() for found in (diagnostics, warnings))  # each once
    _report(ws, [*diagnostics, *warnings])  # warnings never change the exit status
    if diagnostics:
        return EXIT_RULES
    print(text("cli.check.passed", count=len(good), names=", ".join(good)))
    return EXIT_OK


# The variants whose [about] decisions list the project's rulings (`gouji show --rulings`).
RULING_ROOTS = ("gouji", "shuangkou")


def cmd_show(args, ws: Workspace) -> int:
    if args.rulings:
        if args.variant is not None or args.rules is not None or args.json or args.source:
            raise UsageError(msg("cli.show.rulings_alone"))
        sys.stdout.write(rulings_markdown([Compilation(Workspace(), name).checked for name in RULING_ROOTS]))
        return EXIT_OK
    query = args.rules or None  # --rules alone: every rule; --rules WORD: the rules WORD finds
    if query is not None and args.variant is None and _names_a_variant(ws, query):
        args.variant, query = query, None  # `gouji show --rules lianzhong`: the variant's rules
    if query is not None:
        _check_query(query)
    if args.variant is None:  # only `show --rules` may leave out the variant: the schema alone
        if args.rules is None:
            raise UsageError(msg("cli.show.name_variant"), msg("cli.show.name_variant_hint"))
        sys.stdout.write(rules_json_text(None, query) if args.json else rules_text(None, query))
        return EXIT_OK
    if args.source and (args.rules is not None or args.json):
        raise UsageError(msg("cli.show.source_alone"))
    diagnostics: list = []
    names = _names(ws, [args.variant], diagnostics)
    if diagnostics:
        _report(ws, diagnostics)
        return EXIT_RULES
    if args.source:  # the file as written, even one that does not check: it is what messages cite
        path = ws.path_of(names[0])
        if path is None:  # pragma: no cover - _names found it
            raise UsageError(msg("cli.show.no_rule_file", name=names[0]))
        try:
            sys.stdout.write(normalise_line_breaks(read_rule_text(path, ws.display(path))))
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(msg("cli.cannot_read", file=ws.display(path), reason=exc)) from None
        return EXIT_OK
    try:
        variant = Compilation(ws, names[0]).checked
    except RuleErrors as errors:
        _report(ws, errors.diagnostics)
        return EXIT_RULES
    if args.rules is not None:
        sys.stdout.write(rules_json_text(variant, query) if args.json else rules_text(variant, query))
    else:
        sys.stdout.write(to_json_text(variant) if args.json else to_text(variant))
    return EXIT_OK


def _names_a_variant(ws: Workspace, word: str) -> bool:
    return word.endswith(".gouji") or ws.path_of(ws.canonical(word)) is not None  # 联众 too


def _check_query(query: str) -> None:
    """A word to look rules up by: what finds nothing is an error saying what to try."""
    if len(query) > MAX_QUERY:
        raise UsageError(msg("cli.show.query_too_long", length=len(query), limit=MAX_QUERY))
    if not find_rules(rules_reference(), query)["sections"]:
        raise UsageError(msg("cli.show.nothing_found", word=query), msg("cli.show.nothing_found_hint"))


def _user_rule_files(ws: Workspace) -> list[Path]:
    """The rule files of the user's folders (--path, GOUJI_PATH, the current folder)."""
    found = ws.user_files()
    if not found:
        raise UsageError(msg("cli.fmt.no_files"), msg("cli.fmt.no_files_hint"))
    return found


def cmd_fmt(args, ws: Workspace) -> int:
    paths = [Path(p) for p in args.files] or _user_rule_files(ws)
    diagnostics = []
    changed = []
    io_errors = []  # files that could not be read or rewritten: the others are still formatted
    for path in paths:
        if not is_file(path):
            check_file_name(str(path))  # no file can have that name: say why
            raise UsageError(msg("cli.no_such_rule_file", file=path))
        display = ws.display(path)
        try:
            source = read_rule_text(path, display)
            ws.sources.add(display, normalise_line_breaks(source))
            tree = parse_text(source, display)
            formatted = format_file(tree, source, names=args.names or written_names(tree))
        except RuleErrors as errors:
            diagnostics.extend(errors.diagnostics)
            continue
        except OSError as exc:
            io_errors.append(msg("cli.cannot_read", file=display, reason=exc.strerror or exc))
            continue
        if formatted != source.replace("\r\n", "\n"):
            if not args.check:
                try:
                    write_atomic(path, formatted)  # a symlinked rule file is rewritten through the link
                except OutputError as exc:
                    io_errors.append(exc.message)
                    continue
            changed.append(display)
    _report(ws, diagnostics)
    for name in changed:
        print(text("cli.fmt.would_reformat" if args.check else "cli.fmt.reformatted", file=name))
    for message in io_errors:
        print(text("cli.error", message=message), file=sys.stderr)
    if io_errors:
        return EXIT_USAGE
    if diagnostics:
        return EXIT_RULES
    if args.check and changed:
        return EXIT_RULES
    if not changed:
        print(text("cli.fmt.already", count=len(paths)))
    return EXIT_OK


def _buildable(ws: Workspace, names: list[str], explicit: bool, diagnostics: list):
    """Checked concrete Gouji variants among `names` (abstract ones are skipped
    unless named explicitly, which is a usage error)."""
    warnings: list = []
    good, found = check_variants(ws, names, warnings)
    diagnostics.extend(found)
    _report(ws, warnings)
    out = []
    for name, variant in good.items():
        if not has_engine(variant):
            if explicit:
                raise UsageError(msg("cli.build.no_engine", name=name))
            continue
        out.append(variant)
    return out


def _refuse_package_dir(ws: Workspace, name: str, out_dir: Path, package_dir: Path) -> None:
    """A user's variant is never built into the package's generated/ (with -o, or by
    running `gouji build club.gouji` from inside it): its engine would sit among the
    standard ones and `gouji build --check` would call the package out of date."""
    if not ws.is_standard(name) and os.path.realpath(out_dir) == os.path.realpath(package_dir):
        raise UsageError(msg("cli.build.not_standard", name=name, folder=package_dir), msg("cli.build.not_standard_hint"))


def _refuse_one_name_twice(ws: Workspace, arguments: list[str]) -> None:
    """Two rule files of one name (a/club.gouji, b/club.gouji) would be built into the same
    files: a usage error naming both, before anything is written. Each is resolved in a
    workspace of its own (engines.apart); a file that cannot be read is reported by the build."""
    seen: dict[str, Path] = {}
    for arg in arguments:
        space = apart(ws)
        try:
            name = space.resolve_argument(arg)
        except (RuleErrors, UsageError):
            continue
        path = space.path_of(name)
        first = seen.setdefault(name, path)
        if first.resolve() != path.resolve():
            raise UsageError(msg("cli.build.one_name_twice", first=ws.display(first), second=ws.display(path), name=name),
                             msg("cli.build.one_name_twice_hint"))


def cmd_build(args, ws: Workspace) -> int:
    """Standard variants are built into the package's generated/ (the checkout's, in
    development); a user's rule files into -o DIR, by default the current folder."""
    from gouji_dsl.backends.codegen import INIT_TEXT, Output, engine_output, write_outputs
    from gouji_dsl.docs.rulebook import OUTPUT_DIR, rulebook_outputs

    if args.compiled or args.clean or args.status:
        return _build_compiled(args)
    diagnostics: list = []
    _refuse_one_name_twice(ws, args.variants)
    names = _names(ws, args.variants, diagnostics) if args.variants else \
        [n for n in ws.names() if ws.is_standard(n)]
    variants = _buildable(ws, names, bool(args.variants), diagnostics)
    if diagnostics:
        _report(ws, diagnostics)
        return EXIT_RULES
    package_dir = generated_dir()
    chosen = Path(args.output) if args.output is not None else None  # a folder: checked in _run (check_outputs)
    outputs: list = []
    full_build = not args.variants and chosen is None
    if full_build and not _rules_class_fresh(ws, args.check):
        if args.check:
            print(text("cli.build.stale", command="gouji build"), file=sys.stderr)
            return EXIT_RULES
        # Rules has just been rewritten, but this process holds the class as it was: the engines
        # are built by a fresh one.
        return subprocess.call([sys.executable, "-m", "gouji_dsl", "build"])
    if full_build:
        outputs.append(Output(package_dir / "__init__.py", INIT_TEXT))
    for v in variants:
        out_dir = chosen or (package_dir if ws.is_standard(v.name) else Path.cwd())
        _refuse_package_dir(ws, v.name, out_dir, package_dir)
        outputs.append(engine_output(v, out_dir))
        outputs += [Output(out_dir / OUTPUT_DIR / rel, text) for rel, text in rulebook_outputs([v], ws)]
    stale = write_outputs(outputs, check=args.check)
    if args.check:
        if full_build:
            known = {o.path for o in outputs}
            stale.extend(sorted(p for p in list(package_dir.glob("*.py")) + list((package_dir / OUTPUT_DIR).glob("*"))
                                if p not in known))
        for path in stale:
            print(text("cli.build.out_of_date", file=ws.display(path)), file=sys.stderr)
        if stale:
            command = " ".join(["gouji build", *args.variants] + ([f"-o {args.output}"] if args.output else []))
            print(text("cli.build.stale", command=command), file=sys.stderr)
            return EXIT_RULES
        print(text("cli.build.up_to_date", count=len(variants)))
        return EXIT_OK
    for path in stale:
        print(text("cli.build.wrote", file=ws.display(path)))
    print(text("cli.build.built", count=len(variants), changed=len(stale)))
    _warn_stale_compiled()
    return EXIT_OK


def _rules_class_fresh(ws: Workspace, check: bool) -> bool:
    """Does runtime/state.py's Rules list the settings the rules register (backends/rules_class.py)?
    If not, say so, and (unless checking) rewrite it."""
    from gouji_dsl.backends import rules_class

    path, fresh = rules_class.state_path(), rules_class.state_source()
    if path.read_text(encoding="utf-8") == fresh:
        return True
    if check:
        print(text("cli.build.out_of_date", file=ws.display(path)), file=sys.stderr)
    else:
        write_atomic(path, fresh)
        print(text("cli.build.rules_rewritten", file=ws.display(path)))
    return False


def _build_compiled(args) -> int:
    """`gouji build --compiled [--clean | --status]`: gouji_dsl.compiled."""
    from gouji_dsl import compiled

    if not args.compiled:
        option = "clean" if args.clean else "status"
        raise UsageError(msg("cli.build.needs_compiled", option=option), f"gouji build --compiled --{option}")
    if args.clean and args.status:
        raise UsageError(msg("cli.build.clean_and_status"))
    if args.variants or args.output is not None or args.check:
        raise UsageError(msg("cli.build.compiled_alone"), "gouji build --compiled")
    return compiled.run_command("clean" if args.clean else "status" if args.status else "compile")


def _warn_stale_compiled() -> None:
    """Compiled engines shadow their .py files: say so when a build left them behind."""
    from gouji_dsl import compiled

    stale = compiled.stale()
    if stale:
        print(text("cli.build.stale_compiled", count=len(stale)), file=sys.stderr)


def cmd_conform(args, ws: Workspace) -> int:
    from gouji_dsl.play.conform import run_files, workspace_engines

    paths = [Path(p) for p in args.files]
    for path in paths:
        if not is_file(path):
            check_file_name(str(path))
            raise UsageError(msg("cli.conform.no_such_file", file=path))
    engine_for = workspace_engines(ws, args.engine, lambda diagnostics: _report(ws, diagnostics))
    names = ws.names()
    # A case may name a standard variant by its Chinese name too (联众).
    report = run_files(paths, engine_for, names + [zh for zh, name in CHINESE_NAMES.items() if name in names])
    for line in report.lines:
        print(line)
    print(text("cli.conform.summary", passed=report.passed, failed=report.failed))
    if report.internal:  # every case still ran; the exit status says a bug of ours was among the failures
        print(text("cli.conform.internal", count=report.internal), file=sys.stderr)
        return EXIT_INTERNAL
    return EXIT_OK if report.failed == 0 else EXIT_RULES


def _engine_for(ws: Workspace):
    from gouji_dsl import engines

    def engine_for(variant: str):
        return engines.load(ws, ws.resolve_argument(variant))
    return engine_for


def cmd_play(args, ws: Workspace) -> int:
    from gouji_dsl.play.selfplay import MAX_PLAY_GAMES, play_match, to_json, transcript

    from gouji_dsl.bots import BotSpecError, parse_spec

    if args.games < 1:
        raise UsageError(msg("cli.play.games_at_least_one"))
    if args.games > MAX_PLAY_GAMES:
        raise UsageError(msg("commands.simulate.games_at_most", games=args.games, most=MAX_PLAY_GAMES),
                         msg("cli.play.games_at_most_hint"))
    try:
        parse_spec(args.bots)
    except BotSpecError as exc:
        raise UsageError(exc.args[0]) from None  # the catalogue's message
    engine = _engine_for(ws)(args.variant)
    played = play_match(engine, args.seed, args.games, args.bots)
    sys.stdout.write(to_json(engine, played) if args.json else transcript(engine, played))
    return EXIT_OK


def cmd_replay(args, ws: Workspace) -> int:
    import json as _json

    from gouji_dsl.play.selfplay import ReplayError, check_history, read_history, replay_file, transcript

    check_file_name(args.file)
    try:
        data = _json.loads(read_history(Path(args.file)))
        check_history(data)  # the shape, before the variant is looked up or a game replayed
    except FileNotFoundError:
        raise UsageError(msg("cli.no_such_file", file=args.file)) from None
    except ReplayError as exc:
        print(text("cli.replay.failed", file=args.file, reason=exc), file=sys.stderr)
        return EXIT_RULES
    except RecursionError:
        print(text("cli.replay.not_history", file=args.file, reason=msg("cli.replay.too_deep")), file=sys.stderr)
        return EXIT_RULES
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).split(";")[0]
        print(text("cli.replay.not_history", file=args.file, reason=reason), file=sys.stderr)
        return EXIT_RULES
    if args.rules:
        name = ws.resolve_argument(args.rules)
        if name != data["variant"]:
            raise UsageError(msg("cli.replay.other_variant", rules=args.rules, name=name, file=args.file,
                                 played=data["variant"]))
    else:
        ws.add_folder(Path(args.file).parent)  # a history kept beside its house rule finds it
    try:
        played = replay_file(_engine_for(ws), data)
    except ReplayError as exc:
        print(text("cli.replay.failed", file=args.file, reason=exc), file=sys.stderr)
        return EXIT_RULES
    if args.quiet:
        print(text("cli.replay.verified", count=len(played)))
    else:
        sys.stdout.write(transcript(_engine_for(ws)(data["variant"]), played))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The command line, its help in the reader's language (set before it is built: see main)."""
    parser = _Parser(prog="gouji", description=text("cli.help.gouji"))
    parser.add_argument("--version", action="version", version=f"gouji-dsl {__version__}")
    # Before the command too (`gouji --lang en check`); the command's own --lang wins.
    parser.add_argument("--lang", dest="main_lang", choices=LANGUAGES, default=None, help=text("cli.help.lang"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("check", help=text("cli.help.check"))
    p.add_argument("targets", nargs="*", metavar="VARIANT|FILE", help=text("cli.help.check_targets"))
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("show", help=text("cli.help.show"))
    p.add_argument("variant", metavar="VARIANT|FILE", nargs="?", help=text("cli.help.variant_or_file"))
    p.add_argument("--rules", nargs="?", const="", default=None, metavar="WORD", help=text("cli.help.show_rules"))
    p.add_argument("--json", action="store_true", help=text("cli.help.json"))
    p.add_argument("--rulings", action="store_true", help=text("cli.help.show_rulings"))
    p.add_argument("--source", action="store_true", help=text("cli.help.show_source"))
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("build", help=text("cli.help.build"))
    p.add_argument("variants", nargs="*", metavar="VARIANT|FILE", help=text("cli.help.build_variants"))
    p.add_argument("--check", action="store_true", help=text("cli.help.build_check"))
    p.add_argument("-o", "--output", metavar="DIR", action=OutputOption, folder=True,
                   help=text("cli.help.build_output"))
    p.add_argument("--compiled", action="store_true", help=text("cli.help.build_compiled"))
    p.add_argument("--clean", action="store_true", help=text("cli.help.build_clean"))
    p.add_argument("--status", action="store_true", help=text("cli.help.build_status"))
    p.set_defaults(run=cmd_build)

    p = sub.add_parser("conform", help=text("cli.help.conform"))
    p.add_argument("files", nargs="+", metavar="FILE", help=text("cli.help.conform_files"))
    p.add_argument("--engine", choices=("generated", "reference"), default="generated",
                   help=text("cli.help.conform_engine"))
    p.set_defaults(run=cmd_conform)

    p = sub.add_parser("play", help=text("cli.help.play"))
    p.add_argument("variant", metavar="VARIANT|FILE", help=text("cli.help.variant_or_file"))
    p.add_argument("--seed", type=int, default=1, help=text("cli.help.play_seed"))
    p.add_argument("--games", type=int, default=1, help=text("cli.help.play_games"))
    p.add_argument("--bots", default="greedy", metavar="NAME", help=text("cli.help.play_bots"))
    p.add_argument("--json", action="store_true", help=text("cli.help.play_json"))
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help=text("cli.help.replay"))
    p.add_argument("file", metavar="FILE", help=text("cli.help.replay_file"))
    p.add_argument("--quiet", action="store_true", help=text("cli.help.replay_quiet"))
    p.add_argument("--rules", metavar="FILE", help=text("cli.help.replay_rules"))
    p.set_defaults(run=cmd_replay)

    from gouji_dsl.diff import command as diff
    from gouji_dsl.docs import rulebook

    from gouji_dsl.sim import command as simulate
    from gouji_dsl.lsp import command as lsp
    from gouji_dsl.studio import command as studio

    rulebook.register(sub)
    diff.register(sub)
    simulate.register(sub)
    lsp.register(sub)
    studio.register(sub)

    p = sub.add_parser("fmt", help=text("cli.help.fmt"))
    p.add_argument("files", nargs="*", metavar="FILE", help=text("cli.help.fmt_files"))
    p.add_argument("--check", action="store_true", help=text("cli.help.fmt_check"))
    p.add_argument("--names", choices=NAME_MODES, default=None, help=text("cli.help.fmt_names"))
    p.set_defaults(run=cmd_fmt)
    _add_search_path(sub)
    _declare_outputs(sub)
    return parser


def _add_search_path(sub) -> None:
    """Every command finds variants by name in the same folders (loader.py), and speaks the
    reader's language (gouji_dsl/language.py)."""
    for command in sub.choices.values():
        command.add_argument("--path", action="append", metavar="DIR", help=text("cli.help.path"))
        if not any("--lang" in action.option_strings for action in command._actions):
            command.add_argument("--lang", choices=LANGUAGES, default=None, help=text("cli.help.lang"))


def _declare_outputs(sub) -> None:
    """Each command knows its output options (files.OutputOption), which _run checks before it runs."""
    for command in sub.choices.values():
        command.set_defaults(output_options=tuple(a for a in command._actions if isinstance(a, OutputOption)))


def _outputs(args) -> list[tuple[OutputOption, str]]:
    """The output options given on this command line, with the paths they name."""
    found = ((option, getattr(args, option.dest, None)) for option in getattr(args, "output_options", ()))
    return [(option, path) for option, path in found if path is not None]


def _inputs(args, ws: Workspace) -> list[tuple[Path, Message]]:
    """The files a command may read, known before it reads any, so that no output overwrites one:
    the rule files it was given, conform's case files, replay's history, and every rule file of
    the folders a variant or parent is looked up in (the given files' folders, --path, GOUJI_PATH,
    the current folder, the shipped variants). More than the run reads, never less. `fmt` has
    none: it rewrites its rule files in place, by design."""
    command = getattr(args, "command", None)
    if command == "fmt":
        return []
    cases = [Path(p) for p in args.files] if command == "conform" else []
    histories = [Path(args.file)] if command == "replay" else []
    named = [] if command == "conform" else named_files(_rule_words(args))
    folders = [*ws.folders, *ws.shipped_folders(), *(path.parent for path in named + cases + histories)]
    rules = named + [path for folder in folders for path in rule_files(folder)]
    return ([(p, msg("cli.input.case_file", file=p)) for p in cases] +
            [(p, msg("cli.input.history", file=p)) for p in histories] +
            [(p, msg("cli.input.rule_file", file=ws.display(p))) for p in rules])


def _argv_language(argv: list[str]) -> str | None:
    """The --lang of a command line not yet parsed: the help the parser is built with is in it."""
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if word.startswith("--lang=") and word[7:] in LANGUAGES:
            return word[7:]
    return None


# The arguments that name variants or rule files: a house rule named there says the reader's language.
RULE_ARGUMENTS = ("targets", "variant", "variants", "files")


def _rule_words(args) -> list[str]:
    """The words of a command line that name variants or rule files."""
    words: list[str] = []
    for name in RULE_ARGUMENTS:
        value = getattr(args, name, None)
        words += [value] if isinstance(value, str) else list(value or ())
    if getattr(args, "command", None) == "replay" and args.rules:
        words.append(args.rules)
    return words


def _rule_files_named(args, ws: Workspace) -> list[Path]:
    """The rule files a command was given, by path or by a user variant's name; with none, the
    user's own rule files (`gouji check` in a club's folder)."""
    words = _rule_words(args)
    files = named_files(words)
    for word in words:
        path = ws.path_of(ws.canonical(word)) if word not in map(str, files) else None
        if path is not None and not ws.is_standard(ws.canonical(word)):
            files.append(path)
    if not words and getattr(args, "command", None) in ("check", "fmt"):
        files = ws.user_files()
    return files


# The cyclic collector's thresholds for a `gouji` process (the command owns its process; importing
# the package changes nothing). A command holds hundreds of thousands of long-lived objects (rule
# models, engines, books); at CPython's defaults (700, 10, 10) the collector scans them all again
# every few hundred thousand allocations: `gouji build --check` spent over a third of its time there.
GC_THRESHOLDS = (50_000, 20, 100)


def main(argv: list[str] | None = None) -> int:
    gc.set_threshold(*GC_THRESHOLDS)
    argv = sys.argv[1:] if argv is None else argv
    with use_language(_argv_language(argv) or environment_language() or DEFAULT_LANGUAGE):
        parser = build_parser()
        args = parser.parse_args(argv)
        try:
            ws = Workspace.for_user(getattr(args, "path", None) or ())
        except UsageError as exc:
            print(text("cli.error", message=exc.message), file=sys.stderr)
            return EXIT_USAGE
        explicit = getattr(args, "lang", None) or args.main_lang
        language = reader_language(explicit, _rule_files_named(args, ws))
    with use_language(language):
        return _run(args, ws)


def _run(args, ws: Workspace) -> int:
    try:
        outputs = _outputs(args)
        if outputs:  # checked before any work: a long run never fails at its end
            check_outputs(outputs, _inputs(args, ws))
        return args.run(args, ws)
    except UsageError as exc:
        print(text("cli.error", message=exc.message), file=sys.stderr)
        if exc.hint:
            print(f"  {text('core.hint')}: {exc.hint}", file=sys.stderr)
        return EXIT_USAGE
    except RuleErrors as errors:
        _report(ws, errors.diagnostics)
        return EXIT_RULES
    except KeyboardInterrupt:
        return 130
    except (InternalError, Exception) as exc:  # noqa: BLE001 - the last line of defence
        print(text("cli.internal_error", kind=type(exc).__name__, detail=exc), file=sys.stderr)
        if os.environ.get("GOUJI_DEBUG"):
            traceback.print_exc()
        else:
            print(text("cli.internal_error_hint"), file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
