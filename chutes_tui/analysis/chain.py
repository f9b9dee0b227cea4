"""The absorbing Markov chain of one player's turns.

States are the *transient* standable squares (the start and every non-tail square below the
end), in ascending order; the end square is the single absorbing state. One step of the chain
is one *turn*: with the extra-roll house rule a turn may contain several rolls, and the turn
matrix sums over them.

``Q[i, j]`` is the probability that a turn starting on square ``squares[i]`` ends on
``squares[j]``; ``finish[i]`` the probability that it ends on the end square. Each row of
``[Q | finish]`` sums to one.

**The extended chain** (a board with a turn rule of issue 26,
:func:`~chutes_tui.model.turns.beyond_rolls`). The states are the piece states
:class:`~chutes_tui.model.turns.PieceState` ``(s, miss)`` a game can stand on between turns
(:func:`~chutes_tui.model.turnlaw.reached_pieces`) but the goal ``G``, sorted by square and
then ``miss``: ``squares`` holds each state's square and ``miss`` its flag, so a square with a
turn to miss (a ``miss_turn`` square a move came to rest on) has two states, ``(s, False)``
then ``(s, True)``, and ``index[s]`` names the first. The goal ``G`` (``goal``) absorbs; squares
past it (``G < s ≤ end``) are ordinary states. One step is still one turn: ``Q``'s row of
``(s, True)`` is the skipped turn, chance one onto ``(s, False)``; any other row is the turn's
exact law (:mod:`chutes_tui.model.turnlaw`) in floats, ``e_0ᵀ (I - T)⁻¹ X`` solved on the turn's
own sub-chain of within-turn states, its exit onto ``G`` being ``finish``. Reports per square
add a square's states up (:meth:`States.per_square`). With no such rule set, every state is
``(s, False)``, ``G`` is the end square and the chain is today's, to the last digit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from chutes_tui.analysis.states import States, chain_states
from chutes_tui.model.board import Board
from chutes_tui.model.memo import Memo, MemoKey
from chutes_tui.model.turns import beyond_rolls

if TYPE_CHECKING:
    import scipy.sparse as sp

# A chain of top-face rolls longer than this carries less probability than (1/2)^60 ≈ 1e-18,
# below what a double near 1 can hold; the extra-roll turn matrix stops summing there.
_EXTRA_ROLL_NEGLIGIBLE = 1e-18


@dataclass(frozen=True, eq=False)
class Chain(States):
    """One player's turn-by-turn chain on a board (see the module docstring)."""

    Q: sp.csr_matrix
    finish: np.ndarray
    memo: Memo[Chain] = field(default_factory=Memo, init=False, repr=False)

    @cached_property
    def band(self) -> int:
        """How far a turn may move a piece, in states: the half-bandwidth of ``Q``."""
        rows = np.repeat(np.arange(self.size), np.diff(self.Q.indptr))
        return int(np.abs(self.Q.indices - rows).max(initial=0))

    @cached_property
    def fewest_turns(self) -> np.ndarray:
        """The fewest turns that can finish from each state (``-1`` where none can): breadth
        first from the end along the transitions reversed. Counted, not read off a series, whose
        first terms (``6⁻ⁿ``) underflow on long boards."""
        from scipy.sparse import coo_matrix
        from scipy.sparse.csgraph import shortest_path

        n = self.size
        to, come = self.Q.nonzero()  # a turn goes from ``to`` to ``come``: reversed, come → to
        finishing = np.flatnonzero(self.finish > 0)
        rows = np.concatenate([come, np.full(finishing.size, n)])
        cols = np.concatenate([to, finishing])
        graph = coo_matrix((np.ones(rows.size), (rows, cols)), shape=(n + 1, n + 1)).tocsr()
        distance = shortest_path(graph, unweighted=True, indices=n)[:n]
        fewest = np.where(np.isfinite(distance), distance, -1).astype(np.int64)
        fewest.setflags(write=False)
        return fewest

    @cached_property
    def lu(self) -> Any:  # scipy's SuperLU has no public type
        """Sparse LU factors of ``I - Q``, shared by every linear solve on this chain."""
        import scipy.sparse as sp  # on first use, as in _build_chain
        from scipy.sparse.linalg import splu

        identity = sp.identity(self.size, format="csc")
        return splu((identity - self.Q).tocsc())


