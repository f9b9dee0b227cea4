"""The states of one player's turn chain, without its matrix (and without numpy or scipy).

The states are the *transient* squares a game can stand on -- the start and every standable
square but the goal -- in ascending order (:attr:`Board.standable
<chutes_tui.model.board.Board.standable>`); on a board with a turn rule of issue 26, the piece
states ``(s, miss)`` a game can stand on between turns but the goal, sorted by square and then
``miss`` (:mod:`chutes_tui.analysis.chain`'s docstring: the extended chain). The exact chain
(:mod:`chutes_tui.exact.chain`) needs no more of the float one than these, as plain numbers, so
``exact`` imports no numpy; the float chain (:class:`~chutes_tui.analysis.chain.Chain`, built on
:class:`States`) reads them as arrays (:attr:`States.squares`, :attr:`States.index`,
:attr:`States.miss`), made when first asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from chutes_tui.model.board import PIECES, Board
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.turns import PieceState, beyond_rolls

if TYPE_CHECKING:
    import numpy as np

# A player's position: a piece state, or a square (the piece there with no turn to miss). Only a
# turn rule of issue 26 (``miss_turn``) gives a position memory beyond its square.
Position = PieceState | int


def square_of(position: Position) -> int:
    """The square a position stands on."""
    return position if isinstance(position, int) else position.square


def _read_only(values: Sequence[int] | Sequence[bool], dtype: type) -> np.ndarray:
    import numpy as np

    array: np.ndarray = np.array(values, dtype=dtype)
    array.setflags(write=False)
    return array


@dataclass(frozen=True, eq=False)
class States:
    """The chain's states without its matrix: each state's square (``on``, ascending) and, on a
    board with a turn rule of issue 26, whether it is a piece that skips its next turn
    (``skips``; ``None``: no state does). The exact chain needs no more of the float one."""

    board: Board
    on: tuple[int, ...]
    skips: tuple[bool, ...] | None = field(default=None, kw_only=True)

    @property
    def size(self) -> int:
        return len(self.on)

    @cached_property
    def squares(self) -> np.ndarray:
        """Each state's square, as a read-only array (the analysis' form of :attr:`on`)."""
        import numpy as np

        return _read_only(self.on, np.int64)

    @cached_property
    def index(self) -> np.ndarray:
        """Each square's state (a piece there with no turn to miss), ``-1``: none (read-only,
        ``end + 1`` long)."""
        import numpy as np

        index = [-1] * (self.board.end + 1)
        for square, row in self._rows.items():
            index[square] = row
        return _read_only(index, np.int64)

    @cached_property
    def miss(self) -> np.ndarray | None:
        """:attr:`skips` as a read-only array (``None``: no state skips a turn)."""
        return None if self.skips is None else _read_only(self.skips, bool)

    @cached_property
    def _rows(self) -> dict[int, int]:
        skips = self.skips or (False,) * self.size  # a square's state: its piece with no turn to miss
        return {square: row for row, square in enumerate(self.on) if not skips[row]}

    @property
    def extended(self) -> bool:
        """Whether these are the extended chain's piece states (a turn rule of issue 26): then
        no chain of single rolls shares them, and the solves take the turn chain itself."""
        return self.skips is not None

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
        row = self._rows.get(square)
        if row is None:
            raise ValueError(f"square {square} is not a square a turn can start from on {self.board.name}")
        return row

    def state(self, piece: PieceState | int) -> int:
        """The state index of a piece state (a square: the piece there with no turn to miss)."""
        if isinstance(piece, int) or not piece.miss:
            return self.row(piece if isinstance(piece, int) else piece.square)
        row = self.row(piece.square) + 1  # a square's miss state follows its plain one
        if self.skips is not None and row < self.size and self.skips[row] and self.on[row] == piece.square:
            return row
        raise ValueError(f"no game on {self.board.name} stands on square {piece.square} with a turn to miss")

    @property
    def pieces(self) -> tuple[PieceState, ...]:
        """Every state as a piece state."""
        skips = self.skips or (False,) * self.size
        return tuple(PieceState(s, m) for s, m in zip(self.on, skips, strict=True))

    def per_square(self, values: np.ndarray) -> np.ndarray:
        """A value per state summed per square (``0..end``; a square's two states add up)."""
        import numpy as np

        out = np.zeros(self.board.end + 1)
        np.add.at(out, self.squares, values)
        return out


# The board's chain states.
STATES: MemoKey[Board, States] = MemoKey("chain_states")


def chain_states(board: Board) -> States:
    """The states of ``board``'s chain (no numpy, no scipy, no matrix; kept with the board)."""

    def states() -> States:
        if beyond_rolls(board):
            return _piece_states(board)
        return States(board, tuple(square for square in board.standable if square != board.end))

    return board.memo.get(STATES, states)


def _piece_states(board: Board) -> States:
    """The extended chain's states (module docstring)."""
    from chutes_tui.model.turnlaw import reached_pieces

    walked = board.memo.get(PIECES, lambda: reached_pieces(board)[0])  # walked when the board was made
    pieces = [piece for piece in walked if piece.square != board.goal_square]
    return States(board, tuple(piece.square for piece in pieces), skips=tuple(piece.miss for piece in pieces))
