"""The end of a game: who won, and how it went."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.app.themes import seat_color, seat_colors
from chutes_tui.engine.blunders import BLUNDER_MARK
from chutes_tui.engine.game import Game
from chutes_tui.engine.review import Review


def summary_table(game: Game, colors: Mapping[str, str] | None = None) -> Table:
    """``colors``: the theme's colour for each seat colour name (:func:`seat_colors`)."""
    summary = game.summary()
    table = Table(box=None, padding=(0, 1))
    table.add_column("")
    table.add_column("player")
    table.add_column("turns", justify="right")
    table.add_column("ladders", justify="right")
    table.add_column("chutes", justify="right")
    if game.board.bump:
        table.add_column("sent back", justify="right")  # by the bump rule
    if summary.blunders:
        table.add_column(f"blunders {BLUNDER_MARK}", justify="right")  # choices that cost too much
    for seat, (name, turns, ladders, chutes) in enumerate(summary.per_player):
        spec = game.players[seat].spec
        style = "bold" if seat == summary.winner else ""
        cells: list[Text | str] = [
            Text(spec.token, style=(colors or {}).get(spec.color, spec.color)),
            Text(name),
            str(turns),
            str(ladders),
            str(chutes),
        ]
        if game.board.bump:
            cells.append(str(summary.bumped[seat]))
        if summary.blunders:
            cells.append(str(summary.blunders[seat]))
        table.add_row(*cells, style=style)
    return table


def swing_text(game: Game) -> Text:
    swing = game.summary().biggest_swing or Review(game).biggest_swing()
    if swing is None:
        if len(game.players) == 1:
            return Text("One player: the chance to win is 100% from the first turn to the last.")
        return Text("No turn changed anyone's chance to win before the winning one.")
    name = game.players[swing.seat].spec.name
    mover = game.players[swing.turn.seat].spec.name
    return Text(
        f"Biggest swing: {name}'s chance went {swing.before:.0%} → {swing.after:.0%} on turn "
        f"{swing.turn.number}, when {swing.turn.describe(mover, [p.spec.name for p in game.players])}."
    )


class WinnerScreen(Dialog[str]):
    """Dismissed with ``"rematch"``, ``"new"``, ``"review"`` or ``"quit"``."""

    BINDINGS = [
        key("rematch", "choose('rematch')"),
        key("review", "choose('review')"),
        key("new_game", "choose('new')"),
        key("quit_q", "choose('quit')"),
        key("back", "choose('close')", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        summary = self.game.summary()
        winner = self.game.players[summary.winner].spec
        with Vertical(id="winner-dialog", classes="dialog"):
            title = Text.assemble(
                (f"{winner.token} ", f"bold {seat_color(self.app, winner.color)}"),
                (f"{winner.name} wins", "bold"),
                f" after {summary.turns} turns in all",
            )
            yield Static(
                title,
                classes="title",
                id="winner-title",
            )
            # Twelve players' lines and the swing do not fit 80×24 under the title: they scroll,
            # between the winner's name and the buttons, which stay in sight.
            with VerticalScroll(classes="body"):
                yield Static(summary_table(self.game, seat_colors(self.app)))
                yield Static(swing_text(self.game), classes="note")
            with Horizontal(classes="buttons"):
                yield Button("Rematch (r)", id="rematch", variant="primary")
                yield Button("New game (n)", id="new")
                yield Button("Review (v)", id="review")
                yield Button("Quit (q)", id="quit", variant="error")

    @on(Button.Pressed, "#rematch, #new, #review, #quit")
    def choice_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
