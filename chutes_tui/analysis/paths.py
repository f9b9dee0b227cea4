"""The shortest possible game, and the single most likely one.

**Fewest turns.** Breadth first over the turn chain: ``d(x)``, the fewest turns that can finish
from ``x``, backwards from the end; the shortest game takes ``d(start)``. With one roll a turn
(no extra-roll rule) its roll sequences are counted exactly, keeping only squares on a shortest
route (``n`` turns in, ``d(x) = fewest - n``):

    ways_n(x) = Σ_{i, f : final(i, f) = x} ways_{n-1}(i)    (faces of chance 0 left out)

and their total probability is the same sum with each face weighed by its chance -- which is
``P(T = fewest)``, the law's first term. (With the extra roll a top face may be rolled again and
again without moving, so a turn's rolls are not bounded: no count then.)

**The most likely game.** The squares a piece rests on turn after turn, ``x_0 = start, x_1, …,
x_T = end``, with the largest ``Π Q[x_{k-1}, x_k]`` (the last factor the chance of finishing):
a shortest path for the costs ``-log Q`` (Dijkstra). No step costs less than nothing, so the
best route never goes round a cycle; ties go to fewer turns, then to lower squares.

**A turn rule of issue 26.** The turn chain is the extended one (piece states; the goal ``G``
absorbs): the fewest turns and the most likely game come from its ``Q`` alike (a skipped turn
ends on the square it began on, which the route then names twice), and the route's exact chance
is the product of each turn's exact law (:func:`~chutes_tui.model.turnlaw.turn_law`). A turn's
rolls are unbounded there in general (or bounded only by the rules' memory), so no roll
sequences are counted, as with the extra roll.
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from chutes_tui.analysis.chain import Chain, build_chain
from chutes_tui.model.board import Board
from chutes_tui.model.text import all_digits
from chutes_tui.model.turnlaw import turn_law
from chutes_tui.model.turns import PieceState


@dataclass(frozen=True, eq=False)
class PathsReport:
    board: Board
    fewest_turns: int
    # roll sequences of the shortest games (None: extra roll, a turn rule of issue 26)
    shortest_sequences: int | None
    shortest_probability: Fraction | None  # exactly (None: as above)
    shortest_chance: float  # P(T = fewest), in floats
    example_rolls: tuple[int, ...] | None  # the first such sequence in face order
    likely_squares: tuple[int, ...]  # start, then where each turn ends
    likely_probability: float
    likely_exact: Fraction | None  # the same exactly (None: extra roll, without a turn rule)

    def to_json(self) -> dict[str, Any]:
        exact = self.shortest_probability
        return {
            "board": self.board.to_dict(),
            "shortest": {
                "turns": self.fewest_turns,
                "roll_sequences": self.shortest_sequences,
                "probability": None if exact is None else all_digits(exact),
                "probability_float": self.shortest_chance,
                "example_rolls": None if self.example_rolls is None else list(self.example_rolls),
            },
            "most_likely": {
                "squares": list(self.likely_squares),
                "turns": len(self.likely_squares) - 1,
                "probability": None if self.likely_exact is None else all_digits(self.likely_exact),
                "probability_float": self.likely_probability,
            },
        }


def _faces(board: Board) -> list[tuple[int, Fraction]]:
    """Each column of the roll table and its exact chance (the dice have no column of chance 0)."""
    return list(enumerate(board.die.chances))


def _shortest(chain: Chain, distance: np.ndarray, start: int) -> tuple[int, Fraction, tuple[int, ...]]:
    """Roll sequences of the shortest games, their probability, and the first of them."""
    board = chain.board
    fewest = int(distance[chain.row(start)])
    faces = _faces(board)
    ways: dict[int, tuple[int, Fraction]] = {start: (1, Fraction(1))}
    finished = (0, Fraction(0))
    for turn in range(1, fewest + 1):
        following: dict[int, tuple[int, Fraction]] = {}
        for square, (count, chance) in ways.items():
            for f, p in faces:
                to = int(board.roll_table[square, f])
                if to == board.end and turn == fewest:
                    finished = (finished[0] + count, finished[1] + chance * p)
                elif to != board.end and distance[chain.row(to)] == fewest - turn:
                    was = following.get(to, (0, Fraction(0)))
                    following[to] = (was[0] + count, was[1] + chance * p)
        ways = following
    return finished[0], finished[1], _first_rolls(chain, distance, start, fewest)


def _first_rolls(chain: Chain, distance: np.ndarray, start: int, fewest: int) -> tuple[int, ...]:
    board, square, rolls = chain.board, start, []
    for turn in range(1, fewest + 1):
        for f, _ in _faces(board):
            to = int(board.roll_table[square, f])
            if (to == board.end and turn == fewest) or (
                to != board.end and distance[chain.row(to)] == fewest - turn
            ):
                rolls.append(board.die.values[f])
                square = to
                break
    return tuple(rolls)


def _most_likely(chain: Chain, start: int) -> tuple[list[int], float]:
    """Dijkstra on ``-log Q`` from ``start``'s state to the goal (node ``n``): the route's
    states and its chance."""
    n = chain.size
    Q = chain.Q.tocsr()
    best: dict[int, tuple[float, int]] = {chain.row(start): (0.0, 0)}
    before: dict[int, int] = {}
    heap = [(0.0, 0, int(chain.squares[chain.row(start)]), chain.row(start))]
    done: set[int] = set()
    while heap:
        cost, turns, _, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if i == n:
            break
        steps = list(
            zip(
                Q.indices[Q.indptr[i] : Q.indptr[i + 1]].tolist(),
                Q.data[Q.indptr[i] : Q.indptr[i + 1]].tolist(),
                strict=True,
            )
        )
        if chain.finish[i] > 0:
            steps.append((n, float(chain.finish[i])))
        for j, p in steps:
            # Rounded, so that routes of equal chance summed in another order tie exactly.
            candidate = (round(cost - math.log(p), 11), turns + 1)
            if j not in done and (j not in best or candidate < best[j]):
                best[j], before[j] = candidate, i
                square = chain.goal if j == n else int(chain.squares[j])
                heapq.heappush(heap, (candidate[0], candidate[1], square, j))
    route = [n]
    while route[-1] != chain.row(start):
        route.append(before[route[-1]])
    route.reverse()
    chance = 1.0
    for i, j in itertools.pairwise(route):
        chance *= float(chain.finish[i]) if j == n else float(Q[i, j])
    return route, chance


def paths_report(board: Board) -> PathsReport:
    """The shortest and the most likely game from the board's start."""
    from chutes_tui.analysis.series import start_series

    chain = build_chain(board)
    start = board.start
    distance = chain.fewest_turns
    fewest = int(distance[chain.row(start)])
    # Summed to the median at least: the fewest turns come no later (P(T < fewest) = 0).
    _, pmf = start_series(chain, chain.row(start), 0.5)
    sequences: int | None = None
    exact: Fraction | None = None
    example: tuple[int, ...] | None = None
    if not board.extra_roll and not chain.extended:
        sequences, exact, example = _shortest(chain, distance, start)
    route, chance = _most_likely(chain, start)
    squares = tuple(chain.goal if i == chain.size else int(chain.squares[i]) for i in route)
    likely: Fraction | None = None
    if chain.extended:
        likely = _turns_chance(chain, route)
    elif not board.extra_roll:
        likely = _route_chance(board, squares)
    return PathsReport(board, fewest, sequences, exact, float(pmf[fewest]), example, squares, chance, likely)


def _turns_chance(chain: Chain, route: list[int]) -> Fraction:
    """The exact chance of a route of the extended chain's states, each turn's exact law."""
    pieces = [*chain.pieces, PieceState(chain.goal)]
    chance = Fraction(1)
    for here, there in itertools.pairwise(route):
        chance *= turn_law(chain.board, pieces[here])[pieces[there]]
    return chance


def _route_chance(board: Board, squares: tuple[int, ...]) -> Fraction:
    """The exact chance of a route of turn endings (one roll a turn): at each step, the faces
    that take the piece from one square to the next."""
    chance = Fraction(1)
    for here, there in itertools.pairwise(squares):
        chance *= sum((p for f, p in _faces(board) if int(board.roll_table[here, f]) == there), Fraction(0))
    return chance
