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

The same on the extended chain of a board with a turn rule of issue 26 (:mod:`.chain`), where
the moments are solved by the LU of ``I - Q`` (there is no roll chain to solve them on).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from chutes_tui.analysis.chain import Chain, build_chain, roll_chain
from chutes_tui.analysis.limits import DISTRIBUTION_MAX_TURNS, SOLVE_MAX_BAND, SOLVE_MAX_STATES
from chutes_tui.analysis.progress import PROGRESS_EVERY, SERIES_PROGRESS
from chutes_tui.analysis.series import MOMENT_PRECISION, TooLongError, series_moments, start_series
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey

DISTRIBUTION_TAIL = 1e-15


def expected_turns(chain: Chain) -> np.ndarray:
    """Expected turns to finish from every transient state: ``(I - Q) t = 1``."""
    return _moments(chain)[0]


def expected_from_start(board: Board) -> float:
    """The expected length of a one-player game on ``board`` from its start square."""
    chain = build_chain(board)
    return moments_from(chain, chain.row(board.start))[0]


def moments_from(chain: Chain, row: int, precision: float = MOMENT_PRECISION) -> tuple[float, float]:
    """Mean and standard deviation of the turns from state ``row``: from the linear solves while
    they are cheap (:data:`SOLVE_MAX_STATES`, or a narrow band: :data:`SOLVE_MAX_BAND`) or
    already done, else from the row's own series and its tail law
    (:func:`.series.series_moments`, to ``precision``), with no factorisation."""
    found = None
    cheap = chain.size <= SOLVE_MAX_STATES or chain.band <= SOLVE_MAX_BAND
    if not cheap and not chain.memo.has(MOMENTS):
        found = series_moments(chain, row, precision)
    if found is None:
        mean, sd = _moments(chain)
        return float(mean[row]), float(sd[row])
    first, second = found
    return first, math.sqrt(max(second - first * first, 0.0))


def sd_turns(chain: Chain) -> np.ndarray:
    """Standard deviation of the turns to finish from every transient state."""
    return _moments(chain)[1]


# The mean and standard deviation of the turns from every state, by linear solves.
MOMENTS: MemoKey[Chain, tuple[np.ndarray, np.ndarray]] = MemoKey("moments")


def _moments(chain: Chain) -> tuple[np.ndarray, np.ndarray]:
    return chain.memo.get(MOMENTS, lambda: _solve_moments(chain))


def _solve_moments(chain: Chain) -> tuple[np.ndarray, np.ndarray]:
    """``(I - Q) t = 1`` and ``(I - Q) s = 2t - 1`` -- on the roll chain where the extra-roll
    rule is played (:func:`_roll_moments`): the same answer from a matrix a twentieth as full."""
    if chain.by_rolls:
        mean, second = _roll_moments(chain)
    else:
        mean = chain.lu.solve(np.ones(chain.size))
        second = chain.lu.solve(2.0 * mean - 1.0)
    sd = np.sqrt(np.maximum(second - mean * mean, 0.0))
    mean.setflags(write=False)
    sd.setflags(write=False)
    return mean, sd


def _roll_moments(chain: Chain) -> tuple[np.ndarray, np.ndarray]:
    """The turns' first two moments from the roll chain ``R`` (same states, one roll a step).

    A roll ends its turn (reward ``w = 1``) unless it is the top face and does not win (``w =
    0``: the turn goes on), so the turns are the sum of the rolls' rewards. Conditioning on the
    first roll, with ``j_f`` where face ``f`` leads and ``t``, ``s`` zero at the end,

        t_i = Σ_f p_f (w_if + t(j_f)),    s_i = Σ_f p_f (w_if + 2 w_if t(j_f) + s(j_f)),

    that is ``(I - R) t = Σ_f p_f w_f`` and ``(I - R) s = Σ_f p_f w_f (1 + 2 t(j_f))``; without
    the extra roll ``w = 1`` and these are the turn chain's own equations.
    """
    board = chain.board
    rolls = roll_chain(board)
    table = board.roll_table[chain.squares]  # states × faces: where each roll leads
    ends_turn = np.ones(table.shape)
    top = board.die.top_column
    ends_turn[:, top] = table[:, top] == board.end
    chances = board.face_probabilities
    mean = rolls.lu.solve(ends_turn @ chances)
    at = np.zeros(board.end + 1)
    at[chain.squares] = mean
    second = rolls.lu.solve((ends_turn * (1.0 + 2.0 * at[table])) @ chances)
    return mean, second


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


class Absorbing(Protocol):
    """An absorbing chain as the finishing curves read it: ``Q`` among the transient states
    (sparse or dense), ``finish`` each one's chance of absorbing in one turn (a board's
    :class:`~.chain.Chain`, or a player's chain under a fixed policy, :mod:`.policyodds`)."""

    @property
    def Q(self) -> Any: ...  # noqa: N802 -- the chain's own name for it
    @property
    def finish(self) -> np.ndarray: ...
    @property
    def size(self) -> int: ...


def finishing_curves(chain: Absorbing, rows: np.ndarray | list[int], tail: float) -> Curves:
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


