"""Line charts and point plots in braille characters: each character cell holds 2 × 4 dots."""

from __future__ import annotations

from collections.abc import Sequence

_BASE = 0x2800
# Bit of each dot, indexed [row][column] within a cell (Unicode braille numbering).
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille_chart(
    series: Sequence[Sequence[float]], width: int, height: int, low: float = 0.0, high: float = 1.0
) -> list[list[tuple[str, int | None]]]:
    """Rasterise each series as a connected line over the full width.

    Returns ``height`` rows of ``width`` ``(character, series index)`` cells; the index says
    whose colour the cell takes (``None`` for an empty cell). A cell that several series pass
    through goes to each of them in turn along the row, so lines that run together show as
    alternating dashes and no line hides another. Points are spread evenly from the left edge
    to the right edge; values are clipped to ``[low, high]``.
    """
    dots_x, dots_y = width * 2, height * 4
    bits = [[0] * width for _ in range(height)]
    owners: list[list[set[int]]] = [[set() for _ in range(width)] for _ in range(height)]
    if width <= 0 or height <= 0:
        return []
    span = (high - low) or 1.0

    def plot(x: int, y: int, index: int) -> None:
        row, column = divmod(y, 4)[0], x // 2
        bits[row][column] |= _DOTS[y % 4][x % 2]
        owners[row][column].add(index)

    for index, values in enumerate(series):
        if not values:
            continue
        count = len(values)
        points = []
        for i, value in enumerate(values):
            x = _dot_x(i, count, dots_x)
            clipped = min(max(value, low), high)
            y = round((high - clipped) / span * (dots_y - 1))
            points.append((x, y))
        for (x0, y0), (x1, y1) in zip(points, points[1:] or points, strict=False):
            steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for step in range(steps + 1):
                plot(round(x0 + (x1 - x0) * step / steps), round(y0 + (y1 - y0) * step / steps), index)
    return [
        [(chr(_BASE + bits[r][c]) if bits[r][c] else " ", _owner(owners[r][c], c)) for c in range(width)]
        for r in range(height)
    ]


def _dot_x(index: int, count: int, dots_x: int) -> int:
    return round(index * (dots_x - 1) / (count - 1)) if count > 1 else 0


def point_column(index: int, count: int, width: int) -> int:
    """The character column where :func:`braille_chart` draws point ``index`` of ``count``."""
    return _dot_x(index, count, width * 2) // 2


def _owner(indices: set[int], column: int) -> int | None:
    if not indices:
        return None
    ordered = sorted(indices)
    return ordered[column % len(ordered)]


def braille_points(
    layers: Sequence[Sequence[tuple[float, float]]],
    width: int,
    height: int,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    *,
    big: Sequence[bool] = (),
) -> list[list[tuple[str, int | None]]]:
    """Each layer's points ``(x, y)`` as dots, in the cells of :func:`braille_chart`'s answer.

    ``y`` grows upwards; points outside the ranges are left out. A cell takes the colour of the
    last layer with a dot in it (draw the most important last); a layer marked in ``big`` puts
    each point as a 2 × 2 block of dots in one cell, seen where one dot is lost. A dot is as
    wide as it is tall on a terminal whose cells are twice as tall as wide: the same scale on
    both axes (``x`` span / ``2·width`` = ``y`` span / ``4·height``) keeps a circle round.
    """
    if width <= 0 or height <= 0:
        return []
    dots_x, dots_y = width * 2, height * 4
    bits = [[0] * width for _ in range(height)]
    owners: list[list[int | None]] = [[None] * width for _ in range(height)]
    (left, right), (bottom, top) = x_range, y_range
    for index, points in enumerate(layers):
        large = index < len(big) and big[index]
        block = ((0, 0), (1, 0), (0, 1), (1, 1)) if large else ((0, 0),)
        for x, y in points:
            if not (left <= x <= right and bottom <= y <= top):
                continue
            column = min(int((x - left) / (right - left) * dots_x), dots_x - 1)
            row = min(int((top - y) / (top - bottom) * dots_y), dots_y - 1)
            if large:  # the block's corner on even dots: the block stays in one cell
                column, row = column - column % 2, row - row % 2
            for dx, dy in block:
                cx, cy = column + dx, row + dy
                bits[cy // 4][cx // 2] |= _DOTS[cy % 4][cx % 2]
                owners[cy // 4][cx // 2] = index
    return [
        [(chr(_BASE + bits[r][c]) if bits[r][c] else " ", owners[r][c]) for c in range(width)]
        for r in range(height)
    ]
