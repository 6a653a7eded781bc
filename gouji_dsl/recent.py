"""Caches of what a process used last, bounded: the engines codegen rendered and specialised, the
books docs.rulebook built. A long-lived process (an editor, a soak, a test worker) keeps the most
recent entries, not every one it ever made."""
from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep_recent(cache: OrderedDict[K, V], key: K, value: V, most: int) -> None:
    """`cache[key] = value`, marked the most recently used; the least recently used entries
    beyond `most` dropped."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > most:
        cache.popitem(last=False)
