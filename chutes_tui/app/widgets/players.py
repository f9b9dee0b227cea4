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
COMPACT_NAME_WIDTH = 7


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
        self.name_width = NAME_WIDTH

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
        # Compact (a narrow side panel): no padding between cells, a shorter name, and the
        # number columns one wider instead, so the win column always fits 28 columns.
        self.cell_padding = 0 if self.compact else 1
        pad = 1 if self.compact else 0
        self.name_width = COMPACT_NAME_WIDTH if self.compact else NAME_WIDTH
        self.add_column("", key="token", width=1 + pad)
        self.add_column("player", key="name", width=self.name_width)
        self.add_column(Text("sq", justify="right"), key="square", width=3 + pad)
        self.add_column(Text("left", justify="right"), key="left", width=5 + pad)
        self.add_column(Text("win", justify="right"), key="win", width=6 + pad)
        if not self.compact:
            self.add_column("", key="bar", width=BAR_WIDTH)
        for seat, spec in enumerate(self.specs):
            cells = [Text(spec.token, style=f"bold {spec.color}"), self._row_label(seat), "", "", ""]
            self.add_row(*cells, *([""] if not self.compact else []), key=str(seat))
        self.watch_snapshot(self.snapshot)

    def _row_label(self, seat: int, to_move: bool = False) -> Text:
        spec = self.specs[seat]
        suffix = "·cpu" if self.mark_computers and not spec.human else ""
        label = ("▶" if to_move else " ") + spec.name[: self.name_width - 1 - len(suffix)] + suffix
        return Text(label, style="bold" if to_move else "")

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        """Update every row in place (``win`` shows "—" when the board has no live odds)."""
        if snapshot is None or len(snapshot.positions) != len(self.specs):
            return
        win = snapshot.odds.win if snapshot.odds is not None else None
        for seat, spec in enumerate(self.specs):
            key = str(seat)
            self.update_cell(key, "name", self._row_label(seat, seat == snapshot.to_move))
            self.update_cell(key, "square", Text(str(snapshot.positions[seat]), justify="right"))
            self.update_cell(key, "left", Text(f"{snapshot.turns_left[seat]:.1f}", justify="right"))
            self.update_cell(key, "win", Text("—" if win is None else f"{win[seat]:.1%}", justify="right"))
            if not self.compact:
                self.update_cell(key, "bar", "" if win is None else _bar(win[seat], spec.color))
