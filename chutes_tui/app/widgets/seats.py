"""One seat of the setup screen: who rolls (a person or the computer), a name, a token and a
colour -- and under them, why the name was refused, while it is."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from chutes_tui.app.widgets.cycle import Cycle
from chutes_tui.model.inputs import MAX_NAME_LENGTH
from chutes_tui.model.players import COLORS, TOKENS, Play, PlayerSpec

# A computer plays its best on a board with choices; a naive one always the first die, never
# flipping or going back (model/players.py's Play). Kind values are the --players spelling.
KINDS = (("Person", "human"), ("Computer", "cpu"), ("Naive", "cpu:naive"))


def seat_kind(spec: PlayerSpec) -> str:
    """A seat's kind value (:data:`KINDS`)."""
    if spec.human:
        return "human"
    return "cpu:naive" if spec.play is Play.NAIVE else "cpu"


def kind_spec(kind: str) -> tuple[bool, Play]:
    """Whether a kind value is a person, and how a computer of it plays."""
    return kind == "human", Play.NAIVE if kind == "cpu:naive" else Play.BEST


Choices = list[tuple[str | Text, str]]
TOKEN_CHOICES: Choices = [(token, token) for token in TOKENS]


def color_choices(paint: Callable[[str], str]) -> Choices:
    """Each seat colour by its name, with a swatch in ``paint(name)``: the colour the current
    theme shows for it (a colour-blind-safe theme paints "red" its own vermillion)."""
    return [(Text.assemble(("■ ", paint(color)), color.replace("_", " ")), color) for color in COLORS]


def color_swatches(paint: Callable[[str], str]) -> list[Text]:
    """The swatches alone: a seat's colour where its name has no room (a narrow terminal)."""
    return [Text("■", style=paint(color)) for color in COLORS]


# What a seat's fields are called in their ids ("token-3") and in Seat.fields().
FIELDS = ("kind", "name", "token", "color")


class Seat(Vertical):
    """Seat ``seat`` (from 0). Its fields' ids are ``kind-N``, ``name-N``, ``token-N``,
    ``color-N`` and ``name-N-error``: a seat keeps its number, so removing one moves the
    choices of the seats after it up (:meth:`fill`) and the last seat goes.

    ``taken(field, seat)``: the tokens or colours the other seats have, which a step of this
    seat's token or colour passes over (two seats with one token cannot be told apart);
    ``paint(name)``: the colour a seat colour's swatch is drawn in (:func:`color_choices`).
    """

    DEFAULT_CSS = "Seat { height: auto; }"

    def __init__(
        self,
        seat: int,
        spec: PlayerSpec,
        taken: Callable[[str, int], set[str]],
        paint: Callable[[str], str] = str,
    ) -> None:
        # The children are made here, not in a compose of its own: mounted with the screen in
        # one pass, twelve seats paint about a fifth sooner than with twelve composes after it.
        remove = Button("✕", id=f"remove-{seat}", classes="remove", compact=True)
        remove.tooltip = "Remove this seat (ctrl+r)"
        remove.can_focus = False  # one Tab stop fewer a seat: the keyboard has ctrl+r
        kind = Cycle(KINDS, seat_kind(spec), id=f"kind-{seat}", classes="kind")
        kind.tooltip = (
            "A person (presses Space to roll) or the computer: ←/→ to change. On a board with "
            "choices the computer plays the solver's best; Naive, always the first die"
        )
        token = _unshared(TOKEN_CHOICES, spec.token, "token", seat, taken)
        token.tooltip = "The piece on the board: ←/→ for another (the other seats' are skipped)"
        color = _unshared(color_choices(paint), spec.color, "color", seat, taken, color_swatches(paint))
        color.tooltip = "The piece's colour: ←/→ for another (the other seats' are skipped)"
        name = Input(
            value=spec.name,
            placeholder="name",
            id=f"name-{seat}",
            classes="name",
            max_length=MAX_NAME_LENGTH,
            compact=True,
        )
        label = Label(f"Seat {seat + 1}", classes="label")
        row = Horizontal(label, kind, name, token, color, remove, classes="seat")
        super().__init__(row, Static("", id=f"name-{seat}-error", classes="field-error"), id=f"seat-{seat}")
        self.seat = seat

    def fields(self) -> tuple[str, str, str, str]:
        """Kind ("human", "cpu" or "cpu:naive"), name as typed, token, colour."""
        return (
            self.query_one(f"#kind-{self.seat}", Cycle).value,
            self.query_one(f"#name-{self.seat}", Input).value,
            self.query_one(f"#token-{self.seat}", Cycle).value,
            self.query_one(f"#color-{self.seat}", Cycle).value,
        )

    def fill(self, kind: str, name: str, token: str, color: str) -> None:
        """Show another seat's choices (the one after it, when a seat is removed)."""
        self.query_one(f"#kind-{self.seat}", Cycle).choose(kind)
        self.query_one(f"#name-{self.seat}", Input).value = name
        self.query_one(f"#token-{self.seat}", Cycle).choose(token)
        self.query_one(f"#color-{self.seat}", Cycle).choose(color)


def _unshared(
    choices: Choices,
    value: str,
    field: str,
    seat: int,
    taken: Callable[[str, int], set[str]],
    brief: list[Text] | None = None,
) -> Cycle:
    """Seat ``seat``'s token or colour (``field``): a step passes over the other seats'."""
    return Cycle(
        choices,
        value,
        passes_over=lambda candidate: candidate in taken(field, seat),
        brief=brief,
        id=f"{field}-{seat}",
        classes=field,
    )
