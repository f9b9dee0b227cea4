r"""One turn of probability flow, ``u ↦ Qᵀu``, worked out only where the mass is.

A piece's distribution after ``n`` turns from one square (``u_n = (Qᵀ)ⁿ e_s``) is held as a
*window*: the first state ``lo`` that holds mass and the values from there to the last that
does. A turn from the window's states ``[lo, hi)`` can only end on states
``[min reach_lo, max reach_hi]`` over them (each state's lowest and highest successor), so

    (Qᵀu)_i = Σ_{j ∈ [lo, hi)} Q_ji u_j

is a product with the rows ``lo..hi`` of ``Q`` alone, and the states outside the window, all
zero, cost nothing. The new window drops only exact zeros at its two ends, so the values are
the whole product's own: each ``(Qᵀu)_i`` sums the same terms in the same order (rows of ``Q`` in
ascending order); what it leaves out is ``0 · Q_ji``.

Why: on a board without jumps a piece's mass is a bump a few thousand squares wide moving up
the board (its spread grows like the square root of the turns), so one turn over the window
costs the bump's width, not the board's size. A 100,000-square board's 29,000-turn game needs
``1.4·10⁴`` states a turn on average instead of ``10⁵``. Where jumps spread the mass over the
whole board the window is the whole board and a turn costs what a sparse product costs.

**Plain rows.** On most boards most rows are alike: a roll of the die from ``i`` lands on
``i + o_f`` with chance ``p_f`` (no jump, no end rule in reach). Over those rows the product is a
convolution with the die, ``Σ_f p_f u_{i-o_f}``, summed directly by numpy (six multiply-adds a
state instead of a sparse product's bookkeeping); the few other rows (near jumps and the end) are
added as above. The values are then the whole product's within the rounding of a sum of a few
positive terms, and exactly zero where it is.

The chance a turn finishes, ``r · u``, is summed over the states that can finish (``r > 0``)
inside the window only: a dense dot product over every state would start the linear-algebra
library's threads for every turn, which cost more than the turn itself on a busy machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.model.memo import MemoFamily

# Below this many entries a turn is summed by numpy's bincount (bincount sums in doubles only).
SMALL_PRODUCT = 1 << 16


@dataclass(frozen=True)
class Window:
    """Values ``values`` on the states ``lo, lo+1, …``; zero everywhere else."""

    lo: int
    values: np.ndarray

    @property
    def hi(self) -> int:
        return self.lo + int(self.values.size)

    def dense(self, size: int) -> np.ndarray:
        """The whole vector over ``size`` states."""
        whole = np.zeros(size, dtype=self.values.dtype)
        whole[self.lo : self.hi] = self.values
        return whole

    def total(self) -> float:
        return float(self.values.sum())

    def trimmed(self, floor: float = 0.0) -> Window:
        """Without the values at or below ``floor`` at its two ends (the values are chances:
        with ``floor`` 0, the exact zeros)."""
        held = np.flatnonzero(self.values > floor)
        if held.size == 0:
            return Window(self.lo, self.values[:0])
        return Window(self.lo + int(held[0]), self.values[held[0] : held[-1] + 1])


def unit_window(row: int, dtype: np.dtype | type = np.float64) -> Window:
    """All the mass on state ``row``."""
    return Window(row, np.ones(1, dtype=dtype))


class TurnStep:
    """``u ↦ Qᵀu`` and ``u ↦ r·u`` on windows (module docstring), for one chain, in ``dtype``."""

    def __init__(self, chain: Chain, dtype: np.dtype | type = np.float64) -> None:
        import scipy.sparse as sp  # on first use, as in chain.py

        self._csc = sp.csc_matrix
        q = chain.Q
        self.size = chain.size
        self._indptr, self._indices = q.indptr, q.indices
        self._data = q.data.astype(dtype)
        starts, counts = q.indptr[:-1], np.diff(q.indptr)
        moving = counts > 0
        # A state every turn from which finishes reaches no state: it never widens the window.
        self._lowest = np.full(self.size, self.size, dtype=np.int64)
        self._highest = np.full(self.size, -1, dtype=np.int64)
        if q.nnz:
            self._lowest[moving] = np.minimum.reduceat(q.indices, starts[moving])
            self._highest[moving] = np.maximum.reduceat(q.indices, starts[moving])
        finish = chain.finish.astype(dtype)
        self._finishing = np.flatnonzero(finish)
        self._finish = finish[self._finishing]
        self._plain = _plain_rows(q) if dtype == np.float64 else None

    @property
    def plain(self) -> PlainRows | None:
        """The rows that are a convolution with one die (module docstring), if any pay."""
        return self._plain

    def finished(self, u: Window) -> float:
        """``r · u``: the chance that the next turn finishes."""
        first, last = np.searchsorted(self._finishing, [u.lo, u.hi])
        rows = self._finishing[first:last]
        return float(self._finish[first:last] @ u.values[rows - u.lo])

    def advance(self, u: Window, floor: float = 0.0) -> Window:
        """``Qᵀu``, trimmed of the exact zeros at its ends (or of the values up to ``floor``)."""
        lo, hi = u.lo, u.hi
        if hi <= lo:
            return u
        out_lo = int(self._lowest[lo:hi].min())
        out_hi = int(self._highest[lo:hi].max()) + 1
        if out_hi <= out_lo:  # every turn from here finishes
            return Window(lo, u.values[:0])
        if self._plain is not None:
            return self._plain.advance(u, self, out_lo, out_hi).trimmed(floor)
        return self._product(u, lo, hi, out_lo, out_hi).trimmed(floor)

    def rows_product(self, values: np.ndarray, rows: np.ndarray, out_lo: int, out_hi: int) -> np.ndarray:
        """``Σ_j Q_ji values_j`` over the rows ``rows`` only, on the states ``[out_lo, out_hi)``."""
        starts, stops = self._indptr[rows], self._indptr[rows + 1]
        counts = stops - starts
        entries = np.repeat(stops - counts.cumsum(), counts) + np.arange(int(counts.sum()))
        spread = np.repeat(values, counts)
        return np.bincount(self._indices[entries] - out_lo, self._data[entries] * spread, out_hi - out_lo)

    def _product(self, u: Window, lo: int, hi: int, out_lo: int, out_hi: int) -> Window:
        """``Qᵀu`` on ``[out_lo, out_hi)`` by a sparse product over the window's rows."""
        first, last = self._indptr[lo], self._indptr[hi]
        columns = self._indices[first:last] - out_lo
        if self._data.dtype == np.float64 and last - first < SMALL_PRODUCT:
            # Each entry Q_ji·u_j added to its state in the order of the rows j: a sparse product
            # without scipy's checks of a new matrix (which cost more than a small product).
            spread = np.repeat(u.values, np.diff(self._indptr[lo : hi + 1]))
            values = np.bincount(columns, self._data[first:last] * spread, out_hi - out_lo)
        else:  # the block's columns are the rows lo..hi of Q (Qᵀ's): one pass, no temporaries
            block = self._csc(
                (self._data[first:last], columns, self._indptr[lo : hi + 1] - first),
                shape=(out_hi - out_lo, hi - lo),
            )
            values = block @ u.values
        return Window(out_lo, values)


