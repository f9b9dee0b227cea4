"""The whole law of a game's length: one player's turns, or for ``K`` players the rounds and
the moves (turns taken by everyone, one roll each unless the extra-roll rule grants more).

Players never interact, so from the players' own finishing times -- pmf ``f_j`` and survival
``S_j(n) = P(T_j > n)``, in play order from the one about to move -- the game ends at player
``j``'s ``n``-th turn with probability

    w_j(n) = f_j(n) · Π_{i<j} S_i(n) · Π_{i>j} S_i(n-1)

(``j`` finishes, everyone before it this round has not, everyone after it has not by the round
before). That is move ``m = K(n-1) + j + 1`` and round ``n``, so

    P(M = K(n-1)+j+1) = w_j(n),   P(M > K(n-1)+j+1) = Π_{i≤j} S_i(n) · Π_{i>j} S_i(n-1),
    P(R = n) = Σ_j w_j(n),        P(R > n) = Π_i S_i(n).

Each ``f_j``, ``S_j`` is the start's series (:mod:`.series`), continued by its proven tail law,
until ``S < 1e-15``; the laws here stop where the game's own survival first falls below that.
Moments are the pmf's central moments ``Σ (n - μ)^k P(n)``: what lies beyond the last turn is
below ``1e-15 · n⁴`` of the fourth -- less than ``10⁻¹⁰`` of it even where ``n`` is 35 means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.series import start_series
from chutes_tui.analysis.single import PmfLaw
from chutes_tui.analysis.states import Position, square_of

LAW_TAIL = 1e-15
# What a front end shows when no quantiles are asked for.
DEFAULT_QUANTILES = ("0.05", "0.1", "0.25", "0.5", "0.75", "0.9", "0.95", "0.99")


@dataclass(frozen=True, eq=False)
class LengthLaw(PmfLaw):
    """``pmf[n] = P(L = n)`` and ``survival[n] = P(L > n)`` for ``n = 0..len(pmf)-1``, and the
    law's moments (``kurtosis`` is the fourth standardised moment, not the excess)."""

    pmf: np.ndarray
    survival: np.ndarray
    mean: float
    variance: float
    skewness: float | None  # None where the law has one value (no spread to standardise by)
    kurtosis: float | None
    # The least possible value, counted (None: the first term the pmf holds above zero). A long
    # board's first terms (6⁻ⁿ) underflow to zero, so the pmf alone would put it too late.
    fewest: int | None = None

    @property
    def minimum(self) -> int:
        return super().minimum if self.fewest is None else self.fewest

    @property
    def sd(self) -> float:
        return float(np.sqrt(self.variance))

    def to_json(self, quantiles: Sequence[str], up_to: int | None = None) -> dict[str, Any]:
        """The law as JSON: lists indexed by ``n`` from 0 (to ``up_to`` when given), the moments,
        and each quantile under its level as written."""
        end = len(self.pmf) if up_to is None else min(len(self.pmf), up_to + 1)
        return {
            "pmf": self.pmf[:end].tolist(),
            "cdf": self.cdf[:end].tolist(),
            "survival": self.survival[:end].tolist(),
            "mean": self.mean,
            "variance": self.variance,
            "sd": self.sd,
            "skewness": self.skewness,
            "kurtosis": self.kurtosis,
            "quantiles": {q: self.quantile(float(q)) for q in quantiles},
        }


def law_from(pmf: np.ndarray, survival: np.ndarray, fewest: int | None = None) -> LengthLaw:
    """A :class:`LengthLaw` with its moments, from its pmf and survival (and its least value,
    where it was counted)."""
    values = np.arange(pmf.size, dtype=float)
    mean = float(values @ pmf)
    centred = values - mean
    variance = float(centred**2 @ pmf)
    if variance == 0.0:  # one certain value (a game already over)
        return LengthLaw(pmf, survival, mean, 0.0, None, None, fewest)
    skewness = float(centred**3 @ pmf) / variance**1.5
    kurtosis = float(centred**4 @ pmf) / variance**2
    return LengthLaw(pmf, survival, mean, variance, skewness, kurtosis, fewest)


@dataclass(frozen=True, eq=False)
class GameLength:
    """How long a game lasts from a position: ``turns`` for one player; ``rounds`` and ``rolls``
    (turns taken by everyone) for several."""

    players: int
    turns: LengthLaw | None
    rounds: LengthLaw | None
    rolls: LengthLaw | None


def game_length(chain: Chain, positions: Sequence[Position], to_move: int = 0) -> GameLength:
    """The game-length laws from ``positions`` (seat order), seat ``to_move`` rolling next."""
    k = len(positions)
    if k < 1 or not 0 <= to_move < k:
        raise ValueError(f"seat {to_move} to move among {k} players")
    order = [positions[(to_move + j) % k] for j in range(k)]
    if any(square_of(p) == chain.goal for p in order):  # someone has already won: the game is over
        over = law_from(np.array([1.0]), np.array([0.0]))
        return GameLength(k, over if k == 1 else None, None if k == 1 else over, None if k == 1 else over)
    series = {square: start_series(chain, chain.state(square), LAW_TAIL) for square in set(order)}
    # Each seat's fewest turns, counted: the game's fewest rounds are the least of them, its
    # fewest moves the least K(n-1)+j+1 (seat j finishing at its fewest, n, before the others).
    fewest = [int(chain.fewest_turns[chain.state(p)]) for p in order]
    if k == 1:
        survival, pmf = series[order[0]]
        return GameLength(1, law_from(pmf, survival, fewest[0]), None, None)
    horizon = min(len(series[square][0]) for square in set(order))
    survival = np.array([series[square][0][:horizon] for square in order])  # k × horizon
    pmf = np.array([series[square][1][:horizon] for square in order])
    previous = np.hstack([np.ones((k, 1)), survival[:, :-1]])  # S_j(n-1)
    # before[j, n] = Π_{i<j} S_i(n), after[j, n] = Π_{i>j} S_i(n-1)
    before = np.vstack([np.ones(horizon), np.cumprod(survival, axis=0)[:-1]])
    after = np.vstack([np.cumprod(previous[::-1], axis=0)[-2::-1], np.ones(horizon)])
    ends = pmf * before * after  # w_j(n); w_j(0) = 0
    still = np.cumprod(survival, axis=0) * after  # P(M > K(n-1)+j+1)
    game_survival = survival.prod(axis=0)
    # The shortest series ends below the tail, so the game's survival is below it by then too.
    last = int(np.flatnonzero(game_survival < LAW_TAIL)[0])
    rounds = law_from(ends[:, : last + 1].sum(axis=0), game_survival[: last + 1], min(fewest))
    moves = k * last + 1  # values 0..k·last
    rolls_pmf = np.zeros(moves)
    rolls_survival = np.ones(moves)
    # move K(n-1)+j+1 for n = 1..last, j = 0..k-1: column n of row j, read in round order
    rolls_pmf[1:] = ends[:, 1 : last + 1].T.ravel()
    rolls_survival[1:] = still[:, 1 : last + 1].T.ravel()
    least_move = min(k * (n - 1) + j + 1 for j, n in enumerate(fewest))
    return GameLength(k, None, rounds, law_from(rolls_pmf, rolls_survival, least_move))
