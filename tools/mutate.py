#!/usr/bin/env python3
"""Mutation testing for gouji-dsl: do the tests notice when the code is wrong?

A hand-written mutator (standard library only). It copies the repository into
a temporary folder, changes one thing at a time in the copy (a mutant: `<`
becomes `<=`, `and` becomes `or`, a `not` is dropped, a constant moves by one,
a returned condition is negated, a statement of an `if` body is deleted) and
runs a fast selection of tests against it. A mutant the tests fail on is
killed; one they pass on survived, and names a test that is missing (or is
equivalent: the change does not change behaviour).

Targets, each with its own files and tests:

  flow      gouji_dsl/runtime/*.py (the game flow the generated engines import)
  checks    gouji_dsl/facets/checks.py and the `# --- checks ---` regions of gouji_dsl/rules/*.py
  template  gouji_dsl/backends/templates/engine.py.j2 and engine/*.j2 (their Python text; the engines are
            rebuilt with `gouji build` for every mutant, so the tests run the mutated engines)
  diff      gouji_dsl/diff/*.py, gouji_dsl/facets/phrases.py
  rulebook  gouji_dsl/docs/*.py, gouji_dsl/prose/*.py, gouji_dsl/facets/sentences.py

The sample is seeded and deterministic for a given source tree. Nothing in the
repository is changed; the temporary copies are removed at the end.

    python3 tools/mutate.py [ROOT] [--per-target N] [--seed S] [--target T ...]
                            [--jobs J] [--timeout SECONDS] [--report FILE] [--list] [--mutant ID ...]
"""
from __future__ import annotations

import argparse
import ast
import dataclasses
import fnmatch
import glob
import hashlib
import io
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tokenize
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# The checkout's data folders, mapped into the package by pyproject.toml. In the
# copy they are linked into gouji_dsl/ so the copy never reads (or, with
# `gouji build`, writes) the editable install's folders.
DATA_PACKAGES = ("variants", "grammar", "sources", "generated")
COPY_IGNORE = shutil.ignore_patterns(".git", "__pycache__", "*.egg-info", ".hypothesis", ".pytest_cache", "build")
# Mutants listed here (id, then the reason) are equivalent: not run, not counted.
EQUIVALENT_FILE = "tools/mutate-equivalent.txt"
NO_MUTATE = "pragma: no mutate"


@dataclasses.dataclass(frozen=True)
class Target:
    name: str
    files: tuple            # glob patterns, relative to the root
    tests: tuple            # pytest arguments, fastest killers first
    region: str | None = None       # in files matching region_files, only this `# --- name ---` region
    region_files: str | None = None
    rebuild: bool = False   # run `gouji build` after mutating (the template)
    build_check: bool = False  # first `gouji build --check`: does the mutant change a generated file?


# Each target's tests, the quickest to kill first (pytest stops at the first failure).
# A survivor costs a whole selection's run, so each is kept to well under a minute.
ENGINE_TESTS = ("tests/test_actions_table.py", "tests/test_cards_table.py", "tests/test_flow_messages.py",
                "tests/test_scenarios.py", "tests/test_flow_edges.py", "tests/test_flow_more.py", "tests/test_rule_options.py",
                "tests/test_conformance.py", "tests/test_replay_files.py", "tests/test_game_api.py", "tests/test_games.py",
                # the fast flow against the independent oracle over seeded games, house rules included (~50 s)
                "tests/test_agreement.py")
