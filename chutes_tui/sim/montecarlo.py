"""Vectorised Monte Carlo: many one-player games at once, with numpy.

Each random draw is several rolls at once (:mod:`chutes_tui.sim.packed`): a uniform code in
``[0, d**k)`` read as ``k`` base-``d`` digits, played by one lookup in a table built from
:func:`chutes_tui.model.rules.roll_table`, the rules everything else uses. The finishing turn is
exact even when a game ends mid-group, so the results have exactly the distribution of rolling
one die at a time. Multi-player games need no separate simulation: players never interact, so
K independent one-player games, compared by finishing turn, decide a K-player game (seat order
breaks ties).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey
from chutes_tui.sim.packed import Plan, plan_for, play_block

# The board's packed plan of moves for simulated games (:func:`.packed.plan_for`).
SIM_PLAN: MemoKey[Board, Plan] = MemoKey("sim.plan")

CHUNK = 1 << 18  # games per block: its draws depend on the block alone (see simulate_summary)


def simulate_turns(
    board: Board,
    games: int,
    rng: np.random.Generator,
    *,
    start: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Finishing turn of ``games`` independent one-player games from ``start`` (int32 array).

    Games are played in blocks of :data:`CHUNK`, each block's draws taken in turn from ``rng``;
    ``progress(done)`` is called as games finish.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    origin = board.start if start is None else start
    results = np.zeros(games, dtype=np.int32)  # a game begun on the goal took 0 turns
    plan = board.memo.get(SIM_PLAN, lambda: plan_for(board)) if origin != board.goal_square else None
    done = 0
    while done < games:
        size = min(CHUNK, games - done)
        if plan is not None:
            within = None if progress is None else (lambda ended, before=done: progress(before + ended))
            play_block(plan, plan.row(origin), results[done : done + size], rng, within)
        done += size
        if progress is not None:
            progress(done)
    return results


@dataclass(frozen=True)
class SimulationSummary:
    games: int
    mean: float
    sd: float
    standard_error: float
    seat_wins: tuple[int, ...] | None  # K-player games, wins per seat
    counts: np.ndarray  # counts[n]: one-player games that took n turns

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % confidence interval of the mean."""
        return self.mean - 1.96 * self.standard_error, self.mean + 1.96 * self.standard_error


class Tally:
    """Running counts of simulated games, so that any number of games fits in bounded memory:
    a histogram of finishing turns and, for K-player games, the wins per seat."""

    def __init__(self, players: int = 1) -> None:
        self.players = players
        self.counts = np.zeros(0, dtype=np.int64)
        self.seat_wins = np.zeros(max(players, 1), dtype=np.int64)

    def add(self, turns: np.ndarray) -> None:
        """Count one-player games; with ``players`` ≥ 2 consecutive groups of that many are
        seated as one game (a trailing incomplete group is not seated)."""
        counts = np.bincount(turns)
        if counts.size > self.counts.size:
            counts[: self.counts.size] += self.counts
            self.counts = counts.astype(np.int64)
        else:
            self.counts[: counts.size] += counts
        k = self.players
        if k >= 2:
            seated = turns[: turns.size - turns.size % k].reshape(-1, k)
            # Seat j's finishing move is (T_j - 1)·K + j: the smallest wins, seat order breaking ties.
            winners = np.argmin(seated.astype(np.int64) * k + np.arange(k), axis=1)
            self.seat_wins += np.bincount(winners, minlength=k)

    def summary(self) -> SimulationSummary:
        games = int(self.counts.sum())
        turns = np.arange(self.counts.size)
        # Exact integer sums: a billion games of a few hundred turns stay far from rounding.
        total = int(np.dot(turns, self.counts)) if games else 0
        squares = int(np.dot(turns * turns, self.counts)) if games else 0
        mean = total / games if games else float("nan")
        variance = (squares - total * total / games) / (games - 1) if games > 1 else float("nan")
        sd = float(np.sqrt(max(variance, 0.0))) if games > 1 else float("nan")
        seat_wins = tuple(int(w) for w in self.seat_wins) if self.players >= 2 else None
        error = sd / np.sqrt(games) if games > 1 else float("nan")
        return SimulationSummary(games, mean, sd, float(error), seat_wins, self.counts.copy())


def summarize(turns: np.ndarray, players: int = 1) -> SimulationSummary:
    """Mean, sd and standard error of the finishing turn; with ``players`` ≥ 2, consecutive
    groups of that many games are seated as one game each and the seat wins are counted."""
    tally = Tally(players)
    tally.add(turns)
    return tally.summary()


def simulate_summary(
    board: Board,
    games: int,
    players: int,
    rng: np.random.Generator,
    *,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """``games`` seated games of ``players`` (one-player games when 1), in chunks: memory stays
    a few MB whatever ``games`` is, and the numbers equal one :func:`simulate_turns` call on the
    same generator (chunks are whole multiples of its own)."""
    tally = Tally(players)
    total = games * players
    step = CHUNK * players
    done = 0
    while done < total:
        size = min(step, total - done)
        tally.add(simulate_turns(board, size, rng))
        done += size
        if progress is not None:
            progress(done)
    return tally.summary()


def diagonal_estimate(turns: np.ndarray) -> float:
    """Seed 001's "diagonal squares" estimate of P(first of two players wins): pair every
    simulated game with every other, ``½ + ½ Σₙ (cₙ / N)²`` with ``cₙ`` the games taking n turns."""
    return diagonal_from_counts(np.bincount(turns))


def diagonal_from_counts(counts: np.ndarray) -> float:
    """:func:`diagonal_estimate` from a histogram of finishing turns."""
    share = counts.astype(np.float64) / counts.sum()
    return 0.5 + 0.5 * float(np.dot(share, share))
