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

with ``h`` the power series of ``1/D``. For ``a = b`` this is ``½ + ½ Σ pₙ²``, the seed's
"diagonal squares" (section "The Answer" of the exact-probability notebook, whose 4,453-digit
fraction this reproduces).

**All in integers.** With ``Q = A/c`` (:mod:`.integer`), ``D(z) = e(z/c)`` for the integer
polynomial ``e(w) = det(I - wA)`` (FLINT's integer characteristic polynomial, reversed), and the
series are ``f_a(k) = (A^(k-1) ρ)_a / cᵏ``, ``S_b(k-1) = c (A^(k-1) 1)_b / cᵏ``: integer vectors
from sparse products. So ``N_a(z) = Y_a(z/c)`` with ``Y_a`` the first n + 2 coefficients of
(integer series)·``e``, and likewise ``M_b``; nothing is ever reduced until the one fraction at
the end.

**The autocorrelation** ``R(0..n+1)`` is found modulo word-size primes from a partial-fraction
split of ``1/(D(z) D(1/z))`` and put together by the Chinese remainder theorem over a proven
denominator and a proven bound (:mod:`.autocorrelation`); it shares one denominator. (The old
route, a dense ``(d+1)²`` rational solve and a dense Toeplitz matrix, took minutes and gigabytes
at 400 squares; ``tests/unit/exact/reference.py`` keeps it to compare against.)

A position is then ``Σ_s C_s R(|s|)`` with ``C`` the cross-correlation of the two numerators
(one small polynomial product), and the whole table is ``(N C) Mᵀ`` with the rows of ``N C``
(``C[i, j] = R(|i - j|)``) again polynomial products rather than a dense Toeplitz matrix.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from flint import fmpq, fmpq_mat, fmpq_poly, fmpz, fmpz_mat, fmpz_poly

from chutes_tui.analysis.states import Position, square_of
from chutes_tui.exact.autocorrelation import autocorrelation
from chutes_tui.exact.chain import ExactChain, exact_chain
from chutes_tui.exact.integer import IntegerChain, integer_chain
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey

# Rows of the table are built a block at a time; a block's rows of N·C (each `terms` integers
# as long as R's denominator) are kept to about this many bits.
_TABLE_BLOCK_BITS = 1 << 28


@dataclass(frozen=True, eq=False)
class ExactTwoPlayer:
    """Exact P(player to move on ``a`` beats an opponent on ``b``) for any two squares."""

    chain: ExactChain

    @property
    def board(self) -> Board:
        return self.chain.board

    @property
    def terms(self) -> int:
        return self.chain.size + 2

    @cached_property
    def _integer(self) -> IntegerChain:
        return integer_chain(self.chain)

    @cached_property
    def _e(self) -> fmpz_poly:
        """``e(w) = det(I - wA)``: the integer characteristic polynomial read backwards."""
        integer = self._integer
        n = integer.size
        matrix = fmpz_mat(n, n)
        for i, row in enumerate(integer.rows):
            for j, a in row:
                matrix[i, j] = int(a)
        return fmpz_poly(list(reversed(matrix.charpoly().coeffs())))

    @property
    def denominator(self) -> fmpq_poly:
        """``D(z) = det(I - zQ) = e(z/c)``."""
        c = self._integer.c
        return fmpq_poly([fmpq(int(x), c**k) for k, x in enumerate(self._e.coeffs())])

    @cached_property
    def _autocorrelation(self) -> tuple[list[fmpz], fmpz]:
        """``R(t) = numerators[t] / denominator``, ``t < terms``."""
        return autocorrelation(self._e, self._integer.c, self.terms, self._r0_bits)

    @property
    def _r0_bits(self) -> int:
        """A proven ``log₂`` bound on ``R(0) = (1/2π) ∫ |D(e^{iθ})|⁻² dθ``. The expected turns
        ``t = 1 + Q t`` are positive, so (Collatz–Wielandt) every eigenvalue has
        ``|λ| ≤ max_i (Qt)_i / t_i = 1 - 1/t_max``; on the unit circle
        ``|D| = Π |1 - zλ| ≥ t_max^(-d)``, hence ``R(0) ≤ t_max^(2d)``."""
        turns = self.chain.expected_turns
        most = max(turns[i, 0] for i in range(self.chain.size))
        return 2 * self._e.degree() * int(most.ceil()).bit_length()

    @cached_property
    def _scale(self) -> list[fmpz]:
        """``c^(terms-1-i)``: brings ``N[i] = Y[i]/cⁱ`` to the common denominator ``c^(terms-1)``."""
        c, size = self._integer.c, self.terms
        return [fmpz(c) ** (size - 1 - i) for i in range(size)]

    @cached_property
    def _finishing_series(self) -> list[list[int]]:
        return self._integer.powers(list(self._integer.rho), self.terms - 1)

    @cached_property
    def _survival_series(self) -> list[list[int]]:
        integer = self._integer
        return integer.powers([integer.c] * integer.size, self.terms - 1)

    @cached_property
    def _numerators(self) -> dict[tuple[bool, int], list[fmpz]]:
        return {}

    def _numerator(self, survival: bool, state: int) -> list[fmpz]:
        """``c^(terms-1) · N_state`` (or ``M_state``): integer coefficients, ``terms`` of them."""
        key = (survival, state)
        cached = self._numerators.get(key)
        if cached is None:
            powers = self._survival_series if survival else self._finishing_series
            series = fmpz_poly([0] + [vector[state] for vector in powers])  # zero constant term
            product = series.mul_low(self._e, self.terms).coeffs()
            product += [fmpz(0)] * (self.terms - len(product))
            cached = self._numerators[key] = [y * s for y, s in zip(product, self._scale, strict=True)]
        return cached

    @property
    def _denominator(self) -> fmpz:
        """The common denominator of every ``N[i]·R(t)·M[j]``."""
        _, denominator = self._autocorrelation
        return denominator * self._scale[0] ** 2

    def probability(self, mover: Position, opponent: Position) -> fmpq:
        """Exact win probability of the player to move on ``mover`` against ``opponent``."""
        end = self.board.goal_square
        if square_of(mover) == end:
            return fmpq(1)
        if square_of(opponent) == end:
            return fmpq(0)
        a, b = self.chain.state(mover), self.chain.state(opponent)
        size = self.terms
        finishing = fmpz_poly(self._numerator(False, a))
        reversed_survival = fmpz_poly(list(reversed(self._numerator(True, b))))
        # Coefficient s + size - 1: Σ_{i-j=s} N_a[i] M_b[j], the cross-correlation.
        correlation = (finishing * reversed_survival).coeffs()
        r, _ = self._autocorrelation
        total = fmpz(0)
        for k, value in enumerate(correlation):
            if value:
                total += value * r[abs(k - size + 1)]
        return fmpq(total, self._denominator)

    @property
    def first_player(self) -> fmpq:
        start = self.board.start
        return self.probability(start, start)

    def paired_occupation(self, first: Position, second: Position, weights: fmpz_mat, scale: int) -> fmpq:
        r"""``Σ_{n≥0} x_n W y_nᵀ`` with ``W = weights / scale`` (``n × n``, states) and ``x_n``,
        ``y_n`` the chances that a piece from ``first``, one from ``second``, stands on each
        state after ``n`` turns (``e_firstᵀ Qⁿ``): the expected visits of two independent pieces
        moving in step, weighted. The same constant term as :meth:`probability`: ``x_n[a]`` has
        the generating function ``e_firstᵀ (I - zQ)⁻¹ e_a = N_a(z)/D(z)`` (an adjugate's entry
        over the determinant, ``deg N_a < d``), so ``Σ_n x_n[a] y_n[b] = Σ_{i,j} N_a[i] R(|i-j|)
        M_b[j]`` and the sum is ``Σ_{i,j} R(|i-j|) (N W Mᵀ)[i, j]``: one product of integer
        matrices of ``terms × n``, whatever the states."""
        r, _ = self._autocorrelation
        size = self.terms
        left, right = self._occupation(first), self._occupation(second)
        product = left * weights * right.transpose()
        total = fmpz(0)
        for i in range(size):
            for j in range(size):
                value = product[i, j]
                if value:
                    total += value * r[abs(i - j)]
        return fmpq(total, self._denominator * scale)

    def _occupation(self, origin: Position) -> fmpz_mat:
        """``c^(terms-1) N_a[i]`` for every state ``a`` (``terms × n``): from the integer series
        ``u_n = e_originᵀ Aⁿ`` (``x_n = u_n / cⁿ``) times ``e``, as :meth:`_numerator` does."""
        integer, n, size = self._integer, self.chain.size, self.terms
        columns: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # Aᵀ's rows
        for i, row in enumerate(integer.rows):
            for j, a in row:
                columns[j].append((i, a))
        u = [0] * n
        u[self.chain.state(origin)] = 1
        series = []
        for _ in range(size):
            series.append(u)
            u = [sum(a * u[i] for i, a in column) for column in columns]
        entries: list[fmpz] = []
        for state in range(n):
            product = fmpz_poly([vector[state] for vector in series]).mul_low(self._e, size).coeffs()
            product += [fmpz(0)] * (size - len(product))
            entries.extend(y * s for y, s in zip(product, self._scale, strict=True))
        return fmpz_mat(n, size, entries).transpose()

    def table(self, progress: Callable[[int, int], None] | None = None) -> fmpq_mat:
        """Every position at once: ``(N C) Mᵀ``, computed a block of rows at a time so that
        ``progress(done, total)`` can report. Row ``a`` of ``N C`` is coefficients
        ``size-1 …`` of ``N_a(z) · Σ_s R(|s|) z^(s+size-1)``."""
        n, size = self.chain.size, self.terms
        r, _ = self._autocorrelation
        symmetric = fmpz_poly([r[abs(s)] for s in range(-size + 1, size)])
        survival = fmpz_mat(size, n, [self._numerator(True, b)[k] for k in range(size) for b in range(n)])
        denominator = self._denominator
        block = max(1, min(max(1, n // 20), _TABLE_BLOCK_BITS // (size * denominator.bit_length() + 1)))
        rows: list[fmpq] = []
        for first in range(0, n, block):
            last = min(first + block, n)
            weighted: list[fmpz] = []
            for state in range(first, last):
                product = (fmpz_poly(self._numerator(False, state)) * symmetric).coeffs()
                product += [fmpz(0)] * (2 * size - 1 - len(product))
                weighted.extend(product[size - 1 : 2 * size - 1])
            part = fmpz_mat(last - first, size, weighted) * survival
            rows.extend(fmpq(part[i, j], denominator) for i in range(last - first) for j in range(n))
            if progress is not None:
                progress(last, n)
        return fmpq_mat(n, n, rows)


# The board's exact two-player series.
EXACT_TWO_PLAYER: MemoKey[Board, ExactTwoPlayer] = MemoKey("exact_two_player")


def exact_two_player(board: Board) -> ExactTwoPlayer:
    """Kept with the board: its series and autocorrelation serve every later position."""
    return board.memo.get(EXACT_TWO_PLAYER, lambda: ExactTwoPlayer(exact_chain(board)))


def seed_bounds(board: Board, moves: int, progress: Callable[[int], None] | None = None) -> tuple[fmpq, fmpq]:
    """The seed's bounds on P(first player wins) after ``moves`` turns, exactly:
    lower ``½ + ½ Σ_{n≤m} pₙ²``, upper adding ``½ (1 - Σ_{n≤m} pₙ)²`` (all the unfinished games
    ending together on the next turn).

    With ``pₙ = aₙ / cⁿ`` (:mod:`.integer`), both sums are integers over ``c²ᵐ`` and ``cᵐ``,
    accumulated by Horner's rule: memory stays one vector of integers whatever ``moves`` is.
    ``progress(done)`` is told every 256 moves.
    """
    import gmpy2  # GMP for numbers of millions of digits; its import is kept off the other paths

    chain = exact_chain(board)
    row = chain.row(board.start)
    integer = integer_chain(chain)
    c = gmpy2.mpz(integer.c)
    squares = gmpy2.mpz(0)  # Σ aₙ² c^(2(m-n))
    total = gmpy2.mpz(0)  # Σ aₙ c^(m-n)
    vector = [gmpy2.mpz(x) for x in integer.rho]  # A^(n-1) ρ
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
