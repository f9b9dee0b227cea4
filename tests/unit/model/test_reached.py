"""Valid boards are not refused (issue 23 §10): winnability is judged on the squares a game can
stand on -- those the start's rolls reach -- so a die that skips a trapped square plays; every
engine then works on those squares, and a bump game that could never end is refused."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.analysis import build_chain, expected_turns
from chutes_tui.analysis.bump import bump_odds, check_games_end
from chutes_tui.analysis.landings import jumps_report, squares_report
from chutes_tui.analysis.reports import inspect_square
from chutes_tui.analysis.single import finishing_distribution
from chutes_tui.cli import main
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.dice import Dice

FIVES = Dice.parse("0,0,0,0,1,0")  # always 5


def test_a_die_that_always_rolls_five_plays_the_standard_board_in_sixteen_turns(standard):
    board = standard.replace(die=FIVES)
    # 0, 5, 10, ..., 80, then the ladder 80→100: sixteen turns, no other square ever stood on.
    assert board.standable_squares.tolist() == [*range(0, 76, 5), 100]
    law = finishing_distribution(build_chain(board), board.start)
    assert law.mean == pytest.approx(16, abs=1e-12) and law.sd == pytest.approx(0, abs=1e-9)
    assert law.pmf[16] == pytest.approx(1, abs=1e-12)
    assert not board.is_standable(2) and board.is_standable(75)


def test_a_trap_the_start_reaches_is_still_refused(standard):
    # Always 5 from square 2 is the same trap, now reachable: the start moved there.
    with pytest.raises(BoardError, match="unwinnable"):
        standard.replace(die=FIVES, start=2)


def test_reports_on_a_board_with_squares_no_game_reaches(standard):
    board = standard.replace(die=FIVES)
    jumps = {(j.tail, j.head): j for j in jumps_report(board).jumps}
    assert jumps[(80, 100)].expected_uses == pytest.approx(1) and jumps[(1, 38)].expected_uses == 0
    rows = {row.square: row for row in squares_report(board, "turns-left").rows}
    assert rows[2].expected_turns_left is None and rows[75].expected_turns_left == pytest.approx(1)
    assert rows[80].expected_turns_left == 0  # its ladder ends the game
    with pytest.raises(ValueError, match="never reach"):
        inspect_square(board, 2)
    assert inspect_square(board, 75).expected_turns == pytest.approx(1)


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["inspect", "standard", "2"], 2, "no game on standard ever lands on square 2"),
        (["exact", "standard", "--position", "2", "5"], 2, "ever stands there"),
        (["analyze", "standard", "--bump"], 1, "bump each other back forever"),
        (["exact", "standard", "--bump"], 1, "bump each other back forever"),
        # Three players: past BUMP_QUICK_PLAYERS, only simulated, still refused up front (five
        # built a joint chain of 5.2 million states to say the same, 3 s).
        (["simulate", "standard", "--bump", "--players", "3", "--games", "10"], 1, "forever"),
    ],
)
def test_the_command_line_says_why_in_one_line(capsys, argv, status, words):
    assert main([*argv, "--die", "0,0,0,0,1,0"]) == status
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_command_line_answers_on_such_a_board(capsys):
    assert main(["analyze", "standard", "--die", "0,0,0,0,1,0", "--players", "3", "--json"]) == 0
    assert main(["simulate", "standard", "--die", "0,0,0,0,1,0", "--games", "100"]) == 0
    for verb in ("jumps", "squares", "paths"):
        assert main([verb, "standard", "--die", "0,0,0,0,1,0"]) == 0
    out = capsys.readouterr().out
    assert "Every game took the same number of turns" in out


def test_bump_games_that_never_end_are_found_exactly(tiny):
    """Two pieces that always move 1 on a jumpless board with the reach end: the second lands on
    the first every time and sends it back, forever. With a real die the game ends."""
    lockstep = Board(end=12, die=Dice.parse("1,0,0,0,0,0"), end_rule="reach", bump=True)
    with pytest.raises(BoardError, match="forever"):
        bump_odds(lockstep, [0, 0])
    with pytest.raises(BoardError, match="too large"):
        check_games_end(lockstep, 6)
    check_games_end(lockstep, 1)  # alone, nobody bumps
    check_games_end(tiny.replace(bump=True), 6)  # every square has a choice: always ends
    odds = bump_odds(tiny.replace(bump=True), [0, 0])
    assert sum(odds.win) == pytest.approx(1)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(6, 30),
    st.lists(st.integers(0, 2), min_size=2, max_size=6).filter(any),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["exact", "reach", "bounce"]),
)
def test_every_accepted_board_has_an_absorbing_chain(end, weights, seed, rule):
    """Whatever board and spinner (zero faces included) are accepted, the chain on the squares
    a game stands on ends with certainty: Q's spectral radius is below one, and the expected
    turns are finite and agree with a dense solve over those squares."""
    rng = np.random.default_rng(seed)
    tails = rng.choice(np.arange(1, end), size=min(3, end - 2), replace=False)
    jumps = tuple((int(t), int(rng.integers(1, end))) for t in tails)
    jumps = tuple((t, h) for t, h in jumps if h != t and h not in tails)
    try:
        board = Board(end=end, die=Dice.parse(",".join(map(str, weights))), jumps=jumps, end_rule=rule)
    except BoardError:
        return
    chain = build_chain(board)
    solved = expected_turns(chain)
    assert np.all(np.isfinite(solved)) and np.all(solved >= 1 - 1e-9)
    Q = chain.Q.toarray()
    assert max(abs(np.linalg.eigvals(Q))) < 1 - 1e-12
    dense = np.linalg.solve(np.eye(chain.size) - Q, np.ones(chain.size))
    assert np.allclose(dense, solved, rtol=1e-9)


def test_add_jump_sweep_on_a_die_that_skips_squares(standard):
    """Heads no game reaches yet are evaluated on the edited board itself: no unwinnable board
    is listed (15→2 made a trap reachable and was once listed at 3 turns), and every listed
    value is the edited board's own."""
    from chutes_tui.analysis import expected_from_start
    from chutes_tui.model.edits import add_jump
    from chutes_tui.research.hochman import add_jump_sweep

    board = standard.replace(die=FIVES)
    sweep = add_jump_sweep(board)
    assert (15, 2) not in {(c.tail, c.head) for c in sweep.candidates}
    for candidate in sweep.candidates[::7]:
        edited = add_jump(board, candidate.tail, candidate.head)
        assert candidate.expected_turns == pytest.approx(expected_from_start(edited), abs=1e-9)


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["design", "--squares", "40", "--target-turns", "9", "--output", "{tmp}/d.toml"], 2, "jump system"),
        (["play", "standard", "--bump", "--players", "Ann,Bob"], 2, "forever"),
        (["watch", "standard", "--bump"], 2, "forever"),
        (["experiments", "convergence", "standard", "--max-log2", "8"], 0, ""),
        (["analyze", "standard", "--bump", "--positions", "5", "10"], 0, ""),
    ],
)
def test_skipping_dice_answer_or_refuse_in_one_line(capsys, tmp_path, argv, status, words):
    argv = [a.format(tmp=tmp_path) for a in argv]
    assert main([*argv, "--die", "0,0,0,0,1,0"]) == status
    out, err = capsys.readouterr()
    if status:
        assert words in err and err.count("\n") == 1
    else:
        assert "Traceback" not in err
    if "--positions" in argv:  # the leader is never caught: the ladder 80→100 in 29 rolls
        assert "expected moves left (rolls by everyone): 29.0000" in out


def test_the_jump_system_names_a_stranded_square(standard):
    from chutes_tui.analysis.incremental import system_problem

    assert "no roll from square 2 ever" in system_problem(standard.replace(die=FIVES))  # 1 is a tail
    assert system_problem(standard) is None
