"""Values derived from an object, computed once and kept with the object.

A board keeps its Markov chain, a chain its moments and curves: the cache lives exactly as long
as what it describes, instead of in hidden module-level caches that outlive it (and that equal
but distinct boards would share).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

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
