"""The fundamental matrix ``N = (I - Q)⁻¹`` without factorising ``I - Q``: its diagonal and
one row, from the board's forward part and a low-rank backward correction.

Split the turn matrix by direction, ``Q = U + L``, with ``U`` on and above the diagonal (moves
forward, ladders, staying put) and ``L`` strictly below it (chutes, bounces back from the end).
``A = I - U`` is upper triangular, so its factors are itself and cost nothing. ``L`` is nonzero
only in the columns ``C`` of squares a turn can go *back* to -- a chute's head, the squares a
bounce lands on -- so ``L = L_C E_Cᵀ`` with ``E_C`` those columns of the identity, and by the
Sherman–Morrison–Woodbury identity

    ``N = A⁻¹ + X M⁻¹ Y``,  ``X = A⁻¹ L_C`` (n×c),  ``Y = E_Cᵀ A⁻¹`` (c×n),
    ``M = I_c - E_Cᵀ X`` (c×c).

``M = I - K``, where ``K[b, a]`` is the chance that a piece on ``b``'s square makes its next
backward move into ``a``; the chain is absorbing, so ``ρ(K) < 1`` and
``M⁻¹ = Σ Kᵏ ≥ 0``. Every term of the correction is therefore non-negative and nothing cancels:

    ``N_ii = 1/A_ii + Σ_a X[i, a] Z[a, i]``,  ``Zᵀ = A⁻ᵀ E_C M⁻ᵀ``,

which costs ``3c`` triangular solves (X is solved twice, for M and for the sum, rather than
kept: n × c doubles are 2.4 GB on 100,000 squares) and one ``c×c`` factorisation, against
``n`` solves with the filled-in factors of ``I - Q`` for the plain inverse: 0.6 s instead of
12 s on 10,000 squares with 300 chutes.

**The extra roll.** Its turn matrix sums over runs of top faces, ``Q = (I - T)⁻¹ B`` with ``T``
the rolls that go on with the turn and ``B`` those that end it; the roll chain is ``R = T + B``.
Then ``I - Q = (I - T)⁻¹ (I - R)``, so ``N_Q = N_R (I - T)``: the turn chain's rows and diagonal
come from the roll chain's, whose few backward columns keep the split cheap (the turn matrix's
own reach back to 7,700 of 9,400 states on a 10,000-square board). ``T`` has one entry a row.

**A turn rule of issue 26.** The extended chain (piece states, :mod:`.chain`) has no roll chain
to split, and its turns reach back wherever a streak penalty, an entry or a skipped turn put a
piece: its rows and diagonal come from the LU of ``I - Q`` itself (:attr:`.Chain.lu`), ``Nᵀ e_r``
and ``N e_c`` a block of columns at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.linalg as la
import scipy.sparse as sp
from scipy.sparse.linalg import splu

from chutes_tui.analysis.chain import Chain, roll_chain
from chutes_tui.model.memo import MemoKey

# Columns solved at once: up to 256, and at most WORK_ENTRIES doubles (32 MiB) per n × block
# array, of which a pass holds four -- 100,000 squares take 40 columns at a time.
WORK_ENTRIES = 4 * 2**20


def _block(n: int) -> int:
    return max(16, min(256, WORK_ENTRIES // max(n, 1)))


@dataclass(frozen=True, eq=False)
class Split:
    """``I - Q = A - L_C E_Cᵀ`` factored as in the module docstring."""

    forward: Any  # SuperLU of the upper-triangular A (its own factors: no fill-in)
    diagonal: np.ndarray  # A's diagonal, 1 - P(a turn stays put)
    columns: np.ndarray  # C: the states a turn can move back to
    back: sp.csc_matrix  # L_C, n × c
    core: tuple[np.ndarray, np.ndarray] | None  # LU factors of M; None when c = 0


# The Woodbury split of the chain's I - Q.
SPLIT: MemoKey[Chain, Split] = MemoKey("split")


def split(chain: Chain) -> Split:
    """The Woodbury split of ``chain``'s ``I - Q`` (built once per chain)."""
    return chain.memo.get(SPLIT, lambda: _split(chain))


def _split(chain: Chain) -> Split:
    n = chain.size
    lower = sp.tril(chain.Q, k=-1).tocsc()
    forward = (sp.identity(n, format="csc") - sp.triu(chain.Q)).tocsc()
    columns = np.flatnonzero(np.diff(lower.indptr))
    back = lower[:, columns].tocsc()
    # Natural order and no pivoting: A is already triangular, so these are its own factors.
    solver = splu(forward, permc_spec="NATURAL", diag_pivot_thresh=0.0)
    diagonal = forward.diagonal()
    if columns.size == 0:
        return Split(solver, diagonal, columns, back, None)
    c, block = columns.size, _block(n)
    core = np.eye(c)
    for first in range(0, c, block):
        last = min(first + block, c)
        core[:, first:last] -= _x_block(solver, back, first, last)[columns]
    return Split(solver, diagonal, columns, back, la.lu_factor(core, check_finite=False))


def _x_block(solver: Any, back: sp.csc_matrix, first: int, last: int) -> np.ndarray:
    """Columns ``first:last`` of ``X = A⁻¹ L_C``."""
    return np.asarray(solver.solve(back[:, first:last].toarray()))


# diag((I - Q)⁻¹) (see :func:`inverse_diagonal`).
INVERSE_DIAGONAL: MemoKey[Chain, np.ndarray] = MemoKey("inverse_diagonal")


def inverse_diagonal(chain: Chain) -> np.ndarray:
    """``diag((I - Q)⁻¹)``: the expected number of turns ending on each state from itself,
    counting the stay there to begin with (kept with the chain)."""
    return chain.memo.get(INVERSE_DIAGONAL, lambda: _inverse_diagonal(chain))