TARGETS = {
    "flow": Target("flow", ("gouji_dsl/runtime/*.py",), ENGINE_TESTS),
    "checks": Target("checks", ("gouji_dsl/facets/checks.py", "gouji_dsl/rules/*.py"),
                     ("tests/test_checks_table.py", "tests/test_models.py", "tests/test_errors.py", "tests/test_checks_more.py",
                      "tests/test_rule_options.py"),
                     region="checks", region_files="gouji_dsl/rules/*.py"),
    "template": Target("template", ("gouji_dsl/backends/templates/engine.py.j2", "gouji_dsl/backends/templates/engine/*.j2"),
                       ENGINE_TESTS + ("tests/test_differential.py",), rebuild=True),
    "diff": Target("diff", ("gouji_dsl/diff/*.py", "gouji_dsl/facets/phrases.py"),
                   ("tests/test_diff_table.py", "tests/test_diff_games.py", "tests/test_diff_command.py",
                    "tests/test_diff_cases.py", "tests/test_diff_prose.py", "tests/test_diff_search.py",
                    "tests/test_diff_more.py", "tests/test_diff.py",
                    "tests/test_user_files.py::test_diff_a_user_variant_and_emit_cases_that_conform")),
    # The rulebooks in generated/ are the expected output: `gouji build --check` (what CI
    # runs) kills a mutant that changes any of them, before the rulebook tests run.
    "rulebook": Target("rulebook", ("gouji_dsl/docs/*.py", "gouji_dsl/prose/*.py", "gouji_dsl/facets/sentences.py"),
                       ("tests/test_docs_text.py", "tests/test_docs_explain.py", "tests/test_docs_sentences.py",
                        "tests/test_docs_provenance.py", "tests/test_docs_guards.py",
                        "tests/test_rulebook_table.py", "tests/test_rulebook_house.py", "tests/test_rulebook_more.py",
                        "tests/test_show.py", "tests/test_rulebook.py",
                        "tests/test_cli.py",
                        "-k", "not headless_chromium"),
                       build_check=True),
}


@dataclasses.dataclass
class Mutant:
    target: str
    path: str               # relative to the root
    line: int
    operator: str
    before: str             # the original line(s)
    after: str              # the mutated line(s)
    source: bytes           # the whole mutated file
    id: str = ""
    outcome: str = ""       # killed, survived, timeout, not-compiling, equivalent, build-failed
    seconds: float = 0.0
    detail: str = ""        # the first failing test of a killed mutant, or the equivalence reason


# --- finding mutation sites in Python ------------------------------------------------------

COMPARE_SWAPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "==",
                 ast.In: "not in", ast.NotIn: "in", ast.Is: "is not", ast.IsNot: "is"}
COMPARE_TEXT = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
                ast.In: "in", ast.NotIn: r"not\s+in", ast.Is: "is", ast.IsNot: r"is\s+not"}
CONDITION_CALLS = {"any", "all", "bool", "isinstance", "hasattr", "callable"}


class Source:
    """A file's bytes, with (line, column) -> offset: AST columns count UTF-8 bytes."""

    def __init__(self, data: bytes):
        self.data = data
        self.starts = [0]
        for i, b in enumerate(data):
            if b == 10:
                self.starts.append(i + 1)

    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def start(self, node) -> int:
        return self.offset(node.lineno, node.col_offset)

    def end(self, node) -> int:
        return self.offset(node.end_lineno, node.end_col_offset)

    def lines_of(self, start: int, end: int) -> tuple[int, int]:
        """The byte span of the whole lines holding [start, end)."""
        first = self.data.rfind(b"\n", 0, start) + 1
        last = self.data.find(b"\n", end)
        return first, (len(self.data) if last < 0 else last)

    def line_number(self, offset: int) -> int:
        return self.data.count(b"\n", 0, offset) + 1


def _code_only(gap: bytes) -> bytes:
    """The gap between two operands with its comments blanked (same length)."""
    return re.sub(rb"#[^\n]*", lambda m: b" " * len(m.group()), gap)


def _find_op(src: Source, start: int, end: int, pattern: str) -> tuple[int, int] | None:
    gap = _code_only(src.data[start:end])
    m = re.search(rb"(?<![\w=!<>])" + pattern.encode() + rb"(?![\w=])", gap)
    return None if m is None else (start + m.start(), start + m.end())


def _parents(tree) -> dict:
    parent = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parent[child] = node
    return parent


