r"""A game's length in closed form: its generating function, its recurrence and its tail law.

From the turn chain's state ``s`` (one turn a step, :mod:`.chain`: ``Q`` between the ``k``
transient states and the finishing column ``r``), ``P(T = n) = e_sᵀ Qⁿ⁻¹ r`` for ``n ≥ 1``, so

    G(z) = Σₙ P(T = n) zⁿ = z e_sᵀ (I − zQ)⁻¹ r = N(z) / D(z),    D(z) = det(I − zQ),

where ``N = z e_sᵀ adj(I − zQ) r`` has degree at most ``k``. ``D`` is the reversed characteristic
polynomial ``zᵏ χ_Q(1/z)`` (FLINT's, exactly), so ``N`` is ``G·D`` cut after ``zᵏ``: the law's
first ``k + 1`` exact terms (in the chain's integers, :mod:`.integer`) give it, with nothing
guessed. Dividing both by their gcd leaves the reduced form ``P/Q``: integer coefficients,
coprime, no common content, ``Q(0) > 0``.

``Q(z) = Σ qᵢ zⁱ`` (degree ``d``) is the law's minimal recurrence: the coefficient of ``zⁿ`` in
``G·Q = P`` says ``Σᵢ qᵢ P(T = n − i) = 0`` for every ``n > deg P``; it is stated from
``n = max(deg P + 1, d)`` on, where it needs no term before ``P(T = 0)``. No shorter one exists,
since a shorter recurrence would be a denominator of lower degree of the reduced form.

The tail law (``P(T > n) ~ C·n^(m−1)·λⁿ``), the transient matrix's eigenvalues and whether it is
defective are :mod:`.spectrum`'s.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from itertools import count as count_from
from itertools import islice
from math import gcd, lcm
from typing import Any

from flint import fmpq, fmpq_poly, fmpz_poly

from chutes_tui.exact.chain import ExactChain, exact_chain
from chutes_tui.exact.fractions import fraction_text
from chutes_tui.exact.integer import integer_chain
from chutes_tui.exact.spectrum import Dominant, Eigenvalues, MatrixSpectrum, dominant, matrix_spectrum
from chutes_tui.model.board import Board


@dataclass(frozen=True, eq=False)
class ClosedForm:
    """``G(z) = numerator / denominator`` from ``square`` (module docstring), the recurrence's
    first terms, the tail law (``None``: the game is bounded) and the transient matrix's
    spectrum. ``digits``: how many decimals the tail law was asked for."""

    board: Board
    square: int
    states: int
    numerator: fmpz_poly  # P
    denominator: fmpz_poly  # Q: Q(0) > 0, coprime to P, no common content
    initial: tuple[fmpq, ...]  # P(T = n) for n < recurrence_from
    tail: Dominant | None
    matrix: MatrixSpectrum
    digits: int

    @property
    def recurrence_from(self) -> int:
        """``max(deg P + 1, d)``: the recurrence holds for every ``n`` from here on."""
        return len(self.initial)

    @property
    def bounded(self) -> bool:
        """The game ends within ``deg P`` turns: ``G`` is a polynomial (``Q`` constant)."""
        return self.denominator.degree() == 0

    def pmf(self, count: int) -> list[fmpq]:
        """``P(T = n)`` for ``n < count``: the power series of ``P/Q``, by the recurrence."""
        return _series(self.numerator, self.denominator, count)

    def survival(self, count: int) -> list[fmpq]:
        """``P(T > n)`` for ``n < count``: the series of ``(Q − P) / ((1 − z) Q)``."""
        return _series(_tail_numerator(self.numerator, self.denominator), self.denominator, count)

    def notes(self) -> list[str]:
        """What the transient matrix's Jordan blocks do to this law, in words (:mod:`.spectrum`)."""
        matrix, size = self.matrix, self.matrix.size
        zero = next((family for family in matrix.families if family.zero), None)
        if matrix.nilpotent and zero is not None:
            longest = f"its longest Jordan block {zero.index} long"
            blocks = "in one Jordan block" if zero.index == size else longest
            return [
                f"Every eigenvalue of Q is 0, {blocks}: Q^{zero.index} = 0, so every game ends within "
                f"{zero.index} turns; G(z) is a polynomial and there is no geometric tail."
            ]
        notes = []
        if not matrix.defective:
            notes.append("Q is diagonalisable (its minimal polynomial is squarefree).")
        if zero is not None and zero.defective:
            blocks = "one Jordan block" if zero.algebraic == zero.index else "Jordan blocks, the longest"
            excess = self.numerator.degree() - self.denominator.degree()
            notes.append(
                f"Q is defective: {blocks} of size {zero.index} at eigenvalue 0. Q^n is zero on it "
                f"from n = {zero.index} on, so it shapes only P(T = n) for n ≤ {zero.index} "
                f"(P(T = n) = e·Q^(n−1)·r), never the tail."
                + (
                    f" From square {self.square}, P's degree exceeds Q's by {excess} (at most the "
                    "block's size)."
                    if excess > 0
                    else ""
                )
            )
        for family in matrix.defective_elsewhere:
            notes.append(
                f"Q is defective at {_eigenvalues_named(family)}: Jordan blocks of size {family.index}, "
                f"which add {_power_of_n(family.index)}μⁿ terms to a law."
            )
        tail = self.tail
        if tail is not None and tail.multiplicity > 1:
            notes.append(
                f"λ is a pole of order {tail.multiplicity} of G: the tail is {tail.law_text}, slower than "
                "a geometric law of rate λ."
            )
        if tail is not None and tail.tied:
            notes.append(
                f"{tail.tied} other eigenvalue(s) seen from here have modulus λ: the tail oscillates "
                "about C·λⁿ with their period."
            )
        return notes

    def to_json(self) -> dict[str, Any]:
        """Exact numbers as strings (coefficients ascending: index i is the power zⁱ)."""
        data: dict[str, Any] = {
            "board": self.board.name,
            "square": self.square,
            "states": self.states,
            "numerator": [str(c) for c in self.numerator.coeffs()],
            "denominator": [str(c) for c in self.denominator.coeffs()],
            "recurrence": {
                "coefficients": "denominator",
                "holds_from": self.recurrence_from,
                "initial": [fraction_text(term) for term in self.initial],
            },
            "bounded": self.bounded,
            "tail": None if self.tail is None else self.tail.to_json(self.digits),
            "matrix": self.matrix.to_json(),
            "notes": self.notes(),
        }
        if self.bounded:
            data["longest"] = self.numerator.degree()
        return data


