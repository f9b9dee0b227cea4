"""One player with decisions (issue 27), in floats: the arrays of every choice's outcomes,
stationary policies, their expected turns, and value iteration.

States are the reached squares before the goal (:func:`~chutes_tui.model.decisions.reached`),
``0..n-1`` ascending, and ``n`` stands for the goal. ``targets[s, d, c, o, k]`` is the state an
option ``o`` leads to after die ``d`` rolled its ``c``-th distinct face (chance
``chances[d, c]``; a die with fewer faces is padded with chance 0), coin side ``k`` (each 1/2:
:mod:`chutes_tui.model.decisions` writes a sure move as the same square twice).

A stationary policy ``π`` is a die on every state and an option for every face of every die
(:class:`Policy`). With the expected turns ``V`` (``V[goal] = 0``), the option values are
``A[s,d,c,o] = ½ Σ_k V[targets[s,d,c,o,k]]``, a die's value
``D[s,d] = 1 + Σ_c chances[d,c] · min_o A[s,d,c,o]``, and Bellman's equation of the optimum is
``V(s) = min_d D[s,d]``. This is a stochastic shortest path problem: every turn costs one, and a
policy that may never reach the goal (improper) has infinite cost from some state, so the
optimum is the unique solution of Bellman's equation, reached by value iteration from 0 and by
policy iteration from a proper policy (Bertsekas & Tsitsiklis 1991). The exact optimum and its
proof are :mod:`chutes_tui.exact.choices`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import spsolve

from chutes_tui.analysis.limits import STRATEGY_MAX_STATES
from chutes_tui.model.board import REACHED, Board
from chutes_tui.model.decisions import (
    ChoiceDie,
    check_decisions,
    check_goal_reached,
    choice_dice,
    option_words,
    outcomes,
)
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.rules import bumped

# Value iteration stops when no state's value changes by more than this.
VALUE_TOLERANCE = 1e-12
# Value iteration gives up after this many sweeps (the standard board with Efron's dice takes 42).
MAX_SWEEPS = 100_000
# Up to this many states a policy is evaluated with dense algebra (sparse beyond).
DENSE_STATES = 200


@dataclass(frozen=True, eq=False)
class Choices:
    """Every choice's outcomes on a board (see the module docstring)."""

    board: Board
    squares: tuple[Any, ...]  # each state's squares (a pawn's: a square; K pawns: K squares)
    dice: tuple[ChoiceDie, ...]
    options: tuple[str, ...]  # the words of each option after a roll
    faces: np.ndarray  # (D, C): the c-th distinct face of die d (-1: padding)
    chances: np.ndarray  # (D, C) floats
    exact_chances: tuple[tuple[Fraction, ...], ...]  # (D, C)
    targets: np.ndarray  # (n, D, C, O, 2) states
    start: int  # the state a game starts on
    # (n, D, C, O, 2): the square where the moved piece comes to rest (its jump taken; the goal
    # when it finishes), which the bump rule reads
    rests: np.ndarray
    pawns: int = 1  # pieces a player moves (a state is their sorted squares when more than one)

    @property
    def n(self) -> int:
        return len(self.squares)

    def pieces(self, state: int) -> tuple[int, ...]:
        """The squares of a state's pieces (one piece: its square alone; the pawns' model with
        one pawn has 1-tuples)."""
        squares = self.squares[state]
        return squares if isinstance(squares, tuple) else (squares,)

    @cached_property
    def captured(self) -> np.ndarray:
        """``(n, end + 1)``: a player's state after an opponent's piece comes to rest on square
        ``r`` under the bump rule: its pieces that :func:`~chutes_tui.model.rules.bumped` sends
        back (every one on ``r``, unless ``r`` is the start or the goal) go to the start."""
        board = self.board
        table = np.repeat(np.arange(self.n)[:, None], board.end + 1, axis=1)
        index = {self.squares[s]: s for s in range(self.n)}
        for state in range(self.n):
            pieces = np.array(self.pieces(state))
            for square in set(self.pieces(state)):
                hit = bumped(board, square, pieces)
                if hit.any():
                    sent = tuple(sorted(np.where(hit, board.start, pieces).tolist()))
                    table[state, square] = index[sent if isinstance(self.squares[state], tuple) else sent[0]]
        table.setflags(write=False)
        return table


