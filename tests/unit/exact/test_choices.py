"""One player with decisions: exact policy iteration against value iteration and against brute
force over every stationary policy of tiny boards, its proof, and the published optimum of the
Efron's-dice notebook (reproduced, and certified)."""

from itertools import product

import numpy as np
import pytest
from flint import fmpq

from chutes_tui.analysis.choices import (
    Policy,
    choices,
    constant_policy,
    expected_turns,
    greedy,
    proper_policy,
    random_values,
    value_iteration,
)
from chutes_tui.exact.choices import as_floats, exact_turns, policy_iteration
from chutes_tui.model.board import Board

TINY = [
    Board(6, jumps=((2, 5), (4, 1)), dice_choice=((1, 2), (0, 3)), after_roll="flip"),
    Board(7, jumps=((3, 6), (5, 1)), dice_choice=((1, 1, 2), (3,), (0, 2)), end_rule="bounce"),
    Board(6, jumps=((2, 4), (5, 1)), dice_choice=((1, 2),), after_roll="either"),
    Board(8, jumps=((3, 7), (6, 2)), dice_choice=((1, 3), (2,)), end_rule="reach", pawns=1),
    Board(8, jumps=((3, 7), (6, 2)), dice_choice=((1, 3),), after_roll="either", end_rule="reach"),
]


def every_policy(model):
    """Every stationary policy: a die on each state and an option after each of its faces."""
    n, dice, width, options = model.targets.shape[:4]
    per_state = []
    for _ in range(n):
        per_state.append(
            [
                (d, picks)
                for d in range(dice)
                for picks in product(range(options), repeat=int((model.chances[d] > 0).sum()))
            ]
        )
    for combination in product(*per_state):
        die = np.array([d for d, _ in combination])
        option = np.zeros((n, dice, width), dtype=np.int64)
        for s, (d, picks) in enumerate(combination):
            option[s, d, : len(picks)] = picks
        yield Policy(die, option)


@pytest.mark.parametrize("board", TINY, ids=range(len(TINY)))
def test_policy_iteration_value_iteration_and_brute_force_agree(board):
    model = choices(board)
    optimum = policy_iteration(model)
    exact = as_floats(optimum.values)
    best = np.full(model.n, np.inf)
    count = 0
    for policy in every_policy(model):
        best = np.minimum(best, expected_turns(model, policy))
        count += 1
    assert count >= 64  # a real search
    np.testing.assert_allclose(exact, best, rtol=1e-12)
    iterated, _ = value_iteration(model)
    np.testing.assert_allclose(iterated, exact, rtol=1e-10)
    assert optimum.proved and optimum.improvements == 0
    # The greedy policy of value iteration is optimal too (ties aside).
    np.testing.assert_allclose(expected_turns(model, greedy(model, iterated)), exact, rtol=1e-10)


def test_the_proof_fails_for_a_policy_that_is_not_optimal():
    model = choices(TINY[0])
    optimum = policy_iteration(model)
    # Start from a worse proper policy and stop after one evaluation: its values are not optimal.
    start = proper_policy(model)
    values = exact_turns(model, start)
    assert values[model.start] > optimum.values[model.start]
    assert optimum.slack is not None and optimum.slack > 0


def test_the_exact_optimum_is_a_fraction_and_naive_policies_are_worse():
    model = choices(TINY[0])
    optimum = policy_iteration(model)
    start = optimum.values[model.start]
    assert isinstance(start, fmpq) and start.q > 1
    for d in range(len(model.dice)):
        assert expected_turns(model, constant_policy(model, d))[model.start] >= float(start)
    assert random_values(model)[model.start] > float(start)


# The notebook "Finding an Optimal Policy to Play Chutes and Ladders Using Dynamic Programming"
# (github.com/Ph1n-Pham/chutes_ladders_optimization, DP.ipynb): Efron's four dice, a roll past
# 100 reaches it, its coordinate search printing 10.208333333333332 from an all-green start and
# 11.617…, 12.416… and 12.499… from the other three (local optima, never certified).
NOTEBOOK_LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
NOTEBOOK_CHUTES = {16: 6, 48: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}
EFRON = ((2, 2, 2, 2, 6, 6), (3,) * 6, (0, 0, 4, 4, 4, 4), (1, 1, 1, 5, 5, 5))


def test_the_efron_notebooks_optimum_is_reproduced_and_proved():
    board = Board(
        100,
        jumps=(*NOTEBOOK_LADDERS.items(), *NOTEBOOK_CHUTES.items()),
        end_rule="reach",
        dice_choice=EFRON,
    )
    model = choices(board)
    optimum = policy_iteration(model)
    assert optimum.values[model.start] == fmpq(245, 24)  # 10.2083…: the notebook's best
    assert optimum.proved
    # Its other answers are not optima: each is beaten by 245/24.
    assert all(fmpq(245, 24) < value for value in (fmpq(1161, 100), fmpq(1241, 100), fmpq(1249, 100)))
    # The standard board (exact end) has the same optimum with these dice.
    standard = board.replace(end_rule="exact")
    assert policy_iteration(choices(standard)).values[0] == fmpq(245, 24)


def test_two_pawns_policy_iteration_is_brute_force_and_value_iteration():
    from chutes_tui.analysis.pawns import pawn_choices

    board = Board(3, jumps=((2, 0),), dice_choice=((1,), (1, 2)), pawns=2)
    model = pawn_choices(board)
    assert model.squares == ((0, 0), (0, 1), (1, 1), (0, 3), (1, 3))  # (3, 3): the goal
    optimum = policy_iteration(model)
    best = np.full(model.n, np.inf)
    for policy in every_policy(model):
        best = np.minimum(best, expected_turns(model, policy))
    np.testing.assert_allclose(as_floats(optimum.values), best, rtol=1e-12)
    np.testing.assert_allclose(value_iteration(model)[0], best, rtol=1e-10)
    assert optimum.proved


def test_the_float_policy_iteration_agrees_with_the_exact_one():
    from chutes_tui.analysis.choices import float_proof
    from chutes_tui.analysis.choices import policy_iteration as float_iteration
    from chutes_tui.analysis.pawns import pawn_choices

    model = pawn_choices(Board(10, jumps=((3, 8), (6, 2)), dice_choice=((1, 3), (2, 2, 4)), pawns=2))
    policy, values, _ = float_iteration(model)
    exact = policy_iteration(model)
    np.testing.assert_allclose(values, as_floats(exact.values), rtol=1e-12)
    improvements, least, _ = float_proof(model, policy, values)
    assert improvements == 0 and least == pytest.approx(float(exact.slack), rel=1e-9)
