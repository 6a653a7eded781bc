"""The game flow specialised to one variant: the first Futamura projection.

The flow (`Game` in runtime/flow.py, with `SetUp` and `State`) is an interpreter of a variant's
settings: it reads some sixty of them from `self.r` on every action. Specialised to one
variant's `RULES`, it is a compiled program: the settings are constants, the branches they
decide are cut, the helpers that become one expression are written into their callers, the
methods nothing calls any more are gone, and the fields are reset and copied field by field.
The result is a class `Game` with the same API, written into the variant's generated module.

The stages, each over plain syntax trees (`ast`), in source.py .. emit.py:

    source   the flow's methods, their modules and comments; State's fields
    fold     RULES.<setting> to its value, constant expressions evaluated, dead branches cut
    locals   names bound once to a constant propagated, unused ones dropped
    inline   one-expression methods written into their callers, do-nothing calls dropped
    reach    methods nothing reaches dropped
    fields   the field declarations and the four methods over all fields
    imports  the names the class reads, imported into the engine module
    emit     the class as text, with the source's comments

fold, locals, inline and reach repeat until nothing changes (each can open work for the
others). The unspecialised flow stays what it was: what the specialiser reads, and what plays
games whose rules are built at run time (the diff's hybrid variants).
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, replace
from typing import Any

from gouji_dsl.backends.specialise import fields, imports, reach, source
from gouji_dsl.backends.specialise.emit import INDENT, Printer, docstring
from gouji_dsl.backends.specialise.fold import fold_function
from gouji_dsl.backends.specialise.inline import inline_methods
from gouji_dsl.backends.specialise.constants import constant_fields, constant_functions, read_constant_fields
from gouji_dsl.backends.specialise.known import Known, own_names, settings_and_constants
from gouji_dsl.backends.specialise.locals import settle_locals
from gouji_dsl.backends.specialise.trees import names, walk

__all__ = ["Specialised", "SpecialiseError", "specialise"]

CLASS_NAME = "Game"
MAX_ROUNDS = 30  # rounds of fold/locals/inline/reach; the flow settles in a handful
# Names the field declarations and field methods read.
FIELD_IMPORTS = ("from typing import Any, Final", "import random", "from fractions import Fraction",
                 "from gouji_dsl.runtime.actions import Action",
                 "from gouji_dsl.runtime.state import Match, Phase, Rules, _copy_rng")
CLASS_DOC = """One game of {variant}: gouji_dsl.runtime.flow's Game specialised to this variant's rules
    (gouji_dsl.backends.specialise). Create with `new_game` (or `new_position`)."""


class SpecialiseError(Exception):
    """The flow could not be specialised (a bug of the specialiser or of the flow's source)."""


@dataclass(frozen=True)
class Specialised:
    imports: tuple[str, ...]      # import lines the class needs (merged with the module's own by codegen)
    constants: tuple[str, ...]    # `NAME = expression` lines, after RULES and before the class
    source: str                   # the class
    variant: str                  # the variant its docstring names: nothing else of the class reads the name

    def renamed(self, variant: str) -> Specialised:
        """The same game, its docstring naming `variant`: for another variant of the same rules."""
        old, new = ("\n".join(docstring(CLASS_DOC.format(variant=name), INDENT)) for name in (self.variant, variant))
        if self.source.count(old) != 1:
            raise SpecialiseError(f"the class of {self.variant} does not name it once in its docstring")
        return replace(self, source=self.source.replace(old, new), variant=variant)


def _settle(methods: dict[str, source.Method], known: Known, needed: set[str]) -> None:
    trees = {name: m.node for name, m in methods.items()}
    dirty = set(trees)  # folding a method that did not change since it was folded changes nothing
    attributes: dict[str, set[str]] = {}
    fields: dict[str, tuple] = {}  # the fields found constant so far
    for _round in range(MAX_ROUNDS):
        changed = False
        for name in [n for n in trees if n in dirty]:  # in source order: the output never depends on hashing
            fn = trees[name]
            refold = True
            while True:
                found = names(fn)
                propagated, dropped = settle_locals(fn, found)
                # Folding again finds something new only where a name was propagated or an
                # assignment dropped since (a fold has folded all it could).
                folded = fold_function(fn, known, found.local) if refold or propagated or dropped else False
                if not (propagated or folded or dropped):
                    break
                changed = True
                refold = False
        # The attribute names each method reads, found again only where a method changed.
        for name in [n for n in trees if n in dirty or n not in attributes]:
            attributes[name] = {n.attr for n in walk(trees[name]) if n.__class__ is ast.Attribute}
        inlined = inline_methods(trees, attributes)
        for name in inlined:
            attributes[name] = {n.attr for n in walk(trees[name]) if n.__class__ is ast.Attribute}
        pruned = reach.prune(trees, needed, attributes)
        dirty = set(inlined) & set(trees)
        if not (changed or inlined or pruned):
            # Settled: the fields nothing changes any more are read as their values, and again.
            unchanged = constant_fields(trees)
            if unchanged.keys() - fields.keys():
                fields.update(unchanged)
                dirty = {name for name, fn in trees.items() if read_constant_fields(fn, fields)}
                if dirty:
                    continue
            for name in list(methods):
                if name not in trees:
                    del methods[name]
            return
    raise SpecialiseError(f"the flow did not settle in {MAX_ROUNDS} rounds of folding")


def _delegate(mixin: type, fn: ast.FunctionDef) -> ast.FunctionDef:
    """`def name(self, ...): return Mixin.name(self, ...)`, the signature as written (unannotated)."""
    a = fn.args
    if a.vararg or a.kwarg or a.posonlyargs or a.kwonlyargs:
        raise SpecialiseError(f"{mixin.__name__}.{fn.name}: a delegate takes plain parameters only")
    names = [p.arg for p in a.args]
    defaults = [None] * (len(names) - len(a.defaults)) + list(a.defaults)
    signature = ", ".join(n if d is None else f"{n}={ast.unparse(d)}" for n, d in zip(names, defaults))
    delegate = ast.parse(f"def {fn.name}({signature}):\n"
                         f"    return {mixin.__name__}.{fn.name}({', '.join(names)})").body[0]
    assert isinstance(delegate, ast.FunctionDef)
    if ast.get_docstring(fn, clean=False):
        delegate.body.insert(0, fn.body[0])
    return delegate


def specialise(namespace: dict[str, Any], variant: str, module_source: str = "") -> Specialised:
    """The flow specialised to the engine module whose namespace (after execution) is given, and
    its source (which of its functions return a constant)."""
    known = Known(namespace, constant_functions(module_source) if module_source else {})
    methods = source.flow_methods()
    for method in methods.values():
        settings_and_constants(method.node, vars(method.module), names(method.node).local)
    delegates, field_methods, needed = _fixed_parts()
    _settle(methods, known, needed)
    for method in methods.values():
        own_names(method.node, known, names(method.node).local)
    known.drop_unused({name for m in methods.values() for name in names(m.node).read})

    # The names the class reads, imported; those the folder put in are the engine module's own.
    own = known.inserted | set(known.constants) | {CLASS_NAME}
    binder = imports.Imports(namespace)
    for method in methods.values():
        free = imports.free_names(method.node)
        clash = {name for name in own & free if name in vars(method.module)
                 and vars(method.module)[name] is not namespace.get(name, known.value_of(name)[1])}
        if clash:
            raise SpecialiseError(f"{method.name} reads {', '.join(sorted(clash))}, names the engine module "
                                  "binds to something else")
        binder.resolve(method.node, method.module, own, free)
    for mixin, _fn in delegates:
        binder.need(mixin.__name__, mixin)
    for name, text in known.constants.items():
        expression = ast.parse(text, mode="eval")
        for read in sorted(imports.free_names(expression) - own):
            target = binder.need(read, _lookup(read))
            if target != read:
                raise SpecialiseError(f"the constant {name} = {text} reads {read}, a name the engine binds otherwise")
    # Final: a compiled engine keeps them in C variables instead of looking them up by name.
    constants = tuple(f"{name}: Final = {text}" for name, text in sorted(known.constants.items()))
    import_lines = tuple(imports.merged(list(FIELD_IMPORTS) + binder.sorted_lines()))
    return Specialised(import_lines, constants, _class_source(variant, methods, field_methods, delegates), variant)


_FIXED: list[tuple] = []


def _fixed_parts() -> tuple[list, list, set[str]]:
    """What every specialised game has alike: the delegates to the research API's mixins, the
    field methods, and the attribute names they read (methods the game must keep). Made once
    (specialising reads them and never changes them)."""
    if not _FIXED:
        delegates = [(mixin, _delegate(mixin, fn)) for mixin, fn in source.mixin_methods()]
        field_methods = [ast.parse(text).body[0] for text in fields.methods(CLASS_NAME)]
        needed = {n.attr for tree in field_methods + [d for _m, d in delegates] for n in ast.walk(tree)
                  if isinstance(n, ast.Attribute)}
        _FIXED.append((delegates, field_methods, needed))
    return _FIXED[0]


def _lookup(name: str) -> Any:
    """A name a build-time constant's definition reads, as the flow's modules bind it."""
    for module, _cls in source.FLOW_CLASSES:
        if name in vars(module):
            return vars(module)[name]
    raise SpecialiseError(f"a constant of the specialised game reads {name!r}, which the flow does not bind")


# Where each part of the class comes from, in the order the class shows them.
_SECTIONS = (("Game", "gouji_dsl/runtime/flow.py: the round, the legal actions, the moves, the results"),
             ("SetUp", "gouji_dsl/runtime/setup.py: the deal, tribute, buying, 宣点 and 革命"),
             ("State", "gouji_dsl/runtime/state.py: the fields"))


def _class_source(variant: str, methods: dict[str, source.Method], field_methods: list,
                  delegates: list) -> str:
    printer = Printer({name: source.comments_of(name) for name in
                       {m.module.__name__ for m in methods.values()}})
    lines = printer.lines
    lines.append(f"class {CLASS_NAME}:")
    lines.extend(docstring(CLASS_DOC.format(variant=variant), INDENT))
    lines.append("")
    lines.append(f"{INDENT}# The fields (gouji_dsl/runtime/state.py State): every attribute a game has.")
    lines.extend(INDENT + line for line in fields.declarations())
    for owner, title in _SECTIONS:
        lines.append("")
        lines.append(f"{INDENT}# --- from {title} " + "-" * max(3, 100 - len(title)))
        for method in methods.values():
            if method.owner == owner:
                lines.append("")
                printer.function(method.node, INDENT)
        if owner == "State":
            for fn in field_methods:
                lines.append("")
                printer.function(fn, INDENT)
    lines.append("")
    lines.append(f"{INDENT}# --- the research API (action ids, observations, resampling, bounds): "
                 "its mixins' methods, on this game " + "-" * 4)
    for _mixin, fn in delegates:
        lines.append("")
        printer.function(fn, INDENT)
    return "\n".join(lines) + "\n"
