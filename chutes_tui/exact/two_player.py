r"""Exact two-player win probabilities from generating functions.

Let the player to move stand on ``a`` and the opponent on ``b``. Players never interact, so
with ``T_a``, ``T_b`` their independent finishing turns, the mover wins iff ``T_a ≤ T_b``:

    P(a, b) = Σₙ f_a(n) · S_b(n - 1),

``f`` the pmf and ``S(n) = P(T > n)``. Both series have rational generating functions with one
common denominator ``D(z) = det(I - zQ)``:

    F_a(z) = Σ f_a(n) zⁿ = z·e_a (I - zQ)⁻¹ r = N_a(z) / D(z)
    G_b(z) = Σ S_b(n-1) zⁿ = z·e_b (I - zQ)⁻¹ 1 = M_b(z) / D(z)

where the numerators have degree ≤ n (the number of states), so they follow exactly from the
first n + 2 terms of each series times ``D``. The sum is the constant term of
``F_a(z) · G_b(1/z)`` in the annulus ``ρ < |z| < 1/ρ`` (ρ < 1 the spectral radius of Q):

    P(a, b) = Σ_{i,j} N_a[i] · R(i - j) · M_b[j],    R(t) = Σ_k h_k h_{k+t},

with ``h`` the power series of ``1/D``. R is symmetric, and since ``Σ_j D_j h_{k-j} = δ_k``,

    Σ_{j=0}^{deg D} D_j · R(|t - j|) = δ_t    (t ≥ 0),

a small exact linear system for ``R(0..deg D)``; the same relation extends R beyond. So the
whole table is ``N · C · Mᵀ`` with the Toeplitz matrix ``C[i, j] = R(|i - j|)``, and one
position is a vector-matrix-vector product. For ``a = b`` this is ``½ + ½ Σ pₙ²``, the seed's
"diagonal squares" (section "The Answer" of the exact-probability notebook, whose 4,453-digit
fraction this reproduces).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import gmpy2
from flint import fmpq, fmpq_mat, fmpq_poly

from chutes_tui.exact.chain import ExactChain, exact_chain
from chutes_tui.exact.integer import integer_chain
from chutes_tui.model.board import Board


def _column_series(chain: ExactChain, start: fmpq_mat, terms: int) -> list[fmpq_mat]:
    """``[0, v, Qv, Q²v, …]``: ``terms`` columns, every state's series at once."""
    columns = [fmpq_mat(chain.size, 1, [0] * chain.size)]
    vector = start
    for _ in range(1, terms):
        columns.append(vector)
        vector = chain.Q * vector
    return columns


