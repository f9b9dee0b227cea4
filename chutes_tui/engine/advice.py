"""What the solver advises on a board with decisions (issue 27): each choice's value, the
computer players' choices, and what a choice cost.

* **One player** (and, for want of a solver, **three or more**): the values are expected turns
  (:mod:`chutes_tui.analysis.choices`; with ``pawns = K``, the pawns' joint model of
  :mod:`chutes_tui.analysis.pawns`): a die's ``D[s, d] = 1 + Σ_c p(d, c) · min_j A[s, d, c, j]``
  and a choice's ``1 + A[s, d, c, j]`` after the roll -- both count the turn being played, so
  one scale serves before and after the roll. ``cpu:best`` follows the optimal policy, found by
  policy iteration (in floats, to 1e-12).
* **Two players**: the values are the mover's chance to win when both play on optimally
  (:mod:`chutes_tui.analysis.duel`: the zero-sum game's value ``W``, over both players' pawns
  when they have several): a die's ``Σ_c p(d, c) · max_j A[a, b, d, c, j]`` and a choice's
  ``A[a, b, d, c, j]``. ``cpu:best`` is the duel's greedy policy, ties going to the one-player
  optimum (so two optimal players cannot stall for ever). A game with more pair states than the
  duel solver takes is advised as for three players (:attr:`Advice.scale` says which).
* **Pawns beyond the joint model's limits** (3 or 4 pawns on the standard board): the additive
  policy of :mod:`chutes_tui.analysis.additive` (each pawn valued by its own expected turns,
  added): a stated heuristic, whose values are estimates (:attr:`Scale.ADDED`) and whose
  choices are never called blunders.

A player's place (:data:`Standing`) is its square, or with pawns each pawn's square by number.
The solvers' choices ``j = i·O + o`` move the ``i``-th pawn of the sorted squares
(:mod:`chutes_tui.model.decisions`); the choices a game offers after a roll are ``(pawn, option)``
pairs (:func:`~chutes_tui.model.decisions.pawn_options`), and this module maps one to the other.

A choice's *cost* is the value of the best choice less the chosen one's (turns: the chosen less
the best), never negative; a choice costing more than :data:`BLUNDER_WIN` (two percentage points
of the chance to win) or :data:`BLUNDER_TURNS` (half an expected turn) is a *blunder*.
Solving takes a while on a large board: :func:`advice` keeps the answer with the board, and a
front end asks for it first off its UI thread.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING

from chutes_tui.model.board import Board
from chutes_tui.model.decisions import numbered_pawn, option_words, pawn_options, pawn_state, sorted_pawn
from chutes_tui.model.memo import MemoFamily, MemoKey
from chutes_tui.model.players import Play

if TYPE_CHECKING:
    import numpy as np

    from chutes_tui.analysis.additive import Additive
    from chutes_tui.analysis.choices import Choices
    from chutes_tui.analysis.duel import DuelPolicy

# The solvers (numpy, scipy) load when a board with decisions is first solved: a game's first
# frame needs none of them.

BLUNDER_WIN = 0.02  # two percentage points of the chance to win
BLUNDER_TURNS = 0.5  # half an expected turn

# A player's place: its square, or with pawns (``pawns = K > 1``) each pawn's square by number.
Standing = int | tuple[int, ...]


class Scale(StrEnum):
    """What an advice's values measure."""

    WIN = "chance to win"
    TURNS = "expected turns"
    ADDED = "each pawn's own expected turns, added"  # the additive policy's estimate


def squares_of(standing: Standing) -> tuple[int, ...]:
    """A player's pawns' squares by number (one pawn: its square alone)."""
    return standing if isinstance(standing, tuple) else (standing,)


