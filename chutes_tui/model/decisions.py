"""What a choice is (issue 27): the one statement of a turn with decisions, which every solver,
simulator and front end reads.

A turn from square ``s`` (not the goal ``G``) on a board with decisions:

1. *Before the roll* the player picks one die ``d`` of the board's ``dice_choice`` (none set:
   the board's one die, no choice). A die is a list of equally likely faces (a face listed twice
   is twice as likely); a face ``f`` moves ``f`` squares, ``0`` stays put.
2. *After the roll* ``f`` the player picks an option (``after_roll``):

   * ``move``: the only option, moving ``f``;
   * ``flip``: move ``f``, or flip a fair coin and move ``f + 1`` or ``f - 1`` (chance 1/2 each);
   * ``either``: move ``f`` forward, or ``f`` backward.

   A forward move is :func:`~chutes_tui.model.rules.move_by` (the end rule past the end square,
   then the landing's jump); a backward move of ``m`` squares lands on ``max(start, s - m)``
   (never below the start) and follows that square's jump. A move of ``-m`` (a coin's ``-1``
   on a face 0) is a backward move of ``m``.

With ``pawns = K`` each player has K pawns, numbered 1..K, all on the start at first. After
the roll the player also picks which pawn moves (:func:`movable`: any not on the goal; pawns on
one square are alike), and the option applies to that pawn alone. A player wins when all K
pawns stand on the goal. One's own pawns may share a square and never capture one another;
under the bump rule a pawn that comes to rest (after its jump) on a square other than the
start and the goal sends *every* opponent's pawn standing there back to the start
(:func:`~chutes_tui.model.rules.bumped`, the one statement of it). The solvers see a player's
pawns as their squares sorted (:func:`pawn_state`): pawn ``i`` of the sorted state is
:func:`sorted_pawn`, and a sorted index stands for a numbered pawn by :func:`numbered_pawn`.

So an option's outcome law has at most two squares. Every option is written here as two
equally likely outcomes (a sure move: the same square twice), which makes the solvers' arrays
one shape: ``outcomes[s, d, c, o, k]`` for die ``d``, its ``c``-th distinct face, option ``o``
and coin side ``k``. A stationary policy picks a die on every square and an option for every
face of every die (:mod:`chutes_tui.analysis.choices`).

The squares a game can stand on are the start and every square some sequence of choices and
rolls reaches (:func:`reached`); :func:`check_decisions` refuses a board where one of them can
never lead to the goal whatever is chosen, and the rules the solvers do not play with decisions
(one line each).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Protocol

from chutes_tui.model.dice import D6, Dice
from chutes_tui.model.errors import BoardError
from chutes_tui.model.rules import EndRule, RuledBoard, move_by

MAX_CHOICE_DICE = 8  # dice to choose from
MAX_PAWNS = 4  # pawns a player may have


class AfterRoll(StrEnum):
    """What a player may do with a roll before moving (see the module docstring)."""

    MOVE = "move"
    FLIP = "flip"
    EITHER = "either"


class DecisionBoard(RuledBoard, Protocol):
    """What a turn with decisions reads of a board besides what a move reads."""

    @property
    def dice_choice(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def after_roll(self) -> AfterRoll: ...
    @property
    def pawns(self) -> int: ...


def decides(board: DecisionBoard) -> bool:
    """Whether the player makes a choice on ``board`` (some rule of issue 27 is set)."""
    return bool(board.dice_choice) or board.after_roll is not AfterRoll.MOVE or board.pawns != 1


@dataclass(frozen=True)
class ChoiceDie:
    """One die to choose from: its faces as listed, and each distinct face's exact chance."""

    faces: tuple[int, ...]

    @cached_property
    def law(self) -> tuple[tuple[int, Fraction], ...]:
        """``(face, chance)`` of each distinct face, ascending."""
        return tuple(
            (face, Fraction(self.faces.count(face), len(self.faces))) for face in sorted(set(self.faces))
        )

    @property
    def text(self) -> str:
        """``4,4,4,4,0,0``: as typed."""
        return ",".join(map(str, self.faces))


