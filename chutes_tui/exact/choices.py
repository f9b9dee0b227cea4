"""One player with decisions, exactly: policy iteration in fractions, and its proof.

Policy iteration (Howard 1960) from a proper policy
(:func:`~chutes_tui.analysis.choices.proper_policy`): evaluate the policy exactly, solving
``(I - Q_π) V = 1`` over the rationals (FLINT's ``fmpq_mat``); improve it on every state where
another die, or another option after some roll, is strictly better against ``V``, keeping the
current choice on a tie (so it cannot cycle); stop when nothing improves. For a stochastic
shortest path problem with a proper policy to start from, every policy met is proper and each
is no worse than the last, so it ends, at the optimum. Which optimal policy it ends at would
depend on the path; the one returned is the stated tie-break's
(:data:`~chutes_tui.analysis.ties.TIE_BREAK`: the first listed die and option among those
exactly tied against the optimum's values, :mod:`chutes_tui.analysis.ties`).

**The proof** is the stopping test itself, done in exact arithmetic and reported: with
``V`` the last policy's exact values, for every state ``s``, die ``d`` and option ``o`` after
every face ``c``,
``A[s,d,c,o] ≥ min_o' A[s,d,c,o']`` and ``D[s,d] ≥ V(s)`` (see
:mod:`chutes_tui.analysis.choices` for ``A`` and ``D``): ``V`` solves Bellman's equation, whose
only solution is the optimum. The *slack* is the least positive gap ``D[s,d] - V(s)`` (or
``A - min A`` on the chosen die) of a choice not taken: how much the nearest alternative loses;
*ties* counts alternatives exactly as good (another optimal policy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from flint import fmpq, fmpq_mat

from chutes_tui.analysis.choices import Choices, Policy, proper_policy
from chutes_tui.analysis.limits import STRATEGY_EXACT_STATES
from chutes_tui.analysis.ties import Ties, first_policy, tied_choices

HALF = fmpq(1, 2)


@dataclass(frozen=True)
class ExactOptimum:
    """The optimal policy, its exact expected turns on every state, and its proof."""

    policy: Policy
    values: tuple[fmpq, ...]  # per state (the goal's 0 left out)
    iterations: int  # policies evaluated
    improvements: int  # choices strictly better than the policy's (0: the proof holds)
    slack: fmpq | None  # the least positive loss of a choice not taken (None: no such choice)
    ties: int  # choices not taken that are exactly as good
    tied: Ties  # every optimal choice on each state (the policy takes the first)

    @property
    def proved(self) -> bool:
        return self.improvements == 0


def _chances(model: Choices) -> list[list[fmpq]]:
    return [[fmpq(c.numerator, c.denominator) for c in die] for die in model.exact_chances]


def exact_turns(model: Choices, policy: Policy) -> tuple[fmpq, ...]:
    """Each state's expected turns under ``policy``, exactly (a proper policy: else the system
    is singular and FLINT raises ``ZeroDivisionError``)."""
    n = model.n
    if n > STRATEGY_EXACT_STATES:
        raise ValueError(
            f"exact values are worked out on boards of up to {STRATEGY_EXACT_STATES:,} reached "
            f"squares (this one has {n:,})"
        )
    chances = _chances(model)
    rows = [[fmpq(0)] * n for _ in range(n)]
    for s in range(n):
        rows[s][s] += 1
        d = int(policy.die[s])
        for c, chance in enumerate(chances[d]):
            if chance == 0:
                continue
            for t in model.targets[s, d, c, int(policy.option[s, d, c])]:
                if t < n:
                    rows[s][int(t)] -= chance * HALF
    solution = fmpq_mat(rows).solve(fmpq_mat(n, 1, [1] * n))
    return tuple(solution[i, 0] for i in range(n))


def _values(model: Choices, values: tuple[fmpq, ...]) -> tuple[list, list]:
    """``A[s][d][c][o]`` and ``D[s][d]`` against ``values``, exactly (padding faces: none)."""
    extended = (*values, fmpq(0))
    chances = _chances(model)
    option: list = []
    die: list = []
    for s in range(model.n):
        per_die, totals = [], []
        for d, row in enumerate(chances):
            faces = [
                [(extended[int(a)] + extended[int(b)]) * HALF for a, b in model.targets[s, d, c]]
                for c, chance in enumerate(row)
                if chance != 0
            ]
            per_die.append(faces)
            totals.append(
                1
                + sum((ch * min(f) for ch, f in zip((x for x in row if x != 0), faces, strict=True)), fmpq(0))
            )
        option.append(per_die)
        die.append(totals)
    return option, die


def _improved(model: Choices, policy: Policy, option: list, die: list) -> Policy | None:
    """The policy improved against the values behind ``option`` and ``die`` (ties keep the
    current choice), or ``None`` when nothing improves."""
    new_die, new_option = policy.die.copy(), policy.option.copy()
    changed = False
    for s in range(model.n):
        best = min(die[s])
        if die[s][int(policy.die[s])] > best:
            new_die[s] = die[s].index(best)
            changed = True
        for d, faces in enumerate(option[s]):
            for c, values in enumerate(faces):
                low = min(values)
                if values[int(policy.option[s, d, c])] > low:
                    new_option[s, d, c] = values.index(low)
                    changed = changed or d == int(new_die[s])
    return Policy(new_die, new_option) if changed else None


def policy_iteration(model: Choices, start: Policy | None = None) -> ExactOptimum:
    """The optimal policy by exact policy iteration from ``start`` (a proper policy; default
    :func:`~chutes_tui.analysis.choices.proper_policy`), with its proof."""
    policy = proper_policy(model) if start is None else start
    iterations = 0
    while True:
        iterations += 1
        values = exact_turns(model, policy)
        option, die = _values(model, values)
        better = _improved(model, policy, option, die)
        if better is None:
            tied = tied_choices(model, die, option, _least)
            return _proof(model, first_policy(model, tied), values, option, die, iterations, tied)
        policy = better


def _least(values: Sequence[fmpq]) -> list[int]:
    """The indices of the values exactly equal to the least."""
    low = min(values)
    return [i for i, value in enumerate(values) if value == low]


def _proof(
    model: Choices,
    policy: Policy,
    values: tuple[fmpq, ...],
    option: list,
    die: list,
    iterations: int,
    tied: Ties,
) -> ExactOptimum:
    """The policy with its exact check: every choice not taken, against the policy's values."""
    gaps: list[fmpq] = []
    for s in range(model.n):
        chosen = int(policy.die[s])
        gaps += [die[s][d] - values[s] for d in range(len(die[s])) if d != chosen]
        for c, options in enumerate(option[s][chosen]):
            taken = int(policy.option[s, chosen, c])
            gaps += [value - options[taken] for o, value in enumerate(options) if o != taken]
    # A die's own value must equal the state's (the policy's values solve its equation).
    assert all(die[s][int(policy.die[s])] == values[s] for s in range(model.n))
    positive = [gap for gap in gaps if gap > 0]
    return ExactOptimum(
        policy,
        values,
        iterations,
        improvements=sum(1 for gap in gaps if gap < 0),
        slack=min(positive) if positive else None,
        ties=sum(1 for gap in gaps if gap == 0),
        tied=tied,
    )


def as_floats(values: tuple[fmpq, ...]) -> np.ndarray:
    return np.array([float(v) for v in values])
