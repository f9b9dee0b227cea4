"""The current two-player position's exact chance to win, as a fraction."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ExactScreen(ModalScreen[None]):
    """Shows ``fraction`` (``"p/q"``) with its decimal expansion; ``c`` copies it."""

    BINDINGS = [
        Binding("c", "copy", "Copy fraction"),
        Binding("escape,x,q", "close", "Close"),
    ]

    def __init__(self, title: str, fraction: str, decimal: str) -> None:
        super().__init__()
        self.title_text = title
        self.fraction = fraction
        self.decimal = decimal

    def compose(self) -> ComposeResult:
        numerator, _, denominator = self.fraction.partition("/")
        with Vertical(id="exact-dialog", classes="dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="title")
            yield Static(self.decimal, id="exact-decimal", markup=False)
            yield Static(
                f"Exactly a fraction of {len(numerator):,} digits over {len(denominator or '1'):,} digits:",
                classes="note",
            )
            with VerticalScroll(id="exact-fraction"):
                yield Static(self.fraction, id="exact-text", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Copy fraction (c)", id="copy", variant="primary")
                yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "copy":
            self.action_copy()
        else:
            self.action_close()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.fraction)
        self.notify(f"Copied the fraction ({len(self.fraction):,} characters) to the clipboard")

    def action_close(self) -> None:
        self.dismiss()
