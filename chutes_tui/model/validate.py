"""Whether a board can be won: from every square a game can stand on, the end square must be
reachable. The squares a game can stand on are those the start's rolls reach (a die that always
rolls 5 never stands on square 2, so a trap there harms no game). A board that fails is refused
naming the first trapped square, the squares its rolls can reach, and the jumps that send every
other landing back.

With that, the turn chain on the reached squares is absorbing: the set is closed under rolls and
every member reaches the end, so from each the game ends with probability 1 and ``I - Q`` is
invertible.

A board with a turn rule of issue 26 (:func:`~chutes_tui.model.turns.beyond_rolls`) is checked
on its piece states instead (:func:`~chutes_tui.model.turnlaw.reached_pieces`): every turn must
end with chance one, and from every piece state a game can stand on the goal must be reachable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import numpy as np

from chutes_tui.model.errors import BoardError, Jump
from chutes_tui.model.rules import EndRule, RuledBoard
from chutes_tui.model.text import elide
from chutes_tui.model.turnlaw import reached_pieces
from chutes_tui.model.turns import PieceState, TurnBoard, beyond_rolls


class CheckedBoard(TurnBoard, Protocol):
    """What the check reads of a board besides what the rules read (:class:`~chutes_tui.model.
    board.Board`, which checks itself with this module on construction, is one)."""

    @property
    def jumps(self) -> tuple[Jump, ...]: ...
    @property
    def standable_squares(self) -> np.ndarray:
        """:func:`reached_squares` of this board, kept with it."""


def _compact(squares: Iterable[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` → ``"1–3, 7, 9–10"``."""
    values = sorted(set(squares))
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]}–{values[j]}")
        i = j + 1
    return ", ".join(parts)


def reachable(sources: np.ndarray, targets: np.ndarray, start: int | np.ndarray, n: int) -> np.ndarray:
    """Every node reachable from ``start`` (a node, or an array of them) along the edges
    ``sources[i] → targets[i]``, sorted.

    A depth-first search over the edges grouped by source: node ``v``'s targets are
    ``following[bounds[v]:bounds[v + 1]]`` (the compressed-row layout of the graph's matrix), so
    the plain loop reads each edge once. A board has one roll edge per square and face, few
    enough that the model needs no compiled graph library (the analysis searches the far larger
    state graphs of several pieces with scipy's: :func:`chutes_tui.analysis.bump.reachable_states`)."""
    starts = np.atleast_1d(np.asarray(start, dtype=np.int64))
    if starts.size == 0:
        return starts
    following = targets[np.argsort(sources, kind="stable")].tolist()
    bounds = [0, *np.cumsum(np.bincount(sources, minlength=n)).tolist()]
    seen = bytearray(n)
    todo = starts.tolist()
    for node in todo:
        seen[node] = 1
    while todo:
        node = todo.pop()
        for target in following[bounds[node] : bounds[node + 1]]:
            if not seen[target]:
                seen[target] = 1
                todo.append(target)
    return np.flatnonzero(np.frombuffer(seen, dtype=np.uint8))


def _roll_edges(board: RuledBoard) -> tuple[np.ndarray, np.ndarray, int]:
    """The roll table as edges square → where a roll leaves it, for every square and face."""
    table = board.roll_table
    n = board.end + 1
    return np.repeat(np.arange(n), table.shape[1]), table.ravel(), n


def _can_finish(rows: np.ndarray, cols: np.ndarray, end: int, n: int) -> np.ndarray:
    """Which squares reach the end along the edges (searched backwards from the end)."""
    mask = np.zeros(n, dtype=bool)
    mask[reachable(cols, rows, end, n)] = True
    return mask


def reached_squares(board: TurnBoard) -> np.ndarray:
    """The squares reachable from the start along the roll table (sorted, read-only); with a
    turn rule of issue 26, the squares of the piece states a game stands on between turns."""
    if beyond_rolls(board):
        squares = np.array(sorted({piece.square for piece in reached_pieces(board)[0]}), dtype=np.int64)
        squares.setflags(write=False)
        return squares
    rows, cols, n = _roll_edges(board)
    squares = np.sort(reachable(rows, cols, board.start, n))
    squares.setflags(write=False)
    return squares


