import numpy as np
import pytest

from chutes_tui.analysis import build_chain, expected_from_start, finishing_distribution, seat_odds
from chutes_tui.io.boardfile import load_board
from chutes_tui.sim.montecarlo import diagonal_estimate, simulate_turns, summarize


def test_a_million_games_agree_with_the_chain_within_4_sigma(standard):
    turns = simulate_turns(standard, 1_000_000, np.random.default_rng(2024))
    summary = summarize(turns)
    exact = finishing_distribution(build_chain(standard), 0)
    assert abs(summary.mean - exact.mean) < 4 * summary.standard_error
    assert summary.sd == pytest.approx(exact.sd, rel=0.01)
    assert turns.min() == 7
    # Every finishing turn's frequency agrees with the pmf (4σ, where there is mass).
    counts = np.bincount(turns, minlength=60)[:60] / turns.size
    sigma = np.sqrt(exact.pmf[:60] * (1 - exact.pmf[:60]) / turns.size)
    assert np.all(np.abs(counts - exact.pmf[:60]) <= 4 * sigma + 1e-12)


@pytest.mark.parametrize("name", ["standard-reach", "standard-bounce", "tiny-10"])
def test_other_rules_agree_too(name):
    board = load_board(name)
    turns = simulate_turns(board, 200_000, np.random.default_rng(7))
    summary = summarize(turns)
    assert abs(summary.mean - expected_from_start(board)) < 4 * summary.standard_error


def test_extra_roll_rule_counts_turns_not_rolls(standard):
    board = standard.replace(extra_roll=True)
    summary = summarize(simulate_turns(board, 300_000, np.random.default_rng(3)))
    assert abs(summary.mean - expected_from_start(board)) < 4 * summary.standard_error


def test_seats_and_diagonal_estimator(standard):
    turns = simulate_turns(standard, 900_000, np.random.default_rng(11))
    wins = summarize(turns, players=3).seat_wins
    exact = seat_odds(build_chain(standard), [0, 0, 0]).win
    games = sum(wins)
    for count, p in zip(wins, exact, strict=True):
        assert abs(count / games - p) < 4 * np.sqrt(p * (1 - p) / games)
    first = seat_odds(build_chain(standard), [0, 0]).win[0]
    assert abs(diagonal_estimate(turns) - first) < 5e-4


def test_reproducible_by_seed(standard):
    a = simulate_turns(standard, 10_000, np.random.default_rng(5))
    b = simulate_turns(standard, 10_000, np.random.default_rng(5))
    assert np.array_equal(a, b)
