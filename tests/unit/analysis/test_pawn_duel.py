"""Two players with pawns (issue 27): the zero-sum game over both players' pawns, solved by the
duel's method (analysis/duel.py on the pawns' model of analysis/pawns.py). Checked by brute
force over every pair of policies on a tiny board, against the one-pawn duel when K = 1, exactly
(the policy found evaluated in fractions: no single-step gain), and by Monte Carlo games of the
optimal policies within 4σ; the captures (the bump rule) square by square."""

from itertools import product

import numpy as np
import pytest

from chutes_tui.analysis import duel
from chutes_tui.analysis.choices import choices
from chutes_tui.analysis.pawns import pawn_choices, pawn_states
from chutes_tui.exact.choices import policy_iteration
from chutes_tui.exact.duel import exact_duel
from chutes_tui.model.board import Board
from chutes_tui.sim.choices import first_wins
from tests.unit.analysis.maxmin import max_min

# Two squares, a die (1, 3) whose 3 always overshoots (exact end): a pawn moves one square or
# stays. With pawns on 0 and 1 after a 1, the choice is the rear pawn to 1 or the front one home.
TINY = Board(2, dice_choice=((1, 3),), pawns=2)
GAME = Board(8, jumps=((2, 6), (7, 3)), pawns=2)


def every_policy(model):
    """Every stationary policy of the pawns' game on TINY: the pawn moved after a 1 on (0, 1),
    against each of the other's states (on every other state the choices lead alike)."""
    n = model.n
    rear = model.squares.index((0, 1))
    for picks in product(range(2), repeat=n):
        option = np.zeros((n, n, 1, 2), dtype=np.int64)
        option[rear, :, 0, 0] = picks  # the die's first face: 1
        yield duel.DuelPolicy(np.zeros((n, n), dtype=np.int64), option)


@pytest.mark.parametrize("bump", [False, True], ids=["plain", "bump"])
def test_value_iteration_is_the_max_min_over_every_pair_of_policies(bump):
    board = TINY.replace(bump=bump)
    model = pawn_choices(board)
    assert model.squares == ((0, 0), (0, 1), (1, 1), (0, 2), (1, 2))  # (2, 2): the goal
    table, _ = duel.value_iteration(model)
    policies = list(every_policy(model))
    assert len(policies) == 32
    s = model.start
    best = max_min(model, policies)
    assert table[s, s] == pytest.approx(best, abs=1e-11)
    chosen = duel.greedy(model, table)
    exact = exact_duel(model, chosen)
    assert exact.gain == 0 and abs(float(exact.first(s)) - best) <= 1e-12
    assert 0.5 < best < 0.6


@pytest.mark.parametrize(
    "board",
    [
        Board(8, jumps=((2, 6), (7, 3)), dice_choice=((1, 2), (3,)), after_roll="flip"),
        Board(8, jumps=((2, 6), (7, 3)), bump=True, end_rule="bounce"),
        Board(6, jumps=((4, 1),), dice_choice=((1,), (0, 2)), after_roll="either"),
    ],
    ids=["flip", "bump", "either"],
)
def test_one_pawn_in_the_pawns_model_is_the_duel_itself(board):
    """pawns = 1 through the pawns' model (states: 1-tuples) gives the one-pawn duel's table."""
    single = choices(board)
    pawned = pawn_choices(board)  # states in the order found: each square's 1-tuple
    order = [pawned.squares.index((square,)) for square in single.squares]
    assert sorted(order) == list(range(single.n)) and pawned.pawns == 1
    one, _ = duel.value_iteration(single)
    many, _ = duel.value_iteration(pawned)
    np.testing.assert_allclose(many[np.ix_(order, order)], one, atol=1e-12)


def test_a_capture_sends_every_pawn_on_the_square_home_and_no_other():
    board = Board(10, jumps=((4, 7), (9, 2)), pawns=2, bump=True)
    model = pawn_choices(board)
    captured = model.captured
    state = model.squares.index
    assert captured[state((3, 3)), 3] == state((0, 0))  # both pawns on 3 go home
    assert captured[state((3, 5)), 5] == state((0, 3))
    assert captured[state((3, 5)), 6] == state((3, 5))  # nobody on 6
    assert captured[state((0, 10)), 10] == state((0, 10))  # never from the goal…
    assert captured[state((0, 5)), 0] == state((0, 5))  # …nor the start
    assert model.n == pawn_states(board) == 44  # C(8 + 2, 2) - 1: 8 squares before the goal
    others = duel.others_of(model)
    a, b = state((0, 3)), state((3, 6))
    d, c = 0, list(model.faces[0]).index(3)  # pawn 1 (on 0) rolls a 3: lands on 3
    assert model.rests[a, d, c, 0, 0] == 3 and others[a, b, d, c, 0, 0] == state((0, 6))
    assert model.rests[a, d, c, 1, 0] == 6 and others[a, b, d, c, 1, 0] == state((0, 3))


def test_the_policy_found_is_evaluated_exactly_and_no_choice_improves_it():
    board = Board(5, jumps=((2, 4),), pawns=2, bump=True, dice_choice=((1, 2), (1, 3)))
    model = pawn_choices(board)
    assert model.n**2 <= 1_225  # the exact evaluation's limit (analysis/limits.py)
    table, _ = duel.value_iteration(model)
    length = duel.lifted(policy_iteration(model).policy, model.n)
    best = duel.greedy(model, table, length)
    exact = exact_duel(model, best)
    s = model.start
    assert exact.gain == 0 and abs(float(exact.first(s)) - table[s, s]) <= 1e-12
    mine, _ = duel.evaluate(model, best, length)
    theirs, _ = duel.evaluate(model, length)
    assert mine[s, s] >= theirs[s, s] - 1e-12


def test_the_optimal_pawn_players_win_as_often_as_solved_within_4_sigma():
    model = pawn_choices(GAME.replace(bump=True))
    table, _ = duel.value_iteration(model)
    length = duel.lifted(policy_iteration(model).policy, model.n)
    best = duel.greedy(model, table, length)
    s = model.start
    chance, _ = duel.evaluate(model, best, length)
    games = 20_000
    won = first_wins(model, best, length, games, seed=27)
    sigma = np.sqrt(chance[s, s] * (1 - chance[s, s]) / games)
    assert abs(won / games - chance[s, s]) < 4 * sigma
    both = first_wins(model, best, best, games, seed=28)
    sigma = np.sqrt(table[s, s] * (1 - table[s, s]) / games)
    assert abs(both / games - table[s, s]) < 4 * sigma
