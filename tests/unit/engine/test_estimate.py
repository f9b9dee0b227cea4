"""The Monte Carlo estimate of games beyond the solvers (engine/estimate.py), checked against the
solvers where they hold the game: each seat's policy played in lockstep games lands within 4σ
of the exact evaluation of the same policies (one player's turns, two players' chances, with
pawns, under the bump rule, the additive policy with one pawn being the optimum)."""

import math

import numpy as np
import pytest

from chutes_tui.analysis import choices as one
from chutes_tui.analysis import duel
from chutes_tui.analysis.additive import additive
from chutes_tui.analysis.pawns import pawn_choices
from chutes_tui.engine import estimate as estimating
from chutes_tui.engine.estimate import Added, Naive, StopEstimate, best_policy, estimate
from chutes_tui.engine.live import estimated, live_refusal, live_stats
from chutes_tui.model.board import Board

GAME = Board(20, jumps=((3, 12), (8, 16), (17, 4), (14, 6)), dice_choice=((1, 2, 3), (0, 4, 4)))
PAWNS = Board(10, jumps=((4, 7), (9, 2)), pawns=2)


def within(found, mean, sd, games):
    return abs(found - mean) < 4 * sd / math.sqrt(games)


def test_one_players_pawns_take_the_solved_turns_within_4_sigma():
    model = pawn_choices(PAWNS)
    _, values, _ = one.policy_iteration(model)
    found = estimate(PAWNS, ((0, 0),), 0, (best_policy(PAWNS),), 20_000, seed=1)
    assert found.wins == (20_000,) and found.cut == 0
    assert within(found.turns, values[model.start], found.turns_sd, found.games)
    naive = estimate(PAWNS, ((0, 0),), 0, (Naive(),), 20_000, seed=2)
    rearmost = one.expected_turns(model, one.constant_policy(model, 0))[model.start]
    assert within(naive.turns, rearmost, naive.turns_sd, naive.games) and naive.turns > found.turns + 1


def test_two_one_player_optima_win_as_often_as_the_duel_evaluates_them():
    model = one.choices(GAME)
    policy, _, _ = one.policy_iteration(model)
    lifted = duel.lifted(policy, model.n)
    chance, _ = duel.evaluate(model, lifted)
    p = float(chance[model.start, model.start])
    mine = best_policy(GAME)
    found = estimate(GAME, (0, 0), 0, (mine, mine), 20_000, seed=3)
    assert abs(found.chance(0) - p) < 4 * math.sqrt(p * (1 - p) / found.games)
    assert found.chance_se(0) == pytest.approx(math.sqrt(found.chance(0) * found.chance(1) / 20_000))


@pytest.mark.parametrize("bump", [False, True], ids=["plain", "bump"])
def test_pawn_players_under_the_bump_rule_win_as_the_pawns_duel_evaluates_them(bump):
    board = Board(8, jumps=((2, 6), (7, 3)), pawns=2, bump=bump)
    model = pawn_choices(board)
    policy, _, _ = one.policy_iteration(model)
    chance, _ = duel.evaluate(model, duel.lifted(policy, model.n))
    s = model.start
    p = float(chance[s, s])
    mine = best_policy(board)
    found = estimate(board, ((0, 0), (0, 0)), 0, (mine, mine), 20_000, seed=4)
    assert abs(found.chance(0) - p) < 4 * math.sqrt(p * (1 - p) / found.games)
    # From a position, the second to move: the table's other entry.
    a, b = model.squares.index((1, 6)), model.squares.index((0, 5))
    later = estimate(board, ((0, 5), (1, 6)), 1, (mine, mine), 20_000, seed=5)
    q = float(chance[a, b])
    assert abs(later.chance(1) - q) < 4 * math.sqrt(q * (1 - q) / later.games)


def test_the_additive_policy_with_one_pawn_is_the_optimum():
    model = one.choices(GAME)
    _, values, _ = one.policy_iteration(model)
    found = estimate(GAME, (0,), 0, (Added("additive", additive(GAME)),), 20_000, seed=6)
    assert within(found.turns, values[model.start], found.turns_sd, found.games)


def test_three_players_seats_chances_add_up_and_the_work_is_bounded(monkeypatch):
    mine = best_policy(GAME)
    seen = []
    found = estimate(GAME, (0, 0, 0), 0, (mine,) * 3, 5_000, seed=7, progress=lambda d, g: seen.append(d))
    assert seen == [2_000, 4_000, 5_000] and sum(found.wins) == 5_000
    assert found.chance(0) > found.chance(2)  # moving first is worth something
    with pytest.raises(StopEstimate):
        estimate(GAME, (0, 0), 0, (mine, mine), 5_000, seed=7, progress=lambda d, g: True)
    monkeypatch.setattr(estimating, "MAX_STEPS", 3)  # every game cut after three turns
    cut = estimate(GAME, (0, 0), 0, (mine, mine), 100, seed=8)
    assert cut.cut == 100 and cut.wins == (0, 0)


@pytest.fixture(scope="module")
def two_pawns(standard):
    """The standard board with two pawns each, kept for the module: its solve (3,402 states of
    one player's pawns, 0.5 CPU-s) is made once for the two tests that ask (one process)."""
    return standard.replace(pawns=2)


@pytest.mark.xdist_group("standard-two-pawns")
def test_live_odds_beyond_the_solvers_are_an_estimate(two_pawns):
    board = two_pawns
    assert estimated(board, 2) and not estimated(board, 1) and live_refusal(board, 2) is None
    stats = live_stats(board, ((5, 38), (10, 0)), 1)
    assert stats.estimate is not None and stats.estimate.games == 2_000
    assert stats.odds.win == pytest.approx((stats.estimate.chance(0), stats.estimate.chance(1)))
    again = live_stats(board, ((5, 38), (10, 0)), 1)
    assert again.estimate == stats.estimate  # seeded by the position
    exact = live_stats(board, ((5, 38),), 0)
    assert exact.estimate is None and exact.turns_left[0] == pytest.approx(exact.odds.expected_total_moves)
    assert np.isfinite(exact.turns_left[0])


@pytest.mark.xdist_group("standard-two-pawns")
def test_the_noise_of_estimated_odds_marks_no_swing(standard, two_pawns):
    """A swing must pass four standard errors of the estimate as well as one point."""
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.engine.game import Game
    from chutes_tui.engine.turn import SWING_LEAST, swing_least, swings
    from chutes_tui.model.players import parse_player_spec

    board = two_pawns
    assert swing_least(standard, 2) == SWING_LEAST and swing_least(board, 1) == SWING_LEAST
    assert swing_least(board, 2) == pytest.approx(0.01 + 4 * math.sqrt(0.25 / 2_000))
    game = Game.new(board, parse_player_spec("cpu:best,cpu:best"), seed=1)
    turn = game.roll()
    odds = [SeatOdds((0.5, 0.5), 60, 30), SeatOdds((0.53, 0.47), 59, 30)]  # 3 points: noise here
    assert len(swings([turn], odds)) == 1 and swings([turn], odds, swing_least(board, 2)) == []
