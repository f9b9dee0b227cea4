"""The Monte Carlo's states under issue 26's turn rules, built from the turn machine alone
(:func:`chutes_tui.model.turns.after_roll`): a table the packed simulator plays as it plays
squares on the boards of today (:mod:`chutes_tui.sim.packed`).

**Rows.** Every state a game can be in just before a roll: the within-turn states of
:mod:`chutes_tui.model.turns` reached from the start's first roll, each made canonical
(:func:`chutes_tui.model.turnlaw.canonical`: equal states share a row), numbered in the order
found (row 0: the start's first roll), and one more row ``n`` for a finished game.

**A roll** of column ``c`` (the dice's move ``die.values[c]``) from row ``i`` goes to
``step[i, c]``: the next within-turn state; or, when the roll ends the turn on a piece state
``E``, the first state of ``E``'s next turn that rolls (when ``E`` must miss a turn, the one
after it); or ``n`` when ``E`` is the goal. ``used[i, c]`` counts the turns the roll finished:
0 while the turn goes on, 1 when it ends it (the winning roll too), 2 when it ends it on a
miss-turn square (the next turn is skipped, no roll). A game's finishing turn is the sum of its
rolls' counts, which is how the packed simulator counts turns under the extra roll today: a
turn is one turn whatever its rolls, and a skipped turn is a turn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from chutes_tui.model.board import Board
from chutes_tui.model.turnlaw import canonical
from chutes_tui.model.turns import PieceState, Rolling, after_roll, begin_turn


@dataclass(frozen=True, eq=False)
class TurnTable:
    """A board's roll-level states (module docstring): ``step`` and ``used``, ``(n, columns)``."""

    step: np.ndarray  # int64: the next row (n: finished)
    used: np.ndarray  # int8: the turns a roll finished
    states: tuple[Rolling, ...]  # row i's within-turn state

    @property
    def rows(self) -> int:
        """``n``: the rows of games still playing (row ``n`` is a finished game's)."""
        return len(self.states)


def turn_table(board: Board) -> TurnTable:
    """The table of ``board``'s roll-level states, reached from the start (module docstring)."""
    index: dict[Rolling, int] = {}
    states: list[Rolling] = []

    def row_of(state: Rolling) -> int:
        state = canonical(board, state)
        if state not in index:
            index[state] = len(states)
            states.append(state)
        return index[state]

    def next_turn(piece: PieceState) -> tuple[int, int]:
        """The row of the next roll after a turn ended on ``piece``, and the turns it finished."""
        first = begin_turn(board, piece)
        if isinstance(first, PieceState):  # this turn is skipped: the next one rolls
            first = begin_turn(board, first)
            assert isinstance(first, Rolling)  # a skipped turn clears the miss
            return row_of(first), 2
        return row_of(first), 1

    finished = -1  # a finished game's row, numbered once every state is found
    row_of(Rolling(board.start, board.start))
    step: list[list[int]] = []
    used: list[list[int]] = []
    for state in states:  # grows as states are found: breadth first
        to: list[int] = []
        counts: list[int] = []
        for face in board.die.values:
            after = after_roll(board, state, face).next
            if isinstance(after, Rolling):
                to.append(row_of(after))
                counts.append(0)
            elif after.square == board.goal_square:
                to.append(finished)
                counts.append(1)
            else:
                row, turns = next_turn(after)
                to.append(row)
                counts.append(turns)
        step.append(to)
        used.append(counts)
    table = np.array(step, dtype=np.int64)
    table[table == finished] = len(states)
    return TurnTable(table, np.array(used, dtype=np.int8), tuple(states))
