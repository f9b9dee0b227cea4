"""The editor's rules: dice, end rule, the extra roll, chained jumps and the bump rule."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.app.widgets.tick import TickBox
from chutes_tui.model import inputs
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.rules import EndRule


class RulesScreen(Dialog[dict[str, Any] | None]):
    """Dismissed with the fields that changed (``Board.replace`` keywords), or ``None``."""

    BINDINGS = [key("back", "cancel")]

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        board = self.board
        with Vertical(id="rules-dialog", classes="dialog"):
            yield Static(Text("The board's rules", style="bold"), classes="title")
            with Horizontal(classes="field"):
                yield Label("Dice ")
                yield Input(value=board.die.option, id="rules-dice", max_length=200, compact=True)
            yield Static(Text("6 · 2d6 (summed) · 1,1,2 (a spinner's weights)", style="dim"))
            yield Static("", id="rules-dice-error", classes="field-error")
            with Horizontal(classes="field"):
                yield Label("End rule ")
                yield Select(
                    [(rule.value, rule.value) for rule in EndRule],
                    value=board.end_rule.value,
                    allow_blank=False,
                    id="rules-end",
                    compact=True,
                )
            yield TickBox("top face rolls again", board.extra_roll, id="rules-extra", compact=True)
            yield TickBox("a jump may lead onto another", board.chain_jumps, id="rules-chains", compact=True)
            yield TickBox(
                "bump: resting on a piece sends it to the start", board.bump, id="rules-bump", compact=True
            )
            yield Static("", id="rules-refusal", classes="field-error")
            with Horizontal(classes="buttons"):
                yield Button("Apply", id="apply", variant="primary")
                yield Button("Cancel", id="cancel")

    def _changes(self) -> dict[str, Any] | None:
        """What differs from the board (``None``: the dice are refused, and the reason shown)."""
        error = self.query_one("#rules-dice-error", Static)
        try:
            die = inputs.dice(self.query_one("#rules-dice", Input).value, "the dice")
        except InputError as problem:
            error.update(Text(str(problem)))
            error.display = True
            return None
        error.display = False
        wanted = {
            "die": die,
            "end_rule": EndRule(str(self.query_one("#rules-end", Select).value)),  # never blank
            "extra_roll": self.query_one("#rules-extra", Checkbox).value,
            "chain_jumps": self.query_one("#rules-chains", Checkbox).value,
            "bump": self.query_one("#rules-bump", Checkbox).value,
        }
        return {key: value for key, value in wanted.items() if getattr(self.board, key) != value}

    def _apply(self) -> None:
        changes = self._changes()
        if changes is None:
            return
        try:  # refused here, with the fields as typed, rather than after the dialog has closed
            self.board.replace(**changes)
        except BoardError as problem:
            refusal = self.query_one("#rules-refusal", Static)
            refusal.update(Text(problem.reason))
            refusal.display = True
            return
        self.dismiss(changes)

    def on_input_submitted(self) -> None:
        self._apply()

    @on(Button.Pressed, "#apply")
    def apply_pressed(self) -> None:
        self._apply()

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
