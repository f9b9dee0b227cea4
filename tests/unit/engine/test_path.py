"""The squares a piece is shown walking (engine/path.py)."""

from chutes_tui.engine.path import SLIDE_STEPS, walk
from chutes_tui.model.board import Board
from chutes_tui.model.generate import random_board
from chutes_tui.model.rules import move, move_by
from chutes_tui.render.grid import Layout


def test_a_long_ladder_is_climbed_in_a_bounded_number_of_frames():
    """Issue 13: a 66,000-square ladder was animated square by square under its drawn path,
    stalling a watched game for minutes."""
    board = random_board(7, squares=100_000, ladders=3_000, chutes=3_000)
    layout = Layout.fit(board, 120, 40)
    tail, head = max(board.ladders, key=lambda jump: jump[1] - jump[0])
    step = next(move(board, tail - face, face) for face in range(1, 7) if board.jump_at(tail - face) is None)
    squares = walk(step, board.end, layout.path)
    path = [s for s in layout.path(tail, head) if s not in (tail, head)]
    assert len(path) > SLIDE_STEPS
    forward = list(range(step.square + 1, tail + 1))
    assert squares[: len(forward)] == forward and squares[-1] == head
    slide = squares[len(forward) : -1]
    assert len(slide) == SLIDE_STEPS and slide[0] == path[0] and slide[-1] == path[-1]
    assert all(s in path for s in slide)
    assert [path.index(s) for s in slide] == sorted(path.index(s) for s in slide)  # in order along it


def test_a_short_jump_is_walked_square_by_square(standard):
    layout = Layout.fit(standard, 72, 37)
    step = move(standard, 26, 2)  # 28 → 84
    path = [s for s in layout.path(28, 84) if s not in (28, 84)]
    assert walk(step, standard.end, layout.path) == [27, 28, *path, 84]


def test_a_move_back_is_walked_down_and_an_entry_is_placed():
    """A choice to move back (issue 27) walks down to where it lands; a piece entering on its
    square (issue 26) is placed there, not walked."""
    back = Board(10, dice_choice=((1, 2),), after_roll="either")
    assert walk(move_by(back, 6, -3, landing=3), back.end) == [5, 4, 3]
    entering = Board(10, enter_square=4)
    assert walk(move_by(entering, 0, 6, landing=4), entering.end) == [4]
    assert walk(move_by(entering, 4, 2), entering.end) == [5, 6]
