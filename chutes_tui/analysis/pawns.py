"""One player with ``pawns = K`` (issue 27), as the same arrays as one pawn
(:class:`~chutes_tui.analysis.choices.Choices`), so that value iteration, policy iteration, the
exact proof and the simulator serve it unchanged.

A state is the pawns' squares, sorted (pawns are alike); the goal state has all K on the goal.
A turn: pick a die (before the roll), roll, then pick which pawn moves and the option after the
roll (:func:`~chutes_tui.model.decisions.outcomes`): the choice ``j = i·O + o`` moves the
``i``-th pawn of the sorted state (a pawn on the goal has finished: choosing it stands for the
first pawn that has not, so every choice is a real one). The player's own pawns do not bump one
another. The states are those reached from all pawns on the start, up to
:data:`~chutes_tui.analysis.limits.STRATEGY_MAX_STATES` of them, and up to
:data:`~chutes_tui.analysis.limits.STRATEGY_MAX_OUTCOMES` outcomes of choices (states × dice ×
faces × pawns × options × 2): each state's share is known before the search, so it stops (and
refuses) as soon as the states found reach either bound, before the arrays are built.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from chutes_tui.analysis.choices import Choices
from chutes_tui.analysis.limits import STRATEGY_MAX_OUTCOMES, STRATEGY_MAX_STATES
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import check_decisions, choice_dice, option_words, outcomes

State = tuple[int, ...]


def pawn_choices(board: Board) -> Choices:
    """The choices of one player with ``board.pawns`` pawns (see the module docstring;
    :class:`ValueError` naming the limit when the states are too many)."""
    check_decisions(board)
    pawns, goal = board.pawns, board.goal_square
    dice = choice_dice(board)
    words = option_words(board.after_roll)
    choices = [f"pawn {i + 1} {word}" for i in range(pawns) for word in words]
    width = max(len(die.law) for die in dice)
    per_state = len(dice) * width * len(choices) * 2
    most = min(STRATEGY_MAX_STATES, STRATEGY_MAX_OUTCOMES // per_state)
    moved: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}

    def after(state: State, face: int) -> list[tuple[State, State]]:
        """Each choice's two outcomes (as states)."""
        found: list[tuple[State, State]] = []
        playing = [i for i, square in enumerate(state) if square != goal]
        for i in range(pawns):
            pawn = i if state[i] != goal else playing[0]
            key = (state[pawn], face)
            if key not in moved:
                moved[key] = outcomes(board, state[pawn], face)
            for first, second in moved[key]:
                found.append((_placed(state, pawn, first), _placed(state, pawn, second)))
        return found

    start: State = (board.start,) * pawns
    finished: State = (goal,) * pawns
    index = {start: 0}
    order = [start]
    rows: list[list[list[list[tuple[State, State]]]]] = []
    at = 0
    while at < len(order):
        state = order[at]
        at += 1
        per_die = []
        for die in dice:
            per_face = []
            for face, _ in die.law:
                options = after(state, face)
                for pair in options:
                    for reached in pair:
                        if reached not in index and reached != finished:
                            index[reached] = len(order)
                            order.append(reached)
                            if len(order) > most:
                                raise ValueError(_too_many(pawns, len(order), per_state))
                per_face.append(options)
            per_die.append(per_face)
        rows.append(per_die)
    n = len(order)
    index[finished] = n
    targets = np.zeros((n, len(dice), width, len(choices), 2), dtype=np.int64)
    targets[...] = np.arange(n)[:, None, None, None, None]
    for s, per_die in enumerate(rows):
        for d, per_face in enumerate(per_die):
            for c, options in enumerate(per_face):
                targets[s, d, c] = [[index[a], index[b]] for a, b in options]
    faces = np.full((len(dice), width), -1, dtype=np.int64)
    chances = np.zeros((len(dice), width))
    exact: list[tuple[Fraction, ...]] = []
    for d, die in enumerate(dice):
        exact.append(tuple(chance for _, chance in die.law) + (Fraction(0),) * (width - len(die.law)))
        for c, (face, chance) in enumerate(die.law):
            faces[d, c], chances[d, c] = face, float(chance)
    for array in (faces, chances, targets):
        array.setflags(write=False)
    return Choices(board, tuple(order), dice, tuple(choices), faces, chances, tuple(exact), targets, 0)


def _too_many(pawns: int, states: int, per_state: int) -> str:
    """The refusal: the states found so far, or their outcomes, past the solver's limit."""
    if states > STRATEGY_MAX_STATES:
        return (
            f"{pawns} pawns make more than {STRATEGY_MAX_STATES:,} states on this board: the strategy "
            "solver handles up to that many"
        )
    return (
        f"{pawns} pawns make at least {states * per_state:,} outcomes of choices on this board "
        f"({states:,} states found so far × dice × faces × pawns × options × 2); the strategy "
        f"solver handles up to {STRATEGY_MAX_OUTCOMES:,}"
    )


def _placed(state: State, pawn: int, square: int) -> State:
    """``state`` with its ``pawn``-th pawn moved to ``square``, sorted again."""
    return tuple(sorted((*state[:pawn], square, *state[pawn + 1 :])))
