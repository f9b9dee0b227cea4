"""Three or more players on a board with decisions, each playing for fewest turns (issue 27):
a fixed policy makes each player an ordinary chain, and the seats' chances are the seat-odds
sums over their finishing laws (analysis/policyodds.py). Checked against the classic chain where
the choices leave nothing to choose, against the duel's evaluation of the same policy pair for
two players, against a brute-force solve of the joint game on a tiny board, and against the Monte
Carlo engine within four standard errors."""

import itertools
import math

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.linalg import spsolve

from chutes_tui.analysis import build_chain, duel
from chutes_tui.analysis import seat_odds as chain_odds
from chutes_tui.analysis.choices import choices, policy_iteration
from chutes_tui.analysis.policyodds import policy_chain, seat_odds
from chutes_tui.engine.estimate import best_policy, estimate
from chutes_tui.engine.fewest import fewest_holds, fewest_odds
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import outcomes
from tests.efron import EFRON_DICE as EFRON


def fewest(board):
    model = choices(board)
    policy, _, _ = policy_iteration(model)
    return model, policy, policy_chain(model, policy)


@pytest.mark.parametrize(("players", "to_move"), [(3, 0), (3, 2), (4, 1)])
def test_with_nothing_to_choose_the_odds_are_the_chains(standard, players, to_move):
    # One die of the standard faces, the plain move: the decision board is the standard game.
    board = standard.replace(dice_choice=((1, 2, 3, 4, 5, 6),))
    model, _, chain = fewest(board)
    squares = [0, 27, 44, 83][:players]
    got = seat_odds(chain, [model.squares.index(s) for s in squares], to_move)
    want = chain_odds(build_chain(standard), squares, to_move)
    assert got.win == pytest.approx(want.win, abs=1e-12)
    assert got.expected_total_moves == pytest.approx(want.expected_total_moves, rel=1e-12)
    assert got.expected_rounds == pytest.approx(want.expected_rounds, rel=1e-12)


def test_two_players_each_playing_for_fewest_turns_are_the_duels_evaluation_of_that_pair(standard):
    board = standard.replace(dice_choice=EFRON)
    model, policy, chain = fewest(board)
    pair = duel.lifted(policy, model.n)
    mover, _ = duel.evaluate(model, pair, pair)
    for a, b in [(model.start, model.start), (5, 17), (30, 2)]:
        assert seat_odds(chain, [a, b], 0).win[0] == pytest.approx(mover[a, b], abs=1e-12)
    # … which the duel's own optimum beats, as a saddle point must: the first mover playing to win
    # against a fewest-turns player does at least as well as against a player playing to win.
    table, _ = duel.value_iteration(model)
    best = duel.greedy(model, table)
    against_fewest, _ = duel.evaluate(model, best, pair)
    s = model.start
    value, both_fewest = table[s, s], seat_odds(chain, [s, s], 0).win[0]
    assert against_fewest[s, s] >= value - 1e-9
    assert abs(value - both_fewest) > 1e-3  # two players who play to win are another game


def rules_step(model, policy):
    """One player's turn under ``policy``, ``(n, n + 1)``, read from the rules square by square
    (the policy's die, its law, the option after each face, the option's two equally likely
    outcomes: model/decisions.outcomes), not from the solver's target table (choices.transitions),
    so the brute force below checks that too."""
    board, n = model.board, model.n
    index = {square: state for state, square in enumerate(model.squares)} | {board.goal_square: n}
    step = np.zeros((n, n + 1))
    for state, square in enumerate(model.squares):
        die = int(policy.die[state])
        for c, (face, chance) in enumerate(model.dice[die].law):
            option = int(policy.option[state, die, c])
            for target in outcomes(board, square, face)[option]:
                step[state, index[target]] += float(chance) / 2
    return sp.csr_matrix(step)


def brute_force(model, policy, states, to_move):
    """Every seat's chance to win by solving the joint game directly: the unknowns are each joint
    state (every player's state, whose turn it is), each player moving by its policy's chances."""
    n, k = model.n, len(states)
    step = rules_step(model, policy)
    joint = list(itertools.product(range(n), repeat=k))
    index = {(state, mover): i for i, (state, mover) in enumerate((s, m) for s in joint for m in range(k))}
    rows, cols, values = [], [], []
    right = np.zeros((len(index), k))
    for (state, mover), i in index.items():
        row = step.getrow(state[mover])
        for target, chance in zip(row.indices, row.data, strict=True):
            if target == n:  # the mover reaches the goal: it wins
                right[i, mover] += chance
            else:
                after = (*state[:mover], target, *state[mover + 1 :])
                rows.append(i)
                cols.append(index[(after, (mover + 1) % k)])
                values.append(-chance)
    system = sp.identity(len(index), format="csr") + sp.csr_matrix(
        (values, (rows, cols)), shape=(len(index),) * 2
    )
    solved = spsolve(system.tocsc(), right)
    return solved[index[(tuple(states), to_move)]]


@pytest.mark.parametrize("after_roll", ["flip", "either"])
def test_three_players_on_a_tiny_board_agree_with_a_brute_force_solve_of_the_joint_game(after_roll):
    board = Board(10, jumps=((2, 6), (8, 3)), dice_choice=((1, 2), (3,), (0, 4)), after_roll=after_roll)
    model, policy, chain = fewest(board)
    for states, to_move in [([model.start] * 3, 0), ([1, 4, 0], 2)]:
        want = brute_force(model, policy, states, to_move)
        assert seat_odds(chain, states, to_move).win == pytest.approx(tuple(want), abs=1e-12)


@pytest.mark.parametrize(("players", "pawns"), [(3, 1), (4, 1), (3, 2)])
def test_monte_carlo_games_of_the_same_policy_land_within_four_standard_errors(players, pawns):
    dice = EFRON if pawns == 1 else ((1, 2), (3, 4))
    board = load_board("standard" if pawns == 1 else "tiny-10").replace(dice_choice=dice, pawns=pawns)
    assert fewest_holds(board, players) and not fewest_holds(board.replace(bump=True), players)
    start = board.start if pawns == 1 else (board.start,) * pawns
    exact = fewest_odds(board, (start,) * players, 0)
    played = estimate(board, (start,) * players, 0, (best_policy(board),) * players, 40_000, seed=5)
    for seat in range(players):
        assert abs(played.chance(seat) - exact.win[seat]) < 4 * played.chance_se(seat), seat
    assert abs(played.turns - exact.expected_total_moves) < 4 * played.turns_se
    assert math.fsum(exact.win) == pytest.approx(1.0, abs=1e-12)
