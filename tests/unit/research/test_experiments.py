"""The published experiments: Hochman's tables, the add-jump sweep, Another Game."""

import numpy as np
import pytest

from chutes_tui.research.another_game import AnotherGame, simulate_cycles, turn
from chutes_tui.research.hochman import (
    add_jump_sweep,
    best_first_roll,
    die_sides,
    expected_from_start,
    jump_impact,
    start_squares,
)


def test_seed_003_die_sides_table(classic):
    table = dict(die_sides(classic, 15))
    assert table[2] == pytest.approx(60.7625788, abs=5e-8)
    assert table[3] == pytest.approx(65.9007753, abs=5e-8)
    assert table[15] == pytest.approx(25.8058951, abs=5e-8)


def test_seed_003_start_squares(classic):
    result = start_squares(classic)
    values = dict(result.expected)
    assert values[2] == pytest.approx(39.6964061, abs=5e-8)
    assert values[5] == pytest.approx(39.2950265, abs=5e-8)
    assert values[29] == pytest.approx(36.8911770, abs=5e-8)
    assert result.earlier_is_better == [
        2,
        5,
        10,
        23,
        24,
        25,
        26,
        27,
        29,
        41,
        43,
        52,
        57,
        66,
        67,
        72,
        73,
        75,
        76,
        77,
        78,
        79,
        81,
        89,
        92,
    ]


def test_add_jump_sweep_is_exact(classic):
    sweep = add_jump_sweep(classic, 1)
    found = {(c.tail, c.head): c.expected_turns for c in sweep.candidates}
    assert found[(27, 29)] == pytest.approx(40.20, abs=5e-3)
    assert found[(29, 27)] == pytest.approx(38.05, abs=5e-3)
    rng = np.random.default_rng(0)
    for index in rng.choice(len(sweep.candidates), 12, replace=False):
        c = sweep.candidates[index]
        direct = expected_from_start(classic.replace(jumps=(*classic.jumps, (c.tail, c.head))))
        assert c.expected_turns == pytest.approx(direct, abs=1e-10)
    long = add_jump_sweep(classic, 10)
    assert len(long.candidates) == 3136 and len(long.counter_intuitive) == 158
    assert all(abs(c.head - c.tail) >= 10 for c in long.candidates)


def test_best_first_roll_and_jump_impact(standard):
    rolls = best_first_roll(standard)
    assert [square for _, square, _ in rolls] == [38, 2, 3, 14, 5, 6]
    assert min(rolls, key=lambda r: r[2])[0] == 1
    base, rows = jump_impact(standard)
    assert base == pytest.approx(39.5984, abs=5e-5)
    without = {(t, h): value for t, h, _, value in rows}
    assert without[(80, 100)] > base + 10  # the winning ladder matters most
    assert without[(56, 53)] > base  # removing this chute makes the game longer


# -- another game -----------------------------------------------------------------------------


def test_another_game_rules():
    coins, pot, lost = turn(np.array([3, 0, 2, 0]), np.array([4, 4, 1, 3]), np.array([2, 5, 3, 1]))
    assert coins.tolist() == [7, 0, 2, 0] and pot.tolist() == [0, 4, 1, 3]
    assert lost.tolist() == [False, True, False, False]


def test_another_game_chain_against_its_simulation():
    game = AnotherGame(10)
    exact = game.expected_cycles["A4B4"]
    assert exact == pytest.approx(17.5409, abs=5e-5)
    assert game.expected_cycles["A5B5"] > game.expected_cycles["A4B4"]
    pmf = game.cycle_distribution((4, 4))
    assert pmf.sum() == pytest.approx(1.0, abs=1e-11)
    assert float(np.dot(np.arange(pmf.size), pmf)) == pytest.approx(exact, abs=1e-8)
    assert pmf[:5].sum() == 0 and pmf[5] > 0  # nobody can lose before cycle 5 from A4B4
    cycles = simulate_cycles((4, 4), 10, 200_000, np.random.default_rng(4))
    error = cycles.std(ddof=1) / np.sqrt(cycles.size)
    assert abs(cycles.mean() - exact) < 4 * error
    endings = game.endings((4, 4))
    assert sum(endings.values()) == pytest.approx(1.0)
    assert max(endings, key=endings.get) == "A10B0"


def test_the_convergence_experiment_reports_its_games_as_they_are_played():
    """Issue 23: 2^20 games of a long board take hours; the experiment said nothing meanwhile."""
    from chutes_tui.io.boardfile import load_board
    from chutes_tui.research.daly import convergence

    seen: list[int] = []
    result = convergence(load_board("standard"), 14, 7, progress=seen.append)
    # As games finish within a block, not once a block (2^18 games: all of these at once).
    assert seen == sorted(seen) and seen[-1] == 1 << 14 and len(set(seen)) > 10
    assert result.points[-1].games == 1 << 14