def _skipped(node, parent) -> bool:
    """Inside an f-string, an annotation, a docstring or an `if TYPE_CHECKING` / `__main__` block."""
    n = node
    while n in parent:
        p = parent[n]
        if isinstance(p, ast.JoinedStr):
            return True
        if isinstance(p, (ast.AnnAssign, ast.arg)) and n is getattr(p, "annotation", None):
            return True
        if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is p.returns:
            return True
        if isinstance(p, ast.If):
            test = ast.unparse(p.test)
            if "TYPE_CHECKING" in test or "__main__" in test:
                return True
        n = p
    return False


def python_sites(data: bytes, lines: range | None = None):
    """(operator, start, end, replacement) for every mutation of a Python file;
    `lines`, when given, limits them to mutations starting on those lines."""
    src = Source(data)
    tree = ast.parse(data)
    parent = _parents(tree)
    no_mutate = {i + 1 for i, text in enumerate(data.split(b"\n")) if NO_MUTATE.encode() in text}
    sites = []

    def add(op, node_line, start, end, text):
        if (lines is None or node_line in lines) and node_line not in no_mutate:
            sites.append((op, start, end, text.encode() if isinstance(text, str) else text))

    for node in ast.walk(tree):
        if not hasattr(node, "lineno") or _skipped(node, parent):
            continue
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for i, op in enumerate(node.ops):
                found = _find_op(src, src.end(operands[i]), src.start(operands[i + 1]), COMPARE_TEXT[type(op)])
                if found:
                    add("compare", node.lineno, *found, COMPARE_SWAPS[type(op)])
        elif isinstance(node, ast.BoolOp):
            word, other = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            spans = [_find_op(src, src.end(a), src.start(b), word) for a, b in zip(node.values, node.values[1:])]
            if all(spans):
                # Every `and` of the chain at once: swapping one would regroup the others.
                start, end = spans[0][0], spans[-1][1]
                text = bytearray(src.data[start:end])
                for s, e in reversed(spans):
                    text[s - start:e - start] = other.encode()
                add("and-or", node.lineno, start, end, bytes(text))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add("drop-not", node.lineno, src.start(node), src.start(node.operand), b"")
        elif isinstance(node, ast.Constant) and isinstance(parent.get(node), ast.Expr):
            continue  # a docstring or a bare string
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            add("true-false", node.lineno, src.start(node), src.end(node), str(not node.value))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            for delta, name in ((1, "plus-one"), (-1, "minus-one")):
                add(name, node.lineno, src.start(node), src.end(node), str(node.value + delta))
        elif isinstance(node, ast.Return) and node.value is not None and _is_condition(node.value):
            v = node.value
            add("negate-return", node.lineno, src.start(v), src.end(v),
                b"not (" + src.data[src.start(v):src.end(v)] + b")")
        elif isinstance(node, ast.If):
            if "TYPE_CHECKING" in ast.unparse(node.test) or "__main__" in ast.unparse(node.test):
                continue
            bodies = [node.body]
            if node.orelse and not (len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If)
                                    and src.data[src.start(node.orelse[0]):].startswith(b"elif")):
                bodies.append(node.orelse)
            for body in bodies:
                for stmt in body:
                    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Pass)):
                        continue
                    add("delete-statement", stmt.lineno, src.start(stmt), src.end(stmt), b"pass")
    return src, sites


def _is_condition(node) -> bool:
    if isinstance(node, (ast.Compare, ast.BoolOp)):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CONDITION_CALLS


# --- finding mutation sites in the engine template ------------------------------------------

TEMPLATE_COMPARE = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}


def _template_as_python(text: str) -> str:
    """The template with its Jinja parts blanked to the same length: `{% %}`
    and `{# #}` lines become comments, `{{ }}` becomes an identifier, so that
    tokenize sees the Python text with every position unchanged."""
    text = re.sub(r"\{\{.*?\}\}", lambda m: "_" * len(m.group()), text)
    return re.sub(r"(?m)^([ \t]*)\{([%#]).*?\2\}", lambda m: m.group(1) + "#" * (len(m.group()) - len(m.group(1))), text)


