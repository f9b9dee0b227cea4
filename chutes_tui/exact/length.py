"""The first terms of a game-length law as exact fractions: the float laws of
:mod:`chutes_tui.analysis.length` with every ``f_j(n)`` and ``S_j(n)`` rational.

From state ``row``, ``u_0 = e_row`` and ``u_n = u_{n-1} Q`` exactly; ``f(n) = u_{n-1} · r`` and
``S(n) = Σ u_n``. The rounds and rolls follow by the same products as in floats.

Under the bump rule the players interact: the rolls' law comes from the joint chain of
:mod:`chutes_tui.analysis.bump` in integers, ``v_m = v_{m-1} (D P)`` with ``v_m = D^m u_m`` and
``D`` the dice's common denominator, so that ``P(rolls = m) = v_{m-1} · (D r) / D^m``; the game
ends in round ``⌈m / K⌉``, counted from the seat to move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from flint import fmpq, fmpq_mat

from chutes_tui.analysis.bump import joint_chain
from chutes_tui.analysis.states import Position, square_of
from chutes_tui.exact.chain import exact_chain
from chutes_tui.model.board import Board


@dataclass(frozen=True)
class ExactTerms:
    """``pmf[n]`` exactly for ``n = 0..len(pmf)-1``: turns (one player), or rounds and rolls."""

    turns: tuple[fmpq, ...] | None
    rounds: tuple[fmpq, ...] | None
    rolls: tuple[fmpq, ...] | None


def _own_terms(board: Board, square: Position, terms: int) -> tuple[list[fmpq], list[fmpq]]:
    """``(f(0..terms), S(0..terms))`` from ``square``."""
    chain = exact_chain(board)
    n = chain.size
    u = fmpq_mat(1, n, [1 if i == chain.state(square) else 0 for i in range(n)])
    pmf, survival = [fmpq(0)], [fmpq(1)]
    for _ in range(terms):
        pmf.append((u * chain.finish)[0, 0])
        u = u * chain.Q
        survival.append(sum((u[0, i] for i in range(n)), fmpq(0)))
    return pmf, survival


def exact_terms(board: Board, positions: Sequence[Position], rounds: int, to_move: int = 0) -> ExactTerms:
    """The law's first terms, for ``rounds`` rounds (``K·rounds`` rolls) from ``positions``."""
    k = len(positions)
    order = [positions[(to_move + j) % k] for j in range(k)]
    if any(square_of(p) == board.goal_square for p in order):
        over = (fmpq(1),)
        return ExactTerms(over, None, None) if k == 1 else ExactTerms(None, over, over)
    own = {square: _own_terms(board, square, rounds) for square in set(order)}
    if k == 1:
        return ExactTerms(tuple(own[order[0]][0]), None, None)
    rolls = [fmpq(0)]
    by_round = [fmpq(0)]
    for n in range(1, rounds + 1):
        total = fmpq(0)
        for j in range(k):
            term = own[order[j]][0][n]
            for i in range(j):
                term *= own[order[i]][1][n]
            for i in range(j + 1, k):
                term *= own[order[i]][1][n - 1]
            rolls.append(term)
            total += term
        by_round.append(total)
    return ExactTerms(None, tuple(by_round), tuple(rolls))


def exact_bump_terms(board: Board, positions: Sequence[int], rounds: int, to_move: int = 0) -> ExactTerms:
    """The rounds' and rolls' laws under the bump rule, exactly, for ``rounds`` rounds."""
    k = len(positions)
    if board.end in positions:
        return ExactTerms(None, (fmpq(1),), (fmpq(1),))
    joint = joint_chain(board, k)
    D = board.die.total
    P = joint.P.tocoo()
    rows, cols = P.row, P.col
    weights = np.rint(P.data * D).astype(np.int64).astype(object)
    finishing = np.rint(joint.wins.sum(axis=1) * D).astype(np.int64).astype(object)
    v = np.zeros(joint.size, dtype=object)
    v[joint.state(positions, to_move)] = 1
    rolls = [fmpq(0)]
    for m in range(1, k * rounds + 1):
        rolls.append(fmpq(int(v @ finishing), D**m))
        following = np.zeros(joint.size, dtype=object)
        np.add.at(following, cols, v[rows] * weights)  # Python integers: exact at any size
        v = following
    by_round = [fmpq(0)] + [sum(rolls[(r - 1) * k + 1 : r * k + 1], fmpq(0)) for r in range(1, rounds + 1)]
    return ExactTerms(None, tuple(by_round), tuple(rolls))