@dataclass(frozen=True, eq=False)
class ExactTwoPlayer:
    """Exact P(player to move on ``a`` beats an opponent on ``b``) for any two squares."""

    chain: ExactChain

    @property
    def board(self) -> Board:
        return self.chain.board

    @cached_property
    def denominator(self) -> fmpq_poly:
        """``D(z) = det(I - zQ)``: the characteristic polynomial read backwards."""
        coefficients = self.chain.Q.charpoly().coeffs()  # det(xI - Q), lowest degree first
        return fmpq_poly(list(reversed(coefficients)))

    @property
    def terms(self) -> int:
        return self.chain.size + 2

    @cached_property
    def toeplitz(self) -> fmpq_mat:
        """``C[i, j] = R(|i - j|)``, the autocorrelation of ``1/D``'s power series."""
        d = self.denominator.coeffs()
        degree = len(d) - 1
        system = fmpq_mat(degree + 1, degree + 1)
        for t in range(degree + 1):
            for j in range(degree + 1):
                system[t, abs(t - j)] += d[j]
        solved = system.solve(fmpq_mat(degree + 1, 1, [1] + [0] * degree))
        r = [solved[i, 0] for i in range(degree + 1)]
        while len(r) < self.terms:
            t = len(r)
            r.append(-sum((d[j] * r[t - j] for j in range(1, degree + 1)), fmpq(0)) / d[0])
        size = self.terms
        return fmpq_mat(size, size, [r[abs(i - j)] for i in range(size) for j in range(size)])

    def _numerators(self, columns: list[fmpq_mat]) -> fmpq_mat:
        """Row ``s``: coefficients of the numerator of state ``s``'s series times ``D``."""
        n, size = self.chain.size, self.terms
        rows: list[fmpq] = []
        for state in range(n):
            series = fmpq_poly([columns[k][state, 0] for k in range(size)])
            coefficients = (series * self.denominator).truncate(size).coeffs()
            rows.extend(coefficients + [fmpq(0)] * (size - len(coefficients)))
        return fmpq_mat(n, size, rows)

    @cached_property
    def finishing_numerators(self) -> fmpq_mat:
        """``N``: numerators of every state's pmf generating function."""
        return self._numerators(_column_series(self.chain, self.chain.finish, self.terms))

    @cached_property
    def survival_numerators(self) -> fmpq_mat:
        """``M``: numerators of every state's shifted-survival generating function."""
        n = self.chain.size
        return self._numerators(_column_series(self.chain, fmpq_mat(n, 1, [1] * n), self.terms))

    def _weighted_row(self, state: int) -> fmpq_mat:
        """Row ``state`` of ``N · C`` (1 × terms), kept for the positions that follow."""
        cached = self._rows.get(state)
        if cached is None:
            numerator = self.finishing_numerators
            row = fmpq_mat(1, self.terms, [numerator[state, k] for k in range(self.terms)])
            cached = self._rows[state] = row * self.toeplitz
        return cached

    @cached_property
    def _rows(self) -> dict[int, fmpq_mat]:
        return {}

    def probability(self, mover: int, opponent: int) -> fmpq:
        """Exact win probability of the player to move on ``mover`` against ``opponent``."""
        end = self.board.end
        if mover == end:
            return fmpq(1)
        if opponent == end:
            return fmpq(0)
        a, b = self.chain.row(mover), self.chain.row(opponent)
        weighted, survival = self._weighted_row(a), self.survival_numerators
        return sum((weighted[0, k] * survival[b, k] for k in range(self.terms)), fmpq(0))

    @property
    def first_player(self) -> fmpq:
        start = self.board.start
        return self.probability(start, start)

    def table(self, progress: Callable[[int, int], None] | None = None) -> fmpq_mat:
        """Every position at once: ``(N C) Mᵀ``, computed a block of rows at a time so that
        ``progress(done, total)`` can report."""
        n = self.chain.size
        numerators, transposed = self.finishing_numerators, self.survival_numerators.transpose()
        block = max(1, n // 20)
        rows: list[fmpq] = []
        for first in range(0, n, block):
            last = min(first + block, n)
            part = fmpq_mat(
                last - first,
                self.terms,
                [numerators[i, k] for i in range(first, last) for k in range(self.terms)],
            )
            product = part * self.toeplitz * transposed
            rows.extend(product[i, j] for i in range(last - first) for j in range(n))
            if progress is not None:
                progress(last, n)
        return fmpq_mat(n, n, rows)


def exact_two_player(board: Board) -> ExactTwoPlayer:
    """Kept with the board: its series and Toeplitz system serve every later position."""
    return board.memo.get("exact_two_player", lambda: ExactTwoPlayer(exact_chain(board)))


def seed_bounds(board: Board, moves: int, progress: Callable[[int], None] | None = None) -> tuple[fmpq, fmpq]:
    """The seed's bounds on P(first player wins) after ``moves`` turns, exactly:
    lower ``½ + ½ Σ_{n≤m} pₙ²``, upper adding ``½ (1 - Σ_{n≤m} pₙ)²`` (all the unfinished games
    ending together on the next turn).

    With ``pₙ = aₙ / cⁿ`` (:mod:`.integer`), both sums are integers over ``c²ᵐ`` and ``cᵐ``,
    accumulated by Horner's rule: memory stays one vector of integers whatever ``moves`` is.
    ``progress(done)`` is told every 256 moves.
    """
    chain = exact_chain(board)
    row = chain.row(board.start)
    integer = integer_chain(chain)
    c = gmpy2.mpz(integer.c)
    squares = gmpy2.mpz(0)  # Σ aₙ² c^(2(m-n))
    total = gmpy2.mpz(0)  # Σ aₙ c^(m-n)
    vector = list(integer.rho)  # A^(n-1) ρ
    for done in range(moves):
        if progress is not None and done % 256 == 0:
            progress(done)
        a = vector[row]
        squares = squares * c * c + a * a
        total = total * c + a
        vector = integer.step(vector)
    scale = c**moves
    half = fmpq(1, 2)
    lower = half + half * fmpq(int(squares), int(scale * scale))
    upper = lower + half * (1 - fmpq(int(total), int(scale))) ** 2
    return lower, upper
