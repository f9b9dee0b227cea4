"""Seed 004's "Another Game", analysed exactly and simulated with the same rule.

Two players, A and B, hold coins; the rest lie in a pot. They roll a die in turn, A first:

* 1 -- nothing happens;
* 2 -- take the whole pot;
* 3 -- take half the pot, rounded down (a pot of 1 gives nothing);
* 4, 5, 6 -- put one coin in the pot; a player with no coin to put in loses.

A *cycle* is A's turn then B's; a game that ends on A's turn still counts that cycle.

The course project behind the seed reports 17.27 expected cycles from A4B4 by first-step
analysis but about 17.55 in every simulation. The chain below, built from the rules one turn at
a time, gives the simulations' value: its cycle-level equations tell where the 17.27 came from
(see :func:`explain_discrepancy`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

DIE = 6


def turn(coins: ArrayLike, pot: ArrayLike, roll: ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One turn of the player holding ``coins``: their new coins, the new pot, and whether
    they lost. Element-wise on arrays (the chain and the simulation share it)."""
    coins, pot, roll = np.asarray(coins), np.asarray(pot), np.asarray(roll)
    take = np.where(roll == 2, pot, np.where(roll == 3, pot // 2, 0))
    pay = roll >= 4
    lost = pay & (coins == 0)
    new_coins = coins + take - (pay & ~lost)
    new_pot = pot - take + (pay & ~lost)
    return new_coins, new_pot, lost


@dataclass(frozen=True)
class AnotherGame:
    """The chain over states ``(a, b)`` at the start of a cycle (A to move); ``total`` coins."""

    total: int = 10

    @cached_property
    def states(self) -> list[tuple[int, int]]:
        return [(a, b) for a in range(self.total + 1) for b in range(self.total + 1 - a)]

    @cached_property
    def index(self) -> dict[tuple[int, int], int]:
        return {state: i for i, state in enumerate(self.states)}

    def cycle_outcomes(self, a: int, b: int) -> Iterator[tuple[float, tuple[int, int], str | None]]:
        """Every way one cycle from ``(a, b)`` can go: ``(probability, state, loser)`` with
        ``loser`` ``"A"`` or ``"B"`` (then ``state`` is the final one, the loser at 0 coins)."""
        pot = self.total - a - b
        for roll_a in range(1, DIE + 1):
            a2, pot2, lost_a = turn(a, pot, roll_a)
            if lost_a:
                yield 1 / DIE, (a, b), "A"
                continue
            for roll_b in range(1, DIE + 1):
                b3, _, lost_b = turn(b, int(pot2), roll_b)
                if lost_b:
                    yield 1 / DIE**2, (int(a2), b), "B"
                else:
                    yield 1 / DIE**2, (int(a2), int(b3)), None

    @cached_property
    def transitions(self) -> tuple[np.ndarray, np.ndarray]:
        """Per cycle: ``Q[i, j]`` between states and ``ends[i]``, the chance the game ends."""
        n = len(self.states)
        q = np.zeros((n, n))
        ends = np.zeros(n)
        for i, (a, b) in enumerate(self.states):
            for probability, state, loser in self.cycle_outcomes(a, b):
                if loser is None:
                    q[i, self.index[state]] += probability
                else:
                    ends[i] += probability
        return q, ends

    @cached_property
    def a_turn_loss(self) -> np.ndarray:
        """Per state, the chance that A loses on the cycle's first turn (B then never rolls)."""
        return np.array(
            [
                sum((p for p, _, loser in self.cycle_outcomes(a, b) if loser == "A"), 0.0)
                for a, b in self.states
            ]
        )

    @cached_property
    def expected_cycles(self) -> dict[str, float]:
        """Expected cycles from every starting state, keyed like ``"A4B4"``."""
        q, _ = self.transitions
        values = np.linalg.solve(np.eye(len(self.states)) - q, np.ones(len(self.states)))
        return {f"A{a}B{b}": float(v) for (a, b), v in zip(self.states, values, strict=True)}

    def cycle_distribution(self, start: tuple[int, int], tail: float = 1e-12) -> np.ndarray:
        """``pmf[c]``: probability that the game ends in cycle ``c``."""
        q, ends = self.transitions
        x = np.zeros(len(self.states))
        x[self.index[start]] = 1.0
        pmf = [0.0]
        while x.sum() > tail:
            pmf.append(float(x @ ends))
            x = x @ q
        return np.array(pmf)

    def endings(self, start: tuple[int, int]) -> dict[str, float]:
        """Probability of each final state ``"A10B0"``… (the loser's 0 and the winner's coins)."""
        q, _ = self.transitions
        n = len(self.states)
        visits = np.linalg.solve((np.eye(n) - q).T, np.eye(n)[self.index[start]])
        out: dict[str, float] = {}
        for i, (a, b) in enumerate(self.states):
            for probability, (a_end, b_end), loser in self.cycle_outcomes(a, b):
                if loser is not None:
                    key = f"A{a_end}B{b_end}"
                    out[key] = out.get(key, 0.0) + visits[i] * probability
        return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def simulate_cycles(
    start: tuple[int, int],
    total: int,
    games: int,
    rng: np.random.Generator,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Cycles of ``games`` simulated games, rolled turn by turn with :func:`turn`;
    ``progress(finished)`` is told every 64 turns."""
    coins = np.zeros((games, 2), dtype=np.int64)
    coins[:, 0], coins[:, 1] = start
    pot = np.full(games, total - sum(start), dtype=np.int64)
    cycles = np.zeros(games, dtype=np.int64)
    alive = np.arange(games)
    played = 0
    while alive.size:
        mover = played % 2
        rolls = rng.integers(1, DIE + 1, alive.size)
        new_coins, new_pot, lost = turn(coins[alive, mover], pot[alive], rolls)
        coins[alive, mover], pot[alive] = new_coins, new_pot
        played += 1
        cycles[alive[lost]] = (played + 1) // 2
        alive = alive[~lost]
        if progress is not None and played % 64 == 0:
            progress(games - alive.size)
    return cycles


# The seed's first-step table (its figure 6) and its five simulations of 100,000 games.
SEED_FIRST_STEP = {
    "A5B5": 19.16147177,
    "A6B4": 18.44632443,
    "A4B6": 18.36562439,
    "A4B4": 17.26989372,
    "A3B4": 15.79957056,
    "A4B3": 15.60781402,
}
SEED_SIMULATIONS = (17.572, 17.523, 17.531, 17.495, 17.588, 17.547, 17.551, 17.556, 17.554, 17.533)


def explain_discrepancy(game: AnotherGame) -> str:
    """Which of the seed's two numbers the rules support, and what is known about the other."""
    value = game.expected_cycles["A4B4"]
    q, _ = game.transitions
    n = len(game.states)
    turns = np.linalg.solve(np.eye(n) - q, 2 - game.a_turn_loss)[game.index[(4, 4)]]
    runs = np.array(SEED_SIMULATIONS)
    error = float(runs.std(ddof=1))
    gaps = [game.expected_cycles[key] - seed for key, seed in SEED_FIRST_STEP.items()]
    return (
        f"The chain built from the rules, one turn at a time, gives {value:.4f} expected cycles from "
        f"A4B4. The seed's ten simulation runs average {runs.mean():.3f} (spread {error:.3f} between "
        f"runs): they agree with the chain, and sit {(runs.mean() - 17.27) / error:.0f} run-spreads "
        "above the first-step value 17.27, so that value is an error in the seed's equations, not "
        "sampling noise. It is not a counting convention: half the expected number of turns is "
        f"{turns / 2:.4f}, and the seed's table falls short of the rules by {min(gaps):.2f} to "
        f"{max(gaps):.2f} cycles depending on the state, not by a constant. The seed's figure 3 "
        "gives one generic rule for states where both players hold coins and says states with a "
        "player at 0 'have potentially different logic'; its equations for those states are not "
        "printed, so which term went wrong cannot be read off the paper."
    )


@dataclass(frozen=True, eq=False)
class AnotherGameReport:
    """Exact expectations from the chain beside a simulation from ``start`` (``A``'s and ``B``'s
    coins; the rest in the pot)."""

    game: AnotherGame
    start: tuple[int, int]
    pmf: np.ndarray
    endings: dict[str, float]
    games: int
    seed: int
    simulated: np.ndarray

    @property
    def key(self) -> str:
        return f"A{self.start[0]}B{self.start[1]}"

    @property
    def expected(self) -> float:
        return self.game.expected_cycles[self.key]

    @property
    def standard_error(self) -> float:
        return float(self.simulated.std(ddof=1) / np.sqrt(self.simulated.size))

    @property
    def sigmas(self) -> float:
        """The simulated mean's distance from the exact value, in standard errors."""
        return float((self.simulated.mean() - self.expected) / self.standard_error)

    @property
    def explanation(self) -> str:
        """The seed's discrepancy, explained (for the seed's own game: A4B4, 10 coins)."""
        return explain_discrepancy(self.game) if self.key == "A4B4" and self.game.total == 10 else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "start": self.key,
            "expected_cycles": self.game.expected_cycles,
            "cycle_pmf": [float(x) for x in self.pmf],
            "endings": self.endings,
            "simulation": {
                "games": self.games,
                "seed": self.seed,
                "mean_cycles": float(self.simulated.mean()),
                "standard_error": self.standard_error,
            },
        }


def another_game_report(
    start: tuple[int, int], pot: int, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> AnotherGameReport:
    game = AnotherGame(start[0] + start[1] + pot)
    simulated = simulate_cycles(start, game.total, games, np.random.default_rng(seed), progress)
    return AnotherGameReport(
        game, start, game.cycle_distribution(start), game.endings(start), games, seed, simulated
    )
