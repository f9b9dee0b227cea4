"""The game screen: the board, the players' live odds, the odds history, the turn log.

It shows what its :class:`~chutes_tui.app.controller.TurnController` tells it (the screen is the
controller's view) and turns keys into the controller's actions; every number comes from the
engine or the analysis reports.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Header
from textual.worker import Worker, WorkerState

from chutes_tui.analysis.reports import inspect_square
from chutes_tui.app.controller import DEFAULT_SPEED, Step, TurnController, speed_label
from chutes_tui.app.dialogs.confirm import confirm_then
from chutes_tui.app.dialogs.exact import ExactScreen, exact_dialog, why_no_exact_dialog
from chutes_tui.app.dialogs.help import HelpScreen
from chutes_tui.app.dialogs.picker import BoardPicker
from chutes_tui.app.dialogs.save_as import ask_where_to_save
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.livefeed import LiveFeed, Request
from chutes_tui.app.messages import NewGameRequested
from chutes_tui.app.overlays import OverlayCycle, statistics_refusal
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.keys import GAME_KEYS
from chutes_tui.app.timers import TextualScheduler
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.chart import LineChart
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.widgets.panels import GamePanels
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.status import Status
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game, Turn
from chutes_tui.engine.live import LiveStats
from chutes_tui.io.settings import default_save_name, saves_dir
from chutes_tui.model.board import Board
from chutes_tui.model.text import path_text, shown

COMPACT_WIDTH = 110
COMPACT_HEIGHT = 34
NARROW_WIDTH = 64


class GameScreen(Screen[None]):
    """One game at a time; ``watch`` makes every seat a computer."""

    BINDINGS = GAME_KEYS

    def __init__(
        self,
        game: Game,
        *,
        watch: bool = False,
        speed: int = DEFAULT_SPEED,
        loop: bool = False,
        save_path: str | Path | None = None,
        hint: str | None = None,
    ) -> None:
        """``hint``: a line of keys for the turn log (someone's first game)."""
        super().__init__()
        self.controller = TurnController(
            game, self, TextualScheduler(self), watch=watch, speed=speed, loop=loop, slide=self._slide
        )
        self.save_path = None if save_path is None else Path(save_path)  # None: 's' asks first
        self.hint = hint
        self._saved_game: Game | None = None  # the game last saved, and how far it had gone
        self._saved_turns = 0
        self.overlays = OverlayCycle()
        self.feed = LiveFeed(self, self._take_live)
        self._board_only: bool | None = None  # None: the terminal's width decides
        self._paused_before: bool | None = None  # while another screen is on top

    # -- what the app and tests read --------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.controller.game

    @property
    def board(self) -> BoardView:
        return self.query_one("#board", BoardView)

    @property
    def players_table(self) -> PlayersTable:
        return self.query_one("#players", PlayersTable)

    @property
    def chart(self) -> LineChart:
        return self.query_one("#chart", LineChart)

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield GamePanels(self.game, id="game")
        yield FittingFooter()

    @property
    def panels(self) -> GamePanels:
        return self.query_one(GamePanels)

    def on_mount(self) -> None:
        self.controller.start(self.game)
        if self.hint:
            self.query_one(TurnLog).write(Text(self.hint, style="italic"))

    def on_unmount(self) -> None:
        self.controller.stop()
        self.feed.close()

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT
        self.set_class(compact, "compact")
        self.players_table.set_compact(compact)
        if self._board_only is None:  # until 'w' is pressed, very narrow terminals show the board alone
            self.set_class(event.size.width < NARROW_WIDTH, "board-only")

    def action_board_only(self) -> None:
        self._board_only = not self.has_class("board-only")
        self.set_class(self._board_only, "board-only")

    def on_screen_suspend(self) -> None:
        """A dialog or another screen is on top: computer turns wait for it."""
        self._paused_before = self.controller.paused
        self.controller.set_paused(True)

    def on_screen_resume(self) -> None:
        """Back on top: exactly as before (paused or playing)."""
        if self._paused_before is not None:
            paused, self._paused_before = self._paused_before, None
            self.controller.set_paused(paused)

    # -- the controller's view --------------------------------------------------------------------

    def show_game(self, game: Game) -> None:
        last = game.history[-1] if game.history else None
        self.panels.show_game(game, self.controller.trail(last) if last else [])
        self.show_state()
        self._show_overlay()
        self.feed.want(game)
        if game.no_odds is not None:
            self.notify(game.no_odds, markup=False)

    def show_step(self, step: Step) -> None:
        if step.face is not None:
            self.panels.show_die(self.game, step.face)
        if step.seat is not None and step.square is not None:
            self.board.place(step.seat, step.square)

    def show_turn(self, turn: Turn) -> None:
        self.panels.show_turn(self.game, turn, self.controller.trail(turn))
        self.show_state()
        if self.overlays.depends_on_positions(self.game):
            self._show_overlay()
        if self.has_class("inspecting") and self.board.cursor is not None:
            self._show_inspector(self.board.cursor)
        self.feed.want(self.game)

    def _take_live(self, request: Request, stats: LiveStats) -> None:
        """Statistics worked out in the background (boards where they are not instant)."""
        if request.game is self.game:
            request.game.take_live(stats, request.turn)
            self.chart.extend(stats.odds.win)
            self.show_state()

    def show_state(self) -> None:
        game, controller = self.game, self.controller
        snapshot = game.snapshot()
        status = Status(
            snapshot, not controller.computer_to_move, speed_label(controller.speed), controller.paused
        )
        self.panels.show_state(
            snapshot, status, roll_enabled=not (game.finished or controller.computer_to_move)
        )

    def announce_winner(self, game: Game, loop: bool) -> None:
        summary = game.summary()
        if loop:
            name = game.players[summary.winner].spec.name
            # In the header, not a toast: a toast is a new widget every game, and Textual 8.2 keeps
            # every removed widget's rendered lines alive (StylesCache.get_inner_outer has an
            # lru_cache keyed on the instance, Textualize/textual#6665): ~1 MB a minute.
            self.sub_title = f"last game: {name} won in {summary.turns} turns"
            return
        self.app.push_screen(WinnerScreen(game), self._after_winner)

    def report_error(self, message: str) -> None:
        self.notify(message, severity="error", markup=False)

    def _after_winner(self, choice: str | None) -> None:
        if choice == "rematch":
            self.action_rematch()
        elif choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.app.exit()

    def _slide(self, tail: int, head: int) -> list[int]:
        return self.board.grid.path(tail, head)

    # -- actions ----------------------------------------------------------------------------------

    def action_roll(self) -> None:
        self.controller.roll()

    @on(Button.Pressed, "#roll")
    def roll_pressed(self) -> None:
        self.controller.roll()

    def action_skip(self) -> None:
        self.controller.skip()

    def action_faster(self) -> None:
        self.controller.faster()

    def action_slower(self) -> None:
        self.controller.slower()

    def action_pause(self) -> None:
        self.controller.toggle_pause()

    def action_step(self) -> None:
        self.controller.step()

    @property
    def at_stake(self) -> bool:
        """Would leaving this game lose something a person cares about? A game in progress that a
        person plays in (a watched game, one that is over, or one saved since its last move, loses
        nothing)."""
        game = self.game
        saved = self._saved_game is game and self._saved_turns == len(game.history)
        return (
            bool(game.history) and not game.finished and not saved and any(p.spec.human for p in game.players)
        )

    def confirm_then(self, question: str, action: Callable[[], object], yes: str = "Yes") -> None:
        """``action`` at once when nothing is at stake; otherwise after Enter (Esc cancels)."""
        if self.at_stake:
            confirm_then(self.app, question, action, yes)
        else:
            action()

    def action_rematch(self) -> None:
        self.confirm_then(
            "Start again with the same players? This game is lost (unless saved).",
            self.controller.rematch,
            "Rematch",
        )

    def action_new_game(self) -> None:
        def new_game() -> None:
            self.post_message(NewGameRequested(self.game.board, [p.spec for p in self.game.players]))

        self.confirm_then("Leave this game for a new one? It is lost (unless saved).", new_game, "New game")

    def action_save(self) -> None:
        """Save to the game's file; the first time (without ``--save``) ask for a name, by
        default the players and the date in the saves folder."""
        if self.save_path is not None:
            self._save_to(self.save_path)
            return
        names = [p.spec.name for p in self.game.players]
        suggestion = saves_dir(make=True) / f"{default_save_name(names)}.json"
        ask_where_to_save(self.app, suggestion, "Save the game as", self._save_to)

    def _save_to(self, path: Path) -> None:
        where = path_text(path)
        try:
            self.game.save(path)
        except OSError as error:
            self.notify(
                f"Could not save to {where}: {error.strerror or error}", severity="error", markup=False
            )
            return
        self.save_path = path
        self._saved_game, self._saved_turns = self.game, len(self.game.history)
        command = f"chutes-tui play --resume {shlex.quote(path_text(path))}"
        self.notify(f"Saved to {where} — resume with: {command}", markup=False)

    # -- the exact fraction, in a thread --------------------------------------------------------------

    def action_exact(self) -> None:
        """Work out the current two-player position's exact chance in a thread; play goes on."""
        game = self.game
        refusal = why_no_exact_dialog(game)
        if refusal is not None:
            self.notify(refusal, timeout=6, markup=False)
            return
        self.notify("Working out the exact fraction…", timeout=2)
        self.exact_fraction(game)

    @work(thread=True, exclusive=True, exit_on_error=False, group="exact", name="exact fraction")
    def exact_fraction(self, game: Game) -> tuple[Game, ExactScreen]:
        """The dialog for the position's exact chance (errors reach the app's error dialog)."""
        return game, exact_dialog(game)

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
        if self.overlays.index < 0 and self._too_large_for_statistics():
            return
        self.overlays.advance(self.game)
        self._show_overlay()

    def _show_overlay(self) -> None:
        self.board.set_overlay(self.overlays.overlay(self.game))

    def action_inspector(self) -> None:
        inspecting = not self.has_class("inspecting")
        if inspecting and self._too_large_for_statistics(series=True):
            return
        self.set_class(inspecting, "inspecting")
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
        except ValueError:
            return
        self.panels.show_inspector(report, game.current.spec.name if two else None)

    # -- other boards -------------------------------------------------------------------------------

    def action_load_board(self) -> None:
        """Pick another board; the same players start a new game on it (a bad file changes nothing)."""
        self.app.push_screen(BoardPicker(), self._board_chosen)

    def _board_chosen(self, board: Board | None) -> None:
        if board is not None:
            self.confirm_then(self._play_question(board), lambda: self._play_on(board), "Play it")

    @staticmethod
    def _play_question(board: Board) -> str:
        return f"Play {shown(board.name, 40)} instead? This game is lost (unless saved)."

    def _play_on(self, board: Board | None) -> None:
        """A new game on ``board`` with the same players: it plays, whatever the old one did."""
        if board is None:
            return
        self.controller.paused = False
        if self._paused_before is not None:
            self._paused_before = False
        self.controller.start(Game.new(board, [p.spec for p in self.game.players]))

    def action_edit_board(self) -> None:
        """Open the editor on this board; 'p' there starts the same players on the result (the
        editor asks first when this game is at stake, so that Esc keeps the edits)."""
        specs = [p.spec for p in self.game.players]
        ask = self._play_question if self.at_stake else None
        self.app.push_screen(EditorScreen(self.game.board, specs, ask_before_play=ask), self._play_on)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen.from_bindings(self.BINDINGS, BoardView.BINDINGS))

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """``(title, help, callback)`` for the command palette, from the bindings' own words."""
        return [
            (b.description, b.tooltip, lambda action=b.action: self.call_later(self.run_action, action))
            for b in self.BINDINGS
            if isinstance(b, Binding) and b.show and b.tooltip
        ]
