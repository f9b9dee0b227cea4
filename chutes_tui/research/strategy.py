"""A board with decisions, solved (issue 27): the report the ``strategy`` verb shows.

One player: the exact optimum of the expected turns (:mod:`chutes_tui.exact.choices`: policy
iteration and its proof), value iteration's float beside it, the best choice on every square,
and naive policies (always the same die with the plain move, a random choice, and the best dice
with the plain move when the roll itself may be changed). Two players: the game's value for the
first to move (:mod:`chutes_tui.analysis.duel`), the policy found evaluated exactly where the pair
states allow (:mod:`chutes_tui.exact.duel`), against the one-player optimum (which minimises
one's own expected length): the chance each wins against the other, and the pair states where
their choices differ.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis import choices as one
from chutes_tui.analysis import duel
from chutes_tui.analysis.limits import STRATEGY_EXACT_STATES
from chutes_tui.analysis.pawns import pawn_choices
from chutes_tui.exact.choices import ExactOptimum, policy_iteration
from chutes_tui.exact.duel import exact_duel
from chutes_tui.exact.fractions import fraction_text
from chutes_tui.model.board import Board

DIFFERENCES_SHOWN = 8


@dataclass(frozen=True)
class SquareChoice:
    """The best choice on one square: the die, and the option after each of its faces."""

    square: int
    die: int  # its index in the board's dice
    after: tuple[tuple[int, str], ...]  # (face, option words) for the die's faces
    turns: float  # expected turns left from here (one player, optimal)

    @property
    def label(self) -> str:
        """A few characters for a board cell: the die's letter, and what is done after the roll
        where it is not the plain move (``B`` ; ``A:2f``: flip after a 2)."""
        letter = chr(ord("A") + self.die)
        changed = [f"{face}{words[0]}" for face, words in self.after if words not in ("move", "forward")]
        return letter + (":" + ",".join(changed) if changed else "")


@dataclass(frozen=True)
class Naive:
    """A naive policy and its value (expected turns; two players: its chance to win, moving
    first, against the optimal player)."""

    name: str
    value: float


@dataclass(frozen=True)
class Difference:
    """A pair state where the game's best choice is not the length-minimiser's."""

    mover: int
    other: int
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


@dataclass(frozen=True)
class StrategyReport:
    board: Board
    players: int
    dice: tuple[str, ...]
    options: tuple[str, ...]
    exact: str | None  # the optimal expected turns, a fraction (None: beyond the exact limit)
    value: float
    iterated: float  # value iteration's
    sweeps: int
    iterations: int
    improvements: int
    slack: str | None
    ties: int
    squares: tuple[SquareChoice, ...]  # one pawn: the choice on each square (pawns: none)
    states: int
    naive: tuple[Naive, ...]
    duel: DuelPart | None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "board": self.board.name,
            "players": self.players,
            "dice": list(self.dice),
            "options": list(self.options),
            "expected_turns": {"exact": self.exact, "float": self.value, "value_iteration": self.iterated},
            "proof": {
                "policy_iterations": self.iterations,
                "improvements": self.improvements,
                "least_slack": self.slack,
                "ties": self.ties,
            },
            "states": self.states,
            "policy": {str(c.square): c.label for c in self.squares},
            "naive": {
                n.name: n.value if math.isfinite(n.value) else None for n in self.naive
            },  # None: never ends
        }
        if self.duel is not None:
            data["two_players"] = {
                key: value for key, value in vars(self.duel).items() if key != "differences"
            } | {"differences": [vars(d) for d in self.duel.differences]}
        return data


def square_choice(board: Board, square: int) -> SquareChoice | None:
    """One pawn's best choice on ``square`` and its expected turns left playing best (the
    one-player optimum in floats, :mod:`chutes_tui.analysis.additive`: solved once, kept with
    the board); ``None`` where no game stands (a jump's tail, a square no roll reaches)."""
    from chutes_tui.analysis.additive import additive

    kept = additive(board)
    model = kept.model
    if square not in model.squares:
        return None
    s = model.squares.index(square)
    d = int(np.argmin(kept.dice(np.array([s]))))
    after = tuple(
        (int(model.faces[d, c]), model.options[int(np.argmin(kept.gains[s, d, c]))])
        for c in range(model.faces.shape[1])
        if model.chances[d, c] > 0
    )
    return SquareChoice(square, d, after, float(kept.values[s]))


def _choice(model: one.Choices, optimum: _Solved, s: int) -> SquareChoice:
    d = int(optimum.policy.die[s])
    after = tuple(
        (int(model.faces[d, c]), model.options[int(optimum.policy.option[s, d, c])])
        for c in range(model.faces.shape[1])
        if model.chances[d, c] > 0
    )
    return SquareChoice(model.squares[s], d, after, float(optimum.values[s]))


def _naive(model: one.Choices) -> list[tuple[str, one.Policy | None]]:
    """The naive policies: each die always (plain moves), and the best dice with plain moves."""
    policies: list[tuple[str, one.Policy | None]] = [
        (f"always {chr(ord('A') + d)} ({die.text}), plain moves", one.constant_policy(model, d))
        for d, die in enumerate(model.dice)
    ]
    policies.append(("every choice at random", None))
    return policies


@dataclass(frozen=True)
class _Solved:
    """The one-player optimum, exact where the states allow (else in floats), and its check."""

    policy: one.Policy
    values: np.ndarray
    exact: str | None
    iterations: int
    improvements: int
    slack: str | None
    ties: int


def _solved(model: one.Choices) -> _Solved:
    s = model.start
    if model.n <= STRATEGY_EXACT_STATES:
        optimum: ExactOptimum = policy_iteration(model)
        slack = None if optimum.slack is None else fraction_text(optimum.slack)
        values = np.array([float(v) for v in optimum.values])
        exact = fraction_text(optimum.values[s])
        return _Solved(
            optimum.policy, values, exact, optimum.iterations, optimum.improvements, slack, optimum.ties
        )
    policy, values, iterations = one.policy_iteration(model)
    improvements, least, ties = one.float_proof(model, policy, values)
    return _Solved(
        policy, values, None, iterations, improvements, None if least is None else f"{least:.3g}", ties
    )


def strategy_report(board: Board, players: int = 1) -> StrategyReport:
    """Solve ``board`` for ``players`` (1 or 2); :class:`BoardError` or :class:`ValueError`
    (one line) when it cannot be."""
    model = pawn_choices(board) if board.pawns > 1 else one.choices(board)
    if players == 2:
        duel.check_size(model)  # before the one-player solve, which alone may take seconds
    optimum = _solved(model)
    iterated, sweeps = one.value_iteration(model)
    s = model.start
    naive = []
    for name, policy in _naive(model):
        value = one.random_values(model)[s] if policy is None else one.expected_turns(model, policy)[s]
        naive.append(Naive(name, float(value)))
    part = _duel(model, optimum.policy) if players == 2 else None
    if part is not None:
        naive = _naive_duel(model, part)
    return StrategyReport(
        board,
        players,
        tuple(die.text for die in model.dice),
        model.options,
        optimum.exact,
        float(optimum.values[s]),
        float(iterated[s]),
        sweeps,
        optimum.iterations,
        optimum.improvements,
        optimum.slack,
        optimum.ties,
        tuple(_choice(model, optimum, i) for i in range(model.n)) if board.pawns == 1 else (),
        model.n,
        tuple(naive),
        part[0] if part is not None else None,
    )


def _duel(model: one.Choices, fewest: one.Policy) -> tuple[DuelPart, duel.DuelPolicy, np.ndarray]:
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
            model.squares[a],
            model.squares[b],
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


def _naive_duel(model: one.Choices, part: tuple[DuelPart, duel.DuelPolicy, np.ndarray]) -> list[Naive]:
    """Each naive one-player policy's chance to win, moving first, against the optimal player."""
    _, best, _ = part
    found = []
    for name, policy in _naive(model):
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
