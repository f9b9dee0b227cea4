"""Why going first is worth 0.78 %: seed 001's picture of squares along a diagonal.

Two players who never interact finish on independent turns ``T₁`` and ``T₂`` with the one-player
law ``pₙ = P(T = n)``. Lay the unit square out with player one's turn down the side and player
two's along the top, each turn ``n`` a band ``pₙ`` wide: cell ``(i, j)`` has area ``pᵢ pⱼ``.
Player one wins below the diagonal (``i < j``) and on it (a tie: player one finished first),
so by symmetry

    P(first wins) = ½ + ½ Σₙ pₙ²,

half the square plus half of every diagonal square. Knowing ``p₁ … pₘ`` only, the answer is at
least ``½ + ½ Σ_{n≤m} pₙ²`` (the diagonal squares stop there) and at most that plus
``½ (1 - Σ_{n≤m} pₙ)²`` (every unfinished game ends together, on the next turn): the seed's
``markov(m)`` bounds, which close in on the exact fraction as ``m`` grows. Floats here; the
exact bounds are :func:`chutes_tui.exact.two_player.seed_bounds`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.length import game_length
from chutes_tui.model.board import Board


@dataclass(frozen=True, eq=False)
class DiagonalReport:
    """The picture's numbers for ``board``: ``pmf[n] = P(T = n)`` and the bounds after ``n``
    turns, ``lower[n]`` and ``upper[n]``, for ``n = 0..len(pmf)-1``."""

    board: Board
    pmf: np.ndarray
    lower: np.ndarray
    upper: np.ndarray

    @property
    def fewest(self) -> int:
        """The first turn a game can end on (the first diagonal square)."""
        return int(np.flatnonzero(self.pmf > 0)[0])

    @property
    def last(self) -> int:
        return len(self.pmf) - 1

    @property
    def first_player(self) -> float:
        """P(first wins) in floats: the bounds' common limit."""
        return float(self.lower[-1])

    def cells(self, first: int, count: int) -> np.ndarray:
        """``P(T₁ = i, T₂ = j) = pᵢ pⱼ`` for ``i, j = first … first + count - 1`` (rows: player one)."""
        p = np.zeros(count)
        shown = self.pmf[first : first + count]
        p[: shown.size] = shown
        return np.outer(p, p)

    def bounds(self, turns: int) -> tuple[float, float]:
        """The bounds knowing the first ``turns`` diagonal squares (past the last: the limit)."""
        n = min(max(turns, 0), self.last)
        return float(self.lower[n]), float(self.upper[n])


def diagonal_report(board: Board) -> DiagonalReport:
    """The one-player law from the start until less than 1e-15 is unfinished (the bounds then
    agree to about 1e-30, far below a float's digits)."""
    law = game_length(build_chain(board), [board.start]).turns
    assert law is not None
    pmf = np.asarray(law.pmf, dtype=float)
    squares, finished = np.cumsum(pmf**2), np.cumsum(pmf)
    lower = 0.5 + 0.5 * squares
    upper = lower + 0.5 * np.clip(1.0 - finished, 0.0, None) ** 2
    return DiagonalReport(board, pmf, lower, upper)


@dataclass(frozen=True)
class ExactFirst:
    """The exact P(first of two wins), as the picture's last line shows it."""

    decimal: str
    numerator_digits: int
    denominator_digits: int


def exact_first(board: Board, digits: int = 40) -> ExactFirst:
    """The exact fraction (:mod:`chutes_tui.exact.two_player`; half a second on the standard
    board), rounded to ``digits`` places, and its size."""
    # python-flint loads here, not with the app (the game screen imports this module).
    from chutes_tui.exact.fractions import decimal_digits
    from chutes_tui.exact.two_player import exact_two_player

    value = exact_two_player(board).first_player
    return ExactFirst(decimal_digits(value, digits), len(str(value.p)), len(str(value.q)))
