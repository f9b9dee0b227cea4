r"""The transient matrix's eigenvalues, whether it is defective, and a game's tail law.

**The matrix.** The eigenvalues of ``Q`` (the turn chain between transient states) are the roots
of ``det(xI − Q) = Π pⱼ(x)^{aⱼ}`` over irreducible ``pⱼ`` (FLINT factors it exactly); the minimal
polynomial of ``Q`` is ``Π pⱼ(x)^{kⱼ}`` with ``1 ≤ kⱼ ≤ aⱼ``. Each root of ``pⱼ`` has algebraic
multiplicity ``aⱼ`` and its longest Jordan block has size ``kⱼ``, so ``Q`` is diagonalisable
exactly when the minimal polynomial is squarefree (every ``kⱼ = 1``): *defective* otherwise.
``kⱼ`` is the first ``k`` with ``rank pⱼ(Q)ᵏ = n − aⱼ·deg pⱼ`` (exact ranks).

What a Jordan block does to a law ``uₙ = e Qⁿ v``: a block of size ``k`` at an eigenvalue μ adds
terms ``nʲ μⁿ`` for ``j < k``. At μ = 0 they vanish from ``n = k`` on: a block at zero shapes only
the first ``k`` turns (``P(T = n) = e Qⁿ⁻¹ r`` for ``n ≤ k``; in ``G`` the numerator's degree
exceeds the denominator's by at most ``k``, by less from a start that sees only part of it), never
the tail; a nilpotent ``Q`` (every eigenvalue 0) makes the game end within ``k`` turns. At the
dominant eigenvalue a block of size ``m`` (seen from the start) makes the tail ``C·n^(m−1)·λⁿ``.

**The tail.** With ``G = P/Q`` reduced (:mod:`.closedform`), ``F(z) = Σ P(T > n) zⁿ = M/Q`` with
``M = (Q − P)/(1 − z)``. ``F``'s coefficients are non-negative, so (Pringsheim) its nearest pole
lies on the positive axis: ``z₀ = 1/λ``, λ the largest real root of ``E(x) = x^d Q(1/x)``, itself
an eigenvalue of ``Q`` (from the start, every state reached, ``Q``'s spectral radius). With
``m`` its multiplicity in ``E`` and every other root of ``E`` smaller in modulus, the partial
fraction at ``z₀`` (``F ≈ M(z₀)·m!/Q^{(m)}(z₀)·(z − z₀)^{−m}``, and ``[zⁿ](z − z₀)^{−m} ~
(−λ)^m n^{m−1} λⁿ/(m−1)!``) gives

    P(T > n) ~ C·n^(m−1)·λⁿ,    C = m·(−λ)^m·M(z₀) / Q^{(m)}(z₀).

Other roots on the circle ``|x| = λ`` (a periodic tail) are counted in ``tied``: then ``C·λⁿ`` is
only the mean of an oscillation.

**Certainty.** λ's minimal polynomial is the irreducible factor of ``E`` it is a root of. FLINT's
root finder returns disjoint certified enclosures of every root; λ's is narrowed by bisection
on that factor's sign change in exact rationals, and C is evaluated on the narrowed interval in
ball arithmetic (arb), refined until it has the digits asked for. Every digit shown is certain;
when the ball still straddles a decimal boundary (a C that ends in a few decimals), its two
ends are shown instead (:func:`~chutes_tui.exact.fractions.certain_digits`). A rational λ (a
minimal polynomial of degree 1) makes every quantity above rational: then C is evaluated in
exact rationals and shown exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from flint import acb, arb, arb_poly, ctx, fmpq, fmpq_mat, fmpq_poly, fmpz, fmpz_poly

from chutes_tui.exact.fractions import certain_digits, exact_decimal, fraction_text

# Working precision of the root enclosures (bits), and the higher one that tells apart two roots
# whose moduli the first could not.
ROOTS_BITS = 64
TIE_BITS = 512


@dataclass(frozen=True)
class Eigenvalues:
    """The roots of one irreducible factor ``polynomial`` of ``det(xI − Q)``: each of algebraic
    multiplicity ``algebraic`` and with a longest Jordan block of size ``index``."""

    polynomial: fmpz_poly  # primitive, leading coefficient positive
    algebraic: int
    index: int
    enclosures: tuple[acb, ...]  # certified, disjoint, at ROOTS_BITS

    @property
    def roots(self) -> tuple[complex, ...]:
        """Where they lie: the enclosures' centres (to about 1e-18)."""
        return tuple(_complex(root) for root in self.enclosures)

    @property
    def defective(self) -> bool:
        return self.index > 1

    @property
    def zero(self) -> bool:
        return self.polynomial.degree() == 1 and self.polynomial.coeffs()[0] == 0