def _eigenvalues_named(family: Eigenvalues) -> str:
    """``eigenvalue 1/2``, or ``the 3 roots of an irreducible cubic (the largest 0.53 in modulus)``."""
    degree = family.polynomial.degree()
    if degree == 1:
        b, a = family.polynomial.coeffs()
        return f"eigenvalue {fraction_text(fmpq(-b, a))}"
    largest = max(abs(root) for root in family.roots)
    return f"the {degree} roots of an irreducible factor of degree {degree} (up to {largest:.4f} in modulus)"


def _power_of_n(index: int) -> str:
    """``n·`` or ``n^k·`` (the factor a Jordan block of size ``index`` puts before μⁿ)."""
    return "n·" if index == 2 else f"n^{index - 1}·"


def closed_form(board: Board, square: int | None = None, digits: int = 30) -> ClosedForm:
    """The closed form of the game's length from ``square`` (default: the start), its tail
    law's constants to ``digits`` certain decimals."""
    square = board.start if square is None else square
    chain = exact_chain(board)
    k = chain.size
    charpoly = chain.Q.charpoly()
    matrix = matrix_spectrum(chain.Q, charpoly)
    if square == board.goal_square:
        one = fmpz_poly([1])
        return ClosedForm(board, square, k, one, one, (fmpq(1),), None, matrix, digits)
    reversed_charpoly = fmpq_poly(list(reversed(charpoly.coeffs())))  # det(I − zQ)
    terms = _first_terms(chain, square)
    product = fmpq_poly(terms) * reversed_charpoly
    numerator, denominator = _reduced(fmpq_poly(product.coeffs()[: k + 1]), reversed_charpoly)
    start = max(numerator.degree() + 1, denominator.degree())
    initial = tuple(terms[:start]) if start <= len(terms) else tuple(_series(numerator, denominator, start))
    tail = None
    if denominator.degree() > 0:
        tail = dominant(denominator, _tail_numerator(numerator, denominator), matrix, digits)
    return ClosedForm(board, square, k, numerator, denominator, initial, tail, matrix, digits)


