"""What each choice of a game cost, and its blunders (issue 27), as a chess engine marks a move.

A turn's cost is its die's cost before the roll plus its option's after it
(:meth:`~chutes_tui.engine.advice.Advice.cost`: the best value less the chosen one's, from the
position the turn began in; with pawns the choice after the roll is the pawn and its option
together); a cost above the advice's threshold (two percentage points of the
chance to win, or half an expected turn) marks the turn ``??``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from chutes_tui.engine.advice import Advice, Scale, Standing, advice, squares_of
from chutes_tui.engine.turn import Turn, moments
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import pawn_options

BLUNDER_MARK = "??"


@dataclass(frozen=True)
class ChoiceCost:
    """One turn's choice, weighed."""

    turn: int  # its number
    seat: int
    cost: float  # on the advice's scale
    blunder: bool
    scale: Scale

    @property
    def words(self) -> str:
        """``"?? cost 3.1% to win"``, ``"cost 0.20 turns"``: the log's mark."""
        mark = f"{BLUNDER_MARK} " if self.blunder else ""
        if self.scale is Scale.WIN:
            return f"{mark}cost {self.cost:.1%} to win"
        return f"{mark}cost {self.cost:.2f} turns"


def choice_costs(board: Board, players: int, history: Sequence[Turn]) -> list[ChoiceCost]:
    """Each turn's cost, for the turns with a choice (the positions replayed from the turns)."""
    if not any(turn.choice is not None for turn in history):
        return []
    adviser = advice(board, players)
    found = []
    for before, after in pairwise(moments(board, players, tuple(history), board.pawns)):
        turn = after.last
        if turn is not None and turn.choice is not None:
            cost = _cost(adviser, before.standings, turn)
            found.append(ChoiceCost(turn.number, turn.seat, cost, cost > adviser.blunder, adviser.scale))
    return found


def _cost(adviser: Advice, positions: tuple[Standing, ...], turn: Turn) -> float:
    """The die's cost before the roll plus the choice's after it (with pawns, the pawn and the
    option together: a pawn sharing its square with a lower-numbered one chose as that one)."""
    made = turn.choice
    assert made is not None
    before = adviser.cost(adviser.dice(positions, turn.seat), made.die)
    after = adviser.options(positions, turn.seat, made.die, made.face)
    squares = squares_of(positions[turn.seat])
    offered = pawn_options(adviser.board, squares)
    chosen = offered.index((squares.index(squares[made.pawn]), made.option))
    return before + adviser.cost(after, chosen)


def blunder_counts(board: Board, players: int, history: Sequence[Turn]) -> tuple[int, ...]:
    """How many blunders each seat made."""
    counts = [0] * players
    for weighed in choice_costs(board, players, history):
        counts[weighed.seat] += weighed.blunder
    return tuple(counts)
