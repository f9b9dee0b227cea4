"""Several rolls per draw: the finishing-turn distribution is the exact one, whatever k."""

import numpy as np
import pytest
from scipy.stats import chisquare

from chutes_tui.analysis import build_chain, expected_from_start, finishing_distribution
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.rules import EndRule
from chutes_tui.sim.montecarlo import simulate_turns
from chutes_tui.sim.packed import TABLE_ENTRIES, choose_rolls, plan_for, play_block


def games_with(board, games, seed, rolls=None):
    """``games`` finishing turns played with ``rolls`` per draw (the simulator's own choice if None)."""
    if rolls is None:
        return simulate_turns(board, games, np.random.default_rng(seed))
    results = np.zeros(games, dtype=np.int32)
    play_block(plan_for(board, rolls), board.start, results, np.random.default_rng(seed))
    return results


def assert_exact_distribution(board, turns):
    """The frequency of every turn expecting ≥ 25 games (where the normal approximation holds)
    within 4σ of the exact pmf, and a chi-square test over the turns expecting ≥ 5 games, the
    rest lumped into one bin."""
    pmf = finishing_distribution(build_chain(board), board.start).pmf
    n = turns.size
    counts = np.bincount(turns, minlength=pmf.size)
    assert counts.size <= pmf.size or counts[pmf.size :].sum() <= 5  # the exact tail is < 1e-6
    counts = counts[: pmf.size]
    sigma = np.sqrt(pmf * (1 - pmf) / n)
    assert np.all((np.abs(counts / n - pmf) <= 4 * sigma) | (pmf * n < 25))
    bins = np.flatnonzero(pmf * n >= 5)
    observed, expected = counts[bins], pmf[bins] * n
    rest = n - expected.sum()
    if rest > 1e-6:
        observed, expected = np.append(observed, n - observed.sum()), np.append(expected, rest)
    else:
        assert observed.sum() == n
    assert chisquare(observed, expected * observed.sum() / expected.sum()).pvalue > 1e-4


@pytest.mark.parametrize(
    "name, extra_roll", [("standard", False), ("standard-bounce", False), ("standard", True)]
)
def test_standard_boards_match_the_exact_distribution(name, extra_roll):
    board = load_board(name).replace(extra_roll=extra_roll)
    assert plan_for(board).rolls == 3
    assert_exact_distribution(board, games_with(board, 400_000, 17))


@pytest.mark.parametrize("die, rolls", [(2, None), (2, 1), (4, 2), (4, None), (9, None)])
@pytest.mark.parametrize("extra_roll", [False, True])
def test_a_tiny_board_with_other_dice(die, rolls, extra_roll):
    board = Board(end=12, die=die, jumps=((3, 9), (11, 2), (7, 5)), width=4, extra_roll=extra_roll)
    turns = games_with(board, 200_000, die, rolls)
    assert_exact_distribution(board, turns)


@pytest.mark.parametrize("rolls", [1, 2, 4, 5])
def test_any_rolls_per_draw_gives_the_same_distribution(tiny, rolls):
    assert_exact_distribution(tiny, games_with(tiny, 200_000, rolls, rolls))
    bounce = tiny.replace(end_rule=EndRule.BOUNCE)
    assert_exact_distribution(bounce, games_with(bounce, 200_000, rolls, rolls))


@pytest.mark.parametrize("rolls", range(1, 12))
@pytest.mark.parametrize("start", [0, 4])
def test_a_game_that_finishes_mid_group_counts_its_exact_turn(rolls, start):
    # A 1-sided die moves one square a turn: every game takes exactly end - start turns, which
    # for most k ends part-way through a group, and waits on a finished row until it is seen.
    board = Board(end=23, die=1, start=start)
    for games in (1, 7, 5_000):
        assert np.all(games_with(board, games, 0, rolls) == 23 - start)


def test_mid_group_finishes_under_the_extra_roll_rule():
    # A 2-sided die on a 2-square board: turn 1 ends on a 1 (square 1) or rolls again after a
    # 2 (a win: one turn); from square 1 a 1 wins, a 2 is lost and rolls again (exact rule).
    board = Board(end=2, die=2, extra_roll=True)
    for rolls in (1, 3, 8):
        turns = games_with(board, 100_000, rolls, rolls)
        assert turns.min() == 1 and abs(np.mean(turns == 1) - 0.5) < 4 * np.sqrt(0.25 / turns.size)
        assert_exact_distribution(board, turns)


def test_tables_stay_bounded_on_the_largest_boards():
    for end, die in ((100, 6), (1_000, 6), (10_000, 6), (100_000, 6), (100_000, 100), (12, 2)):
        k = choose_rolls(end, die)
        assert k == 1 or (end + 2 * k) * die**k <= TABLE_ENTRIES
    assert choose_rolls(100_000, 100) == 1 and choose_rolls(100, 6) == 3


def test_a_long_board_takes_thousands_of_turns_exactly():
    # 2,000 squares, one roll per draw or several: the mean is the exact expectation (4σ).
    board = Board(end=2_000, die=2, jumps=((1_990, 10),), width=50)
    exact = expected_from_start(board)
    for rolls in (None, 1):
        turns = games_with(board, 2_000, 5, rolls)
        assert turns.max() > 10_000
        assert abs(turns.mean() - exact) < 4 * turns.std() / np.sqrt(turns.size)
