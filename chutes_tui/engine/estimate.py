"""Games with decisions estimated by playing many at once (issue 27): where the solvers' state
counts refuse a game -- more pawns than the joint model holds, two players past the duel's pair
states, three or more players -- its odds are a Monte Carlo estimate, labelled as one.

Every seat plays a stated policy of one player's (:class:`SeatPolicy`): the one-player optimum
(:func:`~chutes_tui.engine.advice.advice` for one player: the pawns' joint model where it fits,
else the additive policy of :mod:`chutes_tui.analysis.additive`), or the naive one (the first
die, the plain move, the rearmost pawn). The games are played in lockstep from one position
(every game's mover is the same seat at each step), each pawn a state of one pawn's model
(:mod:`chutes_tui.analysis.choices`; ``m`` is the goal), each player's pawns kept sorted as the
solvers count them: a turn draws the chosen die's face by its exact chance and a fair coin for
the option's two outcomes, moves the chosen pawn by the solvers' ``targets``, and under the bump
rule sends every other player's pawn on the square it came to rest on home
(:func:`~chutes_tui.model.rules.bumped`: never from the start or the goal).

An estimate of a chance ``p`` from ``N`` games has the standard error ``√(p(1-p)/N)``; a mean,
``sd/√N``. A game still going after :data:`MAX_STEPS` turns (players sending each other home
for ever) is cut and counted as such. The work is bounded by the games asked for, played in
chunks of :data:`CHUNK` with a report after each (``progress``: return ``True`` to stop).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np

from chutes_tui.engine.advice import Scale, Standing, advice, squares_of
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import option_words

if TYPE_CHECKING:
    from chutes_tui.analysis.additive import Additive
    from chutes_tui.analysis.choices import Choices

MAX_STEPS = 100_000  # turns a game may last before it is cut
CHUNK = 2_000  # games played at once between progress reports


class StopEstimate(Exception):  # noqa: N818 -- a request, not an error
    """``progress`` asked the estimate to stop (its answer is no longer wanted)."""


class SeatPolicy(Protocol):
    """How a seat chooses, for many games at once; ``pawns`` is ``(G, K)``: the mover's pawns as
    states of one pawn's model, sorted."""

    @property
    def words(self) -> str:
        """The policy, in words."""
        ...

    def die(self, pawns: np.ndarray) -> np.ndarray: ...

    def choice(self, pawns: np.ndarray, die: np.ndarray, column: np.ndarray) -> np.ndarray:
        """The solvers' choice ``j = i·O + o`` after the die's ``column``-th face."""
        ...


@dataclass(frozen=True, eq=False)
class Naive:
    words: str = "the first die, the plain move, the rearmost pawn"

    def die(self, pawns: np.ndarray) -> np.ndarray:
        return np.zeros(len(pawns), dtype=np.int64)

    def choice(self, pawns: np.ndarray, die: np.ndarray, column: np.ndarray) -> np.ndarray:
        return np.zeros(len(pawns), dtype=np.int64)


@dataclass(frozen=True, eq=False)
class Tabled:
    """A one-player policy of the solvers' tables (states: one pawn's, or sorted pawns')."""

    words: str
    keys: np.ndarray  # each table state's pawns as a number, sorted (see :func:`_key`)
    states: np.ndarray  # the table state of each key
    die_of: np.ndarray  # (n,)
    option_of: np.ndarray  # (n, D, C)
    width: int  # m + 1

    def _state(self, pawns: np.ndarray) -> np.ndarray:
        return self.states[np.searchsorted(self.keys, _key(pawns, self.width))]

    def die(self, pawns: np.ndarray) -> np.ndarray:
        return self.die_of[self._state(pawns)]

    def choice(self, pawns: np.ndarray, die: np.ndarray, column: np.ndarray) -> np.ndarray:
        return self.option_of[self._state(pawns), die, column]


@dataclass(frozen=True, eq=False)
class Added:
    """The additive policy (:mod:`chutes_tui.analysis.additive`)."""

    words: str
    additive: Additive

    def die(self, pawns: np.ndarray) -> np.ndarray:
        from chutes_tui.analysis.ties import first_least  # the tie-break (scipy's import waits)

        return first_least(self.additive.dice(pawns))

    def choice(self, pawns: np.ndarray, die: np.ndarray, column: np.ndarray) -> np.ndarray:
        from chutes_tui.analysis.ties import first_least

        gains = self.additive.after_roll(pawns, die, column)  # (G, K, O)
        return first_least(gains.reshape(len(pawns), -1))


def _key(pawns: np.ndarray, width: int) -> np.ndarray:
    """Sorted pawns ``(..., K)`` as one number each, ``Σ_i pawns[i]·width^i``."""
    return (pawns * width ** np.arange(pawns.shape[-1])).sum(axis=-1)


def best_policy(board: Board) -> SeatPolicy:
    """The one-player optimum of ``board`` as a seat plays it (the additive policy beyond the
    pawns' joint model)."""
    kept = advice(board, 1)
    if kept.scale is Scale.ADDED:
        assert kept.additive is not None
        return Added("each pawn by its own expected turns (the additive policy)", kept.additive)
    assert kept.model is not None and kept.best_die is not None and kept.best_option is not None
    single = one_pawn(board)
    index = {square: state for state, square in enumerate(single.squares)}
    index[board.goal_square] = single.n
    pawns = np.array([sorted(index[s] for s in squares_of(squares)) for squares in kept.model.squares])
    keys = _key(pawns, single.n + 1)
    order = np.argsort(keys)
    words = "the one-player optimum" + (f" of {board.pawns} pawns" if board.pawns > 1 else "")
    return Tabled(words, keys[order], order, kept.best_die, kept.best_option, single.n + 1)


