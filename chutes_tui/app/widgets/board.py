"""The board: one line-API widget drawing every cell, tokens, jumps, trail and cursor."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from chutes_tui.model.board import Board
from chutes_tui.model.players import PlayerSpec
from chutes_tui.model.rules import JumpKind
from chutes_tui.model.text import shown
from chutes_tui.render.grid import Layout

# An 8-step perceptual scale (viridis); each step readable as a background on dark and light
# themes, with black or white numbers on top.
SCALE = ("#440154", "#46327e", "#365c8d", "#277f8e", "#1fa187", "#4ac16d", "#a0da39", "#fde725")
SCALE_TEXT = ("#ffffff",) * 5 + ("#000000",) * 3


@dataclass(frozen=True)
class Overlay:
    """Values to colour squares by (computed by the core; drawn here), and their legend."""

    label: str
    values: dict[int, float]
    low: float
    high: float
    fmt: str = "{:.1f}"

    def step(self, square: int) -> int | None:
        value = self.values.get(square)
        if value is None:
            return None
        span = self.high - self.low
        position = 0.0 if span <= 0 else (value - self.low) / span
        return min(len(SCALE) - 1, max(0, int(position * len(SCALE))))


class BoardView(Widget, can_focus=True):
    """A serpentine board. Positions, trail and cursor are set by the screen."""

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
        "board--start",
    }
    DEFAULT_CSS = """
    BoardView { width: 1fr; height: 1fr; min-width: 20; min-height: 6; }
    BoardView > .board--cell { background: $surface; }
    BoardView > .board--cell-alt { background: $panel; }
    BoardView > .board--number { color: $foreground; }
    BoardView > .board--trail { background: $warning-muted; }
    BoardView > .board--ladder { color: $text-success; }
    BoardView > .board--chute { color: $text-error; }
    BoardView > .board--ladder-path { background: $success-muted; }
    BoardView > .board--chute-path { background: $error-muted; }
    BoardView > .board--start { color: $foreground; }
    """

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Cursor up", show=False),
        Binding("down", "cursor(0, 1)", "Cursor down", show=False),
        Binding("left", "cursor(-1, 0)", "Cursor left", show=False),
        Binding("right", "cursor(1, 0)", "Cursor right", show=False),
    ]

    class CursorMoved(Message):
        """The board cursor moved to ``square`` (``None``: off the board)."""

        def __init__(self, square: int | None) -> None:
            super().__init__()
            self.square = square

    def __init__(self, board: Board, players: Sequence[PlayerSpec], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board = board
        self.players = list(players)
        self.positions = [board.start] * len(self.players)
        self.trail: list[int] = []
        self.cursor: int | None = None
        self.overlay: Overlay | None = None
        self._palette: dict[str, Any] | None = None
        self._layout = Layout.fit(board, 0, 0)

    # -- state from the screen --------------------------------------------------------------

    def reset(self, board: Board, players: Sequence[PlayerSpec], positions: Sequence[int]) -> None:
        self.board = board
        self.players = list(players)
        self.positions = list(positions)
        self.trail = []
        self._layout = Layout.fit(board, self.size.width, self.size.height)
        self.refresh()

    def place(self, seat: int, square: int) -> None:
        """Move one token; only the two cells involved are repainted."""
        old = self.positions[seat]
        if old == square:
            return
        self.positions[seat] = square
        self._refresh_squares(old, square)

    def set_trail(self, squares: Sequence[int]) -> None:
        changed = set(self.trail) ^ set(squares)
        self.trail = list(squares)
        self._refresh_squares(*changed)

    def set_overlay(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        self.refresh()

    def set_cursor(self, square: int | None) -> None:
        if square == self.cursor:
            return
        before = self._highlighted()
        old, self.cursor = self.cursor, square
        self._refresh_squares(*(before | self._highlighted() | {s for s in (old, square) if s is not None}))
        self.post_message(self.CursorMoved(square))

    # -- geometry ---------------------------------------------------------------------------

    @property
    def grid(self) -> Layout:
        return self._layout

    def on_resize(self, event: events.Resize) -> None:
        self._layout = Layout.fit(self.board, event.size.width, event.size.height)
        self.refresh()

    @property
    def x_offset(self) -> int:
        """Columns of margin that centre the grid in the widget."""
        return max(0, (self.size.width - self._layout.width) // 2) if self._layout.fits else 0

    def square_at(self, x: int, y: int) -> int | None:
        """The square under widget coordinates ``(x, y)``."""
        return self._layout.square_at(x - self.x_offset, y)

    def _cell_region(self, square: int) -> Region:
        layout = self._layout
        if square == self.board.start and square == 0:
            return Region(0, layout.rows * layout.cell_height, self.size.width, 1)
        if not 1 <= square <= self.board.end:
            return Region(0, 0, 0, 0)
        x, y = layout.origin(square)
        return Region(x + self.x_offset, y, layout.cell_width, layout.cell_height)

    def _refresh_squares(self, *squares: int) -> None:
        if not self._layout.fits:
            self.refresh()
            return
        regions = [self._cell_region(s) for s in squares]
        regions = [r for r in regions if r.area]
        if regions:
            self.refresh(*regions)

    def _highlighted(self) -> set[int]:
        """Squares on the path of the jump under the cursor (either end)."""
        if self.cursor is None or not self._layout.fits:
            return set()
        jump = self.board.jump_at(self.cursor)
        return set(self._layout.path(*jump)) if jump else set()

    # -- input ------------------------------------------------------------------------------

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

    # -- drawing ----------------------------------------------------------------------------

    def _colors(self) -> dict[str, Any]:
        """The component classes' colours, read once per style change (themes change them)."""
        if self._palette is None:

            def style(name: str) -> Style:
                return self.get_component_rich_style(f"board--{name}", partial=True)

            self._palette = {
                "cell": (style("cell").bgcolor, style("cell-alt").bgcolor),
                "number": style("number").color,
                "trail": style("trail").bgcolor,
                "ladder": style("ladder").color,
                "chute": style("chute").color,
                "ladder_path": style("ladder-path").bgcolor,
                "chute_path": style("chute-path").bgcolor,
                "start": style("start").color,
            }
        return self._palette

    def notify_style_update(self) -> None:
        self._palette = None
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        # Margins and other segments without colours of their own take the theme's.
        return self._render_line(y).apply_style(self.rich_style)

    def _render_line(self, y: int) -> Strip:
        layout = self._layout
        width = self.size.width
        colors = self._colors()
        if not layout.fits:
            return self._message_line(y, width)
        grid_height = layout.rows * layout.cell_height
        if y == grid_height:
            return self._start_line(width, colors)
        if y > grid_height:
            return Strip.blank(width)
        row, line = divmod(y, layout.cell_height)
        highlighted = self._highlighted()
        segments: list[Segment] = [Segment(" " * self.x_offset)]
        for column in range(layout.columns):
            square = layout.square_at(column * layout.cell_width, row * layout.cell_height)
            segments.extend(self._cell_line(square, line, column + row, colors, highlighted))
        return Strip(segments).adjust_cell_length(width)

    def _message_line(self, y: int, width: int) -> Strip:
        lines = [
            f"{shown(self.board.name, 40)}: {self.board.end} squares",
            "too small to draw here:",
            f"needs {self._layout.columns * 3}×{self._layout.rows + 1} characters",
        ]
        if y < len(lines):
            return Strip([Segment(lines[y][:width].center(width))])
        return Strip.blank(width)

    def _start_line(self, width: int, colors: dict) -> Strip:
        label = Style(color=colors["start"], reverse=self.cursor == 0)
        segments = [Segment(" " * self.x_offset)]
        if self.board.start == 0:
            segments.append(Segment(" start ", label))
        for seat, square in enumerate(self.positions):
            if square == 0:
                spec = self.players[seat]
                segments.append(Segment(spec.token, Style(color=spec.color, bold=True)))
        if self.overlay is not None:
            overlay = self.overlay
            segments.append(Segment(f"   {overlay.label}: {overlay.fmt.format(overlay.low)} "))
            segments.extend(Segment(" ", Style(bgcolor=color)) for color in SCALE)
            segments.append(Segment(f" {overlay.fmt.format(overlay.high)}"))
        return Strip(segments).adjust_cell_length(width)

    def _cell_line(
        self, square: int | None, line: int, parity: int, colors: dict, highlighted: set[int]
    ) -> list[Segment]:
        width = self._layout.cell_width
        background = colors["cell"][parity % 2]
        if square is None:
            return [Segment(" " * width, Style(bgcolor=background))]
        tail_head = self.board.jump_map.get(square)
        kind = self.board.jump_kind(square)
        tail_of = self.board.head_map.get(square)
        head_of = None if tail_of is None else self.board.jump_kind(tail_of)
        step = self.overlay.step(square) if self.overlay is not None else None
        if square in highlighted:
            step = None  # the jump's path colour wins, and the theme's text colour with it
            jump = self.board.jump_at(self.cursor) if self.cursor is not None else None
            ladder = jump is not None and jump[1] > jump[0]
            background = colors["ladder_path" if ladder else "chute_path"]
        elif step is not None:
            background = SCALE[step]
        elif square in self.trail:
            background = colors["trail"]
        base = Style(bgcolor=background, reverse=square == self.cursor)
        tokens = [self.players[seat] for seat, at in enumerate(self.positions) if at == square]
        if line == 0:
            number_style = Style(color=colors["number"] if step is None else SCALE_TEXT[step])
            if kind is not None:
                number_style = Style(color=colors[kind.value], bold=True)
            elif head_of is not None:
                # On an overlay the scale's text colour stays readable; the underline marks the head.
                color = colors[head_of.value] if step is None else SCALE_TEXT[step]
                number_style = Style(color=color, underline=True)
            text = str(square)
            segments = [Segment(text, base + number_style)]
            if self._layout.cell_height == 1:
                segments += self._tokens_or_jump(tokens, kind, tail_head, base, colors, width - len(text))
            return _fit(segments, width, base)
        if line == 1:
            return _fit(self._tokens_or_jump(tokens, kind, tail_head, base, colors, width), width, base)
        return [Segment(" " * width, base)]

    @staticmethod
    def _tokens_or_jump(
        tokens: list[PlayerSpec],
        kind: JumpKind | None,
        head: int | None,
        base: Style,
        colors: dict,
        room: int,
    ) -> list[Segment]:
        if tokens:
            # Every token shows; when the cell is too narrow the rest are counted, "●▲+3".
            shown = tokens if len(tokens) <= room else tokens[: max(0, room - 2)]
            segments = [Segment(t.token, base + Style(color=t.color, bold=True)) for t in shown]
            if len(shown) < len(tokens):
                segments.append(
                    Segment(f"+{len(tokens) - len(shown)}"[: max(room, 0)], base + Style(bold=True))
                )
            return segments
        if kind is not None and head is not None:
            arrow = "▲" if kind is JumpKind.LADDER else "▼"
            return [Segment(f"{arrow}{head}"[:room], base + Style(color=colors[kind.value], bold=True))]
        return []


def _fit(segments: list[Segment], width: int, base: Style) -> list[Segment]:
    """Crop or pad a cell's segments to exactly ``width`` cells."""
    return list(Strip(segments).adjust_cell_length(width, base))
