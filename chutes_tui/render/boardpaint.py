"""Painting a laid-out board line by line: numbers, tokens, the drawn ladders and chutes, the
trail, an overlay's colours and the cursor, as Rich segments (a front end crops and shows them).

What goes where in a cell of ``w × h`` characters: the square's number on its first line (then
a jump's mark, :data:`JUMP_MARKS`, and the cursor's, :data:`CURSOR`), the tokens standing there
on the next (after the number when the cell is one line tall); every other character shows the
jumps' drawing (:mod:`.jumps`), except where every row is one line (then no jump is drawn). A
character that holds text keeps it, and a jump passing under it tints its background instead,
so a shape stays continuous under the numbers and tokens without hiding them. The character
after any text and the one before the next cell's number stay blank, so a stroke never touches
a number and reads as part of it. The jump under the cursor is drawn on top, in the highlight
colour.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from rich.color import Color
from rich.segment import Segment
from rich.style import Style

from chutes_tui.model.board import Board
from chutes_tui.model.memo import Recent
from chutes_tui.model.players import PlayerSpec
from chutes_tui.model.rules import JumpKind
from chutes_tui.render.grid import Layout
from chutes_tui.render.jumps import JumpArt
from chutes_tui.render.palette import ink_on, legible
from chutes_tui.render.squares import MARKS_SENTENCE, key_line, marks_fit, roles

# An 8-step perceptual scale (viridis); each step readable as a background on dark and light
# themes, with black or white numbers on top.
SCALE = ("#440154", "#46327e", "#365c8d", "#277f8e", "#1fa187", "#4ac16d", "#a0da39", "#fde725")
SCALE_TEXT = ("#ffffff",) * 5 + ("#000000",) * 3
# Tokens are drawn as a badge (the glyph on the player's colour) where cells are this large.
BADGE_WIDTH, BADGE_HEIGHT = 8, 3
# The cursor's square carries this after its number as well as its reversed colours, so it shows
# without colour (NO_COLOR) and to any eye.
CURSOR = "◂"
# A square where a ladder or a chute starts carries its way after its number (where the cell has
# room), so the two kinds differ without colour too (NO_COLOR, any eye); a jump's head is
# underlined.
JUMP_MARKS = {JumpKind.LADDER: "↑", JumpKind.CHUTE: "↓"}
MARKS_LEGEND = (
    f"A number followed by {JUMP_MARKS[JumpKind.LADDER]} starts a ladder (green: rails and rungs), "
    f"by {JUMP_MARKS[JumpKind.CHUTE]} a chute (red: a winding line); an underlined number is where "
    f"one ends. {CURSOR} marks the cursor's square. Under the turn rules, after a number: "
    + MARKS_SENTENCE
    + " A key under the board names them."
)
# Painted cell lines kept (``Scene.cells``) are emptied past this many board lines' worth (times
# the board's columns): eight 50-line screens. A game on the standard board paints at most about
# 1,000 variants with three players at 120×40 and 1,600 with four at 160×50 (tokens, trail,
# cursor: its bound is 4,000); a 10,000-square board scrolled end to end would otherwise keep
# every cell line it ever painted, ~0.6 kB each.
CELL_CACHE_LINES = 400


@dataclass(frozen=True)
class Overlay:
    """Values to colour squares by (computed by the core; drawn here), and their legend."""

    label: str
    values: dict[int, float]
    low: float
    high: float
    fmt: str = "{:.1f}"
    short: str = ""  # the legend's words where ``label`` does not fit
    shorter: str = ""  # and where ``short`` does not either (players by their tokens)

    def step(self, square: int) -> int | None:
        value = self.values.get(square)
        if value is None:
            return None
        span = self.high - self.low
        position = 0.0 if span <= 0 else (value - self.low) / span
        return min(len(SCALE) - 1, max(0, int(position * len(SCALE))))


class FlowValues(Protocol):
    """Where a piece may stand after ``turns`` turns from ``square`` (the analysis' flow step):
    the chance of each square it may be on (``possible``), and the largest of them."""

    @property
    def board(self) -> Board: ...
    @property
    def square(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def possible(self) -> dict[int, float]: ...
    @property
    def high(self) -> float: ...


def flow_overlay(step: FlowValues, whose: str, fmt: str) -> Overlay:
    """The board's colours for a flow step: each square a piece may stand on now, by its chance
    (squares it cannot be on stay plain); the legend says after how many turns and from where."""
    where = "the start" if step.square == step.board.start else f"square {step.square}"
    turns = f"{step.turns} turn{'' if step.turns == 1 else 's'}"
    label = f"where {whose} stands after {turns} from {where}"
    short, shorter = f"{whose[:10]} after {step.turns}", f"after {step.turns}"
    return Overlay(label, step.possible, 0.0, step.high, fmt, short, shorter)


@dataclass
class Scene:
    """Everything a painted board shows. ``palette`` holds the theme's colours by role: cell,
    cell_alt, number, trail, ladder, chute, ladder_path, chute_path, highlight, start."""

    board: Board
    layout: Layout
    art: JumpArt
    players: Sequence[PlayerSpec]
    positions: Sequence[int]
    palette: dict[str, Any]
    trail: frozenset[int] = frozenset()
    cursor: int | None = None
    overlay: Overlay | None = None
    highlight: int | None = None  # index in ``art.jumps`` of the jump under the cursor
    line_width: int = 0  # room for the start line and the legend (0: the board's width)
    theme: Any = None  # the front end's ANSI colours (a Rich TerminalTheme), for legible tokens
    background: Any = None  # the colour behind the board (the start line's)
    seat_colors: Mapping[str, str] = field(default_factory=dict)  # a theme's colour for a seat's
    # With pawns, ``players`` and ``positions`` list every piece (each player's K pawns in turn)
    # and ``labels`` its pawn's number, drawn after the player's token ("●2").
    labels: Sequence[str] = ()
    # Painted cell lines kept between paints (the front end takes another whenever the board, its
    # layout, colours or players change: shared_cells): after a move most of a line is unchanged.
    cells: dict[tuple[Any, ...], list[Segment]] | None = None
    _kinds: dict[int, JumpKind] = field(default_factory=dict)

    def kind(self, index: int) -> JumpKind:
        if index not in self._kinds:
            tail, head = self.art.jumps[index]
            self._kinds[index] = JumpKind.LADDER if head > tail else JumpKind.CHUTE
        return self._kinds[index]


# Painted cell lines (``Scene.cells``) shared by the front end's board views of the process that
# paint the same board laid out the same way for the same players in the same colours: a
# rematch, a board shown again by the review or the editor, the tests' hundreds of games on the
# standard board, paint from them. A cell's key holds everything else it shows (its pieces,
# trail, cursor, highlight and overlay step). The few most recent kinds are kept, each at most
# CELL_CACHE_LINES lines of cells.
_PAINTED: Recent[tuple[Any, ...], dict[tuple[Any, ...], list[Segment]]] = Recent(4)


def shared_cells(scene: Scene) -> dict[tuple[Any, ...], list[Segment]]:
    """The cell lines painted for ``scene``'s board, layout, pieces and colours (``Scene.cells``)."""
    key = (
        scene.layout,  # the board with it
        tuple(scene.players),
        tuple(scene.labels),
        tuple(scene.palette.items()),
        scene.theme,
        tuple(scene.seat_colors.items()),
    )
    cells = _PAINTED.get(key)
    if cells is None:
        cells = {}
        _PAINTED.put(key, cells)
    return cells


def paint_line(scene: Scene, y: int, margin: int = 0) -> list[Segment]:
    """Line ``y`` of the board (the start line after the grid), ``margin`` blanks on the left."""
    layout = scene.layout
    grid_height = layout.grid_height
    segments = [Segment(" " * margin)] if margin else []
    if y == grid_height:
        return segments + _start_line(scene)
    if y > grid_height:
        return segments
    row, line = layout.row_at(y)
    cache = scene.cells
    for column in range(layout.columns):
        square = layout.square_at(column * layout.cell_width, y)
        if cache is None or square is None:
            segments += _cell_line(scene, square, column, row, line, y)
            continue
        # What can change a painted cell between two paints with the same cache:
        here = tuple(seat for seat, at in enumerate(scene.positions) if at == square)
        # The overlay reaches a cell only as its scale step (and whether there is one), so the
        # cells painted under one overlay serve the next (the flow's slider changes it often).
        shade = "none" if scene.overlay is None else scene.overlay.step(square)
        key = (square, line, here, square in scene.trail, square == scene.cursor, scene.highlight, shade)
        cell = cache.get(key)
        if cell is None:
            if len(cache) > CELL_CACHE_LINES * layout.columns:
                cache.clear()
            cell = cache[key] = _cell_line(scene, square, column, row, line, y)
        segments += cell
    return segments


def _tokens(scene: Scene, square: int, room: int, badge: bool, background: Any) -> list[tuple[str, Style]]:
    """The tokens on ``square`` as characters, in seat order; ``●▲+3`` when they do not fit.
    A token's colour is kept readable on ``background`` (:func:`legible`), a badge's glyph is
    black or white, whichever reads on the player's colour -- also in grey (``NO_COLOR``)."""
    pieces = [piece for piece, at in enumerate(scene.positions) if at == square]
    if not pieces:
        return []
    here = [scene.players[piece] for piece in pieces]
    marks = [scene.labels[piece] if scene.labels else "" for piece in pieces]
    chars: list[tuple[str, Style]] = []
    if badge and 3 * len(here) <= room:
        for spec, mark in zip(here, marks, strict=True):
            color = scene.seat_colors.get(spec.color, spec.color)
            style = Style(color=ink_on(color, scene.theme), bgcolor=color, bold=True)
            chars += [(" ", style), (spec.token, style), (mark or " ", style)]
        return chars
    each = 1 + max(len(mark) for mark in marks)  # a token and its pawn's number
    shown = len(here)
    if each * shown > room:  # as many tokens as leave room for the count of the rest ("+11" needs 3)
        shown = (room - 2) // each
        while shown > 0 and each * shown + 1 + len(str(len(here) - shown)) > room:
            shown -= 1
    for spec, mark in zip(here[: max(0, shown)], marks, strict=False):
        color = legible(scene.seat_colors.get(spec.color, spec.color), background, scene.theme)
        chars += [(char, Style(color=color, bold=True)) for char in spec.token + mark]
    if shown < len(here):
        chars += [(c, Style(bold=True)) for c in f"+{len(here) - max(0, shown)}"[: max(0, room - len(chars))]]
    return chars


@lru_cache(maxsize=1024)
def _style(
    color: Any = None,
    bgcolor: Any = None,
    bold: bool | None = None,
    reverse: bool | None = None,
    underline: bool | None = None,
) -> Style:
    """A style made once: a line of the board asks for the same few again and again (its
    cells' backgrounds, numbers and strokes), and a Style is slow to make."""
    return Style(color=color, bgcolor=bgcolor, bold=bold, reverse=reverse, underline=underline)


def _number_style(scene: Scene, square: int, step: int | None) -> Style:
    board, palette = scene.board, scene.palette
    kind = board.jump_kind(square)
    if kind is not None:  # a jump starts here: the number in the jump's colour (on an overlay,
        # the scale's text colour keeps it readable; bold still marks it)
        return _style(color=palette[kind.value] if step is None else SCALE_TEXT[step], bold=True)
    tail = board.head_map.get(square)
    if tail is not None:  # a jump ends here: underlined (on an overlay, the scale's text colour)
        color = palette[board.jump_kind(tail).value] if step is None else SCALE_TEXT[step]  # type: ignore[union-attr]
        return _style(color=color, underline=True)
    return _style(color=palette["number"] if step is None else SCALE_TEXT[step])


def _cell_line(scene: Scene, square: int | None, column: int, row: int, line: int, y: int) -> list[Segment]:
    layout, palette = scene.layout, scene.palette
    width = layout.cell_width
    background = palette["cell_alt" if (column + row) % 2 else "cell"]
    if square is None:
        return [Segment(" " * width, _style(bgcolor=background))]
    step = scene.overlay.step(square) if scene.overlay is not None else None
    if step is not None:
        background = SCALE[step]
    elif square in scene.trail:
        background = palette["trail"]
    base = _style(bgcolor=background, reverse=square == scene.cursor)
    text: list[tuple[str, Style]] = []
    height = layout.row_height(row)
    if line == 0:
        style = _number_style(scene, square, step)
        text = [(c, style) for c in str(square)]
        kind = scene.board.jump_kind(square)
        cursor = square == scene.cursor
        # The blank before the next cell kept, and the cursor's mark first (the cursor also
        # lights the whole jump).
        if kind is not None and len(text) + 2 + cursor <= width:
            text.append((JUMP_MARKS[kind], style))
        for role in roles(scene.board, square):  # the goal, a miss-turn square… (render/squares.py)
            if len(text) + 2 + cursor <= width:
                text.append((role.mark, style + _style(bold=True)))
        if cursor:
            text.append((CURSOR, _style(bold=True)))
    badge = width >= BADGE_WIDTH and height >= BADGE_HEIGHT
    if line == (0 if height == 1 else 1):
        text += _tokens(scene, square, width - len(text), badge and line == 1, background)
    # No dots beside text: after it, and before the next cell's number (see the docstring).
    clear = len(text) + 1 if text else 0
    last = width - 1 if line == 0 and column + 1 < layout.columns else width
    x0 = column * width
    segments = []
    # Where every row is one line the numbers fill the rows: only the odd short number would
    # leave room for a stray dot, so no jump is drawn (the numbers' marks still show the ends).
    strokes = scene.art.strokes(y) if layout.grid_height > layout.rows else {}
    for offset in range(width):
        stroke = strokes.get((x0 + offset, y))
        top = None
        if stroke is not None:
            top = scene.highlight if scene.highlight in stroke.jumps else stroke.jumps[-1]
        if offset >= len(text) and (offset < clear or offset >= last):
            segments.append(Segment(" ", base))
        elif offset < len(text):
            char, style = text[offset]
            if top is not None and (scene.overlay is None or top == scene.highlight):
                # a jump passes under this text: tint its background (not over an overlay's
                # colour, which is the information there, unless it is the highlighted jump)
                path = "ladder_path" if scene.kind(top) is JumpKind.LADDER else "chute_path"
                tint = _style(bgcolor=palette["highlight_path" if top == scene.highlight else path])
                segments.append(Segment(char, base + tint + style))
            else:
                segments.append(Segment(char, base + style))
        elif stroke is not None and top is not None:
            color = palette["highlight"] if top == scene.highlight else palette[scene.kind(top).value]
            segments.append(Segment(stroke.glyph, base + _style(color=color, bold=top == scene.highlight)))
        else:
            segments.append(Segment(" ", base))
    return segments


def _start_line(scene: Scene) -> list[Segment]:
    palette = scene.palette
    segments = []
    if scene.board.start == 0:
        here = scene.cursor == 0
        segments.append(Segment(" start", Style(color=palette["start"], reverse=here)))
        segments.append(Segment(CURSOR if here else " ", Style(bold=True)))
        room = len(scene.players) * (1 + max((len(label) for label in scene.labels), default=0))
        for char, style in _tokens(scene, 0, room, False, scene.background):
            segments.append(Segment(char, style))
    overlay = scene.overlay
    key = key_line(scene.board, marks=marks_fit(scene.board, scene.layout.cell_width))
    if overlay is None and key:  # the marks of the squares issue 26's rules give a role
        used = sum(len(segment.text) for segment in segments)
        room = (scene.line_width or scene.layout.width) - used - 2
        if room >= 8:
            segments.append(Segment("  " + (key if len(key) <= room else key[: room - 1] + "…")))
    if overlay is not None:
        low, high = overlay.fmt.format(overlay.low), overlay.fmt.format(overlay.high)
        used = sum(len(segment.text) for segment in segments)
        room = (scene.line_width or scene.layout.width) - used - len(low) - len(high) - len(SCALE) - 6
        words = [w for w in (overlay.label, overlay.short, overlay.shorter) if w]
        label = next((w for w in words if len(w) <= room), words[-1][: room - 1] + "…")
        # Too narrow for a word: the scale and its two ends alone (a label of at least 8 cells
        # pushed the high end off a narrow board: "turns l…: 0.0 ▇▇▇…", tiny-10 at 60×20).
        segments.append(Segment(f"  {label}: {low} " if room >= 4 else f"  {low} "))
        segments += [Segment(" ", Style(bgcolor=color)) for color in SCALE]
        segments.append(Segment(f" {high}"))
    return segments


# A board printed to a terminal (the CLI's coloured boards): the app's default dark colours.
PRINTED_PALETTE = {
    role: Color.parse(value) if value else None
    for role, value in {
        "cell": "#2b2b2b",
        "cell_alt": "#363636",
        "number": "#e0e0e0",
        "trail": "#6b5a1e",
        "ladder": "#4ebf71",
        "chute": "#e5534b",
        "ladder_path": "#1f4a2c",
        "chute_path": "#5a2623",
        "highlight": "#ffa62b",
        "highlight_path": "#5c4217",
        "start": "#e0e0e0",
    }.items()
}


def printed_board(board: Board, width: int, overlay: Overlay | None = None) -> list[list[Segment]]:
    """The whole board as lines of segments for a terminal ``width`` columns wide (cells two
    lines tall where they can be, like the app's smallest readable board), start line included."""
    layout = Layout.fit(board, width, 2 * math.ceil(board.end / min(board.width, board.end)) + 1)
    scene = Scene(board, layout, JumpArt.draw(layout, board.jumps), (), (), PRINTED_PALETTE, overlay=overlay)
    scene.line_width = max(layout.width, width)
    return [paint_line(scene, y) for y in range(layout.height)]
