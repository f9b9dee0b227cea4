"""The chutes-tui Textual application: which screen is shown, and what happens when one ends.

Screens post messages (:mod:`chutes_tui.app.messages`) instead of calling the app; a worker that
fails anywhere ends in one error dialog (:meth:`ChutesApp.on_work_failed`); a crash
writes a log and exits non-zero (:meth:`ChutesApp._handle_exception`).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.driver import Driver
from textual.markup import escape
from textual.screen import Screen
from textual.theme import Theme
from textual.worker import WorkerFailed

from chutes_tui.app.controller import DEFAULT_SPEED
from chutes_tui.app.keymap import KEYMAP, key
from chutes_tui.app.messages import NewGameRequested, StartGame
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screenshot import SCREENSHOT_KEY, take_screenshot
from chutes_tui.app.stylecache import SharedStylesheet
from chutes_tui.app.terminal import sized_by_the_terminal
from chutes_tui.app.themes import register_themes
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.work import losing, unsaved_work
from chutes_tui.app.workers import WorkFailed
from chutes_tui.engine.game import Game, GameError
from chutes_tui.engine.playable import endless_problem
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_path
from chutes_tui.io.crash import write_crash_log
from chutes_tui.io.paths import screenshots_dir
from chutes_tui.io.settings import LastSetup, load_settings, update_settings
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.players import PlayerSpec, default_players
from chutes_tui.model.ruletable import Offered, RuleOverrides
from chutes_tui.model.text import path_text, printable

OTHER_SCREENS_CSS = Path(__file__).with_name("screens.tcss")


class ChutesApp(App[None]):
    """Play (people and computers) or watch (computers only) Chutes and Ladders."""

    TITLE = "chutes-tui"
    CSS_PATH = "chutes.tcss"  # the game's; every other screen's come with the first of them
    BINDINGS = [
        key("quit", priority=True),
        key("screenshot", priority=True),
    ]

    def __init__(
        self,
        *,
        board: Board | None = None,
        board_name: str = "standard",
        players: Sequence[PlayerSpec] | None = None,
        seed: int | None = None,
        game: Game | None = None,
        watch: bool = False,
        speed: int = DEFAULT_SPEED,
        loop: bool = False,
        save_path: str | Path | None = None,
        save_force: bool = True,
        edit: bool = False,
        replay: tuple[str, ...] | None = None,
        play_now: bool = False,
        rules: RuleOverrides | None = None,
    ) -> None:
        """``replay``: ``game`` is a replayed save, opened in review mode with this line (in its
        forms, longest first: :meth:`~chutes_tui.engine.review.ReplayCheck.forms`);
        ``play_now``: a game on ``board`` at once even without ``players`` (the last setup's, or a
        person against a computer); ``save_force``: 's' may replace an existing ``save_path``
        (``--force``; else its first save refuses a file that appeared since the command line was
        checked); ``rules``: the setup screen's rules, over the last setup's (``play --die 2d6``)."""
        super().__init__()
        keep_what_is_loaded()
        self.stylesheet = SharedStylesheet(variables=self.get_css_variables())  # parsed once a process
        self.rules = rules or RuleOverrides()
        self.replay = replay
        self.play_now = play_now
        self.edit_first = edit
        self.initial_board = board
        self.board_name = board_name
        self.initial_players = list(players) if players else None
        self.seed = seed
        self.initial_game = game
        self.watch_mode = watch
        self.speed = speed
        self.loop_games = loop
        self.save_path = None if save_path is None else Path(save_path)  # None: 's' asks
        self.save_force = save_force
        self.settings = load_settings()
        register_themes(self)  # before on_mount applies a remembered one
        self.crash: tuple[BaseException, Path | None] | None = None
        self.hints = False  # a choice's prompt shows each option's value (k toggles it)

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error ends the app (Textual's rule): keep the traceback in a crash log
        and leave one line for the command to print, instead of a screenful of locals."""
        if isinstance(error, WorkerFailed) and error.__cause__ is None:
            error.__cause__ = error.error  # Textual makes it, never raises it: the log needs this one
        if self.crash is None:
            self.crash = (error, write_crash_log(error))
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def get_driver_class(self) -> type[Driver]:
        return sized_by_the_terminal(super().get_driver_class())  # not COLUMNS/LINES: app/terminal.py

    async def on_event(self, event: events.Event) -> None:
        # Keys typed while the app closes (after its last screen is popped: "quit" from the
        # palette, or Esc leaving the editor, then more keys) have nowhere to go: only Textual's
        # default screen is left, which this app never shows (Textual 8.2.8 raised
        # ScreenStackError with none; ctrl+p opened a palette over it, whose "Keys" crashed).
        if isinstance(event, events.Key) and len(self.screen_stack) <= 1:
            return
        await super().on_event(event)

    async def action_quit(self) -> None:
        """ctrl+q, the palette's Quit, the winner's q, Esc out of the first editor: at once,
        unless a screen anywhere on the stack holds work; then the question names it, and its
        default (Enter, Esc) keeps it: y quits."""
        from chutes_tui.app.dialogs.confirm import ConfirmScreen, confirm_then  # as it opens

        lost = unsaved_work(self)
        if not lost:
            self.exit()
        elif not (isinstance(self.screen, ConfirmScreen) and self.screen.yes == "Quit"):  # asked already
            confirm_then(self, losing("Quit?", lost), self.exit, "Quit")

    def action_moved_key(self, note: str) -> None:
        """A key pressed where it used to mean something that moved (keymap.moved)."""
        self.notify(note, markup=False)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """ctrl+g, and the palette's Screenshot (through :meth:`deliver_screenshot`)."""
        take_screenshot(self)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        take_screenshot(self)  # not Textual's: see app/screenshot.py
        return None

    def _load_screen_css(self, screen: Screen[object]) -> None:
        # Textual's hook where a screen's CSS is loaded: the rules of every screen but the
        # game's (screens.tcss, two thirds of the app's) are parsed when the first of them
        # opens, so a game's first frame parses none. The screen itself was styled as it was
        # registered, before: styled again with them (its children come later).
        other = type(screen) is not Screen and not isinstance(screen, GameScreen)
        if other and not self.stylesheet.has_source(str(OTHER_SCREENS_CSS), ""):
            self.stylesheet.read(OTHER_SCREENS_CSS)
            self.stylesheet.update(screen)
        super()._load_screen_css(screen)

    def action_spectrum(self) -> None:
        """z: the spectrum of the board on screen (the game's, the review's, the editor's)."""
        from chutes_tui.app.screens.spectrum import open_spectrum  # as it opens, like every screen

        open_spectrum(self)

    def action_command_palette(self) -> None:
        from chutes_tui.app.palette import open_palette  # as it opens, like every dialog

        open_palette(self)  # Textual 8.2.8's own palette crashes on fast keys (app/palette.py)

    def search_themes(self) -> None:
        from chutes_tui.app.palette import open_theme_palette

        open_theme_palette(self)

    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        if self.edit_first:
            from chutes_tui.app.screens.editor import EditorScreen

            board = self.initial_board or load_board(self.board_name, deciding=True)
            editor = EditorScreen(board, quits=True)
            self.push_screen(editor, lambda board: self._edited(board, editor.edits_unsaved))
        elif self.initial_game is not None:
            self.start_game(self.initial_game, replay=self.replay)
        elif self.initial_players is not None and self.initial_board is not None:
            self.start_game(Game.new(self.initial_board, self.initial_players, self.seed))
        elif self.play_now and self.initial_board is not None and (game := self._first_game()):
            self.start_game(game)
        else:
            self._open_setup(self.board_name, self.initial_players, self.seed, self._last_setup())

    def _open_setup(
        self,
        board_name: str,
        players: Sequence[PlayerSpec] | None = None,
        seed: int | None = None,
        remembered: LastSetup | None = None,
    ) -> None:
        from chutes_tui.app.screens.setup import SetupScreen  # when it opens, as every other screen

        self.push_screen(SetupScreen(board_name, players, seed, remembered))

    def _last_setup(self) -> LastSetup | None:
        """Where the setup screen starts: the last setup, with the command line's rules over its own."""
        last = self.settings.setup
        if not self.rules:
            return last
        rules = last.rules if last is not None else RuleOverrides()
        for row in self.rules:
            rules = rules.with_value(row, self.rules.value(row))
        return LastSetup(last.players if last else (), last.board if last else self.board_name, rules)

    def _first_game(self) -> Game | None:
        """``play BOARD``: a game with the last setup's players, or (the first time, or when
        they cannot play this board) a person against a computer; ``None``: neither can."""
        assert self.initial_board is not None
        setup = self.settings.setup
        for players in ([*setup.players] if setup else [], default_players(2, humans=1)):
            if players and endless_problem(self.initial_board, len(players)) is None:
                try:
                    return Game.new(self.initial_board, players, self.seed)
                except GameError:
                    continue
        return None

    def _remember_theme(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.settings = update_settings(theme=theme.name)

    def first_run_hint(self) -> str | None:
        """The hint line for someone's very first game (``None`` afterwards)."""
        if self.settings.hinted:
            return None
        self.settings = update_settings(hinted=True)
        return "Space rolls · i explains the square under the cursor · ? lists every key"

    def _edited(self, board: Board | None, unsaved: bool) -> None:
        """Leaving the first editor with ctrl+b: play the board (a person and a computer); the
        game keeps its unsaved edits (quitting asks, a save keeps them). Esc quits instead."""
        if board is None:
            self.exit()
        else:
            self.start_game(Game.new(board, default_players(2, humans=1)), board_unsaved=unsaved)

    @property
    def game_screen(self) -> GameScreen | None:
        """The game on top (or under its review: ctrl+q asks there too)."""
        # A review is on the stack only once its module is loaded: the first game's start asks
        # this without loading it (and the review's engine, with the analysis).
        review = sys.modules.get("chutes_tui.app.screens.review")
        stack = self.screen_stack
        if review is not None and len(stack) > 1 and isinstance(stack[-1], review.ReviewScreen):
            stack = stack[:-1]
        screen = stack[-1] if stack else None
        return screen if isinstance(screen, GameScreen) else None

    def start_game(
        self,
        game: Game,
        save_path: Path | None = None,
        replay: tuple[str, ...] | None = None,
        board_unsaved: bool = False,
    ) -> None:
        """Show a game instead of every screen there was (the setup screen and the game it was
        opened over, which asked before it was left); ``save_path``: where 's' saves it (else
        ``--save``, else 's' asks for a name); ``replay``: see ``__init__``; ``board_unsaved``:
        the board has edits saved nowhere."""
        current = self.game_screen
        speed = current.controller.speed_index if current is not None else self.speed
        screen = GameScreen(
            game,
            watch=self.watch_mode,
            speed=speed,
            loop=self.loop_games,
            # Served, no server file: 's' sends the visitor a download (dialogs/save_as.py).
            save_path=None if self.is_web else save_path or self.save_path,
            save_replaces=save_path is not None or self.save_force,
            hint=self.first_run_hint(),
            replay=replay,
            board_unsaved=board_unsaved,
        )
        for _ in self.screen_stack[2:]:  # kept, a left game would still count as unsaved work
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_start_game(self, message: StartGame) -> None:
        self.start_game(message.game, message.save_path)

    def on_new_game_requested(self, message: NewGameRequested) -> None:
        """Back to the setup screen (watch mode: a fresh game on the same board)."""
        current = self.game_screen
        if self.watch_mode and current is not None:
            current.controller.rematch()
            return
        board = message.board
        # A bundled board comes back by its name, not its file inside the package.
        bundled = bundled_board_path(board.name)
        where = board.source or board.name
        if bundled is not None and Path(where) == bundled:
            where = board.name
        setup = LastSetup(tuple(message.players), where, _overridden(board, where))
        # Over the game, so that Esc goes back to it as it was.
        self._open_setup(where, remembered=setup)

    def on_work_failed(self, event: WorkFailed) -> None:
        """Any worker that fails (every one starts through app/workers.py): one dialog saying
        what failed, and the app goes on."""
        from chutes_tui.app.dialogs.error import ErrorScreen  # as it opens

        what = printable(f"{type(event.error).__name__}: {event.error}")
        self.push_screen(ErrorScreen(f"The {event.name} failed", what))

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        """A save sent to a browser (``chutes-tui serve``) that did not arrive."""
        if event.name in ("save", "screenshot"):
            self.notify(
                f"Could not send the {event.name} to the browser: {event.exception}",
                severity="error",
                markup=False,
            )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title == "Screenshot":  # ours, where it goes said (app/screenshot.py)
                # The palette reads help as markup: the folder's name is escaped to show as it is.
                folder = escape(path_text(screenshots_dir()))
                help_text = f"Save an SVG picture of the screen in {folder} ({SCREENSHOT_KEY})"
                command = SystemCommand(command.title, help_text, command.callback)
            yield command
        if isinstance(screen, GameScreen):
            for title, help_text, callback in screen.palette_commands():
                yield SystemCommand(title, help_text, callback)
        elif screen.query(BoardView):  # the editor and review: the board's spectrum (z) too
            spectrum = KEYMAP["spectrum"]
            yield SystemCommand(spectrum.meaning, spectrum.tooltip, self.action_spectrum)


@cache
def keep_what_is_loaded() -> None:
    """Once a process: the objects alive when the first app starts (the interpreter's, Textual's
    and our modules, about 40,000) stay for the life of the process, so the garbage collector is
    told to leave them (``gc.freeze``) instead of walking them in each full collection: the first
    one otherwise falls in the first frame (16-19 ms of a game's). Later apps (tests start
    hundreds) leave the collector alone: freezing again would keep the last app's garbage for
    good. (Once by ``cache``: ``gc.get_freeze_count()`` walks every frozen object, 3 ms.)"""
    gc.freeze()


def _overridden(board: Board, where: str) -> RuleOverrides:
    """The rules a game on ``board`` (read from ``where``) was played by that are not the board
    file's own: the setup then shows the others as "of the board", and a board picked next
    keeps its own (a file no longer read as it was: every rule as the game had it)."""
    played = RuleOverrides.of(board, Offered.SETUP)
    try:
        return played.differing(load_board(where, deciding=True))
    except BoardError:
        return played