def _first_terms(chain: ExactChain, square: int) -> list[fmpq]:
    """``P(T = n)`` for ``n = 0 … k``: ``(Aⁿ⁻¹ ρ)_s / cⁿ`` in the chain's integers
    (:mod:`.integer`: FLINT's products when ``A`` is dense, as the extra roll makes it)."""
    integer = integer_chain(chain)
    row, c = chain.state(square), integer.c
    columns = integer.powers(list(integer.rho), chain.size)  # ρ, Aρ, …, Aᵏ⁻¹ρ
    return [fmpq(0)] + [fmpq(column[row], c ** (n + 1)) for n, column in enumerate(columns)]


def _reduced(numerator: fmpq_poly, denominator: fmpq_poly) -> tuple[fmpz_poly, fmpz_poly]:
    """``numerator / denominator`` in lowest terms, as integer polynomials without a common
    content and with a positive constant term below."""
    common = numerator.gcd(denominator)
    numerator, rest = divmod(numerator, common)
    assert rest == 0
    denominator, rest = divmod(denominator, common)
    assert rest == 0
    coefficients = [*numerator.coeffs(), *denominator.coeffs()]
    scale = fmpq(lcm(*(int(c.q) for c in coefficients)))
    whole = [int(c * scale) for c in coefficients]
    content = reduce(gcd, whole)
    sign = -1 if denominator.coeffs()[0] < 0 else 1
    whole = [sign * c // content for c in whole]
    cut = len(numerator.coeffs())
    return fmpz_poly(whole[:cut]), fmpz_poly(whole[cut:])


def _tail_numerator(numerator: fmpz_poly, denominator: fmpz_poly) -> fmpz_poly:
    """``M = (Q − P) / (1 − z)``: ``P(1) = Q(1)`` since the game ends (``G(1) = 1``)."""
    quotient, rest = divmod(denominator - numerator, fmpz_poly([1, -1]))
    assert rest == 0, "G(1) = 1: the game ends with probability one"
    return quotient


def _series(numerator: fmpz_poly, denominator: fmpz_poly, count: int) -> list[fmpq]:
    """The first ``count`` coefficients of ``numerator / denominator``."""
    return list(islice(_terms(numerator, denominator), count))


def _terms(numerator: fmpz_poly, denominator: fmpz_poly) -> Iterator[fmpq]:
    """The coefficients of ``numerator / denominator``, one by one: ``q₀ aₙ = pₙ − Σ qᵢ aₙ₋ᵢ``."""
    p = [fmpq(c) for c in numerator.coeffs()]
    q = [fmpq(c) for c in denominator.coeffs()]
    terms: list[fmpq] = []
    for n in count_from(0):
        value = p[n] if n < len(p) else fmpq(0)
        for i in range(1, min(n, len(q) - 1) + 1):
            value -= q[i] * terms[n - i]
        terms.append(value / q[0])
        yield terms[-1]


@dataclass(frozen=True)
class TailCurves:
    """``log10 P(T > n)`` exactly (each exact value rounded once) beside the law's, for
    ``n = 0, 1, …`` until the tail is below ``10^floor``, the game is over, or ``most`` turns."""

    exact: tuple[float, ...]
    law: tuple[float, ...] | None  # None: a bounded game has no tail law

    def accurate_from(self, within: float = 0.01) -> int | None:
        """The first turn from which the law is within ``within`` (relatively) of the exact tail
        at every turn shown (``None``: at none, or no law)."""
        if self.law is None:
            return None
        room = math.log10(1 + within)
        first = None
        for n, (exact, law) in enumerate(zip(self.exact, self.law, strict=True)):
            if abs(exact - law) >= room:
                first = None
            elif first is None:
                first = n
        return first


def tail_curves(form: ClosedForm, floor: float = -12.0, most: int = 2_000) -> TailCurves:
    """The exact tail and its law, as far as the tail is above ``10^floor`` (``most`` turns)."""
    exact: list[float] = []
    tail = _terms(_tail_numerator(form.numerator, form.denominator), form.denominator)
    for value in islice(tail, most + 1):
        if value <= 0:
            break
        exact.append(math.log10(int(value.p)) - math.log10(int(value.q)))
        if exact[-1] < floor:
            break
    law = None if form.tail is None else tuple(form.tail.log10_law(n) for n in range(len(exact)))
    return TailCurves(tuple(exact), law)
