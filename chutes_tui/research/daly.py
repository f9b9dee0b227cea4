"""Daly's 1960 experiment on the IBM 704: Monte Carlo estimates against the exact values.

Running estimates of the mean length and of P(finished by turn 31) after 2⁵, 2⁶, … simulated
games, each with its distance from the exact value in standard errors: about 95 % of them
should lie within ±2 (the N^(-1/2) law).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis import build_chain, finishing_distribution
from chutes_tui.model.board import Board
from chutes_tui.sim.montecarlo import simulate_turns


@dataclass(frozen=True)
class ConvergencePoint:
    games: int
    mean: float
    finished_by: float  # fraction of games finished within `by_turn`


@dataclass(frozen=True)
class Convergence:
    exact_mean: float
    sd: float
    by_turn: int
    exact_finished_by: float
    points: list[ConvergencePoint]

    def band(self, games: int) -> tuple[float, float]:
        """The ±2σ/√N band around the exact mean."""
        half = 2 * self.sd / np.sqrt(games)
        return self.exact_mean - half, self.exact_mean + half

    def finished_band(self, games: int) -> tuple[float, float]:
        p = self.exact_finished_by
        half = 2 * np.sqrt(p * (1 - p) / games)
        return p - half, p + half

    def mean_z(self, point: ConvergencePoint) -> float:
        """The running mean's distance from the exact mean, in standard errors σ/√N."""
        return _z(point.mean - self.exact_mean, self.sd / np.sqrt(point.games))

    def finished_z(self, point: ConvergencePoint) -> float:
        """The running share finished by ``by_turn``, in standard errors √(p(1-p)/N)."""
        p = self.exact_finished_by
        return _z(point.finished_by - p, np.sqrt(p * (1 - p) / point.games))

    @property
    def means_inside(self) -> int:
        """How many running means lie inside their ±2σ/√N band (about 95 % should)."""
        return sum(abs(self.mean_z(point)) <= 2 for point in self.points)

    def to_json(self, board_name: str, seed: int) -> dict[str, Any]:
        rows = [
            {
                "games": point.games,
                "mean_turns": point.mean,
                "band": list(self.band(point.games)),
                "finished_by": point.finished_by,
                "finished_band": list(self.finished_band(point.games)),
            }
            for point in self.points
        ]
        return {
            "board": board_name,
            "seed": seed,
            "exact_mean_turns": self.exact_mean,
            "sd_turns": self.sd,
            "by_turn": self.by_turn,
            "exact_finished_by": self.exact_finished_by,
            "points": rows,
        }


def convergence(
    board: Board,
    largest_log2: int,
    seed: int | None,
    by_turn: int = 31,
    progress: Callable[[int], None] | None = None,
) -> Convergence:
    """Running estimates after 2⁵ … 2^largest_log2 simulated games (Daly 1960, table 3);
    ``progress(games done)`` as they are played (a million games of a long board take hours)."""
    chain = build_chain(board)
    dist = finishing_distribution(chain, board.start)
    turns = simulate_turns(board, 1 << largest_log2, np.random.default_rng(seed), progress=progress)
    running = np.cumsum(turns, dtype=np.float64)
    within = np.cumsum(turns <= by_turn)
    points = [
        ConvergencePoint(
            1 << k, float(running[(1 << k) - 1] / (1 << k)), float(within[(1 << k) - 1] / (1 << k))
        )
        for k in range(5, largest_log2 + 1)
    ]
    return Convergence(dist.mean, dist.sd, by_turn, dist.p_within(by_turn), points)


def _z(difference: float, error: float) -> float:
    """``difference`` in standard errors. Where there is no spread (a die that always rolls one
    number: every game alike) a difference within rounding is no distance at all; a real one
    would be a bug, and is kept at the chart's edge rather than made infinite."""
    if error > 0:
        return float(difference / error)
    return 0.0 if abs(difference) < 1e-9 else float(np.copysign(1e3, difference))