def template_sites(data: bytes):
    """Token-level mutations of the template's Python text (not its Jinja)."""
    text = data.decode("utf-8")
    src = Source(data)
    tokens = list(tokenize.generate_tokens(io.StringIO(_template_as_python(text)).readline))
    lines = text.split("\n")
    sites = []

    def span(tok):
        (l1, c1), (l2, c2) = tok.start, tok.end  # character columns: convert to bytes
        return (src.offset(l1, len(lines[l1 - 1][:c1].encode())), src.offset(l2, len(lines[l2 - 1][:c2].encode())))

    for i, tok in enumerate(tokens):
        if NO_MUTATE in lines[tok.start[0] - 1]:
            continue
        if tok.type == tokenize.OP and tok.string in TEMPLATE_COMPARE:
            sites.append(("compare", *span(tok), TEMPLATE_COMPARE[tok.string].encode()))
        elif tok.type == tokenize.NAME and tok.string in ("and", "or"):
            sites.append(("and-or", *span(tok), b"or" if tok.string == "and" else b"and"))
        elif tok.type == tokenize.NAME and tok.string == "not":
            nxt = tokens[i + 1]
            if nxt.type == tokenize.NAME and nxt.string == "in":
                continue  # `not in` is a comparison, swapped above only as a whole: leave it
            start, _ = span(tok)
            sites.append(("drop-not", start, span(nxt)[0], b""))
        elif tok.type == tokenize.NAME and tok.string in ("True", "False"):
            sites.append(("true-false", *span(tok), b"False" if tok.string == "True" else b"True"))
        elif tok.type == tokenize.NUMBER and tok.string.isdigit():
            for delta, name in ((1, "plus-one"), (-1, "minus-one")):
                sites.append((name, *span(tok), str(int(tok.string) + delta).encode()))
    return src, sites


# --- the mutants of a target ------------------------------------------------------------------

def _region_lines(data: bytes, region: str) -> range:
    """The lines of the `# --- region ---` block: after its header, up to the next header."""
    lines = data.decode("utf-8").split("\n")
    start = next((i for i, text in enumerate(lines) if re.match(rf"# --- {region} -+\s*$", text)), None)
    if start is None:
        return range(0)
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"# --- \w.* -+\s*$", lines[i])), len(lines))
    return range(start + 2, end + 1)  # 1-based, the header excluded


def target_files(root: Path, target: Target) -> list[str]:
    found = set()
    for pattern in target.files:
        found.update(os.path.relpath(p, root) for p in glob.glob(str(root / pattern)))
    return sorted(f for f in found if not f.endswith("__init__.py") or os.path.getsize(root / f) > 200)


def mutants_of(root: Path, target: Target) -> list[Mutant]:
    mutants = []
    seen: dict[str, int] = {}
    for rel in target_files(root, target):
        data = (root / rel).read_bytes()
        if rel.endswith(".j2"):
            src, sites = template_sites(data)
        else:
            limit = None
            if target.region and fnmatch.fnmatch(rel, target.region_files):
                limit = _region_lines(data, target.region)
            src, sites = python_sites(data, limit)
        for op, start, end, text in sites:
            mutated = src.data[:start] + text + src.data[end:]
            first, last = src.lines_of(start, end)
            before = src.data[first:last].decode("utf-8")
            after = mutated[first:last + len(mutated) - len(src.data)].decode("utf-8")
            m = Mutant(target.name, rel, src.line_number(start), op, before, after, mutated)
            # The id survives edits elsewhere in the file: the file, the operator and the lines changed.
            key = hashlib.sha1(f"{rel}|{op}|{before}|{after}".encode()).hexdigest()[:10]
            seen[key] = seen.get(key, 0) + 1
            m.id = key if seen[key] == 1 else f"{key}.{seen[key]}"
            mutants.append(m)
    return mutants


