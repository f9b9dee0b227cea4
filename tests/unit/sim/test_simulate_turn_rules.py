"""The Monte Carlo under issue 26's turn rules (sim/turnstates.py through sim/packed.py) against
the exact mean of the piece-state chain, solved here with fractions from model/turnlaw's
per-turn laws, on the tiny boards of tests/unit/model/test_turns.py: within 4 standard errors,
rule by rule, with one roll per draw and with several."""

from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.model.turnlaw import reached_pieces, turn_law
from chutes_tui.model.turns import PieceState, beyond_rolls
from chutes_tui.sim.montecarlo import simulate_turns, summarize
from chutes_tui.sim.packed import plan_for, play_block
from chutes_tui.sim.turnstates import turn_table
from tests.unit.model.test_turns import CASES, _solve, tiny

RULES = {name: board for name, board in CASES.items() if beyond_rolls(board)}


def exact_mean(board):
    """E[turns from the start] = 1 + Σ_E P(E) E[turns from E], the goal 0 (Gauss-Jordan)."""
    pieces = [piece for piece in reached_pieces(board)[0] if piece.square != board.goal_square]
    index = {piece: i for i, piece in enumerate(pieces)}
    n = len(pieces)
    rows = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(1)] for i in range(n)]
    for i, piece in enumerate(pieces):
        for end, chance in turn_law(board, piece).items():
            if end in index:
                rows[i][index[end]] -= chance
    return _solve(rows)[index[PieceState(board.start)]]


def test_the_cases_cover_every_rule():
    assert len(RULES) >= 20
    for rule in (
        "goal",
        "sum_rolls",
        "streak_limit",
        "enter_faces",
        "enter_square",
        "miss_turn",
        "throw_again",
    ):
        assert any(getattr(board, rule) not in (None, False, ()) for board in RULES.values()), rule
    assert any(board.goal_square != board.end for board in RULES.values())


@pytest.mark.parametrize("name", sorted(RULES))
def test_mean_within_4_sigma_of_the_exact_chain(name):
    board = RULES[name]
    mean = float(exact_mean(board))
    summary = summarize(simulate_turns(board, 200_000, np.random.default_rng(26)))
    assert abs(summary.mean - mean) < 4 * summary.standard_error, (summary.mean, mean)


@pytest.mark.parametrize(
    "name", ["sum, bounce, streak 3", "miss a turn, extra roll", "everything", "throw again"]
)
@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_several_rolls_per_draw_play_the_same_game(name, rolls):
    board = RULES[name]
    results = np.zeros(150_000, dtype=np.int32)
    play_block(plan_for(board, rolls), 0, results, np.random.default_rng(rolls))
    mean, error = results.mean(), results.std(ddof=1) / np.sqrt(results.size)
    assert abs(mean - float(exact_mean(board))) < 4 * error


def test_a_game_that_never_misses_is_its_rolls_and_the_table_says_where_each_goes():
    # Goal 6 inside an 8-square board, a 3-face die, no other rule: every roll is a turn, so the
    # plan reads turns off its finished rows (no per-game counter), and the rows are squares.
    board = tiny(goal=6, jumps=((2, 5), (8, 3)))
    table = turn_table(board)
    assert [state.square for state in table.states] == [0, 1, 5, 3, 4, 7]
    assert table.step[0].tolist() == [1, 2, 3]  # 0 → 1, 2 (ladder → 5), 3
    assert table.step[2].tolist() == [6, 5, 3]  # from 5: 6 wins (row 6: finished), 7, 8 (chute → 3)
    assert (table.used == 1).all() and plan_for(board).used is None


def test_a_miss_turn_square_counts_the_skipped_turn():
    # From 3 a 1 comes to rest on 4, a miss-turn square: that turn and the next, skipped, are two.
    board = tiny(miss_turn=(4,))
    table = turn_table(board)
    row = next(i for i, state in enumerate(table.states) if state.square == 3)
    assert table.used[row].tolist() == [2, 1, 1]
    assert table.states[table.step[row][0]].square == 4


def test_other_starts_are_refused_under_the_turn_rules():
    with pytest.raises(ValueError, match="from the start square only"):
        simulate_turns(RULES["miss a turn"], 10, np.random.default_rng(1), start=3)
