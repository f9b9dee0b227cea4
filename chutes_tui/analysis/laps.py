r"""A start's finishing series by the renewal equation of :mod:`.renewal`, grown on demand.

``X`` (the long moves' landings) is solved on ``[0, N)`` by divide and conquer; growing to
``N' = 3N/2`` (or what is asked) adds the effect of ``[0, N)`` on ``[N, N')`` in one convolution
and solves the new part, so a series grown step by step costs ``O(N log² N)`` in all. The curves
``f`` and ``S`` on the new turns are then convolutions of ``X`` with the walks, a chunk of turns
at a time. Only the last walk's length of ``X`` is kept: earlier long moves affect no new turn.

Every sequence is held tilted by ``θᵗ`` (:mod:`.renewal`, "Precision").

**The tail.** Past the start's own walk, ``X̃(t) = Σ_{n≥D} X̃(t-n) Ã(n)``. Let ``M = Σ_n Ã(n)``,
``ρ = ρ(M)`` (1 up to the tilt's rounding) and ``v > 0`` with ``vM = ρv``. If over the last walk's
length of turns ``a·v ≤ X̃(t) ≤ b·v``, then by induction -- every term is positive, and a long
move takes at least ``D`` turns, so ``g ≤ t/D + 1`` of them lie between ``N`` and ``N+t`` --

    a·min(ρ,1)^g·v ≤ X̃(N+t) ≤ b·max(ρ,1)^g·v   for every t ≥ 0,

and ``S̃ = Σ_n X̃(t-n)·W̃(n)``, ``f̃ = Σ_n X̃(t-n)·B̃(n)`` inherit the band. Untilted, that is the
law of :mod:`.tail_law` with ``1 - σ = θ⁻¹ρ^{±1/D}`` and ``1 + β = (b/a)·max(ρ, 1/ρ)``. Once the
humps of mass going round the board have merged, ``b/a`` is ``1`` to the rounding of the FFT
(``~10⁻¹⁴``): on a board with twenty long chutes, after about ten laps. With one long chute the
humps keep their shape for far longer than the game lasts, and the series is summed to its end.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.progress import SERIES_PROGRESS
from chutes_tui.analysis.renewal import RenewalPlan, Walk, first_turn, renewal_matrix
from chutes_tui.analysis.tail_law import TailLaw

# The first size of a series, in turns, at least (its first convolution must span a walk).
FIRST_TURNS = 1024
# The curves are convolved this many turns at a time (memory: a few of these per renewal state).
CURVE_CHUNK = 1 << 16


class RenewalSeries:
    """The series from one state (:mod:`.series` describes the interface), by renewal."""

    # Moments are not taken from the tail law: it holds only once the humps going round the
    # board have merged (or never, with one long chute), long after a linear solve would do.
    settles = False

    def __init__(self, chain: Chain, plan: RenewalPlan, source: Walk) -> None:
        self.chain = chain
        self._plan = plan
        self._source = source
        self._kernel = plan.kernel()
        self._x = np.zeros((plan.states.size, 0))  # X̃ on the turns from ``_x_first`` on
        self._x_first = 0
        self._earliest = self._earliest_visits()
        self.survival = np.ones(1)
        self.pmf = np.zeros(1)

    @property
    def turn(self) -> int:
        """The last turn ``N`` whose ``S(N)`` is known."""
        return int(self.survival.size) - 1

    def grow_to(self, turn: int) -> None:
        """Know every term up to turn ``turn`` (and perhaps further)."""
        report = SERIES_PROGRESS.get()
        while self.turn < turn:
            known = self.turn + 1
            first = max(FIRST_TURNS, self._plan.span, self._source.length)
            self._grow(max(known + known // 2, first))
            if report is not None:
                report(self.turn, float(self.survival[-1]))

    def tail_law(self, turn: int | None = None) -> TailLaw | None:
        """The law of :mod:`.tail_law` from turn ``turn`` (the last known unless said; any known
        turn whose last walk's length of landings is still held) once the landings have settled
        (module docstring, "The tail"); ``None`` before, or where they never do."""
        plan, end = self._plan, (self.turn if turn is None else turn) + 1
        first = end - plan.span  # the law reads X̃ on the turns [first, end)
        if plan.log_tilt_above is None or end - 1 < self._source.length or first < self._x_first:
            return None
        window = self._x[:, first - self._x_first : end - self._x_first]
        if self._perron is None or not (window > 0).all():
            return None
        bands = [_band(window, first, plan.log_tilt, self._perron, curve) for curve in (0, 1)]
        if None in bands:
            return None
        low = -math.expm1(-plan.log_tilt)
        high = -math.expm1(-plan.log_tilt_above)
        band = max(b for b in bands if b is not None)
        survival, following = float(self.survival[end - 1]), self._following(end)
        low, high = float(np.nextafter(low, 0.0)), float(np.nextafter(high, 1.0))
        return TailLaw(end - 1, survival, following, low, high, band)

    @cached_property
    def _perron(self) -> tuple[_Perron, _Perron] | None:
        """:class:`_Perron` at the two ends of the tilt's bracket (the plan's alone: found once,
        not at each look for a law); ``None`` where a renewal state is never reached again."""
        plan = self._plan
        assert plan.log_tilt_above is not None
        found = [_perron(plan, log_theta) for log_theta in (plan.log_tilt, plan.log_tilt_above)]
        return None if found[0] is None or found[1] is None else (found[0], found[1])

    def _following(self, end: int) -> float:
        """``f(N+1)`` for a known turn ``N = end - 1``: read off, or formed from the landings."""
        if end < self.pmf.size:
            return float(self.pmf[end])
        span = self._plan.span
        taps = self._curve_taps[:, 0, 1:span]  # B̃_j(n), n = 1 … span-1
        held = self._x[:, end - span + 1 - self._x_first : end - self._x_first][:, ::-1]  # X̃(N+1-n)
        tilted = float(np.einsum("jn,jn->", taps, held))
        return max(tilted, 0.0) * math.exp(-self._plan.log_tilt * end)

    def _earliest_visits(self) -> np.ndarray:
        """The first turn at which each renewal state can be visited (by shortest paths over
        the walks' first arrivals): before it ``X`` is exactly zero."""
        first = np.array([[first_turn(row) for row in w.arrivals] for w in self._plan.walks])
        earliest = np.array([first_turn(row) for row in self._source.arrivals])
        for _ in range(earliest.size):
            earliest = np.minimum(earliest, (earliest[:, None] + first).min(axis=0))
        return earliest

    def _grow(self, new: int) -> None:
        """Know the series on turns ``[0, new)``."""
        m = self._plan.states.size
        old = self._x_first + self._x.shape[1]  # the turns whose X is known
        # Only the last walk's length of visits affects later turns: the rest is let go.
        keep = max(0, old - self._plan.span)
        x = np.zeros((m, new - keep))
        x[:, : old - keep] = self._x[:, keep - self._x_first :]
        # What the long moves before a turn add to it, for the new turns only.
        acc = np.zeros((m, new - old))
        arrivals = self._plan.tilted(self._source.arrivals)[:, old:new]
        acc[:, : arrivals.shape[1]] += arrivals
        solver = _Solver(self, x, keep, acc, old)
        if old:
            solver.cross(keep, old, new)
        solver.solve(old, new)
        self._x, self._x_first = x, keep
        self._extend_curves(old, new)

    def _extend_curves(self, lo: int, hi: int) -> None:
        """``f`` and ``S`` for the turns ``[lo, hi)`` (module docstring), in chunks of turns."""
        renewed = np.zeros((2, hi - lo))
        span = self._curve_taps.shape[2]
        for start in range(lo, hi, CURVE_CHUNK):
            stop = min(start + CURVE_CHUNK, hi)
            first = max(0, start - span + 1)
            held = self._x[:, first - self._x_first : stop - self._x_first]
            out = _convolve(held, self._curve_spectrum, self._curve_size, "jf,jcf->cf")
            renewed[:, start - lo : stop - lo] = out[:, start - first : stop - first]
        np.maximum(renewed, 0.0, out=renewed)
        # Before the first visit and its first possible finish there is no renewed path at all.
        for row, first_turn_held in enumerate(self._curve_starts):
            renewed[row, : max(0, int(min(first_turn_held, hi)) - lo)] = 0.0
        turns = np.arange(lo, hi)
        renewed *= np.exp(-self._plan.log_tilt * turns)
        source = self._source
        known = turns < source.length
        renewed[0, known] += source.finish[turns[known]]
        renewed[1, known] += source.alive[turns[known]]
        self.pmf = np.concatenate([self.pmf[:lo], renewed[0]])
        self.survival = np.concatenate([self.survival[:lo], renewed[1]])

    @cached_property
    def _curve_taps(self) -> np.ndarray:
        """``[B̃_j, W̃_j]`` for every walk, zero-padded to the longest."""
        walks = self._plan.walks
        taps = np.zeros((len(walks), 2, self._plan.span))
        for j, w in enumerate(walks):
            taps[j, 0, : w.length] = self._plan.tilted(w.finish)
            taps[j, 1, : w.length] = self._plan.tilted(w.alive)
        return taps

    @cached_property
    def _curve_size(self) -> int:
        """An FFT size holding a chunk's convolution: its turns, the walk before it, the taps."""
        from scipy import fft  # on first use: the app's first frame does without scipy

        return fft.next_fast_len(CURVE_CHUNK + 2 * self._curve_taps.shape[2] - 2, real=True)

    @cached_property
    def _curve_spectrum(self) -> np.ndarray:
        from scipy import fft

        return fft.rfft(self._curve_taps, self._curve_size, axis=2)

    @cached_property
    def _curve_starts(self) -> tuple[float, float]:
        """The first turns at which a renewed path can have finished, and can be walking."""
        starts = zip(self._earliest.tolist(), self._plan.walks, strict=True)
        return min(e + first_turn(w.finish) for e, w in starts), float(self._earliest.min())


class _Solver:
    """``X`` on new turns by divide and conquer (:mod:`.renewal`): ``x[:, t - x_first]`` and
    the effects so far on the new turns, ``acc[:, t - base]``."""

    def __init__(
        self, series: RenewalSeries, x: np.ndarray, x_first: int, acc: np.ndarray, base: int
    ) -> None:
        self.plan, self.x, self.x_first, self.acc, self.base = series._plan, x, x_first, acc, base
        self.kernel = series._kernel
        self.earliest = series._earliest.tolist()
        self.spectra: dict[tuple[int, int], np.ndarray] = {}

    def solve(self, lo: int, hi: int) -> None:
        """``X`` on ``[lo, hi)``, given every effect of the turns before ``lo``."""
        if hi - lo <= self.plan.lap:  # no long move in the block leads to another in it
            block = np.maximum(self.acc[:, lo - self.base : hi - self.base], 0.0)
            for k, first in enumerate(self.earliest):
                if first > lo:
                    block[k, : int(min(first, hi)) - lo] = 0.0
            self.x[:, lo - self.x_first : hi - self.x_first] = block
            return
        middle = (lo + hi) // 2
        self.solve(lo, middle)
        self.cross(lo, middle, hi)
        self.solve(middle, hi)

    def cross(self, lo: int, middle: int, hi: int) -> None:
        """Add the effect of the long moves on ``[lo, middle)`` on the turns ``[middle, hi)``:
        only the last walk's length of them reach that far."""
        from scipy import fft

        span = self.kernel.shape[2]
        start = max(lo, middle - span + 1)
        source = self.x[:, start - self.x_first : middle - self.x_first]
        taps = min(span, hi - start)
        size = fft.next_fast_len(source.shape[1] + taps - 1, real=True)
        key = (taps, size)
        if key not in self.spectra:
            self.spectra[key] = fft.rfft(self.kernel[:, :, :taps], size, axis=2)
        out = _convolve(source, self.spectra[key], size, "jf,jkf->kf")
        end = min(hi - start, source.shape[1] + taps - 1)
        if end > middle - start:
            self.acc[:, middle - self.base : start + end - self.base] += out[:, middle - start : end]


def _convolve(source: np.ndarray, spectrum: np.ndarray, size: int, mixing: str) -> np.ndarray:
    """The linear convolutions of the rows of ``source`` with taps whose spectrum at FFT size
    ``size`` (which holds the whole result) is given, mixed over the rows by ``mixing``."""
    from scipy import fft

    return fft.irfft(np.einsum(mixing, fft.rfft(source, size, axis=1), spectrum), size, axis=1)


@dataclass(frozen=True)
class _Perron:
    """At one tilt ``θ``: a positive left eigenvector ``v`` of ``M(θ)`` and, for each walk, its
    tilted survival and finishing sums ``Σ_n W(n)θⁿ`` and ``Σ_n B(n)θⁿ`` (rows of ``weights``)."""

    log_theta: float
    v: np.ndarray
    weights: np.ndarray  # [curve, walk]: curve 0 the survival, 1 the finishing chance


def _perron(plan: RenewalPlan, log_theta: float) -> _Perron | None:
    matrix = renewal_matrix(plan.walks, log_theta)
    values, vectors = np.linalg.eig(matrix.T)
    v = vectors[:, int(np.argmax(values.real))].real
    v = v * np.sign(v.sum())
    if not (v > 0).all():
        return None
    powers = [np.exp(log_theta * np.arange(w.length)) for w in plan.walks]
    weights = np.array(
        [
            [w.alive @ p for w, p in zip(plan.walks, powers, strict=True)],
            [w.finish @ p for w, p in zip(plan.walks, powers, strict=True)],
        ]
    )
    return _Perron(log_theta, v, weights)


def _band(
    window: np.ndarray, first: int, log_tilt: float, ends: tuple[_Perron, _Perron], curve: int
) -> float | None:
    """``β`` of the module docstring's tail for one curve (0: ``S``, 1: ``f``), from ``X̃``
    (tilted by ``log_tilt``) on the turns ``first, first+1, …`` (the last walk's length of them),
    with ``ends`` at the tilt's bracket: the upper bound from the lower tilt, the lower from the
    upper; ``None`` where the lower bound is not positive."""
    turns = first + np.arange(window.shape[1])
    bounds = []
    for end, pick in zip(ends, (np.max, np.min), strict=True):
        retilted = window * np.exp((end.log_theta - log_tilt) * turns)
        # X(t)θᵗ ≶ c·v for every later t, so the curve's tilted values ≶ c·(v · weights)·θ⁻ᵗ.
        bounds.append(float(pick(retilted / end.v[:, None])) * float(end.v @ end.weights[curve]))
    upper, lower = bounds
    if not lower > 0:
        return None
    # Both bounds hold at N too: the ratio S(N+t)/S(N) is within their quotient of θ^-t.
    below, above = ends[0].log_theta, ends[1].log_theta
    return upper / lower * math.exp((above - below) * (first + window.shape[1] - 1)) - 1.0
