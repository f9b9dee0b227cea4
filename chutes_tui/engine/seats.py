"""A game's seats: each player's pieces -- its square, or with ``pawns = K`` each pawn's
(:mod:`chutes_tui.model.decisions`) -- what it has done (turns, ladders, chutes, times sent
back, blunders: the winner's :class:`~.turn.Summary`), and where a move sends the other
players' pieces under the bump rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chutes_tui.engine.turn import Summary, Swing, Turn, swing_least, swings
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.players import PlayerSpec
from chutes_tui.model.rules import JumpKind, Move, bumped, jump_kind
from chutes_tui.model.turns import PieceState

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.engine.advice import Standing


@dataclass
class PlayerState:
    spec: PlayerSpec
    pawns: list[int]  # each pawn's square, by number (one pawn, as on most boards: one square)
    turns: int = 0
    ladders: int = 0
    chutes: int = 0
    bumped: int = 0  # times the bump rule sent one of its pawns back to the start
    miss: bool = False  # it came to rest on a miss-turn square: it skips its next turn

    @property
    def square(self) -> int:
        """Where its piece stands (with pawns: pawn 1's square; :attr:`standing` has them all)."""
        return self.pawns[0]

    @square.setter
    def square(self, square: int) -> None:
        self.pawns[0] = square

    @property
    def standing(self) -> Standing:
        """Its place as the solvers see it: the square, or with pawns each pawn's square."""
        return standing_of(self.pawns)

    @property
    def piece(self) -> PieceState:
        return PieceState(self.square, self.miss)

    def moved(self, made: Move, pawn: int = 0) -> None:
        """Its ``pawn`` made ``made``: where it rests, and every jump of the chain counted."""
        self.pawns[pawn] = made.final
        for tail, head in made.hops:
            if jump_kind(tail, head) is JumpKind.LADDER:
                self.ladders += 1
            else:
                self.chutes += 1


def send_back(board: Board, players: Sequence[PlayerState], mover: int, square: int) -> list[tuple[int, int]]:
    """The bump rule after ``mover``'s piece came to rest on ``square``: every other player's
    pawn there goes back to the start (:func:`~chutes_tui.model.rules.bumped`, the one statement
    of which; one's own pawns stay); those sent, as ``(seat, pawn)`` in seat and pawn order."""
    others = [(seat, pawn) for seat, p in enumerate(players) if seat != mover for pawn in range(len(p.pawns))]
    hit = bumped(board, square, [players[seat].pawns[pawn] for seat, pawn in others])
    sent = [pair for pair, back in zip(others, hit.tolist(), strict=True) if back]
    for seat, pawn in sent:
        players[seat].pawns[pawn] = board.start
        players[seat].bumped += 1
    return sent


def piece_squares(players: Sequence[PlayerState]) -> list[int]:
    """Every piece's square, each player's pawns in turn (what a board draws)."""
    return [square for p in players for square in p.pawns]


def pawn_squares(players: Sequence[PlayerState]) -> tuple[tuple[int, ...], ...]:
    """Each player's pawns' squares by number."""
    return tuple(tuple(p.pawns) for p in players)


def standing_of(pawns: Sequence[int]) -> Standing:
    """A player's place (:data:`~.advice.Standing`) from its pawns' squares by number: the one
    square, or all of them."""
    return pawns[0] if len(pawns) == 1 else tuple(pawns)


def starting(board: Board, players: int) -> tuple[Standing, ...]:
    """Every player's place before the first turn: all pawns on the start."""
    return (standing_of([board.start] * board.pawns),) * players


def summary(
    board: Board,
    players: Sequence[PlayerState],
    winner: int,
    history: Sequence[Turn],
    odds: Sequence[SeatOdds | None],
) -> Summary:
    """A finished game's summary: each seat's turns, ladders, chutes, times sent back and (on a
    board with decisions) blunders, and the largest swing of the ``odds`` after each turn."""
    per_player = tuple((p.spec.name, p.turns, p.ladders, p.chutes) for p in players)
    each = swings(history, odds, swing_least(board, len(players)))
    swing = max(each, key=Swing.size) if each else None  # the first of the largest
    bumps = tuple(p.bumped for p in players)
    blunders: tuple[int, ...] = ()
    if decides(board):
        from chutes_tui.engine.blunders import blunder_counts  # the solver: only for choices

        blunders = blunder_counts(board, len(players), history)
    return Summary(winner, len(history), per_player, swing, bumps, blunders)