@dataclass(frozen=True)
class PlainRows:
    """Rows ``i`` whose entries are ``p_f`` at ``i + offset + f`` (``kernel[f] = p_f``), and the
    sorted ``others`` that are not."""

    offset: int
    kernel: np.ndarray
    others: np.ndarray

    def advance(self, u: Window, step: TurnStep, out_lo: int, out_hi: int) -> Window:
        """``Qᵀu`` on ``[out_lo, out_hi)``: the plain rows by convolution, the others by product."""
        first, last = np.searchsorted(self.others, [u.lo, u.hi])
        others = self.others[first:last]
        values = u.values
        if others.size:
            values = values.copy()
            values[others - u.lo] = 0.0
        # The convolution also spans the zeros put in place of the other rows (trimmed after).
        out_lo = min(out_lo, u.lo + self.offset)
        out_hi = max(out_hi, u.hi + self.offset + self.kernel.size - 1)
        out = np.zeros(out_hi - out_lo)
        at = u.lo + self.offset - out_lo
        out[at : at + values.size + self.kernel.size - 1] = np.convolve(values, self.kernel)
        if others.size:
            out += step.rows_product(u.values[others - u.lo], others, out_lo, out_hi)
        return Window(out_lo, out)


# Plain rows pay where they are most of a chain: on small or jump-heavy chains the product is as fast.
PLAIN_SHARE = 0.5


def _plain_rows(q: Any) -> PlainRows | None:
    """The chain's :class:`PlainRows`, if at least :data:`PLAIN_SHARE` of its rows are plain:
    those with the entries (offsets from the row and values, exactly) of one row -- the one of
    a few spread over the board that most rows share (a row beside a jump shares few)."""
    if not q.has_sorted_indices or q.shape[0] < 2:  # a row's pattern is read in column order
        return None
    size = q.shape[0]
    candidates = (_sharing(q, row) for row in np.linspace(0, size - 1, 9).astype(int)[1:-1])
    plain, pattern = max(candidates, key=lambda found: int(found[0].sum()))
    if plain.sum() < PLAIN_SHARE * size:
        return None
    offsets = pattern[0]
    kernel = np.zeros(int(offsets[-1] - offsets[0]) + 1)
    kernel[offsets - offsets[0]] = pattern[1]
    return PlainRows(int(offsets[0]), kernel, np.flatnonzero(~plain))


def _sharing(q: Any, row: int) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """Which rows have ``row``'s entries, and its ``(offsets, chances)``."""
    indptr, indices, data = q.indptr, q.indices, q.data
    offsets = indices[indptr[row] : indptr[row + 1]] - row
    chances = data[indptr[row] : indptr[row + 1]]
    plain = np.diff(indptr) == offsets.size
    if offsets.size == 0:
        return np.zeros_like(plain), (offsets, chances)
    rows = np.flatnonzero(plain)
    entries = indptr[rows][:, None] + np.arange(offsets.size)
    same_columns = np.all(indices[entries] - rows[:, None] == offsets, axis=1)
    plain[rows] = same_columns & np.all(data[entries] == chances, axis=1)
    return plain, (offsets, chances)


# The chain's TurnStep in each dtype.
TURN_STEP: MemoFamily[np.dtype, Chain, TurnStep] = MemoFamily("turn_step")


def turn_step(chain: Chain, dtype: np.dtype | type = np.float64) -> TurnStep:
    """The chain's :class:`TurnStep` in ``dtype`` (kept with the chain)."""
    return chain.memo.get(TURN_STEP.at(np.dtype(dtype)), lambda: TurnStep(chain, dtype))
