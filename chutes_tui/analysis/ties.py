"""Exact ties among a board's optimal choices (issue 27), and the one rule that breaks them.

Against the optimal expected turns ``V`` (:mod:`chutes_tui.analysis.choices`), a die ``d`` is
optimal on state ``s`` when ``D[s,d] = min_d' D[s,d']``, and an option ``o`` after its ``c``-th
face when ``A[s,d,c,o] = min_o' A[s,d,c,o']``. A stationary policy is optimal exactly when it
takes an optimal die on every state and an optimal option after every face of it: with every
turn costing one, ``T_π V = V`` forces ``π`` proper (``V ≥ E[min(T, k)]`` for every ``k``), and
then ``V_π = V``. So the optimal policies are the product, over the states, of each state's
optimal (die, options) combinations, and there are

    N = Π_s Σ_{d optimal on s} Π_{c real face of d} #(optimal options after c).

Every one of them has the same expected turns, but not the same finishing law, so the seats'
chances when several players each play for fewest turns depend on which one is played.

**The tie-break** (:data:`TIE_BREAK`): the first listed die among the optimal ones, and after a
roll the first listed option among the optimal ones (``equal`` decides the ties: exactly in
fractions where the exact solver runs, within the float solver's tolerance beyond).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np

from chutes_tui.analysis.choices import (
    VALUE_TOLERANCE,
    Choices,
    Policy,
    die_values,
    expected_turns,
    option_values,
    policy_iteration,
)

TIE_BREAK = "the first listed die (and option) among exactly tied ones"


@dataclass(frozen=True)
class Ties:
    """Each state's optimal dice, and the optimal options after each real face of every die."""

    dice: tuple[tuple[int, ...], ...]  # per state: the optimal dice, ascending
    options: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]  # [s][d][c]: optimal options

    def combinations(self, s: int) -> list[tuple[int, tuple[int, ...]]]:
        """State ``s``'s optimal ``(die, option after each real face)`` pairs, first listed first."""
        return [(d, picks) for d in self.dice[s] for picks in product(*self.options[s][d])]

    @property
    def squares(self) -> tuple[int, ...]:
        """The states with more than one optimal choice."""
        return tuple(s for s in range(len(self.dice)) if len(self.combinations(s)) > 1)

    @property
    def count(self) -> int:
        """``N``: the number of optimal policies."""
        return math.prod(len(self.combinations(s)) for s in range(len(self.dice)))


def tied_choices(
    model: Choices, dice: Any, options: Any, least: Callable[[Sequence[Any]], list[int]]
) -> Ties:
    """The optimal choices against ``dice[s][d]`` (``D``) and ``options[s][d][c][o]`` (``A``,
    real faces first), ``least(values)`` listing the indices of the values tied at the least."""
    reals = [int((model.chances[d] > 0).sum()) for d in range(len(model.dice))]

    def per_die(s: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        faces = [[tuple(least(list(options[s][d][c]))) for c in range(real)] for d, real in enumerate(reals)]
        return tuple(tuple(row) for row in faces)

    return Ties(
        tuple(tuple(least(list(dice[s]))) for s in range(model.n)),
        tuple(per_die(s) for s in range(model.n)),
    )


def first_policy(model: Choices, ties: Ties) -> Policy:
    """The tie-break's policy: the first optimal die on every state, the first optimal option
    after every face of every die (padding faces: option 0)."""
    n, d_count, width = model.targets.shape[:3]
    die = np.array([ties.dice[s][0] for s in range(n)], dtype=np.int64)
    option = np.zeros((n, d_count, width), dtype=np.int64)
    for s in range(n):
        for d in range(d_count):
            for c, best in enumerate(ties.options[s][d]):
                option[s, d, c] = best[0]
    return Policy(die, option)


def optimal_policies(model: Choices, ties: Ties) -> Iterator[Policy]:
    """Every optimal policy, the tie-break's first (:attr:`Ties.count` of them: bound it
    first): the tie-break's policy with every combination of choices on the tied states."""
    first = first_policy(model, ties)
    tied = ties.squares
    for picks in product(*(ties.combinations(s) for s in tied)):
        die, option = first.die.copy(), first.option.copy()
        for s, (d, chosen) in zip(tied, picks, strict=True):
            die[s] = d
            option[s, d, : len(chosen)] = chosen
        yield Policy(die, option)


def float_ties(model: Choices, values: np.ndarray) -> Ties:
    """The optimal choices against float values ``values``: within the float solver's
    :data:`~chutes_tui.analysis.choices.VALUE_TOLERANCE` of the least."""

    def least(row: Sequence[float]) -> list[int]:
        return [int(i) for i in np.flatnonzero(_tied(row))]

    return tied_choices(model, die_values(model, values), option_values(model, values), least)


def _tied(values: Any, axis: int = -1) -> np.ndarray:
    """Which of ``values`` are tied at the least along ``axis`` in floats: within
    :data:`~chutes_tui.analysis.choices.VALUE_TOLERANCE` of it."""
    values = np.asarray(values, dtype=float)
    return values <= values.min(axis=axis, keepdims=True) + VALUE_TOLERANCE


def first_least(values: np.ndarray, axis: int = -1) -> np.ndarray:
    """The tie-break in floats along ``axis``: the first index of the values :func:`float_ties`
    counts as tied at the least. A plain ``argmin`` takes the least float, which among exactly
    tied choices is whichever rounding left lowest: on the standard board with Efron's dice it
    picked another die than :func:`fewest_policy` on 3 squares."""
    return np.argmax(_tied(values, axis), axis=axis)


def fewest_policy(model: Choices) -> tuple[Policy, np.ndarray, int, Ties]:
    """The one-player optimum in floats (:func:`~chutes_tui.analysis.choices.policy_iteration`)
    with the tie-break's choice among the optimal policies: the policy, its expected turns, the
    policies evaluated, and the ties."""
    policy, values, iterations = policy_iteration(model)
    ties = float_ties(model, values)
    policy = first_policy(model, ties)
    return policy, expected_turns(model, policy), iterations, ties
