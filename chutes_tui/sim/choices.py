"""Games with decisions played by a policy, many at once (numpy, seeded): the Monte Carlo check
of the solvers (:mod:`chutes_tui.analysis.choices`, :mod:`chutes_tui.analysis.duel`).

Each turn draws the chosen die's face by its exact chance (a uniform draw against the
cumulative chances) and a fair coin for the option's two outcomes, and moves by the same
``targets`` the solvers read.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from chutes_tui.analysis.choices import Choices, Policy
from chutes_tui.analysis.duel import DuelPolicy, others_of

MAX_TURNS = 100_000  # a game still going after this many turns is cut (and counted so)


def _turn(
    model: Choices,
    rng: np.random.Generator,
    state: np.ndarray,
    die: np.ndarray,
    option_of: Callable[[np.ndarray], np.ndarray],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where one turn takes each game's mover (``option_of(face)``: the option after a face)."""
    cumulative = np.cumsum(model.chances[die], axis=-1)
    face = np.minimum(
        (rng.random(len(state))[:, None] >= cumulative).sum(axis=-1), model.chances.shape[1] - 1
    )
    coin = rng.integers(0, 2, len(state))
    return model.targets[state, die, face, option_of(face), coin], face, coin


def turns(model: Choices, policy: Policy, games: int, seed: int) -> np.ndarray:
    """Each of ``games`` one-player games' number of turns under ``policy`` from the start."""
    rng = np.random.default_rng(seed)
    state = np.full(games, model.start)
    count = np.zeros(games, dtype=np.int64)
    playing = np.arange(games)
    for _ in range(MAX_TURNS):
        if not len(playing):
            break
        here = state[playing]
        die = policy.die[here]
        moved, _, _ = _turn(model, rng, here, die, lambda face: policy.option[here, die, face])  # noqa: B023
        state[playing] = moved
        count[playing] += 1
        playing = playing[moved < model.n]
    return count


def first_wins(model: Choices, first: DuelPolicy, second: DuelPolicy, games: int, seed: int) -> int:
    """How many of ``games`` two-player games ``first``'s player wins, moving first."""
    rng = np.random.default_rng(seed)
    others = others_of(model)
    mover = np.full(games, model.start)
    other = np.full(games, model.start)
    first_to_move = np.ones(games, dtype=bool)
    wins = 0
    playing = np.arange(games)
    for _ in range(2 * MAX_TURNS):
        if not len(playing):
            break
        a, b, turn = mover[playing], other[playing], first_to_move[playing]
        die = np.where(turn, first.die[a, b], second.die[a, b])

        def option_of(face: np.ndarray) -> np.ndarray:
            return np.where(turn, first.option[a, b, die, face], second.option[a, b, die, face])  # noqa: B023

        moved, face, coin = _turn(model, rng, a, die, option_of)
        bumped = others[a, b, die, face, option_of(face), coin]
        won = moved == model.n
        wins += int((won & turn).sum())
        mover[playing], other[playing] = bumped, moved  # the other moves next
        first_to_move[playing] = ~turn
        playing = playing[~won]
    return wins
