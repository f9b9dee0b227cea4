r"""Head starts that make K seats as equal as possible: the search.

**What is searched.** Seat 1 moves first from the board's start square; each later seat ``k``
starts on a square ``s_k`` of its own, its *head start* being ``s_k - start`` squares. The squares
are those a turn can start from at or past the start (the chain's states: a square the rolls
reach, never the goal). Giving a seat ``h`` squares puts it on square ``start + h`` as a move
there would: where that is a jump's tail the seat stands on the jump's head (as
``analyze --positions`` reads a tail), so each arrangement is searched once, by the squares the
seats stand on, and its head start is counted from there.

**What is wanted.** With ``P_k`` seat ``k``'s chance to win (:mod:`chutes_tui.analysis.multi`:
``P_j = Σₙ f_j(n) Π_{i<j} S_i(n) Π_{i>j} S_i(n-1)`` in play order), the *gap* of an arrangement
is ``max_k |P_k - 1/K|``; the best arrangement has the least gap, ties (within
:data:`TIE` in floats) broken by the least total head start ``Σ_k (s_k - start)``, then by the
squares themselves (seat 2's first), so that the answer is one arrangement.

**How.** Every state's finishing curves ``S`` and ``f`` are kept (``all_curves``). With every
seat but two (``i < j``) fixed, each seat's chance over all ``m × m`` squares of those two is one
matrix product: ``P_k[a, b] = Σₙ c_k(n) X_i[a, n] X_j[b, n]`` with ``c_k`` the fixed seats'
factors and ``X`` the curve each varying seat contributes (``f`` for seat ``k`` itself, ``S`` for
a seat before ``k``, ``S(n - 1)`` after). *Every arrangement* is weighed this way (a grid for each
choice of the other later seats, ``m^(K-3)`` grids) when the work, ``m^(K-1) · K · N``
multiply-adds for ``N`` turns of curves, is within :data:`~chutes_tui.analysis.limits.FAIR_EXHAUSTIVE_WORK`:
the best is then the best there is. Beyond it, a *pair search*: descents from a few arrangements
(identical starts, and every later seat on one of the squares that best even out two players),
each round weighing every pair of later seats' grid in turn (every move of one or two seats) and
taking its best while it improves; a descent stops at an arrangement no move of one or two
seats improves, which is said (a local optimum, not proven the best). Floats throughout; the
chosen arrangements are checked exactly by :mod:`chutes_tui.research.fair`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.limits import FAIR_EXHAUSTIVE_WORK, FAIR_ROUND_WORK
from chutes_tui.analysis.multi import all_curves, curves_horizon

TIE = 1e-13  # gaps closer than this in floats are equal: the head starts decide
KEPT = 8  # the best arrangements kept (the report checks them exactly and lists them)
Progress = Callable[[int, int | None, str], None]  # done, total (None: unknown), what


@dataclass(frozen=True, order=True)
class Ranked:
    """An arrangement as the search ranks it: the gap rounded to :data:`TIE`, then the total
    head start, then the squares (seat 1's first)."""

    level: int  # the gap in units of TIE
    total: int  # Σ (s_k - start)
    squares: tuple[int, ...]
    gap: float


@dataclass(frozen=True)
class Found:
    """What the search found: the best arrangements (best first), how, and how much it weighed."""

    best: tuple[Ranked, ...]
    exhaustive: bool
    arrangements: int  # squares weighed: every arrangement, or every one the rounds tried
    rounds: int  # pair search rounds (0: every arrangement weighed)


@dataclass(frozen=True)
class Plan:
    """How ``players`` seats on ``chain`` will be searched, and what it costs."""

    states: int  # squares a later seat may start on
    turns: int  # N, the curves' length (estimated before they are made)
    players: int

    @property
    def arrangements(self) -> int:
        return self.states ** (self.players - 1)

    @property
    def exhaustive_work(self) -> int:
        return self.arrangements * self.players * self.turns

    @property
    def exhaustive(self) -> bool:
        """Whether every arrangement is weighed (always for two players: one seat varies, and
        its m × N products stay far below the limit wherever the curves may be kept)."""
        return self.players == 2 or self.exhaustive_work <= FAIR_EXHAUSTIVE_WORK

    @property
    def round_work(self) -> int:
        """One round of the pair search: every pair of later seats' grid."""
        return math.comb(self.players - 1, 2) * self.states**2 * self.players * self.turns

    @property
    def affordable(self) -> bool:
        return self.exhaustive or self.round_work <= FAIR_ROUND_WORK


def candidate_rows(chain: Chain) -> np.ndarray:
    """The states a seat may start on: a piece with no turn to miss on a square at or past the start."""
    start = chain.board.start
    rows = [chain.index[s] for s in range(start, chain.board.end + 1) if chain.index[s] >= 0]
    return np.array(sorted(rows), dtype=np.int64)


def plan(chain: Chain, players: int) -> Plan:
    """The search's size before anything is computed (``N`` from :func:`curves_horizon`)."""
    return Plan(candidate_rows(chain).size, curves_horizon(chain, players), players)


class Grids:
    """Each seat's chance with one or two seats varying over every candidate square (module
    docstring)."""

    def __init__(self, chain: Chain, players: int) -> None:
        curves = all_curves(chain)
        self.chain, self.players = chain, players
        self.rows = candidate_rows(chain)
        self.start = chain.board.start
        survival = curves.survival
        # Each seat's curve by its place relative to the seat whose chance is summed: its own
        # pmf, the survival of a seat before it, the survival a turn earlier of a seat after it.
        self.own, self.earlier = curves.pmf, survival
        self.later = np.concatenate([np.ones((survival.shape[0], 1)), survival[:, :-1]], axis=1)

    def factor(self, seat: int, of: int) -> np.ndarray:
        """What seat ``seat``'s curve is in seat ``of``'s sum (rows: every state)."""
        return self.own if seat == of else self.earlier if seat < of else self.later

    def chances(self, seats: list[int], varying: tuple[int, ...], seat: int) -> np.ndarray:
        """``P[a]`` (one seat varying) or ``P[a, b]`` (two, ``i < j``): seat ``seat``'s chance
        with the varying seats on candidates ``a`` (``b``) and every other seat on its state in
        ``seats`` (state rows; the varying seats' entries are ignored)."""
        weight = np.ones(self.own.shape[1])
        for other, row in enumerate(seats):
            if other not in varying:
                weight = weight * self.factor(other, seat)[row]
        first = self.factor(varying[0], seat)[self.rows] * weight
        if len(varying) == 1:
            return first.sum(axis=1)
        return first @ self.factor(varying[1], seat)[self.rows].T

    def gaps(self, seats: list[int], varying: tuple[int, ...]) -> np.ndarray:
        """``max_k |P_k - 1/K|`` over the grid of :meth:`chances` (one seat's grid held at a time)."""
        even = 1.0 / self.players
        gap = np.abs(self.chances(seats, varying, 0) - even)
        for seat in range(1, self.players):
            np.maximum(gap, np.abs(self.chances(seats, varying, seat) - even), out=gap)
        return gap

    def best_of(self, seats: list[int], varying: tuple[int, ...]) -> list[Ranked]:
        """The :data:`KEPT` best arrangements of one grid, best first."""
        gap = self.gaps(seats, varying).ravel()
        keep = min(KEPT, gap.size)
        cut = np.partition(gap, keep - 1)[keep - 1] + TIE
        found = []
        for flat in np.flatnonzero(gap <= cut).tolist():
            arranged = list(seats)
            where = np.unravel_index(flat, (self.rows.size,) * len(varying))
            for seat, index in zip(varying, where, strict=True):
                arranged[seat] = int(self.rows[index])
            found.append(self.ranked(arranged, float(gap[flat])))
        return _merge([], found)

    def ranked(self, seats: list[int], gap: float) -> Ranked:
        squares = tuple(int(self.chain.squares[row]) for row in seats)
        return Ranked(round(gap / TIE), sum(square - self.start for square in squares), squares, gap)

    def rank_of(self, seats: list[int]) -> Ranked:
        """One arrangement's rank: its gap as one cell of seat 2's grid."""
        return self.ranked(seats, float(self.gaps(seats, (1,))[self.rows.tolist().index(seats[1])]))


def _merge(kept: list[Ranked], new: list[Ranked]) -> list[Ranked]:
    """The :data:`KEPT` best of both, each arrangement once (two grids may weigh the same one,
    their sums rounding differently: the better is kept)."""
    best: dict[tuple[int, ...], Ranked] = {}
    for ranked in (*kept, *new):
        if ranked.squares not in best or ranked < best[ranked.squares]:
            best[ranked.squares] = ranked
    return sorted(best.values())[:KEPT]


def search(chain: Chain, players: int, progress: Progress | None = None) -> Found:
    """The best head starts for ``players`` seats (module docstring); ``progress(done, total,
    what)`` as it goes. Raise ``ValueError`` past the limits (:func:`plan` says which)."""
    if players < 2:
        raise ValueError("head starts need at least two players")
    size = plan(chain, players)
    if not size.affordable:
        raise ValueError(f"a pair search round weighs {size.round_work:.1e} products: past FAIR_ROUND_WORK")
    grids = Grids(chain, players)
    first = chain.row(chain.board.start)
    tell = progress or (lambda done, total, what: None)
    if not size.exhaustive:
        return _pair_search(grids, first, tell)
    if players == 2:
        return Found(tuple(grids.best_of([first, first], (1,))), True, size.arrangements, 0)
    kept: list[Ranked] = []
    total = size.states ** (players - 3)
    last_two = (players - 2, players - 1)
    for done, others in enumerate(itertools.product(grids.rows.tolist(), repeat=players - 3), start=1):
        kept = _merge(kept, grids.best_of([first, *others, first, first], last_two))
        if done % 16 == 0 or done == total:
            tell(done, total, f"every arrangement: {done * size.states**2:,} of {size.arrangements:,}")
    return Found(tuple(kept), True, size.arrangements, 0)


def _pair_search(grids: Grids, first: int, tell: Progress) -> Found:
    """Descents by the best move of one or two later seats while one improves, from identical
    starts and from every later seat on one of the squares that come closest to evening two
    players (seat 2 against seat 1 alone): a few starts, since one descent may stop short
    (five players on the standard board: 0.27 % from identical starts, 0.23 % from the others,
    which weighing every arrangement, 33 s, confirms is the best there is)."""
    two = Grids(grids.chain, 2).best_of([first, first], (1,))
    starts = [[first] * grids.players] + [
        [first] + [grids.chain.row(r.squares[1])] * (grids.players - 1) for r in two
    ]
    kept: list[Ranked] = []
    weighed = rounds = 0
    for number, seats in enumerate(starts, start=1):
        current = grids.rank_of(seats)
        kept = _merge(kept, [current])
        moved = True
        while moved:  # a round: every pair of later seats, each moved to its grid's best at once
            rounds, moved = rounds + 1, False
            for pair in itertools.combinations(range(1, grids.players), 2):
                better = grids.best_of(seats, pair)
                kept = _merge(kept, better)
                weighed += grids.rows.size**2
                if better[0] < current:
                    current, moved = better[0], True
                    seats = [grids.chain.row(square) for square in current.squares]
            tell(number, len(starts), f"pair search, start {number} of {len(starts)}: gap {kept[0].gap:.2e}")
    return Found(tuple(kept), False, weighed, rounds)