def stranded_squares(board: CheckedBoard) -> np.ndarray:
    """Every square that is no jump's tail, reached or not, from which the end can never be
    reached: traps that a die skipping them makes harmless to a game, but not to a method that
    counts every square. (A tail is worth its head, which is such a square or not.)"""
    rows, cols, n = _roll_edges(board)
    can_finish = _can_finish(rows, cols, board.end, n)
    can_finish[[tail for tail, _ in board.jumps]] = True
    return np.flatnonzero(~can_finish)


def check_turns_end(board: CheckedBoard) -> None:
    """Refuse a board with a turn rule of issue 26 on which a turn may never end, or a piece
    state a game can stand on from which the goal can never be reached."""
    after, endless = reached_pieces(board)
    if endless:
        again = _compact(state.square for state in endless if state.square in board.throw_again)
        raise BoardError(
            f"endless turns: a turn from square {endless[0].began} never ends (its rolls come to "
            f"rest on throw-again squares {elide(again, 100)} again and again)",
            field="throw_again",
        )
    # Backwards from the goal: a piece state finishes if some turn's end does (each state is
    # followed once, not every state again after each one found).
    before: dict[PieceState, list[PieceState]] = {}
    for piece, ends in after.items():
        for end in ends:
            before.setdefault(end, []).append(piece)
    goal = PieceState(board.goal_square)
    finishing, todo = {goal}, [goal]
    while todo:
        for piece in before.get(todo.pop(), ()):
            if piece not in finishing:
                finishing.add(piece)
                todo.append(piece)
    stuck = [piece for piece in after if piece not in finishing]
    if stuck:
        square = stuck[0].square
        where = "the start square" if square == board.start else "square"
        seen, todo = {stuck[0]}, [stuck[0]]
        while todo:  # where turns from there can lead
            for end in after[todo.pop()]:
                if end not in seen:
                    seen.add(end)
                    todo.append(end)
        trap = _compact(piece.square for piece in seen)
        raise BoardError(
            f"unwinnable board: the goal {board.goal_square} can never be reached from {where} "
            f"{square} (turns from there only ever end on {elide(trap, 100)})",
            field="jumps",
        )


def check_winnable(board: CheckedBoard) -> None:
    """Refuse boards with a square a game can stand on from which the end can never be reached."""
    if beyond_rolls(board):
        check_turns_end(board)
        return
    # The standable squares are closed under rolls, so searching every square's edges finds
    # the same finishing squares and traps among them as searching theirs alone.
    rows, cols, n = _roll_edges(board)
    standable = board.standable_squares
    stuck = standable[~_can_finish(rows, cols, board.end, n)[standable]]
    if stuck.size == 0:
        return
    square = int(stuck[0])
    trapped = reachable(rows, cols, square, n)
    trap = set(int(s) for s in trapped)
    culprits = [f"{tail}→{head}" for tail, head in board.jumps if head in trap and tail not in trap]
    noun = "square" if len(trap) == 1 else "squares"
    why = f"rolls from there only ever reach {noun} {elide(_compact(trap), 100)}"
    smallest = board.die.values[0]
    if board.end_rule is EndRule.EXACT and board.end - square < smallest:
        why += (
            f"; the exact end needs a roll of exactly {board.end - square}, and {board.die.text}'s "
            f"smallest move is {smallest} (the reach or bounce rule would end the game)"
        )
    if culprits:
        why += f", and jumps {', '.join(culprits[:6])}{' …' if len(culprits) > 6 else ''}"
        why += " send every other landing back"
    where = "the start square" if square == board.start else "square"
    raise BoardError(
        f"unwinnable board: the end square {board.end} can never be reached from {where} {square} ({why})",
        field="jumps",
    )
