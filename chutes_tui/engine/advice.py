"""What the solver advises on a board with decisions (issue 27): each choice's value, the
computer players' choices, and what a choice cost.

* **One player** (and, for want of a solver, **three or more**): the values are expected turns
  (:mod:`chutes_tui.analysis.choices`): a die's ``D[s, d] = 1 + Σ_c p(d, c) · min_o A[s, d, c, o]``
  and an option's ``1 + A[s, d, c, o]`` after the roll -- both count the turn being played, so
  one scale serves before and after the roll. ``cpu:best`` follows the optimal policy, greedy
  against the optimum ``V`` found by value iteration to 1e-12.
* **Two players**: the values are the mover's chance to win when both play on optimally
  (:mod:`chutes_tui.analysis.duel`: the zero-sum game's value ``W``): a die's
  ``Σ_c p(d, c) · max_o A[a, b, d, c, o]`` and an option's ``A[a, b, d, c, o]``. ``cpu:best`` is
  the duel's greedy policy, ties going to the one-player optimum (so two optimal players cannot
  stall for ever). A board with more pair states than the duel solver takes is advised as for
  three players (:attr:`Advice.scale` says which).

A choice's *cost* is the value of the best choice less the chosen one's (turns: the chosen less
the best), never negative; a choice costing more than :data:`BLUNDER_WIN` (two percentage points
of the chance to win) or :data:`BLUNDER_TURNS` (half an expected turn) is a *blunder*.
Solving takes a while on a large board: :func:`advice` keeps the answer with the board, and a
front end asks for it first off its UI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.players import Play

if TYPE_CHECKING:
    import numpy as np

    from chutes_tui.analysis.choices import Choices
    from chutes_tui.analysis.duel import DuelPolicy

# The solvers (numpy, scipy) load when a board with decisions is first solved: a game's first
# frame needs none of them.

BLUNDER_WIN = 0.02  # two percentage points of the chance to win
BLUNDER_TURNS = 0.5  # half an expected turn


class Scale(StrEnum):
    """What an advice's values measure."""

    WIN = "chance to win"
    TURNS = "expected turns"


@dataclass(frozen=True, eq=False)
class Advice:
    """The solver's values for every choice on one board, for a number of players."""

    model: Choices
    scale: Scale
    dice_values: np.ndarray  # (n, D) turns, or (n, n, D) the mover's chance to win
    option_table: np.ndarray  # (n, D, C, O) or (n, n, D, C, O), on the same scale
    best_die: np.ndarray  # (n,) or (n, n): the optimal policy's die
    best_option: np.ndarray  # (n, D, C) or (n, n, D, C)
    # Two players: the expected turns left in all when both play the optimal policy, (n, n)
    # from the mover's state and the other's (a sparse solve of T = 1 + Σ p · T[b', a']).
    turns_table: np.ndarray | None = None

    @property
    def blunder(self) -> float:
        """The cost beyond which a choice is a blunder, on this scale."""
        return BLUNDER_WIN if self.scale is Scale.WIN else BLUNDER_TURNS

    def _where(self, positions: tuple[int, ...], seat: int) -> tuple[int, ...]:
        """The index of the mover's state (two players: and the other's)."""
        state = self.model.squares.index
        if self.scale is Scale.WIN:
            return (state(positions[seat]), state(positions[1 - seat]))
        return (state(positions[seat]),)

    def dice(self, positions: tuple[int, ...], seat: int) -> tuple[float, ...]:
        """Each die's value for the player on ``seat`` to move, before the roll."""
        return tuple(float(v) for v in self.dice_values[self._where(positions, seat)])

    def options(self, positions: tuple[int, ...], seat: int, die: int, face: int) -> tuple[float, ...]:
        """Each option's value after die ``die`` rolled ``face``."""
        column = self._face_column(die, face)
        return tuple(float(v) for v in self.option_table[(*self._where(positions, seat), die, column)])

    def _face_column(self, die: int, face: int) -> int:
        import numpy as np

        return int(np.flatnonzero((self.model.faces[die] == face) & (self.model.chances[die] > 0))[0])

    def die(self, play: Play, positions: tuple[int, ...], seat: int) -> int:
        """The die a computer player of ``play`` picks."""
        return 0 if play is Play.NAIVE else int(self.best_die[self._where(positions, seat)])

    def option(self, play: Play, positions: tuple[int, ...], seat: int, die: int, face: int) -> int:
        """The option a computer player of ``play`` picks after ``face``."""
        if play is Play.NAIVE:
            return 0
        return int(self.best_option[(*self._where(positions, seat), die, self._face_column(die, face))])

    def cost(self, values: tuple[float, ...], chosen: int) -> float:
        """What choosing ``chosen`` of ``values`` gave up against the best of them."""
        if self.scale is Scale.WIN:
            return max(0.0, max(values) - values[chosen])
        return max(0.0, values[chosen] - min(values))


