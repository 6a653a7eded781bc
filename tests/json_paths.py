"""Paths into a JSON value, for the fuzzers that mutate one (conformance cases, histories)."""
from __future__ import annotations


def nodes(value, path=()):
    """Every (path, value) inside a JSON value, the root included; a path is the keys and
    indexes that lead to the value."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from nodes(item, path + (index,))


def set_at(root, path, value):
    """`root` with the value at `path` replaced by `value` (in place; the root path gives `value`)."""
    if not path:
        return value
    parent = root
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return root
