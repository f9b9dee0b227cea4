"""The bump rule: the joint chain against the independent players' series (rule off), a plain
value iteration written apart from it (tiny boards), whole simulated games, and the engine."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.analysis import build_chain, seat_odds
from chutes_tui.analysis.bump import bump_odds, reachable_states
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.validate import reachable
from chutes_tui.sim.bump import simulate_bump
from tests.independent import bump_roll


def _boards():
    yield load_board("standard")
    yield load_board("tiny-10")
    yield random_board(4, squares=40, ladders=3, chutes=4, end_rule="bounce").replace(extra_roll=True)


@pytest.mark.parametrize("board", list(_boards()), ids=lambda b: b.name)
def test_without_the_rule_the_joint_chain_is_the_independent_players(board):
    late = max(s for s in range(board.end) if board.is_standable(s) and s != board.start)
    for positions, to_move in (([board.start] * 2, 0), ([board.start, late], 1)):
        joint = bump_odds(board, positions, to_move)
        independent = seat_odds(build_chain(board), positions, to_move)
        assert joint.win == pytest.approx(independent.win, abs=1e-12)
        assert joint.expected_turns == pytest.approx(independent.expected_total_moves, rel=1e-12)
        assert joint.expected_rounds == pytest.approx(independent.expected_rounds, rel=1e-12)


def _value_iteration(board, rounds=4000):
    """Two players, written from the rule's words: w[a, b, t] = P(seat 0 wins)."""
    squares = [s for s in range(board.end) if board.is_standable(s)]
    win = {(a, b, t): 0.0 for a in squares for b in squares for t in (0, 1)}
    rolls = dict.fromkeys(win, 0.0)
    faces = list(zip(board.die.values, board.face_probabilities, strict=True))
    for _ in range(rounds):
        new_win, new_rolls = {}, {}
        for (a, b, t), _ in win.items():
            w = r = 0.0
            for roll, p in faces:
                state = bump_roll(board, a, b, t, roll)
                if state is None:
                    w += p * (t == 0)
                    r += p
                    continue
                w += p * win[state]
                r += p * (1 + rolls[state])
            new_win[(a, b, t)], new_rolls[(a, b, t)] = w, r
        change = max(abs(new_rolls[state] - rolls[state]) for state in rolls)
        win, rolls = new_win, new_rolls
        if change < 1e-14:
            break
    return win, rolls


@pytest.mark.parametrize("name", ["tiny-10"])
def test_the_joint_chain_against_a_value_iteration(name):
    board = load_board(name).replace(bump=True)
    win, rolls = _value_iteration(board)
    for a, b, t in [(0, 0, 0), (3, 6, 1), (8, 5, 0)]:
        if not (board.is_standable(a) and board.is_standable(b)):
            continue
        odds = bump_odds(board, [a, b], t)
        assert odds.win[0] == pytest.approx(win[(a, b, t)], abs=1e-12)
        assert odds.expected_rolls == pytest.approx(rolls[(a, b, t)], rel=1e-12)


@pytest.mark.parametrize("name", ["standard", "classic-1952"])
def test_whole_simulated_games_within_four_sigma(name):
    board = load_board(name).replace(bump=True)
    exact = bump_odds(board, [board.start] * 2)
    games = 100_000
    found = simulate_bump(board, games, 2, np.random.default_rng(2026))
    assert abs(found.share(0) - exact.win[0]) < 4 * found.share_error(0)
    assert abs(found.mean_rolls - exact.expected_rolls) < 4 * found.rolls_error
    assert abs(found.mean_rounds - exact.expected_rounds) < 4 * found.rounds_error
    assert found.bumps_per_game > 0.5


def test_the_rule_changes_the_game(standard):
    bumping = standard.replace(bump=True)
    plain = seat_odds(build_chain(standard), [0, 0])
    odds = bump_odds(bumping, [0, 0])
    # the first player's edge shrinks and the game lengthens (figures in the README)
    assert 0.5 < odds.win[0] < plain.win[0]
    assert odds.expected_rolls > plain.expected_total_moves + 3


def test_the_engine_sends_the_bumped_piece_home_and_says_so(standard):
    board = standard.replace(bump=True)
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=1)
    game.players[1].square = 30
    game.players[0].square = 27
    turn = game.roll([3])  # Ann rests on 30, where Bob stands
    assert turn.bumped == (1,) and game.players[1].square == 0 and game.players[1].bumped == 1
    assert "bumping Bob back to the start" in turn.describe("Ann", ["Ann", "Bob"])
    plain = Game.new(standard, parse_player_spec("Ann,Bob"), seed=1)
    plain.players[1].square, plain.players[0].square = 30, 27
    assert plain.roll([3]).bumped == () and plain.players[1].square == 30


