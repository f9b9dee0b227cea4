"""Independent engines for cross-checks: brute-force linear systems written from the rules,
sharing nothing with chutes_tui.analysis but the roll table."""

from fractions import Fraction
from itertools import product

import numpy as np

from chutes_tui.model.rules import roll_table


def transient_squares(board):
    return [int(s) for s in board.standable_squares if s != board.end]


def exact_expected_turns(board):
    """Gauss-Jordan over Fractions on x_i = 1 + (1/d) Σ_r x_{f(i,r)} (seed 000's system)."""
    squares = transient_squares(board)
    where = {s: i for i, s in enumerate(squares)}
    n, d = len(squares), board.die
    table = roll_table(board)
    rows = []
    for i, s in enumerate(squares):
        row = [Fraction(0)] * (n + 1)
        row[i] += 1
        row[n] = Fraction(1)
        for r in range(d):
            dest = int(table[s, r])
            if dest != board.end:
                row[where[dest]] -= Fraction(1, d)
        rows.append(row)
    solution = gauss_jordan(rows)
    return {s: solution[where[s]] for s in squares}


def gauss_jordan(rows):
    """Solve the augmented system ``rows`` (lists of Fractions, last column the right-hand
    side) exactly; returns the unknowns."""
    n = len(rows)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[n] for row in rows]


def joint_game(board, players, first=0):
    """Solve the joint chain of ``players`` pieces, one roll per move (no extra-roll rule).

    Returns dict state -> (win probability per seat..., expected moves, expected moves of
    seat ``first``) with state = (positions tuple, seat to move).
    """
    squares = transient_squares(board)
    where = {s: i for i, s in enumerate(squares)}
    table = roll_table(board)
    d = board.die
    states = [(pos, m) for pos in product(squares, repeat=players) for m in range(players)]
    index = {state: i for i, state in enumerate(states)}
    size = len(states)
    a = np.eye(size)
    b = np.zeros((size, players + 2))
    for i, (pos, m) in enumerate(states):
        b[i, players] = 1.0
        b[i, players + 1] = 1.0 if m == first else 0.0
        for r in range(d):
            dest = int(table[pos[m], r])
            if dest == board.end:
                b[i, m] += 1.0 / d
            else:
                nxt = tuple(dest if j == m else p for j, p in enumerate(pos))
                a[i, index[(nxt, (m + 1) % players)]] -= 1.0 / d
    x = np.linalg.solve(a, b)
    del where
    return {state: x[index[state]] for state in states}


def seed_two_player_system(board):
    """The seed notebook's P(A, B) equations, solved densely in floats."""
    squares = transient_squares(board)
    n = len(squares)
    where = {s: i for i, s in enumerate(squares)}
    table = roll_table(board)
    d = board.die
    a = np.eye(n * n)
    rhs = np.zeros(n * n)
    for i, s in enumerate(squares):
        for j, _ in enumerate(squares):
            row = i * n + j
            for r in range(d):
                dest = int(table[s, r])
                if dest == board.end:
                    rhs[row] += 1.0 / d
                else:
                    # P(A,B) = Σ 1/d (1 - P(B, A'))
                    rhs[row] += 1.0 / d
                    a[row, j * n + where[dest]] += 1.0 / d
    return squares, np.linalg.solve(a, rhs).reshape(n, n)