@dataclass(frozen=True)
class MatrixSpectrum:
    """Every eigenvalue of the transient matrix, by irreducible factor (module docstring)."""

    size: int
    families: tuple[Eigenvalues, ...]

    @property
    def defective(self) -> bool:
        """Not diagonalisable: the minimal polynomial is not squarefree."""
        return any(family.defective for family in self.families)

    @property
    def nilpotent(self) -> bool:
        """Every eigenvalue 0: the game ends within :attr:`zero_block` turns from anywhere."""
        return all(family.zero for family in self.families)

    @property
    def zero_block(self) -> int:
        """The longest Jordan block at eigenvalue 0 (0: zero is no eigenvalue)."""
        return next((family.index for family in self.families if family.zero), 0)

    @property
    def defective_elsewhere(self) -> tuple[Eigenvalues, ...]:
        """The factors with a Jordan block longer than one at a non-zero eigenvalue."""
        return tuple(family for family in self.families if family.defective and not family.zero)

    @property
    def radius(self) -> float:
        """The spectral radius (the Perron root: the slowest decay anywhere on the board)."""
        return max((abs(root) for family in self.families for root in family.roots), default=0.0)

    def eigenvalues(self) -> list[tuple[complex, Eigenvalues]]:
        """Every distinct eigenvalue with its factor."""
        return [(root, family) for family in self.families for root in family.roots]

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "defective": self.defective,
            "nilpotent": self.nilpotent,
            "zero_block": self.zero_block,
            "eigenvalues": [
                {
                    "minimal_polynomial": [str(c) for c in family.polynomial.coeffs()],
                    "algebraic_multiplicity": family.algebraic,
                    "longest_jordan_block": family.index,
                }
                for family in self.families
            ],
        }


def matrix_spectrum(Q: fmpq_mat, charpoly: fmpq_poly | None = None) -> MatrixSpectrum:
    """``Q``'s eigenvalues by irreducible factor, with their multiplicities and Jordan blocks
    (``charpoly``: ``det(xI − Q)``, if it is known: a dense matrix's takes seconds)."""
    n = Q.nrows()
    if n == 0:
        return MatrixSpectrum(0, ())
    families = []
    for factor, algebraic in _factors(_integer(Q.charpoly() if charpoly is None else charpoly)):
        index = _index(Q, factor, algebraic)
        families.append(Eigenvalues(factor, algebraic, index, tuple(_roots(factor, ROOTS_BITS))))
    families.sort(key=lambda family: -max(abs(root) for root in family.roots))
    return MatrixSpectrum(n, tuple(families))


def _index(Q: fmpq_mat, factor: fmpz_poly, algebraic: int) -> int:
    """``factor``'s power in ``Q``'s minimal polynomial: the first ``j`` with
    ``rank(p(Q)ʲ) = n − a·deg p`` (its generalised eigenspace, of dimension ``a·deg p``, is then
    all in the kernel). 1 at once when ``a = 1``; exact ranks, cheaper than FLINT's minimal
    polynomial of a dense matrix (the extra roll's: 7 s at 122 states, this 2 s)."""
    if algebraic == 1:
        return 1
    n = Q.nrows()
    identity = fmpq_mat(n, n, [1 if i == j else 0 for i in range(n) for j in range(n)])
    value = fmpq_mat(n, n)
    for coefficient in reversed(factor.coeffs()):  # p(Q) by Horner's rule
        value = value * Q + identity * int(coefficient)
    kernel_rank = n - algebraic * factor.degree()
    power, index = value, 1
    while power.rank() > kernel_rank:
        power, index = power * value, index + 1
    return index


