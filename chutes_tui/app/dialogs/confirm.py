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
    focused button. Where going ahead would lose something (a game, edits, a file: ``losing``)
    that is at first the one that keeps it, so that Enter never loses work and only y (or a
    click) goes ahead; a question that loses nothing (an undoable edit) goes ahead on Enter."""

    BINDINGS = [
        Binding("enter", "press_focused", "Answer", priority=True),
        key("yes", priority=True),
        key("back", "answer(False)", priority=True),  # not n: n is New game
    ]

    def __init__(self, question: str, yes: str = "Yes", *, losing: bool = True) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.losing = losing

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            with Horizontal(classes="buttons"):
                if self.losing:
                    yield Button(f"{self.yes} (y)", id="yes", variant="warning")
                    yield Button("Cancel (Enter, Esc)", id="no", variant="primary")
                else:
                    yield Button(f"{self.yes} (Enter, y)", id="yes", variant="primary")
                    yield Button("Cancel (Esc)", id="no")
            yield Static(self.question, classes="title", markup=False)

    def on_mount(self) -> None:
        self.query_one("#no" if self.losing else "#yes", Button).focus()

    def footer_label(self, action: str, words: str) -> str | None:
        """Enter in the footer is named by its answer now, the focused button's ("Cancel" where
        work is at stake, "Yes" otherwise); it said "Answer" whichever it was."""
        if action != "press_focused":
            return words
        focused = self.focused
        yes = focused.id == "yes" if isinstance(focused, Button) else not self.losing
        return self.yes if yes else "Cancel"

    def on_descendant_focus(self) -> None:  # Tab to the other button: Enter's word follows
        self.refresh_bindings()

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
            self.dismiss(not self.losing)


def confirm_then(
    app: App, question: str, then: Callable[[], object], yes: str = "Yes", *, losing: bool = True
) -> None:
    """Ask ``question``; ``then`` runs after y (Yes); Esc cancels, and Enter too where going
    ahead would lose something (:class:`ConfirmScreen`)."""

    def answered(sure: bool | None) -> None:
        if sure:
            then()

    app.push_screen(ConfirmScreen(question, yes, losing=losing), answered)
