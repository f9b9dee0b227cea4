"""What a game shows: where every piece stands, and the live statistics there (each seat's
chance to win, the turns left, the odds after each turn, the :class:`~.turn.Snapshot` every
panel formats). :class:`~.game.Game` is one; this is the part that reads a game and plays
nothing.

The statistics come from the game's :class:`~.live.StatsSource`: with every turn on boards where
they are instant; on the others (long boards, and games with decisions beyond the solvers,
estimated) a front end works them out elsewhere, and :meth:`GameView.record_odds` keeps them
with the turns.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from chutes_tui.engine.live import (
    LiveStats,
    StatsSource,
    assumed,
    estimated,
    instant,
    live_refusal,
    odds_position,
)
from chutes_tui.engine.seats import PlayerState, pawn_squares, piece_squares, starting
from chutes_tui.engine.turn import Snapshot, Turn
from chutes_tui.model.board import Board
from chutes_tui.model.turns import PieceState

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.analysis.states import Position
    from chutes_tui.engine.advice import Standing
    from chutes_tui.engine.live import Placed  # the analysis loads when odds are worked out


class GameView:
    """A game's pieces and statistics (the attributes are :class:`~.game.Game`'s fields)."""

    board: Board
    players: list[PlayerState]
    to_move: int
    winner: int | None
    history: list[Turn]
    start_odds: SeatOdds | None
    stats_source: StatsSource

    @property
    def positions(self) -> list[int]:
        return [p.square for p in self.players]

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Every player's place: its square, or with pawns each pawn's square by number."""
        return tuple(p.standing for p in self.players)

    @property
    def odds_positions(self) -> tuple[Position, ...]:
        """Every player's piece as the chains' odds see it (:func:`~.live.odds_position`)."""
        return tuple(odds_position(piece) for piece in self.piece_states())

    @property
    def live_positions(self) -> tuple[Placed, ...]:
        """Every player's position as the live statistics see it: :attr:`odds_positions`, or
        with pawns each pawn's square."""
        return self.standings if self.board.pawns > 1 else self.odds_positions

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> PlayerState:
        return self.players[self.to_move]

    @property
    def next_square(self) -> int:
        """Where the player after the one to move stands (two players: the opponent)."""
        return self.positions[(self.to_move + 1) % len(self.players)]

    @property
    def instant(self) -> bool:
        """Whether this board's live statistics can come with every turn (else a front end works
        them out elsewhere, and :meth:`record_odds` keeps them with the turns)."""
        return instant(self.board) and not estimated(self.board, len(self.players))

    @property
    def no_odds(self) -> str | None:
        """Why this game has no live odds at all (``None``: it has them, now or later)."""
        return live_refusal(self.board, len(self.players))

    def stats(self) -> LiveStats | None:
        """The statistics of the position now, if its :attr:`stats_source` has them."""
        if self.no_odds is not None:
            return None
        return self.stats_source.stats(self.board, self.live_positions, self.to_move)

    def odds(self) -> SeatOdds | None:
        """Each seat's chance to win and the expected remaining moves, from here (if known)."""
        stats = self.stats()
        return None if stats is None else stats.odds

    def record_odds(self, turn: int, odds: SeatOdds) -> None:
        """Odds worked out later for the position after turn ``turn`` (0: before the first),
        kept with that turn for the odds' history unless it has some."""
        if turn == 0 and self.start_odds is None:
            self.start_odds = odds
        elif 0 < turn <= len(self.history) and self.history[turn - 1].odds is None:
            self.history[turn - 1] = replace(self.history[turn - 1], odds=odds)

    @property
    def assumed(self) -> str:
        """What the game's odds assume of its players (:func:`.live.assumed`)."""
        return assumed(self.board, len(self.players), any(p.spec.naive for p in self.players))

    def snapshot(self) -> Snapshot:
        """The game now, with this position's statistics if they are known."""
        stats = self.stats()
        return Snapshot(
            turn=len(self.history),
            names=tuple(p.spec.name for p in self.players),
            positions=tuple(self.positions),
            pawns=self.pawn_squares(),
            turns_left=None if stats is None else stats.turns_left,
            odds=None if stats is None else stats.odds,
            to_move=self.to_move,
            winner=self.winner,
            odds_turn=None if stats is None else len(self.history),
            no_odds=self.no_odds,
            estimate=None if stats is None else stats.estimate,
            assumed=self.assumed,
        )

    def piece_squares(self) -> list[int]:
        """Every piece's square, each player's pawns in turn (what the board draws)."""
        return piece_squares(self.players)

    def pawn_squares(self) -> tuple[tuple[int, ...], ...]:
        """Each player's pawns' squares by number, with pawns (one pawn each: none)."""
        return pawn_squares(self.players) if self.board.pawns > 1 else ()

    @property
    def odds_history(self) -> list[SeatOdds | None]:
        """Odds before the first turn and after each turn."""
        if self.start_odds is None and self.no_odds is None:
            stats = self.stats_source.stats(self.board, starting(self.board, len(self.players)), 0)
            self.start_odds = None if stats is None else stats.odds
        return [self.start_odds, *(turn.odds for turn in self.history)]

    def piece_states(self) -> tuple[PieceState, ...]:
        """Every player's piece between turns, in seat order: its square and whether it skips
        its next turn (what the odds under issue 26's rules are worked out from)."""
        return tuple(p.piece for p in self.players)
