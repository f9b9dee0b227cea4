"""Editing a board: each edit gives a new, validated board.

Edits never modify a board (boards are frozen); an edit that would make an invalid board -- a
chained jump, a square with two jumps, an unwinnable layout -- raises :class:`BoardError` with
the reason, and the board being edited stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable

from chutes_tui.model.board import Board, BoardError, Jump


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


def edited_jumps(board: Board, removed: Iterable[int], added: Iterable[Jump]) -> tuple[Jump, ...]:
    """``board``'s jumps without those that start or end on ``removed`` (the tail's first, as
    :func:`remove_jump`), then with ``added``: the jumps alone, checked by nobody yet (a board
    built with them, and perhaps other rules, is; :class:`BoardError`: a square without a jump)."""
    jumps = list(board.jumps)
    for square in removed:
        found = [j for j in jumps if j[0] == square] or [j for j in jumps if j[1] == square]
        if not found:
            raise BoardError(f"no ladder or chute starts or ends on square {square}")
        jumps.remove(found[0])
    return (*jumps, *added)


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


class EditHistory:
    """The boards an editing session has been through, for undo and redo.

    ``current`` is the board shown; :meth:`push` records an edit (and forgets what had been
    undone, as editors do); :meth:`undo`/:meth:`redo` step back and forth. ``saved`` is the
    board last written (or opened); :attr:`unsaved` says whether leaving would lose work.
    At most ``limit`` steps are kept: boards are small, but a long session should not grow
    without bound.
    """

    def __init__(self, board: Board, limit: int = 500) -> None:
        self.current = board
        self.saved = board
        self.limit = limit
        self._back: list[Board] = []
        self._forward: list[Board] = []

    def push(self, board: Board) -> None:
        self._back.append(self.current)
        del self._back[: max(0, len(self._back) - self.limit)]  # the oldest steps go first
        self._forward.clear()
        self.current = board

    def undo(self) -> Board | None:
        """The board before the last edit (now current), or ``None`` when there is none."""
        if not self._back:
            return None
        self._forward.append(self.current)
        self.current = self._back.pop()
        return self.current

    def redo(self) -> Board | None:
        """The board of the last undone edit (now current), or ``None``."""
        if not self._forward:
            return None
        self._back.append(self.current)
        self.current = self._forward.pop()
        return self.current

    def mark_saved(self, board: Board) -> None:
        """``board`` (the current one, perhaps renamed by saving) is what the file now holds."""
        self.current = self.saved = board

    @property
    def unsaved(self) -> bool:
        return self.current != self.saved

    @property
    def can_undo(self) -> int:
        return len(self._back)

    @property
    def can_redo(self) -> int:
        return len(self._forward)
