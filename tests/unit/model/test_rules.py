import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.rules import (
    EndRule,
    JumpKind,
    final_square,
    landing_square,
    move,
    roll_table,
    rolls_again,
)


@pytest.mark.parametrize(
    ("rule", "square", "roll", "expected"),
    [
        (EndRule.EXACT, 97, 3, 100),
        (EndRule.EXACT, 97, 4, 97),  # overshoot: stay put
        (EndRule.REACH, 97, 6, 100),  # passing the end wins
        (EndRule.BOUNCE, 97, 5, 98),  # 102 bounces back 2
        (EndRule.BOUNCE, 99, 6, 95),
        (EndRule.BOUNCE, 94, 6, 100),
    ],
)
def test_end_rules(rule, square, roll, expected):
    assert int(landing_square(square, roll, 100, rule)) == expected


def test_jumps_apply_in_the_same_turn(standard):
    ladder = move(standard, 24, 4)
    assert (ladder.landing, ladder.final, ladder.jump) == (28, 84, JumpKind.LADDER)
    assert ladder.describe() == "24 → 28 ladder → 84"
    chute = move(standard, 45, 3)
    assert (chute.final, chute.jump) == (26, JumpKind.CHUTE)
    lost = move(standard, 97, 5)
    assert lost.final == 97 and lost.lost and lost.describe() == "97 stays (needs an exact roll)"


def test_bounce_lands_on_a_chute():
    # 99 + 3 = 102 bounces back to 98, the tail of the 98→78 chute.
    board = load_board("standard-bounce")
    bounced = move(board, 99, 3)
    assert bounced.final == 78 and not bounced.lost
    assert bounced.describe() == "99 → 98 (bounced) chute → 78"
    assert move(load_board("standard-reach"), 97, 6).describe() == "97 → 100"


def test_roll_table_agrees_with_move_everywhere():
    for name in ("standard", "standard-reach", "standard-bounce", "tiny-10"):
        board = load_board(name)
        table = roll_table(board)
        for square in board.standable_squares:
            for roll in range(1, board.die.sides + 1):
                assert table[square, roll - 1] == move(board, int(square), roll).final


def test_roll_outcomes_near_the_end(standard):
    # Issue 4's figures for square 95: 98 is the chute to 78 and 101 overshoots.
    assert list(roll_table(standard)[95]) == [96, 97, 78, 99, 100, 95]
    assert list(roll_table(standard)[94]) == [75, 96, 97, 78, 99, 100]


def test_roll_out_of_range(standard):
    with pytest.raises(ValueError):
        move(standard, 0, 7)


def test_extra_roll_rule():
    board = Board(end=20, die=4, extra_roll=True)
    assert rolls_again(board, move(board, 0, 4))
    assert not rolls_again(board, move(board, 0, 3))
    assert not rolls_again(board, move(board, 16, 4))  # reached the end: the game is won
    assert not rolls_again(Board(end=20, die=4), move(board, 0, 4))


def test_tables_are_read_only(standard):
    with pytest.raises(ValueError):
        roll_table(standard)[0, 0] = 5
    assert isinstance(roll_table(standard), np.ndarray)


@pytest.mark.parametrize("name", ["standard", "standard-reach", "standard-bounce"])
def test_a_finished_piece_stays_on_the_end(name):
    board = load_board(name)
    assert list(roll_table(board)[board.end]) == [board.end] * board.die.sides
    assert move(board, board.end, 3).final == board.end


@st.composite
def ruled_boards(draw):
    """Small boards under every end rule, dice that skip squares or overshoot the board, a start
    on the board, a goal short of the end, chained jumps and a chute back to the start (a board
    that refuses them: none)."""
    end = draw(st.integers(1, 40))
    die = draw(st.sampled_from([1, 2, 3, 6, 12, "2d3", (1, 0, 2), (0, 0, 1), (3, 1)]))
    jumps = draw(st.dictionaries(st.integers(1, end), st.integers(0, end), max_size=end // 3 + 1))
    try:
        return Board(
            end=end,
            die=die,
            end_rule=draw(st.sampled_from(list(EndRule))),
            start=draw(st.integers(0, end - 1)) if draw(st.booleans()) else 0,
            chain_jumps=draw(st.booleans()),
            goal=draw(st.integers(1, end)) if draw(st.booleans()) else None,
            jumps=tuple(jumps.items()),
        )
    except BoardError:
        assume(False)


@settings(max_examples=300, deadline=None)
@given(ruled_boards())
def test_the_tables_made_a_column_at_a_time_are_the_rule_square_by_square(board):
    """The tables are made a column at a time in plain Python (model/rules.py: a move that stays
    on the board reads ``resolve``); square by square the rule is final_square and landing_square."""
    moves = board.die.values
    rolls, landings = board.roll_table, board.landing_table
    assert rolls.shape == landings.shape == (board.end + 1, len(moves)) and rolls.dtype == np.int64
    for square in range(board.end + 1):
        for column, steps in enumerate(moves):
            assert rolls[square, column] == final_square(board, square, steps)
            assert board.roll_cells[square * len(moves) + column] == rolls[square, column]
            assert landings[square, column] == landing_square(square, steps, board.end, board.end_rule)


def test_a_board_with_its_tables_made_still_pickles_and_copies(standard):
    """The board keeps its plain cells as an array (a read-only view is handed out), so a board
    whose tables were made pickles and deep-copies as it did when they were numpy's."""
    import copy
    import pickle

    board = load_board("standard")
    board.roll_table  # noqa: B018 (made and kept: the point)
    for other in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board)):
        assert other == board and (other.roll_table == standard.roll_table).all()
        assert list(other.roll_cells[95 * 6 : 96 * 6]) == [96, 97, 78, 99, 100, 95]
    with pytest.raises(TypeError):
        board.roll_cells[0] = 5
