r"""One start's finishing series, grown on demand, and the geometric law of its far tail.

From state ``row``, ``u_0 = e_row`` and ``u_{n+1} = Qᵀ u_n`` say where a piece may stand after
``n`` turns; then ``f(n+1) = r · u_n`` and ``S(n) = Σ u_n`` -- one vector a turn, both curves
sums of positive terms, so that deep in the tail they keep their relative precision. Each turn
is worked out only over the states holding mass (:mod:`.window`): on a long board without jumps
that is the width of the moving bump of probability, not the board.

**The tail law.** Let ``u = u_N`` and, over the states holding mass,
``σ_i = (u - Qᵀu)_i / u_i``, ``σ_lo = min σ_i``, ``σ_hi = max σ_i``. Then
``(1 - σ_hi) u ≤ Qᵀu ≤ (1 - σ_lo) u`` componentwise (Collatz–Wielandt), and because ``Qᵀ ≥ 0``
keeps these inequalities, for every ``t ≥ 0``

    S(N+t) ∈ S(N)·[(1-σ_hi)^t, (1-σ_lo)^t]    and    f(N+1+t) ∈ f(N+1)·[(1-σ_hi)^t, (1-σ_lo)^t]

-- a proven enclosure of the whole tail by two geometric laws, which meet once ``u`` has settled
on the dominant eigenvector (after about a thousand turns even on a 100,000-square board, long
before its 37,000-turn games are over). What matters is ``σ = 1 - ρ`` to *relative* precision:
near ``ρ ≈ 1 - 3·10⁻⁵`` a double holds ``ρ`` only to ``4·10⁻¹¹`` of ``σ``, and every
closed-form sum over the tail divides by ``σ``. So ``u - Qᵀu`` is formed in extended precision
(``numpy.longdouble``: 64-bit significands on x86), and once the vector has settled to the
rounding noise of doubles it is iterated on in extended precision too, which gives ``σ`` to
about ``10⁻¹⁴`` of itself within a few hundred turns; where ``longdouble`` is only a double the
enclosure is simply wider and the series run longer. The enclosure is of the chain as stored in
doubles (its rows sum to one within rounding); rounding of the iteration is not part of it.
"""

from __future__ import annotations

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.laps import RenewalSeries
from chutes_tui.analysis.limits import DISTRIBUTION_MAX_TURNS
from chutes_tui.analysis.progress import PROGRESS_EVERY, SERIES_PROGRESS
from chutes_tui.analysis.renewal import long_moves, renewal_plan, walk
from chutes_tui.analysis.tail_law import TailLaw
from chutes_tui.analysis.window import Window, turn_step, unit_window
from chutes_tui.model.inputs import InputError
from chutes_tui.model.memo import MemoFamily

# Where ``longdouble`` is no wider than a double (some platforms), it is a double: correct, slower.
EXTENDED = np.dtype(np.longdouble)
# A law this narrow (relative to σ) from a vector in doubles is down to their rounding noise:
# 3e-12 of σ on a 1,000-square board, 4e-11 on 100,000; iterating on in doubles gains nothing.
SETTLED = 1e-8
# A distribution is continued by its tail law once the two laws, over the turns still to come,
# differ by less than this relative to the values (percentiles are then the series' own).
DISTRIBUTION_PRECISION = 1e-12
# Moments from the tail law: their enclosure relative to themselves, and how long to try.
MOMENT_PRECISION = 1e-13
MOMENT_MAX_TURNS = 1 << 17
# ... and at most this many state-turns: 20,000 turns on 100,000 states (about 8 s), where a tail
# law settles within a few thousand turns if it settles soon at all. A 100,000-square board with
# fifty long chutes summed 131,072 turns (50 s) for nothing before its 0.2 s solve.
MOMENT_MAX_WORK = 2e9
# A tail law is looked for from this turn on, then at :func:`next_look`: a look costs about three
# turns, so looking costs a few per cent and runs past the turn needed by at most an eighth.
FIRST_LOOK = 64


