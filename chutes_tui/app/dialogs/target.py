"""Ask the editor's suggestion for a target length."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.model.inputs import InputError, positive_number


class TargetScreen(Dialog[float | None]):
    """Dismissed with the expected length wanted (turns), or ``None`` (Esc)."""

    BINDINGS = [key("back", "cancel")]

    def __init__(self, current: float) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="target-dialog", classes="dialog"):
            yield Static(
                Text("Suggest one jump edit for an expected length of … turns", style="bold"), classes="title"
            )
            yield Input(value=f"{self.current:.1f}", id="target-turns")
            yield Static(id="target-problem")
            with Horizontal(classes="buttons"):
                yield Button("Suggest (Enter)", id="suggest", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#target-turns", Input).focus()

    def _answer(self) -> None:
        try:
            target = positive_number(self.query_one("#target-turns", Input).value, "the expected length")
        except InputError as error:
            self.query_one("#target-problem", Static).update(Text(str(error), style="red"))
            return
        self.dismiss(target)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._answer()

    @on(Button.Pressed, "#suggest")
    def suggest_pressed(self) -> None:
        self._answer()

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
