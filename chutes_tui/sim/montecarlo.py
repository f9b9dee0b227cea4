"""Vectorised Monte Carlo: many one-player games at once, with numpy.

Each game's state is its square times the die size, so one lookup ``T[state + roll]`` (a table
built from :func:`chutes_tui.model.rules.roll_table`, the rules everything else uses) plays a roll.
The end square is absorbing, so a finished game just stops counting turns; finished games are
dropped every few rolls rather than after each one. Multi-player games need no separate
simulation: players never interact, so K independent one-player games, compared by finishing
turn, decide a K-player game (seat order breaks ties).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from chutes_tui.model.board import Board

CHUNK = 1 << 16
ROLLS_BETWEEN_COMPACTIONS = 12


def _transition_table(board: Board) -> tuple[np.ndarray, np.dtype]:
    die = board.die
    size = (board.end + 1) * die
    dtype = np.dtype(np.int16) if size + die < np.iinfo(np.int16).max else np.dtype(np.int32)
    return (board.roll_table * die).astype(dtype).ravel(), dtype


def simulate_turns(
    board: Board,
    games: int,
    rng: np.random.Generator,
    *,
    start: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Finishing turn of ``games`` independent one-player games from ``start`` (int32 array).

    ``progress(done)`` is called after each chunk of games.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    table, dtype = _transition_table(board)
    die = board.die
    finished = dtype.type(board.end * die)
    origin = (board.start if start is None else start) * die
    top = die - 1
    results = np.empty(games, dtype=np.int32)
    done = 0
    while done < games:
        size = min(CHUNK, games - done)
        state = np.full(size, origin, dtype=dtype)
        turns = np.zeros(size, dtype=np.int32)
        index = np.arange(size)
        landing = np.empty(size, dtype=dtype)
        if origin == finished:
            results[done : done + size] = 0
            done += size
            continue
        while state.size:
            for _ in range(ROLLS_BETWEEN_COMPACTIONS):
                rolls = rng.integers(0, die, state.size, dtype=dtype)
                playing = state != finished
                np.add(state, rolls, out=landing[: state.size])
                np.take(table, landing[: state.size], out=state)
                if board.extra_roll:
                    # A top face rolls again within the same turn, unless it just won.
                    turns += playing & ((rolls != top) | (state == finished))
                else:
                    turns += playing
            over = state == finished
            if over.any():
                results[done + index[over]] = turns[over]
                keep = ~over
                state, turns, index = state[keep], turns[keep], index[keep]
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
