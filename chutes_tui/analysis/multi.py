"""Several players: who wins, and how long the game lasts.

Players never interact, so each one's remaining turns ``T_j`` are independent, distributed
as the single-player finishing time from its square. Number the players in *play order*
from the one about to move (``j = 0``). Player ``j`` finishes at global move
``(T_j - 1)·k + j``, so ``j`` wins iff ``T_j < T_i`` for every ``i < j`` and ``T_j ≤ T_i``
for every ``i > j``:

    P(j wins) = Σₙ f_j(n) · Π_{i<j} S_i(n) · Π_{i>j} S_i(n-1)

with ``f`` the pmf and ``S(n) = P(T > n)``. Rounds and moves follow from which turns happen:

    E[rounds] = Σ_{n≥0} Π_i S_i(n)          (the winner's number of turns)
    E[moves]  = Σ_{n≥0} Σ_j Π_{i<j} S_i(n+1) · Π_{i≥j} S_i(n)   (rolls-turns by everyone)

Every series is summed until a proven bound on its remainder is below ``1e-15``: with
``P_n = Π_i S_i(n)`` and ``t_max`` the largest single-player expectation, the seat
remainders are at most ``P_n`` and the rounds/moves remainders at most ``k · P_n · t_max``
(because ``Σ_{m≥n} S(m) = E[(T - n)⁺] ≤ S(n) · t_max``). From the players' own series the
far tail is summed in closed form between proven brackets instead, once they are tight
(:func:`_own_curves`); the rounding of floating-point sums is not part of these bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.limits import CURVES_MAX_VALUES, TABLE_MAX_STATES
from chutes_tui.analysis.single import Curves, expected_turns, finishing_curves, series_from

SERIES_TOLERANCE = 1e-15


@dataclass(frozen=True)
class SeatOdds:
    """Each seat's chance to win (in seat order) and the expected remaining game length."""

    win: tuple[float, ...]
    expected_total_moves: float
    expected_rounds: float


def _survival_tail(chain: Chain, players: int) -> float:
    """The bound ``P_n`` must fall below for ``k·P_n·t_max < SERIES_TOLERANCE``."""
    t_max = float(expected_turns(chain).max(initial=1.0))
    return SERIES_TOLERANCE / (max(players, 1) * max(t_max, 1.0))


def curves_horizon(chain: Chain, players: int = 6) -> int:
    """About how many turns every state's curves need before the series' bound is met: the
    tail of a finishing time decays at least as fast as a geometric law with the largest
    expectation, so ``t_max · ln(1/bound)`` turns suffice (1,603 estimated against 1,006
    needed on the standard board). Used to decide what to keep, not to stop a series."""
    t_max = float(expected_turns(chain).max(initial=1.0))
    return math.ceil(max(t_max, 1.0) * math.log(1.0 / _survival_tail(chain, players)))


def curves_affordable(chain: Chain) -> bool:
    """Whether every state's curves may be kept (:data:`CURVES_MAX_VALUES`), or already are."""
    return "all_curves" in chain.memo or chain.size * curves_horizon(chain) <= CURVES_MAX_VALUES


def all_curves(chain: Chain) -> Curves:
    """Finishing curves for every state of a chain, converged for up to six players
    (each state's own survival is below the bound, so any product of them is too).

    Kept with the chain, so that live odds for any position cost only a few vector operations.
    """
    return chain.memo.get(
        "all_curves", lambda: finishing_curves(chain, np.arange(chain.size), _survival_tail(chain, 6))
    )


