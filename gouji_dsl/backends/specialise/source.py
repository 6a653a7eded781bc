"""The flow as the specialiser reads it: the methods of the unspecialised `Game` (runtime/flow.py)
and its bases `SetUp` (runtime/setup.py) and `State` (runtime/state.py) as syntax trees, with the
module each was written in (its free names are looked up there) and the comments of its lines;
the research API's mixins, whose methods a specialised game offers by delegation; and `State`'s
fields.

The files are parsed once per process; every specialisation works on fresh copies of the trees.
"""
from __future__ import annotations

import ast
import io
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import gouji_dsl
from gouji_dsl.backends.specialise.trees import walk
from gouji_dsl.runtime import flow, setup, state

PACKAGE = Path(gouji_dsl.__file__).resolve().parent  # gouji_dsl/__init__.py is never compiled

# The classes whose methods make the flow, base first: a method of a later class overrides
# an earlier one's, as in Game's method resolution order.
FLOW_CLASSES = ((state, "State"), (setup, "SetUp"), (flow, "Game"))
# Methods that go over every field; the specialiser writes them out field by field
# (specialise/fields.py) instead of specialising their source.
FIELD_METHODS = ("_reset_deal", "_reset_round", "clone", "_take_state")


@dataclass
class Method:
    """One method of the flow: its syntax tree (a copy of its own), where it was written."""

    name: str
    node: ast.FunctionDef
    module: ModuleType       # its free names are this module's globals
    owner: str               # the class it was written in: State, SetUp or Game


@dataclass(frozen=True)
class Comments:
    """The comments of one source file: per line, the comment on it, and whether the line
    holds nothing else."""

    text: dict[int, str]
    alone: frozenset[int]

    def above(self, line: int) -> list[str]:
        """The comment lines right above `line` (a block of lines holding only a comment)."""
        found = []
        at = line - 1
        while at in self.alone:
            found.append(self.text[at])
            at -= 1
        return found[::-1]

    def after(self, line: int) -> str | None:
        """The comment at the end of `line`, if the line holds code too."""
        return None if line in self.alone else self.text.get(line)


@dataclass(frozen=True)
class _Parsed:
    methods: dict[str, tuple[ast.FunctionDef, ModuleType, str]]
    comments: dict[str, Comments]      # module name -> its comments
    mixins: tuple[tuple[type, tuple[ast.FunctionDef, ...]], ...]
    texts: dict[str, str]              # module name -> its source (parsed again for fresh trees)


_PARSED: list[_Parsed] = []


def source_path(module: ModuleType) -> Path:
    """The .py file of a module of the package, found from the package's own folder: a compiled
    module's __file__ (and spec) can be the relative path it was compiled from."""
    return PACKAGE.joinpath(*module.__name__.split(".")[1:]).with_suffix(".py")


def _comments(text: str) -> Comments:
    found: dict[int, str] = {}
    code: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string
        elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                                tokenize.ENDMARKER):
            code.update(range(token.start[0], token.end[0] + 1))
    return Comments(found, frozenset(line for line in found if line not in code))


def _class_node(tree: ast.Module, name: str) -> ast.ClassDef:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise LookupError(f"no class {name} in the flow's source")


def _tag(node: ast.AST, module: str) -> None:
    """Mark every statement with the module it comes from (for its comments)."""
    for child in walk(node):
        if isinstance(child, ast.stmt):
            child.origin = module  # type: ignore[attr-defined]


def _parse() -> _Parsed:
    comments: dict[str, Comments] = {}
    texts: dict[str, str] = {}
    for module, _cls in FLOW_CLASSES:
        text = texts[module.__name__] = source_path(module).read_text(encoding="utf-8")
        comments[module.__name__] = _comments(text)
    methods = _methods(texts)
    mixins = []
    for base in flow.Game.__mro__:
        if base.__module__ in {m.__name__ for m, _c in FLOW_CLASSES} or base is object:
            continue
        module = sys.modules[base.__module__]
        tree = ast.parse(source_path(module).read_text(encoding="utf-8"))
        defs = tuple(n for n in _class_node(tree, base.__name__).body if isinstance(n, ast.FunctionDef))
        mixins.append((base, defs))
    return _Parsed(methods, comments, tuple(mixins), texts)


def _methods(texts: dict[str, str]) -> dict[str, tuple[ast.FunctionDef, ModuleType, str]]:
    """The flow's methods parsed from the sources (a later class's method overriding an earlier one's)."""
    methods: dict[str, tuple[ast.FunctionDef, ModuleType, str]] = {}
    for module, cls in FLOW_CLASSES:
        for node in _class_node(ast.parse(texts[module.__name__]), cls).body:
            if isinstance(node, ast.FunctionDef):
                _tag(node, module.__name__)
                methods[node.name] = (node, module, cls)
    return methods


def parsed() -> _Parsed:
    if not _PARSED:
        _PARSED.append(_parse())
    return _PARSED[0]


def parsed_class(module: ModuleType, name: str) -> ast.ClassDef:
    """A class of the flow's modules as its source writes it."""
    return _class_node(ast.parse(parsed().texts[module.__name__]), name)


def flow_methods() -> dict[str, Method]:
    """Every method of the flow (fresh trees: parsing again is quicker than copying), the field
    methods left out."""
    return {name: Method(name, node, module, owner)
            for name, (node, module, owner) in _methods(parsed().texts).items() if name not in FIELD_METHODS}


def comments_of(module_name: str) -> Comments:
    return parsed().comments[module_name]


def mixin_methods() -> list[tuple[type, ast.FunctionDef]]:
    """(mixin class, method) of the research API's mixins, in the unspecialised Game's order:
    a specialised game delegates each to its mixin (a method the flow defines itself wins)."""
    seen = set(parsed().methods)
    out = []
    for cls, defs in parsed().mixins:
        for node in defs:
            if node.name not in seen:
                seen.add(node.name)
                out.append((cls, node))
    return out


def fields() -> tuple:
    """State's fields (dataclasses.Field), in order."""
    return state.FIELDS
