r"""Drama in fractions: the favourites the floats cannot decide, and two players' expected lead
changes exactly (the definitions and the chain: :mod:`chutes_tui.analysis.drama`).

**Unsure favourites.** At a position whose float chances are too close to a tie or to 1/10
(:func:`~chutes_tui.analysis.drama.decisions`) the exact chances decide: two players' from the
generating functions (:class:`~.two_player.ExactTwoPlayer`), more players' from enclosures
``lower ≤ P ≤ lower + Π S_i(N)`` (:func:`~.seats.seat_enclosures`) narrowed until the top seat's
lies above every other's, or every one is a point (some seat is sure to have finished after
``N`` rounds: the sums are the exact values, and a tie is certain), and a chance near 1/10 lies
on one side of it; a near tie that never parts is refused at ``ENCLOSURE_MAX_DIGITS``. The bump
rule has no exact value a position cheap enough to ask for here, and refuses.

**The expected lead changes, two players.** Seat 0 moves when both seats have had ``n`` turns,
seat 1 when seat 0 has had ``n + 1``: with ``x_n``, ``y_n`` the chances that seat 0's piece, seat
1's, stands on each state after ``n`` turns, the expected visits of ``(a, b, 0)`` and ``(a, b, 1)``
are ``Σ_n x_n[a] y_n[b]`` and ``Σ_n x_{n+1}[a] y_n[b]``. With ``R_t[a, b]`` the chance that the turn
from ``(a, b, t)`` changes the lead (:mod:`~chutes_tui.analysis.drama`'s ``ρ``) and
``x_{n+1} = x_n Q``,

    E = Σ_n x_n (R_0 + Q R_1) y_nᵀ,

the weighted sum of two independent pieces' occupations that
:meth:`~.two_player.ExactTwoPlayer.paired_occupation` gives as a constant term. With ``Q = A/c``:
``c R_0[a, b] = Σ_{a'} A[a, a'] [φ(a,b,0) ≠ φ(a',b,1)] + ρ[a] [φ(a,b,0) ≠ 0]`` (``ρ = c r``, the
finishing turns), likewise ``c R_1`` along ``b``, so ``W = c (c R_0) + A (c R_1)`` is an integer
matrix over ``c²``. Each indicator sum is a row sum less the entries that keep the favourite:
``Σ_v [φ_0 = v] (A [φ_1 = v])``, products of integer matrices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from flint import fmpq, fmpz_mat

from chutes_tui.analysis.drama import (
    NO_FAVOURITE,
    Decisions,
    Drama,
    decisions,
    drama,
    expected_lead_changes,
    favourite_of,
    settled,
)
from chutes_tui.analysis.dramachain import DramaChain, drama_chain
from chutes_tui.analysis.limits import ENCLOSURE_MAX_DIGITS, EXACT_MAX_STATES
from chutes_tui.analysis.states import Position
from chutes_tui.exact.integer import integer_chain
from chutes_tui.exact.seats import seat_enclosures
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoFamily


class ExactDramaError(ValueError):
    """What the exact layer cannot decide or count here (one line says why)."""


def exact_decisions(chain: DramaChain, decided: Decisions) -> Decisions:
    """``decided`` with every unsure favourite and close chance decided by exact values."""
    if not decided.unsure.size and not decided.close.size:
        return decided
    if chain.board.bump:
        raise ExactDramaError(
            f"{decided.unsure.size + len(decided.close)} positions' odds lie within 1e-10 of a tie or "
            "of 1/10, and under the bump rule no exact value decides them"
        )
    unsure = {int(s) for s in decided.unsure}
    close: dict[int, list[int]] = {}
    for s, seat in decided.close:
        close.setdefault(int(s), []).append(int(seat))
    favourites: dict[int, int] = {}
    below: dict[tuple[int, int], bool] = {}
    for state in sorted(unsure | set(close)):
        favourite, sides = _decided(chain, state, state in unsure, close.get(state, []))
        if favourite is not None:
            favourites[state] = favourite
        below.update({(state, seat): side for seat, side in sides.items()})
    return settled(decided, favourites, below)


def _decided(
    chain: DramaChain, state: int, unsure: bool, close: list[int]
) -> tuple[int | None, dict[int, bool]]:
    """A state's favourite (if ``unsure``) and the side of 1/10 of each ``close`` seat's chance,
    from enclosures narrowed until they decide: the top seat's interval above every other's, or
    every interval a point (the series ended: exact values, an exact tie possible); a chance's
    interval wholly on one side of 1/10."""
    tenth = fmpq(1, 10)
    digits = 20
    while True:
        lows, highs = _enclosed(chain, state, digits)
        favourite = _favourite(lows, highs) if unsure else NO_FAVOURITE
        sides = {
            seat: True if highs[seat] < tenth else False if lows[seat] >= tenth else None for seat in close
        }
        if favourite is not None and all(side is not None for side in sides.values()):
            return (favourite if unsure else None), {seat: bool(side) for seat, side in sides.items()}
        if digits >= ENCLOSURE_MAX_DIGITS:
            raise ExactDramaError(
                f"a chance agrees with another or with 1/10 to {ENCLOSURE_MAX_DIGITS} digits "
                "(ENCLOSURE_MAX_DIGITS): a tie cannot be told from a near one"
            )
        digits = min(2 * digits, ENCLOSURE_MAX_DIGITS)


def _favourite(lows: list[fmpq], highs: list[fmpq]) -> int | None:
    """The favourite the enclosures decide (:data:`NO_FAVOURITE` for a certain tie), else None."""
    top = max(range(len(lows)), key=lambda seat: lows[seat])
    if all(lows[top] > high for seat, high in enumerate(highs) if seat != top):
        return top
    if lows == highs:  # exact values
        return favourite_of(lows)
    return None


def _positions(chain: DramaChain, state: int) -> tuple[tuple[int, ...], int]:
    """The seats' piece states (rows of the one-player chain) and the mover of a joint state."""
    k, n = chain.players, chain.pieces
    flat, mover = divmod(state, k)
    rows = []
    for _ in range(k):
        flat, row = divmod(flat, n)
        rows.append(row)
    return tuple(reversed(rows)), mover