CHOICES: MemoKey[Board, Choices] = MemoKey("choices")


def choices(board: Board) -> Choices:
    """The choices of ``board`` (kept with it; :class:`BoardError` when the solver cannot play
    it: :func:`~chutes_tui.model.decisions.check_decisions`)."""
    return board.memo.get(CHOICES, lambda: _build(board))


def _build(board: Board) -> Choices:
    check_decisions(board)
    squares = board.memo.get(REACHED, lambda: check_goal_reached(board))  # walked when it was made
    if len(squares) > STRATEGY_MAX_STATES:
        raise ValueError(
            f"the strategy solver handles up to {STRATEGY_MAX_STATES:,} squares a game can stand on "
            f"(this board has {len(squares):,})"
        )
    dice = choice_dice(board)
    words = option_words(board.after_roll)
    state = {square: i for i, square in enumerate(squares)}
    state[board.goal_square] = len(squares)
    width = max(len(die.law) for die in dice)
    faces = np.full((len(dice), width), -1, dtype=np.int64)
    chances = np.zeros((len(dice), width))
    exact: list[tuple[Fraction, ...]] = []
    targets = np.zeros((len(squares), len(dice), width, len(words), 2), dtype=np.int64)
    targets[...] = np.arange(len(squares))[:, None, None, None, None]  # padding: stays (chance 0)
    for d, die in enumerate(dice):
        exact.append(tuple(chance for _, chance in die.law) + (Fraction(0),) * (width - len(die.law)))
        for c, (face, chance) in enumerate(die.law):
            faces[d, c], chances[d, c] = face, float(chance)
            for s, square in enumerate(squares):
                for o, pair in enumerate(outcomes(board, square, face)):
                    targets[s, d, c, o] = [state[t] for t in pair]
    rests = np.append(np.array(squares, dtype=np.int64), board.goal_square)[targets]
    for array in (faces, chances, targets, rests):
        array.setflags(write=False)
    return Choices(
        board, squares, dice, words, faces, chances, tuple(exact), targets, squares.index(board.start), rests
    )


@dataclass(frozen=True, eq=False)
class Policy:
    """A stationary policy: ``die[s]``, and ``option[s, d, c]`` for every face of every die."""

    die: np.ndarray  # (n,)
    option: np.ndarray  # (n, D, C)

    def same_as(self, other: Policy, model: Choices) -> bool:
        """Whether the two choose alike wherever it matters (the chosen die's real faces)."""
        if not np.array_equal(self.die, other.die):
            return False
        rows = np.arange(model.n)
        real = model.chances[self.die] > 0
        return bool(np.array_equal(self.option[rows, self.die][real], other.option[rows, other.die][real]))


def constant_policy(model: Choices, die: int, option: int = 0) -> Policy:
    """Always ``die`` (option 0 after every roll: never flip, always forward)."""
    n, d, c = model.targets.shape[:3]
    return Policy(np.full(n, die, dtype=np.int64), np.full((n, d, c), option, dtype=np.int64))


