"""Chained jumps, on boards that ask for them (``chain_jumps = true``): followed until the piece
rests, a cycle refused naming it, and without the flag refused as before."""

import numpy as np
import pytest

from chutes_tui.analysis import expected_from_start
from chutes_tui.engine.path import walk
from chutes_tui.io.boardfile import format_toml, parse_toml
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.dice import Dice
from chutes_tui.model.rules import JumpKind, move
from chutes_tui.render.grid import Layout
from chutes_tui.sim.montecarlo import simulate_turns, summarize
from tests.independent import check_against_references
from tests.unit.model.test_back_to_start import BACK

JUMPS = ((3, 11), (11, 20), (20, 14), (27, 3), (8, 5), (5, 2))
CHAINED = Board(end=30, jumps=JUMPS, width=6, chain_jumps=True, name="chained")


def test_a_chain_is_followed_until_the_piece_rests():
    assert [int(CHAINED.resolve[s]) for s in (3, 11, 20, 27, 8, 5)] == [14, 14, 14, 14, 2, 2]
    step = move(CHAINED, 24, 3)  # 27 → 3 → 11 → 20 → 14
    assert (step.landing, step.via, step.final, step.jump) == (27, (3, 11, 20), 14, JumpKind.CHUTE)
    assert step.describe() == "24 → 27 chute → 3 ladder → 11 ladder → 20 chute → 14"
    assert step.hops == [(27, 3), (3, 11), (11, 20), (20, 14)]
    squares = walk(step, CHAINED.end, Layout.fit(CHAINED, 72, 37).path)
    assert squares[:3] == [25, 26, 27] and [s for s in squares if s in (3, 11, 20, 14)] == [3, 11, 20, 14]
    assert move(CHAINED, 0, 1).via == ()  # no jump: nothing passed
    assert move(CHAINED, 0, 3).via == (11, 20)


def test_a_cycle_is_refused_naming_it():
    with pytest.raises(BoardError, match="jumps 20→40→20 form a cycle"):
        Board(jumps=((20, 40), (40, 20)), chain_jumps=True)
    with pytest.raises(BoardError, match="jumps 5→9→7→5 form a cycle"):
        Board(end=30, jumps=((2, 5), (5, 9), (9, 7), (7, 5)), chain_jumps=True)


def test_without_the_flag_chains_are_refused_as_before():
    with pytest.raises(BoardError, match="chained jumps: 11→20 lands on the tail of 20→14"):
        Board(end=30, jumps=((3, 11), (20, 14), (11, 20)))
    text = "squares = 30\nladders = [[3, 11], [11, 20]]\n"
    with pytest.raises(BoardError, match="chained jumps") as info:
        parse_toml(text, path="c.toml")
    assert info.value.line == 2
    board = parse_toml("chain_jumps = true\n" + text, path="c.toml")
    assert board.chain_jumps and parse_toml(format_toml(board)) == board
    assert board.to_dict()["chain_jumps"] is True and "chain_jumps" not in Board().to_dict()
    assert "chain_jumps" not in format_toml(Board())


# Chains, a chute back to the start, and both: a chain that ends off the board.
BOARDS = {"chained": CHAINED, "back": BACK, "both": CHAINED.replace(jumps=(*JUMPS[:-1], (5, 0)))}


@pytest.mark.parametrize("dice", ["6", "2d3", "1,0,2"])
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_chains_agree_with_gauss_jordan_and_brute_force(name, dice):
    check_against_references(BOARDS[name].replace(die=Dice.parse(dice), end_rule="bounce"))


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_simulator_agrees_within_4_sigma(name):
    board = BOARDS[name]
    summary = summarize(simulate_turns(board, 200_000, np.random.default_rng(8)))
    assert abs(summary.mean - expected_from_start(board)) < 4 * summary.standard_error
