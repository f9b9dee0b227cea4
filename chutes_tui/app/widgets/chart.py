"""Win probability of every player after each move, as braille lines (line API)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from chutes_tui.render.braille import braille_chart

_AXIS = ("100%", " 50%", "  0%")
_LABEL_WIDTH = 5


class OddsChart(Widget):
    """Each player's win probability over the game; the newest move is at the right edge."""

    DEFAULT_CSS = """
    OddsChart { height: 8; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, x_label: str = "move") -> None:
        super().__init__(id=id)
        self.x_label = x_label
        self.series: list[list[float]] = []
        self.series_colors: list[str] = []
        self._raster: list[list[tuple[str, int | None]]] = []

    def extend(self, win: Sequence[float]) -> None:
        for values, p in zip(self.series, win, strict=True):
            values.append(p)
        self._redraw()

    def load(self, colors: Sequence[str], history: Sequence[Sequence[float]]) -> None:
        """Replace everything: ``history[t][seat]`` is seat's probability after move ``t``."""
        self.series_colors = list(colors)
        self.series = [list(column) for column in zip(*history, strict=True)] if history else []
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    def _redraw(self) -> None:
        width = max(0, self.size.width - _LABEL_WIDTH)
        height = max(0, self.size.height - 1)
        self._raster = braille_chart(self.series, width, height)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        # Segments without colours of their own take the widget's (and so the theme's).
        return self._render_line(y).apply_style(self.rich_style)

    def _render_line(self, y: int) -> Strip:
        width = self.size.width
        height = self.size.height - 1
        if y == height:
            moves = max(0, len(self.series[0]) - 1) if self.series else 0
            text = " " * _LABEL_WIDTH + f"{self.x_label} 0 … {moves}"
            return Strip([Segment(text, Style(dim=True))]).adjust_cell_length(width)
        if y >= len(self._raster):
            return Strip.blank(width)
        label = ""
        if y == 0:
            label = _AXIS[0]
        elif y == height // 2:
            label = _AXIS[1]
        elif y == height - 1:
            label = _AXIS[2]
        segments = [Segment(label.ljust(_LABEL_WIDTH - 1) + "┤", Style(dim=True))]
        for char, owner in self._raster[y]:
            color = (
                self.series_colors[owner] if owner is not None and owner < len(self.series_colors) else None
            )
            segments.append(Segment(char, Style(color=color)))
        return Strip(segments).adjust_cell_length(width)
