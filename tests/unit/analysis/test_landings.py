"""Landings, jump use and the chance of ever landing: published figures, exact fractions on a
tiny board, and a plain simulation."""

from __future__ import annotations

import numpy as np
import pytest
from flint import fmpq, fmpq_mat

from chutes_tui.analysis import build_chain, expected_turns, visit_statistics
from chutes_tui.analysis.landings import jumps_report, landings, squares_report
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board


def test_vanderplas_uses_on_the_1952_board(classic):
    report = jumps_report(classic)
    uses = {(j.tail, j.head): j.expected_uses for j in report.jumps}
    # VanderPlas (2017): 0.5251 uses of the chute 87→24, 0.5758 of the ladder 28→84 a game.
    assert round(uses[(87, 24)], 4) == 0.5251
    assert round(uses[(28, 84)], 4) == 0.5758


def test_perlmonks_ladders_and_chutes_per_game(standard):
    # A PerlMonks simulation: about 3.4 ladders and 4.3 chutes a game on the standard board.
    report = jumps_report(standard)
    assert round(report.ladders_climbed, 1) == 3.4 and round(report.chutes_slid, 1) == 4.3


def _simulate(board, games, seed):
    """Plain vectorised games: landings per square and whether each game ever landed there."""
    rng = np.random.default_rng(seed)
    square = np.full(games, board.start)
    landed = np.zeros(board.end + 1)
    ever = np.zeros((games, board.end + 1), dtype=bool)
    alive = np.ones(games, dtype=bool)
    while alive.any():
        live = np.flatnonzero(alive)
        face = rng.integers(0, board.die.sides, live.size)
        lands = board.landing_table[square[live], face]
        moved = lands != square[live]
        np.add.at(landed, lands[moved], 1)
        ever[live[moved], lands[moved]] = True
        square[live] = board.roll_table[square[live], face]
        alive[live[square[live] == board.end]] = False
    return landed / games, ever.mean(axis=0)


@pytest.mark.parametrize("name", ["standard", "standard-bounce"])
def test_monte_carlo_within_four_sigma(name):
    board = load_board(name)
    games = 100_000
    mean, ever = _simulate(board, games, 2026)
    found = landings(board)
    for square in (26, 28, 48, 80, 87, 95, 99):
        p = found.chance[square]
        assert abs(ever[square] - p) < 4 * np.sqrt(p * (1 - p) / games) + 1e-12, square
        # a landing count per game is at most a few: its sd is below 3
        assert abs(mean[square] - found.expected[square]) < 4 * 3 / np.sqrt(games), square


def test_exact_fractions_on_the_tiny_board(tiny):
    """L_s = e_s (I - R)⁻¹ P in exact rationals, against the floats."""
    chain = build_chain(tiny)
    n, d = chain.size, tiny.die.sides
    R = fmpq_mat(n, n, [fmpq(round(x * d), d) for x in chain.Q.toarray().ravel()])
    identity = fmpq_mat(n, n, [int(i == j) for i in range(n) for j in range(n)])
    N = (identity - R).inv()
    P = fmpq_mat(n, tiny.end + 1, [0] * (n * (tiny.end + 1)))
    for i, square in enumerate(chain.squares.tolist()):
        for face in range(d):
            x = int(tiny.landing_table[square, face])
            if x != square:
                P[i, x] += fmpq(1, d)
    exact = [N[chain.row(tiny.start), i] for i in range(n)]
    row = fmpq_mat(1, n, exact) * P
    found = landings(tiny)
    for x in range(tiny.end + 1):
        value = row[0, x]
        assert found.expected[x] == pytest.approx(int(value.p) / int(value.q), rel=1e-12, abs=1e-15)


def test_landings_add_up(standard):
    found = landings(standard)
    chain = build_chain(standard)
    # every roll that moves lands somewhere: landings = expected rolls minus those that did not move
    turns = expected_turns(chain)[chain.row(0)]
    stays = sum(
        visit_statistics(chain, 0).expected[s] * np.mean(standard.landing_table[s] == s)
        for s in range(94, 100)
    )
    assert found.expected.sum() == pytest.approx(turns - stays, rel=1e-12)
    # landing on a jump's tail is a use of it; the end is landed on at most once
    assert found.chance[100] == pytest.approx(found.expected[100])
    assert np.all(found.chance <= 1.0) and np.all(found.chance >= 0.0)


