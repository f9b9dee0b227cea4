"""Extreme but valid boards: every engine gives finite answers, and they agree."""

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, finishing_distribution, seat_odds, two_player_table
from chutes_tui.analysis.reports import inspect_square
from chutes_tui.exact import exact_expected_turns, exact_two_player
from chutes_tui.model.board import Board
from chutes_tui.model.generate import random_board
from chutes_tui.model.rules import EndRule
from chutes_tui.sim.montecarlo import simulate_turns, summarize

EXTREME = {
    "die 1": Board(end=20, die=1),
    "die 1 with a ladder": Board(end=20, die=1, jumps=((3, 15),)),
    "die 20": Board(end=100, die=20, jumps=((5, 60), (70, 12))),
    "die 50, reach": Board(end=30, die=50, end_rule=EndRule.REACH),
    "two squares": Board(end=2, die=6),
    "one square": Board(end=1, die=6),
    "two squares, bounce": Board(end=2, die=2, end_rule=EndRule.BOUNCE),
    "all squares but one are jumps": Board(end=12, die=6, jumps=tuple((s, 12) for s in range(1, 11))),
    "dense random": random_board(3, squares=60, ladders=12, chutes=12),
    "start on the board": Board(end=30, die=6, start=5, jumps=((10, 2), (3, 20))),
}


@pytest.mark.parametrize("board", EXTREME.values(), ids=EXTREME.keys())
def test_every_engine_answers_and_they_agree(board):
    chain = build_chain(board)
    dist = finishing_distribution(chain, board.start)
    assert np.isfinite(dist.mean) and dist.mean >= 1
    assert abs(float(exact_expected_turns(board)) - dist.mean) < 1e-9 * max(1, dist.mean)
    first = two_player_table(chain).first_player
    assert abs(float(exact_two_player(board).first_player) - first) < 1e-12
    odds = seat_odds(chain, [board.start] * 3)
    assert sum(odds.win) == pytest.approx(1.0, abs=1e-12)
    summary = summarize(simulate_turns(board, 40_000, np.random.default_rng(1)))
    if summary.sd > 0:
        assert abs(summary.mean - dist.mean) < 4.5 * summary.standard_error
    else:
        assert summary.mean == dist.mean  # deterministic games
    report = inspect_square(board, board.start, opponent=board.start)
    assert report.expected_turns == pytest.approx(dist.mean)
