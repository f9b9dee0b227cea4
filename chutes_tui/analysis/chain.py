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

from chutes_tui.model.board import Board
from chutes_tui.model.memo import Memo, MemoKey
from chutes_tui.model.turns import PieceState, beyond_rolls

if TYPE_CHECKING:
    import scipy.sparse as sp

# A player's position: a piece state, or a square (the piece there with no turn to miss). Only a
# turn rule of issue 26 (``miss_turn``) gives a position memory beyond its square.
Position = PieceState | int


def square_of(position: Position) -> int:
    """The square a position stands on."""
    return position if isinstance(position, int) else position.square


# A chain of top-face rolls longer than this carries less probability than (1/2)^60 ≈ 1e-18,
# below what a double near 1 can hold; the extra-roll turn matrix stops summing there.
_EXTRA_ROLL_NEGLIGIBLE = 1e-18


@dataclass(frozen=True, eq=False)
class States:
    """The chain's states without its matrix: the transient standable squares, ascending, and
    each square's state (``-1``: none). The exact chain needs no more of the float one. On a
    board with a turn rule of issue 26, ``miss`` marks the states of a piece that skips its next
    turn (module docstring); ``None``: no state does."""

    board: Board
    squares: np.ndarray
    index: np.ndarray
    miss: np.ndarray | None = field(default=None, kw_only=True)

    @property
    def size(self) -> int:
        return int(self.squares.size)

    @property
    def extended(self) -> bool:
        """Whether these are the extended chain's piece states (a turn rule of issue 26): then
        no chain of single rolls shares them, and the solves take the turn chain itself."""
        return self.miss is not None

    @property
    def by_rolls(self) -> bool:
        """Whether the solves may go through the chain of single rolls (:func:`roll_chain`):
        the extra roll joins rolls into turns, on a board of today."""
        return self.board.extra_roll and not self.extended

    @property
    def goal(self) -> int:
        """The absorbing square: the board's goal (its end square unless a goal is set)."""
        return self.board.goal_square

    def row(self, square: int) -> int:
        """The state index of a transient square (a piece there with no turn to miss);
        ``ValueError`` for any other square."""
        if 0 <= square < self.index.size and self.index[square] >= 0:
            return int(self.index[square])
        raise ValueError(f"square {square} is not a square a turn can start from on {self.board.name}")

    def state(self, piece: PieceState | int) -> int:
        """The state index of a piece state (a square: the piece there with no turn to miss)."""
        if isinstance(piece, int) or not piece.miss:
            return self.row(piece if isinstance(piece, int) else piece.square)
        row = self.row(piece.square) + 1  # a square's miss state follows its plain one
        if self.miss is not None and row < self.size and self.miss[row] and self.squares[row] == piece.square:
            return row
        raise ValueError(f"no game on {self.board.name} stands on square {piece.square} with a turn to miss")

    @property
    def pieces(self) -> tuple[PieceState, ...]:
        """Every state as a piece state."""
        miss = np.zeros(self.size, dtype=bool) if self.miss is None else self.miss
        return tuple(PieceState(s, m) for s, m in zip(self.squares.tolist(), miss.tolist(), strict=True))

    def per_square(self, values: np.ndarray) -> np.ndarray:
        """A value per state summed per square (``0..end``; a square's two states add up)."""
        out = np.zeros(self.board.end + 1)
        np.add.at(out, self.squares, values)
        return out


# The board's chain states.
STATES: MemoKey[Board, States] = MemoKey("chain_states")


def chain_states(board: Board) -> States:
    """The states of ``board``'s chain (no scipy, no matrix; kept with the board)."""

    def states() -> States:
        if beyond_rolls(board):
            return _piece_states(board)
        squares = board.standable_squares[board.standable_squares != board.end]
        index = np.full(board.end + 1, -1, dtype=np.int64)
        index[squares] = np.arange(squares.size)
        squares.setflags(write=False)
        index.setflags(write=False)
        return States(board, squares, index)

    return board.memo.get(STATES, states)


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


def _piece_states(board: Board) -> States:
    """The extended chain's states (module docstring)."""
    from chutes_tui.model.turnlaw import reached_pieces

    pieces = [piece for piece in reached_pieces(board)[0] if piece.square != board.goal_square]
    squares = np.array([piece.square for piece in pieces], dtype=np.int64)
    miss = np.array([piece.miss for piece in pieces], dtype=bool)
    index = np.full(board.end + 1, -1, dtype=np.int64)
    plain = np.flatnonzero(~miss)
    index[squares[plain]] = plain
    for array in (squares, miss, index):
        array.setflags(write=False)
    return States(board, squares, index, miss=miss)


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
    if states.miss is not None:
        from chutes_tui.analysis.piecechain import piece_chain

        Q, finish = piece_chain(board, states.pieces)
        return Chain(
            board=board, squares=states.squares, index=states.index, Q=Q, finish=finish, miss=states.miss
        )
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
    return Chain(board=board, squares=squares, index=index, Q=Q, finish=finish)
