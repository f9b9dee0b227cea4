"""Every key, in one place."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Static

from chutes_tui.app.palette import Dialog

KEY_NAMES = {
    "space": "Space",
    "enter": "Enter",
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
    "full_stop": ".",
    "question_mark": "?",
    "escape": "Esc",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}


def key_label(keys: str) -> str:
    return " / ".join(KEY_NAMES.get(k, k) for k in keys.split(","))


class HelpScreen(Dialog[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, keys: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = list(keys)

    @classmethod
    def from_bindings(cls, *bindings: Sequence[BindingType]) -> HelpScreen:
        """Every key of these bindings with its description (the words the footer shows), and
        the app's own keys."""
        keys = [(b.key, b.description) for group in bindings for b in group if isinstance(b, Binding)]
        return cls([*keys, ("ctrl+p", "Command palette"), ("ctrl+q", "Quit")])

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for keys, description in self.keys:
            table.add_row(key_label(keys), description)
        with Vertical(id="help-dialog", classes="dialog"):
            yield Static(Text("Keys", style="bold"), classes="title")
            yield Static(table)
            yield Static(
                "Computer players roll by themselves; a person rolls with Space, Enter or the Roll "
                "button. Any roll key skips an animation. Win chances are exact, computed from the "
                "Markov chain after every move.",
                classes="note",
            )
            yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