def pawn_state(squares: Sequence[int]) -> tuple[int, ...]:
    """A player's pawns as the solvers see them: their squares, sorted (pawns are alike)."""
    return tuple(sorted(squares))


def movable(squares: Sequence[int], goal: int) -> tuple[int, ...]:
    """The pawns (by index in ``squares``, each pawn's square by number) that may move: those
    not on the goal."""
    return tuple(pawn for pawn, square in enumerate(squares) if square != goal)


def pawn_options(board: DecisionBoard, squares: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The choices after a roll of a player whose pawns stand on ``squares`` (by number):
    ``(pawn, option)`` for every pawn that may move (:func:`movable`; of pawns on one square,
    which are alike, the lowest-numbered) and every option of :func:`option_words`, in that
    order (one pawn: its options)."""
    options = range(len(option_words(board.after_roll)))
    pawns = [pawn for pawn in movable(squares, board.goal_square) if squares.index(squares[pawn]) == pawn]
    return tuple((pawn, option) for pawn in pawns for option in options)


def sorted_pawn(squares: Sequence[int], pawn: int) -> int:
    """The index in :func:`pawn_state` of numbered pawn ``pawn`` (the first of the pawns on its
    square: they are alike)."""
    return pawn_state(squares).index(squares[pawn])


def numbered_pawn(squares: Sequence[int], index: int, goal: int) -> int:
    """The numbered pawn that the solvers' sorted index ``index`` moves: the lowest-numbered pawn
    on that square; a finished pawn's index stands for the first unfinished pawn of the sorted
    state (the solvers' convention: :mod:`chutes_tui.analysis.pawns`)."""
    state = pawn_state(squares)
    square = state[index]
    if square == goal:
        square = next(s for s in state if s != goal)
    return list(squares).index(square)


def choice_dice(board: DecisionBoard) -> tuple[ChoiceDie, ...]:
    """The dice the player picks from (no ``dice_choice``: the board's own die, alone)."""
    if board.dice_choice:
        return tuple(ChoiceDie(faces) for faces in board.dice_choice)
    return (_as_faces(board.die),)


def _as_faces(die: Dice) -> ChoiceDie:
    """A die of listed faces with ``die``'s law (its counts, each face that many times)."""
    return ChoiceDie(die.listed)


def option_words(after: AfterRoll) -> tuple[str, ...]:
    """The options after a roll, in the solvers' order (option 0 is always the plain move)."""
    return {
        AfterRoll.MOVE: ("move",),
        AfterRoll.FLIP: ("move", "flip"),
        AfterRoll.EITHER: ("forward", "back"),
    }[after]


def step(board: DecisionBoard, square: int, steps: int) -> int:
    """Where a move of ``steps`` squares (negative: backward, never below the start) from
    ``square`` comes to rest, its jump followed."""
    if steps >= 0:
        return move_by(board, square, steps).final
    landing = max(board.start, square + steps)
    return int(board.resolve[landing])


def outcomes(board: DecisionBoard, square: int, face: int) -> tuple[tuple[int, int], ...]:
    """Each option's two equally likely outcomes after rolling ``face`` on ``square`` (in
    :func:`option_words`' order)."""
    forward = step(board, square, face)
    if board.after_roll is AfterRoll.FLIP:
        return (forward, forward), (step(board, square, face + 1), step(board, square, face - 1))
    if board.after_roll is AfterRoll.EITHER:
        back = step(board, square, -face)
        return (forward, forward), (back, back)
    return ((forward, forward),)


def moves(board: DecisionBoard) -> tuple[int, ...]:
    """Every distinct move some choice and roll may make (negative: backward), once each: the
    faces of every die; with ``flip`` each face ``± 1`` too, with ``either`` each face back.
    Where a square's choices lead is where these moves lead (:func:`outcomes` makes no other),
    and many coincide: Efron's four dice flipped are 24 outcomes a square, 9 moves."""
    faces = {face for die in choice_dice(board) for face, _ in die.law}
    if board.after_roll is AfterRoll.FLIP:
        faces |= {face + sign for face in faces for sign in (1, -1)}
    elif board.after_roll is AfterRoll.EITHER:
        faces |= {-face for face in faces}
    return tuple(sorted(faces))


def successors(board: DecisionBoard, square: int, made: Iterable[int] | None = None) -> set[int]:
    """Every square some choice and roll from ``square`` may lead to (``made``: the board's
    :func:`moves`, when already known)."""
    return {step(board, square, move) for move in (moves(board) if made is None else made)}


def _graph(board: DecisionBoard) -> dict[int, set[int]]:
    """Each square a game can stand on before the goal, with the squares it may lead to: one
    walk from the start, each square's moves made once."""
    goal, made = board.goal_square, moves(board)
    graph: dict[int, set[int]] = {}
    todo = [board.start]
    while todo:
        square = todo.pop()
        if square in graph:
            continue
        graph[square] = successors(board, square, made)
        todo.extend(target for target in graph[square] if target != goal and target not in graph)
    return graph


def reached(board: DecisionBoard) -> tuple[int, ...]:
    """The squares a game can stand on before the goal: the start, and every square some
    choices and rolls reach from it (ascending; the goal left out)."""
    return tuple(sorted(_graph(board)))


def ranks(
    board: DecisionBoard, squares: tuple[int, ...], graph: dict[int, set[int]] | None = None
) -> dict[int, int]:
    """The fewest turns in which some choices may reach the goal from each of ``squares`` with a
    positive chance (absent: never): the distance to the goal in the graph of every square some
    choice and roll may lead to (``graph``: :func:`_graph`'s, when already walked), by one
    breadth-first search backwards from the goal."""
    made = moves(board)
    before: dict[int, list[int]] = {}
    for square in squares:
        targets = graph[square] if graph is not None else successors(board, square, made)
        for target in targets:
            before.setdefault(target, []).append(square)
    rank = {board.goal_square: 0}
    todo = deque([board.goal_square])
    while todo:
        square = todo.popleft()
        for earlier in before.get(square, ()):
            if earlier not in rank:
                rank[earlier] = rank[square] + 1
                todo.append(earlier)
    return rank


# The turn rules of issue 26 the solvers do not play with decisions (a turn is one roll here).
_ONE_ROLL = (
    "extra_roll",
    "sum_rolls",
    "streak_limit",
    "enter_faces",
    "enter_square",
    "miss_turn",
    "throw_again",
)


def check_decisions(board: DecisionBoard) -> None:
    """Refuse, in one line each, a board the strategy solvers cannot play (the goal's reach is
    the board's own check, :func:`check_goal_reached`, made when it is made)."""
    if board.dice_choice and getattr(board, "die", D6) != D6:
        raise BoardError("dice_choice names the dice: leave die at its default", field="dice_choice")
    for field in _ONE_ROLL:
        if getattr(board, field, None):
            raise BoardError(
                f"the strategy solver plays one roll a turn: {field} is not played with decisions yet",
                field=field,
            )


def _check_bounce(board: DecisionBoard) -> None:
    """Under the bounce rule, refuse a move longer than the board: bounced back from the end it
    could land before square 1 (no square to stand on; :func:`check_goal_reached` walks the
    moves, so it asks first)."""
    most = max(max(die.faces) for die in choice_dice(board)) + (board.after_roll is AfterRoll.FLIP)
    if board.end_rule is EndRule.BOUNCE and most > board.end:
        raise BoardError(
            f"under the bounce rule a move of {most} could bounce a piece off the board before "
            f"square 1 ({board.end} squares)",
            field="dice_choice",
        )


def check_goal_reached(board: DecisionBoard) -> tuple[int, ...]:
    """Refuse a board with a square some choices reach and no choices lead on to the goal (the
    board calls it instead of the roll table's winnability); else its reached squares."""
    _check_bounce(board)
    graph = _graph(board)
    squares = tuple(sorted(graph))
    rank = ranks(board, squares, graph)
    trapped = [s for s in squares if s not in rank]
    if trapped:
        raise BoardError(
            f"square {trapped[0]} can be reached but never leads to the goal, whatever is chosen",
            field="dice_choice",
        )
    return squares
