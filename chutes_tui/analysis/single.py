"""One player: how long until the end, and where the turns are spent.

With ``Q`` the transient part of the turn chain and ``N = (I - Q)⁻¹`` its fundamental matrix
(Kemeny & Snell), from transient state ``i``:

* expected turns ``t = N·1``, i.e. the solution of ``(I - Q) t = 1``;
* second moment ``s`` solves ``(I - Q) s = 2t - 1`` (condition on the first turn:
  ``T² = (1 + T')²``), so ``Var T = s - t²``;
* survival ``S(n) = P(T > n) = (Qⁿ 1)_i`` and pmf ``f(n) = (Qⁿ⁻¹ r)_i`` with ``r`` the
  one-turn finishing probabilities;
* expected turns ending on ``j`` after leaving ``i``: ``N_ij - δ_ij``; the probability of ever
  ending a turn on ``j`` (after turn 0): ``(N_ij - δ_ij) / N_jj``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.chain import Chain, build_chain
from chutes_tui.model.board import Board

DISTRIBUTION_TAIL = 1e-15
PROGRESS_EVERY = 1_000
# Who to tell how a long series is going: ``report(turns summed, probability still unfinished)``.
# A context variable rather than a parameter of every function a series runs under (seat odds,
# distributions, reports): a command line sets it around its work with :func:`series_progress`.
SERIES_PROGRESS: ContextVar[Callable[[int, float], None] | None] = ContextVar("series_progress", default=None)


@contextmanager
def series_progress(report: Callable[[int, float], None]) -> Iterator[None]:
    """Within this block, every series on a chain reports its progress to ``report``."""
    token = SERIES_PROGRESS.set(report)
    try:
        yield
    finally:
        SERIES_PROGRESS.reset(token)


def expected_turns(chain: Chain) -> np.ndarray:
    """Expected turns to finish from every transient state: ``(I - Q) t = 1``."""
    return _moments(chain)[0]


def expected_from_start(board: Board) -> float:
    """The expected length of a one-player game on ``board`` from its start square."""
    chain = build_chain(board)
    return float(expected_turns(chain)[chain.row(board.start)])


def sd_turns(chain: Chain) -> np.ndarray:
    """Standard deviation of the turns to finish from every transient state."""
    return _moments(chain)[1]


def _moments(chain: Chain) -> tuple[np.ndarray, np.ndarray]:
    return chain.memo.get("moments", lambda: _solve_moments(chain))


def _solve_moments(chain: Chain) -> tuple[np.ndarray, np.ndarray]:
    ones = np.ones(chain.size)
    mean = chain.lu.solve(ones)
    second = chain.lu.solve(2.0 * mean - 1.0)
    sd = np.sqrt(np.maximum(second - mean * mean, 0.0))
    mean.setflags(write=False)
    sd.setflags(write=False)
    return mean, sd


@dataclass(frozen=True, eq=False)
class Curves:
    """Finishing-time curves for some states: ``survival[k, n] = P(T > n)``,
    ``pmf[k, n] = P(T = n)``, for ``n = 0..horizon``.

    Computed until every requested survival is below ``tail``; ``horizon`` is that turn.
    """

    rows: np.ndarray
    survival: np.ndarray
    pmf: np.ndarray

    @property
    def horizon(self) -> int:
        return self.survival.shape[1] - 1


def finishing_curves(chain: Chain, rows: np.ndarray | list[int], tail: float) -> Curves:
    """Survival and pmf of the finishing turn for the given states.

    Stops at the first turn where every requested survival is below ``tail``.

    Iterates ``S_n = Q S_{n-1}`` and ``f_n = Q f_{n-1}`` (``S_0 = 1``, ``f_1 = r``) over
    every state at once -- one sparse product per turn -- and keeps the requested rows.
    Iterating the pmf separately instead of differencing survivals keeps its relative
    precision deep into the tail.
    """
    rows = np.asarray(rows, dtype=np.int64)
    both = np.empty((chain.size, 2))
    both[:, 0] = 1.0
    both[:, 1] = chain.finish
    survival = [np.ones(rows.size)]
    pmf = [np.zeros(rows.size)]

    report = SERIES_PROGRESS.get()
    while (left := float(survival[-1].max(initial=0.0))) >= tail:
        pmf.append(both[rows, 1].copy())
        both = chain.Q @ both
        survival.append(both[rows, 0].copy())
        if report is not None and len(survival) % PROGRESS_EVERY == 0:
            report(len(survival) - 1, left)
    return Curves(rows=rows, survival=np.array(survival).T, pmf=np.array(pmf).T)


@dataclass(frozen=True, eq=False)
class Distribution:
    """The distribution of the number of turns to finish from one square.

    ``pmf[n] = P(T = n)`` for ``n = 0..len(pmf) - 1``; ``tail = P(T ≥ len(pmf))`` is below
    1e-15. ``mean`` and ``sd`` come from the linear solves, not from the truncated series.
    """

    square: int
    pmf: np.ndarray
    survival: np.ndarray
    mean: float
    sd: float

    @property
    def tail(self) -> float:
        return float(self.survival[-1])

    @property
    def cdf(self) -> np.ndarray:
        """``P(T ≤ n)``, summed from the pmf so that impossible early turns stay exactly 0."""
        return np.cumsum(self.pmf)

    @property
    def minimum(self) -> int:
        return int(np.flatnonzero(self.pmf > 0)[0])

    @property
    def mode(self) -> int:
        return int(np.argmax(self.pmf))

    def percentile(self, q: float) -> int:
        """The smallest ``n`` with ``P(T ≤ n) ≥ q`` (``0 < q ≤ 1 - tail``)."""
        if not 0 < q < 1:
            raise ValueError(f"percentile level must lie strictly between 0 and 1, not {q}")
        hits = np.flatnonzero(self.cdf >= q - 1e-15)
        if hits.size == 0:
            raise ValueError(f"the {q} quantile lies beyond the computed tail")
        return int(hits[0])

    @property
    def median(self) -> int:
        return self.percentile(0.5)

    def p_within(self, turns: int) -> float:
        """``P(T ≤ turns)``."""
        if turns < 0:
            return 0.0
        if turns >= self.survival.size:
            return 1.0 - self.tail
        return float(self.cdf[turns])


class StartSeries:
    """The finishing-time series from one state, grown on demand and kept with the chain.

    Iterated forwards: ``u_0 = e_row``, ``u_{n+1} = Qᵀ u_n`` (where a piece from ``row`` may
    stand after ``n`` turns), ``f(n+1) = r · u_n`` and ``S(n+1) = Σ u_{n+1}`` -- one vector a
    turn instead of every state's two columns, and both curves as sums of positive terms, so
    deep in the tail they keep their relative precision. The distribution of one start and the
    seat odds of players who start there then share one series (``analyze`` used to sum the
    same 141,000-turn series twice on a 1,000-square board).
    """

    def __init__(self, chain: Chain, row: int) -> None:
        self.chain = chain
        self.u = np.zeros(chain.size)
        self.u[row] = 1.0
        self.survival = [1.0]
        self.pmf = [0.0]

    def grow(self, tail: float, length: int) -> None:
        """Until ``S(n) < tail`` and at least ``length`` turns are known."""
        transposed = self.chain.memo.get("QT", lambda: self.chain.Q.T.tocsr())
        finish, u = self.chain.finish, self.u
        survival, pmf = self.survival, self.pmf
        report = SERIES_PROGRESS.get()
        while survival[-1] >= tail or len(survival) <= length:
            pmf.append(float(finish @ u))
            u = transposed @ u
            survival.append(float(u.sum()))
            if report is not None and len(survival) % PROGRESS_EVERY == 0:
                report(len(survival) - 1, survival[-1])
        self.u = u

    def bracket(self) -> tuple[float, float, float] | None:
        """``(ρ_lo, ρ_hi, f(N+1))`` at the last turn ``N`` known, with ``ρ_lo·u ≤ Qᵀu ≤ ρ_hi·u``
        componentwise (Collatz–Wielandt). Because ``Qᵀ ≥ 0`` this gives, for every ``t ≥ 0``,
        ``ρ_lo^t·u_N ≤ u_{N+t} ≤ ρ_hi^t·u_N``, hence ``S(N+t) ∈ S(N)·[ρ_lo^t, ρ_hi^t]`` and
        ``f(N+1+t) ∈ f(N+1)·[ρ_lo^t, ρ_hi^t]``. ``None`` when no such ``ρ_hi < 1`` exists yet
        (mass about to reach states that hold none)."""
        transposed = self.chain.memo.get("QT", lambda: self.chain.Q.T.tocsr())
        u = self.u
        after = transposed @ u
        held = u > 0
        if not held.any() or (after[~held] > 0).any():
            return None
        ratios = after[held] / u[held]
        low, high = float(ratios.min()), float(ratios.max())
        if not high < 1.0:
            return None
        return low, high, float(self.chain.finish @ u)


def series_from(chain: Chain, row: int) -> StartSeries:
    """State ``row``'s series, as far as it has been grown (kept with the chain)."""
    series: StartSeries = chain.memo.get(f"start_series:{row}", lambda: StartSeries(chain, row))
    return series