@dataclass(frozen=True, eq=False)
class Advice:
    """The solver's values for every choice on one board, for a number of players. ``model``'s
    states are one player's (squares, or sorted pawns); ``additive`` stands in for the tables
    where the pawns' model is too large."""

    board: Board
    model: Choices | None
    scale: Scale
    dice_values: np.ndarray | None = None  # (n, D) turns, or (n, n, D) the mover's chance to win
    option_table: np.ndarray | None = None  # (n, D, C, J) or (n, n, D, C, J), on the same scale
    best_die: np.ndarray | None = None  # (n,) or (n, n): the optimal policy's die
    best_option: np.ndarray | None = None  # (n, D, C) or (n, n, D, C): its choice j
    # Two players: the expected turns left in all when both play the optimal policy, (n, n)
    # from the mover's state and the other's (a sparse solve of T = 1 + Σ p · T[b', a']).
    turns_table: np.ndarray | None = None
    additive: Additive | None = None

    @property
    def blunder(self) -> float:
        """The cost beyond which a choice is a blunder, on this scale (the additive policy's
        estimates call nothing a blunder)."""
        return {Scale.WIN: BLUNDER_WIN, Scale.TURNS: BLUNDER_TURNS, Scale.ADDED: math.inf}[self.scale]

    @cached_property
    def _index(self) -> dict[object, int]:
        assert self.model is not None
        return {squares: state for state, squares in enumerate(self.model.squares)}

    def state(self, standing: Standing) -> int:
        """The solver's state of a player's place (with pawns: its sorted squares)."""
        assert self.model is not None
        squares = squares_of(standing)
        return self._index[pawn_state(squares) if self.model.pawns > 1 else squares[0]]

    def _where(self, positions: tuple[Standing, ...], seat: int) -> tuple[int, ...]:
        """The index of the mover's state (two players: and the other's)."""
        if self.scale is Scale.WIN:
            return (self.state(positions[seat]), self.state(positions[1 - seat]))
        return (self.state(positions[seat]),)

    def _pawns(self, positions: tuple[Standing, ...], seat: int) -> np.ndarray:
        """The additive policy's view of the mover: each pawn's state of one pawn's model, in
        the order of the sorted squares (as the solvers' choices count them)."""
        import numpy as np

        assert self.additive is not None
        index = {square: state for state, square in enumerate(self.additive.model.squares)}
        index[self.board.goal_square] = self.additive.model.n
        return np.array([index[square] for square in pawn_state(squares_of(positions[seat]))])

    def _dice_row(self, positions: tuple[Standing, ...], seat: int) -> np.ndarray:
        if self.additive is not None:
            return self.additive.dice(self._pawns(positions, seat))
        assert self.dice_values is not None
        return self.dice_values[self._where(positions, seat)]

    def _choice_row(self, positions: tuple[Standing, ...], seat: int, die: int, face: int) -> np.ndarray:
        """``(J,)``: each of the solver's choices ``j = i·O + o`` after ``face``."""
        column = self._face_column(die, face)
        if self.additive is not None:
            pawns = self._pawns(positions, seat)
            gains = self.additive.after_roll(pawns, die, column)
            return (1.0 + self.additive.value(pawns) + gains).ravel()
        assert self.option_table is not None
        return self.option_table[(*self._where(positions, seat), die, column)]

    def _face_column(self, die: int, face: int) -> int:
        import numpy as np

        model = self.model if self.additive is None else self.additive.model
        assert model is not None
        return int(np.flatnonzero((model.faces[die] == face) & (model.chances[die] > 0))[0])

    def _column(self, squares: tuple[int, ...], pawn: int, option: int) -> int:
        """The solvers' choice ``j`` of numbered ``pawn`` taking ``option``."""
        return sorted_pawn(squares, pawn) * len(option_words(self.board.after_roll)) + option

    def dice(self, positions: tuple[Standing, ...], seat: int) -> tuple[float, ...]:
        """Each die's value for the player on ``seat`` to move, before the roll."""
        return tuple(float(v) for v in self._dice_row(positions, seat))

    def options(self, positions: tuple[Standing, ...], seat: int, die: int, face: int) -> tuple[float, ...]:
        """Each choice's value after die ``die`` rolled ``face``, in the order of
        :func:`~chutes_tui.model.decisions.pawn_options` (one pawn: the options)."""
        squares = squares_of(positions[seat])
        row = self._choice_row(positions, seat, die, face)
        offered = pawn_options(self.board, squares)
        return tuple(float(row[self._column(squares, pawn, option)]) for pawn, option in offered)

    def die(self, play: Play, positions: tuple[Standing, ...], seat: int) -> int:
        """The die a computer player of ``play`` picks (``naive``: always the first)."""
        if play is Play.NAIVE:
            return 0
        if self.additive is not None:
            from chutes_tui.analysis.ties import first_least  # scipy's import waits for a choice

            return int(first_least(self._dice_row(positions, seat)))
        assert self.best_die is not None
        return int(self.best_die[self._where(positions, seat)])

    def choice(
        self, play: Play, positions: tuple[Standing, ...], seat: int, die: int, face: int
    ) -> tuple[int, int]:
        """The ``(pawn, option)`` a computer player of ``play`` picks after ``face`` (``naive``:
        its rearmost pawn, the plain move: the solvers' choice 0)."""
        squares = squares_of(positions[seat])
        if play is Play.NAIVE:
            j = 0
        elif self.additive is not None:
            from chutes_tui.analysis.ties import first_least

            j = int(first_least(self._choice_row(positions, seat, die, face)))
        else:
            assert self.best_option is not None
            j = int(self.best_option[(*self._where(positions, seat), die, self._face_column(die, face))])
        options = len(option_words(self.board.after_roll))
        return numbered_pawn(squares, j // options, self.board.goal_square), j % options

    def cost(self, values: tuple[float, ...], chosen: int) -> float:
        """What choosing ``chosen`` of ``values`` gave up against the best of them."""
        if self.scale is Scale.WIN:
            return max(0.0, max(values) - values[chosen])
        return max(0.0, values[chosen] - min(values))


ADVICE: MemoKey[Board, dict[bool, Advice]] = MemoKey("advice")
# The two-player game's value table, or why it has none (:class:`~.duel.EndlessDuelError`'s line).
DUEL_VALUE: MemoKey[Board, np.ndarray | str] = MemoKey("duel value")
UNSOLVED: MemoFamily[int, Board, str | None] = MemoFamily("unsolved")  # (:func:`unsolved`)
# One solve a board: a second thread asking (the game screen's advice worker and the live
# feed's duel odds, at once) waits for the first and takes its answer. Reentrant: the advice
# asks for the duel's value under it.
SOLVER_LOCK: MemoKey[Board, threading.RLock] = MemoKey("solver lock")
_MAKING_LOCKS = threading.Lock()  # each board's lock made once, whichever thread asks first

Stop = Callable[[], bool]  # asked between sweeps: whether the answer is still wanted


def solver_lock(board: Board) -> threading.RLock:
    """The lock every solve on ``board`` holds (:data:`SOLVER_LOCK`)."""
    with _MAKING_LOCKS:
        return board.memo.get(SOLVER_LOCK, threading.RLock)


def advice(board: Board, players: int, stop: Stop | None = None) -> Advice:
    """The advice for ``players`` on ``board`` (solved once, kept with the board; a second
    caller waits for the first). ``stop`` is asked between the duel's sweeps: when it says so,
    :class:`~chutes_tui.model.errors.StopRequested` is raised and nothing is kept."""
    with solver_lock(board):
        kept = board.memo.get(ADVICE, dict)
        two = players == 2
        if two not in kept:
            kept[two] = _solve(board, two, stop)
        return kept[two]


def endless_duel(board: Board, stop: Stop | None = None) -> str | None:
    """Why two players on ``board`` may never finish a game (one line: their chances alternate
    with the turn the game is cut at, :class:`~.duel.EndlessDuelError`), else ``None``; ``None`` too
    where the duel solver's limits leave it unsolved. The value found is kept for the advice."""
    try:
        model = one_player_model(board)
    except ValueError:
        return None
    if not duel_fits(model):
        return None
    value = duel_value(board, model, stop)
    return value if isinstance(value, str) else None


def duel_value(board: Board, model: Choices, stop: Stop | None = None) -> np.ndarray | str:
    """The two-player game's value (:func:`~.duel.value_iteration`), once a board, or the line
    saying why it has none (:data:`DUEL_VALUE`)."""
    from chutes_tui.analysis import duel

    with solver_lock(board):
        known = board.memo.peek(DUEL_VALUE)
        if known is None:
            try:
                known, _ = duel.value_iteration(model, stop=_stopping(stop))
            except duel.EndlessDuelError as error:
                known = str(error)
            board.memo.get(DUEL_VALUE, lambda: known)
        return known


def _stopping(stop: Stop | None) -> Callable[[], None] | None:
    """``stop`` as the duel's sweeps ask it: raising :class:`~chutes_tui.model.errors.StopRequested`."""
    if stop is None:
        return None
    from chutes_tui.model.errors import StopRequested

    def check() -> None:
        if stop():
            raise StopRequested

    return check


def one_player_model(board: Board) -> Choices:
    """One player's choices: one pawn's squares, or the pawns' joint model (:class:`ValueError`
    naming the limit when it is too large)."""
    from chutes_tui.analysis.choices import choices
    from chutes_tui.analysis.pawns import pawn_choices

    return pawn_choices(board) if board.pawns > 1 else choices(board)


def duel_fits(model: Choices) -> bool:
    """Whether the two-player game of ``model`` is within the duel solver's limits."""
    from chutes_tui.analysis import duel

    try:
        duel.check_size(model)
    except ValueError:
        return False
    return True


def unsolved(board: Board, players: int) -> str | None:
    """Why the solvers give no exact value of a game of ``players`` on ``board`` (one line
    naming the limit; counted, nothing built: a front end asks on its UI thread), else ``None``
    (one player: the optimum's expected turns; two: the duel's chance to win). Kept with the
    board: a game asks every turn (:func:`~.live.estimated`), a count of the pawns' states."""
    return board.memo.get(UNSOLVED.at(players), lambda: _unsolved(board, players))


def _unsolved(board: Board, players: int) -> str | None:
    from chutes_tui.analysis.duel import check_pairs
    from chutes_tui.analysis.pawns import check_pawns_size, model_size

    try:
        if board.pawns > 1:
            check_pawns_size(board)
        if players == 2:
            check_pairs(*model_size(board), board.pawns)
    except ValueError as error:
        return str(error)
    if players > 2 and board.bump:
        return f"under the bump rule {players} players interact: the solvers play one or two"
    if players > 2:  # each for fewest turns, independent: exact (.fewest), but nothing else
        return f"with {players} players only everyone playing for fewest turns is solved, not a best reply"
    return None


def _solve(board: Board, two: bool, stop: Stop | None = None) -> Advice:
    from chutes_tui.analysis import choices as one
    from chutes_tui.analysis import duel
    from chutes_tui.analysis.additive import additive
    from chutes_tui.analysis.ties import fewest_policy

    try:
        model = one_player_model(board)
    except ValueError:  # more pawn states than the solvers hold
        return Advice(board, None, Scale.ADDED, additive=additive(board))
    policy, values, _, _ = fewest_policy(model)  # ties: the stated tie-break's choice
    if two and duel_fits(model):
        table = duel_value(board, model, stop)
        if isinstance(table, str):  # a game refused up front (engine/playable.py)
            raise ValueError(table)
        options = duel.option_values(model, table)
        dice = (model.chances[None, None] * options.max(axis=-1)).sum(axis=-1)
        best = duel.greedy(model, table, prefer=duel.lifted(policy, model.n))
        turns = _duel_turns(model, best)
        return Advice(board, model, Scale.WIN, dice, options, best.die, best.option, turns)
    options = 1.0 + one.option_values(model, values)
    dice = one.die_values(model, values)
    return Advice(board, model, Scale.TURNS, dice, options, policy.die, policy.option)


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


def finished(board: Board, standing: Standing) -> bool:
    """Whether a player's every pawn stands on the goal."""
    return all(square == board.goal_square for square in squares_of(standing))


def duel_odds(
    board: Board, positions: tuple[Standing, ...], to_move: int, stop: Stop | None = None
) -> tuple[tuple[float, ...], float, float]:
    """Two players both playing optimally: each seat's chance to win (the game's value), the
    expected turns left in all, and the expected rounds (the winner's turns: a mover who wins
    at its k-th turn has played 2k - 1 turns in all, the other 2k, so E[rounds] =
    (E[turns] + P(the mover wins)) / 2)."""
    if any(finished(board, standing) for standing in positions):
        return tuple(float(finished(board, standing)) for standing in positions), 0.0, 0.0
    kept = advice(board, 2, stop)
    assert kept.turns_table is not None and kept.dice_values is not None
    a, b = (kept.state(positions[seat]) for seat in (to_move, 1 - to_move))
    mover = float(kept.dice_values[a, b].max())
    win = [0.0, 0.0]
    win[to_move], win[1 - to_move] = mover, 1.0 - mover
    turns = float(kept.turns_table[a, b])
    return tuple(win), turns, (turns + mover) / 2


def own_turns(board: Board, positions: tuple[Standing, ...]) -> tuple[float, ...]:
    """Each player's expected turns on their own, playing the one-player optimum (nan where
    the pawns' joint model is too large to solve: the additive policy's values are estimates)."""
    kept = advice(board, 1)
    if kept.scale is Scale.ADDED:
        return tuple(0.0 if finished(board, standing) else math.nan for standing in positions)
    return tuple(
        0.0 if finished(board, standing) else min(kept.dice((standing,), 0)) for standing in positions
    )


def advised(board: Board, players: int) -> Advice | None:
    """The advice if it has been solved (a front end solves it off its UI thread first)."""
    return board.memo.get(ADVICE, dict).get(players == 2)
