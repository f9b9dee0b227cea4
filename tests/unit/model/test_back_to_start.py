"""A chute back to the start square 0, off the board ("go back to start"): allowed when the
board starts there, and handled by the engine's walk and the drawing (the chains and the
simulator: test_chain_jumps.py checks both new kinds of jump together)."""

import pytest

from chutes_tui.engine.path import walk
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.rules import JumpKind, move
from chutes_tui.render.grid import Layout
from chutes_tui.render.jumps import JumpArt
from tests.unit.render.test_board_drawing import centre_char, connected, painted, scene

BACK = Board(end=30, jumps=((3, 11), (27, 0), (19, 2)), width=6, name="back")


def test_a_chute_may_send_a_piece_back_to_the_start_off_the_board():
    assert BACK.chutes == ((19, 2), (27, 0)) and int(BACK.resolve[27]) == 0
    step = move(BACK, 24, 3)
    assert (step.landing, step.final, step.jump) == (27, 0, JumpKind.CHUTE)
    with pytest.raises(BoardError, match="leaves the board"):
        Board(end=30, start=1, jumps=((27, 0),))  # square 0 is no square of this board
    with pytest.raises(BoardError, match="leaves the board"):
        Board(end=30, jumps=((27, -1),))


def test_the_walk_and_the_drawing_go_to_square_1_s_cell_then_the_start():
    layout = Layout.fit(BACK, 72, 37)
    squares = walk(move(BACK, 24, 3), BACK.end, layout.path)
    assert squares[:3] == [25, 26, 27] and squares[-2:] == [1, 0]
    art = JumpArt.draw(layout, BACK.jumps)
    index = BACK.jumps.index((27, 0))
    chars = art.chars(index)
    x, y = centre_char(layout, 1)
    assert connected(chars) and chars & {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert len(painted(scene(BACK, (72, 37)))) == layout.height