def seat_odds(chain: Chain, positions: Sequence[int], to_move: int = 0) -> SeatOdds:
    """Win probability of each seat and expected remaining moves/rounds.

    ``positions[s]`` is seat ``s``'s square; seat ``to_move`` rolls next. A seat already on
    the end square has won.
    """
    k = len(positions)
    if k < 1:
        raise ValueError("a game needs at least one player")
    if not 0 <= to_move < k:
        raise ValueError(f"seat {to_move} is not one of the {k} seats")
    board = chain.board
    finished = [seat for seat, square in enumerate(positions) if square == board.end]
    if finished:
        win = [0.0] * k
        win[finished[0]] = 1.0
        return SeatOdds(tuple(win), 0.0, 0.0)
    if k == 1:  # alone, the game lasts the player's own time: its mean is one linear solve
        mean = float(expected_turns(chain)[chain.row(positions[0])])
        return SeatOdds((1.0,), mean, mean)
    order = [(to_move + j) % k for j in range(k)]
    rows = np.array([chain.row(positions[seat]) for seat in order])
    if curves_affordable(chain):
        curves = all_curves(chain)
        survival, pmf = curves.survival[rows], curves.pmf[rows]
        rest = Remainders((0.0,) * k, 0.0, 0.0)
    else:
        survival, pmf, rest = _own_curves(chain, rows, _survival_tail(chain, k))
    win_in_order, moves, rounds = _series(survival, pmf)
    win_in_order = [w + r for w, r in zip(win_in_order, rest.win, strict=True)]
    moves, rounds = moves + rest.moves, rounds + rest.rounds
    win = [0.0] * k
    for j, seat in enumerate(order):
        win[seat] = win_in_order[j]
    return SeatOdds(tuple(win), moves, rounds)


@dataclass(frozen=True)
class Remainders:
    """What the series leave after turn ``N``: added to the sums of :func:`_series`."""

    win: tuple[float, ...]
    rounds: float
    moves: float


