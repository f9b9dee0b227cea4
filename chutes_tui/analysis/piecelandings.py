"""Landings on a board with a turn rule of issue 26: the extended chain's visits times each
roll's moves.

A landing is a roll's move that is not lost (:class:`~chutes_tui.model.rules.Move`: its
``landing`` square, before any jump; entering onto ``enter_square`` lands there). A turn from
piece state ``i`` visits its within-turn states ``w`` ``v_i(w)`` times on average
(``e_0ᵀ (I - T)⁻¹``, :meth:`~chutes_tui.analysis.piecechain.TurnRolls.visits`), and each roll there
of face ``f`` (chance ``p_f``) makes the moves :func:`~chutes_tui.model.turns.after_roll` says,
so one turn lands on ``x``

    ``ℓ_i(x) = Σ_w v_i(w) Σ_f p_f · #(moves of (w, f) landing on x)``

times, a skipped turn never; over a game from ``s``, ``L_s(x) = Σ_i N[s, i] ℓ_i(x)`` with
``N = (I - Q)⁻¹`` the extended chain's.

The chance of ever landing in a set ``A`` (a square, or the tails whose landing uses a jump) is
no renewal here (after a landing the turn may go on, its memory with it), so it is solved: in
each turn's sub-chain a roll that lands in ``A`` is absorbed as a *hit*, giving the chance
``h_i`` that a turn from ``i`` lands in ``A`` and the law ``E_i`` of where it ends without
doing so; then ``P_s(A) = ((I - E)⁻¹ h)_s``, the goal and the hits absorbing.
"""

from __future__ import annotations

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.piecechain import TurnRolls, turn_rolls
from chutes_tui.model.turns import PieceState, begin_turn


def _turns(chain: Chain) -> list[TurnRolls | None]:
    """Each state's turn roll by roll (``None``: the turn is skipped)."""
    board = chain.board
    return [
        None if isinstance(begin_turn(board, piece), PieceState) else turn_rolls(board, piece)
        for piece in chain.pieces
    ]


def expected_landings(chain: Chain, visits: np.ndarray) -> np.ndarray:
    """``L(x) = Σ_i visits[i] ℓ_i(x)`` for every square ``x`` (``0..end``), ``visits`` a row of
    ``N``."""
    board = chain.board
    out = np.zeros(board.end + 1)
    for i, turn in enumerate(_turns(chain)):
        if turn is None or visits[i] == 0:
            continue
        for w, rolls in zip(turn.visits(), turn.rolls, strict=True):
            for weight, landed, _ in rolls:
                for square in landed:
                    out[square] += visits[i] * w * weight / turn.total
    return out


def chances_of_landing(chain: Chain, origin: int, sets: list[frozenset[int]]) -> list[float]:
    """The chance of ever landing in each set from ``origin`` (module docstring)."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import spsolve

    turns = _turns(chain)
    start = chain.row(origin)
    found = []
    for hit in sets:
        rows: list[int] = []
        cols: list[int] = []
        values: list[float] = []
        hits = np.zeros(chain.size)
        for i, turn in enumerate(turns):
            if turn is None:  # skipped: back on the square, no turn to miss
                rows.append(i)
                cols.append(chain.row(int(chain.squares[i])))
                values.append(1.0)
                continue
            for w, rolls in zip(turn.visits(hit), turn.rolls, strict=True):
                for weight, landed, to in rolls:
                    chance = w * weight / turn.total
                    if hit.intersection(landed):
                        hits[i] += chance
                    elif isinstance(to, PieceState) and to.square != chain.goal:
                        rows.append(i)
                        cols.append(chain.state(to))
                        values.append(chance)
        E = sp.csr_matrix((values, (rows, cols)), shape=(chain.size, chain.size))
        p = spsolve((sp.identity(chain.size, format="csr") - E).tocsc(), hits)
        found.append(float(np.clip(np.atleast_1d(p)[start], 0.0, 1.0)))
    return found
