"""Editing a board: each edit gives a new, validated board.

Edits never modify a board (boards are frozen); an edit that would make an invalid board -- a
chained jump, a square with two jumps, an unwinnable layout -- raises :class:`BoardError` with
the reason, and the board being edited stays as it was.
"""

from __future__ import annotations

from chutes_tui.model.board import Board, BoardError


def add_jump(board: Board, tail: int, head: int) -> Board:
    """``board`` with a ladder or chute from ``tail`` to ``head``."""
    if tail == head:
        raise BoardError("a jump needs two different squares")
    return board.replace(jumps=(*board.jumps, (tail, head)))


def remove_jump(board: Board, square: int) -> Board:
    """``board`` without the jump that starts or ends on ``square``."""
    jump = board.jump_at(square)
    if jump is None:
        raise BoardError(f"no ladder or chute starts or ends on square {square}")
    return board.replace(jumps=tuple(j for j in board.jumps if j != jump))


def move_jump_end(board: Board, square: int, to: int) -> Board:
    """Move the end of a jump that lies on ``square`` (its tail or its head) to square ``to``."""
    jump = board.jump_at(square)
    if jump is None:
        raise BoardError(f"no ladder or chute starts or ends on square {square}")
    tail, head = jump
    moved = (to, head) if square == tail else (tail, to)
    if moved[0] == moved[1]:
        raise BoardError("a jump needs two different squares")
    others = tuple(j for j in board.jumps if j != jump)
    return board.replace(jumps=(*others, moved))