def proper_policy(model: Choices) -> Policy:
    """A policy that reaches the goal with chance one (where policy iteration starts): rank the
    states by the fewest turns in which some choices may reach the goal (the goal 0), and on
    every state pick a die and, for one of its faces, an option with a chance to reach a lower
    rank (every state then reaches the goal within ``n`` turns with a positive chance)."""
    n = model.n
    rank = np.full(n + 1, n + 1)
    rank[n] = 0
    real = (model.chances > 0)[None, :, :, None, None]
    for turns in range(1, n + 1):
        closer = ((rank[model.targets] < turns) & real).any(axis=(-1, -2, -3, -4))
        found = closer & (rank[:n] > n)
        if not found.any():
            break
        rank[:n][found] = turns
    policy = constant_policy(model, 0)
    die, option = policy.die.copy(), policy.option.copy()
    for s in range(n):
        lower = (rank[model.targets[s]] < rank[s]).any(axis=-1) & real[0, :, :, :, 0]  # (D, C, O)
        d, c, o = np.argwhere(lower)[0]
        die[s], option[s, d, c] = d, o
    return Policy(die, option)


def option_values(model: Choices, values: np.ndarray) -> np.ndarray:
    """``A[s, d, c, o]``: an option's expected turns left after it (``values``: the states',
    without the goal's 0)."""
    extended = np.append(values, 0.0)
    return extended[model.targets].mean(axis=-1)


def die_values(model: Choices, values: np.ndarray) -> np.ndarray:
    """``D[s, d]``: a turn with die ``d``, then the best option after each roll."""
    return 1.0 + (model.chances * option_values(model, values).min(axis=-1)).sum(axis=-1)


def greedy(model: Choices, values: np.ndarray) -> Policy:
    """The policy that takes the best die and options against ``values``."""
    return Policy(die_values(model, values).argmin(axis=1), option_values(model, values).argmin(axis=-1))


def transitions(model: Choices, policy: Policy) -> sp.csr_matrix:
    """The policy's one-turn matrix among the states and the goal, ``(n, n + 1)``, sparse."""
    n = model.n
    rows = np.arange(n)
    chosen = model.targets[rows, policy.die]  # (n, C, O, 2)
    options = policy.option[rows, policy.die]  # (n, C)
    picked = np.take_along_axis(chosen, options[:, :, None, None], axis=2)[:, :, 0, :]  # (n, C, 2)
    weight = np.repeat(model.chances[policy.die][:, :, None] / 2, 2, axis=2)
    return sp.csr_matrix(
        (weight.ravel(), (np.repeat(rows, picked[0].size), picked.ravel())), shape=(n, n + 1)
    )


def expected_turns(model: Choices, policy: Policy) -> np.ndarray:
    """Each state's expected turns under ``policy``: ``inf`` where the policy may never finish
    (the state can reach, with a positive chance, a state from which the goal is out of reach),
    else the solution of ``(I - Q) V = 1`` on the other states."""
    matrix: Any = transitions(model, policy)
    n = model.n
    if n <= DENSE_STATES:  # small: dense algebra, without sparse's overhead (brute force calls it often)
        matrix = matrix.toarray()
    edges = (matrix > 0).astype(np.float64)
    finishes = np.zeros(n + 1, dtype=bool)
    finishes[n] = True
    while True:  # the states from which the goal may be reached
        more = finishes | np.append(edges @ finishes > 0, True)
        if np.array_equal(more, finishes):
            break
        finishes = more
    doomed = ~finishes[:n]
    inner = edges[:, :n]
    while True:  # and those that may fall into a doomed state
        more = doomed | (inner @ doomed > 0)
        if np.array_equal(more, doomed):
            break
        doomed = more
    values = np.full(n, np.inf)
    fine = np.flatnonzero(~doomed)
    q = matrix[:, :n][fine][:, fine]
    if n <= DENSE_STATES:
        values[fine] = np.linalg.solve(np.eye(len(fine)) - q, np.ones(len(fine)))
    else:
        values[fine] = spsolve((sp.identity(len(fine), format="csr") - q).tocsc(), np.ones(len(fine)))
    return values


def value_iteration(model: Choices, tolerance: float = VALUE_TOLERANCE) -> tuple[np.ndarray, int]:
    """The optimal expected turns by value iteration from 0 (increasing to the optimum), and
    the sweeps it took (until no value moves by more than ``tolerance``)."""
    return iterated(
        lambda values: die_values(model, values).min(axis=1), np.zeros(model.n), tolerance, MAX_SWEEPS
    )


