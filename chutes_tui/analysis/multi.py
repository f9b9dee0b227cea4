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
far tail is summed in closed form between proven enclosures instead, once they are tight
(:func:`_own_curves`); the rounding of floating-point sums is not part of these bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.limits import CURVES_MAX_VALUES, TABLE_MAX_STATES
from chutes_tui.analysis.series import FIRST_LOOK, next_look, series_from
from chutes_tui.analysis.single import Curves, expected_turns, finishing_curves, moments_from
from chutes_tui.analysis.states import Position, square_of
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.memo import MemoKey

SERIES_TOLERANCE = 1e-15
# The closed-form tail is taken once its enclosure is this narrow relative to the remainder: well
# below how far the chain stored in doubles may be from the exact one (its rows sum to one only
# within about 2e-16, which may move ``σ`` that much: 1e-12 of it on a 1,000-square board).
TAIL_TOLERANCE = 1e-13
# A renewal series' law whose band is below this has settled to the rounding of its FFTs (about
# 1e-14 with twenty landing squares, 3e-14 with thirty), which no longer shrinks: its remainders
# are then taken within a few bands of themselves, not TAIL_TOLERANCE (or the series would grow on
# for ever: thirty long chutes summed 3 GB of turns looking for 1.2e-13 of 4 million rounds).
SETTLED_BAND = 1e-12


@dataclass(frozen=True)
class SeatOdds:
    """Each seat's chance to win (in seat order) and the expected remaining game length."""

    win: tuple[float, ...]
    expected_total_moves: float
    expected_rounds: float


def _survival_tail(chain: Chain, players: int) -> float:
    return survival_bound(players, float(expected_turns(chain).max(initial=1.0)))


def survival_bound(players: int, t_max: float) -> float:
    """The bound ``P_n`` must fall below for ``k·P_n·t_max < SERIES_TOLERANCE`` (``t_max``: the
    largest expected turns of any state, which bounds every remainder's turns to come)."""
    return SERIES_TOLERANCE / (max(players, 1) * max(t_max, 1.0))


def curves_horizon(chain: Chain, players: int = MAX_PLAYERS) -> int:
    """About how many turns every state's curves need before the series' bound is met: the
    tail of a finishing time decays at least as fast as a geometric law with the largest
    expectation, so ``t_max · ln(1/bound)`` turns suffice (1,603 estimated against 1,006
    needed on the standard board). Used to decide what to keep, not to stop a series."""
    t_max = float(expected_turns(chain).max(initial=1.0))
    return math.ceil(max(t_max, 1.0) * math.log(1.0 / _survival_tail(chain, players)))


def curves_affordable(chain: Chain) -> bool:
    """Whether every state's curves may be kept (:data:`CURVES_MAX_VALUES`), or already are.

    ``t_max`` is at least the most turns any state needs at the fewest, and the bound is below
    1e-15, so ``size · fewest · ln(10¹⁵)`` values are needed at least: where that is already too
    many, the answer needs no linear solve (which takes seconds on a 100,000-square board)."""
    if chain.memo.has(ALL_CURVES):
        return True
    if chain.size * _fewest_turns(chain) * math.log(1e15) > CURVES_MAX_VALUES:
        return False
    return chain.size * curves_horizon(chain) <= CURVES_MAX_VALUES


def _fewest_turns(chain: Chain) -> int:
    """The largest, over the states, of the fewest turns that can finish from there."""
    return int(max(1, chain.fewest_turns.max(initial=1)))


# Every state's finishing curves (see :func:`all_curves`).
ALL_CURVES: MemoKey[Chain, Curves] = MemoKey("all_curves")


def all_curves(chain: Chain) -> Curves:
    """Finishing curves for every state of a chain, converged for any game's players (up to
    ``MAX_PLAYERS``: each state's own survival is below the bound, so any product of them is too).

    Kept with the chain, so that live odds for any position cost only a few vector operations.
    """
    return chain.memo.get(
        ALL_CURVES,
        lambda: finishing_curves(chain, np.arange(chain.size), _survival_tail(chain, MAX_PLAYERS)),
    )


def seat_odds(
    chain: Chain, positions: Sequence[Position], to_move: int = 0, tolerance: float = TAIL_TOLERANCE
) -> SeatOdds:
    """Win probability of each seat and expected remaining moves/rounds.

    ``positions[s]`` is seat ``s``'s square (or piece state, :data:`~.chain.Position`); seat
    ``to_move`` rolls next. A seat already on the end square (the goal) has won. ``tolerance``:
    how narrow the closed-form tail's enclosure must be (relative; :func:`_own_curves`) -- live
    odds, shown to a few digits, ask for less.
    """
    k = len(positions)
    if k < 1:
        raise ValueError("a game needs at least one player")
    if not 0 <= to_move < k:
        raise ValueError(f"seat {to_move} is not one of the {k} seats")
    board = chain.board
    finished = [seat for seat, square in enumerate(positions) if square_of(square) == board.goal_square]
    if finished:
        return won(k, finished[0])
    if k == 1:  # alone, the game lasts the player's own time
        mean = moments_from(chain, chain.state(positions[0]))[0]
        return SeatOdds((1.0,), mean, mean)
    order = play_order(k, to_move)
    rows = np.array([chain.state(positions[seat]) for seat in order])
    if curves_affordable(chain):
        curves = all_curves(chain)
        return odds_in_play_order(curves.survival[rows], curves.pmf[rows], order)
    survival, pmf, rest = _own_curves(chain, rows, tolerance)
    return odds_in_play_order(survival, pmf, order, rest)


