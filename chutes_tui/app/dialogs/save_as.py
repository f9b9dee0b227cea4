"""Ask where to save."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from chutes_tui.app.palette import Dialog


class SaveScreen(Dialog[str | None]):
    """Ask where to save (dismissed with the path, or ``None``)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(id="save-dialog", classes="dialog"):
            yield Static(Text("Save the board as TOML", style="bold"), classes="title")
            yield Input(value=self.suggestion, id="save-path")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")

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
