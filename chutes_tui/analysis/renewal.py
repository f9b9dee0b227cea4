r"""One start's finishing series on a board whose long chutes send pieces round it many times.

**Why.** A chute from near the end back to near the start makes a piece run the board again
with probability about ``2/7`` each time it passes: on a 100,000-square board a game then lasts
a million turns before all but ``10⁻¹⁵`` of it has finished, and after the first lap the mass is
spread over the whole board, so summing the series turn by turn (:mod:`.series`) costs the
board's size every turn -- ``10¹¹`` operations -- and its tail law never settles, because the
humps of probability going round keep their shape for far longer than the game lasts.

**The renewal equation.** Call a turn from ``i`` to ``k`` *long* if it goes back
:data:`LONG_SPAN` squares or more (down a long chute: no roll goes back), and let ``K`` be the
few states long moves land on. Cut each path at its long moves. From a state ``j``, walk the
chain without its long moves: ``A_jk(n)`` is the chance that the first long move is made at
turn ``n ≥ 1`` and lands on ``k ∈ K``, ``B_j(n)`` that the piece finishes at turn ``n`` before
making one, and ``W_j(n)`` that it is still walking at turn ``n`` (``W_j(0) = 1``). A walk
never laps the board -- it ends at the first long chute taken -- so it costs what a game on a
board without them costs (:mod:`.window`). From the start ``s``, with ``X_k(t)`` the chance of
landing on ``k`` by a long move at turn ``t ≥ 1``,

    X(t) = A_s(t) + Σ_{1≤u<t} X(u) A(t-u),
    f(t) = B_s(t) + Σ_u X(u)·B(t-u),        S(t) = W_s(t) + Σ_u X(u)·W(t-u),

where ``X(u) A`` is the vector–matrix product over ``K``: a path that finishes at ``t``, or is
still going, made its last long move at some ``u`` (or never made one). These are convolutions
in time, done by FFT in ``O(N log² N)`` for ``N`` turns rather than ``O(N × board)``: ``X`` is
found on ``[l, r)`` by solving ``[l, m)``, adding its effect on ``[m, r)`` in one convolution,
and solving ``[m, r)`` (the usual divide and conquer for an on-line convolution). Two long moves
are at least ``D`` turns apart (the shortest lap: from where a long chute lands to the nearest
long chute's top), so a block no longer than ``D`` has no effect on itself and the recursion
stops there.

**Precision.** FFT rounding is relative to the largest value convolved, while the series must
keep its digits deep into the tail. So every sequence is *tilted*: ``x̃(t) = x(t)·θᵗ`` with
``θ ≥ 1`` the root of ``ρ(Σ_n A(n) θⁿ) = 1`` (the rate at which the game's tail decays), which
commutes with convolution and makes ``X̃`` neither grow nor die out; the curves are untilted at
the end. Values a path cannot have (before the earliest turn any path reaches a state) are set
to exact zeros, and rounding below zero is clipped: the rest of the rounding is ``~10⁻¹⁴`` of
the values near each turn (checked against the turn-by-turn series on hundreds of random boards
down to ``S = 10⁻²⁰``, below every tail a consumer asks for). Further out the relative error
grows -- walks end below :data:`WALK_TAIL`, a walk's values up to :data:`FLUSH` at the ends of
its window are dropped, and where the tilt is capped (:func:`_tilt`) ``X̃`` dies out, so that
its rounding is relative to its past -- while the absolute error stays below ``10⁻²⁴``. Between
the humps, where the true values are far below the neighbouring ones (``10⁻³⁰`` beside
``10⁻⁴``), the rounding is what is left: ``~10⁻¹⁹`` there, absolutely.

**When.** On chains of at least :data:`RENEWAL_MIN_STATES` states whose long moves land on one
to :data:`MAX_RENEWAL_STATES` states, and whose walks each end within a few passes over the
board; elsewhere the series is summed turn by turn, and a tail law ends it (:mod:`.series`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.progress import PROGRESS_EVERY, Report
from chutes_tui.analysis.window import Window, turn_step, unit_window
from chutes_tui.model.memo import MemoKey

# Renewal pays only where a piece laps a long stretch: chains smaller than this sum turn by turn.
RENEWAL_MIN_STATES = 2048
# A backward move of at least this many squares makes a loop worth cutting at its landing state.
LONG_SPAN = 1024
# More landing states than this cost more in convolutions (their square) and walks than they
# save; such boards have many long chutes, which mix the mass quickly and let a tail law settle.
MAX_RENEWAL_STATES = 32
# The most a tilted walk may reach (``W(n)·θⁿ``, from ``W(0) = 1``): the FFT's rounding is
# relative to it, so it costs at most this factor of precision.
TILTED_MOST = 10.0
# A walk is dropped once less than this is still walking (its share of the answer is this times
# the expected number of long moves).
WALK_TAIL = 1e-40
# A walk's values up to this at the ends of its window are dropped: less than ``10⁻³⁸`` of it in
# all (a million turns over a hundred thousand states), and otherwise the vanishing mass left in
# a short loop near where the walk began would keep its window as wide as the distance it has gone.
FLUSH = 1e-50


@dataclass(frozen=True)
class Walk:
    """A walk from one state until its first long move (module docstring): for turns
    ``n = 0..L``, ``arrivals[k, n] = A_k(n)``, ``finish[n] = B(n)``, ``alive[n] = W(n)``."""

    arrivals: np.ndarray
    finish: np.ndarray
    alive: np.ndarray

    @property
    def length(self) -> int:
        return int(self.alive.size)


@dataclass(frozen=True)
class LongMoves:
    """A chain's long backward moves, taken out of it: the turn from state ``rows[i]`` to
    ``states[targets[i]]`` has chance ``chances[i]`` (sorted by ``rows``), and ``short`` is the
    chain without them (its rows sum to less than one by what they took)."""

    states: np.ndarray
    rows: np.ndarray
    targets: np.ndarray
    chances: np.ndarray
    short: Chain

    def taken(self, u: Window) -> np.ndarray:
        """The chance of each long move from the values ``u``: ``Σ_i Q_ik u_i`` over them."""
        first, last = np.searchsorted(self.rows, [u.lo, u.hi])
        mass = self.chances[first:last] * u.values[self.rows[first:last] - u.lo]
        return np.bincount(self.targets[first:last], mass, minlength=self.states.size)


def long_moves(chain: Chain) -> LongMoves | None:
    """The moves of :data:`LONG_SPAN` squares or more backwards, if that is worth a renewal
    series: on a large chain, landing on one to :data:`MAX_RENEWAL_STATES` states."""
    if chain.size < RENEWAL_MIN_STATES:
        return None
    import scipy.sparse as sp  # on first use, as in chain.py

    q = chain.Q
    rows = np.repeat(np.arange(chain.size), np.diff(q.indptr))
    long = chain.squares[rows] - chain.squares[q.indices] >= LONG_SPAN
    states = np.unique(q.indices[long])
    if not 1 <= states.size <= MAX_RENEWAL_STATES:
        return None
    keep = ~long
    short_q = sp.csr_matrix((q.data[keep], (rows[keep], q.indices[keep])), shape=q.shape)
    short = Chain(chain.board, chain.on, short_q, chain.finish, skips=chain.skips)
    targets = np.searchsorted(states, q.indices[long])
    return LongMoves(states, rows[long], targets, q.data[long], short)


def walk(moves: LongMoves, row: int, report: Report | None = None) -> Walk | None:
    """The walk from state ``row`` (:class:`Walk`), until less than :data:`WALK_TAIL` walks on;
    ``None`` if it takes more than a few passes over the board (loops of short moves: then the
    renewal saves nothing)."""
    step = turn_step(moves.short)
    u = unit_window(row)
    arrivals: list[np.ndarray] = []
    finish, alive = [0.0], [1.0]
    limit = 4 * moves.short.size + 4096
    while alive[-1] >= WALK_TAIL and u.values.size:
        if len(alive) > limit:
            return None
        finish.append(step.finished(u))
        arrivals.append(moves.taken(u))
        u = step.advance(u, FLUSH)
        alive.append(u.total())
        if report is not None and len(alive) % PROGRESS_EVERY == 0:
            report(len(alive) - 1, 1.0)
    arriving = np.zeros((moves.states.size, len(alive)))
    if arrivals:
        arriving[:, 1:] = np.array(arrivals).T
    return Walk(arriving, np.array(finish), np.array(alive))


def first_turn(values: np.ndarray) -> float:
    """The first index holding a positive value; infinity where there is none."""
    found = np.flatnonzero(values > 0)
    return float(found[0]) if found.size else math.inf


@dataclass(frozen=True)
class RenewalPlan:
    """A chain's long moves, the walks from where they land, the shortest lap ``D`` and the
    tilt ``log θ`` (module docstring)."""

    moves: LongMoves
    walks: tuple[Walk, ...]
    lap: float  # infinite where no walk comes back
    log_tilt: float
    # A tilt just past the root (``ρ ≥ 1``) where the root lies below the cap, else ``None``.
    log_tilt_above: float | None = None

    @property
    def states(self) -> np.ndarray:
        return self.moves.states

    @property
    def span(self) -> int:
        """The longest walk: how far back a visit to ``K`` still has effect."""
        return max(w.length for w in self.walks)

    def tilted(self, values: np.ndarray) -> np.ndarray:
        """``values[..., n]·θⁿ`` (module docstring, "Precision")."""
        return values * np.exp(self.log_tilt * np.arange(values.shape[-1]))

    def kernel(self) -> np.ndarray:
        """``Ã[j, k, n] = A_jk(n)·θⁿ``, zero-padded to the longest walk."""
        out = np.zeros((len(self.walks), self.states.size, self.span))
        for j, w in enumerate(self.walks):
            out[j, :, : w.length] = self.tilted(w.arrivals)
        return out


# The chain's renewal plan, or None where turn-by-turn series are the better way.
RENEWAL_PLAN: MemoKey[Chain, RenewalPlan | None] = MemoKey("renewal_plan")


def renewal_plan(chain: Chain, report: Report | None = None) -> RenewalPlan | None:
    """The chain's :class:`RenewalPlan`, or ``None`` where turn-by-turn series are the better way
    (kept with the chain)."""
    return chain.memo.get(RENEWAL_PLAN, lambda: _plan(chain, report))


def _plan(chain: Chain, report: Report | None) -> RenewalPlan | None:
    moves = long_moves(chain)
    if moves is None:
        return None
    walks = []
    for row in moves.states.tolist():
        found = walk(moves, row, report)
        if found is None:
            return None
        walks.append(found)
    lap = min(first_turn(w.arrivals.sum(axis=0)) for w in walks)
    return RenewalPlan(moves, tuple(walks), lap, *_tilt(walks))


def renewal_matrix(walks: tuple[Walk, ...] | list[Walk], log_theta: float) -> np.ndarray:
    """``M(θ)[j, k] = Σ_n A_jk(n) θⁿ``: the tilted chance that a walk from ``j`` ends on ``k``."""
    return np.array([w.arrivals @ np.exp(log_theta * np.arange(w.length)) for w in walks])


def _tilt(walks: list[Walk]) -> tuple[float, float | None]:
    """``log θ`` for the root of ``ρ(Σ_n A(n) θⁿ) = 1``, found by bisection to the last few
    digits of a double, with the bisection's other end (``ρ ≥ 1``) -- but no more than
    keeps every tilted walk below :data:`TILTED_MOST`: where a loop with no long move in it
    (pieces at the end waiting for an exact roll of a big die, say) dies out more slowly than
    the laps do, the game's tail is that loop's, and a tilt past its rate would make the walks
    grow without bound and the FFT's rounding with them."""
    cap = 600.0 / max(w.length for w in walks)  # θ^L far from overflowing
    for w in walks:
        n = np.arange(1, w.length)
        held = w.alive[1:] > 0
        if held.any():
            cap = min(cap, float(np.min((math.log(TILTED_MOST) - np.log(w.alive[1:][held])) / n[held])))

    def radius(log_theta: float) -> float:
        return float(np.max(np.abs(np.linalg.eigvals(renewal_matrix(walks, log_theta)))))

    if radius(cap) <= 1.0:
        return cap, None
    low, high = 0.0, cap
    # The tail law's rates are this bracket (:mod:`.laps`): narrow it to ~10⁻¹⁵ of itself.
    for _ in range(200):
        middle = (low + high) / 2
        if high - low <= 1e-15 * high or middle in (low, high):
            break
        if radius(middle) <= 1.0:
            low = middle
        else:
            high = middle
    return low, high
