"""Whether a board can be won: from every square a turn can end on, the end square must be
reachable. A board that fails is refused naming the first trapped square, the squares its rolls
can reach, and the jumps that send every other landing back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.model.errors import BoardError
from chutes_tui.model.text import elide

if TYPE_CHECKING:  # the board validates itself with this module, which only reads it
    from chutes_tui.model.board import Board


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


def check_winnable(board: Board) -> None:
    """Refuse boards with a standable square from which the end can never be reached."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order

    table = board.roll_table
    n = board.end + 1
    standable = board.standable_squares
    rows = np.repeat(standable, board.die)
    cols = table[standable].ravel()
    backward = csr_matrix((np.ones(rows.size, dtype=np.int8), (cols, rows)), shape=(n, n))
    reaching = breadth_first_order(backward, board.end, directed=True, return_predecessors=False)
    can_finish = np.zeros(n, dtype=bool)
    can_finish[reaching] = True
    stuck = standable[~can_finish[standable]]
    if stuck.size == 0:
        return
    square = int(stuck[0])
    forward = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n, n))
    trapped = breadth_first_order(forward, square, directed=True, return_predecessors=False)
    trap = set(int(s) for s in trapped)
    culprits = [f"{tail}→{head}" for tail, head in board.jumps if head in trap and tail not in trap]
    why = f"rolls from there only ever reach squares {elide(_compact(trap), 100)}"
    if culprits:
        why += f", and jumps {', '.join(culprits[:6])}{' …' if len(culprits) > 6 else ''}"
        why += " send every other landing back"
    where = "the start square" if square == board.start else "square"
    raise BoardError(
        f"unwinnable board: the end square {board.end} can never be reached from {where} {square} ({why})",
        field="jumps",
    )
