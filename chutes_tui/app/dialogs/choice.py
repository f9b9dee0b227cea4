"""A person's choice on a board with decisions (issue 27): the options of a
:class:`~chutes_tui.engine.prompt.Prompt`, picked by their number; with hints on (k), each
option's value beside it (the solver's, from the prompt: this only formats it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.engine.advice import Scale
from chutes_tui.engine.prompt import Prompt


class Hinted(Protocol):
    """The app, which remembers whether hints are on (:class:`~chutes_tui.app.app.ChutesApp`)."""

    hints: bool


def value_text(value: float, scale: Scale) -> str:
    """``"58.1% to win"``, ``"10.21 turns"``."""
    return f"{value:.1%} to win" if scale is Scale.WIN else f"{value:.2f} turns"


def prompt_table(prompt: Prompt, hints: bool) -> Table:
    """One line an option: its key, its words, and (hints on) its value, the best marked ★."""
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column("key", style="bold")
    table.add_column("option")
    if hints:
        table.add_column("value", justify="right")
        table.add_column("best")
    for number, option in enumerate(prompt.options, start=1):
        cells: list[Text | str] = [str(number), Text(option.words)]
        if hints:
            if option.value is None or prompt.scale is None:
                cells += [Text("working out…", style="dim"), ""]
            else:
                cells += [value_text(option.value, prompt.scale), "★" if number - 1 == prompt.best else ""]
        table.add_row(*cells)
    return table


class ChoiceScreen(Dialog[int | None]):
    """Dismissed with the option's index (keys 1..n) or ``None`` (Esc: ask again later)."""

    BINDINGS = [
        *(key("choose", f"choose({n})", keys=str(n + 1), show=n == 0) for n in range(8)),
        key("hints"),
        key("back", "choose(-1)"),
    ]

    def __init__(self, prompt: Prompt, who: str, hints: bool) -> None:
        super().__init__()
        self.prompt = prompt
        self.who = who
        self.hints = hints

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-dialog", classes="dialog"):
            yield Static(Text(f"{self.who}, {self.prompt.question}", style="bold"), classes="title")
            with VerticalScroll(classes="body"):
                yield Static(prompt_table(self.prompt, self.hints), id="choice-options")
            yield Static(self._keys(), id="choice-keys", classes="note", markup=False)

    def _keys(self) -> str:
        hint = "k: hide the values" if self.hints else "k: each option's value (hints)"
        return f"1-{len(self.prompt.options)}: choose · {hint} · Esc: later"

    def action_choose(self, number: int) -> None:
        if number < 0:
            self.dismiss(None)
        elif number < len(self.prompt.options):
            self.dismiss(number)

    def asks(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` is this question (its values perhaps known since)."""
        same = (self.prompt.question, [option.words for option in self.prompt.options])
        return same == (prompt.question, [option.words for option in prompt.options])

    def show_prompt(self, prompt: Prompt) -> None:
        """This question with ``prompt``'s values (the solver finished after it was asked)."""
        self.prompt = prompt
        self.query_one("#choice-options", Static).update(prompt_table(self.prompt, self.hints))

    def action_hints(self) -> None:
        self.hints = not self.hints
        cast(Hinted, self.app).hints = self.hints  # the app remembers it for the next prompt
        self.query_one("#choice-options", Static).update(prompt_table(self.prompt, self.hints))
        self.query_one("#choice-keys", Static).update(self._keys())


def ask(
    app: App[object], prompt: Prompt, who: str, answer: Callable[[int | None], None], again: bool
) -> None:
    """Ask ``who`` ``prompt`` (``answer``: the option's index, or ``None``: later); ``again``:
    only show the question open now with ``prompt``'s values, if it is open."""
    asking = app.screen
    if again:
        if isinstance(asking, ChoiceScreen) and asking.asks(prompt):
            asking.show_prompt(prompt)
        return
    app.push_screen(ChoiceScreen(prompt, who, getattr(app, "hints", False)), answer)
