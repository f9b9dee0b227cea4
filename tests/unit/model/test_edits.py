"""Board edits and the editor's undo/redo history."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import BoardError
from chutes_tui.model.edits import EditHistory, add_jump, move_jump_end, remove_jump


def test_edits_give_new_boards_and_refuse_invalid_ones():
    board = load_board("standard")
    longer = add_jump(board, 3, 12)
    assert (3, 12) in longer.jumps and (3, 12) not in board.jumps
    assert remove_jump(longer, 12).jumps == board.jumps
    moved = move_jump_end(longer, 12, 13)
    assert (3, 13) in moved.jumps
    with pytest.raises(BoardError):
        add_jump(board, 1, 38)  # square 1 already has a ladder


def test_undo_and_redo_walk_the_history_and_a_new_edit_forgets_the_redo():
    first = load_board("standard")
    history = EditHistory(first)
    second = add_jump(first, 3, 12)
    third = remove_jump(second, 12)
    history.push(second)
    history.push(third)
    assert history.undo() is second and history.undo() is first
    assert history.undo() is None and history.current is first
    assert history.redo() is second
    history.push(add_jump(second, 5, 7))
    assert history.redo() is None and history.can_undo == 2


def test_unsaved_follows_the_saved_board_through_undo():
    first = load_board("standard")
    history = EditHistory(first)
    assert not history.unsaved
    history.push(add_jump(first, 3, 12))
    assert history.unsaved
    history.undo()
    assert not history.unsaved  # back to what was opened
    history.redo()
    history.mark_saved(history.current.replace(name="mine"))
    assert not history.unsaved and history.saved.name == "mine"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["push", "undo", "redo"]), max_size=40), st.integers(1, 6))
def test_history_matches_a_plain_list_model(operations, limit):
    """Against a model: a list of boards and a cursor, truncated on push, bounded by ``limit``."""
    base = load_board("tiny-10")
    boards = [base.replace(name=f"b{i}") for i in range(len(operations) + 1)]
    history = EditHistory(boards[0], limit=limit)
    line, at, made = [boards[0]], 0, 0
    for operation in operations:
        if operation == "push":
            made += 1
            line = [*line[: at + 1], boards[made]]
            at = len(line) - 1
            if at > limit:  # the oldest steps are forgotten
                line, at = line[at - limit :], limit
            history.push(boards[made])
        elif operation == "undo":
            expected = line[at - 1] if at > 0 else None
            at = max(0, at - 1)
            assert history.undo() is expected
        else:
            expected = line[at + 1] if at + 1 < len(line) else None
            at = min(len(line) - 1, at + 1)
            assert history.redo() is expected
        assert history.current is line[at]