@dataclass(frozen=True)
class Dominant:
    """``P(T > n) ~ C·n^(m−1)·λⁿ`` (module docstring): λ in ``[low, high]``, a root of
    ``polynomial`` of multiplicity ``multiplicity`` in the tail's denominator, C in
    ``[constant_low, constant_high]`` (one point when λ is rational: then C is too, exactly);
    ``tied``: other roots as large as λ."""

    polynomial: fmpz_poly
    low: fmpq
    high: fmpq
    multiplicity: int
    constant_low: fmpq
    constant_high: fmpq
    tied: int

    @property
    def value(self) -> float:
        return float((self.low + self.high) / 2)

    @property
    def constant(self) -> float:
        return float((self.constant_low + self.constant_high) / 2)

    @property
    def relaxation(self) -> float:
        """``−1/ln λ`` turns: each that many turns divide the tail's chance by e."""
        return -1.0 / math.log(self.value)

    @property
    def half_life(self) -> float:
        """``−ln 2/ln λ`` turns: each that many turns halve the tail's chance."""
        return math.log(2.0) * self.relaxation

    @property
    def law_text(self) -> str:
        """``C·λⁿ``, ``C·n·λⁿ`` or ``C·n^k·λⁿ``."""
        power = {1: "", 2: "n·"}.get(self.multiplicity, f"n^{self.multiplicity - 1}·")
        return f"C·{power}λⁿ"

    def law(self, n: int) -> float:
        """``C·n^(m−1)·λⁿ``, in floats."""
        return self.constant * float(n) ** (self.multiplicity - 1) * self.value**n

    def log10_law(self, n: int) -> float:
        """``log10`` of :meth:`law` (no underflow: a law of a million turns is 10^−4000)."""
        power = (self.multiplicity - 1) * math.log10(n) if n else 0.0
        return math.log10(self.constant) + power + n * math.log10(self.value)

    def lambda_text(self, digits: int) -> str:
        return certain_digits(self.low, self.high, digits)[1]

    @property
    def constant_exact(self) -> fmpq | None:
        """C itself when it is known exactly (λ rational), else ``None``."""
        return self.constant_low if self.constant_low == self.constant_high else None

    def constant_text(self, digits: int, fraction: bool = True) -> str:
        """C exactly (``"1.24"``, ``"5/6 = 0.8333…"``, without ``"5/6 = "`` unless ``fraction``)
        when it is known so, else its certain digits (``digits`` of them after any leading zeros)."""
        # The zeros after the point before C's first digit: none from 0.1 up (0.667, not 0.6667).
        lead = max(0, -math.floor(math.log10(self.constant)) - 1) if self.constant > 0 else 0
        exact = self.constant_exact
        if exact is not None:
            return exact_decimal(exact, digits + lead, fraction)
        return certain_digits(self.constant_low, self.constant_high, digits + lead)[1]

    def constant_said(self, digits: int, fraction: bool = True) -> str:
        """:meth:`constant_text`, ``" exactly"`` after a C shown in full (not after p/q's cut
        digits): what the CLI and the spectrum screen say of C."""
        shown = self.constant_text(digits, fraction)
        return f"{shown} exactly" if self.constant_exact is not None and not shown.endswith("…") else shown

    def to_json(self, digits: int) -> dict[str, Any]:
        return {
            "lambda": self.lambda_text(digits),
            "lambda_minimal_polynomial": [str(c) for c in self.polynomial.coeffs()],
            "lambda_degree": self.polynomial.degree(),
            "multiplicity": self.multiplicity,
            "constant": self.constant_text(digits),
            "constant_exact": None if self.constant_exact is None else fraction_text(self.constant_exact),
            "relaxation_turns": f"{self.relaxation:.6g}",
            "tied": self.tied,
        }


def dominant(
    denominator: fmpz_poly, tail_numerator: fmpz_poly, matrix: MatrixSpectrum, digits: int
) -> Dominant:
    """The tail law of ``M/Q`` (``tail_numerator / denominator``, ``Q(0) > 0``, degree ≥ 1);
    ``matrix``: the transient matrix's spectrum (``E``'s roots are eigenvalues of it)."""
    reverse = fmpz_poly(list(reversed(denominator.coeffs())))  # E(x) = x^d Q(1/x)
    enclosures = {_key(family.polynomial): family.enclosures for family in matrix.families}
    factors = [(factor, power, enclosures[_key(factor)]) for factor, power in _factors(reverse)]
    best: tuple[acb, fmpz_poly, int] | None = None
    for factor, power, roots in factors:
        for root in roots:
            if root.imag.is_zero() and (best is None or root.real.mid() > best[0].real.mid()):
                best = (root, factor, power)
    assert best is not None, "the tail's series is non-negative: its nearest pole is real"
    root, polynomial, multiplicity = best
    if polynomial.degree() == 1:  # λ rational: so is C, worked out exactly
        b, a = polynomial.coeffs()
        lam = fmpq(-b, a)
        exact = _exact_constant(denominator, tail_numerator, lam, multiplicity)
        return Dominant(polynomial, lam, lam, multiplicity, exact, exact, _tied(factors, root, lam, lam))
    width = digits + 30
    low, high = _narrowed(polynomial, root, width)
    tied = _tied(factors, root, low, high)
    while True:
        bits = int(3.33 * width) + 64
        c_low, c_high = _constant(denominator, tail_numerator, low, high, multiplicity, bits)
        enough = certain_digits(c_low, c_high, digits + 10)[0] >= digits
        if enough or width > 8 * (digits + 30):
            return Dominant(polynomial, low, high, multiplicity, c_low, c_high, tied)
        width *= 2
        low, high = _narrowed(polynomial, root, width)


