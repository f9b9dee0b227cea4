"""Design a board: add, move and delete ladders and chutes while the statistics follow."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.analysis.reports import EditStats, edit_length
from chutes_tui.app.dialogs.confirm import confirm_then
from chutes_tui.app.dialogs.error import ErrorScreen
from chutes_tui.app.dialogs.help import HelpScreen
from chutes_tui.app.dialogs.rules import RulesScreen
from chutes_tui.app.dialogs.save_as import ask_where_to_save, write_or_deliver
from chutes_tui.app.dialogs.target import TargetScreen
from chutes_tui.app.editfigures import edge_words, length_words, stats_within, work_out
from chutes_tui.app.keymap import keys, moved
from chutes_tui.app.overlays import statistic_overlay
from chutes_tui.app.palette import DismissOnlyWhenOnTop
from chutes_tui.app.screenbase import StyledOnce
from chutes_tui.app.widgets.board import BoardView, give_board_room
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.workers import start_worker
from chutes_tui.engine.playable import endless_problem
from chutes_tui.io.boardfile import format_toml
from chutes_tui.model.board import Board, BoardError, jump_kind
from chutes_tui.model.decisions import decides
from chutes_tui.model.edits import EditHistory, add_jump, move_jump_end, remove_jump
from chutes_tui.model.generate import jump_counts, random_board
from chutes_tui.model.players import PlayerSpec
from chutes_tui.model.ruletable import RuleOverrides, said
from chutes_tui.model.text import count, file_stem, path_text, printable, shown
from chutes_tui.render.boardpaint import MARKS_LEGEND
from chutes_tui.research.suggest import Suggestion, suggest_edit, suggest_problem

EDITOR_HELP = (
    "Move the cursor (arrows or mouse).\n"
    "t marks a tail, h puts its head under the cursor: a ladder if it goes up, a chute "
    "if down.\nDel (or Backspace) deletes the jump under the cursor; m picks up a jump's end "
    "and m again puts it down.\nu or ctrl+z undoes, U or ctrl+y redoes. g suggests the one "
    "jump edit that brings the length closest to a goal. R starts from a random board; "
    "l changes the rules; s (or ctrl+s) saves; ctrl+b plays it; ? lists every key; Esc leaves."
)


class EditorScreen(StyledOnce, DismissOnlyWhenOnTop, Screen[Board | None]):
    """Dismissed with the board to play on (ctrl+b), or ``None`` (Esc)."""

    # Most used first: the footer shows those that fit (the help text beside lists them all).
    BINDINGS: ClassVar[list[BindingType]] = [
        *keys("mark_tail", "place_head", "delete", "play", "help", "undo", "save", "move"),
        *keys("redo", "suggest", "randomize", "rules", "spectrum", "back"),
        moved("pause", "Nothing to pause here: ctrl+b plays the board."),
        moved("diagonal", "Del (or Backspace) deletes the jump under the cursor."),
        moved("rematch", "l changes the rules."),
    ]

    def __init__(
        self,
        board: Board,
        players: list[PlayerSpec] | None = None,
        ask_before_play: Callable[[Board], str] | None = None,
        *,
        unsaved: bool = False,
        quits: bool = False,
    ) -> None:
        """``ask_before_play``: the question to ask before ctrl+b leaves with the board (a game in
        progress would be lost); Esc at it stays here with every edit. ``unsaved``: ``board``
        itself has edits saved nowhere (a game's board made in the editor). ``quits``: Esc
        quits the app (the editor came first: ``chutes-tui edit``)."""
        super().__init__()
        self.ask_before_play = ask_before_play
        self.started_unsaved = unsaved
        self.quits = quits
        self.board = board
        self.original = board  # what the deltas are measured against
        self.history = EditHistory(board)
        self.players = players or []
        self.tail: int | None = None  # a tail marked with 't', waiting for its head
        self.moving: int | None = None  # a jump end picked up with 'm'
        self.saved_to: Path | None = None

    @property
    def edits_unsaved(self) -> bool:
        """Would leaving lose edits (made here, or before it opened and saved nowhere)?"""
        return self.history.unsaved or (self.started_unsaved and self.saved_to is None)

    def unsaved_work(self) -> list[str]:
        return ["the board edits in the editor"] if self.edits_unsaved else []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            yield BoardView(self.board, self.players, id="editor-board")
            with VerticalScroll(id="side"):
                yield Static(id="editor-stats")
                yield Static(id="editor-status")
                yield Static(EDITOR_HELP, id="editor-help")
        yield FittingFooter()

    def action_help(self) -> None:
        notes = [
            ("Editing", EDITOR_HELP),
            ("The board", MARKS_LEGEND),
            (
                "The numbers",
                "Expected turns, their spread and the first of two "
                "players' chance are the board's as edited, beside the board you started from.",
            ),
        ]
        self.app.push_screen(HelpScreen.from_bindings(self.BINDINGS, notes=notes))

    @property
    def view(self) -> BoardView:
        return self.query_one("#editor-board", BoardView)

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:  # header and footer above and below the board
        give_board_room(self.view, self.query_one("#side"), self.size.width, self.size.height - 2)

    def on_mount(self) -> None:
        self.view.set_cursor(self.board.end // 2)
        self.view.focus()
        self._show()

    def _cursor(self) -> int | None:
        return self.view.cursor

    def _status(self, text: str | Text) -> None:
        self.query_one("#editor-status", Static).update(Text(text) if isinstance(text, str) else text)

    def _apply(self, board: Board, message: str, *, record: bool = True) -> None:
        if record:
            self.history.push(board)
        self.board = board
        self.view.reset(board, self.players, [board.start] * len(self.players))
        self._fit()  # a board of another width (the rules dialog)
        self._status(message)
        self._show()

    def _refuse(self, error: BoardError) -> None:
        self._status(Text.assemble(("Refused: ", "red"), error.reason))

    def _show(self, stats: EditStats | None = None) -> None:
        """The editor's figures; the first player's edge, when it would take long, comes from a
        worker (:mod:`chutes_tui.app.editfigures`) and is shown again then."""
        board = self.board
        stats = stats or stats_within(board, self.original)
        if stats is None:
            work_out(self, board, self.original, self._worked_out)
            length_line = Text("working it out…", style="italic")
            edge_line = Text("The first of two players wins: working it out…", style="italic")
            if not decides(board) and not decides(self.original):  # the chain's mean: one solve
                length_line = length_words(*edit_length(board, self.original))
        else:
            length_line = length_words(stats.expected_turns, stats.change, stats.choosing)
            edge_line = edge_words(stats)
        lines = [
            Text.assemble(
                (shown(board.name, 40), "bold"),
                " · ".join(["", f"{board.end} squares", *said(board, brief=True)]),
            ),
            Text(f"{count(len(board.ladders), 'ladder')}, {count(len(board.chutes), 'chute')}"),
            Text.assemble("Expected length: ", length_line),
            edge_line,
        ]
        if self.edits_unsaved:
            lines.append(Text("Unsaved edits", style="italic"))
        if self.tail is not None:
            lines.append(Text(f"Tail marked on {self.tail}: put the cursor on the head and press h"))
        if self.moving is not None:
            lines.append(Text(f"Moving the jump end on {self.moving}: press m where it should go"))
        if stats is not None and stats.unsolved:
            lines.append(Text(f"Not worked out: {stats.unsolved}", style="italic"))
        self.query_one("#editor-stats", Static).update(Text("\n").join(lines))
        # A chain's turns left assume nobody chooses: no overlay on a board with decisions.
        turns_left = None if decides(board) else statistic_overlay(board, OverlayKind.TURNS_LEFT)
        self.view.set_overlay(turns_left)

    def _worked_out(self, board: Board, stats: EditStats) -> None:
        if board is self.board:  # not edited meanwhile
            self._show(stats)

    # -- actions ----------------------------------------------------------------------------

    def action_mark_tail(self) -> None:
        square = self._cursor()
        if square is None:
            return
        self.tail = square
        self._status(f"Tail on {square}; now the head.")
        self._show()

    def action_place_head(self) -> None:
        square = self._cursor()
        if square is None or self.tail is None:
            self._status("Mark a tail with t first.")
            return
        tail, self.tail = self.tail, None
        try:
            board = add_jump(self.board, tail, square)
        except BoardError as error:
            self._refuse(error)
            self._show()
            return
        kind = jump_kind(tail, square).value
        self._apply(board, f"Added the {kind} {tail}→{square}.")

    def action_delete(self) -> None:
        square = self._cursor()
        if square is None:
            return
        jump = self.board.jump_at(square)
        try:
            board = remove_jump(self.board, square)
        except BoardError as error:
            self._refuse(error)
            return
        self._apply(board, f"Deleted {jump[0]}→{jump[1]}." if jump else "Deleted.")

    def action_move(self) -> None:
        square = self._cursor()
        if square is None:
            return
        if self.moving is None:
            if self.board.jump_at(square) is None:
                self._status(f"No ladder or chute starts or ends on {square}.")
                return
            self.moving = square
            self._status(f"Picked up the jump end on {square}.")
            self._show()
            return
        picked, self.moving = self.moving, None
        try:
            board = move_jump_end(self.board, picked, square)
        except BoardError as error:
            self._refuse(error)
            self._show()
            return
        self._apply(board, f"Moved the jump end from {picked} to {square}.")

    def action_undo(self) -> None:
        board = self.history.undo()
        if board is None:
            self._status("Nothing to undo.")
            return
        self._apply(board, f"Undone ({self.history.can_undo} more to undo).", record=False)

    def action_redo(self) -> None:
        board = self.history.redo()
        if board is None:
            self._status("Nothing to redo.")
            return
        self._apply(board, f"Redone ({self.history.can_redo} more to redo).", record=False)

    def action_suggest(self) -> None:
        """Ask a target length; work out the one jump edit that comes closest (in a thread);
        offer it with its figures, applied on Enter as an undoable edit."""
        problem = suggest_problem(self.board)
        if problem is not None:
            self._status(f"No suggestion: {problem}.")
            return

        def chosen(target: float | None) -> None:
            if target is not None:
                self._status(f"Looking for the edit that comes closest to {target:g} turns…")
                self._suggest(self.board, target)

        self.app.push_screen(TargetScreen(edit_length(self.board, self.original)[0]), chosen)

    def _suggest(self, board: Board, target: float) -> None:
        def work() -> None:
            suggestion = suggest_edit(board, target)
            self.app.call_from_thread(self._offer, board, suggestion)

        start_worker(self, work, name="suggestion", group="suggest", exclusive=True)

    def _offer(self, board: Board, suggestion: Suggestion) -> None:
        if board is not self.board:  # edited meanwhile: the suggestion is about another board
            return
        before, after = suggestion.before, suggestion.after
        question = (
            f"For {suggestion.target:g} turns: {suggestion.description}.\n"
            f"Expected length {before.expected_turns:.2f} → {after.expected_turns:.2f} turns "
            f"(sd {before.sd:.2f} → {after.sd:.2f}); the first of two players wins "
            f"{before.first_player:.2%} → {after.first_player:.2%}."
            + ("" if suggestion.improves else "\nNo edit comes closer than the board as it is.")
        )
        self._status(f"Suggested: {suggestion.description}.")

        def apply() -> None:
            if board is self.board:
                self._apply(suggestion.board, f"Applied: {suggestion.description} (u undoes it).")

        confirm_then(self.app, question, apply, "Apply", losing=False)  # u undoes it

    def _ask_if_unsaved(self, question: str, then: Callable[[], object], yes: str) -> None:
        """``then`` at once when every edit is saved; otherwise after y (Enter and Esc cancel)."""
        if self.history.unsaved:
            confirm_then(self.app, question, then, yes)
        else:
            then()

    def action_rules(self) -> None:
        """The rules dialog's rules (an undoable edit like any other)."""

        def chosen(changes: RuleOverrides | None) -> None:
            if not changes:
                return
            try:
                board = self.board.with_rules(changes)
            except BoardError as error:
                self._refuse(error)
                return
            self._apply(board, f"Rules: {changes.words()}")

        self.app.push_screen(RulesScreen(self.board), chosen)

    def action_randomize(self) -> None:
        self._ask_if_unsaved(
            "Replace this board by a random one? Your edits are not saved (u undoes it).",
            self._randomize,
            "Random board",
        )

    def _randomize(self) -> None:
        try:
            ladders, chutes = jump_counts(self.board.end)  # R on tiny-10 was refused: 19 jumps
            drawn = random_board(
                None,
                squares=self.board.end,
                ladders=ladders,
                chutes=chutes,
                die=self.board.die,
                end_rule=self.board.end_rule,
            )
            # New jumps; the rules stay this board's (start square, extra roll included).
            board = self.board.replace(jumps=drawn.jumps, name=drawn.name, description="")
        except BoardError as error:
            self._refuse(error)
            return
        self._apply(board, "New random ladders and chutes, the same rules (u undoes it).")

    def action_save(self) -> None:
        suggestion = self.saved_to or Path.cwd() / f"{file_stem(self.board.name)}.toml"
        ask_where_to_save(self.app, suggestion, "Save the board as TOML", self._write, current=self.saved_to)

    def _write(self, target: Path) -> None:
        board = self.board.replace(name=printable(target.stem))
        if board.replace(name=self.original.name, description=self.original.description) != self.original:
            # The opened board's words would describe another board.
            board = board.replace(description=f"Made in the chutes-tui editor from {self.original.name}.")
        try:
            write_or_deliver(self.app, target, format_toml(board))
        except OSError as error:
            self.app.push_screen(
                ErrorScreen("Could not save", f"{path_text(target)}: {error.strerror or error}")
            )
            return
        self.board = board
        self.history.mark_saved(board)
        self.saved_to = target
        self._status(f"Saved to {path_text(target)}.")
        self._show()

    def action_play(self) -> None:
        board = self.board
        endless = endless_problem(board, 2)
        if endless is not None:  # the bump rule with a die that leaves no choice
            self._status(Text.assemble(("Refused: ", "red"), endless))
            return
        if self.ask_before_play is None:
            self.dismiss(board)
        else:
            confirm_then(self.app, self.ask_before_play(board), lambda: self.dismiss(board), "Play it")

    async def action_back(self) -> None:
        """Esc: a tail marked or a jump end picked up is let go (Esc left the editor, or quit,
        with it in hand); then back to the game; the first screen quits (asking as ctrl+q)."""
        if self.tail is not None or self.moving is not None:
            self.tail = self.moving = None
            self._status("Let go: nothing changed.")
            self._show()
        elif self.quits:
            await self.app.run_action("quit")
        else:  # the game below keeps the board it had: only the edits made here would go
            self._ask_if_unsaved(
                "Leave the editor? Your edits are not saved.", lambda: self.dismiss(None), "Leave"
            )
