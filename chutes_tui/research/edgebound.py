r"""How small the first player's edge can be at a given spread of the game's length.

With identical starts ``K`` players who never interact finish on independent turns
``T₁ … T_K``, each with the one-player law ``p(n) = P(T = n)`` of standard deviation ``σ``.
Seat 1 moves first, so it wins every tie at the minimum: the edge ``P(seat 1 wins) - 1/K``
is never negative, and a designer asking for a small edge at a small ``σ`` (a short, even
game) may ask for the impossible. This module gives the bound ``design`` warns with.

**Two players.** ``P(seat 1 wins) = P(T₁ ≤ T₂) = ½ + ½ Σₙ p(n)²`` (the diagonal of ties,
seed 001), so the edge is ``½ Σₙ p(n)²``. Spread each value ``n`` evenly over ``[n - ½, n + ½)``
(``X = T + U``, ``U`` uniform and independent): ``X`` has the step density ``f = p(n)`` there,
with ``∫ f² = Σₙ p(n)²`` and variance ``σ² + 1/12``. Among all densities of standard deviation
``s``, ``∫ f²`` is least for the parabolic (Epanechnikov) density, where it is
``3 / (5√5 s)``: Hodges & Lehmann, "The efficiency of some nonparametric competitors of the
t-test", Ann. Math. Statist. 27 (1956) 324-335 (their bound ``12 s² (∫ f²)² ≥ 108/125``
on the Wilcoxon test's efficiency). Hence

    Σₙ p(n)² ≥ 3 / (5√5 · √(σ² + 1/12)),      edge ≥ 3 / (10√5 · √(σ² + 1/12)).

It is nearly attained: a discrete parabola ``p(n) ∝ (a² - n²)⁺`` comes within 0.2 % of it at
``a = 10`` (``tests/unit/research/test_edgebound.py``). A bound over integer laws alone (their
minimiser is a truncated discrete parabola, by the Kuhn-Tucker conditions) would gain 1.1 % at
``σ = 2``, 0.2 % at ``σ = 5`` and 0.006 % at the standard board's 25.6 (measured by quadratic
programming), so the continuous one is kept.

**K players.** Let ``M`` be the number of seats tied at the minimum. The seats are
exchangeable, so seat 1 is among them with chance ``E[M]/K``, and seat 1 wins exactly then:
``edge = (E[M] - 1)/K``. Since ``M ≤ K``, ``M - 1 ≥ (2/K)·C(M, 2)``, and ``E[C(M, 2)]`` counts
the pairs tied at the minimum, ``C(K, 2) Σₙ p(n)² P(T ≥ n)^(K-2)``; so

    edge ≥ (K-1)/K · Σₙ p(n)² w(n),   w(n) = P(T ≥ n)^(K-2)

(an equality for ``K = 2``). For ``t < 1`` the turns with ``P(T ≥ n) ≥ t`` are the first ones,
``A_t``, with ``P(A_t) > 1 - t`` and, given ``A_t``, a variance at most ``σ²/(1 - t)``; the
two-player bound on that conditional law gives
``Σ_{A_t} p² ≥ g(t) = (1 - t)² · 3 / (5√5 · √(σ²/(1 - t) + 1/12))``. Summing the layers
``{w ≥ u}`` (``u = t^(K-2)``) from below over ``t_i = i/L``,

    edge ≥ (K-1)/K · Σ_{i=1}^{L-1} (t_i^(K-2) - t_{i-1}^(K-2)) · g(t_i),

valid for any grid. For large ``σ`` it tends to ``(K-1)/K · (K-2) B(K-2, 7/2) · 3/(5√5 σ)``.
It is weak on real boards: a fifth of the true edge on the standard board with three players,
a tenth with four, 1/127 with twelve (the minimum of many players lies in the left tail, of
which ``σ`` says little: a thin left tail makes ties at the minimum rare). Only the two-player
bound is sharp (two thirds of the standard board's edge); the K-player one is what is proved
here, and ``design`` warns by it alone.
"""

from __future__ import annotations

import math

# min over densities of ∫ f² · (their standard deviation): the parabolic density's (Hodges–Lehmann).
HODGES_LEHMANN = 3 / (5 * math.sqrt(5))
# Layers of the K-player sum: any number gives a bound; this many put it within 2 % of the integral
# (0.4 % with three players).
LAYERS = 400
CITATION = "Hodges & Lehmann, Ann. Math. Statist. 27 (1956) 324-335"


def tie_bound(sd: float) -> float:
    """The least ``Σₙ p(n)²`` of an integer law of standard deviation ``sd``: two players'
    chance of a tie (module docstring), ``3 / (5√5 · √(sd² + 1/12))``."""
    if not sd >= 0:
        raise ValueError(f"a standard deviation is at least 0, not {sd}")
    return HODGES_LEHMANN / math.sqrt(sd * sd + 1 / 12)


def edge_bound(sd: float, players: int = 2) -> float:
    """A lower bound on ``P(seat 1 wins) - 1/K`` for ``K = players`` seats with identical
    starts, whose one-player game has standard deviation ``sd`` (module docstring)."""
    if players < 2:
        raise ValueError("an edge needs at least two players")
    if players == 2:
        return tie_bound(sd) / 2
    total, below = 0.0, 0.0
    for i in range(1, LAYERS):
        t = i / LAYERS
        layer = t ** (players - 2)
        total += (layer - below) * (1 - t) ** 2 * tie_bound(sd / math.sqrt(1 - t))
        below = layer
    return (players - 1) / players * total
