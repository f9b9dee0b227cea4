"""Where each square of a board is drawn: the serpentine grid, cell sizes, jump paths.

Pure geometry for any front end. Square 1 is bottom-left; rows alternate direction; the
start square 0 (off the board) gets a line of its own below the grid.

Cells grow with the space they are given (:meth:`Layout.fit`), down to a smallest cell that
still shows every number (:func:`min_cell_width`); a board that does not fit at that size is
laid out at it anyway, larger than the space, for a front end to scroll. ``zoom`` steps the cell
size from the fitted one (positive: larger, for a closer look; negative: smaller).

Lines the rows leave over (fewer than there are rows) are shared out one to a row, evenly: row
``r`` starts on line ``r·h + ⌊r·e/R⌋`` (``h`` the cell height, ``e`` the spare lines, ``R`` the
rows), so a board fills the height it is given instead of leaving up to ``R - 1`` lines empty.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from chutes_tui.model.board import Board

MAX_CELL_WIDTH = 24
MAX_CELL_HEIGHT = 8
# A cell is at most this many times as wide as it is tall (characters are about twice as tall
# as wide, so 3 keeps squares looking square-ish when the window is very wide).
MAX_ASPECT = 3


def min_cell_width(board: Board) -> int:
    """Room for the largest square number and one more character (a token or the drawing)."""
    return max(3, len(str(board.end)) + 1)


@dataclass(frozen=True)
class Layout:
    """A board laid out in ``columns × rows`` cells of ``cell_width × cell_height`` characters."""

    board: Board
    columns: int
    rows: int
    cell_width: int
    cell_height: int  # the shortest row's lines; ``extra`` rows have one more
    extra: int = 0

    @classmethod
    def fit(cls, board: Board, width: int, height: int, zoom: int = 0) -> Layout:
        """The largest cells that fit ``width × height`` characters (one line kept for the start),
        then ``zoom`` steps larger or smaller; never smaller than every number needs."""
        columns = min(board.width, board.end)
        rows = math.ceil(board.end / columns)
        cell_height = min(MAX_CELL_HEIGHT, max(1, (max(0, height) - 1) // rows))
        cell_width = min(MAX_CELL_WIDTH, max(0, width) // columns, MAX_ASPECT * 2 * cell_height)
        cell_width += zoom * 2
        cell_height += zoom
        cell_width = max(min_cell_width(board), min(MAX_CELL_WIDTH, cell_width))
        cell_height = max(1, min(MAX_CELL_HEIGHT, cell_height))
        extra = 0
        if zoom == 0 and cell_height < MAX_CELL_HEIGHT:
            extra = min(rows - 1, max(0, height - 1 - rows * cell_height))
        return cls(board, columns, rows, cell_width, cell_height, extra)

    @property
    def width(self) -> int:
        return self.columns * self.cell_width

    @property
    def grid_height(self) -> int:
        """Lines of the grid (the start line is the next)."""
        return self.rows * self.cell_height + self.extra

    @property
    def height(self) -> int:
        """Grid lines plus the start line."""
        return self.grid_height + 1

    def row_top(self, row: int) -> int:
        """The first line of grid row ``row`` (0 at the top; ``rows``: the start line)."""
        return row * self.cell_height + row * self.extra // self.rows

    def row_height(self, row: int) -> int:
        return self.row_top(row + 1) - self.row_top(row)

    def row_at(self, y: int) -> tuple[int, int]:
        """``(row, line within it)`` of grid line ``y`` (``0 <= y < grid_height``)."""
        row = min(self.rows - 1, y * self.rows // max(1, self.grid_height))
        while row > 0 and self.row_top(row) > y:
            row -= 1
        while row + 1 < self.rows and self.row_top(row + 1) <= y:
            row += 1
        return row, y - self.row_top(row)

    def centre(self, square: int) -> tuple[float, float]:
        """The middle of a square's cell in characters (a jump to the start: square 1's)."""
        column, row = self.jump_cell(square)
        return (column + 0.5) * self.cell_width, self.row_top(row) + self.row_height(row) / 2

    def fits_in(self, width: int, height: int) -> bool:
        return self.width <= width and self.height <= height

    def cell(self, square: int) -> tuple[int, int]:
        """``(column, row)`` of a board square, row 0 at the top."""
        if not 1 <= square <= self.board.end:
            raise ValueError(f"square {square} is not on the board")
        index = square - 1
        from_bottom, along = divmod(index, self.columns)
        column = along if from_bottom % 2 == 0 else self.columns - 1 - along
        return column, self.rows - 1 - from_bottom

    def jump_cell(self, square: int) -> tuple[int, int]:
        """The cell a jump's end is drawn in: a chute back to the start square 0, which has no
        cell, is drawn to square 1's."""
        return self.cell(1 if square == 0 else square)

    def square_at(self, x: int, y: int) -> int | None:
        """The square drawn at character ``(x, y)``, if any (the start line gives the start)."""
        if x < 0 or y < 0:
            return None
        if y == self.grid_height:
            return self.board.start if x < self.width else None
        column = x // self.cell_width
        if column >= self.columns or y > self.grid_height:
            return None
        row = self.row_at(y)[0]
        from_bottom = self.rows - 1 - row
        along = column if from_bottom % 2 == 0 else self.columns - 1 - column
        square = from_bottom * self.columns + along + 1
        return square if square <= self.board.end else None

    def origin(self, square: int) -> tuple[int, int]:
        """Top-left character of a square's cell (the start line for the start square)."""
        if square == self.board.start and square == 0:
            return 0, self.grid_height
        column, row = self.cell(square)
        return column * self.cell_width, self.row_top(row)

    def neighbour(self, square: int, dx: int, dy: int) -> int:
        """The square one cell left/right (``dx``) or up/down (``dy``) on screen, if there is one."""
        if square == 0 or not 1 <= square <= self.board.end:
            return 1 if dy < 0 or dx > 0 else square
        column, row = self.cell(square)
        x = (column + dx) * self.cell_width
        y = self.row_top(row + dy) if 0 <= row + dy < self.rows else 0
        target = (
            self.square_at(x, y) if 0 <= column + dx < self.columns and 0 <= row + dy < self.rows else None
        )
        if target is None and dy > 0 and row + 1 == self.rows and self.board.start == 0:
            return 0
        return target if target is not None else square

    def path(self, tail: int, head: int) -> list[int]:
        """The squares on a straight line between two squares' cells, ends included."""
        (x0, y0), (x1, y1) = self.jump_cell(tail), self.jump_cell(head)
        steps = max(abs(x1 - x0), abs(y1 - y0))
        squares: list[int] = []
        seen: set[int] = set()  # a long board's ladder crosses thousands: no search of the list
        for step in range(steps + 1):
            t = step / steps if steps else 0.0
            x = round(x0 + (x1 - x0) * t)
            y = round(y0 + (y1 - y0) * t)
            found = self.square_at(x * self.cell_width, self.row_top(y))
            if found is not None and found not in seen:
                seen.add(found)
                squares.append(found)
        return squares
