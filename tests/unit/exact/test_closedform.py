"""Issue 28, point 1: the closed form of a game's length, checked against what it claims.

The generating function's series is the exact pmf term by term; the recurrence, run by hand
here from its initial terms and the denominator's coefficients, goes on to agree with it; the
reduced form is minimal (Berlekamp–Massey over ℚ, written here, finds no shorter recurrence);
λ is an independent float eigenvalue solve's spectral radius (numpy) to 1e-12 and C·λⁿ is the
exact tail's at large n; the Jordan block at zero is the one the ranks of Qᵏ give; and the two
generating functions Thanatipanonda and Zeilberger printed come out the same.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from flint import fmpq, fmpq_mat, fmpq_poly, fmpz_poly

from chutes_tui.analysis.chain import build_chain
from chutes_tui.exact.chain import exact_chain
from chutes_tui.exact.closedform import closed_form, tail_curves
from chutes_tui.exact.length import exact_terms
from chutes_tui.io.boardfile import load_board, parse_toml

# Boards of every kind the chain knows: the bundled ones, a bounce board, issue 26's turn
# rules (a square that skips a turn, one that throws again: the extended chain), the extra roll.
BOARDS = {
    "standard": lambda: load_board("standard"),
    "classic-1952": lambda: load_board("classic-1952"),
    "tiny-10": lambda: load_board("tiny-10"),
    "standard-bounce": lambda: load_board("standard-bounce"),
    "miss-turn": lambda: load_board("standard").replace(miss_turn=(30, 67)),
    "throw-again": lambda: load_board("tiny-10").replace(throw_again=(3,)),
    "extra-roll": lambda: load_board("tiny-10").replace(extra_roll=True),
    "no-jumps": lambda: load_board("no-jumps"),
}

# Square 2 stays put on a 1 (the chute 4→3 from 3), square 9 on a 2 (the exact end): two states
# with the same chance 1/2 of staying, one after the other -- a Jordan block at 1/2.
DOUBLE = 'name = "double"\nsquares = 10\ndie = 2\nend_rule = "exact"\nchutes = [[4, 3]]\n'
# Moves of 1 or 3 and a chute of 6: a piece's square changes parity every turn, period 2.
PERIODIC = 'name = "periodic"\nsquares = 10\ndie = [1, 0, 1]\nend_rule = "reach"\nchutes = [[7, 1]]\n'


# One process for the module: each board's closed form (the fixture below) is worked out once,
# not once in every worker that runs one of its tests (10.8 CPU-s spread over four workers, 8.4 in one).
pytestmark = pytest.mark.xdist_group("closedform")


@pytest.fixture(scope="module", params=list(BOARDS))
def case(request):
    board = BOARDS[request.param]()
    return board, closed_form(board)


def _exact_pmf(board, count, square=None):
    terms = exact_terms(board, [board.start if square is None else square], count - 1).turns
    return list(terms)


def test_the_series_is_the_exact_pmf_term_by_term_on_the_standard_board():
    board = load_board("standard")
    report = closed_form(board)
    assert report.pmf(260) == _exact_pmf(board, 260)
    assert report.pmf(8)[:7] == [0] * 7 and report.pmf(8)[7] > 0  # the shortest game: 7 turns
    # The README's figures: the degrees, λ's and C's digits, where the law is within 1 %.
    assert (report.numerator.degree(), report.denominator.degree(), report.tail.polynomial.degree()) == (
        80,
        76,
        75,
    )
    assert report.tail.lambda_text(20) == "0.96034257033806725563"
    assert report.tail.constant_text(20) == "1.86676126386211281398"
    assert tail_curves(report).accurate_from() == 34 and round(report.tail.relaxation, 1) == 24.7
    # The tail from the same form is one minus the running sum of the law.
    survival = report.survival(260)
    running = fmpq(1)
    for n, term in enumerate(_exact_pmf(board, 260)):
        running -= term
        assert survival[n] == running


def test_every_board_s_series_and_recurrence_agree_with_the_exact_law(case):
    board, report = case
    count = 3 * report.states + 40
    exact = _exact_pmf(board, count)
    assert report.pmf(count) == exact
    # The recurrence as stated, run here: q0 a(n) = -(q1 a(n-1) + … + qd a(n-d)) from n = start on.
    q = [Fraction(int(c)) for c in report.denominator.coeffs()]
    a = [Fraction(int(t.p), int(t.q)) for t in report.initial]
    for n in range(report.recurrence_from, count):
        a.append(-sum(q[i] * a[n - i] for i in range(1, len(q))) / q[0])
    assert a == [Fraction(int(t.p), int(t.q)) for t in exact]


def test_the_form_is_reduced_and_the_recurrence_minimal(case):
    board, report = case
    p, q = fmpq_poly(report.numerator), fmpq_poly(report.denominator)
    assert p.gcd(q) == 1
    coefficients = [int(c) for c in (*report.numerator.coeffs(), *report.denominator.coeffs())]
    assert np.gcd.reduce(np.array(coefficients, dtype=object)) == 1 and report.denominator.coeffs()[0] > 0
    # Berlekamp–Massey over ℚ on 2k + 2 terms (k states: no recurrence is longer than k + 1)
    # finds the shortest recurrence; it is the form's: max(deg Q, deg P + 1).
    terms = _exact_pmf(board, 2 * report.states + 2)
    assert linear_complexity(terms) == max(report.denominator.degree(), report.numerator.degree() + 1)


def linear_complexity(sequence):
    """Berlekamp–Massey over the rationals: the length of the shortest linear recurrence."""
    c, b = [fmpq(1)], [fmpq(1)]
    length, shift, last = 0, 1, fmpq(1)
    for n, term in enumerate(sequence):
        known = range(1, min(length, len(c) - 1) + 1)
        discrepancy = term + sum((c[i] * sequence[n - i] for i in known), fmpq(0))
        if discrepancy == 0:
            shift += 1
            continue
        factor = discrepancy / last
        update = c + [fmpq(0)] * max(0, len(b) + shift - len(c))
        for i, value in enumerate(b):
            update[i + shift] -= factor * value
        if 2 * length <= n:
            b, length, last, shift = c, n + 1 - length, discrepancy, 1
        else:
            shift += 1
        c = update
    return length


def test_lambda_is_an_independent_eigenvalue_solve_s_spectral_radius(case):
    board, report = case
    eigenvalues = np.linalg.eigvals(build_chain(board).Q.toarray())
    tail = report.tail
    assert tail is not None
    assert abs(tail.value - max(abs(eigenvalues))) < 1e-12
    # The certified interval holds a root of the minimal polynomial, which divides Q's
    # characteristic polynomial, and every digit shown lies inside it.
    low, high = tail.low, tail.high
    assert high - low < fmpq(1, 10**40)
    polynomial = fmpq_poly(tail.polynomial)
    assert polynomial(low) * polynomial(high) <= 0
    assert fmpq_poly(exact_chain(board).Q.charpoly()) % polynomial == 0
    shown = tail.lambda_text(30)
    assert low - fmpq(1, 10**30) <= fmpq_decimal(shown) <= high


def fmpq_decimal(text):
    whole, _, fraction = text.partition(".")
    return fmpq(int(whole + fraction), 10 ** len(fraction))


def test_c_lambda_to_the_n_is_the_exact_tail_at_large_n(case):
    board, report = case
    tail = report.tail
    # From where the second eigenvalue's part is below 1e-12 of λ's (the exact law up to there
    # only: 600 terms took 0.3 s a board).
    second = sorted(abs(root) for root, _ in report.matrix.eigenvalues())[-2]
    n = min(599, int(np.ceil(-12 / np.log10(second / tail.value))) + 40)
    survival, running = [], fmpq(1)
    for term in _exact_pmf(board, n + 1):
        running -= term
        survival.append(running)
    assert float(survival[n]) / tail.law(n) == pytest.approx(1.0, abs=1e-10), n


def test_a_jordan_block_at_lambda_makes_the_tail_c_n_lambda_to_the_n():
    """The double board: λ = 1/2 a pole of order 2, P(T > n) ~ C·n·2⁻ⁿ with C = 25 exactly:
    P(T > n)·2ⁿ gains C each turn in the limit."""
    report = closed_form(parse_toml(DOUBLE))
    tail = report.tail
    assert (tail.low, tail.high, tail.multiplicity) == (fmpq(1, 2), fmpq(1, 2), 2)
    survival = report.survival(400)
    steps = [survival[n + 1] * 2 ** (n + 1) - survival[n] * 2**n for n in (100, 399 - 1)]
    assert all(abs(step - tail.constant_low) < fmpq(1, 10**20) for step in steps)
    assert tail.constant_low == tail.constant_high == 25
    defective = report.matrix.defective_elsewhere
    assert [(f.polynomial.coeffs(), f.algebraic, f.index) for f in defective] == [([-1, 2], 2, 2)]
    assert any("pole of order 2" in note for note in report.notes())


def test_a_periodic_tail_says_it_oscillates():
    report = closed_form(parse_toml(PERIODIC))
    assert report.tail.tied == 1  # -λ too: the polynomial is one in x²
    assert all(c == 0 for c in report.tail.polynomial.coeffs()[1::2])
    assert any("oscillates" in note for note in report.notes())


def test_the_jump_free_board_with_each_end_rule():
    """Reach: every eigenvalue 0 in one Jordan block, the game at most 100 turns. Exact and
    bounce: the Jordan block at 0 only shapes the first 95 turns; the tail is (5/6)ⁿ, the chance
    of staying put on 99."""
    board = load_board("no-jumps")
    reach = closed_form(board.replace(end_rule="reach"))
    assert reach.matrix.nilpotent and reach.bounded and reach.tail is None
    assert reach.matrix.zero_block == reach.states == 100 == reach.numerator.degree()
    # a hundred turns: a 1 ninety-nine times, then anything from 99
    assert reach.pmf(102)[100] == fmpq(1, 6**99) and reach.pmf(102)[101] == 0
    assert "in one Jordan block" in reach.notes()[0]
    for rule in ("exact", "bounce"):
        report = closed_form(board.replace(end_rule=rule))
        assert report.matrix.defective and not report.matrix.nilpotent
        assert report.matrix.zero_block == 95
        assert (report.tail.low, report.tail.high) == (fmpq(5, 6), fmpq(5, 6))
        assert report.tail.polynomial == fmpz_poly([-5, 6]) and report.denominator.degree() == 1
        assert "never the tail" in " ".join(report.notes())


@pytest.mark.parametrize("name", ["standard", "standard-bounce", "tiny-10", "no-jumps"])
def test_the_jordan_block_at_zero_is_what_the_ranks_of_q_powers_say(name):
    """Independently: zero's algebraic multiplicity is n − rank(Qⁿ), its longest block the
    first k with rank(Qᵏ) = rank(Qᵏ⁺¹)."""
    board = load_board(name)
    Q = exact_chain(board).Q
    report = closed_form(board)
    ranks, power = [Q.nrows()], fmpq_mat(Q)
    while len(ranks) < 2 or ranks[-1] != ranks[-2]:
        ranks.append(power.rank())
        power = power * Q
    zero = next(f for f in report.matrix.families if f.zero)
    assert zero.index == len(ranks) - 2
    assert zero.algebraic == Q.nrows() - ranks[-1]


def test_from_another_square_and_from_the_goal():
    board = load_board("standard")
    report = closed_form(board, 99)
    assert report.pmf(150) == _exact_pmf(board, 150, 99)
    # From 99 only the end's squares are seen: the tail's rate is that corner's, not the board's.
    assert report.tail.value < report.matrix.radius
    goal = closed_form(board, 100)
    assert goal.pmf(3) == [1, 0, 0] and goal.tail is None


# Thanatipanonda & Zeilberger (2021), the Maple package SnakesAndLadders.txt's output files. Their
# squares are 1..N from square 1; ours 0..N-1 from 0 (every square one less), the same game.
# http://sites.math.rutgers.edu/~zeilberg/tokhniot/oSnakesAndLadders2.txt: 30 squares, a spinner
# of 1 or 2 (1/2 each), reaching or passing the end wins, no jumps.
_FACTOR_2 = [  # t¹⁴ + 55t¹³ + … + 131072, from t⁰ up
    131072, 2723840, 16400384, 45260800, 69701632, 66646528, 42170880, 18356736, 5617920,
    1218448, 186208, 19600, 1352, 55, 1,
]  # fmt: skip
PUBLISHED_2 = (
    'name = "oSnakesAndLadders2"\nsquares = 29\ndie = [1, 1]\nend_rule = "reach"\n',
    fmpz_poly([0] * 15 + [1]) * fmpz_poly(_FACTOR_2),
    fmpz_poly([268435456]),
)
# http://sites.math.rutgers.edu/~zeilberg/tokhniot/oSnakesAndLadders3.txt: 50 squares, 1 with
# chance 1/3 and 2 with 2/3, reaching or passing the end wins, a chute 6→3 and a ladder 8→15.
# G = −2 t²² (t² + 2t + 4) (2t²³ + … + 82263564901416960) / (3⁴¹ (t³ + 12t² − 27)).
_FACTOR = [  # the last factor, coefficients from t⁰ up
    82263564901416960, 874050377077555200, 2657113146315767808, 3746496021519532032,
    3666568335621488640, 4668098674558427136, 6642307156131274752, 6714427420360433664,
    4488703090694277120, 2059172782903468800, 675515514248778240, 163620082970023680,
    29948860420996608, 4210173933544080, 459335061500400, 39102320303424, 2598498974088,
    134150557401, 5320111104, 158850720, 3452544, 51528, 472, 2,
]  # fmt: skip
PUBLISHED_3 = (
    'name = "oSnakesAndLadders3"\nsquares = 49\ndie = [1, 2]\nend_rule = "reach"\n'
    "ladders = [[7, 14]]\nchutes = [[5, 2]]\n",
    -2 * fmpz_poly([0] * 22 + [1]) * fmpz_poly([4, 2, 1]) * fmpz_poly(_FACTOR),
    fmpz_poly([3**41]) * fmpz_poly([-27, 0, 12, 1]),
)


@pytest.mark.parametrize(("text", "numerator", "denominator"), [PUBLISHED_2, PUBLISHED_3])
def test_the_published_generating_functions(text, numerator, denominator):
    report = closed_form(parse_toml(text))
    assert report.numerator * denominator == numerator * report.denominator
    assert report.denominator.degree() == denominator.degree()
