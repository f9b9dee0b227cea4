"""The current two-player position's exact chance to win, as a fraction (worked out in a thread by
:func:`chutes_tui.app.statistics.exact_answer`; this dialog shows it)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog


class ExactScreen(Dialog[None]):
    """Shows ``fraction`` (``"p/q"``) with its decimal expansion; ``c`` copies it; Esc or x closes."""

    BINDINGS = [
        key("copy"),
        key("back", "close"),
        key("exact", "close"),  # x again: the exact odds put away
    ]

    def __init__(self, title: str, fraction: str, decimal: str) -> None:
        super().__init__()
        self.title_text = title
        self.fraction = fraction
        self.decimal = decimal

    def compose(self) -> ComposeResult:
        numerator, _, denominator = self.fraction.partition("/")
        with Vertical(id="exact-dialog", classes="dialog"):
            with Horizontal(classes="buttons"):
                yield Button("Copy fraction (c)", id="copy", variant="primary")
                yield Button("Close (Esc)", id="close")
            with VerticalScroll(classes="body"):
                yield Static(Text(self.title_text, style="bold"), classes="title")
                yield Static(self.decimal, id="exact-decimal", markup=False)
                digits = f"{len(numerator):,} digits over {len(denominator or '1'):,} digits"
                yield Static(f"Exactly a fraction of {digits}. The numerator:", classes="note")
                yield Static(numerator, id="exact-text", markup=False)
                if denominator:
                    yield Static("over the denominator:", classes="note")
                    yield Static(denominator, id="exact-denominator", markup=False)

    @on(Button.Pressed, "#copy")
    def copy_pressed(self) -> None:
        self.action_copy()

    @on(Button.Pressed, "#close")
    def close_pressed(self) -> None:
        self.action_close()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.fraction)
        self.notify(f"Copied the fraction ({len(self.fraction):,} characters) to the clipboard")

    def action_close(self) -> None:
        self.dismiss()
