"""Dice other than one fair die, exactly: the exact chain uses each move's rational chance, and
agrees with the float chain, an independent Gauss-Jordan and brute-force enumeration."""

import math
from fractions import Fraction

import pytest

from chutes_tui.analysis import build_chain, expected_from_start, seat_odds
from chutes_tui.exact.chain import exact_expected_turns
from chutes_tui.exact.length import exact_terms
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.model.board import Board
from chutes_tui.model.dice import Dice
from tests.independent import brute_force_pmf, reference_expected_turns

DICE = {
    "2d6 reach": ("2d6", {"end_rule": "reach"}),
    "spinner": ("1,2,3,0,1,0.5", {}),
    "spinner extra roll": ("1,2,3,0,1,0.5", {"extra_roll": True}),
    "fine spinner bounce": ("0.123456789,1,2", {"end_rule": "bounce"}),
}


@pytest.fixture(scope="module", params=sorted(DICE))
def board(request, standard):
    dice, rules = DICE[request.param]
    return standard.replace(die=Dice.parse(dice), **rules)


def test_exact_and_float_expected_turns_agree(board):
    exact = exact_expected_turns(board)
    assert math.isclose(float(exact), expected_from_start(board), rel_tol=1e-12)


def test_exact_and_float_two_player_odds_agree(board):
    first = exact_two_player(board).first_player
    assert math.isclose(float(first), seat_odds(build_chain(board), [0, 0]).win[0], rel_tol=1e-12)


def test_the_exact_chain_weighs_moves_by_their_rational_chances():
    # 30 squares, a ladder and a chute: small enough for Gauss-Jordan over Fractions.
    for dice in ("2d3", "3,0,1,0.25"):
        board = Board(end=30, die=Dice.parse(dice), jumps=((3, 17), (26, 5)), end_rule="reach")
        exact = exact_expected_turns(board)
        assert Fraction(int(exact.p), int(exact.q)) == reference_expected_turns(board)[0]


@pytest.mark.parametrize(
    "board",
    [
        Board(end=12, die=Dice.parse("2d3"), jumps=((4, 9), (11, 2)), end_rule="bounce"),
        Board(end=10, die=Dice.parse("1,0,2,0.5"), jumps=((3, 8), (9, 1)), width=5),
        Board(end=9, die=Dice.parse("3d2"), jumps=((5, 2),), end_rule="reach", width=3),
    ],
    ids=["2d3 bounce", "spinner exact", "3d2 reach"],
)
def test_brute_force_enumeration_agrees_with_the_chain(board):
    turns = 4
    brute = brute_force_pmf(board, turns)
    exact = exact_terms(board, [board.start], turns).turns
    assert [Fraction(int(x.p), int(x.q)) for x in exact[1:]] == brute[1:]
    assert sum(brute) > 0