@pytest.mark.lu_in_its_process  # the answer as the program gets it, back from the LU's own process
@pytest.mark.parametrize(
    ("name", "first", "rolls"), [("standard", 0.50550, 55.99), ("classic-1952", 0.50557, 55.59)]
)
def test_the_readme_figures(name, first, rolls):
    odds = bump_odds(load_board(name).replace(bump=True), [0, 0])
    assert round(odds.win[0], 5) == first and round(odds.expected_rolls, 2) == rolls


def test_a_board_file_keeps_the_rule(tmp_path, standard):
    from chutes_tui.io.boardfile import format_toml

    path = tmp_path / "bump.toml"
    path.write_text(format_toml(standard.replace(bump=True)))
    assert "bump = true" in path.read_text()
    assert load_board(str(path)).bump and not load_board("standard").bump


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("extra_roll", [False, True])
def test_the_sweeps_agree_with_the_direct_solve(players, extra_roll):
    """Large chains are solved by Gauss–Seidel sweeps by seat, to a proven bound of 1e-11."""
    from chutes_tui.analysis import bump

    board = random_board(2, squares=14, ladders=1, chutes=2).replace(bump=True, extra_roll=extra_roll)
    joint = bump.joint_chain(board, players)
    own = np.zeros((joint.size, players))
    own[np.arange(joint.size), joint.mover] = joint.ends_turn
    rhs = np.hstack([joint.wins, joint.ends_turn[:, None], own, np.ones((joint.size, 1))])
    assert np.abs(bump.solve_by_sweeps(joint.P, players, rhs) - bump.solve_direct(joint.P, rhs)).max() < 1e-11


def test_a_whole_game_counts_who_was_sent_back(standard):
    board = standard.replace(bump=True)
    game = Game.new(board, parse_player_spec("Ann,Bob,Cy,Di"), seed=5)  # four: no odds to solve
    game.play_out()
    summary = game.summary()
    sent = [seat for turn in game.history for seat in turn.bumped]
    assert summary.bumped == tuple(sent.count(seat) for seat in range(4)) and sum(summary.bumped) > 0
    from chutes_tui.app.dialogs.winner import summary_table

    assert "sent back" in [str(column.header) for column in summary_table(game).columns]


def test_the_length_law_without_the_rule_is_the_independent_one(standard):
    from chutes_tui.analysis.bump import bump_length
    from chutes_tui.analysis.length import game_length

    joint = bump_length(standard, [0, 0])
    independent = game_length(build_chain(standard), [0, 0])
    n = min(joint.rolls.pmf.size, independent.rolls.pmf.size)
    assert np.abs(joint.rolls.pmf[:n] - independent.rolls.pmf[:n]).max() < 1e-15
    assert joint.rounds.mean == pytest.approx(independent.rounds.mean, rel=1e-12)
    bumping = bump_length(standard.replace(bump=True), [0, 0])
    assert bumping.rolls.mean == pytest.approx(
        bump_odds(standard.replace(bump=True), [0, 0]).expected_rolls, rel=1e-12
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 300), st.integers(2, 12), st.integers(0, 3))
def test_the_models_plain_and_the_analysis_compiled_reachability_searches_agree(seed, n, die, starts):
    """The model searches a board's roll edges in plain Python (it imports no scipy); the joint
    chains of the bump rule use scipy's search. Both find the same nodes, from one or many starts."""
    rng = np.random.default_rng(seed)
    edges = n * die
    sources, targets = rng.integers(0, n, edges), rng.integers(0, n, edges)
    start = rng.integers(0, n, starts)
    plain = reachable(sources.tolist(), targets.tolist(), start.tolist(), n)
    assert plain == sorted(set(plain))  # sorted, each node once
    assert plain == sorted(reachable_states(sources, targets, start, n).tolist())
    assert set(start.tolist()) <= set(plain)
    one = int(rng.integers(0, n))
    assert reachable(sources.tolist(), targets.tolist(), one, n) == sorted(
        reachable_states(sources, targets, np.array([one]), n).tolist()
    )


def test_building_the_joint_chain_may_be_stopped():
    """Three seats' joint chain takes seconds to build (1.6 million states on the standard
    board): a front end whose game is gone stops it between faces, as it stops the sweeps."""
    from chutes_tui.analysis import bump
    from chutes_tui.analysis.progress import series_progress

    board = load_board("tiny-10").replace(bump=True)
    told = []

    class StoppedError(Exception):  # what a front end's stop raises (StopRequested)
        pass

    def report(turns, left):
        told.append((turns, left))
        raise StoppedError

    with pytest.raises(StoppedError), series_progress(report):
        bump.joint_chain(board, 3)
    assert told == [(0, 1.0)] and not board.memo.has(bump.JOINT_CHAIN.at(3))
    assert bump.joint_chain(board, 3).size == 8**3 * 3  # built whole when nobody stops it
