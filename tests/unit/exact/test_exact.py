import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from flint import fmpq

from chutes_tui.analysis import build_chain, expected_turns, two_player_table
from chutes_tui.exact import (
    decimal_digits,
    exact_expected_turns,
    exact_two_player,
    fraction_text,
    seed_bounds,
)
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.generate import random_board
from chutes_tui.model.rules import EndRule, roll_table
from tests.independent import gauss_jordan

SEED_001 = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "001_b1e5dfc57bf476c8.txt"
ALTHOEN = (
    "225837582538403273407117496273279920181931269186581786048583/"
    "5757472998140039232950575874628786131130999406013041613400"
)


def seed_answer():
    if not SEED_001.exists():
        pytest.skip("the seed documents are not beside this checkout")
    text = SEED_001.read_text()
    start = text.index("## The Answer")
    block = text[text.index("```", start) + 3 : text.index("```", text.index("```", start) + 3)]
    numerator, denominator = re.findall(r"\d{1000,}", block)
    return numerator, denominator


def test_the_seeds_4453_digit_fraction_exactly(standard):
    numerator, denominator = seed_answer()
    assert len(numerator) == len(denominator) == 4453
    first = exact_two_player(standard).first_player
    assert str(first.p) == numerator and str(first.q) == denominator
    assert decimal_digits(first, 50) == "0.50780277346091397787392387841954080716542767187942"


def test_althoen_fraction(classic):
    assert fraction_text(exact_expected_turns(classic)) == ALTHOEN
    assert decimal_digits(exact_expected_turns(classic), 19) == "39.2251223082349603694"


def test_expected_turns_from_99_is_exactly_six(standard):
    assert exact_expected_turns(standard, 99) == 6


@pytest.mark.parametrize(
    ("moves", "lower", "upper"),
    [(9, 0.5000354014697371, 0.9871574175503698), (100, 0.5077919995055961, 0.508324577264544)],
)
def test_seed_markov_bounds_exactly_and_they_bracket(standard, moves, lower, upper):
    low, high = seed_bounds(standard, moves)
    assert float(low) == lower and float(high) == upper
    assert low < exact_two_player(standard).first_player < high


def test_seed_500_move_bounds(standard):
    low, high = seed_bounds(standard, 500)
    assert decimal_digits(low, 50) == "0.50780277346091397777988206902864358081717127162441"
    assert decimal_digits(high, 50) == "0.50780277346091398242854850838580730082375585977029"


def test_exact_and_float_tables_agree_on_every_position(standard):
    exact = exact_two_player(standard).table()
    floats = two_player_table(build_chain(standard)).matrix
    n = floats.shape[0]
    worst = max(abs(float(exact[i, j]) - floats[i, j]) for i in range(n) for j in range(n))
    assert worst <= 1e-12


def direct_two_player(board):
    """The seed's method: Gauss-Jordan over Fractions on the n² two-player equations."""
    squares = [int(s) for s in board.standable_squares if s != board.end]
    n, d = len(squares), board.die.sides
    where = {s: i for i, s in enumerate(squares)}
    table = roll_table(board)
    size = n * n
    rows = []
    for i, a in enumerate(squares):
        for j in range(n):
            row = [Fraction(0)] * (size + 1)
            row[i * n + j] += 1
            for face in range(d):
                dest = int(table[a, face])
                row[size] += Fraction(1, d)  # P(a,b) = Σ 1/d · (1 if won else 1 - P(b, a'))
                if dest != board.end:
                    row[j * n + where[dest]] += Fraction(1, d)
            rows.append(row)
    solution = gauss_jordan(rows)
    return {(a, b): solution[where[a] * n + where[b]] for a in squares for b in squares}


SMALL = [
    load_board("tiny-10"),
    load_board("tiny-10").replace(end_rule=EndRule.BOUNCE),
    random_board(11, squares=14, ladders=2, chutes=2, die=4),
    random_board(12, squares=12, ladders=1, chutes=2, die=3, end_rule=EndRule.REACH),
]


@pytest.mark.parametrize("board", SMALL, ids=lambda b: f"{b.name}-{b.end_rule}")
def test_small_boards_agree_with_a_direct_exact_solve(board):
    direct = direct_two_player(board)
    exact = exact_two_player(board)
    for (a, b), value in direct.items():
        got = exact.probability(a, b)
        assert Fraction(int(got.p), int(got.q)) == value, (a, b)


def test_extra_roll_exact_matches_float():
    board = load_board("standard").replace(extra_roll=True)
    chain = build_chain(board)
    exact = exact_expected_turns(board)
    assert abs(float(exact) - expected_turns(chain)[chain.row(0)]) < 1e-12
    first = exact_two_player(Board(end=20, die=3, extra_roll=True, jumps=((4, 15), (17, 2))))
    table = two_player_table(build_chain(first.board))
    assert abs(float(first.first_player) - table.first_player) < 1e-12


