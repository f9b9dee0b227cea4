"""With every rule of issue 26 off, the turn machine's per-turn law (model/turnlaw.py) is today's
turn: each row of the exact turn chain (exact/chain.py) exactly, and of the float chain
(analysis/chain.py) to the last digit, on the bundled boards, with and without the extra roll."""

from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.analysis.chain import build_chain
from chutes_tui.exact.chain import exact_chain
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.turnlaw import reached_pieces, turn_law
from chutes_tui.model.turns import PieceState, beyond_rolls

BOARDS = [
    "standard",
    "classic-1952",
    "standard-bounce",
    "standard-reach",
    "tiny-10",
    "hochman-ladder-27-29",
    "no-jumps",
]


def _fraction(value):
    return Fraction(int(value.p), int(value.q))


@pytest.mark.parametrize("extra_roll", [False, True])
@pytest.mark.parametrize("name", BOARDS)
def test_the_law_of_a_turn_is_the_turn_chain_of_today(name, extra_roll):
    board = load_board(name).replace(extra_roll=extra_roll)
    assert not beyond_rolls(board)
    exact, chain = exact_chain(board), build_chain(board)
    after, endless = reached_pieces(board)
    assert not endless
    # The piece states a game stands on are today's chain states and the end.
    assert [piece.square for piece in after] == [*chain.squares.tolist(), board.end]
    assert all(not piece.miss for piece in after)
    worst = 0.0
    for i, square in enumerate(chain.squares.tolist()):
        law = turn_law(board, PieceState(square))
        row = {
            PieceState(int(s)): _fraction(exact.Q[i, j])
            for j, s in enumerate(chain.squares)
            if exact.Q[i, j] != 0
        }
        finish = _fraction(exact.finish[i, 0])
        if finish:
            row[PieceState(board.end)] = finish
        assert law == row, square
        floats = np.zeros(chain.size + 1)
        for piece, chance in law.items():
            floats[chain.size if piece.square == board.end else chain.row(piece.square)] = float(chance)
        got = np.append(chain.Q[i].toarray()[0], chain.finish[i])
        # The float chain stops summing runs of top faces below 1e-18 (_EXTRA_ROLL_NEGLIGIBLE):
        # what it leaves out is below that; the rest agrees to a few units of the last place.
        off = np.abs(got - floats) - 1e-18
        worst = max(worst, float(np.max(off / np.maximum(floats, 1e-300))))
    assert worst <= 4 * np.finfo(float).eps, worst