def sample(mutants: list[Mutant], per_target: int, seed: int) -> list[Mutant]:
    if per_target <= 0 or per_target >= len(mutants):
        return list(mutants)
    rng = random.Random(f"{seed}:{mutants[0].target}")
    picked = rng.sample(range(len(mutants)), per_target)
    return [mutants[i] for i in sorted(picked)]


# --- the temporary copies and running the tests ------------------------------------------------

class Workspace:
    """One temporary copy of the repository, where one mutant at a time is tried."""

    def __init__(self, root: Path, parent: Path, index: int):
        self.dir = parent / f"copy{index}"
        shutil.copytree(root, self.dir, ignore=COPY_IGNORE, symlinks=True)
        for name in DATA_PACKAGES:
            link = self.dir / "gouji_dsl" / name
            if (self.dir / name).is_dir() and not link.exists():
                link.symlink_to(Path("..") / name)
        self.pristine_generated = parent / f"generated{index}"
        self.snapshot_generated()
        self.env = dict(os.environ, PYTHONPATH=str(self.dir), PYTHONDONTWRITEBYTECODE="1",
                        PYTHONHASHSEED="0")
        self.env.pop("GOUJI_PATH", None)
        self._check_isolated()

    def _check_isolated(self) -> None:
        probe = ("import gouji_dsl, gouji_dsl.generated as g; from gouji_dsl import paths; "
                 "print(gouji_dsl.__file__); print(g.__file__); print(paths.variants_dir()); print(paths.grammar_path())")
        out = subprocess.run([sys.executable, "-c", probe], cwd=self.dir, env=self.env, capture_output=True, text=True)
        here = str(self.dir.resolve())
        paths = out.stdout.split()
        if out.returncode or len(paths) != 4 or not all(str(Path(p).resolve()).startswith(here) for p in paths):
            raise SystemExit(f"mutate: the copy in {self.dir} does not import itself "
                             f"(it would read or write the original): {out.stdout}{out.stderr}")

    def run(self, args: list[str], timeout: float) -> tuple[str, float, str]:
        """('passed' | 'failed' | 'timeout', seconds, the output's tail)."""
        started = time.monotonic()
        proc = subprocess.Popen(args, cwd=self.dir, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            out, _ = proc.communicate(timeout=timeout)
            status = "passed" if proc.returncode == 0 else "failed"
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            status = "timeout"
        shutil.rmtree(self.dir / ".hypothesis", ignore_errors=True)  # no example found by one mutant replays for the next
        return status, time.monotonic() - started, out.decode("utf-8", "replace")[-3000:]

    def pytest(self, target: Target, timeout: float, first_failure: bool = True):
        # A test file named by the selection but absent from this tree is left out.
        tests = [a for a in target.tests if not a.startswith("tests/") or (self.dir / a.split("::")[0]).exists()]
        return self.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0",
                         "--no-header", *(["-x", "-rN"] if first_failure else ["-rfE"]), *tests], timeout)

    def rebuild(self, timeout: float, check: bool = False):
        return self.run([sys.executable, "-m", "gouji_dsl", "build", *(["--check"] if check else [])], timeout)

    def snapshot_generated(self) -> None:
        shutil.rmtree(self.pristine_generated, ignore_errors=True)
        shutil.copytree(self.dir / "generated", self.pristine_generated)

    def restore_generated(self) -> None:
        shutil.rmtree(self.dir / "generated")
        shutil.copytree(self.pristine_generated, self.dir / "generated")


def _first_failure(output: str) -> str:
    m = re.search(r"^(FAILED|ERROR) (\S+)", output, re.M)
    return m.group(2) if m else output.strip().splitlines()[-1][:160] if output.strip() else ""


