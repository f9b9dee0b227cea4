"""A yes/no question."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from chutes_tui.app.palette import Dialog


class ConfirmScreen(Dialog[bool]):
    """Dismissed with ``True`` (Enter, y, or the first button) or ``False`` (Esc, n)."""

    BINDINGS = [
        Binding("enter,y", "answer(True)", "Yes", priority=True),
        Binding("escape,n", "answer(False)", "No", priority=True),
    ]

    def __init__(self, question: str, yes: str = "Yes") -> None:
        super().__init__()
        self.question = question
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (Enter)", id="yes", variant="warning")
                yield Button("Cancel (Esc)", id="no", variant="primary")
            yield Static(self.question, classes="title", markup=False)

    @on(Button.Pressed, "#yes")
    def yes_pressed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def no_pressed(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def confirm_then(app: App, question: str, then: Callable[[], object], yes: str = "Yes") -> None:
    """Ask ``question``; ``then`` runs after Enter (or the first button), Esc cancels."""

    def answered(sure: bool | None) -> None:
        if sure:
            then()

    app.push_screen(ConfirmScreen(question, yes), answered)
