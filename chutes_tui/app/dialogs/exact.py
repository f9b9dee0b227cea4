"""The current two-player position's exact chance to win, as a fraction."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from chutes_tui.analysis.limits import EXACT_IN_APP_MAX_STATES
from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.engine.game import Game
from chutes_tui.model.text import path_text


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


def why_no_exact_dialog(game: Game) -> str | None:
    """Why the app will not work out this position's fraction (``None``: it will)."""
    if len(game.players) != 2:
        return "Exact fractions are for two-player games; try chutes-tui exact --players N."
    if game.board.bump:
        return "Exact fractions are for games without the bump rule (its odds here are exact to 1e-12)."
    if game.finished:
        return "The game is over: the chances are 1 and 0."
    states = len(game.board.standable_squares) - 1
    if states > EXACT_IN_APP_MAX_STATES:
        # Thread workers cannot be interrupted, and quitting waits for them: keep them short.
        where = path_text(game.board.source or game.board.name)
        return (
            f"Exact fractions take minutes on a board with {states} squares to stand on; "
            f"run chutes-tui exact {where} --position A B instead."
        )
    return None


def exact_dialog(game: Game) -> ExactScreen:
    """The two-player position's exact chance for the player to move (seconds of work: run it in
    a thread). python-flint is imported here, on first use, to keep it out of start-up."""
    from chutes_tui.exact.fractions import decimal_digits, fraction_text
    from chutes_tui.exact.two_player import exact_two_player

    mover, opponent = game.to_move, 1 - game.to_move
    position = (game.positions[mover], game.positions[opponent])
    value = exact_two_player(game.board).probability(*position)
    names = [game.players[seat].spec.name for seat in (mover, opponent)]
    title = f"{names[0]} (to move, on {position[0]}) beats {names[1]} (on {position[1]}) with probability"
    return ExactScreen(title, fraction_text(value), decimal_digits(value, 60))
