"""The extended turn chain's matrix (a board with a turn rule of issue 26), in floats.

A turn from a piece state that rolls is an absorbing chain of its within-turn states, found
breadth first by the turn machine as :func:`~chutes_tui.model.turnlaw.turn_chain` finds them
(:class:`TurnRolls`, which also keeps where each roll's moves land, for the landings): ``T``
the rolls' chances among them, ``X`` onto the piece states that end the turn. The turn ends on
exit ``e`` with chance

    ``P(e) = (e_0ᵀ (I - T)⁻¹ X)[e]``,

solved here in floats as ``y = (I - T)⁻ᵀ e_0`` (the expected visits of each within-turn
state in one turn), then ``yᵀ X``; the exact law (:func:`~chutes_tui.model.turnlaw.turn_law`)
is the same sum in fractions. A piece that skips its turn ends it on its own square, no turn to
miss, with chance one. The rows together are ``[Q | finish]`` of
:mod:`chutes_tui.analysis.chain`'s extended chain, the exit onto the goal being ``finish``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.model.board import Board
from chutes_tui.model.turnlaw import canonical
from chutes_tui.model.turns import PieceState, Rolling, after_roll, begin_turn

if TYPE_CHECKING:
    import scipy.sparse as sp


@dataclass(frozen=True, eq=False)
class TurnRolls:
    """One turn's within-turn states and, for each, every face's weight, the squares its
    moves land on, and where it leads (a within-turn state's index, or the turn's end)."""

    total: int
    rolls: tuple[tuple[tuple[int, tuple[int, ...], int | PieceState], ...], ...]

    @cached_property
    def landed(self) -> frozenset[int]:
        """Every square a roll of this turn may land on."""
        return frozenset(square for row in self.rolls for _, landed, _ in row for square in landed)

    @cached_property
    def plain_visits(self) -> np.ndarray:
        return self._visits(frozenset())

    def visits(self, hit: frozenset[int] = frozenset()) -> np.ndarray:
        """``e_0ᵀ (I - T)⁻¹``, rolls landing in ``hit`` leaving the sub-chain."""
        return self._visits(hit) if hit & self.landed else self.plain_visits

    def _visits(self, hit: frozenset[int]) -> np.ndarray:
        n = len(self.rolls)
        step = np.zeros((n, n))
        for i, row in enumerate(self.rolls):
            for weight, landed, to in row:
                if isinstance(to, int) and not hit.intersection(landed):
                    step[i, to] += weight
        first = np.zeros(n)
        first[0] = 1.0
        return np.linalg.solve((np.eye(n) - step / self.total).T, first)


def turn_rolls(board: Board, piece: PieceState) -> TurnRolls:
    """The turn from ``piece`` (one that rolls) roll by roll, breadth first as
    :func:`~chutes_tui.model.turnlaw.turn_chain` finds its states."""
    first = begin_turn(board, piece)
    assert isinstance(first, Rolling)
    first = canonical(board, first)
    index = {first: 0}
    states = [first]
    rolls = []
    for state in states:
        row: list[tuple[int, tuple[int, ...], int | PieceState]] = []
        for face, weight in zip(board.die.values, board.die.counts, strict=True):
            step = after_roll(board, state, face)
            landed = tuple(move.landing for move in step.moves if not move.lost)
            after = step.next
            if isinstance(after, Rolling):
                after = canonical(board, after)
                if after not in index:
                    index[after] = len(states)
                    states.append(after)
                row.append((weight, landed, index[after]))
            else:
                row.append((weight, landed, after))
        rolls.append(tuple(row))
    return TurnRolls(board.die.total, tuple(rolls))


def float_law(rolls: TurnRolls) -> dict[PieceState, float]:
    """Where the turn ends, each exit with its chance ``(e_0ᵀ (I - T)⁻¹ X)[e]`` in floats."""
    law: dict[PieceState, float] = {}
    for visits, row in zip(rolls.plain_visits, rolls.rolls, strict=True):
        for weight, _, to in row:
            if isinstance(to, PieceState):
                law[to] = law.get(to, 0.0) + float(visits) * weight / rolls.total
    return law


def piece_chain(board: Board, pieces: Sequence[PieceState]) -> tuple[sp.csr_matrix, np.ndarray]:
    """``Q`` and ``finish`` of the extended chain whose states are ``pieces`` (every piece state
    a game stands on but the goal; module docstring)."""
    import scipy.sparse as sp  # on first use, as in chain.py

    state = {piece: i for i, piece in enumerate(pieces)}
    n = len(pieces)
    rows: list[int] = []
    cols: list[int] = []
    values: list[float] = []
    finish = np.zeros(n)
    for i, piece in enumerate(pieces):
        first = begin_turn(board, piece)
        law = {first: 1.0} if isinstance(first, PieceState) else float_law(turn_rolls(board, piece))
        for end, chance in law.items():
            if end.square == board.goal_square:
                finish[i] += chance
            else:
                rows.append(i)
                cols.append(state[end])
                values.append(chance)
    Q = sp.csr_matrix((values, (rows, cols)), shape=(n, n))
    Q.sum_duplicates()
    finish.setflags(write=False)
    return Q, finish
