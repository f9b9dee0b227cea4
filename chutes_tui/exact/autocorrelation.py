r"""The autocorrelation ``R(t) = Σ_k h_k h_{k+t}`` of ``1/D``'s power series, exactly and fast.

``D(z) = det(I - zQ)`` has ``D(0) = 1`` and degree ``d``; its roots ``1/λ`` lie outside the unit
circle (``|λ| ≤ ρ < 1``), so ``Σ_t R(t) zᵗ = 1/(D(z) D(1/z))`` in the annulus ``ρ < |z| < 1/ρ``.

**Partial fractions.** With the reversed polynomial ``D*(z) = z^d D(1/z)`` (roots ``λ``, inside
the circle), ``D`` and ``D*`` are coprime, so ``U D* + V D = 1`` for unique ``U``, ``V`` of degree
``< d``, and

    1/(D(z) D(1/z)) = z^d / (D D*) = z^d U(z)/D(z) + z^d V(z)/D*(z).

The first term is a power series starting at ``z^d``, the second a series in ``1/z`` ending at
``z^(d-1)``: ``V/D* = w V*(w)/D(w)`` in ``w = 1/z``, with ``V*(w) = w^(d-1) V(1/w)``. Hence

    R(t) = [w^(d-1-t)] V*(w)/D(w)   (0 ≤ t < d),        R(d) = U(0).

**Modulo word-size primes.** Each step above is cheap in ``Z/p`` (one extended gcd, one series
inverse, one truncated product: FLINT's ``nmod_poly``), whereas over ``Q`` the coefficients of
``U`` and ``V`` have as many digits as the answer (tens of thousands) and the same computation
takes minutes. So ``R(0..d)`` is computed modulo enough primes and put together by the Chinese
remainder theorem.

**The denominator.** With ``E`` the primitive integer multiple of ``D``, ``R(0..d)`` solves the
integer system ``K R = E(0) e₀``, ``K[t, |t-j|] += E_j`` (the relation ``Σ_j D_j R(|t-j|) = δ_t``,
``t = 0..d``), so by Cramer ``Δ·R`` is an integer vector for ``Δ = |det K|``. And
``det K = ± E(0)^(d+1) Π_{i≤j} (1 - λ_i λ_j)``: with ``D = Π (1 - λ_i z)`` both sides are
polynomials in the ``λ``, of degree ``≤ d+1`` in each; ``det K`` vanishes when ``λ_i λ_j = 1``
(then ``R(s) = aˢ + a⁻ˢ``, ``a = 1/λ_i``, solves the homogeneous system), so the irreducible
factors ``1 - λ_i λ_j`` divide it, and ``λ = 0`` fixes the constant. From the roots,
``Res(E, E*) = ± E(0)^(2d) Π_{i,j} (1 - λ_i λ_j)`` and ``E(1) E(-1) = E(0)² Π_i (1 - λ_i²)``, so
``Δ² = |Res(E, E*) E(1) E(-1)|``: one exact resultant (FLINT, multimodular) and an integer square
root give ``Δ`` without the ``(d+1)²`` determinant (the tests also compare it with ``det K``).

**How many primes.** ``|Δ R(t)| ≤ Δ R(0)`` (Cauchy–Schwarz), and the caller proves a bound on
``R(0)`` (:mod:`.two_player`: ``t_max^(2d)`` from the expected turns), so once the modulus passes
twice that, the symmetric residues are the integers themselves. Primes dividing ``Res`` (``E`` and
``E*`` not coprime mod p) are skipped. As a guard against bugs, not doubt, the ``d+1`` equations
are then checked modulo a prime the reconstruction never used.

**Beyond d** the same relation is the recurrence ``Σ_j D_j R(t - j) = 0`` (``t > d``). With
``D(z) = e(z/c)`` (``e`` integer, ``e(0) = 1``), ``Z(t) = Δ cᵗ R(t)`` obeys
``Z(t) = -Σ_{j≥1} e_j Z(t-j)``: integers, one short row of products per term, no Toeplitz matrix.
"""

from __future__ import annotations

from collections.abc import Iterator

from flint import fmpz, fmpz_mat, fmpz_poly, nmod_poly