def iterated(
    sweep: Callable[[np.ndarray], np.ndarray], start: np.ndarray, tolerance: float, most: int, why: str = ""
) -> tuple[np.ndarray, int]:
    """``sweep`` applied from ``start`` until no entry moves by more than ``tolerance``: the last
    values and the sweeps; :class:`ValueError` (ending with ``why``) after ``most`` sweeps."""
    values = start
    for sweeps in range(1, most + 1):
        new = sweep(values)
        if np.max(np.abs(new - values)) <= tolerance:
            return new, sweeps
        values = new
    raise ValueError(f"value iteration did not settle to {tolerance:g} in {most:,} sweeps{why}")


def random_values(model: Choices) -> np.ndarray:
    """Expected turns when every choice is made at random: each die and each option alike."""
    n = model.n
    weight = model.chances[None, :, :, None, None] / (len(model.dice) * len(model.options) * 2)
    rows = np.broadcast_to(np.arange(n)[:, None, None, None, None], model.targets.shape)
    weights = np.broadcast_to(weight, model.targets.shape).ravel()
    matrix = sp.csr_matrix((weights, (rows.ravel(), model.targets.ravel())), shape=(n, n + 1))
    return spsolve((sp.identity(n, format="csr") - matrix[:, :n]).tocsc(), np.ones(n))


def policy_iteration(model: Choices) -> tuple[Policy, np.ndarray, int]:
    """Policy iteration in floats (where exact fractions would be too many: the exact one is
    :func:`chutes_tui.exact.choices.policy_iteration`): from a proper policy, improve wherever a
    choice is better by more than :data:`VALUE_TOLERANCE`, until none is. The policy, its
    expected turns and the policies evaluated."""
    policy = proper_policy(model)
    iterations = 0
    while True:
        iterations += 1
        values = expected_turns(model, policy)
        better = greedy(model, values)
        dice = die_values(model, values)
        rows = np.arange(model.n)
        keep_die = dice[rows, policy.die] <= dice.min(axis=1) + VALUE_TOLERANCE
        options = option_values(model, values)
        kept = np.take_along_axis(options, policy.option[..., None], axis=-1)[..., 0]
        keep_option = kept <= options.min(axis=-1) + VALUE_TOLERANCE
        new = Policy(
            np.where(keep_die, policy.die, better.die), np.where(keep_option, policy.option, better.option)
        )
        if new.same_as(policy, model):
            return policy, values, iterations
        policy = new


def float_proof(model: Choices, policy: Policy, values: np.ndarray) -> tuple[int, float | None, int]:
    """The one-step check in floats: choices better than the policy's by more than
    :data:`VALUE_TOLERANCE` (none: optimal), the least larger loss of a choice not taken, and the
    choices within the tolerance of the taken one (ties)."""
    rows = np.arange(model.n)
    dice = die_values(model, values)
    gaps = [np.delete(dice - values[:, None], policy.die[:, None] + len(model.dice) * rows[:, None])]
    options = option_values(model, values)[rows, policy.die]  # (n, C, O)
    taken = np.take_along_axis(options, policy.option[rows, policy.die][..., None], axis=-1)
    real = model.chances[policy.die] > 0
    others = (options - taken)[real]
    mask = np.ones_like(others, dtype=bool)
    np.put_along_axis(mask, policy.option[rows, policy.die][real][:, None], False, axis=-1)
    gaps.append(others[mask])
    every = np.concatenate(gaps)
    larger = every[every > VALUE_TOLERANCE]
    ties = int((np.abs(every) <= VALUE_TOLERANCE).sum())
    return int((every < -VALUE_TOLERANCE).sum()), float(larger.min()) if larger.size else None, ties
