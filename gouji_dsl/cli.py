"""The `gouji` command.

Exit status: 0 success; 1 errors in rule files (or files that need
formatting, with --check); 2 usage errors (unknown variant, missing file,
bad flag); 3 an internal error, a bug in gouji-dsl.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path

from gouji_dsl import __version__
from gouji_dsl.diagnostics import InternalError, RuleErrors, UsageError, render_report
from gouji_dsl.files import OutputError, write_atomic
from gouji_dsl.lang.fmt import NAME_MODES, format_file, written_names
from gouji_dsl.lang.loader import CHINESE_NAMES, Workspace
from gouji_dsl.language import named_files, reader_language
from gouji_dsl.messages import DEFAULT as DEFAULT_LANGUAGE
from gouji_dsl.messages import LANGUAGES, environment_language, msg, text, use_language
from gouji_dsl.lang.parser import decode, parse_text
from gouji_dsl.phases import Compilation, check_variants, has_engine
from gouji_dsl.paths import generated_dir
from gouji_dsl.docs.show import (find_rules, rules_json_text, rules_reference, rules_text, rulings_markdown,
                                 to_json_text, to_text)

EXIT_OK, EXIT_RULES, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
MAX_QUERY = 100  # characters of a word to look rules up by (show --rules WORD)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's usage errors exit 2, as ours do
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"gouji: error: {message}\n")


def _report(ws: Workspace, diagnostics) -> None:
    for text in render_report(diagnostics, ws.sources):  # the first 100, then a count of the rest
        print(text, file=sys.stderr)
    errors = sum(1 for d in diagnostics if d.severity == "error")
    if errors:
        print(f"gouji: {errors} error(s)", file=sys.stderr)
    warnings = sum(1 for d in diagnostics if d.severity == "warning")
    if warnings:
        print(f"gouji: {warnings} warning(s)", file=sys.stderr)


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
    names = _names(ws, args.targets, diagnostics)
    warnings: list = []
    good, found = check_variants(ws, names, warnings)
    diagnostics.extend(found)
    _report(ws, diagnostics + warnings)  # warnings never change the exit status
    if diagnostics:
        return EXIT_RULES
    print(f"gouji: {len(good)} variant(s) checked, no errors: {', '.join(good)}")
    return EXIT_OK


# The variants whose [about] decisions list the project's rulings (`gouji show --rulings`).
RULING_ROOTS = ("gouji", "shuangkou")


def cmd_show(args, ws: Workspace) -> int:
    if args.rulings:
        if args.variant is not None or args.rules is not None or args.json or args.source:
            raise UsageError("--rulings prints the project's rulings: give it alone")
        sys.stdout.write(rulings_markdown([Compilation(Workspace(), name).checked for name in RULING_ROOTS]))
        return EXIT_OK
    query = args.rules or None  # --rules alone: every rule; --rules WORD: the rules WORD finds
    if query is not None and args.variant is None and _names_a_variant(ws, query):
        args.variant, query = query, None  # `gouji show --rules lianzhong`: the variant's rules
    if query is not None:
        _check_query(query)
    if args.variant is None:  # only `show --rules` may leave out the variant: the schema alone
        if args.rules is None:
            raise UsageError("name the variant to show", "gouji show VARIANT, or gouji show --rules for every rule")
        sys.stdout.write(rules_json_text(None, query) if args.json else rules_text(None, query))
        return EXIT_OK
    if args.source and (args.rules is not None or args.json):
        raise UsageError("--source prints the rule file as written: give it without --rules or --json")
    diagnostics: list = []
    names = _names(ws, [args.variant], diagnostics)
    if diagnostics:
        _report(ws, diagnostics)
        return EXIT_RULES
    if args.source:  # the file as written, even one that does not check: it is what messages cite
        path = ws.path_of(names[0])
        if path is None:  # pragma: no cover - _names found it
            raise UsageError(f"no rule file for '{names[0]}'")
        try:
            sys.stdout.write(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read {ws.display(path)}: {exc}") from None
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
        raise UsageError(f"the word to look up is {len(query)} characters long: at most {MAX_QUERY}")
    if not find_rules(rules_reference(), query)["sections"]:
        raise UsageError(f"no section or rule has '{query}' in its name or meaning",
                         "try a Chinese or English word (gouji show --rules 烧牌, gouji show --rules burn), "
                         "or gouji show --rules for every rule")


def _user_rule_files(ws: Workspace) -> list[Path]:
    """The rule files of the user's folders (--path, GOUJI_PATH, the current folder)."""
    found = ws.user_files()
    if not found:
        raise UsageError("no rule files (*.gouji) in the current folder or on the search path",
                         "name the files to format: gouji fmt FILE ...")
    return found