# Primes just above 2**62: word-size for FLINT's nmod, and every one adds 62 bits to the modulus.
_PRIMES: list[int] = []
# Residues are combined a batch at a time with one integer matrix product (CRT by the explicit
# formula), and the batches in a balanced tree.
_BATCH = 64


def _primes() -> Iterator[int]:
    index = 0
    while True:
        if index == len(_PRIMES):
            candidate = (_PRIMES[-1] if _PRIMES else 1 << 62) + 1
            while not fmpz(candidate).is_prime():  # proven (word-size: deterministic)
                candidate += 1
            _PRIMES.append(candidate)
        yield _PRIMES[index]
        index += 1


def _residues(e: fmpz_poly, scale: int, p: int) -> list[int] | None:
    """``scale · R(0..d) mod p`` from ``E`` (``D = E / E(0)``), or None if ``p`` divides
    ``Res(E, E*)`` or E's leading coefficient. ``scale`` includes ``E(0)²``:
    ``1/(E(z)E(1/z)) = 1/(E(0)² D(z)D(1/z))``."""
    poly = nmod_poly(e, p)
    d = poly.degree()
    if d != e.degree():  # p divides E's leading coefficient: E* would not be E's reverse mod p
        return None
    g, v, u = poly.xgcd(poly.reverse())  # v·E + u·E* = g
    if g.degree() != 0:
        return None
    factor = scale * pow(int(g[0]), -1, p) % p
    v_star = v.reverse()  # w^(d-1) V(1/w), once shifted up to degree d - 1
    if v.degree() < d - 1:
        v_star = v_star.left_shift(d - 1 - v.degree())
    tail = [int(x) for x in (v_star.mul_low(poly.inverse_series_trunc(d), d) * factor).coeffs()]
    values = [0] * (d - len(tail)) + tail[::-1]  # R(t) is coefficient d - 1 - t
    values.append(int(u[0]) * factor * pow(int(poly[0]), -1, p) % p)  # U(0)/E(0)
    return values


def _combine(low: tuple[fmpz, list[fmpz]], high: tuple[fmpz, list[fmpz]]) -> tuple[fmpz, list[fmpz]]:
    """Garner's step for two coprime moduli: the vector that is ``low`` mod m₁ and ``high`` mod m₂."""
    (m1, v1), (m2, v2) = low, high
    inverse = pow(m1 % m2, -1, m2)  # the moduli are products of distinct primes: coprime
    return m1 * m2, [a + m1 * ((b - a) * inverse % m2) for a, b in zip(v1, v2, strict=True)]


def _batch(primes: list[int], rows: list[list[int]]) -> tuple[fmpz, list[fmpz]]:
    """``x ≡ rows[i] (mod primes[i])`` by ``x = Σ rᵢ (M/pᵢ) ((M/pᵢ)⁻¹ mod pᵢ) mod M``."""
    modulus = fmpz(1)
    for p in primes:
        modulus *= p
    weights = []
    for p in primes:
        cofactor = modulus // p
        weights.append(cofactor * pow(cofactor % p, -1, p))
    columns, count = len(rows[0]), len(primes)
    residues = fmpz_mat(columns, count, [rows[i][t] for t in range(columns) for i in range(count)])
    summed = residues * fmpz_mat(count, 1, weights)
    return modulus, [summed[t, 0] % modulus for t in range(columns)]


def _symmetric(modulus: fmpz, values: list[fmpz]) -> list[fmpz]:
    half = modulus // 2
    return [v - modulus if v > half else v for v in values]


def _determinant(e: fmpz_poly) -> fmpz:
    """``|det K| = sqrt(|Res(E, E*) E(1) E(-1)|)`` (see the module docstring)."""
    coefficients = e.coeffs()
    square = abs(e.resultant(fmpz_poly(list(reversed(coefficients)))) * e(1) * e(-1))
    root = square.isqrt()
    if root * root != square:
        raise ArithmeticError("Res(E, E*)·E(1)·E(-1) is not a square: D is not what it should be")
    return root


