"""The bundled Leela board (Harish Johari, 1975): its transcription as the sources give it, and its
figures (expected turns; the first of two players' chance) exact, in floats and by Monte Carlo,
and, without the six's extra roll, against an independent solve of the book's board."""

from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, expected_turns, two_player_table
from chutes_tui.exact.chain import exact_expected_turns
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.rules import EndRule
from chutes_tui.sim.montecarlo import diagonal_estimate, simulate_turns
from tests.unit.model.test_turns import _solve

# The book's commentaries, square by square (arrows, then snakes: tail → head).
ARROWS = {10: 23, 17: 69, 20: 32, 22: 60, 27: 41, 28: 50, 37: 66, 45: 67, 46: 62, 54: 68}
SNAKES = {12: 8, 16: 4, 24: 7, 29: 6, 44: 9, 52: 35, 55: 3, 61: 13, 63: 2, 72: 51}
EXPECTED_TURNS = Fraction(
    2684214406538481019693459191625618282, 69705409730129283285225978678771837
)  # 38.5079783180481504609…
FIRST_OF_TWO = 0.50713343423769971164797613281343613559976174590064


def test_leela_is_bundled_with_the_books_rules():
    assert "leela" in bundled_board_names()
    board = load_board("leela")
    assert (board.end, board.goal_square, board.start, board.width) == (72, 68, 0, 9)
    assert board.end_rule is EndRule.EXACT and board.extra_roll and not board.sum_rolls
    assert board.enter_faces == (6,) and board.streak_limit is None
    assert dict(board.ladders) == ARROWS and dict(board.chutes) == SNAKES
    for cited in ("1975", "thelifeartist.org", "gHashTag/leela", "caminhos-hekate", "three sixes"):
        assert cited in board.description


def test_its_figures_exact_and_in_floats_agree():
    board = load_board("leela")
    exact = exact_expected_turns(board)
    assert Fraction(int(exact.p), int(exact.q)) == EXPECTED_TURNS
    chain = build_chain(board)
    assert float(expected_turns(chain)[chain.row(0)]) == pytest.approx(float(EXPECTED_TURNS), rel=1e-12)
    first = exact_two_player(board).first_player
    assert float(first) == pytest.approx(FIRST_OF_TWO, abs=1e-15)
    assert two_player_table(chain).first_player == pytest.approx(FIRST_OF_TWO, abs=1e-12)


def test_monte_carlo_agrees_within_four_standard_errors():
    board = load_board("leela")
    turns = simulate_turns(board, 200_000, np.random.default_rng(26))
    error = turns.std() / np.sqrt(turns.size)
    assert abs(turns.mean() - float(EXPECTED_TURNS)) < 4 * error
    # The pairing estimate of the first of two players' chance: every game against every other.
    first = diagonal_estimate(turns)
    assert abs(first - FIRST_OF_TWO) < 4 * 0.5 / np.sqrt(turns.size)


def _independent_throws() -> Fraction:
    """Expected throws to finish from unborn, each throw moving on its own (a 6 enters on 6;
    a throw past 72 is lost; 68 wins), by Gauss-Jordan elimination over fractions: the book's
    board written out again here, sharing nothing with the package (from the bundled file's
    side: tests/unit/model/test_turns.py checks the turn laws of a board built in Python)."""
    jumps = {**ARROWS, **SNAKES}
    states = [0, *(s for s in range(1, 73) if s not in jumps and s != 68)]
    where = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows = [[Fraction(0)] * n + [Fraction(1)] for _ in range(n)]
    for s in states:
        row = rows[where[s]]
        row[where[s]] += 1
        for face in range(1, 7):
            if s == 0:
                to = 6 if face == 6 else 0
            else:
                to = s + face if s + face <= 72 else s
                to = jumps.get(to, to)
            if to != 68:
                row[where[to]] -= Fraction(1, 6)
    return _solve(rows)[where[0]]


def test_without_the_extra_roll_a_turn_is_a_throw_as_an_independent_solve_says():
    expected = _independent_throws()
    assert float(expected) == pytest.approx(46.05031544713851539, rel=1e-15)
    exact = exact_expected_turns(load_board("leela").replace(extra_roll=False))
    assert Fraction(int(exact.p), int(exact.q)) == expected
