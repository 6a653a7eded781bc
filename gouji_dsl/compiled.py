"""`gouji build --compiled`: the runtime and the shipped engines compiled with mypyc.

mypyc turns the same Python modules into C extension modules. They are put beside
the .py files of the installed (or editable) package, so the import system, which
prefers an extension module to a source file of the same name, loads them; the
.py files stay the source of truth and the fallback. Without mypyc or a C
compiler nothing is written and the pure-Python engine runs as before; an
extension built for another Python (its file name carries the ABI tag) is ignored.

The compile works in a staging folder holding the package as it is installed
(runtime/ and generated/ inside gouji_dsl/, whatever the checkout's layout), so
mypyc names the modules gouji_dsl.runtime.flow and gouji_dsl.generated.lianzhong
and writes its C sources and build folders there, never into the package. The staged
modules lose their signatures' annotations (untyped_signatures): compiled, they then
accept and refuse exactly what the Python accepts and refuses. One
shared library (gouji_dsl/_compiled__mypyc*.so) holds the code; each module gets
a small extension that loads it. A manifest beside it records the sources'
digests, so `--status` tells a compiled module from a stale one (its .py edited
since: the extension still shadows it until `gouji build --compiled` runs again).
"""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.messages import msg, text
from gouji_dsl.paths import generated_dir

# The runtime modules a game runs through (cards up to flow); the others (observation,
# bounds, results tables ...) stay Python: they are not on the path of an action.
RUNTIME_MODULES = ("cards", "actions", "state", "setup", "flow", "game", "patterns", "pattern_kinds", "pattern_moves",
                   "results", "numbers")
GROUP = "gouji_dsl._compiled"           # mypyc's shared library: gouji_dsl/_compiled__mypyc<EXT_SUFFIX>
MANIFEST = "_compiled__mypyc.json"      # beside the shared library
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"

# mypyc compiles what mypy has typed; the checker's complaints about the (mostly
# unannotated) engine code are not errors of the code, so they do not stop the compile.
# Signatures are compiled unannotated (untyped_signatures); what mypyc still relies on, the
# declared types of fields, the differential test (tests/test_compiled.py) checks game by
# game against the pure-Python engine.
MYPY_CONFIG = """[mypy]
follow_imports = silent
ignore_missing_imports = True
ignore_errors = True
check_untyped_defs = True
cache_dir = .mypy_cache
"""

SETUP_SCRIPT = """
import json, sys
from setuptools import setup
from mypyc.build import mypycify
paths = json.load(open("compile-paths.json"))
setup(name="gouji-dsl-compiled", py_modules=[], script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(["--config-file", "mypy.ini"] + paths, group_name=%r, opt_level="3"))
"""


class CompileError(Exception):
    """The compile could not run or failed; nothing was installed."""


@dataclass(frozen=True)
class Module:
    name: str        # gouji_dsl.runtime.flow
    source: Path     # the .py the import system would load without the extension

    @property
    def extension(self) -> Path:
        return self.source.with_name(self.source.stem + EXT_SUFFIX)


def package_dir() -> Path:
    return Path(__file__).resolve().parent


def shared_library(root: Path | None = None) -> Path:
    return (root or package_dir()) / (GROUP.rsplit(".", 1)[1] + "__mypyc" + EXT_SUFFIX)


def candidates(root: Path | None = None, engines: Path | None = None,
               runtime: tuple[str, ...] = RUNTIME_MODULES) -> list[Module]:
    """Every module `gouji build --compiled` would compile: the hot runtime modules and
    the shipped engines (gouji_dsl.generated.*)."""
    root = root or package_dir()
    engines = engines or generated_dir()
    modules = [Module(f"gouji_dsl.runtime.{name}", root / "runtime" / f"{name}.py") for name in runtime]
    modules = [m for m in modules if m.source.is_file()]
    modules += [Module(f"gouji_dsl.generated.{p.stem}", p) for p in sorted(engines.glob("*.py"))
                if p.stem != "__init__"]
    return modules


