"""The players panel: token, name, square, expected turns left, chance to win."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

from chutes_tui.game import PlayerSpec

BAR_WIDTH = 10


def _bar(p: float, color: str) -> Text:
    filled = p * BAR_WIDTH
    whole = int(filled)
    partial = " ▏▎▍▌▋▊▉"[int((filled - whole) * 8)] if whole < BAR_WIDTH else ""
    return Text("█" * whole + partial.strip(), style=color)


class PlayersTable(DataTable):
    """One row per player, updated in place after every move."""

    DEFAULT_CSS = """
    PlayersTable { height: auto; max-height: 8; scrollbar-size-horizontal: 0; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="none", zebra_stripes=True)
        self.specs: list[PlayerSpec] = []
        self.mark_computers = False

    def on_mount(self) -> None:
        self.add_column("", key="token", width=1)
        self.add_column("player", key="name")
        self.add_column("sq", key="square")
        self.add_column("left", key="left")
        self.add_column("win", key="win")
        self.add_column("", key="bar", width=BAR_WIDTH)

    def reset(self, specs: Sequence[PlayerSpec]) -> None:
        self.specs = list(specs)
        # Mark computers only when people play too; in a watched game every seat is one.
        self.mark_computers = any(spec.human for spec in specs)
        self.clear()
        for seat, spec in enumerate(self.specs):
            self.add_row(
                Text(spec.token, style=f"bold {spec.color}"),
                self._row_label(seat),
                "",
                "",
                "",
                "",
                key=str(seat),
            )

    def _row_label(self, seat: int, to_move: bool = False) -> Text:
        spec = self.specs[seat]
        label = ("▶" if to_move else " ") + spec.name[:14]
        if self.mark_computers and not spec.human:
            label += "·cpu"
        return Text(label, style="bold" if to_move else "")

    def show(
        self, squares: Sequence[int], turns_left: Sequence[float], win: Sequence[float], to_move: int
    ) -> None:
        for seat, spec in enumerate(self.specs):
            key = str(seat)
            self.update_cell(key, "name", self._row_label(seat, seat == to_move))
            self.update_cell(key, "square", str(squares[seat]))
            self.update_cell(key, "left", f"{turns_left[seat]:.1f}")
            self.update_cell(key, "win", f"{win[seat] * 100:5.1f}%")
            self.update_cell(key, "bar", _bar(win[seat], spec.color))
