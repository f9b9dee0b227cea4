"""The drawn board: every ladder and chute one continuous shape from its foot to its head, for
every bundled board and for random boards up to 400 squares, at the sizes people use; every
square numbered at 80×24; crossing jumps both drawn, the highlighted one on top."""

import itertools
import re

import pytest
from rich.style import Style

from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.generate import random_board
from chutes_tui.model.players import parse_player_spec
from chutes_tui.render.boardpaint import Scene, paint_line
from chutes_tui.render.grid import Layout
from chutes_tui.render.jumps import JumpArt

# The board's share of the screen beside the side panel: 80×24, 120×40, 160×50, 240×70.
AREAS = [(48, 21), (72, 37), (96, 47), (182, 67)]
BOARDS = [load_board(name) for name in bundled_board_names()] + [
    random_board(seed, squares=squares, ladders=squares // 12, chutes=squares // 12)
    for seed, squares in ((1, 50), (2, 200), (3, 400), (4, 400))
]


def centre_char(layout: Layout, square: int) -> tuple[int, int]:
    column, row = layout.cell(square)
    return (
        column * layout.cell_width + layout.cell_width // 2,
        layout.row_top(row) + layout.row_height(row) // 2,
    )


def connected(chars: frozenset[tuple[int, int]]) -> bool:
    """One piece, counting diagonal neighbours (braille dots touch across a corner)."""
    if not chars:
        return False
    seen, todo = set(), [next(iter(chars))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [
            (x + dx, y + dy)
            for dx, dy in itertools.product((-1, 0, 1), repeat=2)
            if (x + dx, y + dy) in chars
        ]
    return seen == set(chars)


@pytest.mark.parametrize("area", AREAS, ids=lambda a: f"{a[0]}x{a[1]}")
@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b.name}-{b.end}")
def test_every_jump_is_one_shape_from_foot_to_head(board, area):
    layout = Layout.fit(board, *area)
    art = JumpArt.draw(layout, board.jumps)
    for index, (tail, head) in enumerate(board.jumps):
        chars = art.chars(index)
        assert connected(chars), f"{tail}→{head} is broken in pieces"
        for end in (tail, head):
            x, y = centre_char(layout, end)
            near = {(x + dx, y + dy) for dx in range(-1, 2) for dy in range(-1, 2)}
            assert chars & near, f"{tail}→{head} does not reach square {end}"


def test_long_diagonal_and_crossing_jumps_are_all_drawn():
    # An X from corner to corner: the ladder 2→92 and the chute 99→9 cross in the middle.
    board = load_board("standard").replace(jumps=((2, 92), (99, 9), (48, 26)))
    layout = Layout.fit(board, 72, 37)
    art = JumpArt.draw(layout, board.jumps)
    everywhere = set().union(*(art.chars(index) for index in range(len(board.jumps))))
    strokes = [art.stroke(char) for char in everywhere]
    shared = [stroke for stroke in strokes if stroke is not None and len(set(stroke.jumps)) > 1]
    assert shared, "2→92 and 99→9 cross: some characters hold both"
    assert all(connected(art.chars(index)) for index in range(len(board.jumps)))


def scene(board, area, **extra):
    layout = Layout.fit(board, *area)
    palette = {
        name: "grey15" if name.startswith("cell") or name.endswith("path") or name == "trail" else "white"
        for name in (
            "cell",
            "cell_alt",
            "number",
            "trail",
            "ladder",
            "chute",
            "ladder_path",
            "chute_path",
            "highlight",
            "highlight_path",
            "start",
        )
    }
    palette.update(ladder="green", chute="red", highlight="yellow")
    players = parse_player_spec("Ann,Bob")
    return Scene(board, layout, JumpArt.draw(layout, board.jumps), players, [0, 0], palette, **extra)


def painted(s):
    return ["".join(seg.text for seg in paint_line(s, y)) for y in range(s.layout.height)]


def test_all_hundred_squares_are_numbered_at_80x24():
    lines = painted(scene(load_board("standard"), AREAS[0]))
    numbers = {int(found) for line in lines for found in re.findall(r"\d+", line)}
    assert set(range(1, 101)) <= numbers
    assert len(lines) <= 21


def test_ladders_and_chutes_are_drawn_in_their_own_colours_and_the_highlight_on_top():
    board = load_board("standard")
    plain = scene(board, AREAS[1])
    colours = {
        seg.style.color.name
        for y in range(plain.layout.height)
        for seg in paint_line(plain, y)
        if seg.style and seg.style.color and any("⠁" <= c <= "⣿" for c in seg.text)
    }
    assert {"green", "red"} <= colours
    index = board.jumps.index((28, 84))
    lit = scene(board, AREAS[1], highlight=index, cursor=28)
    lit_colours = [
        seg.style
        for y in range(lit.layout.height)
        for seg in paint_line(lit, y)
        if isinstance(seg.style, Style) and seg.style.color and seg.style.color.name == "yellow"
    ]
    assert len(lit_colours) >= len(lit.art.chars(index)) // 2  # the whole jump, not only its ends
    # Cached paints are the same paints.
    cached = scene(board, AREAS[1], cells={})
    assert painted(cached) == painted(plain) == painted(cached)


@pytest.mark.parametrize("area", [(72, 37), (40, 20), (200, 60)], ids=lambda a: f"{a[0]}x{a[1]}")
def test_the_drawing_made_band_by_band_is_the_whole_drawing(area):
    """Issue 13: jumps are drawn a band of rows at a time, clipped by their parameters; the
    bands must join into exactly what drawing every whole shape gives."""
    from chutes_tui.model.generate import random_board
    from chutes_tui.render.jumps import DOT_BITS, _shape

    for board in (load_board("standard"), random_board(3, squares=400, ladders=15, chutes=15)):
        layout = Layout.fit(board, *area)
        art = JumpArt.draw(layout, board.jumps)
        width, height = layout.width * 2, layout.grid_height * 4
        bits: dict[tuple[int, int], int] = {}
        owners: dict[tuple[int, int], list[int]] = {}
        for index, (tail, head) in enumerate(board.jumps):
            touched = set()
            for x, y in _shape(layout, tail, head):
                if 0 <= x < width and 0 <= y < height:
                    bits[x // 2, y // 4] = bits.get((x // 2, y // 4), 0) | DOT_BITS[y % 4][x % 2]
                    touched.add((x // 2, y // 4))
            for char in touched:
                owners.setdefault(char, []).append(index)
        for y in range(layout.height):
            for x in range(layout.width):
                stroke = art.stroke((x, y))
                if (x, y) in bits:
                    assert stroke is not None
                    assert (stroke.bits, stroke.jumps) == (bits[x, y], tuple(owners[x, y]))
                else:
                    assert stroke is None


def test_a_100000_square_board_draws_what_is_shown_quickly():
    import time

    from chutes_tui.model.generate import random_board

    board = random_board(7, squares=100_000, ladders=3_000, chutes=3_000)
    layout = Layout.fit(board, 120, 40)
    began = time.process_time()
    art = JumpArt.draw(layout, board.jumps)
    for y in range(layout.height - 40, layout.height):  # the bottom screenful, where a game starts
        for x in range(layout.width):
            art.stroke((x, y))
    assert time.process_time() - began < 5  # drawing every jump took minutes


def test_painted_cells_kept_stay_within_a_few_screens_and_paint_the_same():
    """Issue 23 (7): the cursor over every square (each jump it touches lights up its whole
    drawing, a new variant of every cell) must not keep every variant ever painted."""
    from chutes_tui.render.boardpaint import CELL_CACHE_LINES

    board = load_board("standard")
    cells: dict = {}
    made: set = set()  # every variant painted
    for cursor in range(1, board.end + 1):
        jump = board.jump_at(cursor)
        highlight = board.jumps.index(jump) if jump else None
        cached = scene(board, AREAS[2], cells=cells, cursor=cursor, highlight=highlight)
        bound = CELL_CACHE_LINES * cached.layout.columns
        lines = painted(cached)
        made |= cells.keys()
        assert len(cells) <= bound + 1  # emptied once past it
        if cursor % 25 == 0:
            assert lines == painted(scene(board, AREAS[2], cursor=cursor, highlight=highlight))
    assert len(made) > bound  # the walk went past the bound (more than one screen's variants)
