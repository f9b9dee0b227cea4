"""The series' tail law (issue 13): a proven enclosure of every later term, and what it buys --
moments without a solve, far percentiles without the far series, seat odds in closed form."""

import math

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, finishing_distribution
from chutes_tui.analysis.multi import _fewest_turns, expected_turns
from chutes_tui.analysis.series import StartSeries, series_from, series_moments
from chutes_tui.analysis.single import sd_turns
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board

BOARDS = [
    random_board(1, squares=150, ladders=8, chutes=12),
    random_board(2, squares=400, ladders=12, chutes=12),
    random_board(3, squares=300, ladders=5, chutes=20).replace(end_rule="bounce"),
    random_board(4, squares=200, ladders=10, chutes=10).replace(extra_roll=True),
]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
def test_every_later_term_lies_inside_the_enclosure(board):
    chain = build_chain(board)
    series = StartSeries(chain, chain.row(board.start))
    series.grow_to(3000)
    law = series.tail_law()
    assert law is not None and 0 < law.low <= law.high < 1
    series.grow_to(3000 + 2000)
    for t in (0, 1, 10, 500, 2000):
        survival, pmf = series.survival[3000 + t], series.pmf[3001 + t] if t < 2000 else None
        slow, fast = math.exp(t * math.log1p(-law.low)), math.exp(t * math.log1p(-law.high))
        assert law.survival * fast * (1 - 1e-12) <= survival <= law.survival * slow * (1 + 1e-12)
        if pmf is not None:
            assert law.following * fast * (1 - 1e-12) <= pmf <= law.following * slow * (1 + 1e-12)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
def test_moments_from_the_tail_law_equal_the_linear_solves(board):
    chain = build_chain(board)
    for square in (board.start, 37, 101):
        row = chain.row(square) if chain.index[square] >= 0 else chain.row(board.start)
        found = series_moments(chain, row)
        assert found is not None
        mean, second = found
        assert mean == pytest.approx(expected_turns(chain)[row], rel=1e-12)
        assert math.sqrt(second - mean * mean) == pytest.approx(sd_turns(chain)[row], rel=1e-10)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
def test_a_distribution_continued_by_its_tail_law_equals_the_whole_series(board, monkeypatch):
    continued = finishing_distribution(build_chain(board), board.start)
    fresh = build_chain(board.replace(name="again"))
    monkeypatch.setattr(StartSeries, "tail_law", lambda self: None)
    whole = finishing_distribution(fresh, board.start)
    assert continued.survival.size < whole.survival.size + 5  # the same end, give or take rounding
    size = min(continued.pmf.size, whole.pmf.size)
    assert np.allclose(continued.pmf[:size], whole.pmf[:size], rtol=1e-9, atol=0)
    for q in (0.05, 0.5, 0.9, 0.99, 0.999999):
        assert continued.quantile(q) == whole.quantile(q)


def test_a_long_board_continues_its_series_by_the_law():
    board = random_board(7, squares=1000, ladders=30, chutes=30)
    chain = build_chain(board)
    dist = finishing_distribution(chain, board.start)
    summed = series_from(chain, chain.row(board.start)).turn
    assert summed < 5_000 < dist.pmf.size  # ~2,300 turns summed; 175,000 turns of distribution
    assert dist.pmf.sum() == pytest.approx(1.0, abs=1e-12)
    assert float(np.dot(np.arange(dist.pmf.size), dist.pmf)) == pytest.approx(dist.mean, rel=1e-10)


def test_fewest_turns_is_a_breadth_first_search():
    chain = build_chain(load_board("standard"))
    assert _fewest_turns(chain) == 7  # the famous 7-turn game; no square needs more at best
    assert _fewest_turns(chain) <= expected_turns(chain).max()
