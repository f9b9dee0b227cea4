"""The game screen: the board, the players' live odds, the odds history, the turn log.

It shows what its :class:`~chutes_tui.app.controller.TurnController` tells it (the screen is the
controller's view) and turns keys into the controller's actions; every number comes from the
engine or the analysis reports.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Header

from chutes_tui.app.controller import DEFAULT_SPEED, Step, TurnController, speed_label
from chutes_tui.app.livefeed import LiveFeed
from chutes_tui.app.overlays import OverlayCycle
from chutes_tui.app.screens.gameflow import GameFlow
from chutes_tui.app.screens.gamesession import GameSession
from chutes_tui.app.screens.gamestats import GameStatistics
from chutes_tui.app.screens.keys import GAME_KEYS
from chutes_tui.app.timers import TextualScheduler
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.flowbar import FlowBar
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.widgets.panels import GamePanels, PanelAccess, fit_panels
from chutes_tui.app.widgets.status import Status
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game, Turn

if TYPE_CHECKING:
    from chutes_tui.app.screens.review import PlayOn

# The review screen, the winner's and the help dialogs are imported when they open: the first
# frame needs none of them.


class GameScreen(PanelAccess, GameSession, GameStatistics, GameFlow, Screen[None]):
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
        replay: str | None = None,
        board_unsaved: bool = False,
    ) -> None:
        """``hint``: a line of keys for the turn log (someone's first game); ``replay``: open
        in review mode from the start, with this line (a replayed save; play waits, paused);
        ``board_unsaved``: the board comes from the editor with edits saved nowhere."""
        super().__init__()
        self.controller = TurnController(
            game, self, TextualScheduler(self), watch=watch, speed=speed, loop=loop, slide=self._slide
        )
        self.save_path = None if save_path is None else Path(save_path)  # None: 's' asks first
        self.save_replaces = save_replaces  # False until the first save: --save without --force
        self.hint = hint
        # The game last saved, and how far it had gone. A game that arrives with turns was read
        # from a save (--resume, the setup's continue, replay): those turns are in the file.
        self._saved_game: Game | None = game if game.history else None
        self._saved_turns = len(game.history)
        self.board_unsaved = board_unsaved
        self.overlays = OverlayCycle()
        self.feed = LiveFeed(self, self._take_live)
        self._board_only: bool | None = None  # None: the terminal's width decides
        self._paused_before: bool | None = None  # while another screen is on top
        self._mode: tuple[object, ...] = ()  # what the footer shows keys for (follow_mode)
        self.replay = replay
        if replay is not None:
            self.controller.paused = True

    # -- what the app and tests read --------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.controller.game

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
        if self.replay is not None and not self.game.finished:
            self.open_review(0, notice=self.replay)

    def on_unmount(self) -> None:
        self.controller.stop()
        self.feed.close()

    def on_resize(self, event: events.Resize) -> None:
        fit_panels(self, event.size, self._board_only)

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
        # After the frame this paints: the worker's first import of scipy and its chain would
        # take the interpreter from the first paint (a game's first statistics come a moment later).
        self.call_after_refresh(self.feed.want, game)
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
        if self.overlays.depends_on_positions:
            self._show_overlay()
        if self.has_class("inspecting") and self.board.cursor is not None:
            self._show_inspector(self.board.cursor)
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

    # -- the footer follows the mode ------------------------------------------------------------

    def mode(self) -> tuple[object, ...]:
        """What decides which keys work now: watching, paused, over, the overlay and inspector."""
        game, controller = self.game, self.controller
        return (
            controller.watch,
            controller.paused,
            game.finished,
            len(game.players),
            self.overlays.chosen is not None,
            self.has_class("inspecting"),
            self.flowing,
            self._flow_timer is not None,
        )

    def follow_mode(self) -> None:
        """Show the keys of the mode now (only on a change: a footer's recompose makes widgets)."""
        mode = self.mode()
        if mode != self._mode:
            self._mode = mode
            self.refresh_bindings()

    def footer_label(self, action: str, words: str) -> str | None:
        """The footer's words for ``action`` now, ``None`` when it does nothing now (the help and
        the palette still list every key)."""
        game, controller = self.game, self.controller
        name = action.partition("(")[0]
        over, watch, paused = game.finished, controller.watch, controller.paused
        if name == "roll":
            return None if watch or over else words
        if name == "pause":
            return None if over or not (watch or paused) else ("Resume" if paused else words)
        if name == "step":
            return words if paused and not over else None
        if name in ("faster", "slower"):
            return words if watch and not over else None
        if name == "exact":
            return words if len(game.players) == 2 and not over else None
        if name == "flow_play":
            if over:
                return None
            return ("Flow: pause" if self._flow_timer else "Flow: play") if self.flowing else words
        if name == "flow_turn":
            return words if self.flowing and action in ("flow_turn(-1)", "flow_turn(1)") else None
        if name == "back":
            return words if self.overlays.chosen is not None or self.has_class("inspecting") else None
        return words

    def footer_first(self) -> tuple[str, ...]:
        """The actions the footer puts first, in this order: the mode's own."""
        if self.flowing:
            return ("flow_play", "flow_turn", "back")
        if self.game.finished:
            return ("rematch", "new_game", "review")
        if self.overlays.chosen is not None or self.has_class("inspecting"):
            return ("back",)  # the way out first
        return ()

    def announce_winner(self, game: Game, loop: bool) -> None:
        summary = game.summary()
        if loop:
            name = game.players[summary.winner].spec.name
            # In the header, not a toast: a toast is a new widget every game, and Textual 8.2 keeps
            # every removed widget's rendered lines alive (StylesCache.get_inner_outer has an
            # lru_cache keyed on the instance, Textualize/textual#6665): ~1 MB a minute.
            self.sub_title = f"last game: {name} won in {summary.turns} turns"
            return
        if self.replay is not None:  # a replayed save that ends in a win: its review comes first
            self.open_review(0, notice=self.replay, then_winner=True)
            return
        self._announce(game)

    def _announce(self, game: Game) -> None:
        from chutes_tui.app.dialogs.winner import WinnerScreen

        self.app.push_screen(WinnerScreen(game), self._after_winner)

    def report_error(self, message: str) -> None:
        self.notify(message, severity="error", markup=False)

    def _after_winner(self, choice: str | None) -> None:
        if choice == "rematch":
            self.action_rematch()
        elif choice == "new":
            self.action_new_game()
        elif choice == "quit":  # as ctrl+q: asks when any screen holds work
            self.call_later(self.app.run_action, "quit")
        elif choice == "review":
            self.open_review(then_winner=True)

    # -- review mode ----------------------------------------------------------------------------

    def action_review(self) -> None:
        self.open_review()

    def open_review(
        self, turn: int | None = None, notice: str | None = None, then_winner: bool = False
    ) -> None:
        """Review this game from ``turn`` (``None``: the last); ``then_winner``: Esc goes back to
        the winner's dialog."""
        from chutes_tui.app.screens.review import PlayOn, ReviewScreen
        from chutes_tui.engine.review import Review

        self.replay = None

        def back(choice: PlayOn | None) -> None:
            if isinstance(choice, PlayOn):
                self._play_on_from(choice.turn)
            elif then_winner and self.game.finished:
                self._announce(self.game)

        self.app.push_screen(ReviewScreen(Review(self.game), turn, notice), back)

    def _play_on_from(self, turn: int) -> None:
        """A new game from this game's position after ``turn`` turns, with fresh dice, said so in
        the log and in a note."""
        from chutes_tui.engine.review import play_on

        game = play_on(self.game, turn)  # the review asked first
        self.overlays.chosen = None  # a new game: what was shown over the old one goes with it
        self.controller.paused = False
        self._paused_before = False
        self.controller.start(game)
        words = f"Played on from turn {turn} with fresh dice (seed {game.seed})"
        self.query_one(TurnLog).write(Text(f"— {words} —", style="bold"))
        self.notify(words, markup=False)

    def _slide(self, tail: int, head: int) -> list[int]:
        return self.board.grid.path(tail, head)

    # -- actions ----------------------------------------------------------------------------------

    def action_roll(self) -> None:
        self.controller.roll()

    @on(Button.Pressed, "#roll")
    def roll_pressed(self) -> None:
        if self.controller.watch:  # watch mode's button: Pause or Resume
            self.controller.toggle_pause()
        else:
            self.controller.roll()

    def action_back(self) -> None:
        """Esc: the overlay off (the flow too), else the inspector closed, else the animation
        skipped."""
        if self.overlays.chosen is not None:
            self.overlays.chosen = None
            self._show_overlay()
        elif self.has_class("inspecting"):
            self.action_inspector()
        else:
            self.controller.skip()

    def action_faster(self) -> None:
        self.controller.faster()

    def action_slower(self) -> None:
        self.controller.slower()

    def action_pause(self) -> None:
        self.controller.toggle_pause()

    def action_step(self) -> None:
        self.controller.step()

    def action_help(self) -> None:
        from chutes_tui.app.dialogs.help import HelpScreen

        self.app.push_screen(HelpScreen.from_bindings(self.BINDINGS, BoardView.BINDINGS))

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """``(title, help, callback)`` for the command palette, from the bindings' own words."""
        return [
            (b.description, b.tooltip, lambda action=b.action: self.call_later(self.run_action, action))
            for b in self.BINDINGS
            if isinstance(b, Binding) and b.show and b.tooltip
        ]
