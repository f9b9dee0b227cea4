"""Seed 001's diagonal squares: its published bounds, the exact fraction they bracket, and the
picture's cells (the unit square's area, split by the diagonal)."""

from __future__ import annotations

import numpy as np
import pytest

from chutes_tui.exact.two_player import exact_two_player, seed_bounds
from chutes_tui.io.boardfile import load_board
from chutes_tui.research.diagonal import diagonal_report, exact_first


@pytest.fixture(scope="module")
def standard():
    return load_board("standard")


def test_the_seeds_bounds(standard):
    report = diagonal_report(standard)
    # "After move 9, ... between 50.0035% and 98.7157%"; "After move 100, the lower bound is
    # 50.7791999% and the upper bound is 50.8324577%" (the second as printed: cut, not rounded).
    assert [f"{100 * x:.4f}" for x in report.bounds(9)] == ["50.0035", "98.7157"]
    assert [f"{100 * x:.10f}"[:-3] for x in report.bounds(100)] == ["50.7791999", "50.8324577"]
    assert report.fewest == 7 and report.pmf[7] == pytest.approx(73 / 46656, rel=1e-13)


def test_the_bounds_bracket_the_exact_fraction_and_close_in(standard):
    report, exact = diagonal_report(standard), exact_two_player(standard).first_player
    gaps = []
    for turns in (7, 9, 20, 100, 300):
        lower, upper = seed_bounds(standard, turns)  # exact: the floats are these to 1e-15
        assert lower <= exact <= upper
        assert report.bounds(turns) == pytest.approx((float(lower), float(upper)), abs=1e-15)
        gaps.append(float(upper - lower))
    assert gaps == sorted(gaps, reverse=True) and gaps[-1] < 1e-9
    assert report.first_player == pytest.approx(float(exact), abs=1e-15)
    # "the exact probability, written as a percentage, starts with the digits 50.78027734609139%"
    assert exact_first(standard).decimal.startswith("0.5078027734609139")


def test_the_cells_are_the_joint_law(standard):
    report = diagonal_report(standard)
    cells = report.cells(0, report.last + 1)
    assert cells.sum() == pytest.approx(1.0, abs=1e-12)
    # Rows are player one's turn: player one wins above the diagonal (i < j) and on it.
    wins = np.triu(cells, 1).sum() + np.trace(cells)
    assert wins == pytest.approx(report.first_player, abs=1e-12)
    assert wins == pytest.approx(0.5 + 0.5 * np.trace(cells), abs=1e-12)
