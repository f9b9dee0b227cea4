r"""Drama: how often the lead changes hands, how often the winner came back, and when the game
was decided -- rewards and absorptions on the joint chain of :mod:`.dramachain`, in floats with a
proven bound on each (the exact layer gives fractions: :mod:`chutes_tui.exact.drama`).

**Definitions.** A game's *moments* are its starting position and the position after each of its
turns ``t = 1, …, T`` (the last one wins; under the standard rules a turn is one roll). A moment's
*favourite* is the seat whose exact chance to win is strictly the highest (two players: above
1/2); when two or more seats share the highest chance there is *no favourite*. A won game's
favourite is its winner. A turn is a *lead change* when the favourite after it differs from the
favourite before it, "no favourite" being one of the values: the favourite before the first turn
is the starting position's, and a winning turn by a seat that was not the favourite is one. A game
is a *comeback* when its winner's chance was below 1/10 at some moment, the start included. Its
*decisive turn* ``D`` is its last lead change, after which the favourite (then the winner) never
changes again; ``D = 0`` when no turn changes the lead.

**On the chain.** With ``P`` the transient part (one turn), ``w_k(s)`` seat ``k``'s chance in state
``s``, ``φ(s)`` its favourite and ``W_k(s)`` the chance that the turn from ``s`` wins for ``k``, the
turn ``s → s'`` changes the lead iff ``c(s, s') = [φ(s) ≠ φ(s')]``, a win for ``k`` iff
``φ(s) ≠ k``. ``N = (I - P)⁻¹`` holds the expected visits.

* The expected lead changes from ``s`` solve ``(I - P) L = ρ``,
  ``ρ(s) = Σ_{s'} P(s, s') c(s, s') + Σ_k W_k(s) [φ(s) ≠ k]``: ``E = Σ_s N(start, s) ρ(s)``.
* ``q_k(s)`` = P(``k`` wins, its chance at least 1/10 at every moment from ``s`` on) is 0 where
  ``w_k(s) < 1/10`` and ``Σ_{s'} P(s, s') q_k(s') + W_k(s)`` elsewhere. A game that is no comeback
  is counted by its winner's ``q_k`` alone: ``P(comeback) = 1 - Σ_k q_k(start)``.
* ``g(s)`` = P(no turn from ``s`` on changes the lead) solves
  ``g = Σ_{s'} P(s, s') (1 - c(s, s')) g(s') + Σ_k W_k(s) [φ(s) = k]``. ``D > t`` iff a lead change
  comes after moment ``t``, so ``P(D > t) = Σ_s m_t(s) (1 - g(s))`` with ``m_t = e_start Pᵗ``
  (where the game stands after ``t`` turns, unfinished): ``P(D = 0) = g(start)``, and
  ``E[D] = Σ_t P(D > t) = Σ_s N(start, s) (1 - g(s))``, solved as well (a check on the sum).

**Bounds.** A float solve ``x`` of ``(I - P') x = b`` (``P' ≤ P``: some turns left out) is off by
``N' r ≤ N r`` for its residual ``r``, so by at most ``‖r‖ max τ / (1 - ‖r_τ‖)`` with ``τ = N 1``
the expected turns left, itself solved (``r_τ`` its residual). Each residual is computed in floats:
``(k + 2) u (|b| + |x| + P|x|)`` (``k`` entries a row, ``u = 2⁻⁵³``) is added for its rounding. The
decisive turn's law is summed until the game is unfinished with chance below :data:`LAW_TAIL`;
beyond, ``P(D > t) ≤ Σ m_t`` and the rest of ``E[D]`` is at most ``Σ m_t · max τ``.

**Favourites decided exactly.** Every float chance is within :data:`~.dramachain.ODDS_ERROR` of
the true one. Where the highest two are more than twice that apart, and a chance more than that
from 1/10, the floats decide; elsewhere (no position of the standard board: its odds come no
closer than 5.7·10⁻⁶ to a tie nor 1.8·10⁻⁴ to 1/10) :func:`decisions` leaves the position
*unsure*, for exact values to decide (:func:`settled`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from chutes_tui.analysis.dramachain import ODDS_ERROR, DramaChain

if TYPE_CHECKING:
    import scipy.sparse as sp

COMEBACK_BELOW = 0.1  # a chance below this (exactly 1/10) is one a comeback starts from
LAW_TAIL = 1e-15  # the decisive turn's law is summed until the game is over with at least 1 - this
NO_FAVOURITE = -1
# The direct solve (a sparse LU) up to this many states (two players: 13,122 on the standard
# board, a tenth of a second); above, sweeps. Three seats' chain is a cube whose LU fills in:
# 5,184 states took 0.24 s (the sweeps 2 ms), 36,501 more than ten minutes (the sweeps 0.7 s).
DIRECT_MAX_STATES = 100_000
DIRECT_MAX_STATES_MANY = 10_000  # three seats
_UNIT = 2.0**-53


@dataclass(frozen=True, eq=False)
class Decisions:
    """Each state's favourite (a seat, or :data:`NO_FAVOURITE`) and whether each seat's chance
    is below 1/10; ``unsure``: the states whose favourite the floats cannot decide, ``close``:
    the ``(state, seat)`` pairs whose side of 1/10 they cannot."""

    favourite: np.ndarray  # states: int
    below: np.ndarray  # states × players: bool
    unsure: np.ndarray  # state indices
    close: np.ndarray  # pairs × 2: (state, seat)


def favourite_of(chances: Sequence[Any]) -> int:
    """The seat whose chance (a float or a fraction) is strictly the highest, else
    :data:`NO_FAVOURITE`."""
    top = max(chances)
    leaders = [seat for seat, chance in enumerate(chances) if chance == top]
    return leaders[0] if len(leaders) == 1 else NO_FAVOURITE


def lead_changes_in(moments: Sequence[Sequence[float]]) -> int:
    """A played game's lead changes: the moments' chances (the start's, then after each turn;
    a won game's last moment gives its winner 1), counted by the module docstring's definition
    -- a win by a seat that was not the favourite changes the favourite to the winner. The
    chances are taken as they are (a game's live odds, within 10⁻¹⁰ of the exact ones: a
    position closer than that to a tie would need the exact odds, :func:`decisions`)."""
    favourites = [favourite_of(chances) for chances in moments]
    return sum(before != after for before, after in itertools.pairwise(favourites))


def decisions(chance: np.ndarray, error: float = ODDS_ERROR) -> Decisions:
    """The favourites and the chances below 1/10 that floats ``error`` from the truth decide."""
    ordered = np.sort(chance, axis=1)
    gap = ordered[:, -1] - ordered[:, -2]
    favourite = np.where(gap > 0, np.argmax(chance, axis=1), NO_FAVOURITE)
    close = np.argwhere(np.abs(chance - COMEBACK_BELOW) <= error)
    return Decisions(favourite, chance < COMEBACK_BELOW, np.flatnonzero(gap <= 2 * error), close)


def settled(
    decided: Decisions, favourites: Mapping[int, int], below: Mapping[tuple[int, int], bool]
) -> Decisions:
    """``decided`` with its unsure states' favourites and close chances' sides as given (exact
    decisions: every unsure state and close pair must be given one)."""
    missing = [int(s) for s in decided.unsure if int(s) not in favourites]
    missing += [int(s) for s, k in decided.close if (int(s), int(k)) not in below]
    if missing:
        raise ValueError(f"no exact decision for {len(missing)} unsure positions")
    favourite, under = decided.favourite.copy(), decided.below.copy()
    for state, seat in favourites.items():
        favourite[state] = seat
    for (state, seat), is_below in below.items():
        under[state, seat] = is_below
    empty = np.zeros(0, dtype=np.int64)
    return Decisions(favourite, under, empty, empty.reshape(0, 2))


@dataclass(frozen=True)
class DecisiveLaw:
    """The decisive turn's law: ``survival[t] = P(D > t)`` for ``t = 0, 1, …`` (to the chance
    :data:`LAW_TAIL` of an unfinished game), ``mean`` its sum with the proven rest, ``error`` a
    bound on each figure."""

    survival: np.ndarray
    mean: float
    error: float

    @property
    def pmf(self) -> np.ndarray:
        """``P(D = t)``."""
        return -np.diff(np.concatenate([[1.0], self.survival]))

    def quantile(self, q: float) -> int:
        """The smallest ``t`` with ``P(D ≤ t) ≥ q``."""
        hits = np.flatnonzero(1.0 - self.survival >= q - 1e-15)
        if hits.size == 0:
            raise ValueError(f"the decisive turn's {q} quantile lies beyond the law summed")
        return int(hits[0])

    @property
    def median(self) -> int:
        return self.quantile(0.5)


@dataclass(frozen=True)
class Drama:
    """A game's drama from one position, in floats, each figure with a proven bound."""

    players: int
    start_favourite: int  # a seat, or NO_FAVOURITE
    lead_changes: float
    comeback: float
    decisive: DecisiveLaw
    decisive_mean_solved: float  # E[D] from its linear solve: a check on the law's sum
    expected_turns: float  # every seat's turns together, to the end
    error: float  # a proven bound on the lead changes', the comeback's and E[D]'s error


