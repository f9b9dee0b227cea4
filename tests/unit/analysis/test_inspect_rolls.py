"""What each face does in the inspector's report (SquareReport.roll_outcomes), as a turn's first
roll: the move, and whether the same turn goes on after it (the extra roll's top face, a
throw-again square) or the piece stays (a face that does not enter, the exact rule, a face
added to a sum), checked face by face against model/turns.after_roll."""

import pytest

from chutes_tui.analysis.reports import inspect_square
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.turns import Rolling, after_roll


def said(board, square):
    return {o.roll: o.describe() for o in inspect_square(board, square).roll_outcomes}


def test_on_leela_a_six_rolls_again_and_only_a_six_enters():
    leela = load_board("leela")
    assert said(leela, 23)[6] == "→ 29 chute → 6, then rolls again"
    assert said(leela, 23)[2] == "→ 25"
    assert said(leela, 10) == said(leela, 23)  # a ladder's tail: the rolls of where it sends you
    start = said(leela, 0)
    assert start[6] == "→ 6, then rolls again"
    assert all(start[face] == "stays (this face does not enter)" for face in range(1, 6))
    near = said(leela, 67)  # a 1 wins on 68; a 6 past 72 is lost, and rolls again all the same
    assert near[1] == "→ 68" and near[6] == "stays (needs an exact roll), then rolls again"


@pytest.mark.parametrize(
    ("rules", "square", "face", "words"),
    [
        ({}, 10, 6, "→ 16 chute → 6"),  # no extra roll: a 6 is a move like any other
        ({"extra_roll": True}, 10, 6, "→ 16 chute → 6, then rolls again"),
        ({"extra_roll": True}, 94, 6, "→ 100, then rolls again"),  # … unless it wins? see below
        ({"extra_roll": True, "sum_rolls": True}, 10, 6, "stays (added to the turn's sum), then rolls again"),
        ({"throw_again": (14,)}, 10, 4, "→ 14, then rolls again"),
        ({"throw_again": (14,)}, 10, 5, "→ 15"),
    ],
)
def test_each_face_says_what_the_turn_machine_does(standard, rules, square, face, words):
    board = standard.replace(**rules)
    outcome = next(o for o in inspect_square(board, square).roll_outcomes if o.roll == face)
    step = after_roll(board, Rolling(square, square), face)
    assert outcome.again == isinstance(step.next, Rolling)
    if outcome.final == board.goal_square:
        assert not outcome.again  # a roll that wins ends the game
    else:
        assert outcome.describe() == words
