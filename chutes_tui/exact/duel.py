"""Two players with decisions, exactly: the chance to win under a stationary policy pair, as a
fraction, and the one-step check of the policy found.

Both players play ``policy`` (the one value iteration found:
:mod:`chutes_tui.analysis.duel`); ``W[a, b]``, the mover's chance on ``a`` against ``b``,
solves ``W[a, b] + Σ p(a') · W[b', a'] = 1`` over the moves that do not win (a win is worth 1,
any other move ``1 - W[b', a']``), one unknown per pair state, solved densely over the rationals
(FLINT's ``fmpq_mat``) up to :data:`~chutes_tui.analysis.limits.DUEL_EXACT_PAIRS` pair states.
The check: against these exact values no other die or option gains anything on any pair state
(the largest gain, exactly: 0 when the policy is optimal for both).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from flint import fmpq, fmpq_mat

from chutes_tui.analysis.choices import Choices
from chutes_tui.analysis.duel import DuelPolicy, others_of
from chutes_tui.analysis.limits import DUEL_EXACT_PAIRS

HALF = fmpq(1, 2)


@dataclass(frozen=True)
class ExactDuel:
    """The exact chance to win of the player to move on every pair state, and the check."""

    table: tuple[tuple[fmpq, ...], ...]  # table[a][b]
    gain: fmpq  # the most another choice gains on any pair state (0: no single-step improvement)

    def first(self, start: int) -> fmpq:
        return self.table[start][start]


def check_exact_size(model: Choices) -> None:
    """Refuse, in one line, an exact evaluation over more than the limit's pair states."""
    if model.n**2 > DUEL_EXACT_PAIRS:
        raise ValueError(
            f"the exact two-player evaluation works on up to {DUEL_EXACT_PAIRS:,} pair states "
            f"(this board makes {model.n**2:,})"
        )


def exact_duel(model: Choices, policy: DuelPolicy) -> ExactDuel:
    """Both players playing ``policy``, exactly (see the module docstring)."""
    check_exact_size(model)
    n = model.n
    chances = [[fmpq(c.numerator, c.denominator) for c in die] for die in model.exact_chances]
    others = others_of(model)
    rows = [[fmpq(0)] * (n * n) for _ in range(n * n)]
    right = [fmpq(1)] * (n * n)
    for a in range(n):
        for b in range(n):
            row = rows[a * n + b]
            row[a * n + b] += 1
            d = int(policy.die[a, b])
            for c, chance in enumerate(chances[d]):
                o = int(policy.option[a, b, d, c])
                for k in range(2):
                    target = int(model.targets[a, d, c, o, k])
                    if chance != 0 and target < n:
                        row[int(others[a, b, d, c, o, k]) * n + target] += chance * HALF
    solution = fmpq_mat(rows).solve(fmpq_mat(n * n, 1, right))
    table = tuple(tuple(solution[a * n + b, 0] for b in range(n)) for a in range(n))
    return ExactDuel(table, _gain(model, table, chances, others))


def _gain(
    model: Choices, table: tuple[tuple[fmpq, ...], ...], chances: list[list[fmpq]], others: np.ndarray
) -> fmpq:
    """The most any die (with its best options) gains over ``table`` on any pair state."""
    n = model.n
    gain = fmpq(0)
    for a in range(n):
        for b in range(n):
            best = None
            for d, row in enumerate(chances):
                total = fmpq(0)
                for c, chance in enumerate(row):
                    if chance == 0:
                        continue
                    total += chance * max(
                        sum(
                            (
                                fmpq(1)
                                if (t := int(model.targets[a, d, c, o, k])) == n
                                else 1 - table[int(others[a, b, d, c, o, k])][t]
                                for k in range(2)
                            ),
                            fmpq(0),
                        )
                        * HALF
                        for o in range(len(model.options))
                    )
                best = total if best is None or total > best else best
            assert best is not None
            gain = max(gain, best - table[a][b])
    return gain