def _enclosed(chain: DramaChain, state: int, digits: int) -> tuple[list[fmpq], list[fmpq]]:
    """Each seat's chance from ``state`` between two fractions: two players' exact value (from
    the generating functions), more players' enclosures to ``digits`` digits."""
    rows, mover = _positions(chain, state)
    pieces = [chain.chain.pieces[row] for row in rows]
    board = chain.board
    if chain.players == 2:
        exact = exact_two_player(board)
        mover_wins = exact.probability(pieces[mover], pieces[1 - mover])
        chances = [mover_wins, 1 - mover_wins] if mover == 0 else [1 - mover_wins, mover_wins]
        return chances, chances
    found, _ = seat_enclosures(board, pieces, mover, digits)
    return [e.lower for e in found], [e.upper for e in found]


def check_exact_lead_changes(chain: DramaChain) -> None:
    """Refuse, in one line, a game whose lead changes :func:`exact_lead_changes` does not count."""
    if chain.players != 2 or chain.board.bump:
        raise ExactDramaError("lead changes are counted in fractions for two players without the bump rule")
    if chain.pieces > EXACT_MAX_STATES:
        raise ExactDramaError(
            f"{chain.pieces:,} piece states: exact fractions are worked out up to {EXACT_MAX_STATES:,} "
            "(EXACT_MAX_STATES)"
        )


def exact_lead_changes(
    chain: DramaChain, decided: Decisions, positions: Sequence[Position] | None = None
) -> fmpq:
    """The expected lead changes of two players from ``positions`` (default: both on the start;
    seat 0 moves first), exactly: the module docstring's ``Σ_n x_n W y_nᵀ``."""
    check_exact_lead_changes(chain)
    if decided.unsure.size or decided.close.size:
        decided = exact_decisions(chain, decided)
    board = chain.board
    first, second = tuple(positions) if positions is not None else (board.start, board.start)
    exact = exact_two_player(board)
    integer = integer_chain(exact.chain)
    n, c = integer.size, integer.c
    A = fmpz_mat(n, n)
    for i, row in enumerate(integer.rows):
        for j, a in row:
            A[i, j] = a
    totals = [sum(a for _, a in row) for row in integer.rows]
    favourite = decided.favourite.reshape(n, n, 2)
    mover0, mover1 = favourite[:, :, 0], favourite[:, :, 1]
    # Σ_{a'} A[a, a'] [φ(a',b,1) = φ(a,b,0)] and Σ_{b'} A[b, b'] [φ(a,b',0) = φ(a,b,1)], by value.
    kept0 = _kept(A, mover1, mover0, along_rows=True)
    kept1 = _kept(A, mover0, mover1, along_rows=False)
    weights = fmpz_mat(n, n)
    changes1 = fmpz_mat(n, n)
    for a in range(n):
        for b in range(n):
            changes1[a, b] = totals[b] - kept1[a][b] + integer.rho[b] * int(mover1[a, b] != 1)
    through = A * changes1
    for a in range(n):
        for b in range(n):
            changes0 = totals[a] - kept0[a][b] + integer.rho[a] * int(mover0[a, b] != 0)
            weights[a, b] = c * changes0 + through[a, b]
    return exact.paired_occupation(first, second, weights, c * c)


