"""Turn semantics: the one place that says where a roll takes you.

The game engine, the Markov chain and the Monte Carlo simulator all ask this module, so a
change of rules changes every engine at once.

A roll that moves ``r`` squares (one of the dice's moves, ``board.die.values``) from square
``s`` lands on ``s + r``; what happens past the end square ``E``
depends on the end rule:

* ``exact``  -- overshooting is not allowed: the piece stays on ``s`` (the seeds' rule);
* ``reach``  -- reaching or passing ``E`` wins (the DataGenetics house rule);
* ``bounce`` -- the piece walks back the excess, landing on ``E - (s + r - E)``.

A jump (ladder or chute) whose tail is the landing square then moves the piece to its head in
the same turn. On a board with ``chain_jumps`` a head may be another jump's tail, and the piece
follows the chain until it rests; the board's ``resolve`` array holds where each landing ends,
so one lookup still finishes the move.

The game is won by coming to rest on the *goal* ``G`` (``board.goal_square``: the end square
``E`` unless the board's ``goal`` is set short of it); squares ``G+1..E`` are ordinary, and the
end rule governs only moves past ``E``. A whole turn -- rolls again, sums, streaks, entering,
special squares -- is :mod:`chutes_tui.model.turns`: the one statement of a turn, built on
:func:`move_by` here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import Protocol

import numpy as np
from numpy.typing import ArrayLike

from chutes_tui.model.dice import Dice

MAX_SQUARES = 100_000  # the largest board (and so the largest square any rule may name)
MAX_STREAK = 100  # the longest streak limit: top faces counted in one turn


class EndRule(StrEnum):
    """What a roll that would pass the end square does."""

    EXACT = "exact"
    REACH = "reach"
    BOUNCE = "bounce"


class Penalty(StrEnum):
    """Where a streak of top faces too long sends the piece (``streak_penalty``), besides a
    square of the board: back to where the turn began (the turn forfeited), or to the start."""

    FORFEIT = "forfeit"
    START = "start"


class JumpKind(StrEnum):
    LADDER = "ladder"
    CHUTE = "chute"


class RuledBoard(Protocol):
    """What the rules read of a board: its squares, dice, rule choices and jump tables.

    :class:`chutes_tui.model.board.Board` is the one the program plays on; it is built on this
    module (it keeps :func:`roll_table` and :func:`landing_table` of itself), so this module
    names only what it reads, never that class.
    """

    @property
    def end(self) -> int: ...
    @property
    def start(self) -> int: ...
    @property
    def die(self) -> Dice: ...
    @property
    def goal_square(self) -> int:
        """The square that wins (the end square unless the board's ``goal`` is set)."""

    @property
    def end_rule(self) -> EndRule: ...
    @property
    def extra_roll(self) -> bool: ...
    @property
    def chain_jumps(self) -> bool: ...
    @property
    def bump(self) -> bool: ...
    @property
    def jump_map(self) -> Mapping[int, int]:
        """``tail → head`` of every jump."""

    @property
    def resolve(self) -> np.ndarray:
        """``resolve[s]``: where a piece landing on ``s`` ends its move, jumps followed."""

    @property
    def roll_table(self) -> np.ndarray:
        """:func:`roll_table` of this board, kept with it."""

    @property
    def landing_table(self) -> np.ndarray:
        """:func:`landing_table` of this board, kept with it."""


def jump_kind(tail: int, head: int) -> JumpKind:
    """A jump up is a ladder, a jump down a chute: the one place that says so."""
    return JumpKind.LADDER if head > tail else JumpKind.CHUTE


def landing_square(square: ArrayLike, roll: ArrayLike, end: int, rule: EndRule) -> np.ndarray:
    """The square a roll lands on before any jump is taken (element-wise on arrays).

    Written once for arrays so that the scalar :func:`move` and the vectorised
    :func:`roll_table` cannot disagree.
    """
    target = np.asarray(square) + np.asarray(roll)
    if rule is EndRule.EXACT:
        past = np.broadcast_to(square, target.shape)
    elif rule is EndRule.REACH:
        past = np.full_like(target, end)
    else:
        past = 2 * end - target
    return np.where(target <= end, target, past)


def final_square(board: RuledBoard, square: ArrayLike, roll: ArrayLike) -> np.ndarray:
    """Where a roll ends the move: the landing square, or its jump's head.

    A roll lost to the exact rule does not land anywhere, so no jump applies to it; and a piece
    on the goal has finished, so it stays there whatever the rule.
    """
    landing = landing_square(square, roll, board.end, board.end_rule)
    lost = (np.asarray(square) + np.asarray(roll) > board.end) & (board.end_rule is EndRule.EXACT)
    moved = np.where(lost, landing, board.resolve[landing])
    return np.where(np.asarray(square) == board.goal_square, board.goal_square, moved)


@dataclass(frozen=True, slots=True)
class Move:
    """One roll and its consequences, for logs and animations.

    ``overshoot``: the roll went past the end square; then under the exact rule the roll is
    ``lost``, under the bounce rule the piece ``bounced`` back.
    """

    square: int
    roll: int
    landing: int
    final: int
    jump: JumpKind | None
    overshoot: bool
    lost: bool
    bounced: bool
    # A chain of jumps: the heads passed between the landing square and the final one.
    via: tuple[int, ...] = ()

    @property
    def hops(self) -> list[tuple[int, int]]:
        """Each jump taken, in order: ``[(landing, head), …]`` (none when no jump is taken)."""
        if self.final == self.landing and not self.via:
            return []
        squares = [self.landing, *self.via, self.final]
        return list(pairwise(squares))

    def describe(self) -> str:
        """``"24 → 28 ladder → 84"``, ``"99 → 95 (bounced)"``, ``"97 stays (needs an exact roll)"``."""
        if self.lost:
            return f"{self.square} stays (needs an exact roll)"
        text = f"{self.square} → {self.landing}"
        if self.bounced:
            text += " (bounced)"
        for tail, head in self.hops:
            text += f" {jump_kind(tail, head)} → {head}"
        return text


def move(board: RuledBoard, square: int, roll: int) -> Move:
    """Where one roll that moves ``roll`` squares from ``square`` takes a piece on ``board``."""
    column = board.die.column(roll)  # ValueError: no roll of these dice moves that far
    # Lookups in the board's tables (made once, by the array functions above): a game plays
    # thousands of moves, and numpy on single numbers costs ~40 µs a move.
    final = int(board.roll_table[square, column])
    landing = int(board.landing_table[square, column])
    return _move(board, square, roll, landing, final)


def move_by(board: RuledBoard, square: int, steps: int, landing: int | None = None) -> Move:
    """A move of ``steps`` squares from ``square`` (a face, or a turn's summed faces, however
    large), under the end rule, its jumps followed; ``landing`` given: the piece is placed there
    instead (entering on the board's ``enter_square``), its jump followed. The same rule as
    :func:`move`, without the tables (whose columns are the dice's moves only)."""
    if landing is None:
        landing = int(landing_square(square, steps, board.end, board.end_rule))
        if square + steps > board.end and board.end_rule is EndRule.EXACT:
            return _move(board, square, steps, landing, landing)  # lost: no jump
    return _move(board, square, steps, landing, int(board.resolve[landing]))


def _move(board: RuledBoard, square: int, roll: int, landing: int, final: int) -> Move:
    jump = None if final == landing else jump_kind(landing, final)
    overshoot = square + roll > board.end
    lost = overshoot and board.end_rule is EndRule.EXACT
    bounced = overshoot and board.end_rule is EndRule.BOUNCE
    via: list[int] = []
    if board.chain_jumps and not lost and final != landing:
        head = board.jump_map[landing]
        while head != final:  # the heads passed on the way (the chain is finite: no cycles)
            via.append(head)
            head = board.jump_map[head]
    return Move(square, roll, landing, final, jump, overshoot, lost, bounced, tuple(via))


def rolls_again(board: RuledBoard, roll: Move) -> bool:
    """Whether the same turn continues after ``roll`` (the optional top-face house rule: the
    top face is the dice's largest move, e.g. 12 for 2d6).

    A turn that reaches the end stops there: the game is won.
    """
    return board.extra_roll and roll.roll == board.die.top and roll.final != board.goal_square


# What the rule does, for the help texts (tests/unit/exact/test_exact_bump.py checks each figure
# against the joint chain): the standard board, two players.
BUMP_EFFECT = (
    "on the standard board it shrinks the first of two players' edge from 0.78 to 0.55 points "
    "(50.780 % to 50.550 %) and adds 3.5 rolls to the game (52.52 to 55.99)"
)


def bumped(board: RuledBoard, rest: ArrayLike, others: ArrayLike) -> np.ndarray:
    """The bump house rule, the one implementation the engine, the simulator and the analysis
    share: when a piece comes to rest after a roll (and its jump) on a square other than the
    start and the end where other pieces stand, those pieces go back to the start square.

    With pawns (``pawns = K``, :mod:`chutes_tui.model.decisions`) the other pieces are every
    opponent's pawns: all of those on the square go back, and the mover's own pawns are never
    among ``others`` (they may share a square).

    ``rest``: where the moving piece came to rest; ``others``: the other pieces' squares (any
    shape that broadcasts with ``rest``, e.g. games × seats). The mask of pieces sent back; all
    ``False`` on a board without the rule.
    """
    rest, others = np.asarray(rest), np.asarray(others)
    if not board.bump:
        return np.zeros(np.broadcast_shapes(rest.shape, others.shape), dtype=bool)
    return (others == rest) & (rest != board.start) & (rest != board.goal_square)


def _moves(board: RuledBoard) -> np.ndarray:
    """The dice's moves as a row: the tables' columns (a fair die: 1..d)."""
    return np.array(board.die.values, dtype=np.int64)[None, :]


def landing_table(board: RuledBoard) -> np.ndarray:
    """``table[s, c]``: the square that column ``c``'s move (``board.die.values[c]``) from
    ``s`` lands on, before any jump."""
    squares = np.arange(board.end + 1, dtype=np.int64)[:, None]
    rolls = _moves(board)
    table = landing_square(squares, rolls, board.end, board.end_rule)
    table.setflags(write=False)
    return table


def roll_table(board: RuledBoard) -> np.ndarray:
    """``table[s, c]``: the final square of column ``c``'s move (``board.die.values[c]``, with
    chance ``board.face_probabilities[c]``) from square ``s`` (0 ≤ s ≤ end).

    Rows for jump tails are filled in by the same rule, as if a piece stood there (the
    inspector shows them); the goal's row keeps a finished piece where it is. The array
    is read-only; ``Board.roll_table`` keeps it with the board, since the chain, the simulator
    and the validator all ask for it.
    """
    squares = np.arange(board.end + 1, dtype=np.int64)[:, None]
    rolls = _moves(board)
    table = final_square(board, squares, rolls)
    table.setflags(write=False)
    return table