def start_series(chain: Chain, row: int, tail: float, length: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """``(survival, pmf)`` from state ``row`` for ``n = 0..N``: at least to the first ``N``
    with ``S(N) < tail``, and at least ``length`` turns (kept with the chain, grown as asked)."""
    series = series_from(chain, row)
    series.grow(tail, length)
    end = len(series.survival)
    if tail > 0:  # the first turn below ``tail`` (an earlier, longer request may have gone on)
        below = np.flatnonzero(np.asarray(series.survival) < tail)
        end = int(below[0]) + 1 if below.size else end
    end = max(end, length + 1)
    return np.asarray(series.survival[:end]), np.asarray(series.pmf[:end])


def finishing_distribution(chain: Chain, square: int, tail: float = DISTRIBUTION_TAIL) -> Distribution:
    """The finishing-turn distribution from ``square``, until ``P(T > n) < tail``."""
    if square == chain.board.end:
        return Distribution(square, np.array([1.0]), np.array([0.0]), 0.0, 0.0)
    row = chain.row(square)
    survival, pmf = start_series(chain, row, tail)
    mean, sd = _moments(chain)
    return Distribution(square, pmf, survival, float(mean[row]), float(sd[row]))


@dataclass(frozen=True, eq=False)
class Visits:
    """Where the turns from ``origin`` end, indexed by board square ``0..end``.

    ``expected[s]``: expected number of turns ending on ``s`` (turn 0 on the origin does not
    count); ``probability[s]``: probability of ever ending a turn on ``s``. Tails of jumps are
    never visited; the end square is visited exactly once.
    """

    origin: int
    expected: np.ndarray
    probability: np.ndarray


def _inverse_diagonal(chain: Chain, block: int = 512) -> np.ndarray:
    """``diag((I - Q)⁻¹)`` by solving for the identity a block of columns at a time."""
    n = chain.size
    diagonal = np.empty(n)
    for first in range(0, n, block):
        last = min(first + block, n)
        rhs = np.zeros((n, last - first))
        rhs[np.arange(first, last), np.arange(last - first)] = 1.0
        solved = chain.lu.solve(rhs)
        diagonal[first:last] = solved[np.arange(first, last), np.arange(last - first)]
    return diagonal


def _cached_inverse_diagonal(chain: Chain) -> np.ndarray:
    return chain.memo.get("inverse_diagonal", lambda: _inverse_diagonal(chain))


def visit_statistics(chain: Chain, origin: int) -> Visits:
    """Expected visits and visit probabilities of every square, starting from ``origin``."""
    board = chain.board
    row = chain.row(origin)
    unit = np.zeros(chain.size)
    unit[row] = 1.0
    fundamental_row = chain.lu.solve(unit, trans="T")  # row `row` of N = (I - Q)⁻¹
    after_start = fundamental_row.copy()
    after_start[row] -= 1.0
    expected = np.zeros(board.end + 1)
    probability = np.zeros(board.end + 1)
    expected[chain.squares] = np.maximum(after_start, 0.0)
    probability[chain.squares] = np.clip(after_start / _cached_inverse_diagonal(chain), 0.0, 1.0)
    expected[board.end] = probability[board.end] = 1.0
    return Visits(origin=origin, expected=expected, probability=probability)
