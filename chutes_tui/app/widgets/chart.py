"""Line charts with a title, a legend and true axes: the players' chances over the game, and
the inspector's finishing curves. The drawing is :func:`~chutes_tui.render.textchart.framed_chart`;
this widget keeps the series and shows the lines (line API: a new point repaints only it)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from chutes_tui.app.themes import ink
from chutes_tui.app.widgets.basestyle import CachedBaseStyle
from chutes_tui.model.text import percent_shares
from chutes_tui.render.braille import point_column
from chutes_tui.render.textchart import framed_chart, nice_range, with_cursor


class LineChart(CachedBaseStyle, Widget):
    """Series of values drawn left to right; the newest point is at the right edge.

    ``y_range`` fixes the axis; ``None`` fits it to the values (:func:`nice_range`), so lines
    a few points apart stay apart.
    """

    DEFAULT_CSS = """
    LineChart { height: 8; width: 1fr; }
    """

    def __init__(
        self,
        *,
        id: str | None = None,
        title: str = "",
        short_title: str | None = None,
        x_label: str = "turn",
        y_range: tuple[float, float] | None = None,
        readout: bool = False,
    ) -> None:
        super().__init__(id=id)
        # The title line gives the values at the cursor or the mouse: shares of one whole (the
        # players' chances to win), shown so that they add up to 100%.
        self.readout = readout
        self.turns: list[int] = []  # each point's turn (the axis's words), where told
        self.hovered: int | None = None  # the point under the mouse
        self.title = title
        self.short_title = short_title
        self.x_label = x_label
        self.y_range = y_range
        self.legend: list[tuple[str, str]] = []
        self.short_legend: list[tuple[str, str]] = []
        self.series: list[list[float]] = []
        self.series_colors: list[str] = []
        self.cursor: int | None = None  # a point marked by a vertical line (a review's turn)
        self.marks: list[int] = []  # points marked under the axis (a review's swings)
        self._strips: list[Strip] = []
        self._lines: list[Text] = []  # the chart without its cursor (moving it redraws no lines)

    def extend(self, values: Sequence[float], turn: int | None = None) -> None:
        """One more point, after ``turn`` turns (the axis's last number)."""
        for line, value in zip(self.series, values, strict=True):
            line.append(value)
        if turn is not None and len(self.turns) == len(self.series[0]) - 1:
            self.turns.append(turn)
        self._redraw()

    def load(
        self,
        colors: Sequence[str],
        history: Sequence[Sequence[float]],
        legend: Sequence[tuple[str, str]] = (),
        title: str | None = None,
        short_legend: Sequence[tuple[str, str]] = (),
        turns: Sequence[int] = (),
    ) -> None:
        """Replace everything: ``history[t][i]`` is series i's value at point ``t``; ``legend``
        names each series (its words, its style); ``short_legend`` where those do not fit;
        ``turns``: each point's turn, when points were skipped (odds a fast game never had)."""
        self.turns = list(turns) if len(turns) == len(history) else []
        self.series_colors = list(colors)
        self.series = (
            [list(column) for column in zip(*history, strict=True)] if history else [[] for _ in colors]
        )
        self.legend = list(legend)
        self.short_legend = list(short_legend)
        if title is not None:
            self.title = title
        self._redraw()

    def set_cursor(self, cursor: int | None, marks: Sequence[int] = ()) -> None:
        """Mark point ``cursor`` with a line and ``▲`` under the axis, and ``marks`` with a
        ``◆`` there (``None``: the axis's words again)."""
        self.cursor, self.marks = cursor, list(marks)
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self.is_mounted:  # a new theme: the colours are worked out again
            self.call_later(self._redraw)

    def _redraw(self) -> None:
        width, height = self.size.width, self.size.height
        low, high = self.y_range or nice_range(self.series)
        points = max(0, len(self.series[0]) - 1) if self.series else 0
        # Each line and legend entry in its colour, readable on the chart's background.
        background = self.base_style.bgcolor
        lines = framed_chart(
            self.series,
            [ink(self.app, color, background) for color in self.series_colors],
            width=width,
            height=height,
            title=self.title,
            short_title=self.short_title,
            legend=[(label, ink(self.app, color, background)) for label, color in self.legend],
            short_legend=[(label, ink(self.app, color, background)) for label, color in self.short_legend],
            low=low,
            high=high,
            x_label=f"{self.x_label} {self.turn_of(0)} … {self.turn_of(points)}",
            # Without colour the lines are told apart by their players' tokens at their ends.
            ends=[label for label, _ in self.short_legend] if self.app.no_color else (),
        )
        self._lines = lines
        self._show()

    def turn_of(self, point: int) -> int:
        return self.turns[point] if point < len(self.turns) else point

    def _show(self) -> None:
        lines, width = self._lines, self.size.width
        points = max(0, len(self.series[0]) - 1) if self.series else 0
        if self.cursor is not None and self.cursor <= points:
            marks = [mark for mark in self.marks if mark <= points]
            lines = with_cursor(lines, points + 1, width, self.cursor, marks)
        read = self.hovered if self.hovered is not None else self.cursor
        if self.readout and lines and read is not None and read <= points and self.series[0]:
            lines = [self._readout(read), *lines[1:]]
        console = self.app.console
        self._strips = [Strip(list(line.render(console))).adjust_cell_length(width) for line in lines]
        self.refresh()

    def _readout(self, point: int) -> Text:
        """The title line with the values at ``point``: ``turn 12  ● 33%  ▲ 37%``."""
        labels = self.short_legend or self.legend
        background = self.base_style.bgcolor
        text = Text(f"{self.x_label} {self.turn_of(point)}", style="bold")
        # The players' chances at that point: a set that adds up to 100% (largest remainder).
        values = percent_shares([line[point] for line in self.series])
        for (label, color), value in zip(labels, values, strict=False):
            text.append("  ")
            text.append(label, style=ink(self.app, color, background))
            text.append(f" {value}")
        text.truncate(self.size.width, overflow="ellipsis")
        return text

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The point under the mouse, read out in the title line."""
        lines = self._lines
        count = len(self.series[0]) if self.series else 0
        hovered = None
        if self.readout and count and len(lines) > 2 and "┤" in lines[1].plain:
            indent = lines[1].plain.index("┤") + 1
            plot = max(1, self.size.width - indent)
            if 0 < event.y < len(lines) - 1 and event.x >= indent:
                columns = [point_column(i, count, plot) for i in range(count)]
                hovered = min(range(count), key=lambda i: abs(columns[i] - (event.x - indent)))
        if hovered != self.hovered:
            self.hovered = hovered
            self._show()

    def on_leave(self, event: events.Leave) -> None:
        if self.hovered is not None:
            self.hovered = None
            self._show()

    def render_line(self, y: int) -> Strip:
        # Segments without colours of their own take the widget's (and so the theme's).
        strip = self._strips[y] if y < len(self._strips) else Strip([Segment(" " * self.size.width)])
        return strip.apply_style(self.base_style)