def cmd_fmt(args, ws: Workspace) -> int:
    paths = [Path(p) for p in args.files] or _user_rule_files(ws)
    diagnostics = []
    changed = []
    io_errors = []  # files that could not be read or rewritten: the others are still formatted
    for path in paths:
        if not path.is_file():
            raise UsageError(f"no such rule file: {path}")
        display = ws.display(path)
        try:
            text = decode(path.read_bytes(), display)
            ws.sources.add(display, text)
            tree = parse_text(text, display)
            formatted = format_file(tree, text, names=args.names or written_names(tree))
        except RuleErrors as errors:
            diagnostics.extend(errors.diagnostics)
            continue
        except OSError as exc:
            io_errors.append(f"cannot read {display}: {exc.strerror or exc}")
            continue
        if formatted != text.replace("\r\n", "\n"):
            if not args.check:
                try:
                    write_atomic(path, formatted)  # a symlinked rule file is rewritten through the link
                except OutputError as exc:
                    io_errors.append(exc.message)
                    continue
            changed.append(display)
    _report(ws, diagnostics)
    verb = "would reformat" if args.check else "reformatted"
    for name in changed:
        print(f"{verb} {name}")
    for message in io_errors:
        print(f"gouji: error: {message}", file=sys.stderr)
    if io_errors:
        return EXIT_USAGE
    if diagnostics:
        return EXIT_RULES
    if args.check and changed:
        return EXIT_RULES
    if not changed:
        print(f"gouji: {len(paths)} file(s) already formatted")
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
                raise UsageError(f"variant '{name}' has no engine: it is abstract or not a Gouji variant")
            continue
        out.append(variant)
    return out


def _refuse_package_dir(ws: Workspace, name: str, out_dir: Path, package_dir: Path) -> None:
    """A user's variant is never built into the package's generated/ (with -o, or by
    running `gouji build club.gouji` from inside it): its engine would sit among the
    standard ones and `gouji build --check` would call the package out of date."""
    if not ws.is_standard(name) and os.path.realpath(out_dir) == os.path.realpath(package_dir):
        raise UsageError(f"variant '{name}' is not a standard variant: it is not built into the package's "
                         f"generated/ folder ({package_dir})", "build it elsewhere: gouji build FILE -o DIR")


def cmd_build(args, ws: Workspace) -> int:
    """Standard variants are built into the package's generated/ (the checkout's, in
    development); a user's rule files into -o DIR, by default the current folder."""
    from gouji_dsl.backends.codegen import INIT_TEXT, Output, engine_output, write_outputs
    from gouji_dsl.docs.rulebook import OUTPUT_DIR, rulebook_outputs

    if args.compiled or args.clean or args.status:
        return _build_compiled(args)
    diagnostics: list = []
    names = _names(ws, args.variants, diagnostics) if args.variants else \
        [n for n in ws.names() if ws.is_standard(n)]
    variants = _buildable(ws, names, bool(args.variants), diagnostics)
    if diagnostics:
        _report(ws, diagnostics)
        return EXIT_RULES
    package_dir = generated_dir()
    if args.output == "":
        raise UsageError("-o names an empty path", "name the folder to build into, e.g. -o build")
    chosen = Path(args.output) if args.output is not None else None
    if chosen is not None and chosen.exists() and not chosen.is_dir():
        raise UsageError(f"-o {args.output}: not a folder")
    outputs: list = []
    full_build = not args.variants and chosen is None
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
            print(f"out of date: {ws.display(path)}", file=sys.stderr)
        if stale:
            print("gouji: generated files are out of date: run `gouji build`"
                  + (" " + " ".join(args.variants) if args.variants else "")
                  + (f" -o {args.output}" if args.output else ""), file=sys.stderr)
            return EXIT_RULES
        print(f"gouji: generated files are up to date ({len(variants)} engine(s))")
        return EXIT_OK
    for path in stale:
        print(f"wrote {ws.display(path)}")
    print(f"gouji: {len(variants)} engine(s) and their rulebooks built, {len(stale)} file(s) changed")
    _warn_stale_compiled()
    return EXIT_OK


def _build_compiled(args) -> int:
    """`gouji build --compiled [--clean | --status]`: gouji_dsl.compiled."""
    from gouji_dsl import compiled

    if not args.compiled:
        raise UsageError(f"--{'clean' if args.clean else 'status'} goes with --compiled",
                         f"gouji build --compiled --{'clean' if args.clean else 'status'}")
    if args.clean and args.status:
        raise UsageError("--clean and --status do not go together")
    if args.variants or args.output is not None or args.check:
        raise UsageError("--compiled compiles the shipped engines and the runtime as they are: "
                         "it takes no variants, -o or --check", "gouji build --compiled")
    return compiled.run_command("clean" if args.clean else "status" if args.status else "compile")


