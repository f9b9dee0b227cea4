"""Every key, in one place."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from chutes_tui.app.keymap import KEYMAP, key, key_label
from chutes_tui.app.palette import Dialog
from chutes_tui.render.boardpaint import MARKS_LEGEND

# What "turns left" and "win" rest on: players who never interact, or the bump rule's.
ALONE = (
    "(the mean of the finishing time from their square; the other players do not change it).\n",
    "computed from the Markov chain of the board after every move (players never interact, so "
    "it depends only on the squares and on who moves next)",
)
BUMPING = (
    "(the mean of the finishing time from their square, as if the others were not there: under "
    "the bump rule they can send this player back, which the figure leaves out).\n",
    "computed from the joint Markov chain of every player's square after every move (under the "
    "bump rule players interact: it depends on where each one stands, bumps included, and on "
    "who moves next)",
)
# Every figure the game screen shows, said once in words (the panels' headers are short).
NUMBERS = (
    "sq — the square a player stands on (0 is the start, off the board).\n"
    "turns left — how many more turns this player needs on average to finish, on their own {alone}"
    "win — each player's chance to win from here, exact: {chain}. The chances add up to 100%.\n"
    "more turns in all — the expected number of turns everyone together still plays before "
    "someone wins; rounds — the same counted in rounds of one turn each.\n"
    "The chart — each player's chance to win after every move of the game so far.\n"
    "The inspector (i) — for the square under the cursor: turns left from there with its "
    "spread, the chance to finish within 10/20/50 turns, how often a game from the start "
    "lands there, where each roll leads, and what its ladder or chute is worth.\n"
    "Overlays (o) — the board coloured by turns left, by visits from the start, by the chance "
    "of ever landing there, or (two players) by the chance that the player to move would win "
    "from each square against the opponent where they stand; last, the flow.\n"
    "The flow (a) — each square shaded by the chance that the player to move stands there after "
    "n turns; < and > choose n, a plays it "
    "turn by turn, Esc leaves it; under the board, the chance of having "
    "finished by then. What a piece does on average, spread over the board.\n"
    "Why first (d) — for two players: both finishing turns as a grid, each cell the chance of "
    "that pair. The first player wins every cell where they finish sooner and every tie on the "
    "diagonal, so their chance is one half plus half the ties'; the bounds close in on the exact "
    "fraction as more turns are counted.\n"
    "Review (v) — step through the game turn by turn (← →, Home, End). A swing is a turn that "
    "changed someone's chance to win the most; j jumps between the three largest. f starts a new "
    "game from the turn shown, with fresh dice: the turns after it are left behind."
)


# On a board with decisions (issue 27): what the choices are and what the figures assume.
CHOOSING = (
    "The players choose: a die before the roll, what to do with the roll, or with pawns which "
    "pawn moves (●2 on the board and 15·22 in the table: each pawn, by number). The question's "
    "keys 1-8 choose; k shows each choice's value, the solver's (two players: the chance to win; "
    "else expected turns), ★ the best. The figures say what they assume of the players (under "
    "the status): one player plays for fewest turns; two play to win, each as well as it can "
    "against the other (the exact value of the game); three or more each play for fewest turns "
    'on their own, as cpu:best does ("if all play for fewest turns": without the bump rule the '
    "players are independent, and the chances exact). Where two choices are exactly as good, "
    "cpu:best takes the first listed, and the exact chances assume it. Where the solvers cannot "
    "hold the game (many pawns, many pair states, the bump rule with three or more) the chances "
    "are a Monte Carlo estimate from a position (≈ in the table, the games and the standard error "
    "under the status), every player playing for fewest turns. A cpu:naive seat is counted as playing "
    'best like the rest (", cpu:naive too" says so): the odds are not those of its first die '
    "and plain move. Review marks ?? on a choice that cost more than 2 points of the chance to "
    "win (or half a turn)."
)


def game_notes(bump: bool = False, choosing: bool = False) -> tuple[tuple[str, str | Text], ...]:
    """The game's notes after its keys, true of its board (``bump``: players interact;
    ``choosing``: a board with decisions)."""
    alone, chain = BUMPING if bump else ALONE
    chosen = (("Choices", CHOOSING),) if choosing else ()
    return (
        (
            "",
            "Computer players roll by themselves; a person rolls with Space, Enter or the Roll "
            "button. Any roll key skips an animation. Arrow keys or the mouse move the board "
            "cursor; on either end of a ladder or chute it lights the whole jump. With the flow "
            "overlay on (a), < and > choose the turn it shows (Home, End: the first and the last); "
            "Esc takes any overlay off.",
        ),
        ("The board", MARKS_LEGEND),
        ("What the numbers mean", Text(NUMBERS.format(alone=alone, chain=chain))),
        *chosen,
    )


# The dialog is 88 columns wide (screens.tcss): from a screen this wide the keys take two columns.
TWO_COLUMNS_FROM = 100


class HelpScreen(Dialog[None]):
    BINDINGS = [key("back", "dismiss"), key("help", "dismiss")]

    def __init__(
        self, keys: Sequence[tuple[str, str]], notes: Sequence[tuple[str, str | Text]] | None = None
    ) -> None:
        """``notes``: titled paragraphs after the keys (default: the game's)."""
        super().__init__()
        self.keys = list(keys)
        self.notes = list(notes) if notes is not None else list(game_notes())

    @classmethod
    def from_bindings(
        cls, *bindings: Sequence[BindingType], notes: Sequence[tuple[str, str | Text]] | None = None
    ) -> HelpScreen:
        """Every key of these bindings with its description (the words the footer shows), and
        the app's own keys."""
        keys = [
            (b.key, b.description)
            for group in bindings
            for b in group
            if isinstance(b, Binding) and not b.system
        ]
        app_keys = [(KEYMAP[name].keys, KEYMAP[name].meaning) for name in ("palette", "screenshot", "quit")]
        return cls([*keys, *app_keys], notes)

    def key_table(self, width: int) -> Table:
        """The keys and what they do, in two pairs of columns (read down the first, then the
        second) where the screen is wide enough for the dialog's whole width, else in one."""
        halves = 2 if width >= TWO_COLUMNS_FROM and len(self.keys) > 10 else 1
        table = Table(box=None, show_header=False, padding=(0, 2))
        rows = -(-len(self.keys) // halves)
        columns = [self.keys[i * rows : (i + 1) * rows] for i in range(halves)]
        for _ in columns:
            table.add_column(style="bold cyan", no_wrap=True)
            table.add_column()
        for row in range(rows):
            cells: list[str] = []
            for column in columns:
                keys, description = column[row] if row < len(column) else ("", "")
                cells += [key_label(keys) if keys else "", description]
            table.add_row(*cells)
        return table

    def compose(self) -> ComposeResult:
        table = self.key_table(self.app.size.width)
        with Vertical(id="help-dialog", classes="dialog"):
            with Horizontal(classes="buttons"):
                yield Button("Close (Esc)", id="close")
            with VerticalScroll(classes="body"):
                yield Static(Text("Keys", style="bold"), classes="title")
                yield Static(table, id="help-keys")
                for title, note in self.notes:
                    if title:
                        yield Static(Text(title, style="bold"), classes="title")
                    yield Static(note, classes="note")

    def on_resize(self, event: events.Resize) -> None:
        """The keys in one or two columns as the new width allows."""
        self.query_one("#help-keys", Static).update(self.key_table(event.size.width))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
