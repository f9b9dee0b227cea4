r"""Certain digits of every seat's chance to win, for any number of players.

For k ≥ 3 players the exact answer is a rational number out of reach of the generating-function
route, so we enclose it instead. In play order from the player to move,

    P(j wins) = Σₙ f_j(n) · Π_{i<j} S_i(n) · Π_{i>j} S_i(n-1).

**The partial sums are exact.** With ``Q = A / c`` and ``r = ρ / c`` (``A``, ``ρ`` integers, ``c``
the common denominator), ``S_i(n) = (Aⁿ 1)_i / cⁿ`` and ``f_i(n) = (Aⁿ⁻¹ ρ)_i / cⁿ``, so the
first N terms of each seat's series add up to an integer over a power of ``c``, computed with
exact integers (gmpy2): no rounding anywhere.

**The tail is bounded.** Every term beyond N has the factor ``f_j(n)`` and, for each other
seat, a survival ``S_i(n)`` or ``S_i(n-1)`` with ``n - 1 ≥ N``, so

    Σ_{n>N} (term) ≤ Π_{i≠j} S_i(N) · Σ_{n>N} f_j(n) = Π_i S_i(N),

the (exactly known) chance that nobody has finished after N rounds. Hence
``lower = partial sum ≤ P(j wins) ≤ lower + Π_i S_i(N) = upper``, and every decimal digit on
which the two bounds agree is a digit of the true value. N doubles until they agree on as many
digits as asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import gmpy2
from flint import fmpq

from chutes_tui.analysis.limits import ENCLOSURE_MAX_ROUNDS
from chutes_tui.analysis.states import Position, square_of
from chutes_tui.exact.chain import exact_chain
from chutes_tui.exact.fractions import certain_digits
from chutes_tui.exact.integer import integer_chain
from chutes_tui.model.board import Board


@dataclass(frozen=True)
class Enclosure:
    """``lower ≤ P ≤ upper``; ``digits`` decimal places certain (``text`` shows them)."""

    lower: fmpq
    upper: fmpq
    digits: int
    text: str


def seat_enclosures(
    board: Board,
    positions: Sequence[Position],
    to_move: int,
    digits: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Enclosure], int]:
    """Enclosures of each seat's win probability (in seat order) and the rounds summed.

    ``progress(rounds, certain)`` is told after each doubling how many rounds are summed and
    how many digits every seat has for certain so far.
    """
    positions = list(positions)
    chain = exact_chain(board)
    k = len(positions)
    if any(square_of(square) == board.goal_square for square in positions):
        winner = [square_of(square) for square in positions].index(board.goal_square)
        one, zero = fmpq(1), fmpq(0)
        return [
            Enclosure(
                one if s == winner else zero,
                one if s == winner else zero,
                digits,
                "1" if s == winner else "0",
            )
            for s in range(k)
        ], 0
    order = [(to_move + j) % k for j in range(k)]
    rows = [chain.state(positions[seat]) for seat in order]
    integer = integer_chain(chain)
    c, step, n = integer.c, integer.step, integer.size
    rho = [gmpy2.mpz(x) for x in integer.rho]  # GMP: these sums run to thousands of digits

    survival = [gmpy2.mpz(1)] * n  # Aⁿ 1 (scaled by cⁿ)
    finishing = rho  # Aⁿ⁻¹ ρ (scaled by cⁿ)
    previous = [survival[r] for r in rows]  # S_i(n - 1)·c^(n-1)
    sums = [gmpy2.mpz(0)] * k  # Σ term·c^(k·N - …), kept on a common scale by Horner's rule
    ck = gmpy2.mpz(c) ** k
    rounds = 0
    target = 64
    while True:
        while rounds < target:
            rounds += 1
            survival = step(survival)
            now = [survival[r] for r in rows]
            pmf = [finishing[r] for r in rows]
            for j in range(k):
                term = pmf[j]
                for i in range(k):
                    if i < j:
                        term *= now[i]
                    elif i > j:
                        term *= previous[i] * c  # S_i(n-1)·cⁿ⁻¹ brought to the scale cⁿ
                sums[j] = sums[j] * ck + term
            previous = now
            finishing = step(finishing)
        scale = ck**rounds
        tail = fmpq(int(_product(previous)), int(scale))
        lowers = [fmpq(int(total), int(scale)) for total in sums]
        enclosures = []
        for lower in lowers:
            upper = lower + tail
            certain, text = certain_digits(lower, upper, digits)
            enclosures.append(Enclosure(lower, upper, certain, text))
        if progress is not None:
            progress(rounds, min(e.digits for e in enclosures))
        if all(e.digits >= digits for e in enclosures) or rounds >= ENCLOSURE_MAX_ROUNDS:
            break
        target *= 2
    in_seats: list[Enclosure] = [enclosures[0]] * k
    for j, seat in enumerate(order):
        in_seats[seat] = enclosures[j]
    return in_seats, rounds


def _product(values: Sequence) -> gmpy2.mpz:
    total = gmpy2.mpz(1)
    for value in values:
        total *= value
    return total
