"""The setup screen's line about the chosen board: its size, its jumps and how long a game lasts
(on a board with decisions, for one player choosing best: :mod:`chutes_tui.engine.boardfigures`)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from chutes_tui.analysis.limits import PREVIEW_MAX_SQUARES
from chutes_tui.app.workers import start_worker
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.ruletable import said
from chutes_tui.model.text import count, shown


class BoardPreview(Static):
    """Describes a board at once, and its expected length once a thread has worked it out (it
    needs the board's chain, and scipy the first time); a board too large for that says where
    to ask instead."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.previewed: Board | None = None  # the board the line describes

    def show_problem(self, problem: Exception | str) -> None:
        """Why the choices make no board (or no game: the game cannot play its decisions)."""
        self.previewed = None
        self.add_class("problem")  # in the error's colour: Start refuses it
        self.update(Text(str(problem), style="italic"))

    def show_board(self, board: Board) -> None:
        if board == self.previewed:
            return  # the same board and rules (the fields announce their first values on mount)
        self.previewed = board
        self.remove_class("problem")
        described = (
            f"{shown(board.name, 30)}: {board.end:,} squares, {count(len(board.ladders), 'ladder')}, "
            f"{count(len(board.chutes), 'chute')}, " + ", ".join(said(board))
        )
        if board.end > PREVIEW_MAX_SQUARES:
            length = "its expected length: chutes-tui analyze (too large to work out here)"
            self.update(Text(f"{described} — {length}", style="italic"))
            return
        self.update(Text(described, style="italic"))

        def work() -> None:
            from chutes_tui.engine.boardfigures import expected_length, length_problem
            from chutes_tui.engine.choice import choices_problem

            refused = choices_problem(board) if decides(board) else None
            if refused is not None:  # Play would refuse it: the line says why at once
                self.app.call_from_thread(self._show_length, board, f"{described} — {refused}", True)
                return
            unsolved = length_problem(board)
            if unsolved is not None:
                length = f"its expected length is not worked out here: {unsolved}"
            else:
                who = "one player choosing best" if decides(board) else "one player"
                length = f"{who} needs {expected_length(board):.1f} turns on average"
            self.app.call_from_thread(self._show_length, board, f"{described} — {length}")

        start_worker(self, work, name="board preview", group="setup-preview", exclusive=True)

    def _show_length(self, board: Board, line: str, refused: bool = False) -> None:
        if board is self.previewed:  # else the choice changed while the length was worked out
            if refused:
                self.show_problem(line)
            else:
                self.update(Text(line, style="italic"))
