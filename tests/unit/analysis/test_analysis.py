from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.analysis import (
    build_chain,
    expected_turns,
    finishing_distribution,
    sd_turns,
    seat_odds,
    two_player_table,
    visit_statistics,
)
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.generate import random_board
from chutes_tui.model.rules import EndRule, roll_table
from tests.independent import exact_expected_turns, joint_game, seed_two_player_system

ALTHOEN = Fraction(
    225837582538403273407117496273279920181931269186581786048583,
    5757472998140039232950575874628786131130999406013041613400,
)
# Seed 001, first 50 decimals of the exact P(first player wins), standard board.
SEED_001_FIRST_WINS = 0.50780277346091397787392387841954080716542767187942


def mean_from(board, square=None):
    chain = build_chain(board)
    return float(expected_turns(chain)[chain.row(board.start if square is None else square)])


# -- the seeds' numbers -----------------------------------------------------------------------


def test_seed_000_expected_turns(standard):
    assert mean_from(standard) == pytest.approx(39.5984, abs=5e-5)
    assert mean_from(load_board("standard-reach")) == pytest.approx(36.1931, abs=5e-5)
    assert mean_from(standard.replace(end_rule=EndRule.REACH)) == mean_from(load_board("standard-reach"))


def test_bounce_rule(standard):
    assert mean_from(standard.replace(end_rule=EndRule.BOUNCE)) == pytest.approx(43.7396, abs=5e-5)


def test_althoen_fraction_to_1e_12(classic):
    assert abs(mean_from(classic) - ALTHOEN) < 1e-12 * 39.3
    assert mean_from(classic) == pytest.approx(39.2251223, abs=5e-8)  # seeds 002, 003


def test_seed_002_sigma_and_finished_by_31(classic):
    chain = build_chain(classic)
    assert float(sd_turns(chain)[chain.row(0)]) == pytest.approx(25.22, abs=0.01)
    dist = finishing_distribution(chain, 0)
    assert dist.p_within(31) == pytest.approx(0.48004, abs=5e-6)
    assert dist.p_within(7) == pytest.approx(0.15111e-2, abs=5e-7)  # table 2, X_81(7)
    assert dist.p_within(6) == 0.0 and dist.minimum == 7


def test_seed_001_first_turns_exactly(standard):
    pmf = finishing_distribution(build_chain(standard), 0).pmf
    assert pmf[7] == pytest.approx(73 / 46656, rel=1e-13)
    assert pmf[8] == pytest.approx(205 / 46656, rel=1e-13)
    assert pmf[9] == pytest.approx(70579 / 10077696, rel=1e-13)


@pytest.mark.parametrize(
    ("moves", "lower", "upper"),
    [(9, 0.5000354014697371, 0.9871574175503698), (100, 0.5077919995055961, 0.508324577264544)],
)
def test_seed_001_markov_bounds(standard, moves, lower, upper):
    dist = finishing_distribution(build_chain(standard), 0)
    low = 0.5 + 0.5 * float(np.sum(dist.pmf[: moves + 1] ** 2))
    high = low + 0.5 * (1 - dist.cdf[moves]) ** 2
    assert low == pytest.approx(lower, abs=1e-15)
    assert high == pytest.approx(upper, abs=1e-15)


def test_first_player_wins_matches_the_seed_exact_value(standard):
    table = two_player_table(build_chain(standard))
    assert abs(table.first_player - SEED_001_FIRST_WINS) < 1e-12
    assert seat_odds(build_chain(standard), [0, 0]).win[0] == pytest.approx(table.first_player, abs=1e-14)


def test_possiblywrong_two_player_moves(standard):
    odds = seat_odds(build_chain(standard), [0, 0])
    assert odds.expected_total_moves == pytest.approx(52.5188, abs=5e-5)


HOCHMAN_DIE_SIDES = {
    2: 60.7625788,
    3: 65.9007753,
    4: 54.4937116,
    5: 45.5619456,
    6: 39.2251223,
    7: 34.6965984,
    8: 31.8532909,
    9: 30.2952849,
    10: 28.768692,
    11: 27.427206,
    12: 27.017742,
    13: 26.221553,
    14: 25.980534,
    15: 25.805895,
}


@pytest.mark.parametrize(("die", "expected"), sorted(HOCHMAN_DIE_SIDES.items()))
def test_seed_003_die_sides(classic, die, expected):
    places = len(str(expected).split(".")[1])
    assert mean_from(classic.replace(die=die)) == pytest.approx(expected, abs=0.6 * 10**-places)