def _spot_check(e: fmpz_poly, numerators: list[fmpz], delta: fmpz, p: int) -> bool:
    """``Σ_j E_j X(|t - j|) = E(0) Δ δ_t`` for ``t = 0..d`` (``X = Δ·R``) modulo a prime the
    reconstruction did not use: coefficient ``d + t`` of ``E(z) · Σ_{s=-d..d} X(|s|) z^(s+d)``."""
    d = e.degree()
    symmetric = nmod_poly([numerators[abs(s)] % p for s in range(-d, d + 1)], p)
    product = nmod_poly(e, p).mul_low(symmetric, 2 * d + 1)
    return int(product[d]) == int(e[0]) * int(delta) % p and all(
        int(product[t]) == 0 for t in range(d + 1, 2 * d + 1)
    )


def autocorrelation(e: fmpz_poly, c: int, terms: int, r0_bits: int) -> tuple[list[fmpz], fmpz]:
    """``R(t) = numerators[t] / denominator`` for ``t < terms``, where ``D(z) = e(z/c)``
    (``e`` integer with ``e(0) = 1``: the turn chain's ``det(I - wA)`` with ``Q = A/c``) and
    ``R(0) ≤ 2^r0_bits``."""
    d = e.degree()
    if d <= 0:  # Q nilpotent: 1/D = 1, so R = δ
        return [fmpz(1)] + [fmpz(0)] * (terms - 1), fmpz(1)
    scaled = fmpz_poly([e[k] * fmpz(c) ** (d - k) for k in range(d + 1)])
    big_e = fmpz_poly([x // scaled.content() for x in scaled.coeffs()])  # E ∝ D, primitive
    delta = _determinant(big_e)
    head = _head(big_e, delta, r0_bits)  # Δ·R(0..d)
    # Beyond d, in integers: Z(t) = Δ cᵗ R(t) obeys Z(t) = -Σ_{j≥1} e_j Z(t-j) (t > d). Summed
    # one term at a time: a polynomial product would pack all of Z into one integer (100s of MB).
    coefficients = e.coeffs()
    power = fmpz(1)
    z: list[fmpz] = []
    for t in range(d + 1):
        z.append(head[t] * power)
        power *= c
    zero = fmpz(0)
    for t in range(d + 1, terms):
        z.append(-sum((coefficients[j] * z[t - j] for j in range(1, d + 1)), zero))
    # One denominator for every t: R(t) = Z(t) c^(terms-1-t) / (Δ c^(terms-1)).
    scale = [fmpz(1)]
    for _ in range(terms - 1):
        scale.append(scale[-1] * c)
    return [z[t] * scale[terms - 1 - t] for t in range(terms)], delta * scale[-1]


def _head(e: fmpz_poly, delta: fmpz, r0_bits: int) -> list[fmpz]:
    """``Δ·R(0..d)`` by the Chinese remainder theorem (module docstring): integers, since ``Δ``
    is a multiple of every denominator, of size ``≤ Δ R(0) ≤ Δ 2^r0_bits``, so a modulus over
    twice that recovers them exactly."""
    scale = int(delta) * int(e[0]) ** 2
    needed = int(delta).bit_length() + r0_bits + 1
    primes = _primes()
    stack: list[tuple[fmpz, list[fmpz]]] = []
    sizes: list[int] = []  # batches under each node of the stack
    chosen: list[int] = []
    rows: list[list[int]] = []
    bits = 0
    while bits <= needed or chosen:
        p = next(primes)
        values = _residues(e, scale, p)
        if values is None:
            continue
        chosen.append(p)
        rows.append(values)
        bits += p.bit_length() - 1  # p > 2^62
        if len(chosen) == _BATCH or bits > needed:
            stack.append(_batch(chosen, rows))
            sizes.append(1)
            chosen, rows = [], []
            # Merge nodes over equally many batches (a binary counter): a balanced tree, so
            # every product is of two numbers of about the same size.
            while len(stack) >= 2 and sizes[-1] == sizes[-2]:
                high = stack.pop()
                stack.append(_combine(stack.pop(), high))
                sizes.append(sizes.pop() + sizes.pop())
    total = stack[-1]
    for node in reversed(stack[:-1]):
        total = _combine(node, total)
    numerators = _symmetric(*total)
    # The bound makes this exact; a wrong value would mean a bug, so it is checked modulo a prime
    # the reconstruction never saw (the equations hold there with certainty if X is right).
    if not _spot_check(e, numerators, delta, next(primes)):
        raise ArithmeticError("the reconstructed autocorrelation does not satisfy its equations")
    return numerators