def _own_curves(chain: Chain, rows: np.ndarray, tail: float) -> tuple[np.ndarray, np.ndarray, Remainders]:
    """The players' own series (each start's series is kept with the chain and shared, e.g. with
    its distribution) to a common horizon ``N``, and what lies beyond it.

    Beyond ``N`` the sums are summed in closed form between proven brackets: with
    ``ρ_lo ≤ ρ_hi < 1`` bracketing every player's growth from ``N`` on (``StartSeries.bracket``)
    and ``P_N = Π S_j(N)``, the remainders are (``k`` players in play order)

        win_j:  C_j ρ^j / (1 - ρ^k),  C_j = f_j(N+1) · Π_{i≠j} S_i(N)
        rounds: P_N ρ^k / (1 - ρ^k)
        moves:  P_N ρ / (1 - ρ)

    each increasing in ``ρ``, so ``ρ_lo`` and ``ρ_hi`` give a lower and an upper bound; the
    midpoint is taken once every bracket is narrower than ``2·SERIES_TOLERANCE``. Until then
    the series go on, and they stop anyway where ``P_N < tail`` (the remainders' old bound,
    in the module docstring) -- so the answer is never less certain than before, and on long
    boards the geometric law of the far tail ends the series many thousands of turns early.
    """
    k = rows.size
    unique = sorted(set(rows.tolist()))
    horizon = 64
    while True:
        for row in unique:  # every series exactly at turn ``horizon``, or as far as one has gone
            series = series_from(chain, row)
            horizon = max(horizon, len(series.survival) - 1)
        for row in unique:
            series_from(chain, row).grow(math.inf, horizon)  # to turn ``horizon``, whatever S is
        at = {row: series_from(chain, row) for row in unique}
        survival = np.array([at[int(row)].survival[: horizon + 1] for row in rows])
        pmf = np.array([at[int(row)].pmf[: horizon + 1] for row in rows])
        last = survival[:, -1]
        alive = float(np.prod(last))
        if alive < tail:
            return survival, pmf, Remainders((0.0,) * k, 0.0, 0.0)
        brackets = [at[row].bracket() for row in unique]
        if all(b is not None for b in brackets):
            low = min(b[0] for b in brackets if b is not None)
            high = max(b[1] for b in brackets if b is not None)
            following = {row: b[2] for row, b in zip(unique, brackets, strict=True) if b is not None}
            bounds = [_remainders(rows, last, following, rho) for rho in (low, high)]
            widths = [abs(b - a) for a, b in zip(_flat(bounds[0]), _flat(bounds[1]), strict=True)]
            if max(widths) < 2 * SERIES_TOLERANCE:
                middle = [(a + b) / 2 for a, b in zip(_flat(bounds[0]), _flat(bounds[1]), strict=True)]
                return survival, pmf, Remainders(tuple(middle[:k]), middle[k], middle[k + 1])
        horizon += max(256, horizon // 8)


def _remainders(rows: np.ndarray, last: np.ndarray, following: dict[int, float], rho: float) -> Remainders:
    """The closed forms of :func:`_own_curves` for one growth rate ``rho``."""
    k = rows.size
    alive = float(np.prod(last))
    power = rho**k
    win = []
    for j, row in enumerate(rows.tolist()):
        others = float(np.prod(np.delete(last, j)))
        win.append(following[row] * others * rho**j / (1.0 - power))
    return Remainders(tuple(win), alive * power / (1.0 - power), alive * rho / (1.0 - rho))


def _flat(remainders: Remainders) -> list[float]:
    return [*remainders.win, remainders.rounds, remainders.moves]


def _series(survival: np.ndarray, pmf: np.ndarray) -> tuple[list[float], float, float]:
    """The sums of the module docstring over curves in play order (``survival[j, n]``)."""
    k = survival.shape[0]
    shifted = np.concatenate([np.ones((k, 1)), survival[:, :-1]], axis=1)
    win = []
    for j in range(k):
        factor = np.prod(survival[:j], axis=0) * np.prod(shifted[j + 1 :], axis=0)
        win.append(float(np.dot(pmf[j, 1:], factor[1:])))
    alive = np.prod(survival, axis=0)  # P(nobody finished within n rounds)
    rounds = float(alive.sum())
    moves = 0.0
    next_survival = np.concatenate([survival[:, 1:], np.zeros((k, 1))], axis=1)
    for j in range(k):
        moves += float(np.sum(np.prod(next_survival[:j], axis=0) * np.prod(survival[j:], axis=0)))
    return win, moves, rounds


@dataclass(frozen=True, eq=False)
class TwoPlayerTable:
    """``matrix[a, b]``: probability that the player about to move, on transient state
    ``a``, beats an opponent on state ``b`` -- ``Σₙ f_a(n) S_b(n-1)``.
    """

    chain: Chain
    matrix: np.ndarray

    def probability(self, mover: int, opponent: int) -> float:
        """Win probability of the player to move on square ``mover`` against ``opponent``."""
        end = self.chain.board.end
        if mover == end:
            return 1.0
        if opponent == end:
            return 0.0
        return float(self.matrix[self.chain.row(mover), self.chain.row(opponent)])

    @property
    def first_player(self) -> float:
        start = self.chain.board.start
        return self.probability(start, start)


def two_player_table(chain: Chain) -> TwoPlayerTable:
    """Every two-player position's win probability for the player to move (kept with the chain).

    The remainder after the last turn summed is at most ``S_a(N)·S_b(N)``, far below 1e-15.
    """
    return chain.memo.get("two_player_table", lambda: _two_player_table(chain))


def two_player_table_affordable(chain: Chain) -> bool:
    return chain.size <= TABLE_MAX_STATES and curves_affordable(chain)


def two_player_probability(chain: Chain, mover: int, opponent: int) -> float:
    """The chance that the player to move, on ``mover``, beats an opponent on ``opponent``:
    from the two-player table where it can be kept, else from the two squares' own curves."""
    if two_player_table_affordable(chain):
        return two_player_table(chain).probability(mover, opponent)
    return seat_odds(chain, [mover, opponent], 0).win[0]


def _two_player_table(chain: Chain) -> TwoPlayerTable:
    if not two_player_table_affordable(chain):
        raise ValueError(
            f"a two-player table of {chain.size:,}² positions is too large to hold "
            f"(at most {TABLE_MAX_STATES:,} states and {CURVES_MAX_VALUES:,} curve values)"
        )
    curves = all_curves(chain)
    matrix = curves.pmf[:, 1:] @ curves.survival[:, :-1].T
    matrix.setflags(write=False)
    return TwoPlayerTable(chain, matrix)