def test_seed_003_start_squares_and_added_jumps(classic):
    assert mean_from(classic, 2) == pytest.approx(39.6964061, abs=5e-8)
    assert mean_from(classic, 5) == pytest.approx(39.2950265, abs=5e-8)
    assert mean_from(classic, 29) == pytest.approx(36.8911770, abs=5e-8)
    ladder = classic.replace(jumps=(*classic.jumps, (27, 29)))
    chute = classic.replace(jumps=(*classic.jumps, (29, 27)))
    assert mean_from(ladder) == pytest.approx(40.20, abs=5e-3)
    assert mean_from(chute) == pytest.approx(38.05, abs=5e-3)
    assert mean_from(load_board("hochman-ladder-27-29")) == mean_from(ladder)


def test_expected_turns_from_99_is_six(standard):
    assert mean_from(standard, 99) == pytest.approx(6.0, abs=1e-12)


# -- cross-checks against independent engines -------------------------------------------------

SMALL_BOARDS = [
    load_board("tiny-10"),
    load_board("tiny-10").replace(end_rule=EndRule.REACH),
    load_board("tiny-10").replace(end_rule=EndRule.BOUNCE),
    random_board(3, squares=24, ladders=3, chutes=3),
    random_board(4, squares=30, ladders=2, chutes=4, die=4, end_rule=EndRule.BOUNCE),
    random_board(5, squares=18, ladders=2, chutes=2, die=3, end_rule=EndRule.REACH),
]


@pytest.mark.parametrize("board", SMALL_BOARDS, ids=lambda b: f"{b.name}-{b.end_rule}")
def test_expected_turns_equal_exact_gaussian_elimination(board):
    exact = exact_expected_turns(board)
    chain = build_chain(board)
    floats = expected_turns(chain)
    for square, value in exact.items():
        assert abs(floats[chain.row(square)] - value) <= 1e-12 * max(1, float(value))


@pytest.mark.parametrize("board", SMALL_BOARDS, ids=lambda b: f"{b.name}-{b.end_rule}")
def test_two_player_table_equals_the_seed_linear_system(board):
    squares, direct = seed_two_player_system(board)
    table = two_player_table(build_chain(board))
    for i, a in enumerate(squares):
        for j, b in enumerate(squares):
            assert abs(table.probability(a, b) - direct[i, j]) < 1e-12
    assert np.all(np.diag(table.matrix) > 0.5)


@pytest.mark.parametrize(
    ("board", "players"),
    [
        (SMALL_BOARDS[0], 3),
        (SMALL_BOARDS[2], 3),
        (Board(end=7, die=3, jumps=((2, 5), (6, 1)), name="mini-7"), 4),
        *((b, 2) for b in SMALL_BOARDS),
    ],
    ids=lambda v: v if isinstance(v, int) else f"{v.name}-{v.end_rule}",
)
def test_seat_odds_equal_the_joint_chain(board, players):
    rng = np.random.default_rng(players)
    squares = [int(s) for s in build_chain(board).squares]
    chain = build_chain(board)
    solved = joint_game(board, players)
    for _ in range(4):
        positions = tuple(int(s) for s in rng.choice(squares, size=players))
        first = int(rng.integers(players))
        joint = solved[(positions, first)]
        odds = seat_odds(chain, positions, first)
        assert np.allclose(odds.win, joint[:players], atol=1e-12, rtol=0)
        assert odds.expected_total_moves == pytest.approx(joint[players], abs=1e-11)
        assert odds.expected_rounds == pytest.approx(joint[players + 1 + first], abs=1e-11)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_seats_sum_to_one_and_first_is_favoured(standard, players):
    odds = seat_odds(build_chain(standard), [0] * players)
    assert sum(odds.win) == pytest.approx(1.0, abs=1e-13)
    assert list(odds.win) == sorted(odds.win, reverse=True)


def test_seat_odds_from_a_finished_position(standard):
    odds = seat_odds(build_chain(standard), [40, 100, 3], to_move=2)
    assert odds.win == (0.0, 1.0, 0.0) and odds.expected_total_moves == 0.0


def test_extra_roll_rule_against_the_per_roll_chain():
    # With rolls as steps, R = A + B (A: top faces), a turn costs 1 unless the roll was a
    # top face that left the piece on the board: (I - R) t = 1 - A·1.
    for board in (
        Board(end=30, die=4, extra_roll=True, jumps=((3, 17), (22, 8))),
        load_board("standard").replace(extra_roll=True),
        load_board("standard-bounce").replace(extra_roll=True, die=3),
    ):
        squares = [int(s) for s in board.standable_squares if s != board.end]
        where = {s: i for i, s in enumerate(squares)}
        n, d = len(squares), board.die.sides
        table = roll_table(board)
        r = np.zeros((n, n))
        top = np.zeros(n)
        for s in squares:
            for face in range(d):
                dest = int(table[s, face])
                if dest != board.end:
                    r[where[s], where[dest]] += 1 / d
                    if face == d - 1:
                        top[where[s]] += 1 / d
        direct = np.linalg.solve(np.eye(n) - r, 1 - top)
        chain = build_chain(board)
        assert np.allclose(expected_turns(chain), direct, atol=1e-11, rtol=0)
        rows = np.asarray(chain.Q.sum(axis=1)).ravel() + chain.finish
        assert np.allclose(rows, 1.0, atol=1e-15)