def test_decimal_digits_round_half_up():
    assert decimal_digits(fmpq(2, 3), 3) == "0.667"
    assert decimal_digits(fmpq(1, 8), 2) == "0.13"
    assert decimal_digits(fmpq(-1, 3), 2) == "-0.33"
    assert decimal_digits(fmpq(7, 2), 0) == "4"
    assert fraction_text(fmpq(6, 3)) == "2"


def test_terminal_positions(standard):
    exact = exact_two_player(standard)
    assert exact.probability(100, 50) == 1 and exact.probability(50, 100) == 0
    assert np.isclose(
        float(exact.probability(99, 99)), 0.5 + 0.5 * sum((5 / 6) ** (2 * k) / 36 for k in range(400))
    )


def test_seat_enclosures_contain_the_truth(standard):
    from chutes_tui.analysis import seat_odds
    from chutes_tui.exact.seats import seat_enclosures

    two, _ = seat_enclosures(standard, [0, 0], 0, 30)
    exact = exact_two_player(standard).first_player
    assert two[0].lower <= exact <= two[0].upper and two[0].digits == 30
    assert two[0].text == decimal_digits(exact, 31)[:-1]  # the certain digits are truncations
    for positions, to_move in (([0, 0, 0], 0), ([30, 50, 12, 88], 2), ([5, 5, 5, 5, 5, 5], 3)):
        enclosures, rounds = seat_enclosures(standard, positions, to_move, 25)
        assert rounds > 0 and all(e.digits == 25 for e in enclosures)
        assert sum(e.lower for e in enclosures) <= 1 <= sum(e.upper for e in enclosures)
        floats = seat_odds(build_chain(standard), positions, to_move).win
        for enclosure, value in zip(enclosures, floats, strict=True):
            assert float(enclosure.lower) - 1e-12 <= value <= float(enclosure.upper) + 1e-12


# -- the fast engine against the old dense one (tests/unit/exact/reference.py) --------------------

REFERENCE_BOARDS = [
    random_board(21, squares=20, ladders=2, chutes=2),
    random_board(22, squares=30, ladders=3, chutes=3, end_rule=EndRule.BOUNCE),
    random_board(23, squares=40, ladders=3, chutes=4, end_rule=EndRule.REACH),
    random_board(24, squares=60, ladders=4, chutes=4, die=4),
    random_board(25, squares=25, ladders=2, chutes=3, die=3).replace(extra_roll=True),
    random_board(26, squares=36, ladders=3, chutes=3, end_rule=EndRule.BOUNCE).replace(extra_roll=True),
    Board(end=24, die=4, end_rule=EndRule.REACH, jumps=((3, 11), (9, 20))),  # no chutes: Q nilpotent
]


@pytest.mark.parametrize("board", REFERENCE_BOARDS, ids=lambda b: f"{b.end}-{b.end_rule}-{b.extra_roll}")
def test_fast_engine_matches_the_dense_reference_exactly(board):
    from chutes_tui.exact.chain import exact_chain
    from tests.unit.exact.reference import reference_autocorrelation, reference_denominator, reference_table

    chain = exact_chain(board)
    two = exact_two_player(board)
    assert two.denominator == reference_denominator(chain)
    numerators, denominator = two._autocorrelation
    expected = reference_autocorrelation(two.denominator, two.terms)
    assert [fmpq(x, denominator) for x in numerators] == expected
    table = two.table()
    assert table == reference_table(chain)
    squares = [int(s) for s in chain.chain.squares]
    for a in squares[:: max(1, len(squares) // 5)]:
        for b in squares[:: max(1, len(squares) // 4)]:
            assert two.probability(a, b) == table[chain.row(a), chain.row(b)]


def test_the_autocorrelation_denominator_is_the_systems_determinant():
    """Δ² = |Res(E, E*) E(1) E(-1)| gives |det K| without the determinant (autocorrelation.py)."""
    from flint import fmpz_mat, fmpz_poly

    from chutes_tui.exact.autocorrelation import _determinant

    for board in REFERENCE_BOARDS[:-1]:
        d = exact_two_player(board).denominator
        e = d.numer()
        coefficients = e.coeffs()
        size = len(coefficients)
        system = fmpz_mat(size, size)
        for t in range(size):
            for j in range(size):
                system[t, abs(t - j)] += coefficients[j]
        assert abs(system.det()) == _determinant(e)
        assert e.degree() > 0 and e == fmpz_poly(coefficients)


def test_too_few_primes_are_caught_by_the_spot_check():
    from chutes_tui.exact.autocorrelation import _determinant, _head

    two = exact_two_player(REFERENCE_BOARDS[3])
    e = two.denominator.numer()
    delta = _determinant(e)
    assert _head(e, delta, two._r0_bits)  # the proven bound: enough primes
    with pytest.raises(ArithmeticError):  # 200 bits short of Δ: a wrong vector, and it is seen
        _head(e, delta, -200)


@pytest.mark.parametrize("board", REFERENCE_BOARDS, ids=lambda b: f"{b.end}-{b.end_rule}-{b.extra_roll}")
def test_the_r0_bound_holds(board):
    two = exact_two_player(board)
    numerators, denominator = two._autocorrelation
    assert 0 < fmpq(numerators[0], denominator) <= 2**two._r0_bits
