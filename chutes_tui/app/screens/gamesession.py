"""The game screen's ways out of a game: save it, rematch, a new game, another board, the
editor -- each asking first when it would lose a game in progress or a board edited in the
editor and saved nowhere (what :meth:`GameSession.unsaved_work` tells the app's quit, too).

A collaborator of :class:`~chutes_tui.app.screens.game.GameScreen`: the screen's keys call it;
it opens the dialogs over the screen it is given and starts games through the screen's
``play`` (which also resumes play).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from textual.screen import Screen

from chutes_tui.app.controller import TurnController
from chutes_tui.app.messages import NewGameRequested
from chutes_tui.app.work import losing
from chutes_tui.engine.game import Game, GameError
from chutes_tui.io.atomic import EXISTS, WriteRefusedError
from chutes_tui.io.settings import default_save_name, saves_dir
from chutes_tui.model.board import Board
from chutes_tui.model.text import count, path_text, shown

# The editor's figures come from the analysis, which does not play issue 26's rules yet.

# The board picker, the save dialog and the editor are imported when they open: the first frame
# needs none of them.


class GameSession:
    """The game's file and what leaving it would lose. ``screen``: where dialogs and notes go;
    ``play(game)``: show ``game`` and play it, whatever the old one did (paused or not)."""

    def __init__(
        self,
        screen: Screen[Any],
        controller: TurnController,
        play: Callable[[Game], None],
        *,
        save_path: Path | None,
        save_replaces: bool,
        board_unsaved: bool,
    ) -> None:
        self.screen = screen
        self.controller = controller
        self.play = play
        self.save_path = save_path  # None: 's' asks first
        self.save_replaces = save_replaces  # False until the first save: --save without --force
        # The game last saved, and how far it had gone. A game that arrives with turns was read
        # from a save (--resume, the setup's continue, replay): those turns are in the file.
        game = controller.game
        self._saved_game: Game | None = game if game.history else None
        self._saved_turns = len(game.history)
        # The board came from the editor with edits saved nowhere (a save keeps it).
        self.board_unsaved = board_unsaved

    @property
    def game(self) -> Game:
        return self.controller.game

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

    def unsaved_work(self, *, keeping_board: bool = False) -> list[str]:
        """What leaving this game would lose (``keeping_board``: when the next game is on the
        same board)."""
        lost = []
        if self.at_stake:
            game = self.game
            if self._saved_game is game:
                lost.append(
                    f"the game ({count(len(game.history) - self._saved_turns, 'turn')} since its last save)"
                )
            else:
                lost.append(f"the game ({count(len(game.history), 'turn')}, not saved)")
        if self.board_unsaved and not keeping_board:
            lost.append("the board edited in the editor that this game is played on")
        return lost

    def _asking(self, question: str, *, keeping_board: bool = False) -> str | None:
        """``question`` with what Yes would lose, or ``None`` when it loses nothing."""
        lost = self.unsaved_work(keeping_board=keeping_board)
        return losing(question, lost) if lost else None

    def confirm_then(
        self, question: str, action: Callable[[], object], yes: str = "Yes", *, keeping_board: bool = False
    ) -> None:
        """``action`` at once when it loses nothing; otherwise after y (Enter and Esc cancel)."""
        asked = self._asking(question, keeping_board=keeping_board)
        if asked is not None:
            from chutes_tui.app.dialogs.confirm import confirm_then  # as it opens

            confirm_then(self.screen.app, asked, action, yes)
        else:
            action()

    def rematch(self) -> None:
        self.confirm_then(
            "Start again with the same players?",
            self.controller.rematch,
            "Rematch",
            keeping_board=True,
        )

    def new_game(self) -> None:
        def new_game() -> None:
            self.screen.post_message(NewGameRequested(self.game.board, [p.spec for p in self.game.players]))

        self.confirm_then("Leave this game for a new one?", new_game, "New game")

    def save(self) -> None:
        """Save to the game's file; the first time (without ``--save``) ask for a name, by
        default the players and the date in the saves folder."""
        if self.save_path is not None:
            self._save_to(self.save_path, replace=self.save_replaces)
            return
        from chutes_tui.app.dialogs.save_as import ask_where_to_save

        names = [p.spec.name for p in self.game.players]
        suggestion = saves_dir(make=True) / f"{default_save_name(names)}.json"
        ask_where_to_save(self.screen.app, suggestion, "Save the game as", self._save_to)

    def _save_to(self, path: Path, replace: bool = True) -> None:
        """Save to ``path``; ``replace``: over an existing file too (the dialog asked, or it is
        this game's own file)."""
        from chutes_tui.app.dialogs.save_as import write_or_deliver

        where = path_text(path)
        try:
            write_or_deliver(self.screen.app, path, self.game.save_text(), replace=replace)
        except OSError as error:
            if isinstance(error, WriteRefusedError) and error.reason == EXISTS:
                self.save_path = None  # someone else's file now: the next 's' asks where
                why = f"Not saved: {where} appeared since the game began; press s to choose a name"
            else:
                why = f"Could not save to {where}: {error.strerror or error}"
            self.screen.notify(why, severity="error", markup=False)
            return
        self.save_path, self.save_replaces = path, True  # the file is this game's now
        self._saved_game, self._saved_turns = self.game, len(self.game.history)
        self.board_unsaved = False  # the save holds the board: resuming it brings it back
        command = f"chutes-tui play --resume {shlex.quote(path_text(path))}"
        self.screen.notify(f"Saved to {where} — resume with: {command}", markup=False)

    # -- other boards -------------------------------------------------------------------------------

    def load_board(self) -> None:
        """Pick another board; the same players start a new game on it (a bad file changes nothing)."""
        from chutes_tui.app.dialogs.picker import BoardPicker

        self.screen.app.push_screen(BoardPicker(), self._board_chosen)

    def _board_chosen(self, board: Board | Literal["editor"] | None) -> None:
        from chutes_tui.app.dialogs.picker import EDITOR

        if board == EDITOR:
            self.edit_board()
        elif isinstance(board, Board):
            self.confirm_then(self._play_question(board), lambda: self._play_on(board), "Play it")

    @staticmethod
    def _play_question(board: Board) -> str:
        return f"Play {shown(board.name, 40)} instead?"

    def _play_on(self, board: Board | None, unsaved: bool = False) -> None:
        """A new game on ``board`` with the same players: it plays, whatever the old one did;
        ``unsaved``: the board has edits saved nowhere (from the editor)."""
        if board is None:
            return
        self.board_unsaved = unsaved
        try:
            game = Game.new(board, [p.spec for p in self.game.players])
        except GameError as error:  # e.g. a game that could never end on that board
            from chutes_tui.app.dialogs.error import ErrorScreen  # as it opens

            self.screen.app.push_screen(ErrorScreen("Cannot play that board", str(error)))
            return
        self.play(game)

    def edit_board(self) -> None:
        """Open the editor on this board; ctrl+b there starts the same players on the result (the
        editor asks first when this game is at stake, so that Esc keeps the edits; the board's
        own unsaved edits go on with the edited board)."""
        from chutes_tui.app.screens.editor import EditorScreen

        specs = [p.spec for p in self.game.players]

        def ask(board: Board) -> str:
            return self._asking(self._play_question(board), keeping_board=True) or ""

        editor = EditorScreen(
            self.game.board,
            specs,
            ask_before_play=ask if self.at_stake else None,
            unsaved=self.board_unsaved,
        )
        self.screen.app.push_screen(editor, lambda board: self._play_on(board, editor.edits_unsaved))
