"""K pawns played by each pawn's own expected turns (issue 27): the *additive* policy, where the
pawns' joint model is too large to solve (:mod:`chutes_tui.analysis.pawns`' limits).

With ``V₁`` one pawn's optimal expected turns on every square it stands on
(:mod:`chutes_tui.analysis.choices`; the goal's 0 last) and ``A₁[s, d, c, o] = ½ Σ_k V₁(t_k)``
the turns it has left after option ``o`` once die ``d`` rolled its ``c``-th face, a player's
pawns on squares ``s_1..s_K`` are valued

    h = Σ_i V₁(s_i)          (each pawn brought home on its own, the turns added),

and the policy is greedy against ``h``: after the roll it moves the pawn ``i`` with the option
``o`` that gain most on their own, ``min_{i,o} A₁[s_i,d,c,o] - V₁(s_i)``, and before the roll it
picks the die ``d`` minimising ``1 + h + Σ_c p(d,c) · min_{i,o} (A₁[s_i,d,c,o] - V₁(s_i))``.
A pawn on the goal is never moved. With one pawn this is the one-player optimum itself (greedy
against the optimum ``V₁``). With more it is a stated heuristic, not an optimum: ``h`` is an
estimate, not the expected turns (the pawns share the turns, and a roll goes to the pawn it
suits best, so the true figure is lower).

Everything is vectorised over games: a player's pawns are an array ``(..., K)`` of one pawn's
states (``m``: the goal).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.choices import Choices, choices, option_values, policy_iteration
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey


@dataclass(frozen=True, eq=False)
class Additive:
    """One pawn's optimum, and the additive policy of K pawns built on it (module docstring)."""

    model: Choices  # one pawn's choices (its states: squares)
    values: np.ndarray  # (m + 1,): V₁, the goal's 0 last
    gains: np.ndarray  # (m + 1, D, C, O): A₁ - V₁ (the goal's row +inf: a finished pawn)

    def value(self, pawns: np.ndarray) -> np.ndarray:
        """``h``: the pawns' own expected turns, added (``(..., K)`` → ``(...)``)."""
        return self.values[pawns].sum(axis=-1)

    def after_roll(self, pawns: np.ndarray, die: np.ndarray | int, column: np.ndarray | int) -> np.ndarray:
        """``(..., K, O)``: what moving each pawn with each option changes ``h`` by, on average,
        after die ``die`` rolled its ``column``-th face (+inf for a finished pawn)."""
        die = np.asarray(die)[..., None]
        column = np.asarray(column)[..., None]
        return self.gains[pawns, die, column]

    def dice(self, pawns: np.ndarray) -> np.ndarray:
        """``(..., D)``: each die's value before the roll, ``1 + h + Σ_c p · min_{i,o} gain``."""
        least = self.gains[pawns].min(axis=-1).min(axis=-3)  # (..., D, C): the best pawn and option
        return 1.0 + self.value(pawns)[..., None] + (self.model.chances * least).sum(axis=-1)


ADDITIVE: MemoKey[Board, Additive] = MemoKey("additive")


def additive(board: Board) -> Additive:
    """The additive policy of ``board`` (one pawn's optimum solved once, kept with the board)."""
    return board.memo.get(ADDITIVE, lambda: _build(board))


def _build(board: Board) -> Additive:
    model = choices(board)
    _, values, _ = policy_iteration(model)
    after = option_values(model, values)  # (m, D, C, O)
    gains = np.append(after - values[:, None, None, None], np.full((1, *after.shape[1:]), np.inf), axis=0)
    extended = np.append(values, 0.0)
    for array in (extended, gains):
        array.setflags(write=False)
    return Additive(model, extended, gains)
