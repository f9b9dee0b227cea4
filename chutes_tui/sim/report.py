"""A Monte Carlo run set beside the exact values: what ``chutes-tui simulate`` prints.

The simulated mean's distance from the exact expectation is given in standard errors
(``(mean - E[T]) / (sd / √N)``): within ±2 about 95 % of the time, within ±4 always in practice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis.reports import AnalyzeReport, analyze_report
from chutes_tui.model.board import Board
from chutes_tui.sim.montecarlo import SimulationSummary, diagonal_from_counts, simulate_summary


@dataclass(frozen=True, eq=False)
class SimulationReport:
    board: Board
    games: int
    players: int
    seed: int
    summary: SimulationSummary
    exact: AnalyzeReport  # for ``players`` seats (at least one)
    exact_two: AnalyzeReport  # two seats: the diagonal estimate's exact counterpart
    seconds: float

    @property
    def one_player_games(self) -> int:
        return self.games * self.players

    @property
    def sigmas_from_exact(self) -> float | None:
        """How many standard errors the simulated mean lies from the exact one; ``None`` when
        every game took the same number of turns (a die that always rolls one number): no
        spread to measure by, and the means then agree exactly or not at all."""
        if self.summary.standard_error == 0:
            return None
        return (self.summary.mean - self.exact.distribution.mean) / self.summary.standard_error

    @property
    def diagonal_first_player_wins(self) -> float:
        """Seed 001's estimate of P(first of two wins) from the histogram of finishing turns."""
        return diagonal_from_counts(self.summary.counts)

    @property
    def games_per_second(self) -> float:
        return self.one_player_games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        summary = self.summary
        data: dict[str, Any] = {
            "board": self.board.name,
            "games": self.games,
            "one_player_games": self.one_player_games,
            "seed": self.seed,
            "mean_turns": summary.mean,
            "sd_turns": summary.sd,
            "mean_interval_95": list(summary.interval),
            "exact_mean_turns": self.exact.distribution.mean,
            "sigmas_from_exact": self.sigmas_from_exact,
            "diagonal_first_player_wins": self.diagonal_first_player_wins,
            "games_per_second": self.games_per_second,
        }
        if self.players >= 2 and summary.seat_wins is not None:
            data["seat_wins"] = list(summary.seat_wins)
        return data


def simulation_report(
    board: Board, games: int, players: int, seed: int, progress: Callable[[int], None] | None = None
) -> SimulationReport:
    """Simulate ``games`` seated games (in chunks, bounded memory) and set them beside the exact
    values; ``progress(done)`` counts one-player games."""
    began = time.perf_counter()
    summary = simulate_summary(board, games, players, np.random.default_rng(seed), progress=progress)
    seconds = time.perf_counter() - began
    exact = analyze_report(board, board.start, max(players, 1))
    two = exact if players == 2 else analyze_report(board, board.start, 2)
    return SimulationReport(board, games, players, seed, summary, exact, two, seconds)
