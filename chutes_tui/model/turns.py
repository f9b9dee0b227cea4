"""What a turn is: the roll-level state machine, the one statement of a turn that every engine
reads (the chains through :mod:`chutes_tui.model.turnlaw`, the game and the simulators roll by
roll through :func:`after_roll`).

**Between turns** a piece is a :class:`PieceState`: its square ``s`` and ``miss``, whether it
must skip its next turn (it came to rest on a ``miss_turn`` square). The game is won on the goal
``G`` (``board.goal_square``), which absorbs. Whether a piece has *entered* is not a memory of
its own: a piece on the start square is "at the start" and must enter (so a chute, a bump or a
penalty back to the start means entering again); see the note below.

**A turn** from ``(s, miss)``: with ``miss`` it is skipped, no roll, ending on ``(s, False)``;
else it is a run of within-turn states :class:`Rolling` ``(b, x, p, k, m)`` -- ``b`` the
square the turn began on (``= s``), ``x`` where the piece stands, ``p`` the faces added and not
yet moved (``sum_rolls``), ``k`` the top faces just rolled in a row (counted under a streak
limit only, else 0), ``m`` whether a move brought the piece to rest during this turn (read by
``miss_turn`` only) -- starting from ``(s, s, 0, 0, False)``. Each roll draws face ``f`` with
the dice's chance and leads (:func:`after_roll`) to the next within-turn state or to the turn's
end, a :class:`PieceState`:

1. *Streak.* Under ``streak_limit = N`` a top face (the largest move) makes ``k' = k + 1``, any
   other ``k' = 0``; at ``k' = N`` the turn ends at once, no move, the piece placed (no jump,
   no special square) on ``b`` (``forfeit``), the start (``start``) or square ``S``.
2. *Entering.* On the start with nothing added (``x = start``, ``p = 0``), with ``enter_faces``
   set, a face not among them moves nothing. An entering face with ``enter_square = S`` places
   the piece on ``S`` (its jump followed): that is its move. Otherwise the face moves as below.
3. *Summing.* Under ``sum_rolls`` a face that rolls again is added (``p' = p + f``) and nothing
   moves; a face that ends the rolling moves the piece by ``p + f`` from ``x``. Without it each
   face moves by ``f``. A move is :func:`~chutes_tui.model.rules.move_by`: the end rule past the
   end square ``E`` (``exact`` loses it: no move), then the landing's jump.
4. *After.* A move onto ``G`` ends the turn: won. The turn goes on from where the piece stands
   (``p = 0``) when the face was a top face under ``extra_roll``, or when a move (not a lost
   roll, not a face that failed to enter) came to rest on a ``throw_again`` square; otherwise
   it ends on ``(x', miss')`` with ``miss'`` true when ``x'`` is a ``miss_turn`` square and a
   move brought the piece to rest this turn (``m'``: a piece that stays put, a roll lost, does
   not come to rest anew).

So a turn's rolls are unbounded in general (a top face lost to the exact rule rolls again from
the same state; ``throw_again`` squares may form a cycle through jumps), but the within-turn
states are finite: ``k < N``; ``p`` matters only up to where the move's outcome stops changing
(:mod:`.turnlaw` caps it); and the rest are squares. With every rule of issue 26 off the machine
is today's turn: each face moves (:func:`~chutes_tui.model.rules.move`), a top face under
``extra_roll`` rolls again unless it won (:func:`~chutes_tui.model.rules.rolls_again`).

**Not expressible.** Leela's three sixes (Harish Johari's book): *exactly* three sixes in a row
cancel the turn's moves and the piece then moves by the fourth throw from where the turn began
(from square 1 at entry), while four or more sixes move in full. ``streak_limit = 3`` ends the
turn on the third six instead, and penalises longer streaks too; a rule for it would need the
fourth throw's move and an "exactly N" streak, which these keys do not say.

**Chosen** (every engine plays it so): "at the start" is the start square, not a memory bit
(the two differ only when a piece can come back to the start: a chute to the start, a penalty
to ``start``; the bump rule is not played with these rules); a face that fails to enter still
rolls again when it is the top face under ``extra_roll`` (the roll happened; only the move is
refused).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from chutes_tui.model.rules import Move, Penalty, RuledBoard, move_by


class TurnBoard(RuledBoard, Protocol):
    """What a turn reads of a board besides what a move reads: the rules of issue 26."""

    @property
    def sum_rolls(self) -> bool: ...
    @property
    def streak_limit(self) -> int | None: ...
    @property
    def streak_penalty(self) -> Penalty | int: ...
    @property
    def enter_faces(self) -> tuple[int, ...]: ...
    @property
    def enter_square(self) -> int | None: ...
    @property
    def miss_turn(self) -> tuple[int, ...]: ...
    @property
    def throw_again(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True, order=True)
class PieceState:
    """A piece between turns: its square, and whether it skips its next turn."""

    square: int
    miss: bool = False


@dataclass(frozen=True, slots=True, order=True)
class Rolling:
    """A turn under way (see the module docstring): begun on ``began``, the piece on
    ``square``, ``pending`` faces added and not moved, ``streak`` top faces in a row, ``moved``:
    a move brought it to rest this turn."""

    began: int
    square: int
    pending: int = 0
    streak: int = 0
    moved: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """What one roll did: the moves it made (none: it was added to a sum, failed to enter, or
    ended a streak), and the next within-turn state or, a :class:`PieceState`, the turn's end.
    ``penalty``: the square a streak too long sent the piece to (no move; no jump)."""

    moves: tuple[Move, ...]
    next: Rolling | PieceState
    penalty: int | None = None

    @property
    def ends(self) -> bool:
        return isinstance(self.next, PieceState)


def begin_turn(board: TurnBoard, piece: PieceState) -> Rolling | PieceState:
    """A turn's first within-turn state, or its end when the piece skips this turn."""
    if piece.square == board.goal_square:
        raise ValueError(f"a piece on the goal {piece.square} has finished: it takes no turns")
    if piece.miss:
        return PieceState(piece.square)
    return Rolling(piece.square, piece.square)


