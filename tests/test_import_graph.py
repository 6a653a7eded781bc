"""The package's import graph: no cycle, and the rules at the bottom.

Read from the source (ast), not by importing. Every import counts, at the top of a module or
inside a function; for the cycle of the whole package an import made under `if TYPE_CHECKING:`
(for the type checker, never run) is left out, but the bottom layers may not make one upward
either.

Layers, bottom up (a module imports only from its own layer and those below):

  foundation  messages, diagnostics, paths, the syntax tree and its parser (lang.nodes, lang.parser:
              a rule's shorthand is written as an expression, model.expr.ChoiceT), the value types,
              formulas and rule fields (model.types, model.expr, model.fields), the checked
              variant (model.variant), the table meanings (model.semantics) and the card notation
              (runtime.cards, runtime.results)
  prose       the books' inline text and blocks, the players' terms (gouji_dsl/prose)
  facets      what a rule's module declares with: the registry, checks, hooks, sentences,
              phrases (gouji_dsl/facets)
  rules       one module per section (gouji_dsl/rules)

and everything else (the schema, docs, diff, backends, runtime's flow, the CLI) above them.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gouji_dsl"

FOUNDATION = ("gouji_dsl.messages", "gouji_dsl.diagnostics", "gouji_dsl.paths", "gouji_dsl.lang.nodes", "gouji_dsl.lang.parser",
              "gouji_dsl.model.types", "gouji_dsl.model.expr", "gouji_dsl.model.fields", "gouji_dsl.model.variant",
              "gouji_dsl.model.semantics",
              "gouji_dsl.runtime.cards", "gouji_dsl.runtime.results")
LAYERS = {  # layer -> the module prefixes it is made of
    "foundation": FOUNDATION,
    "prose": ("gouji_dsl.prose",),
    "facets": ("gouji_dsl.facets",),
    "rules": ("gouji_dsl.rules",),
}
ORDER = list(LAYERS)  # bottom up


def _in(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def layer_of(name: str) -> str | None:
    """The layer of module `name`, None above them all."""
    return next((layer for layer, prefixes in LAYERS.items() if _in(name, prefixes)), None)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def module_names(package: Path) -> dict[str, Path]:
    out = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        out[".".join(parts).removesuffix(".__init__")] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The package module an imported name lives in (a function imported from a module: that module)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, modules: dict[str, Path],
               type_checking: bool = False) -> list[tuple[str, int, bool]]:
    """(module imported, line, at the top level?) for each import of the package `name` makes
    that runs; with `type_checking`, those under TYPE_CHECKING too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, top: bool) -> None:
        if _is_type_checking(node) and not type_checking:
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _resolve(alias.name, modules)
                if target and target != name:
                    found.append((target, node.lineno, top))
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:  # relative: from . import x
                anchor = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = ".".join(anchor[:len(anchor) - node.level + 1] + [node.module])
            for alias in node.names:
                target = _resolve(f"{base}.{alias.name}", modules)
                if target and target != name:
                    found.append((target, node.lineno, top))
        for child in ast.iter_child_nodes(node):
            inner = top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
            visit(child, inner)

    for statement in tree.body:
        visit(statement, True)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def connect(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def layer_breaks(modules: dict[str, Path]) -> list[str]:
    """Every import by a module of the bottom layers of a module of a higher layer, or above them all."""
    out = []
    for name, path in sorted(modules.items()):
        layer = layer_of(name)
        if layer is None:
            continue
        for target, line, _top in imports_of(name, path, modules, type_checking=True):
            target_layer = layer_of(target)
            if target_layer is None or ORDER.index(target_layer) > ORDER.index(layer):
                out.append(f"{name}:{line} ({layer}) imports {target} ({target_layer or 'above the rules'})")
    return out


def mid_module_imports(name: str, path: Path) -> list[int]:
    """Lines of the imports of a module that come after its first statement that is not an import
    (its docstring, `from __future__` and a TYPE_CHECKING block aside)."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    lines, seen_code = [], False
    for i, node in enumerate(body):
        if isinstance(node, (ast.Import, ast.ImportFrom)) or _is_type_checking(node):
            if seen_code:
                lines.append(node.lineno)
        elif not (i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            seen_code = True
    return lines


MODULES = module_names(PACKAGE)


def test_the_top_level_import_graph_has_no_cycle():
    graph = {name: {t for t, _line, top in imports_of(name, path, MODULES) if top} for name, path in MODULES.items()}
    assert cycles(graph) == []


def test_the_rules_sit_below_docs_diff_and_backends():
    assert layer_breaks(MODULES) == []


def test_the_bottom_layers_import_at_the_top_only():
    """No import in the middle of a module or inside a function of the bottom layers: what a
    module needs, it says first."""
    late = [f"{name}:{line}" for name, path in sorted(MODULES.items()) if layer_of(name)
            for line in mid_module_imports(name, path)]
    inner = [f"{name}:{line}" for name, path in sorted(MODULES.items()) if layer_of(name)
             for _target, line, top in imports_of(name, path, MODULES) if not top]
    assert late == [] and inner == []


def test_every_rule_module_is_in_the_rules_layer_and_every_section_is_in_a_rule_module():
    from gouji_dsl.model import schema

    assert {s.__module__ for s in schema.SECTIONS} == {n for n in MODULES if n.startswith("gouji_dsl.rules.")}


# --- the checks themselves find what they look for ----------------------------------------

@pytest.fixture
def scratch(tmp_path):
    """A package gouji_dsl/ of a few modules: prose/a imports rules/b, b imports docs/c, c imports b."""
    root = tmp_path / "gouji_dsl"
    for folder in ("prose", "rules", "docs"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "prose" / "a.py").write_text("from gouji_dsl.rules import b\n")
    (root / "rules" / "b.py").write_text('"""b."""\nfrom gouji_dsl.docs.c import f\n\nX = 1\n\nimport json\n'
                                        "def g():\n    from gouji_dsl.docs import c\n")
    (root / "docs" / "c.py").write_text("from typing import TYPE_CHECKING\nfrom gouji_dsl.rules.b import X\n"
                                        "if TYPE_CHECKING:\n    from gouji_dsl.prose import a\ndef f():\n    pass\n")
    return root


def test_the_checks_find_a_cycle_a_layer_break_and_a_late_import(scratch):
    modules = module_names(scratch)
    graph = {name: {t for t, _line, top in imports_of(name, path, modules) if top} for name, path in modules.items()}
    assert cycles(graph) == [["gouji_dsl.docs.c", "gouji_dsl.rules.b"]]  # the TYPE_CHECKING import is no edge
    assert layer_breaks(modules) == [
        "gouji_dsl.prose.a:1 (prose) imports gouji_dsl.rules.b (rules)",
        "gouji_dsl.rules.b:2 (rules) imports gouji_dsl.docs.c (above the rules)",
        "gouji_dsl.rules.b:8 (rules) imports gouji_dsl.docs.c (above the rules)",
    ]
    assert mid_module_imports("gouji_dsl.rules.b", modules["gouji_dsl.rules.b"]) == [6]