def drama(chain: DramaChain, decided: Decisions, start: int) -> Drama:
    """The module docstring's figures from state ``start`` (the exact layer decides the unsure
    positions first: :func:`settled`)."""
    P, changes, reward, wins_like = _rewards(chain, decided)
    favourite, k = decided.favourite, chain.players
    kept = _with(P, ~changes)
    # One solve with P gives the lead changes, the turns left and E[D]'s first part; g its own.
    ones = np.ones(chain.size)
    (g,), g_residual = _solved(kept, [wins_like], k)
    (changes_left, turns, decided_left), residuals = _solved(P, [reward, ones, 1.0 - g], k)
    norm = float(turns.max()) / (1.0 - min(residuals[1], 0.5))
    error_of = [norm * r for r in residuals]
    g_error = norm * g_residual[0]
    q_total, q_error = 0.0, 0.0
    for seat in range(k):
        alive = ~decided.below[:, seat]
        (q,), q_residual = _solved(_rows_kept(P, alive), [alive * chain.wins[:, seat]], k)
        q_total += float(q[start])
        q_error += norm * q_residual[0]
    law = _decisive_law(P, g, start, float(turns.max()), g_error)
    return Drama(
        players=k,
        start_favourite=int(favourite[start]),
        lead_changes=float(changes_left[start]),
        comeback=min(max(1.0 - q_total, 0.0), 1.0),  # within its error of the true chance
        decisive=law,
        decisive_mean_solved=float(decided_left[start]),
        expected_turns=float(turns[start]),
        error=max(error_of[0], q_error, law.error, error_of[2] + norm * g_error),
    )


