"""The statistics of the game on screen, as the screen's :class:`~chutes_tui.app.livefeed.LiveFeed`
delivers them -- plain Python, testable without a screen.

The app never builds a board's chain on its UI thread: until the feed's worker has found the
board instant (:func:`~chutes_tui.engine.live.known_instant`), a position's statistics are the
ones the feed worked out for it, and the first frame and the first rolls wait for the worker.
While a new position's are worked out, the screen shows the latest known, marked stale.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from chutes_tui.engine.game import Game
from chutes_tui.engine.live import LiveStats, WhenKnownInstant
from chutes_tui.engine.turn import Snapshot
from chutes_tui.model.board import Board

if TYPE_CHECKING:
    from chutes_tui.engine.live import Placed


class LiveOdds(WhenKnownInstant):
    """One game's statistics source (``Game.stats_source``): at once on a board known to be
    instant, else the feed's latest answer while its position lasts."""

    def __init__(self) -> None:
        self.latest: LiveStats | None = None  # the feed's latest answer
        self.turn = 0  # … for the position after this turn

    def stats(self, board: Board, positions: tuple[Placed, ...], to_move: int) -> LiveStats | None:
        known = super().stats(board, positions, to_move)
        if known is not None:
            return known
        latest = self.latest
        if latest is not None and latest.positions == positions and latest.to_move == to_move:
            return latest
        return None

    def take(self, game: Game, stats: LiveStats, turn: int) -> None:
        """The feed's answer for the position after turn ``turn`` of ``game`` (0: before the
        first): shown while that position lasts, and kept with the turn for the odds' history."""
        self.latest, self.turn = stats, turn
        game.record_odds(turn, stats.odds)

    def snapshot(self, game: Game) -> Snapshot:
        """``game`` now; until this position's statistics are worked out, the latest known."""
        snapshot = game.snapshot()
        latest = self.latest
        if snapshot.odds_turn is not None or latest is None or game.finished:
            return snapshot
        return replace(
            snapshot,
            turns_left=latest.turns_left,
            odds=latest.odds,
            odds_turn=self.turn,
            estimate=latest.estimate,
        )
