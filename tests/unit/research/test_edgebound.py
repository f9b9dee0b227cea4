"""The least first-player edge at a given spread (research/edgebound.py): it holds on every
bundled board, on random boards and on random integer laws, and two players' is nearly attained."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.multi import first_seat_chances
from chutes_tui.analysis.single import moments_from
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.generate import random_board
from chutes_tui.research.edgebound import edge_bound, tie_bound

PLAYERS = (2, 3, 4, 6, 12)


def law_edge(pmf: np.ndarray, players: int) -> float:
    """``P(seat 1 wins) - 1/K`` for K seats finishing on i.i.d. turns of law ``pmf``, straight
    from the definition: ``Σₙ p(n) P(T ≥ n)^(K-1)``."""
    at_least = pmf[::-1].cumsum()[::-1]  # P(T ≥ n)
    return float(np.dot(pmf, at_least ** (players - 1))) - 1 / players


def law_sd(pmf: np.ndarray) -> float:
    n = np.arange(pmf.size)
    mean = float(np.dot(n, pmf))
    return math.sqrt(max(float(np.dot((n - mean) ** 2, pmf)), 0.0))


def board_edges(board):
    chain = build_chain(board)
    sd = moments_from(chain, chain.row(board.start))[1]
    return sd, {k: float(first_seat_chances([chain], k)[0]) - 1 / k for k in PLAYERS}


def test_two_players_bound_is_hodges_and_lehmanns_closed_form():
    for sd in (0.0, 0.5, 3.0, 25.6):
        assert tie_bound(sd) == pytest.approx(3 / (5 * math.sqrt(5) * math.sqrt(sd * sd + 1 / 12)), rel=1e-15)
        assert edge_bound(sd, 2) == pytest.approx(tie_bound(sd) / 2, rel=1e-15)
    # The standard board's figures (README, design --help): 0.524 % at sd 25.6025.
    assert edge_bound(25.602516165672927, 2) == pytest.approx(0.0052399362, abs=1e-10)


@pytest.mark.parametrize("name", bundled_board_names())
def test_the_bound_holds_on_every_bundled_board(name):
    sd, edges = board_edges(load_board(name))
    for k, edge in edges.items():
        assert edge >= edge_bound(sd, k), (name, k, edge, edge_bound(sd, k))
    # Two players: the bound is within a factor of two of the edge on every bundled board.
    assert edges[2] <= 2 * edge_bound(sd, 2)


def test_the_standard_boards_edge_against_the_bound(standard):
    """The figures the report gives: 0.780 % against 0.524 % (two thirds of it)."""
    sd, edges = board_edges(standard)
    assert sd == pytest.approx(25.6025162, abs=1e-6)
    assert edges[2] == pytest.approx(0.0078027734609, abs=1e-12)
    assert edges[2] / edge_bound(sd, 2) == pytest.approx(1.489, abs=1e-3)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), squares=st.integers(12, 120), jumps=st.integers(0, 8))
def test_the_bound_holds_on_random_boards(seed, squares, jumps):
    ladders = min(jumps, (squares - 1) // 4)
    board = random_board(seed, squares=squares, ladders=ladders, chutes=ladders)
    sd, edges = board_edges(board)
    for k, edge in edges.items():
        assert edge >= edge_bound(sd, k) - 1e-15, (k, edge, edge_bound(sd, k))


@settings(max_examples=200, deadline=None)
@given(
    weights=st.lists(st.floats(0, 1), min_size=1, max_size=60).filter(lambda w: sum(w) > 1e-3),
    players=st.sampled_from(PLAYERS),
)
def test_the_bound_holds_on_random_integer_laws(weights, players):
    pmf = np.array(weights) / sum(weights)
    assert law_edge(pmf, players) >= edge_bound(law_sd(pmf), players) - 1e-12


def parabola(a: float) -> np.ndarray:
    n = np.arange(-math.ceil(a), math.ceil(a) + 1)
    pmf = np.maximum(a * a - n * n, 0.0)
    return pmf / pmf.sum()


@pytest.mark.parametrize(("a", "within"), [(3, 0.025), (10, 0.0025), (40, 0.0002)])
def test_a_discrete_parabola_nearly_attains_the_two_player_bound(a, within):
    pmf = parabola(a)
    ties = float(np.dot(pmf, pmf))
    bound = tie_bound(law_sd(pmf))
    assert bound <= ties <= bound * (1 + within)
    assert law_edge(pmf, 2) == pytest.approx(ties / 2, rel=1e-12)


def test_a_flat_law_stays_well_above_the_bound():
    """Uniform laws tie more often than the parabola at the same spread (by 1/√12 against
    3/(5√5) of 1/σ: 7.6 % more), so the bound is not met by any flat shape."""
    for width in (7, 21, 61):
        pmf = np.full(width, 1 / width)
        ratio = float(np.dot(pmf, pmf)) / tie_bound(law_sd(pmf))
        assert ratio > 1.03


def test_more_players_bound_is_weaker_but_positive_and_falls_with_the_spread():
    for k in PLAYERS[1:]:
        values = [edge_bound(sd, k) for sd in (1, 5, 25, 100)]
        assert all(v > 0 for v in values) and values == sorted(values, reverse=True)
        assert edge_bound(25, k) < edge_bound(25, 2)