def smallest_reaching(cdf: np.ndarray, q: float) -> int:
    """The smallest ``n`` with ``cdf[n] ≥ q`` (a q-quantile), allowing for the rounding of the
    running sum; ``ValueError`` if ``q`` is not in (0, 1) or lies beyond the computed law."""
    if not 0 < q < 1:
        raise ValueError(f"a quantile level must lie strictly between 0 and 1, not {q}")
    # A running sum is off by a few ulps of 1: allow that much, but never more than a millionth
    # of q itself (a level of 1e-20 would otherwise be met before the first possible value).
    hits = np.flatnonzero(cdf >= q - min(1e-15, q * 1e-6))
    if hits.size == 0:
        raise ValueError(f"the {q} quantile lies beyond the computed tail")
    return int(hits[0])


class PmfLaw:
    """What a law of a count has from its ``pmf`` (``pmf[n] = P(X = n)``): shared by the
    finishing-time :class:`Distribution` and :class:`~.length.LengthLaw`."""

    pmf: np.ndarray

    @property
    def cdf(self) -> np.ndarray:
        """``P(X ≤ n)``, summed from the pmf so that impossible early values stay exactly 0."""
        return np.cumsum(self.pmf)

    @property
    def minimum(self) -> int:
        return int(np.flatnonzero(self.pmf > 0)[0])

    @property
    def mode(self) -> int:
        return int(np.argmax(self.pmf))

    def quantile(self, q: float) -> int:
        """The smallest ``n`` with ``P(X ≤ n) ≥ q``."""
        return smallest_reaching(self.cdf, q)


@dataclass(frozen=True, eq=False)
class Distribution(PmfLaw):
    """The distribution of the number of turns to finish from one square.

    ``pmf[n] = P(T = n)`` for ``n = 0..len(pmf) - 1``; ``tail = P(T ≥ len(pmf))`` is below
    the tail asked for (1e-15 unless said). Far turns may come from the series' proven tail law
    (:mod:`.series`). ``mean`` and ``sd`` come from the linear solves, not from the series,
    and ``fewest`` is counted (:attr:`.Chain.fewest_turns`): on a long board the series' first
    terms underflow to zero.
    """

    square: int
    pmf: np.ndarray
    survival: np.ndarray
    mean: float
    sd: float
    fewest: int

    @property
    def minimum(self) -> int:
        return self.fewest

    @property
    def tail(self) -> float:
        return float(self.survival[-1])

    @property
    def median(self) -> int:
        return self.quantile(0.5)

    def p_within(self, turns: int) -> float:
        """``P(T ≤ turns)``."""
        if turns < 0:
            return 0.0
        if turns >= self.survival.size:
            return 1.0 - self.tail
        return float(self.cdf[turns])


def finishing_distribution(chain: Chain, square: int, tail: float = DISTRIBUTION_TAIL) -> Distribution:
    """The finishing-turn distribution from ``square``, until ``P(T > n) < tail``."""
    if square == chain.goal:
        return Distribution(square, np.array([1.0]), np.array([0.0]), 0.0, 0.0, 0)
    row = chain.row(square)
    mean, sd = moments_from(chain, row)
    # Up front, before any turn is summed: a geometric tail of this mean falls below ``tail``
    # after mean·ln(1/tail) turns. That errs long where a game has a fixed part (by ln(1/tail)
    # times it: a lap at most, within a few per cent of the limit), and short where a rare slow
    # loop makes the tail longer than the mean says: the series' own check catches that.
    needed = mean * math.log(1.0 / tail)
    if needed > DISTRIBUTION_MAX_TURNS:
        raise TooLongError(needed, DISTRIBUTION_MAX_TURNS, mean)
    survival, pmf = start_series(chain, row, tail)
    return Distribution(square, pmf, survival, mean, sd, int(chain.fewest_turns[row]))


@dataclass(frozen=True, eq=False)
class Visits:
    """Where the turns from ``origin`` end, indexed by board square ``0..end``.

    ``expected[s]``: expected number of turns ending on ``s`` (turn 0 on the origin does not
    count); ``probability[s]``: probability of ever ending a turn on ``s``. Tails of jumps are
    never visited; the end square (the goal) is visited exactly once. On the extended chain
    (a turn rule of issue 26) a square's states add up (:meth:`~.chain.States.per_square`).
    """

    origin: int
    expected: np.ndarray
    probability: np.ndarray


def visit_statistics(chain: Chain, origin: int) -> Visits:
    """Expected visits and visit probabilities of every square, starting from ``origin``."""
    # Imported here: its scipy.linalg is not needed before the first inspection (start-up).
    from chutes_tui.analysis.fundamental import fundamental_row, inverse_diagonal

    board = chain.board
    row = chain.row(origin)
    after_start = fundamental_row(chain, row)
    after_start[row] -= 1.0
    expected = np.zeros(board.end + 1)
    probability = np.zeros(board.end + 1)
    # A square with a turn to miss has two states (the extended chain): its turn endings add up,
    # and a turn ends on it at all when one ends on its plain state (a skipped turn ends there).
    expected += chain.per_square(np.maximum(after_start, 0.0))
    plain = slice(None) if chain.miss is None else ~chain.miss
    probability[chain.squares[plain]] = np.clip(after_start / inverse_diagonal(chain), 0.0, 1.0)[plain]
    expected[chain.goal] = probability[chain.goal] = 1.0
    return Visits(origin=origin, expected=expected, probability=probability)
