"""The board: one scrolling line-API widget (Textual's checker pattern) that shows a painted
board (:mod:`chutes_tui.render.boardpaint`): numbers, tokens, the drawn ladders and chutes, the
trail, an overlay and the cursor. Cells grow with the widget; a board too large for it is laid
out at its smallest readable size and scrolls, and ``[``/``]`` zoom out and in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from chutes_tui.app.keymap import key
from chutes_tui.app.themes import seat_colors
from chutes_tui.app.widgets.basestyle import CachedBaseStyle
from chutes_tui.model.board import Board
from chutes_tui.model.players import PlayerSpec
from chutes_tui.render.boardpaint import Overlay, Scene, paint_line, shared_cells
from chutes_tui.render.grid import Layout
from chutes_tui.render.jumps import drawn

MAX_ZOOM = 4
# The side panel beside a board: at most this wide, and at least this wide unless the board needs
# the room at its smallest squares; never narrower than the floor (a board that would need more
# scrolls beside a panel of the usual width).
SIDE_WIDTH, SIDE_MIN_WIDTH, SIDE_FLOOR = 58, 30, 18


def smallest_width(board: Board, height: int, scrollbar: int) -> int:
    """Columns a board needs at its smallest squares in ``height`` lines, a scrollbar included
    when its rows do not fit."""
    layout = Layout.fit(board, 0, height)
    return layout.width + (scrollbar if layout.height > height else 0)


def give_board_room(view: BoardView, side: Widget, width: int, height: int) -> None:
    """Narrow the side panel beside ``view`` in a ``width``-column screen so the board's every
    column shows (60 columns: the board's 40 and a panel of 20), not below :data:`SIDE_FLOOR`;
    ``height``: the board's lines."""
    room = width - smallest_width(view.board, height, view.styles.scrollbar_size_vertical)
    # A board too wide for any panel beside it scrolls anyway: the panel keeps its usual width.
    widest = min(SIDE_WIDTH, room) if room >= SIDE_FLOOR else SIDE_WIDTH
    side.styles.max_width = widest
    side.styles.min_width = min(SIDE_MIN_WIDTH, widest)


class BoardView(CachedBaseStyle, ScrollView, can_focus=True):
    """A serpentine board. Positions, trail, overlay and cursor are set by the screen."""

    # The board's colours come from the theme (its surface, panel, success and error colours),
    # so every theme reaches the board; a stylesheet can restyle any part of it.
    COMPONENT_CLASSES = {
        "board--cell",
        "board--cell-alt",
        "board--number",
        "board--trail",
        "board--ladder",
        "board--chute",
        "board--ladder-path",
        "board--chute-path",
        "board--highlight",
        "board--highlight-path",
        "board--start",
    }
    DEFAULT_CSS = """
    BoardView { width: 1fr; height: 1fr; min-width: 10; min-height: 4; }
    BoardView > .board--cell { background: $surface; }
    BoardView > .board--cell-alt { background: $panel; }
    BoardView > .board--number { color: $foreground; }
    BoardView > .board--trail { background: $warning-muted; }
    BoardView > .board--ladder { color: $text-success; }
    BoardView > .board--chute { color: $text-error; }
    BoardView > .board--ladder-path { background: $success-muted; }
    BoardView > .board--chute-path { background: $error-muted; }
    BoardView > .board--highlight { color: $text-accent; }
    BoardView > .board--highlight-path { background: $accent-muted; }
    BoardView > .board--start { color: $foreground; }
    """

    BINDINGS = [
        # system: the help says "arrow keys move the board cursor" once, not four rows
        Binding("up", "cursor(0, -1)", "Cursor up", show=False, system=True),
        Binding("down", "cursor(0, 1)", "Cursor down", show=False, system=True),
        Binding("left", "cursor(-1, 0)", "Cursor left", show=False, system=True),
        Binding("right", "cursor(1, 0)", "Cursor right", show=False, system=True),
        key("zoom_in", show=False),
        key("zoom_out", show=False),
    ]

    class CursorMoved(Message):
        """The board cursor moved to ``square`` (``None``: off the board)."""

        def __init__(self, square: int | None) -> None:
            super().__init__()
            self.square = square

    def __init__(self, board: Board, players: Sequence[PlayerSpec], *, id: str | None = None) -> None:
        # Before Widget's __init__, which may already call notify_style_update.
        self._cells: dict[tuple[Any, ...], list[Segment]] | None = None  # painted cell lines (_painted)
        self._lines: dict[int, Strip] = {}  # painted board lines, margin included, by board line
        super().__init__(id=id)
        self.board = board
        self.players = list(players)
        # Every piece's square: each player's pawns in turn (one pawn each on most boards).
        self.positions = [board.start] * (len(self.players) * board.pawns)
        self.trail: list[int] = []
        self.cursor: int | None = None
        self.to_move = 0  # the seat whose token a zoom keeps in view when there is no cursor
        self.overlay: Overlay | None = None
        self.zoom = 0
        self._palette: dict[str, Any] | None = None
        self._layout = Layout.fit(board, 0, 0)
        self._art = drawn(board, self._layout)
        self._fitted = Size(0, 0)  # the widget size the layout was fitted to
        self._lines_width = 0  # the width the painted lines were painted for (their margin)

    # -- state from the screen --------------------------------------------------------------------

    def reset(self, board: Board, players: Sequence[PlayerSpec], positions: Sequence[int]) -> None:
        """A new board and players; ``positions``: every piece's square, each player's pawns in
        turn (:meth:`Game.piece_squares`)."""
        self.board = board
        self.players = list(players)
        self.positions = list(positions)
        self.trail = []
        self._forget()
        self._relayout()
        self.refresh()  # everything: set_overlay after a reset may repaint only what it changes
        # A board larger than the widget opens at its bottom row: square 1 and the start.
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True)

    def place(self, seat: int, square: int, pawn: int = 0) -> None:
        """Move one token (with pawns: one pawn's); only the two cells involved are repainted."""
        piece = seat * self.board.pawns + pawn
        old = self.positions[piece]
        if old == square:
            return
        self.positions[piece] = square
        self._refresh_squares(old, square)

    def place_all(self, positions: Sequence[int]) -> None:
        """Every piece where ``positions`` says (as :meth:`reset` takes them): the cells of the
        pieces that moved -- a turn's mover, and those the bump rule sent back -- repainted."""
        for piece, square in enumerate(positions):
            if self.positions[piece] != square:
                old, self.positions[piece] = self.positions[piece], square
                self._refresh_squares(old, square)

    def reveal(self, square: int) -> None:
        """Scroll, as little as needed, to show ``square`` (a token that climbed out of view on a
        board larger than the widget); nothing moves while the cursor is out, it leads the view."""
        if self.cursor is None:
            self.scroll_to_region(self._cell_region(square), animate=False, immediate=True)

    def set_trail(self, squares: Sequence[int]) -> None:
        changed = set(self.trail) ^ set(squares)
        self.trail = list(squares)
        self._refresh_squares(*changed)

    def set_overlay(self, overlay: Overlay | None) -> None:
        old, self.overlay = self.overlay, overlay
        if old is not None and overlay is not None:
            # One overlay after another (the flow's slider): a cell shows only its scale step,
            # so repaint the cells whose step changed -- after the first turns, a handful -- and
            # the legend line under the grid.
            changed = [s for s in range(1, self.board.end + 1) if old.step(s) != overlay.step(s)]
            self._refresh_squares(*changed)
            legend = self._layout.grid_height
            self._refresh_virtual(Region(0, legend, max(self.virtual_size.width, self.size.width) + 1, 1))
            return
        self._lines.clear()  # the painted cells stay: their keys hold the overlay's step
        self.refresh()

    def set_cursor(self, square: int | None) -> None:
        if square == self.cursor:
            return
        before = self._highlight()
        old, self.cursor = self.cursor, square
        after = self._highlight()
        for index in {before, after} - {None}:
            self._refresh_virtual(self._jump_region(index))  # type: ignore[arg-type]
        self._refresh_squares(*(s for s in (old, square) if s is not None))
        if square is not None:
            self.scroll_to_region(self._cell_region(square), animate=False, immediate=True)
        self.post_message(self.CursorMoved(square))

    # -- geometry ---------------------------------------------------------------------------------

    @property
    def grid(self) -> Layout:
        return self._layout

    def on_resize(self, event: events.Resize) -> None:
        self._relayout()

    def _relayout(self) -> None:
        self._fit()
        width, height = self.size
        layout = self._layout
        scrolls = layout.height > height
        if scrolls:
            width -= self.styles.scrollbar_size_vertical
        # Textual decides on scrollbars before this new layout: a board that fits says so.
        self.styles.overflow_y = "auto" if scrolls else "hidden"
        self.styles.overflow_x = "auto" if layout.width > width else "hidden"
        self.virtual_size = Size(layout.width, layout.height)
        self.refresh()

    def _fit(self) -> None:
        """Fit the layout to the widget's size (the painted cells and lines go if it changed).

        Fitted to the whole widget, not to what a scrollbar shown a moment ago leaves: a board
        that fills the height exactly would otherwise keep a scrollbar it no longer needs."""
        width, height = self._fitted = self.size
        layout = Layout.fit(self.board, width, height, self.zoom)
        if layout.height > height:  # room for the vertical scrollbar
            layout = Layout.fit(self.board, width - self.styles.scrollbar_size_vertical, height, self.zoom)
        if layout != self._layout or self._art.jumps != self.board.jumps:
            self._layout = layout
            self._art = drawn(self.board, layout)
            self._cells = None
            self._lines.clear()

    @property
    def x_offset(self) -> int:
        """Columns of margin that centre the grid in the widget (none when it scrolls)."""
        return max(0, (self.scrollable_content_region.width - self._layout.width) // 2)

    def square_at(self, x: int, y: int) -> int | None:
        """The square under widget coordinates ``(x, y)``."""
        scroll_x, scroll_y = self.scroll_offset
        return self._layout.square_at(x + scroll_x - self.x_offset, y + scroll_y)

    def _cell_region(self, square: int) -> Region:
        """A square's cell in board (virtual) coordinates, margin included."""
        layout = self._layout
        if square == self.board.start and square == 0:
            return Region(0, layout.grid_height, max(layout.width, 1), 1)
        if not 1 <= square <= self.board.end:
            return Region(0, 0, 0, 0)
        x, y = layout.origin(square)
        return Region(x + self.x_offset, y, layout.cell_width, layout.row_height(layout.cell(square)[1]))

    def _jump_region(self, index: int) -> Region:
        chars = self._art.chars(index) if index < len(self._art.jumps) else frozenset()
        if not chars:
            return Region(0, 0, 0, 0)
        xs, ys = [x for x, _ in chars], [y for _, y in chars]
        return Region(min(xs) + self.x_offset, min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def _forget(self) -> None:
        """Everything painted is out of date (a new board, overlay or colours)."""
        self._cells = None
        self._lines.clear()

    def _refresh_virtual(self, region: Region) -> None:
        """Repaint a region of the board: every change to what it shows comes through here or
        through :meth:`_forget`, so the painted lines kept are the ones still true."""
        if region.area:
            for y in range(region.y, region.bottom):
                self._lines.pop(y, None)
            scroll_x, scroll_y = self.scroll_offset
            self.refresh(region.translate((-scroll_x, -scroll_y)))

    def _refresh_squares(self, *squares: int) -> None:
        for square in squares:
            self._refresh_virtual(self._cell_region(square))

    def _highlight(self) -> int | None:
        """Index (in the drawing) of the jump whose either end is under the cursor."""
        if self.cursor is None:
            return None
        jump = self.board.jump_at(self.cursor)
        return self._art.jumps.index(jump) if jump in self._art.jumps else None

    def _highlighted(self) -> set[int]:
        """Squares on the path of the jump under the cursor (either end)."""
        jump = self.board.jump_at(self.cursor) if self.cursor is not None else None
        return set(self._layout.path(*jump)) if jump else set()

    # -- input ------------------------------------------------------------------------------------

    def on_mouse_move(self, event: events.MouseMove) -> None:
        square = self.square_at(event.x, event.y)
        if square is not None:
            self.set_cursor(square)

    def on_click(self, event: events.Click) -> None:
        square = self.square_at(event.x, event.y)
        if square is not None:
            self.set_cursor(square)

    def on_leave(self, event: events.Leave) -> None:
        if not self.has_focus:
            self.set_cursor(None)

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None:
            self.set_cursor(self.positions[0] if self.positions else 1)
            return
        self.set_cursor(self._layout.neighbour(self.cursor, dx, dy))

    def action_zoom(self, step: int) -> None:
        """Larger or smaller squares than fit the window (a larger board then scrolls); smaller
        only while part of the board is out of view (else it would just leave lines empty)."""
        if step < 0 and self.zoom <= 0 and self._layout.fits_in(*self.size):
            self.notify("The whole board is in view already.", timeout=3, markup=False)
            return
        self.zoom = max(-MAX_ZOOM, min(MAX_ZOOM, self.zoom + step))
        self._relayout()
        # What the player looks at stays in view: the cursor, else the token to move. After the
        # refresh: until then the scroll limits are the old layout's.
        square = self.cursor
        if square is None and 0 <= self.to_move < len(self.players):
            square = self.positions[self.to_move * self.board.pawns]
        if square is not None:
            region = self._cell_region(square)
            self.call_after_refresh(self.scroll_to_region, region, animate=False, immediate=True)

    # -- drawing ----------------------------------------------------------------------------------

    def _colors(self) -> dict[str, Any]:
        """The component classes' colours, read once per style change (themes change them)."""
        if self._palette is None:

            def style(name: str) -> Style:
                return self.get_component_rich_style(f"board--{name}", partial=True)

            self._palette = {
                "cell": style("cell").bgcolor,
                "cell_alt": style("cell-alt").bgcolor,
                "number": style("number").color,
                "trail": style("trail").bgcolor,
                "ladder": style("ladder").color,
                "chute": style("chute").color,
                "ladder_path": style("ladder-path").bgcolor,
                "chute_path": style("chute-path").bgcolor,
                "highlight": style("highlight").color,
                "highlight_path": style("highlight-path").bgcolor,
                "start": style("start").color,
            }
        return self._palette

    def notify_style_update(self) -> None:
        self._palette = None
        self._forget()
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        if self.size != self._fitted:  # Textual paints a new size before sending its Resize
            self._fit()
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        if width != self._lines_width:  # the margin centring the grid changed (a scrollbar)
            self._lines.clear()
            self._lines_width = width
        strip = self._lines.get(y + scroll_y)
        if strip is None:
            strip = self._lines[y + scroll_y] = self._paint(y + scroll_y, width)
        # Margins and other segments without colours of their own take the theme's.
        return strip.crop(scroll_x, scroll_x + width).adjust_cell_length(width).apply_style(self.base_style)

    def _paint(self, y: int, width: int) -> Strip:
        """Board line ``y`` (board coordinates), its margin included."""
        pawns = self.board.pawns
        scene = Scene(
            self.board,
            self._layout,
            self._art,
            [spec for spec in self.players for _ in range(pawns)],
            self.positions,
            self._colors(),
            frozenset(self.trail),
            self.cursor,
            self.overlay,
            self._highlight(),
        )
        scene.line_width = max(self._layout.width, width - self.x_offset)
        scene.theme, scene.background = self.app.ansi_theme, self.base_style.bgcolor
        scene.seat_colors = seat_colors(self.app)
        scene.labels = [str(pawn + 1) for _ in self.players for pawn in range(pawns)] if pawns > 1 else []
        if self._cells is None:
            self._cells = shared_cells(scene)
        scene.cells = self._cells
        return Strip(paint_line(scene, y, self.x_offset)).simplify()
