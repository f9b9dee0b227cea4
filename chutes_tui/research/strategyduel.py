"""Two players of a board with decisions, solved (issue 27): the two-player part of the
``strategy`` report. The game's value for the first to move (:mod:`chutes_tui.analysis.duel`:
value iteration to 1e-12, over both players' pawns when they have several), the policy found
evaluated exactly where the pair states allow (:mod:`chutes_tui.exact.duel`), against the
one-player optimum (which minimises one's own expected length): the chance each wins against
the other, the pair states where their choices differ, and the naive policies' chances.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis import choices as one
from chutes_tui.analysis import duel
from chutes_tui.exact.duel import exact_duel
from chutes_tui.exact.fractions import fraction_text

DIFFERENCES_SHOWN = 8


@dataclass(frozen=True)
class Naive:
    """A naive policy and its value (expected turns; two players: its chance to win, moving
    first, against the optimal player)."""

    name: str
    value: float


@dataclass(frozen=True)
class Difference:
    """A pair state where the game's best choice is not the length-minimiser's."""

    mover: int | str  # the mover's square (pawns: their squares, "0,7")
    other: int | str
    best: str
    shortest: str
    loss: float  # the chance to win the length-minimiser's choice gives up


@dataclass(frozen=True)
class DuelPart:
    value: float  # the first mover's chance with both optimal
    sweeps: int
    exact: str | None  # as a fraction, where the pair states allow
    exact_refused: str | None
    gain: str | None  # the exact check: what any other choice gains (0)
    best_vs_shortest: float  # the optimal player first, against the length-minimiser
    shortest_vs_best: float  # the length-minimiser first, against the optimal
    shortest_vs_shortest: float
    pair_states: int
    differing: int  # pair states where the choices differ and it matters
    differences: tuple[Difference, ...]


def naive_policies(model: one.Choices) -> list[tuple[str, one.Policy | None]]:
    """The naive policies: each die always (plain moves, the rearmost pawn), and every choice
    at random (``None``)."""
    pawn = ", the rearmost pawn" if model.pawns > 1 else ""
    policies: list[tuple[str, one.Policy | None]] = [
        (f"always {chr(ord('A') + d)} ({die.text}), plain moves{pawn}", one.constant_policy(model, d))
        for d, die in enumerate(model.dice)
    ]
    policies.append(("every choice at random", None))
    return policies


def duel_part(model: one.Choices, fewest: one.Policy) -> tuple[DuelPart, duel.DuelPolicy, np.ndarray]:
    """Two players of ``model``, both optimal and against the length-minimiser ``fewest``: the
    report's part, the policy found and the game's value table."""
    table, sweeps = duel.value_iteration(model)
    shortest = duel.lifted(fewest, model.n)
    best = duel.greedy(model, table, shortest)
    s = model.start
    exact = gain = refused = None
    try:
        found = exact_duel(model, best)
        exact, gain = fraction_text(found.first(s)), fraction_text(found.gain)
    except ValueError as error:
        refused = str(error)
    mine, _ = duel.evaluate(model, best, shortest)
    theirs, _ = duel.evaluate(model, shortest, best)
    both, _ = duel.evaluate(model, shortest)
    loss = duel.losses(model, table, shortest)
    where = np.argwhere(loss > 1e-9)
    order = where[np.argsort(-loss[tuple(where.T)])][:DIFFERENCES_SHOWN]
    words = _words(model)
    differences = tuple(
        Difference(
            _said(model.squares[a]),
            _said(model.squares[b]),
            words(best, a, b),
            words(shortest, a, b),
            float(loss[a, b]),
        )
        for a, b in order
    )
    part = DuelPart(
        float(table[s, s]),
        sweeps,
        exact,
        refused,
        gain,
        float(mine[s, s]),
        float(theirs[s, s]),
        float(both[s, s]),
        model.n**2,
        len(where),
        differences,
    )
    return part, best, table


def _words(model: one.Choices) -> Callable[[duel.DuelPolicy, int, int], str]:
    """How a pair state's choice is said: the die's letter, then the faces not simply moved."""

    def said(policy: duel.DuelPolicy, a: int, b: int) -> str:
        d = int(policy.die[a, b])
        changed = [
            f"{int(model.faces[d, c])}:{model.options[int(policy.option[a, b, d, c])]}"
            for c in range(model.faces.shape[1])
            if model.chances[d, c] > 0 and int(policy.option[a, b, d, c]) != 0
        ]
        return chr(ord("A") + d) + (" " + ",".join(changed) if changed else "")

    return said


def naive_duel(model: one.Choices, best: duel.DuelPolicy) -> list[Naive]:
    """Each naive one-player policy's chance to win, moving first, against the optimal player."""
    found = []
    for name, policy in naive_policies(model):
        if policy is None:
            continue
        try:
            chance, _ = duel.evaluate(model, duel.lifted(policy, model.n), best)
        except ValueError:  # a naive policy that may never finish against the optimal one
            continue
        value = float(chance[model.start, model.start])
        if np.isfinite(value):
            found.append(Naive(name, value))
    return found


def _said(squares: int | tuple[int, ...]) -> int | str:
    """A player's state as the report says it: its square, or its pawns' squares (``0,7``)."""
    return ",".join(map(str, squares)) if isinstance(squares, tuple) else squares