def won(seats: int, winner: int) -> SeatOdds:
    """A game over: ``winner`` has won (nothing more to play)."""
    return SeatOdds(tuple(float(seat == winner) for seat in range(seats)), 0.0, 0.0)


def play_order(seats: int, to_move: int) -> list[int]:
    """The seats in the order they move from ``to_move`` on."""
    return [(to_move + j) % seats for j in range(seats)]


def odds_in_play_order(
    survival: np.ndarray, pmf: np.ndarray, order: list[int], rest: Remainders | None = None
) -> SeatOdds:
    """The module docstring's sums over each player's finishing curves (``survival[j, n]``,
    ``pmf[j, n]``: the ``j``-th to move, seat ``order[j]``), plus what lies beyond the last turn
    summed (``rest``: none when the curves reach the bound), as each seat's chance and the
    game's expected moves and rounds."""
    win_in_order, moves, rounds = _series(survival, pmf)
    if rest is not None:
        win_in_order = [w + r for w, r in zip(win_in_order, rest.win, strict=True)]
        moves, rounds = moves + rest.moves, rounds + rest.rounds
    win = [0.0] * len(order)
    for j, seat in enumerate(order):
        win[seat] = win_in_order[j]
    return SeatOdds(tuple(win), moves, rounds)


@dataclass(frozen=True)
class Remainders:
    """What the series leave after turn ``N``: added to the sums of :func:`_series`."""

    win: tuple[float, ...]
    rounds: float
    moves: float


def _own_curves(
    chain: Chain, rows: np.ndarray, tolerance: float = TAIL_TOLERANCE
) -> tuple[np.ndarray, np.ndarray, Remainders]:
    """The players' own series (each start's series is kept with the chain and shared, e.g. with
    its distribution) to a common horizon ``N``, and what lies beyond it.

    Beyond ``N`` the sums are taken in closed form between proven enclosures: with
    ``σ_lo ≤ σ_hi`` bounding every player's decay from ``N`` on (:class:`.tail_law.TailLaw`),
    ``ρ = 1 - σ`` and ``P_N = Π S_j(N)``, the remainders are (``k`` players in play order)

        win_j:  C_j ρ^j / (1 - ρ^k),  C_j = f_j(N+1) · Π_{i≠j} S_i(N)
        rounds: P_N ρ^k / (1 - ρ^k)
        moves:  P_N ρ / (1 - ρ)

    each decreasing in ``σ``, so ``σ_hi`` and ``σ_lo`` give a lower and an upper bound (divided
    and multiplied by ``(1+β)^k`` where a law has a band ``β``: each is a product of k tails); the
    midpoint is taken once every enclosure is narrower than ``tolerance`` of its size (or
    absolutely, below 1). Until then the series go on; where no tail law is found they stop
    at the old bound of the module docstring, ``P_N`` below :func:`_survival_tail` (which needs
    every state's expectation: one linear solve, so it is asked for only then). On long boards
    the tail law, tight after a few thousand turns, ends the series long before the games do.
    """
    k = rows.size
    unique = sorted(set(rows.tolist()))
    horizon = FIRST_LOOK
    tail: float | None = None
    while True:
        # Every series exactly at turn ``horizon``, or as far as one has already gone.
        horizon = max([horizon] + [series_from(chain, row).turn for row in unique])
        at = {row: series_from(chain, row) for row in unique}
        for series in at.values():
            series.grow_to(horizon)
        survival = np.array([at[int(row)].survival[: horizon + 1] for row in rows])
        pmf = np.array([at[int(row)].pmf[: horizon + 1] for row in rows])
        last = survival[:, -1]
        # At the horizon: a renewal series grows in steps and may know turns past it.
        laws = [series.tail_law(horizon) for series in at.values()]
        alive = float(np.prod(last))
        if not all(law is not None for law in laws):
            # The bound is below SERIES_TOLERANCE / k (t_max ≥ 1): no solve before that.
            if alive < SERIES_TOLERANCE / k:
                tail = _survival_tail(chain, k) if tail is None else tail
                if alive < tail:
                    return survival, pmf, Remainders((0.0,) * k, 0.0, 0.0)
        else:
            low = min(law.low for law in laws if law is not None)
            high = max(law.high for law in laws if law is not None)
            # Each remainder is a product of the k players' tails: each may be off by its band.
            band = max(law.band for law in laws if law is not None)
            spread = (1.0 + band) ** k
            settled = tolerance if band > SETTLED_BAND else max(tolerance, 3.0 * (spread - 1.0))
            # A decay bound of 1 (or 0) says nothing yet (long boards without jumps reach it
            # early, and log1p(-1) is undefined): sum further instead.
            if 0.0 < low <= high < 1.0:
                following = {row: law.following for row, law in zip(at, laws, strict=True) if law is not None}
                lower, upper = (
                    [value * factor for value in _flat(_remainders(rows, last, following, sigma))]
                    for sigma, factor in ((high, 1.0 / spread), (low, spread))
                )
                if all(b - a <= settled * max(1.0, a) for a, b in zip(lower, upper, strict=True)):
                    middle = [(a + b) / 2 for a, b in zip(lower, upper, strict=True)]
                    return survival, pmf, Remainders(tuple(middle[:k]), middle[k], middle[k + 1])
        horizon = next_look(horizon)


