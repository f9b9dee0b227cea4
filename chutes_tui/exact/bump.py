"""Two players under the bump rule, exactly: each seat's chance and the expected rolls, turns
and rounds as fractions.

**Folding.** Both seats play by the same rules, so a position matters only as (the mover's
square ``m``, the other's ``o``): ``w(m, o)``, the chance that the player to move wins, gives
seat 0's chance from ``(a, b)`` as ``w(a, b)`` with seat 0 to move and ``1 - w(b, a)`` with
seat 1 to move. One roll of the joint chain (:mod:`chutes_tui.analysis.bump`) either keeps
the mover (the extra roll: ``P₀``) or passes the turn, and the folded state swaps (``P₁``):

    (I - P₀ + P₁) w = r + P₁ 1,        (I - P₀ - P₁) x = 1  (rolls)  or  e  (turns),

with ``r`` the chance that this roll wins and ``e`` that it ends the turn. That is n² unknowns
for n squares to rest on (6,724 on the standard board), half of the joint chain's.

**Solving exactly** (numeric-symbolic lifting, Wan 2006). With ``D`` the dice's common
denominator, ``M = D(I - P₀ ± P₁)`` and ``b`` are integers. A float LU of ``M`` gives digits
of the answer ``2^e`` at a time: ``x_i = round(2^e · M⁻¹ r_i)``, ``r_{i+1} = 2^e r_i - M x_i``,
all in exact integers, so that after ``k`` steps ``M S_k = 2^E b - r_k`` *exactly*, with
``S_k = Σ 2^{e_{i+1} + … + e_{k-1}} x_i`` and ``E = Σ e_i``. Floats only decide how fast the
residual stays small; nothing depends on their accuracy. Then

    |x - S_k / 2^E| ≤ ‖M⁻¹‖_∞ ‖r_k‖_∞ / 2^E,    ‖M⁻¹‖_∞ ≤ max expected rolls / D,

(``|M⁻¹| ≤ D⁻¹ (I - P₀ - P₁)⁻¹`` entrywise), and each answer is a fraction whose denominator
divides ``det M ≤ H`` (Hadamard: the product of the rows' lengths). Two fractions with
denominators ≤ H differ by at least 1/H², so once the error is below ``1/(2H²)`` the fraction
nearest ``S_k / 2^E`` with denominator ≤ H is the answer. On the standard board: about 700
steps, a fraction of some 4,800 digits over 4,800.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy.sparse as sp
from flint import fmpq

from chutes_tui.analysis.bump import JointChain, joint_chain
from chutes_tui.analysis.forwardlu import ForwardLU
from chutes_tui.exact.fractions import decimal_digits, fraction_text
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey

# Each step's exponent e: grown while the residual stays small, and kept where no integer can
# overflow int64 (|M x_i| and 2^e |r_i| below 2^62).
FIRST_EXPONENT, MOST_EXPONENT = 30, 50


class NoExactBoundError(ArithmeticError):
    """The float solve that guides the exact one is too inaccurate to bound it (dice whose
    weights differ by many orders of magnitude): the fractions cannot be found this way."""


@dataclass(frozen=True, eq=False)
class ExactBump:
    """Two seats' game under the bump rule from ``positions`` with ``to_move`` rolling next."""

    board: Board
    positions: tuple[int, int]
    to_move: int
    first_seat_wins: fmpq  # seat 0 (the first in the positions)
    expected_rolls: fmpq
    expected_turns: fmpq
    expected_rounds: fmpq  # the rounds of the seat to move: (turns + P(the mover wins)) / 2


@dataclass(frozen=True, eq=False)
class _Folded:
    win: sp.csr_matrix  # D (I - P₀ + P₁), integers
    length: sp.csr_matrix  # D (I - P₀ - P₁), integers
    wins: np.ndarray  # D (r + P₁ 1)
    ends_turn: np.ndarray  # D e
    rolls: np.ndarray  # D 1


