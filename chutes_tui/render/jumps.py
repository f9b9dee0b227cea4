"""The ladders and chutes drawn on a laid-out board, in braille dots (2 × 4 per character).

A ladder is two straight rails with rungs between them; a chute is a snake, a line that winds
from its top to its foot. Both run from the centre of one square's cell to the centre of the
other's, so every jump is one continuous shape however long or diagonal, and the two kinds
differ by their shape as well as by their colour (so they stay apart without colour).

Dots are laid out in a square grid (a character is about twice as tall as it is wide, and has
twice as many rows of dots as columns), so the geometry below is plain Euclidean geometry.

The drawing is made a band of character rows at a time, when a band is first shown: a
100,000-square board has 6,000 jumps thousands of rows long (drawing them all at once froze
the app for minutes). Each jump's shape is clipped to the band by its parameters, with the same
formulas as the whole shape, so the bands join into exactly the whole drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from chutes_tui.model.board import Board, Jump, jump_kind
from chutes_tui.model.memo import MemoKey, Recent
from chutes_tui.model.rules import JumpKind
from chutes_tui.render.grid import Layout

BRAILLE = 0x2800
# Bit of each dot, indexed [row][column] within a character (Unicode braille numbering).
DOT_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))

Point = tuple[float, float]
Char = tuple[int, int]
BAND = 16  # character rows drawn together
Clip = tuple[float, float]  # dot rows wanted (a shape may return a few outside them)
EVERYTHING: Clip = (-math.inf, math.inf)


@dataclass(frozen=True)
class Stroke:
    """What the drawing puts in one character: its braille dots, and which jumps (indexes into
    ``JumpArt.jumps``) pass through it, the last drawn last."""

    bits: int
    jumps: tuple[int, ...]

    @property
    def glyph(self) -> str:
        return chr(BRAILLE + self.bits)


@dataclass(eq=False)
class JumpArt:
    """The jumps drawn on ``layout``, band by band on demand (see the module docstring)."""

    layout: Layout
    jumps: tuple[Jump, ...]
    _bands: dict[int, dict[Char, Stroke]] = field(default_factory=dict, repr=False)
    _chars: dict[int, frozenset[Char]] = field(default_factory=dict, repr=False)
    _rows: list[tuple[float, float]] = field(default_factory=list, repr=False)

    @classmethod
    def draw(cls, layout: Layout, jumps: tuple[Jump, ...]) -> JumpArt:
        art = cls(layout, jumps)
        margin = _HALF_MAX + _HALF_MAX + 2  # rails, rungs and a chute's swing stay this close
        for tail, head in jumps:
            (_, y0), (_, y1) = _centre(layout, tail), _centre(layout, head)
            art._rows.append((min(y0, y1) - margin, max(y0, y1) + margin))
        return art

    def stroke(self, char: Char) -> Stroke | None:
        return self.strokes(char[1]).get(char)

    def strokes(self, y: int) -> dict[Char, Stroke]:
        """What is drawn in the band of character rows holding row ``y``, by character (a
        painter looks a row's characters up in it)."""
        band = y // BAND
        strokes = self._bands.get(band)
        if strokes is None:
            strokes = self._bands[band] = self._band(band)
        return strokes

    def chars(self, index: int) -> frozenset[Char]:
        """Every character jump ``index`` touches (kept: the highlighted jump's region)."""
        found = self._chars.get(index)
        if found is None:
            tail, head = self.jumps[index]
            found = self._chars[index] = frozenset(self._clipped(_shape(self.layout, tail, head), EVERYTHING))
        return found

    def _band(self, band: int) -> dict[Char, Stroke]:
        clip = (band * BAND * 4, (band + 1) * BAND * 4 - 1)
        bits: dict[Char, int] = {}
        owners: dict[Char, list[int]] = {}
        for index, (tail, head) in enumerate(self.jumps):
            low, high = self._rows[index]
            if high < clip[0] or low > clip[1]:
                continue
            touched = self._clipped(_shape(self.layout, tail, head, clip), clip, bits)
            for char in touched:
                owners.setdefault(char, []).append(index)
        return {char: Stroke(bits[char], tuple(owners[char])) for char in bits}

    def _clipped(
        self, dots: list[tuple[int, int]], clip: Clip, bits: dict[Char, int] | None = None
    ) -> set[Char]:
        """The characters of ``dots`` on the board and within ``clip`` (their dots into ``bits``)."""
        width, height = self.layout.width * 2, self.layout.grid_height * 4
        touched = set()
        for x, y in dots:
            if 0 <= x < width and 0 <= y < height and clip[0] <= y <= clip[1]:
                char = (x // 2, y // 4)
                if bits is not None:
                    bits[char] = bits.get(char, 0) | DOT_BITS[y % 4][x % 2]
                touched.add(char)
        return touched


# A board's jumps as drawn on the last few layouts it was shown at (a terminal resized back and
# forth), kept with the board like its other derived values.
DRAWN: MemoKey[Board, Recent[Layout, JumpArt]] = MemoKey("jumps drawn by layout")
DRAWN_LAYOUTS = 8


def drawn(board: Board, layout: Layout) -> JumpArt:
    """``board``'s jumps drawn on ``layout``, shared by every view that shows them: its bands are
    drawn once, as they are first shown (a new game, a rematch or a review on the same board and
    terminal draws nothing again; the tests start hundreds of games on the standard board)."""
    recent = board.memo.get(DRAWN, lambda: Recent(DRAWN_LAYOUTS))
    art = recent.get(layout)
    if art is None:
        art = JumpArt.draw(layout, board.jumps)
        recent.put(layout, art)
    return art


_HALF_MAX = 3.5  # the widest a shape strays from its centre line: a chute's amplitude, half + 0.5


def _centre(layout: Layout, square: int) -> Point:
    x, y = layout.centre(square)
    return x * 2, y * 4


def _indices(start: float, change: float, steps: int, clip: Clip, margin: float) -> range:
    """The ``i`` in ``0..steps`` where ``start + change·i/steps`` may lie within ``clip`` widened
    by ``margin`` (all of them when unclipped or level)."""
    if math.isinf(clip[0]) or change == 0:
        inside = math.isinf(clip[0]) or clip[0] - margin <= start <= clip[1] + margin
        return range(steps + 1) if inside else range(0)
    ends = sorted(((clip[0] - margin - start) * steps / change, (clip[1] + margin - start) * steps / change))
    return range(max(0, math.floor(ends[0]) - 1), min(steps, math.ceil(ends[1]) + 1) + 1)


def _line(a: Point, b: Point, clip: Clip = EVERYTHING) -> list[tuple[int, int]]:
    steps = max(1, math.ceil(max(abs(b[0] - a[0]), abs(b[1] - a[1]))))
    return [
        (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        for i in _indices(a[1], b[1] - a[1], steps, clip, 1.0)
    ]


def _shape(layout: Layout, tail: int, head: int, clip: Clip = EVERYTHING) -> list[tuple[int, int]]:
    """The dots of one jump: rails and rungs for a ladder, a winding line for a chute -- those
    near the dot rows ``clip`` at least (the caller keeps the ones inside)."""
    (x0, y0), (x1, y1) = _centre(layout, tail), _centre(layout, head)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux  # across the jump
    # Wide enough to read as two rails, narrow enough to stay inside small cells.
    half = max(1.0, min(3.0, min(layout.cell_width * 2, layout.cell_height * 4) * 0.2))
    if jump_kind(tail, head) is JumpKind.LADDER:
        dots = _line((x0 + nx * half, y0 + ny * half), (x1 + nx * half, y1 + ny * half), clip)
        dots += _line((x0 - nx * half, y0 - ny * half), (x1 - nx * half, y1 - ny * half), clip)
        gap = max(3.0, 2.5 * half)
        rungs = max(1, int(length // gap))
        for i in _indices(y0, uy * gap * rungs, rungs, clip, half + 1):
            if 1 <= i < rungs:
                cx, cy = x0 + ux * i * gap, y0 + uy * i * gap
                dots += _line((cx + nx * half, cy + ny * half), (cx - nx * half, cy - ny * half))
        return dots
    # A chute winds: a sine across the line, a few dots wide, a whole number of half waves so
    # that it meets the squares' centres at both ends.
    waves = max(1, round(length / (8.0 * half + 4)))
    amplitude = half + 0.5
    steps = max(2, math.ceil(length * 1.5))

    def point(i: int) -> Point:
        t = i / steps
        swing = amplitude * math.sin(math.pi * waves * t)
        return x0 + (x1 - x0) * t + nx * swing, y0 + (y1 - y0) * t + ny * swing

    near = _indices(y0, y1 - y0, steps, clip, amplitude + 2)
    winding: list[tuple[int, int]] = []
    previous = None
    for i in range(max(0, near.start - 1), min(steps, near.stop) + 1):
        current = point(i)
        if previous is not None:
            winding += _line(previous, current)
        previous = current
    return winding