ADVICE: MemoKey[Board, dict[bool, Advice]] = MemoKey("advice")


def advice(board: Board, players: int) -> Advice:
    """The advice for ``players`` on ``board`` (solved once, kept with the board)."""
    kept = board.memo.get(ADVICE, dict)
    two = players == 2
    if two not in kept:
        kept[two] = _solve(board, two)
    return kept[two]


def _solve(board: Board, two: bool) -> Advice:
    from chutes_tui.analysis import choices as one
    from chutes_tui.analysis import duel

    model = one.choices(board)
    values, _ = one.value_iteration(model)
    policy = one.greedy(model, values)
    if two and model.n**2 <= duel.DUEL_MAX_PAIRS:
        table, _ = duel.value_iteration(model)
        options = duel.option_values(model, table)
        dice = (model.chances[None, None] * options.max(axis=-1)).sum(axis=-1)
        best = duel.greedy(model, table, prefer=duel.lifted(policy, model.n))
        turns = _duel_turns(model, best)
        return Advice(model, Scale.WIN, dice, options, best.die, best.option, turns)
    options = 1.0 + one.option_values(model, values)
    return Advice(model, Scale.TURNS, one.die_values(model, values), options, policy.die, policy.option)


def _duel_turns(model: Choices, policy: DuelPolicy) -> np.ndarray:
    """The expected turns left in all when both play ``policy`` (see :attr:`Advice.turns_table`)."""
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.linalg import spsolve

    from chutes_tui.analysis import duel

    pairs = model.n**2
    rows, cols, chance, _ = duel.moves(model, policy)
    system = sp.identity(pairs, format="csr") - sp.csr_matrix((chance, (rows, cols)), shape=(pairs, pairs))
    return np.asarray(spsolve(system.tocsc(), np.ones(pairs))).reshape(model.n, model.n)


def duel_odds(
    board: Board, positions: tuple[int, ...], to_move: int
) -> tuple[tuple[float, ...], float, float]:
    """Two players both playing optimally: each seat's chance to win (the game's value), the
    expected turns left in all, and the expected rounds (the winner's turns: a mover who wins
    at its k-th turn has played 2k - 1 turns in all, the other 2k, so E[rounds] =
    (E[turns] + P(the mover wins)) / 2)."""
    goal = board.goal_square
    if goal in positions:
        return tuple(float(square == goal) for square in positions), 0.0, 0.0
    kept = advice(board, 2)
    assert kept.turns_table is not None
    a, b = (kept.model.squares.index(positions[seat]) for seat in (to_move, 1 - to_move))
    mover = float(kept.dice_values[a, b].max())
    win = [0.0, 0.0]
    win[to_move], win[1 - to_move] = mover, 1.0 - mover
    turns = float(kept.turns_table[a, b])
    return tuple(win), turns, (turns + mover) / 2


def own_turns(board: Board, positions: tuple[int, ...]) -> tuple[float, ...]:
    """Each player's expected turns on their own, playing the one-player optimum."""
    kept = advice(board, 1)
    goal = board.goal_square
    return tuple(0.0 if s == goal else min(kept.dice((s,), 0)) for s in positions)


def advised(board: Board, players: int) -> Advice | None:
    """The advice if it has been solved (a front end solves it off its UI thread first)."""
    return board.memo.get(ADVICE, dict).get(players == 2)