def _folded(board: Board, joint: JointChain) -> _Folded:
    n, size, D = joint.chain.size, joint.chain.size**2, board.die.total
    P = joint.P.tocoo()
    keep = P.row % 2 == 0  # seat 0 to move: (a, b) is (mover, other)
    rows, cols, data = P.row[keep] // 2, P.col[keep], np.rint(P.data[keep] * D).astype(np.int64)
    passes = cols % 2 == 1
    flat = cols // 2
    target = np.where(passes, (flat % n) * n + flat // n, flat)  # the turn passes: swap
    identity = sp.identity(size, dtype=np.int64, format="csr") * D

    def matrix(sign_of_passing: int) -> sp.csr_matrix:
        signed = np.where(passes, sign_of_passing * data, -data)
        M = (identity + sp.csr_matrix((signed, (rows, target)), shape=(size, size))).tocsr()
        M.sum_duplicates()
        M.eliminate_zeros()
        return M

    movers = np.arange(size) * 2
    passing = np.bincount(rows[passes], weights=data[passes], minlength=size)
    wins = np.rint(joint.wins[movers, 0] * D) + passing
    return _Folded(
        matrix(+1),
        matrix(-1),
        wins.astype(np.int64),
        np.rint(joint.ends_turn[movers] * D).astype(np.int64),
        np.full(size, D, dtype=np.int64),
    )


def hadamard_bits(M: sp.csr_matrix) -> float:
    """``log₂ H``, ``H`` Hadamard's bound on ``|det M|`` (the smaller of the rows' and the
    columns' products of lengths), rounded up. In floats: the squares of large dice's weights
    overflow int64."""
    F = M.astype(float)
    squares = F.multiply(F)
    log_h = min(
        float(np.log2(np.sqrt(np.asarray(squares.sum(axis=1), dtype=float))).sum()),
        float(np.log2(np.sqrt(np.asarray(squares.sum(axis=0), dtype=float))).sum()),
    )
    return log_h * (1 + 1e-9) + 1  # the float sum's rounding, and a bit to spare


def lifting_work(board: Board, limit: float) -> float:
    """About how much work :func:`exact_bump` does, in entries touched: the lifting finds about
    ``2 log₂ H`` bits of each answer (its stopping rule), some 25-50 a step, and a step solves
    with the float LU's factors and multiplies by ``M``, for each of the two matrices. So the
    work is ``2 log₂ H · (entries of the factors + of M)``, up to a constant (about 3·10⁻¹¹ s an
    entry-bit on the 2-core machine: 0.9 s on the standard board's 2.9·10¹⁰).

    The factors' fill is known only once factorised (0.7 s on a 109-square board with a
    100-face spinner): where ``M``'s own entries already put the work above ``limit`` that is
    the answer, without factorising. The length matrix's LU is kept for :func:`exact_bump`."""
    folded = _folded_for(board)
    bits = 2 * hadamard_bits(folded.length)
    least = bits * folded.length.nnz
    if least > limit:
        return least
    return bits * (_length_lu(board, folded).entries + folded.length.nnz)


# The board's two-player joint chain, folded (see :func:`_folded`).
BUMP_FOLDED: MemoKey[Board, _Folded] = MemoKey("exact_bump_folded")
# The LU factors of the folded chain's length system, in doubles.
BUMP_LENGTH_LU: MemoKey[Board, ForwardLU] = MemoKey("exact_bump_length_lu")


def _folded_for(board: Board) -> _Folded:
    return board.memo.get(BUMP_FOLDED, lambda: _folded(board, joint_chain(board, 2)))


def _length_lu(board: Board, folded: _Folded) -> ForwardLU:
    return board.memo.get(BUMP_LENGTH_LU, lambda: ForwardLU(folded.length.astype(float)))


def solve_exactly(
    M: sp.csr_matrix,
    rhs: Sequence[np.ndarray],
    wanted: int,
    inverse_norm: float,
    progress: Callable[[float], None] | None = None,
    lu: ForwardLU | None = None,
) -> list[Fraction]:
    """Component ``wanted`` of ``M⁻¹ b`` for each ``b`` in ``rhs`` (integer ``M`` and ``b``),
    given ``‖M⁻¹‖_∞ ≤ inverse_norm``: see the module docstring. ``progress(fraction done)``;
    ``lu``: ``M``'s float LU if the caller has it (in the reversed order of
    :mod:`~chutes_tui.analysis.forwardlu`: a quarter of the solves' time)."""
    size = M.shape[0]
    if lu is None:
        lu = ForwardLU(M.astype(float))
    log_h = hadamard_bits(M)
    bound = 1 << math.ceil(log_h)
    row_sum = int(abs(M).sum(axis=1).max())
    r = np.column_stack(rhs).astype(np.int64)
    scaled = [0] * r.shape[1]
    total, exponent = 0, FIRST_EXPONENT
    while True:
        largest = max(int(np.abs(r).max()), 1)
        needed = 2 * log_h + 2 + math.log2(inverse_norm * largest)
        if total > needed:
            break
        if progress is not None:
            progress(min(total / needed, 1.0))
        estimate = np.asarray(lu.solve(r.astype(float))).reshape(size, -1)
        while True:
            step = np.rint(estimate * 2.0**exponent)
            fits = float(np.abs(step).max()) * row_sum < 2**62 and largest < 2 ** (62 - exponent)
            if fits:
                digits = step.astype(np.int64)
                following = r * (1 << exponent) - M @ digits
                grown = int(np.abs(following).max())
                if grown <= 4 * max(largest, 64) or exponent <= 8:
                    break
            if exponent <= 8:
                raise NoExactBoundError("the exact solve cannot keep its residual small")
            exponent -= 2
        for column in range(r.shape[1]):
            scaled[column] = (scaled[column] << exponent) + int(digits[wanted, column])
        total += exponent
        r = following
        if grown <= max(largest, 64):
            exponent = min(exponent + 1, MOST_EXPONENT)
    error = Fraction(math.ceil(inverse_norm * max(int(np.abs(r).max()), 1) * (1 + 1e-9)), 1 << total)
    answers = []
    for value in scaled:
        approximation = Fraction(value, 1 << total)
        answer = approximation.limit_denominator(bound)
        if abs(answer - approximation) > error:  # cannot happen if the bounds above hold
            raise ArithmeticError("the exact bump solve's reconstruction failed its own bound")
        answers.append(answer)
    return answers


def exact_bump(
    board: Board,
    positions: Sequence[int] | None = None,
    to_move: int = 0,
    progress: Callable[[float], None] | None = None,
) -> ExactBump:
    """Seat 0's chance and the expected rolls, turns and rounds, exactly, for two players under
    the bump rule from ``positions`` (default: both on the start), ``to_move`` rolling next."""
    a, b = tuple(positions) if positions is not None else (board.start, board.start)
    if board.end in (a, b):
        done = fmpq(int(a == board.end))
        return ExactBump(board, (a, b), to_move, done, fmpq(0), fmpq(0), fmpq(0))
    joint = joint_chain(board, 2)
    joint.state((a, b), to_move)  # refuses a position from which the game may never end
    folded = _folded_for(board)
    n = joint.chain.size
    mover, other = (a, b) if to_move == 0 else (b, a)
    wanted = joint.chain.row(mover) * n + joint.chain.row(other)
    # ‖M⁻¹‖ for both matrices: D⁻¹ times the most expected rolls, bounded from a float solve y
    # by (I - P)y ≥ γ ⇒ (I - P)⁻¹ 1 ≤ y / γ (the inverse is non-negative).
    D = board.die.total
    length_lu = _length_lu(board, folded)  # also the lengths' lifting's
    y = np.asarray(length_lu.solve(folded.rolls.astype(float))) + 1.0
    gamma = float((folded.length @ y).min()) / D - 1e-9 * float(y.max())
    if gamma <= 0:
        raise NoExactBoundError("the float solve gives no bound on the expected rolls")
    inverse_norm = float(y.max()) / gamma / D

    def part(start: float, share: float) -> Callable[[float], None] | None:
        return None if progress is None else (lambda done: progress(start + share * done))

    (mover_wins,) = solve_exactly(folded.win, [folded.wins], wanted, inverse_norm, part(0.0, 0.5))
    columns = [folded.rolls, folded.ends_turn] if board.extra_roll else [folded.rolls]
    lengths = solve_exactly(folded.length, columns, wanted, inverse_norm, part(0.5, 0.5), length_lu)
    rolls, turns = lengths[0], lengths[-1]
    first = mover_wins if to_move == 0 else 1 - mover_wins
    rounds = (turns + mover_wins) / 2

    def exact(value: Fraction) -> fmpq:
        return fmpq(value.numerator, value.denominator)

    return ExactBump(board, (a, b), to_move, exact(first), exact(rolls), exact(turns), exact(rounds))


def bump_json(result: ExactBump, digits: int) -> dict[str, object]:
    """What ``exact --bump --json`` prints: every answer as ``"p/q"`` and as a decimal."""
    data: dict[str, object] = {
        "board": result.board.name,
        "rule": "bump",
        "positions": list(result.positions),
        "to_move": result.to_move + 1,
    }
    named = (
        ("first_player_wins", result.first_seat_wins),
        ("expected_rolls", result.expected_rolls),
        ("expected_turns", result.expected_turns),
        ("expected_rounds", result.expected_rounds),
    )
    for key, value in named:
        data[key] = fraction_text(value)
        data[f"{key}_decimal"] = decimal_digits(value, digits)
    first = result.first_seat_wins
    data["first_player_wins_digits"] = {"numerator": len(str(first.p)), "denominator": len(str(first.q))}
    return data
