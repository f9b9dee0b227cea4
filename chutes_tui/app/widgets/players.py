"""The players panel: token, name, square, expected turns left, chance to win."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import DataTable

from chutes_tui.engine.game import Snapshot
from chutes_tui.model.players import PlayerSpec

BAR_WIDTH = 10
NAME_WIDTH = 10


def _bar(p: float, color: str) -> Text:
    filled = p * BAR_WIDTH
    whole = int(filled)
    partial = " ▏▎▍▌▋▊▉"[int((filled - whole) * 8)] if whole < BAR_WIDTH else ""
    return Text("█" * whole + partial.strip(), style=color)


class PlayersTable(DataTable):
    """One row per player, updated in place whenever ``snapshot`` (the game, frozen) changes.

    In compact mode (small terminals) the bar column is left out; the percentage stays.
    """

    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True)

    DEFAULT_CSS = """
    PlayersTable { height: auto; max-height: 8; scrollbar-size-horizontal: 0; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="none", zebra_stripes=True)
        self.specs: list[PlayerSpec] = []
        self.mark_computers = False
        self.compact = False

    def reset(self, specs: Sequence[PlayerSpec]) -> None:
        self.specs = list(specs)
        # Mark computers only when people play too; in a watched game every seat is one.
        self.mark_computers = any(spec.human for spec in specs)
        self.snapshot = None
        self._rebuild()

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self._rebuild()

    def _rebuild(self) -> None:
        self.clear(columns=True)
        self.add_column("", key="token", width=1)
        self.add_column("player", key="name", width=NAME_WIDTH)
        self.add_column("sq", key="square", width=3)
        self.add_column("left", key="left", width=5)
        self.add_column("win", key="win", width=6)
        if not self.compact:
            self.add_column("", key="bar", width=BAR_WIDTH)
        for seat, spec in enumerate(self.specs):
            cells = [Text(spec.token, style=f"bold {spec.color}"), self._row_label(seat), "", "", ""]
            self.add_row(*cells, *([""] if not self.compact else []), key=str(seat))
        self.watch_snapshot(self.snapshot)

    def _row_label(self, seat: int, to_move: bool = False) -> Text:
        spec = self.specs[seat]
        suffix = "·cpu" if self.mark_computers and not spec.human else ""
        label = ("▶" if to_move else " ") + spec.name[: NAME_WIDTH - 1 - len(suffix)] + suffix
        return Text(label, style="bold" if to_move else "")

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        """Update every row in place (``win`` shows "—" when the board has no live odds)."""
        if snapshot is None or len(snapshot.positions) != len(self.specs):
            return
        win = snapshot.odds.win if snapshot.odds is not None else None
        for seat, spec in enumerate(self.specs):
            key = str(seat)
            self.update_cell(key, "name", self._row_label(seat, seat == snapshot.to_move))
            self.update_cell(key, "square", str(snapshot.positions[seat]))
            self.update_cell(key, "left", f"{snapshot.turns_left[seat]:.1f}")
            self.update_cell(key, "win", "—" if win is None else f"{win[seat] * 100:5.1f}%")
            if not self.compact:
                self.update_cell(key, "bar", "" if win is None else _bar(win[seat], spec.color))
