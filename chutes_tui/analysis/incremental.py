r"""Moving, adding or removing one jump, for every candidate at once: Sherman–Morrison on the
board's *jump system*.

**The jump system.** Its unknowns are the squares ``0..end-1`` -- every square but the end,
jump tails included. For a square ``s`` that is no tail, row ``s`` of ``A`` is ``e_s - p_s``
with ``p_s[j]`` the chance that a roll from ``s`` *lands* on ``j`` before any jump (the
end's column dropped: the end is worth nothing), and ``b_s = 1``; for the tail ``t`` of a
jump ``t → h`` the row is ``e_t - e_h`` (``e_end = 0``) and ``b_t = 0``: standing on a tail is
worth exactly what its head is. Then

    x = N b,  N = A⁻¹,    is the expected number of turns from every square, and
    m = N (b ∘ (2x - 1))  their second moment ("E2 = N(2E - 1)"),

because conditioning on the first turn gives ``T² = (1 + T')²``, i.e. ``m_s = Σ p_s(j)
(1 + 2x_j + m_j)`` on a square that is no tail (``(I - Q) m = 2x - 1`` of
:mod:`.single`), while a tail adds no turn (``m_t = m_h``). On the squares a turn ends on,
``x`` and ``m`` are those of the turn chain; without the extra roll a turn is one roll.

**One edit is one row.** Moving the head of ``t → h`` to ``h'`` changes row ``t`` by ``dᵀ =
e_hᵀ - e_h'ᵀ`` (``β = 0``); adding a jump ``k → h`` on a square ``k`` that is no tail changes
row ``k`` by ``dᵀ = p_kᵀ - e_hᵀ`` and ``b_k`` by ``β = -1``; removing ``t → h`` changes row
``t`` by ``dᵀ = e_hᵀ - p_tᵀ`` and ``b_t`` by ``β = +1``. Moving a tail is a removal then an
addition. For ``A' = A + e_k dᵀ``, ``b' = b + β e_k``, with ``u = N e_k`` and ``w = dᵀN``,
Sherman–Morrison gives

    N' = N - u wᵀ / δ,   δ = 1 + w_k,
    x' = x + β u - u (w · b') / δ,
    m'_s = N_s · c' - u_s (w · c') / δ,   c' = b' ∘ (2x' - 1),

all in ``O(n)`` per candidate once ``w`` is known -- and ``w`` is a difference of rows of
``N`` (plus ``e_k``: on a row that is no tail ``p_kᵀN = N_k - e_kᵀ``, since ``AN = I``), so a
whole sweep of candidates costs ``O(n)`` each, with no solve. ``δ = 0`` exactly when ``A'`` is
singular, i.e. when the edited board cannot be finished. ``N`` is dense, so boards are limited
to :data:`~.limits.DESIGN_MAX_SQUARES` squares.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.limits import DESIGN_MAX_SQUARES
from chutes_tui.model.board import Board
from chutes_tui.model.turns import turn_rules_set
from chutes_tui.model.validate import stranded_squares

# |δ| below this (relative to the entries of N it combines) means the edit makes the board
# unwinnable: a singular system, whose candidates are skipped.
SINGULAR = 1e-9


def system_problem(board: Board) -> str | None:
    """Why the jump system cannot describe ``board`` (``None``: it can)."""
    if board.end > DESIGN_MAX_SQUARES:
        return (
            f"boards are designed with the dense inverse of their jump system: at most "
            f"{DESIGN_MAX_SQUARES:,} squares (this one has {board.end:,})"
        )
    problem = rules_problem(board)
    if problem is not None:
        return problem
    stranded = stranded_squares(board)
    if stranded:
        return (
            f"with {board.die.text}, no roll from square {stranded[0]} ever reaches the end: no game "
            "stands there, but the jump system solves for every square (try another die)"
        )
    return None


def rules_problem(board: Board) -> str | None:
    """Why the jump system cannot count a turn of ``board`` (``None``: it can): a turn rule of
    issue 26, the extra roll or chained jumps (the designer then evaluates each candidate on
    the turn chain itself, :mod:`chutes_tui.research.designsearch`)."""
    rules = turn_rules_set(board)
    if rules:
        return f"the jump system counts one roll a turn from a square: it does not play {', '.join(rules)}"
    if board.extra_roll or board.chain_jumps:
        return "the jump system counts one roll a turn and jumps that never chain"
    return None


@dataclass(frozen=True)
class Moves:
    """Candidate edits and what each one makes of the start: ``mean`` and ``second`` moment of
    the turns (``nan`` where the edit cannot be finished)."""

    mean: np.ndarray
    second: np.ndarray

    @property
    def sd(self) -> np.ndarray:
        return np.sqrt(np.maximum(self.second - self.mean**2, 0.0))

    @property
    def usable(self) -> np.ndarray:
        return np.isfinite(self.mean) & np.isfinite(self.second) & (self.mean > 0)


class JumpSystem:
    """The jump system of one board, solved (dense): its expected turns and second moment from
    every square, and every single-jump edit evaluated by :meth:`_rank_one`."""

    def __init__(self, board: Board) -> None:
        problem = system_problem(board)
        if problem is not None:
            raise ValueError(problem)
        self.board = board
        n = board.end
        landing = board.landing_table[:n]
        kernel = np.zeros((n + 1, n + 1))
        rows = np.broadcast_to(np.arange(n)[:, None], landing.shape)
        np.add.at(kernel, (rows, landing), np.broadcast_to(board.face_probabilities, landing.shape))
        # ``p_s`` for every square, the end's column dropped; the end's row (zero) lets a head on
        # the end square index it like any other.
        self.kernel = kernel[:, :n]
        matrix = np.eye(n) - self.kernel[:n]
        rhs = np.ones(n)
        for tail, head in board.jumps:
            matrix[tail] = 0.0
            matrix[tail, tail] = 1.0
            if head != board.end:
                matrix[tail, head] = -1.0
            rhs[tail] = 0.0
        # One row of zeros under N for the end square (worth nothing), as in the kernel.
        self._solved(np.vstack([np.linalg.inv(matrix), np.zeros((1, n))]), rhs)

    def _solved(self, N: np.ndarray, b: np.ndarray) -> None:
        self.N, self.b = N, b
        self.x = N[:-1] @ b
        self.m = N[:-1] @ (b * (2.0 * self.x - 1.0))
        self.start = self.board.start

    def moved(self, board: Board) -> JumpSystem:
        """The system of ``board``, whose jumps differ from this board's by one jump (an end
        moved, or a jump swapped for another): the old jump removed and the new one added by two
        explicit rank-one updates of ``N`` (``O(n²)``, no inversion). Rounding accumulates over
        many updates: build a system afresh now and then."""
        gone = sorted(set(self.board.jumps) - set(board.jumps))
        added = sorted(set(board.jumps) - set(self.board.jumps))
        if len(gone) != 1 or len(added) != 1 or board.end != self.board.end:
            raise ValueError("the boards must differ by one jump")
        (tail, head), (new_tail, new_head) = gone[0], added[0]
        removed = self._applied(tail, self.N[head] - self.kernel[tail] @ self.N[:-1], 1.0)
        if removed is None:
            return JumpSystem(board)
        N, _, b = removed
        w = N[new_tail] - N[new_head]
        w[new_tail] -= 1.0
        delta = 1.0 + w[new_tail]
        if abs(delta) < SINGULAR:
            raise ValueError("the moved board cannot be finished")
        b[new_tail] -= 1.0
        system = JumpSystem.__new__(JumpSystem)
        system.board, system.kernel = board, self.kernel
        system._solved(N - np.outer(N[:, new_tail], w) / delta, b)
        return system

    @property
    def mean(self) -> float:
        return float(self.x[self.start])

    @property
    def sd(self) -> float:
        return float(np.sqrt(max(self.m[self.start] - self.x[self.start] ** 2, 0.0)))

    # -- candidate edits -------------------------------------------------------------------------

    def add_moves(self, tails: np.ndarray, heads: np.ndarray) -> Moves:
        """A new jump ``tails[i] → heads[i]`` for each ``i`` (each tail a square that is no tail)."""
        tails, heads = np.asarray(tails, dtype=np.int64), np.asarray(heads, dtype=np.int64)
        w = self.N[tails] - self.N[heads]
        w[np.arange(tails.size), tails] -= 1.0
        return self._rank_one(tails, w, -1.0)

    def head_moves(self, tail: int, heads: np.ndarray) -> Moves:
        """The jump from ``tail`` ending on each of ``heads`` instead."""
        heads = np.asarray(heads, dtype=np.int64)
        w = self.N[self.board.jump_map[tail]][None, :] - self.N[heads]
        return self._rank_one(np.full(heads.size, tail), w, 0.0)

    def remove_moves(self, tails: np.ndarray) -> Moves:
        """Each jump starting on one of ``tails`` taken away."""
        tails = np.asarray(tails, dtype=np.int64)
        heads = np.array([self.board.jump_map[int(t)] for t in tails], dtype=np.int64)
        w = self.N[heads] - self.kernel[tails] @ self.N[:-1]
        return self._rank_one(tails, w, 1.0)

    def tail_moves(self, tail: int, tails: np.ndarray) -> Moves:
        """The jump from ``tail`` starting on each of ``tails`` instead (same head): the jump
        removed (one explicit rank-one update of ``N``), then added at each new tail."""
        head = self.board.jump_map[tail]
        removed = self._applied(tail, self.N[head] - self.kernel[tail] @ self.N[:-1], 1.0)
        tails = np.asarray(tails, dtype=np.int64)
        if removed is None:  # without this jump the board cannot be finished
            nothing = np.full(tails.size, np.nan)
            return Moves(nothing, nothing.copy())
        N, x, b = removed
        w = N[tails] - N[head]
        w[np.arange(tails.size), tails] -= 1.0
        return _rank_one(N, x, b, self.start, tails, w, -1.0)

    def _rank_one(self, rows: np.ndarray, w: np.ndarray, beta: float) -> Moves:
        return _rank_one(self.N, self.x, self.b, self.start, rows, w, beta)

    def _applied(
        self, row: int, w: np.ndarray, beta: float
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """``N'``, ``x'`` and ``b'`` after one row's change (``None``: singular)."""
        u = self.N[:, row]
        delta = 1.0 + w[row]
        if abs(delta) < SINGULAR:
            return None
        N = self.N - np.outer(u, w) / delta
        b = self.b.copy()
        b[row] += beta
        return N, N[:-1] @ b, b


def _rank_one(
    N: np.ndarray, x: np.ndarray, b: np.ndarray, start: int, rows: np.ndarray, w: np.ndarray, beta: float
) -> Moves:
    """The module docstring's update for ``A' = A + e_k dᵀ`` (``w = dᵀN``), ``b' = b + β e_k``,
    one candidate per entry of ``rows``: the start's mean and second moment afterwards."""
    count = rows.size
    if count == 0:
        return Moves(np.empty(0), np.empty(0))
    picked = np.arange(count)
    u = N[:-1, rows].T  # count × n: column k of N for each candidate
    delta = 1.0 + w[picked, rows]
    singular = np.abs(delta) < SINGULAR
    delta = np.where(singular, 1.0, delta)
    b_new = np.broadcast_to(b, w.shape).copy()
    b_new[picked, rows] += beta
    x_new = x[None, :] + beta * u - u * ((w * b_new).sum(axis=1) / delta)[:, None]
    c_new = b_new * (2.0 * x_new - 1.0)
    second = c_new @ N[start] - u[:, start] * (w * c_new).sum(axis=1) / delta
    mean = x_new[:, start]
    mean[singular] = np.nan
    second[singular] = np.nan
    return Moves(mean, second)
