"""One player with ``pawns = K`` (issue 27), as the same arrays as one pawn
(:class:`~chutes_tui.analysis.choices.Choices`), so that value iteration, policy iteration, the
exact proof and the simulator serve it unchanged.

A state is the pawns' squares, sorted (pawns are alike:
:func:`~chutes_tui.model.decisions.pawn_state`); the goal state has all K on the goal. A turn:
pick a die (before the roll), roll, then pick which pawn moves and the option after the roll
(:func:`~chutes_tui.model.decisions.outcomes`): the choice ``j = i·O + o`` moves the ``i``-th
pawn of the sorted state, counted from the rearmost (a pawn on the goal has finished: choosing
it stands for the first pawn that has not, so every choice is a real one). The player's own
pawns do not bump one another.

Pawns move independently, so the states reached from all pawns on the start are every multiset
of K of the ``m`` squares one pawn reaches and the goal, less the goal state: exactly
``C(m + K, K) - 1`` of them (:func:`pawn_states`), known before the search. The model is built
up to :data:`~chutes_tui.analysis.limits.STRATEGY_MAX_STATES` of them and up to
:data:`~chutes_tui.analysis.limits.STRATEGY_MAX_OUTCOMES` outcomes of choices (states × dice ×
faces × pawns × options × 2), and refused up front beyond either.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from chutes_tui.analysis.choices import Choices, choices
from chutes_tui.analysis.limits import STRATEGY_MAX_OUTCOMES, STRATEGY_MAX_STATES
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import choice_dice, option_words, outcomes
from chutes_tui.model.memo import MemoKey

State = tuple[int, ...]


def pawn_states(board: Board) -> int:
    """How many states ``board.pawns`` pawns of one player make: ``C(m + K, K) - 1`` for the
    ``m`` squares one pawn stands on before the goal (see the module docstring)."""
    return comb(choices(board).n + board.pawns, board.pawns) - 1


def pawn_words(board: Board) -> tuple[str, ...]:
    """The choices after a roll, ``j = i·O + o``: ``pawn 2``, or ``pawn 2 flip`` when the roll
    itself may be changed (pawns counted from the rearmost)."""
    words = option_words(board.after_roll)
    return tuple(
        f"pawn {i + 1}" if len(words) == 1 else f"pawn {i + 1} {word}"
        for i in range(board.pawns)
        for word in words
    )


def model_size(board: Board) -> tuple[int, int]:
    """One player's states on ``board`` (one pawn's squares, or :func:`pawn_states`) and each
    state's outcomes of choices (dice × faces × pawns × options × 2), counted, nothing built."""
    dice = choice_dice(board)
    per_state = len(dice) * max(len(die.law) for die in dice) * len(pawn_words(board)) * 2
    return (pawn_states(board) if board.pawns > 1 else choices(board).n), per_state


def check_pawns_size(board: Board) -> None:
    """Refuse, in one line naming the limit, a model of more states or outcomes than the
    solvers hold (the count is :func:`pawn_states`, known before the search)."""
    states, per_state = model_size(board)
    if states > STRATEGY_MAX_STATES:
        raise ValueError(
            f"{board.pawns} pawns make {states:,} states on this board: the strategy solver "
            f"handles up to {STRATEGY_MAX_STATES:,}"
        )
    if states * per_state > STRATEGY_MAX_OUTCOMES:
        raise ValueError(
            f"{board.pawns} pawns make {states * per_state:,} outcomes of choices on this board "
            f"({states:,} states × dice × faces × pawns × options × 2); the strategy solver "
            f"handles up to {STRATEGY_MAX_OUTCOMES:,}"
        )


PAWN_CHOICES: MemoKey[Board, Choices] = MemoKey("pawn_choices")


def pawn_choices(board: Board) -> Choices:
    """The choices of one player with ``board.pawns`` pawns (see the module docstring; kept with
    the board; :class:`ValueError` naming the limit when the states are too many)."""
    return board.memo.get(PAWN_CHOICES, lambda: _build(board))


def _build(board: Board) -> Choices:
    check_pawns_size(board)  # (choices(board) first: the board's refusals)
    pawns, goal = board.pawns, board.goal_square
    dice = choice_dice(board)
    words = pawn_words(board)
    width = max(len(die.law) for die in dice)
    moved: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}

    def after(state: State, face: int) -> list[tuple[State, State, int, int]]:
        """Each choice's two outcomes (as states), and where the moved pawn comes to rest."""
        found: list[tuple[State, State, int, int]] = []
        playing = [i for i, square in enumerate(state) if square != goal]
        for i in range(pawns):
            pawn = i if state[i] != goal else playing[0]
            key = (state[pawn], face)
            if key not in moved:
                moved[key] = outcomes(board, state[pawn], face)
            for first, second in moved[key]:
                found.append((_placed(state, pawn, first), _placed(state, pawn, second), first, second))
        return found

    start: State = (board.start,) * pawns
    finished: State = (goal,) * pawns
    index = {start: 0}
    order = [start]
    rows: list[list[list[list[tuple[State, State, int, int]]]]] = []
    at = 0
    while at < len(order):
        state = order[at]
        at += 1
        per_die = []
        for die in dice:
            per_face = []
            for face, _ in die.law:
                options = after(state, face)
                for option in options:
                    for reached in option[:2]:
                        if reached not in index and reached != finished:
                            index[reached] = len(order)
                            order.append(reached)
                per_face.append(options)
            per_die.append(per_face)
        rows.append(per_die)
    n = len(order)
    if n != pawn_states(board):  # the count the limits were checked against
        raise AssertionError(f"{n} states reached, {pawn_states(board)} counted")
    index[finished] = n
    targets = np.zeros((n, len(dice), width, len(words), 2), dtype=np.int64)
    targets[...] = np.arange(n)[:, None, None, None, None]
    rests = np.zeros_like(targets)  # padding (chance 0): never read
    for s, per_die in enumerate(rows):
        for d, per_face in enumerate(per_die):
            for c, options in enumerate(per_face):
                targets[s, d, c] = [[index[a], index[b]] for a, b, _, _ in options]
                rests[s, d, c] = [[first, second] for _, _, first, second in options]
    faces = np.full((len(dice), width), -1, dtype=np.int64)
    chances = np.zeros((len(dice), width))
    exact: list[tuple[Fraction, ...]] = []
    for d, die in enumerate(dice):
        exact.append(tuple(chance for _, chance in die.law) + (Fraction(0),) * (width - len(die.law)))
        for c, (face, chance) in enumerate(die.law):
            faces[d, c], chances[d, c] = face, float(chance)
    for array in (faces, chances, targets, rests):
        array.setflags(write=False)
    return Choices(board, tuple(order), dice, words, faces, chances, tuple(exact), targets, 0, rests, pawns)


def _placed(state: State, pawn: int, square: int) -> State:
    """``state`` with its ``pawn``-th pawn moved to ``square``, sorted again."""
    return tuple(sorted((*state[:pawn], square, *state[pawn + 1 :])))
