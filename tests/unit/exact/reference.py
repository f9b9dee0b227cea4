"""The exact two-player engine as it was before the multimodular autocorrelation: everything in
``fmpq_mat`` (dense characteristic polynomial, rational column series, a dense (d+1)² solve for
the autocorrelation R and a dense Toeplitz matrix). Slow beyond ~100 squares, simple to trust:
the tests hold the fast engine to it digit for digit."""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from chutes_tui.exact.chain import ExactChain


def reference_denominator(chain: ExactChain) -> fmpq_poly:
    """``D(z) = det(I - zQ)`` from the rational characteristic polynomial."""
    return fmpq_poly(list(reversed(chain.Q.charpoly().coeffs())))


def reference_autocorrelation(denominator: fmpq_poly, terms: int) -> list[fmpq]:
    """``R(0..terms-1)``: ``Σ_j D_j R(|t - j|) = δ_t`` solved densely for ``t ≤ d``, then the
    recurrence."""
    d = denominator.coeffs()
    degree = len(d) - 1
    system = fmpq_mat(degree + 1, degree + 1)
    for t in range(degree + 1):
        for j in range(degree + 1):
            system[t, abs(t - j)] += d[j]
    solved = system.solve(fmpq_mat(degree + 1, 1, [1] + [0] * degree))
    r = [solved[i, 0] for i in range(degree + 1)]
    while len(r) < terms:
        t = len(r)
        r.append(-sum((d[j] * r[t - j] for j in range(1, degree + 1)), fmpq(0)) / d[0])
    return r[:terms]


def _numerators(chain: ExactChain, start: fmpq_mat, denominator: fmpq_poly, terms: int) -> fmpq_mat:
    n = chain.size
    columns = [fmpq_mat(n, 1, [0] * n)]
    vector = start
    for _ in range(1, terms):
        columns.append(vector)
        vector = chain.Q * vector
    rows: list[fmpq] = []
    for state in range(n):
        series = fmpq_poly([columns[k][state, 0] for k in range(terms)])
        coefficients = (series * denominator).truncate(terms).coeffs()
        rows.extend(coefficients + [fmpq(0)] * (terms - len(coefficients)))
    return fmpq_mat(n, terms, rows)


def reference_table(chain: ExactChain) -> fmpq_mat:
    """Every P(a, b) over the chain's states, as ``N C Mᵀ``."""
    n, terms = chain.size, chain.size + 2
    denominator = reference_denominator(chain)
    r = reference_autocorrelation(denominator, terms)
    toeplitz = fmpq_mat(terms, terms, [r[abs(i - j)] for i in range(terms) for j in range(terms)])
    finishing = _numerators(chain, chain.finish, denominator, terms)
    survival = _numerators(chain, fmpq_mat(n, 1, [1] * n), denominator, terms)
    return finishing * toeplitz * survival.transpose()


def reference_first_player(chain: ExactChain) -> fmpq:
    """P(first of two players wins) from the start, as the old engine computed it (one row of
    ``N C`` against one row of ``M``; ``benchmarks/bench_exact.py`` times it)."""
    n, terms = chain.size, chain.size + 2
    denominator = reference_denominator(chain)
    r = reference_autocorrelation(denominator, terms)
    toeplitz = fmpq_mat(terms, terms, [r[abs(i - j)] for i in range(terms) for j in range(terms)])
    a = chain.row(chain.board.start)
    finishing = _numerators(chain, chain.finish, denominator, terms)
    survival = _numerators(chain, fmpq_mat(n, 1, [1] * n), denominator, terms)
    row = fmpq_mat(1, terms, [finishing[a, k] for k in range(terms)]) * toeplitz
    return sum((row[0, k] * survival[a, k] for k in range(terms)), fmpq(0))
