"""Issue 23: a turn of probability flow is worked out only where the mass is (analysis/window.py).
The series, the flow and the moments must be what the whole product over every state gives: on
boards without jumps under each end rule (the series' worst case), and with jumps."""

from __future__ import annotations

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, single
from chutes_tui.analysis.flow import Flow
from chutes_tui.analysis.series import START_SERIES, StartSeries, start_series
from chutes_tui.analysis.window import turn_step, unit_window
from chutes_tui.io.boardfile import parse_board_text
from chutes_tui.model.generate import random_board


def _jumpless(squares: int, end_rule: str, die: str = "6") -> object:
    text = (
        f'name = "plain-{squares}-{end_rule}"\nsquares = {squares}\nend_rule = "{end_rule}"\ndie = "{die}"\n'
    )
    return parse_board_text(text, "plain.toml")


BOARDS = [
    *(_jumpless(squares, rule) for squares in (60, 1_000, 4_000) for rule in ("exact", "bounce", "reach")),
    _jumpless(700, "bounce", "2d6"),
    _jumpless(1_500, "reach", "100"),  # windows past window.SMALL_PRODUCT entries: scipy's product
    _jumpless(1_500, "bounce", "100"),
    random_board(5, squares=400, ladders=12, chutes=12),
    random_board(6, squares=300, ladders=8, chutes=8).replace(end_rule="bounce", extra_roll=True),
]


def _whole_products(
    chain, row: int, turns: int, keep: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The definition, over every state: u_{n+1} = Qᵀu_n, S(n) = Σ u_n, f(n+1) = r·u_n; the
    vectors u_n too if ``keep`` (12,000 turns of 4,000 states are 384 MB)."""
    transposed = chain.Q.T.tocsr()
    u = np.zeros(chain.size)
    u[row] = 1.0
    survival, pmf, vectors = [1.0], [0.0], [u]
    for _ in range(turns):
        pmf.append(float(chain.finish @ u))
        u = transposed @ u
        survival.append(float(u.sum()))
        if keep:
            vectors.append(u)
    return np.array(survival), np.array(pmf), np.array(vectors)


def _agree(found: np.ndarray, expected: np.ndarray) -> None:
    """Within 1e-12 of each value (subnormal ones, below 2.2e-308, have no digits to keep), and
    exactly zero where the value is (impossible turns)."""
    assert found.shape == expected.shape
    assert np.array_equal(found == 0.0, expected == 0.0)
    assert np.all(np.abs(found - expected) <= 1e-12 * expected + np.finfo(float).tiny)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
def test_the_series_is_the_whole_products(board):
    chain = build_chain(board)
    row = chain.row(board.start)
    series = StartSeries(chain, row)
    turns = 3 * board.end  # deep into the tail on every board here
    series.grow_to(turns)
    survival, pmf, _ = _whole_products(chain, row, turns)
    _agree(np.array(series.survival), survival)
    _agree(np.array(series.pmf), pmf)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
def test_a_distribution_is_the_whole_products(board):
    chain = build_chain(board)
    row = chain.row(board.start)
    survival, pmf = start_series(chain, row, 1e-15)
    whole_survival, whole_pmf, _ = _whole_products(chain, row, survival.size - 1)
    # Turns taken from the tail law once it is tight are the law's (to 1e-12 of themselves).
    kept = chain.memo.peek(START_SERIES.at(row))
    assert kept is not None
    summed = min(survival.size, len(kept.survival))
    _agree(survival[:summed], whole_survival[:summed])
    _agree(pmf[:summed], whole_pmf[:summed])
    assert np.allclose(survival, whole_survival, rtol=1e-9, atol=1e-30)


@pytest.mark.parametrize("board", BOARDS[:9:4] + BOARDS[-2:], ids=lambda b: b.name)
def test_the_flow_is_the_whole_products(board):
    chain = build_chain(board)
    row = chain.row(board.start)
    _, pmf, vectors = _whole_products(chain, row, 400, keep=True)
    flow = Flow(chain, board.start)
    for turns in (0, 1, 5, 17, 399, 64, 3):
        step = flow.at(turns)
        _agree(np.array([step.standing[int(square)] for square in chain.squares]), vectors[turns])
        assert step.finished == pytest.approx(min(pmf[: turns + 1].sum(), 1.0), rel=1e-12, abs=1e-15)


def test_a_turn_costs_the_states_holding_mass_not_the_board():
    board = _jumpless(20_000, "exact")
    chain = build_chain(board)
    step, u = turn_step(chain), unit_window(chain.row(board.start))
    widths = []
    for _ in range(2_000):
        u = step.advance(u)
        widths.append(u.values.size)
    # After n turns of a d6 a piece stands on n..6n; its mass fills no more than that.
    assert widths[0] == 6 and widths[9] == 51 and max(widths) < 10_001
    assert u.lo > 1_999 and u.total() == pytest.approx(1.0, abs=1e-12)


def test_a_long_board_without_jumps_solves_its_band_instead_of_summing_its_series(monkeypatch):
    """Past SOLVE_MAX_STATES a start's moments came from its series, which on a board without
    jumps never settles (its tail law waits for the last, subnormal mass to arrive): 131,072
    turns summed for nothing before the solve. A narrow band factorises at no cost."""
    monkeypatch.setattr(single, "SOLVE_MAX_STATES", 100)
    board = _jumpless(2_000, "exact")
    chain = build_chain(board)
    assert chain.band == 6
    mean, sd = single.moments_from(chain, chain.row(board.start))
    assert not chain.memo.has(START_SERIES.at(chain.row(board.start)))
    # A d6 under the exact rule: (end + 100/6)/3.5 turns from square 0 (6,100/21 on 1,000 squares).
    assert mean == pytest.approx(12_100 / 21, rel=1e-12)
    assert sd == pytest.approx(12.874767461825577, rel=1e-10)