def beyond_rolls(board: TurnBoard) -> bool:
    """Whether a turn on ``board`` needs this machine: some rule of issue 26 is set. Else a turn
    is the rolls of the board's roll table, joined by the extra roll (the engines of today)."""
    return bool(turn_rules_set(board))


def turn_rules_set(board: TurnBoard) -> list[str]:
    """The board-file keys of the turn rules of issue 26 that ``board`` sets, in the rule
    table's order (empty: a turn is today's, :func:`beyond_rolls`)."""
    set_by = {
        "goal": board.goal_square != board.end,
        "sum_rolls": board.sum_rolls,
        "streak_limit": board.streak_limit is not None,
        "streak_penalty": board.streak_penalty is not Penalty.FORFEIT,
        "enter_faces": bool(board.enter_faces),
        "enter_square": board.enter_square is not None,
        "miss_turn": bool(board.miss_turn),
        "throw_again": bool(board.throw_again),
    }
    return [key for key, on in set_by.items() if on]


def enters_on(board: TurnBoard) -> bool:
    """Whether a piece on the start must enter (some faces refused, or an entry square)."""
    return bool(board.enter_faces) or board.enter_square is not None


def penalty_square(board: TurnBoard, began: int) -> int:
    """Where a streak too long puts the piece, for a turn begun on ``began``."""
    if board.streak_penalty is Penalty.FORFEIT:
        return began
    if board.streak_penalty is Penalty.START:
        return board.start
    return int(board.streak_penalty)


def after_roll(board: TurnBoard, state: Rolling, face: int) -> Step:
    """One roll of face ``face`` (a move of the dice) in the turn at ``state`` (the module
    docstring's steps 1-4)."""
    top = face == board.die.top
    streak = 0
    if board.streak_limit is not None:
        streak = state.streak + 1 if top else 0
        if streak >= board.streak_limit:
            square = penalty_square(board, state.began)
            return Step((), PieceState(square), penalty=square)
    again = board.extra_roll and top
    square = state.square
    if square == board.start and state.pending == 0 and enters_on(board):
        if board.enter_faces and face not in board.enter_faces:
            return _after(board, state, None, streak, again)
        if board.enter_square is not None:
            return _after(board, state, move_by(board, square, face, board.enter_square), streak, again)
    if board.sum_rolls:
        total = state.pending + face
        if again:
            return Step((), replace(state, pending=total, streak=streak))
        return _after(board, state, move_by(board, square, total), streak, again)
    return _after(board, state, move_by(board, square, face), streak, again)


def _after(board: TurnBoard, state: Rolling, made: Move | None, streak: int, again: bool) -> Step:
    """Step 4: the turn goes on or ends after a roll that made ``made`` (``None``: no move)."""
    rested = made is not None and not made.lost  # a move brought the piece to rest anew
    square = state.square if made is None else made.final
    moves = () if made is None else (made,)
    moved = state.moved or rested
    if square == board.goal_square:
        return Step(moves, PieceState(square))
    if again or (rested and square in board.throw_again):
        return Step(moves, Rolling(state.began, square, 0, streak, moved))
    return Step(moves, PieceState(square, moved and square in board.miss_turn))


@dataclass(frozen=True)
class PlayedTurn:
    """A turn as played: the faces rolled, each roll's :class:`Step`, and where it ended."""

    faces: tuple[int, ...]
    steps: tuple[Step, ...]
    end: PieceState

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(move for step in self.steps for move in step.moves)


def play_turn(board: TurnBoard, piece: PieceState, face: Callable[[], int], limit: int) -> PlayedTurn:
    """Play one turn from ``piece`` rolling ``face()`` until the turn ends, or until ``limit``
    rolls (a save's cap: the turn then ends where the piece stands, as today's game does)."""
    state = begin_turn(board, piece)
    faces: list[int] = []
    steps: list[Step] = []
    while isinstance(state, Rolling):
        if len(faces) >= limit:
            state = PieceState(state.square)
            break
        faces.append(face())
        step = after_roll(board, state, faces[-1])
        steps.append(step)
        state = step.next
    return PlayedTurn(tuple(faces), tuple(steps), state)