def one_pawn(board: Board) -> Choices:
    """One pawn's model (its states: squares; ``n`` stands for the goal)."""
    from chutes_tui.analysis.choices import choices

    model = choices(board)
    if model.squares and max(model.squares) > board.goal_square:
        raise ValueError("the estimate plays boards whose goal is their last square")
    return model


@dataclass(frozen=True)
class Estimate:
    """What ``games`` games from one position came to: each seat's wins, each game's turns in
    all (the mean and its spread) and rounds, and the games cut at :data:`MAX_STEPS`."""

    games: int
    wins: tuple[int, ...]
    turns: float  # the mean turns in all
    turns_sd: float
    rounds: float  # the mean rounds (the winner's turns)
    cut: int
    policies: tuple[str, ...]  # each seat's

    def chance(self, seat: int) -> float:
        return self.wins[seat] / self.games

    def chance_se(self, seat: int) -> float:
        """The standard error of :meth:`chance`, ``√(p(1-p)/N)``."""
        p = self.chance(seat)
        return math.sqrt(p * (1 - p) / self.games)

    @property
    def turns_se(self) -> float:
        return self.turns_sd / math.sqrt(self.games)


def estimate(
    board: Board,
    positions: tuple[Standing, ...],
    to_move: int,
    policies: tuple[SeatPolicy, ...],
    games: int,
    seed: int,
    progress: Callable[[int, int], bool] | None = None,
) -> Estimate:
    """``games`` games from ``positions`` (each player's squares) with ``to_move`` to move, each
    seat playing its policy (see the module docstring); :class:`StopEstimate` when ``progress``
    (told the games played and asked for) says stop."""
    model = one_pawn(board)
    rng = np.random.default_rng(seed)
    wins = np.zeros(len(positions), dtype=np.int64)
    turns: list[np.ndarray] = []
    rounds: list[np.ndarray] = []
    cut = 0
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        won, length, cuts = _chunk(model, board, positions, to_move, policies, count, rng)
        wins += np.bincount(won[won >= 0], minlength=len(positions))
        turns.append(length[won >= 0])
        rounds.append(length[won >= 0] // len(positions) + 1)
        cut += cuts
        if progress is not None and progress(first + count, games):
            raise StopEstimate
    every = np.concatenate(turns) + 1
    return Estimate(
        games,
        tuple(int(w) for w in wins),
        float(every.mean()) if every.size else math.nan,
        float(every.std(ddof=1)) if every.size > 1 else 0.0,
        float(np.concatenate(rounds).mean()) if every.size else math.nan,
        cut,
        tuple(policy.words for policy in policies),
    )


def _chunk(
    model: Choices,
    board: Board,
    positions: tuple[Standing, ...],
    to_move: int,
    policies: tuple[SeatPolicy, ...],
    games: int,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Each game's winner (-1: cut) and the step it was won on (its turns in all, less one)."""
    goal, seats, options = model.n, len(positions), len(option_words(board.after_roll))
    index = {square: state for state, square in enumerate(model.squares)}
    index[board.goal_square] = goal
    start = index[board.start]
    at = np.array([sorted(index[s] for s in squares_of(p)) for p in positions])  # (P, K)
    pawns = np.repeat(at[None], games, axis=0)  # (G, P, K)
    square_of = np.append(np.array(model.squares, dtype=np.int64), board.goal_square)
    winner = np.full(games, -1)
    ended = np.zeros(games, dtype=np.int64)
    playing = np.arange(games)
    cumulative = np.cumsum(model.chances, axis=-1)
    for step in range(MAX_STEPS):
        if not playing.size:
            break
        seat = (to_move + step) % seats
        mine = pawns[playing, seat]  # (g, K), sorted
        die = policies[seat].die(mine)
        column = np.minimum(
            (rng.random(len(playing))[:, None] >= cumulative[die]).sum(axis=-1), cumulative.shape[1] - 1
        )
        j = policies[seat].choice(mine, die, column)
        pawn, option = j // options, j % options
        rows = np.arange(len(playing))
        pawn = np.where(mine[rows, pawn] == goal, 0, pawn)  # a finished pawn: the rearmost stands in
        coin = rng.integers(0, 2, len(playing))
        moved_from = mine[rows, pawn]
        mine[rows, pawn] = model.targets[moved_from, die, column, option, coin]
        if board.bump:
            rest = model.rests[moved_from, die, column, option, coin]  # a square
            others = pawns[playing]  # (g, P, K)
            hit = (square_of[others] == rest[:, None, None]) & (rest != board.start)[:, None, None]
            hit &= (rest != board.goal_square)[:, None, None]
            hit[:, seat] = False  # one's own pawns share a square
            others[hit] = start
            others.sort(axis=-1)
            pawns[playing] = others
        pawns[playing, seat] = np.sort(mine, axis=-1)
        won = (pawns[playing, seat] == goal).all(axis=-1)
        winner[playing[won]] = seat
        ended[playing[won]] = step
        playing = playing[~won]
    return winner, ended, int(playing.size)
