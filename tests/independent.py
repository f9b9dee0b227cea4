"""Independent engines for cross-checks: brute-force linear systems written from the rules,
sharing nothing with chutes_tui.analysis but the roll table."""

from fractions import Fraction
from itertools import product

import numpy as np

from chutes_tui.model.rules import roll_table


def transient_squares(board):
    return [int(s) for s in board.standable_squares if s != board.end]


def _expected_turns(board, outcomes):
    """Gauss-Jordan over Fractions on x_s = 1 + Σ P(dest) x_dest, ``outcomes(s)`` giving each
    roll's (dest, chance)."""
    squares = transient_squares(board)
    where = {s: i for i, s in enumerate(squares)}
    n = len(squares)
    rows = []
    for i, s in enumerate(squares):
        row = [Fraction(0)] * (n + 1)
        row[i] += 1
        row[n] = Fraction(1)
        for dest, chance in outcomes(s):
            if dest != board.end:
                row[where[dest]] -= chance
        rows.append(row)
    solution = gauss_jordan(rows)
    return {s: solution[where[s]] for s in squares}


def exact_expected_turns(board):
    """Seed 000's system: x_i = 1 + (1/d) Σ_r x_{f(i,r)}, one fair die, the roll table."""
    table = roll_table(board)
    d = board.die.sides
    return _expected_turns(board, lambda s: ((int(table[s, r]), Fraction(1, d)) for r in range(d)))


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


def joint_game(board, players):
    """Solve the joint chain of ``players`` pieces, one roll per move (no extra-roll rule), by a
    sparse LU (four players on six squares: 5,184 states, a dense solve's second).

    Returns dict state -> (win probability per seat..., expected moves, expected moves of
    seat 0, …, of seat ``players - 1``) with state = (positions tuple, seat to move).
    """
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu

    squares = transient_squares(board)
    table = roll_table(board)
    d = board.die.sides
    states = [(pos, m) for pos in product(squares, repeat=players) for m in range(players)]
    index = {state: i for i, state in enumerate(states)}
    size = len(states)
    rows, cols, chances = [], [], []
    b = np.zeros((size, 2 * players + 1))
    for i, (pos, m) in enumerate(states):
        b[i, players] = 1.0
        b[i, players + 1 + m] = 1.0
        for r in range(d):
            dest = int(table[pos[m], r])
            if dest == board.end:
                b[i, m] += 1.0 / d
            else:
                nxt = tuple(dest if j == m else p for j, p in enumerate(pos))
                rows.append(i)
                cols.append(index[(nxt, (m + 1) % players)])
                chances.append(1.0 / d)
    a = sp.identity(size, format="csc") - sp.csc_matrix((chances, (rows, cols)), shape=(size, size))
    x = splu(a).solve(b)
    return {state: x[index[state]] for state in states}


def seed_two_player_system(board):
    """The seed notebook's P(A, B) equations, solved densely in floats."""
    squares = transient_squares(board)
    n = len(squares)
    where = {s: i for i, s in enumerate(squares)}
    table = roll_table(board)
    d = board.die.sides
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


# -- dice, chained jumps and back-to-start: written from the rules' text -----------------------


def reference_law(dice):
    """Each move's exact chance, enumerated: every face of every die, or the spinner's sections."""
    from collections import Counter

    if dice.weights:
        total = sum(dice.weights)
        return {face: w / total for face, w in enumerate(dice.weights, start=1) if w}
    ways = Counter(sum(faces) for faces in product(range(1, dice.sides + 1), repeat=dice.count))
    outcomes = dice.sides**dice.count
    return {move: Fraction(n, outcomes) for move, n in sorted(ways.items())}


def reference_move(board, square, move):
    """Where one move takes a piece (end rule, then every jump until the piece rests)."""
    end = board.end
    if square == end:
        return end
    target = square + move
    if target > end:
        if board.end_rule == "exact":
            return square
        target = end if board.end_rule == "reach" else 2 * end - target
    jumps = dict(board.jumps)
    while target in jumps:
        target = jumps[target]
    return target


def brute_force_pmf(board, turns):
    """``P(T = t)`` for ``t = 1..turns``, exactly, by enumerating every sequence of ``turns``
    moves (one roll a turn: no extra-roll rule). A sequence counts, with its whole chance, at
    the turn it first reaches the end: summed over its later moves, that is its prefix's chance."""
    law = reference_law(board.die)
    pmf = [Fraction(0)] * (turns + 1)
    for moves in product(law, repeat=turns):
        chance = Fraction(1)
        for move in moves:
            chance *= law[move]
        square = board.start
        for t, move in enumerate(moves, start=1):
            square = reference_move(board, square, move)
            if square == board.end:
                pmf[t] += chance
                break
    return pmf


def reference_expected_turns(board):
    """The same system from the rules' text: each move's chance, each move followed by hand."""
    law = reference_law(board.die)
    return _expected_turns(board, lambda s: ((reference_move(board, s, m), p) for m, p in law.items()))


def check_against_references(board, turns=4):
    """The exact chain against Gauss-Jordan, the float chain, and brute-force enumeration of the
    first ``turns`` turns."""
    import math

    from chutes_tui.analysis import expected_from_start
    from chutes_tui.exact.chain import exact_expected_turns as exact_chain_turns
    from chutes_tui.exact.length import exact_terms

    exact = exact_chain_turns(board)
    assert Fraction(int(exact.p), int(exact.q)) == reference_expected_turns(board)[board.start]
    assert math.isclose(float(exact), expected_from_start(board), rel_tol=1e-12)
    terms = exact_terms(board, [board.start], turns).turns
    assert [Fraction(int(x.p), int(x.q)) for x in terms[1:]] == brute_force_pmf(board, turns)[1:]


def bump_roll(board, a, b, t, roll):
    """One roll of two seats under the bump rule, from the rule's words: ``None`` if seat ``t``
    has won, else the next ``(a, b, seat to roll)``."""
    from chutes_tui.model.rules import move

    here = [a, b]
    rest = move(board, here[t], roll).final
    if rest == board.end:
        return None
    here[t] = rest
    other = 1 - t
    if here[other] == rest and rest not in (board.start, board.end):
        here[other] = board.start
    again = board.extra_roll and roll == board.die.top
    return here[0], here[1], t if again else other
