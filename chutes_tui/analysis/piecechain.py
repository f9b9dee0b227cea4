"""The extended turn chain's matrix (a board with a turn rule of issue 26), in floats.

A turn from a piece state that rolls is an absorbing chain of its within-turn states
(:class:`~chutes_tui.model.turnlaw.TurnChain`): ``T = going / D`` among them, ``X = ending / D``
onto the piece states that end it. The turn ends on exit ``e`` with chance

    ``P(e) = (e_0ᵀ (I - T)⁻¹ X)[e]``,

solved here in floats as ``y = (I - T)⁻ᵀ e_0`` (the expected visits of each within-turn
state in one turn), then ``yᵀ X``; the exact law (:func:`~chutes_tui.model.turnlaw.turn_law`)
is the same sum in fractions. A piece that skips its turn ends it on its own square, no turn to
miss, with chance one. The rows together are ``[Q | finish]`` of
:mod:`chutes_tui.analysis.chain`'s extended chain, the exit onto the goal being ``finish``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.model.turnlaw import TurnChain, turn_chain
from chutes_tui.model.turns import PieceState, begin_turn

if TYPE_CHECKING:
    import scipy.sparse as sp

    from chutes_tui.analysis.chain import States


def turn_visits(chain: TurnChain) -> np.ndarray:
    """``e_0ᵀ (I - T)⁻¹``: the expected visits of each within-turn state in one turn (each visit
    is one roll), in floats."""
    n = len(chain.states)
    step = np.zeros((n, n))
    for i, row in enumerate(chain.going):
        for j, weight in row.items():
            step[i, j] += weight
    first = np.zeros(n)
    first[0] = 1.0
    return np.linalg.solve((np.eye(n) - step / chain.total).T, first)


def float_law(chain: TurnChain) -> dict[PieceState, float]:
    """Where the turn ends, each exit with its chance ``(e_0ᵀ (I - T)⁻¹ X)[e]`` in floats."""
    visits = turn_visits(chain)
    law: dict[PieceState, float] = {}
    for i, row in enumerate(chain.ending):
        for exit, weight in row.items():
            law[exit] = law.get(exit, 0.0) + float(visits[i]) * weight / chain.total
    return law


def piece_chain(states: States) -> tuple[sp.csr_matrix, np.ndarray]:
    """``Q`` and ``finish`` of the extended chain on ``states`` (module docstring)."""
    import scipy.sparse as sp  # on first use, as in chain.py

    board = states.board
    rows: list[int] = []
    cols: list[int] = []
    values: list[float] = []
    finish = np.zeros(states.size)
    for i, piece in enumerate(states.pieces):
        first = begin_turn(board, piece)
        law = {first: 1.0} if isinstance(first, PieceState) else float_law(turn_chain(board, piece))
        for end, chance in law.items():
            if end.square == states.goal:
                finish[i] += chance
            else:
                rows.append(i)
                cols.append(states.state(end))
                values.append(chance)
    Q = sp.csr_matrix((values, (rows, cols)), shape=(states.size, states.size))
    Q.sum_duplicates()
    finish.setflags(write=False)
    return Q, finish