def try_mutant(ws: Workspace, target: Target, m: Mutant, timeout: float) -> None:
    path = ws.dir / m.path
    original = path.read_bytes()
    if m.path.endswith(".py"):
        try:
            compile(m.source, m.path, "exec")
        except SyntaxError as exc:
            m.outcome, m.detail = "not-compiling", str(exc)
            return
    path.write_bytes(m.source)
    try:
        spent = 0.0
        if target.rebuild or target.build_check:
            status, spent, out = ws.rebuild(timeout, check=target.build_check)
            if status != "passed":
                m.outcome, m.seconds = ("killed" if status == "failed" else status), spent
                m.detail = "gouji build --check: a generated file changes" if target.build_check else "gouji build fails"
                return
        status, seconds, out = ws.pytest(target, timeout)
        m.seconds = spent + seconds
        m.outcome = {"passed": "survived", "failed": "killed", "timeout": "timeout"}[status]
        if status == "failed":
            m.detail = _first_failure(out)
    finally:
        path.write_bytes(original)
        if target.rebuild:
            ws.restore_generated()


# --- the report ---------------------------------------------------------------------------------

def score_line(ms: list[Mutant]) -> tuple:
    count = {k: sum(1 for m in ms if m.outcome == k) for k in ("killed", "timeout", "survived", "equivalent", "not-compiling")}
    live = count["killed"] + count["timeout"] + count["survived"]
    score = 100.0 * (count["killed"] + count["timeout"]) / live if live else 100.0
    return count, live, score


def report(results: dict[str, list[Mutant]], args, seconds: float) -> str:
    out = [f"Mutation run: seed {args.seed}, up to {args.per_target} mutants per target, "
           f"{sum(len(v) for v in results.values())} mutants, {seconds / 60:.1f} min", "",
           "| target | mutants | killed | timeout | survived | equivalent | not compiling | score |",
           "|---|---|---|---|---|---|---|---|"]
    everything = []
    for name, ms in results.items():
        everything += ms
        c, live, score = score_line(ms)
        out.append(f"| {name} | {len(ms)} | {c['killed']} | {c['timeout']} | {c['survived']} | {c['equivalent']} "
                   f"| {c['not-compiling']} | {score:.1f}% |")
    c, live, score = score_line(everything)
    out.append(f"| all | {len(everything)} | {c['killed']} | {c['timeout']} | {c['survived']} | {c['equivalent']} "
               f"| {c['not-compiling']} | {score:.1f}% |")
    out += ["", "Score: killed (timeouts included) of the mutants that compile and are not listed as equivalent "
            f"in {EQUIVALENT_FILE}.", ""]
    for title, kind in (("Survivors", "survived"), ("Listed as equivalent", "equivalent")):
        listed = [m for m in everything if m.outcome == kind]
        if listed:
            out.append(f"{title}:")
            for m in listed:
                out.append(f"- `{m.id}` {m.path}:{m.line} [{m.target}, {m.operator}]" + (f" ({m.detail})" if m.detail else ""))
                out.append(f"    - `{m.before.strip()}`")
                out.append(f"    + `{m.after.strip()}`")
            out.append("")
    return "\n".join(out)


