"""Two players with decisions: value iteration against brute force over every pair of
stationary policies of tiny boards, the exact evaluation of the policy found, and Monte Carlo
games of the optimal policies (one player's mean turns, two players' wins) within 4σ."""

from itertools import product

import numpy as np
import pytest

from chutes_tui.analysis import duel
from chutes_tui.analysis.choices import choices
from chutes_tui.exact.choices import policy_iteration
from chutes_tui.exact.duel import exact_duel
from chutes_tui.model.board import Board
from chutes_tui.sim.choices import first_wins, turns
from tests.unit.analysis.maxmin import max_min

# Every pair of policies ends the game here: a pair that may go on for ever (under the bump rule
# two players may send each other back for good) has no win chance of the table's form.
TINY = [Board(2, dice_choice=((1,), (1, 2))), Board(2, dice_choice=((1,), (0, 2)), end_rule="reach")]
GAME = Board(
    30, jumps=((3, 12), (8, 20), (17, 4), (25, 10), (22, 28)), dice_choice=((1, 2, 3), (0, 4, 4), (2, 2, 6))
)


def every_policy(model):
    n, dice = model.n, len(model.dice)
    for dies in product(range(dice), repeat=n * n):
        yield duel.DuelPolicy(
            np.array(dies).reshape(n, n), np.zeros((n, n, dice, model.faces.shape[1]), dtype=int)
        )


@pytest.mark.parametrize("board", TINY, ids=["exact", "reach"])
def test_value_iteration_is_the_max_min_over_every_pair_of_policies(board):
    model = choices(board)
    table, _ = duel.value_iteration(model)
    policies = list(every_policy(model))
    assert len(policies) == 16
    s = model.start
    best = max_min(model, policies)
    assert table[s, s] == pytest.approx(best, abs=1e-11)
    assert 0.5 < best < 1
    assert table[s, s] == pytest.approx([0.75, 2 / 3][TINY.index(board)])  # worked out by hand


def solved(board):
    model = choices(board)
    table, _ = duel.value_iteration(model)
    length = duel.lifted(policy_iteration(model).policy, model.n)
    return model, table, duel.greedy(model, table, length), length


@pytest.mark.parametrize(
    "board", [GAME, GAME.replace(dice_choice=(), after_roll="flip", bump=True)], ids=["dice", "flip"]
)
def test_the_policy_found_is_evaluated_exactly_and_no_choice_improves_it(board):
    model, table, best, length = solved(board)
    exact = exact_duel(model, best)
    assert exact.gain == 0  # no single-step improvement, exactly
    s = model.start
    assert float(exact.first(s)) == pytest.approx(table[s, s], abs=1e-10)
    mine, _ = duel.evaluate(model, best, length)
    theirs, _ = duel.evaluate(model, length)
    assert mine[s, s] >= theirs[s, s] - 1e-12  # the optimum does no worse than the length-minimiser


def test_the_optimal_players_win_as_often_as_solved_within_4_sigma():
    model, _, best, length = solved(GAME)
    games = 20_000
    s = model.start
    chance, _ = duel.evaluate(model, best, length)
    won = first_wins(model, best, length, games, seed=27)
    sigma = np.sqrt(chance[s, s] * (1 - chance[s, s]) / games)
    assert abs(won / games - chance[s, s]) < 4 * sigma


def test_the_optimal_players_mean_turns_are_the_solved_value_within_4_sigma():
    model = choices(GAME)
    optimum = policy_iteration(model)
    counted = turns(model, optimum.policy, 20_000, seed=27)
    mean = float(optimum.values[model.start])
    assert abs(counted.mean() - mean) < 4 * counted.std() / np.sqrt(len(counted))
    assert counted.std() > 0


def test_two_pawns_optimal_mean_turns_within_4_sigma():
    from chutes_tui.analysis.pawns import pawn_choices

    model = pawn_choices(GAME.replace(pawns=2))
    optimum = policy_iteration(model)
    counted = turns(model, optimum.policy, 20_000, seed=26)
    mean = float(optimum.values[model.start])
    assert abs(counted.mean() - mean) < 4 * counted.std() / np.sqrt(len(counted))
