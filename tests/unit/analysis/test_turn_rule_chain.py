"""The chain of a board with a turn rule of issue 26 (analysis/chain.py's extended chain,
exact/chain.py) against brute force: each turn's law from every roll sequence played by the
plain rulebook of tests/unit/model/test_turns.py (no turn machine, no sub-chain), the game's
law then by propagating piece states turn by turn and its expected length by an independent
Gauss-Jordan. Each rule on a tiny board whose turns are bounded, so the enumeration is exact."""

from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.analysis.chain import build_chain
from chutes_tui.analysis.single import expected_from_start, finishing_distribution, moments_from
from chutes_tui.exact.chain import exact_chain, exact_expected_turns
from chutes_tui.exact.length import exact_terms
from chutes_tui.model.turns import PieceState
from tests.independent import gauss_jordan
from tests.unit.model.test_turns import CASES, brute_force, tiny

# One board per rule, turns bounded (no run of top faces without a limit, no throw-again cycle).
RULES = {
    "goal inside": tiny(goal=6, jumps=((2, 5), (8, 3))),
    "goal inside, reach": tiny(goal=5, jumps=((2, 6), (8, 1)), end_rule="reach"),
    "enter faces": tiny(enter_faces=(3,)),
    "enter square": tiny(enter_square=4),
    "enter faces onto a ladder": tiny(enter_faces=(3,), enter_square=2),
    "sum rolls (streak 3, bounce)": tiny(extra_roll=True, sum_rolls=True, end_rule="bounce", streak_limit=3),
    "streak 2, forfeit": tiny(extra_roll=True, streak_limit=2),
    "streak 2, to the start": tiny(extra_roll=True, streak_limit=2, streak_penalty="start"),
    "streak 2, to square 4": tiny(extra_roll=True, streak_limit=2, streak_penalty=4),
    "miss a turn": tiny(miss_turn=(4, 6)),
    "throw again": tiny(throw_again=(4,)),
    "everything bounded": tiny(
        goal=7,
        jumps=((2, 5), (6, 1)),
        enter_faces=(1, 3),
        enter_square=3,
        extra_roll=True,
        sum_rolls=True,
        streak_limit=2,
        streak_penalty="start",
        miss_turn=(4,),
        end_rule="reach",
    ),
}


def brute_game(board):
    """{piece: {end: chance}} for every piece state a game reaches, from the enumeration."""
    laws = {}
    todo = [PieceState(board.start)]
    while todo:
        piece = todo.pop()
        if piece in laws or piece.square == board.goal_square:
            continue
        found, rolling = brute_force(board, piece, depth=12)
        assert rolling == 0, piece  # bounded: the enumeration is the whole law
        laws[piece] = found
        todo.extend(found)
    return laws


def brute_expected(board, laws):
    pieces = sorted(laws)
    where = {piece: i for i, piece in enumerate(pieces)}
    rows = []
    for piece in pieces:
        row = [Fraction(0)] * (len(pieces) + 1)
        row[where[piece]] += 1
        row[-1] = Fraction(1)
        for end, chance in laws[piece].items():
            if end.square != board.goal_square:
                row[where[end]] -= chance
        rows.append(row)
    return dict(zip(pieces, gauss_jordan(rows), strict=True))


def brute_within(board, laws, turns):
    """``P(T ≤ n)`` for ``n = 0..turns`` from the start, turn by turn."""
    now = {PieceState(board.start): Fraction(1)}
    done, cdf = Fraction(0), [Fraction(0)]
    for _ in range(turns):
        after = {}
        for piece, chance in now.items():
            for end, p in laws[piece].items():
                if end.square == board.goal_square:
                    done += chance * p
                else:
                    after[end] = after.get(end, Fraction(0)) + chance * p
        now = after
        cdf.append(done)
    return cdf


def _fraction(value):
    return Fraction(int(value.p), int(value.q))


@pytest.mark.parametrize("name", RULES)
def test_each_rule_on_a_tiny_board_is_its_brute_force(name):
    board = RULES[name]
    laws = brute_game(board)
    expected = brute_expected(board, laws)
    chain = build_chain(board)
    assert chain.extended and set(chain.pieces) == set(laws)
    exact = exact_chain(board)
    for piece, turns in expected.items():
        assert _fraction(exact.expected_turns[chain.state(piece), 0]) == turns, piece
    start = expected[PieceState(board.start)]
    assert _fraction(exact_expected_turns(board)) == start
    assert abs(expected_from_start(board) - float(start)) <= 1e-12 * float(start)
    cdf = brute_within(board, laws, 8)
    pmf = exact_terms(board, [board.start], 8).turns
    assert [sum((_fraction(p) for p in pmf[: n + 1]), Fraction(0)) for n in range(9)] == cdf
    law = finishing_distribution(chain, board.start)
    assert np.max(np.abs(law.cdf[:9] - np.array([float(c) for c in cdf]))) <= 1e-12


@pytest.mark.parametrize("name", CASES)
def test_the_float_chain_is_the_exact_one_to_1e_12(name):
    board = CASES[name]
    chain, exact = build_chain(board), exact_chain(board)
    n = chain.size
    Q = np.array([[float(_fraction(exact.Q[i, j])) for j in range(n)] for i in range(n)])
    finish = np.array([float(_fraction(exact.finish[i, 0])) for i in range(n)])
    assert np.max(np.abs(chain.Q.toarray() - Q)) <= 1e-12
    assert np.max(np.abs(chain.finish - finish)) <= 1e-12
    mean, _ = moments_from(chain, chain.row(board.start))
    turns = float(exact_expected_turns(board))
    assert abs(mean - turns) <= 1e-12 * turns


def test_a_miss_turn_square_has_two_states_and_a_report_per_square_adds_them():
    board = RULES["miss a turn"]
    chain = build_chain(board)
    assert PieceState(4, True) in chain.pieces and PieceState(4, False) in chain.pieces
    skip = chain.state(PieceState(4, True))
    assert skip == chain.row(4) + 1
    # A skipped turn: chance one onto the same square, no turn to miss.
    assert chain.Q[skip].toarray()[0].tolist() == [float(j == chain.row(4)) for j in range(chain.size)]
    per = chain.per_square(np.ones(chain.size))
    assert per[4] == per[6] == 2 and per[5] == 1 and per[0] == 1


def test_the_flow_adds_a_squares_two_states_up():
    from chutes_tui.analysis.flow import Flow

    board = RULES["miss a turn"]
    chain = build_chain(board)
    exact = exact_chain(board)
    n = chain.size
    u = [Fraction(int(i == chain.row(board.start))) for i in range(n)]
    for _ in range(3):
        u = [sum(u[i] * _fraction(exact.Q[i, j]) for i in range(n)) for j in range(n)]
    after = Flow(chain, PieceState(board.start)).at(3)
    for square in (4, 6):
        both = u[chain.row(square)] + u[chain.state(PieceState(square, True))]
        assert u[chain.state(PieceState(square, True))] > 0
        assert abs(after.standing[square] - float(both)) <= 1e-15
    assert abs(sum(after.standing.values()) + after.finished - 1) <= 1e-15