def _exact_constant(denominator: fmpz_poly, tail_numerator: fmpz_poly, lam: fmpq, m: int) -> fmpq:
    """C = m·(−λ)^m·M(z₀)/Q^{(m)}(z₀) in exact rationals, for a rational λ (module docstring)."""
    z0 = 1 / lam
    derivative = fmpq_poly(denominator)
    for _ in range(m):
        derivative = derivative.derivative()
    return m * (-lam) ** m * fmpq_poly(tail_numerator)(z0) / derivative(z0)


def _constant(
    denominator: fmpz_poly, tail_numerator: fmpz_poly, low: fmpq, high: fmpq, m: int, bits: int
) -> tuple[fmpq, fmpq]:
    """C's enclosure, in ball arithmetic on λ ∈ [low, high] (module docstring)."""
    with ctx.workprec(bits):
        lam = arb(low).union(arb(high))
        z0 = 1 / lam
        derivative = denominator
        for _ in range(m):
            derivative = derivative.derivative()
        value = m * (-lam) ** m * arb_poly(tail_numerator)(z0) / arb_poly(derivative)(z0)
        return _exact(value.lower()), _exact(value.upper())


def _narrowed(polynomial: fmpz_poly, root: acb, decimals: int) -> tuple[fmpq, fmpq]:
    """A rational interval holding the real ``root`` of the irreducible ``polynomial``, at most
    ``10^−decimals`` wide: bisected on the sign change inside the certified enclosure."""
    if polynomial.degree() == 1:
        b, a = polynomial.coeffs()
        exact = fmpq(-b, a)
        return exact, exact
    middle, radius = _exact(root.real.mid()), _exact(root.real.rad())
    low, high = middle - radius, middle + radius
    sign_low = _sign(polynomial, low)
    assert sign_low * _sign(polynomial, high) < 0, "a simple real root changes the sign"
    target = fmpq(1, fmpz(10) ** decimals)
    while high - low > target:
        middle = (low + high) / 2
        sign = _sign(polynomial, middle)
        if sign == 0:
            return middle, middle
        if sign == sign_low:
            low = middle
        else:
            high = middle
    return low, high


def _tied(factors: list[tuple[fmpz_poly, int, tuple[acb, ...]]], root: acb, low: fmpq, high: fmpq) -> int:
    """How many roots of the factors (other than ``root``) are not certainly smaller in modulus
    than λ ∈ [low, high], even at :data:`TIE_BITS`."""
    tied = 0
    for factor, _, roots in factors:
        for bits in (ROOTS_BITS, TIE_BITS):
            with ctx.workprec(bits):
                lam = arb(low).union(arb(high))
                undecided = [other for other in roots if not other.overlaps(root) and not abs(other) < lam]
            if not undecided:
                break
            roots = tuple(_roots(factor, TIE_BITS))
        tied += len(undecided)
    return tied


def _sign(polynomial: fmpz_poly, x: fmpq) -> int:
    """The sign of ``polynomial(x)``, exactly (in integers: ``q^d p(a/q)``)."""
    a, q = x.p, x.q
    total = fmpz(0)
    power = fmpz(1)
    coefficients = polynomial.coeffs()
    degree = len(coefficients) - 1
    for i, c in enumerate(coefficients):
        total += c * power * q ** (degree - i)
        power *= a
    return (total > 0) - (total < 0)


def _roots(polynomial: fmpz_poly, bits: int) -> list[acb]:
    """The roots of a squarefree ``polynomial``, as certified disjoint enclosures."""
    with ctx.workprec(bits):
        pairs: list[Any] = polynomial.complex_roots()  # (root, multiplicity): python-flint's stub says roots
    return [root for root, _ in pairs]


def _factors(polynomial: fmpz_poly) -> list[tuple[fmpz_poly, int]]:
    """The irreducible factors and their powers, each primitive with a positive leading
    coefficient (so that the same factor is the same polynomial everywhere)."""
    _, factors = polynomial.factor()
    return [(_positive(factor), power) for factor, power in factors]


def _key(polynomial: fmpz_poly) -> tuple[int, ...]:
    return tuple(int(c) for c in polynomial.coeffs())


def _positive(polynomial: fmpz_poly) -> fmpz_poly:
    return -polynomial if polynomial.coeffs()[-1] < 0 else polynomial


def _integer(polynomial: fmpq_poly) -> fmpz_poly:
    """A rational polynomial times its denominator."""
    return fmpz_poly([int(c * polynomial.denom()) for c in polynomial.coeffs()])


def _complex(root: acb) -> complex:
    return complex(float(root.real.mid()), float(root.imag.mid()))


def _exact(value: arb) -> fmpq:
    """An exact ball endpoint (or midpoint, or radius) as a fraction."""
    mantissa, power = value.man_exp()
    exponent = int(power)
    return fmpq(mantissa) * 2**exponent if exponent >= 0 else fmpq(mantissa, fmpz(2) ** -exponent)