# The board's chain of single rolls, where the extra roll makes it differ from the turn chain.
ROLL_CHAIN: MemoKey[Board, Chain] = MemoKey("roll_chain")


def roll_chain(board: Board) -> Chain:
    """The chain of single rolls (one roll a step, the same states): the turn chain itself
    unless the extra-roll rule joins rolls into turns. Its matrix has about ``die`` entries a
    row, where the extra roll's turn matrix has a hundred and factorises a hundred times slower.
    A board with a turn rule of issue 26 has none (a roll's effect there depends on the turn so
    far): its callers take the turn chain's own solves."""
    if beyond_rolls(board):
        raise ValueError("a board with a turn rule of issue 26 has no chain of single rolls")
    if not board.extra_roll:
        return build_chain(board)
    return board.memo.get(ROLL_CHAIN, lambda: build_chain(board.replace(extra_roll=False)))


# The board's turn chain.
CHAIN: MemoKey[Board, Chain] = MemoKey("chain")


def build_chain(board: Board) -> Chain:
    """The turn chain of ``board``: one player, turns as steps, the end absorbing (built once
    per board and kept with it)."""
    return board.memo.get(CHAIN, lambda: _build_chain(board))


def _build_chain(board: Board) -> Chain:
    # scipy is imported here, on first use, not with the module: it is a third of the app's
    # start-up, and the first frame needs no chain.
    import scipy.sparse as sp

    states = chain_states(board)
    if states.extended:
        from chutes_tui.analysis.piecechain import piece_chain

        Q, finish = piece_chain(board, states.pieces)
        return Chain(board=board, on=states.on, skips=states.skips, Q=Q, finish=finish)
    squares, index = states.squares, states.index
    table = board.roll_table
    n, columns = squares.size, table.shape[1]
    chances = board.face_probabilities  # the chance of each column's move
    rows_parts: list[np.ndarray] = []
    cols_parts: list[np.ndarray] = []
    vals_parts: list[np.ndarray] = []
    finish = np.zeros(n)
    origin = np.arange(n)
    position = squares.copy()  # writable
    run = 1.0  # the chance of the top faces rolled so far in the turn
    # Without the house rule every face ends the turn; with it, a top face (the last column,
    # the largest move) continues the turn from where it took the piece, so the turn sums
    # over runs of top faces.
    stopping_faces = columns - 1 if board.extra_roll else columns
    while origin.size:
        dest = table[position, :stopping_faces]
        weight = np.broadcast_to(run * chances[None, :stopping_faces], dest.shape)
        done = dest == board.end
        np.add.at(finish, np.broadcast_to(origin[:, None], dest.shape)[done], weight[done])
        keep = ~done
        rows_parts.append(np.broadcast_to(origin[:, None], dest.shape)[keep])
        cols_parts.append(index[dest[keep]])
        vals_parts.append(weight[keep])
        run *= float(chances[-1])
        if not board.extra_roll or run < _EXTRA_ROLL_NEGLIGIBLE:
            break
        top = table[position, columns - 1]
        won = top == board.end
        np.add.at(finish, origin[won], run)
        origin, position = origin[~won], top[~won]
    Q = sp.csr_matrix(
        (np.concatenate(vals_parts), (np.concatenate(rows_parts), np.concatenate(cols_parts))),
        shape=(n, n),
    )
    Q.sum_duplicates()
    finish.setflags(write=False)
    return Chain(board=board, on=states.on, Q=Q, finish=finish)
