"""Ask where to save, and check the answer before anything is written; in a browser
(``chutes-tui serve``), send the file to the visitor as a download instead."""

from __future__ import annotations

import io
import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from chutes_tui.app.dialogs.confirm import confirm_then
from chutes_tui.app.dialogs.error import ErrorScreen
from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.io.atomic import atomic_write_text
from chutes_tui.io.files import writable_target_problem
from chutes_tui.model.text import path_text


class SaveScreen(Dialog[str | None]):
    """Ask where to save (dismissed with the path, or ``None``)."""

    BINDINGS = [key("back", "cancel")]

    def __init__(self, suggestion: str, title: str = "Save the board as TOML") -> None:
        super().__init__()
        self.suggestion = suggestion
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="save-dialog", classes="dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="title")
            yield Input(value=self.suggestion, id="save-path")
            with Horizontal(classes="buttons"):
                yield Button("Save (Enter)", id="save", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        # The end in view: the file's name and extension (a long path's folders scroll off
        # to the left, and Home shows them).
        path = self.query_one("#save-path", Input)
        path.cursor_position = len(path.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    @on(Button.Pressed, "#save")
    def save_pressed(self) -> None:
        self.dismiss(self.query_one("#save-path", Input).value.strip() or None)

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_where_to_save(
    app: App,
    suggestion: Path,
    title: str,
    write: Callable[[Path], object],
    *,
    current: Path | None = None,
) -> None:
    """Ask for a file name (``suggestion`` first), then ``write`` to it: a device, a FIFO or a
    folder is refused with the reason; an existing file other than ``current`` (the one this
    session writes) is overwritten only after y. In a browser nothing is asked: ``write``
    gets the suggestion's file name, which :func:`write_or_deliver` sends as a download."""
    if app.is_web:
        write(Path(download_name(suggestion.name)))
        return

    def chosen(answer: str | None) -> None:
        if not answer:
            return
        if answer.endswith(("/", os.sep)):  # pathlib would drop the slash that says "a folder"
            app.push_screen(ErrorScreen("Could not save", f"{path_text(answer)}: names a folder, not a file"))
            return
        try:
            target = Path(answer).expanduser()
        except (RuntimeError, ValueError):  # "~nobody/x": no such user, no home to expand
            app.push_screen(ErrorScreen("Could not save", f"{path_text(answer)}: no such home folder"))
            return
        problem = writable_target_problem(target)
        if problem is not None:
            app.push_screen(ErrorScreen("Could not save", f"{path_text(target)}: {problem}"))
        elif os.path.lexists(target) and target != current:
            confirm_then(
                app, f"{path_text(target)} exists. Overwrite it?", lambda: write(target), "Overwrite"
            )
        else:
            write(target)

    app.push_screen(SaveScreen(str(suggestion), title), chosen)


def write_or_deliver(app: App, path: Path, text: str, *, replace: bool = True) -> None:
    """Write ``text`` to ``path`` atomically (over an existing file only if ``replace``); in a
    browser, send it to the visitor as a download named like ``path`` instead (the server's disk
    is not the visitor's). Raises ``OSError``."""
    if app.is_web:
        app.deliver_text(
            io.StringIO(text), save_filename=download_name(path.name), encoding="utf-8", name="save"
        )
    else:
        atomic_write_text(path, text, replace=replace)


def download_name(name: str) -> str:
    """``name`` in letters, digits, ``_`` and ``-``, and its extension kept (``Zoë vs Ann.json``
    → ``Zoe-vs-Ann.json``): textual-serve puts it in the download's header unquoted."""

    def plain(text: str) -> str:
        letters = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
        return re.sub(r"[^A-Za-z0-9_-]+", "-", letters).strip("-")

    stem, dot, extension = name.rpartition(".")
    stem, extension = (plain(stem), plain(extension)) if dot else (plain(name), "")
    return f"{stem or 'download'}.{extension}" if extension else stem or "download"
