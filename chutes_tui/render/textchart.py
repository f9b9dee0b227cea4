"""A small column chart in block characters, for printing distributions in a terminal."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.text import Text

from chutes_tui.render.braille import braille_chart, point_column

_BLOCKS = " ▁▂▃▄▅▆▇█"


def column_chart(
    values: Sequence[float], first: int, *, width: int = 60, height: int = 8, unit: str = "turns"
) -> list[str]:
    """Render ``values`` (indexed from ``first``) as ``height`` rows of columns plus an axis.

    Consecutive values are summed into at most ``width`` columns so that the chart shows
    probability mass per column; each column's height is drawn in eighths of a row.
    """
    if not values:
        return []
    per_column = max(1, math.ceil(len(values) / width))
    columns = [sum(values[i : i + per_column]) for i in range(0, len(values), per_column)]
    peak = max(columns) or 1.0
    eighths = [round(value / peak * height * 8) for value in columns]
    rows = []
    for level in range(height, 0, -1):
        floor = (level - 1) * 8
        rows.append("".join(_BLOCKS[min(max(e - floor, 0), 8)] for e in eighths).rstrip())
    last = first + len(values) - 1
    axis = "└" + "─" * (len(columns) - 1)
    left, right = str(first), str(last)
    labels = left + " " * max(1, len(columns) - len(left) - len(right)) + right
    grouped = f"  (each column: {per_column} {unit})" if per_column > 1 else ""
    return [*rows, axis, labels + grouped]


def line_chart(
    series: Sequence[Sequence[float]],
    styles: Sequence[str],
    *,
    low: float,
    high: float,
    width: int = 60,
    height: int = 10,
    axis: Sequence[tuple[float, str]] = (),
    ends: Sequence[str] = (),
) -> list[Text]:
    """Lines in braille characters, each series in its style; ``axis`` labels y values
    (``(value, label)``) on the left; ``ends``: a character per series put at its last point
    (the lines told apart without colour: NO_COLOR)."""
    raster = braille_chart(series, width, height, low, high)
    span = (high - low) or 1.0
    on_row: dict[int, list[tuple[float, int]]] = {}  # ends that fall on one row sit side by side
    for index, (values, _) in enumerate(zip(series, ends, strict=False)):
        if values and raster:
            value = min(max(values[-1], low), high)
            on_row.setdefault(round((high - value) / span * (height - 1)), []).append((-value, index))
    for row, found in on_row.items():
        for place, (_, index) in enumerate(sorted(found)[:width]):  # highest first
            raster[row][width - min(len(found), width) + place] = (ends[index], index)
    label_width = max((len(label) for _, label in axis), default=0)
    rows_for = {round((high - value) / (high - low) * (height - 1)): label for value, label in axis}
    lines = []
    for row, cells in enumerate(raster):
        line = Text()
        line.append(rows_for.get(row, "").rjust(label_width) + "┤", style="dim")  # not the lines
        run: list[str] = []  # consecutive cells of one colour: one span
        run_owner: int | None = None
        for char, owner in cells:
            if owner != run_owner and run:
                line.append("".join(run), style=styles[run_owner] if run_owner is not None else "")
                run = []
            run.append(char)
            run_owner = owner
        if run:
            line.append("".join(run), style=styles[run_owner] if run_owner is not None else "")
        lines.append(line)
    return lines


def nice_range(
    series: Sequence[Sequence[float]], *, step: float = 0.05, min_span: float = 0.2
) -> tuple[float, float]:
    """A y range for probabilities: the values' range widened to multiples of ``step``, at least
    ``min_span`` wide and within [0, 1] -- so lines a few points apart do not sit on one row,
    and a chart never claims a 100% it does not show."""
    values = [v for s in series for v in s]
    if not values:
        return 0.0, 1.0
    steps = round(1 / step)  # counted in whole steps, so the ends print as round figures
    low = max(0, math.floor(min(values) * steps + 1e-9))
    high = min(steps, math.ceil(max(values) * steps - 1e-9))
    wanted = math.ceil(min_span * steps - 1e-9)
    while high - low < wanted and (low > 0 or high < steps):
        low, high = max(0, low - 1), min(steps, high + 1)
    if (high - low) % 2:  # an even number of steps: the middle tick is round too
        high, low = (high + 1, low) if high < steps else (high, low - 1)
    return low / steps, high / steps


def framed_chart(
    series: Sequence[Sequence[float]],
    styles: Sequence[str],
    *,
    width: int,
    height: int,
    title: str,
    legend: Sequence[tuple[str, str]],
    short_title: str | None = None,
    short_legend: Sequence[tuple[str, str]] = (),
    low: float,
    high: float,
    fmt: str = "{:.0%}",
    x_label: str = "",
    ends: Sequence[str] = (),
) -> list[Text]:
    """``height`` lines: the title and a legend (each entry in its style; ``short_title`` where
    the whole legend does not fit beside ``title``; ``short_legend``, a space apart, where it does
    not fit beside that either: twelve players' names do not, their tokens do), the lines with
    labelled y values at the top, middle and bottom (``ends``: see :func:`line_chart`), and the x
    axis's words."""
    if height < 3 or width < 8:
        return [Text(title, style="bold")][:height]
    room = sum(2 + len(label) for label, _ in legend)
    head = Text(title if short_title is None or len(title) + room <= width else short_title, style="bold")
    gap = "  "
    if short_legend and head.cell_len + room > width:
        legend, gap = short_legend, " "
    for label, style in legend:
        if head.cell_len + len(gap) + len(label) > width:
            break
        head.append(gap if head else "")
        head.append(label, style=style)
    ticks = [
        (high, fmt.format(high)),
        ((low + high) / 2, fmt.format((low + high) / 2)),
        (low, fmt.format(low)),
    ]
    label_width = max(len(label) for _, label in ticks) + 1
    plot = max(1, width - label_width)
    rows = line_chart(
        series, styles, low=low, high=high, width=plot, height=height - 2, axis=ticks, ends=ends
    )
    return [head, *rows, Text(" " * label_width + x_label, style="dim")]


def with_cursor(
    lines: Sequence[Text], count: int, width: int, cursor: int, marks: Sequence[int]
) -> list[Text]:
    """A :func:`framed_chart` of ``count`` points, ``width`` wide, with point ``cursor`` marked
    by a dotted vertical line and, in place of the axis's words, ``▲`` under it; ``marks``
    (points) get a ``◆`` there. (Kept apart so that moving the cursor redraws no lines.)"""
    if len(lines) < 3 or "┤" not in lines[1].plain:
        return list(lines)
    indent = lines[1].plain.index("┤") + 1
    plot = max(1, width - indent)
    where = point_column(cursor, count, plot)
    rows = [_through(row, indent + where) for row in lines[1:-1]]  # the lines stay whole
    marked = [point_column(mark, count, plot) for mark in marks]
    return [lines[0], *rows, _cursor_axis(indent, plot, where, marked)]


def _through(row: Text, column: int) -> Text:
    """``row`` with a dim ``│`` in ``column`` where it is empty."""
    if column >= len(row.plain) or row.plain[column] != " ":
        return row
    return Text.assemble(row[:column], ("│", "dim"), row[column + 1 :])


def _cursor_axis(indent: int, width: int, cursor: int, marks: Sequence[int]) -> Text:
    """The axis line under a chart with a cursor: ``◆`` at each mark, ``▲`` at the cursor."""
    cells = [" "] * width
    for column in marks:
        cells[column] = "◆"
    cells[cursor] = "▲"
    line = Text(" " * indent)
    line.append("".join(cells), style="bold")
    return line
