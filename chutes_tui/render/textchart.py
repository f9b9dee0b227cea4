"""A small column chart in block characters, for printing distributions in a terminal."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.text import Text

from chutes_tui.render.braille import braille_chart

_BLOCKS = " ▁▂▃▄▅▆▇█"


def column_chart(values: Sequence[float], first: int, *, width: int = 60, height: int = 8) -> list[str]:
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
    unit = f"(each column: {per_column} turns)" if per_column > 1 else ""
    return [*rows, axis, labels + ("  " + unit if unit else "")]


def line_chart(
    series: Sequence[Sequence[float]],
    styles: Sequence[str],
    *,
    low: float,
    high: float,
    width: int = 60,
    height: int = 10,
    axis: Sequence[tuple[float, str]] = (),
) -> list[Text]:
    """Lines in braille characters, each series in its style; ``axis`` labels y values
    (``(value, label)``) on the left."""
    raster = braille_chart(series, width, height, low, high)
    label_width = max((len(label) for _, label in axis), default=0)
    rows_for = {round((high - value) / (high - low) * (height - 1)): label for value, label in axis}
    lines = []
    for row, cells in enumerate(raster):
        line = Text(rows_for.get(row, "").rjust(label_width) + "┤", style="dim")
        for char, owner in cells:
            line.append(char, style=styles[owner] if owner is not None else "")
        lines.append(line)
    return lines
