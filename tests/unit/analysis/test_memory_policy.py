"""Keeping every state's curves only where they fit (issue 13: a 1,000-square board with
5,000-turn games took 7.7 GiB), and the same odds either way."""

import pytest

from chutes_tui.analysis import build_chain, multi, seat_odds
from chutes_tui.analysis.multi import (
    ALL_CURVES,
    all_curves,
    curves_affordable,
    curves_horizon,
    two_player_probability,
)
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board


@pytest.mark.parametrize("name", ["standard", "classic-1952", "standard-bounce", "tiny-10"])
def test_the_horizon_estimate_covers_the_turns_the_curves_need(name):
    chain = build_chain(load_board(name))
    assert curves_affordable(chain)
    assert curves_horizon(chain) >= all_curves(chain).survival.shape[1] - 1


@pytest.mark.parametrize("positions", [(0, 0), (30, 50), (99, 0), (0, 0, 0), (12, 81, 47, 3)])
def test_odds_from_the_players_own_curves_equal_odds_from_every_states(standard, positions, monkeypatch):
    kept = seat_odds(build_chain(standard), list(positions), 1 % len(positions))
    fresh = build_chain(standard.replace(name="a copy"))  # its own chain: nothing kept yet
    monkeypatch.setattr(multi, "CURVES_MAX_VALUES", 0)
    assert not curves_affordable(fresh)
    alone = seat_odds(fresh, list(positions), 1 % len(positions))
    assert alone.win == pytest.approx(kept.win, abs=1e-12)
    assert alone.expected_rounds == pytest.approx(kept.expected_rounds, abs=1e-10)
    assert alone.expected_total_moves == pytest.approx(kept.expected_total_moves, abs=1e-10)
    assert not fresh.memo.has(ALL_CURVES)
    if len(positions) == 2:
        mover, other = positions[1], positions[0]  # seat 1 moves
        assert two_player_probability(fresh, mover, other) == pytest.approx(kept.win[1], abs=1e-12)


def test_a_long_board_does_not_keep_every_state_curve():
    board = random_board(7, squares=1000, ladders=30, chutes=30)
    chain = build_chain(board)
    assert not curves_affordable(chain)
    with pytest.raises(ValueError, match="too large"):
        multi.two_player_table(chain)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_closed_form_tail_equals_the_whole_series(players, seed, monkeypatch):
    """Issue 13: beyond the turn where the growth brackets are tight the sums are taken in
    closed form; on boards where the plain series also finishes, both agree to 1e-12."""
    from chutes_tui.analysis.series import StartSeries

    board = random_board(seed, squares=150, ladders=8, chutes=12)
    starts = [board.start, 7, 40, 95][:players]
    monkeypatch.setattr(multi, "CURVES_MAX_VALUES", 0)  # the players' own series, with the tail
    closed = seat_odds(build_chain(board), starts, 1)
    monkeypatch.setattr(StartSeries, "tail_law", lambda self, turn=None: None)  # the series to the old bound
    whole = seat_odds(build_chain(board.replace(name="again")), starts, 1)
    assert closed.win == pytest.approx(whole.win, abs=1e-12)
    assert closed.expected_rounds == pytest.approx(whole.expected_rounds, rel=1e-12)
    assert closed.expected_total_moves == pytest.approx(whole.expected_total_moves, rel=1e-12)


def test_the_closed_form_stops_the_series_early_on_a_long_board():
    from chutes_tui.analysis.series import series_from

    board = random_board(7, squares=1000, ladders=30, chutes=30)
    chain = build_chain(board)
    seat_odds(chain, [board.start, board.start])
    turns = len(series_from(chain, chain.row(board.start)).survival) - 1
    assert turns < 5_000  # 1,600 with the extended-precision tail law; the old bound needed 115,663
