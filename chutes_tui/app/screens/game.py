"""The game screen: the board, the players' live odds, the odds history, the turn log.

The screen composes its widgets, owns every key's action (each one line, so this file tells
where every key goes) and shows what its collaborators tell it:

* :class:`~chutes_tui.app.controller.TurnController` -- the turns: who rolls when, the
  animation, pause, speed (the screen is its :class:`~chutes_tui.app.controller.View`);
* :class:`~chutes_tui.app.statistics.GameStatistics` -- overlays, the flow's slider, the
  inspector, live odds, the exact fraction, the diagonal picture (the screen is its
  :class:`~chutes_tui.app.statistics.StatisticsView`);
* :class:`~chutes_tui.app.screens.gamesession.GameSession` -- saving, rematch, a new game,
  another board, the editor, and what leaving would lose;
* :class:`~chutes_tui.app.screens.gameend.GameEnd` -- the winner's dialog, the review, play on;
* :mod:`chutes_tui.app.gamemode` -- which keys the footer shows now.

Every number comes from the engine or the analysis reports.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button, Header
from textual.worker import Worker, WorkerState

from chutes_tui.app.controller import DEFAULT_SPEED, Step, TurnController, speed_label
from chutes_tui.app.gamemode import GameMode, footer_first, footer_label
from chutes_tui.app.livefeed import LiveFeed
from chutes_tui.app.screens.gameend import GameEnd
from chutes_tui.app.screens.gamesession import GameSession
from chutes_tui.app.screens.keys import GAME_KEYS
from chutes_tui.app.statistics import ExactAnswer, GameStatistics, exact_answer
from chutes_tui.app.timers import TextualScheduler
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.flowbar import FlowBar
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.widgets.panels import GamePanels, PanelScreen
from chutes_tui.app.widgets.status import Status
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.app.workers import cancelled, start_worker
from chutes_tui.engine.advice import advice
from chutes_tui.engine.game import Game
from chutes_tui.engine.turn import Turn
from chutes_tui.model.text import shown
from chutes_tui.render.boardpaint import Overlay

if TYPE_CHECKING:
    from chutes_tui.analysis.flow import FlowStep
    from chutes_tui.analysis.reports import SquareReport
    from chutes_tui.engine.prompt import Prompt
    from chutes_tui.research.diagonal import DiagonalReport

# The exact, diagonal, help and choice dialogs are imported when they open: the first frame needs
# none of them (nor the review screen and winner's dialog, see gameend.py).


class GameScreen(PanelScreen[None]):
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
        save_replaces: bool = True,
        hint: str | None = None,
        replay: tuple[str, ...] | None = None,
        board_unsaved: bool = False,
    ) -> None:
        """``hint``: a line of keys for the turn log (someone's first game); ``replay``: open
        in review mode from the start, with this line (a replayed save; play waits, paused);
        ``board_unsaved``: the board comes from the editor with edits saved nowhere."""
        super().__init__()
        scheduler = TextualScheduler(self)
        self.controller = TurnController(
            game, self, scheduler, watch=watch, speed=speed, loop=loop, slide=self._slide
        )
        self.session = GameSession(
            self,
            self.controller,
            self.play,
            save_path=None if save_path is None else Path(save_path),
            save_replaces=save_replaces,
            board_unsaved=board_unsaved,
        )
        self.stats = GameStatistics(self.controller, self, scheduler)
        self.end = GameEnd(self, self.controller, self.session, self.play, replay)
        self.feed = LiveFeed(self, self.stats.take_live)
        self.hint = hint
        self._paused_before: bool | None = None  # while another screen is on top
        self._mode: GameMode | None = None  # what the footer shows keys for (follow_mode)
        if replay is not None:
            self.controller.paused = True

    @property
    def game(self) -> Game:
        return self.controller.game

    # -- the keys ---------------------------------------------------------------------------------

    def action_roll(self) -> None:
        self.controller.roll()

    def action_pause(self) -> None:
        self.controller.toggle_pause()

    def action_step(self) -> None:
        self.controller.step()

    def action_faster(self) -> None:
        self.controller.faster()

    def action_slower(self) -> None:
        self.controller.slower()

    def action_back(self) -> None:
        self.stats.back()

    def action_overlay(self) -> None:
        self.stats.next_overlay()

    def action_inspector(self) -> None:
        self.stats.toggle_inspector()

    def action_flow_play(self) -> None:
        self.stats.flow_play()

    def action_flow_turn(self, step: int) -> None:
        self.stats.flow_turn(step)

    def action_exact(self) -> None:
        self.stats.exact()

    def action_diagonal(self) -> None:
        self.stats.diagonal()

    def action_save(self) -> None:
        self.session.save()

    def action_rematch(self) -> None:
        self.session.rematch()

    def action_new_game(self) -> None:
        self.session.new_game()

    def action_load_board(self) -> None:
        self.session.load_board()

    def action_edit_board(self) -> None:
        self.session.edit_board()

    def action_review(self) -> None:
        self.end.review()

    def action_board_only(self) -> None:
        self.show_board_only(not self.has_class("board-only"))

    def action_help(self) -> None:
        self.open_help()

    @on(Button.Pressed, "#roll")
    def roll_pressed(self) -> None:
        if self.controller.watch:  # watch mode's button: Pause or Resume
            self.controller.toggle_pause()
        else:
            self.controller.roll()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # < > Home End choose the flow's turn only while it shows (the arrows stay the cursor's).
        if action == "flow_turn":
            return self.stats.flow.flowing
        return super().check_action(action, parameters)

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """``(title, help, callback)`` for the command palette, from the bindings' own words."""
        return [
            (b.description, b.tooltip, lambda action=b.action: self.call_later(self.run_action, action))
            for b in self.BINDINGS
            if isinstance(b, Binding) and b.show and b.tooltip
        ]

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield GamePanels(self.game, id="game")
        yield FlowBar(id="flowbar")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.controller.start(self.game)
        if self.hint:
            self.query_one(TurnLog).write(Text(self.hint, style="italic"))
        self.end.started()

    def on_unmount(self) -> None:
        self.controller.stop()
        self.feed.close()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size)

    def show_board_only(self, board_only: bool) -> None:
        """The board alone, or beside the side panel (the 'w' key decides from then on)."""
        self._board_only = board_only
        self.set_class(board_only, "board-only")

    def on_screen_suspend(self) -> None:
        """A dialog or another screen is on top: computer turns wait for it."""
        self._paused_before = self.controller.paused
        self.controller.set_paused(True)

    def on_screen_resume(self) -> None:
        """Back on top: exactly as before (paused or playing)."""
        if self._paused_before is not None:
            paused, self._paused_before = self._paused_before, None
            self.controller.set_paused(paused)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self.feed.finished(event.worker):
            return
        if event.worker.group == "advice" and event.state is WorkerState.SUCCESS:
            self.controller.advice_in()
        if event.worker.group == "exact" and event.state is WorkerState.SUCCESS and event.worker.result:
            self.stats.exact_answered(*event.worker.result)

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        self.stats.cursor_moved(message.square)

    def unsaved_work(self) -> list[str]:
        """What leaving this game would lose (the app's quit asks every screen)."""
        return self.session.unsaved_work()

    def play(self, game: Game, afresh: bool = False) -> None:
        """Show ``game`` and play it, whatever the old one did (paused, or under a dialog);
        ``afresh``: what was shown over the old game (an overlay) goes with it."""
        if afresh:
            self.stats.new_game()
        self.controller.paused = False
        if self._paused_before is not None:
            self._paused_before = False
        self.controller.start(game)

    def _slide(self, tail: int, head: int) -> list[int]:
        return self.board.grid.path(tail, head)

    # -- the controller's view --------------------------------------------------------------------

    def show_game(self, game: Game) -> None:
        last = game.history[-1] if game.history else None
        self.panels.show_game(game, self.controller.trail(last) if last else [])
        self.show_state()
        self.stats.game_shown()
        # After the frame this paints: the worker's first import of scipy and its chain would
        # take the interpreter from the first paint (a game's first statistics come a moment later).
        self.call_after_refresh(self.feed.want, game)
        if game.no_odds is not None:
            self.notify(game.no_odds, markup=False)
        if not self.controller.advice_ready:  # computer turns and hints wait for the solver
            board, players = game.board, len(game.players)
            start_worker(
                self, lambda: advice(board, players, cancelled), name="solver's advice", group="advice"
            )

    def ask(self, prompt: Prompt, answer: Callable[[int | None], None], again: bool = False) -> None:
        from chutes_tui.app.dialogs.choice import ask  # boards with decisions alone

        ask(self.app, prompt, shown(self.game.current.spec.name, 20), answer, again)

    def show_step(self, step: Step) -> None:
        if step.face is not None:
            self.panels.show_die(self.game, step.face, self.game.history[-1])  # the turn animated
        if step.seat is not None and step.square is not None:
            self.board.place(step.seat, step.square, step.pawn)

    def show_turn(self, turn: Turn) -> None:
        self.panels.show_turn(self.game, turn, self.controller.trail(turn))
        self.show_state()
        self.stats.turn_shown()
        self.feed.want(self.game)

    def show_state(self) -> None:
        game, controller = self.game, self.controller
        snapshot = controller.live.snapshot(game)
        status = Status(
            snapshot, not controller.computer_to_move, speed_label(controller.speed), controller.paused
        )
        if controller.watch:  # nobody rolls: the button pauses and resumes, saying which it will do
            button, enabled = ("Resume" if controller.paused else "Pause"), not game.finished
        else:
            button, enabled = "Roll", not (game.finished or controller.computer_to_move)
        self.panels.show_state(snapshot, status, roll_enabled=enabled, button=button)
        self.follow_mode()

    def announce_winner(self, game: Game, loop: bool) -> None:
        self.end.announce_winner(game, loop)

    def report_error(self, message: str) -> None:
        self.notify(message, severity="error", markup=False)

    # -- the statistics' view ---------------------------------------------------------------------

    def tell(self, message: str, timeout: float) -> None:
        self.notify(message, timeout=timeout, markup=False)

    def show_overlay(self, overlay: Overlay | None) -> None:
        self.board.set_overlay(overlay)

    def show_flow_bar(self, step: FlowStep | None, last: int, playing: bool) -> None:
        self.set_class(step is not None, "flowing")
        if step is not None:
            self.query_one(FlowBar).show(step, last, playing)
        self.follow_mode()  # the footer: the flow's keys, and whether a plays or pauses it

    def extend_chart(self, win: tuple[float, ...], turn: int) -> None:
        self.chart.extend(win, turn)

    def show_inspecting(self, inspecting: bool) -> None:
        self.set_class(inspecting, "inspecting")
        if inspecting and self.has_class("board-only"):  # the inspector lives in the side panel
            self.show_board_only(False)
        self.follow_mode()

    def cursor_square(self) -> int | None:
        return self.board.cursor

    def put_cursor(self, square: int) -> None:
        self.board.set_cursor(square)

    def focus_board(self) -> None:
        self.board.focus()

    def show_inspector(self, report: SquareReport, mover: str | None) -> None:
        self.panels.show_inspector(report, mover)

    def show_inspector_note(self, square: int, note: str) -> None:
        self.panels.show_inspector_note(square, note)

    def work_out_exact(self, game: Game) -> None:
        start_worker(
            self, lambda: (game, exact_answer(game)), name="exact fraction", group="exact", exclusive=True
        )

    def show_exact(self, answer: ExactAnswer) -> None:
        from chutes_tui.app.dialogs.exact import ExactScreen

        self.app.clear_notifications()  # "Working out…" is done
        self.app.push_screen(ExactScreen(answer.title, answer.fraction, answer.decimal))

    def show_diagonal(self, report: DiagonalReport) -> None:
        from chutes_tui.app.screens.diagonal import DiagonalScreen

        self.app.push_screen(DiagonalScreen(report))

    # -- the footer follows the mode --------------------------------------------------------------

    def mode(self) -> GameMode:
        game, controller, stats = self.game, self.controller, self.stats
        return GameMode(
            watch=controller.watch,
            paused=controller.paused,
            over=game.finished,
            players=len(game.players),
            overlay=stats.overlays.chosen is not None,
            inspecting=stats.inspecting,
            flowing=stats.flow.flowing,
            flow_playing=stats.flow.playing,
        )

    def follow_mode(self) -> None:
        """Show the keys of the mode now (only on a change: a footer's recompose makes widgets)."""
        mode = self.mode()
        if mode != self._mode:
            self._mode = mode
            self.refresh_bindings()

    def footer_label(self, action: str, words: str) -> str | None:
        return footer_label(self.mode(), action, words)

    def footer_first(self) -> tuple[str, ...]:
        return footer_first(self.mode())

    # -- dialogs -----------------------------------------------------------------------------

    def open_help(self) -> None:
        from chutes_tui.app.dialogs.help import HelpScreen, game_notes

        notes = game_notes(self.game.board.bump, self.game.deciding)
        self.app.push_screen(HelpScreen.from_bindings(self.BINDINGS, BoardView.BINDINGS, notes=notes))