def test_extra_roll_shortens_the_game(standard):
    faster = mean_from(standard.replace(extra_roll=True))
    assert 25 < faster < mean_from(standard)


def test_turn_matrix_rows_are_stochastic():
    for name in ("standard", "standard-reach", "standard-bounce", "tiny-10", "no-jumps"):
        chain = build_chain(load_board(name))
        rows = np.asarray(chain.Q.sum(axis=1)).ravel() + chain.finish
        assert np.allclose(rows, 1.0, atol=1e-15)


# -- distributions and visits -----------------------------------------------------------------


def test_distribution_summary(standard):
    dist = finishing_distribution(build_chain(standard), 0)
    assert dist.tail < 1e-15
    assert dist.pmf.sum() + dist.tail == pytest.approx(1.0, abs=1e-14)
    mean_from_pmf = float(np.dot(np.arange(dist.pmf.size), dist.pmf))
    assert mean_from_pmf == pytest.approx(dist.mean, abs=1e-11)
    assert (dist.minimum, dist.mode, dist.median) == (7, 22, 33)
    assert dist.cdf[dist.median] >= 0.5 > dist.cdf[dist.median - 1]
    assert dist.quantile(0.05) <= dist.quantile(0.25) <= dist.median <= dist.quantile(0.95)
    with pytest.raises(ValueError):
        dist.quantile(1.0)


def test_distribution_from_the_end_and_bad_squares(standard):
    chain = build_chain(standard)
    assert finishing_distribution(chain, 100).mean == 0.0
    with pytest.raises(ValueError, match="not a square"):
        finishing_distribution(chain, 28)


def test_visits_add_up_and_match_first_passage(tiny):
    for board in (tiny, load_board("standard")):
        chain = build_chain(board)
        visits = visit_statistics(chain, board.start)
        assert visits.expected.sum() == pytest.approx(float(expected_turns(chain)[chain.row(board.start)]))
        for tail, _ in board.jumps:
            assert visits.expected[tail] == 0.0 and visits.probability[tail] == 0.0
        # P(ever end a turn on j): make j absorbing and solve h = Q_j h + q_j directly.
        q = chain.Q.toarray()
        for target in [int(s) for s in chain.squares[1:]][:: max(1, chain.size // 12)]:
            j = chain.row(target)
            keep = [i for i in range(chain.size) if i != j]
            sub = q[np.ix_(keep, keep)]
            h = np.linalg.solve(np.eye(len(keep)) - sub, q[keep, j])
            origin = chain.row(board.start)
            assert visits.probability[target] == pytest.approx(h[keep.index(origin)], abs=1e-12)


def test_standard_visit_figures(standard):
    visits = visit_statistics(build_chain(standard), 0)
    assert visits.probability[100] == 1.0
    assert 0 < visits.probability[99] < 1
    assert visits.expected[26] > visits.probability[26]  # the 48→26 chute brings repeat visits


@pytest.mark.parametrize("name", ["standard", "classic-1952", "standard-bounce", "standard-reach"])
def test_extra_roll_moments_from_the_roll_chain_equal_the_turn_chains(name):
    """With the extra roll, the moments are solved on the one-roll-a-step chain (a twentieth of
    the nonzeros); the turn chain's own solves must give the same."""
    from chutes_tui.analysis.single import _roll_moments

    chain = build_chain(load_board(name).replace(extra_roll=True))
    mean, second = _roll_moments(chain)
    direct = chain.lu.solve(np.ones(chain.size))
    assert np.allclose(mean, direct, rtol=1e-13, atol=0)
    assert np.allclose(second, chain.lu.solve(2 * direct - 1), rtol=1e-13, atol=0)


def test_a_long_board_without_jumps_has_seat_odds():
    """600 squares and no jumps: the tail law's decay bound reaches 1 early (it used to crash
    on log1p(-1)); the first seat's chance is ½ + ½ Σ pₙ² (seed 001's diagonal)."""
    from chutes_tui.analysis import build_chain, seat_odds
    from chutes_tui.analysis.length import game_length
    from chutes_tui.model.board import Board

    board = Board(end=600, jumps=())
    chain = build_chain(board)
    pmf = game_length(chain, [0]).turns.pmf
    assert seat_odds(chain, (0, 0)).win[0] == pytest.approx(0.5 + 0.5 * float((pmf**2).sum()), abs=1e-10)
