r"""The turn chain in integers: ``Q = A / c`` and ``r = ρ / c`` with ``A``, ``ρ`` integer and ``c``
the common denominator of every entry.

Then ``S(n) = (Aⁿ 1) / cⁿ`` and ``f(n) = (Aⁿ⁻¹ ρ) / cⁿ`` for every state at once, so long series
of survival and finishing probabilities are exact integers over powers of ``c``: no fraction is
ever reduced, and each step is one sparse integer matrix-vector product. The entries are Python
integers, and a product keeps the type of the vector it is given (the seats' long sums pass
gmpy2's, whose import alone costs more than ``exact standard``'s series: it is left off that path).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm
from typing import TYPE_CHECKING, TypeVar

from flint import fmpz_mat

from chutes_tui.exact.chain import ExactChain
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey

if TYPE_CHECKING:
    import gmpy2

Number = TypeVar("Number", int, "gmpy2.mpz")


@dataclass(frozen=True, eq=False)
class IntegerChain:
    c: int
    rows: tuple[tuple[tuple[int, int], ...], ...]  # row i: (column, A[i, column]) non-zero
    rho: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.rows)

    def step(self, vector: list[Number]) -> list[Number]:
        """``A · vector``, in the vector's integer type."""
        zero = vector[0] * 0 if vector else 0
        return [sum((a * vector[j] for j, a in row), zero) for row in self.rows]

    def powers(self, vector: list[int], count: int) -> list[list[int]]:
        """``[v, Av, …, A^(count-1) v]``. A dense ``A`` (the extra-roll rule makes one) is
        multiplied in FLINT: a Python sum over n² entries a turn would dominate."""
        n = self.size
        if 8 * sum(len(row) for row in self.rows) <= n * n:
            result = [[int(x) for x in vector]]
            for _ in range(1, count):
                vector = self.step(vector)
                result.append([int(x) for x in vector])
            return result
        matrix = fmpz_mat(n, n)
        for i, row in enumerate(self.rows):
            for j, a in row:
                matrix[i, j] = int(a)
        column = fmpz_mat(n, 1, [int(x) for x in vector])
        result = [[int(x) for x in vector]]
        for _ in range(1, count):
            column = matrix * column
            result.append([int(column[i, 0]) for i in range(n)])
        return result


# The integer form of the board's exact chain.
INTEGER_CHAIN: MemoKey[Board, IntegerChain] = MemoKey("integer_chain")


def integer_chain(chain: ExactChain) -> IntegerChain:
    """Kept with the board the chain belongs to."""
    return chain.board.memo.get(INTEGER_CHAIN, lambda: _integer_chain(chain))


def _integer_chain(chain: ExactChain) -> IntegerChain:
    n = chain.size
    q_entries = [chain.Q[i, j] for i in range(n) for j in range(n)]
    r_entries = [chain.finish[i, 0] for i in range(n)]
    c = lcm(*(int(x.q) for x in q_entries + r_entries))
    rows = tuple(
        tuple((j, int(q_entries[i * n + j] * c)) for j in range(n) if q_entries[i * n + j] != 0)
        for i in range(n)
    )
    return IntegerChain(c, rows, tuple(int(x * c) for x in r_entries))
