"""Values derived from an object, computed once and kept with the object.

A board keeps its Markov chain, a chain its moments and curves: the cache lives exactly as long
as what it describes, instead of in hidden module-level caches that outlive it (and that equal
but distinct boards would share). Where the values have no end (every position a game meets),
a :class:`Recent` inside the memo keeps only the most recently used.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Memo:
    def __init__(self) -> None:
        self._values: dict[str, Any] = {}

    def get(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` the first time ``key`` is asked for; the same value afterwards."""
        if key not in self._values:
            self._values[key] = compute()
        value: T = self._values[key]
        return value

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` has been computed (a caller may choose a cheaper road if not)."""
        return key in self._values

    def __repr__(self) -> str:
        return f"Memo({sorted(self._values)})"


K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` values, the least recently used dropped first: a cache that a long run
    (``watch --loop`` for hours) cannot grow. Threads may share it (a front end's worker and its
    UI thread ask for the same chain's odds)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def __len__(self) -> int:
        return len(self._values)