def _warn_stale_compiled() -> None:
    """Compiled engines shadow their .py files: say so when a build left them behind."""
    from gouji_dsl import compiled

    stale = compiled.stale()
    if stale:
        print(f"gouji: warning: {len(stale)} compiled module(s) are now older than their source and still "
              "run instead of it: run `gouji build --compiled` again, or `gouji build --compiled --clean`",
              file=sys.stderr)


def cmd_conform(args, ws: Workspace) -> int:
    from gouji_dsl.play.conform import run_files, workspace_engines

    paths = [Path(p) for p in args.files]
    for path in paths:
        if not path.is_file():
            raise UsageError(f"no such case file: {path}")
    engine_for = workspace_engines(ws, args.engine, lambda diagnostics: _report(ws, diagnostics))
    names = ws.names()
    # A case may name a standard variant by its Chinese name too (联众).
    report = run_files(paths, engine_for, names + [zh for zh, name in CHINESE_NAMES.items() if name in names])
    for line in report.lines:
        print(line)
    print(f"{report.passed} passed, {report.failed} failed")
    if report.internal:  # every case still ran; the exit status says a bug of ours was among the failures
        print(f"gouji: {report.internal} case(s) hit an internal error (a bug in gouji-dsl): please report it",
              file=sys.stderr)
        return EXIT_INTERNAL
    return EXIT_OK if report.failed == 0 else EXIT_RULES


def _engine_for(ws: Workspace):
    from gouji_dsl import engines

    def engine_for(variant: str):
        return engines.load(ws, ws.resolve_argument(variant))
    return engine_for


def cmd_play(args, ws: Workspace) -> int:
    from gouji_dsl.play.selfplay import play_match, to_json, transcript

    from gouji_dsl.bots import BotSpecError, parse_spec

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    try:
        parse_spec(args.bots)
    except BotSpecError as exc:
        raise UsageError(str(exc)) from None
    engine = _engine_for(ws)(args.variant)
    played = play_match(engine, args.seed, args.games, args.bots)
    sys.stdout.write(to_json(engine, played) if args.json else transcript(engine, played))
    return EXIT_OK


