"""An independent reference for ``chutes-tui exact standard``, from the rules, in python-flint.

One player's turn chain on the Milton Bradley board (a fair six-sided die; a roll past 100 is
lost; ladders and chutes as printed): ``Q`` between the squares a piece can rest on, ``r`` the
chance to finish. Expected turns: ``(I - Q) t = 1``. Two players never interact, so the first
wins iff ``T₁ ≤ T₂`` with ``T`` i.i.d.: ``P = ½ + ½ Σ pₙ²``, ``pₙ = P(T = n)``. With
``F(z) = Σ pₙ zⁿ = N(z)/D(z)``, ``D = det(I - zQ)``: ``Σ pₙ² = Σ_{i,j} Nᵢ Nⱼ R(i - j)``, where
``R(t) = Σₖ hₖ hₖ₊ₜ`` (``h`` the series of ``1/D``) solves ``Σⱼ Dⱼ R(|t - j|) = δₜ``.

Prints both fractions, one per line. Nothing from chutes_tui is imported.
"""

from flint import fmpq, fmpq_mat, fmpq_poly, fmpz_mat

LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
CHUTES = {16: 6, 48: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}
JUMPS, SIDES, END = {**LADDERS, **CHUTES}, 6, 100
squares = [s for s in range(END) if s not in JUMPS]  # where a piece rests before the end
row, n = {s: i for i, s in enumerate(squares)}, len(squares)
A, rho = [[0] * n for _ in range(n)], [0] * n  # Q = A / 6, r = rho / 6
for s in squares:
    for roll in range(1, SIDES + 1):
        land = JUMPS.get(s + roll, s + roll) if s + roll <= END else s
        if land == END:
            rho[row[s]] += 1
        else:
            A[row[s]][row[land]] += 1
I_minus_Q = fmpz_mat([[SIDES * (i == j) - A[i][j] for j in range(n)] for i in range(n)])  # times 6
turns = I_minus_Q.solve(fmpz_mat(n, 1, [SIDES] * n))[row[0], 0]
A = fmpz_mat(A)
D = fmpq_poly([fmpq(c, SIDES**k) for k, c in enumerate(reversed(A.charpoly().coeffs()))])
d, series, v = D.degree(), [fmpq(0)], fmpz_mat(n, 1, rho)  # v = A^(k-1) rho, in integers
for k in range(1, n + 2):  # p_k = (A^(k-1) rho)[start] / 6^k: enough terms for N = F·D
    series.append(fmpq(v[row[0], 0], SIDES**k))
    v = A * v
N = (fmpq_poly(series) * D).coeffs()[: n + 1]
K = fmpq_mat(d + 1, d + 1)  # K R = e_0, K[t, |t - j|] += D_j
for t in range(d + 1):
    for j in range(d + 1):
        K[t, abs(t - j)] += D[j]
solution = K.solve(fmpq_mat(d + 1, 1, [1] + [0] * d))
R = [solution[t, 0] for t in range(d + 1)]
for t in range(d + 1, len(N)):  # beyond d: the recurrence Σ_j D_j R(t - j) = 0
    R.append(-sum((D[j] * R[t - j] for j in range(1, d + 1)), fmpq(0)))
m = len(N) - 1  # coefficient m + s of N(z)·z^m N(1/z): Σ_{i-j=s} N_i N_j
correlation = (fmpq_poly(N) * fmpq_poly(N[::-1])).coeffs()
squares_sum = sum((c * R[abs(k - m)] for k, c in enumerate(correlation) if c), fmpq(0))
print(turns)
print(fmpq(1, 2) + squares_sum / 2)
