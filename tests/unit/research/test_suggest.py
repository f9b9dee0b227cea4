"""The editor's suggestion against every single jump edit tried by brute force."""

import itertools

import pytest

from chutes_tui.analysis.single import expected_from_start
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.research.suggest import suggest_edit, suggest_problem


def every_edit(board):
    """The jumps of every board one jump edit away: each jump removed, each end moved to any
    square, each jump added (many invalid: the board refuses them)."""
    squares = range(0, board.end + 1)
    for tail, head in board.jumps:
        others = tuple(j for j in board.jumps if j[0] != tail)
        yield others
        for to in squares:
            yield (*others, (to, head))
            yield (*others, (tail, to))
    for tail, head in itertools.product(squares, squares):
        yield (*board.jumps, (tail, head))


@pytest.mark.parametrize(("name", "target"), [("tiny-10", 3.0), ("tiny-10", 9.0), ("tiny-10", 5.5)])
def test_no_single_edit_comes_closer_than_the_suggestion(name, target):
    board = load_board(name)
    suggestion = suggest_edit(board, target)
    assert suggestion.after.expected_turns == pytest.approx(
        expected_from_start(
            Board(jumps=suggestion.board.jumps, end=board.end, die=board.die, end_rule=board.end_rule)
        ),
        rel=1e-12,
    )
    best = float("inf")
    for jumps in every_edit(board):
        try:
            edited = board.replace(jumps=jumps)
        except BoardError:
            continue
        if edited.jumps != board.jumps:
            best = min(best, abs(expected_from_start(edited) - target))
    assert abs(suggestion.after.expected_turns - target) == pytest.approx(best, abs=1e-9)
    assert suggestion.before.expected_turns == pytest.approx(expected_from_start(board), rel=1e-12)


def test_the_standard_board_and_its_figures():
    suggestion = suggest_edit(load_board("standard"), 30.0)
    assert suggestion.edit == "add" and suggestion.description == "add a ladder 33→96"
    assert suggestion.after.expected_turns == pytest.approx(30.0049, abs=1e-4)
    assert suggestion.after.sd == pytest.approx(18.6046, abs=1e-4)
    assert suggestion.after.first_player == pytest.approx(0.510115, abs=1e-6)
    assert suggestion.improves and suggestion.candidates > 7_000


def test_boards_it_cannot_weigh():
    assert "up to 300 squares" in str(suggest_problem(Board(end=301)))
    assert "one roll a turn" in str(suggest_problem(load_board("standard").replace(extra_roll=True)))
    with pytest.raises(ValueError, match="300"):
        suggest_edit(Board(end=301), 50)
