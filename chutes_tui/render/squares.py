"""What a square does besides its jump, under issue 26's rules (:mod:`chutes_tui.model.turns`):
the goal inside the board, a miss-turn square, a throw-again square, the entry square. Each role
has its mark after the square's number on a drawn board (so it shows without colour), its words
on the board's key line, and the inspector's sentence; written once here for every front end.

A board that sets none of these rules has no roles: its drawing is today's (the end square wins,
and is not marked).
"""

from __future__ import annotations

from dataclasses import dataclass

from chutes_tui.model.board import Board


@dataclass(frozen=True)
class Role:
    """One thing a square can do: its mark, its words on the key line, and what it means."""

    mark: str
    key: str
    says: str


GOAL = Role("⌂", "goal", "the goal: coming to rest here wins the game")
MISS_TURN = Role("‖", "miss a turn", "miss a turn: a piece that comes to rest here skips its next turn")
THROW_AGAIN = Role("↻", "throw again", "throw again: coming to rest here gives another roll")
ENTRY = Role("»", "entry", "the entry square: a piece that enters is placed here (then its jump)")
ROLES = (GOAL, MISS_TURN, THROW_AGAIN, ENTRY)

MARKS_SENTENCE = " ".join(f"{role.mark} marks {role.says.split(':')[0]}." for role in ROLES)


def roles(board: Board, square: int) -> tuple[Role, ...]:
    """The roles of ``square`` on ``board`` (the goal only when it lies inside the board)."""
    found = []
    if board.goal is not None and square == board.goal_square:
        found.append(GOAL)
    if square in board.miss_turn:
        found.append(MISS_TURN)
    if square in board.throw_again:
        found.append(THROW_AGAIN)
    if square == board.enter_square:
        found.append(ENTRY)
    return tuple(found)


def board_roles(board: Board) -> tuple[tuple[Role, tuple[int, ...]], ...]:
    """Each role the board has, with its squares."""
    squares = {
        GOAL: (board.goal_square,) if board.goal is not None else (),
        MISS_TURN: board.miss_turn,
        THROW_AGAIN: board.throw_again,
        ENTRY: () if board.enter_square is None else (board.enter_square,),
    }
    return tuple((role, squares[role]) for role in ROLES if squares[role])


def key_line(board: Board, *, marks: bool = True) -> str:
    """The board's key: ``⌂ goal 68 · ‖ miss a turn · ↻ throw again`` (empty: no roles). Where
    the cells are too narrow for the marks (``marks`` false), the squares themselves: ``goal 68
    · miss a turn 10, 20`` -- a key of marks the board does not show would explain nothing."""
    parts = []
    for role, squares in board_roles(board):
        if marks:
            parts.append(f"{role.mark} {role.key}" + (f" {squares[0]}" if role in (GOAL, ENTRY) else ""))
        else:
            parts.append(f"{role.key} {', '.join(map(str, squares))}")
    return " · ".join(parts)


def marks_fit(board: Board, cell_width: int) -> bool:
    """Whether a cell ``cell_width`` wide has room for a role's mark after the board's longest
    number (and the blank before the next cell): the drawing's own test, square by square."""
    return len(str(board.end)) + 2 <= cell_width


def square_says(board: Board, square: int) -> list[str]:
    """What the inspector says ``square`` does: one sentence per role (none: an ordinary one)."""
    return [role.says[0].upper() + role.says[1:] + "." for role in roles(board, square)]
