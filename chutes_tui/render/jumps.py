"""The ladders and chutes drawn on a laid-out board, in braille dots (2 × 4 per character).

A ladder is two straight rails with rungs between them; a chute is a snake, a line that winds
from its top to its foot. Both run from the centre of one square's cell to the centre of the
other's, so every jump is one continuous shape however long or diagonal, and the two kinds
differ by their shape as well as by their colour (so they stay apart without colour).

Dots are laid out in a square grid (a character is about twice as tall as it is wide, and has
twice as many rows of dots as columns), so the geometry below is plain Euclidean geometry.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from chutes_tui.model.board import Jump, jump_kind
from chutes_tui.model.rules import JumpKind
from chutes_tui.render.grid import Layout

BRAILLE = 0x2800
# Bit of each dot, indexed [row][column] within a character (Unicode braille numbering).
DOT_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))

Point = tuple[float, float]
Char = tuple[int, int]


@dataclass(frozen=True)
class Stroke:
    """What the drawing puts in one character: its braille dots, and which jumps (indexes into
    ``JumpArt.jumps``) pass through it, the last drawn last."""

    bits: int
    jumps: tuple[int, ...]

    @property
    def glyph(self) -> str:
        return chr(BRAILLE + self.bits)


@dataclass(frozen=True, eq=False)
class JumpArt:
    jumps: tuple[Jump, ...]
    strokes: dict[Char, Stroke]
    chars: tuple[frozenset[Char], ...]  # every character each jump touches

    @classmethod
    def draw(cls, layout: Layout, jumps: tuple[Jump, ...]) -> JumpArt:
        width, height = layout.width * 2, layout.rows * layout.cell_height * 4
        bits: dict[Char, int] = {}
        owners: dict[Char, list[int]] = {}
        chars: list[frozenset[Char]] = []
        for index, (tail, head) in enumerate(jumps):
            dots = _shape(layout, tail, head)
            touched = set()
            for x, y in dots:
                if 0 <= x < width and 0 <= y < height:
                    char = (x // 2, y // 4)
                    bits[char] = bits.get(char, 0) | DOT_BITS[y % 4][x % 2]
                    touched.add(char)
            for char in touched:
                owners.setdefault(char, []).append(index)
            chars.append(frozenset(touched))
        strokes = {char: Stroke(bits[char], tuple(owners[char])) for char in bits}
        return cls(jumps, strokes, tuple(chars))


def _centre(layout: Layout, square: int) -> Point:
    column, row = layout.cell(square)
    return (column + 0.5) * layout.cell_width * 2, (row + 0.5) * layout.cell_height * 4


def _line(a: Point, b: Point) -> list[tuple[int, int]]:
    steps = max(1, math.ceil(max(abs(b[0] - a[0]), abs(b[1] - a[1]))))
    return [
        (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        for i in range(steps + 1)
    ]


def _shape(layout: Layout, tail: int, head: int) -> list[tuple[int, int]]:
    """The dots of one jump: rails and rungs for a ladder, a winding line for a chute."""
    (x0, y0), (x1, y1) = _centre(layout, tail), _centre(layout, head)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux  # across the jump
    # Wide enough to read as two rails, narrow enough to stay inside small cells.
    half = max(1.0, min(3.0, min(layout.cell_width * 2, layout.cell_height * 4) * 0.2))
    if jump_kind(tail, head) is JumpKind.LADDER:
        dots = _line((x0 + nx * half, y0 + ny * half), (x1 + nx * half, y1 + ny * half))
        dots += _line((x0 - nx * half, y0 - ny * half), (x1 - nx * half, y1 - ny * half))
        gap = max(3.0, 2.5 * half)
        rungs = max(1, int(length // gap))
        for i in range(1, rungs):
            cx, cy = x0 + ux * i * gap, y0 + uy * i * gap
            dots += _line((cx + nx * half, cy + ny * half), (cx - nx * half, cy - ny * half))
        return dots
    # A chute winds: a sine across the line, a few dots wide, a whole number of half waves so
    # that it meets the squares' centres at both ends.
    waves = max(1, round(length / (8.0 * half + 4)))
    amplitude = half + 0.5
    points = []
    steps = max(2, math.ceil(length * 1.5))
    for i in range(steps + 1):
        t = i / steps
        swing = amplitude * math.sin(math.pi * waves * t)
        points.append((x0 + (x1 - x0) * t + nx * swing, y0 + (y1 - y0) * t + ny * swing))
    winding: list[tuple[int, int]] = []
    for a, b in itertools.pairwise(points):
        winding += _line(a, b)
    return winding
