"""Monte Carlo games under the bump rule, where players interact: whole games of ``K`` seats,
played roll by roll for a block of games at once (numpy over the games), the bump applied by
the one implementation the engine and the analysis use (:func:`~chutes_tui.model.rules.bumped`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.model.board import Board
from chutes_tui.model.rules import bumped

if TYPE_CHECKING:
    from chutes_tui.analysis.bump import BumpOdds

BLOCK = 200_000  # games played together: positions and counters for them take a few MB


@dataclass(frozen=True)
class BumpEstimate:
    """What ``games`` simulated games say, with the standard errors of the means."""

    games: int
    seat_wins: tuple[int, ...]
    mean_rolls: float
    sd_rolls: float
    mean_rounds: float
    sd_rounds: float
    bumps_per_game: float

    def share(self, seat: int) -> float:
        return self.seat_wins[seat] / self.games

    def share_error(self, seat: int) -> float:
        p = self.share(seat)
        return float(np.sqrt(p * (1 - p) / self.games))

    @property
    def rolls_error(self) -> float:
        return self.sd_rolls / float(np.sqrt(self.games))

    @property
    def rounds_error(self) -> float:
        return self.sd_rounds / float(np.sqrt(self.games))


def _block(board: Board, players: int, games: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    """One block: each game's winner, rolls, rounds (the first seat's turns) and bumps."""
    squares = np.full((games, players), board.start, dtype=np.int64)
    mover = np.zeros(games, dtype=np.int64)
    winner = np.full(games, -1, dtype=np.int64)
    rolls = np.zeros(games, dtype=np.int64)
    rounds = np.zeros(games, dtype=np.int64)
    bumps = np.zeros(games, dtype=np.int64)
    top = board.die.top_column
    live = np.arange(games)
    while live.size:
        seat = mover[live]
        column = board.die.columns(rng, live.size)
        rest = board.roll_table[squares[live, seat], column]
        squares[live, seat] = rest
        sent = bumped(board, rest[:, None], squares[live])
        sent[np.arange(live.size), seat] = False  # a piece never bumps itself
        bumps[live] += sent.sum(axis=1)
        here = squares[live]
        here[sent] = board.start
        squares[live] = here
        rolls[live] += 1
        won = rest == board.end
        again = board.extra_roll & (column == top) & ~won
        rounds[live] += (seat == 0) & ~again
        winner[live[won]] = seat[won]
        mover[live] = np.where(again, seat, (seat + 1) % players)
        live = live[~won]
    return winner, rolls, rounds, bumps


def simulate_bump(
    board: Board,
    games: int,
    players: int,
    rng: np.random.Generator,
    progress: Callable[[int], None] | None = None,
) -> BumpEstimate:
    """``games`` games of ``players`` seats under the board's rules, the bump rule included
    (refused up front where a game might never end)."""
    from chutes_tui.analysis.bump import check_games_end

    check_games_end(board, players)
    wins = np.zeros(players, dtype=np.int64)
    sums = np.zeros(5)  # rolls, rolls², rounds, rounds², bumps
    done = 0
    while done < games:
        size = min(BLOCK, games - done)
        winner, rolls, rounds, bumps = _block(board, players, size, rng)
        wins += np.bincount(winner, minlength=players)
        sums += [
            rolls.sum(),
            (rolls.astype(float) ** 2).sum(),
            rounds.sum(),
            (rounds.astype(float) ** 2).sum(),
            bumps.sum(),
        ]
        done += size
        if progress is not None:
            progress(done)

    def spread(total: float, squares: float) -> float:
        return float(np.sqrt(max(squares - total * total / games, 0.0) / max(games - 1, 1)))

    return BumpEstimate(
        games,
        tuple(int(w) for w in wins),
        sums[0] / games,
        spread(sums[0], sums[1]),
        sums[2] / games,
        spread(sums[2], sums[3]),
        sums[4] / games,
    )


@dataclass(frozen=True, eq=False)
class BumpReport:
    """``simulate --bump``: the estimate, beside the joint chain's exact values where they come
    at once (up to :data:`~chutes_tui.analysis.limits.BUMP_QUICK_PLAYERS` players)."""

    board: Board
    players: int
    seed: int
    estimate: BumpEstimate
    exact: BumpOdds | None

    def to_json(self) -> dict[str, object]:
        e = self.estimate
        data: dict[str, object] = {
            "board": self.board.to_dict(),
            "players": self.players,
            "games": e.games,
            "seed": self.seed,
            "estimate": True,
            "seat_wins": list(e.seat_wins),
            "seat_win_share": [e.share(seat) for seat in range(self.players)],
            "seat_win_share_se": [e.share_error(seat) for seat in range(self.players)],
            "mean_rolls": e.mean_rolls,
            "mean_rolls_se": e.rolls_error,
            "mean_rounds": e.mean_rounds,
            "mean_rounds_se": e.rounds_error,
            "bumps_per_game": e.bumps_per_game,
        }
        exact = self.exact
        if exact is not None:
            data["exact"] = {
                "seat_win_probability": list(exact.win),
                "expected_rolls": exact.expected_rolls,
                "expected_rounds": exact.expected_rounds,
            }
        return data


def bump_report(
    board: Board, games: int, players: int, seed: int, progress: Callable[[int], None] | None = None
) -> BumpReport:
    from chutes_tui.analysis.bump import bump_odds, joint_size
    from chutes_tui.analysis.limits import BUMP_QUICK_PLAYERS, BUMP_QUICK_STATES

    estimate = simulate_bump(board, games, players, np.random.default_rng(seed), progress)
    quick = players <= BUMP_QUICK_PLAYERS and joint_size(board, players) <= BUMP_QUICK_STATES
    exact = bump_odds(board, [board.start] * players) if quick else None
    return BumpReport(board, players, seed, estimate, exact)
