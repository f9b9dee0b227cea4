"""The jump system's Sherman–Morrison updates against a fresh analysis of each edited board."""

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, seat_odds
from chutes_tui.analysis.incremental import JumpSystem, system_problem
from chutes_tui.analysis.limits import DESIGN_MAX_SQUARES
from chutes_tui.analysis.multi import first_seat_chances
from chutes_tui.analysis.single import moments_from
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.dice import Dice
from chutes_tui.model.edits import add_jump, move_jump_end, remove_jump
from chutes_tui.model.generate import random_board


def fresh(board):
    """Mean and sd from the start by the ordinary analysis, on a board with nothing kept."""
    board = Board(end=board.end, die=board.die, end_rule=board.end_rule, jumps=board.jumps)
    chain = build_chain(board)
    return moments_from(chain, chain.row(board.start))


def close(found, board):
    mean, sd = fresh(board)
    assert found[0] == pytest.approx(mean, rel=1e-9, abs=1e-9)
    assert found[1] == pytest.approx(sd, rel=1e-9, abs=1e-9)


CASES = [
    (seed, rule, die)
    for seed in range(2)
    for rule, die in (("exact", 6), ("bounce", 6), ("reach", 6), ("exact", "2d6"), ("exact", "1,2,0.5"))
]


@pytest.mark.parametrize(("seed", "rule", "die"), CASES)
def test_every_single_jump_edit_agrees_with_a_fresh_analysis(seed, rule, die):
    board = random_board(seed, squares=60, ladders=4, chutes=5, end_rule=rule, die=Dice.of(die))
    system = JumpSystem(board)
    close((system.mean, system.sd), board)
    used = {square for jump in board.jumps for square in jump}
    free = np.array([s for s in range(1, board.end) if s not in used])
    checked = 0
    for tail, head in board.jumps[::3]:
        heads, tails = system.head_moves(tail, free), system.tail_moves(tail, free)
        for i, square in list(enumerate(free.tolist()))[::2]:
            for moves, end in ((heads, head), (tails, tail)):
                try:
                    edited = move_jump_end(board, end, square)
                except BoardError:  # unwinnable: the update says so too
                    assert not np.isfinite(moves.mean[i])
                    continue
                close((moves.mean[i], moves.sd[i]), edited)
                checked += 1
    added = system.add_moves(free[:-1], free[1:])
    for i, (tail, head) in enumerate(zip(free[:-1].tolist(), free[1:].tolist(), strict=True)):
        try:
            edited = add_jump(board, tail, head)
        except BoardError:
            assert not np.isfinite(added.mean[i])
            continue
        close((added.mean[i], added.sd[i]), edited)
        checked += 1
    removed = system.remove_moves(np.array([tail for tail, _ in board.jumps]))
    for i, (tail, _) in enumerate(board.jumps):
        try:
            edited = remove_jump(board, tail)
        except BoardError:  # e.g. 2d6 and the exact rule: a jump from the square before the end
            assert not np.isfinite(removed.mean[i])
            continue
        close((removed.mean[i], removed.sd[i]), edited)
    assert checked > 40


def test_a_moved_system_is_the_fresh_one():
    board = random_board(11, ladders=8, chutes=8)
    system = JumpSystem(board)
    (tail, head), square = (
        board.jumps[3],
        next(s for s in range(1, 100) if s not in {q for j in board.jumps for q in j}),
    )
    for edited in (move_jump_end(board, tail, square), move_jump_end(board, head, square)):
        moved, built = system.moved(edited), JumpSystem(edited)
        assert np.abs(moved.N - built.N).max() < 1e-9
        assert moved.mean == pytest.approx(built.mean, rel=1e-12)
        assert moved.sd == pytest.approx(built.sd, rel=1e-12)
    with pytest.raises(ValueError, match="differ by one jump"):
        system.moved(board)


def test_an_edit_that_makes_the_board_unwinnable_is_not_a_number():
    # With moves of 1 or 2 the end square is reached only from 8 or 9: chutes on both trap a piece.
    board = Board(end=10, die=2, jumps=((9, 1),))
    system = JumpSystem(board)
    trapped = system.add_moves(np.array([8, 7]), np.array([2, 2]))
    assert not np.isfinite(trapped.mean[0])
    close((trapped.mean[1], trapped.sd[1]), add_jump(board, 7, 2))


def test_boards_beyond_the_limit_are_refused_naming_it():
    big = Board(end=DESIGN_MAX_SQUARES + 1)
    problem = system_problem(big)
    assert problem is not None and f"at most {DESIGN_MAX_SQUARES:,} squares" in problem
    with pytest.raises(ValueError, match="at most"):
        JumpSystem(big)
    assert system_problem(Board(end=DESIGN_MAX_SQUARES)) is None
    assert "one roll a turn" in str(system_problem(load_board("standard").replace(extra_roll=True)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_seat_chances_agree_with_the_seat_odds(players):
    chains = [build_chain(load_board(name)) for name in ("standard", "classic-1952", "tiny-10")]
    chances = first_seat_chances(chains, players)
    expected = [seat_odds(chain, [chain.board.start] * players).win[0] for chain in chains]
    assert chances == pytest.approx(expected, abs=1e-12)
    # Summed only to a coarser tail, each chance falls short by less than that tail.
    coarse = first_seat_chances(chains, players, 1e-6)
    assert np.all(coarse <= chances) and np.all(chances - coarse < 1e-6)
