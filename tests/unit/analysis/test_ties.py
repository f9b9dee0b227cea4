"""Exact ties among the optimal choices (analysis/ties.py): the stated tie-break (the first
listed die and option among the exactly tied ones), the count of optimal policies, and the
seats' chances ranged over all of them when several players each play for fewest turns, checked
by brute force over every stationary policy of tiny boards, and the standard board with Efron's
four dice against an independent recomputation (41.9895% to 42.2841% for the first seat)."""

import numpy as np
import pytest

from chutes_tui.analysis.choices import choices, expected_turns
from chutes_tui.analysis.policyodds import policy_chain, seat_odds, tie_range
from chutes_tui.analysis.ties import TIE_BREAK, fewest_policy
from chutes_tui.exact.choices import as_floats, policy_iteration
from chutes_tui.model.board import Board
from tests.efron import EFRON_DICE as EFRON
from tests.unit.exact.test_choices import every_policy

# Tiny boards whose optimum ties exactly, in a way that changes the seats' chances: two dice
# alike on average (a sure 2, or 1 or 3), options after a roll (flip), a die that may stay put.
TIED = [
    Board(6, dice_choice=((2,), (1, 3)), end_rule="bounce"),
    Board(5, dice_choice=((2,), (1, 3)), end_rule="reach", after_roll="flip"),
    Board(5, jumps=((3, 1),), dice_choice=((2,), (1, 3), (0, 4)), end_rule="reach"),
]


@pytest.mark.parametrize("board", TIED, ids=range(len(TIED)))
def test_the_range_over_every_optimal_policy_is_the_brute_forces(board):
    model = choices(board)
    optimum = policy_iteration(model)
    best = as_floats(optimum.values)
    every = every_policy(model)
    optimal = [policy for policy in every if np.allclose(expected_turns(model, policy), best, atol=1e-12)]
    # Every policy taking an optimal choice everywhere, and no other, is optimal.
    assert len(optimal) == optimum.tied.count > 1
    odds = [seat_odds(policy_chain(model, policy), [model.start] * 3) for policy in optimal]
    spread = tie_range(model, optimum.tied, 3)
    assert spread is not None and spread.policies == len(optimal)
    for seat in range(3):
        chances = [o.win[seat] for o in odds]
        assert spread.win[seat] == pytest.approx((min(chances), max(chances)), abs=1e-12)
    assert spread.win[0][1] - spread.win[0][0] > 1e-3  # the tie-break matters here
    moves = [o.expected_total_moves for o in odds]
    assert spread.moves == pytest.approx((min(moves), max(moves)), rel=1e-12)
    # The tie-break: on every state the first listed die any optimal policy takes, and after
    # each of its faces the first listed option any optimal policy with that die takes there.
    policy, rows = optimum.policy, np.arange(model.n)
    dice = np.array([p.die for p in optimal])
    assert np.array_equal(policy.die, dice.min(axis=0))
    for s in range(model.n):
        same = [p for p in optimal if p.die[s] == policy.die[s]]
        firsts = np.min([p.option[s, policy.die[s]] for p in same], axis=0)
        real = model.chances[policy.die[s]] > 0
        assert np.array_equal(policy.option[s, policy.die[s]][real], firsts[real])
    # The float solver (the app's cpu:best) breaks the ties alike.
    floats, _, _, _ = fewest_policy(model)
    assert floats.same_as(policy, model) and np.array_equal(floats.die[rows], policy.die)


def test_the_standard_board_with_efrons_dice_ranges_over_1024_optimal_policies(standard):
    model = choices(standard.replace(dice_choice=EFRON))
    optimum = policy_iteration(model)
    assert [model.squares[s] for s in optimum.tied.squares] == [3, 22, 29, 30, 72, 73, 74, 91, 92, 94]
    assert optimum.tied.count == 1024
    spread = tie_range(model, optimum.tied, 3)
    assert spread is not None and spread.policies == 1024
    low, high = spread.win[0]
    assert (round(low, 6), round(high, 6)) == (0.419895, 0.422841)
    assert (round(spread.moves[0], 3), round(spread.moves[1], 3)) == (24.818, 25.042)
    # The stated tie-break takes the first listed die (A before B before C) on every tied square.
    assert all(int(optimum.policy.die[s]) == optimum.tied.dice[s][0] for s in optimum.tied.squares)
    assert "first listed" in TIE_BREAK