def next_look(turn: int) -> int:
    """The turn to look for a tail law at after ``turn``."""
    return turn + max(128, turn // 8)


class StartSeries:
    """The series from one state (module docstring), grown on demand and kept with the chain, so
    that a start's distribution and the seat odds of players who start there share it."""

    settles = True  # a tail law may be looked for (:meth:`tail_law`)

    def __init__(self, chain: Chain, row: int) -> None:
        self.chain = chain
        self.u = unit_window(row)  # u_N, only where it holds mass (:mod:`.window`)
        self.survival = [1.0]
        self.pmf = [0.0]
        self._law: TailLaw | None = None

    @property
    def turn(self) -> int:
        """The last turn ``N`` whose ``S(N)`` is known."""
        return len(self.survival) - 1

    def grow_to(self, turn: int) -> None:
        """Know every term up to turn ``turn``."""
        step = turn_step(self.chain, self.u.values.dtype)
        u, survival, pmf = self.u, self.survival, self.pmf
        report = SERIES_PROGRESS.get()
        while len(survival) <= turn:
            pmf.append(step.finished(u))
            u = step.advance(u)
            survival.append(u.total())
            if report is not None and len(survival) % PROGRESS_EVERY == 0:
                self.u = u  # whole before the report, which may raise to stop the work
                report(len(survival) - 1, survival[-1])
        self.u = u

    def tail_law(self, turn: int | None = None) -> TailLaw | None:
        """The enclosure at the last turn known (``turn``, if given, must be it); ``None`` while
        there is none with ``σ_lo > 0`` (mass about to reach states that hold none, or not yet
        decaying everywhere).

        Formed in extended precision. The vector itself is iterated in doubles (twice as fast)
        until the enclosure is down to their rounding noise (:data:`SETTLED`), and from then on
        in extended precision, which takes the noise away within a few hundred turns."""
        if turn is not None and turn != self.turn:
            raise ValueError(f"a turn-by-turn series has its law at its last turn, {self.turn}, not {turn}")
        if self._law is not None and self._law.turn == self.turn:
            return self._law
        step = turn_step(self.chain, EXTENDED)
        extended = Window(self.u.lo, self.u.values.astype(EXTENDED))
        size = self.chain.size
        u, after = extended.dense(size), step.advance(extended).dense(size)
        held = u > 0
        if not held.any() or (after[~held] > 0).any():
            return None
        sigma = (u[held] - after[held]) / u[held]
        low, high = float(sigma.min()), float(sigma.max())
        if not low > 0:
            return None
        # Outward rounding, so that the doubles still enclose the extended-precision ratios.
        low, high = float(np.nextafter(low, 0.0)), float(np.nextafter(high, 1.0))
        self._law = TailLaw(self.turn, self.survival[-1], step.finished(extended), low, high)
        if self._law.relative_width < SETTLED:
            self.u = extended
        return self._law


# Each state's series, by row, as far as it has been grown.
START_SERIES: MemoFamily[int, Chain, StartSeries | RenewalSeries] = MemoFamily("start_series")


def series_from(chain: Chain, row: int) -> StartSeries | RenewalSeries:
    """State ``row``'s series, as far as it has been grown (kept with the chain): by the renewal
    equation where long chutes send pieces round the board (:mod:`.renewal`), else turn by turn."""
    return chain.memo.get(START_SERIES.at(row), lambda: _series(chain, row))


def _series(chain: Chain, row: int) -> StartSeries | RenewalSeries:
    report = SERIES_PROGRESS.get()  # for the walks, which are done once
    plan = renewal_plan(chain, report)
    if plan is not None:
        at = np.flatnonzero(plan.states == row)
        source = plan.walks[int(at[0])] if at.size else walk(plan.moves, row, report)
        if source is not None:
            return RenewalSeries(chain, plan, source)
    return StartSeries(chain, row)


class TooLongError(InputError):
    """A distribution longer than :data:`.limits.DISTRIBUTION_MAX_TURNS` turns was asked for."""

    def __init__(self, turns: float, limit: int, mean: float | None = None) -> None:
        # The mean, where it is known, is the answer a user can still have at once (seat odds of
        # such games may take minutes: a board whose long chutes land on many squares is summed
        # turn by turn).
        why = "the games are that long" if mean is None else f"the games last {mean:,.0f} turns on average"
        super().__init__(
            f"this distribution needs about {turns:,.0f} turns, beyond the {limit:,} held: {why}"
        )


def start_series(chain: Chain, row: int, tail: float) -> tuple[np.ndarray, np.ndarray]:
    """``(survival, pmf)`` from state ``row`` for ``n = 0..N``, ``N`` the first turn with
    ``S(N) < tail``: summed turn by turn until the tail law is tight enough to continue them
    (:data:`DISTRIBUTION_PRECISION`), or to the end where it never is. :class:`TooLongError`
    once ``N`` is known, or summed, to lie past :data:`.limits.DISTRIBUTION_MAX_TURNS`."""
    if not tail > 0:
        raise ValueError(f"a series needs a positive tail to stop at, not {tail}")
    series = series_from(chain, row)
    while series.survival[-1] >= tail:
        if series.turn > DISTRIBUTION_MAX_TURNS:
            raise TooLongError(series.turn, DISTRIBUTION_MAX_TURNS)
        law = series.tail_law() if series.turn >= FIRST_LOOK else None
        if law is not None and series.turn + law.turns_until(tail) > DISTRIBUTION_MAX_TURNS:
            raise TooLongError(series.turn + law.turns_until(tail), DISTRIBUTION_MAX_TURNS)
        if law is not None and law.error(tail) < DISTRIBUTION_PRECISION:
            more_survival, more_pmf = law.continued(tail)
            survival = np.concatenate([series.survival, more_survival])
            pmf = np.concatenate([series.pmf, more_pmf])
            break
        series.grow_to(next_look(series.turn))
    else:
        survival, pmf = np.asarray(series.survival), np.asarray(series.pmf)
    end = int(np.flatnonzero(survival < tail)[0]) + 1  # a longer request may have gone further
    return survival[:end], pmf[:end]


def series_moments(chain: Chain, row: int, precision: float = MOMENT_PRECISION) -> tuple[float, float] | None:
    """``(E[T], E[T²])`` from state ``row`` by its series and tail law, without a linear solve:
    ``E[T] = Σ_{n≥0} S(n)`` and ``E[T²] = Σ_{n≥0} (2n+1) S(n)``, whose tails beyond ``N`` are

        S(N)/σ    and    S(N)·((2N+1)/σ + 2(1-σ)/σ²),

    both decreasing in ``σ``. Taken at the middle once ``σ_lo`` and ``σ_hi`` give values within
    ``precision`` of each other (relatively); ``None`` if that has not happened by turn
    :data:`MOMENT_MAX_TURNS` or :data:`MOMENT_MAX_WORK`, or if the series is a renewal one (a
    chain whose tail never settles, or settles late: solve instead)."""
    if long_moves(chain) is not None:  # a renewal series: its law comes late (laps.RenewalSeries)
        return None
    series = series_from(chain, row)
    turns = min(MOMENT_MAX_TURNS, int(MOMENT_MAX_WORK / chain.size))
    while series.settles and series.turn < turns:
        law = series.tail_law() if series.turn >= FIRST_LOOK else None
        if law is not None:
            survival = np.asarray(series.survival[:-1])
            first = float(survival.sum())
            second = float(np.dot(2.0 * np.arange(survival.size) + 1.0, survival))
            (mean_lo, second_lo), (mean_hi, second_hi) = (
                [value * factor for value in _moment_tails(law, sigma)]
                for sigma, factor in ((law.high, 1 / (1 + law.band)), (law.low, 1 + law.band))
            )
            if mean_hi - mean_lo <= precision * mean_lo and second_hi - second_lo <= precision * second_lo:
                return first + (mean_lo + mean_hi) / 2, second + (second_lo + second_hi) / 2
        series.grow_to(next_look(series.turn))
    return None


def _moment_tails(law: TailLaw, sigma: float) -> tuple[float, float]:
    turn = law.turn
    return law.survival / sigma, law.survival * ((2 * turn + 1) / sigma + 2 * (1 - sigma) / sigma**2)
