"""A yes/no question."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog


class ConfirmScreen(Dialog[bool]):
    """Dismissed with ``True`` (y, or the first button) or ``False`` (Esc); Enter presses the
    focused button: the first, or with ``keep_by_default`` the one that keeps the work."""

    BINDINGS = [
        Binding("enter", "press_focused", "Answer", priority=True),
        key("yes", priority=True),
        key("back", "answer(False)", priority=True),  # not n: n is New game
    ]

    def __init__(self, question: str, yes: str = "Yes", *, keep_by_default: bool = False) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.keep_by_default = keep_by_default

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            with Horizontal(classes="buttons"):
                if self.keep_by_default:
                    yield Button(f"{self.yes} (y)", id="yes", variant="warning")
                    yield Button("Cancel (Enter, Esc)", id="no", variant="primary")
                else:
                    yield Button(f"{self.yes} (Enter)", id="yes", variant="warning")
                    yield Button("Cancel (Esc)", id="no", variant="primary")
            yield Static(self.question, classes="title", markup=False)

    def on_mount(self) -> None:
        self.query_one("#no" if self.keep_by_default else "#yes", Button).focus()

    @on(Button.Pressed, "#yes")
    def yes_pressed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def no_pressed(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def action_press_focused(self) -> None:
        """Enter: the focused button's answer (before any has focus, the default one's)."""
        focused = self.focused
        if isinstance(focused, Button) and focused.id in ("yes", "no"):
            self.dismiss(focused.id == "yes")
        else:
            self.dismiss(not self.keep_by_default)


def confirm_then(
    app: App, question: str, then: Callable[[], object], yes: str = "Yes", *, keep_by_default: bool = False
) -> None:
    """Ask ``question``; ``then`` runs after Yes, Esc cancels (and with ``keep_by_default``, Enter
    too: see :class:`ConfirmScreen`)."""

    def answered(sure: bool | None) -> None:
        if sure:
            then()

    app.push_screen(ConfirmScreen(question, yes, keep_by_default=keep_by_default), answered)