def _remainders(rows: np.ndarray, last: np.ndarray, following: dict[int, float], sigma: float) -> Remainders:
    """The closed forms of :func:`_own_curves` for one decay ``σ``, with ``ρ^t`` and
    ``1 - ρ^k`` formed from ``σ`` (never ``1 - ρ``: that would lose ``σ``'s digits)."""
    k = rows.size
    alive = float(np.prod(last))
    log_rho = math.log1p(-sigma)
    power, complement = math.exp(k * log_rho), -math.expm1(k * log_rho)
    win = []
    for j, row in enumerate(rows.tolist()):
        others = float(np.prod(np.delete(last, j)))
        win.append(following[row] * others * math.exp(j * log_rho) / complement)
    return Remainders(tuple(win), alive * power / complement, alive * (1.0 - sigma) / sigma)


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

    def probability(self, mover: Position, opponent: Position) -> float:
        """Win probability of the player to move on square ``mover`` against ``opponent``."""
        end = self.chain.goal
        if square_of(mover) == end:
            return 1.0
        if square_of(opponent) == end:
            return 0.0
        return float(self.matrix[self.chain.state(mover), self.chain.state(opponent)])

    @property
    def first_player(self) -> float:
        start = self.chain.board.start
        return self.probability(start, start)


# Every two-player position's win probability.
TWO_PLAYER_TABLE: MemoKey[Chain, TwoPlayerTable] = MemoKey("two_player_table")


def two_player_table(chain: Chain) -> TwoPlayerTable:
    """Every two-player position's win probability for the player to move (kept with the chain).

    The remainder after the last turn summed is at most ``S_a(N)·S_b(N)``, far below 1e-15.
    """
    return chain.memo.get(TWO_PLAYER_TABLE, lambda: _two_player_table(chain))


def two_player_table_affordable(chain: Chain) -> bool:
    return chain.size <= TABLE_MAX_STATES and curves_affordable(chain)


def two_player_probability(chain: Chain, mover: Position, opponent: Position) -> float:
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


def first_seat_chances(chains: Sequence[Chain], players: int, tail: float = SERIES_TOLERANCE) -> np.ndarray:
    """For each chain, the chance that the first of ``players`` seats, all on its start square,
    wins -- the module docstring's sum for ``j = 0`` with every seat's curves the same,

        P = Σ_{n≥1} f(n) · S(n-1)^{k-1},

    from the starts' own series only (no curves for every state). With ``u_n`` where a piece
    may stand after ``n`` turns, ``f(n+1) = r·u_n`` and ``S(n) = 1·u_n``: the chains' ``Qᵀ`` are
    stacked into one block-diagonal matrix, under which two rows per chain give those sums, so
    that one sparse product a turn moves every chain's series at once (a designer's short list
    costs little more than one board). Summed to the first ``N`` with every ``S(N)^k`` below
    ``tail``: each sum is then short of its value by at most that much, since ``S(m-1) ≤ S(N)``
    for every later term and those terms' ``f(m)`` add up to ``S(N)``."""
    import scipy.sparse as sp

    count = len(chains)
    if players < 2 or not count:
        return np.ones(count)
    sizes = [chain.size for chain in chains]
    total = sum(sizes)
    owner = np.repeat(np.arange(count), sizes)
    sums = sp.csr_matrix(
        (
            np.concatenate([np.concatenate([chain.finish for chain in chains]), np.ones(total)]),
            (np.concatenate([owner, owner + count]), np.tile(np.arange(total), 2)),
        ),
        shape=(2 * count, total),
    )
    step = sp.vstack([sp.block_diag([chain.Q.T for chain in chains]), sums], format="csr")
    u = np.zeros(total)
    u[np.cumsum([0, *sizes[:-1]]) + [chain.row(chain.board.start) for chain in chains]] = 1.0
    chance = np.zeros(count)
    while True:
        moved = step @ u
        finishing, survival = moved[total : total + count], moved[total + count :]  # f(n+1), S(n)
        if survival.max() ** players < tail:
            return chance
        chance += finishing * survival ** (players - 1)
        u = moved[:total]
