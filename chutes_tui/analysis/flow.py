"""Where a piece may be after n turns: probability flowing over the board.

From square ``s`` the chance of standing on each square after ``n`` turns is the row vector

    u_0 = e_s,    u_n = u_{n-1} Q,

over the transient squares, and the chance of having finished by turn ``n`` is
``F(n) = Σ_{k≤n} u_{k-1} · r`` with ``r`` the chance that a turn from each square finishes
(summed from the finishing turns themselves, so it keeps its digits when ``F`` is near 1, where
``1 - Σ u_n`` would lose them). ``Σ u_n + F(n) = 1`` for every ``n``. On the extended chain of a
turn rule of issue 26 a square's chance adds up its states.

The vectors are kept every :data:`CHECKPOINT` turns, so stepping the turn back and forth (the
app's slider) costs at most that many products, and memory stays ``n / CHECKPOINT`` vectors on
any board.
"""

from __future__ import annotations

from dataclasses import dataclass

from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.states import Position, square_of
from chutes_tui.analysis.window import Window, turn_step, unit_window
from chutes_tui.model.board import Board

CHECKPOINT = 16
# The slider's last turn: when this little is left unfinished (or at the most turns below).
UNFINISHED = 1e-4
MOST_TURNS = 10_000


@dataclass(frozen=True)
class FlowStep:
    """After ``turns`` turns from ``square``: the chance of standing on each square (every
    square a turn can end on, zeros included) and of having finished."""

    board: Board
    square: int
    turns: int
    standing: dict[int, float]
    finished: float

    @property
    def possible(self) -> dict[int, float]:
        """The squares a piece may stand on (chance above 0), with their chances."""
        return {square: p for square, p in self.standing.items() if p > 0.0}

    @property
    def high(self) -> float:
        """The largest chance of standing on a square (0 once the piece must have finished)."""
        return max(self.standing.values(), default=0.0)

    def likeliest(self, count: int) -> list[tuple[int, float]]:
        """The ``count`` squares a piece is likeliest to stand on, with their chances, likeliest
        first (fewer where fewer can be stood on; none once it must have finished)."""
        return sorted(self.possible.items(), key=lambda item: (-item[1], -item[0]))[:count]


class Flow:
    """The flow from one square of ``chain``'s board; :meth:`at` any turn."""

    def __init__(self, chain: Chain, square: Position) -> None:
        self.chain = chain
        self.position = square
        self.square = square_of(square)
        self._row = chain.state(square)
        # Each turn costs the states holding mass, not the board (:mod:`.window`).
        self._turn = turn_step(chain)
        self._checkpoints: list[tuple[Window, float]] = [(unit_window(self._row), 0.0)]
        self._last_turns: int | None = None

    def _step(self, u: Window, finished: float) -> tuple[Window, float]:
        return self._turn.advance(u), finished + self._turn.finished(u)

    def _vector(self, turns: int) -> tuple[Window, float]:
        index = turns // CHECKPOINT
        while len(self._checkpoints) <= index:
            u, finished = self._checkpoints[-1]
            for _ in range(CHECKPOINT):
                u, finished = self._step(u, finished)
            self._checkpoints.append((u, finished))
        u, finished = self._checkpoints[index]
        for _ in range(turns - index * CHECKPOINT):
            u, finished = self._step(u, finished)
        return u, min(finished, 1.0)

    def at(self, turns: int) -> FlowStep:
        """Where the piece may be after ``turns`` turns (≥ 0)."""
        if turns < 0:
            raise ValueError("the number of turns cannot be negative")
        u, finished = self._vector(turns)
        standing = dict.fromkeys(self.chain.squares.tolist(), 0.0)
        # Per square: a square with a turn to miss (a turn rule of issue 26) has two states.
        for square, chance in zip(self.chain.squares[u.lo : u.hi].tolist(), u.values.tolist(), strict=True):
            standing[square] += chance
        return FlowStep(self.chain.board, self.square, turns, standing, finished)

    @property
    def last_turns(self) -> int:
        """The slider's end: the first turn after which less than :data:`UNFINISHED` is left
        (at most :data:`MOST_TURNS`)."""
        if self._last_turns is None:
            u, finished = self._checkpoints[0]
            turns = 0
            while 1.0 - finished >= UNFINISHED and turns < MOST_TURNS:
                u, finished = self._step(u, finished)
                turns += 1
            self._last_turns = turns
        return self._last_turns
