"""One problem, said plainly."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog


class ErrorScreen(Dialog[None]):
    """One problem, said plainly; any key closes it."""

    BINDINGS = [key("back", "close"), Binding("enter,space", "close", show=False)]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="error-dialog", classes="dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="title")
            yield Static(self.message, id="error-message", markup=False)
            yield Button("OK", id="ok", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