def read_equivalents(root: Path) -> dict[str, str]:
    path = root / EQUIVALENT_FILE
    if not path.exists():
        return {}
    known = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            ident, _, reason = line.partition(" ")
            known[ident] = reason.strip()
    return known


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent),
                    help="the repository (default: the one this tool is in)")
    ap.add_argument("--target", action="append", choices=sorted(TARGETS), help="only these targets (repeatable)")
    ap.add_argument("--per-target", type=int, default=35, help="mutants sampled per target; 0: all (default 35)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=1, help="mutants tried at once, each in its own copy")
    ap.add_argument("--timeout", type=float, default=0,
                    help="seconds per mutant's test run (default: 3x the unmutated run, at least 60)")
    ap.add_argument("--list", action="store_true", help="list the sampled mutants, run nothing")
    ap.add_argument("--mutant", action="append", help="only the mutants with these ids (all sites searched)")
    ap.add_argument("--report", help="also write the report to this file")
    ap.add_argument("--tests", help="pytest arguments to run instead of each target's selection, e.g. "
                                    "'tests/test_rule_options.py' (to check that new tests kill given --mutant ids)")
    args = ap.parse_args(argv)

    root = Path(args.root).resolve()
    targets = [TARGETS[t] for t in (args.target or TARGETS)]
    if args.tests:
        targets = [dataclasses.replace(t, tests=tuple(shlex.split(args.tests))) for t in targets]
    equivalents = read_equivalents(root)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="gouji-mutate-") as tmp:
        # The copies are taken first and the mutants found in the first copy: others
        # may be editing the repository meanwhile, and every mutant must apply to its copy.
        copies = [Workspace(root, Path(tmp), i) for i in range(max(1, args.jobs))]
        chosen: dict[str, list[Mutant]] = {}
        for t in targets:
            every = mutants_of(copies[0].dir, t)
            picked = [m for m in every if m.id in args.mutant] if args.mutant else sample(every, args.per_target, args.seed)
            chosen[t.name] = picked
            print(f"{t.name}: {len(picked)} of {len(every)} mutants", file=sys.stderr)
        if args.list:
            for ms in chosen.values():
                for m in ms:
                    print(f"{m.id} {m.path}:{m.line} [{m.target}, {m.operator}]\n  - {m.before.strip()}\n  + {m.after.strip()}")
            return 0
        timeouts: dict[str, float] = {}
        broken: dict[str, list[str]] = {}
        for i, t in enumerate(targets):
            if not chosen[t.name]:
                continue
            if t.rebuild or t.build_check:
                for ws in copies:  # the mutants are compared with a fresh build of the unmutated code
                    ws.rebuild(600)
                    ws.snapshot_generated()
            status, seconds, out = copies[0].pytest(t, 900)
            if status == "failed":
                # Tests that fail without any mutant (work in progress elsewhere) cannot
                # kill anything: they are left out of this target's run, and reported.
                status, _s, out = copies[0].pytest(t, 900, first_failure=False)
                failing = re.findall(r"^FAILED (\S+?)(?: - .*)?$", out, re.M)
                if re.search(r"^ERROR ", out, re.M) or not failing:
                    print(f"mutate: the tests of target {t.name} fail without any mutant:\n{out}", file=sys.stderr)
                    return 2
                broken[t.name] = failing
                t = dataclasses.replace(t, tests=t.tests + tuple(f"--deselect={f}" for f in failing))
                targets[i] = t
                status, seconds, out = copies[0].pytest(t, 900)
            if status != "passed":
                print(f"mutate: the tests of target {t.name} fail without any mutant:\n{out}", file=sys.stderr)
                return 2
            timeouts[t.name] = args.timeout or max(60.0, 3 * seconds)
            print(f"{t.name}: unmutated tests pass in {seconds:.0f}s"
                  + (f" ({len(broken[t.name])} failing test(s) left out)" if t.name in broken else ""), file=sys.stderr)

        free = list(copies)
        lock = threading.Lock()
        jobs = [(t, m) for t in targets for m in chosen[t.name]]
        done = [0]

        def work(job):
            t, m = job
            if m.id in equivalents:
                m.outcome, m.detail = "equivalent", equivalents[m.id]
            else:
                with lock:
                    ws = free.pop()
                try:
                    try_mutant(ws, t, m, timeouts[t.name])
                finally:
                    with lock:
                        free.append(ws)
            with lock:
                done[0] += 1
                print(f"[{done[0]}/{len(jobs)}] {m.outcome:13} {m.seconds:5.1f}s {m.id} {m.path}:{m.line} {m.operator}"
                      + (f" ({m.detail})" if m.detail else ""), file=sys.stderr)

        with ThreadPoolExecutor(max_workers=len(copies)) as pool:
            list(pool.map(work, jobs))
    text = report(chosen, args, time.monotonic() - started)
    for name, failing in broken.items():
        text += f"\nLeft out of target {name}: failing without any mutant: {', '.join(failing)}"
    print(text)
    if args.report:
        Path(args.report).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