def copy_package(dest: Path) -> Path:
    """A copy of the package as it is installed, for a compile that leaves this one alone (the
    differential test, the benchmark): dest/gouji_dsl with its data packages (generated/,
    variants/ ...) inside, whatever the checkout's layout; no compiled files. Put `dest` first
    on sys.path to import it. Returns dest/gouji_dsl."""
    from gouji_dsl import paths

    target = dest / "gouji_dsl"
    shutil.copytree(package_dir(), target,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", MANIFEST, "*.partial"))
    for name, folder in (("generated", paths.generated_dir()), ("variants", paths.variants_dir()),
                         ("grammar", paths.grammar_path().parent), ("sources", paths.sources_dir())):
        if not (target / name).exists():  # an editable install: the checkout's top-level folder
            shutil.copytree(folder, target / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.partial"))
    return target


def why_not_compilable(path: Path) -> str | None:
    """A reason mypyc refuses this module, known before compiling (one refusal stops the
    whole compile), or None. mypyc cannot compile a module-level function defined twice
    (an engine that wraps a shared function under the same name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    seen: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in seen:
                return text("commands.compiled.defined_twice", function=node.name)
            seen.add(node.name)
    return None


def untyped_signatures(text: str, private_functions: bool = False) -> str:
    """`text` with the annotations of every function's parameters and return blanked out, line
    for line. The runtime annotates what its callers should pass, yet checks what a user
    passes (None for an action, a string for a seat) and refuses it with a clear message;
    compiled as annotated, mypyc would raise TypeError at the call instead, and turn a bool
    returned as `-> int` into 1. Unannotated, the compiled code takes and returns what the
    Python does; fields and variables keep their annotations (dataclasses read them). An
    `__init__` gets `-> None` (mypyc needs its self typed, so the method annotated); a
    property keeps its annotation (mypyc needs it; it takes no argument), and so does a private
    method of a class (`_advance`): only the class's own code calls it, with the types its
    annotations give, and native calls with native arguments are where compiling gains most.
    With `private_functions` (a generated engine), private module-level functions (`_answers`)
    keep theirs too: the engine's public functions check and convert what users pass, then call
    them."""
    source = text.encode("utf-8")
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.encode("utf-8")))

    def offset(line: int, col: int) -> int:  # ast gives lines from 1 and columns in UTF-8 bytes
        return starts[line - 1] + col

    header_colons = _header_colons(text, lines, starts)
    edits = []  # (start, end, replacement) in bytes
    tree = ast.parse(text)
    private = _private_methods(tree)
    if private_functions:
        private |= {id(node) for node in tree.body if isinstance(node, ast.FunctionDef)
                    and node.name.startswith("_") and not node.name.endswith("__")}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or _is_property(node) or id(node) in private:
            continue
        a = node.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]:
            if arg.annotation is not None:  # from the end of the name to the end of ": T"
                ann = arg.annotation
                edits.append((offset(arg.lineno, arg.col_offset) + len(arg.arg.encode("utf-8")),
                              offset(ann.end_lineno, ann.end_col_offset), b""))
        if node.name == "__init__":
            if node.returns is None:
                colon = header_colons[node.lineno]
                edits.append((colon, colon, b" -> None"))
        elif node.returns is not None:
            end = offset(node.returns.end_lineno, node.returns.end_col_offset)
            edits.append((source.rindex(b"->", 0, offset(node.returns.lineno, node.returns.col_offset)), end, b""))
    out = bytearray(source)
    for start, end, replacement in sorted(edits, reverse=True):
        # The same lines: a newline in a blanked annotation stays, after a backslash (the
        # brackets of `-> list[\n int]` no longer join the lines).
        kept = bytes(b if b == 10 else 92 if source[i + 1] == 10 else 32
                     for i, b in enumerate(source[start:end], start))
        out[start:end] = replacement + kept
    result = out.decode("utf-8")
    ast.parse(result)  # a SyntaxError here is a bug of this function, not of the module
    return result


def _private_methods(tree: ast.Module) -> set[int]:
    """The private methods of classes (`_advance`, not `__init__`): only the class's own code calls
    them, with the types their annotations give, so they keep them (and compile to native calls)."""
    return {id(item) for node in ast.walk(tree) if isinstance(node, ast.ClassDef) for item in node.body
            if isinstance(item, ast.FunctionDef) and item.name.startswith("_") and not item.name.endswith("__")}


def _header_colons(text: str, lines: list[str], starts: list[int]) -> dict[int, int]:
    """For each `def` line, the byte offset of the colon that ends its header."""
    import io
    import tokenize

    colons: dict[int, int] = {}
    def_line = depth = None
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME and tok.string == "def" and def_line is None:
            def_line, depth = tok.start[0], 0
        elif def_line is not None and tok.type == tokenize.OP:
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                depth -= 1
            elif tok.string == ":" and depth == 0:
                row, col = tok.start
                colons[def_line] = starts[row - 1] + len(lines[row - 1][:col].encode("utf-8"))
                def_line = None
    return colons


def _is_property(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any((isinstance(d, ast.Name) and d.id == "property")
               or (isinstance(d, ast.Attribute) and d.attr in ("setter", "getter", "deleter"))
               for d in node.decorator_list)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_toolchain() -> None:
    """CompileError naming what is missing: mypyc, a C compiler or the Python headers."""
    if importlib.util.find_spec("mypyc") is None or importlib.util.find_spec("setuptools") is None:
        missing = "mypyc" if importlib.util.find_spec("mypyc") is None else "setuptools"
        raise CompileError(msg("commands.compiled.not_installed", missing=missing))
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(compiler)
    if not words or shutil.which(words[0]) is None:
        raise CompileError(msg("commands.compiled.no_compiler", compiler=compiler))
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        raise CompileError(msg("commands.compiled.no_headers", headers=headers))


def _stage(stage: Path, modules: list[Module], root: Path) -> list[str]:
    """Copy the package into `stage` as installed (generated/ inside gouji_dsl/); the
    staged paths of `modules`, the ones mypyc compiles."""
    target = stage / "gouji_dsl"
    shutil.copytree(root, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.json",
                                                                "templates", "*.md"))
    engines = target / "generated"
    if engines.exists():  # an installed package: generated/ was copied with it; keep only the engines
        shutil.rmtree(engines)
    engines.mkdir()
    for module in modules:
        if module.name.startswith("gouji_dsl.generated."):
            shutil.copy2(module.source, engines / module.source.name)
    (engines / "__init__.py").write_text("", encoding="utf-8")
    for module in modules:
        staged = stage / (module.name.replace(".", "/") + ".py")
        engine = module.name.startswith("gouji_dsl.generated.")
        staged.write_text(untyped_signatures(staged.read_text(encoding="utf-8"), private_functions=engine),
                          encoding="utf-8")
    (stage / "mypy.ini").write_text(MYPY_CONFIG, encoding="utf-8")
    (stage / "setup_compiled.py").write_text(SETUP_SCRIPT % GROUP, encoding="utf-8")
    return [m.name.replace(".", "/") + ".py" for m in modules]


def compile_package(root: Path | None = None, engines: Path | None = None, log=print,
                    runtime: tuple[str, ...] = RUNTIME_MODULES) -> dict:
    """Compile the runtime and engines in place (see the module's docstring); the manifest
    written. CompileError when the toolchain is missing or mypyc fails: then the extensions
    of an earlier compile are removed too (they would run code older than the .py files)."""
    check_toolchain()
    root = root or package_dir()
    engines = engines or generated_dir()
    modules, skipped = [], {}
    for module in candidates(root, engines, runtime):
        reason = why_not_compilable(module.source)
        if reason:
            skipped[module.name] = reason
        else:
            modules.append(module)
    log(text("commands.compiled.compiling", count=len(modules)))
    with tempfile.TemporaryDirectory(prefix="gouji-compile-") as tmp:
        stage = Path(tmp)
        paths = _stage(stage, modules, root)
        (stage / "compile-paths.json").write_text(json.dumps(paths), encoding="utf-8")
        done = subprocess.run([sys.executable, "setup_compiled.py"], cwd=stage, capture_output=True, text=True)
        if done.returncode != 0:
            clean(root, engines)
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise CompileError(msg("commands.compiled.mypyc_failed", output=tail))
        built = {m.name: stage / (m.name.replace(".", "/") + EXT_SUFFIX) for m in modules}
        library = shared_library(stage / "gouji_dsl")
        missing = [str(p) for p in [library, *built.values()] if not p.is_file()]
        if missing:
            raise CompileError(msg("commands.compiled.not_written", files=", ".join(missing)))
        clean(root, engines)
        _install(library, shared_library(root))
        for module in modules:
            _install(built[module.name], module.extension)
    manifest = {"python": sys.version.split()[0], "ext_suffix": EXT_SUFFIX,
                "compiled": {m.name: {"source": str(m.source), "sha256": _digest(m.source)} for m in modules},
                "skipped": skipped}
    (root / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def _install(built: Path, target: Path) -> None:
    """Copy beside the target and rename over it: a process that has the old one loaded keeps it."""
    partial = target.with_name(target.name + ".partial")
    shutil.copy2(built, partial)
    os.replace(partial, target)


def clean(root: Path | None = None, engines: Path | None = None) -> list[Path]:
    """Remove every compiled extension of ours and the manifest (the pure-Python engine
    is used again); the paths removed."""
    root = root or package_dir()
    engines = engines or generated_dir()
    removed = []
    paths = [shared_library(root), root / MANIFEST] + [m.extension for m in candidates(root, engines)]
    for path in paths:
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed


def status(root: Path | None = None, engines: Path | None = None) -> dict[str, str]:
    """Each candidate module's state: "compiled", "stale" (its .py changed since the compile:
    the extension still runs the old code), "pure Python", or "pure Python (why mypyc skipped it)"."""
    root = root or package_dir()
    engines = engines or generated_dir()
    try:
        manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    compiled, skipped = manifest.get("compiled", {}), manifest.get("skipped", {})
    library = shared_library(root).is_file()
    out = {}
    for module in candidates(root, engines):
        if library and module.extension.is_file():
            known = compiled.get(module.name)
            fresh = known is not None and known["sha256"] == _digest(module.source)
            out[module.name] = "compiled" if fresh else "stale"
        else:
            reason = skipped.get(module.name) or why_not_compilable(module.source)
            out[module.name] = f"pure Python ({reason})" if reason else "pure Python"
    return out


def stale(root: Path | None = None, engines: Path | None = None) -> list[str]:
    """The compiled modules whose .py changed since the compile (status's "stale" ones), found
    without status's reasons for the pure ones: `gouji build` asks after every build."""
    root = root or package_dir()
    if not shared_library(root).is_file():
        return []
    return [name for name, state in status(root, engines).items() if state == "stale"]


def _state_words(state: str) -> str:
    """A module's state as `status` gives it, in the reader's words."""
    if state == "compiled":
        return text("commands.compiled.state_compiled")
    if state == "stale":
        return text("commands.compiled.state_stale")
    if state.startswith("pure Python ("):
        return text("commands.compiled.state_pure_because", reason=state[len("pure Python ("):-1])
    return text("commands.compiled.state_pure")


def status_text(states: dict[str, str]) -> str:
    compiled = sum(1 for s in states.values() if s == "compiled")
    stale = [name for name, s in states.items() if s == "stale"]
    lines = [f"{name:<40} {_state_words(state)}" for name, state in states.items()]
    if stale:
        summary = text("commands.compiled.summary_stale", compiled=compiled, total=len(states), stale=len(stale))
    else:
        summary = text("commands.compiled.summary", compiled=compiled, total=len(states))
    return "\n".join(lines + [summary]) + "\n"


def run_command(action: str) -> int:
    """`gouji build --compiled` (action "compile"), `--clean` or `--status`; the exit status."""
    if action == "status":
        sys.stdout.write(status_text(status()))
        return 0
    if action == "clean":
        removed = clean()
        print(text("commands.compiled.removed", count=len(removed)))
        return 0
    try:
        manifest = compile_package()
    except CompileError as exc:
        raise UsageError(msg("commands.compiled.cannot_build", reason=exc.args[0])) from None
    for name, reason in manifest["skipped"].items():
        print(text("commands.compiled.skipped", module=name, reason=reason))
    print(text("commands.compiled.done", count=len(manifest["compiled"]), package=package_dir(),
               engines=generated_dir()))
    return 0
