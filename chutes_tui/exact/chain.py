"""The turn chain with exact rational entries.

The same states as :class:`chutes_tui.analysis.Chain`. Each column of the roll table has its
exact chance ``die.counts[c] / die.total`` (a fair die: ``1/d``); a turn's transition matrix is
exact: without the extra-roll rule it is the roll matrix itself; with it, the turn sums over
runs of top faces, ``Q = (I - T)⁻¹ B`` and ``r = (I - T)⁻¹ b``, where ``T`` holds the top-face
rolls that stay on the board and ``B``, ``b`` the rolls that end the turn (on the board, or on
the end square).

On a board with a turn rule of issue 26 the states are the extended chain's piece states
(:mod:`chutes_tui.analysis.chain`) and each row is the turn's exact law
(:func:`~chutes_tui.model.turnlaw.turn_law`: ``e_0ᵀ (I - T)⁻¹ X`` in fractions on the turn's
sub-chain; a skipped turn: chance one onto the same square, no turn to miss), its exit onto the
goal being ``finish``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from flint import fmpq, fmpq_mat, fmpz_mat

from chutes_tui.analysis.states import Position, States, chain_states
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.turnlaw import turn_law


@dataclass(frozen=True, eq=False)
class ExactChain:
    chain: States  # the float chain's states: its matrix (and scipy) are not needed here
    Q: fmpq_mat  # n × n, one turn between transient states
    finish: fmpq_mat  # n × 1, one turn's probability of finishing

    @property
    def board(self) -> Board:
        return self.chain.board

    @property
    def size(self) -> int:
        return self.chain.size

    def row(self, square: int) -> int:
        return self.chain.row(square)

    def state(self, position: Position) -> int:
        return self.chain.state(position)

    @cached_property
    def expected_turns(self) -> fmpq_mat:
        """``(I - Q) t = 1``, exactly."""
        n = self.size
        identity = fmpq_mat(n, n, [1 if i == j else 0 for i in range(n) for j in range(n)])
        return (identity - self.Q).solve(fmpq_mat(n, 1, [1] * n))


# The board's exact turn chain.
EXACT_CHAIN: MemoKey[Board, ExactChain] = MemoKey("exact_chain")


def exact_chain(board: Board) -> ExactChain:
    """The exact turn chain of ``board`` (built once per board and kept with it)."""
    return board.memo.get(EXACT_CHAIN, lambda: _exact_chain(board))


def _exact_chain(board: Board) -> ExactChain:
    chain = chain_states(board)
    if chain.extended:
        return _piece_chain(chain)
    n, die = chain.size, board.die
    cells, columns = board.roll_cells, len(die.values)  # plain whole numbers: no numpy here
    # Whole-number weights over one total keep the matrices integer until the one division.
    stop = [[0] * n for _ in range(n)]
    top = [[0] * n for _ in range(n)]
    stop_end = [0] * n
    top_end = [0] * n
    for i, square in enumerate(chain.on):
        for column, weight in enumerate(die.counts):
            dest = cells[square * columns + column]
            continues = board.extra_roll and column == columns - 1
            if dest == board.end:
                (top_end if continues else stop_end)[i] += weight
            else:
                (top if continues else stop)[i][chain.row(dest)] += weight
    Q = fmpq_mat(fmpz_mat(stop)) / die.total
    # A top face that reaches the end also ends the turn (the game is won).
    finish = fmpq_mat(n, 1, [fmpq(stop_end[i] + top_end[i], die.total) for i in range(n)])
    if board.extra_roll:
        identity = fmpq_mat(n, n, [1 if i == j else 0 for i in range(n) for j in range(n)])
        solve = (identity - fmpq_mat(fmpz_mat(top)) / die.total).solve
        Q, finish = solve(Q), solve(finish)
    return ExactChain(chain, Q, finish)


def _piece_chain(chain: States) -> ExactChain:
    """The extended chain's exact matrices, a turn's law a row (module docstring)."""
    n = chain.size
    Q = fmpq_mat(n, n)
    finish = fmpq_mat(n, 1)
    for i, piece in enumerate(chain.pieces):
        for end, chance in turn_law(chain.board, piece).items():
            value = fmpq(chance.numerator, chance.denominator)
            if end.square == chain.goal:
                finish[i, 0] += value
            else:
                j = chain.state(end)
                Q[i, j] += value
    return ExactChain(chain, Q, finish)


def exact_expected_turns(board: Board, square: int | None = None) -> fmpq:
    """The exact expected number of turns to finish from ``square`` (default: the start)."""
    exact = exact_chain(board)
    square = board.start if square is None else square
    if square == board.goal_square:
        return fmpq(0)
    return exact.expected_turns[exact.row(square), 0]
