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
follows the chain until it rests; the board's ``resolve`` holds where each landing ends, so one
lookup still finishes the move.

The game is won by coming to rest on the *goal* ``G`` (``board.goal_square``: the end square
``E`` unless the board's ``goal`` is set short of it); squares ``G+1..E`` are ordinary, and the
end rule governs only moves past ``E``. A whole turn -- rolls again, sums, streaks, entering,
special squares -- is :mod:`chutes_tui.model.turns`: the one statement of a turn, built on
:func:`move_by` here.

The rule is written once, for one square and one move, in plain Python (:func:`landing_square`,
:func:`final_square`); the per-roll tables every engine reads are made from it
(:func:`roll_cells`, :func:`landing_cells`: plain 64-bit whole numbers, so a board is built,
checked and played without numpy) and :func:`roll_table` and :func:`landing_table` are numpy's
views of them, without a copy, for the analysis.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import TYPE_CHECKING, Protocol

from chutes_tui.model.dice import Dice

if TYPE_CHECKING:
    import numpy as np  # the tables' views; imported when they are made (a board needs none)
    from numpy.typing import ArrayLike

MAX_SQUARES = 100_000  # the largest board (and so the largest square any rule may name)
MAX_STREAK = 100  # the longest streak limit: top faces counted in one turn
# The within-turn states walked when a board with a turn rule of issue 26 is made (about 22 µs
# each): an extra roll with no streak limit, or throw-again squares, let one turn cross the whole
# board, so the walk grows with the square of its length (4,000 squares with the extra roll and a
# miss-turn square: 1.7 million states, 44 s). 300,000 is about 7 s; a 100,000-square board
# whose turns are one roll walks 100,000.
TURN_WALK_MAX_STATES = 300_000


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
    def resolve(self) -> Sequence[int]:
        """``resolve[s]``: where a piece landing on ``s`` ends its move, jumps followed."""

    @property
    def roll_cells(self) -> memoryview:
        """:func:`roll_cells` of this board, kept with it."""

    @property
    def roll_table(self) -> np.ndarray:
        """:func:`roll_table` of this board, kept with it."""

    @property
    def landing_table(self) -> np.ndarray:
        """:func:`landing_table` of this board, kept with it."""


def jump_kind(tail: int, head: int) -> JumpKind:
    """A jump up is a ladder, a jump down a chute: the one place that says so."""
    return JumpKind.LADDER if head > tail else JumpKind.CHUTE


def landing_square(square: int, steps: int, end: int, rule: EndRule) -> int:
    """The square a move of ``steps`` squares from ``square`` lands on before any jump: under
    the end rule when it would pass the end square (the module docstring)."""
    target = square + steps
    if target <= end:
        return target
    if rule is EndRule.EXACT:
        return square
    if rule is EndRule.REACH:
        return end
    return 2 * end - target


def final_square(board: RuledBoard, square: int, steps: int) -> int:
    """Where a move of ``steps`` squares from ``square`` ends: the landing square, or its
    jump's head.

    A roll lost to the exact rule does not land anywhere, so no jump applies to it; and a piece
    on the goal has finished, so it stays there whatever the rule.
    """
    if square == board.goal_square:
        return square
    landing = landing_square(square, steps, board.end, board.end_rule)
    if square + steps > board.end and board.end_rule is EndRule.EXACT:
        return landing
    return board.resolve[landing]


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
    board.die.column(roll)  # ValueError: no roll of these dice moves that far
    landing = landing_square(square, roll, board.end, board.end_rule)
    return _move(board, square, roll, landing, final_square(board, square, roll))


def move_by(board: RuledBoard, square: int, steps: int, landing: int | None = None) -> Move:
    """A move of ``steps`` squares from ``square`` (a face, or a turn's summed faces, however
    large), under the end rule, its jumps followed; ``landing`` given: the piece is placed there
    instead (entering on the board's ``enter_square``), its jump followed. The same rule as
    :func:`move`, whose roll must be one of the dice's moves."""
    if landing is None:
        landing = landing_square(square, steps, board.end, board.end_rule)
        if square + steps > board.end and board.end_rule is EndRule.EXACT:
            return _move(board, square, steps, landing, landing)  # lost: no jump
    return _move(board, square, steps, landing, board.resolve[landing])


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
    import numpy as np

    rest, others = np.asarray(rest), np.asarray(others)
    if not board.bump:
        return np.zeros(np.broadcast_shapes(rest.shape, others.shape), dtype=bool)
    return (others == rest) & (rest != board.start) & (rest != board.goal_square)


def _cells(board: RuledBoard, inside: Sequence[int], past: Callable[[int, int], int]) -> array[int]:
    """A table of every square ``s`` (``0..end``) and every move ``m`` of the dice (column
    ``c``: ``m = die.values[c]``), row by row (cell ``s·C + c``, ``C`` the number of moves):
    ``inside[s + m]`` where the move stays on the board (``s + m ≤ end``), ``past(s, m)``
    where it would pass the end square, a column at a time (a board of 100,000 squares in
    milliseconds, without numpy)."""
    end, moves = board.end, board.die.values
    cells = array("q", bytes(8 * (end + 1) * len(moves)))
    for c, m in enumerate(moves):
        stays = max(0, end + 1 - m)  # squares 0..end-m: the move stays on the board
        column = array("q", inside[m : m + stays])
        column.extend(past(s, m) for s in range(stays, end + 1))
        cells[c :: len(moves)] = column
    return cells


def landing_cells(board: RuledBoard) -> array[int]:
    """``cells[s·C + c]``: the square that column ``c``'s move (``board.die.values[c]``) from
    ``s`` lands on, before any jump (:func:`landing_square`)."""
    return _cells(board, range(board.end + 1), lambda s, m: landing_square(s, m, board.end, board.end_rule))


def roll_cells(board: RuledBoard) -> array[int]:
    """``cells[s·C + c]``: the final square (:func:`final_square`) of column ``c``'s move
    (``board.die.values[c]``, with chance ``board.die.counts[c] / board.die.total``) from square
    ``s`` (0 ≤ s ≤ end); ``C`` the number of moves.

    A move that stays on the board rests where its landing does (``resolve``); the goal's row,
    where a finished piece stays, is :func:`final_square`'s. Rows for jump tails are filled in
    by the same rule, as if a piece stood there (the inspector shows them). ``Board.roll_cells``
    keeps it with the board, since the validator, the exact chain and :func:`roll_table` read it.
    """
    cells = _cells(board, board.resolve, lambda s, m: final_square(board, s, m))
    goal, moves = board.goal_square, board.die.values
    finished = array("q", [final_square(board, goal, m) for m in moves])
    cells[goal * len(moves) : (goal + 1) * len(moves)] = finished
    return cells


def _as_table(cells: array[int] | memoryview, moves: int) -> np.ndarray:
    """numpy's read-only view of a table of cells, ``(end + 1) × moves``, without a copy."""
    import numpy as np

    return np.frombuffer(memoryview(cells).toreadonly(), dtype=np.int64).reshape(-1, moves)


def landing_table(board: RuledBoard) -> np.ndarray:
    """``table[s, c]``: :func:`landing_cells` as an array (rows: squares, columns: moves)."""
    return _as_table(landing_cells(board), len(board.die.values))


def roll_table(board: RuledBoard) -> np.ndarray:
    """``table[s, c]``: :attr:`RuledBoard.roll_cells` as an array (rows: squares, columns:
    moves, with chance ``board.face_probabilities[c]``), read-only. ``Board.roll_table`` keeps
    it with the board, for the chain, the simulator and the analysis."""
    return _as_table(board.roll_cells, len(board.die.values))