def test_squares_ranked_every_way(standard):
    for sort, field in (
        ("landings", "landings"),
        ("visits", "turn_endings"),
        ("turns-left", "expected_turns_left"),
    ):
        rows = squares_report(standard, sort).rows
        assert sorted(row.square for row in rows) == list(range(1, 101))
        values = [getattr(row, field) for row in rows]
        assert values == sorted(values, reverse=True)
    tails = {row.square: row for row in squares_report(standard).rows if row.jump is not None}
    assert tails[48].turn_endings == 0.0 and tails[48].jump == (48, 26)
    chain = build_chain(standard)
    assert tails[48].expected_turns_left == pytest.approx(expected_turns(chain)[chain.row(26)])


def test_extra_roll_counts_every_roll():
    board = load_board("standard").replace(extra_roll=True)
    games = 40_000
    rng = np.random.default_rng(5)
    square = np.zeros(games, dtype=np.int64)
    uses = np.zeros(games)
    alive = np.ones(games, dtype=bool)
    while alive.any():  # the turn boundaries do not matter for landings: roll after roll
        live = np.flatnonzero(alive)
        face = rng.integers(0, 6, live.size)
        uses[live] += board.landing_table[square[live], face] == 87
        square[live] = board.roll_table[square[live], face]
        alive[live[square[live] == 100]] = False
    found = jumps_report(board)
    expected = next(j.expected_uses for j in found.jumps if j.tail == 87)
    assert abs(uses.mean() - expected) < 4 * uses.std() / np.sqrt(games)


def test_a_random_board_of_every_end_rule():
    for seed, rule in enumerate(("exact", "reach", "bounce")):
        board = random_board(seed, squares=80, ladders=5, chutes=7, end_rule=rule)
        found = landings(board)
        assert np.all(np.isfinite(found.expected)) and found.chance.max() <= 1.0
        assert found.expected[board.end] + sum(
            found.expected[t] for t, h in board.jumps if h == board.end
        ) == pytest.approx(1.0, rel=1e-12)


def test_the_inspector_report_carries_the_jump_use(classic):
    from chutes_tui.analysis.reports import inspect_square

    use = next(j for j in jumps_report(classic).jumps if j.tail == 87)
    for square in (87, 24):  # the jump's tail and its head
        jump = inspect_square(classic, square).jump
        assert jump is not None
        assert (jump.uses_per_game, jump.chance_of_use) == (use.expected_uses, use.chance)


def test_chained_jumps_and_a_chute_back_to_the_start_against_the_engine():
    """A chained jump is used by every piece a chain brings through it: played out with the
    engine's own moves (which list each hop), the uses and chances agree within 4σ."""
    from chutes_tui.model.board import Board
    from chutes_tui.model.rules import move

    board = Board(
        name="chained", end=30, chain_jumps=True, jumps=((3, 10), (10, 5), (12, 25), (20, 0), (28, 12))
    )
    report = {j.tail: j for j in jumps_report(board).jumps}
    rng = np.random.default_rng(8)
    games = 6000
    uses = {tail: np.zeros(games) for tail in report}
    for game in range(games):
        square = board.start
        while square != board.end:
            step = move(board, square, int(board.die.roll(rng)))
            for tail, _ in step.hops:
                uses[tail][game] += 1
            square = step.final
    for tail, use in report.items():
        counts = uses[tail]
        assert abs(counts.mean() - use.expected_uses) < 4 * counts.std() / np.sqrt(games) + 1e-9, tail
        p = use.chance
        assert abs((counts > 0).mean() - p) < 4 * np.sqrt(p * (1 - p) / games), tail
    assert report[10].expected_uses > landings(board).expected[10]  # 3→10 chains on into 10→5


def test_inspecting_the_start_of_a_chain_follows_it_to_rest():
    from chutes_tui.analysis.reports import inspect_square
    from chutes_tui.engine.game import Game
    from chutes_tui.model.board import Board
    from chutes_tui.model.players import parse_player_spec

    board = Board(name="chained", end=30, chain_jumps=True, jumps=((3, 10), (10, 5), (12, 25)))
    report = inspect_square(board, 3)  # 3 → 10 → 5: a tour found this crashed
    assert report.statistics_from == 5 and report.jump is not None and report.jump.tail == 3
    assert report.sends() == "a ladder to 10, then a chute to 5"
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=1)
    game.roll([3])  # 0 → 3, ladder to 10, chute to 5: both jumps are counted
    assert (game.players[0].ladders, game.players[0].chutes) == (1, 1)