def expected_lead_changes(chain: DramaChain, decided: Decisions, start: int) -> tuple[float, float]:
    """The expected lead changes from ``start`` alone (one solve, where :func:`drama` makes
    ``k + 2``), and a proven bound on its error."""
    P, _, reward, _ = _rewards(chain, decided)
    (changes_left, turns), residuals = _solved(P, [reward, np.ones(chain.size)], chain.players)
    norm = float(turns.max()) / (1.0 - min(residuals[1], 0.5))
    return float(changes_left[start]), norm * residuals[0]


def _rewards(
    chain: DramaChain, decided: Decisions
) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray, np.ndarray]:
    """``P``; whether each of its entries changes the lead; ``ρ``, the chance that a turn from
    each state changes it (a win by another seat than the favourite included); the chance that
    the turn wins for the favourite."""
    if decided.unsure.size or decided.close.size:
        raise ValueError("some favourites are unsure: decide them exactly first (drama.settled)")
    P = chain.P.tocsr()
    favourite = decided.favourite
    rows = np.repeat(np.arange(chain.size), np.diff(P.indptr))
    changes = favourite[rows] != favourite[P.indices]
    wins_unlike = (chain.wins * (favourite[:, None] != np.arange(chain.players))).sum(axis=1)
    wins_like = chain.wins.sum(axis=1) - wins_unlike
    reward = np.bincount(rows, weights=P.data * changes, minlength=chain.size) + wins_unlike
    return P, changes, reward, wins_like


def _with(P: sp.csr_matrix, keep: np.ndarray) -> sp.csr_matrix:
    """``P`` with only the entries ``keep`` marks (in ``P``'s own order of entries)."""
    import scipy.sparse as sp

    kept = sp.csr_matrix(
        (P.data * keep, P.indices.copy(), P.indptr.copy()), shape=P.shape
    )  # its own arrays: pruned below
    kept.eliminate_zeros()
    return kept


def _rows_kept(P: sp.csr_matrix, alive: np.ndarray) -> sp.csr_matrix:
    rows = np.repeat(np.arange(P.shape[0]), np.diff(P.indptr))
    return _with(P, alive[rows])


def _solved(
    P: sp.csr_matrix, columns: list[np.ndarray], players: int
) -> tuple[list[np.ndarray], list[float]]:
    """``(I - P) x = b`` for each column ``b``, and a bound on each residual (its own rounding
    included: module docstring)."""
    from chutes_tui.analysis.bump import solve_by_sweeps, solve_direct

    rhs = np.column_stack(columns)
    if P.shape[0] <= (DIRECT_MAX_STATES if players == 2 else DIRECT_MAX_STATES_MANY):
        x = solve_direct(P, rhs).reshape(rhs.shape)
    else:  # the sweeps want a column of ones last, for their own bound
        x = solve_by_sweeps(P, players, np.column_stack([rhs, np.ones(P.shape[0])]))[:, :-1]
    most = int(np.diff(P.indptr).max(initial=0))
    residual = np.abs(rhs - x + P @ x).max(axis=0)
    rounding = (most + 2) * _UNIT * (np.abs(rhs) + np.abs(x) + abs(P) @ np.abs(x)).max(axis=0)
    bounds = [float(r) for r in (residual + rounding) * (1 + 1e-6)]
    return [x[:, i] for i in range(rhs.shape[1])], bounds


def _decisive_law(
    P: sp.csr_matrix, g: np.ndarray, start: int, most_turns: float, g_error: float
) -> DecisiveLaw:
    """``P(D > t) = m_t · (1 - g)``, ``m_{t+1} = m_t P``, until ``Σ m_t < LAW_TAIL``."""
    forward = P.T.tocsr()
    ahead = 1.0 - g
    m = np.zeros(P.shape[0])
    m[start] = 1.0
    survival = []
    while (alive := float(m.sum())) >= LAW_TAIL:
        survival.append(float(m @ ahead))
        m = forward @ m
    rest = alive * most_turns
    law = np.minimum.accumulate(np.clip(np.array(survival), 0.0, 1.0))
    mean = float(law.sum())
    # Each figure is off by g's error (times the mass, at most 1, and summed: times E[turns]).
    error = g_error * (most_turns + 1) + rest + len(survival) * 4 * _UNIT
    return DecisiveLaw(law, mean + rest / 2, max(error, math.ulp(mean)))
