"""Drama by brute force: every game of a tiny board enumerated turn by turn, from the rules'
text (tests/independent.py's moves), its odds solved in fractions from the same text. Shares
nothing with chutes_tui's chains but the board.

Games are grouped by what the figures still depend on -- the position, which seats' chances
have been below 1/10 and the turn of the last lead change -- so the enumeration is of every
game, summed over those that agree on it; the expected lead changes are a sum over turns of
the chance that the turn changes the lead (linearity), so no count is carried.
"""

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from flint import fmpq, fmpq_mat

from tests.independent import reference_law, reference_move, transient_squares

NONE = -1


def moved(board, pos, m, move):
    """Where seat ``m``'s move takes the seats: ``None`` if it wins, else the squares after it
    (under the bump rule a piece the mover lands on goes back to the start, but not on the start
    or the end)."""
    dest = reference_move(board, pos[m], move)
    if dest == board.end:
        return None
    after = [*pos[:m], dest, *pos[m + 1 :]]
    if board.bump and dest != board.start:
        after = [board.start if j != m and p == dest else p for j, p in enumerate(after)]
    return tuple(after)


def _system(board, players):
    """The joint game's equations ``x = b + A x``, from the rules' words: its states, ``A``'s
    entries ``(i, j, chance)`` and ``b``'s ``(i, seat, chance)`` (the mover wins)."""
    squares = transient_squares(board)
    law = reference_law(board.die)
    states = [(pos, m) for pos in product(squares, repeat=players) for m in range(players)]
    index = {state: i for i, state in enumerate(states)}
    steps, wins = [], []
    for i, (pos, m) in enumerate(states):
        for move, p in law.items():
            after = moved(board, pos, m, move)
            if after is None:
                wins.append((i, m, p))
            else:
                steps.append((i, index[(after, (m + 1) % players)], p))
    return states, steps, wins


def joint_odds(board, players):
    """Every joint state's chances, exactly: ``{(squares, mover): (Fraction, …)}``."""
    states, steps, wins = _system(board, players)
    size = len(states)
    a = fmpq_mat(size, size)
    b = fmpq_mat(size, players)
    for i in range(size):
        a[i, i] += 1
    for i, j, p in steps:
        a[i, j] -= fmpq(p.numerator, p.denominator)
    for i, seat, p in wins:
        b[i, seat] += fmpq(p.numerator, p.denominator)
    x = a.solve(b)
    return {
        state: tuple(Fraction(int(x[i, k].p), int(x[i, k].q)) for k in range(players))
        for i, state in enumerate(states)
    }


def joint_odds_in_floats(board, players):
    """The same equations solved sparsely in floats (boards too large for fractions)."""
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.linalg import spsolve

    states, steps, wins = _system(board, players)
    size = len(states)
    rows, cols, chances = zip(*steps, strict=True)
    system = sp.identity(size, format="csc") - sp.csc_matrix(
        ([float(p) for p in chances], (rows, cols)), shape=(size, size)
    )
    b = np.zeros((size, players))
    for i, seat, p in wins:
        b[i, seat] += float(p)
    x = spsolve(system, b)
    return {state: x[i] for i, state in enumerate(states)}


def favourite(chances):
    top = max(chances)
    leaders = [k for k, c in enumerate(chances) if c == top]
    return leaders[0] if len(leaders) == 1 else NONE


@dataclass
class Enumerated:
    lead_changes: float
    comeback: float
    decisive: dict  # turn -> P(D = turn)
    unfinished: float  # the chance of the games not yet over when the enumeration stopped


def enumerate_games(board, players, positions=None, to_move=0, tail=1e-16, decisive_law=True):
    """The expected lead changes, P(comeback) and the decisive turn's law over every game.
    Without ``decisive_law`` (its law left empty) the games are not told apart by the turn of
    their last lead change, which the other figures do not depend on: a tenth of the groups."""
    odds = joint_odds(board, players)
    law = [(move, float(p)) for move, p in reference_law(board.die).items()]
    tenth = Fraction(1, 10)
    # What the enumeration asks of a state on every turn it is met -- its favourite, the seats
    # below 1/10 there, where each move takes the game -- is worked out once per state.
    leader = {state: favourite(chances) for state, chances in odds.items()}
    low = {state: tuple(c < tenth for c in chances) for state, chances in odds.items()}
    steps = {}
    for pos, m in odds:
        after = ((moved(board, pos, m, move), p) for move, p in law)
        steps[(pos, m)] = [(p, None if s is None else (s, (m + 1) % players)) for s, p in after]
    since = {  # (seats below 1/10 so far, the state reached) -> the seats below 1/10 since
        (below, state): tuple(b or c for b, c in zip(below, low[state], strict=True))
        for below in product((False, True), repeat=players)
        for state in odds
    }
    start = (tuple(positions) if positions else (board.start,) * players, to_move)
    groups = {(start, low[start], 0): 1.0}
    # Every term kept and summed once, exactly rounded (fsum): a running float sum of the
    # million-odd terms drifts by some 1e-12. (A turn that changes nothing adds no term.)
    changes, comeback, decisive = [], [], defaultdict(list)
    turn = 0
    while sum(groups.values()) >= tail:
        turn += 1
        after = defaultdict(float)
        for (here, below, last), chance in groups.items():
            before = leader[here]
            for p, state in steps[here]:
                weight = chance * p
                if state is None:  # the mover wins: its favour is certain now
                    m = here[1]
                    changed = before != m
                    if changed:
                        changes.append(weight)
                    if below[m]:
                        comeback.append(weight)
                    decisive[turn if changed else last].append(weight)
                elif leader[state] != before:
                    changes.append(weight)
                    after[(state, since[(below, state)], turn if decisive_law else 0)] += weight
                else:
                    after[(state, since[(below, state)], last)] += weight
        groups = after
    law_of_d = {t: math.fsum(terms) for t, terms in decisive.items()}
    return Enumerated(math.fsum(changes), math.fsum(comeback), law_of_d, sum(groups.values()))