def _kept(A: fmpz_mat, after: np.ndarray, before: np.ndarray, along_rows: bool) -> list[list[int]]:
    """For each ``(a, b)``: the turn's integer weight onto states whose favourite (``after``) is
    ``before[a, b]``; seat 0's turn moves ``a`` (``A · [after = v]``), seat 1's moves ``b``
    (``[after = v] · Aᵀ``)."""
    n = before.shape[0]
    kept = [[0] * n for _ in range(n)]
    for value in np.unique(np.concatenate([after.ravel(), before.ravel()])):
        mask = fmpz_mat(n, n, [int(x) for x in (after == value).ravel()])
        moved = A * mask if along_rows else mask * A.transpose()
        for a, b in zip(*np.nonzero(before == value), strict=True):
            kept[a][b] += int(moved[a, b])
    return kept


def game_drama(
    board: Board, players: int, positions: Sequence[Position] | None = None, to_move: int = 0
) -> Drama:
    """The drama of ``players`` seats from ``positions`` (default: all on the start), seat
    ``to_move`` first: the joint chain's figures, each favourite the floats cannot decide
    decided exactly first (:class:`~.dramachain.DramaError`, :class:`ExactDramaError`:
    one line, before any work for the first)."""
    chain = drama_chain(board, players)
    decided = exact_decisions(chain, decisions(chain.chance))
    start = chain.state(tuple(positions), to_move) if positions is not None else chain.start()
    return drama(chain, decided, start)


# The decisive turn's law in a report: these quantiles, and its first terms P(D = 0), ….
DECISIVE_QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)
DECISIVE_TERMS = 10


@dataclass(frozen=True)
class DramaReport:
    """What ``analyze --drama`` prints and the review screen shows beside a game: the drama of
    ``players`` seats from ``positions``, ``to_move`` first (:func:`game_drama`)."""

    board: Board
    positions: tuple[int, ...]  # squares, seat order
    to_move: int
    drama: Drama

    @property
    def quantiles(self) -> dict[float, int]:
        return {q: self.drama.decisive.quantile(q) for q in DECISIVE_QUANTILES}

    @property
    def first_terms(self) -> list[float]:
        # A chance within the rounding's bound of 0 can come out a hair below it, or -0.0 ("-0.000" was
        # printed for tiny-10 from 3, 0, 8): a probability is shown at least 0.
        return [float(p) if p > 0 else 0.0 for p in self.drama.decisive.pmf[:DECISIVE_TERMS]]

    def to_json(self) -> dict[str, Any]:
        drama, law = self.drama, self.drama.decisive
        return {
            "board": self.board.to_dict(),
            "players": drama.players,
            "positions": list(self.positions),
            "to_move": self.to_move + 1,
            "start_favourite": None if drama.start_favourite == NO_FAVOURITE else drama.start_favourite + 1,
            "expected_lead_changes": drama.lead_changes,
            "comeback_probability": drama.comeback,
            "decisive_turn": {
                "mean": law.mean,
                "p_zero": self.first_terms[0],
                "quantiles": {f"{round(q * 100)}%": t for q, t in self.quantiles.items()},
                "pmf_first_terms": self.first_terms,
            },
            "expected_turns": drama.expected_turns,
            "error_bound": drama.error,
        }


# The expected lead changes of a game from the start, for each count of players (the review's).
START_LEAD_CHANGES: MemoFamily[int, Board, float] = MemoFamily("start_lead_changes")


def start_lead_changes(board: Board, players: int) -> float:
    """The expected lead changes of ``players`` seats from the start, the first to move first
    (kept with the board; within 10⁻⁹ of the exact value, or refused)."""

    def solved() -> float:
        chain = drama_chain(board, players)
        decided = exact_decisions(chain, decisions(chain.chance))
        value, error = expected_lead_changes(chain, decided, chain.start())
        if not error < 1e-9:
            raise ExactDramaError(f"the expected lead changes are known only to {error:.1e} here")
        return value

    return board.memo.get(START_LEAD_CHANGES.at(players), solved)


def drama_report(
    board: Board, players: int, positions: Sequence[int] | None = None, to_move: int = 0
) -> DramaReport:
    """The drama from ``positions`` (squares; default every seat on the start)."""
    squares = tuple(positions) if positions is not None else (board.start,) * players
    resting = tuple(int(board.resolve[square]) for square in squares)
    return DramaReport(board, squares, to_move, game_drama(board, players, resting, to_move))
