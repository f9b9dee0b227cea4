"""The chutes-tui Textual application."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import DEFAULT_SPEED, GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.board import Board, load_board
from chutes_tui.game import Game
from chutes_tui.io.crash import write_crash_log
from chutes_tui.model.players import PlayerSpec, default_players


class ChutesApp(App):
    """Play (people and computers) or watch (computers only) Chutes and Ladders."""

    TITLE = "chutes-tui"
    CSS_PATH = "chutes.tcss"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

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
        save_path: str | Path = "chutes-tui-save.json",
        edit: bool = False,
    ) -> None:
        super().__init__()
        self.edit_first = edit
        self.initial_board = board
        self.board_name = board_name
        self.initial_players = list(players) if players else None
        self.seed = seed
        self.initial_game = game
        self.watch_mode = watch
        self.speed = speed
        self.loop_games = loop
        self.save_path = Path(save_path)
        self.crash: tuple[BaseException, Path | None] | None = None

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error ends the app (Textual's rule): keep the traceback in a crash log
        and leave one line for the command to print, instead of a screenful of locals."""
        if self.crash is None:
            self.crash = (error, write_crash_log(error))
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def on_mount(self) -> None:
        if self.edit_first:
            board = self.initial_board or load_board(self.board_name)
            self.push_screen(EditorScreen(board), self._edited)
        elif self.initial_game is not None:
            self.start_game(self.initial_game)
        elif self.initial_players is not None and self.initial_board is not None:
            self.start_game(Game.new(self.initial_board, self.initial_players, self.seed))
        else:
            self.push_screen(SetupScreen(self.board_name, self.initial_players, self.seed))

    def _edited(self, board: Board | None) -> None:
        """Leaving the editor: 'p' plays the board (a person and a computer), Esc quits."""
        if board is None:
            self.exit()
        else:
            self.start_game(Game.new(board, default_players(2, humans=1)))

    @property
    def game_screen(self) -> GameScreen | None:
        screen = self.screen
        return screen if isinstance(screen, GameScreen) else None

    def start_game(self, game: Game) -> None:
        """Show a game, replacing whatever screen is on top."""
        current = self.game_screen
        speed = current.speed_index if current is not None else self.speed
        screen = GameScreen(
            game,
            watch=self.watch_mode,
            speed=speed,
            loop=self.loop_games,
            save_path=self.save_path,
            new_game=self.new_game,
        )
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def new_game(self) -> None:
        """Back to the setup screen (watch mode: a fresh game on the same board)."""
        current = self.game_screen
        if self.watch_mode and current is not None:
            current.start(current.game.rematch())
            return
        board = current.game.board if current is not None else self.initial_board
        players = [p.spec for p in current.game.players] if current is not None else self.initial_players
        self.switch_screen(SetupScreen(board.source or board.name if board else self.board_name, players))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Roll", "Roll the die for the player to move", screen.action_roll)
            yield SystemCommand("Pause / resume", "Stop or restart computer turns", screen.action_pause)
            yield SystemCommand("Step", "Play one computer turn while paused", screen.action_step)
            yield SystemCommand("Faster", "Speed up computer turns", screen.action_faster)
            yield SystemCommand("Slower", "Slow down computer turns", screen.action_slower)
            yield SystemCommand("Rematch", "Same players and board, a fresh game", screen.action_rematch)
            yield SystemCommand("New game", "Choose players, board and rules", screen.action_new_game)
            yield SystemCommand("Save game", f"Write the game to {self.save_path}", screen.action_save)
            yield SystemCommand(
                "Exact odds", "The position's exact chance to win, as a fraction", screen.action_exact
            )
            yield SystemCommand(
                "Inspector", "Show what standing on the cursor's square means", screen.action_inspector
            )
            yield SystemCommand(
                "Board overlay", "Colour the board by the next statistic", screen.action_overlay
            )
            yield SystemCommand(
                "Load board…", "Bundled boards, files here, recent files, or a path", screen.action_load_board
            )
            yield SystemCommand(
                "Edit board", "Add, move and delete ladders and chutes", screen.action_edit_board
            )
            yield SystemCommand("Help: keys", "List every key", screen.action_help)
