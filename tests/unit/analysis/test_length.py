"""The game-length laws: published figures, the seat-odds series, exact first terms, brute-force
enumeration and Monte Carlo."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from flint import fmpq

from chutes_tui.analysis import build_chain, seat_odds
from chutes_tui.analysis.length import game_length
from chutes_tui.analysis.single import moments_from
from chutes_tui.exact.length import exact_terms
from chutes_tui.model.rules import move
from chutes_tui.sim.montecarlo import simulate_turns


def test_the_1952_board_published_figures(classic):
    law = game_length(build_chain(classic), [0]).turns
    # VanderPlas (2017): P(T = 7) = 47/31104, the earliest a game can end.
    assert law.minimum == 7 and law.pmf[7] == pytest.approx(47 / 31104, rel=1e-12)
    assert exact_terms(classic, [0], 8).turns[7] == fmpq(47, 31104)
    # Pinna (2019): skewness 1.822 and kurtosis 8.216 (the fourth standardised moment).
    assert round(law.skewness, 3) == 1.822 and round(law.kurtosis, 3) == 8.216
    mean, sd = moments_from(build_chain(classic), 0)
    assert law.mean == pytest.approx(mean, rel=1e-12)
    assert law.sd == pytest.approx(sd, rel=1e-11)


@pytest.mark.parametrize(("players", "spins"), [(2, 88), (3, 103), (4, 117)])
def test_broman_90th_percentile_of_total_spins(standard, players, spins):
    """Broman (2013): 90% of standard-board games end within 88/103/117 spins by everyone."""
    assert game_length(build_chain(standard), [0] * players).rolls.quantile(0.9) == spins


@pytest.mark.parametrize("players", [2, 3, 5])
def test_rounds_and_rolls_agree_with_the_seat_odds_series(standard, players):
    chain = build_chain(standard)
    length = game_length(chain, [0] * players)
    odds = seat_odds(chain, [0] * players)
    assert length.rounds.mean == pytest.approx(odds.expected_rounds, rel=1e-12)
    assert length.rolls.mean == pytest.approx(odds.expected_total_moves, rel=1e-12)
    for law in (length.rounds, length.rolls):
        assert law.pmf.sum() == pytest.approx(1.0, abs=1e-12)
        assert np.allclose(law.cdf + law.survival, 1.0, atol=1e-12)
    # Move j of a round ends the game only as seat j's win: summed, they are the seat odds.
    k = players
    wins = [length.rolls.pmf[1 + j :: k].sum() for j in range(k)]
    assert np.allclose(wins, odds.win, atol=1e-12)


def test_from_positions_with_another_seat_to_move(standard):
    chain = build_chain(standard)
    length = game_length(chain, [40, 90, 12], to_move=1)
    odds = seat_odds(chain, [40, 90, 12], to_move=1)
    assert length.rolls.mean == pytest.approx(odds.expected_total_moves, rel=1e-12)
    assert game_length(chain, [100, 3]).rolls.mean == 0.0


@pytest.mark.parametrize("players", [1, 2, 3])
def test_exact_first_terms_match_the_floats(standard, players):
    length = game_length(build_chain(standard), [0] * players)
    terms = exact_terms(standard, [0] * players, 12)
    for key in ("turns", "rounds", "rolls"):
        law, exact = getattr(length, key), getattr(terms, key)
        if law is None:
            assert exact is None
            continue
        values = [float(x.p) / float(x.q) for x in exact]
        assert np.allclose(values, law.pmf[: len(values)], rtol=1e-12, atol=0)


def test_brute_force_enumeration_on_the_tiny_board(tiny):
    """Every sequence of rolls of two players for three rounds, counted by hand."""
    k, rounds = 2, 3
    length = game_length(build_chain(tiny), [0] * k)
    ends = np.zeros(k * rounds + 1)
    d = tiny.die.sides
    for faces in itertools.product(range(1, d + 1), repeat=k * rounds):
        squares = [0] * k
        for m, face in enumerate(faces, start=1):
            seat = (m - 1) % k
            squares[seat] = move(tiny, squares[seat], face).final
            if squares[seat] == tiny.end:
                ends[m] += 1.0 / d ** len(faces)
                break
    assert np.allclose(ends, length.rolls.pmf[: ends.size], atol=1e-15)


def test_monte_carlo_within_four_sigma(standard):
    rng = np.random.default_rng(2026)
    games = 200_000
    turns = simulate_turns(standard, games, rng)
    law = game_length(build_chain(standard), [0]).turns
    counts = np.bincount(turns, minlength=law.pmf.size)[: law.pmf.size]
    for n in (7, 20, 40, 80):
        p = law.pmf[n]
        sigma = np.sqrt(games * p * (1 - p))
        assert abs(counts[n] - games * p) < 4 * sigma
    assert abs(turns.mean() - law.mean) < 4 * law.sd / np.sqrt(games)
    third = ((turns - turns.mean()) ** 3).mean() / turns.std() ** 3
    assert third == pytest.approx(law.skewness, abs=0.05)


def test_a_ten_thousand_square_board_in_bounded_time():
    from chutes_tui.model.generate import random_board

    board = random_board(7, squares=10_000, ladders=300, chutes=300)
    length = game_length(build_chain(board), [board.start] * 2)
    odds = seat_odds(build_chain(board), [board.start] * 2)
    assert length.rolls.mean == pytest.approx(odds.expected_total_moves, rel=1e-9)
    assert length.rounds.quantile(0.5) < length.rounds.quantile(0.99)


@pytest.mark.parametrize(("players", "rounds", "moves"), [(1, 500, None), (2, 500, 999), (3, 500, 1498)])
def test_the_fewest_turns_of_a_long_board_are_counted_not_read_off_the_pmf(players, rounds, moves):
    """3,000 squares without jumps: 500 sixes finish, but 6⁻⁵⁰⁰ underflows, so the pmf's first
    term above zero comes later (509 turns)."""
    from chutes_tui.model.board import Board

    board = Board(end=3000, jumps=(), name="long")
    length = game_length(build_chain(board), [board.start] * players)
    law = length.turns if players == 1 else length.rounds
    assert law.minimum == rounds and int(np.flatnonzero(law.pmf > 0)[0]) > rounds
    if moves is not None:  # the first seat finishing at its 500th turn: move K·499 + 1
        assert length.rolls.minimum == moves