def cmd_replay(args, ws: Workspace) -> int:
    import json as _json

    from gouji_dsl.play.selfplay import ReplayError, check_history, replay_file, transcript

    try:
        data = _json.loads(Path(args.file).read_text(encoding="utf-8"))
        check_history(data)  # the shape, before the variant is looked up or a game replayed
    except FileNotFoundError:
        raise UsageError(f"no such file: {args.file}") from None
    except ReplayError as exc:
        print(f"gouji: {args.file}: {exc}", file=sys.stderr)
        return EXIT_RULES
    except RecursionError:
        print(f"gouji: {args.file}: not a history file: the JSON is nested too deeply", file=sys.stderr)
        return EXIT_RULES
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).split(";")[0]
        print(f"gouji: {args.file}: not a history file: {reason}", file=sys.stderr)
        return EXIT_RULES
    if args.rules:
        name = ws.resolve_argument(args.rules)
        if name != data["variant"]:
            raise UsageError(f"{args.rules} is variant '{name}', but {args.file} was played in '{data['variant']}'")
    else:
        ws.add_folder(Path(args.file).parent)  # a history kept beside its house rule finds it
    try:
        played = replay_file(_engine_for(ws), data)
    except ReplayError as exc:
        print(f"gouji: {args.file}: {exc}", file=sys.stderr)
        return EXIT_RULES
    if args.quiet:
        print(f"gouji: {len(played)} game(s) replayed, every action verified")
    else:
        sys.stdout.write(transcript(_engine_for(ws)(data["variant"]), played))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gouji", description=(
        "gouji-dsl: the rule language and compiler for Gouji (够级) and Shuangkou (双扣). Write a house rule as a "
        "rule file that extends a standard variant, then check it, read its rules, build its engine and rulebooks, "
        "compare it with another variant, and play or simulate games under it."))
    parser.add_argument("--version", action="version", version=f"gouji-dsl {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("check", help="parse and validate variants (all by default)")
    p.add_argument("targets", nargs="*", metavar="VARIANT|FILE",
                   help="variant names or rule files (default: every variant found)")
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("show", help="print a variant's rules after inheritance")
    p.add_argument("variant", metavar="VARIANT|FILE", nargs="?", help="a variant name or a rule file")
    p.add_argument("--rules", nargs="?", const="", default=None, metavar="WORD",
                   help="every rule: its names, allowed values, meaning and (with a variant) value there; "
                        "with WORD (English or Chinese: 烧牌, burn) only the section or rules it names")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--rulings", action="store_true",
                   help="the project's rulings where the sources are silent or disagree (D1.., K1..), as rule files cite them")
    p.add_argument("--source", action="store_true",
                   help="print the variant's rule file as written (a standard variant's too: messages cite its lines)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("build", help="generate the engine modules into generated/ (all variants by default)")
    p.add_argument("variants", nargs="*", metavar="VARIANT|FILE",
                   help="variant names or rule files (default: every standard variant)")
    p.add_argument("--check", action="store_true", help="fail if generated/ is out of date; write nothing")
    p.add_argument("-o", "--output", metavar="DIR", help="write the engines and rulebooks into DIR (default: a "
                   "standard variant into the package's generated/, a rule file of yours into the current folder)")
    p.add_argument("--compiled", action="store_true",
                   help="compile the runtime and the shipped engines with mypyc, in place (pip install "
                   "'gouji-dsl[compiled]'); the pure-Python engine stays the fallback")
    p.add_argument("--clean", action="store_true", help="with --compiled: remove the compiled modules")
    p.add_argument("--status", action="store_true", help="with --compiled: list which modules are compiled")
    p.set_defaults(run=cmd_build)

    p = sub.add_parser("conform", help="run conformance case files (JSON lines: a position or hand, the expected answer)")
    p.add_argument("files", nargs="+", metavar="FILE", help="case files (.jsonl), such as tests/conformance/*.jsonl")
    p.add_argument("--engine", choices=("generated", "reference"), default="generated",
                   help="the generated modules (default) or the reference interpreter")
    p.set_defaults(run=cmd_conform)

    p = sub.add_parser("play", help="play complete games between built-in bots and print the transcript")
    p.add_argument("variant", metavar="VARIANT|FILE", help="a variant name or a rule file")
    p.add_argument("--seed", type=int, default=1, help="the seed of the deals (default 1): the same seed, the same games")
    p.add_argument("--games", type=int, default=1, help="games in the match (tribute carries over)")
    p.add_argument("--bots", default="greedy", metavar="NAME",
                   help="the bot at every seat: random, greedy (default), heuristic, search or search:N")
    p.add_argument("--json", action="store_true", help="print the histories as JSON (for gouji replay)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="replay a saved history (from gouji play --json), verifying each action")
    p.add_argument("file", metavar="FILE", help="a history saved by gouji play --json")
    p.add_argument("--quiet", action="store_true", help="print only the verdict")
    p.add_argument("--rules", metavar="FILE", help="the rule file the games were played under (by default the "
                   "variant is looked up by name, beside the history file first)")
    p.set_defaults(run=cmd_replay)

    from gouji_dsl.diff import command as diff
    from gouji_dsl.docs import rulebook

    from gouji_dsl.sim import command as simulate

    rulebook.register(sub)
    diff.register(sub)
    simulate.register(sub)

    p = sub.add_parser("fmt", help="rewrite rule files in canonical form")
    p.add_argument("files", nargs="*", metavar="FILE", help="rule files (default: the .gouji files of your folders)")
    p.add_argument("--check", action="store_true", help="report files that need formatting; write nothing")
    p.add_argument("--names", choices=NAME_MODES, default=None,
                   help="section, rule and value names: en English, zh Chinese, keep as written "
                        "(default: the language the file mostly writes them in)")
    p.set_defaults(run=cmd_fmt)
    _add_search_path(sub)
    return parser


def _add_search_path(sub) -> None:
    """Every command finds variants by name in the same folders (loader.py), and speaks the
    reader's language (gouji_dsl/language.py)."""
    for command in sub.choices.values():
        command.add_argument("--path", action="append", metavar="DIR", help=text("cli.help.path"))
        if not any("--lang" in action.option_strings for action in command._actions):
            command.add_argument("--lang", choices=LANGUAGES, default=None, help=text("cli.help.lang"))


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


def _rule_files_named(args, ws: Workspace) -> list[Path]:
    """The rule files a command was given, by path or by a user variant's name; with none, the
    user's own rule files (`gouji check` in a club's folder)."""
    words: list[str] = []
    for name in RULE_ARGUMENTS:
        value = getattr(args, name, None)
        words += [value] if isinstance(value, str) else list(value or ())
    if getattr(args, "command", None) == "replay" and args.rules:
        words.append(args.rules)
    files = named_files(words)
    for word in words:
        path = ws.path_of(ws.canonical(word)) if word not in map(str, files) else None
        if path is not None and not ws.is_standard(ws.canonical(word)):
            files.append(path)
    if not words and getattr(args, "command", None) in ("check", "fmt"):
        files = ws.user_files()
    return files


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    with use_language(_argv_language(argv) or environment_language() or DEFAULT_LANGUAGE):
        parser = build_parser()
        args = parser.parse_args(argv)
        try:
            ws = Workspace.for_user(getattr(args, "path", None) or ())
        except UsageError as exc:
            print(text("cli.error", message=exc.message), file=sys.stderr)
            return EXIT_USAGE
        language = reader_language(getattr(args, "lang", None), _rule_files_named(args, ws))
    with use_language(language):
        return _run(args, ws)


def _run(args, ws: Workspace) -> int:
    try:
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
