"""The shortest and the most likely game, against enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.length import game_length
from chutes_tui.analysis.paths import paths_report
from chutes_tui.model.generate import random_board


def test_the_1952_board_shortest_game(classic):
    report = paths_report(classic)
    # VanderPlas (2017): the shortest game is 7 turns, with probability 47/31104 = 423 / 6^7.
    assert report.fewest_turns == 7
    assert report.shortest_probability == Fraction(47, 31104)
    assert report.shortest_sequences == 423
    assert report.shortest_chance == pytest.approx(47 / 31104, rel=1e-12)


def _enumerated(board, turns):
    """Roll sequences of ``turns`` rolls that finish exactly on the last one."""
    count = 0
    for faces in itertools.product(range(board.die.sides), repeat=turns):
        square = board.start
        for k, face in enumerate(faces, start=1):
            square = int(board.roll_table[square, face])
            if square == board.end:
                count += k == turns
                break
    return count


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shortest_games_counted_by_enumeration(seed):
    board = random_board(seed, squares=30, ladders=3, chutes=3, die=4)
    report = paths_report(board)
    fewest = report.fewest_turns
    assert fewest == 1 or _enumerated(board, fewest - 1) == 0
    assert report.shortest_sequences == _enumerated(board, fewest)
    assert report.shortest_probability == Fraction(report.shortest_sequences, board.die.sides**fewest)
    law = game_length(build_chain(board), [board.start]).turns
    assert float(report.shortest_probability) == pytest.approx(law.pmf[fewest], rel=1e-12)
    assert law.pmf[:fewest].sum() == 0.0
    # the first example replays to the end in exactly the fewest turns
    square = board.start
    for roll in report.example_rolls:
        square = int(board.roll_table[square, roll - 1])
    assert square == board.end and len(report.example_rolls) == fewest


@pytest.mark.parametrize("seed", [4, 5])
def test_most_likely_route_beats_every_enumerated_route(seed):
    board = random_board(seed, squares=16, ladders=2, chutes=2, die=3)
    chain = build_chain(board)
    Q = chain.Q.toarray()
    report = paths_report(board)
    best = 0.0
    frontier = {chain.row(board.start): 1.0}
    for _ in range(12):  # routes of up to 12 turns, best chance to each state at each length
        best = max(best, max(p * chain.finish[i] for i, p in frontier.items()))
        following: dict[int, float] = {}
        for i, p in frontier.items():
            for j in range(chain.size):
                if Q[i, j] > 0:
                    following[j] = max(following.get(j, 0.0), p * Q[i, j])
        frontier = following
    assert report.likely_probability == pytest.approx(best, rel=1e-12)
    squares = report.likely_squares
    assert squares[0] == board.start and squares[-1] == board.end
    chance = 1.0
    for a, b in itertools.pairwise(squares):
        i = chain.row(a)
        chance *= chain.finish[i] if b == board.end else Q[i, chain.row(b)]
    assert chance == pytest.approx(report.likely_probability, rel=1e-12)


def test_extra_roll_has_no_count_but_a_probability(standard):
    report = paths_report(standard.replace(extra_roll=True))
    assert report.fewest_turns == 1 and report.shortest_sequences is None
    assert report.shortest_chance > 0
