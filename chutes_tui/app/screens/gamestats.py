"""The game screen's statistics: live odds from the background, the exact fraction in a
thread, the board's overlays and the square inspector.

A mixin for :class:`~chutes_tui.app.screens.game.GameScreen` (it reads the screen's game,
board, chart and panels); every number comes from the engine or the analysis reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.worker import Worker, WorkerState

from chutes_tui.analysis.reports import inspect_square
from chutes_tui.app.controller import TurnController
from chutes_tui.app.livefeed import LiveFeed, Request
from chutes_tui.app.overlays import OverlayCycle, statistics_refusal
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.workers import start_worker
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import LiveStats

if TYPE_CHECKING:
    from chutes_tui.app.widgets.chart import LineChart
    from chutes_tui.app.widgets.panels import GamePanels

    _Base = Screen[None]
else:
    _Base = object


class GameStatistics(_Base):
    """Mix in before ``Screen``: ``class GameScreen(GameStatistics, ..., Screen[None])``."""

    overlays: OverlayCycle
    feed: LiveFeed
    controller: TurnController

    if TYPE_CHECKING:  # the game screen's own

        @property
        def game(self) -> Game: ...
        @property
        def board(self) -> BoardView: ...
        @property
        def chart(self) -> LineChart: ...
        @property
        def panels(self) -> GamePanels: ...
        def show_state(self) -> None: ...
        def _show_flow_bar(self) -> None: ...
        def follow_mode(self) -> None: ...
        def action_board_only(self) -> None: ...

    def _take_live(self, request: Request, stats: LiveStats) -> None:
        """Statistics worked out in the background (boards where they are not instant)."""
        if request.game is self.game:
            self.controller.live.take(request.game, stats, request.turn)
            self.chart.extend(stats.odds.win, request.turn)
            self.show_state()

    # -- the exact fraction, in a thread --------------------------------------------------------------

    def action_exact(self) -> None:
        """Work out the current two-player position's exact chance in a thread; play goes on."""
        from chutes_tui.app.dialogs.exact import why_no_exact_dialog  # as it opens: not at start-up

        game = self.game
        refusal = why_no_exact_dialog(game)
        if refusal is not None:
            self.notify(refusal, timeout=6, markup=False)
            return
        self.notify("Working out the exact fraction…", timeout=2)
        self.exact_fraction(game)

    def exact_fraction(self, game: Game) -> None:
        """The dialog for the position's exact chance, in a thread (errors: the app's dialog)."""
        from chutes_tui.app.dialogs.exact import exact_dialog

        start_worker(
            self, lambda: (game, exact_dialog(game)), name="exact fraction", group="exact", exclusive=True
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self.feed.finished(event.worker):
            return
        if event.worker.group == "exact" and event.state is WorkerState.SUCCESS and event.worker.result:
            game, dialog = event.worker.result
            if game is self.game:  # else a new game started meanwhile: the answer is about the old one
                self.app.clear_notifications()  # "Working out…" is done
                self.app.push_screen(dialog)

    # -- overlays and the inspector -----------------------------------------------------------------

    def _too_large_for_statistics(self, *, series: bool = False) -> bool:
        refusal = statistics_refusal(self.game.board, series=series)
        if refusal is not None:
            self.notify(refusal, timeout=6)
        return refusal is not None

    def action_overlay(self) -> None:
        """Colour the board by the next statistic (the legend under the board names it)."""
        if self.overlays.chosen is None and self._too_large_for_statistics():
            return
        self.overlays.advance(self.game)
        self._show_overlay()

    def action_diagonal(self) -> None:
        """Seed 001's picture for this board: why going first is worth something."""
        board = self.game.board
        if board.bump:
            self.notify("The diagonal picture is for players who never interact: not under bump.", timeout=6)
            return
        if self._too_large_for_statistics(series=True):
            return
        from chutes_tui.app.screens.diagonal import DiagonalScreen  # as it opens: not at start-up
        from chutes_tui.research.diagonal import diagonal_report

        self.app.push_screen(DiagonalScreen(diagonal_report(board)))

    def _show_overlay(self) -> None:
        self.board.set_overlay(self.overlays.overlay(self.game))
        self._show_flow_bar()

    def action_inspector(self) -> None:
        inspecting = not self.has_class("inspecting")
        if inspecting and self._too_large_for_statistics(series=True):
            return
        self.set_class(inspecting, "inspecting")
        if inspecting and self.has_class("board-only"):  # the inspector lives in the side panel
            self.action_board_only()
        self.follow_mode()
        if inspecting:
            board = self.board
            if board.cursor is None:
                board.set_cursor(self.game.positions[self.game.to_move])
            else:
                self._show_inspector(board.cursor)
            board.focus()

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        if self.has_class("inspecting") and message.square is not None:
            self._show_inspector(message.square)

    def _show_inspector(self, square: int) -> None:
        game = self.game
        two = len(game.players) == 2 and not game.finished
        try:
            report = inspect_square(game.board, square, game.next_square if two else None)
        except ValueError as error:  # a square no game reaches (a die that skips it)
            self.panels.show_inspector_note(square, str(error))
            return
        self.panels.show_inspector(report, game.current.spec.name if two else None)
