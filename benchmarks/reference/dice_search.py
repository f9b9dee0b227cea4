"""A reference for ``chutes-tui strategy standard --dice-choice …`` (one player): the method of the
Efron's-dice notebook (github.com/Ph1n-Pham/chutes_ladders_optimization, DP.ipynb), written
again from its description: start from one die everywhere; sweep the squares from 99 down,
trying each die there and keeping it when the whole policy's expected turns (a dense float solve
of 101 equations) go down; repeat sweeps until a sweep changes nothing. Four starts (each die
everywhere); prints the best expected turns found. A roll past 100 is lost (the standard board's
rule; the notebook's own rule reaches 100 instead: same optimum, 245/24). Nothing from
chutes_tui is imported.
"""

import numpy as np

LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
CHUTES = {16: 6, 48: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}
JUMPS = {**LADDERS, **CHUTES}
DICE = ((4, 4, 4, 4, 0, 0), (3,) * 6, (6, 6, 2, 2, 2, 2), (5, 5, 5, 1, 1, 1))


def turns(policy):
    matrix = np.eye(101)
    for square in range(100):
        for face in DICE[policy[square]]:
            land = square + face if square + face <= 100 else square
            matrix[square, JUMPS.get(land, land)] -= 1 / 6
    right = np.ones(101)
    right[100] = 0
    try:
        value = np.linalg.solve(matrix, right)[0]
    except np.linalg.LinAlgError:
        return np.inf
    return value if np.isfinite(value) and 0 < value < 1e9 else np.inf


def search(die):
    policy = [die] * 101
    best = turns(policy)
    while True:
        before = best
        for square in range(99, -1, -1):
            for other in range(len(DICE)):
                old, policy[square] = policy[square], other
                value = turns(policy)
                if value < best:
                    best = value
                else:
                    policy[square] = old
        if best == before:
            return best


print(min(search(die) for die in range(len(DICE))))
