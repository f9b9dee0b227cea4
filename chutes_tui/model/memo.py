"""Values derived from an object, computed once and kept with the object.

A board keeps its Markov chain, a chain its moments and curves: the cache lives exactly as long
as what it describes, instead of in hidden module-level caches that outlive it (and that equal
but distinct boards would share). Where the values have no end (every position a game meets),
a :class:`Recent` inside the memo keeps only the most recently used.

Each value has a typed key, a :class:`MemoKey` declared as a module-level constant beside the
function that computes it (``CHAIN: MemoKey[Board, Chain] = MemoKey("chain")``): what a board or
a chain carries is found by searching for the constant, and mypy checks both the value's type
and which kind of object (board or chain) may carry it. A value with a parameter (one series per
row, one joint chain per count of players) has a :class:`MemoFamily`, whose ``at(parameter)``
is the key of one member. Plain strings are refused, by the types and at run time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Owner = TypeVar("Owner")  # the kind of object whose memo carries the value (a board, a chain)
P = TypeVar("P", bound=Hashable)


class MemoKey(Generic[Owner, T]):
    """The key of one value of type ``T`` kept with an ``Owner``. Keys compare by identity: two
    constants never share a value, whatever their names (the name is for ``repr`` only)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"MemoKey({self.name!r})"


class _Member(MemoKey[Owner, T]):
    """One member of a :class:`MemoFamily`: equal to every other key of the same family and
    parameter, so that ``FAMILY.at(3)`` asked twice finds one value."""

    __slots__ = ("family", "parameter")

    def __init__(self, family: MemoFamily[Any, Owner, T], parameter: Hashable) -> None:
        super().__init__(f"{family.name}[{parameter!r}]")
        self.family = family
        self.parameter = parameter

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Member) and other.family is self.family and other.parameter == self.parameter
        )

    def __hash__(self) -> int:
        return hash((id(self.family), self.parameter))


class MemoFamily(Generic[P, Owner, T]):
    """Values of type ``T`` kept with an ``Owner``, one for each parameter ``P`` (a row, a dtype)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def at(self, parameter: P) -> MemoKey[Owner, T]:
        return _Member(self, parameter)

    def __repr__(self) -> str:
        return f"MemoFamily({self.name!r})"


class Memo(Generic[Owner]):
    """The values kept with one ``Owner``, each under its :class:`MemoKey`."""

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[MemoKey[Owner, Any], Any] = {}

    def get(self, key: MemoKey[Owner, T], compute: Callable[[], T]) -> T:
        """``compute()`` the first time ``key`` is asked for; the same value afterwards."""
        values = self._values
        if key not in values:
            values[_checked(key)] = compute()
        value: T = values[key]
        return value

    def has(self, key: MemoKey[Owner, Any]) -> bool:
        """Whether ``key`` has been computed (a caller may choose a cheaper road if not)."""
        return _checked(key) in self._values

    def peek(self, key: MemoKey[Owner, T]) -> T | None:
        """The value of ``key`` if it has been computed, without computing it."""
        value: T | None = self._values.get(_checked(key))
        return value

    def __repr__(self) -> str:
        return f"Memo({sorted(key.name for key in self._values)})"


def _checked(key: MemoKey[Owner, T]) -> MemoKey[Owner, T]:
    """``key`` itself; a ``TypeError`` for anything but a :class:`MemoKey` (a string, say),
    since a key that is not a declared constant cannot be found by search."""
    if not isinstance(key, MemoKey):
        raise TypeError(f"a memo's keys are MemoKey constants, not {type(key).__name__}")
    return key


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
