"""Exact fractions under the bump rule: a rational system written from the rule's words (tiny
boards), the float joint chain (1e-12), and with the rule off the independent players' known
fraction, digit for digit."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp
from flint import fmpq, fmpq_mat

from chutes_tui.analysis.bump import bump_length, bump_odds
from chutes_tui.exact.bump import exact_bump, solve_exactly
from chutes_tui.exact.length import exact_bump_terms
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board
from tests.independent import bump_roll


def _by_the_rule(board, positions, to_move):
    """Seat 0's chance and the expected rolls from the rule's words: one exact linear equation
    per (a, b, seat to move), solved by FLINT's dense rational solver."""
    squares = [s for s in range(board.end) if board.is_standable(s)]
    states = [(a, b, t) for a in squares for b in squares for t in (0, 1)]
    index = {state: i for i, state in enumerate(states)}
    n = len(states)
    system = [[fmpq(0)] * n for _ in range(n)]
    wins = [[fmpq(0)] for _ in range(n)]
    rolls = [[fmpq(1)] for _ in range(n)]
    for i, (a, b, t) in enumerate(states):
        system[i][i] += 1
        for roll, chance in zip(board.die.values, board.die.chances, strict=True):
            p = fmpq(chance.numerator, chance.denominator)
            following = bump_roll(board, a, b, t, roll)
            if following is None:
                wins[i][0] += p * (t == 0)
            else:
                system[i][index[following]] -= p
    A = fmpq_mat(system)
    i = index[(*positions, to_move)]
    return A.solve(fmpq_mat(wins))[i, 0], A.solve(fmpq_mat(rolls))[i, 0]


def _tiny_boards():
    tiny = load_board("tiny-10").replace(bump=True)
    yield tiny
    yield tiny.replace(extra_roll=True)
    yield random_board(3, squares=16, ladders=2, chutes=2, end_rule="bounce").replace(bump=True)


@pytest.mark.parametrize("board", list(_tiny_boards()), ids=lambda b: f"{b.name}-{b.end_rule}-{b.extra_roll}")
def test_the_fractions_are_the_rules_own(board):
    late = max(s for s in range(board.end) if board.is_standable(s))
    for positions, to_move in (((board.start, board.start), 0), ((late, board.start), 1), ((2, late), 0)):
        if not all(board.is_standable(s) for s in positions):
            continue
        found = exact_bump(board, positions, to_move)
        win, rolls = _by_the_rule(board, positions, to_move)
        assert (found.first_seat_wins, found.expected_rolls) == (win, rolls)


@pytest.mark.xdist_group("standard-bump")
def test_the_standard_board_under_bump_agrees_with_the_float_chain(standard_under_bump_exactly):
    board = load_board("standard").replace(bump=True)
    found = standard_under_bump_exactly
    floats = bump_odds(board, (0, 0))
    assert abs(float(found.first_seat_wins) - floats.win[0]) <= 1e-12
    assert float(found.expected_rolls) == pytest.approx(floats.expected_rolls, rel=1e-12)
    assert float(found.expected_rounds) == pytest.approx(floats.expected_rounds, rel=1e-12)
    assert float(found.first_seat_wins) == pytest.approx(0.5054966532883990, abs=1e-15)
    assert len(str(found.first_seat_wins.q)) == 4836  # a fraction nobody had printed


@pytest.mark.parametrize(
    "board",
    [
        load_board("tiny-10"),
        random_board(7, squares=40, ladders=4, chutes=4),
        random_board(7, squares=60, ladders=5, chutes=6, end_rule="bounce"),
    ],
    ids=lambda board: f"{board.end}-{board.end_rule}",
)
def test_without_the_rule_it_is_the_independent_players_fraction(board):
    """Digit for digit (1,237 of them on 60 squares): the lifting's long fractions are the
    standard board's under the rule (above); here, 0.3 s instead of its 4."""
    assert exact_bump(board).first_seat_wins == exact_two_player(board).first_player


def test_the_lifting_solves_a_random_integer_system_exactly():
    rng = np.random.default_rng(5)
    size = 30
    dense = rng.integers(-3, 4, size=(size, size)) * (rng.random((size, size)) < 0.2)
    dense += np.diag(np.abs(dense).sum(axis=1) + 2)  # diagonally dominant: ‖M⁻¹‖∞ ≤ 1/2
    b = rng.integers(-50, 51, size=size)
    exact = fmpq_mat([[int(v) for v in row] for row in dense]).solve(fmpq_mat([[int(v)] for v in b]))
    for wanted in (0, 17):
        (found,) = solve_exactly(sp.csr_matrix(dense), [b], wanted, 0.5)
        assert found == Fraction(int(exact[wanted, 0].p), int(exact[wanted, 0].q))


def test_the_help_texts_figures_are_the_chains():
    from chutes_tui.analysis import build_chain, seat_odds
    from chutes_tui.model.rules import BUMP_EFFECT

    board = load_board("standard")
    plain, bump = seat_odds(build_chain(board), (0, 0)), bump_odds(board.replace(bump=True), (0, 0))
    figures = (
        f"{100 * (plain.win[0] - 0.5):.2f} to {100 * (bump.win[0] - 0.5):.2f} points",
        f"{100 * plain.win[0]:.3f} % to {100 * bump.win[0]:.3f} %",
        f"adds {bump.expected_rolls - plain.expected_total_moves:.1f} rolls",
        f"{plain.expected_total_moves:.2f} to {bump.expected_rolls:.2f}",
    )
    for figure in figures:
        assert figure in BUMP_EFFECT


def _enumerated_rolls(board, rolls):
    """P(the game ends on roll m), m ≤ rolls, by following every sequence of rolls."""
    law = [Fraction(0)] * (rolls + 1)
    frontier = {(board.start, board.start, 0): Fraction(1)}
    for m in range(1, rolls + 1):
        following: dict = {}
        for (a, b, t), chance in frontier.items():
            for roll, p in zip(board.die.values, board.die.chances, strict=True):
                state = bump_roll(board, a, b, t, roll)
                if state is None:
                    law[m] += chance * p
                else:
                    following[state] = following.get(state, 0) + chance * p
        frontier = following
    return law


def test_the_exact_length_terms_follow_every_roll_sequence():
    board = load_board("tiny-10").replace(bump=True)
    terms = exact_bump_terms(board, (0, 0), 6)
    assert [Fraction(int(v.p), int(v.q)) for v in terms.rolls] == _enumerated_rolls(board, 12)
    assert sum(terms.rounds[4:6]) == sum(terms.rolls[7:11])  # rounds 4-5: rolls 7-10


def test_the_exact_length_terms_are_the_float_laws():
    board = load_board("standard").replace(bump=True)
    terms, floats = exact_bump_terms(board, (0, 0), 25), bump_length(board, (0, 0))
    for exact, law in ((terms.rolls, floats.rolls), (terms.rounds, floats.rounds)):
        assert np.abs(np.array([float(v) for v in exact]) - law.pmf[: len(exact)]).max() <= 1e-15
