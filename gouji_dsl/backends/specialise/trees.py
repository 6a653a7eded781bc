"""Walking syntax trees quickly, and what a function binds and reads, in one walk.

`ast.walk` visits the contexts (Load, Store) too and goes through generic field iteration; the
specialiser walks every method several times a round, so it has its own walk.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field


def walk(root: ast.AST) -> Iterator[ast.AST]:
    """Every node under `root` (itself included), contexts left out, in no particular order."""
    stack = [root]
    pop, push, extend = stack.pop, stack.append, stack.extend
    node_type = ast.AST
    while stack:
        node = pop()
        yield node
        for name in node._fields:
            if name == "ctx":
                continue
            value = getattr(node, name, None)
            if type(value) is list:
                extend([v for v in value if isinstance(v, node_type)])
            elif isinstance(value, node_type):
                push(value)


def rewrite(root: ast.AST, replace) -> None:
    """Replace, in place, each node under `root` for which `replace(node)` returns a node (what it
    returns is not looked into); contexts left out. A NodeTransformer without its dispatch by
    name at every node."""
    stack = [root]
    pop, push = stack.pop, stack.append
    node_type = ast.AST
    while stack:
        node = pop()
        for name in node._fields:
            if name == "ctx":
                continue
            value = getattr(node, name, None)
            if type(value) is list:
                for index, item in enumerate(value):
                    if isinstance(item, node_type):
                        new = replace(item)
                        if new is None:
                            push(item)
                        else:
                            value[index] = new
            elif isinstance(value, node_type):
                new = replace(value)
                if new is None:
                    push(value)
                else:
                    setattr(node, name, new)


@dataclass
class Names:
    """What one function binds and reads: counts per name."""

    bound: dict[str, int] = field(default_factory=dict)   # parameters, assignments, loop targets, ...
    read: dict[str, int] = field(default_factory=dict)

    @property
    def local(self) -> set[str]:
        return set(self.bound)


def names(fn: ast.FunctionDef) -> Names:
    found = Names()
    bound, read = found.bound, found.read
    a = fn.args
    for arg in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x is not None]:
        bound[arg.arg] = bound.get(arg.arg, 0) + 1
    for node in walk(fn):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                read[node.id] = read.get(node.id, 0) + 1
            else:
                bound[node.id] = bound.get(node.id, 0) + 1
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound[node.name] = bound.get(node.name, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bound[name] = bound.get(name, 0) + 2  # never a local of ours to touch
        elif isinstance(node, ast.Lambda):  # its parameters shadow ours inside it: counted as bindings
            for arg in node.args.args:
                bound[arg.arg] = bound.get(arg.arg, 0) + 1
    return found
