"""A bounded memo for the bots: the newest ``limit`` entries, the oldest dropped first.

A bot at a long-running table makes new keys every hand. Emptying a full memo at once (what
the bots did before) makes a server's memory a saw: it fills, is dropped, refills, and every
refill scatters new objects among the long-lived ones, so the process's resident memory kept
creeping for a 30-minute soak (issue 26, ``benchmarks/bench_soak.py``). Dropping one entry
at a time keeps the memo's size, and so the memory it holds, steady; and a memo that only
hits within a hand keeps that hand's entries.

    >>> memo: Memo[str, int] = Memo(2)
    >>> memo.put("a", 1); memo.put("b", 2); memo.put("c", 3)
    >>> memo.get("a") is None, memo.get("c"), len(memo)
    (True, 3, 2)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

__all__ = ["Memo"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """At most ``limit`` entries; :meth:`put` past it drops the oldest."""

    __slots__ = ("_items", "limit")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a memo keeps at least one entry")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or ``None``."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (the oldest entry goes when the memo is full)."""
        self._items[key] = value
        if len(self._items) > self.limit:
            self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)
