"""A board with decisions beyond the solvers, estimated (issue 27): the part of the ``strategy``
report that plays games instead of solving them (:mod:`chutes_tui.engine.estimate`), with the
limit that was passed, the policy played, the games and each figure's standard error.

Every seat plays the one-player optimum (the pawns' joint model's where it fits, else the
additive policy: :func:`~chutes_tui.engine.estimate.best_policy`). One player: its expected
turns, and the naive policy's (the first die, the plain move, the rearmost pawn). Two or more:
each seat's chance to win moving in seat order, the game's turns in all, and the first seat's
chance when it plays naively against the others' best.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chutes_tui.analysis.limits import STRATEGY_ESTIMATE_GAMES
from chutes_tui.engine.estimate import Naive, best_policy, estimate
from chutes_tui.model.board import Board


@dataclass(frozen=True)
class Estimated:
    """One figure of an estimate: its value and standard error."""

    value: float
    se: float

    def text(self, percent: bool = False) -> str:
        if percent:
            return f"{self.value:.2%} ± {self.se:.2%}"
        return f"{self.value:.3f} ± {self.se:.3f}"

    def to_json(self) -> dict[str, float | None]:
        return {"value": self.value if math.isfinite(self.value) else None, "se": self.se}


@dataclass(frozen=True)
class EstimatePart:
    limit: str  # the solvers' limit this game passed, in words
    players: int
    games: int
    seed: int
    policy: str
    naive_policy: str
    turns: Estimated  # one player: its turns; more: the game's turns in all, all playing best
    naive_turns: Estimated | None  # one player: the naive policy's turns
    chances: tuple[Estimated, ...]  # each seat's chance, all playing best (two players or more)
    naive_first: Estimated | None  # the first seat's chance playing naively against the best
    cut: int  # games cut at the engine's step limit (counted in no figure)

    def to_json(self) -> dict[str, Any]:
        return {
            "limit": self.limit,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "naive_policy": self.naive_policy,
            "turns": self.turns.to_json(),
            "naive_turns": None if self.naive_turns is None else self.naive_turns.to_json(),
            "chances": [c.to_json() for c in self.chances],
            "naive_first": None if self.naive_first is None else self.naive_first.to_json(),
            "cut": self.cut,
        }


def estimate_part(
    board: Board,
    players: int,
    limit: str,
    games: int = STRATEGY_ESTIMATE_GAMES,
    seed: int = 0,
    progress: Callable[[int, int], bool] | None = None,
) -> EstimatePart:
    """The estimate of ``players`` on ``board`` from ``games`` games a figure (see the module
    docstring); ``progress(done, of)`` is told the games played (``True``: stop)."""
    best = best_policy(board)
    start = board.start if board.pawns == 1 else (board.start,) * board.pawns
    place = (start,) * players
    runs = 2
    told = _told(progress, runs * games)
    found = estimate(board, place, 0, (best,) * players, games, seed, told(0))
    plain = Naive()
    naive = estimate(board, place, 0, (plain, *(best,) * (players - 1)), games, seed + 1, told(1))
    turns = Estimated(found.turns, found.turns_se)
    said = (limit, players, games, seed, best.words, plain.words, turns)
    if players == 1:
        return EstimatePart(*said, Estimated(naive.turns, naive.turns_se), (), None, found.cut)
    chances = tuple(Estimated(found.chance(s), found.chance_se(s)) for s in range(players))
    first = Estimated(naive.chance(0), naive.chance_se(0))
    return EstimatePart(*said, None, chances, first, found.cut)


def _told(
    progress: Callable[[int, int], bool] | None, total: int
) -> Callable[[int], Callable[[int, int], bool] | None]:
    """Each run's progress as the whole estimate's: run ``k`` of several, ``games`` each."""

    def run(k: int) -> Callable[[int, int], bool] | None:
        if progress is None:
            return None
        return lambda done, games: progress(k * games + done, total)

    return run
