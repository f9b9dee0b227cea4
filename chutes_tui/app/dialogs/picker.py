"""Choose a board: bundled ones, files in the current directory, recent files, or a path; in a
browser (``chutes-tui serve``) bundled ones, a random board or the editor, never a server file."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from chutes_tui.app.dialogs.error import ErrorScreen
from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.app.screenbase import start_at_breakpoints
from chutes_tui.io.boardfile import load_board, read_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.io.recent import recent_boards, remember_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.generate import random_board
from chutes_tui.model.text import path_text, shown

LISTED = 50  # files listed at most
LISTED_MAX_BYTES = 1 << 20  # larger files are not tried while listing (typing a path still works)
EDITOR: Literal["editor"] = "editor"  # the picker's answer when the editor is chosen


def local_board_files(directory: Path) -> list[Path]:
    """The board files here: ``*.toml``, ``*.board`` and ``*.txt`` files that load as boards
    (a README.txt or a pyproject.toml is not offered)."""
    found: list[Path] = []
    for pattern in ("*.toml", "*.board", "*.txt"):
        for path in sorted(directory.glob(pattern)):
            if len(found) >= LISTED:
                return found
            try:
                if path.stat().st_size <= LISTED_MAX_BYTES:
                    read_board(path, deciding=True)
                    found.append(path)
            except (OSError, BoardError):
                continue
    return found


class BoardPicker(Dialog[Board | Literal["editor"] | None]):
    """Dismissed with the chosen, valid board, :data:`EDITOR` (in a browser: draw one) or
    ``None`` when cancelled. In a browser the server's files are not offered, nor may a path be
    typed: a visitor may not open files on the server."""

    BINDINGS = [key("back", "cancel")]
    # Under 24 lines the list is shorter (screens.tcss): at 60x20 the buttons, docked at the
    # dialog's foot, lay over the path field.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall")]

    def __init__(self) -> None:
        super().__init__()
        start_at_breakpoints(self, self.app.size)

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        for name in bundled_board_names():
            options.append(Option(f"{name}  (bundled)", id=f"bundled:{name}"))
        if self.app.is_web:
            options.append(Option("a random board  (new ladders and chutes each time)", id="random:"))
            options.append(Option("draw your own  (the editor)", id="editor:"))
            with Vertical(id="picker-dialog", classes="dialog"):
                yield Static(Text.assemble(("Load a board", "bold"), " — Enter picks"), classes="title")
                yield OptionList(*options, id="board-options", markup=False)
                with Horizontal(classes="buttons"):
                    yield Button("Cancel (Esc)", id="cancel")
            return
        seen: set[str] = set()
        for path in local_board_files(Path.cwd()):
            seen.add(str(path.resolve()))
            options.append(Option(f"{shown(path.name, 60)}  (this directory)", id=f"file:{path.resolve()}"))
        for recent in recent_boards():
            if recent not in seen:  # a recent file in this directory is listed once
                seen.add(recent)
                options.append(Option(f"{path_text(recent)}  (recent)", id=f"file:{recent}"))
        with Vertical(id="picker-dialog", classes="dialog"):
            yield Static(
                Text.assemble(("Load a board", "bold"), " — Enter picks; or type a path below"),
                classes="title",
            )
            # Option prompts are file names: never markup.
            yield OptionList(*options, id="board-options", markup=False)
            yield Input(
                placeholder="…or type a path to a .toml or plain board file", id="board-file", compact=True
            )
            with Horizontal(classes="buttons"):
                yield Button("Load", id="load", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _, value = (event.option.id or "").partition(":")
        if kind == "random":
            self.dismiss(random_board(secrets.randbelow(2**31)))  # named by its seed: it can be had again
        elif kind == "editor":
            self.dismiss(EDITOR)
        else:
            self.try_load(value, remember=kind == "file")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.try_load(event.value.strip(), remember=True)

    @on(Button.Pressed, "#load")
    def load_pressed(self) -> None:
        self.try_load(self.query_one("#board-file", Input).value.strip(), remember=True)

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(None)

    def try_load(self, spec: str, *, remember: bool) -> None:
        """Load ``spec``; a bad board is shown in a dialog and the picker stays open."""
        if not spec:
            self.app.push_screen(ErrorScreen("No board chosen", "Pick a board from the list or type a path."))
            return
        try:
            board = load_board(spec, deciding=True)
        except BoardError as error:
            self.app.push_screen(ErrorScreen("This board cannot be used", str(error)))
            return
        if remember and Path(spec).is_file():
            remember_board(spec)
        self.dismiss(board)

    def action_cancel(self) -> None:
        self.dismiss(None)
