"""What screens tell the app (instead of calling it): the app decides which screen comes next."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message

from chutes_tui.engine.game import Game
from chutes_tui.model.board import Board
from chutes_tui.model.players import PlayerSpec


class StartGame(Message):
    """Show ``game`` (from the setup screen, the editor, a rematch with new players…)."""

    def __init__(self, game: Game, save_path: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.save_path = save_path  # a continued save: 's' writes back to it


class NewGameRequested(Message):
    """Back to the setup screen with these players and this board (watch mode: a fresh game)."""

    def __init__(self, board: Board, players: list[PlayerSpec]) -> None:
        super().__init__()
        self.board = board
        self.players = players