def _inverse_diagonal(chain: Chain) -> np.ndarray:
    n = chain.size
    everywhere = np.arange(n)
    if chain.extended:  # the turn-rule chain: columns of (I - Q)⁻¹ from its LU, a block at a time
        diagonal = np.empty(n)
        for first in range(0, n, _block(n)):
            some = everywhere[first : first + _block(n)]
            units = np.zeros((n, some.size))
            units[some, np.arange(some.size)] = 1.0
            diagonal[some] = np.asarray(chain.lu.solve(units))[some, np.arange(some.size)]
        return diagonal
    if not chain.board.extra_roll:
        return entries(split(chain), everywhere, everywhere)
    # N_Q = N_R (I - T) (module docstring): N_Q[x, x] = N_R[x, x] - Σ_j N_R[x, j] T[j, x].
    rolls = roll_chain(chain.board)
    goes_on = _continuing(rolls).tocoo()
    found = entries(
        split(rolls), np.concatenate([everywhere, goes_on.col]), np.concatenate([everywhere, goes_on.row])
    )
    diagonal = found[:n].copy()
    np.subtract.at(diagonal, goes_on.col, goes_on.data * found[n:])
    return diagonal


def entries(parts: Split, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``N[rows[k], columns[k]]`` for every ``k``: ``A⁻¹``'s entry (on or above its diagonal;
    below it is zero) plus ``Σ_a X[r, a] Z[a, c]`` with ``Zᵀ = A⁻ᵀ E_C M⁻ᵀ``."""
    n = parts.diagonal.size
    result = np.zeros(rows.size)
    same = rows == columns
    result[same] = 1.0 / parts.diagonal[rows[same]]
    above = np.flatnonzero(rows < columns)
    wanted = np.unique(columns[above])
    block = _block(n)
    for first in range(0, wanted.size, block):  # A⁻¹ e_c for the few columns asked above
        some = wanted[first : first + block]
        units = np.zeros((n, some.size))
        units[some, np.arange(some.size)] = 1.0
        solved = np.asarray(parts.forward.solve(units))
        for k in above[np.isin(columns[above], some)]:
            result[k] = solved[rows[k], np.searchsorted(some, columns[k])]
    if parts.core is None:
        return result
    c = parts.columns.size
    for first in range(0, c, block):
        last = min(first + block, c)
        x = _x_block(parts.forward, parts.back, first, last)
        # Rows first:last of M⁻¹, placed on C's rows: the right-hand sides of Zᵀ = A⁻ᵀ E_C M⁻ᵀ.
        picks = np.zeros((c, last - first))
        picks[np.arange(first, last), np.arange(last - first)] = 1.0
        rhs = np.zeros((n, last - first))
        rhs[parts.columns] = la.lu_solve(parts.core, picks, trans=1, check_finite=False)
        z = np.asarray(parts.forward.solve(rhs, trans="T"))
        result += np.einsum("ka,ka->k", x[rows], z[columns])
    return result


def _continuing(rolls: Chain) -> sp.csr_matrix:
    """``T[j, x]``: the chance that a roll from ``j`` is the top face, does not win, and so goes
    on with the turn from ``x`` (the extra-roll rule, on the roll chain's states)."""
    board = rolls.board
    top = board.die.top_column
    to = board.roll_table[rolls.squares, top]
    goes_on = np.flatnonzero(to != board.end)
    chance = np.full(goes_on.size, board.face_probabilities[top])
    return sp.csr_matrix((chance, (goes_on, rolls.index[to[goes_on]])), shape=(rolls.size, rolls.size))


def fundamental_row(chain: Chain, row: int) -> np.ndarray:
    """Row ``row`` of ``N = (I - Q)⁻¹``: expected turns ending on each state from ``row``
    (counting turn 0 there)."""
    return fundamental_rows(chain, [row])[0]


def fundamental_rows(chain: Chain, rows: Sequence[int]) -> np.ndarray:
    """Rows ``rows`` of ``N`` (one per row asked, solved together):
    ``e_rᵀN = yᵀ + (A⁻ᵀ E_C g)ᵀ`` with ``y = A⁻ᵀ e_r`` and ``g = M⁻ᵀ L_Cᵀ y``; with the extra
    roll, rows of ``N_R (I - T)`` (module docstring); on a board with a turn rule of issue 26
    (the extended chain), ``Nᵀ e_r`` from the LU of ``I - Q``."""
    if chain.extended:
        n, k = chain.size, len(rows)
        units = np.zeros((n, k))
        units[list(rows), np.arange(k)] = 1.0
        return np.asarray(chain.lu.solve(units, trans="T")).T
    if chain.board.extra_roll:
        rolls = roll_chain(chain.board)
        found = fundamental_rows(rolls, rows)
        return np.asarray(found - found @ _continuing(rolls))
    parts = split(chain)
    n, k = chain.size, len(rows)
    units = np.zeros((n, k))
    units[list(rows), np.arange(k)] = 1.0
    y = np.asarray(parts.forward.solve(units, trans="T"))
    if parts.core is not None:
        g = la.lu_solve(parts.core, parts.back.T @ y, trans=1, check_finite=False)
        rhs = np.zeros((n, k))
        rhs[parts.columns] = g
        y = y + np.asarray(parts.forward.solve(rhs, trans="T"))
    return y.T


def row_blocks(chain: Chain, rows: Sequence[int]) -> Iterator[tuple[Sequence[int], np.ndarray]]:
    """``(some rows, those rows of N)`` a block at a time, in at most 32 MiB of work space."""
    block = _block(chain.size)
    for first in range(0, len(rows), block):
        some = rows[first : first + block]
        yield some, fundamental_rows(chain, some)
